//! The `proptest` feature as a crawler's own tests would use it: generated
//! files with known verdicts, and hostile bodies that must never break a
//! crawler's loop.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use robots::strategy::{body, body_with_verdicts, path, pattern, product_token, url};
use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

/// A stand-in for a crawler under test: it asks robots.txt before every fetch.
fn crawl<'a>(robots: &RobotsTxt, crawler: &str, frontier: &'a [String]) -> Vec<&'a str> {
    let agent = robots.agent(crawler);
    frontier
        .iter()
        .map(String::as_str)
        .filter(|url| agent.is_allowed(url))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_crawler_never_fetches_a_disallowed_url(case in body_with_verdicts("FooBot"), profile in prop_oneof![Just(Profile::Rfc), Just(Profile::Google)]) {
        let robots = RobotsTxt::parse_with(&case.body, &ParseOptions::new().profile(profile));
        let fetched = crawl(&robots, "FooBot", &case.disallowed);
        prop_assert!(fetched.is_empty(), "fetched disallowed {:?}\n{}", fetched, String::from_utf8_lossy(&case.body));
        let fetched = crawl(&robots, "FooBot", &case.allowed);
        prop_assert_eq!(fetched.len(), case.allowed.len(), "skipped allowed URLs\n{}", String::from_utf8_lossy(&case.body));
    }

    #[test]
    fn verdicts_hold_for_any_token_in_the_rfc_profile(
        (token, case) in product_token().prop_flat_map(|t| (Just(t.clone()), body_with_verdicts(&t)))
    ) {
        let robots = RobotsTxt::parse(&case.body);
        prop_assert!(case.disallowed.iter().all(|p| !robots.is_allowed(&token, p)));
        prop_assert!(case.allowed.iter().all(|p| robots.is_allowed(&token, p)));
    }

    #[test]
    fn hostile_bodies_never_break_the_crawler(b in body(), p in path(), u in url(), pat in pattern()) {
        for profile in [Profile::Rfc, Profile::Google] {
            let robots = RobotsTxt::parse_with(&b, &ParseOptions::new().profile(profile));
            let agent = robots.agent("FooBot");
            let _ = (agent.decide(&p), agent.decide(&u), agent.crawl_delay());
            prop_assert!(robots.diagnostics().iter().all(|d| d.line() >= 1 && d.line() <= robots.line_count()));
        }
        // Generated patterns are well-formed input for a rule line.
        let rule = format!("User-agent: *\nDisallow: {pat}\n");
        let _ = RobotsTxt::parse(rule.as_bytes()).decide("x", &p);
        prop_assert!(CanonicalPath::new(&u).as_str().starts_with('/'));
    }
}

#[test]
fn the_strategies_generate_what_they_promise() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let token = product_token().new_tree(&mut runner).unwrap().current();
    assert!(robots::ProductToken::new(&token).is_ok(), "{token}");
    let case = body_with_verdicts("FooBot")
        .new_tree(&mut runner)
        .unwrap()
        .current();
    assert!(!case.allowed.is_empty() && !case.disallowed.is_empty());
    assert!(
        url()
            .new_tree(&mut runner)
            .unwrap()
            .current()
            .contains("://")
    );
    assert!(
        path()
            .new_tree(&mut runner)
            .unwrap()
            .current()
            .starts_with('/')
    );
}
