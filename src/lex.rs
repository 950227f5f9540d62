//! Lexing: bytes to numbered lines, and a line to its key and value.
//!
//! No semantics live here: which keys mean what is `directive.rs`'s business.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::options::Profile;

/// Bytes of a line past this many are ignored (SPEC §1.5). Google's reference
/// keeps a buffer of 2083 × 8 bytes per line, one of them for its terminator.
pub const MAX_LINE_BYTES: usize = 2083 * 8 - 1;

/// The bit that tells an ASCII letter's cases apart: setting it lower-cases
/// a letter, and makes no other byte a letter.
pub(crate) const CASE_BIT: u8 = 0x20;

/// The UTF-8 byte order mark.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// What the size limit did to a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    /// Whether a partial last line was dropped (RFC profile, SPEC §1.2).
    pub(crate) line_dropped: bool,
}

/// Applies the size limit (SPEC §1.2) and skips a byte order mark (SPEC §1.3).
///
/// Returns the bytes to lex and, when the body was over the limit, how it was
/// cut. Borrows unless the Google profile's byte order mark quirk applies.
pub(crate) fn prepare(body: &[u8], limit: usize, profile: Profile) -> (Cow<'_, [u8]>, Option<Cut>) {
    let (mut kept, cut) = if body.len() > limit {
        let head = &body[..limit];
        let inside_line = !matches!(body[limit], b'\r' | b'\n');
        match profile {
            // RFC profile: a line cut by the limit is dropped whole, so that a
            // cut `Allow: /public/page` never becomes `Allow: /pub`.
            Profile::Rfc if inside_line => {
                let keep = memchr::memrchr2(b'\r', b'\n', head).map_or(0, |i| i + 1);
                let line_dropped = keep < head.len();
                (&head[..keep], Some(Cut { line_dropped }))
            }
            // Google profile: the reference reads the first 500 KiB and keeps
            // the cut line as far as it goes.
            _ => (
                head,
                Some(Cut {
                    line_dropped: false,
                }),
            ),
        }
    } else {
        (body, None)
    };
    match profile {
        Profile::Rfc => {
            let skip = kept.iter().zip(BOM).take_while(|(a, b)| **a == *b).count();
            kept = &kept[skip..];
            (Cow::Borrowed(kept), cut)
        }
        // Google profile: the reference compares byte i of the body with byte
        // i of the BOM for i < 3, and skips it when equal, even after a
        // mismatch (`A\xBB` loses its second byte). Reproduced bit for bit.
        Profile::Google => {
            let skipped: [bool; 3] = core::array::from_fn(|i| kept.get(i) == Some(&BOM[i]));
            let prefix = skipped.iter().take_while(|s| **s).count();
            if skipped[prefix..].iter().any(|s| *s) {
                let owned: Vec<u8> = kept
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !(*i < 3 && skipped[*i]))
                    .map(|(_, b)| *b)
                    .collect();
                (Cow::Owned(owned), cut)
            } else {
                (Cow::Borrowed(&kept[prefix..]), cut)
            }
        }
    }
}

/// How a key was separated from its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Separator {
    Colon,
    /// Spaces or tabs in place of a forgotten colon (SPEC §1.8).
    Whitespace,
}

/// A line's key and value, both trimmed; the key is never empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyValue<'a> {
    pub(crate) key: &'a [u8],
    pub(crate) value: &'a [u8],
    pub(crate) separator: Separator,
}

/// ASCII whitespace as C's `isspace` sees it: space, tab, LF, VT, FF, CR.
pub(crate) const fn is_space(b: u8) -> bool {
    // Bits 9 to 13 (tab to CR) and 32 (space).
    b <= b' ' && (0x1_0000_3E00_u64 >> b) & 1 != 0
}

/// A space inside a line: [`is_space`] but for the line ends CR and LF.
pub(crate) const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

/// The lanes that hold an [`is_space`] byte: a space, or one of tab, LF,
/// VT, FF and CR (0x09 to 0x0D), by one range test instead of a compare for
/// each. Before a line's first stop, where the lexer reads these lanes,
/// there is no CR or LF, so there they are the [`is_blank`] bytes.
#[cfg(robots_simd)]
#[inline(always)]
fn space_lanes(v: crate::simd::Lanes) -> crate::simd::Hits {
    v.eq(b' ') | v.within(b'\t', b'\r')
}

/// The lanes that hold a space or a tab: the gaps between words
/// ([`two_words`]).
#[cfg(robots_simd)]
#[inline(always)]
fn gap_lanes(v: crate::simd::Lanes) -> crate::simd::Hits {
    v.eq(b' ') | v.eq(b'\t')
}

/// The lanes that end a line's content, as [`is_stop`] without the colon:
/// CR, LF, `#` and NUL.
#[cfg(robots_simd)]
#[inline(always)]
fn stop_lanes(v: crate::simd::Lanes) -> crate::simd::Hits {
    v.eq(b'\r') | v.eq(b'\n') | v.eq(b'#') | v.eq(0)
}

/// Trims [`is_space`] bytes from both ends.
pub(crate) fn trim(s: &[u8]) -> &[u8] {
    trim_end(trim_start(s))
}

/// Trims [`is_space`] bytes from the start.
///
/// On x86_64 a run of them (indentation, a line of spaces) is passed over
/// sixteen bytes at a time, when there are sixteen.
#[inline]
fn trim_start(mut s: &[u8]) -> &[u8] {
    #[cfg(robots_simd)]
    if s.first().is_some_and(|&b| is_space(b)) {
        while let Some(window) = s.first_chunk::<16>() {
            let spaces = space_lanes(crate::simd::Lanes::load(window)).bits();
            // At most 16: the bits above the window's are clear.
            let run = (!spaces).trailing_zeros() as usize;
            s = &s[run..];
            if run < 16 {
                return s;
            }
        }
    }
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    s
}

/// Trims [`is_space`] bytes from the end.
#[inline]
fn trim_end(mut s: &[u8]) -> &[u8] {
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

/// The part of a line that can hold a directive: up to a NUL (SPEC §1.6) and
/// a `#` (SPEC §1.7), trimmed.
pub(crate) fn content(line: &[u8]) -> &[u8] {
    // Whichever of NUL and `#` comes first ends the useful part.
    let end = memchr::memchr2(0, b'#', line).unwrap_or(line.len());
    trim(&line[..end])
}

/// Splits a line into key and value (SPEC §1.8), or `None` when it holds no
/// directive.
pub(crate) fn key_value(line: &[u8]) -> Option<KeyValue<'_>> {
    let line = content(line);
    match memchr::memchr(b':', line) {
        Some(colon) => {
            let key = trim(&line[..colon]);
            (!key.is_empty()).then(|| KeyValue {
                key,
                value: trim(&line[colon + 1..]),
                separator: Separator::Colon,
            })
        }
        None => two_words(line),
    }
}

/// Reads a line's content (trimmed) that has no colon: a forgotten colon is
/// accepted when the content is exactly two words separated by spaces
/// and/or tabs. VT and FF belong to a word here.
///
/// Always inlined: it runs on about 150,000 lines of the corpus (HTML,
/// most of them), and the call cost the parse 0.45% more instructions
/// (PERFORMANCE.md).
#[inline(always)]
fn two_words(content: &[u8]) -> Option<KeyValue<'_>> {
    let gap = find_space_or_tab(content, 0);
    if gap == content.len() {
        return None;
    }
    let value = &content[gap..];
    let value = &value[value
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count()..];
    if find_space_or_tab(value, 0) < value.len() || gap == 0 {
        return None;
    }
    Some(KeyValue {
        key: &content[..gap],
        value: trim(value),
        separator: Separator::Whitespace,
    })
}

/// Reads the start of a rule line in its usual shape: optional spaces,
/// `allow` or `disallow` in any case as the whole key, optional spaces, a
/// colon and optional spaces, all on the first line of `line`. Returns
/// whether it is an allow and where its value starts; `None` for any other
/// shape, which then needs the full reading.
///
/// When this answers, the full reading ([`Entries`]) gives the same key, and
/// a value that starts at the same byte (SPEC §1.8).
///
/// Always inlined, as are [`rule_value`] and `Entries::next`: the parse
/// has one build for each kind of its text (`build` in `group.rs`), and
/// with two callers the compiler stopped inlining these into its loop
/// (PERFORMANCE.md).
#[inline(always)]
pub(crate) fn rule_start(line: &[u8]) -> Option<(bool, usize)> {
    // Setting bit 5 lower-cases a letter and makes no other byte a letter.
    // Zero-padded: a padding byte folds to a space, which no key has.
    let word = |at: usize| {
        u64::from_le_bytes(first_eight(line.get(at..).unwrap_or_default()))
            | (ONES * CASE_BIT as u64)
    };
    let blank_at = |at: usize| line.get(at).is_some_and(|&b| is_blank(b));
    let blank = |mut at: usize| {
        while blank_at(at) {
            at += 1;
        }
        at
    };
    // The commonest layout, the key at the start and one space after the
    // colon, by two byte compares instead of the blank loops.
    if let Some((allow, len)) = rule_key(word(0)) {
        if line.get(len..len + 2) == Some(b": ") && !blank_at(len + 2) {
            return Some((allow, len + 2));
        }
    }
    let key = blank(0);
    let (allow, len) = rule_key(word(key))?;
    let colon = blank(key + len);
    (line.get(colon) == Some(&b':')).then(|| (allow, blank(colon + 1)))
}

/// The bytes from a line's start that the full reading keeps: its first
/// [`MAX_LINE_BYTES`] (SPEC §1.5). `line` may run on past the line's end.
#[inline]
pub(crate) fn within_limit(line: &[u8]) -> &[u8] {
    &line[..line.len().min(MAX_LINE_BYTES)]
}

/// The value of the rule line at the start of `line` whose value starts at
/// `at` (as [`rule_start`] gives it), as the full reading ([`Entries`])
/// finds it; and an offset in the line from which to search for its end.
/// Always inlined: see [`rule_start`].
#[inline(always)]
pub(crate) fn rule_value(line: &[u8], at: usize) -> (&[u8], usize) {
    // Before `at` there are only the key, blanks and the colon, so no line
    // end.
    let kept = within_limit(line);
    let from = at.min(kept.len());
    let end = scan::<false>(kept, from);
    (trim(&kept[from..end]), end)
}

/// Reads the start of a user-agent line in its usual layout: `user-agent` in
/// any case at the line's first byte, a colon, one space, and a byte that
/// is not a space or tab. Returns the bytes from that byte (the value's
/// first) to the end of the line's first [`MAX_LINE_BYTES`], past the value
/// and any comment; `None` for any other layout, which then needs the full
/// reading.
///
/// When this answers, the full reading ([`Entries`]) gives the same key, and
/// a value that starts at the same byte (SPEC §1.8).
#[inline]
pub(crate) fn user_agent_start(line: &[u8]) -> Option<&[u8]> {
    // Lower-cased as in `rule_start`; a CR folds to `-`, so that byte is
    // compared exactly.
    let word = u64::from_le_bytes(first_eight(line)) | (ONES * CASE_BIT as u64);
    let usual = word == u64::from_le_bytes(*b"user-age")
        && line.get(4) == Some(&b'-')
        && line.get(8..12).is_some_and(|tail| {
            tail[0] | CASE_BIT == b'n' && tail[1] | CASE_BIT == b't' && tail[2..] == *b": "
        })
        && !line.get(12).is_some_and(|&b| is_blank(b));
    usual.then(|| &within_limit(line)[USER_AGENT_VALUE..])
}

/// Whether `line` starts a sitemap line in its usual layout: `sitemap` in
/// any case at the line's first byte, a colon, one space, and a byte that
/// is not a space or tab, the value's first, at [`SITEMAP_VALUE`]. When it
/// does, the full reading ([`Entries`]) gives the same key, and a value
/// that starts at the same byte (SPEC §1.8).
#[inline]
fn sitemap_start(line: &[u8]) -> bool {
    // Lower-cased as in `rule_start`: only the letters are compared so.
    let word = u64::from_le_bytes(first_eight(line)) | (ONES * CASE_BIT as u64);
    word & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"sitemap\0")
        && line.get(7..9) == Some(b": ")
        && !line.get(SITEMAP_VALUE).is_some_and(|&b| is_blank(b))
}

/// Where [`sitemap_start`] finds a sitemap line's value.
const SITEMAP_VALUE: usize = 9;

/// Where [`user_agent_start`] finds a user-agent line's value.
const USER_AGENT_VALUE: usize = 12;

// `Entries::next_usual` tells the two layouts apart by these offsets.
const _: () = assert!(SITEMAP_VALUE != USER_AGENT_VALUE);

/// Where the value that starts at `line[from]` ends when it is one word
/// that ends its line: the index of the CR or LF after it, or `line.len()`;
/// `None` for an empty value, or one with a space, another control or `#`
/// before its end. `line` may run on past its end. Such a value is the
/// full reading's, with nothing to trim and no comment after it.
#[inline(always)]
fn word_end(line: &[u8], from: usize) -> Option<usize> {
    let end = find_short(
        line,
        from,
        #[cfg(robots_simd)]
        |v| v.at_most(b' ') | v.eq(b'#'),
        |word| bytes_below(word, b' ' + 1) | bytes_equal(word, b'#'),
        |b| b <= b' ' || b == b'#',
    );
    (end > from && matches!(line.get(end), None | Some(b'\r' | b'\n'))).then_some(end)
}

/// The rule key that a word of eight lower-cased bytes ([`rule_start`])
/// starts with: whether it is an allow, and the key's length.
#[inline(always)]
fn rule_key(word: u64) -> Option<(bool, usize)> {
    if word == u64::from_le_bytes(*b"disallow") {
        Some((false, 8))
    } else if word & 0xFF_FFFF_FFFF == u64::from_le_bytes(*b"allow\0\0\0") {
        Some((true, 5))
    } else {
        None
    }
}

/// Whether `b` ends a line's useful part: a line end, `#` or NUL, and, when
/// `COLON`, the key-value colon.
#[inline(always)]
fn is_stop<const COLON: bool>(b: u8) -> bool {
    matches!(b, b'\r' | b'\n' | b'#' | 0) || (COLON && b == b':')
}

/// `0x01` in every byte of a word.
pub(crate) const ONES: u64 = u64::from_le_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
pub(crate) const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);

/// The first eight bytes of `bytes`, zero-padded.
#[inline]
pub(crate) fn first_eight(bytes: &[u8]) -> [u8; 8] {
    if let Some(word) = bytes.first_chunk::<8>() {
        return *word;
    }
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    word
}

/// A high bit in each byte of `word` below `n` (at most 0x80), and perhaps
/// in some bytes above such a byte, never in none of them.
#[inline(always)]
pub(crate) fn bytes_below(word: u64, n: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS
}

/// A high bit in each byte of `word` equal to `b`, and perhaps in some
/// bytes above such a byte.
#[inline(always)]
pub(crate) fn bytes_equal(word: u64, b: u8) -> u64 {
    bytes_below(word ^ (ONES * u64::from(b)), 1)
}

/// A high bit in each byte of `word` at or above 0x80.
#[inline(always)]
pub(crate) fn bytes_high(word: u64) -> u64 {
    word & HIGHS
}

/// The first index at or after `from` whose byte is `wanted`, or
/// `bytes.len()`.
///
/// Eight bytes at a time: `candidates` flags, by the high bit of each byte
/// of a little-endian word, a superset of the wanted bytes (at least every
/// one of them, as [`bytes_below`] and [`bytes_equal`] do), and each
/// candidate is then checked exactly. The strings searched are short (a
/// line, a pattern), where a `memchr` call costs more than the search.
#[inline(always)]
pub(crate) fn find_by_words(
    bytes: &[u8],
    from: usize,
    candidates: impl Fn(u64) -> u64,
    wanted: impl Fn(u8) -> bool,
) -> usize {
    let mut at = from;
    while let Some(word) = bytes.get(at..at + 8) {
        let mut flagged = candidates(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
        while flagged != 0 {
            let i = at + flagged.trailing_zeros() as usize / 8;
            if wanted(bytes[i]) {
                return i;
            }
            flagged &= flagged - 1;
        }
        at += 8;
    }
    bytes
        .get(at..)
        .and_then(|tail| tail.iter().position(|&b| wanted(b)))
        .map_or(bytes.len(), |i| at + i)
}

/// The first index at or after `from` whose byte is `wanted`, or
/// `bytes.len()`, for short strings (a URL, a path, a pattern, a value),
/// where setting up `memchr` costs more than the search.
///
/// On x86_64, sixteen bytes at a time by `lanes`, which must flag exactly
/// the wanted bytes, and the last fewer than sixteen by one more window that
/// ends where `bytes` ends; where `bytes` is shorter than sixteen, and on
/// other targets, by [`find_by_words`] with `words`.
#[inline(always)]
pub(crate) fn find_short(
    bytes: &[u8],
    from: usize,
    #[cfg(robots_simd)] lanes: impl Fn(crate::simd::Lanes) -> crate::simd::Hits,
    words: impl Fn(u64) -> u64,
    wanted: impl Fn(u8) -> bool,
) -> usize {
    #[cfg(robots_simd)]
    {
        use crate::simd::Lanes;
        let mut at = from;
        while let Some(window) = bytes.get(at..).and_then(|rest| rest.first_chunk::<16>()) {
            let hits = lanes(Lanes::load(window)).bits();
            if hits != 0 {
                return at + hits.trailing_zeros() as usize;
            }
            at += 16;
        }
        // Fewer than sixteen bytes left: the window of the last sixteen,
        // less the bytes before `at`, which were read already.
        let last = bytes.len().wrapping_sub(16);
        if let Some(window) = bytes.get(last..).and_then(|rest| rest.first_chunk::<16>()) {
            let skip = u32::try_from(at - last).unwrap_or(u32::MAX);
            let hits = lanes(Lanes::load(window))
                .bits()
                .checked_shr(skip)
                .unwrap_or(0);
            return if hits == 0 {
                bytes.len()
            } else {
                at + hits.trailing_zeros() as usize
            };
        }
    }
    find_by_words(bytes, from, words, wanted)
}

/// The first index at or after `from` of a space or a tab, or
/// `bytes.len()`: see [`find_short`].
#[inline]
fn find_space_or_tab(bytes: &[u8], from: usize) -> usize {
    find_short(
        bytes,
        from,
        #[cfg(robots_simd)]
        gap_lanes,
        |word| bytes_equal(word, b' ') | bytes_equal(word, b'\t'),
        |c| c == b' ' || c == b'\t',
    )
}

/// The first index at or after `from` of byte `b`, or `bytes.len()`: see
/// [`find_short`].
#[inline]
pub(crate) fn find_byte(bytes: &[u8], from: usize, b: u8) -> usize {
    find_short(
        bytes,
        from,
        #[cfg(robots_simd)]
        |v| v.eq(b),
        |word| bytes_equal(word, b),
        |c| c == b,
    )
}

/// The first index at or after `from` whose byte [`is_stop`], or
/// `bytes.len()`.
///
/// Every byte below 0x0E (which covers CR, LF and NUL) and every `#` and
/// `:` is a candidate, checked exactly, so tabs and other controls cost a
/// little time and never a wrong answer. On x86_64 the candidates are
/// flagged by SSE2, 32 bytes a step (one branch for two windows) while 32
/// are left, then sixteen; then (and elsewhere) eight at a time by word
/// tests. Over the HTML bodies, whose lines are long, one compare for
/// every byte up to CR (instead of one each for NUL, LF and CR) took 3.5%
/// of the parse's instructions off, and the step of 32 another 0.8%
/// (PERFORMANCE.md).
#[inline(always)]
fn scan<const COLON: bool>(bytes: &[u8], from: usize) -> usize {
    #[cfg(robots_simd)]
    let from = {
        let mut from = from;
        let candidates = |window: &[u8; 16]| {
            let v = crate::simd::Lanes::load(window);
            let mut candidates = v.at_most(b'\r') | v.eq(b'#');
            if COLON {
                candidates |= v.eq(b':');
            }
            candidates.bits()
        };
        while let Some(pair) = bytes.get(from..).and_then(|rest| rest.first_chunk::<32>()) {
            let (Some(first), Some(second)) = (pair.first_chunk(), pair.last_chunk()) else {
                break;
            };
            let found = candidates(first) | candidates(second) << 16;
            if let Some(at) = first_stop::<COLON>(pair, found) {
                return from + at;
            }
            from += 32;
        }
        while let Some(window) = bytes.get(from..).and_then(|rest| rest.first_chunk::<16>()) {
            if let Some(at) = first_stop::<COLON>(window, candidates(window)) {
                return from + at;
            }
            from += 16;
        }
        from
    };
    find_by_words(
        bytes,
        from,
        |word| {
            let found = bytes_below(word, 0x0E) | bytes_equal(word, b'#');
            if COLON {
                found | bytes_equal(word, b':')
            } else {
                found
            }
        },
        is_stop::<COLON>,
    )
}

/// The first of the candidates flagged in `found` (bit `i` for
/// `window[i]`) that [`is_stop`]; `None` when none is.
#[cfg(robots_simd)]
#[inline(always)]
fn first_stop<const COLON: bool>(window: &[u8], mut found: u32) -> Option<usize> {
    while found != 0 {
        let at = found.trailing_zeros() as usize;
        if window.get(at).is_some_and(|&b| is_stop::<COLON>(b)) {
            return Some(at);
        }
        found &= found - 1;
    }
    None
}

/// Where the line holding `bytes[from]` ends: the index of its CR or LF,
/// or `bytes.len()`.
///
/// The lexer calls this only after a value stopped at `#` or NUL, so most
/// calls return at once; a [`Pair`] set up per body cost the parse 0.5%
/// more instructions than `memchr2` here, unlike the one-shot check's
/// [`Entries::skip_line`], which searches every line.
#[inline]
fn line_end(bytes: &[u8], from: usize) -> usize {
    match bytes.get(from) {
        None | Some(b'\r' | b'\n') => from,
        Some(_) => memchr::memchr2(b'\r', b'\n', &bytes[from..]).map_or(bytes.len(), |i| from + i),
    }
}

/// Where the line at the start of `rest` ends: the index of its first CR
/// or LF, or `rest.len()`.
///
/// On x86_64 the first 64 bytes, where most lines end, are looked at 32 at
/// a time by SSE2 compares before `line_ends` searches the rest: two in five
/// of the lines the one-shot check passes over are longer than 32 bytes, and
/// most of those end within 64, where a window costs less than setting up
/// the search.
#[cfg(robots_simd)]
#[inline(always)]
fn first_line_end(rest: &[u8], line_ends: &Pair) -> usize {
    for at in [0, 32] {
        let Some(window) = rest.get(at..).and_then(|r| r.first_chunk::<32>()) else {
            return line_ends.find_from(rest, at);
        };
        if let Some(end) = window_line_end(window) {
            return at + end;
        }
    }
    line_ends.find_from(rest, 64)
}

/// The first CR or LF of a 32-byte window.
#[cfg(robots_simd)]
#[inline(always)]
fn window_line_end(window: &[u8; 32]) -> Option<usize> {
    let ends = |half: &[u8; 16]| {
        let v = crate::simd::Lanes::load(half);
        (v.eq(b'\r') | v.eq(b'\n')).bits()
    };
    let found = ends(window.first_chunk()?) | ends(window.last_chunk()?) << 16;
    (found != 0).then(|| found.trailing_zeros() as usize)
}

#[cfg(not(robots_simd))]
#[inline(always)]
fn first_line_end(rest: &[u8], line_ends: &Pair) -> usize {
    line_ends.find_from(rest, 0)
}

/// A search for the first of two bytes, set up once and run many times.
///
/// `memchr::memchr2` picks its vector code and builds its needles on every
/// call, which on a line of usual length costs more than the search itself.
/// The one-shot check searches for the end of nearly every line of a group
/// that applies (past the first 32 bytes, which [`Entries::skip_line`]
/// looks at first), so [`Entries`] keeps one of these for CR and LF: on the
/// corpus's lines that is about 40% fewer instructions a search than
/// `memchr2`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair(PairSearch);

#[derive(Clone, Copy, Debug)]
enum PairSearch {
    #[cfg(robots_simd)]
    Avx2(memchr::arch::x86_64::avx2::memchr::Two),
    #[cfg(robots_simd)]
    Sse2(memchr::arch::x86_64::sse2::memchr::Two),
    /// Elsewhere, or if neither is available: `memchr2` on every call.
    Any(u8, u8),
}

impl Pair {
    pub(crate) fn new(a: u8, b: u8) -> Pair {
        #[cfg(robots_simd)]
        {
            use memchr::arch::x86_64::{avx2, sse2};
            if let Some(two) = avx2::memchr::Two::new(a, b) {
                return Pair(PairSearch::Avx2(two));
            }
            if let Some(two) = sse2::memchr::Two::new(a, b) {
                return Pair(PairSearch::Sse2(two));
            }
        }
        Pair(PairSearch::Any(a, b))
    }

    /// The index of the first byte of `haystack` at or after `from` that is
    /// either byte, or `haystack.len()`.
    #[inline]
    pub(crate) fn find_from(&self, haystack: &[u8], from: usize) -> usize {
        self.find(&haystack[from..])
            .map_or(haystack.len(), |i| from + i)
    }

    /// The index of the first byte of `haystack` that is either byte.
    #[inline]
    pub(crate) fn find(&self, haystack: &[u8]) -> Option<usize> {
        match self.0 {
            #[cfg(robots_simd)]
            PairSearch::Avx2(two) => two.find(haystack),
            #[cfg(robots_simd)]
            PairSearch::Sse2(two) => two.find(haystack),
            PairSearch::Any(a, b) => memchr::memchr2(a, b, haystack),
        }
    }
}

/// A line of one of the usual shapes, read by [`Entries::next_usual`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Usual<'a> {
    Rule(UsualRule<'a>),
    /// A user-agent line's value.
    UserAgent(&'a [u8]),
    /// A sitemap line's value.
    Sitemap(&'a [u8]),
}

/// A rule line of the usual shape, read by [`Entries::next_usual`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UsualRule<'a> {
    /// Whether it is an allow (otherwise a disallow).
    pub(crate) allow: bool,
    /// Its value, as the full reading gives it.
    pub(crate) value: &'a [u8],
    /// Whether the value's end was found by the caller's `clean_end`.
    pub(crate) clean: bool,
}

/// One physical line of [`Entries`], with its line end removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry<'a> {
    /// 1-based line number.
    pub(crate) number: u32,
    /// The first [`MAX_LINE_BYTES`] bytes of the line.
    pub(crate) bytes: &'a [u8],
    /// The line's length before the cut.
    pub(crate) full_len: usize,
    /// The line's key and value ([`key_value`] of `bytes`).
    pub(crate) kv: Option<KeyValue<'a>>,
}

/// Splits bytes into lines at LF, CR and CRLF (SPEC §1.4) and reads each
/// line's key and value (SPEC §1.5 to §1.8), in one pass: the parser's hot
/// loop.
///
/// Every line end ends a line, so a body ending in a line end has a last,
/// empty line, as in Google's reference; line numbers saturate at `u32::MAX`.
/// A typical line (`Disallow: /path`) is read by one scan to its colon and
/// on to its value's end, which on x86_64 also trims the key and the value
/// ([`split`]); the rare shapes (no colon, an over-long line) take the
/// general reading, [`key_value`] on the cut line.
#[derive(Clone, Debug)]
pub(crate) struct Entries<'a> {
    rest: &'a [u8],
    number: u32,
    done: bool,
    /// CR and LF, for [`Entries::skip_line`].
    line_ends: Pair,
}

impl<'a> Entries<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Entries {
            rest: bytes,
            number: 0,
            done: false,
            line_ends: Pair::new(b'\r', b'\n'),
        }
    }

    /// The bytes from the start of the next line to the end of the body;
    /// none once iteration has ended.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// The number of the line read or passed last (0 before the first).
    pub(crate) fn number(&self) -> u32 {
        self.number
    }

    /// Reads the next line when it has one of the usual shapes, as
    /// [`Entries::next`] would read it; `None`, with nothing passed, for
    /// any other line, which then needs the full reading. The shapes:
    ///
    /// - a rule (see [`rule_start`]) that ends where its value stops: not a
    ///   line with a comment or a NUL after its value, nor one longer than
    ///   [`MAX_LINE_BYTES`];
    /// - a user-agent or sitemap line in its usual layout (see
    ///   [`user_agent_start`] and [`sitemap_start`]) whose value is one
    ///   word that ends the line (see [`word_end`]).
    ///
    /// For a rule, `clean_end` is tried first, with the line (running on to
    /// the end of the body) and where its value starts. It may answer only
    /// for a value of at least one byte, none of them a space, a line end,
    /// `#` or NUL, that ends its line: the index of the CR or LF after it,
    /// or the line's length. Such a value needs no trim and no search for a
    /// comment, and the rule says [`UsualRule::clean`].
    #[inline(always)]
    pub(crate) fn next_usual(
        &mut self,
        clean_end: impl FnOnce(&'a [u8], usize) -> Option<usize>,
    ) -> Option<Usual<'a>> {
        let rest = self.rest;
        // Other lines are turned away by their first byte, before the
        // look at their key.
        let (at, end) = match rest.first()? | CASE_BIT {
            b'a' | b'd' => return self.usual_rule(clean_end).map(Usual::Rule),
            b'u' if user_agent_start(rest).is_some() => {
                (USER_AGENT_VALUE, word_end(rest, USER_AGENT_VALUE)?)
            }
            b's' if sitemap_start(rest) => (SITEMAP_VALUE, word_end(rest, SITEMAP_VALUE)?),
            _ => return None,
        };
        if end > MAX_LINE_BYTES {
            return None;
        }
        self.pass_line_ending_at(end);
        let value = &rest[at..end];
        // The two layouts' values start at different offsets, which tell
        // them apart. (Carrying the variant's constructor from the match
        // instead cost the parse 2.3% more instructions: PERFORMANCE.md.)
        Some(if at == USER_AGENT_VALUE {
            Usual::UserAgent(value)
        } else {
            Usual::Sitemap(value)
        })
    }

    /// [`Entries::next_usual`] of a line that starts with `a` or `d`.
    #[inline(always)]
    fn usual_rule(
        &mut self,
        clean_end: impl FnOnce(&'a [u8], usize) -> Option<usize>,
    ) -> Option<UsualRule<'a>> {
        let rest = self.rest;
        let (allow, at) = rule_start(rest)?;
        if let Some(end) = clean_end(rest, at).filter(|&end| end <= MAX_LINE_BYTES) {
            self.pass_line_ending_at(end);
            return Some(UsualRule {
                allow,
                value: &rest[at..end],
                clean: true,
            });
        }
        let (value, end) = rule_value(rest, at);
        if !matches!(rest.get(end), None | Some(b'\r' | b'\n')) {
            return None;
        }
        self.pass_line_ending_at(end);
        Some(UsualRule {
            allow,
            value,
            clean: false,
        })
    }

    /// Moves past the line of `self.rest` that ends at `end` (a CR, an LF,
    /// the start of a CRLF, or the end of the bytes).
    #[inline]
    fn step_past(&mut self, end: usize) {
        let rest = self.rest;
        match rest.get(end) {
            Some(&b) => {
                let crlf = b == b'\r' && rest.get(end + 1) == Some(&b'\n');
                self.rest = &rest[end + 1 + usize::from(crlf)..];
            }
            None => self.finish(),
        }
    }

    /// Ends iteration: no line is left, not even an empty one, and
    /// [`Entries::rest`] is empty.
    #[inline]
    fn finish(&mut self) {
        self.rest = &[];
        self.done = true;
    }

    /// Passes over the next line, which ends at `end`: its CR or LF, or the
    /// end of the bytes. Iteration has not ended (the line has a byte).
    ///
    /// What [`Entries::skip_line_from`] does when its `from` is the line's
    /// end, without looking again at the byte there before stepping past it.
    #[inline(always)]
    fn pass_line_ending_at(&mut self, end: usize) {
        debug_assert!(!self.done && matches!(self.rest.get(end), None | Some(b'\r' | b'\n')));
        self.number = self.number.saturating_add(1);
        self.step_past(end);
    }

    /// Passes over the next line without reading it, when its end is at or
    /// after `from`.
    #[inline]
    pub(crate) fn skip_line_from(&mut self, from: usize) {
        self.pass_line(|rest, line_ends| match rest.get(from) {
            None | Some(b'\r' | b'\n') => from,
            Some(_) => line_ends.find_from(rest, from),
        });
    }

    /// Passes over the next line without reading it.
    #[inline]
    pub(crate) fn skip_line(&mut self) {
        self.pass_line(first_line_end);
    }

    /// Passes over the next line, whose end `end` finds in the bytes left
    /// (with the searcher for CR and LF).
    #[inline]
    fn pass_line(&mut self, end: impl FnOnce(&[u8], &Pair) -> usize) {
        if self.done {
            return;
        }
        self.number = self.number.saturating_add(1);
        let end = end(self.rest, &self.line_ends);
        self.step_past(end);
    }

    /// Passes over whole lines until one whose first byte other than a
    /// space or tab (` `, `\t`, VT, FF) is `letter` (an ASCII lower-case
    /// letter) in either case; the next entry is that line. When there is
    /// none, iteration ends.
    ///
    /// A key starts at its line's first byte that is not a space (SPEC §1.8:
    /// keys are trimmed), so a caller that cares about one key only, as
    /// [`is_allowed_once`](crate::is_allowed_once) does between groups, finds
    /// the next such line by a search for its first letter instead of
    /// reading every line. The search ([`after_space`]) looks only at a
    /// letter that follows a line end or a space, sixteen bytes at a time,
    /// so a letter inside a word (`/user/` in a path) costs nothing. Line
    /// numbers are not counted across the lines passed over; the one-shot
    /// check never reads them.
    pub(crate) fn skip_to_line_starting(&mut self, letter: u8) {
        debug_assert!(letter.is_ascii_lowercase());
        if self.done {
            return;
        }
        let rest = self.rest;
        let mut from = 0;
        while let Some(found) = after_space(rest, from, letter) {
            let mut start = found;
            while start > 0 && is_blank(rest[start - 1]) {
                start -= 1;
            }
            // `rest` starts at a line's start.
            if start == 0 || matches!(rest[start - 1], b'\r' | b'\n') {
                self.rest = &rest[start..];
                return;
            }
            from = found + 1;
        }
        self.finish();
    }
}

/// The first index at or after `from` whose byte is `letter` (an ASCII
/// lower-case letter) in either case and either starts `bytes` or follows a
/// byte at or below a space (a line end, a blank, another control): the only
/// places a key starting with that letter can be.
///
/// On x86_64, sixteen positions at a time by SSE2 compares, each with the
/// byte before it, so that a letter inside a word costs nothing; two such
/// windows a step where there is room, which saves a branch per window
/// (1.9% of the one shot's instructions, 1.4% of its time).
#[cfg(robots_simd)]
#[inline]
fn after_space(bytes: &[u8], from: usize, letter: u8) -> Option<usize> {
    let wanted = |c: u8| c | CASE_BIT == letter;
    let mut at = from;
    if at == 0 {
        if wanted(*bytes.first()?) {
            return Some(0);
        }
        at = 1;
    }
    // A window is sixteen positions and the byte before the first.
    let window_mask = |window: &[u8; 17]| match (window.first_chunk(), window.last_chunk()) {
        (Some(prev), Some(cur)) => after_space_mask(prev, cur, letter),
        _ => 0,
    };
    // Two windows a step while there are thirty-two positions: one branch
    // for both.
    while let Some(pair) = bytes
        .get(at - 1..)
        .and_then(|rest| rest.first_chunk::<33>())
    {
        let (Some(first), Some(second)) = (pair.first_chunk(), pair.last_chunk()) else {
            break;
        };
        let found = window_mask(first) | window_mask(second) << 16;
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 32;
    }
    // Fewer than thirty-two positions left: one window if sixteen are (a
    // loop, which compiles to fewer instructions here than an `if`), then
    // the rest a byte at a time (`at` is at least 1 throughout).
    while let Some(window) = bytes
        .get(at - 1..)
        .and_then(|rest| rest.first_chunk::<17>())
    {
        let found = window_mask(window);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    (at..bytes.len()).find(|&i| wanted(bytes[i]) && bytes[i - 1] <= b' ')
}

/// [`after_space`] on other targets: `memchr2` (vectorised wherever memchr
/// can) finds each case of `letter`, and the byte before it is checked.
#[cfg(not(robots_simd))]
#[inline]
fn after_space(bytes: &[u8], from: usize, letter: u8) -> Option<usize> {
    after_space_by_letters(bytes, from, letter)
}

/// The search of [`after_space`] on targets without SSE2; compiled on
/// x86_64 too, where the tests hold it to the same reference.
#[cfg_attr(robots_simd, allow(dead_code))]
fn after_space_by_letters(bytes: &[u8], from: usize, letter: u8) -> Option<usize> {
    let upper = letter.to_ascii_uppercase();
    let mut at = from;
    while let Some(i) = bytes
        .get(at..)
        .and_then(|rest| memchr::memchr2(letter, upper, rest))
    {
        let found = at + i;
        if found == 0 || bytes[found - 1] <= b' ' {
            return Some(found);
        }
        at = found + 1;
    }
    None
}

/// Bit `i` set when `cur[i]` is `letter` (ASCII lower-case) in either case
/// and `prev[i]` (the byte before it) is at or below a space. Setting the
/// case bit maps only the two cases of a letter to its lower case, so one
/// compare finds both.
#[cfg(robots_simd)]
#[inline(always)]
fn after_space_mask(prev: &[u8; 16], cur: &[u8; 16], letter: u8) -> u32 {
    use crate::simd::Lanes;
    let cur = Lanes::load(cur).with_bits(CASE_BIT);
    (cur.eq(letter) & Lanes::load(prev).at_most(b' ')).bits()
}

/// How a line starts, as [`Entries`] reads it.
enum Split<'a> {
    /// No colon before the content stops at `first` (the first CR, LF,
    /// `#` or NUL, or the end of the bytes).
    NoColon { first: usize },
    /// No colon before the content stops at `first`, and the content read
    /// already: its two words ([`two_words`] of it, trimmed), or none.
    #[cfg(robots_simd)]
    Words {
        first: usize,
        kv: Option<KeyValue<'a>>,
    },
    /// A colon first; the value stops at `value_end`. The key and value,
    /// trimmed; none when the key is empty.
    Colon {
        value_end: usize,
        kv: Option<KeyValue<'a>>,
    },
}

/// [`Split`] of the line at the start of `rest`, whose bytes before `from`
/// hold no stop: two scans, then the trims.
#[inline(always)]
fn split_from(rest: &[u8], from: usize) -> Split<'_> {
    let first = scan::<true>(rest, from);
    if rest.get(first) != Some(&b':') {
        return Split::NoColon { first };
    }
    let value_end = scan::<false>(rest, first + 1);
    let key = trim(&rest[..first]);
    Split::Colon {
        value_end,
        kv: (!key.is_empty()).then(|| KeyValue {
            key,
            value: trim(&rest[first + 1..value_end]),
            separator: Separator::Colon,
        }),
    }
}

/// The bytes of `window` from the lowest set bit of `bits` through the
/// highest; `bits` is not zero and has no bit past the window's.
#[cfg(robots_simd)]
#[inline(always)]
fn bits_span(window: &[u8; 16], bits: u32) -> &[u8] {
    &window[bits.trailing_zeros() as usize..32 - bits.leading_zeros() as usize]
}

/// [`two_words`] of the trimmed content of `window`'s first `first` bytes
/// (fewer than sixteen, none of them CR or LF), read from the window's
/// masks instead of its bytes.
///
/// Lines without a colon are most lines of HTML bodies, and many of those
/// end within sixteen bytes (`</div>`, indented): read from the masks
/// instead of by the trims and [`two_words`], such a line took 140
/// instructions instead of 253 (PERFORMANCE.md).
#[cfg(robots_simd)]
#[inline(always)]
fn window_words(window: &[u8; 16], v: crate::simd::Lanes, first: usize) -> Option<KeyValue<'_>> {
    let content = (1u32 << first) - 1;
    // Inside a line, the bytes `trim` removes are the blanks: the spaces
    // before its first stop.
    let solid = !space_lanes(v).bits() & content;
    if solid == 0 {
        return None;
    }
    let (start, end) = (solid.trailing_zeros(), 32 - solid.leading_zeros());
    let from = |at: u32| !((1u32 << at) - 1);
    let trimmed = from(start) & !from(end);
    // Only spaces and tabs separate the words; VT and FF belong to one.
    let gaps = gap_lanes(v).bits() & trimmed;
    if gaps == 0 {
        return None;
    }
    let gap = gaps.trailing_zeros();
    // The content's last byte is solid, so the run of spaces and tabs from
    // `gap` ends before it.
    let run_end = (!gaps & trimmed & from(gap)).trailing_zeros();
    if gaps & from(run_end) != 0 {
        return None;
    }
    let value = (solid & from(run_end)).trailing_zeros();
    Some(KeyValue {
        key: &window[start as usize..gap as usize],
        value: &window[value as usize..end as usize],
        separator: Separator::Whitespace,
    })
}

/// [`Split`] of the line at the start of `rest`.
///
/// On x86_64, where sixteen bytes are left, the first sixteen are read once
/// for their stops and their blanks: most lines have their colon there, and
/// the key's both ends and the value's start (and, for a short line, its
/// end) follow from the two masks without a loop; the scan for the value's
/// end goes on from the window's end instead of reading it again.
#[inline(always)]
fn split(rest: &[u8]) -> Split<'_> {
    #[cfg(robots_simd)]
    if let Some(window) = rest.first_chunk::<16>() {
        let v = crate::simd::Lanes::load(window);
        let stops = stop_lanes(v).bits();
        let colons = v.eq(b':').bits();
        let found = stops | colons;
        if found == 0 {
            return split_from(rest, 16);
        }
        let first = found.trailing_zeros() as usize;
        if colons & found & found.wrapping_neg() == 0 {
            // Empty lines and comments (a third of real files' lines) stop
            // at their first byte, with nothing to read.
            if first == 0 {
                return Split::NoColon { first };
            }
            return Split::Words {
                first,
                kv: window_words(window, v, first),
            };
        }
        // Inside a line, the bytes `trim` removes are the blanks: the
        // spaces before its first stop (the masks below keep no bit past
        // a stop).
        let solid = !space_lanes(v).bits() & 0xFFFF;
        let key = solid & ((1 << first) - 1);
        // The bits after the colon (`first` is at most 15).
        let after = !((2u32 << first) - 1);
        let value_stops = stops & after;
        let (value_end, value) = if value_stops != 0 {
            let end = value_stops.trailing_zeros() as usize;
            let value = solid & after & ((1 << end) - 1);
            let value = if value == 0 {
                &rest[end..end]
            } else {
                bits_span(window, value)
            };
            (end, value)
        } else {
            // The value runs past the window: it starts at the window's
            // first solid byte after the colon, or past the window.
            let end = scan::<false>(rest, 16);
            let value = solid & after;
            let value = if value == 0 {
                trim(&rest[16..end])
            } else {
                trim_end(&rest[value.trailing_zeros() as usize..end])
            };
            (end, value)
        };
        return Split::Colon {
            value_end,
            kv: (key != 0).then(|| KeyValue {
                key: bits_span(window, key),
                value,
                separator: Separator::Colon,
            }),
        };
    }
    split_from(rest, 0)
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    // Always inlined: see `rule_start`.
    #[inline(always)]
    fn next(&mut self) -> Option<Entry<'a>> {
        if self.done {
            return None;
        }
        self.number = self.number.saturating_add(1);
        let rest = self.rest;
        // Where the content stopped, and, without a colon, where it starts
        // to be read as two words.
        let (stop, mut kv, no_colon) = match split(rest) {
            Split::NoColon { first } => (first, None, Some(first)),
            #[cfg(robots_simd)]
            Split::Words { first, kv } => (first, kv, None),
            Split::Colon { value_end, kv } => (value_end, kv, None),
        };
        // A comment or a NUL may follow the content: the line ends at or
        // after where the content stopped.
        let end = line_end(rest, stop);
        // `within_limit(&rest[..end])`, sliced once: through the helper the
        // parse ran 0.4% more instructions (callgrind, corpus).
        let line = &rest[..end.min(MAX_LINE_BYTES)];
        self.step_past(end);
        if end > MAX_LINE_BYTES {
            // Content past the limit: the general reading of the cut line.
            kv = key_value(line);
        } else if let Some(first @ 1..) = no_colon {
            // No colon before the content's end. Blank and comment lines, a
            // third of real files, stop here without a call; most of them
            // stop at their first byte, and skip the trims too.
            let content = trim(&rest[..first]);
            if !content.is_empty() {
                kv = two_words(content);
            }
        }
        Some(Entry {
            number: self.number,
            bytes: line,
            full_len: end,
            kv,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(body: &[u8]) -> Vec<(u32, &[u8])> {
        Entries::new(body).map(|l| (l.number, l.bytes)).collect()
    }

    #[test]
    fn line_ends_lf_cr_crlf_each_end_one_line() {
        // SPEC §1.4
        assert_eq!(
            lines(b"a\nb\rc\r\nd"),
            [(1, &b"a"[..]), (2, b"b"), (3, b"c"), (4, b"d")]
        );
        assert_eq!(lines(b"a\r\r\nb"), [(1, &b"a"[..]), (2, b""), (3, b"b")]);
        assert_eq!(lines(b"a\n"), [(1, &b"a"[..]), (2, b"")]);
        assert_eq!(lines(b"\n\r"), [(1, &b""[..]), (2, b""), (3, b"")]);
    }

    #[test]
    fn long_lines_are_cut_to_the_limit() {
        // SPEC §1.5
        let mut body = alloc::vec![b'a'; MAX_LINE_BYTES + 10];
        body.extend_from_slice(b"\nb");
        let got: Vec<_> = Entries::new(&body).collect();
        assert_eq!(got[0].bytes.len(), 16_663);
        assert_eq!(got[0].full_len, 16_673);
        assert_eq!(got[1].bytes, b"b");
    }

    #[test]
    fn key_value_split() {
        // SPEC §1.8
        fn kv(s: &[u8]) -> Option<(&[u8], &[u8], Separator)> {
            key_value(s).map(|kv| (kv.key, kv.value, kv.separator))
        }
        assert_eq!(
            kv(b"  Disallow :  /a  # c"),
            Some((&b"Disallow"[..], &b"/a"[..], Separator::Colon))
        );
        assert_eq!(
            kv(b"Disallow /tmp"),
            Some((&b"Disallow"[..], &b"/tmp"[..], Separator::Whitespace))
        );
        assert_eq!(
            kv(b"Disallow \t /tmp"),
            Some((&b"Disallow"[..], &b"/tmp"[..], Separator::Whitespace))
        );
        assert_eq!(kv(b"Disallow\x0B/tmp"), None);
        assert_eq!(kv(b"Disallow \x0C /tmp"), None);
        assert_eq!(kv(b"Disallow /a /b"), None);
        assert_eq!(kv(b": /a"), None);
        assert_eq!(kv(b"# only a comment"), None);
        assert_eq!(
            kv(b"Disallow: /a\0/b"),
            Some((&b"Disallow"[..], &b"/a"[..], Separator::Colon))
        );
        assert_eq!(
            kv(b"Sitemap: http://x/y"),
            Some((&b"Sitemap"[..], &b"http://x/y"[..], Separator::Colon))
        );
    }

    /// SPEC §1.4 to §1.8 read one step at a time, as a reference: split at
    /// line ends byte by byte, cut, then [`key_value`].
    fn slow(body: &[u8]) -> Vec<Entry<'_>> {
        let mut out = Vec::new();
        let (mut start, mut i) = (0, 0);
        loop {
            let end = i == body.len() || matches!(body[i], b'\r' | b'\n');
            if !end {
                i += 1;
                continue;
            }
            let line = &body[start..i];
            let bytes = &line[..line.len().min(MAX_LINE_BYTES)];
            out.push(Entry {
                number: out.len() as u32 + 1,
                bytes,
                full_len: line.len(),
                kv: key_value(bytes),
            });
            if i == body.len() {
                return out;
            }
            i += if body[i..].starts_with(b"\r\n") { 2 } else { 1 };
            start = i;
        }
    }

    #[test]
    fn entries_agree_with_the_reference_on_edge_shapes() {
        // SPEC §1.4 to §1.8
        let long_value = [
            &b"Disallow: /"[..],
            &[b'a'; MAX_LINE_BYTES][..],
            b"\nAllow: /b",
        ]
        .concat();
        let long_key = [&[b'k'; MAX_LINE_BYTES][..], b": /v\r\nx"].concat();
        let mut cases: Vec<&[u8]> = alloc::vec![
            b"",
            b"\n",
            b"a:b",
            b"Disallow: /a # c\r\nAllow:/b\rx y\n: z\n#c:d\n\0:e",
            b"  Disallow :  /a  \t\r\r\n",
            b"Disallow /tmp\nDisallow /a /b\nkey:\x0b\n",
            b"k: v#:\nk\0: v\n:",
            b"User-agent:\t\x01\x02bot\x0c\x0e\x0d\x7f\xff\x80:#\n",
            // Tabs and other controls past the first sixteen bytes, in both
            // windows of a 32-byte step and in a last window of sixteen,
            // before and after the colon: `scan` flags them and goes on.
            b"<td class=\"cell\">\tone\x01two\x0bthree\x0cfour\x0e\tfive\t\tsix\x7f\t: v\t\x01w\x0bx\x0cy\x0ez\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t#c\nnext",
            b"<p>\tthe line goes on\tpast sixteen\x0bbytes\tand has no colon at all\t\x01\t\r\n",
            // The same within the last 32 bytes of the body, which are
            // searched sixteen at a time.
            b"<p>aaaaaaaaaaaaa\tb\x01c\x0bd\x0ce\x0ef: gh\r\n",
        ];
        cases.push(&long_value);
        cases.push(&long_key);
        for body in cases {
            assert_eq!(
                Entries::new(body).collect::<Vec<_>>(),
                slow(body),
                "{body:?}"
            );
        }
    }

    /// What [`Entries::skip_to_line_starting`] must leave: every entry
    /// from the first line whose first byte other than a space or tab is
    /// `u` or `U`, by the reference reading (line numbers aside).
    fn skipped_slow(body: &[u8]) -> Vec<(&[u8], Option<KeyValue<'_>>)> {
        let first = |e: &Entry<'_>| e.bytes.iter().copied().find(|&b| !is_blank(b));
        slow(body)
            .into_iter()
            .skip_while(|e| !matches!(first(e), Some(b'u' | b'U')))
            .map(|e| (e.bytes, e.kv))
            .collect()
    }

    fn skipped(body: &[u8]) -> Vec<(&[u8], Option<KeyValue<'_>>)> {
        let mut entries = Entries::new(body);
        entries.skip_to_line_starting(b'u');
        entries.map(|e| (e.bytes, e.kv)).collect()
    }

    #[test]
    fn skipping_lines_stops_at_a_wanted_key() {
        // SPEC §1.4 and §1.8: the key starts after leading spaces, and CRLF
        // is one line end.
        let body = b"Disallow: /u\r\n\r\n \t\x0b U: v\nx";
        let got = skipped(body);
        assert_eq!(got[0].0, b" \t\x0b U: v");
        assert_eq!(got.len(), 2);
        for body in [
            &b""[..],
            b"\n\n",
            b"a\rb\r\n",
            b"#u\n\0u\n\r\n",
            b"a\n   ",
            b"u",
            b"\r\r\nu\n",
            b"au u\n\x0cu",
            b"x u\ru",
            b"x uu\r\n u",
        ] {
            assert_eq!(skipped(body), skipped_slow(body), "{body:?}");
        }
    }

    #[test]
    fn skipping_one_line_agrees_with_reading_it() {
        // SPEC §1.4: LF, CR and CRLF each end one line, and a body ending in
        // a line end has a last, empty line.
        for body in [
            &b"a\nb"[..],
            b"a\rb",
            b"a\r\nb",
            b"a\r\rb",
            b"\n\n",
            b"a",
            b"",
        ] {
            assert_eq!(skip_one_line(body), read_one_line(body), "{body:?}");
        }
        // Lines ending on either side of the two 32-byte windows looked at
        // first, and a CRLF split by an edge; each with a short rest, and with
        // one long enough that the second window is read.
        let long = [&b"next\n"[..], &[b'b'; 80]].concat();
        for len in [0, 15, 16, 30, 31, 32, 33, 40, 47, 48, 62, 63, 64, 65, 100] {
            for (end, next) in [(&b"\n"[..], &b"next\n"[..]), (b"\r\n", b"x"), (b"\r", b"")] {
                for next in [next, &long] {
                    let body = [&alloc::vec![b'a'; len][..], end, next].concat();
                    assert_eq!(skip_one_line(&body), read_one_line(&body), "{len} {end:?}");
                }
            }
        }
        assert_eq!(skip_one_line(&[b'a'; 40]), read_one_line(&[b'a'; 40]));
    }

    #[test]
    fn nothing_is_left_once_iteration_ends() {
        // SPEC §1.4: a body ending in a line end has a last, empty line, so
        // bytes left empty do not end iteration; the one-shot check reads
        // `rest` before each line and relies on it being empty at the end.
        let mut entries = Entries::new(b"a\n");
        entries.next();
        assert_eq!(entries.rest(), b"");
        assert_eq!(entries.next().map(|e| e.bytes), Some(&b""[..]));
        assert!(entries.next().is_none());
        assert_eq!(entries.rest(), b"");

        // Every way of passing the last line ends with nothing left.
        let ends: [fn(&mut Entries<'_>); 4] = [
            |e| {
                e.next();
            },
            |e| e.skip_line(),
            |e| e.skip_line_from(1),
            |e| e.skip_to_line_starting(b'u'),
        ];
        for (i, end) in ends.iter().enumerate() {
            let mut entries = Entries::new(b"x: /a");
            end(&mut entries);
            assert_eq!(entries.rest(), b"", "end {i}");
            assert!(entries.next().is_none(), "end {i}");
        }
    }

    /// What is left after skipping the first line of `body`, and the entries
    /// after it.
    fn skip_one_line(body: &[u8]) -> (&[u8], Vec<Entry<'_>>) {
        let mut skipping = Entries::new(body);
        skipping.skip_line();
        (skipping.rest(), skipping.collect())
    }

    /// The same, reading the first line.
    fn read_one_line(body: &[u8]) -> (&[u8], Vec<Entry<'_>>) {
        let mut reading = Entries::new(body);
        reading.next();
        (reading.rest(), reading.collect())
    }

    /// Every way a [`Pair`] can search on this machine, and the fallback.
    fn every_pair(a: u8, b: u8) -> Vec<Pair> {
        #[cfg_attr(not(robots_simd), allow(unused_mut))]
        let mut pairs = alloc::vec![Pair::new(a, b), Pair(PairSearch::Any(a, b))];
        #[cfg(robots_simd)]
        {
            use memchr::arch::x86_64::{avx2, sse2};
            pairs.extend(avx2::memchr::Two::new(a, b).map(|t| Pair(PairSearch::Avx2(t))));
            pairs.extend(sse2::memchr::Two::new(a, b).map(|t| Pair(PairSearch::Sse2(t))));
        }
        pairs
    }

    /// What [`rule_start`] promises: the full reading's key is that rule's,
    /// and its value (when not empty) starts at the byte given.
    fn rule_start_agrees(body: &[u8]) -> Result<(), alloc::string::String> {
        let Some((allow, at)) = rule_start(body) else {
            return Ok(());
        };
        let entry = Entries::new(body).next().ok_or("no entry")?;
        let kv = entry.kv.ok_or("no key")?;
        let expected = if allow {
            b"allow".as_slice()
        } else {
            b"disallow"
        };
        if !kv.key.eq_ignore_ascii_case(expected) || kv.separator != Separator::Colon {
            return Err(alloc::format!("key {:?}", kv.key));
        }
        let start = kv.value.as_ptr() as usize - body.as_ptr() as usize;
        if !kv.value.is_empty() && start != at {
            return Err(alloc::format!("value at {start}, not {at}"));
        }
        let (value, from) = rule_value(body, at);
        if value != kv.value {
            return Err(alloc::format!("value {value:?}, not {:?}", kv.value));
        }
        if entry.full_len < from {
            return Err(alloc::format!("line end searched from {from}, after it"));
        }
        Ok(())
    }

    #[test]
    fn rule_start_reads_the_usual_shape_only() {
        // SPEC §1.8
        assert_eq!(rule_start(b"Disallow: /a"), Some((false, 10)));
        assert_eq!(rule_start(b" \tALLOW \x0b:\t/a\n"), Some((true, 11)));
        assert_eq!(rule_start(b"allow:"), Some((true, 6)));
        // The one-space layout and its neighbours: more blanks after the
        // colon are passed over, a line end is not.
        assert_eq!(rule_start(b"Allow: /a"), Some((true, 7)));
        assert_eq!(rule_start(b"Allow:  /a"), Some((true, 8)));
        assert_eq!(rule_start(b"disallow: \t/a"), Some((false, 11)));
        assert_eq!(rule_start(b"DISALLOW: \n/a"), Some((false, 10)));
        for other in [
            &b"Disallow /a"[..],
            b"Disallowed: /a",
            b"Disallow\n: /a",
            b"# Disallow: /a",
            b"Dis allow: /a",
            b"User-agent: a",
            b"\0Allow: /a",
            b"allo",
        ] {
            assert_eq!(rule_start(other), None, "{other:?}");
        }
        for body in [
            &b"Disallow: /a"[..],
            b" \tALLOW \x0b:\t/a\n",
            b"allow:\r\n",
            b"Allow:  /a",
            b"disallow: \x0c/a",
            b"Disallow: /a b \t# c",
            b"Allow: /a\0b",
            b"Allow: /a\r\n",
        ] {
            assert_eq!(rule_start_agrees(body), Ok(()));
        }
        // A line longer than the limit: the value is cut where the line is.
        let mut long = b"Disallow: /".to_vec();
        long.resize(MAX_LINE_BYTES + 10, b'a');
        assert_eq!(rule_start_agrees(&long), Ok(()));
        let mut blanks = b"Disallow:".to_vec();
        blanks.resize(MAX_LINE_BYTES + 10, b' ');
        blanks.extend_from_slice(b"/a\n");
        assert_eq!(rule_start_agrees(&blanks), Ok(()));
    }

    proptest::proptest! {
        #[test]
        fn short_searches_find_the_first_wanted_byte(
            bytes in proptest::collection::vec(proptest::sample::select(b"ab \t*:".to_vec()), 0..48),
            from in 0..50usize,
        ) {
            // Every window shape: shorter than sixteen, whole windows, and
            // the last, overlapping one, from any start.
            let from = from.min(bytes.len());
            let naive = |wanted: &dyn Fn(u8) -> bool| {
                bytes[from..].iter().position(|&b| wanted(b)).map_or(bytes.len(), |i| from + i)
            };
            proptest::prop_assert_eq!(find_byte(&bytes, from, b'*'), naive(&|b| b == b'*'));
            proptest::prop_assert_eq!(
                find_space_or_tab(&bytes, from),
                naive(&|b| b == b' ' || b == b'\t')
            );
        }
    }

    /// Reads `body` as the parse does, through [`Entries::next_usual`]
    /// where it answers and [`Entries::next`] elsewhere, beside a second
    /// reader that only calls `next`: they must read every line alike. Both
    /// with the parse's search for a plain value's end, whose values must
    /// then be plain, and with none.
    fn usual_rules_agree(body: &[u8]) -> Result<(), alloc::string::String> {
        usual_rules_agree_with(body, crate::path::plain_value_end)?;
        usual_rules_agree_with(body, |_, _| None)
    }

    fn usual_rules_agree_with(
        body: &[u8],
        clean_end: impl Fn(&[u8], usize) -> Option<usize>,
    ) -> Result<(), alloc::string::String> {
        use crate::Directive;
        let (mut fast, mut full) = (Entries::new(body), Entries::new(body));
        loop {
            if let Some(usual) = fast.next_usual(&clean_end) {
                let (directive, value) = match usual {
                    Usual::Rule(UsualRule {
                        allow,
                        value,
                        clean,
                    }) => {
                        if clean
                            && crate::path::written_form(value, body) != crate::path::Written::Plain
                        {
                            return Err(alloc::format!("{value:?} read as plain"));
                        }
                        let directive = if allow {
                            Directive::Allow
                        } else {
                            Directive::Disallow
                        };
                        (directive, value)
                    }
                    Usual::UserAgent(value) => (Directive::UserAgent, value),
                    Usual::Sitemap(value) => (Directive::Sitemap, value),
                };
                let entry = full.next().ok_or("no entry")?;
                let kv = entry.kv.ok_or("no key")?;
                let recognized = crate::directive::recognize(kv.key).ok_or("no directive")?;
                if recognized.directive != directive
                    || !recognized.exact
                    || kv.separator != Separator::Colon
                    || kv.value != value
                    || entry.full_len > MAX_LINE_BYTES
                    || entry.number != fast.number()
                {
                    return Err(alloc::format!("{entry:?} read as {usual:?}"));
                }
            } else {
                let entry = fast.next();
                if entry != full.next() {
                    return Err(alloc::format!("line {entry:?}"));
                }
                if entry.is_none() {
                    return Ok(());
                }
            }
            if fast.rest() != full.rest() {
                return Err(alloc::format!("rest {:?}", fast.rest()));
            }
        }
    }

    #[test]
    fn usual_rules_are_read_only_where_the_line_ends_with_the_value() {
        // SPEC §1.5 to §1.8: a comment or a NUL after the value, or a line
        // over the limit (which the full reading reports), leaves the line
        // to the full reading.
        let mut long = b"Disallow: /".to_vec();
        long.resize(MAX_LINE_BYTES + 10, b'a');
        let plain = crate::path::plain_value_end;
        for body in [&b"Disallow: /x # c\n"[..], b"Allow: /x\0y", &long] {
            assert_eq!(Entries::new(body).next_usual(plain), None, "{body:?}");
            assert_eq!(usual_rules_agree(body), Ok(()));
        }
        // A value with a byte that the full reading trims or stops at, or
        // that its form rewrites, is not found plain.
        for body in [
            &b"Disallow: /x#c\n"[..],
            b"Disallow: /x\0c\n",
            b"Allow: /a b\n",
            b"Allow: /a\t\n",
            b"Allow: /a\x0b",
            b"Disallow: /%41\n",
            b"Disallow: /a*\n",
            b"Disallow: /\xC3\xA9\n",
        ] {
            let read = Entries::new(body).next_usual(plain);
            assert!(
                !matches!(read, Some(Usual::Rule(UsualRule { clean: true, .. }))),
                "{body:?}"
            );
            assert_eq!(usual_rules_agree(body), Ok(()));
        }
        let rule = |allow, value, clean| {
            Some(Usual::Rule(UsualRule {
                allow,
                value,
                clean,
            }))
        };
        let body = b"disallow:/x \r\nALLOW : \n\nDisallow: /y\rx";
        let mut entries = Entries::new(body);
        assert_eq!(entries.next_usual(plain), rule(false, b"/x", false));
        assert_eq!(entries.next_usual(plain), rule(true, b"", false));
        assert_eq!(entries.number(), 2);
        assert_eq!(entries.next_usual(plain), None);
        assert_eq!(
            entries.next().map(|line| (line.number, line.kv)),
            Some((3, None))
        );
        assert_eq!(entries.next_usual(plain), rule(false, b"/y", true));
        assert_eq!(entries.number(), 4);
        assert_eq!(usual_rules_agree(body), Ok(()));
    }

    #[test]
    fn user_agent_and_sitemap_lines_are_read_whole_in_their_usual_layout() {
        // SPEC §1.5 to §1.8: a value of one word that ends its line, after
        // the key at the first byte and ": ", in any case.
        let plain = crate::path::plain_value_end;
        let body = b"User-agent: Googlebot\r\nsitemap: https://x/s.xml\nuser-AGENT: *\n\
            USER-AGENT:  a\nSitemap: a b\nuser-agent: a#c\nSitemap: \nUser-agent: a\x0b\nUser-agent: z";
        let mut entries = Entries::new(body);
        assert_eq!(
            entries.next_usual(plain),
            Some(Usual::UserAgent(b"Googlebot"))
        );
        assert_eq!(
            entries.next_usual(plain),
            Some(Usual::Sitemap(b"https://x/s.xml"))
        );
        assert_eq!(entries.next_usual(plain), Some(Usual::UserAgent(b"*")));
        // Two spaces, a space in the value, a comment, an empty value, a
        // VT: left to the full reading.
        for number in 4..=8 {
            assert_eq!(entries.next_usual(plain), None, "line {number}");
            assert_eq!(entries.next().map(|line| line.number), Some(number));
        }
        assert_eq!(entries.next_usual(plain), Some(Usual::UserAgent(b"z")));
        assert_eq!(entries.number(), 9);
        assert_eq!(usual_rules_agree(body), Ok(()));
    }

    proptest::proptest! {
        #[test]
        fn usual_rules_agree_with_entries(pieces in proptest::collection::vec(proptest::sample::select(
            alloc::vec!["disallow", "Allow", "dis", "a", ":", " ", "\t", "\x0b", "#", "\n", "\r", "\r\n", "\0", "x", "/", "*", "$", "%", "é",
                "user-agent: ", "User-Agent", "sitemap: ", "SITEMAP"]), 0..16)) {
            let body = pieces.concat();
            proptest::prop_assert_eq!(usual_rules_agree(body.as_bytes()), Ok(()), "{:?}", body);
        }

        #[test]
        fn usual_rules_agree_with_entries_about_the_limit(
            key in proptest::sample::select(alloc::vec!["Disallow: ", "allow:", " disallow :"]),
            len in (MAX_LINE_BYTES - 20)..(MAX_LINE_BYTES + 20),
            tail in proptest::sample::select(alloc::vec!["", "\n", "\r\n", " #c\n", "\0\n"]),
        ) {
            // SPEC §1.5: a line over the limit is cut, and reported.
            let mut body = alloc::format!("{key}/");
            body.push_str(&"y".repeat(len.saturating_sub(body.len())));
            body.push_str(tail);
            body.push_str("Disallow: /z\n");
            proptest::prop_assert_eq!(usual_rules_agree(body.as_bytes()), Ok(()), "{:?}", body);
        }

        #[test]
        fn rule_start_agrees_with_entries(pieces in proptest::collection::vec(proptest::sample::select(
            alloc::vec!["disallow", "Allow", ":", " ", "\t", "\x0b", "#", "\n", "\r", "\0", "x", "/"]), 0..8)) {
            let body = pieces.concat();
            proptest::prop_assert_eq!(rule_start_agrees(body.as_bytes()), Ok(()), "{:?}", body);
        }

        #[test]
        fn entries_agree_with_the_reference(body in proptest::collection::vec(
            proptest::sample::select(&b"ab :#\0\r\n\t\x0b\x0c\x0e\x01\x80\xff/"[..]), 0..96)) {
            proptest::prop_assert_eq!(Entries::new(&body).collect::<Vec<_>>(), slow(&body));
        }

        #[test]
        fn every_pair_finds_the_first_of_its_two_bytes(haystack in proptest::collection::vec(
            proptest::sample::select(&b"ab \r\n"[..]), 0..100)) {
            // Long enough for the vector loops and their tails.
            let expected = haystack.iter().position(|&b| b == b'\r' || b == b'\n');
            for pair in every_pair(b'\r', b'\n') {
                proptest::prop_assert_eq!(pair.find(&haystack), expected, "{:?}", pair);
            }
        }

        #[test]
        fn skipping_lines_agrees_with_the_reference(body in proptest::collection::vec(
            proptest::sample::select(&b"uUa :#\0\r\n\t\x0b\x0e\x80/"[..]), 0..96)) {
            proptest::prop_assert_eq!(skipped(&body), skipped_slow(&body));
        }

        #[test]
        fn trimming_agrees_with_a_byte_loop(s in proptest::collection::vec(
            proptest::sample::select(&b"    \t\t\r\n\x0b\x0ca\x0e\x80"[..]), 0..80)) {
            // SPEC §1.8: keys and values are trimmed of whitespace. Mostly
            // spaces, so that runs pass whole sixteen-byte windows.
            let space = |b: &u8| b" \t\n\r\x0b\x0c".contains(b);
            let start = s.iter().position(|b| !space(b)).unwrap_or(s.len());
            let end = s.iter().rposition(|b| !space(b)).map_or(start, |i| i + 1);
            proptest::prop_assert_eq!(trim(&s), &s[start..end]);
        }

        #[test]
        #[cfg(robots_simd)]
        fn after_space_masks_agree(
            prev in proptest::array::uniform16(proptest::sample::select(SPACE_EDGES)),
            cur in proptest::array::uniform16(proptest::sample::select(SPACE_EDGES)),
        ) {
            let expected = (0..16).fold(0, |mask, i| {
                let hit = matches!(cur[i], b'u' | b'U') && prev[i] <= b' ';
                mask | u32::from(hit) << i
            });
            proptest::prop_assert_eq!(after_space_mask(&prev, &cur, b'u'), expected);
        }

        #[test]
        fn after_space_finds_the_first_letter_after_a_space(
            body in proptest::collection::vec(proptest::sample::select(SPACE_EDGES), 0..80),
            from in 0usize..80,
        ) {
            let from = from.min(body.len());
            let expected = (from..body.len())
                .find(|&i| matches!(body[i], b'u' | b'U') && (i == 0 || body[i - 1] <= b' '));
            proptest::prop_assert_eq!(after_space(&body, from, b'u'), expected);
            proptest::prop_assert_eq!(after_space_by_letters(&body, from, b'u'), expected);
        }
    }

    #[test]
    #[cfg(robots_simd)]
    fn after_space_mask_flags_letters_after_spaces() {
        let prev = *b"\n u\tau\0 \x1f!\x80\xff  \r\x7f";
        let cur = *b"uuUuuuUuu uuuuUu";
        // Flagged where `prev` is at or below a space and `cur` is wanted.
        let expected = 0b0111_0001_1100_1011;
        assert_eq!(after_space_mask(&prev, &cur, b'u'), expected);
    }

    /// Bytes on either side of the tests in [`after_space`]: the letters,
    /// their other-case and neighbours, and bytes at, below and above a
    /// space, including the ones a signed compare would misplace.
    const SPACE_EDGES: &[u8] = b"uUvt \x1f!\n\r\t\0\x7f\x80\xff";
}
