/* SPDX-License-Identifier: MIT */
/*
 * bento/multi_index.h - the multi-value index: one 64-bit key to many 32-bit values.
 *
 * Values are record indices in [0, value_capacity): the slot index of a pool handle, a
 * position in an array. Each value belongs to at most one key at a time. The values of one key
 * form a list threaded through arrays indexed by value, so nothing is allocated per key:
 *     next[v]    the value after v in its key's list, or BENTO_MULTI_INDEX_NONE at the end
 *     prev[v]    the value before v; the first value's prev is the last value (so appending
 *                is O(1)); BENTO_MULTI_INDEX_NONE when v is in no list
 *     key_of[v]  the key v is listed under (two words), so remove(key, v) can verify it
 * and a hash index (bento/index.h) maps each key with at least one value to its first value.
 * Values of a key are listed in the order they were added.
 *
 * Memory layout (BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity) bytes, 4-byte aligned):
 *     index slots   BENTO_INDEX_BYTES(key_capacity)
 *     next, prev    value_capacity * uint32_t each
 *     key_of        value_capacity * 2 * uint32_t
 * Indices only, no pointers. At most BENTO_INDEX_MAX_COUNT(key_capacity) distinct keys.
 *
 * Not thread-safe: a multi-value index must be used from one context at a time.
 */
#ifndef BENTO_MULTI_INDEX_H
#define BENTO_MULTI_INDEX_H

#include <bento/index.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "No value": the end of a list, or a value in no list. */
#define BENTO_MULTI_INDEX_NONE 0xffffffffu

typedef struct bento_multi_index {
    bento_index keys;        /* key -> first value of its list */
    uint32_t *next;          /* value_capacity entries */
    uint32_t *prev;          /* value_capacity entries */
    uint32_t *key_of;        /* 2 * value_capacity words: low, high half of each value's key */
    uint32_t value_capacity;
    uint32_t count;          /* values in some list */
} bento_multi_index;

/* Bytes of caller memory (a constant expression when the arguments are). */
#define BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity) \
    (BENTO_INDEX_BYTES(key_capacity) + (size_t)(value_capacity) * 16u)

/*
 * Carve a multi-value index out of `memory` (`bytes` long), empty. key_capacity is the hash
 * index capacity (a power of two in [2, BENTO_INDEX_MAX_CAPACITY]); 1 <= value_capacity <
 * 2^28. BENTO_E_ARGUMENT for a NULL memory or a capacity out of range, BENTO_E_ALIGN when memory
 * is not 4-byte aligned, BENTO_E_SIZE when bytes is too small. On failure every add answers
 * BENTO_E_ARGUMENT and every lookup finds nothing. O(key_capacity + value_capacity).
 */
bento_status bento_multi_index_init(bento_multi_index *mi, void *memory, size_t bytes,
                                    uint32_t key_capacity, uint32_t value_capacity);

/*
 * List `value` under `key`, after the key's other values. BENTO_E_ARGUMENT when value >=
 * value_capacity, BENTO_E_EXISTS when the value is already listed (under any key),
 * BENTO_E_FULL when the key is new and the hash index is full. Unchanged on failure. O(1)
 * expected (one hash lookup).
 */
bento_status bento_multi_index_add(bento_multi_index *mi, uint64_t key, uint32_t value);

/*
 * Take `value` off the list of `key`. BENTO_E_ARGUMENT when value >= value_capacity,
 * BENTO_E_NOT_FOUND when the value is not listed under that key. O(1) expected.
 */
bento_status bento_multi_index_remove(bento_multi_index *mi, uint64_t key, uint32_t value);

/*
 * Take `value` off whatever list it is on. BENTO_E_ARGUMENT when value >= value_capacity,
 * BENTO_E_NOT_FOUND when it is on none. O(1) expected.
 */
bento_status bento_multi_index_remove_value(bento_multi_index *mi, uint32_t value);

/*
 * Take every value off the list of `key`; *removed (when not NULL) gets how many. Returns
 * BENTO_E_NOT_FOUND (and *removed = 0) when the key has no values. O(values removed).
 */
bento_status bento_multi_index_remove_all(bento_multi_index *mi, uint64_t key, uint32_t *removed);

/*
 * Move `value` to the list of `key` (from whatever list it is on, or none). BENTO_OK also
 * when it is already there (it stays in place). BENTO_E_ARGUMENT for a value out of range,
 * BENTO_E_FULL when the key is new and the hash index is full (the value is then left where
 * it was). O(1) expected.
 */
bento_status bento_multi_index_move(bento_multi_index *mi, uint64_t key, uint32_t value);

/* The first value of `key`, or BENTO_MULTI_INDEX_NONE when it has none. O(1) expected. */
static inline uint32_t bento_multi_index_first(const bento_multi_index *mi, uint64_t key)
{
    return bento_index_get(&mi->keys, key, BENTO_MULTI_INDEX_NONE);
}

/*
 * The value after `value` in its key's list, or BENTO_MULTI_INDEX_NONE at the end (also for a
 * value out of range or in no list). O(1). To visit a key's values:
 *     for (v = bento_multi_index_first(mi, k); v != BENTO_MULTI_INDEX_NONE;
 *          v = bento_multi_index_next(mi, v))
 * Removing the current value is fine when its successor is fetched first.
 */
static inline uint32_t bento_multi_index_next(const bento_multi_index *mi, uint32_t value)
{
    return value < mi->value_capacity ? mi->next[value] : BENTO_MULTI_INDEX_NONE;
}

/* True when `value` is listed (under any key); then *key (when not NULL) gets its key. O(1). */
bool bento_multi_index_key_of(const bento_multi_index *mi, uint32_t value, uint64_t *key);

/* Number of values listed under `key`. O(that number). */
uint32_t bento_multi_index_count(const bento_multi_index *mi, uint64_t key);

/* True when `key` has at least one value. O(1) expected. */
static inline bool bento_multi_index_contains(const bento_multi_index *mi, uint64_t key)
{
    return bento_index_contains(&mi->keys, key);
}

/* Values listed under any key. */
static inline uint32_t bento_multi_index_total(const bento_multi_index *mi) { return mi->count; }

/* Distinct keys with at least one value. */
static inline uint32_t bento_multi_index_keys(const bento_multi_index *mi)
{
    return bento_index_count(&mi->keys);
}

/* Take every value off every list. O(key_capacity + value_capacity). */
void bento_multi_index_clear(bento_multi_index *mi);

/*
 * Verify the hash index and every list: links agree both ways, every listed value sits under
 * the key it records, no list is cyclic, the counts match. BENTO_OK or BENTO_E_CORRUPT.
 * O(key_capacity + value_capacity).
 */
bento_status bento_multi_index_check(const bento_multi_index *mi);

/*
 * BENTO_MULTI_INDEX_TYPE(name, key_capacity, value_capacity) declares a type `name` holding a
 * multi-value index and its storage, with name_init(name *) -> bento_status. Use the
 * bento_multi_index_* functions on `&x.index`. Fails to compile for a key capacity that is not
 * a power of two in [2, 2^24] or a value capacity out of [1, 2^28). Do not copy after init.
 */
#define BENTO_MULTI_INDEX_TYPE(name, key_capacity_, value_capacity_)                              \
    BENTO_STATIC_ASSERT((key_capacity_) >= 2 && (key_capacity_) <= BENTO_INDEX_MAX_CAPACITY &&     \
                            ((key_capacity_) & ((key_capacity_) - 1)) == 0 &&                     \
                            (value_capacity_) >= 1 && (value_capacity_) < (1l << 28),             \
                        name##_bad_multi_value_index_capacities);                              \
    typedef struct name {                                                                         \
        bento_multi_index index;                                                                  \
        bento_align_unit                                                                          \
            storage[BENTO_ALIGN_UNITS(BENTO_MULTI_INDEX_BYTES(key_capacity_, value_capacity_))];   \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *x)                                               \
    {                                                                                             \
        return bento_multi_index_init(&x->index, x->storage, sizeof x->storage, (key_capacity_), \
                                      (value_capacity_));                                         \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_MULTI_INDEX_H */
