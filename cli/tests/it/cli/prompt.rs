//! The prompt on a real terminal (a pseudo-terminal driven by Python's `pty`): line editing
//! and history, as a person at a terminal types.

use std::process::Command;

use super::{binary_path, scratch, text};

/// Runs `mousehole ARGS` on a pseudo-terminal, typing each of `keys` once the output so far
/// ends with a prompt (`> `), and returns everything it printed.
fn on_a_terminal(args: &[&str], keys: &[&str]) -> String {
    const DRIVER: &str = r#"
import os, pty, re, select, sys, time
keys = sys.argv[1].split("\x1f")
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
out = b""
def read(seconds):
    global out
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return False
            if not chunk:
                return False
            out += chunk
            end = max(end, time.time() + 0.3)
    return True
for key in keys:
    # Wait for a prompt, then type.
    deadline = time.time() + 60
    def prompted():
        shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\r", b"", out)
        return shown.rstrip(b" ").endswith(b">")
    while not prompted() and time.time() < deadline:
        if not read(0.2):
            break
    os.write(fd, key.encode())
    out += b"\n[typed]\n"
    read(0.5)
read(5)
os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace"))
"#;
    let mut command = Command::new("python3");
    command
        .arg("-c")
        .arg(DRIVER)
        .arg(keys.join("\u{1f}"))
        .arg(binary_path())
        .args(args);
    let output = command.output().expect("python3 runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn arrow_keys_at_the_prompt_edit_the_line_and_up_recalls_it() {
    let dir = scratch("prompt-editing");
    let out = dir.join("game.json");
    // Seed 7: seat 0 rolls a 1 and slot 1 shows one: `take 1` and `remove 1` are its moves.
    // Typed: "ake 1", five times ← to the start, "t", Enter: the line is `take 1`.
    let left = "\x1b[D";
    let first = format!("ake 1{}t\r", left.repeat(5));
    // At the next prompt ↑ then Enter sends `take 1` again (played, or explained as not a
    // choice now); then `quit` stops the game.
    let printed = on_a_terminal(
        &[
            "play",
            "cheese-day:players=2",
            "--seats",
            "human,heuristic",
            "--seed",
            "7",
            "--out",
            text(&out),
        ],
        &[&first, "\x1b[A\r", "quit\r"],
    );
    assert!(
        !printed.contains("is not something you can type here"),
        "{printed}"
    );
    let transcript = mousehole_engine::Transcript::from_json(
        &std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {printed}")),
    )
    .unwrap();
    let first_move = transcript
        .events
        .iter()
        .find(|e| e.actor == mousehole_engine::Actor::Seat(0))
        .map(|e| &*e.action);
    assert_eq!(first_move, Some("take 1"), "{printed}");
    let moves: Vec<&str> = transcript
        .events
        .iter()
        .filter(|e| e.actor == mousehole_engine::Actor::Seat(0))
        .map(|e| &*e.action)
        .collect();
    assert!(
        moves.get(1) == Some(&"take 1")
            || printed.contains("'take 1' is not one of your choices now"),
        "↑ did not recall `take 1`: {moves:?} {printed}"
    );
    assert!(
        transcript.stopped.is_some_and(|s| s.contains("quit")),
        "{printed}"
    );
}
