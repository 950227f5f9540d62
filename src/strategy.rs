//! [`proptest`](mod@proptest) strategies for testing crawlers against robots.txt files
//! (feature `proptest`).
//!
//! A crawler's own property tests can generate product tokens, patterns,
//! paths, URLs and whole robots.txt bodies, hostile ones included, and, with
//! [`body_with_verdicts`], a body together with paths it allows and paths it
//! disallows for a given crawler, known by construction, so that a test can
//! assert the crawler never fetches a disallowed URL.
//!
//! # Examples
//!
//! ```
//! use proptest::prelude::*;
//! use robots::strategy::body_with_verdicts;
//! use robots::RobotsTxt;
//!
//! proptest!(|(case in body_with_verdicts("FooBot"))| {
//!     let robots = RobotsTxt::parse(&case.body);
//!     for path in &case.disallowed {
//!         prop_assert!(!robots.is_allowed("FooBot", path));
//!     }
//!     for path in &case.allowed {
//!         prop_assert!(robots.is_allowed("FooBot", path));
//!     }
//! });
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use proptest::prelude::*;
use proptest::sample::select;

/// Product tokens: one or more of `A-Z a-z 0-9 _ -`, such as `FooBot` or
/// `MJ12bot`.
pub fn product_token() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_-]{0,15}"
}

/// Pieces that make patterns and paths interesting.
fn piece() -> impl Strategy<Value = &'static str> {
    select(vec![
        "a", "b", "/", "/", "-", ".", "~", "%2F", "%2f", "%41", "%7e", "%", "%4", "é", "ツ",
        "%C3%A9", "?", "=", ";",
    ])
}

/// Allow and disallow patterns: `/` or `*` first (mostly), with wildcards,
/// `$` anywhere, escapes in both cases, stray `%` and non-ASCII characters.
pub fn pattern() -> impl Strategy<Value = String> {
    let part = prop_oneof![4 => piece(), 1 => Just("*"), 1 => Just("$")];
    (
        prop_oneof![8 => Just("/"), 2 => Just("*"), 1 => Just(""), 1 => Just("a")],
        proptest::collection::vec(part, 0..10),
    )
        .prop_map(|(first, rest)| format!("{first}{}", rest.concat()))
}

/// URL paths: a `/`, then pieces that exercise canonicalisation, `*` and `$`
/// as literal characters, queries and parameters.
pub fn path() -> impl Strategy<Value = String> {
    let part = prop_oneof![6 => piece(), 1 => Just("*"), 1 => Just("$")];
    proptest::collection::vec(part, 0..12).prop_map(|parts| {
        let rest = parts.concat();
        format!("/{}", rest.trim_start_matches('/'))
    })
}

/// Absolute URLs: a scheme, a host that varies in case, maybe a port and a
/// fragment, and a [`path`].
pub fn url() -> impl Strategy<Value = String> {
    (
        select(vec!["http", "https", "HTTPS"]),
        select(vec![
            "example.com",
            "Example.COM",
            "sub.example.org",
            "[::1]",
            "127.0.0.1",
        ]),
        select(vec!["", ":80", ":443", ":8080"]),
        path(),
        select(vec!["", "#top", "#a/b?c"]),
    )
        .prop_map(|(scheme, host, port, path, fragment)| {
            format!("{scheme}://{host}{port}{path}{fragment}")
        })
}

/// One line of a hostile-but-plausible robots.txt, without its line end.
fn line() -> impl Strategy<Value = Vec<u8>> {
    let key = select(vec![
        "User-agent",
        "user-agent",
        "USER-AGENT",
        "useragent",
        "User agent",
        "Allow",
        "allow",
        "Disallow",
        "disallow",
        "Dissallow",
        "Disalow",
        "Disallowed",
        "Sitemap",
        "Site-map",
        "Crawl-delay",
        "Host",
        "Noindex",
        "Clean-param",
        "Request-rate",
        "Unknown-key",
    ]);
    let agent = prop_oneof![
        Just(String::from("*")),
        product_token(),
        Just(String::from("Googlebot/2.1"))
    ];
    let value = prop_oneof![
        pattern(),
        agent,
        Just(String::from("10")),
        Just(String::from("https://example.com/s.xml"))
    ];
    let directive = (
        key,
        select(vec![": ", ":", " : ", " ", "\t"]),
        value,
        select(vec!["", " # comment", "#c"]),
    )
        .prop_map(|(k, sep, v, c)| format!("{k}{sep}{v}{c}").into_bytes());
    let garbage = proptest::collection::vec(any::<u8>(), 0..40).prop_map(|mut b| {
        b.retain(|c| *c != b'\n' && *c != b'\r');
        b
    });
    let long = (1usize..3).prop_map(|n| {
        let mut line = b"Disallow: /".to_vec();
        line.resize(n * 9_000, b'a');
        line
    });
    prop_oneof![
        12 => directive,
        2 => Just(Vec::new()),
        2 => Just(b"# a comment".to_vec()),
        2 => garbage,
        1 => long,
        1 => Just(b"<html><body>Not found</body></html>".to_vec()),
    ]
}

/// Whole robots.txt bodies: valid lines, accepted typos, garbage, comments,
/// long lines, a byte order mark or not, and LF, CR or CRLF line ends.
pub fn body() -> impl Strategy<Value = Vec<u8>> {
    (
        any::<bool>(),
        proptest::collection::vec((line(), select(vec![&b"\n"[..], b"\r\n", b"\r"])), 0..40),
    )
        .prop_map(|(bom, lines)| {
            let mut out = if bom {
                b"\xEF\xBB\xBF".to_vec()
            } else {
                Vec::new()
            };
            for (line, end) in lines {
                out.extend_from_slice(&line);
                out.extend_from_slice(end);
            }
            out
        })
}

/// A body with paths whose verdicts for one crawler are known by
/// construction, from [`body_with_verdicts`].
#[derive(Clone, Debug)]
pub struct BodyWithVerdicts {
    /// The robots.txt body.
    pub body: Vec<u8>,
    /// Paths the crawler may fetch.
    pub allowed: Vec<String>,
    /// Paths the crawler must not fetch.
    pub disallowed: Vec<String>,
}

/// A body and paths it allows and disallows for the crawler `token`.
///
/// The crawler's rules disallow some sections (`/p…/`), re-allow a part of
/// some of them (`/p…/pub…/`) and disallow a file type (`/*.zz…$`); groups
/// for other crawlers, a `*` group that disallows everything, comments, key
/// case and line ends vary around them, and none of that changes the
/// verdicts. They hold in the RFC profile for any product token, and in the
/// Google profile too when `token` has no digits.
///
/// # Panics
///
/// When `token` is not a product token (see
/// [`ProductToken`](crate::ProductToken)).
pub fn body_with_verdicts(token: &str) -> impl Strategy<Value = BodyWithVerdicts> + use<> {
    assert!(
        crate::ProductToken::new(token).is_ok(),
        "{token:?} is not a product token"
    );
    let token = String::from(token);
    let section = ("[a-z]{2,6}", any::<bool>());
    (
        proptest::collection::vec(section, 1..4),
        "[a-z]{2,3}",
        proptest::collection::vec("[a-z0-9]{1,6}", 1..4),
        0usize..3,
        select(vec!["\n", "\r\n", "\r"]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            move |(sections, ext, names, others, eol, upper, global_first)| {
                let key = |k: &str| {
                    if upper {
                        k.to_uppercase()
                    } else {
                        String::from(k)
                    }
                };
                let (ua, allow, disallow) = (key("User-agent"), key("Allow"), key("Disallow"));
                let mut lines: Vec<String> = vec![String::from(
                    "# generated by robots::strategy::body_with_verdicts",
                )];
                let global = [format!("{ua}: *"), format!("{disallow}: /"), String::new()];
                if global_first {
                    lines.extend(global.iter().cloned());
                }
                for i in 0..others {
                    lines.push(format!("{ua}: zz-other-{i}"));
                    lines.push(format!("{allow}: /"));
                    lines.push(String::new());
                }
                lines.push(format!("{ua}: {token} # the crawler under test"));
                let mut allowed = Vec::new();
                let mut disallowed = Vec::new();
                for (i, (name, reopen)) in sections.iter().enumerate() {
                    let dir = format!("/p{i}{name}/");
                    lines.push(format!("{disallow}: {dir}"));
                    for n in &names {
                        disallowed.push(format!("{dir}x{n}"));
                    }
                    disallowed.push(dir.clone());
                    if *reopen {
                        lines.push(format!("{allow}: {dir}pub{i}/"));
                        for n in &names {
                            allowed.push(format!("{dir}pub{i}/{n}"));
                        }
                    }
                }
                lines.push(format!("{disallow}: /*.zz{ext}$"));
                for n in &names {
                    disallowed.push(format!("/open-{n}.zz{ext}"));
                    allowed.push(format!("/open-{n}.zz{ext}?v=1"));
                    allowed.push(format!("/open-{n}"));
                }
                allowed.push(String::from("/"));
                if !global_first {
                    lines.push(String::new());
                    lines.extend(global.iter().cloned());
                }
                let mut body = lines.join(eol).into_bytes();
                body.extend_from_slice(eol.as_bytes());
                BodyWithVerdicts {
                    body,
                    allowed,
                    disallowed,
                }
            },
        )
}
