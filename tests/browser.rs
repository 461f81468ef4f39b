//! The HTML page of a check, opened in a real browser: headless Chromium (Debian's
//! `chromium` package, which `.ci/run` installs; the test is skipped with a note when no
//! Chromium is found; `FAIRY_CHROMIUM` names another binary).
//!
//! - The DOM the browser built has every problem's section, each with its diagram and its
//!   verdict badge.
//! - A screenshot of the whole page shows one board per problem (runs of pixel rows with
//!   the dark-square colour) and the badges' colours.
//! - Nothing is fetched: the browser runs behind a proxy of the test's own, which records
//!   every request; opening the page adds no host to those Chromium asks for on its own
//!   (measured on `about:blank` in the same run, and Google's service hosts, which it asks
//!   at varying moments), and a page with one remote image, opened the same way, is caught
//!   (so the check can fail).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The problems of the page: the check folder (every verdict) and two with fairy units,
/// twins and the two boards of Alice chess.
const PROBLEMS: &[&str] = &[
    "problems/check",
    "problems/pieces/h2-brogi-1971.inp",
    "problems/alice/m1-duo-constructed-1.inp",
];
const SECTIONS: usize = 14;

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("FAIRY_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.exists())
}

/// A proxy that answers nothing and records the host of every request.
struct Proxy {
    port: u16,
    hosts: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl Proxy {
    fn start() -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let hosts = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (h, s) = (hosts.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let _ = stream.set_nonblocking(false);
                        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
                        let mut line = String::new();
                        let _ = BufReader::new(&stream).read_line(&mut line);
                        // `CONNECT host:443 HTTP/1.1` or `GET http://host/path HTTP/1.1`.
                        let target = line.split_whitespace().nth(1).unwrap_or_default();
                        let host = target
                            .trim_start_matches("http://")
                            .trim_start_matches("https://")
                            .split(['/', ':'])
                            .next()
                            .unwrap_or_default()
                            .to_string();
                        h.lock().unwrap().push(host);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Proxy { port, hosts, stop }
    }

    /// The hosts asked for while `f` ran (requests still under way get a moment).
    fn during(&self, f: impl FnOnce() -> Output) -> (Output, Vec<String>) {
        self.hosts.lock().unwrap().clear();
        let out = f();
        std::thread::sleep(Duration::from_millis(300));
        let mut hosts = self.hosts.lock().unwrap().clone();
        hosts.sort();
        hosts.dedup();
        (out, hosts)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn browse(chromium: &Path, proxy: &Proxy, args: &[&str], url: &str) -> Output {
    let profile = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(chromium);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--proxy-bypass-list=<-loopback>",
    ])
    .arg(format!("--proxy-server=http://127.0.0.1:{}", proxy.port))
    .arg(format!("--user-data-dir={}", profile.path().display()))
    .args(args)
    .arg(url);
    cmd.output().expect("Chromium runs")
}

/// Hosts of Google's that Chromium asks on its own, at moments that vary from run to run
/// (time, accounts, updates): not the page's doing.
fn chromium_service(host: &str) -> bool {
    [
        "google.com",
        "googleapis.com",
        "gstatic.com",
        "gvt1.com",
        "googleusercontent.com",
    ]
    .iter()
    .any(|d| host == *d || host.ends_with(&format!(".{d}")))
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.canonicalize().unwrap().display())
}

/// Pixel rows in which at least `min` pixels have exactly this colour.
fn rows_with(img: &[u8], width: usize, rgb: [u8; 3], min: usize) -> Vec<bool> {
    img.chunks(width * 4)
        .map(|row| row.chunks(4).filter(|p| p[..3] == rgb).count() >= min)
        .collect()
}

/// Runs of at least `len` consecutive true rows.
fn runs(rows: &[bool], len: usize) -> usize {
    let mut count = 0;
    let mut current = 0;
    for &r in rows.iter().chain([false].iter()) {
        if r {
            current += 1;
        } else {
            if current >= len {
                count += 1;
            }
            current = 0;
        }
    }
    count
}

fn hex(color: &str) -> [u8; 3] {
    let c = color.trim_start_matches('#');
    let byte = |i: usize| u8::from_str_radix(&c[i..i + 2], 16).unwrap();
    [byte(0), byte(2), byte(4)]
}

#[test]
fn the_check_page_reads_in_a_browser_and_loads_nothing() {
    let Some(chromium) = chromium() else {
        eprintln!("browser test skipped: no Chromium found (Debian's `chromium` package, or FAIRY_CHROMIUM)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("check.html");
    let o = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .arg("check")
        .args(PROBLEMS)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let url = file_url(&page);
    let proxy = Proxy::start();

    // The DOM: a section per problem, each with its diagram and verdict.
    let (dom, page_hosts) = proxy.during(|| browse(&chromium, &proxy, &["--dump-dom"], &url));
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let dom = String::from_utf8_lossy(&dom.stdout).into_owned();
    let sections: Vec<&str> = dom.split("<section class=\"problem\"").skip(1).collect();
    assert_eq!(sections.len(), SECTIONS, "{dom}");
    for s in &sections {
        let s = &s[..s.find("</section>").expect("a closed section")];
        assert!(
            s.contains("<svg") && s.contains("class=\"diagram\""),
            "no diagram: {s}"
        );
        assert!(s.contains("data-role=\"verdict\""), "no verdict: {s}");
        assert!(s.contains("class=\"unit\""), "no unit drawn: {s}");
    }

    // Nothing fetched: the page's requests are only those Chromium makes for an empty page.
    let (_, blank_hosts) =
        proxy.during(|| browse(&chromium, &proxy, &["--dump-dom"], "about:blank"));
    let fetched: Vec<&String> = page_hosts
        .iter()
        .filter(|h| !blank_hosts.contains(h) && !chromium_service(h))
        .collect();
    assert!(fetched.is_empty(), "the page fetched from {fetched:?}");
    let canary = dir.path().join("canary.html");
    std::fs::write(
        &canary,
        "<!DOCTYPE html><img src=\"http://fairy-canary.invalid/x.png\">",
    )
    .unwrap();
    let (_, canary_hosts) =
        proxy.during(|| browse(&chromium, &proxy, &["--dump-dom"], &file_url(&canary)));
    assert!(
        canary_hosts.iter().any(|h| h == "fairy-canary.invalid"),
        "the proxy did not see a remote image: {canary_hosts:?}"
    );

    // The screenshot: a board per problem (Alice's two stand side by side), and badges.
    let shot = dir.path().join("check.png");
    let o = browse(
        &chromium,
        &proxy,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,9000",
        ],
        &url,
    );
    assert!(
        shot.exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let decoder = png::Decoder::new(std::fs::File::open(&shot).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buf[..info.buffer_size()].to_vec(),
        png::ColorType::Rgb => buf[..info.buffer_size()]
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!("unexpected screenshot colours {other:?}"),
    };
    let width = info.width as usize;
    // A board row crosses four dark squares of 45 pixels, some partly hidden by units
    // (each leaves a margin of its square free); nothing else has their colour.
    let board_rows = rows_with(&rgba, width, hex(fairy::diagram::svg::DARK), 20);
    assert_eq!(
        runs(&board_rows, 8 * 45 - 4),
        SECTIONS,
        "boards seen in the screenshot"
    );
    for (verdict, color) in [
        ("sound", "#2e7d32"),
        ("cooked", "#c62828"),
        ("flawed", "#d98200"),
    ] {
        let rows = rows_with(&rgba, width, hex(color), 10);
        assert!(
            rows.iter().any(|&r| r),
            "no {verdict} badge in the screenshot"
        );
    }
}
