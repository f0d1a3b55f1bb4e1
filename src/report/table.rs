//! Text tables as the command line prints them (`check`, `compare`, `sweep`, `bench`): columns
//! padded to their widest cell, in plain text or as Markdown.

/// How a column's cells sit in their width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// How a table is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Columns two spaces apart.
    Plain,
    /// Columns two spaces apart, a rule of dashes under the header.
    Ruled,
    /// A Markdown table: `|` between and around the columns, the rule row marking each
    /// column's alignment, every column at least three wide.
    Markdown,
}

/// A table of text cells: a header and rows, each column aligned its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headers, every column left-aligned.
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Table {
        let header: Vec<String> = header.into_iter().map(Into::into).collect();
        Table {
            align: vec![Align::Left; header.len()],
            header,
            rows: Vec::new(),
        }
    }

    /// The same table with column `i` aligned as `align` says.
    pub fn aligned(mut self, i: usize, align: Align) -> Table {
        self.align[i] = align;
        self
    }

    /// Every column from `i` on aligned as `align` says.
    pub fn aligned_from(mut self, i: usize, align: Align) -> Table {
        for a in &mut self.align[i..] {
            *a = align;
        }
        self
    }

    /// Adds a row: one cell per column.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let row: Vec<String> = cells.into_iter().map(Into::into).collect();
        debug_assert_eq!(row.len(), self.header.len(), "one cell per column");
        self.rows.push(row);
    }

    /// The table as text, one line per row, each ending in a newline.
    pub fn render(&self, style: Style) -> String {
        let least = if style == Style::Markdown { 3 } else { 0 };
        let widths: Vec<usize> = (0..self.header.len())
            .map(|i| {
                std::iter::once(&self.header)
                    .chain(&self.rows)
                    .map(|r| r[i].chars().count())
                    .chain([least])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<String>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .zip(&self.align)
                .map(|((c, &w), a)| {
                    let pad = " ".repeat(w - c.chars().count());
                    match a {
                        Align::Left => format!("{c}{pad}"),
                        Align::Right => format!("{pad}{c}"),
                    }
                })
                .collect();
            let joined = match style {
                Style::Plain | Style::Ruled => padded.join("  "),
                Style::Markdown => format!("| {} |", padded.join(" | ")),
            };
            format!("{}\n", joined.trim_end())
        };
        let mut out = line(self.header.clone());
        let rule = |w: usize, a: &Align| match (style, a) {
            (Style::Markdown, Align::Right) => format!("{}:", "-".repeat(w - 1)),
            _ => "-".repeat(w),
        };
        if style != Style::Plain {
            out.push_str(&line(
                widths
                    .iter()
                    .zip(&self.align)
                    .map(|(&w, a)| rule(w, a))
                    .collect(),
            ));
        }
        for r in &self.rows {
            out.push_str(&line(r.clone()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        let mut t = Table::new(["name", "n"]).aligned(1, Align::Right);
        t.row(["a", "10"]);
        t.row(["bcd", "2"]);
        t
    }

    #[test]
    fn each_style_pads_to_the_widest_cell() {
        assert_eq!(
            table().render(Style::Plain),
            "name   n\na     10\nbcd    2\n"
        );
        assert_eq!(
            table().render(Style::Ruled),
            "name   n\n----  --\na     10\nbcd    2\n"
        );
        assert_eq!(
            table().render(Style::Markdown),
            "| name |   n |\n| ---- | --: |\n| a    |  10 |\n| bcd  |   2 |\n"
        );
    }
}
