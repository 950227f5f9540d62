//! The group builder: directives in file order to groups of compiled rules.
//!
//! Everything a parsed file keeps lives in a few flat vectors and one string
//! buffer, addressed by 32-bit spans, so that a parsed file costs a small,
//! fixed multiple of its size (SPEC §8) and queries never allocate.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::time::Duration;

use crate::agent::{is_global, token_prefix};
use crate::decision::RuleKind;
use crate::diag::{Diagnostic, DiagnosticKind, quote};
use crate::directive::{Directive, is_crawl_delay, recognize};
use crate::lex::{Lines, MAX_LINE_BYTES, Separator, key_value, prepare};
use crate::options::{ParseOptions, Profile};
use crate::path::{Form, canonicalize, escape_google};
use crate::pattern::Strategy;

/// A slice of [`Parsed::text`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    pub(crate) fn get(self, text: &str) -> &str {
        let start = self.start as usize;
        &text[start..start + self.len as usize]
    }

    fn prefix(self, len: usize) -> Span {
        Span {
            start: self.start,
            len: len as u32,
        }
    }
}

/// An allow or disallow rule, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledRule {
    /// The matched bytes: the pattern in matching form, without a final `$`.
    pub(crate) body: Span,
    /// The whole pattern in matching form (with a final `$`, if any).
    pub(crate) pattern: Span,
    /// The pattern as written.
    pub(crate) written: Span,
    pub(crate) line: u32,
    pub(crate) priority: u32,
    pub(crate) kind: RuleKind,
    pub(crate) strategy: Strategy,
}

impl CompiledRule {
    /// Whether this rule beats `other`: a higher priority, or the same
    /// priority and an allow against a disallow (SPEC §5.2).
    #[inline]
    pub(crate) fn outranks(&self, other: &CompiledRule) -> bool {
        (self.priority, self.kind == RuleKind::Allow)
            > (other.priority, other.kind == RuleKind::Allow)
    }

    /// The order rules are tried in within a group: best first, then file
    /// order, so that the first match decides and reports the earliest line.
    fn precedence(&self, other: &CompiledRule) -> Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then((other.kind == RuleKind::Allow).cmp(&(self.kind == RuleKind::Allow)))
            .then(self.line.cmp(&other.line))
    }
}

/// One group: one or more user-agent lines and the rules after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// The line of its first user-agent line.
    pub(crate) line: u32,
    /// Its rules in [`Parsed::rules`], sorted by precedence.
    pub(crate) rules: (u32, u32),
}

/// A user-agent line: the group it adds to, and what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AgentEntry {
    /// `None` for the global agent `*`; otherwise the product token,
    /// lower-cased.
    pub(crate) token: Option<Span>,
    pub(crate) group: u32,
    pub(crate) line: u32,
}

/// A record other than user-agent, allow, disallow and sitemap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RecordEntry {
    pub(crate) key: Span,
    pub(crate) value: Span,
    pub(crate) line: u32,
}

/// A valid crawl-delay inside a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DelayEntry {
    pub(crate) group: u32,
    pub(crate) delay: Duration,
    pub(crate) line: u32,
}

/// Everything a parse keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub(crate) text: String,
    pub(crate) rules: Vec<CompiledRule>,
    pub(crate) groups: Vec<Group>,
    /// Sorted: global entries first, then by token, then by group.
    pub(crate) agents: Vec<AgentEntry>,
    pub(crate) sitemaps: Vec<(Span, u32)>,
    pub(crate) records: Vec<RecordEntry>,
    /// In group order.
    pub(crate) delays: Vec<DelayEntry>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) lines: u32,
    pub(crate) parsed_len: usize,
}

/// Compares a stored (lower-case) token with a caller's, ASCII
/// case-insensitively (SPEC §3.2).
pub(crate) fn cmp_token(stored: &[u8], caller: &[u8]) -> Ordering {
    stored
        .iter()
        .copied()
        .cmp(caller.iter().map(u8::to_ascii_lowercase))
}

struct Builder {
    profile: Profile,
    out: Parsed,
    /// The group being built.
    current: Option<u32>,
    /// Whether the current group has had a rule, so that the next
    /// user-agent line starts a new group (SPEC §2.1).
    in_rules: bool,
}

impl Builder {
    fn push_text(&mut self, s: &str) -> Span {
        let start = self.out.text.len() as u32;
        self.out.text.push_str(s);
        Span {
            start,
            len: s.len() as u32,
        }
    }

    fn push_bytes(&mut self, bytes: &[u8]) -> Span {
        self.push_text(&String::from_utf8_lossy(bytes))
    }

    fn diagnose(&mut self, line: u32, kind: DiagnosticKind) {
        self.out.diagnostics.push(Diagnostic { line, kind });
    }

    fn user_agent(&mut self, line: u32, value: &[u8]) {
        let group = match self.current {
            Some(group) if !self.in_rules => group,
            _ => {
                let group = self.out.groups.len() as u32;
                let at = self.out.rules.len() as u32;
                self.out.groups.push(Group {
                    line,
                    rules: (at, at),
                });
                group
            }
        };
        self.current = Some(group);
        self.in_rules = false;
        let token = if is_global(value) {
            None
        } else {
            let token = token_prefix(value, self.profile);
            // RFC profile: an empty token names no crawler. Google profile:
            // the reference compares it with the caller's string like any
            // other, so a caller passing "" is named by it (SPEC §2.3).
            if token.is_empty() && self.profile == Profile::Rfc {
                return;
            }
            let lower = token.to_ascii_lowercase();
            Some(self.push_bytes(&lower))
        };
        self.out.agents.push(AgentEntry { token, group, line });
    }

    fn rule(&mut self, line: u32, kind: RuleKind, value: &[u8]) {
        let Some(group) = self.current else {
            self.diagnose(line, DiagnosticKind::RuleOutsideGroup);
            return;
        };
        self.in_rules = true;
        // An empty pattern never decides (SPEC §5.3).
        if value.is_empty() {
            return;
        }
        let matching = match self.profile {
            Profile::Rfc => canonicalize(value, Form::Pattern),
            Profile::Google => escape_google(value),
        };
        // The matching form is ASCII (every byte >= 0x80 is escaped).
        let matching = String::from_utf8_lossy(&matching).into_owned();
        let pattern = self.push_text(&matching);
        let written = if matching.as_bytes() == value {
            pattern
        } else {
            self.push_bytes(value)
        };
        let (strategy, body_len) = Strategy::of(matching.as_bytes());
        self.out.rules.push(CompiledRule {
            body: pattern.prefix(body_len),
            pattern,
            written,
            line,
            priority: pattern.len,
            kind,
            strategy,
        });
        // Google profile: an allow whose last segment starts with
        // `/index.htm` also allows the directory itself, as the pattern cut
        // after that `/` plus `$` (SPEC §5.5). Its priority is that of the
        // derived pattern, always lower, so it only decides where the
        // original does not match.
        if self.profile == Profile::Google && kind == RuleKind::Allow {
            let bytes = matching.as_bytes();
            if let Some(slash) = memchr::memrchr(b'/', bytes) {
                if bytes[slash..].starts_with(b"/index.htm") {
                    let body = pattern.prefix(slash + 1);
                    let (strategy, _) = Strategy::of(&bytes[..=slash]);
                    let strategy = match strategy {
                        Strategy::Prefix => Strategy::Exact,
                        _ => Strategy::Wildcard { anchored: true },
                    };
                    let derived = self.push_text(&alloc::format!("{}$", &matching[..=slash]));
                    self.out.rules.push(CompiledRule {
                        body,
                        pattern: derived,
                        written,
                        line,
                        priority: derived.len,
                        kind,
                        strategy,
                    });
                }
            }
        }
        self.out.groups[group as usize].rules.1 = self.out.rules.len() as u32;
    }

    fn record(&mut self, line: u32, key: &[u8], value: &[u8]) {
        let key_span = self.push_bytes(key);
        let value_span = self.push_bytes(value);
        self.out.records.push(RecordEntry {
            key: key_span,
            value: value_span,
            line,
        });
        if !is_crawl_delay(key) {
            return;
        }
        let Some(group) = self.current else {
            self.diagnose(line, DiagnosticKind::CrawlDelayOutsideGroup);
            return;
        };
        match parse_delay(value) {
            Some(delay) => self.out.delays.push(DelayEntry { group, delay, line }),
            None => self.diagnose(
                line,
                DiagnosticKind::InvalidCrawlDelay {
                    value: quote(value),
                },
            ),
        }
    }

    fn finish(mut self) -> Parsed {
        let out = &mut self.out;
        for group in &out.groups {
            let (start, end) = (group.rules.0 as usize, group.rules.1 as usize);
            out.rules[start..end].sort_by(CompiledRule::precedence);
        }
        let text = &out.text;
        out.agents.sort_by(|a, b| match (a.token, b.token) {
            (None, None) => a.group.cmp(&b.group),
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(x), Some(y)) => x.get(text).cmp(y.get(text)).then(a.group.cmp(&b.group)),
        });
        // One crawler named twice in one group is one selection of it.
        out.agents.dedup_by(|b, a| {
            a.group == b.group && a.token.map(|t| t.get(text)) == b.token.map(|t| t.get(text))
        });
        out.text.shrink_to_fit();
        out.rules.shrink_to_fit();
        out.groups.shrink_to_fit();
        out.agents.shrink_to_fit();
        out.sitemaps.shrink_to_fit();
        out.records.shrink_to_fit();
        out.delays.shrink_to_fit();
        out.diagnostics.shrink_to_fit();
        self.out
    }
}

/// A crawl-delay value: a non-negative decimal number of seconds (`10`,
/// `1.5`, `.5`) that fits a `Duration` (SPEC §6.2).
pub(crate) fn parse_delay(value: &[u8]) -> Option<Duration> {
    let digits = value.iter().filter(|b| b.is_ascii_digit()).count();
    let dots = value.iter().filter(|b| **b == b'.').count();
    if digits == 0 || dots > 1 || digits + dots != value.len() {
        return None;
    }
    let seconds: f64 = core::str::from_utf8(value).ok()?.parse().ok()?;
    Duration::try_from_secs_f64(seconds).ok()
}

/// Parses `body` (SPEC §1 to §6).
pub(crate) fn parse(body: &[u8], options: &ParseOptions) -> Parsed {
    let profile = options.profile;
    let (bytes, cut) = prepare(body, options.size_limit, profile);
    let mut builder = Builder {
        profile,
        out: Parsed {
            parsed_len: body.len().min(options.size_limit),
            ..Parsed::default()
        },
        current: None,
        in_rules: false,
    };
    for line in Lines::new(&bytes) {
        let number = line.number;
        builder.out.lines = number;
        if line.full_len > MAX_LINE_BYTES {
            builder.diagnose(
                number,
                DiagnosticKind::LineTooLong {
                    length: line.full_len,
                },
            );
        }
        let Some(kv) = key_value(line.bytes) else {
            continue;
        };
        let Some(recognized) = recognize(kv.key) else {
            builder.record(number, kv.key, kv.value);
            continue;
        };
        if !recognized.exact {
            builder.diagnose(
                number,
                DiagnosticKind::AcceptedKey {
                    written: quote(kv.key),
                    read_as: recognized.directive,
                },
            );
        }
        if kv.separator == Separator::Whitespace {
            builder.diagnose(number, DiagnosticKind::MissingColon);
        }
        match recognized.directive {
            Directive::UserAgent => builder.user_agent(number, kv.value),
            Directive::Allow => builder.rule(number, RuleKind::Allow, kv.value),
            Directive::Disallow => builder.rule(number, RuleKind::Disallow, kv.value),
            Directive::Sitemap => {
                let span = builder.push_bytes(kv.value);
                builder.out.sitemaps.push((span, number));
            }
        }
    }
    if let Some(cut) = cut {
        let line = builder.out.lines;
        builder.diagnose(
            line,
            DiagnosticKind::Truncated {
                limit: options.size_limit,
                body_len: body.len(),
                line_dropped: cut.line_dropped,
            },
        );
    }
    builder.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawl_delay_values() {
        // SPEC §6.2
        assert_eq!(parse_delay(b"10"), Some(Duration::from_secs(10)));
        assert_eq!(parse_delay(b"1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_delay(b".5"), Some(Duration::from_millis(500)));
        assert_eq!(parse_delay(b"5."), Some(Duration::from_secs(5)));
        for bad in [
            &b"-1"[..],
            b"",
            b".",
            b"1.2.3",
            b"inf",
            b"NaN",
            b"1e3",
            b"10s",
            b"+1",
        ] {
            assert_eq!(parse_delay(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
        let huge = alloc::vec![b'9'; 400];
        assert_eq!(parse_delay(&huge), None);
    }
}
