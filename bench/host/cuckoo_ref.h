/* SPDX-License-Identifier: MIT */
// bench/host/cuckoo_ref.h - a reference design measured beside the hash index, not part of
// the kit: bucketed cuckoo hashing, 64-bit key -> 32-bit value, fixed capacity.
//
// Every bucket is one 64-byte line: four slots of {key, value} (48 bytes), a word of four
// fingerprint bytes (0: empty slot), and a count of the keys whose first bucket is this one
// but which live in their second. A key lives in one of two buckets: b1 from its hash, b2 =
// b1 ^ f(fingerprint) (so either bucket finds the other from the fingerprint alone). So:
// - find reads b1, and b2 only when b1's count is not 0 (most misses read one line);
// - remove clears one fingerprint byte (and one count): nothing moves, no tombstone;
// - insert takes a free slot of b1 or b2, else moves keys along a path of at most
//   MAX_KICKS buckets (a random walk) and refuses with "full" past it, undoing nothing
//   because the path is found before anything moves.
// So the worst insert touches 2 + 2 * MAX_KICKS buckets, and no operation depends on history.
#pragma once

#include <cstdint>
#include <cstring>

namespace cuckoo_ref {

struct alignas(64) bucket {
    uint64_t key[4];
    uint32_t value[4];
    uint32_t fp;      // fingerprint bytes, slot i in byte i; 0 = empty
    uint32_t spilled; // keys whose first bucket is this one, living in their second
    uint32_t pad[2];
};
static_assert(sizeof(bucket) == 64, "one line per bucket");

enum { MAX_KICKS = 64 };

struct table {
    bucket *b = nullptr;
    uint32_t mask = 0; // buckets - 1
    uint32_t shift = 0;
    uint32_t count = 0;
    uint32_t rng = 0x9e3779b9u;
};

inline uint32_t hash(uint64_t key)
{
    uint32_t h = uint32_t(key) ^ (uint32_t(key >> 32) * 0x85ebca6bu);
    h ^= h >> 16;
    return h * 0x9e3779b1u;
}

// fingerprint: the low byte of the hash, never 0; b1: the top bits
inline uint32_t fp_of(uint32_t h) { return (h & 0xffu) | ((h & 0xffu) == 0u ? 1u : 0u); }
inline uint32_t alt(const table &t, uint32_t b, uint32_t fp)
{
    return (b ^ ((fp * 0x5bd1e995u) >> t.shift) ^ 1u) & t.mask; // never b itself
}

inline void init(table &t, bucket *memory, uint32_t buckets) // a power of two >= 2
{
    t.b = memory;
    t.mask = buckets - 1u;
    t.shift = 32u - uint32_t(__builtin_ctz(buckets));
    t.count = 0;
    std::memset(memory, 0, sizeof(bucket) * buckets);
}

// bytes of `word` equal to `fp` (SWAR): bit 7 of each matching byte set
inline uint32_t match(uint32_t word, uint32_t fp)
{
    const uint32_t x = word ^ (fp * 0x01010101u);
    return (x - 0x01010101u) & ~x & 0x80808080u;
}

inline uint32_t *find_in(const table &t, uint32_t bi, uint32_t fp, uint64_t key)
{
    bucket &bk = t.b[bi];
    for (uint32_t m = match(bk.fp, fp); m != 0u; m &= m - 1u) {
        const uint32_t i = uint32_t(__builtin_ctz(m)) >> 3;
        if (bk.key[i] == key) return &bk.value[i];
    }
    return nullptr;
}

inline uint32_t *get(const table &t, uint64_t key)
{
    const uint32_t h = hash(key), fp = fp_of(h), b1 = h >> t.shift;
    uint32_t *v = find_in(t, b1, fp, key);
    if (v != nullptr || t.b[b1].spilled == 0u) return v;
    return find_in(t, alt(t, b1, fp), fp, key);
}

inline int free_slot(const bucket &bk)
{
    const uint32_t m = match(bk.fp, 0u);
    return m == 0u ? -1 : int(uint32_t(__builtin_ctz(m)) >> 3);
}

inline void put(table &t, uint32_t bi, int i, uint32_t fp, uint64_t key, uint32_t value)
{
    bucket &bk = t.b[bi];
    bk.key[i] = key;
    bk.value[i] = value;
    bk.fp = (bk.fp & ~(0xffu << (8 * i))) | (fp << (8 * i));
}

// the first bucket of the key in slot i of bucket bi (its fingerprint and the hash agree)
inline uint32_t first_of(const table &t, uint32_t bi, int i)
{
    return hash(t.b[bi].key[i]) >> t.shift;
}

// 0 ok, 1 exists, 2 full
inline int insert(table &t, uint64_t key, uint32_t value)
{
    const uint32_t h = hash(key), fp = fp_of(h), b1 = h >> t.shift, b2 = alt(t, b1, fp);
    if (find_in(t, b1, fp, key) != nullptr) return 1;
    if (t.b[b1].spilled != 0u && find_in(t, b2, fp, key) != nullptr) return 1;
    int i = free_slot(t.b[b1]);
    if (i >= 0) {
        put(t, b1, i, fp, key, value);
        t.count++;
        return 0;
    }
    i = free_slot(t.b[b2]);
    if (i >= 0) {
        put(t, b2, i, fp, key, value);
        t.b[b1].spilled++;
        t.count++;
        return 0;
    }
    // a random walk from b2 for a bucket with a free slot: path[k] = bucket, slot[k] = the slot
    // whose key moves on to path[k + 1]; found before anything moves
    uint32_t path[MAX_KICKS + 1];
    int slot[MAX_KICKS];
    path[0] = (t.rng & 1u) != 0u ? b1 : b2;
    int end = -1;
    for (int k = 0; k < MAX_KICKS && end < 0; k++) {
        t.rng ^= t.rng << 13;
        t.rng ^= t.rng >> 17;
        t.rng ^= t.rng << 5;
        const bucket &bk = t.b[path[k]];
        // the first slot, from a random one, whose key's other bucket is not on the path yet
        // (a walk that came back would move a key twice)
        slot[k] = -1;
        for (int n = 0, s = int(t.rng >> 30); n < 4 && slot[k] < 0; n++, s = (s + 1) & 3) {
            const uint32_t next = alt(t, path[k], (bk.fp >> (8 * s)) & 0xffu);
            bool seen = false;
            for (int j = 0; j <= k; j++) seen = seen || path[j] == next;
            if (!seen) {
                slot[k] = s;
                path[k + 1] = next;
            }
        }
        if (slot[k] < 0) return 2; // every way leads back: refused, nothing moved
        if (free_slot(t.b[path[k + 1]]) >= 0) end = k + 1;
    }
    if (end < 0) return 2;
    // move back to front: each key into the next bucket of the path, its count kept right
    for (int k = end - 1; k >= 0; k--) {
        bucket &from = t.b[path[k]];
        const int s = slot[k];
        const uint32_t f = (from.fp >> (8 * s)) & 0xffu;
        const uint32_t first = first_of(t, path[k], s);
        const int to = free_slot(t.b[path[k + 1]]);
        put(t, path[k + 1], to, f, from.key[s], from.value[s]);
        if (first == path[k]) t.b[first].spilled++; // leaves its first bucket
        else t.b[first].spilled--;                  // returns to it
        from.fp &= ~(0xffu << (8 * s));
    }
    const int s = free_slot(t.b[path[0]]);
    put(t, path[0], s, fp, key, value);
    if (path[0] != b1) t.b[b1].spilled++;
    t.count++;
    return 0;
}

inline bool remove(table &t, uint64_t key)
{
    const uint32_t h = hash(key), fp = fp_of(h), b1 = h >> t.shift;
    uint32_t bi = b1;
    uint32_t *v = find_in(t, b1, fp, key);
    if (v == nullptr && t.b[b1].spilled != 0u) {
        bi = alt(t, b1, fp);
        v = find_in(t, bi, fp, key);
    }
    if (v == nullptr) return false;
    bucket &bk = t.b[bi];
    const int i = int(v - bk.value);
    bk.fp &= ~(0xffu << (8 * i));
    if (bi != b1) t.b[b1].spilled--;
    t.count--;
    return true;
}

} // namespace cuckoo_ref
