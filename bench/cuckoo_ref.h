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
 * - insert takes a free slot of b1 or b2, else finds a path of at most CK_MAX_KICKS buckets
 *   ending at a free slot (a walk that never revisits a bucket) and only then moves the keys
 *   along it; past that it refuses, having moved nothing.
 * Worst cases: find and remove read 2 buckets, insert 2 + CK_MAX_KICKS, whatever the history.
 */
#ifndef BENTO_CUCKOO_REF_H
#define BENTO_CUCKOO_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CK_MAX_KICKS 64

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

/* 0 inserted, 1 already there, 2 refused (no path of at most CK_MAX_KICKS buckets) */
static inline int ck_insert(ck_table *t, uint64_t key, uint32_t value)
{
    const uint32_t h = ck_hash(key), fp = ck_fp(h), b1 = h >> t->shift, b2 = ck_alt(t, b1, fp);
    uint32_t path[CK_MAX_KICKS + 1];
    unsigned char slot[CK_MAX_KICKS];
    int i, k, end = -1;
    if (ck_find_in(t, b1, fp, key) != NULL ||
        (t->b[b1].spilled != 0u && ck_find_in(t, b2, fp, key) != NULL)) {
        return 1;
    }
    i = ck_free_slot(&t->b[b1]);
    if (i >= 0) {
        ck_put(t, b1, i, fp, key, value);
        t->count++;
        return 0;
    }
    /* the walk: from b2 (b1 is full), each step moving the first key, from a slot chosen by
     * the hash and the step, whose other bucket is not on the path yet */
    path[0] = b2;
    for (k = 0; k < CK_MAX_KICKS && end < 0; k++) {
        const ck_bucket *bk = &t->b[path[k]];
        int n, s = (int)((h >> (2 * (k & 7))) & 3u);
        if (k == 0 && ck_free_slot(bk) >= 0) {
            end = 0;
            break;
        }
        slot[k] = 4u;
        for (n = 0; n < 4 && slot[k] == 4u; n++, s = (s + 1) & 3) {
            const uint32_t next = ck_alt(t, path[k], (bk->fp >> (8 * s)) & 0xffu);
            int j;
            bool seen = next == b1;
            for (j = 0; j <= k; j++) {
                seen = seen || path[j] == next;
            }
            if (!seen) {
                slot[k] = (unsigned char)s;
                path[k + 1] = next;
            }
        }
        if (slot[k] == 4u) {
            return 2; /* every way leads back: refused, nothing moved */
        }
        if (ck_free_slot(&t->b[path[k + 1]]) >= 0) {
            end = k + 1;
        }
    }
    if (end < 0) {
        return 2;
    }
    /* back to front: each key into the next bucket of the path, the counts kept right */
    for (k = end - 1; k >= 0; k--) {
        ck_bucket *from = &t->b[path[k]];
        const int s = slot[k];
        const uint32_t f = (from->fp >> (8 * s)) & 0xffu;
        const uint32_t first = ck_hash(from->key[s]) >> t->shift;
        ck_put(t, path[k + 1], ck_free_slot(&t->b[path[k + 1]]), f, from->key[s], from->value[s]);
        if (first == path[k]) {
            t->b[first].spilled++; /* leaves its first bucket */
        } else {
            t->b[first].spilled--; /* back in its first bucket */
        }
        from->fp &= ~(0xffu << (8 * s));
    }
    ck_put(t, b2, ck_free_slot(&t->b[b2]), fp, key, value);
    t->b[b1].spilled++;
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
