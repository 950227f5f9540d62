//! Matching a pattern with `*` wildcards against a path.
//!
//! A pattern `p0*p1*...*pk` matches when `p0` is a prefix of the path and
//! `p1 ... pk` occur after it in order, without overlapping; with a final
//! `$`, `pk` must also end the path. Taking the leftmost occurrence of each
//! middle piece never loses a match (any later occurrence leaves less room
//! for the pieces after it), so one left-to-right pass decides, with no
//! backtracking.

/// The first occurrence of `needle` (non-empty) in `haystack`.
///
/// Paths and pattern pieces are short (tens of bytes), where a plain loop
/// beats both a substring searcher built per call and `memchr`'s dispatch.
/// Each attempt costs at most the needle's length: O(haystack × needle) at
/// worst.
#[inline]
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let last_start = haystack.len().checked_sub(needle.len())?;
    (0..=last_start)
        .find(|&at| haystack[at] == first && haystack[at + 1..at + needle.len()] == *rest)
}

/// The offsets of the first and last `*` of a short pattern.
#[inline]
fn stars(pattern: &[u8]) -> Option<(usize, usize)> {
    let first = pattern.iter().position(|b| *b == b'*')?;
    let last = pattern.iter().rposition(|b| *b == b'*')?;
    Some((first, last))
}

/// Whether `pattern` (at least one `*`, no final `$`) matches a prefix of
/// `path`, or all of it when `anchored`.
///
/// # Complexity
///
/// Each piece is searched for once, from where the previous one ended, at a
/// cost of at most O(path × piece); in total O(path × pattern), with no
/// backtracking and no exponential case (SPEC §5.6).
pub(crate) fn matches(pattern: &[u8], anchored: bool, path: &[u8]) -> bool {
    let Some((first, last)) = stars(pattern) else {
        // No wildcard: a literal prefix, or the whole path when anchored.
        return if anchored {
            path == pattern
        } else {
            path.starts_with(pattern)
        };
    };
    let head = &pattern[..first];
    let tail = &pattern[last + 1..];
    let Some(mut rest) = path.strip_prefix(head) else {
        return false;
    };
    if anchored {
        match rest.strip_suffix(tail) {
            Some(before_tail) => rest = before_tail,
            None => return false,
        }
    }
    if first < last {
        for piece in pattern[first + 1..last].split(|b| *b == b'*') {
            if piece.is_empty() {
                continue;
            }
            match find(rest, piece) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            }
        }
    }
    anchored || tail.is_empty() || find(rest, tail).is_some()
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn wildcards() {
        assert!(matches(b"/*.php", false, b"/a.php"));
        assert!(matches(b"/*.php", false, b"/a.php.php"));
        assert!(matches(b"/*.php", true, b"/a.php.php"));
        assert!(!matches(b"/*.php", true, b"/a.php5"));
        assert!(matches(b"/a*", true, b"/abc"));
        assert!(!matches(b"/a*a", true, b"/a"));
        assert!(matches(b"/a*a", true, b"/aa"));
        assert!(matches(b"*", false, b"/"));
        assert!(matches(b"/**x**y", false, b"/_x_y_"));
        assert!(!matches(b"/*y*x", false, b"/_x_y_"));
        assert!(matches(b"/plain", false, b"/plain/x"));
        assert!(!matches(b"/plain", true, b"/plain/x"));
    }
}
