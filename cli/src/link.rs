//! The links `mousehole host` prints for browsers: each remote seat's (its code in the link's
//! fragment, which a browser never sends), the spectators', each drawn as a QR code a phone's
//! camera reads, and the first opened in this machine's browser with `--open`.

use std::fmt::Write as _;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};

use anyhow::{Context, Result};
use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// The address the links give for a host listening on `listening`: the address listened on,
/// or, when it listens on every address, this machine's address on the network it would use
/// to reach others (a phone seldom finds a machine by its name), else `fallback` (its name).
pub fn browser_address(listening: SocketAddr, fallback: &str) -> String {
    if !listening.ip().is_unspecified() {
        return listening.to_string();
    }
    match outward_address(listening.ip()) {
        Some(ip) => SocketAddr::new(ip, listening.port()).to_string(),
        None => fallback.to_owned(),
    }
}

/// This machine's address toward other networks: a UDP socket "connected" to an address of
/// the documentation ranges (RFC 5737, RFC 3849) is given the source address the routes
/// choose. Nothing is sent. None without a route (no network at all).
fn outward_address(family: IpAddr) -> Option<IpAddr> {
    let (any, far): (IpAddr, IpAddr) = match family {
        IpAddr::V4(_) => (
            Ipv4Addr::UNSPECIFIED.into(),
            Ipv4Addr::new(192, 0, 2, 1).into(),
        ),
        IpAddr::V6(_) => (
            Ipv6Addr::UNSPECIFIED.into(),
            Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1).into(),
        ),
    };
    let socket = UdpSocket::bind(SocketAddr::new(any, 0)).ok()?;
    socket.connect(SocketAddr::new(far, 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// `link` as a QR code of text, each line indented by `indent`: light modules are the
/// terminal's text colour (full and half blocks), dark ones its background, with the quiet
/// zone around it drawn, so on the usual dark terminal it reads as printed on paper (phones
/// read the light-on-dark form too).
pub fn qr_code(link: &str, indent: &str) -> Result<String> {
    let code = QrCode::new(link.as_bytes()).context("the link is too long for a QR code")?;
    let drawn = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build();
    let mut text = String::new();
    for line in drawn.lines() {
        let _ = writeln!(text, "{indent}{line}");
    }
    Ok(text)
}

/// Opens `link` in this machine's browser (`$BROWSER`, else the desktop's choice), or says in
/// words why it cannot.
pub fn open(link: &str) -> Result<()> {
    webbrowser::open(link).with_context(|| {
        format!(
            "cannot open a browser on this machine (--open): set BROWSER to one, or open {link} yourself"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_on_one_address_gives_that_address() {
        let listening: SocketAddr = "127.0.0.1:7000".parse().unwrap();
        assert_eq!(browser_address(listening, "pantry:7000"), "127.0.0.1:7000");
    }

    #[test]
    fn a_host_on_every_address_gives_an_address_others_reach_or_its_name() {
        let listening: SocketAddr = "0.0.0.0:7000".parse().unwrap();
        let given = browser_address(listening, "pantry:7000");
        if given != "pantry:7000" {
            let address: SocketAddr = given.parse().expect("an address");
            assert_eq!(address.port(), 7000);
            assert!(!address.ip().is_unspecified() && !address.ip().is_loopback());
        }
    }

    #[test]
    fn the_qr_code_is_square_blocks_indented() {
        let drawn = qr_code("http://192.168.1.20:41234/#k3m9-x2qa-7hfe-pw3n-b8cd", "  ").unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        let width = lines[0].chars().count();
        // Two rows of modules per line: as many lines as half the width (the indent aside).
        assert_eq!(lines.len(), (width - 2).div_ceil(2));
        for line in &lines {
            assert!(line.starts_with("  "));
            assert_eq!(line.chars().count(), width);
            assert!(line[2..].chars().all(|c| " █▀▄".contains(c)), "{line}");
        }
    }
}
