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
//! letter every user-agent key starts with, where it follows a line end or a
//! space. Inside them, a line whose key cannot be a rule or user-agent is
//! passed over, and a usual rule line is settled by the first bytes of its
//! value when they already differ from the path.

use crate::agent::{is_global, token_prefix};
use crate::directive::{Directive, recognize};
use crate::group::Probe;
use crate::lex::{
    CASE_BIT, Entries, is_blank, prepare, rule_start, rule_value, user_agent_start, within_limit,
};
use crate::options::{ParseOptions, Profile};
use crate::path::{
    CanonicalPath, PathHead, index_htm_rule, is_robots_txt, literal_start_differs_with,
    matching_form, path_of, plain_pattern_mask,
};
use crate::pattern::matches;

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
    // The Google profile matches the path as given, and never needs the
    // canonical form (SPEC §4).
    let path = match profile {
        Profile::Rfc => CanonicalPath::new(path_or_url).into_canonical(),
        Profile::Google => path_of(path_or_url),
    };
    if profile == Profile::Rfc && is_robots_txt(path.as_bytes()) {
        return true;
    }
    let path = path.as_bytes();
    let caller = match profile {
        Profile::Rfc => token_prefix(user_agent.as_bytes(), Profile::Rfc),
        Profile::Google => user_agent.as_bytes(),
    };
    let (bytes, _) = prepare(body, options.size_limit, profile);

    let mut groups = Groups::default();
    let mut best = Best::default();
    let mut probe = Probe::new(path);
    let head = PathHead::new(path);

    let mut entries = Entries::new(&bytes);
    loop {
        // While no group that can decide is open, only a user-agent line can
        // change anything. A global group that no longer decides is dropped;
        // then both flags are false, a rule of this group is never looked
        // at, and the `in_rules` it would set only chooses whether the next
        // user-agent line clears flags that are already clear. Every
        // user-agent key starts with `u` (SPEC §1.9), so the next line to
        // read is found by a search for that letter.
        if !groups.decides() {
            groups.global = false;
            entries.skip_to_line_starting(b'u');
        } else if let Some(settled) = settle(entries.rest(), path, &head, profile) {
            match settled {
                Settled::Rule => groups.in_rules = true,
                Settled::Other => {}
                Settled::Candidate { allow, value, from } => {
                    groups.in_rules = true;
                    entries.skip_line_from(from);
                    if !value.is_empty() {
                        let candidate = candidate(value, allow, &mut probe, profile);
                        best.note(candidate, groups);
                    }
                    continue;
                }
            }
            entries.skip_line();
            continue;
        }
        if let Some((global, token)) = usual_user_agent(entries.rest(), profile) {
            groups.user_agent(global, token, caller, profile);
            entries.skip_line();
            continue;
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
                let token = token_prefix(kv.value, profile);
                groups.user_agent(is_global(kv.value), token, caller, profile);
            }
            Directive::Allow | Directive::Disallow => {
                if !groups.in_group {
                    continue;
                }
                groups.in_rules = true;
                // Rules of a group that cannot apply are never looked at.
                if kv.value.is_empty() || !groups.decides() {
                    continue;
                }
                let allow = recognized.directive == Directive::Allow;
                // Most rules differ from the path in their first literal
                // bytes: they are passed over without their matching form.
                if ruled_out(kv.value, path, &head, allow, profile) {
                    continue;
                }
                best.note(candidate(kv.value, allow, &mut probe, profile), groups);
            }
            Directive::Sitemap => {}
        }
    }
    let best = if groups.ever_named {
        best.named
    } else {
        best.global
    };
    best.is_none_or(|(_, allow)| allow)
}

/// Reads the user-agent line at the start of `rest` from its first bytes
/// when it has the usual layout (see [`user_agent_start`]): whether its
/// value is global, and the value's product token. `None` when it needs the
/// full reading.
///
/// Gives what [`is_global`] and [`token_prefix`] give for the value the
/// full reading finds, without finding where that value ends: the token
/// stops before any byte that could end it, and whether `*` is global
/// depends on the next byte only (SPEC §2.3).
#[inline]
fn usual_user_agent(rest: &[u8], profile: Profile) -> Option<(bool, &[u8])> {
    let value = user_agent_start(rest)?;
    // `*` then a byte that ends the value (`#` or NUL; a line end is a
    // space) leaves the value `*`.
    let global = is_global(value) || matches!(value, [b'*', b'#' | 0, ..]);
    Some((global, token_prefix(value, profile)))
}

/// Which groups the lines read so far have opened (SPEC §2.1, §3).
#[derive(Clone, Copy, Debug, Default)]
struct Groups {
    /// Whether a user-agent line has been read.
    in_group: bool,
    /// Whether the current group has had a rule, so that the next
    /// user-agent line starts a new group.
    in_rules: bool,
    /// Whether the current group names the caller.
    named: bool,
    /// Whether the current group is global.
    global: bool,
    /// Whether any group named the caller.
    ever_named: bool,
}

impl Groups {
    /// Whether the current group can decide: it names the caller, or it is
    /// global and no group has named the caller (SPEC §3.3).
    #[inline]
    fn decides(&self) -> bool {
        self.named || (self.global && !self.ever_named)
    }

    /// Reads a user-agent line whose value is global or not, and starts
    /// with the product token `token`; `caller` is the caller's token (the
    /// whole user agent in the Google profile).
    #[inline]
    fn user_agent(&mut self, global: bool, token: &[u8], caller: &[u8], profile: Profile) {
        // A user-agent line after a rule starts a new group (SPEC §2.1).
        if !self.in_group || self.in_rules {
            (self.named, self.global) = (false, false);
        }
        self.in_group = true;
        self.in_rules = false;
        if global {
            self.global = true;
            return;
        }
        // RFC profile: an empty token names no crawler, and an empty caller
        // token is named by no group (SPEC §3.1).
        let can_name = profile == Profile::Google || !(token.is_empty() || caller.is_empty());
        if can_name && token.eq_ignore_ascii_case(caller) {
            self.named = true;
            self.ever_named = true;
        }
    }
}

/// A line of a group that applies, settled without the full reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Settled<'a> {
    /// A rule that cannot match the path: it only marks the group as having
    /// rules.
    Rule,
    /// Neither a rule nor a user-agent line: it changes nothing.
    Other,
    /// A rule that may match, read from its first bytes: whether it is an
    /// allow, its value, and where in the line to search for the line's end.
    Candidate {
        allow: bool,
        value: &'a [u8],
        from: usize,
    },
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
/// line's first [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES) are read, as
/// the full reading keeps no more; a last line of spaces only takes the
/// full reading.
#[inline]
fn settle<'a>(
    rest: &'a [u8],
    path: &[u8],
    head: &PathHead,
    profile: Profile,
) -> Option<Settled<'a>> {
    if let Some((allow, at)) = rule_start(rest) {
        let value = within_limit(rest).get(at..).unwrap_or_default();
        if ruled_out(value, path, head, allow, profile) {
            return Some(Settled::Rule);
        }
        let (value, from) = rule_value(rest, at);
        return Some(Settled::Candidate { allow, value, from });
    }
    let key = rest.iter().find(|&&b| !is_blank(b));
    key.is_some_and(|b| !matches!(b | CASE_BIT, b'u' | b'a' | b'd'))
        .then_some(Settled::Other)
}

/// Whether a rule certainly matches no part of `path` (whose [`PathHead`] is
/// `head`): its literal start differs from the path (see
/// [`literal_start_differs`](crate::path::literal_start_differs)). `value`
/// is the rule's value, or the bytes from its start on.
///
/// A rule with Google's index.htm rule (see [`has_index_htm_rule`]) also
/// matches through its pattern cut after a `/`, anchored. That shares the
/// pattern's literal start up to the cut and then ends, so it can match a
/// path that the value starts with, but no path that differs from the value
/// in a byte. (`starts_with` then depends on no byte past that one, which
/// lies inside the value.)
#[inline]
fn ruled_out(value: &[u8], path: &[u8], head: &PathHead, allow: bool, profile: Profile) -> bool {
    literal_start_differs_with(value, path, head)
        && !(has_index_htm_rule(allow, profile) && value.starts_with(path))
}

/// Whether a rule also matches through Google's index.htm rule (SPEC §5.5):
/// an allow, in the Google profile.
fn has_index_htm_rule(allow: bool, profile: Profile) -> bool {
    allow && profile == Profile::Google
}

/// The best match so far among named groups and among global groups, as
/// (priority, is allow): the larger wins (SPEC §5.2).
#[derive(Clone, Copy, Debug, Default)]
struct Best {
    named: Option<(usize, bool)>,
    global: Option<(usize, bool)>,
}

impl Best {
    /// Keeps `candidate`, a rule's match, where it beats the best so far of
    /// the kinds of group that `groups` has open.
    #[inline]
    fn note(&mut self, candidate: Option<(usize, bool)>, groups: Groups) {
        if groups.named {
            self.named = self.named.max(candidate);
        }
        if groups.global {
            self.global = self.global.max(candidate);
        }
    }
}

/// How the rule with non-empty `value` matches the probed path, if it does:
/// as (priority, is allow).
fn candidate(
    value: &[u8],
    allow: bool,
    probe: &mut Probe<'_>,
    profile: Profile,
) -> Option<(usize, bool)> {
    // Most rules that reach here have a wildcard (`*.pdf`, `/*?`): one whose
    // bytes the path lacks cannot match. Google's index.htm rule matches
    // with fewer bytes, so those allows are not filtered.
    if !has_index_htm_rule(allow, profile) {
        if let Some(needed) = plain_pattern_mask(value) {
            if needed & !probe.mask() != 0 {
                return None;
            }
        }
    }
    let path = probe.path;
    let pattern = matching_form(value, profile);
    let found = matches(&pattern, path).then_some((pattern.len(), allow));
    // Google profile: `Allow: /d/index.html` also allows `/d/`.
    if found.is_none() && has_index_htm_rule(allow, profile) {
        if let Some((derived, cut)) = index_htm_rule(&pattern) {
            return derived
                .matches(&pattern[..cut], path)
                .then_some((cut + 1, true));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::Separator;

    /// What [`usual_user_agent`] promises: the full reading finds a
    /// user-agent line, and its value gives the same answers.
    fn usual_user_agent_agrees(body: &[u8], profile: Profile) -> Result<(), alloc::string::String> {
        let Some((global, token)) = usual_user_agent(body, profile) else {
            return Ok(());
        };
        let entry = Entries::new(body).next().ok_or("no entry")?;
        let kv = entry.kv.ok_or("no key")?;
        let directive = recognize(kv.key).map(|r| r.directive);
        if directive != Some(Directive::UserAgent) || kv.separator != Separator::Colon {
            return Err(alloc::format!("key {:?}", kv.key));
        }
        if is_global(kv.value) != global || token_prefix(kv.value, profile) != token {
            return Err(alloc::format!("value {:?}: {global}, {token:?}", kv.value));
        }
        Ok(())
    }

    #[test]
    fn usual_user_agent_reads_the_usual_layout_only() {
        // SPEC §1.8, §2.3
        for (body, expected) in [
            (&b"User-agent: *"[..], Some((true, &b""[..]))),
            (b"user-agent: *\n", Some((true, b""))),
            (b"USER-AGENT: * # all", Some((true, b""))),
            (b"User-agent: *#all", Some((true, b""))),
            (b"User-agent: *\0", Some((true, b""))),
            (b"User-agent: *bot", Some((false, b""))),
            (
                b"User-agent: Googlebot/2.1\nDisallow: /",
                Some((false, b"Googlebot")),
            ),
            (b"User-agent: a-b_c d", Some((false, b"a-b_c"))),
            (b"User-agent: #x", Some((false, b""))),
            (b"User-agent: \n", Some((false, b""))),
            (b"User-agent: ", Some((false, b""))),
        ] {
            assert_eq!(usual_user_agent(body, Profile::Rfc), expected, "{body:?}");
            assert_eq!(
                usual_user_agent_agrees(body, Profile::Rfc),
                Ok(()),
                "{body:?}"
            );
        }
        // Digits end a token in the Google profile only.
        assert_eq!(
            usual_user_agent(b"User-agent: bot9x", Profile::Rfc),
            Some((false, &b"bot9x"[..]))
        );
        assert_eq!(
            usual_user_agent(b"User-agent: bot9x", Profile::Google),
            Some((false, &b"bot"[..]))
        );
        for other in [
            &b"User-agent:  *"[..],
            b"User-agent:\t*",
            b"User-agent:*",
            b"User-agent : *",
            b" User-agent: *",
            b"User agent: *",
            b"useragent: *",
            // A CR lower-cases to `-` by the bit that folds letters.
            b"User\ragent: *",
            b"User-agents: *",
            b"User-age",
        ] {
            assert_eq!(usual_user_agent(other, Profile::Rfc), None, "{other:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn usual_user_agent_agrees_with_entries(
            key in proptest::sample::select(alloc::vec!["User-agent: ", "user-AGENT: ", ""]),
            pieces in proptest::collection::vec(proptest::sample::select(
                alloc::vec!["User-agent: ", "*", " ", "\t", "\x0b", "#", "\n", "\r", "\0", "bot", "9", "-", "/"]), 0..8)) {
            let body = [key, &pieces.concat()].concat();
            for profile in [Profile::Rfc, Profile::Google] {
                proptest::prop_assert_eq!(usual_user_agent_agrees(body.as_bytes(), profile), Ok(()), "{:?}", body);
            }
        }
    }
}
