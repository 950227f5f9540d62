//! Parsing arbitrary bytes in both profiles: no panic, every diagnostic on a
//! line the body has, memory a small multiple of the input, queries on the
//! result never panic, and the one-shot path answers as the parsed file,
//! with the default size limit and with one that cuts the body in half.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots::{ParseOptions, Profile, RobotsTxt};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let url = text.lines().last().unwrap_or("/");
    for profile in [Profile::Rfc, Profile::Google] {
        let robots = RobotsTxt::parse_with(data, &ParseOptions::new().profile(profile));
        let lines = robots.line_count();
        for d in robots.diagnostics() {
            assert!((1..=lines).contains(&d.line()), "{d} outside 1..={lines}");
        }
        // SPEC §8: at most 12 bytes kept per byte parsed (tests/bounds.rs),
        // plus the fixed cost of an empty file.
        assert!(robots.heap_size() <= 12 * data.len() + 4096, "{} bytes kept for {}", robots.heap_size(), data.len());
        for ua in ["Googlebot", "", "*", "FooBot/2.1", url] {
            let agent = robots.agent(ua);
            // The streaming one-shot path answers as the parsed file does.
            let options = ParseOptions::new().profile(profile);
            assert_eq!(robots::is_allowed_once_with(data, &options, ua, url), agent.is_allowed(url), "{profile} {ua:?} {url:?}");
            let _ = agent.decide(url);
            let _ = agent.decide("/");
            let _ = agent.crawl_delay();
        }
        let _ = robots.sitemaps().count() + robots.records().count();
        // A size limit inside the body (SPEC §1.2): both paths cut it alike.
        let limit = data.len() / 2;
        let options = ParseOptions::new().profile(profile).size_limit(limit);
        let cut = RobotsTxt::parse_with(data, &options);
        for ua in ["Googlebot", "*", url] {
            assert_eq!(robots::is_allowed_once_with(data, &options, ua, url), cut.is_allowed(ua, url), "{profile} limit {limit} {ua:?} {url:?}");
        }
    }
});
