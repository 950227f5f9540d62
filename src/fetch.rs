//! From what fetching `/robots.txt` produced to a policy (RFC 9309 §2.3.1,
//! SPEC §7), and the URL and origin to fetch it from. No I/O: the caller
//! fetches with any HTTP client and hands over the outcome.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use core::fmt;

use crate::options::ParseOptions;
use crate::robots::RobotsTxt;

/// Where a [`RobotsTxt`]'s rules came from, and so what it does with URLs
/// that no rule decides.
///
/// # Examples
///
/// ```
/// use robots::{RobotsTxt, Source};
///
/// let gone = RobotsTxt::from_response(404, b"");
/// assert_eq!(gone.source(), Source::Unavailable { status: Some(404) });
/// assert!(gone.is_allowed("bot", "/anything"));
///
/// let down = RobotsTxt::from_response(503, b"<html>busy</html>");
/// assert!(down.source().is_unreachable());
/// assert!(!down.is_allowed("bot", "/anything"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// Rules parsed from a body: a 2xx response (`status`), or a body handed
    /// to [`RobotsTxt::parse`] directly (`status` is `None`).
    Parsed {
        /// The HTTP status, when the body came from a response.
        status: Option<u16>,
    },
    /// RFC 9309 §2.3.1.3: the file is unavailable (a 4xx, or more redirects
    /// than the crawler follows), so everything is allowed.
    Unavailable {
        /// The HTTP status; a 3xx means the redirect limit was reached.
        status: Option<u16>,
    },
    /// RFC 9309 §2.3.1.4: the server or network failed (a 5xx, a 429, a
    /// timeout, a DNS or connection error), so everything is disallowed.
    Unreachable {
        /// The HTTP status; `None` when no response came.
        status: Option<u16>,
    },
}

impl Source {
    /// Whether rules were parsed from a body.
    pub fn is_parsed(self) -> bool {
        matches!(self, Source::Parsed { .. })
    }

    /// Whether the file is unavailable, so everything is allowed.
    pub fn is_unavailable(self) -> bool {
        matches!(self, Source::Unavailable { .. })
    }

    /// Whether the site was unreachable, so everything is disallowed.
    pub fn is_unreachable(self) -> bool {
        matches!(self, Source::Unreachable { .. })
    }

    /// The source a fetch with this HTTP status gives (SPEC §7).
    ///
    /// 2xx parses the body; 3xx (the caller stopped following redirects) and
    /// 4xx, 401 and 403 included, are unavailable; 429 and 5xx are
    /// unreachable. Any other status (1xx, or outside 100..=599) is not a
    /// final response and is read as unreachable, the cautious choice.
    pub fn from_status(status: u16) -> Source {
        match status {
            200..=299 => Source::Parsed {
                status: Some(status),
            },
            429 => Source::Unreachable {
                status: Some(status),
            },
            300..=499 => Source::Unavailable {
                status: Some(status),
            },
            _ => Source::Unreachable {
                status: Some(status),
            },
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = |s: &Option<u16>| s.map(|s| format!("{s} ")).unwrap_or_default();
        match self {
            Source::Parsed { status: s } => write!(f, "{}parsed", status(s)),
            Source::Unavailable {
                status: Some(s @ 300..=399),
            } => {
                write!(f, "{s} too many redirects: unavailable, allow all")
            }
            Source::Unavailable { status: s } => write!(f, "{}unavailable: allow all", status(s)),
            Source::Unreachable { status: s } => {
                write!(f, "{}unreachable: disallow all", status(s))
            }
        }
    }
}

impl RobotsTxt {
    /// The policy for a response to `GET /robots.txt` (RFC 9309 §2.3.1,
    /// SPEC §7), with the RFC profile and default limits: 2xx parses `body`;
    /// 4xx (401 and 403 included) allows everything; 429 and 5xx disallow
    /// everything; a 3xx means the caller stopped after too many redirects
    /// ([`RedirectChain`]) and is read as a 4xx.
    ///
    /// A `304 Not Modified` to a conditional fetch is not a policy of its
    /// own: it says the cached one still holds, so pass it to
    /// [`RobotsCache::revalidated`](crate::RobotsCache::revalidated) instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::RobotsTxt;
    ///
    /// let ok = RobotsTxt::from_response(200, b"User-agent: *\nDisallow: /tmp\n");
    /// assert!(!ok.is_allowed("bot", "/tmp/x"));
    /// assert!(RobotsTxt::from_response(403, b"Forbidden").is_allowed("bot", "/tmp/x"));
    /// assert!(!RobotsTxt::from_response(429, b"").is_allowed("bot", "/"));
    /// // RFC 9309 §2.2.2: /robots.txt itself stays allowed in the RFC profile.
    /// assert!(RobotsTxt::from_response(500, b"").is_allowed("bot", "/robots.txt"));
    /// ```
    pub fn from_response(status: u16, body: &[u8]) -> RobotsTxt {
        RobotsTxt::from_response_with(status, body, &ParseOptions::new())
    }

    /// [`RobotsTxt::from_response`] with `options`.
    pub fn from_response_with(status: u16, body: &[u8], options: &ParseOptions) -> RobotsTxt {
        let source = Source::from_status(status);
        let body: &[u8] = if source.is_parsed() { body } else { b"" };
        RobotsTxt::parse_with(body, options).with_source(source)
    }

    /// The policy when no response came: a timeout, a DNS or connection
    /// failure. Everything is disallowed (RFC 9309 §2.3.1.4), except
    /// `/robots.txt` itself in the RFC profile.
    pub fn unreachable() -> RobotsTxt {
        RobotsTxt::unreachable_with(&ParseOptions::new())
    }

    /// [`RobotsTxt::unreachable`] with `options` (for the profile).
    pub fn unreachable_with(options: &ParseOptions) -> RobotsTxt {
        RobotsTxt::parse_with(b"", options).with_source(Source::Unreachable { status: None })
    }

    /// The policy when the file is unavailable with no status to report
    /// (for example an unreachable origin treated as unavailable after 30
    /// days, RFC 9309 §2.3.1.4): everything is allowed.
    pub fn unavailable() -> RobotsTxt {
        RobotsTxt::unavailable_with(&ParseOptions::new())
    }

    /// [`RobotsTxt::unavailable`] with `options` (for the profile).
    pub fn unavailable_with(options: &ParseOptions) -> RobotsTxt {
        RobotsTxt::parse_with(b"", options).with_source(Source::Unavailable { status: None })
    }
}

/// The least number of redirects RFC 9309 §2.3.1.2 asks crawlers to follow.
pub const MIN_REDIRECTS: u32 = 5;

/// Counts the redirects of one robots.txt fetch and says whether to follow
/// the next (RFC 9309 §2.3.1.2): at least five, across hosts too.
///
/// When it answers [`RedirectStep::TooMany`], stop and build the policy with
/// [`RobotsTxt::from_response`] and the last 3xx status, which reads as
/// unavailable.
///
/// # Examples
///
/// ```
/// use robots::{RedirectChain, RedirectStep};
///
/// let mut chain = RedirectChain::new();
/// for _ in 0..5 {
///     assert_eq!(chain.next("https://other.example/robots.txt"), RedirectStep::Follow);
/// }
/// assert_eq!(chain.next("/robots.txt"), RedirectStep::TooMany);
/// assert_eq!(RedirectChain::new().next("ftp://x/robots.txt"), RedirectStep::Unsupported);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedirectChain {
    followed: u32,
    limit: u32,
}

/// What to do with a redirect, from [`RedirectChain::next`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RedirectStep {
    /// Follow it.
    Follow,
    /// The limit is reached: stop, and read the 3xx as unavailable.
    TooMany,
    /// It points to a scheme other than `http` or `https`, or is empty: stop,
    /// and read the 3xx as unavailable.
    Unsupported,
}

impl RedirectChain {
    /// A chain that follows [`MIN_REDIRECTS`] redirects.
    pub fn new() -> Self {
        RedirectChain::with_limit(MIN_REDIRECTS)
    }

    /// A chain that follows `limit` redirects, raised to [`MIN_REDIRECTS`]
    /// if lower.
    pub fn with_limit(limit: u32) -> Self {
        RedirectChain {
            followed: 0,
            limit: limit.max(MIN_REDIRECTS),
        }
    }

    /// How many redirects were followed.
    pub fn followed(&self) -> u32 {
        self.followed
    }

    /// Whether to follow a redirect to `location` (absolute, or relative to
    /// the current URL); counts it when the answer is
    /// [`RedirectStep::Follow`].
    pub fn next(&mut self, location: &str) -> RedirectStep {
        let location = location.trim();
        if location.is_empty() {
            return RedirectStep::Unsupported;
        }
        if let Some((scheme, _)) = split_scheme(location) {
            if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
                return RedirectStep::Unsupported;
            }
        }
        if self.followed >= self.limit {
            return RedirectStep::TooMany;
        }
        self.followed += 1;
        RedirectStep::Follow
    }
}

impl Default for RedirectChain {
    fn default() -> Self {
        Self::new()
    }
}

/// `scheme` and the rest, when `url` starts with `scheme:` (RFC 3986 §3.1).
fn split_scheme(url: &str) -> Option<(&str, &str)> {
    let colon = url.find(':')?;
    let scheme = &url[..colon];
    let mut bytes = scheme.bytes();
    let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then(|| (scheme, &url[colon + 1..]))
}

/// Why a URL has no origin.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidUrl {
    /// The URL does not start with `scheme://`.
    #[error("not an absolute URL with `scheme://`")]
    NotAbsolute,
    /// The URL has no host.
    #[error("the URL has no host")]
    EmptyHost,
    /// The port is not a number from 0 to 65535.
    #[error("invalid port {0:?}")]
    InvalidPort(Box<str>),
    /// The host has a character no host name has (a space, a control, or one
    /// of `<>"{}|\^` and the backtick), a bracket or colon outside an IP
    /// literal, or something other than a port after one.
    #[error("invalid host {0:?}")]
    InvalidHost(Box<str>),
}

/// A web origin (scheme, host, port), the key under which robots.txt rules
/// apply (RFC 9309 §2.3: each origin has its own robots.txt).
///
/// The scheme and host are lower-cased, the port is the effective one (the
/// scheme's default when not written), and userinfo is dropped, so
/// `http://Example.com:80/a` and `http://user@example.com/b` are one origin
/// and `https://example.com` another. A trailing dot is kept: `example.com.`
/// is not assumed to be `example.com`. Hosts are compared as written:
/// internationalised names should be given in their ASCII (punycode) form.
///
/// # Examples
///
/// ```
/// use robots::Origin;
///
/// let a = Origin::from_url("http://Example.COM:80/a?b")?;
/// let b = Origin::from_url("http://example.com/other")?;
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "http://example.com");
/// assert_eq!(a.robots_txt_url(), "http://example.com/robots.txt");
/// assert_ne!(a, Origin::from_url("https://example.com/")?);
/// assert_eq!(Origin::from_url("https://[::1]:8443/x")?.robots_txt_url(), "https://[::1]:8443/robots.txt");
/// # Ok::<(), robots::InvalidUrl>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin {
    scheme: Box<str>,
    host: Box<str>,
    /// `None` when the port is the scheme's default.
    port: Option<u16>,
}

/// The default port of the schemes that have robots.txt files.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

impl Origin {
    /// The origin of an absolute URL.
    ///
    /// # Errors
    ///
    /// [`InvalidUrl`] when `url` does not start with `scheme://`, has no host,
    /// or has an invalid port.
    pub fn from_url(url: &str) -> Result<Origin, InvalidUrl> {
        let (scheme, rest) = split_scheme(url.trim()).ok_or(InvalidUrl::NotAbsolute)?;
        let rest = rest.strip_prefix("//").ok_or(InvalidUrl::NotAbsolute)?;
        let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
        // An IPv6 literal keeps its brackets; only a port may follow the `]`.
        let (host, port) = match host_port.strip_prefix('[') {
            Some(v6) => match v6.find(']') {
                Some(end) => {
                    let (host, after) = host_port.split_at(end + 2);
                    match after.strip_prefix(':') {
                        Some(port) => (host, Some(port)),
                        None if after.is_empty() => (host, None),
                        None => return Err(InvalidUrl::InvalidHost(host_port.into())),
                    }
                }
                None => return Err(InvalidUrl::EmptyHost),
            },
            None => match host_port.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (host_port, None),
            },
        };
        if host.is_empty() {
            return Err(InvalidUrl::EmptyHost);
        }
        // RFC 3986 §3.2.2: a registered name, an IP literal or an IPv4
        // address; non-ASCII names are let through for IDNA-aware callers.
        // Brackets and colons belong only to an IP literal.
        let literal = host.starts_with('[');
        let inner = if literal {
            &host[1..host.len() - 1]
        } else {
            host
        };
        if inner.is_empty()
            || inner.bytes().any(|b| {
                b <= b' ' || b == 0x7F || br#"<>"{}|\^`[]"#.contains(&b) || (b == b':' && !literal)
            })
        {
            return Err(InvalidUrl::InvalidHost(host.into()));
        }
        let scheme = scheme.to_ascii_lowercase();
        let port = match port {
            None | Some("") => None,
            Some(p) => {
                let valid = p.bytes().all(|b| b.is_ascii_digit());
                let n: u16 = p
                    .parse()
                    .ok()
                    .filter(|_| valid)
                    .ok_or_else(|| InvalidUrl::InvalidPort(p.into()))?;
                (Some(n) != default_port(&scheme)).then_some(n)
            }
        };
        Ok(Origin {
            scheme: scheme.into(),
            host: host.to_ascii_lowercase().into(),
            port,
        })
    }

    /// The scheme, lower-case.
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host, lower-case (with brackets for an IPv6 literal).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The effective port: the one written, else the scheme's default
    /// (`None` for a scheme with no known default).
    pub fn port(&self) -> Option<u16> {
        self.port.or_else(|| default_port(&self.scheme))
    }

    /// The URL of this origin's robots.txt.
    pub fn robots_txt_url(&self) -> String {
        format!("{self}/robots.txt")
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

/// The robots.txt URL for any absolute URL: scheme, lower-cased host, port
/// kept unless it is the scheme's default, no userinfo, path `/robots.txt`.
///
/// # Errors
///
/// [`InvalidUrl`], as for [`Origin::from_url`].
///
/// # Examples
///
/// ```
/// assert_eq!(
///     robots::robots_txt_url("https://user:pw@WWW.Example.com:443/a/b?c#d")?,
///     "https://www.example.com/robots.txt"
/// );
/// assert_eq!(robots::robots_txt_url("http://example.com:8080")?, "http://example.com:8080/robots.txt");
/// # Ok::<(), robots::InvalidUrl>(())
/// ```
pub fn robots_txt_url(url: &str) -> Result<String, InvalidUrl> {
    Origin::from_url(url).map(|o| o.robots_txt_url())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// SPEC §7: the origin that keys a cache, and the URLs that have none.
    #[test]
    fn origins() {
        let o = |u| Origin::from_url(u).map(|o| o.to_string());
        assert_eq!(o("HTTP://a.B.c:80"), Ok("http://a.b.c".into()));
        assert_eq!(o("http://a:81/"), Ok("http://a:81".into()));
        assert_eq!(o("https://a:443#x"), Ok("https://a".into()));
        assert_eq!(o("https://u:p@a?q"), Ok("https://a".into()));
        assert_eq!(o("http://a.:80"), Ok("http://a.".into()));
        assert_eq!(o("http://[::1]"), Ok("http://[::1]".into()));
        assert_eq!(o("http://[::1]:80"), Ok("http://[::1]".into()));
        assert_eq!(o("http://a:"), Ok("http://a".into()));
        assert_eq!(o("a/b"), Err(InvalidUrl::NotAbsolute));
        assert_eq!(o("mailto:x@y"), Err(InvalidUrl::NotAbsolute));
        assert_eq!(o("http:///x"), Err(InvalidUrl::EmptyHost));
        assert_eq!(
            o("http://a:99999"),
            Err(InvalidUrl::InvalidPort("99999".into()))
        );
        assert_eq!(o("http://a:+1"), Err(InvalidUrl::InvalidPort("+1".into())));
        assert_eq!(o("http://[::1"), Err(InvalidUrl::EmptyHost));
        assert_eq!(
            o("https://not a site/"),
            Err(InvalidUrl::InvalidHost("not a site".into()))
        );
        assert_eq!(o("http://a<b/"), Err(InvalidUrl::InvalidHost("a<b".into())));
        // Only a port may follow an IP literal, and only a literal has
        // brackets or colons in its host.
        for (url, host) in [
            ("http://[::1]x/", "[::1]x"),
            ("http://[::1]]/", "[::1]]"),
            ("http://[]:80/", "[]"),
            ("http://a:b:80/", "a:b"),
            ("http://a]:80/", "a]"),
        ] {
            assert_eq!(o(url), Err(InvalidUrl::InvalidHost(host.into())), "{url}");
        }
        assert_eq!(o("http://[v1.x]:8/"), Ok("http://[v1.x]:8".into()));
    }

    #[test]
    fn statuses() {
        // SPEC §7 table
        for s in [200, 204, 299] {
            assert!(Source::from_status(s).is_parsed(), "{s}");
        }
        for s in [300, 301, 308, 400, 401, 403, 404, 410, 499] {
            assert!(Source::from_status(s).is_unavailable(), "{s}");
        }
        for s in [429, 500, 503, 599, 0, 100, 199, 600, 999] {
            assert!(Source::from_status(s).is_unreachable(), "{s}");
        }
    }
}
