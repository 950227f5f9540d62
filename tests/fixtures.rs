//! Runs the data files under `fixtures/`: each case names its source, and
//! runs in the profiles it lists (both by default).

use robots::{ParseOptions, Profile, RobotsTxt};
use serde::Deserialize;

/// Every fixture file, loaded at compile time.
const FILES: &[(&str, &str)] = &[
    (
        "rfc9309-2.2.2.toml",
        include_str!("../fixtures/rfc9309-2.2.2.toml"),
    ),
    (
        "rfc9309-2.2.3.toml",
        include_str!("../fixtures/rfc9309-2.2.3.toml"),
    ),
    (
        "rfc9309-5.1.toml",
        include_str!("../fixtures/rfc9309-5.1.toml"),
    ),
    (
        "rfc9309-5.2.toml",
        include_str!("../fixtures/rfc9309-5.2.toml"),
    ),
];

/// Bodies that cases name with `body_file`.
const BODIES: &[(&str, &str)] = &[(
    "rfc9309-5.1.txt",
    include_str!("../fixtures/rfc9309-5.1.txt"),
)];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    case: Vec<Case>,
    #[serde(default)]
    canonical: Vec<Canonical>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    source: String,
    body: Option<String>,
    body_file: Option<String>,
    profiles: Option<Vec<String>>,
    checks: Vec<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    ua: String,
    url: String,
    allowed: bool,
    /// The deciding rule's line; absent means no rule decides.
    line: Option<u32>,
    profiles: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Canonical {
    source: String,
    input: String,
    expected: String,
}

fn profiles(names: Option<&Vec<String>>) -> Vec<Profile> {
    match names {
        None => vec![Profile::Rfc, Profile::Google],
        Some(names) => names
            .iter()
            .map(|n| match n.as_str() {
                "rfc" => Profile::Rfc,
                "google" => Profile::Google,
                other => panic!("unknown profile {other:?}"),
            })
            .collect(),
    }
}

#[test]
fn fixture_cases() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (file, text) in FILES {
        let parsed: File = toml::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for case in &parsed.case {
            let body = match (&case.body, &case.body_file) {
                (Some(body), None) => body.as_str(),
                (None, Some(name)) => {
                    BODIES
                        .iter()
                        .find(|(n, _)| n == name)
                        .unwrap_or_else(|| panic!("{file}: {name} is not in BODIES"))
                        .1
                }
                _ => panic!(
                    "{file}: case {} needs exactly one of body, body_file",
                    case.name
                ),
            };
            for profile in profiles(case.profiles.as_ref()) {
                let robots =
                    RobotsTxt::parse_with(body.as_bytes(), &ParseOptions::new().profile(profile));
                for check in &case.checks {
                    if !profiles(check.profiles.as_ref()).contains(&profile) {
                        continue;
                    }
                    checked += 1;
                    let decision = robots.decide(&check.ua, &check.url);
                    let line = decision.rule().map(|r| r.line());
                    if decision.is_allowed() != check.allowed || line != check.line {
                        failures.push(format!(
                            "{file} {} ({}) [{profile}] ua={:?} url={:?}: expected allowed={} line={:?}, got {decision}",
                            case.name, case.source, check.ua, check.url, check.allowed, check.line
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 80, "only {checked} checks ran");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_canonical_forms() {
    let mut checked = 0;
    for (file, text) in FILES {
        let parsed: File = toml::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for c in &parsed.canonical {
            checked += 1;
            let path = robots::CanonicalPath::new(&c.input);
            assert_eq!(
                path.as_str(),
                c.expected,
                "{file}: {} ({})",
                c.input,
                c.source
            );
        }
    }
    assert_eq!(checked, 6);
}
