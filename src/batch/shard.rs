//! Splitting the problem list into N shards for N independent jobs.
//!
//! A problem belongs to shard `hash(relative path, problem index) mod N`. The hash is
//! FNV-1a over fixed bytes, so every machine and every build computes the same partition,
//! and a problem keeps its shard when other files are added or removed.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count`, 1-based as written on the command line (`--shard 2/8`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

/// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shard \"{0}\" is not K/N with 1 <= K <= N (e.g. 2/8)")]
pub struct ShardError(pub String);

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(err)?;
        let index: u32 = k.trim().parse().map_err(|_| err())?;
        let count: u32 = n.trim().parse().map_err(|_| err())?;
        if index == 0 || index > count {
            return Err(err());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether problem `problem` (1-based) of the file at `relative` belongs to this shard.
    pub fn holds(&self, relative: &str, problem: usize) -> bool {
        key_hash(relative, problem) % u64::from(self.count) == u64::from(self.index - 1)
    }
}

/// The hash of a problem's key: FNV-1a of the relative path, a zero byte and the problem
/// index as 8 little-endian bytes.
fn key_hash(relative: &str, problem: usize) -> u64 {
    fnv1a(
        relative
            .bytes()
            .chain([0u8])
            .chain((problem as u64).to_le_bytes()),
    )
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing() {
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!("1/1".parse::<Shard>().unwrap().to_string(), "1/1");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_list() {
        let keys: Vec<(String, usize)> = (0..40)
            .flat_map(|f| (1..=3).map(move |i| (format!("dir{}/p{f}.inp", f % 4), i)))
            .collect();
        for count in 1..=7 {
            let mut sizes = Vec::new();
            for (name, i) in &keys {
                let owners: Vec<u32> = (1..=count)
                    .filter(|&k| Shard { index: k, count }.holds(name, *i))
                    .collect();
                assert_eq!(
                    owners.len(),
                    1,
                    "{name}#{i} in shards {owners:?} of {count}"
                );
                sizes.push(owners[0]);
            }
            // 120 problems over at most 7 shards: a hash that puts none in a shard is broken.
            for k in 1..=count {
                assert!(sizes.contains(&k), "shard {k}/{count} is empty");
            }
        }
    }

    #[test]
    fn the_hash_is_fixed() {
        // Published FNV-1a test vectors: the partition must not change between builds, or
        // the shards of one run computed by two builds would overlap.
        assert_eq!(fnv1a("a".bytes()), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a("foobar".bytes()), 0x8594_4171_f739_67e8);
        assert_ne!(key_hash("a.inp", 1), key_hash("a.inp", 2));
    }
}
