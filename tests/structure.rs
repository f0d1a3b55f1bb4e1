//! The code's shape, read from its source: each top-level module of the library uses only the
//! ones before it in [`LAYERS`] (as `crate::…` paths in code, comments and doc links aside),
//! inside a folder the modules' uses of one another form no circle; no source file is over
//! 700 lines and no function over 120; and the library says alive or dead with its types, not
//! with a bare `bool` in an enum or an `Option<bool>` result.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules, each allowed to use only those before it.
const LAYERS: [&str; 11] = [
    "go",
    "problem",
    "prove",
    "statics",
    "analysis",
    "solve",
    "request",
    "whole_board",
    "report",
    "study",
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
            continue; // lib.rs and the checks of src/tests/; main.rs and cli/, the binary
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

/// Every `.rs` file of the crate: the library and the binary, the tests, the examples.
fn every_rust_file() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples"] {
        let mut found = Vec::new();
        rust_files_under(&root.join(dir), &mut found);
        for path in found {
            let rel = path.strip_prefix(&root).unwrap().display().to_string();
            files.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
    files
}

fn rust_files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_file_is_over_700_lines() {
    let long: Vec<String> = every_rust_file()
        .into_iter()
        .filter(|(_, text)| text.lines().count() > 700)
        .map(|(rel, text)| format!("{rel}: {} lines", text.lines().count()))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The functions of a file longer than `most` lines, from the `fn` line to the brace that
/// closes it at the same indentation (rustfmt's layout).
fn long_functions(text: &str, most: usize) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let words: Vec<&str> = body.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        let qualifiers = [
            "pub",
            "pub(crate)",
            "pub(super)",
            "const",
            "async",
            "unsafe",
        ];
        if !words[..at].iter().all(|w| qualifiers.contains(w)) || body.ends_with(';') {
            continue;
        }
        let indent = &line[..line.len() - body.len()];
        let end = lines[i..]
            .iter()
            .position(|l| l.strip_prefix(indent).is_some_and(|r| r.starts_with('}')));
        if let Some(n) = end.filter(|&n| n + 1 > most) {
            out.push((i + 1, n + 1));
        }
    }
    out
}

#[test]
fn no_function_is_over_120_lines() {
    let mut long = Vec::new();
    for (rel, text) in every_rust_file() {
        for (line, n) in long_functions(&text, 120) {
            long.push(format!("{rel}:{line}: {n} lines"));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// Where the library's code says alive or dead with a bare `bool`: a function returning
/// `Option<bool>`, or an enum variant holding a `bool` alone.
fn bools(rel: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // The indentation of the enum being read, while one is.
    let mut enum_at: Option<&str> = None;
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let body = code.trim_start();
        let indent = &code[..code.len() - body.len()];
        if code.contains("-> Option<bool>") {
            found.push(format!("{rel}:{}: returns Option<bool>", n + 1));
        }
        match enum_at {
            None if body.split_whitespace().take(3).any(|w| w == "enum") && body.ends_with('{') => {
                enum_at = Some(indent);
            }
            Some(at) if indent == at && body.starts_with('}') => enum_at = None,
            Some(_) if body.ends_with("(bool),") || body.ends_with("(bool)") => {
                found.push(format!("{rel}:{}: a variant holding a bare bool", n + 1));
            }
            _ => {}
        }
    }
    found
}

#[test]
fn the_library_says_alive_or_dead_with_its_types() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let found: Vec<String> = files
        .iter()
        .filter(|(rel, _)| !rel.starts_with("cli/") && rel.as_str() != "main.rs")
        .flat_map(|(rel, text)| bools(rel, text))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The check sees what it looks for.
    let planted = "enum Verdict {\n    Value(bool),\n}\nfn f() -> Option<bool> {\n}\n";
    assert_eq!(bools("x.rs", planted).len(), 2);
}
