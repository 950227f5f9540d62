//! Side-by-side benchmarks against the robots.txt crates in use today, on the
//! shared corpus (README, "Speed"). Run with `cargo bench --bench compare`.
//!
//! Every library gets the same bytes: each body cut to 512,000 bytes, and the
//! files that make a peer panic left out for all (they are listed when the
//! bench starts).

mod common;
mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

use peers::Workloads;

fn benches(c: &mut Criterion) {
    let Some(w) = Workloads::load() else {
        eprintln!("SKIPPED: no corpus (set ROBOTS_CORPUS); nothing to compare");
        return;
    };
    let bytes = Throughput::Bytes(w.corpus.total_bytes());
    let rfc = ParseOptions::new();
    let google = ParseOptions::new().profile(Profile::Google);

    // 1. Parse every body once.
    let mut g = c.benchmark_group("parse");
    g.throughput(bytes.clone());
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("robots (rfc)", |b| b.iter(|| w.parse(&rfc)));
    g.bench_function("robots (google)", |b| b.iter(|| w.parse(&google)));
    g.bench_function("texting_robots", |b| b.iter(|| w.parse_texting()));
    g.bench_function("robotstxt (parse only)", |b| b.iter(|| w.parse_robotstxt()));
    g.finish();

    // 2. Query: files parsed beforehand, every Googlebot probe.
    let mut g = c.benchmark_group("query");
    g.throughput(Throughput::Elements(w.corpus.probe_count()));
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("robots is_allowed", |b| b.iter(|| w.query()));
    g.bench_function("robots agent view, paths built once", |b| {
        b.iter(|| w.query_view())
    });
    g.bench_function("texting_robots allowed", |b| b.iter(|| w.query_texting()));
    g.bench_function("robotstxt (re-parses per query)", |b| {
        b.iter(|| w.every_probe_robotstxt())
    });
    g.finish();

    // 3. A crawler's loop: parse, then every probe of that file.
    let mut g = c.benchmark_group("crawler loop");
    g.throughput(bytes.clone());
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("robots", |b| b.iter(|| w.crawler()));
    g.bench_function("texting_robots", |b| b.iter(|| w.crawler_texting()));
    g.bench_function("robotstxt", |b| b.iter(|| w.every_probe_robotstxt()));
    g.finish();

    // 4. One shot: parse plus one query, the way Google's API works.
    let mut g = c.benchmark_group("one shot");
    g.throughput(bytes);
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("robots", |b| b.iter(|| w.one_shot(&rfc)));
    g.bench_function("robots (google)", |b| b.iter(|| w.one_shot(&google)));
    g.bench_function("robots is_allowed_once", |b| {
        b.iter(|| w.one_shot_once(&rfc))
    });
    g.bench_function("robots is_allowed_once (google)", |b| {
        b.iter(|| w.one_shot_once(&google))
    });
    g.bench_function("texting_robots", |b| b.iter(|| w.one_shot_texting()));
    g.bench_function("robotstxt", |b| b.iter(|| w.one_shot_robotstxt()));
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
