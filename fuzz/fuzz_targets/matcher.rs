//! The compiled matcher against the naive twin of the tests: the input is
//! split at its first NUL into a pattern and a path.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots::{ParseOptions, Profile, RobotsTxt};

#[path = "../../tests/naive/mod.rs"]
mod naive;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|b| *b == 0).unwrap_or(data.len());
    let pattern = naive::as_value(&data[..split]);
    let path = naive::as_path(data.get(split + 1..).unwrap_or_default());
    for profile in [Profile::Rfc, Profile::Google] {
        if profile == Profile::Rfc && naive::is_robots_txt(&path) {
            continue;
        }
        let mut body = b"User-agent: *\nDisallow: ".to_vec();
        body.extend_from_slice(&pattern);
        let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile));
        let expected = naive::naive_priority(profile, &pattern, path.as_bytes()).is_none();
        assert_eq!(robots.is_allowed("bot", &path), expected, "{profile} pattern {pattern:?} path {path:?}");
    }
});
