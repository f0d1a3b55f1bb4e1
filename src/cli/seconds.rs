//! A time limit in seconds as the command line writes it: `15`, `15.0` or `0.5`, as `timeout`
//! and `sleep` take it; `0` for no limit.

use std::fmt;
use std::time::Duration;

/// A number of seconds, whole or not, never negative; `0` means no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seconds(f64);

impl Seconds {
    /// The limit, or `None` for `0` (no limit).
    pub fn limit(self) -> Option<Duration> {
        (self.0 > 0.0).then(|| Duration::from_secs_f64(self.0))
    }
}

impl From<Option<Duration>> for Seconds {
    /// The seconds of a limit; `None` is `0`, no limit.
    fn from(limit: Option<Duration>) -> Seconds {
        Seconds(limit.map_or(0.0, |d| d.as_secs_f64()))
    }
}

/// Why a text is not a number of seconds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecondsError {
    #[error("{0:?} is not a number of seconds (write 15, 15.0 or 0.5)")]
    NotANumber(String),
    #[error("{0:?}: a time limit cannot be negative (0 for no limit)")]
    Negative(String),
    #[error("{0:?} is too many seconds (0 for no limit)")]
    TooLong(String),
}

impl std::str::FromStr for Seconds {
    type Err = SecondsError;

    fn from_str(text: &str) -> Result<Seconds, SecondsError> {
        let seconds: f64 = text
            .trim()
            .parse()
            .map_err(|_| SecondsError::NotANumber(text.to_string()))?;
        if seconds.is_nan() {
            return Err(SecondsError::NotANumber(text.to_string()));
        }
        if seconds < 0.0 {
            return Err(SecondsError::Negative(text.to_string()));
        }
        if Duration::try_from_secs_f64(seconds).is_err() {
            return Err(SecondsError::TooLong(text.to_string()));
        }
        Ok(Seconds(seconds))
    }
}

impl fmt::Display for Seconds {
    /// As the user writes it: `25`, `0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_whole_seconds_are_read() {
        let limit = |t: &str| t.parse::<Seconds>().map(Seconds::limit);
        assert_eq!(limit("15"), Ok(Some(Duration::from_secs(15))));
        assert_eq!(limit("15.0"), Ok(Some(Duration::from_secs(15))));
        assert_eq!(limit("0.5"), Ok(Some(Duration::from_millis(500))));
        assert_eq!(limit("0"), Ok(None));
        assert!(matches!(limit("-1"), Err(SecondsError::Negative(_))));
        assert!(matches!(limit("-0.5"), Err(SecondsError::Negative(_))));
        assert!(matches!(limit("NaN"), Err(SecondsError::NotANumber(_))));
        assert!(matches!(limit("inf"), Err(SecondsError::TooLong(_))));
        assert!(matches!(limit("ten"), Err(SecondsError::NotANumber(_))));
        assert_eq!(
            Seconds::from(Some(Duration::from_secs(25))).to_string(),
            "25"
        );
    }
}
