//! Seat codes: each remote seat's credential, what its player types after `--code`. A code
//! is 100 random bits from the operating system's generator, written as 20 characters of
//! Crockford's base 32 in groups of four (`k3m9-x2qa-7hfe-pw3n-b8cd`): no letters that read
//! as digits, any case, dashes and spaces ignored. Codes are compared in constant time, so
//! the time a refusal takes says nothing of how much of a guess was right.

use std::fmt;

use rand::TryRng;
use rand::rngs::SysRng;
use subtle::ConstantTimeEq;

/// Crockford's base 32 alphabet (lower case): digits and letters, without i, l, o and u.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// Characters in a code: 20 of 5 bits each, 100 bits.
const LENGTH: usize = 20;

/// One remote seat's code.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatCode {
    /// The characters, normalised (lower case, no separators).
    chars: [u8; LENGTH],
}

/// The operating system could not give random bytes for a code.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw a seat code from the system's random generator: {0}")]
pub struct CodeError(String);

impl SeatCode {
    /// A fresh code from the operating system's random generator.
    ///
    /// # Errors
    /// The generator failed.
    pub fn generate() -> Result<Self, CodeError> {
        let mut bytes = [0u8; LENGTH];
        SysRng
            .try_fill_bytes(&mut bytes)
            .map_err(|error| CodeError(error.to_string()))?;
        // Five of each byte's bits pick a character: uniform, since 32 divides 256.
        Ok(Self {
            chars: bytes.map(|byte| ALPHABET[usize::from(byte & 31)]),
        })
    }

    /// Whether `typed` is this code (normalised as [`normalise`] says), in time that does not
    /// depend on how much of it matches.
    pub fn matches(&self, typed: &[u8; LENGTH]) -> bool {
        self.chars.ct_eq(typed).into()
    }
}

/// What a player typed, as a code's characters: lower case, dashes and white space dropped,
/// and the letters Crockford's base 32 reads as digits (`o` as 0, `i` and `l` as 1) read so.
/// `None` unless it is 20 characters of the alphabet: no code could match it.
pub fn normalise(typed: &str) -> Option<[u8; LENGTH]> {
    let mut chars = [0u8; LENGTH];
    let mut count = 0;
    for byte in typed.bytes() {
        let byte = match byte.to_ascii_lowercase() {
            b'-' | b' ' | b'\t' => continue,
            b'o' => b'0',
            b'i' | b'l' => b'1',
            other if ALPHABET.contains(&other) => other,
            _ => return None,
        };
        *chars.get_mut(count)? = byte;
        count += 1;
    }
    (count == LENGTH).then_some(chars)
}

impl fmt::Display for SeatCode {
    /// In groups of four: `k3m9-x2qa-7hfe-pw3n-b8cd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, group) in self.chars.chunks(4).enumerate() {
            if index > 0 {
                f.write_str("-")?;
            }
            f.write_str(std::str::from_utf8(group).expect("the alphabet is ASCII"))?;
        }
        Ok(())
    }
}

impl fmt::Debug for SeatCode {
    /// Never the code itself: debug output ends up in logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatCode(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_however_they_are_typed() {
        let code = SeatCode::generate().unwrap();
        let text = code.to_string();
        assert_eq!(text.len(), LENGTH + 4);
        assert!(code.matches(&normalise(&text).unwrap()));
        assert!(code.matches(&normalise(&text.to_uppercase().replace('-', " ")).unwrap()));
        let other = SeatCode::generate().unwrap();
        assert_ne!(code, other, "100 random bits do not repeat");
        assert!(!other.matches(&normalise(&text).unwrap()));
        assert_eq!(normalise("0O1Il"), None, "too short");
        assert_eq!(
            normalise("oooo-iiii-llll-0000-1111"),
            normalise("0000-1111-1111-0000-1111")
        );
        assert_eq!(normalise(&format!("{text}x")), None, "too long");
        assert_eq!(
            normalise("uuuu-uuuu-uuuu-uuuu-uuuu"),
            None,
            "not in the alphabet"
        );
        assert_eq!(format!("{code:?}"), "SeatCode(…)");
    }

    #[test]
    fn every_character_is_drawn() {
        let mut seen = [false; 32];
        for _ in 0..200 {
            for &c in &SeatCode::generate().unwrap().chars {
                seen[ALPHABET.iter().position(|&a| a == c).unwrap()] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
