//! Snapshots of the JSON record of every problem in problems/ (picked up by globbing, so a new
//! problem gets a snapshot on its first run). Review a changed snapshot against the hand
//! derivations in problems/README.md before accepting it.

use crate::common::{self, Model, Record};

#[test]
fn json_record_of_every_problem() {
    let files = common::problem_files();
    assert!(!files.is_empty(), "no problems found");
    for path in files {
        let s = common::solve(&path, &Model::default());
        let name = path.file_name().expect("file name").to_string_lossy();
        let record = Record::new(&format!("problems/{name}"), &s.problem, &s.answer, &s.stats);
        let stem = path
            .file_stem()
            .expect("file stem")
            .to_string_lossy()
            .into_owned();
        insta::assert_snapshot!(stem, record.to_json_line());
    }
}
