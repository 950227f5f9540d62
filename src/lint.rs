//! A linter: the mistakes that silently change what crawlers do.
//!
//! It parses the file as the crate does (reusing the parser's diagnostics),
//! then looks at what the parser accepted without complaint but an author
//! would not have meant.

use alloc::borrow::ToOwned;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::agent::{is_global, token_prefix};
use crate::decision::RuleKind;
use crate::diag::DiagnosticKind;
use crate::directive::{Directive, is_crawl_delay, recognize};
use crate::lex::Entries;
use crate::options::{ParseOptions, Profile};
use crate::path::{Form, canonicalize, has_unreserved_escape, index_htm_cut};
use crate::robots::RobotsTxt;

/// How serious a [`Lint`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Crawlers will not do what the file seems to say.
    Error,
    /// Probably a mistake, or read differently by different crawlers.
    Warning,
    /// Worth knowing.
    Info,
}

impl Severity {
    /// `"error"`, `"warning"` or `"info"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

macro_rules! lint_codes {
    ($($variant:ident = $code:literal, $severity:ident, $doc:literal;)*) => {
        /// What a [`Lint`] is about: a stable short code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum LintCode {
            $(#[doc = $doc] $variant,)*
        }

        impl LintCode {
            /// Every code, in order of severity.
            pub const ALL: &'static [LintCode] = &[$(LintCode::$variant,)*];

            /// The code as a string, such as `"rule-outside-group"`.
            pub const fn as_str(self) -> &'static str {
                match self { $(LintCode::$variant => $code,)* }
            }

            /// How serious it is.
            pub const fn severity(self) -> Severity {
                match self { $(LintCode::$variant => Severity::$severity,)* }
            }
        }
    };
}

lint_codes! {
    RuleOutsideGroup = "rule-outside-group", Error, "An allow or disallow line before any user-agent line: it applies to no crawler.";
    Noindex = "noindex", Error, "A `Noindex` line: Google stopped reading it on 2019-09-01.";
    RelativeSitemap = "relative-sitemap", Error, "A sitemap URL that is not absolute.";
    InvalidCrawlDelay = "invalid-crawl-delay", Error, "A crawl-delay that is not a non-negative number of seconds.";
    OverSizeLimit = "over-size-limit", Error, "A body longer than the size limit: the rest is ignored.";
    Html = "html", Error, "An HTML page served as robots.txt.";
    Image = "image", Error, "An image served as robots.txt.";
    Gzip = "gzip", Error, "A gzip stream served as robots.txt (a missing `Content-Encoding`).";
    Utf16 = "utf16", Error, "A UTF-16 file: crawlers read robots.txt as UTF-8.";
    PatternNotSlash = "pattern-not-slash", Warning, "A pattern that starts with neither `/` nor `*`: it can never match.";
    UserAgentNotToken = "user-agent-not-token", Warning, "A user-agent value with a version or several words: crawlers match only the product token.";
    BlocksResources = "blocks-resources", Warning, "A rule that blocks the CSS, JavaScript or images pages need to render.";
    DisallowAll = "disallow-all", Warning, "The whole site disallowed for every crawler.";
    AgentInSeveralGroups = "agent-in-several-groups", Warning, "One crawler named in several separate groups, which are merged.";
    JoinsGroupWithoutRules = "joins-group-without-rules", Warning, "A user-agent line after a blank line or a record that still joins the group before it, because that group has no rules yet.";
    KeyTypo = "key-typo", Warning, "A misspelt key that the parser accepts.";
    MissingColon = "missing-colon", Warning, "A directive without a colon.";
    UnknownRecord = "unknown-record", Warning, "A record no crawler is known to read.";
    NotADirective = "not-a-directive", Warning, "A line that is neither a directive, a comment nor blank: it is ignored.";
    LineTooLong = "line-too-long", Warning, "A line longer than the line limit: its end is ignored.";
    InvalidUtf8 = "invalid-utf8", Warning, "A line that is not valid UTF-8.";
    ProfileDifference = "profile-difference", Warning, "A line that RFC 9309 and Google read differently.";
    CrawlDelay = "crawl-delay", Info, "A crawl-delay: not in RFC 9309; Google ignores it, Bing and Yandex read it.";
    Bom = "bom", Info, "A byte order mark at the start of the file.";
    RedundantRule = "redundant-rule", Info, "A rule that can never decide, because another has the same pattern.";
}

impl fmt::Display for LintCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// One finding of [`lint`]: a line, a severity, a code, a message and maybe a
/// suggestion.
///
/// # Examples
///
/// ```
/// let lints = robots::lint(b"User-agent: *\nNoindex: /drafts/\n");
/// assert_eq!(lints.len(), 1);
/// assert_eq!(
///     lints[0].to_string(),
///     "error   line 2   noindex   Noindex is ignored by Google since 2019-09-01; use a robots meta tag or X-Robots-Tag header"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lint {
    line: u32,
    code: LintCode,
    message: String,
    suggestion: Option<String>,
}

impl Lint {
    /// The 1-based line it concerns (line 1 for findings about the whole file).
    pub fn line(&self) -> u32 {
        self.line
    }

    /// How serious it is.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// What it is about.
    pub fn code(&self) -> LintCode {
        self.code
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What to do about it, when there is a clear fix.
    pub fn suggestion(&self) -> Option<&str> {
        self.suggestion.as_deref()
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<8}line {:<3} {}   {}",
            self.severity(),
            self.line,
            self.code,
            self.message
        )?;
        if let Some(suggestion) = &self.suggestion {
            write!(f, "; {suggestion}")?;
        }
        Ok(())
    }
}

/// Lints a robots.txt body with the default size limit. Never fails, never
/// panics; findings come sorted by line.
///
/// # Examples
///
/// ```
/// use robots::{LintCode, Severity};
///
/// let lints = robots::lint(b"Disallow: /tmp\nUser-agent: Googlebot/2.1\nDisallow: /*.css$\n");
/// let found: Vec<_> = lints.iter().map(|l| (l.line(), l.severity(), l.code())).collect();
/// assert_eq!(found, [
///     (1, Severity::Error, LintCode::RuleOutsideGroup),
///     (2, Severity::Warning, LintCode::UserAgentNotToken),
///     (3, Severity::Warning, LintCode::BlocksResources),
/// ]);
/// assert!(robots::lint(b"User-agent: *\nDisallow: /private/\n").is_empty());
/// ```
pub fn lint(body: &[u8]) -> Vec<Lint> {
    lint_with(body, &ParseOptions::new())
}

/// [`lint`] with `options` (for the size limit).
pub fn lint_with(body: &[u8], options: &ParseOptions) -> Vec<Lint> {
    let mut linter = Linter { lints: Vec::new() };
    if let Some((code, what)) = not_robots_txt(body) {
        // Everything else would be noise caused by this.
        linter.push(
            1,
            code,
            format!("the body is {what}, not a robots.txt; crawlers will ignore all of it"),
            None,
        );
        return linter.lints;
    }
    let rfc = RobotsTxt::parse_with(body, &options.clone().profile(Profile::Rfc));
    linter.diagnostics(&rfc);
    linter.lines(body, options);
    linter.groups(&rfc);
    linter.lints.sort_by_key(|l| (l.line, l.code));
    linter.lints
}

struct Linter {
    lints: Vec<Lint>,
}

/// Records other than user-agent, allow, disallow and sitemap that some
/// crawler reads; any other key is an unknown record.
const KNOWN_RECORDS: &[&str] = &[
    "crawl-delay",
    "crawldelay",
    "crawl delay",
    "host",
    "clean-param",
    "request-rate",
    "visit-time",
    "noindex",
    "content-signal",
    "content-usage",
];

/// Keys a near miss is compared with for a "did you mean".
const SUGGESTED_KEYS: &[&str] = &[
    "user-agent",
    "allow",
    "disallow",
    "sitemap",
    "crawl-delay",
    "host",
    "clean-param",
];

impl Linter {
    fn push(&mut self, line: u32, code: LintCode, message: String, suggestion: Option<String>) {
        self.lints.push(Lint {
            line,
            code,
            message,
            suggestion,
        });
    }

    /// Findings the parser already reported.
    fn diagnostics(&mut self, robots: &RobotsTxt) {
        for d in robots.diagnostics() {
            let line = d.line();
            match d.kind() {
                DiagnosticKind::AcceptedKey { written, read_as } => self.push(
                    line,
                    LintCode::KeyTypo,
                    format!("key `{written}` is read as `{}`, but not every crawler does", read_as.name()),
                    Some(format!("write `{}`", capitalised(*read_as))),
                ),
                DiagnosticKind::MissingColon => self.push(
                    line,
                    LintCode::MissingColon,
                    "directive without a colon; Google accepts it, other crawlers may not".into(),
                    Some("put a `:` after the key".into()),
                ),
                DiagnosticKind::LineTooLong { length } => self.push(
                    line,
                    LintCode::LineTooLong,
                    format!("line of {length} bytes; bytes past {} are ignored", crate::MAX_LINE_BYTES),
                    None,
                ),
                // Not the body's length: a caller that reads as crawlers do
                // hands over only the limit and one byte more.
                DiagnosticKind::Truncated { limit, .. } => self.push(
                    line,
                    LintCode::OverSizeLimit,
                    format!("the body is longer than {limit} bytes; crawlers read the first {limit} and ignore the rest"),
                    Some("keep robots.txt under 500 KiB".into()),
                ),
                DiagnosticKind::RuleOutsideGroup => self.push(
                    line,
                    LintCode::RuleOutsideGroup,
                    "rule before any user-agent line applies to no crawler".into(),
                    Some("add `User-agent: *` above it".into()),
                ),
                DiagnosticKind::InvalidCrawlDelay { value } => self.push(
                    line,
                    LintCode::InvalidCrawlDelay,
                    format!("crawl-delay `{value}` is not a number of seconds and is ignored"),
                    Some("write a number such as `10` or `0.5`".into()),
                ),
                // A crawl-delay outside any group is reported as such below,
                // with the crawl-delay info.
                DiagnosticKind::CrawlDelayOutsideGroup => {}
            }
        }
    }

    /// Findings about single lines, from a second, light pass over them.
    fn lines(&mut self, body: &[u8], options: &ParseOptions) {
        let limited = &body[..body.len().min(options.selected_size_limit())];
        let bom = limited
            .iter()
            .zip([0xEF, 0xBB, 0xBF])
            .take_while(|(a, b)| **a == *b)
            .count();
        if bom > 0 {
            self.push(
                1,
                LintCode::Bom,
                "the file starts with a byte order mark; crawlers skip it, other tools may not"
                    .into(),
                Some("save the file as UTF-8 without a BOM".into()),
            );
        }
        let mut seen_agent = false;
        // The first user-agent line of the current group while it has no
        // rule yet, and whether a blank line or a record has come since the
        // last user-agent line: a user-agent line after that still joins the
        // group (SPEC §2.1), which its author rarely means.
        let mut open_group: Option<u32> = None;
        let mut gap = false;
        for line in Entries::new(&limited[bom..]) {
            let n = line.number;
            if core::str::from_utf8(line.bytes).is_err() {
                self.push(
                    n,
                    LintCode::InvalidUtf8,
                    "line is not valid UTF-8".into(),
                    Some("save the file as UTF-8".into()),
                );
            }
            let Some(kv) = line.kv else {
                gap |= crate::lex::trim(line.bytes).is_empty();
                if !crate::lex::content(line.bytes).is_empty() {
                    self.push(
                        n,
                        LintCode::NotADirective,
                        "line is not a directive and is ignored".into(),
                        Some("make it a comment with `#`".into()),
                    );
                }
                continue;
            };
            let directive = recognize(kv.key).map(|r| r.directive);
            match directive {
                Some(Directive::UserAgent) => {
                    seen_agent = true;
                    match open_group {
                        Some(first) if gap => self.push(
                            n,
                            LintCode::JoinsGroupWithoutRules,
                            format!(
                                "this user-agent line joins the group of line {first}, which has no rules yet: \
                                 blank lines and records do not end a group, so both get the rules below"
                            ),
                            Some(format!("give the group of line {first} its own rules, or put the user-agent lines together")),
                        ),
                        Some(_) => {}
                        None => open_group = Some(n),
                    }
                    gap = false;
                    self.user_agent(n, kv.value);
                }
                Some(Directive::Allow | Directive::Disallow) => {
                    open_group = None;
                    self.pattern(n, directive == Some(Directive::Allow), kv.value);
                }
                Some(Directive::Sitemap) => {
                    if !is_absolute_url(kv.value) {
                        self.push(
                            n,
                            LintCode::RelativeSitemap,
                            format!(
                                "sitemap `{}` is not an absolute URL and is ignored",
                                lossy(kv.value)
                            ),
                            Some("write the full URL, with `https://` and the host".into()),
                        );
                    }
                }
                None => {
                    gap = true;
                    self.record(n, kv.key, kv.value, seen_agent);
                }
            }
        }
    }

    fn user_agent(&mut self, line: u32, value: &[u8]) {
        if is_global(value) {
            return;
        }
        let rfc = token_prefix(value, Profile::Rfc);
        if rfc.len() < value.len() {
            self.push(
                line,
                LintCode::UserAgentNotToken,
                format!(
                    "user-agent `{}` is not a product token; crawlers match only `{}`",
                    lossy(value),
                    lossy(rfc)
                ),
                (!rfc.is_empty()).then(|| format!("write `User-agent: {}`", lossy(rfc))),
            );
        }
        let google = token_prefix(value, Profile::Google);
        if google.len() < rfc.len() {
            self.push(
                line,
                LintCode::ProfileDifference,
                format!(
                    "user-agent `{}`: RFC 9309 crawlers read `{}`, Google reads {} (it stops at the first digit)",
                    lossy(rfc),
                    lossy(rfc),
                    if google.is_empty() {
                        "no name".into()
                    } else {
                        format!("`{}`", lossy(google))
                    }
                ),
                None,
            );
        }
    }

    fn pattern(&mut self, line: u32, allow: bool, value: &[u8]) {
        if value.is_empty() {
            return;
        }
        if !matches!(value[0], b'/' | b'*') {
            self.push(
                line,
                LintCode::PatternNotSlash,
                format!(
                    "pattern `{}` starts with neither `/` nor `*`, so it never matches",
                    lossy(value)
                ),
                Some(format!("write `/{}`", lossy(value))),
            );
        }
        if !allow && blocks_resources(value) {
            self.push(
                line,
                LintCode::BlocksResources,
                format!(
                    "`{}` blocks files that pages need to render; Google may index them as broken",
                    lossy(value)
                ),
                Some("allow CSS, JavaScript and images".into()),
            );
        }
        for why in profile_differences(allow, value) {
            self.push(line, LintCode::ProfileDifference, why, None);
        }
    }

    fn record(&mut self, line: u32, key: &[u8], value: &[u8], in_group: bool) {
        let lower = key.to_ascii_lowercase();
        if lower == b"noindex" {
            self.push(
                line,
                LintCode::Noindex,
                "Noindex is ignored by Google since 2019-09-01".into(),
                Some("use a robots meta tag or X-Robots-Tag header".into()),
            );
        } else if is_crawl_delay(key) {
            // An invalid value is an error of its own (from the parser).
            if crate::group::parse_delay(value).is_none() {
                return;
            }
            let message = if in_group {
                "crawl-delay is not in RFC 9309; Google ignores it, Bing and Yandex read it"
                    .to_owned()
            } else {
                "crawl-delay before any user-agent line applies to no crawler".to_owned()
            };
            self.push(line, LintCode::CrawlDelay, message, None);
        } else if matches!(lower.as_slice(), b"http" | b"https") && value.starts_with(b"//") {
            // A bare URL, most often a sitemap listed without its key.
            self.push(
                line,
                LintCode::UnknownRecord,
                "a URL with no key is ignored".into(),
                Some("write `Sitemap:` before it, if it is a sitemap".into()),
            );
        } else if !KNOWN_RECORDS
            .iter()
            .any(|k| k.as_bytes() == lower.as_slice())
        {
            let near = SUGGESTED_KEYS
                .iter()
                .find(|k| lower.len() >= 3 && edit_distance(&lower, k.as_bytes()) <= 2);
            self.push(
                line,
                LintCode::UnknownRecord,
                format!("unknown record `{}` is ignored", lossy(key)),
                near.map(|k| format!("did you mean `{k}`?")),
            );
        }
    }

    /// Findings about groups and rules, from the parsed file.
    fn groups(&mut self, robots: &RobotsTxt) {
        let parsed = robots.parsed();
        let text = parsed.text.as_str();
        // One crawler named in several groups.
        let mut first_group: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
        for entry in &parsed.agents {
            let Some(token) = entry.token() else { continue };
            let token = token.get(text);
            match first_group.get(token) {
                None => {
                    first_group.insert(token, (entry.group, entry.line));
                }
                Some(&(group, first_line)) if group != entry.group => self.push(
                    entry.line,
                    LintCode::AgentInSeveralGroups,
                    format!("`{token}` is also named in the group at line {first_line}; the groups are merged"),
                    Some("put all of its rules in one group".into()),
                ),
                Some(_) => {}
            }
        }
        // The whole site disallowed for `*`.
        let globals: Vec<u32> = parsed
            .agents
            .iter()
            .filter(|a| a.token().is_none())
            .map(|a| a.group)
            .collect();
        let global_rules = globals
            .iter()
            .flat_map(|g| parsed.rules_of(&parsed.groups[*g as usize]));
        let mut disallow_all = None;
        let mut any_allow = false;
        for rule in global_rules {
            any_allow |= rule.kind == RuleKind::Allow;
            if rule.kind == RuleKind::Disallow && matches!(rule.pattern.get(text), "/" | "/*" | "*")
            {
                disallow_all = Some(disallow_all.map_or(rule.line, |l: u32| l.min(rule.line)));
            }
        }
        if let (Some(line), false) = (disallow_all, any_allow) {
            self.push(
                line,
                LintCode::DisallowAll,
                "the whole site is disallowed for every crawler not named elsewhere".into(),
                None,
            );
        }
        // Rules that can never decide: the same pattern twice in one group.
        for group in &parsed.groups {
            let mut seen: BTreeMap<&str, (RuleKind, u32)> = BTreeMap::new();
            let mut rules: Vec<_> = parsed.rules_of(group).iter().collect();
            rules.sort_by_key(|r| r.line);
            for rule in rules {
                let pattern = rule.pattern.get(text);
                match seen.get(pattern) {
                    None => {
                        seen.insert(pattern, (rule.kind, rule.line));
                    }
                    Some(&(kind, line)) if rule.line != line => {
                        let message = if kind == rule.kind {
                            format!("same pattern as line {line}; this rule never decides")
                        } else if rule.kind == RuleKind::Disallow {
                            format!(
                                "the allow at line {line} has the same pattern and wins the tie; this disallow never decides"
                            )
                        } else {
                            format!(
                                "this allow has the same pattern as the disallow at line {line} and wins the tie; the disallow never decides"
                            )
                        };
                        self.push(
                            rule.line,
                            LintCode::RedundantRule,
                            message,
                            Some("remove one of them".into()),
                        );
                    }
                    Some(_) => {}
                }
            }
        }
    }
}

fn capitalised(directive: Directive) -> &'static str {
    match directive {
        Directive::UserAgent => "User-agent",
        Directive::Allow => "Allow",
        Directive::Disallow => "Disallow",
        Directive::Sitemap => "Sitemap",
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn is_absolute_url(value: &[u8]) -> bool {
    crate::fetch::Origin::from_url(&String::from_utf8_lossy(value)).is_ok()
}

/// Whether a disallow pattern blocks stylesheets, scripts or images.
fn blocks_resources(pattern: &[u8]) -> bool {
    let lower = pattern.to_ascii_lowercase();
    const EXTENSIONS: &[&[u8]] = &[
        b".css", b".js", b".png", b".jpg", b".jpeg", b".gif", b".svg", b".webp",
    ];
    const FOLDERS: &[&[u8]] = &[
        b"/wp-includes/",
        b"/wp-content/",
        b"/assets/",
        b"/static/",
        b"/css/",
        b"/js/",
        b"/scripts/",
        b"/images/",
        b"/img/",
    ];
    // A rule for a file type ends in its extension (`/*.css$`, `/*.js`).
    let stem = lower.strip_suffix(b"$").unwrap_or(&lower);
    EXTENSIONS.iter().any(|e| stem.ends_with(e)) || FOLDERS.iter().any(|f| lower.ends_with(f))
}

/// Why RFC 9309 and Google read a pattern differently, if they do.
fn profile_differences(allow: bool, value: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let shown = lossy(value);
    // A percent-encoded unreserved character: RFC decodes it on both sides.
    if has_unreserved_escape(value) {
        out.push(format!(
            "`{shown}` percent-encodes unreserved characters: RFC 9309 crawlers match `{}` too, Google only the encoded form",
            lossy(&canonicalize(value, Form::Pattern))
        ));
    }
    let body = value.strip_suffix(b"$").unwrap_or(value);
    if memchr::memchr(b'$', body).is_some() {
        out.push(format!(
            "`{shown}` has a `$` before its end: it is literal; RFC 9309 crawlers also match `%24` and count it as 3 bytes of priority, Google does neither"
        ));
    }
    if let Some(cut) = index_htm_cut(value).filter(|_| allow) {
        out.push(format!(
            "Google also reads `Allow: {shown}` as allowing `{}` itself; RFC 9309 crawlers do not",
            lossy(&value[..cut])
        ));
    }
    out
}

/// Levenshtein distance, for "did you mean" (keys are short).
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Whether the body is something other than a text robots.txt.
fn not_robots_txt(body: &[u8]) -> Option<(LintCode, &'static str)> {
    let starts = |magic: &[u8]| body.starts_with(magic);
    if starts(b"\x1F\x8B") {
        return Some((LintCode::Gzip, "gzip-compressed"));
    }
    if starts(b"\x89PNG")
        || starts(b"\xFF\xD8\xFF")
        || starts(b"GIF87a")
        || starts(b"GIF89a")
        || starts(b"\0\0\x01\0")
        || (starts(b"RIFF") && body.get(8..12) == Some(b"WEBP"))
    {
        return Some((LintCode::Image, "an image"));
    }
    // UTF-16 text of ASCII: every other byte is NUL, and the bytes between
    // are not (a run of NULs alone is no text at all).
    let head = &body[..body.len().min(256)];
    let nul_lanes = |skip: usize| head.iter().skip(skip).step_by(2).all(|b| *b == 0);
    let utf16_nuls = head.len() >= 8 && (nul_lanes(0) != nul_lanes(1));
    if starts(b"\xFF\xFE") || starts(b"\xFE\xFF") || utf16_nuls {
        return Some((LintCode::Utf16, "UTF-16 text"));
    }
    let text = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    let first = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .map(|i| &text[i..]);
    if let Some(rest) = first {
        let lower = rest[..rest.len().min(1024)].to_ascii_lowercase();
        let markup = [
            &b"<!doctype html"[..],
            b"<html",
            b"<head",
            b"<body",
            b"<?xml",
            b"<!--",
            b"<meta",
            b"<title",
            b"<script",
        ];
        if markup.iter().any(|m| lower.starts_with(m)) {
            return Some((LintCode::Html, "HTML"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_is_told_by_its_nuls_without_a_bom() {
        let le: Vec<u8> = b"User-agent: *".iter().flat_map(|&b| [b, 0]).collect();
        let be: Vec<u8> = b"User-agent: *".iter().flat_map(|&b| [0, b]).collect();
        assert_eq!(not_robots_txt(&le).map(|(c, _)| c), Some(LintCode::Utf16));
        assert_eq!(not_robots_txt(&be).map(|(c, _)| c), Some(LintCode::Utf16));
        // NULs alone are not text in any encoding.
        assert_eq!(not_robots_txt(&[0; 64]), None);
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance(b"dissalow", b"disallow"), 2);
        assert_eq!(edit_distance(b"user-agnet", b"user-agent"), 2);
        assert_eq!(edit_distance(b"", b"abc"), 3);
    }

    #[test]
    fn resources() {
        for p in [
            &b"/*.css$"[..],
            b"/*.js",
            b"/wp-includes/",
            b"/assets/",
            b"/*.PNG$",
        ] {
            assert!(blocks_resources(p), "{p:?}");
        }
        for p in [
            &b"/admin/"[..],
            b"/assets/private/x",
            b"/json",
            b"/cgi-bin/",
        ] {
            assert!(!blocks_resources(p), "{p:?}");
        }
    }
}
