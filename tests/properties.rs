//! Property tests: the compiled matcher against an obviously-correct naive
//! twin, and the invariances SPEC.md promises.

use proptest::prelude::*;
use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

#[path = "naive/mod.rs"]
mod naive;

use naive::{group_body, naive_best, naive_canonical, naive_google, naive_matches};

// ---- Strategies -----------------------------------------------------------

/// Pieces that make patterns and paths interesting: wildcards, anchors,
/// escapes in both cases, reserved and unreserved escapes, non-ASCII, and the
/// `index.htm` segment Google's profile reads specially (SPEC §5.5).
fn piece(with_wildcards: bool) -> impl Strategy<Value = &'static str> {
    let mut pieces = vec![
        "a", "b", "/", "a", "/", "%2F", "%2f", "%61", "%7e", "~", "%", "%4", "é", "ツ", "%C3%A9",
        "%c3%a9", "$", "-", ".",
    ];
    pieces.push("index.htm");
    if with_wildcards {
        pieces.extend(["*", "*", "$"]);
    }
    proptest::sample::select(pieces)
}

fn pattern() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("/"), Just("*"), Just("")],
        proptest::collection::vec(piece(true), 0..8),
    )
        .prop_map(|(start, rest)| format!("{start}{}", rest.concat()))
}

fn path() -> impl Strategy<Value = String> {
    proptest::collection::vec(piece(true), 0..10).prop_map(|rest| {
        let rest = rest.concat();
        // A path starting `//` would be read as an authority (SPEC §4.1).
        format!("/{}", rest.trim_start_matches('/'))
    })
}

const PROFILES: [Profile; 2] = [Profile::Rfc, Profile::Google];

/// One allow and one disallow pattern, in both profiles: the parsed file
/// decides `path` as the naive twin does (SPEC §5.2–5.3, and Google's
/// `index.htm` rule of §5.5).
fn agrees_on_one_pair(allow: &str, disallow: &str, path: &str) -> Result<(), TestCaseError> {
    for profile in PROFILES {
        let rules = [(true, allow.as_bytes()), (false, disallow.as_bytes())];
        let robots =
            RobotsTxt::parse_with(&group_body(rules), &ParseOptions::new().profile(profile));
        let got = robots.decide("bot", path);
        let expected = naive_best(profile, rules, path.as_bytes()).is_none_or(|(_, allow)| allow);
        prop_assert_eq!(
            got.is_allowed(),
            expected,
            "{} allow={:?} disallow={:?} path={:?}: {}",
            profile,
            allow,
            disallow,
            path,
            got
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn compiled_matcher_agrees_with_the_naive_twin(allow in pattern(), disallow in pattern(), path in path()) {
        agrees_on_one_pair(&allow, &disallow, &path)?;
    }

    #[test]
    fn the_index_htm_rule_agrees_with_the_naive_twin(
        dir in proptest::collection::vec(piece(true), 0..4),
        tail in proptest::collection::vec(piece(true), 0..3),
        disallow in pattern(),
        other in path(),
        which in 0..3usize,
    ) {
        // SPEC §5.5: in the Google profile `Allow: /d/index.htm...` also
        // allows exactly `/d/`; random patterns seldom take that shape, so
        // this builds it and asks for the directory, the file, or any path.
        let base = format!("/{}", dir.concat().trim_start_matches('/'));
        let dir = if base.ends_with('/') { base } else { base + "/" };
        let allow = format!("{dir}index.htm{}", tail.concat());
        let path = match which {
            0 => dir,
            1 => format!("{dir}index.html"),
            _ => other,
        };
        agrees_on_one_pair(&allow, &disallow, &path)?;
    }

    #[test]
    fn large_indexed_groups_agree_with_the_naive_twin(
        rules in proptest::collection::vec((any::<bool>(), pattern()), 33..90),
        paths in proptest::collection::vec(path(), 1..8),
        shared in proptest::sample::select(vec!["", "/1234567", "/Government/Departments/Public"]),
    ) {
        // Groups of more than 32 rules are matched through a literal-prefix
        // index (built by a view, or once one-query reads have scanned the
        // group a few times), or by a scan of every rule in file order:
        // both must find the same winner, the same line, as trying every
        // rule. A long prefix shared by most patterns and paths makes the
        // index sort literals that tie on their first words.
        let widen = |s: &String| if s.starts_with('/') { format!("{shared}{s}") } else { s.clone() };
        let rules: Vec<(bool, String)> = rules.iter().map(|(allow, p)| (*allow, widen(p))).collect();
        let paths: Vec<String> = paths.iter().map(widen).collect();
        for profile in PROFILES {
            let rules = rules.iter().map(|(allow, p)| (*allow, p.as_bytes()));
            let body = group_body(rules.clone());
            let options = ParseOptions::new().profile(profile);
            // At most seven one-query reads: each scans the group, which
            // the heap, unchanged after them, confirms.
            let scanned = RobotsTxt::parse_with(&body, &options);
            let scanned_size = scanned.heap_size();
            let indexed = RobotsTxt::parse_with(&body, &options);
            let view = indexed.agent("bot");
            for path in &paths {
                if profile == Profile::Rfc && naive::is_robots_txt(path) {
                    continue;
                }
                let best = naive_best(profile, rules.clone(), path.as_bytes());
                let expected = best.is_none_or(|(_, allow)| allow);
                let got = view.decide(path);
                prop_assert_eq!(got.is_allowed(), expected, "{} path={:?}: {}\n{}", profile, path, got, String::from_utf8_lossy(&body));
                prop_assert_eq!(got.rule().map(|r| r.priority() as usize), best.map(|(len, _)| len));
                let by_scan = scanned.decide("bot", path);
                prop_assert_eq!(
                    by_scan.rule().map(|r| (r.line(), r.priority())),
                    got.rule().map(|r| (r.line(), r.priority())),
                    "{} path={:?}: scan {} index {}", profile, path, by_scan, got
                );
            }
            prop_assert_eq!(scanned.heap_size(), scanned_size, "{}: the reads built an index", profile);
        }
    }

    #[test]
    fn one_shot_answers_as_the_parsed_file(
        file in robots_file(),
        paths in proptest::collection::vec(path(), 1..6),
        eol in proptest::sample::select(vec!["\n", "\r\n", "\r"]),
        limit in proptest::option::of(0usize..300),
    ) {
        // robots::is_allowed_once matches while lexing; it must answer as
        // parsing then querying does, for every crawler and path, and with a
        // size limit wherever it cuts the body (SPEC §1.2).
        let body = render(&file, eol, false, None);
        for profile in PROFILES {
            let options = ParseOptions::new().profile(profile);
            let options = match limit {
                Some(limit) => options.size_limit(limit),
                None => options,
            };
            let robots = RobotsTxt::parse_with(body.as_bytes(), &options);
            for ua in AGENTS.iter().chain(&["", "*", "otherbot"]) {
                for path in &paths {
                    prop_assert_eq!(
                        robots::is_allowed_once_with(body.as_bytes(), &options, ua, path),
                        robots.is_allowed(ua, path),
                        "{} ua={:?} path={:?} limit={:?}\n{}", profile, ua, path, limit, body
                    );
                }
            }
        }
    }

    #[test]
    fn canonicalising_twice_equals_once(path in path()) {
        let once = CanonicalPath::new(&path);
        let twice = CanonicalPath::new(once.as_str());
        prop_assert_eq!(twice.as_str(), once.as_str());
        prop_assert_eq!(once.as_str().as_bytes(), &naive_canonical(path.as_bytes(), true)[..]);
    }

    #[test]
    fn robots_txt_is_always_allowed_in_the_rfc_profile(file in robots_file(), query in "(\\?[a-z=&]{0,8})?") {
        let robots = RobotsTxt::parse(render(&file, "\n", false, None).as_bytes());
        for ua in AGENTS {
            let path = format!("/robots.txt{}", query);
            let url = format!("https://example.com/robots.txt{}", query);
            prop_assert!(robots.is_allowed(ua, &path), "{}", path);
            prop_assert!(robots.is_allowed(ua, &url), "{}", url);
        }
    }

    #[test]
    fn line_ends_key_case_and_other_groups_never_change_a_verdict(
        file in robots_file(),
        paths in proptest::collection::vec(path(), 1..6),
        insert_at in 0usize..6,
    ) {
        for profile in PROFILES {
            let opts = ParseOptions::new().profile(profile);
            let base = RobotsTxt::parse_with(render(&file, "\n", false, None).as_bytes(), &opts);
            let variants = [
                render(&file, "\r\n", false, None),
                render(&file, "\r", false, None),
                render(&file, "\n", true, None),
                render(&file, "\n", false, Some(insert_at % (file.len() + 1))),
            ];
            for variant in &variants {
                let other = RobotsTxt::parse_with(variant.as_bytes(), &opts);
                for ua in AGENTS {
                    for path in &paths {
                        prop_assert_eq!(
                            base.is_allowed(ua, path), other.is_allowed(ua, path),
                            "{} ua={} path={:?}\n--- base\n{}\n--- variant\n{}", profile, ua, path,
                            render(&file, "\n", false, None), variant
                        );
                    }
                }
            }
        }
    }
}

// ---- Whole files ----------------------------------------------------------

const AGENTS: [&str; 4] = ["foobot", "barbot", "bazbot", "FooBot/1.0"];

/// A group: its agents and its rules (`true` = allow), never without a rule
/// line, so that inserting a group after it cannot merge into it.
type Group = (Vec<&'static str>, Vec<(bool, String)>);

fn robots_file() -> impl Strategy<Value = Vec<Group>> {
    let agents = proptest::collection::vec(
        proptest::sample::select(vec!["foobot", "barbot", "*", "FooBot"]),
        1..3,
    );
    let rules = proptest::collection::vec((any::<bool>(), pattern()), 1..4);
    proptest::collection::vec((agents, rules), 0..5)
}

/// Renders a file with a line end, optionally upper-casing keys and inserting
/// a group for a crawler none of the queries names.
fn render(file: &[Group], eol: &str, upper: bool, insert: Option<usize>) -> String {
    let key = |k: &str| {
        if upper {
            k.to_uppercase()
        } else {
            k.to_owned()
        }
    };
    let mut out = String::new();
    for (i, (agents, rules)) in file.iter().enumerate() {
        if insert == Some(i) {
            out += &format!(
                "{}: otherbot{eol}{}: /{eol}",
                key("User-agent"),
                key("Disallow")
            );
        }
        for a in agents {
            out += &format!("{}: {a}{eol}", key("User-agent"));
        }
        for (allow, p) in rules {
            out += &format!(
                "{}: {p}{eol}",
                key(if *allow { "Allow" } else { "Disallow" })
            );
        }
    }
    if insert == Some(file.len()) {
        out += &format!(
            "{}: otherbot{eol}{}: /{eol}",
            key("User-agent"),
            key("Disallow")
        );
    }
    out
}

#[test]
fn the_naive_twin_can_tell_right_from_wrong() {
    // The twin itself must be right for the property tests to mean anything.
    assert!(naive_matches(b"/*.php$", b"/a.php.php"));
    assert!(!naive_matches(b"/*.php$", b"/a.php5"));
    assert!(naive_matches(b"/a", b"/abc"));
    assert!(!naive_matches(b"/a$", b"/abc"));
    assert_eq!(naive_canonical(b"/%%341", true), b"/A");
    assert_eq!(naive_canonical(b"/a$b$", false), b"/a%24b$");
    assert_eq!(naive_google("/é%2f".as_bytes()), b"/%C3%A9%2F");
}
