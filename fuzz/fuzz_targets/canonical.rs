//! Canonicalising twice equals canonicalising once, and equals the naive
//! twin's repeat-until-stable form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots::CanonicalPath;

#[path = "../../tests/naive/mod.rs"]
mod naive;

fuzz_target!(|input: &str| {
    let once = CanonicalPath::new(input);
    // A path that starts with `//` reads as an authority when parsed again
    // (SPEC §4.1), so only the canonical form of the path itself is compared.
    let path = once.as_given();
    let canonical = once.as_str();
    assert_eq!(canonical.as_bytes(), &naive::naive_canonical(path.as_bytes(), true)[..]);
    if !canonical.starts_with("//") {
        assert_eq!(CanonicalPath::new(canonical).as_str(), canonical, "input {input:?}");
    }
});
