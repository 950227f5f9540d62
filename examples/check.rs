//! Asks a robots.txt file whether a crawler may fetch some paths.
//!
//! ```text
//! cargo run --example check -- FILE USER_AGENT PATH... [--google]
//! ```
//!
//! Prints one line per path: the verdict and the rule that decided it. Exits
//! with 0 when every path is allowed, 1 when any is disallowed, 2 on a usage
//! or file error.

use std::process::ExitCode;

use robots::{ParseOptions, Profile, RobotsTxt};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let profile = match args.iter().position(|a| a == "--google") {
        Some(i) => {
            args.remove(i);
            Profile::Google
        }
        None => Profile::Rfc,
    };
    let [file, user_agent, paths @ ..] = args.as_slice() else {
        eprintln!("usage: check FILE USER_AGENT PATH... [--google]");
        return ExitCode::from(2);
    };
    if paths.is_empty() {
        eprintln!("usage: check FILE USER_AGENT PATH... [--google]");
        return ExitCode::from(2);
    }
    let body = match std::fs::read(file) {
        Ok(body) => body,
        Err(e) => {
            eprintln!("check: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let robots = RobotsTxt::parse_with(&body, &ParseOptions::new().profile(profile));
    let agent = robots.agent(user_agent);
    let mut all_allowed = true;
    for path in paths {
        let decision = agent.decide(path);
        all_allowed &= decision.is_allowed();
        println!("{path}: {decision}");
    }
    if all_allowed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
