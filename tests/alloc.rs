//! SPEC §5.6: queries through the per-crawler view allocate nothing when the
//! path is already canonical. Counted with a global allocator that tallies
//! allocations on this thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use robots::{CanonicalPath, ParseOptions, Profile, RobotsTxt};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn queries_on_canonical_paths_do_not_allocate() {
    let body = b"User-agent: *\nDisallow: /*.php$\nAllow: /a/index.html\nDisallow: /a/\nUser-agent: foobot\nDisallow: /x*y\nCrawl-delay: 2\n";
    for profile in [Profile::Rfc, Profile::Google] {
        let robots = RobotsTxt::parse_with(body, &ParseOptions::new().profile(profile));
        let paths = ["/a/", "/b.php", "/x/y?z", "/robots.txt", "/"];
        let n = allocations_in(|| {
            for ua in ["foobot", "FooBot/2.0", "other"] {
                let agent = robots.agent(ua);
                for p in paths {
                    std::hint::black_box(agent.decide(p));
                    std::hint::black_box(robots.is_allowed(ua, p));
                    std::hint::black_box(
                        robots.is_allowed(ua, &format!("http://example.com{p}")[..]),
                    );
                }
                // A path to rewrite, or to put a `/` before, is built on the
                // stack.
                std::hint::black_box(robots.is_allowed(ua, "http://example.com?q=%7e%20"));
                std::hint::black_box(agent.decide(";p/%41"));
                std::hint::black_box(agent.crawl_delay());
            }
        });
        // The format! above allocates once per URL; nothing else may.
        assert_eq!(n, 3 * paths.len(), "{profile}");
    }
    // A path of 256 bytes or more that needs canonicalising allocates once
    // per query, to build it.
    let robots = RobotsTxt::parse(body);
    let agent = robots.agent("foobot");
    let long = format!("/%7e{}", "x".repeat(300));
    for (path, expected) in [
        ("/%7ex", 0),
        // Lone `%`s, one completed by decoding: their offsets are on the
        // stack too.
        ("/%%341%", 0),
        ("http://example.com/%7e%20x?%41#f", 0),
        (&long[..], 2),
    ] {
        let n = allocations_in(|| {
            std::hint::black_box(agent.decide(path));
            std::hint::black_box(robots.is_allowed("foobot", path));
        });
        assert_eq!(n, expected, "{path}");
    }
    let built = CanonicalPath::new("/%7ex");
    assert_eq!(
        allocations_in(|| {
            std::hint::black_box(agent.decide_path(&built));
        }),
        0
    );
}

/// A file whose `*` group and `foobot` group have more rules than the
/// crate scans (32), so both get a literal-prefix index.
fn two_large_groups() -> String {
    let mut body = String::from("User-agent: *\n");
    for i in 0..100 {
        body.push_str(&format!(
            "Disallow: /private/{i}/\nAllow: /private/{i}/open\n"
        ));
    }
    body.push_str("\nUser-agent: foobot\n");
    for i in 0..100 {
        body.push_str(&format!("Disallow: /*.{i}$\nDisallow: /f/{i}\n"));
    }
    body
}

#[test]
fn a_large_groups_index_is_built_once_when_queries_need_it() {
    let body = two_large_groups();
    for profile in [Profile::Rfc, Profile::Google] {
        let robots = RobotsTxt::parse_with(body.as_bytes(), &ParseOptions::new().profile(profile));
        let parsed_size = robots.heap_size();
        // SPEC §8: with `std`, the parse builds no index; the first view of
        // a group builds its own (a few allocations), and only that one.
        let first = allocations_in(|| {
            std::hint::black_box(robots.agent("otherbot"));
        });
        let global_size = robots.heap_size();
        if cfg!(feature = "std") {
            assert!(
                first > 0,
                "{profile}: the `*` index is built by the first view"
            );
            assert!(global_size > parsed_size, "{profile}");
        } else {
            assert_eq!(first, 0, "{profile}: without std, the parse built it");
            assert_eq!(global_size, parsed_size, "{profile}");
        }
        // Built once: later views and their queries allocate nothing.
        let path = CanonicalPath::new("/private/7/open");
        assert_eq!(
            allocations_in(|| {
                let agent = robots.agent("otherbot");
                assert!(agent.is_allowed_path(&path));
                assert!(!agent.is_allowed_path(&CanonicalPath::new("/private/7/")));
            }),
            0,
            "{profile}"
        );
        // The one-query methods scan a large group for its first queries,
        // allocating nothing, and then build its index, once.
        let scanned = allocations_in(|| assert!(!robots.is_allowed("foobot", "/x.7")));
        assert_eq!(scanned, 0, "{profile}: the first query scans");
        let mut queries = 1;
        let mut building = 0;
        while robots.heap_size() == global_size && queries < 100 {
            building = allocations_in(|| assert!(!robots.is_allowed("foobot", "/x.7")));
            queries += 1;
        }
        if cfg!(feature = "std") {
            assert!(
                building > 0 && (2..100).contains(&queries),
                "{profile}: built by query {queries}"
            );
        } else {
            assert_eq!(building, 0, "{profile}: without std, the parse built it");
        }
        assert_eq!(
            allocations_in(|| {
                assert!(!robots.is_allowed("foobot", "/f/42/x"));
                assert!(robots.is_allowed("foobot", "/x.7/"));
            }),
            0,
            "{profile}"
        );
    }
}

#[test]
fn built_indexes_change_neither_answers_nor_equality() {
    let body = two_large_groups();
    let queried = RobotsTxt::parse(body.as_bytes());
    let fresh = RobotsTxt::parse(body.as_bytes());
    let paths = ["/private/3/", "/private/3/open/x", "/a.12", "/f/99", "/"];
    let answers: Vec<bool> = paths
        .iter()
        .map(|p| queried.is_allowed("foobot", p) && queried.is_allowed("x", p))
        .collect();
    // A clone keeps the built indexes; either way, the three are equal and
    // answer alike.
    let cloned = queried.clone();
    assert_eq!(queried, fresh);
    assert_eq!(cloned, fresh);
    for (p, &answer) in paths.iter().zip(&answers) {
        for r in [&fresh, &cloned] {
            assert_eq!(
                r.is_allowed("foobot", p) && r.is_allowed("x", p),
                answer,
                "{p}"
            );
        }
    }
    assert_eq!(answers, [false, true, false, false, true]);
}

#[test]
fn threads_that_build_the_same_index_at_once_agree() {
    let body = two_large_groups();
    let shared = RobotsTxt::parse(body.as_bytes());
    let paths: Vec<String> = (0..200)
        .map(|i| match i % 4 {
            0 => format!("/private/{}/open", i % 130),
            1 => format!("/private/{}/", i % 130),
            2 => format!("/y.{}", i % 130),
            _ => format!("/f/{}", i % 130),
        })
        .collect();
    // The answers of a file of its own, queried on one thread.
    let alone = RobotsTxt::parse(body.as_bytes());
    let expected: Vec<(bool, bool)> = paths
        .iter()
        .map(|p| (alone.is_allowed("x", p), alone.is_allowed("foobot", p)))
        .collect();
    std::thread::scope(|s| {
        for t in 0..4 {
            let (shared, paths, expected) = (&shared, &paths, &expected);
            s.spawn(move || {
                // Each thread starts at another place, all at the first
                // query of both groups.
                for k in 0..paths.len() {
                    let i = (k + t * 50) % paths.len();
                    let got = (
                        shared.is_allowed("x", &paths[i]),
                        shared.is_allowed("foobot", &paths[i]),
                    );
                    assert_eq!(got, expected[i], "{}", paths[i]);
                }
            });
        }
    });
    assert!(expected.iter().any(|e| e.0) && expected.iter().any(|e| !e.0));
    assert!(expected.iter().any(|e| e.1) && expected.iter().any(|e| !e.1));
}
