/* SPDX-License-Identifier: MIT */
/*
 * bento/index.h - the hash index: a fixed-capacity map from a 64-bit key to a 32-bit value.
 *
 * The value is usually the index of a record in a pool or an array: records live in big
 * arrays and are found through indices. Keys are hashed by the index itself (a cheap mix made
 * of 32-bit multiplies, so a Cortex-M0 pays no 64-bit arithmetic).
 *
 * Scheme: open addressing, linear probing in Robin Hood order, with a jump to the key's group.
 * Entries are kept sorted by home slot (their run position never passes an entry from a later
 * home) and, within one home, by a fingerprint of the hash. Each slot has a 32-bit tag word:
 *     bits 31..24  probe distance of the entry stored here (1 = home slot, 0 = empty slot)
 *     bits 23..16  8-bit fingerprint of that entry's hash
 *     bits 15..8   for the entries whose HOME is this slot: the fingerprint of the first of
 *                  them (the largest of their fingerprints), or 0 when none lives here
 *     bits  7..0   for the same entries: the probe distance of the first of them, or 0 when
 *                  no entry lives at this home (the "group byte")
 * A lookup reads its home slot's group byte: 0 ends a miss at once (43% of misses at load
 * 0.85, 61% at 0.5); otherwise it jumps to the first entry of its home and compares the upper
 * half of each tag, distance << 8 | fingerprint, so one unsigned comparison per slot says "go
 * on", "compare the key" or "absent". Measured on random keys at load 0.85, a hit reads 2.4
 * slots on average and a miss 2.0, where plain linear probing reads 3.8 and 22.
 * Removal shifts the rest of the run back by one slot (backward shift), so no tombstones are
 * ever left behind: a table that has seen a billion inserts and removes probes exactly like a
 * freshly built one with the same keys.
 *
 * Load: an index of capacity C (a power of two, 2 <= C <= 2^24) holds at most
 *     BENTO_INDEX_MAX_COUNT(C) = C - 1 - C/8      entries (just under 7/8 of the slots),
 * and insert answers BENTO_E_FULL beyond that. A probe distance is capped at 255 slots; insert
 * answers BENTO_E_FULL for a key that would land further from home (with the built-in hash
 * this needs keys crafted to collide: measured runs at 7/8 load stay far below the cap, see
 * docs/index.md).
 *
 * Memory layout (BENTO_INDEX_BYTES(C) = 16 * C bytes, 4-byte aligned): C slots of four
 * uint32_t {tag, value, key low half, key high half}. Indices only, no pointers: the buffer
 * can be copied and reopened with bento_index_attach().
 *
 * Not thread-safe: an index must be used from one context at a time (concurrent finds with no
 * writer are fine).
 *
 * Typed indices: BENTO_INDEX_TYPE(name, capacity) declares an index with its own storage.
 */
#ifndef BENTO_INDEX_H
#define BENTO_INDEX_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bento_index {
    uint32_t *slots;    /* capacity * 4 words: tag, value, key_lo, key_hi */
    uint32_t capacity;  /* power of two */
    uint32_t shift;     /* 32 - log2(capacity): the home slot is hash >> shift */
    uint32_t word_mask; /* 4 * (capacity - 1): wraps a word offset into the slots */
    uint32_t count;
    uint32_t max_count; /* BENTO_INDEX_MAX_COUNT(capacity) */
} bento_index;

/*
 * How find starts. A hit is the first entry of its group in two thirds of lookups and the
 * second in most of the rest, and a miss ends at once at a home with no group in about half
 * of lookups: branches on either go the wrong way often. On cores that speculate past
 * branches each wrong guess waits for the slot's cache miss and throws away the lookups
 * started behind it; there (1) find takes both decisions by arithmetic on the home slot's tag
 * (the group fingerprint says whether the key can be the group's first entry), for a few
 * instructions more. On in-order Cortex-M cores a branch costs a cycle or two and every
 * instruction counts; there (0) find branches. Both give the same answers. The default is 1
 * on x86-64, where it was measured (docs/index.md: faster up to tables of a few MiB, slower
 * on tables far beyond the caches), and 0 elsewhere; define BENTO_INDEX_BRANCHLESS to 0 or 1
 * to choose (an out-of-order AArch64 core is likely to gain as x86-64 does; not measured).
 */
#ifndef BENTO_INDEX_BRANCHLESS
#if defined(__x86_64__) || defined(_M_X64)
#define BENTO_INDEX_BRANCHLESS 1
#else
#define BENTO_INDEX_BRANCHLESS 0
#endif
#endif

/* Bytes of caller memory for an index of `capacity` slots (a constant expression). */
#define BENTO_INDEX_BYTES(capacity) ((size_t)(capacity) * 16u)

/* Most entries an index of `capacity` slots accepts (a constant expression). */
#define BENTO_INDEX_MAX_COUNT(capacity) ((uint32_t)(capacity) - 1u - (uint32_t)(capacity) / 8u)

/* Largest capacity accepted by bento_index_init. */
#define BENTO_INDEX_MAX_CAPACITY (1ul << 24)

/*
 * The hash the index applies to keys: two 32-bit multiplies and two xors (no 64-bit
 * arithmetic). The home slot is taken from the top bits, where a multiply mixes best; the
 * fingerprint from the low byte. Exposed so tests and benchmarks can craft keys; pure.
 */
static inline uint32_t bento_index_hash(uint64_t key)
{
    uint32_t h = (uint32_t)key ^ ((uint32_t)(key >> 32) * 0x85ebca6bu);
    h ^= h >> 16;
    return h * 0x9e3779b1u;
}

/*
 * Carve an index of `capacity` slots out of `memory` (`bytes` long) and empty it. O(capacity)
 * (every tag is cleared). capacity must be a power of two in [2, BENTO_INDEX_MAX_CAPACITY].
 * BENTO_E_ARGUMENT for a NULL memory or a capacity out of range, BENTO_E_ALIGN when memory is
 * not 4-byte aligned, BENTO_E_SIZE when bytes < BENTO_INDEX_BYTES(capacity). On failure the
 * index is left with capacity 0: finds answer NULL, inserts BENTO_E_FULL.
 */
bento_status bento_index_init(bento_index *ix, void *memory, size_t bytes, uint32_t capacity);

/*
 * Reopen an index over memory that already holds one (copied from retained RAM, flash or a
 * file), with the same capacity it was built with. The same checks as init, then the contents
 * are verified as bento_index_check does (BENTO_E_CORRUPT, and the index is left with capacity
 * 0, when they fail). O(capacity). `memory` is never written.
 */
bento_status bento_index_attach(bento_index *ix, void *memory, size_t bytes, uint32_t capacity);

/*
 * The value stored for `key`, writable in place, or NULL when the key is absent. The pointer
 * stays valid until the next insert, upsert, remove or clear. O(1) expected: the home slot,
 * then the entries of the key's home (2.4 slots in all for a hit at load 0.85); never more
 * than 256.
 * Inline, so that a lookup costs a few dozen instructions and no call. How it works: the home
 * slot's group byte says where the key's group starts (0: nothing lives at this home, a miss);
 * the walk then compares the upper half of each tag, distance << 8 | fingerprint, against the
 * one the key would have there (with BENTO_INDEX_BRANCHLESS, the first step is taken by
 * arithmetic). Each step raises the wanted distance by one; no sound table holds a distance
 * above 255, so the walk ends within 256 steps even in damaged memory.
 */
static inline uint32_t *bento_index_find(const bento_index *ix, uint64_t key)
{
    const uint32_t h = bento_index_hash(key);
    uint32_t *const slots = ix->slots;
    const uint32_t home = h >> ix->shift;
    const uint32_t mask = ix->word_mask;
    const uint32_t home_tag = slots[4u * home];
    const uint32_t first = home_tag & 0xffu;
    uint32_t want, at;
#if BENTO_INDEX_BRANCHLESS
    /* The group's first entry has the largest fingerprint: a key with a smaller one is not
     * that entry, so the walk starts one slot later. A home with no group (group fingerprint
     * 0) gets a wanted half-tag no slot has (bit 16), and the walk ends at its first slot. */
    const uint32_t second = (uint32_t)((home_tag >> 8 & 0xffu) > (h & 0xffu));
    const uint32_t none = (first - 1u) >> 31;
    want = ((first + second) << 8 | (h & 0xffu)) | none << 16;
    at = 4u * (home + first - 1u + second + none);
    {
        /* the slot that holds the key in most hits; the walk below only for the rest */
        uint32_t *s = slots + (at & mask);
        const uint32_t t = s[0] >> 16;
        if (t == want && ((uint64_t)s[3] << 32 | s[2]) == key) {
            return s + 1;
        }
        if (t < want) {
            return NULL;
        }
    }
#else
    if (first == 0u) {
        return NULL;
    }
    want = first << 8 | (h & 0xffu);
    at = 4u * (home + first - 1u);
#endif
    for (;;) {
        uint32_t *s = slots + (at & mask);
        const uint32_t t = s[0] >> 16;
        if (t <= want) {
            if (t < want) {
                return NULL;
            }
            if (((uint64_t)s[3] << 32 | s[2]) == key) {
                return s + 1;
            }
        }
        if (want >= 0xff00u) {
            return NULL;
        }
        want += 0x100u;
        at += 4u;
    }
}

/* The value stored for `key`, or `absent` when the key is not in the index. As find. */
static inline uint32_t bento_index_get(const bento_index *ix, uint64_t key, uint32_t absent)
{
    const uint32_t *value = bento_index_find(ix, key);
    return value != NULL ? *value : absent;
}

/* True when `key` is in the index. As find. */
static inline bool bento_index_contains(const bento_index *ix, uint64_t key)
{
    return bento_index_find(ix, key) != NULL;
}

/*
 * Add `key` with `value`. BENTO_E_EXISTS when the key is already there (its value is left
 * unchanged), BENTO_E_FULL when the index holds BENTO_INDEX_MAX_COUNT entries already (or, for
 * crafted keys only, when a probe distance would pass 255), BENTO_E_CORRUPT when no slot is
 * empty (damaged memory only); the index is unchanged then.
 * O(1) expected: the slots from the key's home to the end of its run are moved by one.
 */
bento_status bento_index_insert(bento_index *ix, uint64_t key, uint32_t value);

/*
 * Set the value of `key`, adding the key when it is absent. BENTO_E_FULL as insert (only when
 * the key is absent); BENTO_OK otherwise. O(1) expected.
 */
bento_status bento_index_upsert(bento_index *ix, uint64_t key, uint32_t value);

/*
 * Remove `key`; when `value` is not NULL the removed value is stored there.
 * BENTO_E_NOT_FOUND when the key is absent (the index and *value are unchanged).
 * O(1) expected: the rest of the run moves back one slot; nothing is left behind.
 */
bento_status bento_index_remove(bento_index *ix, uint64_t key, uint32_t *value);

/* Remove every entry. O(capacity). */
void bento_index_clear(bento_index *ix);

/* Entries in the index. */
static inline uint32_t bento_index_count(const bento_index *ix) { return ix->count; }

/* Capacity given at init (slots, a power of two). */
static inline uint32_t bento_index_capacity(const bento_index *ix) { return ix->capacity; }

/* The most entries the index accepts: BENTO_INDEX_MAX_COUNT(capacity). */
static inline uint32_t bento_index_max_count(const bento_index *ix) { return ix->max_count; }

/*
 * Iterate the entries: `*cursor` starts at 0; each call stores the next entry's key and value
 * and returns true, or returns false when there are no more. Order is the slot order (no
 * meaning). Inserting or removing during an iteration may skip or repeat entries.
 * O(capacity) over a whole iteration.
 */
bool bento_index_next(const bento_index *ix, uint32_t *cursor, uint64_t *key, uint32_t *value);

/*
 * Verify every invariant: each entry's probe distance and fingerprint match its key's hash,
 * runs are in Robin Hood order without gaps, every home's group byte and group fingerprint
 * name its first entry (and are 0 at a home without entries), the count matches, at least one slot is empty and no key appears
 * twice among the entries of one home and fingerprint. BENTO_OK or BENTO_E_CORRUPT.
 * O(capacity). A find, insert or remove on a table whose memory was damaged still returns
 * (every probe loop is bounded by the distance cap or the capacity) but its answer is
 * meaningless until this check passes again.
 */
bento_status bento_index_check(const bento_index *ix);

/* Internal: validate and carve (no clearing); shared by init and attach. */
bento_status bento__index_setup(bento_index *ix, void *memory, size_t bytes, uint32_t capacity);

/*
 * BENTO_INDEX_TYPE(name, capacity) declares a type `name` holding an index and its storage,
 * with name_init(name *) -> bento_status. Use the bento_index_* functions on `&x.index`.
 * Fails to compile unless capacity is a power of two in [2, BENTO_INDEX_MAX_CAPACITY].
 * The object points into its own storage: do not copy it after init.
 */
#define BENTO_INDEX_TYPE(name, capacity_)                                                         \
    BENTO_STATIC_ASSERT((capacity_) >= 2 && (capacity_) <= BENTO_INDEX_MAX_CAPACITY &&             \
                            ((capacity_) & ((capacity_) - 1)) == 0,                               \
                        name##_capacity_must_be_a_power_of_two_from_2_to_2_pow_24);            \
    typedef struct name {                                                                         \
        bento_index index;                                                                        \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_INDEX_BYTES(capacity_))];                 \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *x)                                               \
    {                                                                                             \
        return bento_index_init(&x->index, x->storage, sizeof x->storage, (capacity_));           \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

/* ---------------------------------------------------------------- 32-bit keys
 *
 * The same index for 32-bit keys: slots of three words {tag, value, key} (12 bytes, a quarter
 * less RAM) and one key compare fewer per hit (measured on a Cortex-M4: a hit at load 0.85
 * takes about 17% fewer instructions; a miss the same). Same scheme, limits, statuses and
 * complexities as above; the functions are bento_index32_* and live in their own objects, so
 * firmware using only one width carries only one. The hash of a 32-bit key is the hash of the
 * same value as a 64-bit key, so both indices place it in the same home slot.
 */

typedef struct bento_index32 {
    uint32_t *slots;    /* capacity * 3 words: tag, value, key */
    uint32_t capacity;  /* power of two */
    uint32_t shift;     /* 32 - log2(capacity) */
    uint32_t word_mask; /* capacity - 1: wraps a slot index */
    uint32_t count;
    uint32_t max_count; /* BENTO_INDEX_MAX_COUNT(capacity) */
} bento_index32;

/* Bytes of caller memory for a 32-bit-key index of `capacity` slots (a constant expression). */
#define BENTO_INDEX32_BYTES(capacity) ((size_t)(capacity) * 12u)

/* bento_index_hash of a 32-bit key: one multiply. */
static inline uint32_t bento_index32_hash(uint32_t key)
{
    return (key ^ (key >> 16)) * 0x9e3779b1u;
}

/* As bento_index_find. */
static inline uint32_t *bento_index32_find(const bento_index32 *ix, uint32_t key)
{
    const uint32_t h = bento_index32_hash(key);
    uint32_t *const slots = ix->slots;
    const uint32_t home = h >> ix->shift;
    const uint32_t mask = ix->word_mask;
    const uint32_t home_tag = slots[3u * home];
    const uint32_t first = home_tag & 0xffu;
    uint32_t want, at;
#if BENTO_INDEX_BRANCHLESS
    const uint32_t second = (uint32_t)((home_tag >> 8 & 0xffu) > (h & 0xffu));
    const uint32_t none = (uint32_t)(first == 0u);
    want = ((first + second) << 8 | (h & 0xffu)) | none << 16;
    at = home + first - 1u + second + none;
#else
    if (first == 0u) {
        return NULL;
    }
    want = first << 8 | (h & 0xffu);
    at = home + first - 1u;
#endif
    for (;;) {
        uint32_t *s = slots + 3u * (at & mask);
        const uint32_t t = s[0] >> 16;
        if (t <= want) {
            if (t < want) {
                return NULL;
            }
            if (s[2] == key) {
                return s + 1;
            }
        }
        if (want >= 0xff00u) {
            return NULL;
        }
        want += 0x100u;
        at++;
    }
}

/* As bento_index_get, bento_index_contains. */
static inline uint32_t bento_index32_get(const bento_index32 *ix, uint32_t key, uint32_t absent)
{
    const uint32_t *value = bento_index32_find(ix, key);
    return value != NULL ? *value : absent;
}
static inline bool bento_index32_contains(const bento_index32 *ix, uint32_t key)
{
    return bento_index32_find(ix, key) != NULL;
}

/* As bento_index_init, _attach, _insert, _upsert, _remove, _clear, _next, _check. */
bento_status bento_index32_init(bento_index32 *ix, void *memory, size_t bytes, uint32_t capacity);
bento_status bento_index32_attach(bento_index32 *ix, void *memory, size_t bytes,
                                  uint32_t capacity);
bento_status bento_index32_insert(bento_index32 *ix, uint32_t key, uint32_t value);
bento_status bento_index32_upsert(bento_index32 *ix, uint32_t key, uint32_t value);
bento_status bento_index32_remove(bento_index32 *ix, uint32_t key, uint32_t *value);
void bento_index32_clear(bento_index32 *ix);
bool bento_index32_next(const bento_index32 *ix, uint32_t *cursor, uint32_t *key, uint32_t *value);
bento_status bento_index32_check(const bento_index32 *ix);

static inline uint32_t bento_index32_count(const bento_index32 *ix) { return ix->count; }
static inline uint32_t bento_index32_capacity(const bento_index32 *ix) { return ix->capacity; }
static inline uint32_t bento_index32_max_count(const bento_index32 *ix) { return ix->max_count; }

/* Internal: as bento__index_setup. */
bento_status bento__index32_setup(bento_index32 *ix, void *memory, size_t bytes,
                                  uint32_t capacity);

/* BENTO_INDEX32_TYPE(name, capacity): as BENTO_INDEX_TYPE, a 32-bit-key index. */
#define BENTO_INDEX32_TYPE(name, capacity_)                                                       \
    BENTO_STATIC_ASSERT((capacity_) >= 2 && (capacity_) <= BENTO_INDEX_MAX_CAPACITY &&             \
                            ((capacity_) & ((capacity_) - 1)) == 0,                               \
                        name##_capacity_must_be_a_power_of_two_from_2_to_2_pow_24);            \
    typedef struct name {                                                                         \
        bento_index32 index;                                                                      \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_INDEX32_BYTES(capacity_))];               \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *x)                                               \
    {                                                                                             \
        return bento_index32_init(&x->index, x->storage, sizeof x->storage, (capacity_));         \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_INDEX_H */
