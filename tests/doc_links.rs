//! The documentation's relative links: every markdown link or image (`[text](path)`,
//! `[text](path#anchor)`, `![alt](path)`) in README.md, ARCHITECTURE.md, problems/README.md and
//! docs/**/*.md that is not a URL (`https:`, `mailto:`, ...) names a file or folder that exists,
//! relative to the file it is in (or to the crate's folder when it starts with `/`). The anchor
//! is not checked; links in code (fenced blocks and `code spans`) are not links. And the items
//! ARCHITECTURE.md names in code spans exist in the code: types, their functions, modules, and
//! the tests it cites.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files checked: the two READMEs and every `.md` under docs/, sorted.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    let mut files = vec![
        root().join("README.md"),
        root().join("ARCHITECTURE.md"),
        root().join("problems/README.md"),
    ];
    let docs = root().join("docs");
    if docs.is_dir() {
        walk(&docs, &mut files);
    }
    files.sort();
    files
}

/// `line` without its code spans (a run of backticks to the next run as long).
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + ticks..];
        // The closing run: exactly as many backticks.
        let mut close = None;
        let mut i = 0;
        while let Some(j) = after[i..].find('`') {
            let at = i + j;
            let run = after[at..].len() - after[at..].trim_start_matches('`').len();
            if run == ticks {
                close = Some(at);
                break;
            }
            i = at + run;
        }
        match close {
            Some(at) => rest = &after[at + ticks..],
            None => {
                // No closing run: the backticks are text.
                out.push_str(&rest[start..start + ticks]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The destinations of the inline links and images on `line` (code already taken out).
fn destinations(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let (destination, used) = if let Some(inner) = after.strip_prefix('<') {
            match inner.find('>') {
                Some(end) => (inner[..end].to_string(), end + 2),
                None => (String::new(), 0),
            }
        } else {
            // Up to white space (a title may follow) or the `)` that closes the link,
            // parentheses inside it balanced.
            let mut depth = 0;
            let mut end = after.len();
            for (i, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    c if c.is_whitespace() => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
            }
            (after[..end].to_string(), end)
        };
        if !destination.is_empty() {
            found.push(destination);
        }
        rest = &after[used..];
    }
    found
}

/// Whether `destination` is a URL: a scheme (`https:`, `mailto:`, ...) before any `/`.
fn is_url(destination: &str) -> bool {
    match destination.split_once(':') {
        Some((scheme, _)) => {
            let mut chars = scheme.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        None => false,
    }
}

/// `%XX` escapes decoded (`%20` for a space).
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every relative link of `file` as (line number, destination, the path it names).
fn relative_links(file: &Path) -> Vec<(usize, String, PathBuf)> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let dir = file.parent().unwrap();
    let mut links = Vec::new();
    let mut fence: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        let is_fence =
            marker.len() >= 3 && marker.chars().all(|c| c == marker.as_bytes()[0] as char);
        match &fence {
            Some(open) => {
                if is_fence
                    && marker.starts_with(open.as_str())
                    && trimmed[marker.len()..].trim().is_empty()
                {
                    fence = None;
                }
                continue;
            }
            None if is_fence => {
                fence = Some(marker);
                continue;
            }
            None => {}
        }
        for destination in destinations(&without_code(line)) {
            if is_url(&destination) {
                continue;
            }
            let path = destination.split(['#', '?']).next().unwrap_or_default();
            if path.is_empty() {
                // An anchor in the same file.
                continue;
            }
            let path = percent_decoded(path);
            let target = match path.strip_prefix('/') {
                Some(from_root) => root().join(from_root),
                None => dir.join(&path),
            };
            links.push((n + 1, destination, target));
        }
    }
    links
}

#[test]
fn relative_links_in_the_docs_name_existing_files() {
    let files = markdown_files();
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in &files {
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for (line, destination, target) in relative_links(file) {
            checked += 1;
            if !target.exists() {
                broken.push(format!("{name}:{line}: {destination}"));
            }
        }
    }
    println!(
        "{checked} relative links checked in {} markdown files",
        files.len()
    );
    assert!(
        broken.is_empty(),
        "links to no file or folder:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_link_reader_finds_links_and_skips_code_and_urls() {
    assert_eq!(
        destinations(&without_code(
            "see [a](docs/A.md#part), ![b](<my pic.svg>), [c](x.md \"title\") and `[d](no.md)`"
        )),
        ["docs/A.md#part", "my pic.svg", "x.md"]
    );
    assert_eq!(destinations("[f(x)](f(x).md)"), ["f(x).md"]);
    assert_eq!(
        destinations(&without_code("``[a](`b`)`` [e](e.md)")),
        ["e.md"]
    );
    assert!(is_url("https://example.org/a.md"));
    assert!(is_url("mailto:someone@example.org"));
    assert!(!is_url("docs/a:b.md"));
    assert!(!is_url("#anchor"));
    assert_eq!(percent_decoded("my%20pic.svg"), "my pic.svg");
    assert_eq!(percent_decoded("100%"), "100%");
    // A file's links resolved beside it, code blocks and anchors skipped.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.md");
    let text = "[b](b.md#x) [self](#top)\n```\n[in](code.md)\n```\n[c](sub/c.md)\n";
    std::fs::write(&file, text).unwrap();
    let links: Vec<(usize, String, PathBuf)> = relative_links(&file);
    assert_eq!(
        links,
        [
            (1, "b.md#x".to_string(), dir.path().join("b.md")),
            (5, "sub/c.md".to_string(), dir.path().join("sub/c.md")),
        ]
    );
}

/// The text of every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The code spans of a markdown text (single backticks), fenced blocks left out.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let parts: Vec<&str> = line.split('`').collect();
        spans.extend(parts.iter().skip(1).step_by(2).map(|s| s.to_string()));
    }
    spans
}

/// Why a code span of ARCHITECTURE.md names nothing in the code, if it does not: a type
/// (`SolveRequest`) must be defined, a function of one (`Solved::new`) too, a module path
/// (`solve::expansion`) must be a file or folder of src/, and a test (`name()`) a function.
fn unresolved(span: &str, code: &str) -> Option<String> {
    let is_ident =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let defines_type = |t: &str| {
        ["struct", "enum", "trait", "type"]
            .iter()
            .any(|k| code.contains(&format!("{k} {t} ")) || code.contains(&format!("{k} {t}<")))
    };
    let defines_fn =
        |f: &str| code.contains(&format!("fn {f}(")) || code.contains(&format!("fn {f}<"));
    if let Some(name) = span.strip_suffix("()") {
        return (is_ident(name) && !defines_fn(name)).then(|| format!("no function {name}"));
    }
    let parts: Vec<&str> = span.split("::").collect();
    if !parts.iter().all(|p| is_ident(p)) {
        return None;
    }
    let upper = |p: &str| p.starts_with(|c: char| c.is_ascii_uppercase());
    match parts[..] {
        [t] if upper(t) => (!defines_type(t)).then(|| format!("no type {t}")),
        [t, f] if upper(t) => (!defines_type(t) || !defines_fn(f)).then(|| format!("no {t}::{f}")),
        _ if parts.len() >= 2 && !parts.iter().any(|p| upper(p)) => {
            let path = root().join("src").join(parts.join("/"));
            let found = path.is_dir() || path.with_extension("rs").is_file();
            (!found).then(|| format!("no module {span}"))
        }
        _ => None,
    }
}

#[test]
fn the_items_the_architecture_names_exist() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut code = String::new();
    for dir in ["src", "tests"] {
        sources(&root().join(dir), &mut code);
    }
    let spans = code_spans(&text);
    let missing: Vec<String> = spans.iter().filter_map(|s| unresolved(s, &code)).collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // The check sees what it looks for.
    assert!(
        spans.iter().filter(|s| s.ends_with("()")).count() >= 10,
        "{spans:?}"
    );
    assert!(unresolved("NoSuchType", &code).is_some());
    assert!(unresolved("SolveRequest::no_such_fn", &code).is_some());
    assert!(unresolved("solve::no_such_module", &code).is_some());
    assert!(unresolved("no_such_test()", &code).is_some());
}
