//! Property tests: the compiled matcher against an obviously-correct naive
//! twin, and the invariances SPEC.md promises.

use proptest::prelude::*;
use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

// ---- The naive twin -------------------------------------------------------

/// Whether `pattern` matches `path` (SPEC §5.1), by dynamic programming over
/// every (pattern prefix, path prefix) pair: slow and obviously right.
fn naive_matches(pattern: &[u8], path: &[u8]) -> bool {
    let (pat, anchored) = match pattern.strip_suffix(b"$") {
        Some(p) => (p, true),
        None => (pattern, false),
    };
    let (n, m) = (pat.len(), path.len());
    // dp[i][j]: pat[..i] matches exactly path[..j].
    let mut dp = vec![vec![false; m + 1]; n + 1];
    dp[0][0] = true;
    for i in 1..=n {
        for j in 0..=m {
            dp[i][j] = if pat[i - 1] == b'*' {
                dp[i - 1][j] || (j > 0 && dp[i][j - 1])
            } else {
                j > 0 && dp[i - 1][j - 1] && path[j - 1] == pat[i - 1]
            };
        }
    }
    if anchored {
        dp[n][m]
    } else {
        dp[n].iter().any(|x| *x)
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// One left-to-right pass of SPEC §4.2's RFC canonical form.
fn naive_pass(s: &[u8], is_path: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            if let (Some(h), Some(l)) = (hex(s[i + 1]), hex(s[i + 2])) {
                let v = h * 16 + l;
                if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                    out.push(v);
                } else {
                    out.extend(format!("%{v:02X}").bytes());
                }
                i += 3;
                continue;
            }
        }
        let b = s[i];
        let last = i + 1 == s.len();
        let special = match b {
            b'*' => is_path,
            b'$' => is_path || !last,
            _ => false,
        };
        let encode = !(0x20..0x7F).contains(&b) || b == b' ' || special;
        if encode {
            out.extend(format!("%{b:02X}").bytes());
        } else {
            out.push(b);
        }
        i += 1;
    }
    out
}

/// The RFC canonical form: passes until nothing changes.
fn naive_canonical(s: &[u8], is_path: bool) -> Vec<u8> {
    let mut cur = s.to_vec();
    loop {
        let next = naive_pass(&cur, is_path);
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

/// Google's form of a pattern: non-ASCII escaped, escapes upper-cased.
fn naive_google(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() && hex(s[i + 1]).is_some() && hex(s[i + 2]).is_some() {
            out.push(b'%');
            out.push(s[i + 1].to_ascii_uppercase());
            out.push(s[i + 2].to_ascii_uppercase());
            i += 3;
        } else if s[i] >= 0x80 {
            out.extend(format!("%{:02X}", s[i]).bytes());
            i += 1;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// The naive verdict for one allow and one disallow pattern (SPEC §5.2-5.3).
fn naive_verdict(profile: Profile, allow: &str, disallow: &str, path: &str) -> bool {
    let form = |p: &str| match profile {
        Profile::Rfc => naive_canonical(p.as_bytes(), false),
        _ => naive_google(p.as_bytes()),
    };
    let path = match profile {
        Profile::Rfc => naive_canonical(path.as_bytes(), true),
        _ => path.as_bytes().to_vec(),
    };
    let priority = |p: &str| {
        let p = form(p);
        (!p.is_empty() && naive_matches(&p, &path)).then_some(p.len())
    };
    match (priority(allow), priority(disallow)) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(a), Some(d)) => a >= d,
    }
}

// ---- Strategies -----------------------------------------------------------

/// Pieces that make patterns and paths interesting: wildcards, anchors,
/// escapes in both cases, reserved and unreserved escapes, non-ASCII.
fn piece(with_wildcards: bool) -> impl Strategy<Value = &'static str> {
    let mut pieces = vec![
        "a", "b", "/", "a", "/", "%2F", "%2f", "%61", "%7e", "~", "%", "%4", "é", "ツ", "%C3%A9",
        "%c3%a9", "$", "-", ".",
    ];
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn compiled_matcher_agrees_with_the_naive_twin(allow in pattern(), disallow in pattern(), path in path()) {
        for profile in PROFILES {
            let body = format!("User-agent: *\nAllow: {allow}\nDisallow: {disallow}\n");
            let robots = RobotsTxt::parse_with(body.as_bytes(), &ParseOptions::new().profile(profile));
            let got = robots.decide("bot", &path);
            let expected = naive_verdict(profile, &allow, &disallow, &path);
            prop_assert_eq!(got.is_allowed(), expected, "{} allow={:?} disallow={:?} path={:?}: {}", profile, allow, disallow, path, got);
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
