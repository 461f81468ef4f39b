//! A lock-free transposition table shared by the search threads.
//!
//! Each slot holds the full 64-bit key XOR-ed with its data beside the data itself, so a
//! torn write by two threads is detected on reading and treated as a miss: no thread
//! ever reads a verdict that was written for another position.

use std::ops::Deref;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What is known about one search node: the attacker wins within `win` moves
/// (0 = not known) and does not win within `lose` moves (0 = not known).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Bounds {
    pub win: u16,
    pub lose: u16,
}

/// The bits of a slot's data that hold the generation of the search that wrote it.
const GENERATION: u64 = 0x00FF_FFFF << 32;

impl Bounds {
    fn pack(self, generation: u64) -> u64 {
        generation | (self.win as u64) << 16 | self.lose as u64 | 1 << 63
    }

    fn unpack(data: u64) -> Bounds {
        Bounds {
            win: (data >> 16) as u16,
            lose: data as u16,
        }
    }
}

pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    /// The slots in use are the first `mask + 1`: a search starts on `first_mask + 1`
    /// and the table doubles as it fills, up to `max_mask`, so that a search touches (and
    /// the system maps) only the memory it needs.
    mask: AtomicUsize,
    first_mask: usize,
    max_mask: usize,
    /// Evictions of current entries since the last doubling, one in `SAMPLE` counted.
    evictions: AtomicUsize,
    /// Held by the thread that doubles the slots.
    growing: AtomicBool,
    /// Slots skipped at the start so that every bucket fills exactly one 64-byte cache
    /// line (the allocator only promises 16-byte alignment): one memory fetch per probe.
    offset: usize,
    megabytes: usize,
    /// The current search's generation (in the `GENERATION` bits): entries of earlier
    /// searches count as empty, so a table is reused without clearing it.
    generation: u64,
}

/// Tables kept for the next search of the process. A fresh table costs a page fault per
/// page it touches and, once several threads have touched it, a TLB shootdown on every
/// core when it is freed: measured 0.6 s of system time on a one-second problem with
/// three twins on two threads.
static POOL: Mutex<Vec<Table>> = Mutex::new(Vec::new());

/// At most this many tables wait in the pool (batch mode solves problems side by side).
const POOL_SIZE: usize = 4;

/// A table lent from the pool for one search; it goes back when dropped.
pub struct PooledTable(Option<Table>);

impl Deref for PooledTable {
    type Target = Table;
    fn deref(&self) -> &Table {
        self.0.as_ref().expect("held until dropped")
    }
}

impl Drop for PooledTable {
    fn drop(&mut self) {
        if let Some(table) = self.0.take() {
            let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
            if pool.len() < POOL_SIZE {
                pool.push(table);
            }
        }
    }
}

const BUCKET: usize = 4;
const LINE: usize = 64;

/// The slots a search starts with (16 MB). The pages a table touches first cost more
/// than the search's use of them on short problems: on this project's machine (a virtual
/// one) a huge page first touched after a pause costs some 4 ms to map, 64 MB 0.15 s, and
/// a larger start ran slower: the speed set 0.86 times the time of a 64 MB start on one
/// thread and on two, no problem slower by more than 8 % (`intell-037` by 3 %). An earlier
/// measurement (4 MB against 64 MB) had gone the other way: growing from 4 MB costs the
/// problems of a few seconds 10 to 20 %.
const FIRST_SLOTS: usize = 1 << 20;

/// One eviction in this many is counted (chosen by six key bits above those that pick the
/// bucket): a shared counter bumped at every eviction would cost the threads a contended
/// cache line.
const SAMPLE: u64 = 64;

impl Table {
    /// A table of at most `megabytes` MB (at least a few thousand slots).
    pub fn new(megabytes: usize) -> Table {
        Table::starting_on(megabytes, FIRST_SLOTS)
    }

    /// A table of at most `megabytes` MB whose searches start on `first` slots. When the
    /// system refuses to reserve that much address space, the table is halved until it
    /// agrees (a table of a few thousand slots is always granted, or nothing would run).
    fn starting_on(megabytes: usize, first: usize) -> Table {
        let bytes = megabytes.max(1).saturating_mul(1024 * 1024);
        let slot_bytes = std::mem::size_of::<[AtomicU64; 2]>();
        let mut n = 4096usize;
        while let Some(next) = n
            .checked_mul(2)
            .filter(|m| m.checked_mul(slot_bytes).is_some_and(|b| b <= bytes))
        {
            n = next;
        }
        let slots = loop {
            match zeroed_slots(n + BUCKET) {
                Some(slots) => break slots,
                None if n > 4096 => n /= 2,
                None => std::alloc::handle_alloc_error(
                    std::alloc::Layout::array::<[AtomicU64; 2]>(n + BUCKET)
                        .expect("a few thousand slots"),
                ),
            }
        };
        advise_huge_pages(
            slots.as_ptr() as usize,
            slots.len() * std::mem::size_of::<[u64; 2]>(),
        );
        let misalignment = slots.as_ptr() as usize % LINE;
        let offset = (LINE - misalignment) % LINE / std::mem::size_of::<[AtomicU64; 2]>();
        Table {
            slots,
            mask: AtomicUsize::new(n.min(first) - 1),
            first_mask: n.min(first) - 1,
            max_mask: n - 1,
            evictions: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
            offset,
            megabytes,
            generation: 0,
        }
    }

    /// The bucket of `key` among the slots in use.
    #[inline]
    fn base(&self, key: u64) -> usize {
        self.offset + (key as usize & self.mask.load(Ordering::Relaxed) & !(BUCKET - 1))
    }

    /// Counts an eviction of a current entry; once they number the slots in use (the
    /// search has written the table over once), one thread doubles them.
    #[cold]
    fn evicted(&self) {
        let mask = self.mask.load(Ordering::Relaxed);
        if mask == self.max_mask {
            return;
        }
        let counted = self.evictions.fetch_add(1, Ordering::Relaxed) + 1;
        if counted as u64 * SAMPLE > mask as u64 + 1 && !self.growing.swap(true, Ordering::Acquire)
        {
            // Another thread may have grown the table since `mask` was read.
            if self.mask.load(Ordering::Relaxed) == mask {
                self.grow(mask);
            }
            self.evictions.store(0, Ordering::Relaxed);
            self.growing.store(false, Ordering::Release);
        }
    }

    /// An empty table of `megabytes` MB for one search: a pooled one of that size under a
    /// new generation, or a fresh one.
    pub fn pooled(megabytes: usize) -> PooledTable {
        let reused = {
            let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
            pool.iter()
                .position(|t| t.megabytes == megabytes)
                .map(|i| pool.swap_remove(i))
        };
        PooledTable(Some(match reused {
            Some(mut table) => {
                table.next_generation();
                table
            }
            None => Table::new(megabytes),
        }))
    }

    /// Makes every entry stale; clears the slots once the generations wrap around.
    fn next_generation(&mut self) {
        *self.mask.get_mut() = self.first_mask;
        *self.evictions.get_mut() = 0;
        self.generation = (self.generation + (1 << 32)) & GENERATION;
        if self.generation == 0 {
            for slot in &mut self.slots {
                *slot = [AtomicU64::new(0), AtomicU64::new(0)];
            }
        }
    }

    #[inline]
    pub fn get(&self, key: u64) -> Bounds {
        let base = self.base(key);
        for slot in &self.slots[base..base + BUCKET] {
            let check = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key && data & GENERATION == self.generation {
                return Bounds::unpack(data);
            }
        }
        Bounds::default()
    }

    /// Asks the processor to bring the bucket of `key` into the cache ahead of a `get`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let base = self.base(key);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is only a hint; the address lies inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(base) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = base;
    }

    /// Merges new knowledge into the entry of `key`.
    #[inline]
    pub fn update(&self, key: u64, f: impl FnOnce(&mut Bounds)) {
        let base = self.base(key);
        let bucket = &self.slots[base..base + BUCKET];
        for slot in bucket {
            let check = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key && data & GENERATION == self.generation {
                let mut b = Bounds::unpack(data);
                f(&mut b);
                store(slot, key, b, self.generation);
                return;
            }
        }
        let (victim, weight) = self.victim(bucket);
        if weight > 0 && (key >> 32).is_multiple_of(SAMPLE) {
            self.evicted();
        }
        let mut b = Bounds::default();
        f(&mut b);
        store(&bucket[victim], key, b, self.generation);
    }

    /// The slot of `bucket` a new entry takes, with the weight of what it holds: an
    /// empty or stale slot (0) first, then the entry with the least search depth behind it.
    #[inline]
    fn victim(&self, bucket: &[[AtomicU64; 2]]) -> (usize, u32) {
        let mut victim = (0, u32::MAX);
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot[1].load(Ordering::Relaxed);
            let weight = if data == 0 || data & GENERATION != self.generation {
                0
            } else {
                let b = Bounds::unpack(data);
                1 + b.win.max(b.lose) as u32
            };
            if weight < victim.1 {
                victim = (i, weight);
            }
        }
        victim
    }

    /// Doubles the slots in use and moves each current entry whose bucket moved with
    /// them. The other threads go on meanwhile: a probe that misses an entry not yet
    /// moved, or an entry lost to a write racing the move, costs only search, as an
    /// eviction does; every entry found still carries its whole key.
    #[cold]
    fn grow(&self, mask: usize) {
        let old = mask + 1;
        self.mask.store(mask * 2 + 1, Ordering::Relaxed);
        for from in (0..old).step_by(BUCKET) {
            let from = self.offset + from;
            for slot in &self.slots[from..from + BUCKET] {
                let check = slot[0].load(Ordering::Relaxed);
                let data = slot[1].load(Ordering::Relaxed);
                let key = check ^ data;
                if data == 0 || data & GENERATION != self.generation || key as usize & old == 0 {
                    continue;
                }
                let to = &self.slots[from + old..from + old + BUCKET];
                let (victim, _) = self.victim(to);
                to[victim][0].store(check, Ordering::Relaxed);
                to[victim][1].store(data, Ordering::Relaxed);
                slot[1].store(0, Ordering::Relaxed);
            }
        }
    }
}

/// `n` zeroed slots, or `None` when the system will not reserve them. Zeroed memory is
/// mapped lazily, so a large table costs nothing until it is used.
fn zeroed_slots(n: usize) -> Option<Vec<[AtomicU64; 2]>> {
    let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(n).ok()?;
    // SAFETY: the layout's size is not zero (`n` is at least a few thousand).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<[AtomicU64; 2]>();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: the global allocator returned `ptr` for exactly `n` values of this type (the
    // layout `Vec` uses for a capacity of `n`), and all-zero bytes are a valid `AtomicU64`.
    Some(unsafe { Vec::from_raw_parts(ptr, n, n) })
}

/// Asks Linux to back the table with 2 MB pages (its transparent huge pages are often
/// granted only on request): 512 times fewer page faults while the table fills, which
/// with two threads had cost a third of a second of system time on a short problem.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn advise_huge_pages(start: usize, bytes: usize) {
    extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const HUGE: usize = 1 << 21;
    let first = (start + HUGE - 1) & !(HUGE - 1);
    let end = (start + bytes) & !(HUGE - 1);
    if first < end {
        // SAFETY: advice only, on whole huge pages inside memory the table owns; a refusal
        // leaves ordinary pages.
        unsafe {
            madvise(first as *mut u8, end - first, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
fn advise_huge_pages(_start: usize, _bytes: usize) {}

#[inline]
fn store(slot: &[AtomicU64; 2], key: u64, b: Bounds, generation: u64) {
    let data = b.pack(generation);
    slot[0].store(key ^ data, Ordering::Relaxed);
    slot[1].store(data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_merges() {
        let t = Table::new(1);
        let k = 0xDEAD_BEEF_1234_5678;
        assert_eq!(t.get(k), Bounds::default());
        t.update(k, |b| b.lose = 2);
        t.update(k, |b| b.win = b.win.max(3));
        assert_eq!(t.get(k), Bounds { win: 3, lose: 2 });
        assert_eq!(t.get(k ^ 1), Bounds::default());
    }

    #[test]
    fn a_table_beyond_the_address_space_is_cut_to_what_the_system_grants() {
        // Once hung (the size computation overflowed) or aborted (the allocation failed).
        for megabytes in [usize::MAX, usize::MAX / (1024 * 1024), 1 << 40] {
            let t = Table::new(megabytes);
            assert!(t.max_mask + 1 >= 4096);
            let k = 0x0123_4567_89AB_CDEF;
            t.update(k, |b| b.win = 1);
            assert_eq!(t.get(k).win, 1);
        }
    }

    #[test]
    fn a_table_starts_small_and_doubles_as_it_fills() {
        let small = Table::new(1);
        assert_eq!(
            small.mask.load(Ordering::Relaxed),
            small.max_mask,
            "1 MB is less than the start"
        );
        const FIRST: usize = 1 << 18;
        let mut t = Table::starting_on(16, FIRST);
        let first = t.mask.load(Ordering::Relaxed);
        assert_eq!(first + 1, FIRST);
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            key ^= key << 13;
            key ^= key >> 7;
            key ^= key << 17;
            key
        };
        // Later entries weigh more, so they stay; when the slots double, those written
        // just before are still found.
        let mut keys = Vec::new();
        let depth = |i: usize| (1 + i / 4096) as u16;
        while t.mask.load(Ordering::Relaxed) == first {
            keys.push(next());
            t.update(*keys.last().unwrap(), |b| b.lose = depth(keys.len() - 1));
        }
        let grown = t.mask.load(Ordering::Relaxed);
        assert!(grown > first && grown <= t.max_mask, "{first} {grown}");
        let recent = &keys[keys.len() - FIRST / 16..];
        let kept = recent.iter().filter(|&&k| t.get(k).lose != 0).count();
        assert!(kept * 10 > recent.len() * 9, "{kept} of {}", recent.len());
        // Filling far beyond the limit stops at it.
        for _ in 0..4 * (t.max_mask + 1) {
            t.update(next(), |b| b.lose = 1);
        }
        assert_eq!(t.mask.load(Ordering::Relaxed), t.max_mask);
        // The next search starts small again.
        t.next_generation();
        assert_eq!(t.mask.load(Ordering::Relaxed), first);
    }

    #[test]
    fn a_pooled_table_comes_back_empty() {
        // A size no other test asks for, so that the pool holds only this table.
        let k = 0x0123_4567_89AB_CDEF;
        let first = Table::pooled(3);
        first.update(k, |b| b.win = 5);
        assert_eq!(first.get(k).win, 5);
        let address = first.slots.as_ptr();
        drop(first);
        let second = Table::pooled(3);
        assert_eq!(second.slots.as_ptr(), address, "the same table, reused");
        assert_eq!(second.get(k), Bounds::default());
        second.update(k, |b| b.lose = 2);
        assert_eq!(second.get(k), Bounds { win: 0, lose: 2 });
        // Once the generations wrap around, the slots are cleared.
        drop(second);
        let mut third = Table::new(1);
        third.update(k, |b| b.win = 7);
        third.generation = GENERATION;
        third.next_generation();
        assert_eq!(third.generation, 0);
        assert_eq!(third.get(k), Bounds::default());
    }
}
