//! Linting arbitrary bytes: no panic, every finding on a real line.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for lint in robots::lint(data) {
        assert!(lint.line() >= 1);
        assert!(!lint.to_string().is_empty());
    }
});
