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
                std::hint::black_box(agent.crawl_delay());
            }
        });
        // The format! above allocates once per URL; nothing else may.
        assert_eq!(n, 3 * paths.len(), "{profile}");
    }
    // A path that needs canonicalising allocates once, to build it.
    let robots = RobotsTxt::parse(body);
    let agent = robots.agent("foobot");
    assert_eq!(
        allocations_in(|| {
            std::hint::black_box(agent.decide("/%7ex"));
        }),
        1
    );
    let built = CanonicalPath::new("/%7ex");
    assert_eq!(
        allocations_in(|| {
            std::hint::black_box(agent.decide_path(&built));
        }),
        0
    );
}
