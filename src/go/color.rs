//! Per-colour data: one value for Black and one for White, indexed by [`Color`].

use super::rules::Color;
use std::ops::{Index, IndexMut};

/// A value for each colour, Black's then White's: the threat probabilities, the two openings'
/// grades, the stones each side has captured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub black: T,
    pub white: T,
}

impl<T> ByColor<T> {
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }

    /// The same value for both colours.
    pub fn both(value: T) -> ByColor<T>
    where
        T: Clone,
    {
        ByColor {
            black: value.clone(),
            white: value,
        }
    }

    /// Each colour's value, `f(Black)` then `f(White)`.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let black = f(Color::Black);
        ByColor {
            black,
            white: f(Color::White),
        }
    }

    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let black = f(self.black);
        ByColor {
            black,
            white: f(self.white),
        }
    }

    pub fn as_ref(&self) -> ByColor<&T> {
        ByColor {
            black: &self.black,
            white: &self.white,
        }
    }

    /// Black's and White's values swapped: the same data seen with the colours exchanged.
    pub fn swapped(self) -> ByColor<T> {
        ByColor {
            black: self.white,
            white: self.black,
        }
    }

    /// Black's value, then White's.
    pub fn iter(&self) -> std::array::IntoIter<&T, 2> {
        [&self.black, &self.white].into_iter()
    }

    /// Black's value, then White's, to change.
    pub fn iter_mut(&mut self) -> std::array::IntoIter<&mut T, 2> {
        [&mut self.black, &mut self.white].into_iter()
    }

    /// Each colour with its value, Black first.
    pub fn pairs(&self) -> std::array::IntoIter<(Color, &T), 2> {
        [(Color::Black, &self.black), (Color::White, &self.white)].into_iter()
    }

    /// `[black, white]`.
    pub fn into_array(self) -> [T; 2] {
        [self.black, self.white]
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

impl<T> IntoIterator for ByColor<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_array().into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ByColor<T> {
    type Item = &'a T;
    type IntoIter = std::array::IntoIter<&'a T, 2>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut ByColor<T> {
    type Item = &'a mut T;
    type IntoIter = std::array::IntoIter<&'a mut T, 2>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    /// `[black, white]`.
    fn from([black, white]: [T; 2]) -> ByColor<T> {
        ByColor { black, white }
    }
}

/// Written as `[black, white]`, as the reports have always written per-colour data.
impl<T: serde::Serialize> serde::Serialize for ByColor<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [&self.black, &self.white].serialize(s)
    }
}
