//! The facade: a parsed robots.txt and the per-crawler view.

use alloc::vec::Vec;
use core::fmt;
use core::time::Duration;

use crate::agent::token_prefix;
use crate::decision::{Decision, Reason, Rule};
use crate::diag::Diagnostic;
use crate::fetch::Source;
use crate::group::{
    AgentEntry, CompiledRule, Group, GroupIndex, LazyIndex, NO_INDEX, NO_PARENT, Parsed, Probe,
    common_prefix, parse, token_key,
};
use crate::options::{ParseOptions, Profile};
use crate::path::{CanonicalPath, is_robots_txt, with_canonical_path, with_path_of};
use crate::prefetch;

/// How many cache lines of each array of a group [`RobotsTxt::agent`] asks
/// for early (4 KiB): a view is made to be queried many times. More lines
/// measured no better (PERFORMANCE.md).
const VIEW_PREFETCH_LINES: usize = 64;

/// The same for the groups of a one-query method such as
/// [`RobotsTxt::is_allowed`], which pays for them at every query: on a warm
/// file each line costs an instruction or two for nothing.
const QUERY_PREFETCH_LINES: usize = 16;

/// A parsed robots.txt: owned, immutable, cheap to query from many threads.
///
/// Build it once with [`RobotsTxt::parse`] or [`RobotsTxt::parse_with`], then
/// ask [`RobotsTxt::is_allowed`], or choose a crawler once with
/// [`RobotsTxt::agent`] and ask the returned [`Agent`] about many URLs.
///
/// # Examples
///
/// ```
/// use robots::RobotsTxt;
///
/// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /admin\nSitemap: https://example.com/sitemap.xml\n");
/// assert!(robots.is_allowed("FooBot/1.0", "https://example.com/"));
/// assert!(!robots.is_allowed("FooBot/1.0", "https://example.com/admin/users"));
/// assert_eq!(robots.sitemaps().collect::<Vec<_>>(), ["https://example.com/sitemap.xml"]);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct RobotsTxt {
    profile: Profile,
    source: Source,
    parsed: Parsed,
}

impl RobotsTxt {
    /// Parses `body` with the RFC profile and the default size limit. Never
    /// fails: lines that cannot be understood are ignored (RFC 9309
    /// §2.3.1.5) and reported in [`RobotsTxt::diagnostics`].
    ///
    /// # Complexity
    ///
    /// Linear in the bytes parsed, plus sorting each group's rules.
    pub fn parse(body: &[u8]) -> RobotsTxt {
        RobotsTxt::parse_with(body, &ParseOptions::new())
    }

    /// Parses `body` with `options`.
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::{ParseOptions, Profile, RobotsTxt};
    ///
    /// let body = b"User-agent: *\nAllow: /d/index.html\nDisallow: /d/\n";
    /// let google = RobotsTxt::parse_with(body, &ParseOptions::new().profile(Profile::Google));
    /// // Google reads `Allow: /d/index.html` as also allowing `/d/` itself.
    /// assert!(google.is_allowed("bot", "/d/"));
    /// assert!(!RobotsTxt::parse(body).is_allowed("bot", "/d/"));
    /// ```
    pub fn parse_with(body: &[u8], options: &ParseOptions) -> RobotsTxt {
        RobotsTxt {
            profile: options.profile,
            source: Source::Parsed { status: None },
            parsed: parse(body, options),
        }
    }

    pub(crate) fn parsed(&self) -> &Parsed {
        &self.parsed
    }

    pub(crate) fn with_source(mut self, source: Source) -> RobotsTxt {
        self.source = source;
        self
    }

    /// Where the rules came from: a parsed body, or a fetch result that
    /// allows or disallows everything (see [`RobotsTxt::from_response`]).
    pub fn source(&self) -> Source {
        self.source
    }

    /// The profile it was parsed with.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Whether `user_agent` may fetch `path_or_url`.
    ///
    /// `user_agent` is the crawler's name: in the RFC profile its product
    /// token is taken (`FooBot/2.1` is `FooBot`); in the Google profile it is
    /// compared whole, as Google's reference does. `path_or_url` is a path
    /// (`/a?b`) or an absolute URL (SPEC §4.1).
    ///
    /// To ask about many URLs for one crawler, use [`RobotsTxt::agent`] once.
    /// A group of more than 32 rules is scanned by the first eight queries
    /// that read it, and the ninth builds its index (SPEC §8), once: later
    /// queries do not allocate for it, and the answer, with the rule that
    /// decides, is the same either way.
    pub fn is_allowed(&self, user_agent: &str, path_or_url: &str) -> bool {
        self.select_for_query(user_agent).is_allowed(path_or_url)
    }

    /// Like [`RobotsTxt::is_allowed`], with the rule that decided.
    pub fn decide(&self, user_agent: &str, path_or_url: &str) -> Decision<'_> {
        self.select_for_query(user_agent).decide(path_or_url)
    }

    /// The view of this file for one crawler (SPEC §3): the groups that name
    /// it, merged, or else the global groups. Queries through it do no group
    /// selection and never allocate for a path that is already canonical or
    /// shorter than 256 bytes: the first view of a group of more than 32
    /// rules builds its literal-prefix index (unless queries built it
    /// already), once per file, and every later one reuses it.
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::RobotsTxt;
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: foobot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n");
    /// let foobot = robots.agent("FooBot/2.1");
    /// assert!(foobot.is_named());
    /// assert!(!foobot.is_allowed("/a"));
    /// assert!(foobot.is_allowed("/b"));
    /// ```
    pub fn agent(&self, user_agent: &str) -> Agent<'_> {
        let agent = self.select(user_agent);
        for entry in agent.entries {
            // A large group's index is built when queries need it (SPEC §8):
            // here, so that queries through the view never allocate.
            let index = agent.index(&entry.ranges);
            agent.prefetch(&entry.ranges, index, VIEW_PREFETCH_LINES);
        }
        agent
    }

    /// [`RobotsTxt::select`] for one query: the lines of the groups that
    /// apply are asked for while the query reads its URL ([`prefetch`]).
    /// For a group whose index is not built yet, its rules are asked for:
    /// the query scans them, or builds the index from them.
    #[inline]
    fn select_for_query(&self, user_agent: &str) -> Agent<'_> {
        let agent = self.select(user_agent);
        for entry in agent.entries {
            let index = self
                .parsed
                .lazy_index(&entry.ranges)
                .and_then(LazyIndex::built);
            agent.prefetch(&entry.ranges, index, QUERY_PREFETCH_LINES);
        }
        agent
    }

    /// The view for `user_agent`, its groups' indexes built or not: what
    /// the one-query methods use, whose query builds any it needs.
    fn select(&self, user_agent: &str) -> Agent<'_> {
        // Asked for before the agent entries are read, which say which lines
        // of the rules and the text a query needs: in a small file (most
        // files) the first ones.
        prefetch::lines(&self.parsed.agents, 1);
        prefetch::lines(&self.parsed.rules, 1);
        prefetch::lines(self.parsed.text.as_bytes(), 1);
        let globals = &self.parsed.agents[..self.parsed.global_agents as usize];
        let named = self.named(user_agent);
        let (entries, named) = if named.is_empty() {
            (globals, false)
        } else {
            (named, true)
        };
        Agent {
            robots: self,
            entries,
            named,
        }
    }

    /// The user-agent lines that name `user_agent` (SPEC §3.1, §3.2), in
    /// group order; none when the global groups apply.
    fn named(&self, user_agent: &str) -> &[AgentEntry] {
        let specific = &self.parsed.agents[self.parsed.global_agents as usize..];
        // A file that names no crawler (many name only `*`) needs no token.
        if specific.is_empty() {
            return specific;
        }
        let token = match self.profile {
            Profile::Rfc => token_prefix(user_agent.as_bytes(), Profile::Rfc),
            Profile::Google => user_agent.as_bytes(),
        };
        // RFC profile: an empty caller token selects the global groups.
        if self.profile == Profile::Rfc && token.is_empty() {
            return &specific[..0];
        }
        let text = self.parsed.text.as_bytes();
        let key = token_key(token);
        let order = |a: &AgentEntry| a.cmp_name(text, token, key);
        let lo = specific.partition_point(|a| order(a).is_lt());
        // Usually one group names a crawler; a walk finds the end.
        let named = specific[lo..]
            .iter()
            .take_while(|a| order(a).is_eq())
            .count();
        &specific[lo..lo + named]
    }

    /// The crawl delay for `user_agent` (SPEC §6.2): the largest valid
    /// `crawl-delay` in the groups that apply to it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use robots::RobotsTxt;
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 1.5\nDisallow: /tmp\n\nUser-agent: slowbot\nCrawl-delay: 10\n");
    /// assert_eq!(robots.crawl_delay("anybot"), Some(Duration::from_millis(1500)));
    /// assert_eq!(robots.crawl_delay("SlowBot"), Some(Duration::from_secs(10)));
    ///
    /// // Without a rule line, the `*` group goes on into `User-agent: slowbot`
    /// // (records never end a group, SPEC §2.1): both share both delays.
    /// let merged = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 1.5\n\nUser-agent: slowbot\nCrawl-delay: 10\n");
    /// assert_eq!(merged.crawl_delay("anybot"), Some(Duration::from_secs(10)));
    /// ```
    pub fn crawl_delay(&self, user_agent: &str) -> Option<Duration> {
        self.select(user_agent).crawl_delay()
    }

    /// The sitemap URLs, in file order, as written (SPEC §6.1).
    pub fn sitemaps(&self) -> Sitemaps<'_> {
        Sitemaps {
            text: &self.parsed.text,
            inner: self.parsed.sitemaps.iter(),
        }
    }

    /// Every record other than user-agent, allow, disallow and sitemap, in
    /// file order: `crawl-delay`, `host`, `clean-param`, and any unknown key
    /// (SPEC §1.9, §6.3).
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::RobotsTxt;
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: *\nHost: example.com\nCrawl-delay: 2\n");
    /// let host = robots.records().find(|r| r.key().eq_ignore_ascii_case("host")).unwrap();
    /// assert_eq!((host.value(), host.line()), ("example.com", 2));
    /// ```
    pub fn records(&self) -> Records<'_> {
        Records {
            text: &self.parsed.text,
            inner: self.parsed.records.iter(),
        }
    }

    /// What the parser noticed, in file order (a truncation is reported
    /// last).
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::{DiagnosticKind, RobotsTxt};
    ///
    /// let robots = RobotsTxt::parse(b"Disallow: /early\nUser-agent: *\nDisalow /tmp\n");
    /// let found: Vec<String> = robots.diagnostics().iter().map(|d| d.to_string()).collect();
    /// assert_eq!(found, [
    ///     "line 1: rule before any user-agent line is ignored",
    ///     "line 3: key `Disalow` read as `disallow`",
    ///     "line 3: directive without a colon",
    /// ]);
    /// assert!(!robots.is_allowed("bot", "/tmp"), "both mistakes are forgiven");
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.parsed.diagnostics
    }

    /// How many lines were read.
    pub fn line_count(&self) -> u32 {
        self.parsed.lines
    }

    /// How many bytes of the body were within the size limit.
    pub fn parsed_len(&self) -> usize {
        self.parsed.parsed_len
    }

    /// How many groups the file has.
    pub fn group_count(&self) -> usize {
        self.parsed.groups.len()
    }

    /// Heap bytes this value keeps (not counting allocator overhead): a
    /// small multiple of the bytes parsed, at most 12 per byte whatever the
    /// input (`tests/bounds.rs`), about 1 on real files. It grows when a
    /// query builds the index of a group of more than 32 rules, to at most
    /// 16 per byte with every index built (about 1.3 on real files once
    /// Googlebot's groups are).
    pub fn heap_size(&self) -> usize {
        // Capacities, not lengths: a parse leaves a few unused bytes at the
        // end of a vector rather than pay for a reallocation.
        fn kept<T>(v: &Vec<T>) -> usize {
            v.capacity() * core::mem::size_of::<T>()
        }
        let p = &self.parsed;
        p.text.capacity()
            + kept(&p.rules)
            + kept(&p.indexes)
            + p.indexes
                .iter()
                .filter_map(LazyIndex::built)
                .map(GroupIndex::heap_size)
                .sum::<usize>()
            + kept(&p.groups)
            + kept(&p.agents)
            + kept(&p.sitemaps)
            + kept(&p.records)
            + kept(&p.delays)
            + kept(&p.diagnostics)
            + p.diagnostics
                .iter()
                .map(Diagnostic::heap_size)
                .sum::<usize>()
    }

    fn rule_view<'a>(&'a self, rule: &CompiledRule) -> Rule<'a> {
        let text = &self.parsed.text;
        Rule {
            kind: rule.kind,
            pattern: rule.written.get(text),
            matched: rule.pattern.get(text),
            line: rule.line,
            priority: rule.priority(),
        }
    }
}

impl fmt::Debug for RobotsTxt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RobotsTxt")
            .field("profile", &self.profile)
            .field("source", &self.source)
            .field("lines", &self.parsed.lines)
            .field("groups", &self.parsed.groups.len())
            .field("rules", &self.parsed.rules.len())
            .field("sitemaps", &self.parsed.sitemaps.len())
            .field("diagnostics", &self.parsed.diagnostics.len())
            .finish()
    }
}

/// One crawler's view of a [`RobotsTxt`], from [`RobotsTxt::agent`].
///
/// The groups that apply are chosen once; each query then only matches
/// rules, and allocates nothing when the path is already canonical.
///
/// # Examples
///
/// ```
/// use robots::{CanonicalPath, RobotsTxt};
///
/// let robots = RobotsTxt::parse(b"User-agent: FooBot\nDisallow: /search\nCrawl-delay: 2\n");
/// let foobot = robots.agent("FooBot/3.0");
/// // Many URLs, one selection of groups:
/// let verdicts: Vec<bool> = ["/", "/search?q=x", "/about"].iter().map(|u| foobot.is_allowed(u)).collect();
/// assert_eq!(verdicts, [true, false, true]);
/// // A path built once can be asked of many files without allocating.
/// let path = CanonicalPath::new("https://example.com/search");
/// assert!(!foobot.is_allowed_path(&path));
/// assert_eq!(foobot.crawl_delay(), Some(std::time::Duration::from_secs(2)));
/// ```
#[derive(Clone, Copy)]
pub struct Agent<'a> {
    robots: &'a RobotsTxt,
    /// The user-agent lines that select the groups, in group order.
    entries: &'a [AgentEntry],
    named: bool,
}

impl<'a> Agent<'a> {
    /// Whether some group names this crawler. When none does, the global
    /// groups apply (SPEC §3.3).
    pub fn is_named(&self) -> bool {
        self.named
    }

    /// The lines of the user-agent lines that selected the groups that apply.
    pub fn selecting_lines(&self) -> impl Iterator<Item = u32> + 'a {
        self.entries.iter().map(|e| e.line)
    }

    /// Whether this crawler may fetch `path_or_url`.
    pub fn is_allowed(&self, path_or_url: &str) -> bool {
        allows(&self.verdict_of_url(path_or_url))
    }

    /// The decision for `path_or_url`, with the deciding rule.
    pub fn decide(&self, path_or_url: &str) -> Decision<'a> {
        self.decision(self.verdict_of_url(path_or_url))
    }

    /// Whether this crawler may fetch `path`, built once beforehand.
    pub fn is_allowed_path(&self, path: &CanonicalPath<'_>) -> bool {
        allows(&self.verdict(path))
    }

    /// The decision for `path`, built once beforehand. Never allocates.
    ///
    /// # Complexity
    ///
    /// Rules are tried best first and the first match decides, so the work
    /// is at most the sum over the rules tried of O(path × pattern pieces),
    /// and never exponential (SPEC §5.6).
    pub fn decide_path(&self, path: &CanonicalPath<'_>) -> Decision<'a> {
        self.decision(self.verdict(path))
    }

    /// The [`Decision`] a verdict gives.
    fn decision(&self, verdict: Result<&'a CompiledRule, Reason<'a>>) -> Decision<'a> {
        Decision {
            allowed: allows(&verdict),
            reason: match verdict {
                Ok(rule) => Reason::Rule(self.robots.rule_view(rule)),
                Err(reason) => reason,
            },
        }
    }

    /// What decides for `path`: a rule, or else the reason none does.
    ///
    /// [`Agent::is_allowed_path`] reads only the rule's kind from this, so a
    /// query that only wants the answer never reads the rule's text.
    #[inline]
    fn verdict(&self, path: &CanonicalPath<'_>) -> Result<&'a CompiledRule, Reason<'a>> {
        self.verdict_in_form(path.for_profile(self.robots.profile).as_bytes())
    }

    /// [`Agent::verdict`] for a path or URL not yet read.
    #[inline]
    fn verdict_of_url(&self, path_or_url: &str) -> Result<&'a CompiledRule, Reason<'a>> {
        match self.robots.profile {
            // A path shorter than 256 bytes that needs rewriting or a `/` in
            // front (as in the Google profile) is built on the stack.
            Profile::Rfc => with_canonical_path(path_or_url, |path| self.verdict_in_form(path)),
            // The Google profile matches the path as given (SPEC §4.2): its
            // canonical form would go unread.
            Profile::Google => with_path_of(path_or_url, |path| self.verdict_in_form(path)),
        }
    }

    /// [`Agent::verdict`] for `path` in the form the profile matches.
    #[inline]
    fn verdict_in_form(&self, path: &[u8]) -> Result<&'a CompiledRule, Reason<'a>> {
        let profile = self.robots.profile;
        // RFC 9309 §2.2.2: /robots.txt is always allowed; the query is ignored.
        if profile == Profile::Rfc && is_robots_txt(path) {
            return Err(Reason::RobotsTxtPath);
        }
        match self.robots.source {
            Source::Parsed { .. } => {}
            Source::Unavailable { .. } => return Err(Reason::Unavailable),
            Source::Unreachable { .. } => return Err(Reason::Unreachable),
        }
        self.best_rule(path).ok_or(Reason::NoMatchingRule)
    }

    /// Every rule of the applicable groups that matches `path`, best first:
    /// the first one is the one that decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::{CanonicalPath, RobotsTxt};
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /c\n");
    /// let rules = robots.agent("bot").matching_rules(&CanonicalPath::new("/a/b/c"));
    /// let lines: Vec<u32> = rules.iter().map(|r| r.line()).collect();
    /// assert_eq!(lines, [3, 2]);
    /// ```
    pub fn matching_rules(&self, path: &CanonicalPath<'_>) -> Vec<Rule<'a>> {
        let path = path.for_profile(self.robots.profile).as_bytes();
        let text = self.robots.parsed.text.as_bytes();
        let mut found: Vec<&CompiledRule> = self
            .groups()
            .flat_map(|g| self.group_rules(g))
            .filter(|r| r.matches(text, path))
            .collect();
        found.sort_by(|a, b| a.precedence(b));
        found
            .into_iter()
            .map(|r| self.robots.rule_view(r))
            .collect()
    }

    /// Every rule of the groups that apply, in file order, as written
    /// (for the Google profile's `index.htm` rule, SPEC §5.5, only the rule
    /// as written appears).
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::{RobotsTxt, RuleKind};
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: a\nDisallow: /x\nAllow: /x/y\nUser-agent: b\nDisallow: /\n");
    /// let rules: Vec<_> = robots.agent("a").rules().iter().map(|r| (r.line(), r.kind(), r.pattern())).collect();
    /// assert_eq!(rules, [(2, RuleKind::Disallow, "/x"), (3, RuleKind::Allow, "/x/y")]);
    /// ```
    pub fn rules(&self) -> Vec<Rule<'a>> {
        let mut rules: Vec<&CompiledRule> =
            self.groups().flat_map(|g| self.group_rules(g)).collect();
        // A line holds one rule; the Google profile's derived `index.htm`
        // rule shares its line and has the shorter pattern, so the longer,
        // the rule as written, comes first and is kept.
        rules.sort_by_key(|r| (r.line, core::cmp::Reverse(r.pattern.len())));
        rules.dedup_by_key(|r| r.line);
        rules
            .into_iter()
            .map(|r| self.robots.rule_view(r))
            .collect()
    }

    /// The crawl delay for this crawler (SPEC §6.2): the largest valid
    /// `crawl-delay` in the groups that apply.
    pub fn crawl_delay(&self) -> Option<Duration> {
        let delays = &self.robots.parsed.delays;
        // Both lists are in group order: merge them in one pass.
        let mut groups = self.groups().peekable();
        let mut best = None;
        for entry in delays {
            while groups.next_if(|g| *g < entry.group).is_some() {}
            if groups.peek() == Some(&entry.group) {
                best = best.max(Some(entry.delay));
            }
        }
        best
    }

    /// The records other than user-agent, allow, disallow and sitemap in
    /// the groups that apply, in file order (SPEC §6.3): the crawler's own
    /// `request-rate`, `clean-param` or any other key. A record before the
    /// first user-agent line is in no group; [`RobotsTxt::records`] has
    /// every record.
    ///
    /// # Examples
    ///
    /// ```
    /// use robots::RobotsTxt;
    ///
    /// let robots = RobotsTxt::parse(b"User-agent: slowbot\nRequest-rate: 1/60\nDisallow: /x\n\nUser-agent: *\nRequest-rate: 1/5\n");
    /// let rate = |ua| robots.agent(ua).records().find(|r| r.key().eq_ignore_ascii_case("request-rate")).map(|r| r.value());
    /// assert_eq!(rate("SlowBot"), Some("1/60"));
    /// assert_eq!(rate("otherbot"), Some("1/5"));
    /// ```
    pub fn records(&self) -> impl Iterator<Item = Record<'a>> + 'a {
        let entries = self.entries;
        let text = self.robots.parsed.text.as_str();
        // The entries are in group order: a binary search keeps a file with
        // many groups and records linear-logarithmic.
        self.robots
            .parsed
            .records
            .iter()
            .filter(move |r| entries.binary_search_by_key(&r.group, |e| e.group).is_ok())
            .map(move |r| Record::of(r, text))
    }

    fn groups(&self) -> impl Iterator<Item = u32> + 'a {
        self.entries.iter().map(|e| e.group)
    }

    /// The index of `group`, built now if it is not yet; `None` for a group
    /// small enough to scan.
    #[inline]
    fn index(&self, group: &Group) -> Option<&'a GroupIndex> {
        let parsed = &self.robots.parsed;
        Some(parsed.lazy_index(group)?.get(parsed, group))
    }

    /// Asks for the first `max_lines` cache lines of each array a query of
    /// `group` reads, `index` being its index if it has one: see
    /// [`crate::prefetch`].
    #[inline(always)]
    fn prefetch(&self, group: &Group, index: Option<&GroupIndex>, max_lines: usize) {
        let parsed = &self.robots.parsed;
        match index {
            Some(index) => {
                prefetch::lines(&index.keys, max_lines);
                prefetch::lines(&index.literals, max_lines);
                prefetch::lines(&index.rules, max_lines);
            }
            None => prefetch::lines(parsed.rules_of(group), max_lines),
        }
        let (start, end) = group.text;
        if let Some(text) = parsed.text.as_bytes().get(start as usize..end as usize) {
            prefetch::lines(text, max_lines);
        }
    }

    fn group_rules(&self, group: u32) -> &'a [CompiledRule] {
        let parsed = &self.robots.parsed;
        parsed.rules_of(&parsed.groups[group as usize])
    }

    #[inline]
    fn best_rule(&self, path: &[u8]) -> Option<&'a CompiledRule> {
        let parsed = &self.robots.parsed;
        let text = parsed.text.as_bytes();
        let mut best: Option<&'a CompiledRule> = None;
        let mut probe = Probe::new(path);
        for entry in self.entries {
            let group = &entry.ranges;
            if group.index == NO_INDEX {
                first_match(
                    parsed.rules_of(group),
                    &mut probe,
                    &mut best,
                    |rule, best| !rule.outranks(best),
                    |rule, probe| rule.filter.matches(rule, text, probe),
                );
                continue;
            }
            // Indexed: only the rules whose literal prefix is a prefix of the
            // path can match. The greatest literal not above the path has, on
            // its chain of prefixes, every literal that prefixes the path:
            // those no longer than their common prefix with it.
            let Some(lazy) = parsed.lazy_index(group) else {
                continue;
            };
            let Some(index) = lazy.for_query(parsed, group) else {
                // Not worth building for this query yet: every rule, in
                // file order.
                best_in_file_order(parsed.rules_of(group), text, &mut probe, &mut best);
                continue;
            };
            best_in_index(index, text, &mut probe, &mut best);
        }
        best
    }
}

/// The answer an [`Agent::verdict`] gives: the deciding rule's kind, or
/// allowed unless the site was unreachable.
#[inline]
fn allows(verdict: &Result<&CompiledRule, Reason<'_>>) -> bool {
    match verdict {
        Ok(rule) => rule.kind == crate::RuleKind::Allow,
        Err(reason) => !matches!(reason, Reason::Unreachable),
    }
}

/// The best rule of an indexed group for the probed path, kept in `best`
/// as [`first_match`] keeps it. Out of line: the scan of a small group,
/// the usual query, then keeps its registers.
#[inline(never)]
fn best_in_index<'a>(
    index: &'a GroupIndex,
    text: &[u8],
    probe: &mut Probe<'_>,
    best: &mut Option<&'a CompiledRule>,
) {
    let literals = &index.literals[..];
    let Some(mut at) = index.literals_up_to(text, probe.path).checked_sub(1) else {
        return;
    };
    let common = common_prefix(literals[at].bytes.bytes(text), probe.path);
    loop {
        let literal = &literals[at];
        let len = literal.bytes.len();
        if len <= common {
            let (from, to) = (literal.rules.0 as usize, literal.rules.1 as usize);
            // Of rules that rank alike, the earliest line decides,
            // as in a group that is scanned, whichever literal's run
            // is tried first.
            first_match(
                &index.rules[from..to],
                probe,
                best,
                |rule, best| !rule.precedes(best),
                |rule, probe| rule.filter.matches_under(rule, len, text, probe),
            );
        }
        if literal.parent == NO_PARENT {
            break;
        }
        at = literal.parent as usize;
    }
}

/// Tries `rules` (sorted best first) against the probed path, as `hits`
/// tells, keeping in `best` the first match that beats it, as `loses` (a
/// rule, the best so far) tells.
#[inline]
fn first_match<'a>(
    rules: &'a [CompiledRule],
    probe: &mut Probe<'_>,
    best: &mut Option<&'a CompiledRule>,
    loses: impl Fn(&CompiledRule, &CompiledRule) -> bool,
    hits: impl Fn(&CompiledRule, &mut Probe<'_>) -> bool,
) {
    for rule in rules {
        // Sorted best first: once one cannot beat the best match so far,
        // none after it can.
        if best.is_some_and(|b| loses(rule, b)) {
            return;
        }
        if hits(rule, probe) {
            *best = Some(rule);
            return;
        }
    }
}

/// Tries `rules` (in file order), whose patterns are in `text`, against
/// the probed path, keeping in `best` the best match that beats it: what
/// [`first_match`] finds in the same rules sorted best first.
#[inline(never)]
fn best_in_file_order<'a>(
    rules: &'a [CompiledRule],
    text: &[u8],
    probe: &mut Probe<'_>,
    best: &mut Option<&'a CompiledRule>,
) {
    for rule in rules {
        if best.is_some_and(|b| !rule.outranks(b)) {
            continue;
        }
        if rule.filter.matches(rule, text, probe) {
            *best = Some(rule);
        }
    }
}

impl fmt::Debug for Agent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("named", &self.named)
            .field("groups", &self.groups().collect::<Vec<_>>())
            .finish()
    }
}

/// The sitemap URLs of a file, from [`RobotsTxt::sitemaps`].
#[derive(Clone, Debug)]
pub struct Sitemaps<'a> {
    text: &'a str,
    inner: core::slice::Iter<'a, crate::group::Span>,
}

impl<'a> Iterator for Sitemaps<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.next().map(|span| span.get(self.text))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Sitemaps<'_> {}

/// A record other than user-agent, allow, disallow and sitemap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record<'a> {
    key: &'a str,
    value: &'a str,
    line: u32,
}

impl<'a> Record<'a> {
    fn of(entry: &crate::group::RecordEntry, text: &'a str) -> Record<'a> {
        Record {
            key: entry.key.get(text),
            value: entry.value.get(text),
            line: entry.line,
        }
    }

    /// The key as written.
    pub fn key(&self) -> &'a str {
        self.key
    }

    /// The value as written, trimmed.
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// The 1-based line.
    pub fn line(&self) -> u32 {
        self.line
    }
}

/// The other records of a file, from [`RobotsTxt::records`].
#[derive(Clone, Debug)]
pub struct Records<'a> {
    text: &'a str,
    inner: core::slice::Iter<'a, crate::group::RecordEntry>,
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        self.inner.next().map(|r| Record::of(r, self.text))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Records<'_> {}

#[cfg(test)]
mod tests {
    use super::common_prefix;
    use alloc::vec::Vec;

    proptest::proptest! {
        #[test]
        fn common_prefix_counts_the_leading_bytes_alike(
            shared in proptest::collection::vec(proptest::sample::select(&b"ab/"[..]), 0..24),
            a in proptest::collection::vec(proptest::sample::select(&b"ab/"[..]), 0..12),
            b in proptest::collection::vec(proptest::sample::select(&b"ab/"[..]), 0..12),
        ) {
            // A long shared start, so that whole words tie before one differs.
            let a: Vec<u8> = [&shared[..], &a[..]].concat();
            let b: Vec<u8> = [&shared[..], &b[..]].concat();
            let expected = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            proptest::prop_assert_eq!(common_prefix(&a, &b), expected);
            proptest::prop_assert_eq!(common_prefix(&b, &a), expected);
        }
    }
}
