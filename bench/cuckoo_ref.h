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
 * - insert takes a free slot of b1 or b2, else searches breadth first for the nearest bucket
 *   with a free slot at most CK_DEPTH moves away (at most CK_NODES buckets read) and only then
 *   moves the keys along that path; past that it refuses, having moved nothing (only a path
 *   that crosses itself can stop part way: each move done is whole, the table stays sound).
 * Worst cases: find and remove read 2 buckets; insert reads 2 + CK_NODES and moves CK_DEPTH
 * keys, whatever the history.
 */
#ifndef BENTO_CUCKOO_REF_H
#define BENTO_CUCKOO_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the search: at most CK_DEPTH moves, over at most CK_NODES buckets (2 + 8 + 32 + 128) */
#define CK_DEPTH 3
#define CK_NODES 170

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

/* Node n of the search: a bucket reached from node parent[n] by moving the key in its slot
 * slot[n]. Nodes 0 and 1 are b1 and b2; the bucket of a node is found again from the root by
 * its slots (depth <= CK_DEPTH), so a node is two bytes. */
static inline uint32_t ck_node_bucket(const ck_table *t, const unsigned char *parent,
                                      const unsigned char *slot, const uint32_t *root, int n)
{
    int chain[CK_DEPTH + 1], depth = 0;
    uint32_t b;
    while (n > 1) {
        chain[depth++] = n;
        n = parent[n];
    }
    b = root[n];
    while (depth-- > 0) {
        const int c = chain[depth];
        b = ck_alt(t, b, (t->b[b].fp >> (8 * slot[c])) & 0xffu);
    }
    return b;
}

/* 0 inserted, 1 already there, 2 refused (no bucket with a free slot within CK_DEPTH moves) */
static inline int ck_insert(ck_table *t, uint64_t key, uint32_t value)
{
    const uint32_t h = ck_hash(key), fp = ck_fp(h), b1 = h >> t->shift;
    const uint32_t root[2] = {b1, ck_alt(t, b1, fp)};
    unsigned char parent[CK_NODES], slot[CK_NODES], depth[CK_NODES];
    int head, tail = 2, found = -1, n, i;
    if (ck_find_in(t, b1, fp, key) != NULL ||
        (t->b[b1].spilled != 0u && ck_find_in(t, root[1], fp, key) != NULL)) {
        return 1;
    }
    for (n = 0; n < 2; n++) {
        i = ck_free_slot(&t->b[root[n]]);
        if (i >= 0) {
            ck_put(t, root[n], i, fp, key, value);
            t->b[b1].spilled += (uint32_t)n;
            t->count++;
            return 0;
        }
    }
    /* breadth first: the nearest bucket with a free slot, found before anything moves */
    depth[0] = depth[1] = 0u;
    for (head = 0; head < tail && found < 0 && depth[head] < CK_DEPTH; head++) {
        const uint32_t from = ck_node_bucket(t, parent, slot, root, head);
        int s2;
        for (s2 = 0; s2 < 4 && found < 0; s2++) {
            const uint32_t next = ck_alt(t, from, (t->b[from].fp >> (8 * s2)) & 0xffu);
            parent[tail] = (unsigned char)head;
            slot[tail] = (unsigned char)s2;
            depth[tail] = (unsigned char)(depth[head] + 1u);
            if (ck_free_slot(&t->b[next]) >= 0) {
                found = tail;
            }
            tail++;
        }
    }
    if (found < 0) {
        return 2;
    }
    /* from the free end back, the deepest move first, each into the slot the one before it
     * opened; a path that crosses itself can find no free slot and stops there */
    for (n = found; n > 1; n = parent[n]) {
        const uint32_t from = ck_node_bucket(t, parent, slot, root, parent[n]);
        const uint32_t to = ck_node_bucket(t, parent, slot, root, n);
        ck_bucket *bk = &t->b[from];
        const int s2 = slot[n], free_slot = ck_free_slot(&t->b[to]);
        const uint32_t f = (bk->fp >> (8 * s2)) & 0xffu;
        const uint32_t first = ck_hash(bk->key[s2]) >> t->shift;
        if (free_slot < 0 || f == 0u) {
            return 2;
        }
        ck_put(t, to, free_slot, f, bk->key[s2], bk->value[s2]);
        if (first == from) {
            t->b[first].spilled++; /* leaves its first bucket */
        } else {
            t->b[first].spilled--; /* back in its first bucket */
        }
        bk->fp &= ~(0xffu << (8 * s2));
    }
    i = ck_free_slot(&t->b[root[n]]);
    if (i < 0) {
        return 2;
    }
    ck_put(t, root[n], i, fp, key, value);
    t->b[b1].spilled += (uint32_t)n;
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
