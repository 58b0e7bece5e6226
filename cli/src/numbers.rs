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

/// A port number (0: any free port).
pub fn port(text: &str) -> Result<u16, String> {
    whole(text, 0, u64::from(u16::MAX)).map(|n| n as u16)
}

/// A seat number (from 0).
pub fn seat(text: &str) -> Result<usize, String> {
    whole(text, 0, usize::MAX as u64).map(|n| n as usize)
}

/// A length of time: a whole number of seconds, or with a unit (`500ms`, `90s`, `2m`), from
/// 0 to a day.
pub fn duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let millis_per = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" => 60_000,
        _ => return Err("expected a time such as 120 (seconds), 90s, 2m or 500ms".to_owned()),
    };
    let count = whole(digits, 0, 86_400_000 / millis_per).map_err(|_| {
        "expected a time from 0 to a day, such as 120 (seconds), 90s, 2m or 500ms".to_owned()
    })?;
    Ok(std::time::Duration::from_millis(count * millis_per))
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

    #[test]
    fn durations_with_units() {
        use std::time::Duration;
        assert_eq!(duration("120"), Ok(Duration::from_mins(2)));
        assert_eq!(duration("2m"), Ok(Duration::from_mins(2)));
        assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(duration("0"), Ok(Duration::ZERO));
        for bad in ["", "m", "2h", "-1", "1.5s", "2 m", "86401"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
