//! Diagnostics: what the parser noticed while it read a body.
//!
//! Parsing never fails (RFC 9309 §2.3.1.5, SPEC §1.1). Every line it could
//! not use, or used in a way the author may not have meant, leaves a
//! [`Diagnostic`] with its 1-based line number.

use alloc::boxed::Box;
use core::fmt;

use crate::directive::Directive;

/// One thing the parser noticed, on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub(crate) line: u32,
    pub(crate) kind: DiagnosticKind,
}

impl Diagnostic {
    /// The 1-based line it concerns.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// What was noticed.
    pub fn kind(&self) -> &DiagnosticKind {
        &self.kind
    }

    /// Heap bytes it keeps beyond its own size.
    pub(crate) fn heap_size(&self) -> usize {
        match &self.kind {
            DiagnosticKind::AcceptedKey { written: s, .. }
            | DiagnosticKind::InvalidCrawlDelay { value: s } => s.len(),
            _ => 0,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

/// What a [`Diagnostic`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A key that is not spelled as the directive it was read as: an accepted
    /// typo (`Dissallow`) or a longer key matched by prefix (`Disallowed`,
    /// SPEC §1.9).
    AcceptedKey {
        /// The key as written (at most 64 bytes of it, lossily decoded).
        written: Box<str>,
        /// The directive it was read as.
        read_as: Directive,
    },
    /// A directive written without a colon (`Disallow /tmp`), read as if the
    /// colon were there (SPEC §1.8).
    MissingColon,
    /// A line longer than [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES); the bytes
    /// past the limit were ignored (SPEC §1.5).
    LineTooLong {
        /// The line's full length in bytes.
        length: usize,
    },
    /// The body is longer than the size limit; everything past it was ignored
    /// (SPEC §1.2). The line number is that of the last line read.
    Truncated {
        /// The size limit in bytes.
        limit: usize,
        /// The body's full length in bytes.
        body_len: usize,
        /// Whether the limit fell inside a line that was then dropped whole
        /// (RFC profile) rather than kept as far as it went (Google profile).
        line_dropped: bool,
    },
    /// An `allow` or `disallow` line before the first `user-agent` line; it
    /// belongs to no group and is ignored (SPEC §2.2).
    RuleOutsideGroup,
    /// A `crawl-delay` value that is not a non-negative decimal number of
    /// seconds, or too large for a `Duration`; it is ignored (SPEC §6.2).
    InvalidCrawlDelay {
        /// The value as written (at most 64 bytes of it, lossily decoded).
        value: Box<str>,
    },
    /// A `crawl-delay` line before the first `user-agent` line: it applies to
    /// no crawler (SPEC §6.2).
    CrawlDelayOutsideGroup,
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagnosticKind::AcceptedKey { written, read_as } => {
                write!(f, "key `{written}` read as `{}`", read_as.name())
            }
            DiagnosticKind::MissingColon => f.write_str("directive without a colon"),
            DiagnosticKind::LineTooLong { length } => write!(
                f,
                "line of {length} bytes cut to {} bytes",
                crate::MAX_LINE_BYTES
            ),
            DiagnosticKind::Truncated {
                limit,
                body_len,
                line_dropped,
            } => {
                write!(
                    f,
                    "body of {body_len} bytes is over the {limit}-byte limit; the rest is ignored"
                )?;
                if *line_dropped {
                    f.write_str(" (the line cut by the limit was dropped)")?;
                }
                Ok(())
            }
            DiagnosticKind::RuleOutsideGroup => {
                f.write_str("rule before any user-agent line is ignored")
            }
            DiagnosticKind::InvalidCrawlDelay { value } => {
                write!(
                    f,
                    "crawl-delay `{value}` is not a number of seconds; ignored"
                )
            }
            DiagnosticKind::CrawlDelayOutsideGroup => {
                f.write_str("crawl-delay before any user-agent line applies to no crawler")
            }
        }
    }
}

/// At most this many bytes of a key or value are copied into a diagnostic.
const MAX_QUOTED: usize = 64;

/// A short, lossily decoded copy of `bytes` for a diagnostic.
pub(crate) fn quote(bytes: &[u8]) -> Box<str> {
    let cut = &bytes[..bytes.len().min(MAX_QUOTED)];
    alloc::string::String::from_utf8_lossy(cut).into()
}
