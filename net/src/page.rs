//! The page a browser plays a seat with, or watches the table: HTML, CSS and JavaScript built
//! into the binary from `net/web/` (nothing is fetched from anywhere else, and no build step
//! runs), served by the host on its one port beside the WebSocket it is a client of. The page
//! speaks the same protocol as `mousehole join` and is sent exactly what `join` is sent for
//! its seat (docs/browser.md); it takes the seat's code from the address's fragment, which a
//! browser never puts in a request.
//!
//! Every response carries a Content-Security-Policy that lets the page run only its own
//! scripts and styles and connect only to the host it came from: no inline script, no other
//! origin, no plug-ins, no framing.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{Response, header};
use axum::routing::get;

/// One file of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// Its path on the host (`/` for the page itself).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    pub body: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";
const TEXT: &str = "text/plain; charset=utf-8";

/// Every file of the page, from `net/web/` (the build script lists the folder).
pub const ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The path the rules of the hosted game are served at (as `mousehole rules` prints them).
pub const RULES_PATH: &str = "/rules";

/// The Content-Security-Policy of every response: scripts, styles and images from the host
/// alone (none inline), connections to the host alone (its WebSocket, the rules), nothing
/// else at all.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The headers every response of the page carries besides its type: the policy above, no
/// guessing of types, no address passed on to another site, and no stale copy kept (a host
/// started again may serve another version).
pub const HEADERS: &[(&str, &str)] = &[
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-cache"),
];

/// The file served at `path` (a request's path, without its query), if the page has one.
/// `/index.html` is the page too.
pub fn asset(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|asset| asset.path == path)
}

/// The page's total weight in bytes, every file counted once, uncompressed.
pub fn weight() -> usize {
    ASSETS.iter().map(|asset| asset.body.len()).sum()
}

/// The page's routes on the host: every file at its path (`GET`, and `HEAD`) and the hosted
/// game's `rules` at [`RULES_PATH`], each with its type and [`HEADERS`].
pub(crate) fn routes(rules: &str) -> Router {
    let mut router = Router::new();
    for asset in ASSETS {
        let serve = move || async move { response(asset.content_type, Body::from(asset.body)) };
        router = router.route(asset.path, get(serve));
        if asset.path == "/" {
            router = router.route("/index.html", get(serve));
        }
    }
    let rules = Bytes::from(rules.to_owned());
    router.route(
        RULES_PATH,
        get(move || {
            let rules = rules.clone();
            async move { response(TEXT, Body::from(rules)) }
        }),
    )
}

/// A `200 OK` of `content_type` with the page's headers.
fn response(content_type: &str, body: Body) -> Response<Body> {
    let mut builder = Response::builder().header(header::CONTENT_TYPE, content_type);
    for (name, value) in HEADERS {
        builder = builder.header(*name, *value);
    }
    builder.body(body).expect("a well-formed response")
}

/// The address a browser opens to play the seat with `code` on the host at `address`
/// (`http://HOST:PORT/#CODE`): the code rides in the fragment, which a browser keeps to
/// itself (it is in no request line, no `Referer`, no log).
pub fn seat_link(address: &str, code: &str) -> String {
    format!("http://{address}/#{code}")
}

/// The address a browser opens to watch the table (with `--allow-watch`).
pub fn watch_link(address: &str) -> String {
    format!("http://{address}/#watch")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn web() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
    }

    fn files(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("net/web is there") {
            let path = entry.expect("a readable entry").path();
            if path.is_dir() {
                files(&path, out);
            } else {
                let relative = path.strip_prefix(web()).expect("under net/web");
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }

    #[test]
    fn every_file_of_the_page_is_served() {
        let mut on_disk = Vec::new();
        files(&web(), &mut on_disk);
        on_disk.sort();
        let mut served: Vec<String> = ASSETS
            .iter()
            .map(|asset| {
                if asset.path == "/" {
                    "index.html".to_owned()
                } else {
                    asset.path.trim_start_matches('/').to_owned()
                }
            })
            .collect();
        served.sort();
        assert_eq!(on_disk, served, "net/web and ASSETS list different files");
        assert_eq!(asset("/index.html"), asset("/"));
        assert!(asset("/../Cargo.toml").is_none());
        assert!(asset("/games/").is_none());
    }

    #[test]
    fn every_game_has_a_board_module() {
        for game in mousehole_engine::registry::games() {
            let module = format!("/games/{}.js", game.name);
            assert!(asset(&module).is_some(), "no board for {}", game.name);
        }
    }

    #[test]
    fn the_page_weighs_at_most_150_kb() {
        assert!(weight() <= 150 * 1024, "the page weighs {} bytes", weight());
    }

    /// Text from the host (names, notes, status lines) reaches the page only as text: no
    /// script parses a string as HTML or code, and the page has no inline script or style for
    /// the policy to have to allow.
    #[test]
    fn nothing_is_parsed_as_html_or_code() {
        const SINKS: &[&str] = &[
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
            "setTimeout('",
            "createContextualFragment",
            "DOMParser",
            "srcdoc",
        ];
        for asset in ASSETS {
            let text = std::str::from_utf8(asset.body).unwrap();
            if asset.content_type == JS {
                for sink in SINKS {
                    assert!(!text.contains(sink), "{} uses {sink}", asset.path);
                }
            }
            if asset.content_type == HTML {
                for (at, _) in text.match_indices("<script") {
                    let tag = &text[at..at + text[at..].find('>').unwrap()];
                    assert!(tag.contains("src="), "an inline script in {}", asset.path);
                }
                assert!(
                    !text.contains("<style"),
                    "an inline style in {}",
                    asset.path
                );
                assert!(
                    !text.contains(" style="),
                    "a style attribute in {}",
                    asset.path
                );
                let handler = text.match_indices(" on").any(|(at, _)| {
                    let name: String = text[at + 3..]
                        .chars()
                        .take_while(char::is_ascii_lowercase)
                        .collect();
                    !name.is_empty() && text[at + 3 + name.len()..].starts_with('=')
                });
                assert!(!handler, "an event attribute in {}", asset.path);
            }
        }
    }

    #[test]
    fn links_carry_the_code_in_the_fragment() {
        assert_eq!(
            seat_link("pantry:7000", "k3m9-x2qa-7hfe-pw3n-b8cd"),
            "http://pantry:7000/#k3m9-x2qa-7hfe-pw3n-b8cd"
        );
        assert_eq!(watch_link("[::1]:7000"), "http://[::1]:7000/#watch");
    }
}
