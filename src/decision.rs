//! What a query answers: the verdict and why.

use core::fmt;

/// Whether a rule allows or disallows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `allow` line.
    Allow,
    /// A `disallow` line.
    Disallow,
}

impl RuleKind {
    /// `"allow"` or `"disallow"`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleKind::Allow => "allow",
            RuleKind::Disallow => "disallow",
        }
    }
}

/// One allow or disallow rule of a parsed file, as a query reports it.
///
/// # Examples
///
/// ```
/// use robots::{RobotsTxt, RuleKind};
///
/// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private\nAllow: /private/ok\n");
/// let decision = robots.decide("foobot", "/private/ok/page");
/// let rule = decision.rule().unwrap();
/// assert_eq!(rule.kind(), RuleKind::Allow);
/// assert_eq!(rule.pattern(), "/private/ok");
/// assert_eq!(rule.line(), 3);
/// assert_eq!(rule.priority(), 11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule<'a> {
    pub(crate) kind: RuleKind,
    pub(crate) pattern: &'a str,
    pub(crate) matched: &'a str,
    pub(crate) line: u32,
    pub(crate) priority: u32,
}

impl<'a> Rule<'a> {
    /// Allow or disallow.
    pub fn kind(&self) -> RuleKind {
        self.kind
    }

    /// Whether this is an allow rule.
    pub fn is_allow(&self) -> bool {
        self.kind == RuleKind::Allow
    }

    /// The pattern as written in the file (invalid UTF-8 replaced by U+FFFD).
    pub fn pattern(&self) -> &'a str {
        self.pattern
    }

    /// The pattern in the form that was matched: the RFC canonical form, or
    /// Google's escaped form. For the Google profile's `index.htm` rule
    /// (SPEC §5.5) it is the derived pattern, such as `/d/$`.
    pub fn matched_pattern(&self) -> &'a str {
        self.matched
    }

    /// The rule's 1-based line.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// Its priority: the length in bytes of [`Rule::matched_pattern`]
    /// (SPEC §5.2). Higher wins; an allow wins a tie.
    pub fn priority(&self) -> u32 {
        self.priority
    }
}

impl fmt::Display for Rule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = match self.kind {
            RuleKind::Allow => "Allow",
            RuleKind::Disallow => "Disallow",
        };
        write!(f, "line {}: {key}: {}", self.line, self.pattern)
    }
}

/// Why a [`Decision`] came out as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason<'a> {
    /// This rule had the highest priority among those that matched.
    Rule(Rule<'a>),
    /// No rule for this crawler matched (or no group applies to it): allowed.
    NoMatchingRule,
    /// The RFC profile always allows `/robots.txt` itself (RFC 9309 §2.2.2).
    RobotsTxtPath,
    /// The robots.txt was unavailable (a 4xx, or too many redirects), so
    /// everything is allowed (RFC 9309 §2.3.1.3).
    Unavailable,
    /// The site was unreachable (a 5xx, a 429 or a network failure), so
    /// everything is disallowed (RFC 9309 §2.3.1.4).
    Unreachable,
}

/// The answer to one query: the verdict, and the rule that decided it.
///
/// # Examples
///
/// ```
/// use robots::{Reason, RobotsTxt};
///
/// let robots = RobotsTxt::parse(b"User-agent: foobot\nDisallow: /\n");
/// let decision = robots.decide("foobot", "https://example.com/page");
/// assert!(!decision.is_allowed());
/// assert_eq!(decision.rule().map(|r| r.line()), Some(2));
///
/// let other = robots.decide("barbot", "/page");
/// assert!(other.is_allowed());
/// assert_eq!(other.reason(), Reason::NoMatchingRule);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision<'a> {
    pub(crate) allowed: bool,
    pub(crate) reason: Reason<'a>,
}

impl<'a> Decision<'a> {
    /// Whether the crawler may fetch the URL.
    pub fn is_allowed(&self) -> bool {
        self.allowed
    }

    /// Why.
    pub fn reason(&self) -> Reason<'a> {
        self.reason
    }

    /// The deciding rule, when one decided.
    pub fn rule(&self) -> Option<Rule<'a>> {
        match self.reason {
            Reason::Rule(rule) => Some(rule),
            _ => None,
        }
    }
}

impl fmt::Display for Decision<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.allowed {
            "allowed"
        } else {
            "DISALLOWED"
        })?;
        match self.reason {
            Reason::Rule(rule) => write!(f, " by {rule}"),
            Reason::NoMatchingRule => f.write_str(": no rule applies"),
            Reason::RobotsTxtPath => {
                f.write_str(": /robots.txt is always allowed (RFC 9309 §2.2.2)")
            }
            Reason::Unavailable => {
                f.write_str(": robots.txt unavailable, everything allowed (RFC 9309 §2.3.1.3)")
            }
            Reason::Unreachable => {
                f.write_str(": robots.txt unreachable, everything disallowed (RFC 9309 §2.3.1.4)")
            }
        }
    }
}
