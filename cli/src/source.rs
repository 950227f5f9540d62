//! Where a robots.txt comes from: a file, or a site fetched over HTTP with
//! RFC 9309 §2.3.1's rules (redirects, status codes, failures, size limit).

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use robots::{Origin, ParseOptions, Profile, RedirectChain, RedirectStep, RobotsTxt};

/// What loading a robots.txt produced.
pub enum Outcome {
    /// A body: from a file (`status` is `None`) or a 2xx response.
    Body { status: Option<u16>, body: Vec<u8> },
    /// A final response other than 2xx.
    Status(u16),
    /// The redirect limit was reached, or a redirect went nowhere usable.
    TooManyRedirects(u16),
    /// No response: timeout, DNS or connection failure.
    Unreachable(String),
}

/// A loaded robots.txt and where it came from.
pub struct Loaded {
    /// The file name or the URL fetched first.
    pub label: String,
    pub outcome: Outcome,
}

impl Loaded {
    /// The policy in `profile` (SPEC §7).
    pub fn robots(&self, profile: Profile) -> RobotsTxt {
        let options = ParseOptions::new().profile(profile);
        match &self.outcome {
            Outcome::Body { status: None, body } => RobotsTxt::parse_with(body, &options),
            Outcome::Body {
                status: Some(s),
                body,
            } => RobotsTxt::from_response_with(*s, body, &options),
            Outcome::Status(s) | Outcome::TooManyRedirects(s) => {
                RobotsTxt::from_response_with(*s, b"", &options)
            }
            Outcome::Unreachable(_) => RobotsTxt::unreachable_with(&options),
        }
    }

    /// The body, when there is one.
    pub fn body(&self) -> Option<&[u8]> {
        match &self.outcome {
            Outcome::Body { body, .. } => Some(body),
            _ => None,
        }
    }

    /// Which case of RFC 9309 §2.3.1 applied, for people.
    pub fn case(&self) -> String {
        match &self.outcome {
            Outcome::Body { status: None, .. } => "parsed".into(),
            Outcome::Body {
                status: Some(s), ..
            } => format!("{s}, parsed"),
            Outcome::Status(s @ 300..=399) => {
                format!("{s} without a usable Location: unavailable, allow all")
            }
            Outcome::Status(s @ 400..=499) if *s != 429 => format!("{s}: unavailable, allow all"),
            Outcome::Status(s) => format!("{s}: unreachable, disallow all"),
            Outcome::TooManyRedirects(s) => {
                format!("{s}, too many redirects: unavailable, allow all")
            }
            Outcome::Unreachable(why) => format!("unreachable ({why}): disallow all"),
        }
    }
}

/// Reads a robots.txt file, or fails with a message: at most `limit` + 1
/// bytes, as [`fetch`] reads a body, so that a device or a pipe that never
/// ends (`--file /dev/zero`) cannot hang the tool or fill its memory.
pub fn read_file(path: &Path, limit: usize) -> Result<Loaded, String> {
    let body = std::fs::File::open(path)
        .and_then(|file| read_body(file, limit))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Loaded {
        label: path.display().to_string(),
        outcome: Outcome::Body { status: None, body },
    })
}

/// At most `limit` + 1 bytes of a body: one byte past the limit tells the
/// RFC profile whether the limit cut a line (SPEC §1.2); the rest is never
/// read.
fn read_body(reader: impl Read, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut body = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut body)?;
    Ok(body)
}

/// The origin of a site given as a URL or a bare host (https).
pub fn origin(site: &str) -> Result<Origin, String> {
    let url = if site.contains("://") {
        site.to_owned()
    } else {
        format!("https://{site}/")
    };
    Origin::from_url(&url).map_err(|e| format!("{site:?} is not a site: {e}"))
}

/// Resolves a `Location` against the URL it came from (RFC 3986 §5.2, the
/// cases servers send: absolute, scheme-relative, absolute-path, relative).
fn resolve(base: &str, location: &str) -> String {
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let origin_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    if location.contains("://") {
        location.to_owned()
    } else if let Some(rest) = location.strip_prefix("//") {
        format!("{}//{rest}", &base[..scheme_end.saturating_sub(2)])
    } else if location.starts_with('/') {
        format!("{}{location}", &base[..origin_end])
    } else {
        let dir_end = base
            .rfind('/')
            .filter(|i| *i >= origin_end)
            .map_or(origin_end, |i| i);
        format!("{}/{location}", &base[..dir_end])
    }
}

/// Fetches a site's robots.txt (RFC 9309 §2.3.1): at most `limit` + 1 bytes
/// of the body, five redirects and not a sixth, `timeout` for the whole
/// exchange, and a `User-Agent` naming the tool and the crawler.
pub fn fetch(site: &str, crawler: &str, timeout: Duration, limit: usize) -> Result<Loaded, String> {
    let first = origin(site)?.robots_txt_url();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .max_redirects(0)
        .http_status_as_error(false)
        .user_agent(format!(
            "robots-cli/{} (checking robots.txt for {crawler})",
            env!("CARGO_PKG_VERSION")
        ))
        .build()
        .into();
    let mut url = first.clone();
    let mut redirects = RedirectChain::new();
    let outcome = loop {
        let mut response = match agent.get(&url).call() {
            Ok(response) => response,
            Err(e) => break Outcome::Unreachable(e.to_string()),
        };
        let status = response.status().as_u16();
        if (300..400).contains(&status) {
            let location = response
                .headers()
                .get("location")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let Some(location) = location else {
                break Outcome::Status(status);
            };
            match redirects.next(&location) {
                RedirectStep::Follow => url = resolve(&url, &location),
                _ => break Outcome::TooManyRedirects(status),
            }
            continue;
        }
        if !(200..300).contains(&status) {
            break Outcome::Status(status);
        }
        let reader = response.body_mut().with_config().limit(u64::MAX).reader();
        match read_body(reader, limit) {
            Ok(body) => {
                break Outcome::Body {
                    status: Some(status),
                    body,
                };
            }
            Err(e) => break Outcome::Unreachable(format!("reading the body: {e}")),
        }
    };
    Ok(Loaded {
        label: first,
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn locations() {
        let base = "http://a.example:8080/dir/robots.txt";
        assert_eq!(
            resolve(base, "https://b.example/robots.txt"),
            "https://b.example/robots.txt"
        );
        assert_eq!(resolve(base, "//c.example/x"), "http://c.example/x");
        assert_eq!(resolve(base, "/r1"), "http://a.example:8080/r1");
        assert_eq!(resolve(base, "r2"), "http://a.example:8080/dir/r2");
        assert_eq!(resolve("http://a.example", "r3"), "http://a.example/r3");
    }
}
