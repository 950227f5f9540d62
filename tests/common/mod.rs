//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The corpus folder: `ROBOTS_CORPUS` when set, else `../shared/corpus` next
/// to the workspace root. `None` (with a message) when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ROBOTS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    if dir.join("probes.jsonl").is_file() {
        Some(dir)
    } else {
        eprintln!(
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
