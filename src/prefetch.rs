//! Prefetch hints for a crawler's first queries of a file.
//!
//! A query reads arrays whose addresses depend on one another: the agent
//! entries give a group's rules, a rule gives its pattern's bytes, and a
//! large group's index goes from its keys to its literals to its rules and
//! then to the text. When the file has not been read for a while (a crawler
//! that checks URLs of thousands of sites), each of those steps waits for
//! memory in turn: in the bench's query workloads about two thirds of the
//! time went to such waits, and a warm second pass took a third of the
//! first (PERFORMANCE.md). A hint asks for a line without waiting for it,
//! so the lines of every array a view will read are asked for at once, and
//! arrive together.
//!
//! Only a hint: it changes no result, and does nothing on targets without
//! the SSE prefetch instruction (see `build.rs`).

/// Asks for the cache lines of about the first `max_lines * 64` bytes of
/// `items`: one item in every 64 bytes' worth.
#[inline(always)]
pub(crate) fn lines<T>(items: &[T], max_lines: usize) {
    #[cfg(robots_simd)]
    {
        let per_line = (64 / core::mem::size_of::<T>().max(1)).max(1);
        let count = items.len().min(max_lines.saturating_mul(per_line));
        let mut at = 0;
        while at < count {
            safe_arch::prefetch_t0(&items[at]);
            at += per_line;
        }
    }
    #[cfg(not(robots_simd))]
    let _ = (items, max_lines);
}

#[cfg(test)]
mod tests {
    use super::lines;

    #[test]
    fn asking_never_panics_at_the_edges() {
        // Its stated purpose: a hint must never panic, whatever the slice
        // and the cap (empty, zero-sized items, items larger than a line,
        // a cap that would overflow a multiplication).
        lines::<u8>(&[], 64);
        lines(&[(); 5], 64);
        lines(&[[0u8; 200]; 3], 64);
        lines(&[7u64; 1000], usize::MAX);
        lines(&[1u8; 100], 0);
    }
}
