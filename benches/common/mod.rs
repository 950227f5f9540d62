//! The shared corpus as the benches use it: every body cut to 512,000 bytes,
//! and the probes for `Googlebot` grouped by file.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use robots::{CanonicalPath, LintCode};

pub const LIMIT: usize = 512_000;

pub struct Corpus {
    /// (name, body cut to LIMIT bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// For each file, the URLs of its probes for Googlebot.
    pub probes: Vec<Vec<String>>,
}

impl Corpus {
    pub fn total_bytes(&self) -> u64 {
        self.files.iter().map(|(_, b)| b.len() as u64).sum()
    }

    pub fn probe_count(&self) -> u64 {
        self.probes.iter().map(|p| p.len() as u64).sum()
    }
}

/// Each probe's canonical path, built once, grouped as `probes` is.
pub fn canonical_paths(probes: &[Vec<String>]) -> Vec<Vec<CanonicalPath<'static>>> {
    probes
        .iter()
        .map(|urls| {
            urls.iter()
                .map(|u| CanonicalPath::new(u).into_owned())
                .collect()
        })
        .collect()
}

/// Whether `body` is an HTML page served as robots.txt: what the crate's
/// linter reports as [`LintCode::Html`].
pub fn looks_like_html(body: &[u8]) -> bool {
    robots::lint(body)
        .iter()
        .any(|l| l.code() == LintCode::Html)
}

/// A setting from the environment variable `name`: a whole number above 0,
/// or `default` when it is not set; exits with a message for any other
/// value.
pub fn count_setting(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Err(_) => default,
        Ok(value) => match value.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("{name} must be a whole number above 0, not {value:?}");
                std::process::exit(2);
            }
        },
    }
}

/// A setting from the environment variable `name`: one of `allowed`, or
/// `None` when it is not set or empty; exits with a message for any other
/// value.
pub fn choice_setting(name: &str, allowed: &[&'static str]) -> Option<&'static str> {
    let value = std::env::var(name).ok().filter(|v| !v.is_empty())?;
    if let Some(found) = allowed.iter().find(|a| **a == value) {
        return Some(found);
    }
    eprintln!("{name} must be one of {allowed:?}, not {value:?}");
    std::process::exit(2);
}

/// The least wall time of `repetitions` calls of `pass`, in milliseconds.
pub fn best_of(repetitions: usize, mut pass: impl FnMut()) -> f64 {
    (0..repetitions)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::MAX, f64::min)
}

/// The corpus folder, as the tests find it; `None` when absent.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("ROBOTS_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    dir.join("probes.jsonl").is_file().then_some(dir)
}

/// Loads every file that has probes, with its Googlebot probes.
pub fn load() -> Option<Corpus> {
    let dir = corpus_dir()?;
    let text = std::fs::read_to_string(dir.join("probes.jsonl")).expect("probes.jsonl");
    let mut by_file: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let file = v["robots"].as_str().expect("robots").to_owned();
        let urls = by_file.entry(file).or_default();
        if v["ua"] == "Googlebot" {
            urls.push(v["url"].as_str().expect("url").to_owned());
        }
    }
    let mut files = Vec::new();
    let mut probes = Vec::new();
    for (name, urls) in by_file {
        let mut body = std::fs::read(dir.join("files").join(&name)).expect("corpus file");
        body.truncate(LIMIT);
        files.push((name, body));
        probes.push(urls);
    }
    Some(Corpus { files, probes })
}

/// The adversarial body of wildcard-heavy rules, of about `kb` thousand
/// bytes, and the long path it is queried with (README, "Speed").
pub fn wildcard_body(kb: usize) -> (Vec<u8>, String) {
    let mut body = b"User-agent: *\n".to_vec();
    let mut i = 0;
    while body.len() < kb * 1000 - 64 {
        body.extend_from_slice(format!("Disallow: /*a*b*{i}*c*$\nAllow: *x*{i}*y\n").as_bytes());
        i += 1;
    }
    (body, format!("/{}", "ab".repeat(4000)))
}
