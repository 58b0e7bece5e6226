//! The protocol's version: `mousehole-agent/N`, raised whenever a message or an observation
//! changes shape in a way that would break a client written for the version before
//! (docs/protocol-changelog.md says what changed, field by field; the frozen examples and
//! schema under protocol/tests/frozen/N/ hold every version to its shape). A client may say
//! which version it speaks (`hello`'s and `join`'s `protocol`); one that speaks another is
//! told in words what changed ([`difference`]), and the game goes on.

use mousehole_engine::text::shown;

/// The version this build speaks.
pub const VERSION: u32 = 2;

/// The protocol's name and version, sent in the host's `hello` and `welcome` and in a
/// client's `hello` reply and `join`.
pub const PROTOCOL: &str = "mousehole-agent/2";

/// What every version's name starts with.
const NAME: &str = "mousehole-agent/";

/// The changelog, whose `## mousehole-agent/N` sections say what each version changed; the
/// paragraph of each that starts `In short:` is what a client of an older version is told.
pub const CHANGELOG: &str = include_str!("../../docs/protocol-changelog.md");

/// The version a protocol name names (`mousehole-agent/1` is 1), if it is one of this
/// protocol's.
pub fn version_of(protocol: &str) -> Option<u32> {
    let number = protocol.trim().strip_prefix(NAME)?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// The changelog's short account of what `version` changed (its `In short:` paragraph), if
/// it has one.
pub fn in_short(version: u32) -> Option<String> {
    let name = format!("{NAME}{version}");
    let section = CHANGELOG.split("\n## ").find(|part| {
        part.lines()
            .next()
            .and_then(|title| title.strip_prefix(&name))
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })?;
    let start = section.find("In short:")? + "In short:".len();
    let paragraph = section[start..].split("\n\n").next()?;
    Some(paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// What differs between `theirs`, the protocol a peer said it speaks (`speaker`: "the
/// program", "your client", "the host"), and [`PROTOCOL`], which `listener` speaks, in words
/// to tell a person: `None` when they are the same version.
pub fn difference(speaker: &str, theirs: &str, listener: &str) -> Option<String> {
    let said = shown(theirs);
    let Some(version) = version_of(theirs) else {
        return Some(format!(
            "{speaker} speaks \"{said}\", which is no version of this protocol; {listener} speaks {PROTOCOL} ({NAME}N: docs/protocol-changelog.md)"
        ));
    };
    if version > VERSION {
        return Some(format!(
            "{speaker} speaks {said}, newer than the {PROTOCOL} {listener} speaks: the newer side's docs/protocol-changelog.md says what changed"
        ));
    }
    if version == VERSION {
        return None;
    }
    let changes: Vec<String> = (version + 1..=VERSION)
        .map(|step| {
            let words = in_short(step).unwrap_or_else(|| "see the changelog".to_owned());
            format!("in {NAME}{step}, {words}")
        })
        .collect();
    Some(format!(
        "{speaker} speaks {said} and {listener} {PROTOCOL}: {} (docs/protocol-changelog.md says it field by field)",
        changes.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_their_names() {
        assert_eq!(version_of("mousehole-agent/1"), Some(1));
        assert_eq!(version_of(PROTOCOL), Some(VERSION));
        assert_eq!(PROTOCOL, format!("{NAME}{VERSION}"));
        for other in [
            "mousehole-agent/",
            "mousehole-agent/x",
            "uci",
            "mousehole-agent/-1",
        ] {
            assert_eq!(version_of(other), None, "{other}");
        }
    }

    #[test]
    fn every_version_says_in_short_what_it_changed() {
        for version in 2..=VERSION {
            let words = in_short(version).unwrap_or_else(|| {
                panic!("docs/protocol-changelog.md has no '## {NAME}{version}' section with an 'In short:' paragraph")
            });
            assert!(words.len() > 40, "{words}");
            assert!(!words.contains('\n'));
        }
    }

    #[test]
    fn a_peer_of_another_version_is_told_what_changed() {
        assert_eq!(difference("the program", PROTOCOL, "this host"), None);
        let older = difference("the program", "mousehole-agent/1", "this host").unwrap();
        assert!(
            older.starts_with(
                "the program speaks mousehole-agent/1 and this host mousehole-agent/2: in mousehole-agent/2, "
            ),
            "{older}"
        );
        assert!(older.contains("phase"), "{older}");
        let newer = difference("the host", "mousehole-agent/9", "this client").unwrap();
        assert!(
            newer.starts_with("the host speaks mousehole-agent/9, newer than the mousehole-agent/2 this client speaks"),
            "{newer}"
        );
        let odd = difference("your client", "uci\u{1b}[31m", "this host").unwrap();
        assert!(
            odd.contains("\"uci\\u{1b}[31m\", which is no version"),
            "{odd}"
        );
    }
}
