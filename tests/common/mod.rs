//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// The corpus folder: `ROBOTS_CORPUS` when set, else `../shared/corpus` next
/// to the workspace root. `None` (with a message) when it is absent, unless
/// `ROBOTS_REQUIRE_CORPUS` is set, as `.ci/run` does: then absence fails.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ROBOTS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    if dir.join("probes.jsonl").is_file() {
        Some(dir)
    } else if std::env::var_os("ROBOTS_REQUIRE_CORPUS").is_some() {
        panic!(
            "ROBOTS_REQUIRE_CORPUS is set but there is no corpus at {}",
            dir.display()
        );
    } else {
        // Past the harness's capture, so that a skip is never silent.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: no corpus at {} (set ROBOTS_CORPUS to a folder with files/ and probes.jsonl)",
            dir.display()
        );
        None
    }
}

/// Every file under `dir`, sorted, as paths relative to it.
pub fn files_under(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("readable corpus folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    out.sort();
    out
}
