//! Runs the built `robots` binary: every command on fixtures, `batch` on
//! probes, and fetching from a small HTTP server on 127.0.0.1 that each test
//! starts and stops itself.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The workspace root, where fixture paths are relative to.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The built binary with `args`, run from the workspace root, uncoloured.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_robots"));
    command.args(args).current_dir(root()).env("NO_COLOR", "1");
    command
}

fn robots(args: &[&str]) -> Output {
    command(args).output().expect("the robots binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn status(output: &Output) -> i32 {
    output.status.code().expect("exited")
}

#[test]
fn check_a_file() {
    let out = robots(&[
        "check",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "foobot",
        "/example/page.html",
        "/example/allowed.gif",
        "/",
    ]);
    assert_eq!(
        stdout(&out),
        "fixtures/rfc9309-5.1.txt: parsed; profile rfc; crawler foobot\n\
         allowed     /example/page.html    line 8: Allow: /example/page.html\n\
         allowed     /example/allowed.gif  line 9: Allow: /example/allowed.gif\n\
         DISALLOWED  /                     line 7: Disallow: /\n"
    );
    assert_eq!(status(&out), 1);
    let out = robots(&[
        "check",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "quxbot",
        "/example/",
    ]);
    assert_eq!(
        stdout(&out),
        "fixtures/rfc9309-5.1.txt: parsed; profile rfc; crawler quxbot\nallowed     /example/  no rule applies\n"
    );
    assert_eq!(status(&out), 0);
}

#[test]
fn check_compare_marks_differences() {
    let out = robots(&[
        "check",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "unnamedbot",
        "--compare",
        "/images/cat.gif",
        "/publications/",
    ]);
    assert_eq!(
        stdout(&out),
        "fixtures/rfc9309-5.1.txt: parsed; profile rfc; crawler unnamedbot\n\
         rfc         google      first-match  path\n\
         DISALLOWED  DISALLOWED  allowed      /images/cat.gif  <- differs\n\
         allowed     allowed     allowed      /publications/\n\
         2 paths, 1 where the readings differ\n"
    );
    assert_eq!(status(&out), 1);
    // The profiles differ on a digit in a product token.
    let dir = temp_dir("compare");
    std::fs::write(dir.join("robots.txt"), "User-agent: MJ12bot\nDisallow: /\n").unwrap();
    let file = dir.join("robots.txt");
    let out = robots(&[
        "check",
        "--file",
        file.to_str().unwrap(),
        "--ua",
        "MJ12bot",
        "--compare",
        "/x",
    ]);
    assert!(
        stdout(&out).contains("DISALLOWED  allowed     DISALLOWED   /x  <- differs"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn explain_a_path() {
    let out = robots(&[
        "explain",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "foobot",
        "/example/page.html",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("groups: user-agent line 6 names this crawler; its group applies"),
        "{text}"
    );
    assert!(text.contains("  line 8    allow     priority 18   /example/page.html\n  line 7    disallow  priority 1    /\n"), "{text}");
    assert!(
        text.ends_with(
            "verdict: allowed by line 8: the longest matching pattern wins (18 bytes against 1)\n"
        ),
        "{text}"
    );
    assert_eq!(status(&out), 0);
    let out = robots(&[
        "explain",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "otherbot",
        "/a.gif",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("no group names this crawler; the `*` group of line 1 applies"),
        "{text}"
    );
    assert!(
        text.ends_with("verdict: DISALLOWED by line 2: the only matching rule\n"),
        "{text}"
    );
    assert_eq!(status(&out), 1);
}

/// What the binary wrote on stderr.
fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

#[test]
fn explain_names_the_crawler_as_the_profile_matches_it() {
    // SPEC §3.1: the RFC profile takes the leading product token, so a name
    // with a leading space has none and only the `*` group applies.
    let explain = |ua: &str, profile: &str| {
        let args = ["explain", "--file", "fixtures/rfc9309-5.1.txt", "--ua", ua];
        stdout(&robots(
            &[&args[..], &["--profile", profile, "/x"]].concat(),
        ))
    };
    let text = explain(" foobot", "rfc");
    assert!(
        text.contains("crawler: \" foobot\", which no user-agent line can name\n"),
        "{text}"
    );
    assert!(text.contains("no group names this crawler"), "{text}");
    let text = explain("FooBot/2.1", "rfc");
    assert!(
        text.contains("crawler: \"FooBot/2.1\", matched as \"FooBot\"\n"),
        "{text}"
    );
    assert!(text.contains("line 6 names this crawler"), "{text}");
    // SPEC §2.3, §3.1: the Google profile compares the whole name.
    let text = explain("FooBot/2.1", "google");
    assert!(
        text.contains("crawler: \"FooBot/2.1\", which no user-agent line can name\n"),
        "{text}"
    );
    assert!(text.contains("no group names this crawler"), "{text}");
}

#[test]
fn a_crawler_name_the_profile_cuts_or_cannot_match_gets_a_note() {
    let check = |ua: &str, extra: &[&str]| {
        let args = ["check", "--file", "fixtures/rfc9309-5.1.txt", "--ua", ua];
        robots(&[&args[..], extra, &["/x"]].concat())
    };
    // A product token as given: no note.
    for (ua, extra) in [("foobot", &[][..]), ("foobot", &["--compare"]), ("*", &[])] {
        assert_eq!(stderr(&check(ua, extra)), "", "{ua} {extra:?}");
    }
    let out = check("FooBot/2.1 (+https://foo.example)", &[]);
    assert_eq!(
        stderr(&out),
        "robots: note: crawler \"FooBot/2.1 (+https://foo.example)\" is not a product token; \
         the rfc profile matches it as \"FooBot\"\n"
    );
    let google = "robots: note: no user-agent line can name crawler \"MJ12bot\" in the google profile \
         (it compares the whole name, and lines name only letters, `_` and `-`), so only the `*` groups apply\n";
    assert_eq!(stderr(&check("MJ12bot", &["--profile", "google"])), google);
    // --compare notes the other profile too; MJ12bot is a token in the RFC's.
    assert_eq!(stderr(&check("MJ12bot", &["--compare"])), google);
    let out = robots(&[
        "delay",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "/bot",
    ]);
    assert!(
        stderr(&out).contains("no user-agent line can name crawler \"/bot\" in the rfc profile"),
        "{}",
        stderr(&out)
    );
    assert_eq!(status(&out), 0);
}

#[test]
fn lint_text_and_json() {
    let out = robots(&["lint", "--file", "fixtures/lint/mistakes.txt"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24, "{text}");
    assert_eq!(
        lines[..3],
        [
            "info    line 1   bom   the file starts with a byte order mark; crawlers skip it, other tools may not; save the file as UTF-8 without a BOM",
            "error   line 2   rule-outside-group   rule before any user-agent line applies to no crawler; add `User-agent: *` above it",
            "warning line 4   disallow-all   the whole site is disallowed for every crawler not named elsewhere",
        ]
    );
    assert_eq!(status(&out), 1, "an error fails the lint");
    let out = robots(&[
        "lint",
        "--file",
        "fixtures/lint/mistakes.txt",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json.as_array().map(Vec::len), Some(24));
    let noindex = json
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["code"] == "noindex")
        .expect("a noindex finding");
    assert_eq!(noindex["line"], 18);
    assert_eq!(noindex["severity"], "error");
    assert_eq!(
        noindex["suggestion"],
        "use a robots meta tag or X-Robots-Tag header"
    );
    let out = robots(&["lint", "--file", "fixtures/lint/clean.txt"]);
    assert_eq!((stdout(&out).as_str(), status(&out)), ("", 0));
}

#[test]
fn sitemaps_and_delay() {
    let out = robots(&["sitemaps", "--file", "fixtures/lint/clean.txt"]);
    assert_eq!(stdout(&out), "https://www.example.com/sitemap.xml\n");
    let out = robots(&[
        "delay",
        "--file",
        "fixtures/lint/mistakes.txt",
        "--ua",
        "googlebot",
    ]);
    assert_eq!(stdout(&out), "5\n");
    let out = robots(&[
        "delay",
        "--file",
        "fixtures/rfc9309-5.1.txt",
        "--ua",
        "foobot",
    ]);
    assert_eq!(stdout(&out), "none\n");
}

#[test]
fn usage_and_file_errors_exit_2() {
    assert_eq!(
        status(&robots(&["check", "--file", "no/such/file", "/"])),
        2
    );
    assert_eq!(
        status(&robots(&["check", "--file", "fixtures/rfc9309-5.1.txt"])),
        2
    );
    assert_eq!(
        status(&robots(&[
            "check",
            "--profile",
            "yahoo",
            "--file",
            "fixtures/rfc9309-5.1.txt",
            "/"
        ])),
        2
    );
    assert_eq!(status(&robots(&["frobnicate"])), 2);
    // A URL on another origin than the site's: refused before any fetch.
    for command in ["check", "explain"] {
        let out = robots(&[command, "example.com", "https://other.example/x"]);
        assert_eq!(status(&out), 2);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "robots: https://other.example/x is not on https://example.com: \
             ask https://other.example/robots.txt about it\n"
        );
    }
    assert_eq!(
        status(&robots(&[
            "check",
            "--ua",
            "",
            "--file",
            "fixtures/rfc9309-5.1.txt",
            "/"
        ])),
        2
    );
    assert_eq!(status(&robots(&["check", "not a site", "/"])), 2);
}

#[test]
fn output_closed_by_the_reader_ends_quietly() {
    // Far more output than a pipe holds, so the write fails however fast the
    // reader closes: the tool stops without a message, with the status a
    // shell gives a process ended by SIGPIPE.
    let dir = temp_dir("closed");
    let file = dir.join("robots.txt");
    let body: String = (0..20_000)
        .map(|n| format!("not a directive {n}\n"))
        .collect();
    std::fs::write(&file, body).unwrap();
    let mut child = command(&["lint", "--file", file.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the robots binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(status(&out), 141);
}

#[test]
fn batch_answers_one_line_per_query() {
    let dir = temp_dir("batch");
    let queries = dir.join("queries.jsonl");
    std::fs::write(
        &queries,
        concat!(
            r#"{"robots": "fixtures/rfc9309-5.1.txt", "ua": "foobot", "url": "http://example.com/example/page.html", "extra": 1}"#, "\n",
            r#"{"robots": "fixtures/rfc9309-5.1.txt", "ua": "foobot", "url": "/"}"#, "\n",
            r#"{"robots": "fixtures/rfc9309-5.1.txt", "ua": "MJ12bot", "url": "/example/x"}"#, "\n",
        ),
    )
    .unwrap();
    let out = robots(&["batch", queries.to_str().unwrap()]);
    assert_eq!((stdout(&out).as_str(), status(&out)), ("1\n0\n0\n", 0));
    // A query naming a missing file is an error, not a silent answer.
    std::fs::write(&queries, r#"{"robots": "nope.txt", "ua": "a", "url": "/"}"#).unwrap();
    let out = robots(&["batch", queries.to_str().unwrap()]);
    assert_eq!((stdout(&out).as_str(), status(&out)), ("", 2));
}

#[test]
fn batch_agrees_with_the_corpus_probes() {
    let corpus = std::env::var_os("ROBOTS_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/corpus"));
    let Ok(probes) = std::fs::read_to_string(corpus.join("probes.jsonl")) else {
        assert!(
            std::env::var_os("ROBOTS_REQUIRE_CORPUS").is_none(),
            "no corpus at {}",
            corpus.display()
        );
        eprintln!("SKIPPED: no corpus at {}", corpus.display());
        return;
    };
    // Every 20th probe: about 5,000 queries over most files.
    let sample: Vec<&str> = probes.lines().step_by(20).collect();
    let dir = temp_dir("probes");
    let queries = dir.join("probes.jsonl");
    std::fs::write(&queries, sample.join("\n")).unwrap();
    for (profile, column) in [("rfc", "rfc"), ("google", "google")] {
        let out = command(&["batch", "--profile", profile, queries.to_str().unwrap()])
            .current_dir(corpus.join("files"))
            .output()
            .unwrap();
        assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
        let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
        assert_eq!(got.len(), sample.len());
        for (line, answer) in sample.iter().zip(got) {
            let probe: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(answer, probe[column].to_string(), "{profile}: {line}");
        }
    }
}

// ---- Fetching ---------------------------------------------------------------

/// What the test server answers for a path.
#[derive(Clone)]
enum Reply {
    Body(u16, Vec<u8>),
    Redirect(String),
    Slow(Duration),
}

/// A one-site HTTP server on 127.0.0.1, stopped when dropped.
struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
    user_agents: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start(reply: impl Fn(&str) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let user_agents = Arc::new(Mutex::new(Vec::new()));
        let reply = Arc::new(reply);
        let (stop2, agents2) = (stop.clone(), user_agents.clone());
        let accept = std::thread::spawn(move || {
            // Bounded: a test makes a handful of requests.
            for stream in listener.incoming().take(64) {
                if stop2.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (reply, agents) = (reply.clone(), agents2.clone());
                std::thread::spawn(move || serve(stream, &*reply, &agents));
            }
        });
        Server {
            port,
            stop,
            accept: Some(accept),
            user_agents,
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

fn serve(mut stream: TcpStream, reply: &dyn Fn(&str) -> Reply, agents: &Mutex<Vec<String>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut request = Vec::new();
    let mut buf = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 16_384 {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buf[..n]),
        }
    }
    let request = String::from_utf8_lossy(&request);
    let path = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
    if let Some(ua) = request.lines().find_map(|l| {
        l.strip_prefix("user-agent: ")
            .or_else(|| l.strip_prefix("User-Agent: "))
    }) {
        agents.lock().unwrap().push(ua.to_owned());
    }
    let (status, headers, body) = match reply(&path) {
        Reply::Body(status, body) => (status, String::new(), body),
        Reply::Redirect(to) => (301, format!("Location: {to}\r\n"), Vec::new()),
        Reply::Slow(delay) => {
            std::thread::sleep(delay);
            (200, String::new(), b"User-agent: *\nAllow: /\n".to_vec())
        }
    };
    let head = format!(
        "HTTP/1.1 {status} X\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

const RULES: &[u8] = b"User-agent: *\nDisallow: /private\n";

/// `check` against a server answering `reply`: (first output line, verdict
/// lines, exit status).
fn check_site(
    reply: impl Fn(&str) -> Reply + Send + Sync + 'static,
    extra: &[&str],
) -> (String, Vec<String>, i32) {
    let server = Server::start(reply);
    let url = server.url();
    let mut args = vec!["check", url.as_str(), "--ua", "testbot"];
    args.extend_from_slice(extra);
    args.extend(["/private/x", "/public"]);
    let out = robots(&args);
    let text = stdout(&out);
    let mut lines = text.lines().map(str::to_owned);
    let first = lines.next().unwrap_or_default();
    (first, lines.collect(), status(&out))
}

/// Asserts that both URLs of a [`check_site`] got `verdict` (`allowed` or
/// `DISALLOWED`), with the exit status that goes with it.
fn assert_both_urls(lines: &[String], status: i32, verdict: &str) {
    assert!(
        lines.len() == 2 && lines.iter().all(|l| l.starts_with(verdict)),
        "{lines:?}"
    );
    assert_eq!(status, if verdict == "allowed" { 0 } else { 1 });
}

#[test]
fn fetch_200_parses_the_rules_and_names_the_crawler() {
    let server = Server::start(|path| {
        if path == "/robots.txt" {
            Reply::Body(200, RULES.to_vec())
        } else {
            Reply::Body(404, vec![])
        }
    });
    let url = server.url();
    let out = robots(&["check", &url, "--ua", "testbot", "/private/x", "/public"]);
    assert_eq!(
        stdout(&out),
        format!(
            "{url}/robots.txt: 200, parsed; profile rfc; crawler testbot\n\
             DISALLOWED  /private/x  line 2: Disallow: /private\n\
             allowed     /public     no rule applies\n"
        )
    );
    assert_eq!(status(&out), 1);
    let agents = server.user_agents.lock().unwrap().clone();
    assert_eq!(agents.len(), 1);
    assert!(
        agents[0].starts_with("robots-cli/") && agents[0].contains("testbot"),
        "{agents:?}"
    );
}

#[test]
fn fetch_4xx_allows_everything() {
    for code in [404, 403, 401] {
        let (first, lines, status) = check_site(
            move |_| Reply::Body(code, b"User-agent: *\nDisallow: /\n".to_vec()),
            &[],
        );
        assert!(
            first.ends_with(&format!(
                "{code}: unavailable, allow all; profile rfc; crawler testbot"
            )),
            "{first}"
        );
        assert_both_urls(&lines, status, "allowed");
    }
}

#[test]
fn fetch_5xx_and_429_disallow_everything() {
    for code in [503, 500, 429] {
        let (first, lines, status) = check_site(move |_| Reply::Body(code, RULES.to_vec()), &[]);
        assert!(
            first.contains(&format!("{code}: unreachable, disallow all")),
            "{first}"
        );
        assert_both_urls(&lines, status, "DISALLOWED");
    }
}

#[test]
fn sitemaps_and_delay_say_when_no_file_was_read() {
    // Unavailable: nothing to find, so the answer stands, with the case told.
    let server = Server::start(|_| Reply::Body(404, vec![]));
    for (command, answer) in [("sitemaps", ""), ("delay", "none\n")] {
        let out = robots(&[command, &server.url()]);
        assert_eq!((stdout(&out).as_str(), status(&out)), (answer, 0));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "robots: {}/robots.txt: 404: unavailable, allow all\n",
                server.url()
            )
        );
    }
    // Unreachable: no answer at all.
    let server = Server::start(|_| Reply::Body(503, RULES.to_vec()));
    for command in ["sitemaps", "delay"] {
        let out = robots(&[command, &server.url()]);
        assert_eq!((stdout(&out).as_str(), status(&out)), ("", 2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "robots: {}/robots.txt: 503: unreachable, disallow all\n",
                server.url()
            )
        );
    }
}

/// A chain of `hops` redirects from /robots.txt to the rules.
fn redirects(hops: usize) -> impl Fn(&str) -> Reply + Send + Sync + 'static {
    move |path: &str| {
        let at = if path == "/robots.txt" {
            0
        } else {
            path.trim_start_matches("/r").parse().unwrap_or(usize::MAX)
        };
        if at < hops {
            Reply::Redirect(format!("/r{}", at + 1))
        } else {
            Reply::Body(200, RULES.to_vec())
        }
    }
}

#[test]
fn fetch_follows_five_redirects_and_not_a_sixth() {
    let (first, lines, status) = check_site(redirects(5), &[]);
    assert!(first.contains(": 200, parsed;"), "{first}");
    assert!(lines[0].starts_with("DISALLOWED  /private/x"), "{lines:?}");
    assert_eq!(status, 1);
    let (first, lines, status) = check_site(redirects(6), &[]);
    assert!(
        first.contains("301, too many redirects: unavailable, allow all"),
        "{first}"
    );
    assert_both_urls(&lines, status, "allowed");
}

#[test]
fn fetch_slower_than_the_timeout_is_unreachable() {
    let (first, lines, status) =
        check_site(|_| Reply::Slow(Duration::from_secs(4)), &["--timeout", "1"]);
    assert!(
        first.contains("unreachable (") && first.contains("disallow all"),
        "{first}"
    );
    assert_both_urls(&lines, status, "DISALLOWED");
}

#[test]
fn fetch_reads_only_the_size_limit() {
    // 2 MB: the rules, padding past 500 KiB, then a rule that must be ignored.
    let mut body = b"User-agent: *\nDisallow: /private\n".to_vec();
    while body.len() < 600_000 {
        body.extend_from_slice(b"# padding padding padding padding padding padding padding\n");
    }
    body.extend_from_slice(b"Disallow: /public\n");
    body.resize(2_000_000, b'#');
    let (first, lines, status) = check_site(move |_| Reply::Body(200, body.clone()), &[]);
    assert!(first.contains(": 200, parsed;"), "{first}");
    assert!(lines[0].starts_with("DISALLOWED  /private/x"), "{lines:?}");
    assert!(
        lines[1].starts_with("allowed     /public"),
        "the rule after 500 KiB is ignored: {lines:?}"
    );
    assert_eq!(status, 1);
}

#[test]
fn a_file_is_read_only_up_to_the_size_limit() {
    // A device that never ends: read as a response is, up to the limit.
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        eprintln!("skipped: no /dev/zero on this system");
        return;
    }
    let out = robots_within_a_minute(&["lint", "--file", "/dev/zero"]);
    assert_eq!(
        stdout(&out),
        "error   line 1   over-size-limit   the body is longer than 512000 bytes; \
         crawlers read the first 512000 and ignore the rest; keep robots.txt under 500 KiB\n"
    );
    assert_eq!(status(&out), 1);
    // And so is each file a batch names.
    let dir = temp_dir("zero");
    let queries = dir.join("queries.jsonl");
    std::fs::write(
        &queries,
        r#"{"robots": "/dev/zero", "ua": "a", "url": "/"}"#,
    )
    .unwrap();
    let out = robots_within_a_minute(&["batch", queries.to_str().unwrap()]);
    assert_eq!((stdout(&out).as_str(), status(&out)), ("1\n", 0));
}

/// Runs the binary like [`robots`], failing the test if it has not ended
/// after a minute (its output must fit in a pipe).
fn robots_within_a_minute(args: &[&str]) -> Output {
    let mut child = command(args)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the robots binary runs");
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("robots {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn fetch_from_a_port_where_nothing_listens_is_unreachable() {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let url = format!("http://127.0.0.1:{port}");
    let out = robots(&["check", &url, "--timeout", "2", "/"]);
    let text = stdout(&out);
    assert!(
        text.lines().next().unwrap_or("").contains("unreachable ("),
        "{text}"
    );
    assert!(
        text.contains("DISALLOWED  /  robots.txt unreachable: everything disallowed"),
        "{text}"
    );
    assert_eq!(status(&out), 1);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("robots-cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
