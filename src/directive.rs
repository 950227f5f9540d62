//! Key recognition: which directive a key names, and the typos accepted.

use crate::lex::CASE_BIT;

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

/// Spellings accepted for each directive, by prefix and case-insensitively,
/// as Google's reference does (SPEC §1.9). The first of each list is the
/// canonical one. None is longer than [`LONGEST`] bytes.
const USER_AGENT: &[&[u8]] = &[b"user-agent", b"useragent", b"user agent"];
const ALLOW: &[&[u8]] = &[b"allow"];
const DISALLOW: &[&[u8]] = &[
    b"disallow",
    b"dissallow",
    b"dissalow",
    b"disalow",
    b"diasllow",
    b"disallaw",
];
const SITEMAP: &[&[u8]] = &[b"sitemap", b"site-map"];
const LONGEST: usize = 10;

/// The directive whose canonical key `key` is, case aside: the common case,
/// read by a few word compares.
#[inline]
fn canonical(key: &[u8]) -> Option<Directive> {
    // Setting bit 5 lower-cases a letter and maps no other byte to one; the
    // only byte it maps to `-` is CR, which never occurs inside a line.
    fn folded<const N: usize>(key: &[u8], at: usize) -> Option<[u8; N]> {
        let word = *key.get(at..)?.first_chunk::<N>()?;
        Some(word.map(|b| b | CASE_BIT))
    }
    let directive = match key.len() {
        5 if folded::<4>(key, 0) == Some(*b"allo") && key[4] | CASE_BIT == b'w' => Directive::Allow,
        7 if folded::<4>(key, 0) == Some(*b"site") && folded::<4>(key, 3) == Some(*b"emap") => {
            Directive::Sitemap
        }
        8 if folded::<8>(key, 0) == Some(*b"disallow") => Directive::Disallow,
        10 if folded::<8>(key, 0) == Some(*b"user-age") && folded::<2>(key, 8) == Some(*b"nt") => {
            Directive::UserAgent
        }
        _ => return None,
    };
    Some(directive)
}

/// Reads a key (SPEC §1.9); `None` means an *other record*.
///
/// Always inlined, for the parse's two builds (see `rule_start` in
/// `lex.rs`).
#[inline(always)]
pub(crate) fn recognize(key: &[u8]) -> Option<Recognized> {
    if let Some(directive) = canonical(key) {
        return Some(Recognized {
            directive,
            exact: true,
        });
    }
    // The first byte picks the only directive the key can be; the first few
    // bytes, lower-cased once, are all the spellings look at.
    let (directive, spellings) = match key.first()?.to_ascii_lowercase() {
        b'u' => (Directive::UserAgent, USER_AGENT),
        b'a' => (Directive::Allow, ALLOW),
        b'd' => (Directive::Disallow, DISALLOW),
        b's' => (Directive::Sitemap, SITEMAP),
        _ => return None,
    };
    let mut head = [0u8; LONGEST];
    let n = key.len().min(LONGEST);
    for (h, k) in head.iter_mut().zip(&key[..n]) {
        *h = k.to_ascii_lowercase();
    }
    let head = &head[..n];
    spellings
        .iter()
        .find(|s| head.starts_with(s))
        .map(|s| Recognized {
            directive,
            exact: key.len() == s.len() && *s == spellings[0],
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
    fn canonical_keys_take_the_word_compare_path() {
        // SPEC §1.9: the fast path must read exactly what the lists read.
        for (key, directive) in [
            ("user-agent", Directive::UserAgent),
            ("USER-AGENT", Directive::UserAgent),
            ("DisAllow", Directive::Disallow),
            ("aLLoW", Directive::Allow),
            ("SiteMap", Directive::Sitemap),
        ] {
            assert_eq!(canonical(key.as_bytes()), Some(directive), "{key}");
            assert_eq!(read(key), Some((directive, true)), "{key}");
        }
        for key in [
            "user_agent",
            "user agent",
            "disallo\x17",
            "allow ",
            "s\titemap",
        ] {
            assert_eq!(canonical(key.as_bytes()), None, "{key:?}");
        }
        assert_eq!(read("user_agent"), None);
    }

    #[test]
    fn crawl_delay_spellings() {
        assert!(is_crawl_delay(b"Crawl-Delay"));
        assert!(is_crawl_delay(b"crawldelay"));
        assert!(is_crawl_delay(b"crawl delay"));
        assert!(!is_crawl_delay(b"crawl-delays"));
    }
}
