//! Side-by-side benchmarks against the robots.txt crates in use today, on the
//! shared corpus (README, "Speed"). Run with `cargo bench --bench compare`.
//!
//! Every library gets the same bytes: each body cut to 512,000 bytes, and the
//! files that make a peer panic left out for all (they are listed when the
//! bench starts).

mod common;

use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

const UA: &str = "Googlebot";

/// A robotstxt handler that does nothing: robotstxt's parse alone.
struct Noop;

impl robotstxt::RobotsParseHandler for Noop {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, _: &str) {}
    fn handle_allow(&mut self, _: u32, _: &str) {}
    fn handle_disallow(&mut self, _: u32, _: &str) {}
    fn handle_sitemap(&mut self, _: u32, _: &str) {}
    fn handle_unknown_action(&mut self, _: u32, _: &str, _: &str) {}
}

/// The corpus, with the bodies as text for robotstxt (which takes `&str`),
/// and without the files that make a peer panic.
struct Data {
    corpus: common::Corpus,
    text: Vec<String>,
}

fn data() -> Option<Data> {
    let mut corpus = common::load()?;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut keep = Vec::new();
    let mut left_out = Vec::new();
    for (i, (name, body)) in corpus.files.iter().enumerate() {
        let text = String::from_utf8_lossy(body).into_owned();
        let urls = &corpus.probes[i];
        let texting = catch_unwind(|| {
            if let Ok(robot) = texting_robots::Robot::new(UA, body) {
                urls.iter().for_each(|u| {
                    black_box(robot.allowed(u));
                });
            }
        });
        let robotstxt = catch_unwind(AssertUnwindSafe(|| {
            for url in urls.iter().take(1.max(urls.len())) {
                robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(&text, UA, url);
            }
            let mut noop = Noop;
            robotstxt::parse_robotstxt(&text, &mut noop);
        }));
        match (texting.is_ok(), robotstxt.is_ok()) {
            (true, true) => keep.push(i),
            (t, r) => left_out.push(format!(
                "{name} ({})",
                if !t {
                    "texting_robots panics"
                } else if !r {
                    "robotstxt panics"
                } else {
                    ""
                }
            )),
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "left out for every library, as a peer panics on them: {}",
        if left_out.is_empty() {
            "none".into()
        } else {
            left_out.join(", ")
        }
    );
    let files = keep.iter().map(|&i| corpus.files[i].clone()).collect();
    let probes = keep.iter().map(|&i| corpus.probes[i].clone()).collect();
    corpus = common::Corpus { files, probes };
    let text = corpus
        .files
        .iter()
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    eprintln!(
        "corpus: {} files, {} bytes, {} Googlebot probes",
        corpus.files.len(),
        corpus.total_bytes(),
        corpus.probe_count()
    );
    Some(Data { corpus, text })
}

fn benches(c: &mut Criterion) {
    let Some(d) = data() else {
        eprintln!("SKIPPED: no corpus (set ROBOTS_CORPUS); nothing to compare");
        return;
    };
    let files = &d.corpus.files;
    let probes = &d.corpus.probes;
    let google = ParseOptions::new().profile(Profile::Google);

    // 1. Parse every body once.
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(d.corpus.total_bytes()));
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("robots (rfc)", |b| {
        b.iter(|| {
            files
                .iter()
                .for_each(|(_, body)| drop(black_box(RobotsTxt::parse(body))))
        })
    });
    g.bench_function("robots (google)", |b| {
        b.iter(|| {
            files
                .iter()
                .for_each(|(_, body)| drop(black_box(RobotsTxt::parse_with(body, &google))))
        })
    });
    g.bench_function("texting_robots", |b| {
        b.iter(|| {
            files
                .iter()
                .for_each(|(_, body)| drop(black_box(texting_robots::Robot::new(UA, body))))
        })
    });
    g.bench_function("robotstxt (parse only)", |b| {
        b.iter(|| {
            d.text
                .iter()
                .for_each(|t| robotstxt::parse_robotstxt(black_box(t), &mut Noop))
        })
    });
    g.finish();

    // 2. Query: files parsed beforehand, every Googlebot probe.
    let parsed: Vec<RobotsTxt> = files.iter().map(|(_, b)| RobotsTxt::parse(b)).collect();
    let texting: Vec<Option<texting_robots::Robot>> = files
        .iter()
        .map(|(_, b)| texting_robots::Robot::new(UA, b).ok())
        .collect();
    let paths: Vec<Vec<CanonicalPath<'static>>> = probes
        .iter()
        .map(|urls| {
            urls.iter()
                .map(|u| CanonicalPath::new(u).into_owned())
                .collect()
        })
        .collect();
    let mut g = c.benchmark_group("query");
    g.throughput(Throughput::Elements(d.corpus.probe_count()));
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("robots is_allowed", |b| {
        b.iter(|| {
            for (robots, urls) in parsed.iter().zip(probes) {
                urls.iter().for_each(|u| {
                    black_box(robots.is_allowed(UA, u));
                });
            }
        })
    });
    g.bench_function("robots agent view, paths built once", |b| {
        b.iter(|| {
            for (robots, paths) in parsed.iter().zip(&paths) {
                let agent = robots.agent(UA);
                paths.iter().for_each(|p| {
                    black_box(agent.is_allowed_path(p));
                });
            }
        })
    });
    g.bench_function("texting_robots allowed", |b| {
        b.iter(|| {
            for (robot, urls) in texting.iter().zip(probes) {
                if let Some(robot) = robot {
                    urls.iter().for_each(|u| {
                        black_box(robot.allowed(u));
                    });
                }
            }
        })
    });
    // robotstxt has no parsed form: every query parses the whole body.
    let robotstxt_every_probe = || {
        for (text, urls) in d.text.iter().zip(probes) {
            for u in urls {
                black_box(
                    robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, UA, u),
                );
            }
        }
    };
    g.bench_function("robotstxt (re-parses per query)", |b| {
        b.iter(robotstxt_every_probe)
    });
    g.finish();

    // 3. A crawler's loop: parse, then every probe of that file.
    let mut g = c.benchmark_group("crawler loop");
    g.throughput(Throughput::Bytes(d.corpus.total_bytes()));
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("robots", |b| {
        b.iter(|| {
            for ((_, body), urls) in files.iter().zip(probes) {
                let robots = RobotsTxt::parse(body);
                let agent = robots.agent(UA);
                urls.iter().for_each(|u| {
                    black_box(agent.is_allowed(u));
                });
            }
        })
    });
    g.bench_function("texting_robots", |b| {
        b.iter(|| {
            for ((_, body), urls) in files.iter().zip(probes) {
                if let Ok(robot) = texting_robots::Robot::new(UA, body) {
                    urls.iter().for_each(|u| {
                        black_box(robot.allowed(u));
                    });
                }
            }
        })
    });
    g.bench_function("robotstxt", |b| b.iter(robotstxt_every_probe));
    g.finish();

    // 4. One shot: parse plus one query, the way Google's API works.
    let first: Vec<&str> = probes
        .iter()
        .map(|p| p.first().map_or("/", String::as_str))
        .collect();
    let mut g = c.benchmark_group("one shot");
    g.throughput(Throughput::Bytes(d.corpus.total_bytes()));
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("robots", |b| {
        b.iter(|| {
            for ((_, body), url) in files.iter().zip(&first) {
                black_box(RobotsTxt::parse(body).is_allowed(UA, url));
            }
        })
    });
    g.bench_function("robots (google)", |b| {
        b.iter(|| {
            for ((_, body), url) in files.iter().zip(&first) {
                black_box(RobotsTxt::parse_with(body, &google).is_allowed(UA, url));
            }
        })
    });
    g.bench_function("robots is_allowed_once", |b| {
        b.iter(|| {
            for ((_, body), url) in files.iter().zip(&first) {
                black_box(robots::is_allowed_once(body, UA, url));
            }
        })
    });
    g.bench_function("robots is_allowed_once (google)", |b| {
        b.iter(|| {
            for ((_, body), url) in files.iter().zip(&first) {
                black_box(robots::is_allowed_once_with(body, &google, UA, url));
            }
        })
    });
    g.bench_function("texting_robots", |b| {
        b.iter(|| {
            for ((_, body), url) in files.iter().zip(&first) {
                black_box(
                    texting_robots::Robot::new(UA, body)
                        .map(|r| r.allowed(url))
                        .ok(),
                );
            }
        })
    });
    g.bench_function("robotstxt", |b| {
        b.iter(|| {
            for (text, url) in d.text.iter().zip(&first) {
                black_box(
                    robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, UA, url),
                );
            }
        })
    });
    g.finish();
}

/// 5. Adversarial inputs at doubling sizes: time per byte must stay flat.
fn adversarial(c: &mut Criterion) {
    // The query goes through a view, which builds the index of the body's
    // large groups: a single `is_allowed` would scan them instead, and the
    // sort, the part that is not linear, would go untimed.
    let mut g = c.benchmark_group("adversarial: wildcard-heavy body, parse + query");
    g.sample_size(10);
    for kib in [64usize, 128, 256, 512] {
        let (body, path) = common::wildcard_body(kib);
        g.throughput(Throughput::Bytes(body.len() as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("{kib} KB")),
            &body,
            |b, body| b.iter(|| black_box(RobotsTxt::parse(body).agent("bot").is_allowed(&path))),
        );
    }
    g.finish();

    let mut g = c.benchmark_group("adversarial: `*a` pattern against a path of `a`s");
    g.sample_size(20);
    for kib in [2usize, 4, 8, 16] {
        let n = kib * 1024;
        let body = format!("User-agent: *\nDisallow: /{}b\n", "*a".repeat(n / 2));
        let robots = RobotsTxt::parse(body.as_bytes());
        let agent = robots.agent("bot");
        let path = CanonicalPath::new(&format!("/{}", "a".repeat(n))).into_owned();
        g.throughput(Throughput::Bytes(n as u64));
        g.bench_function(BenchmarkId::from_parameter(format!("{kib} KiB")), |b| {
            b.iter(|| black_box(agent.is_allowed_path(&path)))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("adversarial: many rules in one group, one query");
    g.sample_size(20);
    for rules in [6_250usize, 12_500, 25_000, 50_000] {
        let mut body = String::from("User-agent: *\n");
        for i in 0..rules {
            body += &format!("Disallow: /section-{i}/*.html$\n");
        }
        let robots = RobotsTxt::parse(body.as_bytes());
        let agent = robots.agent("bot");
        let path = CanonicalPath::new("/nowhere/page.html").into_owned();
        g.throughput(Throughput::Elements(rules as u64));
        g.bench_function(BenchmarkId::from_parameter(rules), |b| {
            b.iter(|| black_box(agent.is_allowed_path(&path)))
        });
    }
    g.finish();
}

criterion_group!(compare, benches, adversarial);
criterion_main!(compare);
