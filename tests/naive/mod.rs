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
