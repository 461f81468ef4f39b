//! Results of parallel tasks handed on in the tasks' order, each as soon as it and every
//! task before it are done: the root moves of a search finish in any order on several
//! threads, and their solutions are printed as they are proven, in the order the output
//! has on one thread.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Hands task results to `emit` in task order (0, 1, 2, ...), as soon as each is there.
pub struct InOrder<T, F: FnMut(T)> {
    state: Mutex<State<T, F>>,
}

struct State<T, F> {
    next: usize,
    waiting: BTreeMap<usize, T>,
    emit: F,
}

impl<T, F: FnMut(T)> InOrder<T, F> {
    pub fn new(emit: F) -> Self {
        InOrder {
            state: Mutex::new(State {
                next: 0,
                waiting: BTreeMap::new(),
                emit,
            }),
        }
    }

    /// Task `index` is done with `value`: hands it on, and the results of the tasks after
    /// it that were waiting for it, or keeps it until the tasks before it are done.
    pub fn done(&self, index: usize, value: T) {
        // A panic in `emit` on another thread poisons the lock; that panic is the one
        // reported, and the state it left is still in task order.
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.waiting.insert(index, value);
        loop {
            let next = state.next;
            let Some(value) = state.waiting.remove(&next) else {
                break;
            };
            (state.emit)(value);
            state.next += 1;
        }
    }

    /// Ends the handing on, once every task is done (releasing what `emit` borrows).
    pub fn finish(self) {
        let state = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        debug_assert!(state.waiting.is_empty(), "a task result never handed on");
    }
}

#[cfg(test)]
mod tests {
    use super::InOrder;
    use rayon::prelude::*;

    #[test]
    fn results_come_out_in_task_order_whatever_order_they_finish_in() {
        let mut seen = Vec::new();
        let order = InOrder::new(|v: usize| seen.push(v));
        for i in [3, 1, 0, 2, 5, 4] {
            order.done(i, i * 10);
        }
        drop(order);
        assert_eq!(seen, [0, 10, 20, 30, 40, 50]);
    }

    #[test]
    fn a_result_waits_only_for_the_tasks_before_it() {
        let mut seen = Vec::new();
        let order = InOrder::new(|v: usize| seen.push(v));
        order.done(0, 0);
        order.done(2, 2);
        drop(order);
        assert_eq!(seen, [0], "task 2 waits for task 1");
    }

    #[test]
    fn parallel_tasks_are_handed_on_in_order() {
        let mut seen = Vec::new();
        let order = InOrder::new(|v: usize| seen.push(v));
        (0..1000usize)
            .into_par_iter()
            .rev()
            .for_each(|i| order.done(i, i));
        drop(order);
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
    }
}
