//! Parse options: which profile to follow and how much of a body to read.

/// Which reading of robots.txt to follow.
///
/// The two profiles differ only where SPEC.md marks a rule **\[RFC\]** or
/// **\[Google\]**; see the crate docs' `# Conformance` table.
///
/// # Examples
///
/// ```
/// use robots::{ParseOptions, Profile, RobotsTxt};
///
/// // Google's reference cuts product tokens at the first digit, so a group
/// // for `MJ12bot` is read as a group for `MJ`.
/// let body = b"User-agent: MJ12bot\nDisallow: /\n";
/// let rfc = RobotsTxt::parse(body);
/// let google = RobotsTxt::parse_with(body, &ParseOptions::new().profile(Profile::Google));
/// assert!(!rfc.is_allowed("MJ12bot", "/page"));
/// assert!(google.is_allowed("MJ12bot", "/page"));
/// assert!(!google.is_allowed("MJ", "/page"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// RFC 9309 as written, with Google's behaviour where the RFC is silent.
    #[default]
    Rfc,
    /// The verdicts of Google's reference library (google/robotstxt), bit for
    /// bit, applied to the first 500 KiB of the body as Googlebot does.
    Google,
}

impl Profile {
    /// The profile's name as the CLI and the corpus use it: `"rfc"` or `"google"`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Rfc => "rfc",
            Profile::Google => "google",
        }
    }
}

impl core::fmt::Display for Profile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// How to parse a body: the [`Profile`] and the size limit.
///
/// Built with [`ParseOptions::new`] and by-value setters.
///
/// # Examples
///
/// ```
/// use robots::{ParseOptions, Profile, RobotsTxt};
///
/// let options = ParseOptions::new().profile(Profile::Google).size_limit(1 << 20);
/// let robots = RobotsTxt::parse_with(b"User-agent: *\nDisallow: /private\n", &options);
/// assert_eq!(robots.profile(), Profile::Google);
/// assert!(!robots.is_allowed("anybot", "/private/x"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    pub(crate) profile: Profile,
    pub(crate) size_limit: usize,
}

impl ParseOptions {
    /// The default size limit: 512,000 bytes (500 KiB), the least RFC 9309 §2.5
    /// allows and what Googlebot reads.
    pub const DEFAULT_SIZE_LIMIT: usize = 512_000;

    /// The largest size limit accepted: 256 MiB. A larger one is clamped to it,
    /// which keeps every offset the parser stores within 32 bits.
    pub const MAX_SIZE_LIMIT: usize = 256 << 20;

    /// The RFC profile with the default size limit.
    pub const fn new() -> Self {
        ParseOptions {
            profile: Profile::Rfc,
            size_limit: Self::DEFAULT_SIZE_LIMIT,
        }
    }

    /// Sets the profile.
    #[must_use]
    pub const fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// Sets how many bytes of a body are parsed (SPEC §1.2); the rest is
    /// ignored and reported by a [`DiagnosticKind::Truncated`](crate::DiagnosticKind::Truncated).
    /// Values above [`ParseOptions::MAX_SIZE_LIMIT`] are clamped to it.
    #[must_use]
    pub const fn size_limit(mut self, bytes: usize) -> Self {
        self.size_limit = if bytes > Self::MAX_SIZE_LIMIT {
            Self::MAX_SIZE_LIMIT
        } else {
            bytes
        };
        self
    }

    /// The profile these options select.
    pub const fn selected_profile(&self) -> Profile {
        self.profile
    }

    /// The size limit these options set, in bytes.
    pub const fn selected_size_limit(&self) -> usize {
        self.size_limit
    }
}

impl Default for ParseOptions {
    fn default() -> Self {
        Self::new()
    }
}
