//! The library's layers, read from its source: each top-level module uses only the ones
//! before it in [`LAYERS`] (as `crate::…` paths in code, comments and doc links aside), and
//! inside a folder the modules' uses of one another form no circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules, each allowed to use only those before it.
const LAYERS: [&str; 10] = [
    "go",
    "problem",
    "analysis",
    "solve",
    "readings",
    "whole_board",
    "report",
    "study",
    "bench",
    "gtp",
];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, with its path relative to `src/`.
fn rust_files(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src()).unwrap().display().to_string();
            out.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// The code of a file, comments left out.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .filter(|l| !l.trim().is_empty())
}

/// The names `prefix` is followed by in `line`: `graph` in `crate::solve::graph::X` and
/// `graph`, `limits` in `crate::solve::{graph::X, limits}` (for the prefix `crate::solve::`).
fn names_after<'a>(line: &'a str, prefix: &str) -> Vec<&'a str> {
    let ident = |s: &'a str| {
        let s = s.trim_start();
        let end = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len());
        &s[..end]
    };
    let mut names = Vec::new();
    for (i, _) in line.match_indices(prefix) {
        let rest = &line[i + prefix.len()..];
        match rest.strip_prefix('{') {
            Some(list) => {
                let list = &list[..list.find('}').unwrap_or(list.len())];
                names.extend(list.split(',').map(ident));
            }
            None => names.push(ident(rest)),
        }
    }
    names.retain(|n| !n.is_empty() && n.starts_with(|c: char| c.is_ascii_lowercase()));
    names
}

#[test]
fn each_layer_uses_only_the_layers_before_it() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut wrong = Vec::new();
    for (rel, text) in &files {
        let top = rel.split(['/', '.']).next().unwrap();
        let Some(rank) = LAYERS.iter().position(|l| *l == top) else {
            continue; // lib.rs, main.rs, cli.rs: above every layer
        };
        for line in code_lines(text) {
            for used in names_after(line, "crate::") {
                match LAYERS.iter().position(|l| *l == used) {
                    Some(r) if r <= rank => {}
                    Some(_) => wrong.push(format!("{rel}: uses the later layer {used}")),
                    None => wrong.push(format!("{rel}: uses crate::{used} from the crate root")),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_modules_of_a_folder_use_one_another_without_a_circle() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    for layer in LAYERS {
        // module → the sibling modules it uses (a module is a file or a folder of `layer/`).
        let mut uses: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let prefix = format!("crate::{layer}::");
        for (rel, text) in &files {
            let Some(inner) = rel.strip_prefix(&format!("{layer}/")) else {
                continue;
            };
            let module = inner.split(['/', '.']).next().unwrap();
            if module == "mod" {
                continue;
            }
            let direct = !inner.contains('/');
            for line in code_lines(text) {
                let mut used = names_after(line, &prefix);
                if direct {
                    used.extend(names_after(line, "super::"));
                }
                let others = used.into_iter().filter(|u| *u != module);
                uses.entry(module).or_default().extend(others);
            }
        }
        // A circle is a module reaching itself.
        for &start in uses.keys() {
            let mut seen = BTreeSet::new();
            let mut stack: Vec<&str> = uses[start].iter().copied().collect();
            while let Some(m) = stack.pop() {
                assert_ne!(m, start, "{layer}/{start} reaches itself through its uses");
                if seen.insert(m) {
                    stack.extend(uses.get(m).into_iter().flatten().copied());
                }
            }
        }
    }
}
