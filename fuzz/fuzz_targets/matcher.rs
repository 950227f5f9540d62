//! The compiled matcher against the naive twin of the tests: the input is
//! split at its first NUL into a pattern and a path.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots::{ParseOptions, Profile, RobotsTxt};

#[path = "../../tests/naive/mod.rs"]
mod naive;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|b| *b == 0).unwrap_or(data.len());
    // The pattern must survive the lexer as it is: no line end, comment or
    // NUL, no surrounding whitespace.
    let mut pattern: Vec<u8> = data[..split].iter().copied().filter(|b| !matches!(b, b'\r' | b'\n' | b'#' | 0)).collect();
    while pattern.first().is_some_and(|b| b.is_ascii_whitespace() || *b == 0x0B) {
        pattern.remove(0);
    }
    while pattern.last().is_some_and(|b| b.is_ascii_whitespace() || *b == 0x0B) {
        pattern.pop();
    }
    // The path must be read back as itself: a `/`, no second `/` after it,
    // no fragment.
    let rest = String::from_utf8_lossy(data.get(split + 1..).unwrap_or_default()).replace('#', "");
    let path = format!("/{}", rest.trim_start_matches('/'));
    for profile in [Profile::Rfc, Profile::Google] {
        let mut body = b"User-agent: *\nDisallow: ".to_vec();
        body.extend_from_slice(&pattern);
        let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile));
        let (pat, subject) = match profile {
            Profile::Rfc => (naive::naive_canonical(&pattern, false), naive::naive_canonical(path.as_bytes(), true)),
            _ => (naive::naive_google(&pattern), path.as_bytes().to_vec()),
        };
        if profile == Profile::Rfc && subject.split(|b| *b == b'?').next() == Some(&b"/robots.txt"[..]) {
            continue;
        }
        let expected = pattern.is_empty() || !naive::naive_matches(&pat, &subject);
        assert_eq!(robots.is_allowed("bot", &path), expected, "{profile} pattern {pattern:?} path {path:?}");
    }
});
