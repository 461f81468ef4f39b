//! A lock-free transposition table shared by the search threads.
//!
//! Each slot holds the full 64-bit key XOR-ed with its data beside the data itself, so a
//! torn write by two threads is detected on reading and treated as a miss: no thread
//! ever reads a verdict that was written for another position.

use std::sync::atomic::{AtomicU64, Ordering};

/// What is known about one search node: the attacker wins within `win` moves
/// (0 = not known) and does not win within `lose` moves (0 = not known).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Bounds {
    pub win: u16,
    pub lose: u16,
}

impl Bounds {
    fn pack(self) -> u64 {
        (self.win as u64) << 16 | self.lose as u64 | 1 << 63
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
    mask: usize,
    /// Slots skipped at the start so that every bucket fills exactly one 64-byte cache
    /// line (the allocator only promises 16-byte alignment): one memory fetch per probe.
    offset: usize,
}

const BUCKET: usize = 4;
const LINE: usize = 64;

impl Table {
    /// A table of at most `megabytes` MB (at least a few thousand slots).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let mut n = 4096usize;
        while n * 2 * 16 <= bytes {
            n *= 2;
        }
        // Zeroed allocation: the pages are mapped lazily, so a large table costs nothing until used.
        let zeroed: Vec<[u64; 2]> = vec![[0u64; 2]; n + BUCKET];
        let mut zeroed = std::mem::ManuallyDrop::new(zeroed);
        // SAFETY: [AtomicU64; 2] has the same size, alignment and bit validity as [u64; 2].
        let slots = unsafe {
            Vec::from_raw_parts(
                zeroed.as_mut_ptr() as *mut [AtomicU64; 2],
                zeroed.len(),
                zeroed.capacity(),
            )
        };
        let misalignment = slots.as_ptr() as usize % LINE;
        let offset = (LINE - misalignment) % LINE / std::mem::size_of::<[AtomicU64; 2]>();
        Table {
            slots,
            mask: n - 1,
            offset,
        }
    }

    #[inline]
    pub fn get(&self, key: u64) -> Bounds {
        let base = self.offset + (key as usize & self.mask & !(BUCKET - 1));
        for slot in &self.slots[base..base + BUCKET] {
            let check = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Bounds::unpack(data);
            }
        }
        Bounds::default()
    }

    /// Asks the processor to bring the bucket of `key` into the cache ahead of a `get`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let base = self.offset + (key as usize & self.mask & !(BUCKET - 1));
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
        let base = self.offset + (key as usize & self.mask & !(BUCKET - 1));
        let bucket = &self.slots[base..base + BUCKET];
        let mut victim = 0;
        let mut victim_weight = u32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let check = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                let mut b = Bounds::unpack(data);
                f(&mut b);
                store(slot, key, b);
                return;
            }
            // Replace empty slots first, then the entry with the least search depth behind it.
            let weight = if data == 0 {
                0
            } else {
                let b = Bounds::unpack(data);
                1 + b.win.max(b.lose) as u32
            };
            if weight < victim_weight {
                victim = i;
                victim_weight = weight;
            }
        }
        let mut b = Bounds::default();
        f(&mut b);
        store(&bucket[victim], key, b);
    }
}

#[inline]
fn store(slot: &[AtomicU64; 2], key: u64, b: Bounds) {
    let data = b.pack();
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
}
