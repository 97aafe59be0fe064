/* SPDX-License-Identifier: MIT */
/*
 * bench/cuckoo_ref.h - a reference design measured beside the hash index (bench/host and
 * bench/qemu), not part of the kit: bucketed cuckoo hashing, 64-bit key -> 32-bit value, fixed
 * capacity. C99 that also compiles as C++; 32-bit arithmetic only (no 64-bit multiply on the
 * Cortex-M0).
 *
 * Every bucket is 64 bytes (one cache line where the buffer is 64-aligned): four slots of
 * {key, value}, a word of four fingerprint bytes (0: an empty slot) and a count of the keys
 * whose first bucket this is but which live in their second. A key lives in b1 (from its hash)
 * or b2 = b1 ^ f(fingerprint), so either bucket names the other from the fingerprint alone:
 * - find reads b1, and b2 only when b1's count is not 0 (most misses read one bucket);
 * - remove clears one fingerprint byte and one count: nothing moves, nothing is left behind;
 * - insert takes a free slot of b1 or b2, else searches for the nearest bucket with a free
 *   slot at most CK_DEPTH moves away (iterative deepening: 8 + 40 + 168 buckets read at most,
 *   only the path kept, a few dozen bytes of stack) and only then moves the keys along it;
 *   past that it refuses, having moved nothing (only a path that crosses itself can stop part
 *   way: each move done is whole, the table stays sound).
 * Worst cases: find and remove read 2 buckets; insert reads 2 + 216 and moves CK_DEPTH keys,
 * whatever the history.
 */
#ifndef BENTO_CUCKOO_REF_H
#define BENTO_CUCKOO_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the search: at most CK_DEPTH moves */
#define CK_DEPTH 3

typedef struct ck_bucket {
    uint64_t key[4];
    uint32_t value[4];
    uint32_t fp;      /* fingerprint bytes, slot i in byte i; 0 = empty */
    uint32_t spilled; /* keys whose first bucket is this one, living in their second */
    uint32_t pad[2];
} ck_bucket;

typedef struct ck_table {
    ck_bucket *b;
    uint32_t mask; /* buckets - 1 */
    uint32_t shift;
    uint32_t count;
} ck_table;

static inline uint32_t ck_hash(uint64_t key)
{
    uint32_t h = (uint32_t)key ^ ((uint32_t)(key >> 32) * 0x85ebca6bu);
    h ^= h >> 16;
    return h * 0x9e3779b1u;
}

/* the fingerprint: the low byte of the hash, never 0; b1: the top bits */
static inline uint32_t ck_fp(uint32_t h)
{
    return (h & 0xffu) | ((h & 0xffu) == 0u ? 1u : 0u);
}

static inline uint32_t ck_alt(const ck_table *t, uint32_t b, uint32_t fp)
{
    return (b ^ (((fp * 0x5bd1e995u) >> t->shift) | 1u)) & t->mask; /* never b itself */
}

/* buckets: a power of two, at least 2 */
static inline void ck_init(ck_table *t, ck_bucket *memory, uint32_t buckets)
{
    uint32_t i, bits = 0u;
    while ((1u << bits) < buckets) {
        bits++;
    }
    t->b = memory;
    t->mask = buckets - 1u;
    t->shift = 32u - bits;
    t->count = 0u;
    for (i = 0u; i < buckets; i++) {
        memory[i].fp = 0u;
        memory[i].spilled = 0u;
    }
}

/* the bytes of `word` equal to `fp`, exactly (SWAR): bit 7 of each such byte set. Exact, not
 * the cheaper borrow trick, whose false bytes would meet the stale keys of emptied slots. */
static inline uint32_t ck_match(uint32_t word, uint32_t fp)
{
    const uint32_t x = word ^ (fp * 0x01010101u);
    return ~(((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x | 0x7f7f7f7fu);
}

/* the slot of the lowest flagged byte of a match (m != 0): its bit 7, 15, 23 or 31 isolated,
 * shifted down to 1 << 8i, times 0x00010203 puts i in the top byte (no count-zeros loop) */
static inline unsigned ck_first(uint32_t m)
{
    return (unsigned)((((m & (0u - m)) >> 7) * 0x00010203u) >> 24);
}

static inline uint32_t *ck_find_in(const ck_table *t, uint32_t bi, uint32_t fp, uint64_t key)
{
    ck_bucket *bk = &t->b[bi];
    uint32_t m;
    for (m = ck_match(bk->fp, fp); m != 0u; m &= m - 1u) {
        const unsigned i = ck_first(m);
        if (bk->key[i] == key) {
            return &bk->value[i];
        }
    }
    return NULL;
}

static inline uint32_t *ck_get(const ck_table *t, uint64_t key)
{
    const uint32_t h = ck_hash(key), fp = ck_fp(h), b1 = h >> t->shift;
    uint32_t *v = ck_find_in(t, b1, fp, key);
    if (v != NULL || t->b[b1].spilled == 0u) {
        return v;
    }
    return ck_find_in(t, ck_alt(t, b1, fp), fp, key);
}

/* a free slot of a bucket, or -1 */
static inline int ck_free_slot(const ck_bucket *bk)
{
    const uint32_t m = ck_match(bk->fp, 0u);
    return m == 0u ? -1 : (int)ck_first(m);
}

static inline void ck_put(ck_table *t, uint32_t bi, int i, uint32_t fp, uint64_t key,
                          uint32_t value)
{
    ck_bucket *bk = &t->b[bi];
    bk->key[i] = key;
    bk->value[i] = value;
    bk->fp = (bk->fp & ~(0xffu << (8 * i))) | (fp << (8 * i));
}

/* 0 inserted, 1 already there, 2 refused (no bucket with a free slot within CK_DEPTH moves) */
static inline int ck_insert(ck_table *t, uint64_t key, uint32_t value)
{
    const uint32_t h = ck_hash(key), fp = ck_fp(h), b1 = h >> t->shift;
    const uint32_t root[2] = {b1, ck_alt(t, b1, fp)};
    /* the path of moves: bucket[k]'s key in slot[k] moves to bucket[k + 1] */
    uint32_t bucket[CK_DEPTH + 1];
    unsigned char slot[CK_DEPTH];
    int limit, r = 0, level = -1, k, i;
    if (ck_find_in(t, b1, fp, key) != NULL ||
        (t->b[b1].spilled != 0u && ck_find_in(t, root[1], fp, key) != NULL)) {
        return 1;
    }
    for (r = 0; r < 2; r++) {
        i = ck_free_slot(&t->b[root[r]]);
        if (i >= 0) {
            ck_put(t, root[r], i, fp, key, value);
            t->b[b1].spilled += (uint32_t)r;
            t->count++;
            return 0;
        }
    }
    /* iterative deepening: the paths of `limit` moves from each root, depth first, for limit
     * 1, 2, 3: the first that ends at a free slot is a shortest one; only the path is kept */
    for (limit = 1; limit <= CK_DEPTH && level < 0; limit++) {
        for (r = 0; r < 2 && level < 0; r++) {
            int at = 0;
            bucket[0] = root[r];
            slot[0] = 0u;
            while (at >= 0) {
                uint32_t next;
                if (slot[at] == 4u) { /* every slot of this level tried: back up */
                    if (--at >= 0) {
                        slot[at]++;
                    }
                    continue;
                }
                next = ck_alt(t, bucket[at], (t->b[bucket[at]].fp >> (8 * slot[at])) & 0xffu);
                if (at + 1 < limit) {
                    bucket[++at] = next;
                    slot[at] = 0u;
                } else if (ck_free_slot(&t->b[next]) >= 0) {
                    bucket[limit] = next;
                    level = limit;
                    break;
                } else {
                    slot[at]++;
                }
            }
        }
    }
    if (level < 0) {
        return 2;
    }
    r--; /* the root the path starts from */
    /* the deepest move first, each into the slot the one after it opened; a path that crosses
     * itself can find no free slot and stops there (each move done is whole) */
    for (k = level - 1; k >= 0; k--) {
        ck_bucket *from = &t->b[bucket[k]];
        const int s2 = slot[k], to = ck_free_slot(&t->b[bucket[k + 1]]);
        const uint32_t f = (from->fp >> (8 * s2)) & 0xffu;
        const uint32_t first = ck_hash(from->key[s2]) >> t->shift;
        if (to < 0) {
            return 2;
        }
        ck_put(t, bucket[k + 1], to, f, from->key[s2], from->value[s2]);
        if (first == bucket[k]) {
            t->b[first].spilled++; /* leaves its first bucket */
        } else {
            t->b[first].spilled--; /* back in its first bucket */
        }
        from->fp &= ~(0xffu << (8 * s2));
    }
    ck_put(t, root[r], ck_free_slot(&t->b[root[r]]), fp, key, value);
    t->b[b1].spilled += (uint32_t)r;
    t->count++;
    return 0;
}

static inline bool ck_remove(ck_table *t, uint64_t key)
{
    const uint32_t h = ck_hash(key), fp = ck_fp(h), b1 = h >> t->shift;
    uint32_t bi = b1;
    uint32_t *v = ck_find_in(t, b1, fp, key);
    ck_bucket *bk;
    if (v == NULL && t->b[b1].spilled != 0u) {
        bi = ck_alt(t, b1, fp);
        v = ck_find_in(t, bi, fp, key);
    }
    if (v == NULL) {
        return false;
    }
    bk = &t->b[bi];
    bk->fp &= ~(0xffu << (8 * (int)(v - bk->value)));
    if (bi != b1) {
        t->b[b1].spilled--;
    }
    t->count--;
    return true;
}

#endif /* BENTO_CUCKOO_REF_H */
