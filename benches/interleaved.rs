//! The side-by-side workloads of `compare`, timed in alternating rounds so
//! that each ratio compares passes that ran moments apart.
//!
//! Criterion times one library's workload for seconds, then the next one's:
//! on a shared machine a busy spell can fall on one of them and not the
//! other, and a ratio of the two then says more about the spell than about
//! the code (README, "Speed", quotes runs whose ratios differ by a third).
//! Here every round runs both libraries' passes back to back, in turns
//! (this crate first in even rounds, the peer first in odd ones), keeps
//! each side's least time of `PASSES` passes, and divides the peer's by
//! this crate's; the table gives the median of those ratios over the rounds,
//! their middle half (first to third quartile) and the lowest. Two rows
//! that `compare` lacks time the parse of the HTML pages served as
//! robots.txt and of the other bodies apart: the two halves of the
//! corpus's bytes, whose ratios differ most (README, "Speed").
//!
//! ```sh
//! cargo bench --bench interleaved            # every workload
//! cargo bench --bench interleaved -- parse   # those whose name has "parse"
//! ROUNDS=31 PASSES=5 cargo bench --bench interleaved
//! ```

mod common;
mod peers;

use robots::{ParseOptions, Profile};

use peers::Workloads;

/// One row: a workload of this crate against the same work by a peer.
struct Row<'a> {
    workload: &'static str,
    peer: &'static str,
    ours: Box<dyn Fn() + 'a>,
    theirs: Box<dyn Fn() + 'a>,
}

fn row<'a>(
    workload: &'static str,
    peer: &'static str,
    ours: impl Fn() + 'a,
    theirs: impl Fn() + 'a,
) -> Row<'a> {
    Row {
        workload,
        peer,
        ours: Box::new(ours),
        theirs: Box::new(theirs),
    }
}

/// The value at quantile `q` of `sorted` (nearest rank); `sorted` is not
/// empty.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let rank = (q * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank]
}

fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}

fn main() {
    // `cargo bench` passes `--bench`; other arguments filter the rows.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let rounds = common::count_setting("ROUNDS", 15);
    let passes = common::count_setting("PASSES", 3);
    let Some(w) = Workloads::load() else {
        eprintln!("SKIPPED: no corpus (set ROBOTS_CORPUS); nothing to compare");
        return;
    };
    let rfc = ParseOptions::new();
    let google = ParseOptions::new().profile(Profile::Google);
    let rows = [
        row(
            "parse every body (RFC)",
            "texting_robots",
            || w.parse(&rfc),
            || w.parse_texting(),
        ),
        row(
            "parse every body (Google)",
            "texting_robots",
            || w.parse(&google),
            || w.parse_texting(),
        ),
        row(
            "parse, HTML pages served as robots.txt (RFC)",
            "texting_robots",
            || w.parse_kind(&rfc, true),
            || w.parse_texting_kind(true),
        ),
        row(
            "parse, the other bodies (RFC)",
            "texting_robots",
            || w.parse_kind(&rfc, false),
            || w.parse_texting_kind(false),
        ),
        row(
            "query every probe: `is_allowed`",
            "texting_robots",
            || w.query(),
            || w.query_texting(),
        ),
        row(
            "query every probe: `Agent`, paths built once",
            "texting_robots",
            || w.query_view(),
            || w.query_texting(),
        ),
        row(
            "a crawler's loop",
            "texting_robots",
            || w.crawler(),
            || w.crawler_texting(),
        ),
        row(
            "one shot: parse plus one query",
            "robotstxt",
            || w.one_shot(&rfc),
            || w.one_shot_robotstxt(),
        ),
        row(
            "one shot through `is_allowed_once`",
            "robotstxt",
            || w.one_shot_once(&rfc),
            || w.one_shot_robotstxt(),
        ),
    ];
    let chosen: Vec<&Row> = rows
        .iter()
        .filter(|r| filters.is_empty() || filters.iter().any(|f| r.workload.contains(f.as_str())))
        .collect();
    if chosen.is_empty() {
        eprintln!("no workload's name contains {filters:?}; the workloads:");
        for r in &rows {
            eprintln!("  {}", r.workload);
        }
        std::process::exit(2);
    }
    let (html, html_bytes) = w.kind_size(true);
    let (other, other_bytes) = w.kind_size(false);
    println!(
        "of which {html} HTML pages served as robots.txt ({html_bytes} bytes) and {other} other bodies ({other_bytes} bytes)"
    );
    println!("{rounds} rounds, each side's least of {passes} passes a round");
    println!();
    println!(
        "| workload | robots (median) | peer (median) | ratio: median | middle half | lowest |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for r in chosen {
        // One untimed pass of each, so that neither side's first round
        // pays for pages and caches the other had warmed.
        (r.ours)();
        (r.theirs)();
        let mut ours = Vec::with_capacity(rounds);
        let mut theirs = Vec::with_capacity(rounds);
        for round in 0..rounds {
            if round % 2 == 0 {
                ours.push(common::best_of(passes, &r.ours));
                theirs.push(common::best_of(passes, &r.theirs));
            } else {
                theirs.push(common::best_of(passes, &r.theirs));
                ours.push(common::best_of(passes, &r.ours));
            }
        }
        let ratios = sorted(theirs.iter().zip(&ours).map(|(t, o)| t / o).collect());
        println!(
            "| {} | {:.2} ms | {:.2} ms ({}) | {:.1}× | {:.1}× to {:.1}× | {:.1}× |",
            r.workload,
            quantile(&sorted(ours), 0.5),
            quantile(&sorted(theirs), 0.5),
            r.peer,
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
            ratios[0],
        );
    }
}
