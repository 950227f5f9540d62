//! One query without a parsed file: the rules are matched while the body is
//! lexed, as Google's reference does, and nothing is kept.
//!
//! For a caller that asks one question per file, building the parsed form
//! (canonicalising and storing every rule of every group, sorting them) is
//! wasted work: only the rules of the groups that can apply to the crawler
//! are looked at, each is matched once, and the best match is remembered.
//!
//! Most lines are not even read. Outside the groups that apply, only a
//! user-agent line can matter, and the next one is found by a search for the
//! letter every user-agent key starts with. Inside them, a line whose key
//! cannot be a rule or user-agent is passed over, and a usual rule line is
//! settled by the first bytes of its value when they already differ from
//! the path.

use crate::agent::{is_global, token_prefix};
use crate::directive::{Directive, recognize};
use crate::lex::{Entries, MAX_LINE_BYTES, Pair, is_blank, prepare, rule_start};
use crate::options::{ParseOptions, Profile};
use crate::path::{
    CanonicalPath, index_htm_cut, is_robots_txt, literal_start_differs, matching_form,
};
use crate::pattern::Strategy;

/// Whether `user_agent` may fetch `path_or_url` according to `body`, with
/// the RFC profile and the default size limit: the same answer as
/// [`RobotsTxt::parse`](crate::RobotsTxt::parse) then
/// [`is_allowed`](crate::RobotsTxt::is_allowed), without building the parsed
/// file.
///
/// Use it when each file answers one query (the way Google's reference API
/// works); to ask a file several questions, parse it once instead.
///
/// # Examples
///
/// ```
/// let body = b"User-agent: *\nDisallow: /private/\n";
/// assert!(!robots::is_allowed_once(body, "FooBot/1.0", "https://example.com/private/x"));
/// assert!(robots::is_allowed_once(body, "FooBot/1.0", "https://example.com/"));
/// ```
///
/// # Complexity
///
/// One pass over the bytes parsed; each rule of a group that applies is
/// matched once, in O(path × pattern) at worst. Allocates only to
/// canonicalise a path or pattern that is not in canonical form yet.
pub fn is_allowed_once(body: &[u8], user_agent: &str, path_or_url: &str) -> bool {
    is_allowed_once_with(body, &ParseOptions::new(), user_agent, path_or_url)
}

/// [`is_allowed_once`] with `options`.
pub fn is_allowed_once_with(
    body: &[u8],
    options: &ParseOptions,
    user_agent: &str,
    path_or_url: &str,
) -> bool {
    let profile = options.profile;
    let path = CanonicalPath::new(path_or_url);
    if profile == Profile::Rfc && is_robots_txt(path.as_str()) {
        return true;
    }
    let path = path.for_profile(profile).as_bytes();
    let caller = match profile {
        Profile::Rfc => token_prefix(user_agent.as_bytes(), Profile::Rfc),
        Profile::Google => user_agent.as_bytes(),
    };
    // RFC profile: an empty caller token is named by no group (SPEC §3.1).
    let can_be_named = profile == Profile::Google || !caller.is_empty();
    let (bytes, _) = prepare(body, options.size_limit, profile);

    let mut in_group = false;
    let mut in_rules = false;
    // Whether the current group names the caller, or is global.
    let (mut named, mut global) = (false, false);
    let mut ever_named = false;
    // The best match so far among named groups and among global groups, as
    // (priority, is allow): the larger wins (SPEC §5.2).
    let mut best_named: Option<(usize, bool)> = None;
    let mut best_global: Option<(usize, bool)> = None;

    let mut entries = Entries::new(&bytes);
    // Set up once: most lines outside the groups that apply are passed over
    // by this search.
    let user_agent_start = Pair::new(b'u', b'U');
    loop {
        // While no group that can decide is open, only a user-agent line can
        // change anything. Once a group named the caller, global groups no
        // longer decide (SPEC §3.3), so `global` can be dropped; then both
        // flags are false, a rule of this group is never looked at, and the
        // `in_rules` it would set only chooses whether the next user-agent
        // line clears flags that are already clear. Every user-agent key
        // starts with `u` (SPEC §1.9), so the next line to read is found by
        // a search for that letter.
        if !named && (!global || ever_named) {
            global = false;
            entries.skip_to_line_starting(&user_agent_start);
        }
        if named || global {
            if let Some(settled) = settle(entries.rest(), path, profile) {
                in_rules |= settled == Settled::Rule;
                entries.skip_line();
                continue;
            }
        }
        let Some(line) = entries.next() else {
            break;
        };
        let Some(kv) = line.kv else {
            continue;
        };
        let Some(recognized) = recognize(kv.key) else {
            continue;
        };
        match recognized.directive {
            Directive::UserAgent => {
                // A user-agent line after a rule starts a new group (SPEC §2.1).
                if !in_group || in_rules {
                    (named, global) = (false, false);
                }
                in_group = true;
                in_rules = false;
                if is_global(kv.value) {
                    global = true;
                } else {
                    let token = token_prefix(kv.value, profile);
                    let names_someone = profile == Profile::Google || !token.is_empty();
                    if can_be_named && names_someone && token.eq_ignore_ascii_case(caller) {
                        named = true;
                        ever_named = true;
                    }
                }
            }
            Directive::Allow | Directive::Disallow => {
                if !in_group {
                    continue;
                }
                in_rules = true;
                // Rules of a group that cannot apply are never looked at.
                if kv.value.is_empty() || !(named || global) {
                    continue;
                }
                let allow = recognized.directive == Directive::Allow;
                // Most rules differ from the path in their first literal
                // bytes: they are passed over without their matching form.
                if ruled_out(kv.value, path, allow, profile) {
                    continue;
                }
                let index_htm = has_index_htm_rule(allow, profile);
                let pattern = matching_form(kv.value, profile);
                let mut candidate = matches(&pattern, path).then_some((pattern.len(), allow));
                // Google profile: `Allow: /d/index.html` also allows `/d/`.
                if candidate.is_none() && index_htm {
                    if let Some(cut) = index_htm_cut(&pattern) {
                        // The pattern cut after that `/`, plus `$`.
                        let body = &pattern[..cut];
                        let derived = Strategy::of(body).0.anchored();
                        candidate = derived.matches(body, path).then_some((cut + 1, true));
                    }
                }
                if named {
                    best_named = best_named.max(candidate);
                }
                if global {
                    best_global = best_global.max(candidate);
                }
            }
            Directive::Sitemap => {}
        }
    }
    let best = if ever_named { best_named } else { best_global };
    best.is_none_or(|(_, allow)| allow)
}

/// A line of a group that applies, settled without the full reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Settled {
    /// A rule that cannot match the path: it only marks the group as having
    /// rules.
    Rule,
    /// Neither a rule nor a user-agent line: it changes nothing.
    Other,
}

/// Settles the line at the start of `rest`, in a group that applies, when
/// its first bytes are enough; `None` when it needs the full reading.
///
/// Most lines are rules: a rule line of the usual shape (see [`rule_start`])
/// whose value starts unlike the path is [`Settled::Rule`]; one whose value
/// could match takes the full reading. Of the other lines, only user-agent
/// lines and rules of unusual shape or with a typo matter, and each key
/// starts with `u`, `a` or `d` in either case (SPEC §1.9): any other line, a
/// sitemap or a comment, is [`Settled::Other`]. Only bytes within the
/// line's first [`MAX_LINE_BYTES`] are read, as the full reading keeps no
/// more; a last line of spaces only takes the full reading.
#[inline]
fn settle(rest: &[u8], path: &[u8], profile: Profile) -> Option<Settled> {
    if let Some((allow, at)) = rule_start(rest) {
        let kept = &rest[..rest.len().min(MAX_LINE_BYTES)];
        let value = kept.get(at..).unwrap_or_default();
        return ruled_out(value, path, allow, profile).then_some(Settled::Rule);
    }
    let key = rest.iter().find(|&&b| !is_blank(b));
    key.is_some_and(|b| !matches!(b | 0x20, b'u' | b'a' | b'd'))
        .then_some(Settled::Other)
}

/// Whether a rule certainly matches no part of `path`: its literal start
/// differs from the path (see [`literal_start_differs`]). `value` is the
/// rule's value, or the bytes from its start on.
///
/// A rule with Google's index.htm rule (see [`has_index_htm_rule`]) also
/// matches through its pattern cut after a `/`, anchored. That shares the
/// pattern's literal start up to the cut and then ends, so it can match a
/// path that the value starts with, but no path that differs from the value
/// in a byte. (`starts_with` then depends on no byte past that one, which
/// lies inside the value.)
#[inline]
fn ruled_out(value: &[u8], path: &[u8], allow: bool, profile: Profile) -> bool {
    literal_start_differs(value, path)
        && !(has_index_htm_rule(allow, profile) && value.starts_with(path))
}

/// Whether a rule also matches through Google's index.htm rule (SPEC §5.5):
/// an allow, in the Google profile.
fn has_index_htm_rule(allow: bool, profile: Profile) -> bool {
    allow && profile == Profile::Google
}

/// Whether a pattern in matching form (with its final `$`, if any) matches.
fn matches(pattern: &[u8], path: &[u8]) -> bool {
    let (strategy, len) = Strategy::of(pattern);
    strategy.matches(&pattern[..len], path)
}
