//! A bounded per-origin cache of robots.txt policies (RFC 9309 §2.4, SPEC §7),
//! with no clock, no threads and no I/O of its own: the caller passes the
//! time, so every expiry is exact and testable.

use alloc::collections::BTreeMap;
use core::time::Duration;

use crate::fetch::Origin;
use crate::robots::RobotsTxt;

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(24 * 3600);

/// What a cache serves for an origin that has been unreachable for longer
/// than [`CacheOptions::long_outage`] (RFC 9309 §2.3.1.4 lets a crawler keep
/// using a cached copy, or treat the file as unavailable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LongOutage {
    /// Serve the last good copy if one is cached, else keep disallowing.
    #[default]
    UseCachedCopy,
    /// Keep disallowing everything.
    KeepDisallowing,
    /// Treat the file as unavailable: allow everything.
    TreatAsUnavailable,
}

/// Bounds and timings of a [`RobotsCache`], with by-value setters.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use robots::{CacheOptions, LongOutage, RobotsCache};
///
/// let cache = RobotsCache::new(
///     CacheOptions::new()
///         .max_entries(50_000)
///         .max_bytes(256 << 20)
///         .retry_after(Duration::from_secs(120))
///         .after_long_outage(LongOutage::KeepDisallowing),
/// );
/// assert!(cache.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheOptions {
    max_entries: usize,
    max_bytes: usize,
    max_ttl: Duration,
    retry_after: Duration,
    max_retry: Duration,
    long_outage: Duration,
    after_long_outage: LongOutage,
}

impl CacheOptions {
    /// 10,000 origins, 64 MiB of parsed files, policies kept at most 24
    /// hours, unreachable origins retried after 5 minutes doubling up to an
    /// hour, and the cached copy served after 30 days unreachable.
    pub const fn new() -> Self {
        CacheOptions {
            max_entries: 10_000,
            max_bytes: 64 << 20,
            max_ttl: DAY,
            retry_after: Duration::from_secs(300),
            max_retry: HOUR,
            long_outage: Duration::from_secs(30 * 24 * 3600),
            after_long_outage: LongOutage::UseCachedCopy,
        }
    }

    /// The most origins kept (at least 1).
    #[must_use]
    pub const fn max_entries(mut self, n: usize) -> Self {
        self.max_entries = if n == 0 { 1 } else { n };
        self
    }

    /// The most bytes of parsed files kept ([`RobotsTxt::heap_size`]); a
    /// file larger than this alone is not kept.
    #[must_use]
    pub const fn max_bytes(mut self, n: usize) -> Self {
        self.max_bytes = n;
        self
    }

    /// How long a parsed file or a 4xx is used at most: 24 hours by default
    /// (RFC 9309 §2.4 asks for no more than 24 hours unless unreachable), and
    /// never more than that, whatever the caller sets.
    #[must_use]
    pub const fn max_ttl(mut self, ttl: Duration) -> Self {
        // `Duration`'s ordering is not `const`: compare whole seconds, where
        // a whole day and a fraction over it both become a day.
        self.max_ttl = if ttl.as_secs() >= DAY.as_secs() {
            DAY
        } else {
            ttl
        };
        self
    }

    /// How soon an unreachable origin is retried after its first failure (5
    /// minutes by default); each failure in a row doubles it, up to
    /// [`CacheOptions::max_retry`].
    #[must_use]
    pub const fn retry_after(mut self, delay: Duration) -> Self {
        self.retry_after = delay;
        self
    }

    /// The longest retry interval for an unreachable origin (1 hour by
    /// default).
    #[must_use]
    pub const fn max_retry(mut self, delay: Duration) -> Self {
        self.max_retry = delay;
        self
    }

    /// How long an origin must have been unreachable before
    /// [`CacheOptions::after_long_outage`] applies (30 days by default).
    #[must_use]
    pub const fn long_outage(mut self, after: Duration) -> Self {
        self.long_outage = after;
        self
    }

    /// What to serve after a long outage.
    #[must_use]
    pub const fn after_long_outage(mut self, what: LongOutage) -> Self {
        self.after_long_outage = what;
        self
    }
}

impl Default for CacheOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// What a [`RobotsCache`] has for an origin.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Lookup<'a> {
    /// A policy within its lifetime: use it.
    Fresh(&'a RobotsTxt),
    /// A policy past its lifetime: fetch robots.txt again, and use this one
    /// meanwhile.
    Stale(&'a RobotsTxt),
    /// Nothing cached: fetch robots.txt before crawling the origin.
    Missing,
}

impl<'a> Lookup<'a> {
    /// The policy to use now, if any.
    pub fn robots(&self) -> Option<&'a RobotsTxt> {
        match *self {
            Lookup::Fresh(r) | Lookup::Stale(r) => Some(r),
            Lookup::Missing => None,
        }
    }

    /// Whether robots.txt should be fetched (again).
    pub fn needs_fetch(&self) -> bool {
        !matches!(self, Lookup::Fresh(_))
    }
}

#[derive(Clone, Debug)]
struct Entry {
    current: RobotsTxt,
    expires_at: Duration,
    /// The last result that was not unreachable, kept through an outage.
    last_good: Option<RobotsTxt>,
    /// When the current run of unreachable results began.
    unreachable_since: Option<Duration>,
    failures: u32,
    last_request: Option<Duration>,
    next_request: Duration,
    tick: u64,
    bytes: usize,
}

/// A bounded cache of robots.txt policies keyed by [`Origin`].
///
/// It never reuses one origin's rules for another, keeps at most
/// [`CacheOptions::max_entries`] origins and [`CacheOptions::max_bytes`]
/// bytes of parsed files (evicting the least recently used), and says when a
/// policy must be fetched again: after at most 24 hours for a parsed file or
/// a 4xx, after minutes for an unreachable origin. It also spaces requests
/// to each origin by its crawl-delay.
///
/// Times are `Duration`s since any fixed epoch the caller chooses (a
/// monotonic clock's start, or the UNIX epoch).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use robots::{Lookup, Origin, RobotsCache, RobotsTxt};
///
/// let mut cache = RobotsCache::default();
/// let origin = Origin::from_url("https://example.com/page")?;
/// let t0 = Duration::from_secs(1_000);
/// assert!(matches!(cache.lookup(&origin, t0), Lookup::Missing));
///
/// cache.insert(origin.clone(), RobotsTxt::from_response(200, b"User-agent: *\nDisallow: /a\n"), t0, None);
/// let hit = cache.lookup(&origin, t0 + Duration::from_secs(60));
/// assert!(matches!(hit, Lookup::Fresh(_)));
/// assert!(!hit.robots().unwrap().is_allowed("bot", "/a"));
///
/// // A day later the policy must be fetched again; it is served meanwhile.
/// let later = cache.lookup(&origin, t0 + Duration::from_secs(24 * 3600));
/// assert!(matches!(later, Lookup::Stale(_)));
/// # Ok::<(), robots::InvalidUrl>(())
/// ```
#[derive(Clone, Debug)]
pub struct RobotsCache {
    options: CacheOptions,
    entries: BTreeMap<Origin, Entry>,
    /// Least recently used first.
    lru: BTreeMap<u64, Origin>,
    tick: u64,
    bytes: usize,
    /// The policy served for [`LongOutage::TreatAsUnavailable`].
    unavailable: RobotsTxt,
}

impl RobotsCache {
    /// An empty cache.
    pub fn new(options: CacheOptions) -> Self {
        RobotsCache {
            options,
            entries: BTreeMap::new(),
            lru: BTreeMap::new(),
            tick: 0,
            bytes: 0,
            unavailable: RobotsTxt::unavailable(),
        }
    }

    /// How many origins are cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no origin is cached.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes of parsed files kept ([`RobotsTxt::heap_size`] summed).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Stores the policy fetched for `origin` at `now`.
    ///
    /// `max_age` is a lifetime the response asked for (`Cache-Control:
    /// max-age`), honoured up to [`CacheOptions::max_ttl`]. An unreachable
    /// result ([`RobotsTxt::unreachable`], a 5xx or a 429) is kept for the
    /// retry interval instead, doubling with each failure in a row, and the
    /// last good policy is kept beside it for
    /// [`CacheOptions::after_long_outage`].
    pub fn insert(
        &mut self,
        origin: Origin,
        robots: RobotsTxt,
        now: Duration,
        max_age: Option<Duration>,
    ) {
        let previous = self.remove(&origin);
        let (last_request, next_request) = previous
            .as_ref()
            .map_or((None, Duration::ZERO), |p| (p.last_request, p.next_request));
        let (expires_at, last_good, unreachable_since, failures) =
            if robots.source().is_unreachable() {
                let (failures, since, last_good) = match previous {
                    Some(p) if p.current.source().is_unreachable() => (
                        p.failures.saturating_add(1),
                        p.unreachable_since.unwrap_or(now),
                        p.last_good,
                    ),
                    Some(p) => (1, now, Some(p.current)),
                    None => (1, now, None),
                };
                let doublings = (failures - 1).min(31);
                let retry = self
                    .options
                    .retry_after
                    .checked_mul(1 << doublings)
                    .unwrap_or(self.options.max_retry)
                    .min(self.options.max_retry);
                (now.saturating_add(retry), last_good, Some(since), failures)
            } else {
                (now.saturating_add(self.lifetime(max_age)), None, None, 0)
            };
        let entry = Entry {
            bytes: robots.heap_size() + last_good.as_ref().map_or(0, RobotsTxt::heap_size),
            current: robots,
            expires_at,
            last_good,
            unreachable_since,
            failures,
            last_request,
            next_request,
            tick: 0,
        };
        if entry.bytes > self.options.max_bytes {
            return;
        }
        self.tick += 1;
        let tick = self.tick;
        self.bytes += entry.bytes;
        self.lru.insert(tick, origin.clone());
        self.entries.insert(origin, Entry { tick, ..entry });
        while self.entries.len() > self.options.max_entries || self.bytes > self.options.max_bytes {
            let Some((_, oldest)) = self.lru.pop_first() else {
                break;
            };
            if let Some(evicted) = self.entries.remove(&oldest) {
                self.bytes -= evicted.bytes;
            }
        }
    }

    /// How long a policy fetched with a body or a 4xx is used: `max_age`, if
    /// the response gave one, up to [`CacheOptions::max_ttl`].
    fn lifetime(&self, max_age: Option<Duration>) -> Duration {
        max_age.map_or(self.options.max_ttl, |age| age.min(self.options.max_ttl))
    }

    /// Records that a conditional fetch of `origin`'s robots.txt (sent with
    /// the `ETag` or `Last-Modified` of the last good response) was answered
    /// `304 Not Modified` at `now`: the cached policy is still the site's, and
    /// its lifetime starts again as [`RobotsCache::insert`] would set it.
    /// When the origin has been unreachable since that response, its cached
    /// copy becomes the policy again.
    ///
    /// Returns `false`, and changes nothing, when no policy from a response
    /// with a body or a 4xx is cached for `origin`: then fetch again without
    /// conditions.
    ///
    /// A 304 must come here, not to [`RobotsTxt::from_response`]: that reads
    /// any 3xx as redirects given up on (unavailable: allow everything), and
    /// would replace the rules with that.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use robots::{Lookup, Origin, RobotsCache, RobotsTxt};
    ///
    /// let mut cache = RobotsCache::default();
    /// let origin = Origin::from_url("https://example.com/")?;
    /// let day = Duration::from_secs(24 * 3600);
    /// cache.insert(origin.clone(), RobotsTxt::from_response(200, b"User-agent: *\nDisallow: /a\n"), day, None);
    ///
    /// // A day later: fetch again, with `If-None-Match`; the server says 304.
    /// assert!(cache.lookup(&origin, 2 * day).needs_fetch());
    /// assert!(cache.revalidated(&origin, 2 * day, None));
    /// let fresh = cache.lookup(&origin, 2 * day);
    /// assert!(matches!(fresh, Lookup::Fresh(_)));
    /// assert!(!fresh.robots().unwrap().is_allowed("bot", "/a"));
    /// # Ok::<(), robots::InvalidUrl>(())
    /// ```
    pub fn revalidated(
        &mut self,
        origin: &Origin,
        now: Duration,
        max_age: Option<Duration>,
    ) -> bool {
        let expires_at = now.saturating_add(self.lifetime(max_age));
        let Some(entry) = self.entries.get_mut(origin) else {
            return false;
        };
        if entry.current.source().is_unreachable() {
            let Some(good) = entry.last_good.take() else {
                return false;
            };
            entry.current = good;
            entry.unreachable_since = None;
            entry.failures = 0;
            // Counted as `insert` counts: an unreachable policy keeps no
            // heap today, but its bytes are not assumed away.
            let bytes = entry.current.heap_size();
            self.bytes -= entry.bytes - bytes;
            entry.bytes = bytes;
        }
        entry.expires_at = expires_at;
        self.touch(origin);
        true
    }

    /// Marks `origin` as the most recently used; returns whether it is
    /// cached.
    fn touch(&mut self, origin: &Origin) -> bool {
        let Some(entry) = self.entries.get_mut(origin) else {
            return false;
        };
        self.tick += 1;
        self.lru.remove(&entry.tick);
        self.lru.insert(self.tick, origin.clone());
        entry.tick = self.tick;
        true
    }

    /// What is cached for `origin` at `now`, marking it recently used.
    pub fn lookup(&mut self, origin: &Origin, now: Duration) -> Lookup<'_> {
        if !self.touch(origin) {
            return Lookup::Missing;
        }
        let entry = &self.entries[origin];
        let robots = self.effective(entry, now);
        if now < entry.expires_at {
            Lookup::Fresh(robots)
        } else {
            Lookup::Stale(robots)
        }
    }

    /// The policy an entry stands for at `now`: its current one, or, after a
    /// long outage, what [`LongOutage`] says.
    fn effective<'a>(&'a self, entry: &'a Entry, now: Duration) -> &'a RobotsTxt {
        let long = entry
            .unreachable_since
            .is_some_and(|since| now.saturating_sub(since) > self.options.long_outage);
        if !long {
            return &entry.current;
        }
        match self.options.after_long_outage {
            LongOutage::UseCachedCopy => entry.last_good.as_ref().unwrap_or(&entry.current),
            LongOutage::TreatAsUnavailable => &self.unavailable,
            LongOutage::KeepDisallowing => &entry.current,
        }
    }

    /// Removes `origin`; returns whether it was cached.
    pub fn forget(&mut self, origin: &Origin) -> bool {
        self.remove(origin).is_some()
    }

    fn remove(&mut self, origin: &Origin) -> Option<Entry> {
        let entry = self.entries.remove(origin)?;
        self.lru.remove(&entry.tick);
        self.bytes -= entry.bytes;
        Some(entry)
    }

    /// The delay between requests to `origin` for `user_agent` now: the
    /// larger of its crawl-delay (SPEC §6.2) and the crawler's own
    /// `default_delay`.
    fn delay(
        &self,
        entry: &Entry,
        user_agent: &str,
        default_delay: Duration,
        now: Duration,
    ) -> Duration {
        let robots = self.effective(entry, now);
        robots
            .crawl_delay(user_agent)
            .map_or(default_delay, |d| d.max(default_delay))
    }

    /// Records that a request to `origin` by `user_agent` starts at `now`,
    /// and returns the earliest time the next one may start.
    ///
    /// The origin's policy must be cached (a polite crawler fetches
    /// robots.txt first); otherwise nothing is recorded and the answer is
    /// `now + default_delay`.
    pub fn record_request(
        &mut self,
        origin: &Origin,
        user_agent: &str,
        default_delay: Duration,
        now: Duration,
    ) -> Duration {
        let next = match self.entries.get(origin) {
            Some(entry) => now.saturating_add(self.delay(entry, user_agent, default_delay, now)),
            None => return now.saturating_add(default_delay),
        };
        match self.entries.get_mut(origin) {
            Some(entry) => {
                entry.last_request = Some(now);
                entry.next_request = entry.next_request.max(next);
                entry.next_request
            }
            None => next,
        }
    }

    /// The earliest time the next request to `origin` by `user_agent` may
    /// start, or `None` when no request was recorded (it may start now).
    ///
    /// A longer crawl-delay learned since the last request pushes this time
    /// out; a shorter one never brings it forward.
    pub fn next_request_at(
        &self,
        origin: &Origin,
        user_agent: &str,
        default_delay: Duration,
        now: Duration,
    ) -> Option<Duration> {
        let entry = self.entries.get(origin)?;
        let last = entry.last_request?;
        let delay = self.delay(entry, user_agent, default_delay, now);
        Some(entry.next_request.max(last.saturating_add(delay)))
    }

    /// Whether a request to `origin` by `user_agent` may start at `now`.
    pub fn may_request(
        &self,
        origin: &Origin,
        user_agent: &str,
        default_delay: Duration,
        now: Duration,
    ) -> bool {
        self.next_request_at(origin, user_agent, default_delay, now)
            .is_none_or(|at| now >= at)
    }
}

impl Default for RobotsCache {
    fn default() -> Self {
        RobotsCache::new(CacheOptions::new())
    }
}
