//! How far a whole board's fight reaches: the areas it is read in, narrowest first, and what
//! became of each, so that an answer says in which area it was read.

/// An area a whole board's fight is read in, narrowest first. Each takes in the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// The group's liberties (a friend met there with its chain, and the pockets they
    /// enclose), the attacker's chains short of liberties next to it; the attacker's other
    /// stones as they stand. Read first, within a share of the time, so that a fight too hard
    /// in a wider area still gets an answer.
    Liberties,
    /// The group's own space: the points two steps from it (its eye space and the points next
    /// to it, a friend met on the way with its chain), what they enclose, the attacker's
    /// chains short of liberties next to it, and those touching the group that it may win a
    /// capturing race against (at most three liberties, no more than the group has) with
    /// their liberties; the attacker's other stones as they stand. Each wider area takes
    /// these in too.
    Own,
    /// The group's region by the region analyzer, one line wider.
    Near,
    /// That region two lines wider, the defender's chains next to it with their liberties.
    Wide,
    /// For a group the attacker encloses: the enclosure, as a file marking no region gives it
    /// (the outside as it stands). Read last, after the areas above with fewer empty points.
    Enclosure,
}

impl Scope {
    /// The next area out, if any.
    pub fn wider(self) -> Option<Scope> {
        match self {
            Scope::Liberties => Some(Scope::Own),
            Scope::Own => Some(Scope::Near),
            Scope::Near => Some(Scope::Wide),
            Scope::Wide => Some(Scope::Enclosure),
            Scope::Enclosure => None,
        }
    }

    /// The area's name, as the JSON gives it: `liberties`, `own`, `near`, `wide`, `enclosure`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Liberties => "liberties",
            Scope::Own => "own",
            Scope::Near => "near",
            Scope::Wide => "wide",
            Scope::Enclosure => "enclosure",
        }
    }

    /// The area, for people.
    pub fn describe(self) -> &'static str {
        match self {
            Scope::Liberties => "the group's liberties",
            Scope::Own => "the group's own space and the points next to it",
            Scope::Near => "the group's region by the region analyzer, one line wider",
            Scope::Wide => "the group's region two lines wider, with its friends' liberties",
            Scope::Enclosure => "the attacker's enclosure of the group",
        }
    }
}

/// What reading the fight in one area gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// Answered.
    Answered,
    /// A limit stopped it before the life degree was known.
    Stopped,
    /// Too large for the solver's arena.
    TooLarge,
}

/// One area a whole board's fight was read in, with its empty points and what it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScopeTried {
    pub scope: Scope,
    pub empty_points: usize,
    pub reading: Reading,
}
