//! From a URL to a path, and the canonical form shared by paths and patterns.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use percent_encoding::percent_encode_byte;

use crate::group::byte_bit;
use crate::lex::{bytes_below, bytes_equal, bytes_high, find_byte, find_short};
use crate::options::Profile;
use crate::pattern::Strategy;

/// The path, parameters and query of `url`, as SPEC §4.1 (and Google's
/// reference) reads them: scheme and authority removed, fragment removed, and
/// always starting with `/`.
pub(crate) fn path_of(url: &str) -> Cow<'_, str> {
    given_path(url).map_or(Cow::Borrowed("/"), with_slash)
}

/// The path of `url` as written, from [`path_start`] to the fragment, not
/// yet with a `/` before it; `None` when the path is `/`.
#[inline]
fn given_path(url: &str) -> Option<&str> {
    let start = path_start(url.as_bytes())?;
    let end = find_byte(url.as_bytes(), start, b'#');
    Some(&url[start..end])
}

/// [`given_path`], and whether it is canonical: one pass finds where the
/// fragment starts and, on the way, whether the path is canonical already,
/// as most are; `false` means that [`is_canonical`] has to tell.
#[inline(always)]
fn given_path_checked(path_or_url: &str) -> Option<(&str, bool)> {
    let start = path_start(path_or_url.as_bytes())?;
    let (end, canonical) = canonical_until_fragment(path_or_url.as_bytes(), start);
    Some((&path_or_url[start..end], canonical))
}

/// Where the path of `url` starts (SPEC §4.1): at its first `/`, `?` or `;`
/// after the scheme and authority, if any. `None` when there is no such
/// byte before the fragment: the path is then `/`.
///
/// One search finds the first of `/`, `?`, `;` and `#`: a scheme ends at
/// the first `://` unless one of the first three comes before it, so that
/// `/` is then the first of them; and a `#` before the path leaves none.
#[inline]
fn path_start(bytes: &[u8]) -> Option<usize> {
    let at = match bytes.get(..8) {
        // Most URLs a crawler asks about start so: the scheme's `://` is
        // then the first delimiter, and the authority runs to the next one.
        Some([b'h', b't', b't', b'p', b':', b'/', b'/', ..]) => find_delimiter(bytes, 7),
        Some([b'h', b't', b't', b'p', b's', b':', b'/', b'/']) => find_delimiter(bytes, 8),
        _ => {
            // A leading `//` introduces an authority.
            let start = if bytes.starts_with(b"//") { 2 } else { 0 };
            let first = find_delimiter(bytes, start);
            match bytes.get(first) {
                Some(b'/')
                    if first > start
                        && bytes[first - 1] == b':'
                        && bytes[first..].starts_with(b"//") =>
                {
                    find_delimiter(bytes, first + 2)
                }
                _ => first,
            }
        }
    };
    match bytes.get(at) {
        Some(b'/' | b'?' | b';') => Some(at),
        _ => None,
    }
}

/// `path` with a `/` before it when it starts with `?` or `;`: a URL with a
/// query or parameters but no path has the path `/`.
fn with_slash(path: &str) -> Cow<'_, str> {
    if path.starts_with('/') {
        Cow::Borrowed(path)
    } else {
        let mut owned = String::with_capacity(path.len() + 1);
        owned.push('/');
        owned.push_str(path);
        Cow::Owned(owned)
    }
}

/// Bytes that end a URL's scheme, authority or path: `/`, `?`, `;`, `#`.
const DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    table[b'/' as usize] = true;
    table[b'?' as usize] = true;
    table[b';' as usize] = true;
    table[b'#' as usize] = true;
    table
};

/// The first index at or after `from` of a [`DELIMITER`], or `bytes.len()`.
#[inline]
fn find_delimiter(bytes: &[u8], from: usize) -> usize {
    find_short(
        bytes,
        from,
        #[cfg(robots_simd)]
        |v| v.eq(b'/') | v.eq(b'?') | v.eq(b';') | v.eq(b'#'),
        |word| {
            bytes_equal(word, b'/')
                | bytes_equal(word, b'?')
                | bytes_equal(word, b';')
                | bytes_equal(word, b'#')
        },
        |b| DELIMITER[usize::from(b)],
    )
}

/// Which side of a comparison a string is on: they differ in `*` and `$`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// A URL path: `*` and `$` are literal, so they become `%2A` and `%24`.
    Path,
    /// An allow or disallow pattern: `*` is a wildcard and a final `$` an
    /// anchor; a `$` anywhere else is literal and becomes `%24`.
    Pattern,
}

const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte a `%xx` escape at `s[i]` encodes, if `s[i..]` starts with one.
fn escape_at(s: &[u8], i: usize) -> Option<u8> {
    match s.get(i..i + 3) {
        Some([b'%', hi, lo]) => Some(hex_value(*hi)? << 4 | hex_value(*lo)?),
        _ => None,
    }
}

/// RFC 3986 §2.3 unreserved characters.
const fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether `s` has a `%xx` escape of an unreserved character, which the RFC
/// profile decodes and the Google profile does not.
pub(crate) fn has_unreserved_escape(s: &[u8]) -> bool {
    (0..s.len()).any(|i| escape_at(s, i).is_some_and(is_unreserved))
}

/// Whether byte `b` at offset `i` of a string of `len` bytes is written as
/// `%XX` in the RFC canonical form (SPEC §4.2).
fn must_encode(b: u8, i: usize, len: usize, form: Form) -> bool {
    !(0x20..0x7F).contains(&b)
        || b == b' '
        || match form {
            Form::Path => b == b'*' || b == b'$',
            Form::Pattern => b == b'$' && i + 1 != len,
        }
}

/// Bytes that may need rewriting in the RFC canonical form: `%`, `*` and
/// `$`, controls, space, DEL and non-ASCII. Every other byte is kept as is,
/// so most strings are checked by a few word tests per eight bytes.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b <= 0x20
            || b >= 0x7F
            || b == b'%' as usize
            || b == b'*' as usize
            || b == b'$' as usize;
        b += 1;
    }
    table
};

/// The first index at or after `from` of a [`SPECIAL`] byte, or `s.len()`.
#[inline]
fn find_special(s: &[u8], from: usize) -> usize {
    find_short(
        s,
        from,
        #[cfg(robots_simd)]
        special,
        special_words,
        |b| SPECIAL[usize::from(b)],
    )
}

/// Where the value that starts at `line[from]` ends, when that value is a
/// pattern that [`written_form`] finds [`Written::Plain`] and it ends its
/// line: the index of the CR or LF after it, or `line.len()`. `line` may
/// run on past its end; `None` for an empty value, one with a [`SPECIAL`]
/// byte (which takes in spaces, line ends and NUL) or `#` before its end.
///
/// One search for the first [`SPECIAL`] or `#` byte then finds both the
/// value's end and its form: for [`crate::lex::Entries::next_usual`],
/// whose contract this meets.
#[inline(always)]
pub(crate) fn plain_value_end(line: &[u8], from: usize) -> Option<usize> {
    let end = find_short(
        line,
        from,
        #[cfg(robots_simd)]
        special_or_hash,
        // `#` is below 0x26, so a candidate too.
        special_words,
        |b| SPECIAL_OR_HASH[usize::from(b)],
    );
    (end > from && matches!(line.get(end), None | Some(b'\r' | b'\n'))).then_some(end)
}

/// A high bit in each byte of `word` that may be [`SPECIAL`], for the word
/// tests of [`find_short`]. Every byte below 0x26 is a candidate: that takes
/// in space, `$` and `%` with the controls by one test, at the cost of a
/// rare `!`, `"` or `#`, which the table then turns away.
#[inline(always)]
fn special_words(word: u64) -> u64 {
    bytes_below(word, 0x26) | bytes_high(word) | bytes_equal(word, 0x7F) | bytes_equal(word, b'*')
}

/// Whether the `%xx` escape at `s[i]`, if there is one, is in RFC canonical
/// form (SPEC §4.2): an escape of a reserved byte, in upper-case hex. `None`
/// when `s[i..]` starts no escape.
#[inline]
fn canonical_escape(s: &[u8], i: usize) -> Option<bool> {
    escape_at(s, i).map(|v| {
        !is_unreserved(v) && !s[i + 1].is_ascii_lowercase() && !s[i + 2].is_ascii_lowercase()
    })
}

/// Whether `s` is already in RFC canonical form.
fn is_canonical(s: &[u8], form: Form) -> bool {
    let mut i = 0;
    loop {
        i = find_special(s, i);
        if i >= s.len() {
            break;
        }
        match s[i] {
            b'%' => match canonical_escape(s, i) {
                Some(true) => i += 2,
                Some(false) => return false,
                // A lone `%` stays as it is.
                None => {}
            },
            b'*' if form == Form::Pattern => {}
            b => {
                if must_encode(b, i, s.len(), form) {
                    return false;
                }
            }
        }
        i += 1;
    }
    true
}

/// Where the fragment of a URL whose path starts at `start` begins (or
/// `bytes.len()`), and whether the path before it is certainly in RFC
/// canonical form as a [`Form::Path`]: it has no [`SPECIAL`] byte but the
/// `%` of escapes already canonical. `false` leaves the answer to
/// [`canonicalize`], which reads the path again.
#[inline]
fn canonical_until_fragment(bytes: &[u8], start: usize) -> (usize, bool) {
    let mut at = start;
    loop {
        at = find_short(
            bytes,
            at,
            #[cfg(robots_simd)]
            special_or_hash,
            // `#` is below 0x26, so a candidate too.
            special_words,
            |b| SPECIAL_OR_HASH[usize::from(b)],
        );
        match bytes.get(at) {
            None | Some(b'#') => return (at, true),
            Some(b'%') if canonical_escape(bytes, at) == Some(true) => at += 3,
            Some(_) => return (find_byte(bytes, at, b'#'), false),
        }
    }
}

/// The lanes that hold a [`SPECIAL`] byte.
#[cfg(robots_simd)]
#[inline(always)]
fn special(v: crate::simd::Lanes) -> crate::simd::Hits {
    v.at_most(b' ') | v.at_least(0x7F) | v.eq(b'%') | v.eq(b'*') | v.eq(b'$')
}

/// The lanes that hold a [`SPECIAL_OR_HASH`] byte.
#[cfg(robots_simd)]
#[inline(always)]
fn special_or_hash(v: crate::simd::Lanes) -> crate::simd::Hits {
    special(v) | v.eq(b'#')
}

/// What a pattern as written needs before it is matched, as
/// [`written_form`] tells from its [`SPECIAL`] bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    /// No [`SPECIAL`] byte: its own matching form in either profile (SPEC
    /// §4.2: nothing to escape, decode or upper-case), with no `*` or `$`,
    /// so matched as a plain prefix (SPEC §5.1). Most patterns are.
    Plain,
    /// Its only [`SPECIAL`] bytes are `*`s and a final `$`: still its own
    /// matching form in either profile (both keep those bytes), but a
    /// wildcard or anchored pattern, whose strategy must be worked out.
    Wild,
    /// Anything else: its matching form must be computed.
    Other,
}

/// [`Written`] of `value`.
///
/// `within` is the slice `value` was cut from (the body). On x86_64 each
/// sixteen-byte window is read from it, past `value`'s end where it has
/// room, and the bits past that end are ignored, so that a short value
/// costs one compare; elsewhere, and at the very end of `within`, the word
/// tests of [`find_short`] read `value` alone.
///
/// Always inlined, for the parse's two builds (see `rule_start` in
/// `lex.rs`).
#[inline(always)]
pub(crate) fn written_form(value: &[u8], within: &[u8]) -> Written {
    #[cfg(robots_simd)]
    {
        let offset = (value.as_ptr() as usize).wrapping_sub(within.as_ptr() as usize);
        let room = within
            .get(offset..)
            .filter(|room| room.as_ptr() == value.as_ptr() && room.len() >= value.len());
        if let Some(room) = room {
            let mut wild = false;
            let mut at = 0;
            while at < value.len() {
                let Some(window) = room.get(at..).and_then(|rest| rest.first_chunk::<16>()) else {
                    break;
                };
                let left = value.len() - at;
                let kept = if left >= 16 { 0xFFFF } else { (1 << left) - 1 };
                let v = crate::simd::Lanes::load(window);
                let hits = special(v).bits() & kept;
                if hits != 0 {
                    // The value's last byte, when this window holds it and
                    // it is a `$`.
                    let last = left <= 16 && value.last() == Some(&b'$');
                    let anchor = if last { 1 << (left - 1) } else { 0 };
                    if hits & !(v.eq(b'*').bits() | anchor) != 0 {
                        return Written::Other;
                    }
                    wild = true;
                }
                at += 16;
            }
            if at >= value.len() {
                return if wild { Written::Wild } else { Written::Plain };
            }
        }
    }
    let _ = within;
    let mut at = find_special(value, 0);
    if at == value.len() {
        return Written::Plain;
    }
    loop {
        match value[at] {
            b'*' => {}
            b'$' if at + 1 == value.len() => {}
            _ => return Written::Other,
        }
        at = find_special(value, at + 1);
        if at == value.len() {
            return Written::Wild;
        }
    }
}

/// Whether a pattern as written certainly matches no part of `path`, in
/// either profile, without computing its matching form: its bytes up to the
/// first that differs from `path` (or runs past its end) include none that
/// the matching form could rewrite or that matching treats specially
/// (`%`, `*`, `$`, spaces, controls, non-ASCII; see [`SPECIAL`]).
///
/// Those bytes are then the pattern's first bytes in matching form too, and
/// a literal start that the path lacks rules out a match (SPEC §5.1).
///
/// `pattern` may also be the rest of a line from the start of a value: the
/// bytes that end a value (line ends, NUL, `#`) count as special too, so
/// the answer never depends on bytes past the value's end.
pub(crate) fn literal_start_differs(pattern: &[u8], path: &[u8]) -> bool {
    literal_start_differs_from(pattern, path, 0)
}

/// [`literal_start_differs`] when the first `from` bytes are alike and none
/// is special.
#[inline]
fn literal_start_differs_from(pattern: &[u8], path: &[u8], from: usize) -> bool {
    // One pass: a special byte before the first difference leaves the
    // answer to the full reading.
    for (i, &b) in pattern.iter().enumerate().skip(from) {
        if SPECIAL_OR_HASH[usize::from(b)] {
            return false;
        }
        if path.get(i) != Some(&b) {
            return true;
        }
    }
    false
}

/// [`byte_mask`](crate::group::byte_mask) of the bytes that a pattern needs
/// the path to contain, when the pattern as written is its own matching form
/// in either profile: every byte but its `*`s and a final `$`. `None` when
/// the pattern has an escape, a `$` elsewhere, or a byte that the RFC form
/// rewrites (see [`SPECIAL`]).
pub(crate) fn plain_pattern_mask(pattern: &[u8]) -> Option<u64> {
    let mut mask = 0;
    for (i, &b) in pattern.iter().enumerate() {
        if b == b'*' || (b == b'$' && i + 1 == pattern.len()) {
            continue;
        }
        if SPECIAL[usize::from(b)] {
            return None;
        }
        mask |= byte_bit(b);
    }
    Some(mask)
}

/// The first sixteen bytes of a path, zero-padded: what
/// [`literal_start_differs_with`] compares a pattern's first sixteen bytes
/// with, set up once per path. Only the SSE2 compare reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathHead(#[cfg_attr(not(robots_simd), allow(dead_code))] [u8; 16]);

impl PathHead {
    pub(crate) fn new(path: &[u8]) -> PathHead {
        let mut head = [0; 16];
        let len = path.len().min(16);
        head[..len].copy_from_slice(&path[..len]);
        PathHead(head)
    }
}

/// [`literal_start_differs`], with `head` the [`PathHead`] of `path`: on
/// x86_64 a pattern's first sixteen bytes are compared with the path's,
/// and looked at for special bytes, at once, so that where they differ
/// takes no branch per byte.
#[inline]
pub(crate) fn literal_start_differs_with(pattern: &[u8], path: &[u8], head: &PathHead) -> bool {
    #[cfg(robots_simd)]
    if let Some(window) = pattern.first_chunk::<16>() {
        let (differs, special) = sixteen::differs_and_special(window, &head.0);
        // A bit past the window, so that each count stops at 16.
        let first_difference = (differs | 1 << 16).trailing_zeros();
        let first_special = (special | 1 << 16).trailing_zeros();
        if first_difference < first_special {
            // A zero byte of padding never equals a byte that is not special.
            return true;
        }
        if first_special < 16 {
            return false;
        }
        // Sixteen bytes alike and none special: the rest a byte at a time.
        return literal_start_differs_from(pattern, path, 16);
    }
    // Elsewhere, or for a pattern of fewer than sixteen bytes left, the
    // byte loop; only the sixteen-byte compare reads `head`.
    #[cfg(not(robots_simd))]
    let _ = head;
    literal_start_differs(pattern, path)
}

#[cfg(robots_simd)]
mod sixteen {
    use crate::simd::Lanes;

    /// Bit `i` of the first mask: `pattern[i] != head[i]`; of the second:
    /// `pattern[i]` is special ([`SPECIAL_OR_HASH`](super::SPECIAL_OR_HASH)).
    #[inline(always)]
    pub(super) fn differs_and_special(pattern: &[u8; 16], head: &[u8; 16]) -> (u32, u32) {
        let v = Lanes::load(pattern);
        let same = v.same(Lanes::load(head)).bits();
        (!same & 0xFFFF, super::special_or_hash(v).bits())
    }
}

/// [`SPECIAL`] and `#`, which ends a value.
const SPECIAL_OR_HASH: [bool; 256] = {
    let mut table = SPECIAL;
    table[b'#' as usize] = true;
    table
};

fn push_escaped(out: &mut impl Out, b: u8) {
    out.extend_from_slice(percent_encode_byte(b).as_bytes());
}

/// Where [`rewrite_canonical`] writes: a vector, or a [`PathBuffer`].
trait Out {
    /// Where the rewrite keeps the offsets of its lone `%`s.
    type Lone: Offsets;
    fn push(&mut self, b: u8);
    fn extend_from_slice(&mut self, bytes: &[u8]);
    fn truncate(&mut self, len: usize);
    fn bytes(&self) -> &[u8];
}

/// The offsets in the output of the `%`s that start no escape (so far),
/// ascending: a stack.
trait Offsets: Default {
    fn push(&mut self, at: usize);
    fn last(&self) -> Option<usize>;
    fn pop(&mut self);
    fn is_empty(&self) -> bool;
}

impl Offsets for Vec<usize> {
    fn push(&mut self, at: usize) {
        Vec::push(self, at);
    }

    fn last(&self) -> Option<usize> {
        <[usize]>::last(self).copied()
    }

    fn pop(&mut self) {
        Vec::pop(self);
    }

    fn is_empty(&self) -> bool {
        <[usize]>::is_empty(self)
    }
}

impl Out for Vec<u8> {
    type Lone = Vec<usize>;

    fn push(&mut self, b: u8) {
        Vec::push(self, b);
    }

    fn extend_from_slice(&mut self, bytes: &[u8]) {
        Vec::extend_from_slice(self, bytes);
    }

    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }

    fn bytes(&self) -> &[u8] {
        self
    }
}

/// The length from which [`with_canonical_path`] builds a path's canonical
/// form on the heap: all but 6 of the 103,327 corpus probes' paths are
/// shorter.
const STACK_PATH: usize = 256;

/// The length under which [`with_written`] uses the smaller of its two
/// stack buffers: most paths are shorter, and the buffers are zeroed before
/// use (the crate has no `unsafe`), so a short path should not pay for
/// clearing room for a long one.
const SHORT_PATH: usize = 64;

/// Room on the stack for the canonical form of a path of fewer than `N`
/// bytes, and a `/` before it: each byte becomes at most three (`%XX`), and
/// decoding only shortens. `ROOM` is `3 * N` (a const generic parameter
/// cannot be computed from another on stable Rust).
struct PathBuffer<const N: usize, const ROOM: usize> {
    bytes: [u8; ROOM],
    len: usize,
}

impl<const N: usize, const ROOM: usize> PathBuffer<N, ROOM> {
    fn new() -> Self {
        const { assert!(ROOM == 3 * N && ROOM <= u16::MAX as usize) };
        PathBuffer {
            bytes: [0; ROOM],
            len: 0,
        }
    }
}

/// [`Offsets`] on the stack for the rewrite of a path of fewer than `N`
/// bytes: one for each `%` of the path at most, each an offset in a
/// [`PathBuffer`] of the same `N`.
struct StackOffsets<const N: usize> {
    at: [u16; N],
    len: usize,
}

impl<const N: usize> Default for StackOffsets<N> {
    fn default() -> Self {
        StackOffsets { at: [0; N], len: 0 }
    }
}

impl<const N: usize> Offsets for StackOffsets<N> {
    // As in `PathBuffer`: never full for such a path, and bounded if it were.
    fn push(&mut self, at: usize) {
        debug_assert!(self.len < self.at.len());
        if let Some(slot) = self.at.get_mut(self.len) {
            // An offset in a `PathBuffer` fits: it has at most u16::MAX bytes.
            *slot = u16::try_from(at).unwrap_or(u16::MAX);
            self.len += 1;
        }
    }

    fn last(&self) -> Option<usize> {
        self.len
            .checked_sub(1)
            .and_then(|top| self.at.get(top))
            .map(|&at| usize::from(at))
    }

    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<const N: usize, const ROOM: usize> Out for PathBuffer<N, ROOM> {
    type Lone = StackOffsets<N>;

    // The rewrite of a path of fewer than `N` bytes never runs out
    // of room; if it did, the bytes past it would be left out rather than
    // written out of bounds.
    fn push(&mut self, b: u8) {
        debug_assert!(self.len < self.bytes.len());
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    fn extend_from_slice(&mut self, bytes: &[u8]) {
        debug_assert!(self.len + bytes.len() <= self.bytes.len());
        if let Some(room) = self.bytes.get_mut(self.len..self.len + bytes.len()) {
            room.copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// Calls `f` with [`path_of`] `url`: what the Google profile matches,
/// without keeping it (see [`with_slashed`]).
pub(crate) fn with_path_of<R>(url: &str, f: impl FnOnce(&[u8]) -> R) -> R {
    match given_path(url) {
        Some(path) => with_slashed(path, f),
        None => f(b"/"),
    }
}

/// Calls `f` with [`with_slash`] of `path`; a path shorter than
/// [`STACK_PATH`] bytes gets its `/` on the stack, so that a query of a URL
/// allocates nothing.
fn with_slashed<R>(path: &str, f: impl FnOnce(&[u8]) -> R) -> R {
    if path.starts_with('/') {
        return f(path.as_bytes());
    }
    with_written(path, Write::Slashed, f)
}

/// Calls `f` with the RFC canonical form of the path of `path_or_url`: what
/// [`CanonicalPath::new`] then [`CanonicalPath::as_str`] give, without
/// keeping it. A path shorter than [`STACK_PATH`] bytes that needs rewriting
/// (one in five of the corpus probes'), or a `/` in front, is built on the
/// stack, so that a query of a URL allocates nothing.
pub(crate) fn with_canonical_path<R>(path_or_url: &str, f: impl FnOnce(&[u8]) -> R) -> R {
    let Some((path, canonical)) = given_path_checked(path_or_url) else {
        return f(b"/");
    };
    // A `/` put in front (see `with_slash`) is canonical, and rewriting
    // never reads what comes before, so the path is as canonical as it was.
    if canonical || is_canonical(path.as_bytes(), Form::Path) {
        return with_slashed(path, f);
    }
    with_written(path, Write::Canonical, f)
}

/// What [`with_written`] makes of a path, always with a `/` before it if
/// it has none (see [`with_slash`]).
#[derive(Clone, Copy)]
enum Write {
    /// The path as it is.
    Slashed,
    /// Its canonical form as a [`Form::Path`].
    Canonical,
}

impl Write {
    /// Writes what `self` makes of `path` to `out`.
    #[inline(always)]
    fn to<O: Out>(self, path: &str, out: &mut O) {
        if !path.starts_with('/') {
            out.push(b'/');
        }
        match self {
            Write::Slashed => out.extend_from_slice(path.as_bytes()),
            Write::Canonical => rewrite_canonical(path.as_bytes(), Form::Path, out),
        }
    }
}

/// Calls `f` with what `write` makes of `path`, built in the smaller stack
/// buffer for a path shorter than [`SHORT_PATH`] bytes, in the larger one
/// for a path shorter than [`STACK_PATH`], and in a vector past that. Only
/// the buffer a path needs is made, and zeroed (see [`SHORT_PATH`]), and
/// `f` is called from one place.
#[inline(always)]
fn with_written<R>(path: &str, write: Write, f: impl FnOnce(&[u8]) -> R) -> R {
    let mut short: PathBuffer<SHORT_PATH, { 3 * SHORT_PATH }>;
    let mut long: PathBuffer<STACK_PATH, { 3 * STACK_PATH }>;
    let heap;
    let bytes = if path.len() < SHORT_PATH {
        short = PathBuffer::new();
        write.to(path, &mut short);
        short.bytes()
    } else if path.len() < STACK_PATH {
        long = PathBuffer::new();
        write.to(path, &mut long);
        long.bytes()
    } else {
        // The owned forms the rest of the crate builds: writing through
        // `Write::to` into a vector here cost every query 0.2% more
        // instructions, for a branch that nearly no path takes.
        heap = match write {
            Write::Slashed => with_slash(path).into_owned().into_bytes(),
            Write::Canonical => canonicalize(with_slash(path).as_bytes(), Form::Path).into_owned(),
        };
        &heap[..]
    };
    f(bytes)
}

/// The RFC profile's canonical form of a path or pattern (SPEC §4.2): escapes
/// of unreserved characters decoded, other escapes upper-cased, non-ASCII,
/// controls and space escaped, and `*`/`$` handled per [`Form`]. Borrows when
/// `s` is already canonical.
///
/// Decoding can make a new escape out of a `%` that started none: `%%341`
/// decodes `%34` to `4` and leaves `%41`. Such a new escape is read too, as a
/// second pass would read it, so the result is idempotent (`%%341` gives `A`,
/// `%%320` gives `%20`). Escapes never overlap, so this normal form is unique;
/// reducing on the output as it grows reaches it in one linear pass.
pub(crate) fn canonicalize(s: &[u8], form: Form) -> Cow<'_, [u8]> {
    if is_canonical(s, form) {
        return Cow::Borrowed(s);
    }
    let mut out: Vec<u8> = Vec::with_capacity(s.len() + s.len() / 2);
    rewrite_canonical(s, form, &mut out);
    Cow::Owned(out)
}

/// Appends the canonical form of `s` to `out` (see [`canonicalize`]).
fn rewrite_canonical<O: Out>(s: &[u8], form: Form, out: &mut O) {
    let mut lone = O::Lone::default();
    let mut i = 0;
    while i < s.len() {
        if lone.is_empty() {
            // With no lone `%` to complete, a run of bytes that are not
            // SPECIAL is kept as it is, in one copy.
            let run = s[i..]
                .iter()
                .take_while(|&&b| !SPECIAL[usize::from(b)])
                .count();
            out.extend_from_slice(&s[i..i + run]);
            i += run;
            if i == s.len() {
                break;
            }
        }
        if let Some(v) = escape_at(s, i) {
            if is_unreserved(v) {
                push_reducing(out, &mut lone, v);
            } else {
                push_escaped(out, v);
            }
            i += 3;
            continue;
        }
        let b = s[i];
        if b == b'%' {
            lone.push(out.bytes().len());
            out.push(b);
        } else if must_encode(b, i, s.len(), form) {
            push_escaped(out, b);
        } else {
            push_reducing(out, &mut lone, b);
        }
        i += 1;
    }
}

/// The matching form of a pattern for `profile` (SPEC §4.2); borrows when
/// the pattern is already in it.
pub(crate) fn matching_form(value: &[u8], profile: crate::options::Profile) -> Cow<'_, [u8]> {
    match profile {
        crate::options::Profile::Rfc => canonicalize(value, Form::Pattern),
        crate::options::Profile::Google => escape_google(value),
    }
}

/// Whether a path in RFC canonical form is `/robots.txt` itself, which the
/// RFC profile always allows whatever its query (RFC 9309 §2.2.2).
pub(crate) fn is_robots_txt(canonical: &[u8]) -> bool {
    // A prefix test and one byte, not a search for `?`: this runs first in
    // every query.
    let rest = canonical.strip_prefix(b"/robots.txt");
    matches!(rest, Some([] | [b'?', ..]))
}

/// Where the Google profile's `index.htm` rule cuts an allow pattern (in
/// matching form): after the `/` that starts its last segment, when that
/// segment starts with `/index.htm` (SPEC §5.5).
pub(crate) fn index_htm_cut(pattern: &[u8]) -> Option<usize> {
    let slash = memchr::memrchr(b'/', pattern)?;
    pattern[slash..]
        .starts_with(b"/index.htm")
        .then_some(slash + 1)
}

/// The Google profile's `index.htm` rule of an allow pattern (in matching
/// form): the pattern cut at [`index_htm_cut`], plus `$` (SPEC §5.5). Gives
/// its strategy and the cut, which is the length of the part it matches;
/// its priority is one more.
pub(crate) fn index_htm_rule(pattern: &[u8]) -> Option<(Strategy, usize)> {
    let cut = index_htm_cut(pattern)?;
    Some((Strategy::of(&pattern[..cut]).0.anchored(), cut))
}

/// Pushes `b`, then reads any escape that a lone `%` and the two bytes now
/// after it form, repeatedly (see [`canonicalize`]).
fn push_reducing<O: Out>(out: &mut O, lone: &mut O::Lone, b: u8) {
    out.push(b);
    while let Some(at) = lone.last() {
        let written = out.bytes();
        let Some(v) = (at + 3 == written.len())
            .then(|| escape_at(written, at))
            .flatten()
        else {
            return;
        };
        lone.pop();
        out.truncate(at);
        if is_unreserved(v) {
            out.push(v);
        } else {
            push_escaped(out, v);
            return;
        }
    }
}

/// The Google profile's form of a pattern (SPEC §4.2): bytes `>= 0x80` become
/// `%XX` and the hex digits of existing escapes are upper-cased; nothing else
/// changes. Borrows when nothing changes.
pub(crate) fn escape_google(s: &[u8]) -> Cow<'_, [u8]> {
    let unchanged = (s.is_ascii() && memchr::memchr(b'%', s).is_none()) || {
        let mut i = 0;
        let mut unchanged = true;
        while i < s.len() {
            if escape_at(s, i).is_some() {
                unchanged &= !(s[i + 1].is_ascii_lowercase() || s[i + 2].is_ascii_lowercase());
                i += 3;
            } else {
                unchanged &= s[i] < 0x80;
                i += 1;
            }
        }
        unchanged
    };
    if unchanged {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(s.len() + s.len() / 2);
    let mut i = 0;
    while i < s.len() {
        if let Some(v) = escape_at(s, i) {
            push_escaped(&mut out, v);
            i += 3;
        } else {
            if s[i] >= 0x80 {
                push_escaped(&mut out, s[i]);
            } else {
                out.push(s[i]);
            }
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// A request path, built once from a URL or path and reused for many queries
/// against many files.
///
/// It holds the path as the URL gave it (SPEC §4.1: no scheme, authority or
/// fragment), which the Google profile matches as it is, and its RFC canonical
/// form (SPEC §4.2), which the RFC profile matches. Building one allocates
/// nothing when the input is a path already in canonical form.
///
/// # Examples
///
/// ```
/// use robots::{CanonicalPath, RobotsTxt};
///
/// let path = CanonicalPath::new("https://example.com/foo/bar/%62%61%7A?q=1#top");
/// assert_eq!(path.as_str(), "/foo/bar/baz?q=1");
/// assert_eq!(path.as_given(), "/foo/bar/%62%61%7A?q=1");
///
/// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /foo/bar/baz\n");
/// let agent = robots.agent("foobot");
/// assert!(!agent.is_allowed_path(&path));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CanonicalPath<'a> {
    given: Cow<'a, str>,
    /// The RFC canonical form, when it differs from `given`.
    canonical: Option<String>,
}

impl<'a> CanonicalPath<'a> {
    /// Takes the path of `path_or_url` (SPEC §4.1) and its canonical form.
    pub fn new(path_or_url: &'a str) -> Self {
        let Some((path, canonical)) = given_path_checked(path_or_url) else {
            return CanonicalPath {
                given: Cow::Borrowed("/"),
                canonical: None,
            };
        };
        let given = with_slash(path);
        let canonical = if canonical {
            None
        } else {
            match canonicalize(given.as_bytes(), Form::Path) {
                Cow::Borrowed(_) => None,
                // The canonical form is ASCII: every other byte is escaped.
                Cow::Owned(bytes) => Some(String::from_utf8(bytes).unwrap_or_default()),
            }
        };
        CanonicalPath { given, canonical }
    }

    /// The RFC canonical form (SPEC §4.2), which the RFC profile matches:
    /// always ASCII, always starting with `/`.
    pub fn as_str(&self) -> &str {
        self.canonical.as_deref().unwrap_or(&self.given)
    }

    /// The RFC canonical form, borrowing the input where it is canonical.
    pub(crate) fn into_canonical(self) -> Cow<'a, str> {
        match self.canonical {
            Some(canonical) => Cow::Owned(canonical),
            None => self.given,
        }
    }

    /// The path as the URL gave it, which the Google profile matches.
    pub fn as_given(&self) -> &str {
        &self.given
    }

    /// The form `profile` matches.
    pub fn for_profile(&self, profile: Profile) -> &str {
        match profile {
            Profile::Rfc => self.as_str(),
            Profile::Google => self.as_given(),
        }
    }

    /// Whether the input was a path already in canonical form, so that building
    /// this allocated nothing.
    pub fn is_borrowed(&self) -> bool {
        self.canonical.is_none() && matches!(self.given, Cow::Borrowed(_))
    }

    /// An owned copy, free of the input's lifetime.
    pub fn into_owned(self) -> CanonicalPath<'static> {
        CanonicalPath {
            given: Cow::Owned(self.given.into_owned()),
            canonical: self.canonical,
        }
    }
}

impl fmt::Debug for CanonicalPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CanonicalPath")
            .field("canonical", &self.as_str())
            .field("given", &self.as_given())
            .finish()
    }
}

impl fmt::Display for CanonicalPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> From<&'a str> for CanonicalPath<'a> {
    fn from(path_or_url: &'a str) -> Self {
        CanonicalPath::new(path_or_url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`with_canonical_path`] hands its caller.
    fn via_stack(path_or_url: &str) -> alloc::vec::Vec<u8> {
        with_canonical_path(path_or_url, <[u8]>::to_vec)
    }

    #[test]
    fn canonical_path_on_the_stack_up_to_its_room() {
        // SPEC §4.2, at the edges of both stack buffers: `SHORT_PATH`'s and
        // `STACK_PATH`'s (the larger one, or a vector, past each). The
        // expected forms come from `CanonicalPath::new`, which builds in a
        // vector, so a buffer that ran out of room would show here.
        for room in [SHORT_PATH, STACK_PATH] {
            // Each byte of a space or an `é` becomes three: a path of
            // room - 1 such bytes and a `/` put before it fill the buffer
            // but two bytes.
            for spaces in 0..3 {
                let path =
                    alloc::format!("{}{}", " ".repeat(spaces), "\u{e9}".repeat((room - 2) / 2));
                let url = alloc::format!("https://example.com?{path}#frag");
                assert_eq!(path.len() + 1, room - 1 + spaces);
                let expected = CanonicalPath::new(&url);
                assert_eq!(expected.as_str().len(), 2 + 3 * path.len());
                assert_eq!(via_stack(&url), expected.as_str().as_bytes(), "{spaces}");
            }
            // As many lone `%`s as such a path holds, the last completed by
            // decoding (`%%341` gives `A`), on the stack too.
            let url = alloc::format!("http://h?{} #f", "%".repeat(room - 8) + "%%341");
            let expected = CanonicalPath::new(&url);
            assert!(
                expected.as_str().ends_with("%A%20"),
                "{}",
                expected.as_str()
            );
            assert_eq!(via_stack(&url), expected.as_str().as_bytes());
            // Without rewriting, in the Google profile: only a `/` put in
            // front.
            for len in [room - 2, room - 1, room] {
                let url = alloc::format!("http://h?{}#f", "q".repeat(len - 1));
                assert_eq!(with_path_of(&url, <[u8]>::to_vec), path_of(&url).as_bytes());
            }
        }
        for url in [
            "",
            "/",
            "?q",
            ";p",
            "http://h",
            "http://h?q=%7e",
            "/%%341",
            "/%%320",
            "/%",
            "/a b",
            "/%2f%7E%41",
            "/\u{7f}",
            "/plain/path?x=1",
        ] {
            assert_eq!(
                via_stack(url),
                CanonicalPath::new(url).as_str().as_bytes(),
                "{url:?}"
            );
        }
    }

    #[test]
    fn robots_txt_itself_whatever_its_query() {
        // SPEC §5.4
        for (path, expected) in [
            ("/robots.txt", true),
            ("/robots.txt?", true),
            ("/robots.txt?x=1", true),
            ("/robots.txtx", false),
            ("/robots.txt/", false),
            ("/robots.tx", false),
            ("/a/robots.txt", false),
            ("", false),
        ] {
            assert_eq!(is_robots_txt(path.as_bytes()), expected, "{path}");
        }
    }

    /// SPEC §4.1 read literally: the first `://` ends a scheme unless a
    /// `/`, `?` or `;` comes before it.
    fn path_of_by_the_letter(url: &str) -> String {
        let start = if url.starts_with("//") { 2 } else { 0 };
        let first_of = |from: usize| url[from..].find(['/', '?', ';']).map(|i| i + from);
        let authority = match url[start..].find("://").map(|i| i + start) {
            Some(at) if first_of(start).is_none_or(|p| p > at) => at + 3,
            _ => start,
        };
        let Some(path_start) = first_of(authority) else {
            return "/".into();
        };
        let hash = url[start..].find('#').map(|i| i + start);
        if hash.is_some_and(|h| h < path_start) {
            return "/".into();
        }
        let path = &url[path_start..hash.unwrap_or(url.len())];
        if path.starts_with('/') {
            path.into()
        } else {
            alloc::format!("/{path}")
        }
    }

    proptest::proptest! {
        #[test]
        fn path_of_reads_urls_as_spec_says(pieces in proptest::collection::vec(
            proptest::sample::select(alloc::vec!["/", "//", ":", "://", "?", ";", "#", "a", "h", "x.y", ":?/", ":;//", "http://", "https://", "http:", "https:/"]), 0..10)) {
            let url = pieces.concat();
            proptest::prop_assert_eq!(path_of(&url).into_owned(), path_of_by_the_letter(&url), "{:?}", url);
            let given = path_of(&url);
            proptest::prop_assert_eq!(with_path_of(&url, <[u8]>::to_vec), given.as_bytes(), "{:?}", url);
        }

        #[test]
        fn written_form_reads_only_the_value(
            body in proptest::collection::vec(proptest::sample::select(b"ab/%*$ \xe9\x7f#".to_vec()), 0..48),
            start in 0..48usize,
            len in 0..40usize,
        ) {
            // The windows read past the value's end, in the body it was cut
            // from, and must never count those bytes: the answer is the
            // table's, for the value alone, wherever it sits.
            let start = start.min(body.len());
            let end = (start + len).min(body.len());
            let value = &body[start..end];
            let special = |b: u8| SPECIAL[usize::from(b)];
            let wild = |(i, &b): (usize, &u8)| {
                !special(b) || b == b'*' || (b == b'$' && i + 1 == value.len())
            };
            let expected = if !value.iter().any(|&b| special(b)) {
                Written::Plain
            } else if value.iter().enumerate().all(wild) {
                Written::Wild
            } else {
                Written::Other
            };
            proptest::prop_assert_eq!(written_form(value, &body), expected, "{:?} in {:?}", value, body);
            // A value from elsewhere is read on its own.
            proptest::prop_assert_eq!(written_form(value, b"unrelated"), expected);
            // What lets a parse skip the matching form of all but `Other`
            // (SPEC §4.2).
            if expected != Written::Other {
                for profile in [Profile::Rfc, Profile::Google] {
                    let form = matching_form(value, profile);
                    proptest::prop_assert!(matches!(form, Cow::Borrowed(_)), "{:?} {:?}", value, profile);
                }
            }
        }

        #[test]
        fn canonical_path_on_the_stack_is_canonical_path(pieces in proptest::collection::vec(
            proptest::sample::select(alloc::vec![
                "/", "://", "?", "#", "h", "abcdefghijklmnop", "%41", "%2f", "%7e", "%", "%4",
                "*", " ", "\u{e9}", "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}",
            ]), 0..64)) {
            // Any length, on either side of the stack buffer's room.
            let url = pieces.concat();
            let expected = CanonicalPath::new(&url);
            proptest::prop_assert_eq!(via_stack(&url), expected.as_str().as_bytes(), "{:?}", url);
        }

        #[test]
        fn canonical_paths_read_urls_as_spec_says(pieces in proptest::collection::vec(
            proptest::sample::select(alloc::vec![
                "/", "//", "://", "?", ";", "#", "h", "x.y", "abcdefghijklmnop", "http://", "https://",
                "%41", "%2f", "%2F", "%7e", "%", "%4", "*", "$", " ", "\u{e9}", "\x7f",
            ]), 0..16)) {
            // SPEC §4.1 and §4.2: the fused search for the path's end and
            // its canonical form answers as the two steps one after the
            // other, whatever the length (the sixteen-byte windows and the
            // last, overlapping one).
            let url = pieces.concat();
            let path = CanonicalPath::new(&url);
            let expected = path_of_by_the_letter(&url);
            let canonical = canonicalize(expected.as_bytes(), Form::Path);
            proptest::prop_assert_eq!(path.as_given(), &expected[..], "{:?}", url);
            proptest::prop_assert_eq!(path.as_str().as_bytes(), &canonical[..], "{:?}", url);
            proptest::prop_assert_eq!(path.canonical.is_none(), matches!(canonical, Cow::Borrowed(_)), "{:?}", url);
        }
    }

    #[test]
    fn literal_start_differs_only_before_special_bytes() {
        // SPEC §5.1: a pattern matches a prefix of the path.
        for (pattern, path, expected) in [
            ("/a", "/b", true),
            ("/ab", "/a", true),
            ("/a%zz", "/b", true),
            ("/a", "/ab", false),
            ("/a", "/a", false),
            ("/%61", "/b", false),
            ("*a", "/b", false),
            ("/a$", "/a", false),
            ("/ \u{e9}", "/x", false),
            ("", "/", false),
        ] {
            let got = literal_start_differs(pattern.as_bytes(), path.as_bytes());
            assert_eq!(got, expected, "{pattern:?} {path:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn a_differing_literal_start_never_matches(
            pattern in proptest::collection::vec(proptest::sample::select(
                alloc::vec!["/", "a", "b", "%", "%61", "%2f", "*", "$", " ", "\u{e9}", "%C3%A9", "/index.htm", "l"]), 0..6),
            path in proptest::collection::vec(proptest::sample::select(
                alloc::vec!["/", "a", "b", "%2F", "%24", "%C3%A9", "$", "*"]), 0..6),
        ) {
            // Every path reaches matching in its profile's form: canonical
            // for RFC, as given for Google (SPEC §4.2).
            let (pattern, path) = (pattern.concat(), alloc::format!("/{}", path.concat()));
            if literal_start_differs(pattern.as_bytes(), path.as_bytes()) {
                let canonical = canonicalize(path.as_bytes(), Form::Path);
                for (profile, path) in [(Profile::Rfc, &canonical[..]), (Profile::Google, path.as_bytes())] {
                    let form = matching_form(pattern.as_bytes(), profile);
                    proptest::prop_assert!(!crate::pattern::matches(&form, path), "{:?} {:?} {:?}", profile, pattern, path);
                    // Google's index.htm rule for an allow (SPEC §5.5): the
                    // pattern cut after a `/`, anchored, can match a path
                    // that the pattern starts with, but no other.
                    let differs_in_a_byte = !pattern.as_bytes().starts_with(path);
                    if let Some((derived, cut)) = index_htm_rule(&form).filter(|_| differs_in_a_byte) {
                        proptest::prop_assert!(!derived.matches(&form[..cut], path), "index.htm {:?} {:?} {:?}", profile, pattern, path);
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        #[test]
        fn sixteen_at_once_agrees_with_a_byte_at_a_time(
            common in proptest::collection::vec(proptest::sample::select(LITERAL_EDGES), 0..24),
            pattern in proptest::collection::vec(proptest::sample::select(LITERAL_EDGES), 0..24),
            path in proptest::collection::vec(proptest::sample::select(LITERAL_EDGES), 0..24),
        ) {
            // A shared start, so that differences fall on either side of the
            // sixteenth byte.
            let pattern = [&common[..], &pattern[..]].concat();
            let path = [&common[..], &path[..]].concat();
            proptest::prop_assert_eq!(
                literal_start_differs_with(&pattern, &path, &PathHead::new(&path)),
                literal_start_differs(&pattern, &path),
                "{:?} {:?}", pattern, path
            );
        }
    }

    /// Bytes on either side of the special ones (see [`SPECIAL_OR_HASH`]),
    /// with ordinary bytes more often, so that runs of them are common.
    const LITERAL_EDGES: &[u8] = b"/ab/ab/ab!~/ab/ab/ab!~%*$# \x1f\0\x7f\x80\xff";

    #[test]
    fn plain_pattern_masks() {
        use crate::group::byte_mask;
        // The bytes but `*` and a final `$`, when nothing is rewritten.
        assert_eq!(plain_pattern_mask(b"*.pdf$"), Some(byte_mask(b".pdf")));
        assert_eq!(plain_pattern_mask(b"/a*b*"), Some(byte_mask(b"/ab")));
        assert_eq!(plain_pattern_mask(b""), Some(0));
        for rewritten in [&b"/%61*"[..], b"/a$b*", b"/a b*", b"/\xc3\xa9*", b"/a\x7f*"] {
            assert_eq!(plain_pattern_mask(rewritten), None, "{rewritten:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn a_pattern_needing_bytes_the_path_lacks_never_matches(
            pattern in proptest::collection::vec(proptest::sample::select(
                alloc::vec!["/", "a", "b", "%", "%61", "*", "$", " ", "\u{e9}", ".", "?"]), 0..8),
            path in proptest::collection::vec(proptest::sample::select(
                alloc::vec!["/", "a", "b", "%2F", "%61", "$", "*", ".", "?", "\u{e9}"]), 0..6),
        ) {
            use crate::group::byte_mask;
            let (pattern, path) = (pattern.concat(), alloc::format!("/{}", path.concat()));
            let Some(needed) = plain_pattern_mask(pattern.as_bytes()) else {
                return Ok(());
            };
            let canonical = canonicalize(path.as_bytes(), Form::Path);
            for (profile, path) in [(Profile::Rfc, &canonical[..]), (Profile::Google, path.as_bytes())] {
                if needed & !byte_mask(path) != 0 {
                    let form = matching_form(pattern.as_bytes(), profile);
                    proptest::prop_assert!(!crate::pattern::matches(&form, path), "{:?} {:?} {:?}", profile, pattern, path);
                }
            }
        }
    }

    fn path(s: &str) -> String {
        path_of(s).into_owned()
    }

    fn canon(s: &str, form: Form) -> String {
        String::from_utf8(canonicalize(s.as_bytes(), form).into_owned()).unwrap()
    }

    #[test]
    fn url_to_path() {
        // SPEC §4.1
        assert_eq!(path("http://example.com/a/b?c=d#e"), "/a/b?c=d");
        assert_eq!(path("http://example.com"), "/");
        assert_eq!(path("http://example.com?q"), "/?q");
        assert_eq!(path("http://example.com;p"), "/;p");
        assert_eq!(path("//example.com/x"), "/x");
        assert_eq!(path("/a?b"), "/a?b");
        assert_eq!(path("foo/bar"), "/bar");
        assert_eq!(path("*"), "/");
        assert_eq!(path("?q"), "/?q");
        assert_eq!(path("#x/y"), "/");
        assert_eq!(path("/a?x=http://b/c"), "/a?x=http://b/c");
        assert_eq!(path("/path#frag/ment"), "/path");
        assert_eq!(path(""), "/");
    }

    #[test]
    fn canonical_form_rfc_9309_2_2_2() {
        assert_eq!(canon("/foo/bar?baz=quz", Form::Path), "/foo/bar?baz=quz");
        assert_eq!(canon("/foo/bar/ツ", Form::Path), "/foo/bar/%E3%83%84");
        assert_eq!(
            canon("/foo/bar/%E3%83%84", Form::Path),
            "/foo/bar/%E3%83%84"
        );
        assert_eq!(canon("/foo/bar/%62%61%7A", Form::Path), "/foo/bar/baz");
        assert_eq!(canon("/a%2fb", Form::Path), "/a%2Fb");
        assert_eq!(canon("/a b\t", Form::Path), "/a%20b%09");
        assert_eq!(canon("/50%", Form::Path), "/50%");
        assert_eq!(canon("/x%zz", Form::Path), "/x%zz");
    }

    #[test]
    fn star_and_dollar_per_form() {
        // SPEC §4.2, RFC 9309 §2.2.3
        assert_eq!(canon("/file-*.html$", Form::Path), "/file-%2A.html%24");
        assert_eq!(canon("/file-*.html$", Form::Pattern), "/file-*.html$");
        assert_eq!(canon("/a$b$", Form::Pattern), "/a%24b$");
    }

    #[test]
    fn escapes_made_by_decoding_are_read_too() {
        // Regression: probes of the shared corpus such as
        // `/sitecore%%320modules` (visitdubai.com), whose `%32` decodes to a
        // `2` that makes `%20` with the `%` before it.
        assert_eq!(
            canon("/sitecore%%320modules", Form::Path),
            "/sitecore%20modules"
        );
        assert_eq!(canon("/a%C3%%414j", Form::Path), "/a%C3%A4j");
        assert_eq!(canon("%%341", Form::Path), "A");
        assert_eq!(canon("%%%3341", Form::Path), "A");
        assert_eq!(canon("%4%41", Form::Path), "J");
        assert_eq!(canon("%%61f", Form::Path), "%AF");
        assert_eq!(canon("%%67", Form::Path), "%g");
        for s in [
            "%%341", "%4%41", "%%41x", "%%%", "%2%2A", "%%%3341", "%%61f",
        ] {
            let once = canon(s, Form::Path);
            assert_eq!(canon(&once, Form::Path), once, "{s}");
        }
    }

    #[test]
    fn unreserved_escapes() {
        assert!(has_unreserved_escape(b"/%7Euser"));
        assert!(has_unreserved_escape(b"/a%61"));
        assert!(!has_unreserved_escape(b"/a%2Fb"));
        assert!(!has_unreserved_escape(b"/%E3%83%84 %zz %7"));
    }

    #[test]
    fn google_escape() {
        assert_eq!(&*escape_google(b"/a%2fb"), b"/a%2Fb");
        assert_eq!(&*escape_google("/ツ".as_bytes()), b"/%E3%83%84");
        assert_eq!(&*escape_google(b"/%62 *$"), b"/%62 *$");
        assert!(matches!(escape_google(b"/plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn canonical_path_borrows_when_canonical() {
        assert!(CanonicalPath::new("/a/b?c").is_borrowed());
        assert!(!CanonicalPath::new("/a/%62").is_borrowed());
        // The path of a URL is a slice of it: still no allocation.
        assert!(CanonicalPath::new("http://x/a").is_borrowed());
        assert!(!CanonicalPath::new("http://x?q").is_borrowed());
    }
}
