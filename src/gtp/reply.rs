//! A GTP answer kept typed until it is written: what succeeded ([`Reply`]) or why a command
//! failed ([`GtpError`]). [`written`] gives the text the protocol sends after `=` or `?`.

/// What a command answers when it succeeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing: `=` alone.
    Empty,
    /// One line (a word, a number, a score).
    Line(String),
    /// One item a line (vertices of a group, commands), starting on the answer's first line.
    Lines(Vec<String>),
    /// A block that starts on the line after `=` (a board, a picture's drawing commands).
    Block(Vec<String>),
}

/// Why a command failed, as the protocol's messages say it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GtpError {
    #[error("syntax error")]
    Syntax,
    #[error("unknown command")]
    UnknownCommand,
    #[error("unacceptable size")]
    UnacceptableSize,
    #[error("illegal move")]
    IllegalMove,
    #[error("cannot undo")]
    CannotUndo,
    #[error("cannot load file")]
    CannotLoad,
    #[error("cannot score")]
    CannotScore,
    #[error("vertex is empty")]
    EmptyVertex,
    /// The position cannot be read (its message).
    #[error("{0}")]
    Position(String),
}

/// The answer to one command.
pub type Answer = Result<Reply, GtpError>;

/// The text after `=id` or `?id`: empty, or a space and the lines (a block on the next line);
/// never an empty line inside, since an empty line ends an answer.
pub(super) fn written(answer: &Answer) -> (char, String) {
    let (sign, block, lines) = match answer {
        Ok(Reply::Empty) => ('=', false, Vec::new()),
        Ok(Reply::Line(t)) => ('=', false, vec![t.clone()]),
        Ok(Reply::Lines(l)) => ('=', false, l.clone()),
        Ok(Reply::Block(l)) => ('=', true, l.clone()),
        Err(e) => ('?', false, vec![e.to_string()]),
    };
    let lines: Vec<&str> = lines
        .iter()
        .flat_map(|l| l.lines())
        .filter(|l| !l.trim().is_empty())
        .collect();
    let text = match (block, lines.is_empty()) {
        (_, true) => String::new(),
        (true, false) => format!(" \n{}", lines.join("\n")),
        (false, false) => format!(" {}", lines.join("\n")),
    };
    (sign, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_written_as_the_protocol_says() {
        assert_eq!(written(&Ok(Reply::Empty)), ('=', String::new()));
        assert_eq!(written(&Ok(Reply::Line("2".into()))), ('=', " 2".into()));
        assert_eq!(
            written(&Ok(Reply::Lines(vec![
                "A1 B1".into(),
                String::new(),
                "C3".into()
            ]))),
            ('=', " A1 B1\nC3".into())
        );
        assert_eq!(
            written(&Ok(Reply::Block(vec!["X.".into(), ".O".into()]))),
            ('=', " \nX.\n.O".into())
        );
        assert_eq!(
            written(&Err(GtpError::IllegalMove)),
            ('?', " illegal move".into())
        );
    }
}
