//! Numbers on the command line (`--seed`, `--players`, `--games`, `--seconds`, …), parsed
//! with a message that says what is allowed, and negative input read as a (wrong) value
//! instead of an unknown flag. Every number a command takes is parsed here, so none is ever
//! refused in the standard library's words.

/// A seed: any 64-bit unsigned number.
pub fn seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX)
}

/// A count of at least one (`--games`, `--count`).
pub fn count(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX)
}

/// A number of worker threads (`--jobs`): at least one.
pub fn jobs(text: &str) -> Result<usize, String> {
    whole(text, 1, usize::MAX as u64).map(|n| n as usize)
}

/// A number of players: at least one (the game checks its own range).
pub fn players(text: &str) -> Result<usize, String> {
    whole(text, 1, usize::MAX as u64).map(|n| n as usize)
}

/// A seat number (from 0).
pub fn seat(text: &str) -> Result<usize, String> {
    whole(text, 0, usize::MAX as u64).map(|n| n as usize)
}

/// A decimal number of seconds within `range` (`--seconds 0.5`).
pub fn seconds(text: &str, range: &std::ops::RangeInclusive<f64>) -> Result<f64, String> {
    let number = text.trim();
    // Digits and one point only: no signs, exponents, `inf` or `NaN`.
    let plain = number.bytes().any(|b| b.is_ascii_digit())
        && number.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && number.matches('.').count() <= 1;
    match number.parse::<f64>() {
        Ok(n) if plain && range.contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of seconds from {} to {} (such as 2 or 0.5)",
            range.start(),
            range.end()
        )),
    }
}

fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let expected = format!("a whole number from {min} to {max}");
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected {expected}"));
    }
    match digits.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected {expected}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_in_range_only() {
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            seed("-1"),
            Err("expected a whole number from 0 to 18446744073709551615".to_owned())
        );
        assert!(seed("18446744073709551616").is_err());
        assert!(seed("1.5").is_err());
        assert!(count("0").is_err());
        assert_eq!(count(" 3 "), Ok(3));
        assert!(players("+2").is_err());
        assert!(jobs("0").is_err());
        let range = 0.1..=86_400.0;
        assert_eq!(seconds("0.5", &range), Ok(0.5));
        assert_eq!(seconds("3", &range), Ok(3.0));
        for bad in [
            "abc", "1e3", "inf", "NaN", "-1", "0.01", "1.2.3", ".", "99999",
        ] {
            assert_eq!(
                seconds(bad, &range),
                Err("expected a number of seconds from 0.1 to 86400 (such as 2 or 0.5)".to_owned()),
                "{bad}"
            );
        }
    }
}
