//! A robots.txt parser and matcher that answers exactly as RFC 9309, or as
//! Googlebot, does: no I/O, no panics, no unbounded memory.
//!
//! ```
//! use robots::RobotsTxt;
//!
//! let robots = RobotsTxt::parse(b"
//! User-agent: *
//! Disallow: /private/
//! Allow: /private/public-note
//! ");
//! assert!(robots.is_allowed("FooBot/2.1", "https://example.com/"));
//! assert!(!robots.is_allowed("FooBot/2.1", "https://example.com/private/diary"));
//! let decision = robots.decide("FooBot/2.1", "/private/public-note");
//! assert!(decision.is_allowed());
//! assert_eq!(decision.rule().unwrap().line(), 4);
//! ```
//!
//! # Overview
//!
//! - [`RobotsTxt`] is a parsed file: owned, `Send + Sync + Clone`, and
//!   immutable but for the index of a large group, built when queries need
//!   it.
//!   [`RobotsTxt::parse`] never fails; what it could not use is in
//!   [`RobotsTxt::diagnostics`] as [`Diagnostic`]s with line numbers.
//! - [`ParseOptions`] chooses the [`Profile`] (RFC 9309 or Google) and the
//!   size limit.
//! - [`RobotsTxt::agent`] chooses a crawler's groups once (building their
//!   indexes, the first time) and returns an [`Agent`], whose queries only
//!   match rules and allocate nothing for a path that is already canonical
//!   or shorter than 256 bytes.
//! - [`CanonicalPath`] is a URL or path turned once into the form both
//!   profiles match, to reuse across many files.
//! - [`Decision`] is a verdict with its [`Reason`]: the deciding [`Rule`]
//!   (allow or disallow, pattern as written, line, priority), or none.
//! - [`RobotsTxt::crawl_delay`], [`RobotsTxt::sitemaps`] and
//!   [`RobotsTxt::records`] expose the rest of the file, and
//!   [`Agent::records`] the records in one crawler's groups.
//! - [`ProductToken`] validates a crawler's own name.
//! - [`is_allowed_once`] answers one query straight from the bytes, without
//!   building a parsed file, for callers that ask each file one question.
//! - [`lint()`] finds the mistakes that silently change what crawlers do, as
//!   [`Lint`]s with a line, a [`Severity`] and a stable [`LintCode`].
//! - [`RobotsTxt::from_response`], [`RobotsTxt::unreachable`], [`Source`],
//!   [`RedirectChain`], [`Origin`] and [`RobotsCache`] turn what a fetch of
//!   `/robots.txt` produced into a policy and keep it for the right time
//!   (RFC 9309 §2.3 and §2.4), without doing any I/O.
//!
//! # Writing a polite crawler
//!
//! The crate does no I/O: fetch `/robots.txt` with any HTTP client, turn the
//! outcome into a policy with [`RobotsTxt::from_response`] (or
//! [`RobotsTxt::unreachable`] when no response came), keep it in a
//! [`RobotsCache`], and space requests by the crawl-delay. The loop below
//! stands in a function for the HTTP client.
//!
//! ```
//! use std::time::{Duration, SystemTime, UNIX_EPOCH};
//! use robots::{Lookup, Origin, RedirectChain, RedirectStep, RobotsCache, RobotsTxt};
//!
//! /// What a real client returns: a status and body, a redirect, or an error.
//! enum Fetched { Response(u16, Vec<u8>), Redirect(u16, String), Failed }
//! fn http_get(url: &str) -> Fetched {
//!     match url {
//!         "https://example.com/robots.txt" => Fetched::Response(200, b"User-agent: *\nDisallow: /private\nCrawl-delay: 2\n".to_vec()),
//!         _ => Fetched::Failed,
//!     }
//! }
//!
//! /// Fetches an origin's robots.txt and turns the outcome into a policy.
//! fn fetch_policy(origin: &Origin) -> RobotsTxt {
//!     let mut url = origin.robots_txt_url();
//!     let mut redirects = RedirectChain::new();
//!     loop {
//!         match http_get(&url) {
//!             Fetched::Response(status, body) => return RobotsTxt::from_response(status, &body),
//!             Fetched::Redirect(status, location) => match redirects.next(&location) {
//!                 RedirectStep::Follow => url = location, // resolve relative ones first
//!                 _ => return RobotsTxt::from_response(status, b""), // read as unavailable
//!             },
//!             Fetched::Failed => return RobotsTxt::unreachable(),
//!         }
//!     }
//! }
//!
//! let now = || SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
//! let mut cache = RobotsCache::default();
//! let my_delay = Duration::from_millis(500); // the crawler's own minimum spacing
//! for url in ["https://example.com/", "https://example.com/private/x"] {
//!     let origin = Origin::from_url(url)?;
//!     if cache.lookup(&origin, now()).needs_fetch() {
//!         cache.insert(origin.clone(), fetch_policy(&origin), now(), None);
//!     }
//!     let Some(robots) = cache.lookup(&origin, now()).robots() else { continue };
//!     if !robots.is_allowed("FooBot", url) {
//!         continue; // never fetch a disallowed URL
//!     }
//!     if let Some(at) = cache.next_request_at(&origin, "FooBot", my_delay, now()) {
//!         let _wait = at.saturating_sub(now()); // sleep this long before fetching
//!     }
//!     cache.record_request(&origin, "FooBot", my_delay, now());
//!     // ... fetch `url` here ...
//! }
//! # Ok::<(), robots::InvalidUrl>(())
//! ```
//!
//! # Conformance
//!
//! The behaviour is that of the project's SPEC.md, which follows RFC 9309 and,
//! where the RFC is silent, Google's reference parser (google/robotstxt).
//! Both profiles agree with the reference verdicts on every one of 103,327
//! probes over 4,329 real robots.txt files (`tests/corpus.rs`).
//!
//! | RFC 9309 | behaviour |
//! | --- | --- |
//! | §2.1 | Lines end at LF, CR or CRLF; a UTF-8 BOM is skipped; `#` starts a comment. |
//! | §2.2.1 | Crawlers are matched by product token, case-insensitively and for equality; the groups naming a crawler are merged, else the `*` groups apply; a group with no rules is still a group. |
//! | §2.2.2 | The longest matching pattern wins and an allow wins a tie; patterns and paths are compared in one percent-encoded canonical form; `/robots.txt` is always allowed. |
//! | §2.2.3 | `*` matches any run of bytes, a final `$` anchors the end; `%2A` and `%24` match a literal `*` and `$`. |
//! | §2.2.4 | Sitemaps and other records never start or end a group. |
//! | §2.3.1.5 | Parsing never fails; lines that cannot be understood are ignored. |
//! | §2.3.1 | 2xx parses the body; 3xx past five redirects and 4xx allow everything; 429, 5xx and network failures disallow everything ([`RobotsTxt::from_response`]). |
//! | §2.4 | Policies are cached per origin for at most 24 hours; unreachable origins are retried within minutes; after 30 days unreachable a cached copy may be used ([`RobotsCache`]). |
//! | §2.5 | The first 500 KiB (512,000 bytes) are parsed; the limit is configurable. |
//!
//! The [`Profile::Google`] profile differs in exactly these points, where it
//! reproduces Google's reference bit for bit:
//!
//! | point | RFC profile | Google profile |
//! | --- | --- | --- |
//! | line cut by the size limit | dropped whole | kept as far as it goes |
//! | product token | `A-Z a-z 0-9 _ -` | `A-Z a-z _ -` (`MJ12bot` is `MJ`) |
//! | caller's name | its product token (`FooBot/2.1` is `FooBot`) | compared whole |
//! | paths and patterns | both canonicalised: unreserved escapes decoded, others upper-cased, non-ASCII, controls and space escaped | patterns: non-ASCII escaped and escapes upper-cased; paths as given |
//! | `/robots.txt` | always allowed | not special |
//! | `Allow: /d/index.html` | only that file | also exactly `/d/` |
//!
//! # Untrusted input
//!
//! Every input may be hostile. Parsing never panics and is linear in the bytes
//! parsed (at most the size limit, 500 KiB by default), plus sorting each
//! group's rules; lines are cut at [`MAX_LINE_BYTES`]. A parsed file keeps at
//! most 12 heap bytes per byte parsed whatever the input, and about 1 on real
//! files: patterns and values live in one buffer addressed by 32-bit spans
//! ([`RobotsTxt::heap_size`] reports it). Matching a path against a pattern
//! takes at most O(path × pattern) with no backtracking; groups of more than
//! 32 rules are searched through a literal-prefix index, so one query costs
//! about the same with 50,000 rules as with 6,000. Such a group's index is
//! built by the first [`RobotsTxt::agent`] view of it, or by the ninth
//! query through [`RobotsTxt::is_allowed`] or [`RobotsTxt::decide`] (the
//! first eight scan its rules), once and safely across threads, so that
//! neither a parse nor a file asked once sorts groups; with every index
//! built a file keeps at most 16 heap bytes per byte (without the `std`
//! feature the parse builds them all). Past that, a query
//! allocates nothing for a path shorter than 256 bytes (one that needs
//! rewriting, or a `/` before it, is built on the stack), and for a longer
//! one only when it needs either. The
//! README's "Untrusted input" section names the test behind each of these.
//!
//! # Crate features
//!
//! - `std` (default): enables the standard library in the dependencies.
//!   Without it the crate is `no_std` and needs only `alloc`; its error types
//!   implement `core::error::Error` either way.
//! - `proptest`: the `strategy` module, proptest strategies for crawlers'
//!   own property tests (product tokens, patterns, paths, URLs, whole
//!   bodies, and bodies with known verdicts). Implies `std`.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod agent;
mod cache;
mod decision;
mod diag;
mod directive;
mod fetch;
mod group;
mod lex;
mod lint;
mod once;
mod options;
mod path;
mod pattern;
mod prefetch;
mod robots;
#[cfg(robots_simd)]
mod simd;
#[cfg(feature = "proptest")]
pub mod strategy;
mod wildcard;

pub use agent::{InvalidProductToken, ProductToken};
pub use cache::{CacheOptions, LongOutage, Lookup, RobotsCache};
pub use decision::{Decision, Reason, Rule, RuleKind};
pub use diag::{Diagnostic, DiagnosticKind};
pub use directive::Directive;
pub use fetch::{
    InvalidUrl, MIN_REDIRECTS, Origin, RedirectChain, RedirectStep, Source, robots_txt_url,
};
pub use lex::MAX_LINE_BYTES;
pub use lint::{Lint, LintCode, Severity, lint, lint_with};
pub use once::{is_allowed_once, is_allowed_once_with};
pub use options::{ParseOptions, Profile};
pub use path::CanonicalPath;
pub use robots::{Agent, Record, Records, RobotsTxt, Sitemaps};

// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
