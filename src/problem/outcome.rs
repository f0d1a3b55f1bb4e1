//! What a fight ends with and who plays for what: the target's [`Life`], and each side's
//! [`Role`]. The words every layer above uses instead of a `bool` for "lives" or "defends".

use crate::go::rules::Color;

/// Whether the target lives: the end of a fight, or what a proof or a static test settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Life {
    /// The target is captured: value 0.
    Dead,
    /// The target is on the board for good (a seki included): value 1.
    Alive,
}

impl Life {
    /// The end `role` plays for: life for the defender, death for the attacker.
    pub fn wanted_by(role: Role) -> Life {
        match role {
            Role::Defender => Life::Alive,
            Role::Attacker => Life::Dead,
        }
    }

    /// The end `role` plays against: the one its opponent wants.
    pub fn feared_by(role: Role) -> Life {
        Life::wanted_by(role.other())
    }

    pub fn is_alive(self) -> bool {
        self == Life::Alive
    }

    /// The value of this end: 1 alive, 0 dead.
    pub fn value(self) -> u8 {
        match self {
            Life::Dead => 0,
            Life::Alive => 1,
        }
    }

    /// The other end.
    pub fn other(self) -> Life {
        match self {
            Life::Dead => Life::Alive,
            Life::Alive => Life::Dead,
        }
    }
}

/// A side's part in the problem: the defender keeps the target alive, the attacker captures
/// it. The defender maximises the value, the attacker minimises it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Defender,
    Attacker,
}

impl Role {
    /// The role of `side` in a problem whose defender is `defender`.
    pub fn of(side: Color, defender: Color) -> Role {
        if side == defender {
            Role::Defender
        } else {
            Role::Attacker
        }
    }

    pub fn other(self) -> Role {
        match self {
            Role::Defender => Role::Attacker,
            Role::Attacker => Role::Defender,
        }
    }
}
