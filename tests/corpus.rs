//! Replays the shared corpus of real robots.txt files (see its README): every
//! probe in both profiles must agree with the reference verdicts, and every
//! file must parse in both profiles without a panic.

mod common;

use std::collections::HashMap;
use std::io::Write;

use robots::{ParseOptions, Profile, RobotsTxt};
use serde::Deserialize;

#[derive(Deserialize)]
struct Probe {
    robots: String,
    ua: String,
    url: String,
    google: u8,
    rfc: u8,
}

#[test]
fn every_probe_agrees_with_the_reference_in_both_profiles() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let probes = std::fs::read_to_string(dir.join("probes.jsonl")).expect("probes.jsonl");
    let mut parsed: HashMap<(String, Profile), RobotsTxt> = HashMap::new();
    let mut bodies: HashMap<String, Vec<u8>> = HashMap::new();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut wrong = [0usize; 2];
    let mut wrong_once = [0usize; 2];
    for (n, line) in probes.lines().enumerate() {
        let probe: Probe =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("probes.jsonl:{}: {e}", n + 1));
        count += 1;
        for (i, (profile, expected)) in [(Profile::Google, probe.google), (Profile::Rfc, probe.rfc)]
            .into_iter()
            .enumerate()
        {
            let robots = parsed
                .entry((probe.robots.clone(), profile))
                .or_insert_with(|| {
                    let body =
                        std::fs::read(dir.join("files").join(&probe.robots)).expect("corpus file");
                    RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile))
                });
            let decision = robots.decide(&probe.ua, &probe.url);
            // The streaming one-shot answer must be the same, probe by probe.
            let body = bodies.entry(probe.robots.clone()).or_insert_with(|| {
                std::fs::read(dir.join("files").join(&probe.robots)).expect("corpus file")
            });
            let once = robots::is_allowed_once_with(
                body,
                &ParseOptions::new().profile(profile),
                &probe.ua,
                &probe.url,
            );
            if once != (expected == 1) {
                wrong_once[i] += 1;
                failures.push(format!(
                    "{profile:6} {} ua={:?} url={:?}: expected {}, is_allowed_once answered {once}",
                    probe.robots, probe.ua, probe.url, expected
                ));
            }
            if decision.is_allowed() != (expected == 1) {
                wrong[i] += 1;
                failures.push(format!(
                    "{profile:6} {} ua={:?} url={:?}: expected {}, got {decision}",
                    probe.robots,
                    probe.ua,
                    probe.url,
                    if expected == 1 {
                        "allowed"
                    } else {
                        "DISALLOWED"
                    },
                ));
            }
        }
    }
    let files = parsed.len() / 2;
    // Written to stderr directly, past the test harness's capture, so that
    // the summary shows in every run's log.
    let _ = writeln!(
        std::io::stderr(),
        "corpus: {count} probes over {files} files checked; disagreements: google {}, rfc {}; is_allowed_once: google {}, rfc {}",
        wrong[0],
        wrong[1],
        wrong_once[0],
        wrong_once[1]
    );
    if !failures.is_empty() {
        for f in failures.iter().take(200) {
            eprintln!("{f}");
        }
        panic!(
            "{} disagreements with the reference (first 200 above)",
            failures.len()
        );
    }
}

#[test]
fn every_corpus_file_parses_in_both_profiles() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = common::files_under(&dir.join("files"));
    assert!(
        !files.is_empty(),
        "no files under {}",
        dir.join("files").display()
    );
    for file in &files {
        let body = std::fs::read(dir.join("files").join(file)).expect("corpus file");
        for profile in [Profile::Rfc, Profile::Google] {
            let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile));
            // Every diagnostic names a line the file has.
            for d in robots.diagnostics() {
                assert!(
                    (1..=robots.line_count()).contains(&d.line()),
                    "{}: {d} outside 1..={}",
                    file.display(),
                    robots.line_count()
                );
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "corpus: {} files parsed in both profiles without a panic",
        files.len()
    );
}
