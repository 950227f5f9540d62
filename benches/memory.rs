//! Memory (workload 6): heap bytes a parsed file keeps per byte of body,
//! counted by a global allocator, for this crate and texting_robots
//! (robotstxt keeps no parsed form). Run with `cargo bench --bench memory`;
//! it prints a table.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Heap bytes still held by what `f` returns.
fn kept<T>(f: impl FnOnce() -> T) -> (T, isize) {
    let before = LIVE.load(Ordering::Relaxed);
    let value = f();
    (value, LIVE.load(Ordering::Relaxed) - before)
}

fn main() {
    // `cargo test --benches` and CI only build this; a real run is `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let Some(corpus) = common::load() else {
        eprintln!("SKIPPED: no corpus (set ROBOTS_CORPUS)");
        return;
    };
    let total = corpus.total_bytes() as f64;
    let mut ours = [0isize; 2];
    // The same once Googlebot's groups are indexed (its view built), which a
    // crawler's first query does: the part texting_robots keeps.
    let mut ours_indexed = [0isize; 2];
    let mut texting = 0isize;
    let mut worst = (0.0f64, String::new());
    for (name, body) in &corpus.files {
        for (i, profile) in [robots::Profile::Rfc, robots::Profile::Google]
            .into_iter()
            .enumerate()
        {
            let options = robots::ParseOptions::new().profile(profile);
            let before = LIVE.load(Ordering::Relaxed);
            let (robots, bytes) = kept(|| robots::RobotsTxt::parse_with(body, &options));
            ours[i] += bytes;
            std::hint::black_box(robots.agent("Googlebot"));
            ours_indexed[i] += LIVE.load(Ordering::Relaxed) - before;
            if !body.is_empty() && bytes as f64 / body.len() as f64 > worst.0 && body.len() > 1000 {
                worst = (bytes as f64 / body.len() as f64, name.clone());
            }
            drop(robots);
        }
        let (robot, bytes) = kept(|| texting_robots::Robot::new("Googlebot", body));
        texting += bytes;
        drop(robot);
    }
    println!(
        "memory: heap bytes kept per body byte over {} files, {} bytes",
        corpus.files.len(),
        total
    );
    println!("| library | bytes kept per body byte |");
    println!("| --- | --- |");
    println!("| robots (rfc), parsed | {:.2} |", ours[0] as f64 / total);
    println!(
        "| robots (google), parsed | {:.2} |",
        ours[1] as f64 / total
    );
    println!(
        "| robots (rfc), Googlebot's groups indexed | {:.2} |",
        ours_indexed[0] as f64 / total
    );
    println!(
        "| robots (google), Googlebot's groups indexed | {:.2} |",
        ours_indexed[1] as f64 / total
    );
    println!(
        "| texting_robots (one agent) | {:.2} |",
        texting as f64 / total
    );
    println!(
        "worst file over 1 KB (robots): {:.2} bytes per byte, {}",
        worst.0, worst.1
    );
}
