//! The group builder: directives in file order to groups of compiled rules.
//!
//! Everything a parsed file keeps lives in a few flat vectors and one string
//! buffer, addressed by 32-bit spans, so that a parsed file costs a small,
//! fixed multiple of its size (SPEC §8). The one part built later is the
//! literal-prefix index of a large group ([`LazyIndex`]), by a view of the
//! group or once a few queries have scanned it; past that, queries never
//! allocate.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::time::Duration;

use crate::agent::{is_global, token_prefix};
use crate::decision::RuleKind;
use crate::diag::{Diagnostic, DiagnosticKind, quote};
use crate::directive::{Directive, is_crawl_delay, recognize};
use crate::lex::{
    Cut, Entries, HIGHS, MAX_LINE_BYTES, ONES, Separator, Usual, find_byte, first_eight, prepare,
};
use crate::options::{ParseOptions, Profile};
use crate::path::{Written, index_htm_rule, matching_form, plain_value_end, written_form};
use crate::pattern::Strategy;

/// A slice of [`Parsed::text`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    pub(crate) fn get(self, text: &str) -> &str {
        let start = self.start as usize;
        &text[start..start + self.len as usize]
    }

    /// The span's bytes: no char-boundary check, for the query path.
    #[inline]
    pub(crate) fn bytes(self, text: &[u8]) -> &[u8] {
        let start = self.start as usize;
        &text[start..start + self.len as usize]
    }

    pub(crate) fn len(self) -> usize {
        self.len as usize
    }

    fn prefix(self, len: usize) -> Span {
        Span {
            start: self.start,
            len: len as u32,
        }
    }
}

/// An allow or disallow rule, compiled: 32 bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledRule {
    /// The [`Filter`] of the pattern, kept here so that a query reads the
    /// rules as one stream.
    pub(crate) filter: Filter,
    /// The whole pattern in matching form (with a final `$`, if any); its
    /// length is the rule's priority (SPEC §5.2).
    pub(crate) pattern: Span,
    /// The pattern as written.
    pub(crate) written: Span,
    pub(crate) line: u32,
    pub(crate) kind: RuleKind,
    pub(crate) strategy: Strategy,
    /// How many leading bytes of a path must equal those of `filter` for
    /// this rule to match: the pattern's first eight at most; [`WILDCARD`]
    /// (none) for a wildcard pattern, whose filter is a byte mask.
    head_len: u8,
}

impl CompiledRule {
    /// The rule for a pattern in matching form matched by `strategy`, whose
    /// part without the final `$` is `body`.
    fn new(
        strategy: Strategy,
        body: &[u8],
        pattern: Span,
        written: Span,
        line: u32,
        kind: RuleKind,
    ) -> CompiledRule {
        let head_len = match strategy {
            Strategy::Wildcard { .. } => WILDCARD,
            Strategy::Prefix | Strategy::Exact => body.len().min(8) as u8,
        };
        CompiledRule {
            filter: Filter::of(strategy, body),
            pattern,
            written,
            line,
            kind,
            strategy,
            head_len,
        }
    }

    /// The priority: the length of the pattern in matching form.
    #[inline]
    pub(crate) fn priority(&self) -> u32 {
        self.pattern.len
    }

    /// The bytes that are matched: the pattern without its final `$`.
    #[inline]
    pub(crate) fn body<'t>(&self, text: &'t [u8]) -> &'t [u8] {
        &self.pattern.bytes(text)[..self.body_len()]
    }

    /// The length of [`CompiledRule::body`].
    #[inline]
    pub(crate) fn body_len(&self) -> usize {
        let anchored = matches!(
            self.strategy,
            Strategy::Exact | Strategy::Wildcard { anchored: true }
        );
        self.pattern.len as usize - usize::from(anchored)
    }

    /// The literal prefix every path it matches starts with: the body up to
    /// its first `*`.
    fn literal<'t>(&self, text: &'t [u8]) -> &'t [u8] {
        let body = self.body(text);
        match self.strategy {
            Strategy::Wildcard { .. } => &body[..find_byte(body, 0, b'*')],
            Strategy::Prefix | Strategy::Exact => body,
        }
    }

    /// Whether it matches `path`.
    #[inline]
    pub(crate) fn matches(&self, text: &[u8], path: &[u8]) -> bool {
        self.strategy.matches(self.body(text), path)
    }

    /// Whether this rule beats `other`: a higher priority, or the same
    /// priority and an allow against a disallow (SPEC §5.2).
    #[inline]
    pub(crate) fn outranks(&self, other: &CompiledRule) -> bool {
        (self.priority(), self.kind == RuleKind::Allow)
            > (other.priority(), other.kind == RuleKind::Allow)
    }

    /// Whether this rule comes before `other` in [`CompiledRule::precedence`]:
    /// it outranks it, or ranks alike from an earlier line.
    #[inline]
    pub(crate) fn precedes(&self, other: &CompiledRule) -> bool {
        self.precedence_key() < other.precedence_key()
    }

    /// The order rules are tried in within a group: best first, then file
    /// order, so that the first match decides and reports the earliest line.
    pub(crate) fn precedence(&self, other: &CompiledRule) -> Ordering {
        self.precedence_key().cmp(&other.precedence_key())
    }

    /// A word that orders rules as [`CompiledRule::precedence`] does: the
    /// higher priority first, then an allow, then the earlier line.
    /// Sorting by it compares one integer instead of reading two rules.
    #[inline]
    pub(crate) fn precedence_key(&self) -> u64 {
        let priority = u64::from(u32::MAX - self.priority());
        let disallow = u64::from(self.kind != RuleKind::Allow);
        priority << 33 | disallow << 32 | u64::from(self.line)
    }
}

/// One group: one or more user-agent lines and the rules after them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Group {
    /// Its rules in [`Parsed::rules`]: sorted by precedence, or, when the
    /// group is indexed, in file order (its index orders them).
    pub(crate) rules: (u32, u32),
    /// Its index in [`Parsed::indexes`], or [`NO_INDEX`] for a group small
    /// enough to scan.
    pub(crate) index: u32,
    /// The bytes of [`Parsed::text`] written from its first user-agent line
    /// to its last rule: its patterns, and whatever was written between
    /// them. Only a hint, for the lines a view asks for early
    /// ([`crate::prefetch`]).
    pub(crate) text: (u32, u32),
}

/// The [`Group::index`] of a group small enough to scan.
pub(crate) const NO_INDEX: u32 = u32::MAX;

/// A 64-bit summary of which bytes occur in `bytes`: a necessary condition
/// for a wildcard pattern to match a path is that the pattern's mask is
/// within the path's.
#[inline]
pub(crate) fn byte_mask(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0, |mask, &b| mask | byte_bit(b))
}

/// The bit of [`byte_mask`] that byte `b` sets.
#[inline]
pub(crate) fn byte_bit(b: u8) -> u64 {
    BYTE_BITS[usize::from(b)]
}

/// [`byte_bit`] of every byte, looked up: bit `(b ^ b >> 6) & 63`.
const BYTE_BITS: [u64; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = 1 << ((b ^ (b >> 6)) & 63);
        b += 1;
    }
    t
};

/// The first eight bytes of `bytes`, little-endian and zero-padded.
#[inline]
fn head(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(first_eight(bytes))
}

/// A word kept beside each rule that settles most paths without reading the
/// pattern, which lies elsewhere in memory:
///
/// - for a wildcard pattern, [`byte_mask`] of its bytes other than `*`: a
///   path lacking any of them cannot match;
/// - otherwise, [`head`] of the pattern: a path whose first bytes differ
///   cannot match, and a pattern of at most eight bytes is matched by this
///   word alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Filter(u64);

impl Filter {
    /// The filter of a rule matched by `strategy`, whose pattern without
    /// its final `$` is `body`.
    fn of(strategy: Strategy, body: &[u8]) -> Filter {
        match strategy {
            Strategy::Wildcard { .. } => Filter(byte_mask(body) & !byte_mask(b"*")),
            Strategy::Prefix | Strategy::Exact => Filter(head(body)),
        }
    }

    /// Whether `rule`, whose filter this is, matches the probed path.
    ///
    /// Always inlined: it is most of the rule loops it is called from
    /// (`first_match` and the scan in `robots.rs`), and with three of them
    /// the compiler stopped inlining it (PERFORMANCE.md).
    #[inline(always)]
    pub(crate) fn matches(self, rule: &CompiledRule, text: &[u8], probe: &mut Probe<'_>) -> bool {
        // One test, the same for every rule, turns most of them away. A
        // pattern has no NUL, so a path shorter than its head differs from
        // it in a padding byte. A wildcard rule keeps no head bytes and
        // always passes.
        let kept = KEPT[usize::from(rule.head_len & 15)];
        if (probe.head ^ self.0) & kept != 0 {
            return false;
        }
        // `head_len` tells a wildcard rule by one compare, where matching
        // on `strategy` would first decode its niche-packed discriminant.
        if rule.head_len == WILDCARD {
            return (self.0 == 0 || self.0 & !probe.mask() == 0) && rule.matches(text, probe.path);
        }
        let len = rule.body_len();
        if len > 8 {
            rule.matches(text, probe.path)
        } else {
            rule.strategy == Strategy::Prefix || probe.path.len() == len
        }
    }

    /// [`Filter::matches`] for a rule of an index's literal that is known to
    /// prefix the probed path, `literal_len` bytes long: the rule's pattern
    /// starts with those bytes ([`GroupIndex`]), so they need no second
    /// look. A prefix pattern is the literal itself and matches; an exact
    /// one matches only the path that is the literal; a wildcard one is
    /// matched from its first `*` on, against the rest of the path.
    #[inline(always)]
    pub(crate) fn matches_under(
        self,
        rule: &CompiledRule,
        literal_len: usize,
        text: &[u8],
        probe: &mut Probe<'_>,
    ) -> bool {
        match rule.strategy {
            Strategy::Prefix => true,
            Strategy::Exact => probe.path.len() == literal_len,
            Strategy::Wildcard { anchored } => {
                (self.0 == 0 || self.0 & !probe.mask() == 0)
                    && wildcard_after(rule.body(text), anchored, probe.path, literal_len)
            }
        }
    }
}

/// Whether the wildcard pattern `body` matches `path`, both of which start
/// with the same `literal_len` bytes: the pattern from its first `*` on,
/// against the rest of the path. Out of line, as [`Probe::first_mask`] is,
/// so that the rule loops it is called from keep their registers.
#[inline(never)]
fn wildcard_after(body: &[u8], anchored: bool, path: &[u8], literal_len: usize) -> bool {
    crate::wildcard::matches(
        body.get(literal_len..).unwrap_or_default(),
        anchored,
        path.get(literal_len..).unwrap_or_default(),
    )
}

/// The [`CompiledRule::head_len`] of a wildcard rule: no head bytes kept.
const WILDCARD: u8 = 9;

/// The mask of a [`CompiledRule`]'s head bytes, by `head_len`: its low
/// `head_len` bytes set (none for 0, all for 8, none for [`WILDCARD`]).
/// Indexed by `head_len & 15`, which is `head_len` itself but lets the
/// compiler drop the bounds check.
const KEPT: [u64; 16] = {
    let mut t = [0; 16];
    let mut n = 0;
    while n < 8 {
        t[n] = (1u64 << (8 * n)) - 1;
        n += 1;
    }
    t[8] = u64::MAX;
    t
};

/// A path as [`Filter`]s read it: its bytes, its [`head`], and its
/// [`byte_mask`], computed at the first wildcard rule that needs it (most
/// groups have none).
pub(crate) struct Probe<'p> {
    pub(crate) path: &'p [u8],
    head: u64,
    mask: Option<u64>,
}

impl<'p> Probe<'p> {
    #[inline]
    pub(crate) fn new(path: &'p [u8]) -> Self {
        Probe {
            path,
            head: head(path),
            mask: None,
        }
    }

    #[inline]
    pub(crate) fn mask(&mut self) -> u64 {
        match self.mask {
            Some(mask) => mask,
            None => self.first_mask(),
        }
    }

    /// [`Probe::mask`] the first time, out of line: the loop over the path
    /// would otherwise hold registers, and need their saving, in every rule
    /// loop it is inlined into, though a query runs it at most once.
    #[inline(never)]
    fn first_mask(&mut self) -> u64 {
        let mask = byte_mask(self.path);
        self.mask = Some(mask);
        mask
    }
}

/// Groups with more rules than this get a literal-prefix index.
/// `benches/profile.rs` mirrors it to sort files by the groups they query.
const INDEX_MIN_RULES: usize = 32;

/// No parent.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// One distinct literal prefix of an indexed group's rules.
///
/// A rule can match a path only if its literal prefix (its pattern up to the
/// first `*`) is a prefix of the path. Literals are sorted, and each points
/// to the longest other literal that is a prefix of it, so the literals that
/// prefix a path are found by one binary search and a walk up those links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Literal {
    pub(crate) bytes: Span,
    /// Index (within the group's literals) of the longest literal that is a
    /// proper prefix of this one, or [`NO_PARENT`].
    pub(crate) parent: u32,
    /// The rules with this literal prefix, sorted by precedence: a range of
    /// [`GroupIndex::rules`].
    pub(crate) rules: (u32, u32),
}

/// Eight bytes of `bytes` from `at`, big-endian and zero-padded: such words
/// order byte strings without NUL as the strings themselves are ordered.
pub(crate) fn chunk(bytes: &[u8], at: usize) -> u64 {
    u64::from_be_bytes(first_eight(bytes.get(at..).unwrap_or(&[])))
}

/// Runs of at most this many literals that tie on a full word are sorted
/// by comparing their bytes, not by another round of words.
const SMALL_RUN: usize = 8;

/// Sorts the indices in `order` by `word` of each, through `pairs`, which
/// it leaves holding each index with its word, in the new order.
fn sort_by_word(order: &mut [u32], pairs: &mut Vec<(u64, u32)>, word: impl Fn(u32) -> u64) {
    pairs.clear();
    pairs.extend(order.iter().map(|&i| (word(i), i)));
    pairs.sort_unstable_by_key(|&(word, _)| word);
    for (slot, &(_, i)) in order.iter_mut().zip(pairs.iter()) {
        *slot = i;
    }
}

/// The indices of `rules` ordered by their literal prefixes (`literals`, in
/// `text`), then by precedence.
///
/// A most-significant-first radix sort on eight-byte words: rules are sorted
/// by their first word, and each run that ties on a full word is sorted again
/// by the next, or, when it has at most [`SMALL_RUN`] rules, by the rest of
/// their bytes. Comparing words instead of whole strings keeps large groups
/// that share a long prefix (thousands of `/Government/...` rules) cheap, and
/// a rule takes part in one round per eight bytes of its literal, so the
/// total work is bounded by the literals' length. A tie on a word that is not
/// full means equal literals, which precedence then orders.
fn sort_by_literal(literals: &[Span], rules: &[CompiledRule], text: &[u8]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..literals.len() as u32).collect();
    let mut keys: Vec<(u64, u32)> = Vec::with_capacity(literals.len());
    // Ranges of `order` still to sort, each with the offset of its word.
    let mut work: Vec<(usize, usize, usize)> = alloc::vec![(0, order.len(), 0)];
    // A run of equal literals with their precedence keys.
    let mut tied: Vec<(u64, u32)> = Vec::new();
    while let Some((from, to, depth)) = work.pop() {
        sort_by_word(&mut order[from..to], &mut keys, |i| {
            chunk(literals[i as usize].bytes(text), depth)
        });
        let mut at = 0;
        while at < keys.len() {
            let word = keys[at].0;
            let run = keys[at..].iter().take_while(|(w, _)| *w == word).count();
            if run > 1 {
                let (start, end) = (from + at, from + at + run);
                let precedence =
                    |a: &u32, b: &u32| rules[*a as usize].precedence(&rules[*b as usize]);
                if word & 0xFF == 0 {
                    // Equal literals, ordered by their precedence keys: a
                    // wildcard-heavy group has runs of thousands (every
                    // `/*...` rule has the literal `/`), and comparing the
                    // rules themselves, read through `order`, was about
                    // two fifths of the instructions of such a body
                    // (PERFORMANCE.md).
                    sort_by_word(&mut order[start..end], &mut tied, |i| {
                        rules[i as usize].precedence_key()
                    });
                } else if run <= SMALL_RUN {
                    // A few literals that share a full word: compared
                    // whole from there, which costs less than a round.
                    let rest = |i: u32| literals[i as usize].bytes(text).get(depth + 8..);
                    order[start..end].sort_unstable_by(|a, b| {
                        rest(*a).cmp(&rest(*b)).then_with(|| precedence(a, b))
                    });
                } else {
                    work.push((start, end, depth + 8));
                }
            }
            at += run;
        }
    }
    order
}

/// The literal-prefix index of a group of more than [`INDEX_MIN_RULES`]
/// rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct GroupIndex {
    /// The group's rules, ordered by literal prefix and then precedence: a
    /// copy, so that a query reads the rules it tries side by side.
    pub(crate) rules: Vec<CompiledRule>,
    /// The distinct literal prefixes, sorted, each linked to the longest
    /// other one that prefixes it; their `rules` are ranges of `rules`.
    pub(crate) literals: Vec<Literal>,
    /// [`chunk`] at 0 of each of `literals`, apart from them so that a
    /// query's binary search reads a dense array of words and compares the
    /// bytes themselves (elsewhere in memory) only where a word ties.
    pub(crate) keys: Vec<u64>,
}

impl GroupIndex {
    /// The index of a group's `rules`, whose patterns are in `text`.
    fn build(rules: &[CompiledRule], text: &[u8]) -> GroupIndex {
        let literals: Vec<Span> = rules
            .iter()
            .map(|r| r.pattern.prefix(r.literal(text).len()))
            .collect();
        let order = sort_by_literal(&literals, rules, text);
        // The literals in that order, read in one sweep.
        let sorted_literals: Vec<Span> = order.iter().map(|&i| literals[i as usize]).collect();
        // Room for a literal a rule, trimmed at the end: growing them costs
        // more than the one shrinking copy.
        let mut out: Vec<Literal> = Vec::with_capacity(order.len());
        let mut keys = Vec::with_capacity(order.len());
        // The stack holds the chain of literals that are prefixes of the
        // current one.
        let mut chain: Vec<u32> = Vec::new();
        let mut at = 0;
        while at < order.len() {
            let span = sorted_literals[at];
            let literal = span.bytes(text);
            let run = sorted_literals[at..]
                .iter()
                .take_while(|l| l.bytes(text) == literal)
                .count();
            while chain
                .last()
                .is_some_and(|&p| !literal.starts_with(out[p as usize].bytes.bytes(text)))
            {
                chain.pop();
            }
            let index = out.len() as u32;
            keys.push(chunk(literal, 0));
            out.push(Literal {
                bytes: span,
                parent: chain.last().copied().unwrap_or(NO_PARENT),
                rules: (at as u32, (at + run) as u32),
            });
            chain.push(index);
            at += run;
        }
        out.shrink_to_fit();
        keys.shrink_to_fit();
        GroupIndex {
            rules: order.iter().map(|&i| rules[i as usize].clone()).collect(),
            literals: out,
            keys,
        }
    }

    /// How many of the literals are not above `path` in byte order: the
    /// greatest literal that is not (the one whose chain of parents holds
    /// every literal that prefixes the path) is at that count less one.
    #[inline]
    pub(crate) fn literals_up_to(&self, text: &[u8], path: &[u8]) -> usize {
        let key = chunk(path, 0);
        // Literals are ordered by key, then bytes: the words settle the
        // search but for the run that ties with the path's.
        let after = self.keys.partition_point(|&k| k <= key);
        if after == 0 || self.keys[after - 1] != key {
            return after;
        }
        let tied = self.keys[..after].partition_point(|&k| k < key);
        let run = &self.literals[tied..after];
        if let [only] = run {
            return tied + usize::from(only.bytes.bytes(text) <= path);
        }
        tied + run.partition_point(|l| l.bytes.bytes(text) <= path)
    }

    /// Heap bytes it keeps.
    pub(crate) fn heap_size(&self) -> usize {
        use core::mem::size_of_val;
        size_of_val(self.rules.as_slice())
            + size_of_val(self.literals.as_slice())
            + size_of_val(self.keys.as_slice())
    }
}

/// The length of the longest common prefix of `a` and `b`, eight bytes a
/// step while both have eight.
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut at = 0;
    while let (Some(x), Some(y)) = (
        a.get(at..).and_then(|a| a.first_chunk::<8>()),
        b.get(at..).and_then(|b| b.first_chunk::<8>()),
    ) {
        let differ = u64::from_le_bytes(*x) ^ u64::from_le_bytes(*y);
        if differ != 0 {
            return at + differ.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    // Fewer than eight left in one of them: a byte at a time.
    let (a, b) = (
        a.get(at..).unwrap_or_default(),
        b.get(at..).unwrap_or_default(),
    );
    at + a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A [`GroupIndex`], built once [`SCANS_BEFORE_INDEX`] queries have
/// scanned the group instead: a crawler asks as one or two user agents, so
/// the indexes of the other groups, most of a parse's sorting, are never
/// built, and a file asked once (parse and one query, as Google's API
/// works) is scanned, not sorted. A view ([`crate::RobotsTxt::agent`])
/// builds the indexes of its groups at once, so that its queries never
/// allocate. Without the `std` feature (no `OnceLock`) every index is
/// built by the parse.
#[derive(Debug, Default)]
pub(crate) struct LazyIndex {
    #[cfg(feature = "std")]
    cell: std::sync::OnceLock<GroupIndex>,
    /// How many queries have scanned the group's rules instead.
    #[cfg(feature = "std")]
    scans: core::sync::atomic::AtomicU32,
    #[cfg(not(feature = "std"))]
    built: GroupIndex,
}

/// How many one-query reads of a large group scan its rules before the
/// next builds its index. Over the corpus a scan cost about a 27th of a
/// build (PERFORMANCE.md), so these scans cost under a third of the build
/// they put off, and a file asked only a few times is never sorted.
#[cfg(feature = "std")]
pub(crate) const SCANS_BEFORE_INDEX: u32 = 8;

impl Clone for LazyIndex {
    fn clone(&self) -> LazyIndex {
        #[cfg(feature = "std")]
        {
            use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
            LazyIndex {
                cell: self.cell.clone(),
                scans: AtomicU32::new(self.scans.load(Relaxed)),
            }
        }
        #[cfg(not(feature = "std"))]
        LazyIndex {
            built: self.built.clone(),
        }
    }
}

impl LazyIndex {
    /// The index of a group's `rules`, whose patterns are in `text`: not
    /// built yet where a later build is possible.
    fn new(rules: &[CompiledRule], text: &[u8]) -> LazyIndex {
        #[cfg(feature = "std")]
        {
            let _ = (rules, text);
            LazyIndex::default()
        }
        #[cfg(not(feature = "std"))]
        LazyIndex {
            built: GroupIndex::build(rules, text),
        }
    }

    /// The index of `group`, a group of `parsed`'s that it was made for,
    /// built now if it was not yet.
    #[inline]
    pub(crate) fn get(&self, parsed: &Parsed, group: &Group) -> &GroupIndex {
        #[cfg(feature = "std")]
        {
            self.cell
                .get_or_init(|| GroupIndex::build(parsed.rules_of(group), parsed.text.as_bytes()))
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = (parsed, group);
            &self.built
        }
    }

    /// The index for one query of `group`: built, or built now once
    /// [`SCANS_BEFORE_INDEX`] queries have scanned the group; `None` when
    /// this query is to scan it too.
    #[inline]
    pub(crate) fn for_query(&self, parsed: &Parsed, group: &Group) -> Option<&GroupIndex> {
        #[cfg(feature = "std")]
        {
            use core::sync::atomic::Ordering::Relaxed;
            if let Some(index) = self.cell.get() {
                return Some(index);
            }
            // Racing queries may scan a few more times than this counts:
            // only the moment of the build depends on it.
            let scans = self.scans.load(Relaxed);
            if scans < SCANS_BEFORE_INDEX {
                self.scans.store(scans + 1, Relaxed);
                return None;
            }
        }
        Some(self.get(parsed, group))
    }

    /// The index, if it is built.
    pub(crate) fn built(&self) -> Option<&GroupIndex> {
        #[cfg(feature = "std")]
        {
            self.cell.get()
        }
        #[cfg(not(feature = "std"))]
        Some(&self.built)
    }
}

/// Indexes are a function of the rules and text beside them, built or not:
/// two parses of the same bytes are equal whichever groups were queried.
impl PartialEq for LazyIndex {
    fn eq(&self, _: &LazyIndex) -> bool {
        true
    }
}

impl Eq for LazyIndex {}

/// A user-agent line: the group it adds to, and what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AgentEntry {
    /// [`token_key`] of the token (zeros for the global agent), in two
    /// fields so that no padding follows the second: a lookup compares the
    /// token itself, elsewhere in memory, only when both tie and the token
    /// is longer than twelve bytes.
    key: u64,
    next_key: u32,
    /// The product token, lower-cased, or [`NO_TOKEN`] for the global agent
    /// `*` (see [`AgentEntry::token`]; a sentinel, not an `Option`, so that
    /// the entry stays 48 bytes with the key's second word).
    token: Span,
    pub(crate) group: u32,
    pub(crate) line: u32,
    /// A copy of the group's entry in [`Parsed::groups`], so that a query
    /// goes from this entry to the rules without one more read from memory
    /// that is likely cold.
    pub(crate) ranges: Group,
}

/// The [`AgentEntry::token`] of the global agent.
const NO_TOKEN: Span = Span {
    start: u32::MAX,
    len: 0,
};

impl AgentEntry {
    /// `None` for the global agent `*`; otherwise the product token,
    /// lower-cased.
    #[inline]
    pub(crate) fn token(&self) -> Option<Span> {
        (self.token.start != NO_TOKEN.start).then_some(self.token)
    }

    /// [`token_key`] of the token.
    #[inline]
    pub(crate) fn key(&self) -> (u64, u32) {
        (self.key, self.next_key)
    }

    /// How this entry's token orders against the caller's `name`, whose
    /// [`token_key`] is `key`, as [`cmp_token`] orders them (SPEC §3.2):
    /// by the keys, and where they tie, by the names themselves, unless
    /// both are of one length within [`KEY_BYTES`], which the keys hold
    /// whole.
    #[inline]
    pub(crate) fn cmp_name(&self, text: &[u8], name: &[u8], key: (u64, u32)) -> Ordering {
        self.key().cmp(&key).then_with(|| {
            let stored = self.token().map_or(&b""[..], |t| t.bytes(text));
            if stored.len() == name.len() && name.len() <= KEY_BYTES {
                Ordering::Equal
            } else {
                cmp_token(stored, name)
            }
        })
    }
}

/// How many leading bytes of a crawler name its [`token_key`] holds.
const KEY_BYTES: usize = 8 + 4;

/// The first [`KEY_BYTES`] bytes of a crawler name, lower-cased, as a
/// big-endian, zero-padded word and half-word: such keys order names
/// without NUL as [`cmp_token`] orders them, and a tie leaves the order to
/// the rest of the bytes. Twelve, since the first eight bytes of
/// `googlebot` tie with those of `googlebot-image`, `googlebot-news` and
/// the like.
#[inline]
pub(crate) fn token_key(token: &[u8]) -> (u64, u32) {
    match token.split_at_checked(8) {
        Some((head, rest)) if !rest.is_empty() => {
            // Byte by byte: `word_key(rest) >> 32` gives the same half-word
            // but pads a short rest through a copy, which cost the lookup
            // 1.8% more instructions a query (PERFORMANCE.md).
            let mut next = 0;
            for (i, &b) in rest.iter().take(KEY_BYTES - 8).enumerate() {
                next |= u32::from(b.to_ascii_lowercase()) << (24 - 8 * i);
            }
            (word_key(head), next)
        }
        _ => (word_key(token), 0),
    }
}

/// The first eight bytes of `bytes`, lower-cased, as a big-endian,
/// zero-padded word.
#[inline]
fn word_key(bytes: &[u8]) -> u64 {
    let word = u64::from_be_bytes(first_eight(bytes));
    // ASCII lower-casing a word at a time: a high bit in each byte from `A`
    // to `Z`, moved down to the case bit.
    let low = word & !HIGHS;
    let from_a = low + ONES * u64::from(0x80 - b'A');
    let past_z = low + ONES * u64::from(0x80 - b'Z' - 1);
    let upper = from_a & !past_z & !word & HIGHS;
    word | upper >> 2
}

/// A record other than user-agent, allow, disallow and sitemap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RecordEntry {
    pub(crate) key: Span,
    pub(crate) value: Span,
    pub(crate) line: u32,
    /// The group it is in, or [`NO_GROUP`] before the first user-agent line.
    pub(crate) group: u32,
}

/// The group of a record before the first user-agent line: none.
pub(crate) const NO_GROUP: u32 = u32::MAX;

/// A valid crawl-delay inside a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DelayEntry {
    pub(crate) group: u32,
    pub(crate) delay: Duration,
}

/// Everything a parse keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub(crate) text: String,
    pub(crate) rules: Vec<CompiledRule>,
    pub(crate) groups: Vec<Group>,
    /// The indexes of the groups of more than [`INDEX_MIN_RULES`] rules.
    pub(crate) indexes: Vec<LazyIndex>,
    /// Sorted: global entries first, then by key and token, then by group.
    pub(crate) agents: Vec<AgentEntry>,
    /// How many of `agents` are global.
    pub(crate) global_agents: u32,
    /// In file order.
    pub(crate) sitemaps: Vec<Span>,
    pub(crate) records: Vec<RecordEntry>,
    /// In group order.
    pub(crate) delays: Vec<DelayEntry>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) lines: u32,
    pub(crate) parsed_len: usize,
}

impl Parsed {
    /// The rules of `group`, one of this file's groups: sorted by
    /// precedence, or in file order when the group is indexed.
    #[inline]
    pub(crate) fn rules_of(&self, group: &Group) -> &[CompiledRule] {
        let (start, end) = group.rules;
        &self.rules[start as usize..end as usize]
    }

    /// The index of `group`, one of this file's groups, built or not;
    /// `None` for a group small enough to scan.
    #[inline]
    pub(crate) fn lazy_index(&self, group: &Group) -> Option<&LazyIndex> {
        self.indexes.get(group.index as usize)
    }
}

/// Compares a stored (lower-case) token with a caller's, ASCII
/// case-insensitively (SPEC §3.2).
pub(crate) fn cmp_token(stored: &[u8], caller: &[u8]) -> Ordering {
    // A plain loop: `Iterator::cmp` over a mapped iterator costs about
    // twice as many instructions a byte, and this breaks every tie of the
    // agent lookup's keys.
    for (&ours, &theirs) in stored.iter().zip(caller) {
        let theirs = theirs.to_ascii_lowercase();
        if ours != theirs {
            return ours.cmp(&theirs);
        }
    }
    stored.len().cmp(&caller.len())
}

/// The text a [`Builder`] writes, which becomes [`Parsed::text`]: one of
/// two kinds, [`Unchecked`] and [`Checked`], fixed for a whole build so
/// that no copy of a value asks which it is.
///
/// A body is nearly always UTF-8. Checking all of it before the lexer read
/// it took about 12% of the parse's time on the corpus, though the same
/// check over the same bodies on its own takes about 5%: it was the first
/// to read each body from memory. So the first attempt copies values as
/// bytes, unchecked, and the text is checked once at the end, while it is
/// still in cache; only if that fails is the body parsed again with every
/// value checked on its own (25 of the corpus's 4,327 bodies).
trait Text: Sized {
    fn with_capacity(capacity: usize) -> Self;

    /// Appends `value`, as this kind of text copies it.
    fn push(&mut self, value: &[u8]) -> Span;

    fn as_bytes(&self) -> &[u8];

    #[inline]
    fn len(&self) -> usize {
        self.as_bytes().len()
    }

    /// Lower-cases the ASCII letters from `start` on.
    fn make_ascii_lowercase_from(&mut self, start: usize);

    /// The text, in which every span pushed is valid UTF-8; `None` when an
    /// unchecked text cannot promise that, and the body must be parsed
    /// again with each value checked.
    fn into_string(self) -> Option<String>;
}

/// Values copied as they are. `suspect` is set when one starts with a
/// UTF-8 continuation byte: then a valid text could still have a span that
/// is not (its first byte completing the sequence the previous value
/// began).
struct Unchecked {
    bytes: Vec<u8>,
    suspect: bool,
}

impl Text for Unchecked {
    fn with_capacity(capacity: usize) -> Self {
        Unchecked {
            bytes: Vec::with_capacity(capacity),
            suspect: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, value: &[u8]) -> Span {
        let start = self.bytes.len() as u32;
        self.suspect |= value.first().is_some_and(|&b| b & 0xC0 == 0x80);
        self.bytes.extend_from_slice(value);
        Span {
            start,
            len: value.len() as u32,
        }
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn make_ascii_lowercase_from(&mut self, start: usize) {
        self.bytes[start..].make_ascii_lowercase();
    }

    fn into_string(self) -> Option<String> {
        if self.suspect {
            return None;
        }
        // Valid as a whole, and every span starts on a character boundary
        // (no value starts with a continuation byte) and so ends on one
        // (the next span's start, or the end): every span is valid on its
        // own, and is the value it was copied from.
        String::from_utf8(self.bytes).ok()
    }
}

/// Each value checked, its invalid sequences replaced as
/// [`String::from_utf8_lossy`] does.
struct Checked(String);

impl Text for Checked {
    fn with_capacity(capacity: usize) -> Self {
        Checked(String::with_capacity(capacity))
    }

    fn push(&mut self, value: &[u8]) -> Span {
        push_checked(&mut self.0, value)
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    fn make_ascii_lowercase_from(&mut self, start: usize) {
        self.0[start..].make_ascii_lowercase();
    }

    fn into_string(self) -> Option<String> {
        Some(self.0)
    }
}

struct Builder<'b, T: Text> {
    profile: Profile,
    /// The body being parsed, which every value is cut from.
    bytes: &'b [u8],
    /// What becomes `out.text`.
    text: T,
    out: Parsed,
    /// The group being built.
    current: Option<u32>,
    /// Whether the current group has had a rule, so that the next
    /// user-agent line starts a new group (SPEC §2.1).
    in_rules: bool,
}

impl<'b, T: Text> Builder<'b, T> {
    /// A builder for the prepared body `bytes`, cut from a body of which
    /// `parsed_len` bytes are parsed.
    #[inline]
    fn new(bytes: &'b [u8], parsed_len: usize, profile: Profile) -> Builder<'b, T> {
        Builder {
            profile,
            bytes,
            // Patterns and values are most of a file: one allocation that
            // seldom grows (only escaping makes text longer than the body),
            // trimmed at the end.
            text: T::with_capacity(bytes.len()),
            out: Parsed {
                parsed_len,
                // Rules are most lines of most files: room for one per 24
                // bytes spares the copies of a growing vector (trimmed in
                // `finish`). Real files average a rule per 97 bytes, but
                // small ones are denser: at one per 64 bytes, 3,350 of the
                // corpus's 4,329 files outgrew the guess.
                rules: Vec::with_capacity(bytes.len() / 24),
                ..Parsed::default()
            },
            current: None,
            in_rules: false,
        }
    }

    fn sitemap(&mut self, value: &[u8]) {
        let span = self.text.push(value);
        self.out.sitemaps.push(span);
    }

    fn diagnose(&mut self, line: u32, kind: DiagnosticKind) {
        self.out.diagnostics.push(Diagnostic { line, kind });
    }

    fn user_agent(&mut self, line: u32, value: &[u8]) {
        let group = match self.current {
            Some(group) if !self.in_rules => group,
            _ => {
                let group = self.out.groups.len() as u32;
                let at = self.out.rules.len() as u32;
                let text = self.text.len() as u32;
                self.out.groups.push(Group {
                    rules: (at, at),
                    index: NO_INDEX,
                    text: (text, text),
                });
                group
            }
        };
        self.current = Some(group);
        self.in_rules = false;
        let (token, key) = if is_global(value) {
            (NO_TOKEN, (0, 0))
        } else {
            let token = token_prefix(value, self.profile);
            // RFC profile: an empty token names no crawler. Google profile:
            // the reference compares it with the caller's string like any
            // other, so a caller passing "" is named by it (SPEC §2.3).
            if token.is_empty() && self.profile == Profile::Rfc {
                return;
            }
            // A token is ASCII: lower-case it in the buffer.
            let span = self.text.push(token);
            self.text.make_ascii_lowercase_from(span.start as usize);
            (span, token_key(token))
        };
        self.out.agents.push(AgentEntry {
            key: key.0,
            next_key: key.1,
            token,
            group,
            line,
            ranges: Group::default(),
        });
    }

    fn rule(&mut self, line: u32, kind: RuleKind, value: &[u8]) {
        let Some(group) = self.enter_rule(line) else {
            return;
        };
        // An empty pattern never decides (SPEC §5.3).
        if value.is_empty() {
            return;
        }
        // Most patterns have no byte that the matching form rewrites, nor a
        // wildcard or an anchor: one look at their bytes settles them. Most
        // others differ only by a `*` or a final `$`, which the matching
        // form keeps.
        let form = written_form(value, self.bytes);
        self.add_rule(group, line, kind, value, form);
    }

    /// [`Builder::rule`] of a value that [`plain_value_end`] found, which
    /// is not empty and [`Written::Plain`].
    #[inline(always)]
    fn plain_rule(&mut self, line: u32, kind: RuleKind, value: &[u8]) {
        if let Some(group) = self.enter_rule(line) {
            self.add_rule(group, line, kind, value, Written::Plain);
        }
    }

    /// The group a rule line belongs to, which now has a rule; `None`, with
    /// a diagnostic, before the first user-agent line.
    #[inline(always)]
    fn enter_rule(&mut self, line: u32) -> Option<u32> {
        let Some(group) = self.current else {
            self.diagnose(line, DiagnosticKind::RuleOutsideGroup);
            return None;
        };
        self.in_rules = true;
        Some(group)
    }

    /// Adds to `group` the rule of the non-empty pattern `value`, of the
    /// [`written_form`] `form`.
    #[inline(always)]
    fn add_rule(&mut self, group: u32, line: u32, kind: RuleKind, value: &[u8], form: Written) {
        let plain = form == Written::Plain;
        let matching = if form == Written::Other {
            matching_form(value, self.profile)
        } else {
            Cow::Borrowed(value)
        };
        // The matching form is ASCII (every byte >= 0x80 is escaped), so this
        // never replaces anything.
        let pattern = self.text.push(&matching);
        // A borrowed matching form is the value itself; an owned one (rare)
        // is kept apart even in the odd case where it equals the value.
        let written = match matching {
            Cow::Borrowed(_) => pattern,
            Cow::Owned(_) => self.text.push(value),
        };
        let matching = &matching[..];
        let (strategy, len) = if plain {
            (Strategy::Prefix, matching.len())
        } else {
            Strategy::of(matching)
        };
        self.out.rules.push(CompiledRule::new(
            strategy,
            &matching[..len],
            pattern,
            written,
            line,
            kind,
        ));
        // Google profile: an allow whose last segment starts with
        // `/index.htm` also allows the directory itself, as the pattern cut
        // after that `/` plus `$` (SPEC §5.5). Its priority is that of the
        // derived pattern, always lower, so it only decides where the
        // original does not match.
        if self.profile == Profile::Google && kind == RuleKind::Allow {
            if let Some((strategy, cut)) = index_htm_rule(matching) {
                let derived = self.text.push(&[&matching[..cut], b"$"].concat());
                self.out.rules.push(CompiledRule::new(
                    strategy,
                    &matching[..cut],
                    derived,
                    written,
                    line,
                    kind,
                ));
            }
        }
        let entry = &mut self.out.groups[group as usize];
        entry.rules.1 = self.out.rules.len() as u32;
        entry.text.1 = self.text.len() as u32;
    }

    fn record(&mut self, line: u32, key: &[u8], value: &[u8]) {
        let key_span = self.text.push(key);
        let value_span = self.text.push(value);
        self.out.records.push(RecordEntry {
            key: key_span,
            value: value_span,
            line,
            group: self.current.unwrap_or(NO_GROUP),
        });
        if !is_crawl_delay(key) {
            return;
        }
        let Some(group) = self.current else {
            self.diagnose(line, DiagnosticKind::CrawlDelayOutsideGroup);
            return;
        };
        match parse_delay(value) {
            Some(delay) => self.out.delays.push(DelayEntry { group, delay }),
            None => self.diagnose(
                line,
                DiagnosticKind::InvalidCrawlDelay {
                    value: quote(value),
                },
            ),
        }
    }

    /// The parsed file; `None` when the text copied unchecked is not
    /// UTF-8 span by span, and the body must be parsed again checked.
    fn finish(mut self) -> Option<Parsed> {
        self.out.text = self.text.into_string()?;
        let out = &mut self.out;
        for group in &mut out.groups {
            let (start, end) = (group.rules.0 as usize, group.rules.1 as usize);
            let rules = &mut out.rules[start..end];
            if rules.len() <= INDEX_MIN_RULES {
                rules.sort_unstable_by(CompiledRule::precedence);
                continue;
            }
            group.index = out.indexes.len() as u32;
            out.indexes.push(LazyIndex::new(rules, out.text.as_bytes()));
        }
        for agent in &mut out.agents {
            agent.ranges = out.groups[agent.group as usize];
        }
        let text = &out.text;
        out.agents.sort_by(|a, b| match (a.token(), b.token()) {
            (None, None) => a.group.cmp(&b.group),
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            // The names are read only where the keys tie.
            (Some(x), Some(y)) => a
                .key()
                .cmp(&b.key())
                .then_with(|| x.get(text).cmp(y.get(text)))
                .then(a.group.cmp(&b.group)),
        });
        // One crawler named twice in one group is one selection of it.
        out.agents.dedup_by(|b, a| {
            a.group == b.group && a.token().map(|t| t.get(text)) == b.token().map(|t| t.get(text))
        });
        out.global_agents = out.agents.partition_point(|a| a.token().is_none()) as u32;
        if slack(out.text.capacity() - out.text.len()) {
            out.text.shrink_to_fit();
        }
        shrink(&mut out.rules);
        shrink(&mut out.groups);
        shrink(&mut out.indexes);
        shrink(&mut out.agents);
        shrink(&mut out.sitemaps);
        shrink(&mut out.records);
        shrink(&mut out.delays);
        shrink(&mut out.diagnostics);
        Some(self.out)
    }
}

/// [`Checked`]'s [`Text::push`]: appends `value` to
/// `text`, as [`String::from_utf8_lossy`] reads it.
#[inline(never)]
fn push_checked(text: &mut String, value: &[u8]) -> Span {
    let start = text.len() as u32;
    match core::str::from_utf8(value) {
        Ok(s) => text.push_str(s),
        Err(_) => push_lossy(text, value),
    }
    Span {
        start,
        len: text.len() as u32 - start,
    }
}

/// Appends `bytes`, which are not all UTF-8, to `out` with each invalid
/// sequence replaced by U+FFFD as [`String::from_utf8_lossy`] does.
///
/// Bodies that are not text (a compressed body served as robots.txt) have
/// such a value on most lines, and most of their bytes past ASCII start no
/// sequence. A character at a time, those cost one test after the ASCII
/// one; `utf8_chunks`, which yields a valid run and an invalid part at a
/// time, cost about twice as long on such bodies (PERFORMANCE.md).
#[cold]
fn push_lossy(out: &mut String, bytes: &[u8]) {
    // A byte becomes at most three (U+FFFD); a valid sequence keeps its
    // length.
    out.reserve(bytes.len() * 3);
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if b < 0x80 {
            out.push(char::from(b));
            at += 1;
        } else if !(0xC2..=0xF4).contains(&b) {
            // A continuation byte, or one that starts no sequence: in a
            // body that is not text, most bytes past ASCII.
            out.push(char::REPLACEMENT_CHARACTER);
            at += 1;
        } else {
            let (len, c) = utf8_sequence(&bytes[at..]);
            match c {
                Some(c) => out.push(c),
                None => out.push(char::REPLACEMENT_CHARACTER),
            }
            at += len;
        }
    }
}

/// The character that the UTF-8 sequence at the start of `bytes` encodes
/// (its first byte past ASCII), and its length; or, where there is none,
/// `None` and the length of the invalid part that one U+FFFD replaces: the
/// longest start of a valid sequence, at least one byte (Unicode's
/// "maximal subpart", which [`String::from_utf8_lossy`] follows).
fn utf8_sequence(bytes: &[u8]) -> (usize, Option<char>) {
    let Some(&first) = bytes.first() else {
        return (0, None);
    };
    // How many bytes follow, and the range of the second (RFC 3629 §4).
    let (follow, low, high) = match first {
        0xC2..=0xDF => (1, 0x80, 0xBF),
        0xE0 => (2, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF),
        0xED => (2, 0x80, 0x9F),
        0xF0 => (3, 0x90, 0xBF),
        0xF1..=0xF3 => (3, 0x80, 0xBF),
        0xF4 => (3, 0x80, 0x8F),
        _ => return (1, None),
    };
    let mut code = u32::from(first) & (0x7F >> (follow + 1));
    for k in 1..=follow {
        let ok = match bytes.get(k) {
            Some(&b) if k == 1 => (low..=high).contains(&b),
            Some(&b) => b & 0xC0 == 0x80,
            None => false,
        };
        if !ok {
            return (k, None);
        }
        code = code << 6 | u32::from(bytes[k] & 0x3F);
    }
    (follow + 1, char::from_u32(code))
}

/// Whether `bytes` unused bytes at the end of a buffer are worth a
/// reallocation to give back: a few are not (over the corpus, a parse ran
/// 1% more instructions when it trimmed every vector, most by a few bytes).
fn slack(bytes: usize) -> bool {
    bytes > 64
}

/// Trims `v`'s unused capacity when [`slack`] says it is worth it.
fn shrink<T>(v: &mut Vec<T>) {
    if slack((v.capacity() - v.len()) * core::mem::size_of::<T>()) {
        v.shrink_to_fit();
    }
}

/// A crawl-delay value: a non-negative decimal number of seconds (`10`,
/// `1.5`, `.5`) that fits a `Duration` (SPEC §6.2).
pub(crate) fn parse_delay(value: &[u8]) -> Option<Duration> {
    let digits = value.iter().filter(|b| b.is_ascii_digit()).count();
    let dots = value.iter().filter(|b| **b == b'.').count();
    if digits == 0 || dots > 1 || digits + dots != value.len() {
        return None;
    }
    let seconds: f64 = core::str::from_utf8(value).ok()?.parse().ok()?;
    Duration::try_from_secs_f64(seconds).ok()
}

/// How many leading bytes of a body [`parse`] checks for UTF-8 before it
/// picks how to copy values.
const HEAD_CHECK: usize = 64;

/// Parses `body` (SPEC §1 to §6).
pub(crate) fn parse(body: &[u8], options: &ParseOptions) -> Parsed {
    let (bytes, cut) = prepare(body, options.size_limit, options.profile);
    // Values that are not UTF-8 (a compressed body served as robots.txt,
    // Latin-1) are rare: only their bodies are read twice (SPEC §1.1). A
    // body that is not UTF-8 within its first bytes (most compressed ones)
    // is read checked at once. A checked build always finishes.
    let head = &bytes[..bytes.len().min(HEAD_CHECK)];
    let unchecked = if core::str::from_utf8(head).is_err_and(|e| e.error_len().is_some()) {
        None
    } else {
        build::<Unchecked>(&bytes, cut, body.len(), options)
    };
    unchecked
        .or_else(|| build::<Checked>(&bytes, cut, body.len(), options))
        .unwrap_or_default()
}

/// [`parse`] of the prepared body `bytes` (cut from `body_len` bytes at
/// `cut`), copying values into a text of kind `T`; `None` when an
/// unchecked copy must be redone.
///
/// One build for each kind, so that the copy of a value (about 670,000 a
/// pass over the corpus) and the text's length do not ask which kind it
/// is: 1.1% fewer instructions than one build with the kind in a field.
/// With two builds calling them, the lexer's per-line functions had to be
/// marked to be inlined again (see `rule_start` in `lex.rs`).
#[inline(never)]
fn build<T: Text>(
    bytes: &[u8],
    cut: Option<Cut>,
    body_len: usize,
    options: &ParseOptions,
) -> Option<Parsed> {
    let profile = options.profile;
    let parsed_len = body_len.min(options.size_limit);
    let mut builder = Builder::<T>::new(bytes, parsed_len, profile);
    let mut entries = Entries::new(bytes);
    loop {
        // Most lines are rules of the usual shape, and most user-agent and
        // sitemap lines have the usual layout: read without the full
        // reading's search for the colon, trims of the key and look-up of
        // the key.
        if let Some(usual) = entries.next_usual(plain_value_end) {
            let number = entries.number();
            builder.out.lines = number;
            match usual {
                Usual::Rule(rule) => {
                    let kind = if rule.allow {
                        RuleKind::Allow
                    } else {
                        RuleKind::Disallow
                    };
                    // Most values are plain, and were found so by the
                    // search for their end.
                    if rule.clean {
                        builder.plain_rule(number, kind, rule.value);
                    } else {
                        builder.rule(number, kind, rule.value);
                    }
                }
                Usual::UserAgent(value) => builder.user_agent(number, value),
                Usual::Sitemap(value) => builder.sitemap(value),
            }
            continue;
        }
        let Some(line) = entries.next() else {
            break;
        };
        let number = line.number;
        builder.out.lines = number;
        if line.full_len > MAX_LINE_BYTES {
            builder.diagnose(
                number,
                DiagnosticKind::LineTooLong {
                    length: line.full_len,
                },
            );
        }
        let Some(kv) = line.kv else {
            continue;
        };
        let Some(recognized) = recognize(kv.key) else {
            builder.record(number, kv.key, kv.value);
            continue;
        };
        if !recognized.exact {
            builder.diagnose(
                number,
                DiagnosticKind::AcceptedKey {
                    written: quote(kv.key),
                    read_as: recognized.directive,
                },
            );
        }
        if kv.separator == Separator::Whitespace {
            builder.diagnose(number, DiagnosticKind::MissingColon);
        }
        match recognized.directive {
            Directive::UserAgent => builder.user_agent(number, kv.value),
            Directive::Allow => builder.rule(number, RuleKind::Allow, kv.value),
            Directive::Disallow => builder.rule(number, RuleKind::Disallow, kv.value),
            Directive::Sitemap => builder.sitemap(kv.value),
        }
    }
    if let Some(cut) = cut {
        let line = builder.out.lines;
        builder.diagnose(
            line,
            DiagnosticKind::Truncated {
                limit: options.size_limit,
                body_len,
                line_dropped: cut.line_dropped,
            },
        );
    }
    builder.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn an_agent_entry_keeps_its_size_with_the_second_key_word() {
        // What `AgentEntry::token` is a sentinel for: the entries are sorted
        // by every parse and read by every lookup, and an `Option` would
        // have made each one 56 bytes.
        assert_eq!(core::mem::size_of::<AgentEntry>(), 48);
    }

    #[test]
    fn token_key_lower_cases_ascii_only() {
        for b in 0..=255u8 {
            let key = word_key(&[b, b'A', b'z', b'@', b'[', 0x80 | b'A', b'-', b'9']);
            let expected = [
                b.to_ascii_lowercase(),
                b'a',
                b'z',
                b'@',
                b'[',
                0x80 | b'A',
                b'-',
                b'9',
            ];
            assert_eq!(key, u64::from_be_bytes(expected), "{b:#x}");
        }
    }

    /// [`cmp_token`] a byte at a time.
    fn naive_cmp_token(stored: &[u8], caller: &[u8]) -> Ordering {
        stored
            .iter()
            .copied()
            .cmp(caller.iter().map(u8::to_ascii_lowercase))
    }

    /// A rule for ordering only: precedence reads its priority, kind and
    /// line, never its pattern.
    fn rule(priority: u32, kind: RuleKind, line: u32) -> CompiledRule {
        let pattern = Span {
            start: 0,
            len: priority,
        };
        CompiledRule::new(Strategy::Prefix, &[], pattern, Span::default(), line, kind)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        #[test]
        fn the_filter_answers_as_the_pattern_does(
            pattern in "/?[ab/]{0,30}([*][ab/]{0,3})?[$]?",
            cut in 0..34usize,
            flip in proptest::option::of(0..32usize),
            tail in "[ab/]{0,3}",
        ) {
            // The filter's word settles short patterns on its own and turns
            // the others away; either way it must agree with the matcher
            // (SPEC §5.1: a prefix match, `*` any run, a final `$` the end).
            // Paths are the pattern's own bytes, cut, with one byte changed
            // and some added, so that most share a long start with it.
            let mut path: Vec<u8> = pattern.bytes().filter(|b| !b"*$".contains(b)).collect();
            path.truncate(cut);
            if let Some(at) = flip.filter(|&at| at < path.len()) {
                path[at] = if path[at] == b'a' { b'b' } else { b'a' };
            }
            path.extend_from_slice(tail.as_bytes());
            let path = String::from_utf8(path).unwrap();
            let (strategy, len) = Strategy::of(pattern.as_bytes());
            let span = Span { start: 0, len: pattern.len() as u32 };
            let compiled = CompiledRule::new(
                strategy,
                &pattern.as_bytes()[..len],
                span,
                span,
                1,
                RuleKind::Allow,
            );
            let text = pattern.as_bytes();
            let mut probe = Probe::new(path.as_bytes());
            proptest::prop_assert_eq!(
                compiled.filter.matches(&compiled, text, &mut probe),
                compiled.matches(text, path.as_bytes()),
                "{} against {}", pattern, path
            );
        }

        #[test]
        fn a_groups_text_range_holds_its_patterns(
            lines in proptest::collection::vec(
                (
                    proptest::sample::select(alloc::vec!["User-agent: ", "Allow: ", "Disallow: ", "Sitemap: ", "Crawl-delay: ", "Host: "]),
                    proptest::collection::vec(proptest::sample::select(b"a/*$%2fi\xc3\xa9\xffndex.html ".to_vec()), 0..12),
                ),
                0..24,
            ),
            google in proptest::bool::ANY,
        ) {
            // The range a view prefetches (crate::prefetch) must cover every
            // pattern its queries read, as matched and as written, whatever
            // was written between them (agent tokens, records, sitemaps, the
            // Google profile's derived `index.htm` rule, escaped forms, and
            // values redone after a body that is not UTF-8).
            let body: Vec<u8> = lines
                .iter()
                .flat_map(|(key, value)| [key.as_bytes(), &value[..], b"\n"].concat())
                .collect();
            let profile = if google { Profile::Google } else { Profile::Rfc };
            let parsed = parse(&body, &ParseOptions::new().profile(profile));
            for group in &parsed.groups {
                let (from, to) = group.text;
                for rule in parsed.rules_of(group) {
                    for span in [rule.pattern, rule.written] {
                        proptest::prop_assert!(
                            from <= span.start && span.start + span.len <= to,
                            "span {:?} outside {:?} in {:?}", span, group.text, String::from_utf8_lossy(&body)
                        );
                    }
                }
            }
        }

        #[test]
        fn precedence_orders_by_priority_then_allow_then_line(
            a in (proptest::prop_oneof![0..4u32, 0..60_000u32], proptest::bool::ANY, proptest::prop_oneof![0..4u32, proptest::num::u32::ANY]),
            b in (proptest::prop_oneof![0..4u32, 0..60_000u32], proptest::bool::ANY, proptest::prop_oneof![0..4u32, proptest::num::u32::ANY]),
        ) {
            // SPEC §5.2: the longest pattern first, an allow before a disallow
            // of the same length; then file order.
            let kind = |allow: bool| if allow { RuleKind::Allow } else { RuleKind::Disallow };
            let (x, y) = (rule(a.0, kind(a.1), a.2), rule(b.0, kind(b.1), b.2));
            let expected = (core::cmp::Reverse(a.0), !a.1, a.2).cmp(&(core::cmp::Reverse(b.0), !b.1, b.2));
            proptest::prop_assert_eq!(x.precedence(&y), expected);
            proptest::prop_assert_eq!(x.precedence_key().cmp(&y.precedence_key()), expected);
        }

        #[test]
        fn values_that_are_not_utf8_are_kept_as_from_utf8_lossy_reads_them(
            values in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(b"a/\x80\xbf\xc3\xa9\xe2\x82\xac\xf0\x9f\xff".to_vec()), 0..12),
                1..6,
            ),
        ) {
            // Input is bytes (SPEC §1.1); the text a parsed file keeps has
            // each value's invalid sequences replaced, as `Rule::pattern`
            // says, value by value, whatever was pushed before it. The
            // bytes are pieces of valid sequences and strays, so that both
            // meet.
            let body: Vec<u8> = values.concat();
            let mut builder = Builder::<Checked>::new(&body, body.len(), Profile::Rfc);
            for value in &values {
                let span = builder.text.push(value);
                let expected = String::from_utf8_lossy(value);
                proptest::prop_assert_eq!(span.bytes(builder.text.as_bytes()), expected.as_bytes());
            }
        }

        #[test]
        fn the_unchecked_copy_or_its_redo_is_the_checked_parse(
            pieces in proptest::collection::vec(proptest::sample::select(alloc::vec![
                &b"Sitemap: "[..], b"User-agent: ", b"Disallow: ", b"Allow: ", b"Key: ", b"\n",
                b"#", b" ", b"/a", b"*", b"\x80", b"\xbf", b"\xc3", b"\xa9", b"\xe2\x82\xac", b"\xf0\x9f", b"\xff",
            ]), 0..24),
        ) {
            // Whatever the bytes, parsing with values copied unchecked (and
            // redone checked when a span is not UTF-8) gives exactly what
            // checking every value gives (SPEC §1.1).
            let body = pieces.concat();
            let options = ParseOptions::new();
            let checked = build::<Checked>(&body, None, body.len(), &options);
            proptest::prop_assert_eq!(Some(parse(&body, &options)), checked, "{:?}", body);
        }

        #[test]
        fn token_keys_never_contradict_the_token_order(
            stored in "[a-z0-9_-]{0,16}",
            caller in proptest::collection::vec(proptest::sample::select(b"aAzZ09_-\0/ ".to_vec()), 0..16),
            share in 0..16usize,
        ) {
            // SPEC §3.2: the key decides only where it differs, and a tie of
            // two names of one length up to twelve bytes is equality (the
            // shortcut `AgentEntry::cmp_name` takes). Callers often share a long
            // start with a stored token, so some get one.
            let mut caller = caller;
            let shared = share.min(stored.len()).min(caller.len());
            caller[..shared].copy_from_slice(&stored.as_bytes()[..shared]);
            let by_key = token_key(stored.as_bytes()).cmp(&token_key(&caller));
            let by_token = naive_cmp_token(stored.as_bytes(), &caller);
            proptest::prop_assert!(by_key.is_eq() || by_key == by_token, "{:?} {:?}", stored, caller);
            if by_key.is_eq() && stored.len() == caller.len() && caller.len() <= 12 {
                proptest::prop_assert!(by_token.is_eq(), "{:?} {:?}", stored, caller);
            }
        }

        #[test]
        fn tokens_compare_as_their_lower_case_bytes(
            stored in "[a-z0-9_-]{0,20}",
            caller in proptest::collection::vec(proptest::sample::select(b"aAbBzZ09_-\0/ ".to_vec()), 0..20),
            share in 0..20usize,
        ) {
            // SPEC §3.2: case-insensitive equality, and the order the
            // agent lookup searches by. Callers often share a long start
            // with a stored token, so some get one.
            let mut caller = caller;
            let shared = stored.len().min(share);
            caller.splice(0..0, stored.as_bytes()[..shared].iter().map(u8::to_ascii_uppercase));
            proptest::prop_assert_eq!(
                cmp_token(stored.as_bytes(), &caller),
                naive_cmp_token(stored.as_bytes(), &caller),
                "{:?} {:?}", stored, caller
            );
        }
    }

    #[test]
    fn push_lossy_replaces_as_from_utf8_lossy_does() {
        // Every byte, every pair of bytes, and every sequence of up to four bytes drawn
        // from the edges of UTF-8's ranges (RFC 3629 §4), after some text.
        let edges = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        let mut inputs: Vec<Vec<u8>> = (0..=0xFF_u8).map(|b| vec![b]).collect();
        inputs.extend((0..=0xFFFF_u16).map(|p| p.to_be_bytes().to_vec()));
        for &a in &edges {
            for &b in &edges {
                for &c in &edges {
                    inputs.push(vec![a, b, c]);
                    inputs.extend(edges.iter().map(|&d| vec![a, b, c, d]));
                }
            }
        }
        let mut out = String::new();
        for input in &inputs {
            out.clear();
            out.push('x');
            push_lossy(&mut out, input);
            assert_eq!(out[1..], String::from_utf8_lossy(input), "{input:02X?}");
        }
    }

    #[test]
    fn values_copied_unchecked_are_redone_checked_when_a_span_is_not_utf8() {
        // SPEC §1.1: each value's invalid sequences are replaced, value by
        // value. The unchecked copy must give way wherever a span would not
        // be UTF-8 on its own, even when the text as a whole is: here the
        // two values' halves of `é` meet in the text.
        let sitemaps = |body: &[u8]| -> Vec<String> {
            let parsed = parse(body, &ParseOptions::new());
            let text = &parsed.text;
            parsed.sitemaps.iter().map(|s| s.get(text).into()).collect()
        };
        let unchecked =
            |body: &[u8]| build::<Unchecked>(body, None, body.len(), &ParseOptions::new());
        for (body, expected) in [
            (
                &b"Sitemap: a\xC3\nSitemap: \xA9b\n"[..],
                ["a\u{FFFD}", "\u{FFFD}b"],
            ),
            (b"Sitemap: a\xFF\nSitemap: b\n", ["a\u{FFFD}", "b"]),
        ] {
            assert!(unchecked(body).is_none(), "{body:?}");
            assert_eq!(sitemaps(body), expected, "{body:?}");
        }
        // Those bodies fail within their first bytes and are read checked at
        // once; one that fails past the head check is read unchecked, then
        // again checked, to the same values.
        let late = [&b"# "[..], &[b'x'; HEAD_CHECK], b"\nSitemap: a\xFF\n"].concat();
        assert!(core::str::from_utf8(&late[..HEAD_CHECK]).is_ok());
        assert!(unchecked(&late).is_none());
        assert_eq!(sitemaps(&late), ["a\u{FFFD}"]);
        // Valid values, ASCII or not, and invalid bytes only where no value
        // is kept (a comment), need no second reading.
        let body = "Sitemap: /caf\u{e9}\nUser-agent: *\nDisallow: /\u{e9}t\u{e9}\n".as_bytes();
        let parsed = unchecked(body).expect("valid values");
        assert_eq!(parsed, parse(body, &ParseOptions::new()));
        assert_eq!(sitemaps(body), ["/caf\u{e9}"]);
        assert!(unchecked(b"Disallow: /a # \xFF\n").is_some());
    }

    #[test]
    fn crawl_delay_values() {
        // SPEC §6.2
        assert_eq!(parse_delay(b"10"), Some(Duration::from_secs(10)));
        assert_eq!(parse_delay(b"1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_delay(b".5"), Some(Duration::from_millis(500)));
        assert_eq!(parse_delay(b"5."), Some(Duration::from_secs(5)));
        for bad in [
            &b"-1"[..],
            b"",
            b".",
            b"1.2.3",
            b"inf",
            b"NaN",
            b"1e3",
            b"10s",
            b"+1",
        ] {
            assert_eq!(parse_delay(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
        let huge = alloc::vec![b'9'; 400];
        assert_eq!(parse_delay(&huge), None);
    }
}
