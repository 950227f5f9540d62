//! The naive twin: obviously-correct, slow versions of the matcher and the
//! canonical forms, shared by the property tests and the fuzz targets.
#![allow(dead_code)]

/// Whether `pattern` matches `path` (SPEC §5.1), by dynamic programming over
/// every (pattern prefix, path prefix) pair: slow and obviously right.
pub fn naive_matches(pattern: &[u8], path: &[u8]) -> bool {
    let (pat, anchored) = match pattern.strip_suffix(b"$") {
        Some(p) => (p, true),
        None => (pattern, false),
    };
    let (n, m) = (pat.len(), path.len());
    // dp[i][j]: pat[..i] matches exactly path[..j].
    let mut dp = vec![vec![false; m + 1]; n + 1];
    dp[0][0] = true;
    for i in 1..=n {
        for j in 0..=m {
            dp[i][j] = if pat[i - 1] == b'*' {
                dp[i - 1][j] || (j > 0 && dp[i][j - 1])
            } else {
                j > 0 && dp[i - 1][j - 1] && path[j - 1] == pat[i - 1]
            };
        }
    }
    if anchored {
        dp[n][m]
    } else {
        dp[n].iter().any(|x| *x)
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// One left-to-right pass of SPEC §4.2's RFC canonical form.
pub fn naive_pass(s: &[u8], is_path: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            if let (Some(h), Some(l)) = (hex(s[i + 1]), hex(s[i + 2])) {
                let v = h * 16 + l;
                if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                    out.push(v);
                } else {
                    out.extend(format!("%{v:02X}").bytes());
                }
                i += 3;
                continue;
            }
        }
        let b = s[i];
        let last = i + 1 == s.len();
        let special = match b {
            b'*' => is_path,
            b'$' => is_path || !last,
            _ => false,
        };
        let encode = !(0x20..0x7F).contains(&b) || b == b' ' || special;
        if encode {
            out.extend(format!("%{b:02X}").bytes());
        } else {
            out.push(b);
        }
        i += 1;
    }
    out
}

/// The RFC canonical form: passes until nothing changes.
pub fn naive_canonical(s: &[u8], is_path: bool) -> Vec<u8> {
    let mut cur = s.to_vec();
    loop {
        let next = naive_pass(&cur, is_path);
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

/// Google's form of a pattern: non-ASCII escaped, escapes upper-cased.
pub fn naive_google(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() && hex(s[i + 1]).is_some() && hex(s[i + 2]).is_some() {
            out.push(b'%');
            out.push(s[i + 1].to_ascii_uppercase());
            out.push(s[i + 2].to_ascii_uppercase());
            i += 3;
        } else if s[i] >= 0x80 {
            out.extend(format!("%{:02X}", s[i]).bytes());
            i += 1;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// The naive priority of `pattern` against `path` in `profile`: the
/// pattern's length in matching form when it matches, else `None` (SPEC
/// §5.2). An empty pattern matches nothing.
pub fn naive_priority(profile: robots::Profile, pattern: &[u8], path: &[u8]) -> Option<usize> {
    let (p, path) = match profile {
        robots::Profile::Rfc => (naive_canonical(pattern, false), naive_canonical(path, true)),
        _ => (naive_google(pattern), path.to_vec()),
    };
    (!p.is_empty() && naive_matches(&p, &path)).then_some(p.len())
}

/// `raw` as a value the lexer reads back as itself: no line end, comment or
/// NUL, no surrounding whitespace (SPEC §1.6–1.8). For the fuzz targets.
pub fn as_value(raw: &[u8]) -> Vec<u8> {
    let kept: Vec<u8> = raw
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\r' | b'\n' | b'#' | 0))
        .collect();
    let space = |b: &u8| b.is_ascii_whitespace() || *b == 0x0B;
    let start = kept.iter().position(|b| !space(b)).unwrap_or(kept.len());
    let end = kept
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |e| e + 1);
    kept[start..end].to_vec()
}

/// `raw` as a path a query reads back as itself: a `/`, no second `/` after
/// it (SPEC §4.1), no fragment. For the fuzz targets.
pub fn as_path(raw: &[u8]) -> String {
    let rest = String::from_utf8_lossy(raw).replace('#', "");
    format!("/{}", rest.trim_start_matches('/'))
}

/// Whether the RFC profile answers `path` without its rules: `/robots.txt`
/// is always allowed (SPEC §5.4).
pub fn is_robots_txt(path: &str) -> bool {
    naive_canonical(path.as_bytes(), true)
        .split(|b| *b == b'?')
        .next()
        == Some(&b"/robots.txt"[..])
}

/// The naive priority of a rule against `path`: [`naive_priority`], and in
/// the Google profile an allow whose last `/`-segment starts with
/// `/index.htm` tried again as the pattern cut after that `/` plus `$`
/// (SPEC §5.5).
pub fn naive_rule_priority(
    profile: robots::Profile,
    allow: bool,
    pattern: &[u8],
    path: &[u8],
) -> Option<usize> {
    naive_priority(profile, pattern, path).or_else(|| {
        if profile != robots::Profile::Google || !allow {
            return None;
        }
        let p = naive_google(pattern);
        let slash = p.iter().rposition(|b| *b == b'/')?;
        if !p[slash..].starts_with(b"/index.htm") {
            return None;
        }
        let cut = [&p[..=slash], b"$"].concat();
        naive_matches(&cut, path).then_some(cut.len())
    })
}

/// The rule that decides `path` among the `rules` of one group (whether
/// each allows, and its pattern), found by trying every one: the highest
/// priority, an allow winning a tie (SPEC §5.2–5.3, and §5.5 in the Google
/// profile). Its priority and whether it allows; `None` when none matches.
pub fn naive_best<'r>(
    profile: robots::Profile,
    rules: impl IntoIterator<Item = (bool, &'r [u8])>,
    path: &[u8],
) -> Option<(usize, bool)> {
    rules
        .into_iter()
        .filter_map(|(allow, p)| {
            naive_rule_priority(profile, allow, p, path).map(|len| (len, allow))
        })
        .max()
}

/// A body of one group, for every crawler, of `rules` one a line.
pub fn group_body<'r>(rules: impl IntoIterator<Item = (bool, &'r [u8])>) -> Vec<u8> {
    let mut body = b"User-agent: *\n".to_vec();
    for (allow, pattern) in rules {
        body.extend_from_slice(if allow { b"Allow: " } else { b"Disallow: " });
        body.extend_from_slice(pattern);
        body.push(b'\n');
    }
    body
}
