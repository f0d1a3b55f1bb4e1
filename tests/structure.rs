//! The code's shape, read from its source: each top-level module of the library uses only the
//! ones before it in [`LAYERS`], and exactly the ones its module doc's "May use" line lists
//! (as `crate::…` paths in code, comments and doc links aside); inside every folder the
//! modules' uses of one another form no circle; no source file is over 700 lines and no
//! function over [`MOST_LINES`] unless [`LONG_FUNCTIONS`] names it and why; and the library
//! says alive or dead with its types, not with a bare `bool` (in an enum's variant, an
//! `Option<bool>` result or a struct's field, unless [`BOOL_FIELDS`] names it and why); only
//! the binary (`main.rs`, `src/cli/`) names command-line options.
//!
//! Each check runs on the crate and on a temporary tree with a violation planted in it, which
//! it must find: a check that cannot fail checks nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod strings;
use strings::option_texts;

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

/// Most lines of a function, from its `fn` line to its closing brace.
const MOST_LINES: usize = 100;

/// The functions allowed over [`MOST_LINES`]: the file, the function, and why it stays whole.
#[rustfmt::skip]
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[
    ("src/prove/dfpn.rs", "mid",
        "df-pn's recursive step: the children's numbers and the thresholds passed down, whose \
         invariants read in one place"),
    ("src/report/chart.rs", "svg", "the chart drawn top to bottom on one scale"),
    ("src/problem/sgf.rs", "read_tree", "one game tree's properties in the file's order"),
    ("src/analysis/eye_shapes/candidates.rs", "candidates",
        "one flood over the group's surroundings, whose areas and counts share its state"),
    ("src/study/piecewise.rs", "exact_sweep_graph",
        "the sweep's loop over intervals, whose pieces share the solved graph"),
];

/// The struct fields allowed to hold a `bool`: the file, the fields, and why a `bool` is the
/// right type there (a setting on or off, a fact counted or reported, a set, a search's memo).
#[rustfmt::skip]
const BOOL_FIELDS: &[(&str, &[&str], &str)] = &[
    ("src/report/chart.rs", &["log", "filled"], "drawing options, on or off"),
    ("src/analysis/potential.rs", &["delocalize"], "an option of the field, on or off"),
    ("src/solve/shortcuts.rs", &["statics", "interval"], "a shortcut on or off"),
    ("src/tests/shortcuts.rs", &["statics", "proofs", "interval"], "a shortcut on or off"),
    ("src/solve/answer.rs", &["no_result_used"], "a fact reported: the no-result value used"),
    ("src/solve/solver/mod.rs", &["no_result_used"], "a fact reported: as above"),
    ("src/solve/solver/local.rs", &["no_result_used"], "a fact reported: as above"),
    ("src/report/json.rs", &["no_result_used"], "a fact reported: as above"),
    ("src/study/enumerate.rs", &["no_result"], "a fact reported: as above"),
    ("src/report/svg/mod.rs", &["shown", "cut"], "a picture's geometry: points shown, sides cut"),
    ("src/problem/framing/geometry.rs", &["open"], "a diagram's geometry: its open sides"),
    ("src/report/page.rs", &["best", "retake"], "what a line's move is, for its drawing"),
    ("src/report/lines/mod.rs", &["retake"], "whether a line's move retakes, for its drawing"),
    ("src/prove/state.rs", &["after_pass"], "part of the game's state (the last move passed)"),
    ("src/prove/table.rs", &["on_line"], "the table's mark of a state on the current line"),
    ("src/prove/mod.rs", &["loopy", "halted"], "the search's bookkeeping of one question"),
    ("src/problem/sgf.rs", &["correct"], "the SGF's mark of a correct variation, as written"),
    ("src/problem/framing/mod.rs", &["answered"], "a fact of the book: it gives an answer"),
    ("src/problem/position.rs", &["dead"], "the stones a file marks dead, as written"),
    ("src/request/readings.rs", &["first_move_matters", "first_move_decides", "go_on", "passed_over"],
        "the facts a reading is ranked by, compared as a tuple"),
    ("src/whole_board/engine.rs", &["ended"], "a fact of the record: two passes ended it"),
    ("src/whole_board/mod.rs", &["at_end"], "an option of the analysis"),
    ("src/report/groups.rs", &["at_end"], "an option of the analysis, reported"),
    ("src/analysis/eye_shapes/mod.rs",
        &["captured_looking", "complete", "weak", "pass_alive", "escape", "exposed", "cut_off"],
        "sets of chains and stones, facts of a candidate; the status they lead to is `Status`"),
    ("src/analysis/eye_shapes/search.rs", &["complete"], "a fact of a candidate: it is closed"),
    ("src/analysis/eye_shapes/search.rs", &["memo", "whole"], "a search's memo of its answers"),
    ("src/statics/safe_regions.rs", &["verdicts"], "a test's memo of its local games' answers"),
    ("src/solve/degree.rs", &["decided"], "a fact of the work: the grades worked out"),
    ("src/solve/openings.rs", &["values_known"], "a fact of the work: proofs decided the values"),
    ("src/solve/graph.rs", &["openings_decided"], "a fact of the work: as above"),
    ("src/solve/expansion/settler.rs", &["openings_decided"], "a fact of the work: as above"),
    ("src/solve/grade.rs", &["stable", "attacker_stable", "defender_stable"],
        "the solver's bookkeeping: a fixpoint stopped changing"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `root/dir`, with its path relative to `root` and its text.
fn rust_files(root: &Path, dir: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&root.join(dir), &mut found);
    found.sort();
    found
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap().display().to_string();
            (rel, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The code of a file, comments left out.
fn code(text: &str) -> String {
    let lines = text.lines().map(|l| l.split("//").next().unwrap_or(""));
    lines.collect::<Vec<_>>().join("\n")
}

/// The module path of a file of `src/`: `["solve", "expansion", "builder"]` for
/// `src/solve/expansion/builder.rs`, `["solve", "expansion"]` for its folder's `mod.rs`.
fn module_of(rel: &str) -> Vec<String> {
    let inner = rel
        .strip_prefix("src/")
        .unwrap_or(rel)
        .trim_end_matches(".rs");
    let mut path: Vec<String> = inner.split('/').map(String::from).collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

/// The paths a piece of code names from `crate::`, `super::` or `self::`, each made absolute
/// (from the crate root), with a group `{a::X, b}` read as one path per item.
fn paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for anchor in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(anchor) {
            let before = at.checked_sub(1).map(|i| bytes[i] as char);
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || "_:$".contains(c)) {
                continue;
            }
            let mut base: Vec<String> = match anchor {
                "crate::" => Vec::new(),
                "self::" => module.to_vec(),
                _ => module[..module.len().saturating_sub(1)].to_vec(),
            };
            let mut rest = &code[at + anchor.len()..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let mut i = 0;
            tree(rest, &mut i, base, &mut out);
        }
    }
    out
}

/// Reads a path (or a group of them) from `s[*at..]`, each after `path`, into `out`.
fn tree(s: &str, at: &mut usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let rest = |at: usize| s.get(at..).unwrap_or("");
    let skip = |at: &mut usize| *at += rest(*at).len() - rest(*at).trim_start().len();
    loop {
        skip(at);
        if rest(*at).starts_with('{') {
            *at += 1;
            loop {
                skip(at);
                if rest(*at).is_empty() || rest(*at).starts_with('}') {
                    *at += 1;
                    return;
                }
                tree(s, at, path.clone(), out);
                skip(at);
                let more = rest(*at).starts_with(',');
                *at += 1;
                if !more {
                    return;
                }
            }
        }
        let here = rest(*at);
        let end = here
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(here.len());
        if end > 0 {
            path.push(here[..end].to_string());
            *at += end;
            if rest(*at).starts_with("::") {
                *at += 2;
                continue;
            }
        }
        out.push(path);
        // Past an `as name`, up to the item's end.
        let here = rest(*at);
        *at += here.find([',', '}', ';']).unwrap_or(here.len());
        return;
    }
}

/// Each layer's files' uses of the crate's modules: layer → (file, first name of each path).
fn layer_uses(root: &Path) -> BTreeMap<String, Vec<(String, String)>> {
    let mut uses: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (rel, text) in rust_files(root, "src") {
        let module = module_of(&rel);
        let Some(top) = module.first().filter(|t| LAYERS.contains(&t.as_str())) else {
            continue; // lib.rs and the checks of src/tests/; main.rs and cli/, the binary
        };
        let entry = uses.entry(top.clone()).or_default();
        for path in paths(&module, &code(&text)) {
            if let Some(first) = path.first().filter(|f| *f != top) {
                entry.push((rel.clone(), first.clone()));
            }
        }
    }
    uses
}

/// Where a layer uses a later one, or a name of the crate root that is no layer.
fn layer_violations(root: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    for (layer, uses) in layer_uses(root) {
        let rank = LAYERS.iter().position(|l| *l == layer).unwrap();
        for (rel, used) in uses {
            match LAYERS.iter().position(|l| *l == used) {
                Some(r) if r <= rank => {}
                Some(_) => wrong.push(format!("{rel}: uses the later layer {used}")),
                None if used.starts_with(|c: char| c.is_ascii_lowercase()) => {
                    wrong.push(format!("{rel}: uses crate::{used} from the crate root"))
                }
                None => {}
            }
        }
    }
    wrong
}

/// The layers a module doc's "May use" paragraph names (`None`: it has none).
fn may_use(doc_text: &str) -> Option<BTreeSet<String>> {
    let doc: Vec<&str> = doc_text
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(str::trim)
        .collect();
    let start = doc.iter().position(|l| l.contains("May use"))?;
    let paragraph = doc[start..].iter().take_while(|l| !l.is_empty());
    let text: String = paragraph.copied().collect::<Vec<_>>().join(" ");
    let text = &text[text.find("May use").unwrap()..];
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        names.insert(rest[..end].to_string());
    }
    Some(names)
}

/// Where a layer's "May use" line differs from the layers its code uses.
fn may_use_violations(root: &Path) -> Vec<String> {
    let uses = layer_uses(root);
    let mut wrong = Vec::new();
    for layer in LAYERS {
        let doc_file = format!("src/{layer}/mod.rs");
        let Ok(text) = std::fs::read_to_string(root.join(&doc_file)) else {
            continue;
        };
        let Some(listed) = may_use(&text) else {
            wrong.push(format!("{doc_file}: no \"May use\" line"));
            continue;
        };
        let used: BTreeSet<String> = uses
            .get(layer)
            .into_iter()
            .flatten()
            .map(|(_, u)| u.clone())
            .filter(|u| LAYERS.contains(&u.as_str()))
            .collect();
        for u in used.difference(&listed) {
            wrong.push(format!(
                "{doc_file}: uses crate::{u}, not in its \"May use\" line"
            ));
        }
        for l in listed.difference(&used) {
            wrong.push(format!(
                "{doc_file}: lists crate::{l}, which it does not use"
            ));
        }
    }
    wrong
}

/// The circles among the modules of each folder of `src/` (a module: a file or a folder in
/// it, the folder's `mod.rs` aside), each as `folder: a → b → a`.
fn circles(root: &Path) -> Vec<String> {
    let files = rust_files(root, "src");
    // folder → module → the sibling modules it uses.
    let mut graph: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (rel, _) in &files {
        let path = module_of(rel);
        for depth in 1..path.len() {
            let folder = graph.entry(path[..depth].to_vec()).or_default();
            folder.entry(path[depth].clone()).or_default();
        }
    }
    for (rel, text) in &files {
        let module = module_of(rel);
        for path in paths(&module, &code(text)) {
            for depth in 1..module.len() {
                let (folder, own) = (&module[..depth], &module[depth]);
                let Some(siblings) = graph.get_mut(folder) else {
                    continue;
                };
                let sibling = path.len() > depth && path[..depth] == *folder;
                if sibling && path[depth] != *own && siblings.contains_key(&path[depth]) {
                    let used = path[depth].clone();
                    siblings.get_mut(own).unwrap().insert(used);
                }
            }
        }
    }
    let mut found = Vec::new();
    for (folder, uses) in &graph {
        for start in uses.keys() {
            // A path from `start` back to it, depth first.
            let mut stack = vec![vec![start.clone()]];
            let mut seen = BTreeSet::new();
            while let Some(line) = stack.pop() {
                let last = line.last().unwrap();
                for next in &uses[last] {
                    if next == start {
                        let names = [line.clone(), vec![start.clone()]].concat();
                        found.push(format!("src/{}: {}", folder.join("/"), names.join(" → ")));
                    } else if seen.insert(next.clone()) {
                        stack.push([line.clone(), vec![next.clone()]].concat());
                    }
                }
            }
        }
    }
    found
}

/// The files of the crate (library and binary, tests, examples) over 700 lines.
fn long_files(root: &Path) -> Vec<String> {
    ["src", "tests", "examples"]
        .iter()
        .flat_map(|dir| rust_files(root, dir))
        .filter(|(_, text)| text.lines().count() > 700)
        .map(|(rel, text)| format!("{rel}: {} lines", text.lines().count()))
        .collect()
}

/// The name of the function a line declares, however it is declared (`pub(in …)`,
/// `pub(crate)`, `const`, `async`, `unsafe`, `extern "C"`, in an impl or a trait).
fn declares(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    loop {
        if let Some(r) = rest.strip_prefix("pub(") {
            rest = r[r.find(')')? + 1..].trim_start();
        } else if let Some(r) = rest.strip_prefix("extern \"") {
            rest = r[r.find('"')? + 1..].trim_start();
        } else if let Some(r) = ["pub ", "const ", "async ", "unsafe ", "default "]
            .iter()
            .find_map(|q| rest.strip_prefix(q))
        {
            rest = r.trim_start();
        } else {
            break;
        }
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    (end > 0).then(|| &name[..end])
}

/// The functions of a file longer than `most` lines, from the `fn` line to the brace that
/// closes it at the same indentation (rustfmt's layout): line, name, length.
fn long_functions(text: &str, most: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = declares(line) else {
            continue;
        };
        // The signature's end: a body opens, or a declaration without one ends.
        let ends = |l: &&str| {
            let c = l.split("//").next().unwrap_or("").trim_end();
            c.ends_with('{') || c.ends_with(';') || c.ends_with('}')
        };
        let Some(sig) = lines[i..].iter().position(ends) else {
            continue;
        };
        let last = lines[i + sig].split("//").next().unwrap_or("").trim_end();
        if last.ends_with(';') || last.ends_with('}') {
            continue; // no body, or a body on one line
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let end = lines[i..]
            .iter()
            .position(|l| l.strip_prefix(indent).is_some_and(|r| r.starts_with('}')));
        if let Some(n) = end.filter(|&n| n + 1 > most) {
            out.push((i + 1, name.to_string(), n + 1));
        }
    }
    out
}

/// The functions of the crate over [`MOST_LINES`] that [`LONG_FUNCTIONS`] does not name.
fn long_function_violations(root: &Path) -> Vec<String> {
    let mut long = Vec::new();
    for (rel, text) in ["src", "tests", "examples"]
        .iter()
        .flat_map(|dir| rust_files(root, dir))
    {
        for (line, name, n) in long_functions(&text, MOST_LINES) {
            if !LONG_FUNCTIONS
                .iter()
                .any(|(f, x, _)| *f == rel && *x == name)
            {
                long.push(format!("{rel}:{line}: {name}, {n} lines"));
            }
        }
    }
    long
}

/// Where the library's code holds a bare `bool`: a function returning `Option<bool>`, an enum
/// variant holding a `bool` alone, a struct's field whose type holds one (`bool`,
/// `Vec<bool>`, `[bool; 4]` …): each field with its name, for [`BOOL_FIELDS`].
fn bools(rel: &str, text: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    // The kind and indentation of the enum or struct being read, while one is.
    let mut inside: Option<(&str, &str)> = None;
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let body = code.trim_start();
        let indent = &code[..code.len() - body.len()];
        let at = format!("{rel}:{}", n + 1);
        if code.contains("-> Option<bool>") {
            found.push((format!("{at}: returns Option<bool>"), None));
        }
        let words: Vec<&str> = body.split_whitespace().take(3).collect();
        let kind = ["enum", "struct"].into_iter().find(|k| words.contains(k));
        match inside {
            None => {
                if let Some(kind) = kind.filter(|_| body.ends_with('{')) {
                    inside = Some((kind, indent));
                }
            }
            Some((_, at_indent)) if indent == at_indent && body.starts_with('}') => inside = None,
            Some(("enum", _)) if body.ends_with("(bool),") || body.ends_with("(bool)") => {
                found.push((format!("{at}: a variant holding a bare bool"), None));
            }
            Some(("struct", _)) => {
                let Some((name, ty)) = body.split_once(':') else {
                    continue;
                };
                let name = name.rsplit(' ').next().unwrap_or(name).trim();
                let holds = ty
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .any(|w| w == "bool");
                if holds && !name.contains('(') {
                    let what = format!("{at}: the field {name} holds a bool");
                    found.push((what, Some(name.to_string())));
                }
            }
            _ => {}
        }
    }
    found
}

/// The bare `bool`s of the library (the binary aside) that [`BOOL_FIELDS`] does not name.
fn bool_violations(root: &Path) -> Vec<String> {
    rust_files(root, "src")
        .iter()
        .filter(|(rel, _)| !rel.starts_with("src/cli/") && rel.as_str() != "src/main.rs")
        .flat_map(|(rel, text)| {
            bools(rel, text)
                .into_iter()
                .filter_map(move |(what, field)| {
                    let allowed = field.is_some_and(|f| {
                        BOOL_FIELDS
                            .iter()
                            .any(|(file, names, _)| file == rel && names.contains(&f.as_str()))
                    });
                    (!allowed).then_some(what)
                })
        })
        .collect()
}

/// A temporary crate tree holding `files` (path, text), for the planted violations.
fn planted(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn each_layer_uses_only_the_layers_before_it() {
    let wrong = layer_violations(&root());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let tree = planted(&[
        ("src/go/mod.rs", "use crate::solve::graph::GameGraph;\n"),
        ("src/problem/mod.rs", "use crate::{go::X, gtp};\n"),
        (
            "src/prove/mod.rs",
            "use crate::go::{\n    graph::X,\n    rules,\n};\n",
        ),
    ]);
    let found = layer_violations(tree.path());
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn each_module_doc_lists_the_layers_its_code_uses() {
    let wrong = may_use_violations(&root());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let tree = planted(&[
        // Uses problem, lists go: two differences.
        (
            "src/prove/mod.rs",
            "//! Doc.\n//!\n//! May use [`crate::go`].\n\nuse crate::problem::Life;\n",
        ),
        ("src/analysis/mod.rs", "//! Doc without the line.\n"),
        (
            "src/statics/mod.rs",
            "//! May use [`crate::go`] and\n//! [`crate::problem`].\nuse crate::go::X;\n\
             mod a;\n",
        ),
        ("src/statics/a.rs", "use crate::problem::Y;\n"),
    ]);
    let found = may_use_violations(tree.path());
    assert_eq!(found.len(), 3, "{found:?}");
}

#[test]
fn the_modules_of_every_folder_use_one_another_without_a_circle() {
    let found = circles(&root());
    assert!(found.is_empty(), "{}", found.join("\n"));
    let tree = planted(&[
        ("src/solve/mod.rs", "mod a;\nmod b;\nmod deep;\n"),
        ("src/solve/a.rs", "use super::b::X;\n"),
        ("src/solve/b.rs", "use crate::solve::{a::Y, deep};\n"),
        ("src/solve/deep/mod.rs", "mod c;\nmod d;\n"),
        ("src/solve/deep/c.rs", "use super::d::Z;\n"),
        ("src/solve/deep/d.rs", "fn f() { super::c::g() }\n"),
    ]);
    let found = circles(tree.path());
    assert_eq!(found.len(), 4, "{found:?}"); // a and b, c and d, each from both ends
}

#[test]
fn no_file_is_over_700_lines() {
    let long = long_files(&root());
    assert!(long.is_empty(), "{}", long.join("\n"));
    let tree = planted(&[("tests/long.rs", &"// a line\n".repeat(701))]);
    assert_eq!(long_files(tree.path()).len(), 1);
}

#[test]
fn no_function_is_over_100_lines_unless_named() {
    let long = long_function_violations(&root());
    assert!(long.is_empty(), "{}", long.join("\n"));
    // Each allowed function is still there and still long.
    for (file, name, _) in LONG_FUNCTIONS {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let here = long_functions(&text, MOST_LINES);
        assert!(
            here.iter().any(|(_, n, _)| n == name),
            "{file}: {name} is short now"
        );
    }
    let body = "    let x = 1;\n".repeat(MOST_LINES);
    let declared = [
        "pub(in crate::solve) fn a() {",
        "impl X {\n    pub(crate) const fn b() {",
        "trait T {\n    async fn c(&self) {",
        "pub unsafe extern \"C\" fn d() {",
    ];
    let text: String = declared
        .iter()
        .map(|head| {
            let indent = if head.contains('\n') { "    " } else { "" };
            let close = if head.contains('\n') {
                "    }\n}\n"
            } else {
                "}\n"
            };
            format!("{head}\n{indent}{body}{close}")
        })
        .collect();
    let tree = planted(&[("src/go/long.rs", &text)]);
    let found = long_function_violations(tree.path());
    assert_eq!(found.len(), 4, "{found:?}");
}

#[test]
fn the_library_says_alive_or_dead_with_its_types() {
    let found = bool_violations(&root());
    assert!(found.is_empty(), "{}", found.join("\n"));
    let tree = planted(&[(
        "src/go/x.rs",
        "enum Verdict {\n    Value(bool),\n}\nfn f() -> Option<bool> {\n}\n\
         pub struct Group {\n    pub alive: bool,\n    looks_dead: Vec<bool>,\n    n: u32,\n}\n",
    )]);
    let found = bool_violations(tree.path());
    assert_eq!(found.len(), 4, "{found:?}");
}

/// The option texts of the library under `root/src`: every file but the binary's
/// (`src/main.rs`, `src/cli/`).
fn library_option_texts(root: &Path) -> Vec<String> {
    rust_files(root, "src")
        .iter()
        .filter(|(rel, _)| rel != "src/main.rs" && !rel.starts_with("src/cli/"))
        .flat_map(|(rel, text)| option_texts(rel, text))
        .collect()
}

#[test]
fn only_the_binary_names_command_line_options() {
    // The library says what is wrong in its own words; `src/cli/` words it as the command
    // line does (`--time-limit`, `--target`).
    let found = library_option_texts(&root());
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The check sees what it looks for: an option in a string of the library, and not in a
    // comment, a char literal, a raw string of the binary or a lifetime.
    let tree = planted(&[
        (
            "src/report/advice.rs",
            "// raise --time-limit\n/// --target\nfn f<'a>(x: &'a str) -> char {\n    let _ = \
         \"a---b\";\n    '\"'\n}\nfn g() -> &'static str {\n    \"raise --time-limit\"\n}\n\
         const H: &str = r#\"give \"--target\"\"#;\n",
        ),
        ("src/cli/messages.rs", "const T: &str = \"--target\";\n"),
        ("src/main.rs", "const T: &str = \"--move\";\n"),
    ]);
    let planted = library_option_texts(tree.path());
    assert_eq!(planted.len(), 2, "{planted:?}");
    assert!(
        planted[0].starts_with("src/report/advice.rs:8:"),
        "{planted:?}"
    );
    assert!(
        planted[1].starts_with("src/report/advice.rs:10:"),
        "{planted:?}"
    );
}
