//! A group large enough to be matched through its literal-prefix index,
//! against the naive twin trying every rule: the input is split at its first
//! NUL into rules, one a line (an odd first byte makes an allow), and a
//! path. The rules are repeated, allow and disallow in turn, until the group
//! has more than 32.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots::{ParseOptions, Profile, RobotsTxt};

#[path = "../../tests/naive/mod.rs"]
mod naive;

/// More rules than this in a group are matched through its index.
const INDEX_MIN_RULES: usize = 32;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|b| *b == 0).unwrap_or(data.len());
    let given: Vec<(bool, Vec<u8>)> = data[..split]
        .split(|b| *b == b'\n')
        .map(|line| (line.first().is_some_and(|b| b % 2 == 1), naive::as_value(line)))
        .collect();
    // Repeats flip allow and disallow, so that ties are decided too.
    let rules: Vec<(bool, &[u8])> = (0..given.len().max(INDEX_MIN_RULES + 1))
        .map(|i| {
            let (allow, pattern) = &given[i % given.len()];
            (*allow ^ ((i / given.len()) % 2 == 1), &pattern[..])
        })
        .collect();
    let path = naive::as_path(data.get(split + 1..).unwrap_or_default());
    let body = naive::group_body(rules.iter().copied());
    for profile in [Profile::Rfc, Profile::Google] {
        if profile == Profile::Rfc && naive::is_robots_txt(&path) {
            continue;
        }
        let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile));
        // SPEC §5.2–5.3: the longest match decides, an allow wins a tie;
        // §5.5 in the Google profile.
        let best = naive::naive_best(profile, rules.iter().copied(), path.as_bytes());
        let expected = best.is_none_or(|(_, allow)| allow);
        // The first one-query read scans the group; the view builds its
        // index. Both must name the same rule, the same line.
        let scanned = robots.decide("bot", &path);
        let indexed = robots.agent("bot").decide(&path);
        for decision in [&scanned, &indexed] {
            assert_eq!(decision.is_allowed(), expected, "{profile} path {path:?}: {decision}");
            assert_eq!(decision.rule().map(|r| r.priority() as usize), best.map(|(len, _)| len), "{profile} path {path:?}");
        }
        assert_eq!(
            scanned.rule().map(|r| r.line()),
            indexed.rule().map(|r| r.line()),
            "{profile} path {path:?}: {scanned} against {indexed}"
        );
    }
});
