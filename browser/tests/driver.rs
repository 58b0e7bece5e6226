//! The driver itself against a page of its own (a `data:` address: nothing served, nothing
//! fetched): it reads what a page shows, clicks, measures overflow and hears console errors.

use std::time::Duration;

use mousehole_browser::Browser;

#[test]
fn a_page_is_read_clicked_measured_and_its_errors_heard() {
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open("data:text/html,<meta name=viewport content='width=device-width'><p id=x>hello</p><button id=b onclick=\"document.getElementById('x').textContent='clicked'\">b</button><div id=wide style='width:500px'>w</div>")
        .unwrap();
    let text = browser.wait_for("#x", Duration::from_secs(5)).unwrap();
    assert_eq!(browser.text(&text).unwrap(), "hello");
    let button = browser.find("#b").unwrap().unwrap();
    browser.click(&button).unwrap();
    assert_eq!(browser.text(&text).unwrap(), "clicked");
    let width = browser
        .script("return document.documentElement.clientWidth", Vec::new())
        .unwrap();
    assert_eq!(width, 360, "a phone's viewport");
    let over = browser.overflowing().unwrap();
    assert!(over.iter().any(|o| o.starts_with("div#wide")), "{over:?}");
    browser
        .script(
            "setTimeout(() => { throw new Error('boom') }, 0); return 1",
            Vec::new(),
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let errors = browser.console_errors().unwrap();
    assert!(errors.iter().any(|e| e.contains("boom")), "{errors:?}");
    assert!(browser.console_errors().unwrap().is_empty(), "read once");
}
