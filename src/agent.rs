//! Product tokens: what a `user-agent` line names, and what a caller is.

use alloc::boxed::Box;
use core::fmt;

use crate::lex::is_space;
use crate::options::Profile;

/// Whether a byte may appear in a product token in `profile` (SPEC §2.3).
///
/// RFC 9309 §2.2.1 allows letters, `_` and `-`; the RFC profile also keeps
/// digits, since real crawlers (`MJ12bot`, `360Spider`) have them. Google's
/// reference stops at the first digit.
pub(crate) const fn is_token_byte(b: u8, profile: Profile) -> bool {
    match b {
        b'A'..=b'Z' | b'a'..=b'z' | b'_' | b'-' => true,
        b'0'..=b'9' => matches!(profile, Profile::Rfc),
        _ => false,
    }
}

/// [`is_token_byte`] of every byte, looked up: bit 1 for the RFC profile,
/// bit 2 for the Google profile. A table lookup a byte, where the ranges
/// cost a compare and a branch each; this runs on every caller's name.
const TOKEN_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = is_token_byte(b as u8, Profile::Rfc) as u8
            | (is_token_byte(b as u8, Profile::Google) as u8) << 1;
        b += 1;
    }
    table
};

/// The longest leading run of token bytes of `value` (SPEC §2.3, §3.1).
#[inline]
pub(crate) fn token_prefix(value: &[u8], profile: Profile) -> &[u8] {
    let bit = match profile {
        Profile::Rfc => 1,
        Profile::Google => 2,
    };
    let end = value
        .iter()
        .position(|&b| TOKEN_BYTES[usize::from(b)] & bit == 0)
        .unwrap_or(value.len());
    &value[..end]
}

/// Whether a `user-agent` value names every crawler: `*`, or `*` followed by
/// whitespace and anything (SPEC §2.3, as Google's reference reads it).
pub(crate) fn is_global(value: &[u8]) -> bool {
    match value {
        [b'*'] => true,
        [b'*', next, ..] => is_space(*next),
        _ => false,
    }
}

/// A crawler's product token: one or more of `A-Z a-z 0-9 _ -`.
///
/// Crawlers are matched by product token (RFC 9309 §2.2.1), not by their full
/// `User-Agent` header. Build one with [`ProductToken::new`] to validate a
/// name you configure, or [`ProductToken::from_user_agent`] to take it from a
/// header. Anywhere the crate takes a `&str` crawler name it also accepts a
/// `ProductToken` through `AsRef<str>`.
///
/// # Examples
///
/// ```
/// use robots::ProductToken;
///
/// let token = ProductToken::new("FooBot")?;
/// assert_eq!(token.as_str(), "FooBot");
///
/// let from_header = ProductToken::from_user_agent("FooBot/2.1 (+https://foo.example/bot)")?;
/// assert_eq!(from_header, token);
///
/// assert!(ProductToken::new("Foo Bot").is_err());
/// # Ok::<(), robots::InvalidProductToken>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProductToken(Box<str>);

impl ProductToken {
    /// Validates `token`: non-empty, and only `A-Z a-z 0-9 _ -`.
    ///
    /// # Errors
    ///
    /// [`InvalidProductToken`] when `token` is empty or has any other byte.
    pub fn new(token: &str) -> Result<Self, InvalidProductToken> {
        if token.is_empty() {
            return Err(InvalidProductToken::Empty);
        }
        match token.bytes().position(|b| !is_token_byte(b, Profile::Rfc)) {
            Some(at) => Err(InvalidProductToken::InvalidByte {
                at,
                byte: token.as_bytes()[at],
            }),
            None => Ok(ProductToken(token.into())),
        }
    }

    /// Takes the product token at the start of a `User-Agent` header value:
    /// `FooBot/2.1 (compatible)` gives `FooBot`.
    ///
    /// # Errors
    ///
    /// [`InvalidProductToken::Empty`] when the value does not start with a
    /// token byte.
    pub fn from_user_agent(user_agent: &str) -> Result<Self, InvalidProductToken> {
        let token = token_prefix(user_agent.trim_start().as_bytes(), Profile::Rfc);
        match core::str::from_utf8(token) {
            Ok(token) if !token.is_empty() => Ok(ProductToken(token.into())),
            _ => Err(InvalidProductToken::Empty),
        }
    }

    /// The token.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for ProductToken {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ProductToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::str::FromStr for ProductToken {
    type Err = InvalidProductToken;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ProductToken::new(s)
    }
}

/// Why a string is not a [`ProductToken`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidProductToken {
    /// The token is empty.
    #[error("a product token cannot be empty")]
    Empty,
    /// The token has a byte other than `A-Z a-z 0-9 _ -`.
    #[error(
        "byte {byte:#04x} at offset {at} is not allowed in a product token (only A-Z a-z 0-9 _ -)"
    )]
    InvalidByte {
        /// Offset of the byte.
        at: usize,
        /// The byte.
        byte: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_per_profile() {
        // SPEC §2.3
        assert_eq!(token_prefix(b"MJ12bot", Profile::Rfc), b"MJ12bot");
        assert_eq!(token_prefix(b"MJ12bot", Profile::Google), b"MJ");
        assert_eq!(token_prefix(b"Googlebot/2.1", Profile::Rfc), b"Googlebot");
        assert_eq!(token_prefix(b"123bot", Profile::Google), b"");
        assert_eq!(
            token_prefix(b"foo_bar-baz qux", Profile::Google),
            b"foo_bar-baz"
        );
    }

    #[test]
    fn the_token_table_is_the_token_rule() {
        // SPEC §2.3: the looked-up bytes are the ranges, in both profiles.
        for b in 0..=255u8 {
            for profile in [Profile::Rfc, Profile::Google] {
                let expected = if is_token_byte(b, profile) { 1 } else { 0 };
                assert_eq!(
                    token_prefix(&[b, b'/'], profile).len(),
                    expected,
                    "{b:#x} {profile:?}"
                );
            }
        }
    }

    #[test]
    fn global_agent() {
        // SPEC §2.3
        assert!(is_global(b"*"));
        assert!(is_global(b"* anything"));
        assert!(is_global(b"*\tx"));
        assert!(!is_global(b"*foo"));
        assert!(!is_global(b""));
        assert!(!is_global(b"foo*"));
    }

    #[test]
    fn product_token_validation() {
        assert_eq!(ProductToken::new(""), Err(InvalidProductToken::Empty));
        assert_eq!(
            ProductToken::new("a/b"),
            Err(InvalidProductToken::InvalidByte { at: 1, byte: b'/' })
        );
        assert_eq!(ProductToken::new("MJ12bot").unwrap().as_str(), "MJ12bot");
        assert_eq!(
            ProductToken::from_user_agent("/x"),
            Err(InvalidProductToken::Empty)
        );
        assert_eq!(
            ProductToken::from_user_agent(" a-b_c9/1").unwrap().as_str(),
            "a-b_c9"
        );
    }
}
