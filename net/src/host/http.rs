//! The host's one port as HTTP/1.1: hyper reads every request (its head bounded in size and
//! time), a request that opens a WebSocket (at any path, as before) is answered `101` and
//! handed back to the connection's task as the WebSocket's stream, and every other request
//! is served by [`routes`], the place for the pages the host serves beside its WebSocket.
//!
//! A connection's time to join counts from the moment it connected, or, on a connection kept
//! open after an HTTP request, from that request's answer: the WebSocket's handshake spends
//! the same time as the join, so a handshake trickled in leaves less for the join.

use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, Response, StatusCode, Version, header};
use hyper::body::Incoming;
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tower::ServiceExt;

/// The HTTP/1.1 request head the host reads at most, in bytes (request line and headers).
pub(super) const MAX_REQUEST_HEAD_BYTES: usize = 64 * 1024;

/// The routes the host serves over HTTP beside its WebSocket: the page a browser plays with
/// ([`crate::page::routes`], showing `rules`). A request for anything else is answered
/// `404 Not Found` with a line of text.
pub(super) fn routes(rules: &str) -> Router {
    crate::page::routes(rules).fallback(not_found)
}

async fn not_found() -> (StatusCode, &'static str) {
    (
        StatusCode::NOT_FOUND,
        "Nothing here: this is a mousehole host, played with `mousehole join ADDRESS --code CODE`.\n",
    )
}

/// A connection that asked for a WebSocket and was answered `101`: its stream, and when its
/// time to join began.
pub(super) struct WebSocketRequest {
    pub(super) stream: TokioIo<Upgraded>,
    pub(super) since: Instant,
}

/// What one connection's requests leave for its task.
struct ConnectionState {
    /// When the connection's time to join began: its connection, or the answer to its last
    /// HTTP request.
    since: Instant,
    /// The WebSocket it asked for, once answered `101`.
    upgrade: Option<(OnUpgrade, Instant)>,
}

/// Serves one connection's HTTP requests until it closes, asks for a WebSocket (then its
/// stream), has had a request head unfinished for `head_time`, or has been served
/// `http_time` in all.
pub(super) async fn serve(
    stream: TcpStream,
    accepted: Instant,
    routes: Router,
    head_time: Duration,
    http_time: Duration,
) -> Option<WebSocketRequest> {
    let state = Arc::new(Mutex::new(ConnectionState {
        since: accepted,
        upgrade: None,
    }));
    let requests = Arc::clone(&state);
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let routes = routes.clone();
        let state = Arc::clone(&requests);
        async move {
            if asks_for_websocket(request.headers()) {
                return Ok::<_, Infallible>(accept_websocket(request, &state));
            }
            let response = routes.oneshot(request).await;
            lock(&state).since = Instant::now();
            response
        }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(head_time)
        .max_buf_size(MAX_REQUEST_HEAD_BYTES)
        .max_header_size(MAX_REQUEST_HEAD_BYTES)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    // Done when the connection closes or is handed over as a WebSocket.
    if !matches!(
        tokio::time::timeout(http_time, connection).await,
        Ok(Ok(()))
    ) {
        return None;
    }
    let (upgrade, since) = lock(&state).upgrade.take()?;
    let stream = TokioIo::new(upgrade.await.ok()?);
    Some(WebSocketRequest { stream, since })
}

fn lock(state: &Mutex<ConnectionState>) -> std::sync::MutexGuard<'_, ConnectionState> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether a request asks to become a WebSocket (`Upgrade: websocket`); it is answered as
/// one, well formed or not.
fn asks_for_websocket(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::UPGRADE)
        .iter()
        .any(|value| has_token(value.as_bytes(), "websocket"))
}

/// Whether a comma-separated header value lists `token` (in any case).
fn has_token(value: &[u8], token: &str) -> bool {
    value
        .split(|byte| *byte == b',')
        .any(|part| part.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
}

/// Answers a request for a WebSocket (RFC 6455 section 4.2): `101 Switching Protocols`, its
/// stream kept for the connection's task, or `400 Bad Request` with what is wrong.
fn accept_websocket(
    mut request: Request<Incoming>,
    state: &Mutex<ConnectionState>,
) -> Response<Body> {
    let headers = request.headers();
    let key = headers
        .get(header::SEC_WEBSOCKET_KEY)
        .map(axum::http::HeaderValue::as_bytes);
    let wrong = if request.method() != Method::GET || request.version() != Version::HTTP_11 {
        Some("a WebSocket is opened with GET over HTTP/1.1")
    } else if !headers
        .get_all(header::CONNECTION)
        .iter()
        .any(|value| has_token(value.as_bytes(), "upgrade"))
    {
        Some("a WebSocket request says Connection: Upgrade")
    } else if headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .is_none_or(|version| version.as_bytes() != b"13")
    {
        Some("this host speaks WebSocket version 13 (Sec-WebSocket-Version: 13)")
    } else if key.is_none_or(<[u8]>::is_empty) {
        Some("a WebSocket request carries a Sec-WebSocket-Key")
    } else {
        None
    };
    if let Some(wrong) = wrong {
        return Response::builder()
            .status(StatusCode::BAD_REQUEST)
            .header(header::SEC_WEBSOCKET_VERSION, "13")
            .header(header::CONNECTION, "close")
            .body(Body::from(format!("{wrong}\n")))
            .expect("a well-formed response");
    }
    let accept = derive_accept_key(key.unwrap_or_default());
    let upgrade = hyper::upgrade::on(&mut request);
    {
        let mut state = lock(state);
        let since = state.since;
        state.upgrade = Some((upgrade, since));
    }
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, accept)
        .body(Body::empty())
        .expect("a well-formed response")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_tokens_are_found_in_lists_in_any_case() {
        assert!(has_token(b"keep-alive, Upgrade", "upgrade"));
        assert!(has_token(b"WebSocket", "websocket"));
        assert!(!has_token(b"websockets", "websocket"));
        assert!(!has_token(b"", "upgrade"));
    }
}
