//! Compiled allow and disallow patterns.

use crate::lex::find_byte;
use crate::wildcard;

/// How a pattern is matched, chosen once when the file is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// No `*` and no final `$`: a prefix of the path.
    Prefix,
    /// No `*`, a final `$`: the whole path.
    Exact,
    /// One or more `*`; `anchored` when the pattern ends in `$`.
    Wildcard { anchored: bool },
}

impl Strategy {
    /// The strategy for `pattern` (in matching form), and the length of the
    /// part that is matched: the pattern without its final `$`.
    ///
    /// A `$` is special only as the last byte (SPEC §5.1); any other `$` is
    /// literal.
    pub(crate) fn of(pattern: &[u8]) -> (Strategy, usize) {
        let (body, anchored) = match pattern.strip_suffix(b"$") {
            Some(body) => (body, true),
            None => (pattern, false),
        };
        let strategy = match (find_byte(body, 0, b'*') < body.len(), anchored) {
            (true, anchored) => Strategy::Wildcard { anchored },
            (false, true) => Strategy::Exact,
            (false, false) => Strategy::Prefix,
        };
        (strategy, body.len())
    }

    /// The strategy for the same body with a final `$`.
    pub(crate) fn anchored(self) -> Strategy {
        match self {
            Strategy::Prefix | Strategy::Exact => Strategy::Exact,
            Strategy::Wildcard { .. } => Strategy::Wildcard { anchored: true },
        }
    }

    /// Whether `body` (a pattern without its final `$`) matches `path`.
    #[inline]
    pub(crate) fn matches(self, body: &[u8], path: &[u8]) -> bool {
        match self {
            Strategy::Prefix => path.starts_with(body),
            Strategy::Exact => path == body,
            Strategy::Wildcard { anchored } => wildcard::matches(body, anchored, path),
        }
    }
}

/// Whether `pattern`, in matching form with its final `$` if any, matches
/// `path`: [`Strategy::of`] then [`Strategy::matches`], for callers that
/// match a pattern once and keep no compiled rule.
pub(crate) fn matches(pattern: &[u8], path: &[u8]) -> bool {
    let (strategy, len) = Strategy::of(pattern);
    strategy.matches(&pattern[..len], path)
}

#[cfg(test)]
mod tests {
    use super::{Strategy, matches};

    fn check(pattern: &str, path: &str) -> bool {
        matches(pattern.as_bytes(), path.as_bytes())
    }

    #[test]
    fn strategies() {
        assert_eq!(Strategy::of(b"/a"), (Strategy::Prefix, 2));
        assert_eq!(Strategy::of(b"/a$"), (Strategy::Exact, 2));
        assert_eq!(
            Strategy::of(b"/*a$"),
            (Strategy::Wildcard { anchored: true }, 3)
        );
        assert_eq!(Strategy::of(b"/a$b"), (Strategy::Prefix, 4));
        assert_eq!(Strategy::of(b"$"), (Strategy::Exact, 0));
    }

    #[test]
    fn dollar_only_at_the_end_is_special() {
        // SPEC §5.1
        assert!(check("/a$b", "/a$b/c"));
        assert!(!check("/a$", "/a/"));
        assert!(check("/a$", "/a"));
        assert!(!check("$", "/"));
        assert!(check("/a$$", "/a$"));
    }
}
