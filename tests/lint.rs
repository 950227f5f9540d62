//! The linter on its fixtures (one instance of each mistake, a clean file,
//! bodies that are not robots.txt) and on every file of the corpus.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use robots::{LintCode, ParseOptions, Severity, lint, lint_with};

const MISTAKES: &[u8] = include_bytes!("../fixtures/lint/mistakes.txt");
const CLEAN: &[u8] = include_bytes!("../fixtures/lint/clean.txt");

/// Bodies that are not robots.txt files, with the one error each must give.
const NOT_ROBOTS: &[(&str, &[u8], LintCode)] = &[
    (
        "html.txt",
        include_bytes!("../fixtures/lint/html.txt"),
        LintCode::Html,
    ),
    (
        "gzip.bin",
        include_bytes!("../fixtures/lint/gzip.bin"),
        LintCode::Gzip,
    ),
    (
        "image.bin",
        include_bytes!("../fixtures/lint/image.bin"),
        LintCode::Image,
    ),
    (
        "utf16.bin",
        include_bytes!("../fixtures/lint/utf16.bin"),
        LintCode::Utf16,
    ),
];

/// Linted with a 64-byte limit, so that it is over it.
const OVERSIZE: &[u8] = include_bytes!("../fixtures/lint/oversize.txt");

fn found(lints: &[robots::Lint]) -> Vec<(u32, Severity, &'static str)> {
    lints
        .iter()
        .map(|l| (l.line(), l.severity(), l.code().as_str()))
        .collect()
}

#[test]
fn each_mistake_is_found_on_its_line() {
    use Severity::{Error as E, Info as I, Warning as W};
    assert_eq!(
        found(&lint(MISTAKES)),
        [
            (1, I, "bom"),
            (2, E, "rule-outside-group"),
            (4, W, "disallow-all"),
            (6, W, "user-agent-not-token"),
            (7, W, "blocks-resources"),
            (8, W, "key-typo"),
            (9, W, "missing-colon"),
            (10, W, "pattern-not-slash"),
            (11, W, "profile-difference"),
            (12, W, "profile-difference"),
            (13, W, "profile-difference"),
            (15, I, "redundant-rule"),
            (16, I, "crawl-delay"),
            (17, E, "invalid-crawl-delay"),
            (18, E, "noindex"),
            (19, E, "relative-sitemap"),
            (20, W, "unknown-record"),
            (21, W, "not-a-directive"),
            (22, W, "invalid-utf8"),
            (24, W, "profile-difference"),
            (27, W, "agent-in-several-groups"),
            (29, W, "line-too-long"),
            (31, I, "crawl-delay"),
            (33, W, "joins-group-without-rules"),
        ]
    );
}

#[test]
fn messages_and_suggestions_name_the_fix() {
    let lints = lint(MISTAKES);
    let by_code = |code: LintCode| lints.iter().find(|l| l.code() == code).expect("present");
    assert_eq!(
        by_code(LintCode::KeyTypo).suggestion(),
        Some("write `Disallow`")
    );
    assert_eq!(
        by_code(LintCode::UnknownRecord).suggestion(),
        Some("did you mean `allow`?")
    );
    assert_eq!(
        by_code(LintCode::UserAgentNotToken).suggestion(),
        Some("write `User-agent: Googlebot`")
    );
    assert_eq!(
        by_code(LintCode::Noindex).to_string(),
        "error   line 18  noindex   Noindex is ignored by Google since 2019-09-01; use a robots meta tag or X-Robots-Tag header"
    );
    let differences: Vec<_> = lints
        .iter()
        .filter(|l| l.code() == LintCode::ProfileDifference)
        .map(|l| l.message())
        .collect();
    assert!(differences[0].contains("`/~user`"), "{differences:?}");
    assert!(differences[1].contains("`/docs/`"), "{differences:?}");
    assert!(differences[2].contains("%24"), "{differences:?}");
    assert!(differences[3].contains("`MJ`"), "{differences:?}");
}

#[test]
fn a_url_without_a_key_is_named_as_such() {
    // A sitemap listed without its key reads as a record keyed `http`.
    let lints = lint(b"User-agent: *\nDisallow: /x\nhttps://example.com/sitemap.xml\nHTTP://example.com/b.xml\nhttp: x\n");
    let found: Vec<_> = lints
        .iter()
        .map(|l| (l.line(), l.code(), l.message(), l.suggestion()))
        .collect();
    let sitemap = Some("write `Sitemap:` before it, if it is a sitemap");
    assert_eq!(
        found,
        [
            (
                3,
                LintCode::UnknownRecord,
                "a URL with no key is ignored",
                sitemap
            ),
            (
                4,
                LintCode::UnknownRecord,
                "a URL with no key is ignored",
                sitemap
            ),
            (
                5,
                LintCode::UnknownRecord,
                "unknown record `http` is ignored",
                None
            ),
        ]
    );
}

#[test]
fn a_name_google_cuts_to_nothing_says_so() {
    let messages = |body: &[u8]| -> Vec<String> {
        lint(body)
            .iter()
            .filter(|l| l.code() == LintCode::ProfileDifference)
            .map(|l| l.message().to_owned())
            .collect()
    };
    assert_eq!(
        messages(b"User-agent: 008\nDisallow: /\n"),
        [
            "user-agent `008`: RFC 9309 crawlers read `008`, Google reads no name (it stops at the first digit)"
        ]
    );
    assert_eq!(
        messages(b"User-agent: HAL9000\nDisallow: /\n"),
        [
            "user-agent `HAL9000`: RFC 9309 crawlers read `HAL9000`, Google reads `HAL` (it stops at the first digit)"
        ]
    );
}

#[test]
fn bodies_that_are_not_robots_txt_give_one_error() {
    for (name, body, code) in NOT_ROBOTS {
        let lints = lint(body);
        assert_eq!(
            found(&lints),
            [(1, Severity::Error, code.as_str())],
            "{name}"
        );
    }
}

#[test]
fn a_body_over_the_limit_is_an_error() {
    let lints = lint_with(OVERSIZE, &ParseOptions::new().size_limit(64));
    // The 64th byte ends line 5: line 6 is the one the limit cuts.
    assert_eq!(found(&lints), [(6, Severity::Error, "over-size-limit")]);
    assert!(lint(OVERSIZE).is_empty());
}

#[test]
fn a_clean_file_gives_nothing() {
    assert_eq!(lint(CLEAN), []);
    assert_eq!(lint(b""), []);
}

#[test]
fn every_code_is_produced_by_some_fixture() {
    let mut produced: BTreeSet<LintCode> = lint(MISTAKES).iter().map(|l| l.code()).collect();
    for (_, body, _) in NOT_ROBOTS {
        produced.extend(lint(body).iter().map(|l| l.code()));
    }
    produced.extend(
        lint_with(OVERSIZE, &ParseOptions::new().size_limit(64))
            .iter()
            .map(|l| l.code()),
    );
    let missing: Vec<_> = LintCode::ALL
        .iter()
        .filter(|c| !produced.contains(c))
        .collect();
    assert!(missing.is_empty(), "no fixture produces {missing:?}");
}

#[test]
fn every_corpus_file_lints_without_a_panic() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = common::files_under(&dir.join("files"));
    // How many files (sites) have each finding.
    let mut sites: BTreeMap<LintCode, usize> = BTreeMap::new();
    for file in &files {
        let body = std::fs::read(dir.join("files").join(file)).expect("corpus file");
        let codes: BTreeSet<LintCode> = lint(&body).iter().map(|l| l.code()).collect();
        for code in codes {
            *sites.entry(code).or_default() += 1;
        }
    }
    assert!(!sites.is_empty());
    let mut out = std::io::stderr();
    let _ = writeln!(out, "lint survey: {} files", files.len());
    for code in LintCode::ALL {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            code.as_str(),
            code.severity(),
            sites.get(code).copied().unwrap_or(0)
        );
    }
}
