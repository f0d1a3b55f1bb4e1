//! `lifedeg groups --html`: one self-contained page, the board's picture beside the group
//! table (an HTML table whose header sorts it, by status among others), then the end of the
//! game and the notes as text.

use super::fraction;
use super::groups::{ending_text, how, side, status, svg};
use super::svg::escape;
use crate::whole_board::{How, Settled, SettledBoard, Status};

/// The order a sort by status puts groups in: the ones a reader checks first on top.
fn rank(s: &Settled) -> u8 {
    match s.status() {
        Status::Dead => 0,
        Status::Unsettled => 1,
        Status::Seki => 2,
        Status::Alive => 3,
    }
}

/// The sorting script: a click on a header sorts the rows by that column's `data-key`
/// (numbers as numbers), a second click the other way.
const SORT: &str = r#"<script>
document.querySelectorAll('table.groups th').forEach((th, col) => {
  th.addEventListener('click', () => {
    const body = th.closest('table').tBodies[0];
    const down = th.dataset.order !== 'up';
    th.closest('tr').querySelectorAll('th').forEach(h => delete h.dataset.order);
    th.dataset.order = down ? 'up' : 'down';
    const key = r => r.cells[col].dataset.key ?? r.cells[col].textContent;
    const rows = Array.from(body.rows).sort((a, b) => {
      const x = key(a), y = key(b);
      const c = (isNaN(x) || isNaN(y)) ? x.localeCompare(y) : x - y;
      return down ? c : -c;
    });
    rows.forEach(r => body.appendChild(r));
  });
});
</script>
"#;

const STYLE: &str = "body { font-family: sans-serif; margin: 2em; }
.position { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
.position figure { margin: 0; flex: 0 1 32em; }
.position figure svg { width: 100%; height: auto; }
table.groups { border-collapse: collapse; font-size: 14px; }
table.groups th, table.groups td { border-bottom: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
table.groups th { cursor: pointer; background: #f2f2f2; }
table.groups td.n { text-align: right; }
tr.dead td.status { color: #b00; } tr.unsettled td.status { color: #a60; }
pre { font-size: 13px; }";

/// The group table's rows.
fn rows(a: &SettledBoard) -> String {
    let g = a.board.position.graph();
    let mut out = String::new();
    for (i, s) in a.statuses.groups.iter().enumerate() {
        let degree = s.life_degree().map_or(String::new(), fraction);
        let grades = s
            .grades()
            .map_or(String::new(), |gr| format!("{} {}", gr.black, gr.white));
        let how_key = match s.how {
            How::Static => "static",
            How::Solved { .. } => "solved",
            How::Judged { .. } => "judged",
            _ => "unsettled",
        };
        out.push_str(&format!(
            "<tr class=\"{class}\"><td class=\"n\">{n}</td><td>{color}</td>\
             <td class=\"n\">{stones}</td><td>{at}</td>\
             <td class=\"status\" data-key=\"{rank} {n:04}\">{status}</td>\
             <td>{degree}</td><td>{grades}</td><td data-key=\"{how_key}\">{how}</td></tr>\n",
            class = format!("{:?}", s.status()).to_lowercase(),
            n = i + 1,
            color = side(s.color),
            stones = s.stones.len(),
            at = g.label(s.stones[0]),
            rank = rank(s),
            status = escape(&status(s)),
            degree = escape(&degree),
            grades = escape(&grades),
            how = escape(&how(s)),
        ));
    }
    out
}

/// One self-contained page: the picture beside the group table, the end of the game below.
pub fn html(file: &str, a: &SettledBoard) -> String {
    let mut notes = String::new();
    if let Some(e) = &a.ending {
        ending_text(&mut notes, a.board.position.graph(), e, a.board.komi);
    }
    let notes = match notes.is_empty() {
        true => String::new(),
        false => format!("<pre class=\"ending\">{}</pre>\n", escape(&notes)),
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <div class=\"position\">\n<figure>\n{svg}</figure>\n\
         <table class=\"groups\">\n<thead><tr><th>#</th><th>group</th><th>stones</th><th>at</th>\
         <th>status</th><th>life degree</th><th>grades</th><th>how</th></tr></thead>\n\
         <tbody>\n{rows}</tbody>\n</table>\n</div>\n{notes}{SORT}</body>\n</html>\n",
        title = escape(file),
        svg = svg(file, a),
        rows = rows(a),
    )
}
