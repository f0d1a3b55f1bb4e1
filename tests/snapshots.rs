//! Snapshots of the JSON record of every problem in problems/ (picked up by globbing, so a new
//! problem gets a snapshot on its first run). Review a changed snapshot against the hand
//! derivations in problems/README.md before accepting it.

use lifedeg::degree::Limits;
use lifedeg::problem::TargetChoice;
use lifedeg::report::Record;
use lifedeg::solver::Params;
use std::path::Path;

#[test]
fn json_record_of_every_problem() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(root.join("problems"))
        .expect("problems/ exists")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no problems found");
    for path in files {
        let (problem, answer) = lifedeg::solve_file(
            &path,
            &TargetChoice::FromFile,
            &Params::default(),
            &Limits::default(),
        )
        .unwrap_or_else(|err| panic!("{err}"));
        let name = path.file_name().expect("file name").to_string_lossy();
        let record = Record::new(&format!("problems/{name}"), &problem, &answer);
        let stem = path
            .file_stem()
            .expect("file stem")
            .to_string_lossy()
            .into_owned();
        insta::assert_snapshot!(stem, record.to_json_line());
    }
}
