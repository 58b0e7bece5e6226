//! The errors of the operating system and of the JSON parser in people's words: what went
//! wrong and, where it helps, what is allowed. Every front end says a missing file, a full
//! disk or a garbled line through these functions, so nobody reads `(os error 2)`, `expected
//! ident at line 1 column 2` or ``missing field `agents` ``. And the small counting words
//! every game's notes and endings and every front end use ([`count`], [`ordinal`]).

use std::io;

/// What went wrong with a file, a pipe, a terminal or a program, said as the end of a
/// sentence such as "cannot read game.json: …".
///
/// ```
/// use mousehole_engine::words::io_error;
/// let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
/// assert_eq!(io_error(&missing), "there is no such file or folder");
/// let full = std::io::Error::from_raw_os_error(28);
/// assert_eq!(io_error(&full), "the disk is full");
/// ```
pub fn io_error(error: &io::Error) -> String {
    use io::ErrorKind as K;
    if let Some(&(_, worded)) = error
        .raw_os_error()
        .and_then(|code| UNCATEGORISED.iter().find(|(c, _)| *c == code))
    {
        return worded.to_owned();
    }
    let worded = match error.kind() {
        K::NotFound => "there is no such file or folder",
        K::PermissionDenied => "permission denied",
        K::AlreadyExists => "it already exists",
        K::IsADirectory => "it is a folder, not a file",
        K::NotADirectory => "a part of the path is a file, not a folder",
        K::DirectoryNotEmpty => "the folder is not empty",
        K::StorageFull => "the disk is full",
        K::QuotaExceeded => "the disk quota is used up",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::FileTooLarge => "the file is too large for the file system",
        K::InvalidFilename => "the name is too long or not allowed",
        K::ExecutableFileBusy => "the file is busy (a program is being written to it)",
        K::BrokenPipe => "the reader has gone (a closed pipe)",
        K::ConnectionReset | K::ConnectionAborted => "the connection was closed",
        K::ConnectionRefused => "nothing there takes connections (connection refused)",
        K::AddrInUse => "the address is in use by another program",
        K::AddrNotAvailable => "this machine has no such address",
        K::HostUnreachable | K::NetworkUnreachable => "the network cannot reach it",
        K::NotConnected => "the connection is not open",
        K::UnexpectedEof => "it ends early",
        K::OutOfMemory => "out of memory",
        K::TimedOut => "it took too long",
        K::Interrupted => "interrupted",
        K::CrossesDevices => "it would move a file between file systems",
        K::ResourceBusy => "the file or device is busy",
        K::Unsupported => "the system does not support it",
        // std's own words for a read of text that is not UTF-8.
        K::InvalidData if error.raw_os_error().is_none() && error.to_string().contains("UTF-8") => {
            "it is not UTF-8 text"
        }
        _ => return without_code(error),
    };
    worded.to_owned()
}

/// The error codes std leaves uncategorised, in words, by their numbers on the systems
/// mousehole runs on (Linux; the same numbers on macOS but `ELOOP`, 62 there).
const UNCATEGORISED: [(i32, &str); 7] = [
    (
        8, // ENOEXEC
        "it is not a program this system can run (not an executable for this machine, and no #! line naming an interpreter)",
    ),
    (6, "there is no such device (is a terminal attached?)"), // ENXIO
    (25, "it is not a terminal"),                             // ENOTTY
    (5, "the device failed to read or write (input/output error)"), // EIO
    (24, "too many files are open at once"),                  // EMFILE
    (7, "the command line is too long"),                      // E2BIG
    (40, "the path loops through symbolic links"),            // ELOOP
];

/// The error's own text without the `(os error N)` std appends, starting in lower case to
/// continue a sentence.
fn without_code(error: &io::Error) -> String {
    let text = error.to_string();
    let text = text
        .find(" (os error")
        .map_or(text.as_str(), |at| &text[..at]);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if chars.clone().next().is_some_and(char::is_lowercase) => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => text.to_owned(),
    }
}

/// What is wrong with a JSON text, with where: `a `,` or `}` is missing between two keys of an
/// object (line 6, column 3)`.
pub fn json_error(error: &serde_json::Error) -> String {
    let problem = json_problem(error);
    if error.line() == 0 {
        problem
    } else {
        format!(
            "{problem} (line {}, column {})",
            error.line(),
            error.column().max(1)
        )
    }
}

/// What is wrong with a JSON text, without where (for a caller that says where its own way).
pub fn json_problem(error: &serde_json::Error) -> String {
    let full = error.to_string();
    // serde_json appends " at line L column C".
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    if let Some(kind) = error.io_error_kind() {
        // The reader's own error, as serde_json passed it on: its code if it has one, else
        // its kind and text.
        let code = message
            .rsplit_once("(os error ")
            .and_then(|(_, code)| code.trim_end_matches(')').parse().ok());
        return io_error(&match code {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::new(kind, message.to_owned()),
        });
    }
    syntax_problem(message)
        .map(str::to_owned)
        .or_else(|| data_problem(message))
        .unwrap_or_else(|| message.to_owned())
}

/// serde_json's syntax errors, one by one.
fn syntax_problem(message: &str) -> Option<&'static str> {
    Some(match message {
        "EOF while parsing a list" => "the text ends inside a list (a `]` is missing)",
        "EOF while parsing an object" => "the text ends inside an object (a `}` is missing)",
        "EOF while parsing a string" => "the text ends inside a string (a closing `\"` is missing)",
        "EOF while parsing a value" => {
            "the text ends where a value was due (is it empty or cut short?)"
        }
        "expected `:`" => "a `:` is missing after an object's key",
        "expected `,` or `]`" => "a `,` or `]` is missing between two items of a list",
        "expected `,` or `}`" => "a `,` or `}` is missing between two keys of an object",
        "expected ident" => {
            "a bare word where a value was due (text goes in double quotes; only true, false and null are written without them)"
        }
        "expected value" => {
            "a value was due here (a string in double quotes, a number, an object, a list, true, false or null)"
        }
        "expected `\"`" | "key must be a string" => {
            "an object's key must be a string in double quotes"
        }
        "invalid escape" => {
            "a string has a backslash that starts no escape (write \\\\ for a backslash)"
        }
        "invalid number" => "a number is not written as JSON writes numbers",
        "number out of range" => "a number is too large to hold",
        "invalid unicode code point"
        | "lone leading surrogate in hex escape"
        | "unexpected end of hex escape" => "a string has a \\u escape that is not a character",
        "control character (\\u0000-\\u001F) found while parsing a string" => {
            "a string holds a raw control character (write a line break as \\n, a tab as \\t)"
        }
        "trailing comma" => "a comma stands before a closing `]` or `}`",
        "trailing characters" => "more text follows the end of the JSON value",
        "recursion limit exceeded" => {
            "it is nested too deeply (more than 127 levels of lists and objects)"
        }
        "invalid value: expected key to be a number in quotes" => {
            "an object's key must be a number in double quotes"
        }
        "float key must be finite (got NaN or +/-inf)" => "an object's key must be a finite number",
        _ => return None,
    })
}

/// serde's messages for JSON that parses but has the wrong shape.
fn data_problem(message: &str) -> Option<String> {
    if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.strip_suffix('`')?;
        return Some(format!("the key \"{key}\" is missing"));
    }
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        let key = rest.strip_suffix('`')?;
        return Some(format!("the key \"{key}\" is given twice"));
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let (key, allowed) = rest.split_once('`')?;
        return Some(match allowed.strip_prefix(", expected ") {
            Some(list) => format!("unknown key \"{key}\" (the keys are {})", names(list)),
            None => format!("unknown key \"{key}\" (no keys are allowed here)"),
        });
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let (value, allowed) = rest.split_once('`')?;
        return Some(match allowed.strip_prefix(", expected ") {
            Some(list) => format!("\"{value}\" is not allowed here (allowed: {})", names(list)),
            None => format!("\"{value}\" is not allowed here"),
        });
    }
    for (prefix, verb) in [
        ("invalid type: ", "is not allowed here"),
        ("invalid value: ", "is not allowed here"),
    ] {
        if let Some(rest) = message.strip_prefix(prefix) {
            let (found, expected) = rest.rsplit_once(", expected ")?;
            return Some(format!(
                "{} {verb}: expected {}",
                found_value(found),
                expected_value(expected)
            ));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (length, expected) = rest.split_once(", expected ")?;
        return Some(format!(
            "a list of {length} items: expected {}",
            expected_value(expected)
        ));
    }
    None
}

/// serde's `` `a`, `b` or `c` `` and `` one of `a`, `b` `` as a plain list.
fn names(list: &str) -> String {
    list.trim_start_matches("one of ").replace('`', "")
}

/// serde's name of a value that was found (`string "x"`, ``integer `5` ``, `map`).
fn found_value(found: &str) -> String {
    let quoted = |rest: &str| rest.trim_matches('`').to_owned();
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the string {text}");
    }
    for prefix in ["integer ", "floating point "] {
        if let Some(number) = found.strip_prefix(prefix) {
            return format!("the number {}", quoted(number));
        }
    }
    if let Some(value) = found.strip_prefix("boolean ") {
        return quoted(value);
    }
    if let Some(c) = found.strip_prefix("character ") {
        return format!("the character {}", quoted(c));
    }
    match found {
        "map" => "an object".to_owned(),
        "sequence" => "a list".to_owned(),
        "unit value" | "Option value" => "null".to_owned(),
        other => other.to_owned(),
    }
}

/// serde's name of what was expected (`a sequence`, `struct PartHeader`, `u64`).
fn expected_value(expected: &str) -> String {
    let number = |kind: &str| {
        matches!(
            kind,
            "u8" | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "usize"
                | "i8"
                | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "isize"
        )
    };
    if expected.starts_with("struct ") || expected.starts_with("a map") {
        return "an object".to_owned();
    }
    if expected.starts_with("a sequence") || expected.starts_with("a tuple") {
        return "a list".to_owned();
    }
    if number(expected) {
        return format!("a whole number ({})", number_range(expected));
    }
    match expected {
        "f32" | "f64" => "a number".to_owned(),
        "a boolean" => "true or false".to_owned(),
        "a string" | "a borrowed string" | "a char" => "a string in double quotes".to_owned(),
        "unit" => "null".to_owned(),
        other => other.replace('`', ""),
    }
}

/// The range of an integer type serde names, in words.
fn number_range(kind: &str) -> &'static str {
    match kind {
        "u8" => "0 to 255",
        "u16" => "0 to 65535",
        "u32" => "0 to 4294967295",
        "u64" | "usize" | "u128" => "0 to 18446744073709551615",
        "i8" => "-128 to 127",
        "i16" => "-32768 to 32767",
        "i32" => "-2147483648 to 2147483647",
        _ => "-9223372036854775808 to 9223372036854775807",
    }
}

/// A length of time in seconds as a person reads it, to the millisecond and no further than
/// it goes: a `--reconnect-timeout 1500ms` is "1.5 s", two minutes "120 s".
///
/// ```
/// use std::time::Duration;
/// use mousehole_engine::words::seconds;
/// assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
/// assert_eq!(seconds(Duration::from_mins(2)), "120 s");
/// assert_eq!(seconds(Duration::from_millis(250)), "0.25 s");
/// ```
pub fn seconds(time: std::time::Duration) -> String {
    let millis = time.as_millis();
    let (whole, part) = (millis / 1000, millis % 1000);
    if part == 0 {
        format!("{whole} s")
    } else {
        let part = format!("{part:03}");
        format!("{whole}.{} s", part.trim_end_matches('0'))
    }
}

/// A count with its noun, plural but for one: `1 hole`, `2 holes`, `0 traps`.
///
/// ```
/// use mousehole_engine::words::count;
/// assert_eq!(count(1u8, "hole"), "1 hole");
/// assert_eq!(count(0usize, "trap"), "0 traps");
/// ```
pub fn count(n: impl Into<usize>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`.
///
/// ```
/// use mousehole_engine::words::ordinal;
/// assert_eq!(ordinal(1), "1st");
/// assert_eq!(ordinal(12), "12th");
/// assert_eq!(ordinal(23), "23rd");
/// ```
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let shown: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            shown,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }

    /// What serde, serde_json and std say that a person should never read.
    const JARGON: [&str; 16] = [
        "os error",
        "expected ident",
        "EOF while parsing",
        "trailing characters",
        "invalid type",
        "missing field",
        "number out of range",
        "stream did not contain",
        "recursion limit",
        "expected value",
        "struct ",
        "sequence",
        "u64",
        "invalid value",
        "(\\u0000-",
        "unknown field",
    ];

    fn plain(text: &str) {
        for jargon in JARGON {
            assert!(!text.contains(jargon), "{jargon:?} in {text:?}");
        }
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "only parsed, to make serde's errors")]
    struct Part {
        agents: Vec<String>,
        seed: u64,
        shard: Option<bool>,
    }

    #[test]
    fn json_errors_say_what_is_wrong_in_plain_words() {
        let cases = [
            ("take 3", "a bare word"),
            ("{\"a\": 1", "the text ends inside an object"),
            ("[1, 2", "the text ends inside a list"),
            ("\"abc", "the text ends inside a string"),
            ("", "the text ends where a value was due"),
            ("{\"a\" 1}", "a `:` is missing"),
            ("{} {}", "more text follows"),
            ("[1,]", "a comma stands before"),
            ("{\"a\": 1e999}", "too large"),
            ("{\"a\": x}", "a value was due here"),
            ("{\"a\": \"\\q\"}", "backslash"),
            ("{\"a\": \"\n\"}", "raw control character"),
            (
                "{\"agents\": \"x\", \"seed\": 1}",
                "the string \"x\" is not allowed here: expected a list",
            ),
            ("{\"seed\": 1}", "the key \"agents\" is missing"),
            (
                "{\"agents\": [], \"seed\": -1}",
                "the number -1 is not allowed here: expected a whole number (0 to 18446744073709551615)",
            ),
            (
                "{\"agents\": [], \"seed\": 1, \"x\": 2}",
                "unknown key \"x\" (the keys are agents, seed, shard)",
            ),
            (
                "{\"agents\": [], \"seed\": 1, \"seed\": 2}",
                "the key \"seed\" is given twice",
            ),
            (
                "{\"agents\": [], \"seed\": 1, \"shard\": 3}",
                "the number 3 is not allowed here: expected true or false",
            ),
            (
                "\"x\"",
                "the string \"x\" is not allowed here: expected an object",
            ),
        ];
        for (text, expected) in cases {
            // Syntax is checked on any value, shape on the part.
            let error = serde_json::from_str::<serde_json::Value>(text)
                .err()
                .unwrap_or_else(|| serde_json::from_str::<Part>(text).unwrap_err());
            let said = json_error(&error);
            assert!(said.contains(expected), "{text:?}: {said}");
            plain(&said);
        }
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        let error = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
        assert!(json_error(&error).contains("nested too deeply"));
        let error = serde_json::from_str::<Part>("{\n\"seed\" 2}").unwrap_err();
        assert!(
            json_error(&error).ends_with("(line 2, column 8)"),
            "{}",
            json_error(&error)
        );
        assert!(!json_problem(&error).contains("line"));
    }

    #[test]
    fn io_errors_lose_their_codes_and_say_what_happened() {
        for code in 1..=133 {
            let said = io_error(&io::Error::from_raw_os_error(code));
            assert!(!said.contains("os error"), "{said}");
            assert!(!said.is_empty());
        }
        assert_eq!(
            io_error(&io::Error::from_raw_os_error(2)),
            "there is no such file or folder"
        );
        assert!(io_error(&io::Error::from_raw_os_error(8)).contains("not a program"));
        let lines = std::io::BufRead::lines(&b"\xff\n"[..]).next().unwrap();
        assert_eq!(io_error(&lines.unwrap_err()), "it is not UTF-8 text");
        let worded = io::Error::other("could not start it");
        assert_eq!(io_error(&worded), "could not start it");
    }

    #[test]
    fn a_read_error_inside_json_is_an_io_error_in_words() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::from_raw_os_error(5))
            }
        }
        let error = serde_json::from_reader::<_, Part>(Failing).unwrap_err();
        let said = json_error(&error);
        assert!(said.contains("input/output error"), "{said}");
        plain(&said);
    }
}
