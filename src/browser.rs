//! A real headless Chromium for the web client's tests (`tests/e2e/web.rs`), driven over
//! WebDriver: each [`Browser`] runs its own `chromedriver` with a fresh profile, so tabs of
//! different browsers share no storage (two players, or a player and a spectator).
//!
//! Chromium and chromedriver come from Debian (`apt-get install -y chromium
//! chromium-driver`, as `.ci/run` does); `HUSTINGS_CHROMIUM` and `HUSTINGS_CHROMEDRIVER`
//! name other binaries. Without them the browser tests are skipped with a message, except
//! in CI (`CI=true`), where they fail.

use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::server_proc::temp_dir;

/// The window every test uses: the size the issue asks the pages to fit.
pub const WIDTH: u32 = 1280;
/// See [`WIDTH`].
pub const HEIGHT: u32 = 800;

/// The flags this machine's Chromium needs to run headless in a container, plus quiet ones.
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
];

/// A binary from an environment variable, else the first of `names` found on the PATH.
fn find_binary(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Chromium and chromedriver, or None (after saying why) when either is missing outside CI.
/// Panics under `CI=true`: CI must run the browser tests.
pub fn chromium() -> Option<(PathBuf, PathBuf)> {
    let browser = find_binary("HUSTINGS_CHROMIUM", &["chromium", "chromium-browser"]);
    let driver = find_binary("HUSTINGS_CHROMEDRIVER", &["chromedriver"]);
    match (browser, driver) {
        (Some(b), Some(d)) => Some((b, d)),
        (b, d) => {
            let missing = [("chromium", b.is_none()), ("chromedriver", d.is_none())]
                .iter()
                .filter(|(_, m)| *m)
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(" and ");
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but {missing} cannot be found: CI must run the browser tests \
                 (`apt-get install -y chromium chromium-driver`)"
            );
            eprintln!(
                "\n!!! SKIPPING a browser test: {missing} not found. Install them with \
                 `apt-get install -y chromium chromium-driver` (or set HUSTINGS_CHROMIUM and \
                 HUSTINGS_CHROMEDRIVER) to include it. !!!\n"
            );
            None
        }
    }
}

/// Taken by each browser test for its whole run: Chromium is heavy, and on a 2-core machine
/// several at once make every one of them slow.
pub async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    TURN.lock().await
}

/// A free loopback port (bound once and released).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// The screen a browser is launched on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Screen {
    /// A desktop window of [`WIDTH`] × [`HEIGHT`].
    Desktop,
    /// A phone held upright, in CSS pixels, with touch.
    Phone { width: u32, height: u32 },
}

/// What a phone's Chromium calls itself, so the pages see a mobile browser.
const PHONE_USER_AGENT: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
     (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

/// One headless Chromium with its own chromedriver and profile.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    driver: Option<Child>,
    profile: PathBuf,
    /// A touch screen (Chromium's mobile emulation): [`Browser::click`] taps.
    touch: bool,
}

impl Browser {
    /// Starts one, or returns None when Chromium is not installed (see [`chromium`]).
    pub async fn launch() -> Option<Browser> {
        Browser::launch_on(Screen::Desktop).await
    }

    /// Starts one on a phone's screen: Chromium's mobile emulation at `width` × `height`
    /// CSS pixels with touch, as a person holding a phone upright sees the pages.
    pub async fn launch_phone(width: u32, height: u32) -> Option<Browser> {
        Browser::launch_on(Screen::Phone { width, height }).await
    }

    async fn launch_on(screen: Screen) -> Option<Browser> {
        let (chromium, chromedriver) = chromium()?;
        let profile = temp_dir("chromium-profile");
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .arg("--log-level=SEVERE")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Its own process group, so dropping the Browser ends Chromium's processes too.
            .process_group(0)
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on {port}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        args.push(format!("--window-size={WIDTH},{HEIGHT}"));
        let mut options = json!({ "binary": chromium, "args": args });
        if let Screen::Phone { width, height } = screen {
            options["mobileEmulation"] = json!({
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 2.0, "touch": true },
                "userAgent": PHONE_USER_AGENT,
            });
        }
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": options,
        });
        let caps = caps.as_object().cloned().unwrap_or_default();
        // chromedriver may accept connections a moment before it serves them: try again.
        let mut tries = 0;
        let client = loop {
            match ClientBuilder::new(HttpConnector::new())
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => break c,
                Err(e) if tries < 5 => {
                    tries += 1;
                    eprintln!("WebDriver session not ready ({e}); trying again");
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                Err(e) => {
                    // Leave no chromedriver behind.
                    let mut driver = driver;
                    let _ = driver.kill();
                    let _ = driver.wait();
                    panic!("no WebDriver session in headless Chromium: {e}")
                }
            }
        };
        let browser = Browser {
            client,
            driver: Some(driver),
            profile,
            touch: matches!(screen, Screen::Phone { .. }),
        };
        // Headless windows may start with another size: make the viewport the one asked
        // (a phone's is set by the emulation).
        if screen == Screen::Desktop {
            browser.fit_viewport().await;
        }
        Some(browser)
    }

    /// Resizes the window until the page's viewport is exactly WIDTH × HEIGHT.
    async fn fit_viewport(&self) {
        self.resize_viewport(WIDTH, HEIGHT).await;
    }

    /// Resizes a desktop browser's window until the page's viewport is `width` × `height`
    /// (the window's frame, if any, added on top).
    pub async fn resize_viewport(&self, width: u32, height: u32) {
        let _ = self.client.set_window_size(width, height).await;
        let inner = self
            .js("return [window.innerWidth, window.innerHeight];")
            .await;
        let (w, h) = (
            inner[0].as_u64().unwrap_or(width as u64) as u32,
            inner[1].as_u64().unwrap_or(height as u64) as u32,
        );
        if (w, h) != (width, height) {
            let _ = self
                .client
                .set_window_size(
                    width + (width - w.min(width)),
                    height + (height - h.min(height)),
                )
                .await;
        }
    }

    /// Opens `url` and waits for the document to load.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("page opens");
    }

    /// Runs `script` (a function body; `return` gives the value) in the page.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Runs `script` (a function body) asynchronously: it ends by calling its last argument,
    /// `arguments[arguments.length - 1]`, with the value to return (WebDriver's execute
    /// async, for a script that awaits a promise). WebDriver's script timeout bounds it.
    pub async fn js_async(&self, script: &str) -> Value {
        self.client
            .execute_async(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }

    /// Runs `script` every 40 ms until it returns something truthy (not null, false, 0 or
    /// ""), and returns that; panics after `timeout` with `what` and the page's text.
    pub async fn wait_for(&self, what: &str, timeout: Duration, script: &str) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let v = self.client.execute(script, Vec::new()).await;
            if let Ok(v) = v
                && truthy(&v)
            {
                return v;
            }
            if Instant::now() > deadline {
                let text = self.text().await;
                panic!("timed out after {timeout:?} waiting for {what}; the page says:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Everything the page shows as text (HTML and SVG alike).
    pub async fn text(&self) -> String {
        self.client
            .execute(
                "return document.body ? document.body.textContent : '';",
                Vec::new(),
            )
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Whether this is a touch screen (launched by [`Browser::launch_phone`]).
    pub fn is_touch(&self) -> bool {
        self.touch
    }

    /// Clicks the element `css` finds, as a person would (WebDriver's element click, at its
    /// centre, failing if something covers it); on a touch screen, taps it
    /// ([`Browser::tap`]): a person holding a phone has no mouse.
    pub async fn click(&self, css: &str) {
        if self.touch {
            return self.tap(css).await;
        }
        let el = self
            .client
            .find(fantoccini::Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        el.click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    /// Taps the element `css` finds with one finger: scrolled to the middle of the screen
    /// (as a person scrolls to what they want), then touched at its centre and let go — a
    /// touch sequence of WebDriver actions, so the page gets pointer and touch events and
    /// the click the browser makes of them. Fails if something else is on top at that point
    /// (the finger would land on it), as WebDriver's element click does.
    pub async fn tap(&self, css: &str) {
        use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, PointerAction, TouchActions};
        let el = self
            .client
            .find(fantoccini::Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        let arg = serde_json::to_value(&el).expect("an element reference");
        let at = self
            .client
            .execute(
                "const el = arguments[0]; \
                 el.scrollIntoView({ block: 'center', inline: 'center' }); \
                 const r = el.getBoundingClientRect(); \
                 const x = r.left + r.width / 2, y = r.top + r.height / 2; \
                 const top = document.elementFromPoint(x, y); \
                 if (top && (top === el || el.contains(top))) return [x, y]; \
                 return 'covered by ' + (top ? top.outerHTML.slice(0, 160) : 'nothing (off screen)');",
                vec![arg],
            )
            .await
            .unwrap_or_else(|e| panic!("cannot find where to tap {css}: {e}"));
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            panic!("cannot tap {css}: {at}");
        };
        let finger = TouchActions::new("finger".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x: x.floor(),
                y: y.floor(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(finger)
            .await
            .unwrap_or_else(|e| panic!("cannot tap {css}: {e}"));
    }

    /// Presses and releases one key, as the keyboard would, wherever the focus is.
    pub async fn press_key(&self, key: char) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client
            .perform_actions(keys)
            .await
            .unwrap_or_else(|e| panic!("cannot press {key:?}: {e}"));
    }

    /// Saves a screenshot of the viewport as `name`.png in `target/web-screenshots/`.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        self.save_screenshot(name, false).await
    }

    /// Like [`Browser::screenshot`], and when `HUSTINGS_UPDATE_SCREENSHOTS=1` also saves it
    /// in `docs/screenshots/` (the docs', committed).
    pub async fn screenshot_for_docs(&self, name: &str) -> PathBuf {
        self.save_screenshot(name, true).await
    }

    async fn save_screenshot(&self, name: &str, docs: bool) -> PathBuf {
        let png = self.client.screenshot().await.expect("screenshot");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = root.join("target").join("web-screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot dir");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).expect("screenshot written");
        if docs && std::env::var("HUSTINGS_UPDATE_SCREENSHOTS").as_deref() == Ok("1") {
            crate::screenshots::save_for_docs(name, &png);
        }
        path
    }

    /// Ends the session and chromedriver.
    pub async fn close(mut self) {
        let client = self.client.clone();
        let _ = client.close().await;
        self.stop_driver();
    }

    fn stop_driver(&mut self) {
        let Some(mut driver) = self.driver.take() else {
            return;
        };
        // The whole process group: chromedriver and the Chromium processes it started.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", driver.id())])
            .stderr(Stdio::null())
            .status();
        let _ = driver.kill();
        let _ = driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.stop_driver();
    }
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        _ => true,
    }
}
