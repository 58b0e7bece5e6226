//! Headless Chromium for the tests and the benchmark of the page the host serves: Debian's
//! `chromium` driven by its `chromedriver` over WebDriver ([fantoccini]), both on 127.0.0.1
//! only, each [`Browser`] a fresh profile in its own processes, ended when it is dropped.
//!
//! Calls block (a small runtime of its own runs them), so a plain `#[test]` drives a page
//! step by step: open a link, wait for an element, click, read attributes and text, run a
//! script, take a screenshot, and read the console's errors. The window is a phone's,
//! 360 × 640 CSS pixels, unless [`Browser::viewport`] says otherwise.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use thiserror::Error;

/// Where Debian puts Chromium and its driver (`apt-get install chromium chromium-driver`);
/// `MOUSEHOLE_CHROMIUM` and `MOUSEHOLE_CHROMEDRIVER` name others.
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A phone held upright, in CSS pixels.
pub const PHONE: (u32, u32) = (360, 640);

/// What went wrong with the browser.
#[derive(Debug, Error)]
pub enum BrowserError {
    #[error(
        "{what} is not installed at {}: `apt-get install chromium chromium-driver` (`cargo xtask ci` installs them)",
        .path.display()
    )]
    Missing { what: &'static str, path: PathBuf },
    #[error("cannot start chromedriver: {0}")]
    Driver(std::io::Error),
    #[error("chromedriver did not answer within {0:?}")]
    DriverSilent(Duration),
    #[error("cannot open a Chromium session: {0}")]
    Session(#[from] fantoccini::error::NewSessionError),
    #[error("WebDriver: {0}")]
    Command(#[from] fantoccini::error::CmdError),
    #[error("no element matches {css} after {waited:?}")]
    NotFound { css: String, waited: Duration },
    #[error("cannot start the browser's runtime: {0}")]
    Runtime(std::io::Error),
}

type Result<T> = std::result::Result<T, BrowserError>;

/// One headless Chromium with its chromedriver.
pub struct Browser {
    runtime: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("driver", &self.driver.id())
            .finish_non_exhaustive()
    }
}

fn installed(what: &'static str, variable: &str, default: &str) -> Result<PathBuf> {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from);
    if path.is_file() {
        Ok(path)
    } else {
        Err(BrowserError::Missing { what, path })
    }
}

/// A port free on 127.0.0.1 just now.
fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(BrowserError::Driver)?;
    Ok(listener.local_addr().map_err(BrowserError::Driver)?.port())
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile, its window a phone's
    /// ([`PHONE`]). Chromium is told to make no connection of its own (updates, sync,
    /// metrics): the only pages it opens are the ones a test asks for.
    pub fn start() -> Result<Self> {
        let chromium = installed("Chromium", "MOUSEHOLE_CHROMIUM", CHROMIUM)?;
        let chromedriver = installed("ChromeDriver", "MOUSEHOLE_CHROMEDRIVER", CHROMEDRIVER)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(BrowserError::Runtime)?;
        let port = free_port()?;
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(BrowserError::Driver)?;
        let mut browser = Self {
            runtime,
            client: None,
            driver,
        };
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let started = Instant::now();
        let limit = Duration::from_secs(20);
        while TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_err() {
            if started.elapsed() > limit {
                return Err(BrowserError::DriverSilent(limit));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-quic",
                    "--no-first-run",
                    "--no-default-browser-check",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-extensions",
                    "--disable-features=Translate,MediaRouter,OptimizationHints",
                    "--metrics-recording-only",
                    "--password-store=basic",
                    format!("--window-size={},{}", PHONE.0, PHONE.1),
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object")
        };
        let client = browser.runtime.block_on(
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(capabilities)
                .connect(&format!("http://{address}")),
        )?;
        browser.client = Some(client);
        browser.viewport(PHONE.0, PHONE.1, true)?;
        Ok(browser)
    }

    fn client(&self) -> &Client {
        self.client.as_ref().expect("a session until dropped")
    }

    /// Sets the page's viewport to `width` × `height` CSS pixels, as a phone's (`mobile`:
    /// touch, the meta viewport honoured) or a desktop's.
    pub fn viewport(&self, width: u32, height: u32, mobile: bool) -> Result<()> {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            &json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )?;
        Ok(())
    }

    /// Chooses the colour scheme the page is told the system prefers (`light` or `dark`).
    pub fn color_scheme(&self, scheme: &str) -> Result<()> {
        self.cdp(
            "Emulation.setEmulatedMedia",
            &json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] }),
        )?;
        Ok(())
    }

    /// Sends a DevTools command through chromedriver.
    fn cdp(&self, command: &str, params: &Value) -> Result<Value> {
        Ok(self.runtime.block_on(self.client().issue_cmd(Vendor {
            path: "goog/cdp/execute",
            body: json!({ "cmd": command, "params": params }),
        }))?)
    }

    /// Opens `url` and waits for it to load.
    pub fn open(&self, url: &str) -> Result<()> {
        Ok(self.runtime.block_on(self.client().goto(url))?)
    }

    /// Loads the page again (as a person's reload does).
    pub fn reload(&self) -> Result<()> {
        Ok(self.runtime.block_on(self.client().refresh())?)
    }

    /// The first element matching `css`, once there is one, waiting up to `limit`.
    pub fn wait_for(&self, css: &str, limit: Duration) -> Result<Element> {
        let started = Instant::now();
        loop {
            if let Some(element) = self.find(css)? {
                return Ok(element);
            }
            if started.elapsed() > limit {
                return Err(BrowserError::NotFound {
                    css: css.to_owned(),
                    waited: limit,
                });
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The first element matching `css`, if any now.
    pub fn find(&self, css: &str) -> Result<Option<Element>> {
        let found = self
            .runtime
            .block_on(self.client().find_all(Locator::Css(css)))?;
        Ok(found.into_iter().next())
    }

    /// Every element matching `css` now.
    pub fn find_all(&self, css: &str) -> Result<Vec<Element>> {
        Ok(self
            .runtime
            .block_on(self.client().find_all(Locator::Css(css)))?)
    }

    /// Clicks `element` (scrolled into view first, as a person's tap).
    pub fn click(&self, element: &Element) -> Result<()> {
        Ok(self.runtime.block_on(element.click())?)
    }

    /// An attribute of `element`.
    pub fn attribute(&self, element: &Element, name: &str) -> Result<Option<String>> {
        Ok(self.runtime.block_on(element.attr(name))?)
    }

    /// The text `element` shows.
    pub fn text(&self, element: &Element) -> Result<String> {
        Ok(self.runtime.block_on(element.text())?)
    }

    /// Types `text` into `element` (a field).
    pub fn type_into(&self, element: &Element, text: &str) -> Result<()> {
        Ok(self.runtime.block_on(element.send_keys(text))?)
    }

    /// Runs `script` (a function body: `return …`) in the page with `args`.
    pub fn script(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        Ok(self.runtime.block_on(self.client().execute(script, args))?)
    }

    /// The viewport as a PNG.
    pub fn screenshot(&self) -> Result<Vec<u8>> {
        Ok(self.runtime.block_on(self.client().screenshot())?)
    }

    /// The console's messages since the last call at level SEVERE: errors a script logged or
    /// threw, failed loads, and what the Content-Security-Policy refused.
    pub fn console_errors(&self) -> Result<Vec<String>> {
        let log = self.runtime.block_on(self.client().issue_cmd(Vendor {
            path: "se/log",
            body: json!({ "type": "browser" }),
        }))?;
        Ok(log
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
            .collect())
    }

    /// Elements of the page that reach past the viewport's right edge or the page being wider
    /// than the viewport (sideways scrolling): each as `tag#id.class (left…right)`.
    pub fn overflowing(&self) -> Result<Vec<String>> {
        let found = self.script(
            r"const width = document.documentElement.clientWidth;
              const out = [];
              if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
              for (const node of document.querySelectorAll('body *')) {
                const box = node.getBoundingClientRect();
                if (box.width === 0 || box.height === 0) continue;
                if (getComputedStyle(node).visibility === 'hidden') continue;
                if (box.right > width + 0.5 || box.left < -0.5) {
                  const name = `${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}${typeof node.className === 'string' && node.className ? '.' + node.className.split(' ').join('.') : ''}`;
                  out.push(`${name} (${Math.round(box.left)}…${Math.round(box.right)})`);
                }
              }
              return out;",
            Vec::new(),
        )?;
        Ok(found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|item| item.as_str().map(str::to_owned))
            .collect())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let _ = self.runtime.block_on(async {
                tokio::time::timeout(Duration::from_secs(5), client.close()).await
            });
        }
        // Ending chromedriver ends the Chromium it started.
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A chromedriver command outside W3C WebDriver: `POST /session/ID/PATH` with a JSON body.
#[derive(Debug)]
struct Vendor {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Vendor {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> std::result::Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}
