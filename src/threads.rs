//! The worker threads every search runs on.
//!
//! The searches recurse once per half move, with a move list on each level, so a long
//! stipulation needs a deep stack: some 7 KB per half move in battle play, more than the
//! 2 MB that threads get by default allows past about 150 moves. Every search therefore
//! runs on the workers of rayon's global pool, built here with stacks large enough for the
//! longest stipulation the parser accepts ([`crate::stipulation::MAX_MOVES`]). The stacks
//! are reserved address space: the system maps only the pages a search touches.

use std::sync::Once;

/// Each worker's stack: room for [`crate::stipulation::MAX_MOVES`] moves of the deepest
/// search with a wide margin (at some 7 KB a half move, `s#1000` needs about 14 MB).
pub const WORKER_STACK_BYTES: usize = 256 << 20;

static DEFAULT_POOL: Once = Once::new();

/// Builds the global pool with `threads` workers (default: one per core) and deep stacks.
/// Call it before any search; it fails when the pool already exists.
pub fn init(threads: Option<usize>) -> Result<(), rayon::ThreadPoolBuildError> {
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK_BYTES);
    if let Some(n) = threads {
        builder = builder.num_threads(n.max(1));
    }
    builder.build_global()
}

/// A pool of its own with `threads` workers and the same deep stacks, for a search that
/// must not wait for the global pool's workers (a batch's problems, each on its own).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .stack_size(WORKER_STACK_BYTES)
        .num_threads(threads.max(1))
        .build()
}

/// Runs `f` on a worker of the global pool (building the pool with deep stacks first if
/// nobody has), and returns its result. A search started from any thread (the main
/// thread, a batch thread, a test) then recurses on a deep stack.
pub fn on_worker<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if rayon::current_thread_index().is_some() {
        return f();
    }
    DEFAULT_POOL.call_once(|| {
        // An error means that the pool exists already (built by `init`, or by a program
        // using this library), which is as it should be.
        let _ = init(None);
    });
    // `rayon::scope` runs its closure on a worker of the pool while the caller waits.
    rayon::scope(|_| f())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_on_a_pool_worker() {
        assert!(rayon::current_thread_index().is_none());
        let index = on_worker(rayon::current_thread_index);
        assert!(index.is_some());
    }
}
