//! The string literals of a Rust source, read without a parser, for the check that only the
//! binary names command-line options.

/// The string literals of a Rust source, comments and char literals left out, each with its
/// line: plain, byte and raw strings (`"…"`, `b"…"`, `r#"…"#`).
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => line += 1,
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    match (chars[i], chars.get(i + 1)) {
                        ('/', Some('*')) => (depth, i) = (depth + 1, i + 1),
                        ('*', Some('/')) => (depth, i) = (depth - 1, i + 1),
                        ('\n', _) => line += 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                continue;
            }
            // A char literal ('"', '\''); a lifetime ('a) is passed over.
            '\'' if next == Some('\\') => {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
            }
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 2,
            'r' | 'b' if i == 0 || !ident(chars[i - 1]) => {
                // r"…", r#"…"#, br"…", b"…"
                let mut j = i + 1;
                if c == 'b' && chars.get(j) == Some(&'r') {
                    j += 1;
                }
                let raw = c == 'r' || j == i + 2;
                let hashes = chars[j..].iter().take_while(|&&h| h == '#').count();
                if chars.get(j + hashes) == Some(&'"') && (raw || hashes == 0) {
                    let start = (line, j + hashes + 1);
                    let close: String = std::iter::once('"')
                        .chain("#".repeat(hashes).chars())
                        .collect();
                    let mut k = start.1;
                    let mut content = String::new();
                    while k < chars.len() {
                        if !raw && chars[k] == '\\' {
                            content.push(chars[k]);
                            content.extend(chars.get(k + 1));
                            k += 2;
                            continue;
                        }
                        if chars[k..]
                            .iter()
                            .take(close.len())
                            .copied()
                            .eq(close.chars())
                        {
                            break;
                        }
                        line += (chars[k] == '\n') as usize;
                        content.push(chars[k]);
                        k += 1;
                    }
                    found.push((start.0, content));
                    i = k + close.len();
                    continue;
                }
            }
            '"' => {
                let start = line;
                let mut content = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        content.push(chars[i]);
                        i += 1;
                    }
                    line += (chars.get(i) == Some(&'\n')) as usize;
                    content.extend(chars.get(i));
                    i += 1;
                }
                found.push((start, content));
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Where a source names a command-line option (`--` and a lowercase letter) in a string.
pub(super) fn option_texts(rel: &str, text: &str) -> Vec<String> {
    string_literals(text)
        .into_iter()
        .filter(|(_, s)| {
            s.match_indices("--")
                .any(|(i, _)| s[i + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .map(|(line, s)| format!("{rel}:{line}: {s:?}"))
        .collect()
}
