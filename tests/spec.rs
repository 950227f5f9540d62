//! One test per numbered rule of SPEC.md §1 to §6, and §8's rule for files
//! that are not robots.txt, each [RFC]/[Google] difference checked in both
//! profiles. §7 is in `tests/fetch.rs`, §8's bounds in `tests/bounds.rs`.

use std::time::Duration;

use robots::{DiagnosticKind, Directive, ParseOptions, Profile, Reason, RobotsTxt};

const BOTH: [Profile; 2] = [Profile::Rfc, Profile::Google];

fn parse(profile: Profile, body: &[u8]) -> RobotsTxt {
    RobotsTxt::parse_with(body, &ParseOptions::new().profile(profile))
}

/// The answer of the parsed file, checked against the one-shot check's,
/// which reads lines its own faster way (`robots::is_allowed_once`).
fn allowed(profile: Profile, body: &[u8], ua: &str, url: &str) -> bool {
    let parsed = parse(profile, body).is_allowed(ua, url);
    let options = ParseOptions::new().profile(profile);
    let once = robots::is_allowed_once_with(body, &options, ua, url);
    assert_eq!(once, parsed, "{profile} one shot, {ua:?} {url:?}");
    parsed
}

fn kinds(robots: &RobotsTxt) -> Vec<(u32, DiagnosticKind)> {
    robots
        .diagnostics()
        .iter()
        .map(|d| (d.line(), d.kind().clone()))
        .collect()
}

#[test]
fn spec_1_1_bytes_not_utf8_and_bad_lines_are_skipped() {
    let body = b"User-agent: *\n\xFF\xFE garbage \x80\nDisallow: /a\xE9\n<html>\nDisallow: /b\n";
    for p in BOTH {
        let robots = parse(p, body);
        assert!(!robots.is_allowed("bot", "/b"), "{p}");
        assert!(!robots.is_allowed("bot", "/a%E9"), "{p}");
        assert!(robots.is_allowed("bot", "/c"), "{p}");
    }
}

#[test]
fn spec_1_2_size_limit_cuts_a_line_per_profile() {
    // `Allow: /public/page` cut after `/pub` by a limit inside the line.
    let body = b"User-agent: *\nDisallow: /\nAllow: /public/page\n";
    let limit = body.len() - "lic/page\n".len();
    let opts = |p| ParseOptions::new().profile(p).size_limit(limit);
    let rfc = RobotsTxt::parse_with(body, &opts(Profile::Rfc));
    let google = RobotsTxt::parse_with(body, &opts(Profile::Google));
    // RFC: the cut line is dropped whole, so `/pub` stays disallowed.
    assert!(!rfc.is_allowed("bot", "/pub"));
    assert!(!rfc.is_allowed("bot", "/public/page"));
    // Google: the cut line is kept as `Allow: /pub`.
    assert!(google.is_allowed("bot", "/pub"));
    assert!(google.is_allowed("bot", "/public/page"));
    for r in [&rfc, &google] {
        assert!(
            r.diagnostics()
                .iter()
                .any(|d| matches!(d.kind(), DiagnosticKind::Truncated { .. })),
            "{:?}",
            r.diagnostics()
        );
    }
    assert!(rfc.diagnostics().iter().any(|d| matches!(
        d.kind(),
        DiagnosticKind::Truncated {
            line_dropped: true,
            ..
        }
    )));
    // A limit that falls on a line end cuts no line: the line is kept whole.
    let at_end = body.len() - 1;
    for p in BOTH {
        let r = RobotsTxt::parse_with(body, &ParseOptions::new().profile(p).size_limit(at_end));
        assert!(r.is_allowed("bot", "/public/page"), "{p}");
        assert!(!r.is_allowed("bot", "/pub"), "{p}");
    }
}

#[test]
fn spec_1_2_default_limit_is_512000_bytes() {
    assert_eq!(ParseOptions::DEFAULT_SIZE_LIMIT, 512_000);
    let mut body = b"User-agent: *\nDisallow: /a\n".to_vec();
    body.resize(512_000, b'\n');
    body.extend_from_slice(b"Disallow: /b\n");
    for p in BOTH {
        let r = parse(p, &body);
        assert!(!r.is_allowed("bot", "/a"), "{p}");
        assert!(
            r.is_allowed("bot", "/b"),
            "{p}: a rule past 500 KiB is ignored"
        );
        assert_eq!(r.parsed_len(), 512_000);
    }
}

#[test]
fn spec_1_3_bom_prefixes_are_skipped() {
    for bom in [&b"\xEF"[..], b"\xEF\xBB", b"\xEF\xBB\xBF"] {
        let mut body = bom.to_vec();
        body.extend_from_slice(b"User-agent: *\nDisallow: /x\n");
        for p in BOTH {
            assert!(!allowed(p, &body, "bot", "/x"), "{p} {bom:?}");
        }
    }
    // A BOM byte elsewhere is not skipped: `\xBB` alone starts the key.
    let body = b"\xBBUser-agent: *\nDisallow: /x\n";
    assert!(allowed(Profile::Rfc, body, "bot", "/x"));
    // Google profile: byte i < 3 equal to BOM byte i is skipped even after a
    // mismatch, as the reference does.
    let quirk = b"U\xBBser-agent: *\nDisallow: /x\n";
    assert!(!allowed(Profile::Google, quirk, "bot", "/x"));
    assert!(allowed(Profile::Rfc, quirk, "bot", "/x"));
}

#[test]
fn spec_1_4_lf_cr_crlf_end_lines_and_number_them() {
    for sep in ["\n", "\r", "\r\n"] {
        let body = ["User-agent: *", "Disallow: /a", "", "Disallow: /b"].join(sep);
        for p in BOTH {
            let r = parse(p, body.as_bytes());
            assert_eq!(
                r.decide("bot", "/b/").rule().map(|r| r.line()),
                Some(4),
                "{p} {sep:?}"
            );
            assert_eq!(r.line_count(), 4);
        }
    }
    // Mixed: CR CR LF is two line ends.
    let r = RobotsTxt::parse(b"User-agent: *\r\r\nDisallow: /a");
    assert_eq!(r.decide("bot", "/a").rule().map(|r| r.line()), Some(3));
}

#[test]
fn spec_1_5_long_lines_are_cut_at_16663_bytes() {
    assert_eq!(robots::MAX_LINE_BYTES, 16_663);
    let prefix = "Disallow: /";
    let mut pattern = "a".repeat(robots::MAX_LINE_BYTES - prefix.len());
    let line = format!("{prefix}{pattern}bbbb");
    let body = format!("User-agent: *\n{line}\nDisallow: /next\n");
    pattern.insert(0, '/');
    for p in BOTH {
        let r = parse(p, body.as_bytes());
        let body = body.as_bytes();
        // The line is kept, cut: its pattern ends before the `b`s.
        assert!(!allowed(p, body, "bot", &format!("{pattern}zzz")), "{p}");
        assert!(
            allowed(p, body, "bot", &pattern[..pattern.len() - 1]),
            "{p}"
        );
        assert!(
            !allowed(p, body, "bot", "/next"),
            "{p}: the next line is still read"
        );
        assert!(kinds(&r).contains(&(2, DiagnosticKind::LineTooLong { length: line.len() })));
    }
}

#[test]
fn spec_1_6_nul_ends_the_useful_part_of_a_line() {
    let body = b"User-agent: *\nDisallow: /a\0/b\n\0Disallow: /c\nDisallow: /d\n";
    for p in BOTH {
        assert!(!allowed(p, body, "bot", "/a/x"), "{p}");
        assert!(allowed(p, body, "bot", "/c"), "{p}");
        assert!(!allowed(p, body, "bot", "/d"), "{p}");
    }
}

#[test]
fn spec_1_7_comments_run_to_the_end_of_the_line() {
    let body = b"User-agent: * # all\nDisallow: /a#b\n# Disallow: /c\nDisallow: /d # x";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!allowed(p, body, "bot", "/a"), "{p}");
        assert!(
            !allowed(p, body, "bot", "/ab"),
            "{p}: the value ends at `#`"
        );
        assert!(allowed(p, body, "bot", "/c"), "{p}");
        assert!(!allowed(p, body, "bot", "/d"), "{p}");
        assert_eq!(
            r.decide("bot", "/ab").rule().map(|r| r.pattern()),
            Some("/a")
        );
    }
}

#[test]
fn spec_1_8_missing_colon_with_spaces_and_tabs_only() {
    for p in BOTH {
        let r = parse(p, b"User-agent *\nDisallow /tmp\nDisallow\t\t/tab\n");
        assert!(!r.is_allowed("bot", "/tmp"), "{p}");
        assert!(!r.is_allowed("bot", "/tab"), "{p}");
        assert_eq!(
            kinds(&r),
            [
                (1, DiagnosticKind::MissingColon),
                (2, DiagnosticKind::MissingColon),
                (3, DiagnosticKind::MissingColon)
            ]
        );
        // VT and FF belong to a word: no directive.
        let r = parse(
            p,
            b"User-agent: *\nDisallow\x0B/tmp\nDisallow \x0C /vt\nDisallow /a /b\n",
        );
        assert!(r.is_allowed("bot", "/tmp"), "{p}");
        assert!(r.is_allowed("bot", "/vt"), "{p}");
        assert!(r.is_allowed("bot", "/a"), "{p}");
        // An empty key is no directive.
        let r = parse(p, b"User-agent: *\n: /x\n");
        assert!(r.is_allowed("bot", "/x"), "{p}");
        assert_eq!(r.records().count(), 0);
    }
}

#[test]
fn spec_1_9_keys_by_prefix_typos_and_other_records() {
    let body = b"USER-AGENT: *\nDisallowed: /a\nDissallow: /b\nuseragent: x\nSitemaps: http://s/1\nCrawl-delay: 1\nHost: h\nNoindex: /n\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!r.is_allowed("bot", "/a"), "{p}");
        assert!(!r.is_allowed("bot", "/b"), "{p}");
        assert!(r.is_allowed("bot", "/n"), "{p}: noindex is not a rule");
        assert_eq!(r.sitemaps().collect::<Vec<_>>(), ["http://s/1"]);
        let records: Vec<_> = r
            .records()
            .map(|r| (r.key(), r.value(), r.line()))
            .collect();
        assert_eq!(
            records,
            [
                ("Crawl-delay", "1", 6),
                ("Host", "h", 7),
                ("Noindex", "/n", 8)
            ]
        );
        let accepted: Vec<_> = r
            .diagnostics()
            .iter()
            .filter_map(|d| match d.kind() {
                DiagnosticKind::AcceptedKey { written, read_as } => {
                    Some((d.line(), &**written, *read_as))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            accepted,
            [
                (2, "Disallowed", Directive::Disallow),
                (3, "Dissallow", Directive::Disallow),
                (4, "useragent", Directive::UserAgent),
                (5, "Sitemaps", Directive::Sitemap),
            ]
        );
    }
}

#[test]
fn spec_2_1_records_do_not_end_groups() {
    let body = b"User-agent: a\nCrawl-delay: 5\n# c\n\nSitemap: /s\nUser-agent: b\nDisallow: /\nUser-agent: c\nDisallow: /c\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!allowed(p, body, "a", "/x"), "{p}");
        assert!(!allowed(p, body, "b", "/x"), "{p}");
        // A user-agent line after a rule starts a new group.
        assert!(allowed(p, body, "c", "/x"), "{p}");
        assert!(!allowed(p, body, "c", "/c"), "{p}");
        assert_eq!(r.group_count(), 2);
        assert_eq!(r.crawl_delay("b"), Some(Duration::from_secs(5)), "{p}");
    }
}

#[test]
fn spec_2_2_rules_before_any_user_agent_are_ignored() {
    for p in BOTH {
        let body = b"Disallow: /a\nAllow: /b\nUser-agent: *\nDisallow: /c\n";
        let r = parse(p, body);
        assert!(allowed(p, body, "bot", "/a"), "{p}");
        assert!(!allowed(p, body, "bot", "/c"), "{p}");
        assert_eq!(
            kinds(&r),
            [
                (1, DiagnosticKind::RuleOutsideGroup),
                (2, DiagnosticKind::RuleOutsideGroup)
            ]
        );
    }
}

#[test]
fn spec_2_3_global_agent_and_tokens_per_profile() {
    for p in BOTH {
        // `*` followed by whitespace and anything is global.
        assert!(
            !allowed(p, b"User-agent: * everyone\nDisallow: /\n", "bot", "/x"),
            "{p}"
        );
        // A comment right after `*` leaves the value `*` (SPEC §1.7).
        assert!(
            !allowed(p, b"User-agent: *# everyone\nDisallow: /\n", "bot", "/x"),
            "{p}"
        );
        // `*foo` is not global.
        assert!(
            allowed(p, b"User-agent: *foo\nDisallow: /\n", "bot", "/x"),
            "{p}"
        );
        // The token is the leading run: `Googlebot/2.1` names Googlebot.
        assert!(
            !allowed(
                p,
                b"User-agent: Googlebot/2.1\nDisallow: /\n",
                "Googlebot",
                "/x"
            ),
            "{p}"
        );
    }
    // Digits: RFC keeps them, Google cuts at the first digit.
    let body = b"User-agent: MJ12bot\nDisallow: /\n";
    assert!(!allowed(Profile::Rfc, body, "MJ12bot", "/x"));
    assert!(allowed(Profile::Rfc, body, "MJ", "/x"));
    assert!(allowed(Profile::Google, body, "MJ12bot", "/x"));
    assert!(!allowed(Profile::Google, body, "MJ", "/x"));
    // An empty token names no crawler, except a caller passing "" in Google.
    for body in [
        &b"User-agent:\nDisallow: /\n"[..],
        b"User-agent: *foo\nDisallow: /\n",
        b"User-agent: 123bot\nDisallow: /\n",
    ] {
        assert!(!allowed(Profile::Google, body, "", "/x"), "{body:?}");
        assert!(allowed(Profile::Rfc, body, "", "/x"), "{body:?}");
        assert!(allowed(Profile::Google, body, "bot", "/x"), "{body:?}");
    }
    assert!(!allowed(
        Profile::Rfc,
        b"User-agent: 123bot\nDisallow: /\n",
        "123bot",
        "/x"
    ));
}

#[test]
fn spec_2_4_an_empty_group_does_not_fall_back_to_global() {
    let body = b"User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(r.is_allowed("quxbot", "/x"), "{p}");
        assert!(r.agent("quxbot").is_named());
        assert!(!r.is_allowed("other", "/x"), "{p}");
        // A group whose only rules are empty is also a group.
        assert!(
            allowed(
                p,
                b"User-agent: *\nDisallow: /\nUser-agent: a\nDisallow:\n",
                "a",
                "/x"
            ),
            "{p}"
        );
    }
}

#[test]
fn spec_3_1_caller_token_per_profile() {
    let body = b"User-agent: FooBot\nDisallow: /\n";
    assert!(!allowed(Profile::Rfc, body, "FooBot/2.1", "/x"));
    assert!(!allowed(Profile::Rfc, body, "foobot (compatible)", "/x"));
    // Google compares the caller's string whole.
    assert!(allowed(Profile::Google, body, "FooBot/2.1", "/x"));
    assert!(!allowed(Profile::Google, body, "FooBot", "/x"));
    // RFC: an empty caller token selects the global groups.
    let body = b"User-agent: *\nDisallow: /g\nUser-agent: foo\nDisallow: /f\n";
    assert!(!allowed(Profile::Rfc, body, "/weird", "/g"));
    assert!(!allowed(Profile::Rfc, body, "", "/g"));
}

#[test]
fn spec_3_2_tokens_compare_case_insensitively_and_for_equality() {
    let body =
        b"User-agent: Googlebot-News\nDisallow: /news\nUser-agent: GOOGLEBOT\nDisallow: /web\n";
    for p in BOTH {
        assert!(allowed(p, body, "googlebot", "/news"), "{p}");
        assert!(!allowed(p, body, "googlebot", "/web"), "{p}");
        assert!(allowed(p, body, "googlebot-news", "/web"), "{p}");
        assert!(!allowed(p, body, "GoogleBot-NEWS", "/news"), "{p}");
        assert!(
            allowed(p, body, "Google", "/web"),
            "{p}: not a prefix match"
        );
    }
}

#[test]
fn spec_3_2_names_that_share_a_long_start_are_told_apart() {
    // Equality of the whole token, whatever its length: the lookup keys
    // names by their first twelve bytes and must read on past them.
    let body = b"User-agent: crawler-abcdefgh\nDisallow: /a\nUser-agent: crawler-abcdefghij\nDisallow: /b\nUser-agent: crawler-abcdefgh-x\nDisallow: /c\n";
    for p in BOTH {
        for (caller, blocked) in [
            ("crawler-abcdefgh", "/a"),
            ("crawler-abcdefghij", "/b"),
            ("Crawler-ABCDEFGH-X", "/c"),
        ] {
            for path in ["/a", "/b", "/c"] {
                assert_eq!(
                    allowed(p, body, caller, path),
                    path != blocked,
                    "{p} {caller} {path}"
                );
            }
        }
        // Same lengths, same first twelve or sixteen bytes, another name.
        for caller in [
            "crawler-abcdefgz",
            "crawler-abcdefghiz",
            "crawler-abcdefgh-y",
        ] {
            for path in ["/a", "/b", "/c"] {
                assert!(allowed(p, body, caller, path), "{p} {caller} {path}");
            }
        }
        // The same with one name in the file, which a search reaches first.
        for (named, caller) in [
            ("crawler-abcd", "crawler-abce"),
            ("crawler-abcde", "crawler-abcdf"),
            ("crawler-abcdefgh", "crawler-abcdefgz"),
        ] {
            let body = format!("User-agent: {named}\nDisallow: /\n");
            assert!(!allowed(p, body.as_bytes(), named, "/a"), "{p} {named}");
            assert!(
                allowed(p, body.as_bytes(), caller, "/a"),
                "{p} {named} {caller}"
            );
        }
    }
}

#[test]
fn spec_3_3_groups_naming_a_crawler_are_merged() {
    let body = b"User-agent: a\nDisallow: /x\nAllow: /x/y/z\n\nUser-agent: *\nDisallow: /g\n\nUser-agent: a\nAllow: /x/y\nDisallow: /q\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!allowed(p, body, "a", "/x"), "{p}");
        assert!(
            allowed(p, body, "a", "/x/y"),
            "{p}: the later group's longer allow wins"
        );
        assert_eq!(r.decide("a", "/x/y/z").rule().map(|r| r.line()), Some(3));
        assert!(!allowed(p, body, "a", "/q"), "{p}");
        assert!(
            allowed(p, body, "a", "/g"),
            "{p}: global rules do not apply to a named crawler"
        );
        assert!(!allowed(p, body, "b", "/g"), "{p}");
        // No group at all: everything is allowed.
        assert!(allowed(p, b"Sitemap: /s\n", "a", "/x"), "{p}");
    }
    // Several global groups are merged too.
    let merged = b"User-agent: *\nDisallow: /a\nUser-agent: *\nDisallow: /b\n";
    assert!(
        !allowed(Profile::Rfc, merged, "bot", "/a") && !allowed(Profile::Rfc, merged, "bot", "/b")
    );
}

#[test]
fn spec_4_1_urls_become_paths() {
    let body = b"User-agent: *\nDisallow: /a?b\nDisallow: /$\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(
            !r.is_allowed("bot", "https://user@example.com:8080/a?b=c#frag"),
            "{p}"
        );
        assert!(
            !r.is_allowed("bot", "http://example.com"),
            "{p}: empty path is /"
        );
        assert!(
            !r.is_allowed("bot", "//example.com/a?b"),
            "{p}: leading // is an authority"
        );
        assert!(
            !r.is_allowed("bot", "http://example.com/#/a?b"),
            "{p}: fragment removed"
        );
        assert!(!r.is_allowed("bot", "*"), "{p}: `*` is /");
        assert!(
            !r.is_allowed("bot", "foo/a?b"),
            "{p}: foo is taken for an authority"
        );
        assert!(r.is_allowed("bot", "/x#/a?b"), "{p}");
    }
    let r = RobotsTxt::parse(b"User-agent: *\nDisallow: /?q\n");
    assert!(!r.is_allowed("bot", "?q"));
    assert!(!r.is_allowed("bot", "http://example.com?q"));
}

#[test]
fn spec_4_2_patterns_and_paths_in_canonical_form() {
    let body = "User-agent: *\nDisallow: /caf\u{e9}\nDisallow: /%7euser\nDisallow: /a%2fb\nDisallow: /s p\n";
    let rfc = parse(Profile::Rfc, body.as_bytes());
    let google = parse(Profile::Google, body.as_bytes());
    for url in ["/caf%C3%A9", "/caf%c3%a9", "/caf\u{e9}"] {
        assert!(!rfc.is_allowed("bot", url), "rfc {url}");
    }
    assert!(!google.is_allowed("bot", "/caf%C3%A9"));
    assert!(google.is_allowed("bot", "/caf%c3%a9"));
    assert!(google.is_allowed("bot", "/caf\u{e9}"));
    // %7e is unreserved: decoded in the RFC profile, upper-cased in Google's.
    assert!(!rfc.is_allowed("bot", "/~user"));
    assert!(!rfc.is_allowed("bot", "/%7Euser"));
    assert!(google.is_allowed("bot", "/~user"));
    assert!(!google.is_allowed("bot", "/%7Euser"));
    // %2f is reserved: never `/`.
    assert!(rfc.is_allowed("bot", "/a/b"));
    assert!(!rfc.is_allowed("bot", "/a%2Fb"));
    assert!(!rfc.is_allowed("bot", "/a%2fb"));
    // Space is escaped in the RFC profile; Google keeps the pattern's space.
    assert!(!rfc.is_allowed("bot", "/s%20p"));
    assert!(!rfc.is_allowed("bot", "/s p"));
    assert!(!google.is_allowed("bot", "/s p"));
    assert!(google.is_allowed("bot", "/s%20p"));
    // The priority counts the canonical form's bytes.
    assert_eq!(
        rfc.decide("bot", "/~user").rule().map(|r| r.priority()),
        Some(6)
    );
    assert_eq!(
        google
            .decide("bot", "/%7Euser")
            .rule()
            .map(|r| r.priority()),
        Some(8)
    );
}

#[test]
fn spec_4_1_a_url_and_the_path_built_from_it_answer_alike() {
    // SPEC §4.1, §4.2: asked with a URL, the Google profile reads only the
    // path as given and the RFC profile its canonical form; both must
    // answer as a CanonicalPath built from the same URL does.
    let body = b"User-agent: *\nDisallow: /caf\xc3\xa9\nDisallow: /%7euser\nAllow: /a%2fb\nDisallow: /a\nDisallow: /*?q=\nAllow: /index.html\n";
    let urls = [
        "http://example.com/caf%C3%A9#top",
        "https://example.com/caf%c3%a9",
        "//example.com/~user",
        "/%7Euser?x",
        "/a%2Fb",
        "/a/b#f",
        "http://example.com?q=1",
        "http://example.com#/a",
        "/index.html",
        "/robots.txt?x",
        "",
    ];
    for profile in [Profile::Rfc, Profile::Google] {
        let robots = parse(profile, body);
        let agent = robots.agent("bot");
        for url in urls {
            let path = robots::CanonicalPath::new(url);
            assert_eq!(
                agent.decide(url),
                agent.decide_path(&path),
                "{profile:?} {url:?}"
            );
            assert_eq!(
                agent.is_allowed(url),
                agent.is_allowed_path(&path),
                "{profile:?} {url:?}"
            );
        }
    }
}

#[test]
fn spec_4_2_mid_pattern_dollar_is_literal() {
    let body = b"User-agent: *\nDisallow: /a$b\nAllow: /a$b/c$\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!r.is_allowed("bot", "/a$b/x"), "{p}");
        assert!(r.is_allowed("bot", "/ab"), "{p}");
        assert!(r.is_allowed("bot", "/a$b/c"), "{p}");
    }
    // RFC: the literal `$` is `%24` (3 bytes of priority) and matches `%24`.
    let rfc = parse(Profile::Rfc, body);
    assert_eq!(
        rfc.decide("bot", "/a$b").rule().map(|r| r.priority()),
        Some(6)
    );
    assert!(!rfc.is_allowed("bot", "/a%24b"));
    let google = parse(Profile::Google, body);
    assert_eq!(
        google.decide("bot", "/a$b").rule().map(|r| r.priority()),
        Some(4)
    );
    assert!(google.is_allowed("bot", "/a%24b"));
}

#[test]
fn spec_5_1_wildcards_anchors_and_case() {
    let body = b"User-agent: *\nDisallow: /*.php$\nDisallow: /x*y*z\nDisallow: /Case\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!r.is_allowed("bot", "/a.php"), "{p}");
        assert!(
            !r.is_allowed("bot", "/a.php.php"),
            "{p}: the old first-match bug"
        );
        assert!(r.is_allowed("bot", "/a.php5"), "{p}");
        assert!(r.is_allowed("bot", "/a.php?x"), "{p}");
        assert!(!r.is_allowed("bot", "/x/y/z/w"), "{p}");
        assert!(!r.is_allowed("bot", "/xyz"), "{p}");
        assert!(r.is_allowed("bot", "/xzy"), "{p}");
        assert!(r.is_allowed("bot", "/case"), "{p}: case-sensitive");
        assert!(!r.is_allowed("bot", "/Casey"), "{p}");
    }
}

#[test]
fn spec_5_2_longest_pattern_wins_allow_on_ties() {
    let body = b"User-agent: *\nDisallow: /folder\nAllow: /folder/\nDisallow: /folder/*.x\nAllow: /f*lder/a.x\n";
    for p in BOTH {
        let r = parse(p, body);
        assert!(!r.is_allowed("bot", "/folder"), "{p}");
        assert!(r.is_allowed("bot", "/folder/page"), "{p}");
        assert!(!r.is_allowed("bot", "/folder/b.x"), "{p}");
        // `/f*lder/a.x` and `/folder/*.x` both have 11 bytes: allow wins the tie.
        let d = r.decide("bot", "/folder/a.x");
        assert!(d.is_allowed(), "{p}");
        assert_eq!(d.rule().map(|r| (r.line(), r.priority())), Some((5, 11)));
    }
    let r = RobotsTxt::parse(b"User-agent: *\nDisallow: /a/*.x\nAllow: /*r/a.x\n");
    let d = r.decide("bot", "/r/a.x");
    assert!(d.is_allowed());
    assert_eq!(d.rule().map(|r| r.priority()), Some(7));
    // A pattern starting with neither `/` nor `*` never matches.
    for p in BOTH {
        assert!(
            allowed(p, b"User-agent: *\nDisallow: private\n", "bot", "/private"),
            "{p}"
        );
    }
}

#[test]
fn spec_5_3_empty_patterns_never_decide() {
    for p in BOTH {
        let r = parse(p, b"User-agent: *\nDisallow:\nAllow:\n");
        assert_eq!(
            r.decide("bot", "/x").reason(),
            Reason::NoMatchingRule,
            "{p}"
        );
        let r = parse(p, b"User-agent: *\nAllow:\nDisallow: /\n");
        assert!(
            !r.is_allowed("bot", "/x"),
            "{p}: an empty allow does not beat Disallow: /"
        );
    }
}

#[test]
fn spec_5_4_robots_txt_is_always_allowed_in_the_rfc_profile() {
    let body = b"User-agent: *\nDisallow: /\n";
    let rfc = parse(Profile::Rfc, body);
    for url in [
        "/robots.txt",
        "http://example.com/robots.txt?x=1",
        "/robots%2Etxt",
    ] {
        let d = rfc.decide("bot", url);
        assert!(d.is_allowed(), "{url}");
        assert_eq!(d.reason(), Reason::RobotsTxtPath);
    }
    assert!(!rfc.is_allowed("bot", "/robots.txt/x"));
    assert!(!parse(Profile::Google, body).is_allowed("bot", "/robots.txt"));
}

#[test]
fn spec_5_5_google_index_htm_allows_the_directory() {
    let body =
        b"User-agent: *\nDisallow: /d/\nAllow: /d/index.html\nAllow: /e/index.htm\nDisallow: /e/\n";
    let google = parse(Profile::Google, body);
    let rfc = parse(Profile::Rfc, body);
    let d = google.decide("bot", "/d/");
    assert!(d.is_allowed());
    // The one-shot check must not pass over the allow because its literal
    // start runs past the path: the derived rule matches there.
    assert!(allowed(Profile::Google, body, "bot", "/d/"));
    let rule = d.rule().unwrap();
    assert_eq!(
        (
            rule.line(),
            rule.pattern(),
            rule.matched_pattern(),
            rule.priority()
        ),
        (3, "/d/index.html", "/d/$", 4)
    );
    assert!(
        !allowed(Profile::Google, body, "bot", "/d/other"),
        "only the directory itself"
    );
    assert!(!allowed(Profile::Google, body, "bot", "/d/?q"));
    assert!(allowed(Profile::Google, body, "bot", "/e/"));
    assert!(!rfc.is_allowed("bot", "/d/"));
    assert!(!rfc.is_allowed("bot", "/e/"));
    for r in [&google, &rfc] {
        assert!(r.is_allowed("bot", "/d/index.html"));
    }
    // Only the last segment counts, and only for allow.
    let other = b"User-agent: *\nDisallow: /\nAllow: /index.html/x\nDisallow: /f/index.html\n";
    let g = parse(Profile::Google, other);
    assert!(!g.is_allowed("bot", "/"));
    assert!(!g.is_allowed("bot", "/f/"));
    // The derived `/d/$` has priority 4, so it ties `Disallow: /d/$` and wins
    // as an allow, in the parsed file and in the one-shot check alike.
    let tie = b"User-agent: *\nDisallow: /d/$\nAllow: /d/index.html\n";
    assert!(allowed(Profile::Google, tie, "bot", "/d/"));
}

#[test]
fn spec_5_6_matching_is_linear_and_allocation_free() {
    // A pattern of 8,000 `*a` pieces against a path of 16,000 `a`s and one `b`:
    // a backtracking matcher takes exponential time here; ours one pass.
    let pattern = "*a".repeat(8_000);
    let body = format!("User-agent: *\nDisallow: /{pattern}b\n");
    let path = format!("/{}", "a".repeat(16_000));
    for p in BOTH {
        let r = parse(p, body.as_bytes());
        assert!(r.is_allowed("bot", &path), "{p}");
        assert!(!r.is_allowed("bot", &format!("{path}b")), "{p}");
    }
    // No allocation for a canonical path is checked in tests/alloc.rs.
}

#[test]
fn spec_6_1_sitemaps_in_file_order_from_anywhere() {
    let body = b"Sitemap: https://a/1.xml\nUser-agent: *\nSitemap: /relative.xml\nDisallow: /\nsite-map: https://a/2.xml\n";
    for p in BOTH {
        let r = parse(p, body);
        assert_eq!(
            r.sitemaps().collect::<Vec<_>>(),
            ["https://a/1.xml", "/relative.xml", "https://a/2.xml"]
        );
        assert!(
            !r.is_allowed("bot", "/x"),
            "{p}: sitemaps do not end groups"
        );
    }
}

#[test]
fn spec_6_2_crawl_delay_per_crawler() {
    let body = b"Crawl-delay: 99\nUser-agent: a\nCrawl-delay: 1.5\nUser-agent: b\nCrawldelay: 2\nDisallow: /\n\nUser-agent: *\nCrawl delay: .5\nCrawl-delay: 3\nCrawl-delay: -1\nCrawl-delay: soon\nDisallow: /p\n\nUser-agent: a\nCrawl-Delay: 10\n";
    for p in BOTH {
        let r = parse(p, body);
        assert_eq!(
            r.crawl_delay("a"),
            Some(Duration::from_secs(10)),
            "{p}: largest of a's groups"
        );
        assert_eq!(r.crawl_delay("b"), Some(Duration::from_secs(2)), "{p}");
        assert_eq!(r.crawl_delay("other"), Some(Duration::from_secs(3)), "{p}");
        let diags = kinds(&r);
        assert!(
            diags.contains(&(1, DiagnosticKind::CrawlDelayOutsideGroup)),
            "{diags:?}"
        );
        assert!(
            diags.contains(&(11, DiagnosticKind::InvalidCrawlDelay { value: "-1".into() })),
            "{diags:?}"
        );
        assert!(
            diags.contains(&(
                12,
                DiagnosticKind::InvalidCrawlDelay {
                    value: "soon".into()
                }
            )),
            "{diags:?}"
        );
    }
    assert_eq!(
        RobotsTxt::parse(b"User-agent: *\nDisallow: /\n").crawl_delay("a"),
        None
    );
}

#[test]
fn spec_6_3_other_records_by_key_with_line() {
    let r = RobotsTxt::parse(b"User-agent: *\nClean-param: ref /articles/\nRequest-rate: 1/10\ncontent-signal: search=yes\n");
    let got: Vec<_> = r
        .records()
        .map(|r| (r.key().to_ascii_lowercase(), r.value().to_owned(), r.line()))
        .collect();
    assert_eq!(
        got,
        [
            ("clean-param".to_owned(), "ref /articles/".to_owned(), 2),
            ("request-rate".to_owned(), "1/10".to_owned(), 3),
            ("content-signal".to_owned(), "search=yes".to_owned(), 4),
        ]
    );
}

#[test]
fn spec_6_3_other_records_per_crawler() {
    // Records belong to the group they are in, as crawl-delay does (§6.2),
    // and a record before the first user-agent line to none (§2.2).
    let body = b"Host: before.example\nUser-agent: a\nRequest-rate: 1/10\nUser-agent: b\nDisallow: /\nClean-param: ref\n\nUser-agent: *\nRequest-rate: 1/5\nDisallow: /p\n\nUser-agent: A\nRequest-rate: 1/60\n";
    for p in BOTH {
        let r = parse(p, body);
        let records = |ua: &str| -> Vec<(String, u32)> {
            r.agent(ua)
                .records()
                .map(|r| (r.value().to_owned(), r.line()))
                .collect()
        };
        let a = [("1/10".into(), 3), ("ref".into(), 6), ("1/60".into(), 13)];
        assert_eq!(records("a"), a, "{p}: both of a's groups, in file order");
        assert_eq!(records("b"), [("1/10".into(), 3), ("ref".into(), 6)], "{p}");
        assert_eq!(records("other"), [("1/5".into(), 9)], "{p}");
    }
    let none = RobotsTxt::parse(b"Host: x\nUser-agent: a\nDisallow: /\n");
    assert_eq!(none.agent("a").records().count(), 0);
    assert_eq!(none.agent("b").records().count(), 0);
}

#[test]
fn spec_8_html_images_gzip_and_utf16_parse_like_any_other_bytes() {
    let others: [(&str, &[u8]); 4] = [
        ("HTML", include_bytes!("../fixtures/lint/html.txt")),
        ("PNG", include_bytes!("../fixtures/lint/image.bin")),
        ("gzip", include_bytes!("../fixtures/lint/gzip.bin")),
        ("UTF-16", include_bytes!("../fixtures/lint/utf16.bin")),
    ];
    for profile in BOTH {
        for (what, body) in others {
            let r = parse(profile, body);
            // The UTF-16 file says `User-agent: *` and `Disallow: /`, but with
            // a NUL after every character no line reads as a directive.
            assert_eq!(r.group_count(), 0, "{profile} {what}");
            assert!(r.is_allowed("bot", "/"), "{profile} {what}");
            assert!(
                r.diagnostics().iter().all(|d| d.line() <= r.line_count()),
                "{profile} {what}"
            );
        }
        // Lines that read as directives still count, whatever surrounds them.
        let page = b"<html>\n<pre>\nUser-agent: *\nDisallow: /private\n</pre>\n</html>\n";
        let r = parse(profile, page);
        assert!(!r.is_allowed("bot", "/private/a"), "{profile}");
        assert!(r.is_allowed("bot", "/"), "{profile}");
    }
}

#[test]
fn robots_txt_is_send_sync_clone_debug() {
    fn assert_traits<T: Send + Sync + Clone + std::fmt::Debug + 'static>() {}
    assert_traits::<RobotsTxt>();
    assert_traits::<robots::CanonicalPath<'static>>();
    fn assert_view<T: Send + Sync + Copy + std::fmt::Debug>() {}
    assert_view::<robots::Agent<'static>>();
    assert_view::<robots::Decision<'static>>();
}
