//! Key recognition: which directive a key names, and the typos accepted.

/// A directive that shapes groups and rules (SPEC §1.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Directive {
    /// `user-agent`: starts or extends a group.
    UserAgent,
    /// `allow`: a rule.
    Allow,
    /// `disallow`: a rule.
    Disallow,
    /// `sitemap`: a sitemap URL, tied to no group.
    Sitemap,
}

impl Directive {
    /// The directive's canonical key, lower-case: `"user-agent"`, `"allow"`,
    /// `"disallow"` or `"sitemap"`.
    pub const fn name(self) -> &'static str {
        match self {
            Directive::UserAgent => "user-agent",
            Directive::Allow => "allow",
            Directive::Disallow => "disallow",
            Directive::Sitemap => "sitemap",
        }
    }
}

/// What a key was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Recognized {
    pub(crate) directive: Directive,
    /// Whether the key is the canonical spelling (case aside); when it is
    /// not, the parser reports a diagnostic.
    pub(crate) exact: bool,
}

/// Spellings accepted for each directive, tried in this order and by prefix,
/// case-insensitively, as Google's reference does. The first of each list is
/// the canonical one.
const SPELLINGS: [(Directive, &[&[u8]]); 4] = [
    (
        Directive::UserAgent,
        &[b"user-agent", b"useragent", b"user agent"],
    ),
    (Directive::Allow, &[b"allow"]),
    (
        Directive::Disallow,
        &[
            b"disallow",
            b"dissallow",
            b"dissalow",
            b"disalow",
            b"diasllow",
            b"disallaw",
        ],
    ),
    (Directive::Sitemap, &[b"sitemap", b"site-map"]),
];

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Reads a key (SPEC §1.9); `None` means an *other record*.
pub(crate) fn recognize(key: &[u8]) -> Option<Recognized> {
    // Dispatch on the first byte: most keys are user-agent, allow or
    // disallow, and other records rarely share a first letter with them.
    if !matches!(key.first()?.to_ascii_lowercase(), b'u' | b'a' | b'd' | b's') {
        return None;
    }
    SPELLINGS.iter().find_map(|(directive, spellings)| {
        spellings
            .iter()
            .find(|s| starts_with_ignore_case(key, s))
            .map(|s| Recognized {
                directive: *directive,
                exact: key.len() == s.len() && *s == spellings[0],
            })
    })
}

/// Whether an other record's key is a crawl-delay (SPEC §6.2).
pub(crate) fn is_crawl_delay(key: &[u8]) -> bool {
    [&b"crawl-delay"[..], b"crawldelay", b"crawl delay"]
        .iter()
        .any(|k| key.eq_ignore_ascii_case(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(key: &str) -> Option<(Directive, bool)> {
        recognize(key.as_bytes()).map(|r| (r.directive, r.exact))
    }

    #[test]
    fn keys_by_prefix_and_typo() {
        // SPEC §1.9
        assert_eq!(read("User-Agent"), Some((Directive::UserAgent, true)));
        assert_eq!(read("useragent"), Some((Directive::UserAgent, false)));
        assert_eq!(read("User agent"), Some((Directive::UserAgent, false)));
        assert_eq!(read("ALLOW"), Some((Directive::Allow, true)));
        assert_eq!(read("Disallowed"), Some((Directive::Disallow, false)));
        for typo in ["dissallow", "dissalow", "disalow", "diasllow", "disallaw"] {
            assert_eq!(read(typo), Some((Directive::Disallow, false)), "{typo}");
        }
        assert_eq!(read("Sitemaps"), Some((Directive::Sitemap, false)));
        assert_eq!(read("site-map"), Some((Directive::Sitemap, false)));
        assert_eq!(read("crawl-delay"), None);
        assert_eq!(read("user"), None);
        assert_eq!(read("disallo"), None);
    }

    #[test]
    fn crawl_delay_spellings() {
        assert!(is_crawl_delay(b"Crawl-Delay"));
        assert!(is_crawl_delay(b"crawldelay"));
        assert!(is_crawl_delay(b"crawl delay"));
        assert!(!is_crawl_delay(b"crawl-delays"));
    }
}
