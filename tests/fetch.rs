//! SPEC §7 (RFC 9309 §2.3.1 and §2.4): fetch results to policies, redirects,
//! origins, and the cache's lifetimes, bounds and request spacing.

use std::time::Duration;

use proptest::prelude::*;
use robots::{
    CacheOptions, LongOutage, Lookup, Origin, ParseOptions, Profile, Reason, RedirectChain,
    RedirectStep, RobotsCache, RobotsTxt, Source,
};

const SEC: Duration = Duration::from_secs(1);
const MIN: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);
const T0: Duration = Duration::from_secs(1_000_000);

const RULES: &[u8] = b"User-agent: *\nDisallow: /private\nCrawl-delay: 10\n";

fn origin(url: &str) -> Origin {
    Origin::from_url(url).expect("valid URL")
}

#[test]
fn spec_7_2xx_parses_the_body() {
    for status in [200, 203, 206] {
        let r = RobotsTxt::from_response(status, RULES);
        assert_eq!(
            r.source(),
            Source::Parsed {
                status: Some(status)
            }
        );
        assert!(!r.is_allowed("bot", "/private/x"));
        assert!(r.is_allowed("bot", "/public"));
    }
    assert_eq!(
        RobotsTxt::parse(RULES).source(),
        Source::Parsed { status: None }
    );
}

#[test]
fn spec_7_3xx_after_too_many_redirects_is_unavailable() {
    let mut chain = RedirectChain::new();
    for hop in 1..=5 {
        // Across hosts too (RFC 9309 §2.3.1.2).
        assert_eq!(
            chain.next(&format!("https://host{hop}.example/robots.txt")),
            RedirectStep::Follow
        );
    }
    assert_eq!(chain.followed(), 5);
    assert_eq!(
        chain.next("https://host6.example/robots.txt"),
        RedirectStep::TooMany
    );
    let r = RobotsTxt::from_response(301, b"User-agent: *\nDisallow: /\n");
    assert_eq!(r.source(), Source::Unavailable { status: Some(301) });
    assert!(r.is_allowed("bot", "/anything"));
    assert_eq!(r.decide("bot", "/x").reason(), Reason::Unavailable);
    // A higher limit is honoured; a lower one is raised to five.
    let mut long = RedirectChain::with_limit(7);
    assert!((0..7).all(|_| long.next("/r") == RedirectStep::Follow));
    assert_eq!(long.next("/r"), RedirectStep::TooMany);
    let mut short = RedirectChain::with_limit(1);
    assert!((0..5).all(|_| short.next("/r") == RedirectStep::Follow));
    assert_eq!(
        RedirectChain::new().next("javascript:alert(1)"),
        RedirectStep::Unsupported
    );
    assert_eq!(RedirectChain::new().next(" "), RedirectStep::Unsupported);
}

#[test]
fn spec_7_4xx_allows_everything() {
    for status in [400, 401, 403, 404, 410, 451] {
        let r = RobotsTxt::from_response(status, b"User-agent: *\nDisallow: /\n");
        assert!(r.source().is_unavailable(), "{status}");
        assert!(r.is_allowed("bot", "/private"), "{status}");
        assert_eq!(r.decide("bot", "/private").reason(), Reason::Unavailable);
        assert!(r.decide("bot", "/private").is_allowed(), "{status}");
    }
}

#[test]
fn spec_7_429_5xx_and_network_failures_disallow_everything() {
    let failures = [429, 500, 502, 503, 504]
        .into_iter()
        .map(|s| {
            (
                Some(s),
                RobotsTxt::from_response(s, b"User-agent: *\nAllow: /\n"),
            )
        })
        .chain([(None, RobotsTxt::unreachable())]);
    for (status, r) in failures {
        assert_eq!(r.source(), Source::Unreachable { status });
        assert!(!r.is_allowed("bot", "/"), "{status:?}");
        assert_eq!(r.decide("bot", "/x").reason(), Reason::Unreachable);
        assert!(!r.decide("bot", "/x").is_allowed(), "{status:?}");
        // RFC profile: /robots.txt itself stays allowed.
        assert!(r.is_allowed("bot", "/robots.txt"));
    }
    let google = RobotsTxt::unreachable_with(&ParseOptions::new().profile(Profile::Google));
    assert!(!google.is_allowed("bot", "/robots.txt"));
}

#[test]
fn spec_7_long_outage_serves_the_cached_copy_or_the_configured_policy() {
    let o = origin("https://example.com/");
    let outage = 30 * DAY;
    for (policy, private_allowed, public_allowed) in [
        (LongOutage::UseCachedCopy, false, true),
        (LongOutage::TreatAsUnavailable, true, true),
        (LongOutage::KeepDisallowing, false, false),
    ] {
        let mut cache = RobotsCache::new(CacheOptions::new().after_long_outage(policy));
        cache.insert(o.clone(), RobotsTxt::from_response(200, RULES), T0, None);
        let down = T0 + DAY;
        cache.insert(o.clone(), RobotsTxt::unreachable(), down, None);
        // Keep retrying and failing: the outage runs from the first failure.
        let mut t = down;
        while t < down + outage + HOUR {
            t += HOUR;
            cache.insert(o.clone(), RobotsTxt::from_response(503, b""), t, None);
        }
        let verdict = |cache: &mut RobotsCache, at| {
            let r = cache.lookup(&o, at).robots().expect("cached");
            (
                r.is_allowed("bot", "/private"),
                r.is_allowed("bot", "/public"),
            )
        };
        // One second before 30 days: still disallow everything.
        assert_eq!(
            verdict(&mut cache, down + outage - SEC),
            (false, false),
            "{policy:?}"
        );
        assert_eq!(
            verdict(&mut cache, down + outage),
            (false, false),
            "{policy:?}"
        );
        // One second after: the configured policy.
        assert_eq!(
            verdict(&mut cache, down + outage + SEC),
            (private_allowed, public_allowed),
            "{policy:?}"
        );
    }
    // Without a good copy, UseCachedCopy keeps disallowing.
    let mut cache = RobotsCache::default();
    cache.insert(o.clone(), RobotsTxt::unreachable(), T0, None);
    assert!(
        !cache
            .lookup(&o, T0 + 40 * DAY)
            .robots()
            .unwrap()
            .is_allowed("bot", "/public")
    );
}

#[test]
fn spec_7_a_fetched_policy_is_used_for_at_most_24_hours() {
    let o = origin("http://example.com/");
    for robots in [
        RobotsTxt::from_response(200, RULES),
        RobotsTxt::from_response(404, b""),
    ] {
        let mut cache = RobotsCache::default();
        cache.insert(o.clone(), robots, T0, None);
        assert!(matches!(cache.lookup(&o, T0 + DAY - SEC), Lookup::Fresh(_)));
        assert!(matches!(cache.lookup(&o, T0 + DAY), Lookup::Stale(_)));
        assert!(matches!(cache.lookup(&o, T0 + DAY + SEC), Lookup::Stale(_)));
    }
    // A max-age is honoured below 24 hours and capped at 24 hours.
    let mut cache = RobotsCache::default();
    cache.insert(
        o.clone(),
        RobotsTxt::from_response(200, RULES),
        T0,
        Some(HOUR),
    );
    assert!(matches!(
        cache.lookup(&o, T0 + HOUR - SEC),
        Lookup::Fresh(_)
    ));
    assert!(matches!(
        cache.lookup(&o, T0 + HOUR + SEC),
        Lookup::Stale(_)
    ));
    cache.insert(
        o.clone(),
        RobotsTxt::from_response(200, RULES),
        T0,
        Some(7 * DAY),
    );
    assert!(matches!(cache.lookup(&o, T0 + DAY - SEC), Lookup::Fresh(_)));
    assert!(matches!(cache.lookup(&o, T0 + DAY + SEC), Lookup::Stale(_)));
    // So is the configured lifetime, which cannot exceed 24 hours.
    // Not even by a fraction of a second.
    for ttl in [2 * DAY, DAY + Duration::from_millis(500)] {
        let mut cache = RobotsCache::new(CacheOptions::new().max_ttl(ttl));
        cache.insert(o.clone(), RobotsTxt::from_response(200, RULES), T0, None);
        assert!(
            matches!(cache.lookup(&o, T0 + DAY), Lookup::Stale(_)),
            "{ttl:?}"
        );
    }
}

#[test]
fn spec_7_a_304_to_a_conditional_fetch_keeps_the_cached_policy() {
    let o = origin("https://example.com/");
    let private_allowed = |cache: &mut RobotsCache, at| {
        let lookup = cache.lookup(&o, at);
        (
            matches!(lookup, Lookup::Fresh(_)),
            lookup.robots().map(|r| r.is_allowed("bot", "/private")),
        )
    };
    let public_allowed = |cache: &mut RobotsCache, at| {
        let robots = cache.lookup(&o, at).robots().expect("cached");
        robots.is_allowed("bot", "/public")
    };
    let mut cache = RobotsCache::default();
    // Nothing cached: a 304 says nothing, and nothing is stored.
    assert!(!cache.revalidated(&o, T0, None));
    assert!(cache.is_empty());
    cache.insert(o.clone(), RobotsTxt::from_response(200, RULES), T0, None);
    let bytes = cache.bytes();
    // A day later the policy is stale; a 304 makes it fresh for another day
    // (or for its max-age), with the same rules.
    assert_eq!(private_allowed(&mut cache, T0 + DAY), (false, Some(false)));
    assert!(cache.revalidated(&o, T0 + DAY, None));
    assert_eq!(
        private_allowed(&mut cache, T0 + 2 * DAY - SEC),
        (true, Some(false))
    );
    assert_eq!(
        private_allowed(&mut cache, T0 + 2 * DAY),
        (false, Some(false))
    );
    assert!(cache.revalidated(&o, T0 + 2 * DAY, Some(HOUR)));
    assert_eq!(
        private_allowed(&mut cache, T0 + 2 * DAY + HOUR - SEC),
        (true, Some(false))
    );
    assert_eq!(
        private_allowed(&mut cache, T0 + 2 * DAY + HOUR),
        (false, Some(false))
    );
    assert_eq!(cache.bytes(), bytes);
    // After failures, a 304 to a fetch made with the last good copy's
    // validators brings that copy back.
    let t = T0 + 3 * DAY;
    cache.insert(o.clone(), RobotsTxt::unreachable(), t, None);
    cache.insert(o.clone(), RobotsTxt::unreachable(), t + 5 * MIN, None);
    assert_eq!(private_allowed(&mut cache, t + 6 * MIN).1, Some(false));
    assert!(!public_allowed(&mut cache, t + 6 * MIN));
    assert!(cache.revalidated(&o, t + 20 * MIN, None));
    assert!(public_allowed(&mut cache, t + 20 * MIN));
    assert_eq!(
        private_allowed(&mut cache, t + 20 * MIN + DAY - SEC),
        (true, Some(false))
    );
    assert_eq!(cache.bytes(), bytes);
    // An outage with no good copy before it: nothing to revalidate.
    let other = origin("https://other.example/");
    cache.insert(other.clone(), RobotsTxt::unreachable(), T0, None);
    assert!(!cache.revalidated(&other, T0 + MIN, None));
    assert!(matches!(
        cache.lookup(&other, T0 + 10 * MIN),
        Lookup::Stale(_)
    ));
}

#[test]
fn spec_7_unreachable_is_retried_after_5_minutes_backing_off_to_an_hour() {
    let o = origin("http://example.com/");
    let mut cache = RobotsCache::default();
    let mut t = T0;
    let mut retries = Vec::new();
    for _ in 0..8 {
        cache.insert(o.clone(), RobotsTxt::unreachable(), t, None);
        // Find the retry interval to the second, checking both sides.
        let mut retry = Duration::ZERO;
        for secs in 1..=2 * 3600 {
            if matches!(
                cache.lookup(&o, t + Duration::from_secs(secs)),
                Lookup::Stale(_)
            ) {
                retry = Duration::from_secs(secs);
                break;
            }
        }
        assert!(matches!(
            cache.lookup(&o, t + retry - SEC),
            Lookup::Fresh(_)
        ));
        retries.push(retry.as_secs() / 60);
        t += retry;
    }
    assert_eq!(retries, [5, 10, 20, 40, 60, 60, 60, 60]);
    // A success ends the backoff; the next failure starts at 5 minutes again.
    cache.insert(o.clone(), RobotsTxt::from_response(200, RULES), t, None);
    cache.insert(o.clone(), RobotsTxt::unreachable(), t + SEC, None);
    assert!(matches!(
        cache.lookup(&o, t + SEC + 5 * MIN - SEC),
        Lookup::Fresh(_)
    ));
    assert!(matches!(
        cache.lookup(&o, t + SEC + 5 * MIN),
        Lookup::Stale(_)
    ));
}

#[test]
fn crawl_delay_spaces_requests_and_is_never_brought_forward() {
    let o = origin("https://example.com/");
    let mut cache = RobotsCache::default();
    cache.insert(o.clone(), RobotsTxt::from_response(200, RULES), T0, None);
    assert!(cache.may_request(&o, "bot", Duration::ZERO, T0));
    let next = cache.record_request(&o, "bot", Duration::ZERO, T0);
    assert_eq!(next, T0 + 10 * SEC);
    for closed in [1, 5, 9] {
        assert!(
            !cache.may_request(&o, "bot", Duration::ZERO, T0 + closed * SEC),
            "{closed}s"
        );
    }
    assert!(cache.may_request(&o, "bot", Duration::ZERO, T0 + 10 * SEC));
    // The crawler's own default wins when larger.
    assert_eq!(
        cache.next_request_at(&o, "bot", 15 * SEC, T0),
        Some(T0 + 15 * SEC)
    );
    // A longer delay learned later pushes the time out...
    cache.insert(
        o.clone(),
        RobotsTxt::from_response(200, b"User-agent: *\nCrawl-delay: 30\n"),
        T0 + SEC,
        None,
    );
    assert_eq!(
        cache.next_request_at(&o, "bot", Duration::ZERO, T0 + SEC),
        Some(T0 + 30 * SEC)
    );
    // ...and a shorter one never brings it forward.
    cache.insert(
        o.clone(),
        RobotsTxt::from_response(200, b"User-agent: *\nCrawl-delay: 1\n"),
        T0 + 2 * SEC,
        None,
    );
    assert_eq!(
        cache.next_request_at(&o, "bot", Duration::ZERO, T0 + 2 * SEC),
        Some(T0 + 10 * SEC)
    );
}

#[test]
fn spec_7_origins_share_entries_only_when_equal() {
    let mut cache = RobotsCache::default();
    cache.insert(
        origin("http://Example.com:80/a"),
        RobotsTxt::from_response(200, RULES),
        T0,
        None,
    );
    assert!(matches!(
        cache.lookup(&origin("http://example.com/b"), T0),
        Lookup::Fresh(_)
    ));
    assert!(matches!(
        cache.lookup(&origin("https://example.com/"), T0),
        Lookup::Missing
    ));
    assert!(matches!(
        cache.lookup(&origin("http://example.com:8080/"), T0),
        Lookup::Missing
    ));
    assert_eq!(cache.len(), 1);
    assert_eq!(
        robots::robots_txt_url("http://Example.com:80/a").unwrap(),
        "http://example.com/robots.txt"
    );
}

#[test]
fn spec_7_the_cache_stays_bounded_over_100_000_inserts() {
    let max_entries = 1_000;
    let max_bytes = 400_000;
    let mut cache = RobotsCache::new(
        CacheOptions::new()
            .max_entries(max_entries)
            .max_bytes(max_bytes),
    );
    let mut most = (0, 0);
    for i in 0..100_000u64 {
        let body = format!(
            "User-agent: *\nDisallow: /{}\n",
            "x".repeat((i % 300) as usize)
        );
        let o = origin(&format!("https://host{}.example/", i % 20_000));
        cache.insert(
            o,
            RobotsTxt::from_response(200, body.as_bytes()),
            T0 + Duration::from_secs(i),
            None,
        );
        assert!(
            cache.len() <= max_entries && cache.bytes() <= max_bytes,
            "after {i}: {} {}",
            cache.len(),
            cache.bytes()
        );
        most = (most.0.max(cache.len()), most.1.max(cache.bytes()));
    }
    // The bounds were reached, so eviction was exercised.
    assert_eq!(most.0, max_entries);
    assert!(most.1 > max_bytes / 2, "{most:?}");
    // The most recent insert is still there; the least recently used went first.
    assert!(matches!(
        cache.lookup(&origin("https://host19999.example/"), T0),
        Lookup::Fresh(_) | Lookup::Stale(_)
    ));
    assert!(matches!(
        cache.lookup(&origin("https://host0.example/"), T0),
        Lookup::Missing
    ));
    // A file larger than the byte bound alone is not kept.
    let mut tiny = RobotsCache::new(CacheOptions::new().max_bytes(10));
    tiny.insert(
        origin("https://a/"),
        RobotsTxt::from_response(200, RULES),
        T0,
        None,
    );
    assert!(tiny.is_empty());
}

/// The origin string an independent reading of the URL gives.
fn expected_origin(scheme: &str, host: &str, port: Option<u16>) -> String {
    let scheme = scheme.to_ascii_lowercase();
    let default = if scheme == "http" { 80 } else { 443 };
    match port {
        Some(p) if p != default => format!("{scheme}://{}:{p}", host.to_ascii_lowercase()),
        _ => format!("{scheme}://{}", host.to_ascii_lowercase()),
    }
}

fn url_parts() -> impl Strategy<Value = (String, String, Option<u16>)> {
    (
        prop::sample::select(vec!["http", "https", "HTTP", "Https"]),
        prop::sample::select(vec![
            "example.com",
            "Example.com",
            "example.com.",
            "EXAMPLE.COM.",
            "example.org",
        ]),
        prop::option::of(prop::sample::select(vec![80u16, 443, 8080, 8443])),
    )
        .prop_map(|(s, h, p)| (s.to_owned(), h.to_owned(), p))
}

proptest! {
    #[test]
    fn no_lookup_returns_another_origins_rules(
        inserts in prop::collection::vec(url_parts(), 1..20),
        lookups in prop::collection::vec(url_parts(), 1..20),
    ) {
        let mut cache = RobotsCache::default();
        let url = |(s, h, p): &(String, String, Option<u16>)| match p {
            Some(p) => format!("{s}://{h}:{p}/page"),
            None => format!("{s}://{h}/page"),
        };
        let mut inserted = std::collections::HashSet::new();
        for parts in &inserts {
            // Each origin's file names that origin, as an independent reading spells it.
            let name = expected_origin(&parts.0, &parts.1, parts.2);
            let body = format!("Sitemap: {name}\n");
            cache.insert(origin(&url(parts)), RobotsTxt::from_response(200, body.as_bytes()), T0, None);
            inserted.insert(name);
        }
        for parts in lookups.iter().chain(&inserts) {
            let name = expected_origin(&parts.0, &parts.1, parts.2);
            match cache.lookup(&origin(&url(parts)), T0).robots() {
                Some(r) => prop_assert_eq!(r.sitemaps().collect::<Vec<_>>(), vec![name.as_str()]),
                None => prop_assert!(!inserted.contains(&name), "{} was inserted but is missing", name),
            }
        }
    }
}
