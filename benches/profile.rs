//! A profiling harness, not a comparison: runs one of the crate's workloads
//! over the shared corpus and prints its best wall time, so that callgrind
//! and alternating runs of two builds measure the same loops as the
//! `compare` bench (PERFORMANCE.md says how each step was measured).
//!
//! ```sh
//! cargo bench --bench profile -- agent-cold 15
//! valgrind --tool=callgrind --toggle-collect='profile::run' \
//!     target/release/deps/profile-<hash> agent 1
//! ```
//!
//! Under a plain `cargo bench` (which passes `--bench`) it prints its modes.
//! `COPIES` (a whole number above 0; 4 when unset) sets the copies of the
//! `-cold` modes; `BODIES=utf8` (or `other`) keeps only the bodies that
//! are UTF-8 (or those that are not),
//! `BODIES=html` (or `text`) only the HTML pages served as robots.txt (or
//! the rest), as the crate's linter tells them apart. `GROUP_KIND=indexed`
//! (or `wildcard`, or `plain`) keeps only the files whose groups for
//! Googlebot have more than 32 rules in all (or at most 32, some with a `*`
//! or a final `$`; or at most 32, none with either), emptying the others'
//! bodies and probes, to see what each kind of group costs a query.

mod common;

use std::hint::black_box;

use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

const UA: &str = "Googlebot";

/// The workloads, as `(name, what it does)`.
const MODES: &[(&str, &str)] = &[
    ("parse", "parse every body (RFC profile)"),
    ("parse-google", "parse every body (Google profile)"),
    (
        "is-allowed",
        "every Googlebot probe through RobotsTxt::is_allowed",
    ),
    (
        "agent",
        "RobotsTxt::agent once a file, then its probes' canonical paths",
    ),
    (
        "is-allowed-cold",
        "is-allowed over COPIES (default 4) parsed copies of every file: a working set far over the L3, so that each file's first query reads memory",
    ),
    (
        "agent-cold",
        "agent over COPIES parsed copies of every file",
    ),
    (
        "is-allowed-warm",
        "is-allowed, each file's probes twice in a row: less is-allowed is the warm pass",
    ),
    (
        "agent-warm",
        "agent, each file's view and probes twice in a row",
    ),
    (
        "once",
        "is_allowed_once with each file's first probe (the one shot)",
    ),
    (
        "one-shot",
        "RobotsTxt::parse, then is_allowed with the file's first probe",
    ),
    (
        "crawler",
        "parse, then the view and every probe of the file",
    ),
    (
        "wildcard-64",
        "parse, view (building its indexes) and one query of the adversarial wildcard-heavy body of 64 KB (also -128, -256, -512)",
    ),
];

/// The sizes of the adversarial body, in KB, as the `compare` bench has them.
const WILDCARD_SIZES: [usize; 4] = [64, 128, 256, 512];

/// The corpus and what each workload reads, built before any timing.
struct Data {
    files: Vec<Vec<u8>>,
    probes: Vec<Vec<String>>,
    paths: Vec<Vec<CanonicalPath<'static>>>,
    parsed: Vec<RobotsTxt>,
    /// `(file, its parse)`, COPIES times over, for the cold workloads.
    copies: Vec<(usize, RobotsTxt)>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wildcard = args
        .first()
        .and_then(|m| m.strip_prefix("wildcard-"))
        .and_then(|kb| kb.parse().ok())
        .filter(|kb| WILDCARD_SIZES.contains(kb));
    let Some(mode) = args
        .first()
        .filter(|m| wildcard.is_some() || MODES.iter().any(|(n, _)| n == m))
    else {
        eprintln!("usage: profile MODE [REPETITIONS]; the modes:");
        for (name, what) in MODES {
            eprintln!("  {name:16} {what}");
        }
        return;
    };
    let repetitions: usize = match args.get(1).map(|r| r.parse()) {
        None => 10,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("REPETITIONS must be a whole number above 0");
            std::process::exit(2);
        }
    };
    if let Some(kb) = wildcard {
        // No corpus: the body is made here, as the compare bench makes it.
        let (body, path) = common::wildcard_body(kb);
        let best = common::best_of(repetitions, || run_wildcard(&body, &path));
        println!(
            "{mode} ({} bytes): best {best:.3} ms of {repetitions}",
            body.len()
        );
        return;
    }
    let Some(mut corpus) = common::load() else {
        eprintln!("SKIPPED: no corpus (set ROBOTS_CORPUS); nothing to profile");
        return;
    };
    let copies = common::count_setting("COPIES", 4);
    let mut files: Vec<Vec<u8>> = corpus.files.into_iter().map(|(_, body)| body).collect();
    // BODIES empties the bodies of one kind, to see what the other costs a
    // parse: `utf8` keeps those that are UTF-8, `other` the rest; `html`
    // keeps the HTML pages, `text` the rest.
    let keep: Option<fn(&[u8]) -> bool> =
        match common::choice_setting("BODIES", &["utf8", "other", "html", "text"]) {
            Some("utf8") => Some(|b| std::str::from_utf8(b).is_ok()),
            Some("other") => Some(|b| std::str::from_utf8(b).is_err()),
            Some("html") => Some(common::looks_like_html),
            Some("text") => Some(|b| !common::looks_like_html(b)),
            _ => None,
        };
    if let Some(keep) = keep {
        for body in &mut files {
            if !keep(body) {
                body.clear();
            }
        }
        let bytes: usize = files.iter().map(Vec::len).sum();
        let kept = files.iter().filter(|b| !b.is_empty()).count();
        eprintln!("BODIES: {kept} bodies, {bytes} bytes kept");
    }
    if let Some(kind) = common::choice_setting("GROUP_KIND", &["indexed", "wildcard", "plain"]) {
        for (body, probes) in files.iter_mut().zip(&mut corpus.probes) {
            if group_kind(&RobotsTxt::parse(body)) != kind {
                body.clear();
                probes.clear();
            }
        }
        let kept = files.iter().filter(|b| !b.is_empty()).count();
        let probes: usize = corpus.probes.iter().map(Vec::len).sum();
        eprintln!("GROUP_KIND: {kept} files, {probes} probes kept");
    }
    let parsed: Vec<RobotsTxt> = files.iter().map(|b| RobotsTxt::parse(b)).collect();
    let cold = mode.ends_with("-cold");
    let data = Data {
        paths: common::canonical_paths(&corpus.probes),
        copies: (0..if cold { copies } else { 0 })
            .flat_map(|_| {
                files
                    .iter()
                    .enumerate()
                    .map(|(i, b)| (i, RobotsTxt::parse(b)))
            })
            .collect(),
        probes: corpus.probes,
        files,
        parsed,
    };
    // Build every large group's index now, as the compare bench's warm-up
    // does, so that the query workloads time queries alone.
    for robots in data.parsed.iter().chain(data.copies.iter().map(|(_, r)| r)) {
        robots.agent(UA);
    }
    let best = common::best_of(repetitions, || run(mode, &data));
    println!("{mode}: best {best:.3} ms of {repetitions}");
}

/// The crate's `INDEX_MIN_RULES` (`src/group.rs`, private to it): a group
/// of more rules than this gets a literal-prefix index. Change both
/// together.
const INDEX_MIN_RULES: usize = 32;

/// Which kind of group Googlebot's queries of `robots` read, as `GROUP_KIND`
/// names them: `indexed` past [`INDEX_MIN_RULES`] rules in all (the crate
/// indexes a group past that many, so in nearly every such file a query
/// reads an index), else `wildcard` when a rule has a `*` or a final `$`,
/// else `plain`.
fn group_kind(robots: &RobotsTxt) -> &'static str {
    let rules = robots.agent(UA).rules();
    if rules.len() > INDEX_MIN_RULES {
        "indexed"
    } else if rules
        .iter()
        .any(|r| r.pattern().contains('*') || r.pattern().ends_with('$'))
    {
        "wildcard"
    } else {
        "plain"
    }
}

/// One parse and query of the adversarial body, through a view so that the
/// indexes are built, as in the `compare` bench: out of line, for
/// `callgrind --toggle-collect='profile::run_wildcard'`.
#[inline(never)]
fn run_wildcard(body: &[u8], path: &str) {
    black_box(RobotsTxt::parse(body).agent("bot").is_allowed(path));
}

/// One pass of `mode`: out of line, for `callgrind --toggle-collect`.
#[inline(never)]
fn run(mode: &str, d: &Data) {
    let google = ParseOptions::new().profile(Profile::Google);
    let query = |robots: &RobotsTxt, urls: &[String]| {
        for url in urls {
            black_box(robots.is_allowed(UA, url));
        }
    };
    let view = |robots: &RobotsTxt, paths: &[CanonicalPath<'_>]| {
        let agent = robots.agent(UA);
        for path in paths {
            black_box(agent.is_allowed_path(path));
        }
    };
    let pairs = || d.parsed.iter().zip(&d.probes).zip(&d.paths);
    match mode {
        "parse" => d
            .files
            .iter()
            .for_each(|b| drop(black_box(RobotsTxt::parse(b)))),
        "parse-google" => d
            .files
            .iter()
            .for_each(|b| drop(black_box(RobotsTxt::parse_with(b, &google)))),
        "is-allowed" => pairs().for_each(|((r, urls), _)| query(r, urls)),
        "agent" => pairs().for_each(|((r, _), paths)| view(r, paths)),
        "is-allowed-cold" => d.copies.iter().for_each(|(i, r)| query(r, &d.probes[*i])),
        "agent-cold" => d.copies.iter().for_each(|(i, r)| view(r, &d.paths[*i])),
        "is-allowed-warm" => pairs().for_each(|((r, urls), _)| {
            query(r, urls);
            query(r, urls);
        }),
        "agent-warm" => pairs().for_each(|((r, _), paths)| {
            view(r, paths);
            view(r, paths);
        }),
        "once" => d.files.iter().zip(&d.probes).for_each(|(body, urls)| {
            let url = urls.first().map_or("/", String::as_str);
            black_box(robots::is_allowed_once(body, UA, url));
        }),
        "one-shot" => d.files.iter().zip(&d.probes).for_each(|(body, urls)| {
            let url = urls.first().map_or("/", String::as_str);
            black_box(RobotsTxt::parse(body).is_allowed(UA, url));
        }),
        "crawler" => d.files.iter().zip(&d.probes).for_each(|(body, urls)| {
            let robots = RobotsTxt::parse(body);
            let agent = robots.agent(UA);
            for url in urls {
                black_box(agent.is_allowed(url));
            }
        }),
        other => unreachable!("{other} is checked against MODES in main"),
    }
}
