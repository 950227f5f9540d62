//! TODO docs
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod agent;
mod decision;
mod diag;
mod directive;
mod group;
mod lex;
mod options;
mod path;
mod pattern;
mod robots;
mod wildcard;

pub use agent::{InvalidProductToken, ProductToken};
pub use decision::{Decision, Reason, Rule, RuleKind};
pub use diag::{Diagnostic, DiagnosticKind};
pub use directive::Directive;
pub use lex::MAX_LINE_BYTES;
pub use options::{ParseOptions, Profile};
pub use path::CanonicalPath;
pub use robots::{Agent, Record, Records, RobotsTxt, Sitemaps};
