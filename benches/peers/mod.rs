//! The workloads of the side-by-side benches, for this crate and its peers
//! (texting_robots 0.2, robotstxt 0.3), on the same bytes: one pass of each
//! is one method here, so that `compare` (criterion; its groups are named
//! below) and `interleaved` (alternating rounds) time the same code.
#![allow(dead_code)]

use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};

use robots::{CanonicalPath, ParseOptions, RobotsTxt};

use crate::common;

/// The crawler every workload asks about.
pub const UA: &str = "Googlebot";

/// A robotstxt handler that does nothing: robotstxt's parse alone.
struct Noop;

impl robotstxt::RobotsParseHandler for Noop {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, _: &str) {}
    fn handle_allow(&mut self, _: u32, _: &str) {}
    fn handle_disallow(&mut self, _: u32, _: &str) {}
    fn handle_sitemap(&mut self, _: u32, _: &str) {}
    fn handle_unknown_action(&mut self, _: u32, _: &str, _: &str) {}
}

/// The corpus without the files that make a peer panic, and what each
/// workload reads, built before any timing.
pub struct Workloads {
    pub corpus: common::Corpus,
    /// The bodies as text, for robotstxt (which takes `&str`).
    text: Vec<String>,
    /// Every body parsed by this crate (RFC profile), for the query rows.
    parsed: Vec<RobotsTxt>,
    /// Every body parsed by texting_robots for [`UA`], when it accepts it.
    texting: Vec<Option<texting_robots::Robot>>,
    /// Each probe's canonical path, built once, for the view's query row.
    paths: Vec<Vec<CanonicalPath<'static>>>,
    /// Each file's first probe (`/` for a file without one): the one shot.
    first: Vec<String>,
    /// Whether each body is an HTML page served as robots.txt.
    html: Vec<bool>,
}

impl Workloads {
    /// Loads the corpus (`None` when it is absent) and leaves out, for every
    /// library, the files that make a peer panic, listing them on stderr.
    pub fn load() -> Option<Workloads> {
        let mut corpus = common::load()?;
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let mut keep = Vec::new();
        let mut left_out = Vec::new();
        for (i, (name, body)) in corpus.files.iter().enumerate() {
            let text = String::from_utf8_lossy(body).into_owned();
            let urls = &corpus.probes[i];
            let texting = catch_unwind(|| {
                if let Ok(robot) = texting_robots::Robot::new(UA, body) {
                    urls.iter().for_each(|u| {
                        black_box(robot.allowed(u));
                    });
                }
            });
            let robotstxt = catch_unwind(AssertUnwindSafe(|| {
                for url in urls {
                    robotstxt::DefaultMatcher::default()
                        .one_agent_allowed_by_robots(&text, UA, url);
                }
                robotstxt::parse_robotstxt(&text, &mut Noop);
            }));
            match (texting.is_ok(), robotstxt.is_ok()) {
                (true, true) => keep.push(i),
                (t, _) => left_out.push(format!(
                    "{name} ({} panics)",
                    if t { "robotstxt" } else { "texting_robots" }
                )),
            }
        }
        std::panic::set_hook(hook);
        eprintln!(
            "left out for every library, as a peer panics on them: {}",
            if left_out.is_empty() {
                "none".into()
            } else {
                left_out.join(", ")
            }
        );
        let files = keep.iter().map(|&i| corpus.files[i].clone()).collect();
        let probes = keep.iter().map(|&i| corpus.probes[i].clone()).collect();
        corpus = common::Corpus { files, probes };
        eprintln!(
            "corpus: {} files, {} bytes, {} Googlebot probes",
            corpus.files.len(),
            corpus.total_bytes(),
            corpus.probe_count()
        );
        let bodies = || corpus.files.iter().map(|(_, body)| body);
        Some(Workloads {
            text: bodies()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .collect(),
            parsed: bodies().map(|b| RobotsTxt::parse(b)).collect(),
            texting: bodies()
                .map(|b| texting_robots::Robot::new(UA, b).ok())
                .collect(),
            paths: common::canonical_paths(&corpus.probes),
            first: corpus
                .probes
                .iter()
                .map(|p| p.first().map_or("/", String::as_str).to_owned())
                .collect(),
            html: bodies().map(|b| common::looks_like_html(b)).collect(),
            corpus,
        })
    }

    fn bodies(&self) -> impl Iterator<Item = &[u8]> {
        self.corpus.files.iter().map(|(_, body)| &body[..])
    }

    /// Group `parse`: every body once.
    pub fn parse(&self, options: &ParseOptions) {
        parse_each(self.bodies(), options);
    }

    pub fn parse_texting(&self) {
        parse_texting_each(self.bodies());
    }

    /// The bodies that are HTML pages served as robots.txt (`html`), or
    /// the others: where the parse's ratio is made and where it is lost.
    fn bodies_of_kind(&self, html: bool) -> impl Iterator<Item = &[u8]> {
        self.bodies()
            .zip(&self.html)
            .filter(move |(_, is_html)| **is_html == html)
            .map(|(body, _)| body)
    }

    /// [`Workloads::parse`] of the HTML bodies alone, or of the others.
    pub fn parse_kind(&self, options: &ParseOptions, html: bool) {
        parse_each(self.bodies_of_kind(html), options);
    }

    /// [`Workloads::parse_texting`] of the HTML bodies alone, or of the
    /// others.
    pub fn parse_texting_kind(&self, html: bool) {
        parse_texting_each(self.bodies_of_kind(html));
    }

    /// How many bodies of the kind there are, and their bytes.
    pub fn kind_size(&self, html: bool) -> (usize, usize) {
        self.bodies_of_kind(html)
            .fold((0, 0), |(n, bytes), body| (n + 1, bytes + body.len()))
    }

    /// robotstxt's parse alone, into a handler that keeps nothing.
    pub fn parse_robotstxt(&self) {
        self.text
            .iter()
            .for_each(|t| robotstxt::parse_robotstxt(black_box(t), &mut Noop));
    }

    /// Group `query`: every probe through [`RobotsTxt::is_allowed`], files
    /// parsed beforehand.
    pub fn query(&self) {
        for (robots, urls) in self.parsed.iter().zip(&self.corpus.probes) {
            urls.iter().for_each(|u| {
                black_box(robots.is_allowed(UA, u));
            });
        }
    }

    /// Every probe through a view, its canonical paths built beforehand.
    pub fn query_view(&self) {
        for (robots, paths) in self.parsed.iter().zip(&self.paths) {
            let agent = robots.agent(UA);
            paths.iter().for_each(|p| {
                black_box(agent.is_allowed_path(p));
            });
        }
    }

    pub fn query_texting(&self) {
        for (robot, urls) in self.texting.iter().zip(&self.corpus.probes) {
            if let Some(robot) = robot {
                urls.iter().for_each(|u| {
                    black_box(robot.allowed(u));
                });
            }
        }
    }

    /// robotstxt has no parsed form: every query parses the whole body. Its
    /// query row and its crawler's loop are this same work.
    pub fn every_probe_robotstxt(&self) {
        for (text, urls) in self.text.iter().zip(&self.corpus.probes) {
            for u in urls {
                black_box(
                    robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, UA, u),
                );
            }
        }
    }

    /// Group `crawler loop`: parse, then every probe of the file.
    pub fn crawler(&self) {
        for (body, urls) in self.bodies().zip(&self.corpus.probes) {
            let robots = RobotsTxt::parse(body);
            let agent = robots.agent(UA);
            urls.iter().for_each(|u| {
                black_box(agent.is_allowed(u));
            });
        }
    }

    pub fn crawler_texting(&self) {
        for (body, urls) in self.bodies().zip(&self.corpus.probes) {
            if let Ok(robot) = texting_robots::Robot::new(UA, body) {
                urls.iter().for_each(|u| {
                    black_box(robot.allowed(u));
                });
            }
        }
    }

    /// Group `one shot`: parse plus one query, the way Google's API works.
    pub fn one_shot(&self, options: &ParseOptions) {
        for (body, url) in self.bodies().zip(&self.first) {
            black_box(RobotsTxt::parse_with(body, options).is_allowed(UA, url));
        }
    }

    /// The one shot through [`robots::is_allowed_once_with`], which reads
    /// only what the answer needs.
    pub fn one_shot_once(&self, options: &ParseOptions) {
        for (body, url) in self.bodies().zip(&self.first) {
            black_box(robots::is_allowed_once_with(body, options, UA, url));
        }
    }

    pub fn one_shot_texting(&self) {
        for (body, url) in self.bodies().zip(&self.first) {
            black_box(
                texting_robots::Robot::new(UA, body)
                    .map(|r| r.allowed(url))
                    .ok(),
            );
        }
    }

    pub fn one_shot_robotstxt(&self) {
        for (text, url) in self.text.iter().zip(&self.first) {
            black_box(
                robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, UA, url),
            );
        }
    }
}

/// This crate's parse of each of `bodies`, the parse rows' pass.
fn parse_each<'b>(bodies: impl Iterator<Item = &'b [u8]>, options: &ParseOptions) {
    bodies.for_each(|body| drop(black_box(RobotsTxt::parse_with(body, options))));
}

/// texting_robots' parse of each of `bodies`, for [`UA`].
fn parse_texting_each<'b>(bodies: impl Iterator<Item = &'b [u8]>) {
    bodies.for_each(|body| drop(black_box(texting_robots::Robot::new(UA, body))));
}
