//! The `--html` page in a real browser: headless Chromium (Debian's package `chromium`, which
//! `.ci/run` installs) loads the page from disk, the test clicks every move of the optimal
//! lines and presses the arrow keys, and after each step reads the board and the value the
//! page shows, checking them against the tree the library built (the rules' own positions, ko
//! retakes and captures included).
//!
//! Chromium is driven over its DevTools protocol on a pipe (`--remote-debugging-pipe`: JSON
//! messages ended by a NUL byte, commands on its file descriptor 3, answers on 4), a few
//! commands in all, so no crate is needed. Without Chromium the test says so and checks nothing,
//! so that `cargo test` passes on a fresh machine; `.ci/run` installs Chromium and sets
//! `LIFEDEG_REQUIRE_BROWSER=1`, under which a missing Chromium fails the test.

use crate::common::{command, Color, Shortcuts, SolveRequest};
use lifedeg::lines::{Lines, Node, TreeLimits};
use serde_json::{json, Value as Json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// How long one answer from the browser may take.
const WAIT: Duration = Duration::from_secs(30);

/// The browser's binary, or why the test cannot run.
fn chromium() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("chromium"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| Some(PathBuf::from("/usr/bin/chromium")).filter(|p| p.is_file()))
}

/// Chromium, or `None` with a message saying the test is skipped; a failure instead where
/// `LIFEDEG_REQUIRE_BROWSER=1` (as CI sets it).
fn chromium_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        let message = "the browser test needs Chromium: install Debian's package `chromium` \
                       (apt-get install chromium)";
        assert!(
            std::env::var("LIFEDEG_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "{message}"
        );
        eprintln!("skipped: {message}");
    }
    found
}

/// A headless Chromium on a DevTools pipe, attached to one page.
struct Browser {
    child: Child,
    commands: ChildStdin,
    answers: Receiver<Json>,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts the browser on `url` and waits until an element `ready` selects is on the page.
    fn open(binary: &Path, url: &str, ready: &str) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        // The shell hands the pipes to the file descriptors Chromium reads and writes.
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"exec 3<&0 4>&1 </dev/null >/dev/null; exec "$0" "$@""#)
            .arg(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                "--window-size=1200,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(url)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let commands = child.stdin.take().unwrap();
        let mut from = BufReader::new(child.stdout.take().unwrap());
        let (send, answers) = channel();
        std::thread::spawn(move || loop {
            let mut message = Vec::new();
            match from.read_until(0, &mut message) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    message.pop();
                    let parsed = serde_json::from_slice(&message).expect("DevTools sends JSON");
                    if send.send(parsed).is_err() {
                        break;
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            commands,
            answers,
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        // The page the browser opened: attach to it.
        let page = loop {
            let targets = b.call("Target.getTargets", json!({}));
            let page = targets["targetInfos"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["type"] == "page" && t["url"].as_str().unwrap_or("").ends_with(".html"))
                .map(|t| t["targetId"].clone());
            if let Some(p) = page {
                break p;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let attached = b.call(
            "Target.attachToTarget",
            json!({ "targetId": page, "flatten": true }),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        // Loaded once the element is there (the solve page's script has drawn its tree).
        let start = std::time::Instant::now();
        let count = format!("document.querySelectorAll({}).length", json!(ready));
        while b.eval(&count) == json!(0) {
            assert!(start.elapsed() < WAIT, "the page did not load");
            std::thread::sleep(Duration::from_millis(50));
        }
        b
    }

    /// Sends a command (to the page once attached) and returns its result.
    fn call(&mut self, method: &str, params: Json) -> Json {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands.write_all(&bytes).unwrap();
        self.commands.flush().unwrap();
        loop {
            let answer = self
                .answers
                .recv_timeout(WAIT)
                .unwrap_or_else(|e| panic!("no answer from chromium to {method}: {e}"));
            if answer["id"] == json!(id) {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Json {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        );
        assert!(r.get("exceptionDetails").is_none(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// Clicks the middle of the element `selector` names, as a mouse does.
    fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({}); if (!e) return null;
               e.scrollIntoView({{ block: 'center' }}); const r = e.getBoundingClientRect();
               return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            json!(selector)
        ));
        assert!(at.is_array(), "no element {selector}");
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Presses and releases a key (`ArrowLeft` …).
    fn key(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code }),
            );
        }
    }

    /// The stones the board shows: (point name, colour), sorted.
    fn stones(&mut self) -> Vec<(String, String)> {
        let shown = self.eval(
            "[...document.querySelectorAll('#board circle.stone')].map(c =>
               [c.dataset.point, c.classList.contains('black') ? 'black' : 'white'])",
        );
        let mut out: Vec<(String, String)> = shown
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s[0].as_str().unwrap().into(), s[1].as_str().unwrap().into()))
            .collect();
        out.sort();
        out
    }

    /// The value shown, and the notes under it.
    fn status(&mut self) -> (String, String) {
        let v = self.eval("document.getElementById('value').dataset.value");
        let notes = self.eval("document.getElementById('notes').textContent");
        (
            v.as_str().unwrap().to_string(),
            notes.as_str().unwrap().to_string(),
        )
    }
}

impl Drop for Browser {
    /// Closes the browser (its helper processes with it), killing it if it does not go.
    fn drop(&mut self) {
        let _ = self
            .commands
            .write_all(b"{\"id\":0,\"method\":\"Browser.close\"}\0")
            .and_then(|()| self.commands.flush());
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A visit of the tree: each move with its path (`white.0.1`: White first's first move, then
/// that move's second reply), as the page names its buttons.
fn walk<'a>(node: &'a Node, path: String, out: &mut Vec<(String, &'a Node, Option<String>)>) {
    for (i, child) in node.next.moves().iter().enumerate() {
        let p = format!("{path}.{i}");
        out.push((p.clone(), child, Some(path.clone())));
        walk(child, p, out);
    }
}

/// Checks the page of `file` move by move; returns how many moves it checked, and how many
/// of them retook a ko and captured.
fn check_page(binary: &Path, file: &str) -> (usize, usize, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let request = SolveRequest::new().shortcuts(Shortcuts::all().without_interval());
    let kept = request.solve_file(&path).unwrap();
    let params = request.params();
    let lines = Lines::new(&kept.problem, &kept.solved, params, TreeLimits::default());
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let o = command()
        .args(["--quiet", file, "--html"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut b = Browser::open(binary, &format!("file://{}", page.display()), "button.move");
    let g = kept.problem.graph();
    // Every move, with its path and its parent's, each start's together.
    let mut visits = Vec::new();
    for start in &lines.starts {
        let side = start.side.name();
        let mut moves = Vec::new();
        for (i, n) in start.moves.iter().enumerate() {
            let p = format!("{side}.{i}");
            moves.push((p.clone(), n, Some(side.to_string())));
            walk(n, p, &mut moves);
        }
        visits.push((start, moves));
    }
    // The points the board must show: the fight's and every one played.
    let mut fight: Vec<usize> = kept.problem.region().iter().map(|p| p.index()).collect();
    fight.extend(kept.problem.target().iter().map(|p| p.index()));
    for (_, moves) in &visits {
        fight.extend(
            moves
                .iter()
                .filter_map(|(_, n, _)| n.play.map(|p| p.index())),
        );
    }
    let names: Vec<String> = g.points().map(|p| g.label(p)).collect();
    let drawn = |stones: &[Option<Color>], shown: &[(String, String)]| {
        for (name, colour) in shown {
            let i = names
                .iter()
                .position(|n| n == name)
                .expect("a point's name");
            assert_eq!(
                stones[i].map(Color::name),
                Some(colour.as_str()),
                "{file}: {name}"
            );
        }
        for &i in &fight {
            if let Some(c) = stones[i] {
                let stone = (names[i].clone(), c.name().to_string());
                assert!(shown.contains(&stone), "{file}: {stone:?} not drawn");
            }
        }
    };
    let (mut checked, mut retakes, mut captures) = (0, 0, 0);
    for (start, moves) in &visits {
        let side = start.side.name();
        b.click(&format!("button.move[data-path='{side}']"));
        let start_stones: Vec<Option<Color>> = g.points().map(|p| kept.problem.stone(p)).collect();
        drawn(&start_stones, &b.stones());
        assert_eq!(
            b.status().0,
            start.value.to_string(),
            "{file}: {side} first"
        );
        for (path, node, parent) in moves {
            b.click(&format!("button.move[data-path='{path}']"));
            let (value, notes) = b.status();
            assert_eq!(value, node.value.to_string(), "{file}: {path}");
            drawn(&node.stones, &b.stones());
            if node.retake {
                retakes += 1;
                assert!(notes.contains("retake"), "{file}: {path}: {notes}");
            }
            if !node.captured.is_empty() {
                captures += 1;
                assert!(notes.contains("captures"), "{file}: {path}: {notes}");
            }
            // The left arrow steps back to the move before, the right one forward again.
            b.key("ArrowLeft", 37);
            let back = b.eval("document.querySelector('button.move.current').dataset.path");
            assert_eq!(back.as_str(), parent.as_deref(), "{file}: {path}");
            b.key("ArrowRight", 39);
            let first = b.eval("document.querySelector('button.move.current').dataset.path");
            assert!(first.as_str().unwrap().ends_with(".0"), "{file}: {path}");
            checked += 1;
        }
    }
    // Up and down go between the variations of a move: here the two sides moving first.
    b.click("button.move[data-path='black']");
    b.key("ArrowDown", 40);
    let other = b.eval("document.querySelector('button.move.current').dataset.path");
    assert_eq!(other, json!("white"));
    (checked, retakes, captures)
}

#[test]
fn the_page_steps_through_the_lines_in_a_browser() {
    let Some(binary) = chromium_or_skip() else {
        return;
    };
    let (checked, retakes, captures) = check_page(&binary, "problems/direct-ko.sgf");
    assert!(checked >= 5, "{checked} moves");
    assert!(
        retakes >= 2 && captures >= 3,
        "{retakes} retakes, {captures} captures"
    );
    // A board of another shape: the points drawn where the board file puts them.
    let (checked, ..) = check_page(&binary, "problems/boards/hex-direct-ko.toml");
    assert!(checked >= 3, "{checked} moves");
}

#[test]
fn the_groups_page_sorts_its_table_by_status_in_a_browser() {
    let Some(binary) = chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("groups.html");
    let file = "tests/data/groups/final-19.sgf";
    let o = command()
        .args(["groups", "--quiet", file, "--html"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json = command()
        .args(["groups", "--quiet", "--json", file])
        .output()
        .unwrap();
    let record: Json = serde_json::from_slice(&json.stdout).unwrap();
    let groups = record["groups"].as_array().unwrap().len();
    let url = format!("file://{}", page.display());
    let mut b = Browser::open(&binary, &url, "table.groups tbody tr");
    // A real table, a row a group, laid out beside the picture (below it in a narrow window).
    let rows = b.eval("document.querySelectorAll('table.groups tbody tr').length");
    assert_eq!(rows, json!(groups));
    let beside = b.eval(
        "(() => { const f = document.querySelector('.position figure').getBoundingClientRect();
                  const t = document.querySelector('table.groups').getBoundingClientRect();
                  return t.left >= f.right || t.top >= f.bottom; })()",
    );
    assert_eq!(beside, json!(true));
    // Sorted by status: the dead groups first, then in the other order.
    let statuses = "Array.from(document.querySelectorAll('table.groups tbody td.status'))
                    .map(td => td.textContent.split(' ')[0])";
    b.click("table.groups th:nth-child(5)");
    let sorted = b.eval(statuses);
    let sorted: Vec<&str> = sorted
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let rank = |s: &str| {
        ["dead", "unsettled", "seki", "alive"]
            .iter()
            .position(|x| *x == s)
    };
    assert!(sorted.iter().all(|s| rank(s).is_some()), "{sorted:?}");
    assert!(
        sorted.windows(2).all(|w| rank(w[0]) <= rank(w[1])),
        "{sorted:?}"
    );
    assert_eq!(sorted[0], "dead", "{sorted:?}");
    b.click("table.groups th:nth-child(5)");
    let reversed = b.eval(statuses);
    assert_eq!(reversed.as_array().unwrap().last().unwrap(), "dead");
}
