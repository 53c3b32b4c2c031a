//! Search budgets shared by the families. A budget never changes an answer:
//! a search stopped by one reports an incomplete count.

use std::time::Duration;

use crate::error::Result;
use crate::invalid;

/// The time limit of a search, checked once for every family: `None` for no
/// limit, else a finite number of seconds >= 0 (capped at 1e9 s).
pub fn time_limit(seconds: Option<f64>) -> Result<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Some(Duration::from_secs_f64(t.min(1e9)))),
        Some(t) => Err(invalid!("time_limit must be a non-negative number of seconds, got {t}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits() {
        assert_eq!(time_limit(None).unwrap(), None);
        assert_eq!(time_limit(Some(0.0)).unwrap(), Some(Duration::ZERO));
        assert_eq!(time_limit(Some(1e300)).unwrap(), Some(Duration::from_secs(1_000_000_000)));
        for bad in [-1.0, f64::NAN, f64::INFINITY] {
            assert!(time_limit(Some(bad)).is_err(), "{bad}");
        }
    }
}
