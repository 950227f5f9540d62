//! `robots`: ask a site (or a file) whether a crawler may fetch URLs,
//! explain why, compare readings, lint, and check batches.

mod source;

use std::collections::HashMap;
use std::io::{BufRead, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::NonEmptyStringValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use robots::{Decision, Origin, ProductToken, Profile, Reason, RobotsTxt, RuleKind, Severity};

use crate::source::Loaded;

/// Ask a robots.txt whether a crawler may fetch URLs, as RFC 9309 or Googlebot reads it.
#[derive(Parser)]
#[command(name = "robots", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// One line per path: allowed or DISALLOWED, and the rule that decided.
    ///
    /// Exit status: 0 when every path is allowed, 1 when any is disallowed,
    /// 2 for a usage or file error.
    Check(Check),
    /// Why one path is allowed or not: the groups chosen, every matching
    /// rule with its priority, and why the winner won.
    Explain(Query),
    /// Report the mistakes that silently change what crawlers do; exit 1
    /// when there is an error, so it can run before a deploy.
    Lint(Lint),
    /// Answer JSON Lines queries `{"robots": FILE, "ua": ..., "url": ...}`,
    /// one `1` (allowed) or `0` (disallowed) line each, in order.
    Batch(Batch),
    /// List the sitemap URLs.
    ///
    /// Exit status: 2 when the site is unreachable, so there is no answer.
    Sitemaps(Source),
    /// Print the crawl delay for a crawler, in seconds, or `none`.
    ///
    /// Exit status: 2 when the site is unreachable, so there is no answer.
    Delay(Delay),
}

#[derive(Args)]
struct Source {
    /// A site: a URL, or a host name (fetched over https).
    #[arg(conflicts_with = "file", required_unless_present = "file")]
    site: Option<String>,
    #[command(flatten)]
    from: From,
}

/// Where the robots.txt comes from, besides a positional SITE.
#[derive(Args)]
struct From {
    /// Read the robots.txt from this file instead of fetching it.
    #[arg(long, short = 'f', value_name = "FILE")]
    file: Option<PathBuf>,
    /// Seconds to wait for the site before treating it as unreachable.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    timeout: f64,
}

#[derive(Clone, Copy, ValueEnum)]
enum ProfileArg {
    Rfc,
    Google,
}

impl ProfileArg {
    fn profile(self) -> Profile {
        match self {
            ProfileArg::Rfc => Profile::Rfc,
            ProfileArg::Google => Profile::Google,
        }
    }
}

/// What `check` and `explain` ask: a robots.txt, a crawler, a profile, paths.
#[derive(Args)]
struct Query {
    /// SITE (unless --file is given), then the paths or URLs to ask about
    /// (full URLs on SITE's origin).
    #[arg(required = true, value_name = "SITE | PATH")]
    args: Vec<String>,
    #[command(flatten)]
    from: From,
    /// The crawler's name (its product token); `*` means any crawler not named.
    #[arg(long, default_value = "*", value_name = "TOKEN", value_parser = NonEmptyStringValueParser::new())]
    ua: String,
    /// Which reading: RFC 9309, or Google's reference library (Googlebot).
    #[arg(long, value_enum, default_value = "rfc")]
    profile: ProfileArg,
}

#[derive(Args)]
struct Check {
    #[command(flatten)]
    query: Query,
    /// Also show the other profile's verdict and the classic first-match
    /// reading, and mark where they differ.
    #[arg(long)]
    compare: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Args)]
struct Lint {
    #[command(flatten)]
    source: Source,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Args)]
struct Batch {
    /// JSON Lines of queries, `-` for standard input.
    queries: PathBuf,
    /// Which reading: RFC 9309, or Google's reference library (Googlebot).
    #[arg(long, value_enum, default_value = "rfc")]
    profile: ProfileArg,
}

#[derive(Args)]
struct Delay {
    #[command(flatten)]
    source: Source,
    #[arg(long, default_value = "*", value_name = "TOKEN", value_parser = NonEmptyStringValueParser::new())]
    ua: String,
}

/// A failure that ends the command: with status 2 and a message, or, when
/// whatever reads the output has closed it (`robots lint site | head`),
/// quietly with the status a shell reports for a pipe closed under a
/// process (128 + SIGPIPE), as other command-line tools end.
enum Failure {
    Message(String),
    OutputClosed,
}

impl Failure {
    /// An error of kind `kind` (when it is an I/O error's): a closed output,
    /// or a message.
    fn of(kind: Option<std::io::ErrorKind>, e: impl std::fmt::Display) -> Failure {
        match kind {
            Some(std::io::ErrorKind::BrokenPipe) => Failure::OutputClosed,
            _ => Failure::Message(e.to_string()),
        }
    }
}

impl std::convert::From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::of(Some(e.kind()), e)
    }
}

impl std::convert::From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Self {
        Failure::of(e.io_error_kind(), e)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(c) => check(c),
        Command::Explain(e) => explain(e),
        Command::Lint(l) => lint(l),
        Command::Batch(b) => batch(b),
        Command::Sitemaps(s) => sitemaps(s),
        Command::Delay(d) => delay(d),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Message(message)) => {
            eprintln!("robots: {message}");
            ExitCode::from(2)
        }
        Err(Failure::OutputClosed) => ExitCode::from(128 + 13),
    }
}

/// Loads the robots.txt named by `site` or `--file`.
fn load(site: Option<&str>, from: &From, crawler: &str) -> Result<Loaded, Failure> {
    let limit = robots::ParseOptions::DEFAULT_SIZE_LIMIT;
    match (&from.file, site) {
        (Some(file), _) => source::read_file(file, limit).map_err(Failure::Message),
        (None, Some(site)) => {
            let timeout = Duration::try_from_secs_f64(from.timeout).map_err(|_| {
                Failure::Message(format!(
                    "--timeout {} is not a number of seconds",
                    from.timeout
                ))
            })?;
            source::fetch(site, crawler, timeout, limit).map_err(Failure::Message)
        }
        (None, None) => Err(Failure::Message("give a SITE or --file FILE".into())),
    }
}

/// Splits `SITE PATH...` (or `PATH...` with --file) into the site and paths.
///
/// A full URL on another origin than SITE is refused: SITE's robots.txt says
/// nothing about it (RFC 9309 §2.3), and answering would mislead.
fn site_and_paths<'a>(
    args: &'a [String],
    from: &From,
) -> Result<(Option<&'a str>, &'a [String]), Failure> {
    let (site, paths) = match from.file {
        Some(_) => (None, args),
        None => (Some(args[0].as_str()), &args[1..]),
    };
    if paths.is_empty() {
        return Err(Failure::Message("give at least one PATH to check".into()));
    }
    if let Some(site) = site {
        let origin = source::origin(site).map_err(Failure::Message)?;
        for path in paths {
            if let Ok(other) = Origin::from_url(path) {
                if other != origin {
                    return Err(Failure::Message(format!(
                        "{path} is not on {origin}: ask {} about it",
                        other.robots_txt_url()
                    )));
                }
            }
        }
    }
    Ok((site, paths))
}

/// Colours for a terminal; nothing when writing to a pipe or a file, or
/// when `NO_COLOR` is set.
struct Paint(bool);

impl Paint {
    fn stdout() -> Paint {
        Paint(std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none())
    }

    fn verdict(&self, allowed: bool, width: usize) -> String {
        let word = if allowed { "allowed" } else { "DISALLOWED" };
        match (self.0, allowed) {
            (true, true) => format!("\x1b[32m{word:width$}\x1b[0m"),
            (true, false) => format!("\x1b[1;31m{word:width$}\x1b[0m"),
            (false, _) => format!("{word:width$}"),
        }
    }

    fn severity(&self, severity: Severity, text: String) -> String {
        let code = match severity {
            Severity::Error => "1;31",
            Severity::Warning => "33",
            _ => "36",
        };
        if self.0 {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text
        }
    }
}

fn header(loaded: &Loaded, profile: Profile, ua: &str) -> String {
    format!(
        "{}: {}; profile {profile}; crawler {ua}",
        loaded.label,
        loaded.case()
    )
}

/// The name a profile compares with the names of `user-agent` lines when
/// the caller gives `ua` (SPEC §3.1), or `None` when no line can name it.
///
/// The RFC profile takes the product token at the very start (`FooBot/2.1`
/// is `FooBot`, ` FooBot` has none); the Google profile takes `ua` whole,
/// and its lines name only product tokens without digits (SPEC §2.3). Both
/// go by the crate's own rule for a product token.
fn matched_as(ua: &str, profile: Profile) -> Option<&str> {
    match profile {
        Profile::Google => (ProductToken::new(ua).is_ok()
            && !ua.contains(|c: char| c.is_ascii_digit()))
        .then_some(ua),
        _ if ua.trim_start().len() < ua.len() => None,
        _ => {
            let token = ProductToken::from_user_agent(ua).ok()?;
            Some(&ua[..token.as_str().len()])
        }
    }
}

/// A warning for a crawler name that `profile` does not match as given:
/// a whole `User-Agent` header, a typo, or a name with digits in the Google
/// profile. `*`, any crawler not named, needs none.
fn crawler_note(ua: &str, profile: Profile) -> Option<String> {
    match matched_as(ua, profile) {
        _ if ua == "*" => None,
        Some(name) if name == ua => None,
        Some(name) => Some(format!(
            "note: crawler {ua:?} is not a product token; the {profile} profile matches it as {name:?}"
        )),
        None => Some(format!(
            "note: no user-agent line can name crawler {ua:?} in the {profile} profile{}, so only the `*` groups apply",
            match profile {
                Profile::Google =>
                    " (it compares the whole name, and lines name only letters, `_` and `-`)",
                _ => " (it does not start with a product token)",
            }
        )),
    }
}

/// Why a decision came out as it did, in a few words.
fn reason(decision: &Decision<'_>) -> String {
    match decision.reason() {
        Reason::Rule(rule) => {
            let key = match rule.kind() {
                RuleKind::Allow => "Allow",
                RuleKind::Disallow => "Disallow",
            };
            format!("line {}: {key}: {}", rule.line(), rule.pattern())
        }
        Reason::NoMatchingRule => "no rule applies".into(),
        Reason::RobotsTxtPath => "/robots.txt is always allowed (RFC 9309 §2.2.2)".into(),
        Reason::Unavailable => "robots.txt unavailable: everything allowed".into(),
        Reason::Unreachable => "robots.txt unreachable: everything disallowed".into(),
        _ => String::new(),
    }
}

/// The classic first-match reading many older parsers have: the first rule
/// in file order whose pattern, taken literally, is a prefix of the path.
fn first_match(robots: &RobotsTxt, ua: &str, path: &str) -> bool {
    // A fetch that allows or disallows everything has no rules to read.
    if !robots.source().is_parsed() {
        return robots.is_allowed(ua, path);
    }
    let path = robots::CanonicalPath::new(path);
    robots
        .agent(ua)
        .rules()
        .iter()
        .find(|r| !r.pattern().is_empty() && path.as_given().starts_with(r.pattern()))
        .is_none_or(|r| r.is_allow())
}

fn check(
    Check {
        query: args,
        compare,
    }: Check,
) -> Result<ExitCode, Failure> {
    let (site, paths) = site_and_paths(&args.args, &args.from)?;
    let loaded = load(site, &args.from, &args.ua)?;
    let profile = args.profile.profile();
    let robots = loaded.robots(profile);
    let agent = robots.agent(&args.ua);
    let mut profiles = vec![profile];
    if compare {
        profiles.push(other_profile(profile));
    }
    for note in profiles.iter().filter_map(|p| crawler_note(&args.ua, *p)) {
        eprintln!("robots: {note}");
    }
    let paint = Paint::stdout();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", header(&loaded, profile, &args.ua))?;
    let width = paths.iter().map(|p| p.len()).max().unwrap_or(0);
    let mut all_allowed = true;
    if !compare {
        for path in paths {
            let decision = agent.decide(path);
            all_allowed &= decision.is_allowed();
            writeln!(
                out,
                "{}  {path:width$}  {}",
                paint.verdict(decision.is_allowed(), 10),
                reason(&decision)
            )?;
        }
    } else {
        let other_profile = other_profile(profile);
        let other = loaded.robots(other_profile);
        let classic = loaded.robots(Profile::Rfc);
        writeln!(
            out,
            "{:10}  {:10}  {:11}  path",
            profile.name(),
            other_profile.name(),
            "first-match"
        )?;
        let mut differ = 0;
        for path in paths {
            let verdicts = [
                agent.is_allowed(path),
                other.is_allowed(&args.ua, path),
                first_match(&classic, &args.ua, path),
            ];
            all_allowed &= verdicts[0];
            let differs = verdicts.iter().any(|v| *v != verdicts[0]);
            differ += usize::from(differs);
            writeln!(
                out,
                "{}  {}  {}  {path}{}",
                paint.verdict(verdicts[0], 10),
                paint.verdict(verdicts[1], 10),
                paint.verdict(verdicts[2], 11),
                if differs { "  <- differs" } else { "" }
            )?;
        }
        writeln!(
            out,
            "{} paths, {differ} where the readings differ",
            paths.len()
        )?;
    }
    Ok(if all_allowed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The profile `--compare` sets beside `profile`.
fn other_profile(profile: Profile) -> Profile {
    match profile {
        Profile::Google => Profile::Rfc,
        _ => Profile::Google,
    }
}

fn explain(args: Query) -> Result<ExitCode, Failure> {
    let (site, paths) = site_and_paths(&args.args, &args.from)?;
    let [path] = paths else {
        return Err(Failure::Message("explain takes one PATH".into()));
    };
    let loaded = load(site, &args.from, &args.ua)?;
    let profile = args.profile.profile();
    let robots = loaded.robots(profile);
    let agent = robots.agent(&args.ua);
    let canonical = robots::CanonicalPath::new(path);
    let decision = agent.decide_path(&canonical);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", header(&loaded, profile, &args.ua))?;
    match matched_as(&args.ua, profile) {
        Some(name) => writeln!(out, "crawler: {:?}, matched as {name:?}", args.ua)?,
        None => writeln!(
            out,
            "crawler: {:?}, which no user-agent line can name",
            args.ua
        )?,
    }
    let lines: Vec<String> = agent.selecting_lines().map(|l| l.to_string()).collect();
    let (line_s, list) = (
        if lines.len() == 1 { "line" } else { "lines" },
        lines.join(", "),
    );
    let groups = match (agent.is_named(), lines.is_empty()) {
        (true, _) if lines.len() == 1 => {
            format!("user-agent line {list} names this crawler; its group applies")
        }
        (true, _) => {
            format!("user-agent lines {list} name this crawler; their groups apply, merged")
        }
        (false, false) => {
            format!("no group names this crawler; the `*` group of {line_s} {list} applies")
        }
        (false, true) => {
            "no group names this crawler and there is no `*` group: everything is allowed".into()
        }
    };
    writeln!(out, "groups: {groups}")?;
    writeln!(
        out,
        "path: {} (matched as {})",
        path,
        canonical.for_profile(profile)
    )?;
    let matching = agent.matching_rules(&canonical);
    if matching.is_empty() {
        writeln!(out, "matching rules: none")?;
    } else {
        writeln!(out, "matching rules, best first:")?;
        for rule in &matching {
            writeln!(
                out,
                "  line {:<4} {:<9} priority {:<4} {}",
                rule.line(),
                rule.kind().name(),
                rule.priority(),
                rule.pattern()
            )?;
        }
    }
    let why = match (decision.reason(), matching.as_slice()) {
        (Reason::Rule(_), [_]) => "the only matching rule".to_owned(),
        (Reason::Rule(w), [_, second, ..]) if second.priority() == w.priority() => {
            "an allow wins a tie with a disallow of the same priority".to_owned()
        }
        (Reason::Rule(w), [_, second, ..]) => format!(
            "the longest matching pattern wins ({} bytes against {})",
            w.priority(),
            second.priority()
        ),
        _ => reason(&decision),
    };
    let verdict = if decision.is_allowed() {
        "allowed"
    } else {
        "DISALLOWED"
    };
    match decision.rule() {
        Some(rule) => writeln!(out, "verdict: {verdict} by line {}: {why}", rule.line())?,
        None => writeln!(out, "verdict: {verdict}: {why}")?,
    }
    Ok(if decision.is_allowed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn lint(args: Lint) -> Result<ExitCode, Failure> {
    let loaded = load(args.source.site.as_deref(), &args.source.from, "*")?;
    let lints = loaded.body().map(robots::lint).unwrap_or_default();
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => {
            let paint = Paint::stdout();
            if loaded.body().is_none() {
                writeln!(out, "{}: {}; nothing to lint", loaded.label, loaded.case())?;
            }
            for lint in &lints {
                writeln!(out, "{}", paint.severity(lint.severity(), lint.to_string()))?;
            }
        }
        Format::Json => {
            let items: Vec<serde_json::Value> = lints
                .iter()
                .map(|l| {
                    serde_json::json!({
                        "line": l.line(),
                        "severity": l.severity().as_str(),
                        "code": l.code().as_str(),
                        "message": l.message(),
                        "suggestion": l.suggestion(),
                    })
                })
                .collect();
            writeln!(out, "{}", serde_json::to_string_pretty(&items)?)?;
        }
    }
    let errors = lints.iter().any(|l| l.severity() == Severity::Error);
    Ok(if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn batch(args: Batch) -> Result<ExitCode, Failure> {
    let profile = args.profile.profile();
    let input: Box<dyn BufRead> = if args.queries.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(&args.queries).map_err(|e| {
            Failure::Message(format!("cannot read {}: {e}", args.queries.display()))
        })?;
        Box::new(std::io::BufReader::new(file))
    };
    let mut parsed: HashMap<String, RobotsTxt> = HashMap::new();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let at =
            |what: &str| Failure::Message(format!("{}:{}: {what}", args.queries.display(), n + 1));
        let query: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| at(&e.to_string()))?;
        let field = |key: &str| {
            query
                .get(key)
                .and_then(|v| v.as_str())
                .ok_or_else(|| at(&format!("no string {key:?}")))
        };
        let (file, ua, url) = (field("robots")?, field("ua")?, field("url")?);
        if !parsed.contains_key(file) {
            let loaded =
                source::read_file(Path::new(file), robots::ParseOptions::DEFAULT_SIZE_LIMIT)
                    .map_err(|e| at(&e))?;
            parsed.insert(file.to_owned(), loaded.robots(profile));
        }
        writeln!(out, "{}", u8::from(parsed[file].is_allowed(ua, url)))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The policy for `sitemaps` and `delay`, whose output is the answer alone.
/// When no body was read, which case of RFC 9309 §2.3.1 applied goes to
/// standard error: an unavailable file has nothing to find, so the (empty)
/// answer stands; an unreachable site gives no answer at all (status 2).
fn answerable(loaded: &Loaded) -> Result<RobotsTxt, Failure> {
    let robots = loaded.robots(Profile::Rfc);
    let case = format!("{}: {}", loaded.label, loaded.case());
    if robots.source().is_unreachable() {
        return Err(Failure::Message(case));
    }
    if loaded.body().is_none() {
        eprintln!("robots: {case}");
    }
    Ok(robots)
}

fn sitemaps(args: Source) -> Result<ExitCode, Failure> {
    let loaded = load(args.site.as_deref(), &args.from, "*")?;
    let robots = answerable(&loaded)?;
    let mut out = std::io::stdout().lock();
    for sitemap in robots.sitemaps() {
        writeln!(out, "{sitemap}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn delay(args: Delay) -> Result<ExitCode, Failure> {
    let loaded = load(args.source.site.as_deref(), &args.source.from, &args.ua)?;
    let robots = answerable(&loaded)?;
    if let Some(note) = crawler_note(&args.ua, robots.profile()) {
        eprintln!("robots: {note}");
    }
    let mut out = std::io::stdout().lock();
    match robots.crawl_delay(&args.ua) {
        Some(delay) => writeln!(out, "{}", delay.as_secs_f64())?,
        None => writeln!(out, "none")?,
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `matched_as` says what the library does: a line with the name it
    /// gives names the crawler, and when it gives none, not even a line
    /// with the caller's own name does.
    #[test]
    fn matched_as_agrees_with_the_library() {
        let names = [
            "foobot",
            "FooBot/2.1",
            "MJ12bot",
            "Foo Bot",
            " foobot",
            "a_b-c",
            "/bot",
            "bot9",
            "Bot\u{e9}",
        ];
        for profile in [Profile::Rfc, Profile::Google] {
            let options = robots::ParseOptions::new().profile(profile);
            for ua in names {
                let line = matched_as(ua, profile).unwrap_or(ua);
                let body = format!("User-agent: {line}\nDisallow: /\n");
                let robots = RobotsTxt::parse_with(body.as_bytes(), &options);
                assert_eq!(
                    robots.agent(ua).is_named(),
                    matched_as(ua, profile).is_some(),
                    "{ua:?} in the {profile} profile"
                );
            }
        }
    }
}
