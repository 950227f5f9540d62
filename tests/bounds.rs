//! SPEC §8: hostile bodies of every shape parse with kept heap bounded by a
//! small constant times their size, measured by a counting allocator (not
//! by the crate's own report).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use robots::{ParseOptions, Profile, RobotsTxt};

struct Counting;

thread_local! {
    /// Bytes currently allocated by this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.with(|l| l.set(l.get() + layout.size() as isize));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.with(|l| l.set(l.get() - layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.with(|l| l.set(l.get() + new_size as isize - layout.size() as isize));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Kept heap bytes per body byte: a parsed file never keeps more than this
/// (SPEC §8: "a small multiple of the bytes parsed"). The worst shape is a
/// file of misspelt keys without colons (`disalow /`): each 10-byte line
/// keeps a rule and two diagnostics, 10.4 bytes per byte. Real files keep
/// about 1 (README, "Speed").
const MAX_KEPT_PER_BYTE: f64 = 12.0;

/// The same once every group of more than 32 rules has been queried, which
/// builds its index: a sorted copy of its rules (32 bytes a rule) and its
/// distinct literal prefixes. The worst shape is again the typos, 13.6.
const MAX_KEPT_PER_BYTE_INDEXED: f64 = 16.0;

const SIZE: usize = 512_000;

fn repeat(unit: &[u8], size: usize) -> Vec<u8> {
    unit.iter().copied().cycle().take(size).collect()
}

/// (name, body, size limit) for each hostile shape.
fn shapes() -> Vec<(&'static str, Vec<u8>, usize)> {
    let mut numbered_agents = Vec::new();
    let mut i = 0;
    while numbered_agents.len() < SIZE {
        numbered_agents.extend_from_slice(format!("User-agent: bot{i}\n").as_bytes());
        i += 1;
    }
    numbered_agents.truncate(SIZE);
    let every_byte: Vec<u8> = (0..=255u8).cycle().take(SIZE).collect();
    let mut giant = b"User-agent: *\nDisallow: /".to_vec();
    giant.resize(SIZE, b'a');
    let mut tiny = b"User-agent: *\n".to_vec();
    tiny.extend(repeat(b"allow:/\n", 800_000));
    vec![
        ("one giant line", giant, SIZE),
        ("only user-agent lines", numbered_agents, SIZE),
        ("only `*`", vec![b'*'; SIZE], SIZE),
        ("100,000 tiny rules", tiny, 800_014),
        ("every byte value", every_byte, SIZE),
        (
            "typos without colons",
            [&b"User-agent: *\n"[..], &repeat(b"disalow /\n", SIZE)].concat(),
            SIZE,
        ),
        (
            "a group per rule",
            repeat(b"User-agent:a\nallow:/\n", SIZE),
            SIZE,
        ),
        (
            "wildcards",
            [&b"User-agent: *\n"[..], &repeat(b"Disallow: /*a*$\n", SIZE)].concat(),
            SIZE,
        ),
        (
            "records and sitemaps",
            repeat(b"Crawl-delay: x\nSitemap: s\nHost: h\n", SIZE),
            SIZE,
        ),
        ("shortest records", repeat(b"a:\n", SIZE), SIZE),
        (
            "percent escapes",
            [
                &b"User-agent: *\n"[..],
                &repeat(b"Disallow: /%e9%7e\xff \n", SIZE),
            ]
            .concat(),
            SIZE,
        ),
    ]
}

#[test]
fn hostile_bodies_keep_bounded_heap() {
    let mut report = Vec::new();
    for (name, body, limit) in shapes() {
        for profile in [Profile::Rfc, Profile::Google] {
            let options = ParseOptions::new().profile(profile).size_limit(limit);
            let before = LIVE.with(Cell::get);
            let robots = RobotsTxt::parse_with(&body, &options);
            let kept = LIVE.with(Cell::get) - before;
            let parsed = body.len().min(limit);
            let ratio = kept as f64 / parsed as f64;
            // The file is still usable: queries answer, and views build the
            // index of every large group (the shapes name only `a` and `*`;
            // a single query would scan them).
            let _ = robots.is_allowed("bot", "/aaaa");
            let _ = robots.agent("bot");
            let _ = robots.agent("a");
            let indexed = LIVE.with(Cell::get) - before;
            // The crate's own report counts the same bytes, indexes too.
            assert_eq!(robots.heap_size() as isize, indexed, "{name} [{profile}]");
            let indexed_ratio = indexed as f64 / parsed as f64;
            report.push(format!(
                "{name} [{profile}]: {kept} bytes kept for {parsed} ({ratio:.2} per byte), \
                 {indexed} once indexed ({indexed_ratio:.2})"
            ));
            // Without `std` the parse builds every index itself.
            let parse_bound = if cfg!(feature = "std") {
                MAX_KEPT_PER_BYTE
            } else {
                MAX_KEPT_PER_BYTE_INDEXED
            };
            assert!(ratio <= parse_bound, "{}", report.last().unwrap());
            assert!(
                indexed_ratio <= MAX_KEPT_PER_BYTE_INDEXED,
                "{}",
                report.last().unwrap()
            );
            drop(robots);
        }
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn the_100_000_rules_are_all_kept() {
    let (_, body, limit) = shapes()
        .into_iter()
        .find(|s| s.0 == "100,000 tiny rules")
        .unwrap();
    let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().size_limit(limit));
    assert_eq!(robots.agent("bot").rules().len(), 100_000);
    assert!(robots.is_allowed("bot", "/x"));
}
