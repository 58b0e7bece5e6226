//! `mousehole host`'s links for browsers: one per remote seat with its code in the fragment and
//! its QR code, the page and the game's rules served on the host's one port (with the page's
//! Content-Security-Policy), and `--open` handing the first link to the browser.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::{Duration, Instant};

use super::network::Hosting;
use super::{binary, mousehole, scratch};

/// A plain HTTP/1.1 GET over 127.0.0.1: the response's head and body as text.
fn get(address: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_ascii_lowercase(), body.to_owned())
}

#[test]
fn every_remote_seat_gets_a_link_and_a_qr_code_and_the_page_is_served() {
    let mut hosting = Hosting::start(&[
        "mouse-trap",
        "--seats",
        "remote:anna,remote:ben,hard",
        "--allow-watch",
    ]);
    // Each QR code's last line is its quiet zone's lower half.
    let printed = hosting.printed_until("  ▀▀▀", 3);
    let links: Vec<&str> = printed
        .lines()
        .filter_map(|line| line.strip_prefix("  in a browser: "))
        .collect();
    assert_eq!(links.len(), 3, "two seats and the spectators:\n{printed}");
    for (link, (address, code)) in links.iter().zip(&hosting.seats) {
        assert_eq!(*link, format!("http://{address}/#{code}"));
    }
    assert_eq!(links[2], format!("http://{}/#watch", hosting.seats[0].0));
    // Each link's QR code: rows of blocks under it (a version 4 code and its quiet zone
    // make 21 lines of 41 modules).
    let qr_lines = printed
        .lines()
        .filter(|line| line.starts_with("  █") || line.starts_with("  ▀"))
        .count();
    assert!(qr_lines >= 3 * 15, "{printed}");

    let address = &hosting.seats[0].0;
    let (head, body) = get(address, "/");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        head.contains("content-type: text/html; charset=utf-8"),
        "{head}"
    );
    assert!(
        head.contains("content-security-policy: default-src 'none'; script-src 'self'"),
        "{head}"
    );
    assert!(body.contains("<script type=\"module\" src=\"page.js\">"));
    let (head, _) = get(address, "/page.js");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    let (head, _) = get(address, "/games/mouse-trap.js");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let (_, rules) = get(address, "/rules");
    let printed_rules = mousehole(&["rules", "mouse-trap"]);
    assert_eq!(
        rules.as_bytes(),
        printed_rules.stdout,
        "the same text as `mousehole rules`"
    );
    let (head, _) = get(address, "/../Cargo.toml");
    assert!(head.starts_with("http/1.1 404"), "{head}");
    hosting.child.kill().unwrap();
    let _ = hosting.child.wait();
}

#[test]
fn open_hands_the_first_link_to_the_browser() {
    let dir = scratch("open");
    let opened = dir.join("opened");
    let browser = dir.join("browser.sh");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(
        &browser,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let mut child = binary()
        .args([
            "host",
            "cheese-day:players=2",
            "--seats",
            "remote:anna,random",
        ])
        .args(["--bind", "127.0.0.1", "--no-qr", "--open"])
        .env("BROWSER", &browser)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let _seat = lines.next().unwrap().unwrap();
    let link = lines.next().unwrap().unwrap();
    let link = link.strip_prefix("  in a browser: ").expect("the link");
    let until = Instant::now() + Duration::from_secs(10);
    while !opened.exists() {
        assert!(Instant::now() < until, "the browser was not opened");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(std::fs::read_to_string(&opened).unwrap().trim(), link);
    child.kill().unwrap();
    let _ = child.wait();
}
