/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M6 M14 M15 M17 M22 M28. */
/**
 * @file
 * bento/index.h - the hash index: a fixed-capacity map from a 64-bit key (or a 32-bit key,
 * bento_index32_*) to a 32-bit value.
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
 * A lookup reads its home slot's group byte: 0 ends a miss at once; otherwise it jumps to the
 * first entry of its home and compares the upper half of each tag, distance << 8 |
 * fingerprint, so one unsigned comparison per slot says "go on", "compare the key" or
 * "absent". Removal shifts the rest of the run back by one slot (backward shift), so no
 * tombstones are ever left behind: a table that has seen a billion inserts and removes probes
 * exactly like a freshly built one with the same keys. docs/hash_index.md has the measurements.
 *
 * Load: an index of capacity C (a power of two, 2 <= C <= 2^24) holds at most
 *     BENTO_INDEX_MAX_COUNT(C) = C - 1 - C/8      entries (just under 7/8 of the slots),
 * and insert answers BENTO_E_FULL beyond that. A probe distance is capped at 255 slots; insert
 * answers BENTO_E_FULL for a key that would land further from home (with the built-in hash
 * this needs keys crafted to collide).
 *
 * Memory (BENTO_INDEX_BYTES(C) bytes, 4-byte aligned):
 *     header   the capacity and a copy of the count (bento/common.h, "Buffers")
 *     slots    C slots of four uint32_t {tag, value, key low half, key high half}
 * A 32-bit-key index (BENTO_INDEX32_BYTES(C)) has slots of three words {tag, value, key}.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open
 * (capacity 0: lookups miss, inserts answer BENTO_E_FULL), confinement on damaged buffers:
 * whatever the slots hold, every probe walk ends within 256 slots and stays inside them.
 * Not thread-safe: an index must be used from one context at a time (concurrent lookups with
 * no writer are fine).
 *
 * Typed indices: BENTO_INDEX_TYPE(name, capacity) and BENTO_INDEX32_TYPE(name, capacity)
 * declare an index type with its own storage and its whole API under its name (see the end
 * of the API below).
 */
#ifndef BENTO_INDEX_H
#define BENTO_INDEX_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/**
 * @def BENTO_INDEX_BRANCHLESS
 * How a lookup starts, configurable (-D or BENTO_CONFIG_HEADER). A hit is the first entry of
 * its group in two thirds of lookups and the second in most of the rest, and a miss ends at
 * once at a home with no group in about half of lookups: branches on either go the wrong way
 * often. On cores that speculate past branches each wrong guess waits for the slot's cache
 * miss and throws away the lookups started behind it; there (1) get takes both decisions by
 * arithmetic on the home slot's tag (the group fingerprint says whether the key can be the
 * group's first entry), for a few instructions more. On in-order Cortex-M cores a branch
 * costs a cycle or two and every instruction counts; there (0) get branches. Both give the
 * same answers. The default is 1 on x86-64, where it was measured (docs/hash_index.md), and 0
 * elsewhere. Insert, upsert and remove walk the key's run after their lookup, so they always
 * use the branching start, whatever this says.
 */
#ifndef BENTO_INDEX_BRANCHLESS
#if defined(__x86_64__) || defined(_M_X64)
#define BENTO_INDEX_BRANCHLESS 1
#else
#define BENTO_INDEX_BRANCHLESS 0
#endif
#endif

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_index_state {
    uint32_t count; /**< entries */
} bento_index_state;

/** An index with 64-bit keys. Its fields are the implementation's: use the functions. */
typedef struct bento_index {
    uint32_t *slots;          /**< capacity slots of 4 words: tag, value, key low, key high */
    uint32_t shift;           /**< 32 - log2(capacity): the home slot is hash >> shift */
    uint32_t mask;            /**< capacity - 1: wraps a slot number */
    bento_index_state *saved; /**< the counters' copy in the buffer (`state` itself when inert) */
    bento_index_state state; /**< the counters (the operations' copy) */
    uint32_t capacity;        /**< slots: a power of two (0 when inert) */
    uint32_t max_count;       /**< BENTO_INDEX_MAX_COUNT(capacity) */
} bento_index;

/** Bytes of caller memory for an index of `capacity` slots (a constant expression). */
#define BENTO_INDEX_BYTES(capacity) (BENTO_IMPL_INDEX_HEAD + BENTO_IMPL_CAST(size_t, capacity) * 16u)

/** Most entries an index of `capacity` slots accepts (a constant expression). */
#define BENTO_INDEX_MAX_COUNT(capacity) (BENTO_IMPL_CAST(uint32_t, capacity) - 1u - BENTO_IMPL_CAST(uint32_t, capacity) / 8u)

/** Largest capacity accepted by bento_index_init. */
#define BENTO_INDEX_MAX_CAPACITY 0x1000000u

/**
 * The hash the index applies to keys: two 32-bit multiplies and two xors (no 64-bit
 * arithmetic). The home slot is taken from the top bits, where a multiply mixes best; the
 * fingerprint from the low byte. Exposed so tests and benchmarks can craft keys; pure.
 */
static inline uint32_t bento_index_hash(uint64_t key);

/**
 * Carve an index of `capacity` slots out of `memory` (`bytes` long) and empty it. capacity is
 * a power of two in [2, BENTO_INDEX_MAX_CAPACITY]. BENTO_E_ARGUMENT for a NULL memory or a
 * capacity out of range, BENTO_E_ALIGN when memory is not 4-byte aligned, BENTO_E_SIZE when
 * bytes < BENTO_INDEX_BYTES(capacity); the index is inert then. O(capacity).
 */
bento_status bento_index_init(bento_index *ix, void *memory, size_t bytes, uint32_t capacity);

/**
 * Reattach `ix` to `memory`, a buffer that holds an index (bento/common.h, "Buffers"): the
 * header, the count and every invariant bento_index_check verifies are validated.
 * BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer not 4-byte aligned,
 * BENTO_E_SIZE when bytes is shorter than the index the header describes, BENTO_E_CORRUPT for
 * anything else; the index is inert then. O(capacity).
 */
bento_status bento_index_open(bento_index *ix, void *memory, size_t bytes);

/**
 * The value stored for `key`, writable in place, or NULL when the key is absent. The pointer
 * stays valid until the next insert, upsert, remove or clear. O(1) expected: the home slot,
 * then the entries of the key's home (2.4 slots in all for a hit at load 0.85); never more
 * than 256 slots, whatever the buffer holds. Inline, so a lookup costs a few dozen
 * instructions and no call.
 */
static inline uint32_t *bento_index_get(const bento_index *ix, uint64_t key);

/** The value stored for `key`, or `absent` when the key is not in the index. As get. */
static inline uint32_t bento_index_value(const bento_index *ix, uint64_t key, uint32_t absent);

/** True when `key` is in the index. As get. */
static inline bool bento_index_contains(const bento_index *ix, uint64_t key);

/**
 * Add `key` with `value`. BENTO_E_EXISTS when the key is already there (its value is left
 * unchanged); BENTO_E_FULL when the index holds BENTO_INDEX_MAX_COUNT entries already, or,
 * for crafted keys only, when a probe distance would pass 255; BENTO_E_CORRUPT when the run
 * has no empty slot after it (a damaged buffer). The index is unchanged on failure.
 * O(1) expected: the slots from the key's place to the end of its run move by one. Only
 * the load limit bounds a run: at load 0.85 with 16384 slots, the longest of 100,000 inserts
 * took about 24,000 instructions on a Cortex-M4, the average 900 (docs/hash_index.md).
 */
bento_status bento_index_insert(bento_index *ix, uint64_t key, uint32_t value);

/**
 * Set the value of `key`, adding the key when it is absent. Fails only where insert of an
 * absent key fails (BENTO_E_FULL, BENTO_E_CORRUPT). O(1) expected.
 */
bento_status bento_index_upsert(bento_index *ix, uint64_t key, uint32_t value);

/**
 * Remove `key`; *value (optional) gets its value. BENTO_E_NOT_FOUND when the key is absent;
 * BENTO_E_CORRUPT when an entry was found though the count is 0 (a damaged buffer); the index
 * is unchanged then and *value is BENTO_NONE. O(1) expected: the rest of the run moves back
 * one slot; nothing is left behind. Only the load limit bounds the run (as for insert).
 */
bento_status bento_index_remove(bento_index *ix, uint64_t key, uint32_t *value);

/** Remove every entry. O(capacity). */
void bento_index_clear(bento_index *ix);

/** Entries in the index. O(1). */
static inline uint32_t bento_index_count(const bento_index *ix);

/** Slots given at init (a power of two; 0 when inert). O(1). */
static inline uint32_t bento_index_capacity(const bento_index *ix);

/** The most entries the index accepts: BENTO_INDEX_MAX_COUNT(capacity) (0 when inert). O(1). */
static inline uint32_t bento_index_max_count(const bento_index *ix);

/**
 * Verify the buffer: the header and the count's copy; each entry's probe distance and
 * fingerprint match its key's hash; runs in Robin Hood order without gaps; every home's group
 * byte and group fingerprint name its first entry (0 at a home without entries); the count
 * matches; at least one slot is empty; no key appears twice. BENTO_OK (also when inert) or
 * BENTO_E_CORRUPT. O(capacity), no recursion.
 */
bento_status bento_index_check(const bento_index *ix);

/**
 * Iteration over the entries, in slot order (no meaning):
 *
 *     bento_index_iter it;
 *     bento_index_iter_init(&it, &ix);
 *     while (bento_index_iter_next(&it)) { use(it.key, *it.value); }
 *
 * Values may be written through it.value. Any insert, upsert or remove during the walk may
 * make it skip or repeat entries (never leave the slots). O(capacity) over a whole walk.
 */
typedef struct bento_index_iter {
    uint64_t key;              /**< the current entry's key */
    uint32_t *value;           /**< its value, writable in place (NULL before the first entry
                                  and once done) */
    /** the walk, private: */
    const bento_index *index_;
    uint32_t slot_;            /**< the next slot to look at */
} bento_index_iter;

/** Start a walk over the entries of `ix`. O(1). */
void bento_index_iter_init(bento_index_iter *it, const bento_index *ix);

/** Advance to the next entry: true with it->key and it->value set, false once done (and on
 * every later call). O(empty slots skipped). */
bool bento_index_iter_next(bento_index_iter *it);

/* ---------------------------------------------------------------- 32-bit keys
 *
 * The same index for 32-bit keys: slots of three words {tag, value, key} (12 bytes, a quarter
 * less RAM) and one key compare fewer per hit. Same scheme, limits, statuses, complexities and
 * contracts as above, function for function: bento_index32_init, _open, _get, _value,
 * _contains, _insert, _upsert, _remove, _clear, _count, _capacity, _max_count, _check,
 * _iter_init, _iter_next. Both widths are one implementation compiled twice, into separate
 * objects: firmware that uses one width carries one. The hash of a 32-bit key is the hash of
 * the same value as a 64-bit key, so both indices place it in the same home slot.
 */

/** An index with 32-bit keys. Its fields are the implementation's: use the functions. */
typedef struct bento_index32 {
    uint32_t *slots;          /**< capacity slots of 3 words: tag, value, key */
    uint32_t shift; /**< 32 - log2(capacity): the home slot is hash >> shift */
    uint32_t mask; /**< capacity - 1: wraps a slot number */
    bento_index_state *saved; /**< the counters' copy in the buffer (`state` itself when inert) */
    bento_index_state state; /**< the counters (the operations' copy) */
    uint32_t capacity; /**< the capacity given at init */
    uint32_t max_count; /**< BENTO_INDEX_MAX_COUNT(capacity) */
} bento_index32;

/** Bytes of caller memory for a 32-bit-key index of `capacity` slots (a constant expression). */
#define BENTO_INDEX32_BYTES(capacity) (BENTO_IMPL_INDEX_HEAD + BENTO_IMPL_CAST(size_t, capacity) * 12u)

/** bento_index_hash of a 32-bit key: one multiply. */
static inline uint32_t bento_index32_hash(uint32_t key);

/** As the bento_index_ function of the same name, for 32-bit keys (see "32-bit keys" above).
 * @{ */
bento_status bento_index32_init(bento_index32 *ix, void *memory, size_t bytes, uint32_t capacity);
bento_status bento_index32_open(bento_index32 *ix, void *memory, size_t bytes);
static inline uint32_t *bento_index32_get(const bento_index32 *ix, uint32_t key);
static inline uint32_t bento_index32_value(const bento_index32 *ix, uint32_t key, uint32_t absent);
static inline bool bento_index32_contains(const bento_index32 *ix, uint32_t key);
bento_status bento_index32_insert(bento_index32 *ix, uint32_t key, uint32_t value);
bento_status bento_index32_upsert(bento_index32 *ix, uint32_t key, uint32_t value);
bento_status bento_index32_remove(bento_index32 *ix, uint32_t key, uint32_t *value);
void bento_index32_clear(bento_index32 *ix);
static inline uint32_t bento_index32_count(const bento_index32 *ix);
static inline uint32_t bento_index32_capacity(const bento_index32 *ix);
static inline uint32_t bento_index32_max_count(const bento_index32 *ix);
bento_status bento_index32_check(const bento_index32 *ix);
/** @} */

/** An iterator over a 32-bit-key index, as bento_index_iter. */
typedef struct bento_index32_iter {
    uint32_t key; /**< the current key */
    uint32_t *value; /**< its value, writable in place */
    const bento_index32 *index_; /**< the index walked (private) */
    uint32_t slot_; /**< the next slot to look at (private) */
} bento_index32_iter;

/** As bento_index_iter_init and bento_index_iter_next, for 32-bit keys. @{ */
void bento_index32_iter_init(bento_index32_iter *it, const bento_index32 *ix);
bool bento_index32_iter_next(bento_index32_iter *it);
/** @} */

/**
 * BENTO_INDEX_TYPE(name, capacity) declares an index type with 64-bit keys and its storage:
 *   name                                  the index type
 *   name_init(name *)                     -> bento_status (BENTO_OK for a well-formed type)
 *   name_open(name *)                     -> bento_status: bento_index_open on its own storage,
 *                                            BENTO_E_CORRUPT also for an index of another type
 *   name_get(const name *, key)           -> uint32_t * or NULL (the capacity folded in)
 *   name_value(const name *, key, absent) -> uint32_t
 *   name_contains(const name *, key)      -> bool
 *   name_insert(name *, key, value), name_upsert(name *, key, value) -> bento_status
 *   name_remove(name *, key, uint32_t *value) -> bento_status (value optional)
 *   name_count, name_capacity, name_max_count -> uint32_t
 *   name_check -> bento_status, name_clear
 *   name_iter                             an iterator: fields key, value (a uint32_t *)
 *   name_iter_init(name_iter *, const name *), name_iter_next(name_iter *) -> bool
 * BENTO_INDEX32_TYPE(name, capacity) declares the same with 32-bit keys. Both fail to compile
 * unless capacity is a power of two in [2, BENTO_INDEX_MAX_CAPACITY]. An index object points
 * into its own storage: after copying one (`b = a`), or when it lives in retained RAM after a
 * reset, call name_open(&b).
 *
 *     BENTO_INDEX_TYPE(id_to_slot, 1024);
 *     static id_to_slot ids;
 */
#define BENTO_INDEX_TYPE(name, capacity_)                                                         \
    BENTO_IMPL_INDEX_TYPE(name, bento_index, bento_impl_index_get, uint64_t, capacity_,           \
                          BENTO_INDEX_BYTES(capacity_))
/** BENTO_INDEX_TYPE with 32-bit keys (see above). */
#define BENTO_INDEX32_TYPE(name, capacity_)                                                       \
    BENTO_IMPL_INDEX_TYPE(name, bento_index32, bento_impl_index32_get, uint32_t, capacity_,       \
                          BENTO_INDEX32_BYTES(capacity_))

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* Header: 1 parameter word (the capacity), then the counters. Both key widths. */
#define BENTO_IMPL_INDEX_PARAMS 1u
#define BENTO_IMPL_INDEX_HEAD BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_INDEX_PARAMS + sizeof(bento_index_state) / 4u)

static inline uint32_t bento_index_hash(uint64_t key)
{
    uint32_t h = BENTO_IMPL_CAST(uint32_t, key) ^ (BENTO_IMPL_CAST(uint32_t, key >> 32) * 0x85ebca6bu);
    h ^= h >> 16;
    return h * 0x9e3779b1u;
}

static inline uint32_t bento_index32_hash(uint32_t key)
{
    return (key ^ (key >> 16)) * 0x9e3779b1u;
}

/*
 * The lookup of both key widths: slots of `w` words (4: the key in words 2 and 3; 3: in word
 * 2), home slot h >> shift, `mask` = capacity - 1. Every argument but h and the key is a
 * constant or a field, so each caller gets code for its own width and start. NULL slots is
 * the inert index: nothing to read.
 *
 * The home slot's group byte says where the key's group starts (0: nothing lives at this home,
 * a miss); the walk then compares the upper half of each tag, distance << 8 | fingerprint,
 * with the one the key would have there. Each step raises the wanted distance by one, and a
 * wanted distance of 255 is the last, so the walk ends within 256 slots whatever they hold,
 * and every slot it reads is taken modulo the capacity.
 *
 * With `branchless`, the first step is taken by arithmetic: the group's first entry has the
 * largest fingerprint, so a key with a smaller one is not that entry and the walk starts one
 * slot later; a home with no group (group byte 0) gets a wanted half-tag no slot has (bit 16),
 * and the walk ends at its first slot. That slot is compared before the loop.
 */
static inline uint32_t *bento_impl_index_walk(uint32_t *slots, uint32_t h, uint32_t shift,
                                              uint32_t mask, uint32_t w, uint32_t key_lo,
                                              uint32_t key_hi, bool branchless)
{
    uint32_t home, home_tag, first, want, at;
    if (slots == BENTO_IMPL_NULL) {
        return BENTO_IMPL_NULL;
    }
    home = h >> shift;
    home_tag = slots[w * home];
    first = home_tag & 0xffu;
    if (branchless) {
        const uint32_t second = BENTO_IMPL_CAST(uint32_t, (home_tag >> 8 & 0xffu) > (h & 0xffu));
        const uint32_t none = (first - 1u) >> 31;
        uint32_t *s;
        uint32_t t;
        want = ((first + second) << 8 | (h & 0xffu)) | none << 16;
        at = home + first - 1u + second + none;
        s = slots + w * (at & mask);
        t = s[0] >> 16;
        if (t == want && s[2] == key_lo && (w == 3u || s[3] == key_hi)) {
            return s + 1;
        }
        if (t < want) {
            return BENTO_IMPL_NULL;
        }
    } else {
        if (first == 0u) {
            return BENTO_IMPL_NULL;
        }
        want = first << 8 | (h & 0xffu);
        at = home + first - 1u;
    }
    for (;;) {
        uint32_t *s = slots + w * (at & mask);
        const uint32_t t = s[0] >> 16;
        if (t <= want) {
            if (t < want) {
                return BENTO_IMPL_NULL;
            }
            if (s[2] == key_lo && (w == 3u || s[3] == key_hi)) {
                return s + 1;
            }
        }
        if (want >= 0xff00u) {
            return BENTO_IMPL_NULL;
        }
        want += 0x100u;
        at++;
    }
}

/* get with the shift and mask as arguments, so that typed wrappers pass constants. */
static inline uint32_t *bento_impl_index_get(const bento_index *ix, uint64_t key, uint32_t shift,
                                             uint32_t mask)
{
    return bento_impl_index_walk(ix->slots, bento_index_hash(key), shift, mask, 4u, BENTO_IMPL_CAST(uint32_t, key),
                                 BENTO_IMPL_CAST(uint32_t, key >> 32), BENTO_INDEX_BRANCHLESS);
}

static inline uint32_t *bento_impl_index32_get(const bento_index32 *ix, uint32_t key, uint32_t shift,
                                               uint32_t mask)
{
    return bento_impl_index_walk(ix->slots, bento_index32_hash(key), shift, mask, 3u, key, 0u,
                                 BENTO_INDEX_BRANCHLESS);
}

static inline uint32_t *bento_index_get(const bento_index *ix, uint64_t key)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_impl_index_get(ix, key, ix->shift, ix->mask);
}

static inline uint32_t bento_index_value(const bento_index *ix, uint64_t key, uint32_t absent)
{
    const uint32_t *value = bento_index_get(ix, key);
    return value != BENTO_IMPL_NULL ? *value : absent;
}

static inline bool bento_index_contains(const bento_index *ix, uint64_t key)
{
    return bento_index_get(ix, key) != BENTO_IMPL_NULL;
}

static inline uint32_t bento_index_count(const bento_index *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->state.count;
}

static inline uint32_t bento_index_capacity(const bento_index *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->capacity;
}

static inline uint32_t bento_index_max_count(const bento_index *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->max_count;
}

static inline uint32_t *bento_index32_get(const bento_index32 *ix, uint32_t key)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_impl_index32_get(ix, key, ix->shift, ix->mask);
}

static inline uint32_t bento_index32_value(const bento_index32 *ix, uint32_t key, uint32_t absent)
{
    const uint32_t *value = bento_index32_get(ix, key);
    return value != BENTO_IMPL_NULL ? *value : absent;
}

static inline bool bento_index32_contains(const bento_index32 *ix, uint32_t key)
{
    return bento_index32_get(ix, key) != BENTO_IMPL_NULL;
}

static inline uint32_t bento_index32_count(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->state.count;
}

static inline uint32_t bento_index32_capacity(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->capacity;
}

static inline uint32_t bento_index32_max_count(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return ix->max_count;
}

/* Both typed indices: `generic` is bento_index or bento_index32, `get` its internal lookup,
 * `K` its key type. Lookups pass the shift and mask of the capacity as constants. */
#define BENTO_IMPL_INDEX_TYPE(name, generic, get, K, capacity_, bytes_)                           \
    BENTO_STATIC_ASSERT((capacity_) >= 2 && BENTO_IMPL_CAST(uint64_t, capacity_) <= BENTO_INDEX_MAX_CAPACITY && \
                        ((capacity_) & ((capacity_) - 1)) == 0,                                   \
                        name##_capacity_must_be_a_power_of_two_from_2_to_2_pow_24);               \
    BENTO_IMPL_TYPED(name, generic, bytes_)                                                       \
    BENTO_IMPL_TYPED_OPEN(name, generic, x->generic_.capacity == (capacity_))                     \
    typedef generic##_iter name##_iter;                                                           \
    BENTO_WRAPPER bento_status name##_init(name *x)                                               \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return generic##_init(&x->generic_, x->storage_, sizeof x->storage_, (capacity_));        \
    }                                                                                             \
    BENTO_WRAPPER uint32_t *name##_get(const name *x, K key)                                      \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return get(&x->generic_, key, 32u - BENTO_IMPL_CEIL_LOG2(capacity_),                      \
                   BENTO_IMPL_CAST(uint32_t, capacity_) - 1u);                                    \
    }                                                                                             \
    BENTO_WRAPPER uint32_t name##_value(const name *x, K key, uint32_t absent)                    \
    {                                                                                             \
        const uint32_t *value_ = name##_get(x, key);                                              \
        return value_ != BENTO_IMPL_NULL ? *value_ : absent;                                      \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *x, K key)                                      \
    {                                                                                             \
        return name##_get(x, key) != BENTO_IMPL_NULL;                                             \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *x, K key, uint32_t value)                      \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return generic##_insert(&x->generic_, key, value);                                        \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_upsert(name *x, K key, uint32_t value)                      \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return generic##_upsert(&x->generic_, key, value);                                        \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_remove(name *x, K key, uint32_t *value)                     \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return generic##_remove(&x->generic_, key, value);                                        \
    }                                                                                             \
    BENTO_WRAPPER uint32_t name##_max_count(const name *x)                                        \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return generic##_max_count(&x->generic_);                                                 \
    }                                                                                             \
    BENTO_WRAPPER void name##_iter_init(name##_iter *it, const name *x)                           \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL && x != BENTO_IMPL_NULL);                              \
        generic##_iter_init(it, &x->generic_);                                                    \
    }                                                                                             \
    BENTO_WRAPPER bool name##_iter_next(name##_iter *it)                                          \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL);                                                      \
        return generic##_iter_next(it);                                                           \
    }                                                                                             \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_INDEX_H */
