//! Lints a robots.txt file and prints each finding.
//!
//! ```text
//! cargo run --example lint -- FILE
//! ```
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: lint FILE");
        return ExitCode::from(2);
    };
    let body = match std::fs::read(&file) {
        Ok(body) => body,
        Err(e) => {
            eprintln!("lint: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let lints = robots::lint(&body);
    for lint in &lints {
        println!("{lint}");
    }
    if lints
        .iter()
        .any(|l| l.severity() == robots::Severity::Error)
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
