/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M15 M22 M28. */
/**
 * @file
 * bento/multi_index.h - the multi-value index: one 64-bit key to many 32-bit values.
 *
 * Values are 32-bit words whose low id_bits bits are their id, a record index in
 * [0, value_capacity). With id_bits 32 the value is its id: the slot index of a pool handle,
 * a position in an array. With fewer, the value is a handle (bento/handle.h: its index in the
 * low bits, a generation above them): the buffer keeps the whole handle of each listed id,
 * its stamp, and a value acts only on its id while the id is listed with that same handle, so
 * a stale handle of a reused id finds nothing. A handle of generation 0 (the null handle) has
 * no id: refused as an id out of range. Each id belongs to at most one key at a time. The values of one key form a list threaded
 * through arrays indexed by value, so nothing is allocated per key, and a hash index
 * (bento/index.h) maps each key with at least one value to its first value. A key's values
 * are listed in the order they joined it.
 *
 * Memory (BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity, id_bits) bytes, 4-byte
 * aligned):
 *     header   the two capacities, the id bits and a copy of the count (bento/common.h, "Buffers"); with
 *              BENTO_POWER_SAFE the journal of the whole buffer (the hash index's stays idle)
 *     keys     a hash index of key_capacity slots, header included: key -> first value
 *     next     value_capacity * uint32_t: the value after v in its key's list, or BENTO_NONE
 *     prev     value_capacity * uint32_t: the value before v; the first value's prev is the
 *              last value (so appending is O(1)); BENTO_NONE when v is in no list
 *     key_of   value_capacity * 2 * uint32_t: the key v is listed under (low, high half)
 *     stamps   value_capacity * uint32_t when id_bits < 32: the value (handle) id v is listed
 *              with; written with no journal entry while v is on no list, just before the
 *              operation that lists it (a reset before that operation completes leaves v on
 *              no list, where its stamp is never read), and nothing else writes it
 * At most BENTO_INDEX_MAX_COUNT(key_capacity) distinct keys.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open
 * (value capacity 0: every value is out of range, so insert answers BENTO_E_ARGUMENT; lookups
 * find nothing), confinement on damaged buffers: every link read from the buffer is checked
 * against the value capacity before it is followed, every list walk stops after
 * value_capacity values, and an operation that meets a link out of range answers
 * BENTO_E_CORRUPT. Not thread-safe: a multi-value index must be used from one context at a
 * time.
 *
 * Typed multi-value indices: BENTO_MULTI_INDEX_TYPE_OF(name, key_capacity, key_type,
 * value_capacity, value_handle_type) declares one with its own storage and its whole API under
 * its name, keys of a handle or an integer type and values of a handle type (id_bits its index
 * bits); BENTO_MULTI_INDEX_TYPE(name, key_capacity, value_capacity) its integer form (see
 * the end of the API below).
 */
#ifndef BENTO_MULTI_INDEX_H
#define BENTO_MULTI_INDEX_H

#include <bento/index.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** The counters, kept in the struct and copied to the buffer's header on every change (the
 * hash index keeps its own: the number of keys). */
typedef struct bento_multi_index_state {
    uint32_t count; /**< values listed under some key */
} bento_multi_index_state;

/** A multi-value index. Its fields are the implementation's: use the functions. */
typedef struct bento_multi_index {
    bento_index keys;                /**< key -> first value of its list */
    uint32_t *next;                  /**< value_capacity entries */
    uint32_t *prev;                  /**< value_capacity entries */
    uint32_t *key_of;                /**< 2 * value_capacity words: each value's key */
    uint32_t *stamps;                /**< value_capacity words, or NULL when id_bits is 32 */
    bento_multi_index_state *saved;  /**< the counters' copy in the buffer (`state` when inert) */
    bento_multi_index_state state; /**< the counters (the operations' copy) */
    uint32_t value_capacity;         /**< 0 when inert */
    uint32_t id_mask;                /**< the id bits of a value (all ones: the value is its id) */
} bento_multi_index;

/** Largest value capacity accepted by bento_multi_index_init (exclusive). */
#define BENTO_MULTI_INDEX_MAX_VALUES 0x10000000u

/** Bytes of caller memory (a constant expression when the arguments are): 16 per value, 20
 * with stamps (id_bits < 32). */
#define BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity, id_bits)                            \
    (BENTO_IMPL_MULTI_INDEX_HEAD + BENTO_INDEX_BYTES(key_capacity) +                              \
     BENTO_IMPL_CAST(size_t, value_capacity) * ((id_bits) < 32u ? 20u : 16u))

/**
 * Carve a multi-value index out of `memory` (`bytes` long), empty. key_capacity is the hash
 * index's capacity (a power of two in [BENTO_INDEX_MIN_CAPACITY, BENTO_INDEX_MAX_CAPACITY]); 1 <= value_capacity <
 * BENTO_MULTI_INDEX_MAX_VALUES; id_bits in [1, 32], the bits of a value that are its id (32:
 * the value is its id; fewer: values are handles with that many index bits, and
 * value_capacity is at most 2^id_bits). BENTO_E_ARGUMENT for a NULL memory, a capacity or
 * id_bits out of range or a buffer of more than 4 GiB, BENTO_E_ALIGN when memory is not
 * 4-byte aligned, BENTO_E_SIZE when bytes < BENTO_MULTI_INDEX_BYTES(key_capacity,
 * value_capacity, id_bits); the multi-value index is inert then. O(key_capacity +
 * value_capacity).
 */
bento_status bento_multi_index_init(bento_multi_index *mi, void *memory, size_t bytes,
                                    uint32_t key_capacity, uint32_t value_capacity,
                                    uint32_t id_bits);

/**
 * Reattach `mi` to `memory`, a buffer that holds a multi-value index (bento/common.h,
 * "Buffers"): an operation a reset cut is undone or finished (BENTO_POWER_SAFE), then its
 * header, the hash index inside it (as bento_index_open) and every invariant
 * bento_multi_index_check verifies are validated. BENTO_E_ARGUMENT for NULL memory,
 * BENTO_E_ALIGN for a buffer not 4-byte aligned, BENTO_E_SIZE when bytes is shorter than the
 * header says, BENTO_E_CORRUPT for anything else; the multi-value index is inert then.
 * O(key_capacity + value_capacity).
 */
bento_status bento_multi_index_open(bento_multi_index *mi, void *memory, size_t bytes);

/**
 * List `value` under `key`, after the key's other values (its stamp kept with it). In this
 * and every operation below, BENTO_E_ARGUMENT when the value's id is out of range (>=
 * value_capacity, or a handle of generation 0), and a stamped value whose id is listed with
 * another handle is not that value: BENTO_E_NOT_FOUND (false for key_of). Insert answers
 * BENTO_E_EXISTS when the id is already listed (under any key, with any handle),
 * BENTO_E_FULL when the key is new and the hash index is full (bento_index_insert),
 * BENTO_E_CORRUPT when the key's list has a link out of range; unchanged on failure. O(1)
 * expected (one hash lookup). Atomic under BENTO_POWER_SAFE.
 */
bento_status bento_multi_index_insert(bento_multi_index *mi, uint64_t key, uint32_t value);

/**
 * Take `value` off the list of `key`. BENTO_E_ARGUMENT when its id is out of range,
 * BENTO_E_NOT_FOUND when the value is not listed under that key, BENTO_E_CORRUPT when its
 * links are out of range or its key is missing from the hash index (unchanged then). O(1)
 * expected. Atomic under BENTO_POWER_SAFE.
 */
bento_status bento_multi_index_remove(bento_multi_index *mi, uint64_t key, uint32_t value);

/** Take `value` off whatever list it is on. As remove, BENTO_E_NOT_FOUND when it is on none.
 * Atomic under BENTO_POWER_SAFE. */
bento_status bento_multi_index_remove_value(bento_multi_index *mi, uint32_t value);

/**
 * Take every value off the list of `key` and the key out of the hash index; *removed
 * (optional) gets how many. BENTO_E_NOT_FOUND when the key has no values; BENTO_E_CORRUPT
 * when its list leaves the values or does not end within value_capacity values (unchanged
 * then); *removed is 0 on failure. O(values removed). Atomic under BENTO_POWER_SAFE: a reset
 * in it leaves the values' unlinking for open to finish.
 */
bento_status bento_multi_index_remove_key(bento_multi_index *mi, uint64_t key, uint32_t *removed);

/**
 * Move `value` to the end of the list of `key`, from whatever list it is on (or none: then as
 * insert). BENTO_OK also when it is already under `key` (it stays in place).
 * BENTO_E_ARGUMENT for a value out of range; BENTO_E_FULL when `key` is new and the hash
 * index is full (even when the value's old key would be left without values: the new key is
 * entered before the old one leaves), and the value stays where it was; BENTO_E_CORRUPT as
 * for insert and remove (then the value may have left its old list). O(1) expected. Atomic
 * under BENTO_POWER_SAFE.
 */
bento_status bento_multi_index_move(bento_multi_index *mi, uint64_t key, uint32_t value);

/** True when `value` is listed (under any key); then *key (optional) gets its key, otherwise
 * 0. O(1). */
bool bento_multi_index_key_of(const bento_multi_index *mi, uint32_t value, uint64_t *key);

/** Number of values listed under `key` (0 when none). O(that number), at most value_capacity
 * steps. */
uint32_t bento_multi_index_length(const bento_multi_index *mi, uint64_t key);

/** True when `key` has at least one value. O(1) expected, inline. */
static inline bool bento_multi_index_contains(const bento_multi_index *mi, uint64_t key);

/** Values listed under any key. O(1). */
static inline uint32_t bento_multi_index_count(const bento_multi_index *mi);

/** Distinct keys with at least one value. O(1). */
static inline uint32_t bento_multi_index_key_count(const bento_multi_index *mi);

/** The value capacity given at init (0 when inert). O(1). */
static inline uint32_t bento_multi_index_capacity(const bento_multi_index *mi);

/** Take every value off every list. O(key_capacity + value_capacity). Atomic under
 * BENTO_POWER_SAFE: a reset in it leaves the clear for open to finish. */
void bento_multi_index_clear(bento_multi_index *mi);

/**
 * Verify the buffer: the header and the count's copy, the hash index (bento_index_check),
 * and every list: each key's first value in range, links that agree both ways, every listed
 * value under the key it records, no cycle, no value listed twice or linked while unlisted,
 * the counts matching; with stamps, each listed id's stamp holds that id and a generation
 * other than 0. BENTO_OK (also when inert) or BENTO_E_CORRUPT.
 * O(key_capacity + value_capacity), no recursion.
 */
bento_status bento_multi_index_check(const bento_multi_index *mi);

/**
 * Iteration over the values of one key, in the order they joined it:
 *
 *     bento_multi_index_iter it;
 *     bento_multi_index_iter_init(&it, &mi, key);
 *     while (bento_multi_index_iter_next(&it)) { use(it.value); }
 *
 * The current value may be removed (remove, remove_value) or moved to another key during the
 * walk: the iterator has read its successor already. Any other change to the key's list makes
 * the walk yield unspecified values of the index (never one out of range), and it still ends
 * within value_capacity values.
 */
typedef struct bento_multi_index_iter {
    uint32_t value;                /**< the current value, its stamp when it has one (BENTO_NONE
                                      before the first, and once done) */
    /** the walk, private: */
    const bento_multi_index *mi_;
    uint32_t id_;                  /**< the current value's id */
    uint32_t next_;                /**< the value after it, or BENTO_NONE */
    uint32_t left_;                /**< values the walk may still yield */
} bento_multi_index_iter;

/** Start a walk over the values of `key`. O(1) expected, inline. */
static inline void bento_multi_index_iter_init(bento_multi_index_iter *it,
                                               const bento_multi_index *mi, uint64_t key);

/** Advance to the next value: true with it->value set, false once done (and on every later
 * call). O(1), inline. */
static inline bool bento_multi_index_iter_next(bento_multi_index_iter *it);

/**
 * BENTO_MULTI_INDEX_TYPE_OF(name, key_capacity, K, value_capacity, V) declares a multi-value
 * index whose keys are of type K, a handle type (BENTO_HANDLE_TYPE) or an unsigned integer
 * type of up to 64 bits, stored whole, and whose values are handles of type V: a value's
 * index is its id (below value_capacity, BENTO_E_ARGUMENT otherwise), and the buffer keeps
 * each listed id's whole handle (id_bits the handle type's index bits). A handle whose id is
 * listed with another generation (stale, or not yet issued) is not that value: remove, move
 * and remove_value answer BENTO_E_NOT_FOUND, key_of false, and insert BENTO_E_EXISTS (the id
 * is taken). A handle or key of another type does not compile.
 * BENTO_MULTI_INDEX_TYPE(name, key_capacity, value_capacity) declares the integer form: K is
 * uint64_t and V uint32_t, the value itself its id. Both declare the functions of "A typed
 * multi-value index", below.
 * They fail to compile for a key capacity that is not a power of two in [8, 2^24], a value
 * capacity out of [1, 2^28) or above the handle type's indices, or a key type wider than 64
 * bits. An object points into its own storage: after copying one (`b = a`), or when it lives
 * in retained RAM after a reset, call name_open(&b). Each function only converts and calls
 * the generic one, so the stamps, the journal and check are the generic index's.
 *
 *     BENTO_MULTI_INDEX_TYPE(by_owner, 64, 256);   // up to 55 owners, values 0..255
 *     BENTO_MULTI_INDEX_TYPE_OF(by_squad, 8, uint32_t, 32, crew_handle); // squad -> crew
 */
#define BENTO_MULTI_INDEX_TYPE_OF(name, key_capacity_, K, value_capacity_, V)                     \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_STATIC_ASSERT(BENTO_IMPL_CAST(uint64_t, value_capacity_) <=                             \
                            (BENTO_IMPL_CAST(uint64_t, 1) << V##_INDEX_BITS),                     \
                        name##_value_capacity_must_not_exceed_the_handles_indices);               \
    BENTO_IMPL_MULTI_INDEX_TYPE(name, key_capacity_, K, value_capacity_, V, V##_INDEX_BITS, 0u)   \
    BENTO_IMPL_TYPED_END(name)
/** A multi-value index of 64-bit keys and integer values: see BENTO_MULTI_INDEX_TYPE_OF. */
#define BENTO_MULTI_INDEX_TYPE(name, key_capacity_, value_capacity_)                              \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_IMPL_MULTI_INDEX_TYPE(name, key_capacity_, uint64_t, value_capacity_, uint32_t, 32u,    \
                                BENTO_NONE)                                                       \
    BENTO_IMPL_TYPED_END(name)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed multi-value index
 * What BENTO_MULTI_INDEX_TYPE_OF(name, key_capacity, K, value_capacity, V) and
 * BENTO_MULTI_INDEX_TYPE(name, key_capacity, value_capacity) declare, with its name, key type
 * and value type for `name`, `K` and `V`: each function is the generic one of the same name on
 * the index's own storage, typed, and asserts on a NULL index. (scripts/check-asserts holds
 * these declarations to the macro.)
 * instance: BENTO_MULTI_INDEX_TYPE_OF(name, 8, K, 8, V)
 * @{
 */
typedef struct name name;           /**< the multi-value index, its storage included */
typedef struct name_iter name_iter; /**< an iterator: field value (V) */
/** bento_multi_index_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *index);
/** bento_multi_index_open on its own storage; BENTO_E_CORRUPT also for another type's. */
bento_status name_open(name *index);
/** bento_multi_index_insert. */
bento_status name_insert(name *index, K key, V value);
/** bento_multi_index_remove. */
bento_status name_remove(name *index, K key, V value);
/** bento_multi_index_move. */
bento_status name_move(name *index, K key, V value);
/** bento_multi_index_remove_value. */
bento_status name_remove_value(name *index, V value);
/** bento_multi_index_remove_key; *removed (optional) how many values went. */
bento_status name_remove_key(name *index, K key, uint32_t *removed);
/** bento_multi_index_key_of; *key (optional) zero when false. */
bool name_key_of(const name *index, V value, K *key);
/** bento_multi_index_contains, the capacity folded in. */
bool name_contains(const name *index, K key);
/** bento_multi_index_length. */
uint32_t name_length(const name *index, K key);
/** bento_multi_index_key_count. */
uint32_t name_key_count(const name *index);
/** bento_multi_index_iter_init over the values of `key`. */
void name_iter_init(name_iter *it, const name *index, K key);
/** bento_multi_index_iter_next: true with it->value set, false at the end. */
bool name_iter_next(name_iter *it);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_multi_index_params {
    uint32_t key_capacity;
    uint32_t value_capacity;
    uint32_t id_bits;
} bento_impl_multi_index_params;

/* Open as init would lay out a multi-value index of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_multi_index_open_as(bento_multi_index *mi, void *memory, size_t bytes,
                                            uint32_t key_capacity, uint32_t value_capacity,
                                            uint32_t id_bits);

/* Header: the parameter record, then the counters, then the journal of the whole buffer (the
 * hash index's own stays idle), with room for the stores of the longest operation, one entry
 * each: a move to a new key (the hash index's insert; the value's unlinking: two links of its
 * neighbours or the remove of its old key, its own two links and the count; its two key
 * words; its listing under the new key: its link and the count). */
#define BENTO_IMPL_MULTI_INDEX_PARAMS (sizeof(bento_impl_multi_index_params) / 4u)
#define BENTO_IMPL_MULTI_INDEX_ENTRIES (BENTO_IMPL_INDEX_ENTRIES + 10u)
#define BENTO_IMPL_MULTI_INDEX_HEAD                                                               \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_MULTI_INDEX_PARAMS + sizeof(bento_multi_index_state) / 4u + \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_MULTI_INDEX_ENTRIES))

/* The bytes of a multi-value index of these capacities and id bits (BENTO_MULTI_INDEX_BYTES),
 * or 0 when one is out of range or the bytes do not fit in 32 bits. Init and open only. */
size_t bento_impl_multi_index_bytes(uint32_t key_capacity, uint32_t value_capacity,
                                    uint32_t id_bits);

/* The id of `value`: its id bits, or BENTO_NONE (out of every range) for a stamped value of
 * generation 0, the null handle or a forged one (generations start at 1, bento/handle.h:
 * taken as id 0, the null handle would claim the id of slot 0's real handle). */
static inline uint32_t bento_impl_multi_index_id(const bento_multi_index *mi, uint32_t value)
{
    const uint32_t id = value & mi->id_mask;
    return mi->stamps != BENTO_IMPL_NULL && id == value ? BENTO_NONE : id;
}

/* The id bits init was given, read back from the mask (its record; not for hot paths). */
static inline uint32_t bento_impl_multi_index_id_bits(const bento_multi_index *mi)
{
    uint32_t bits = 0u;
    uint32_t mask = mi->id_mask;
    while (mask != 0u) {
        bits++;
        mask >>= 1;
    }
    return bits;
}

/* Find `value`: its id in *id; BENTO_E_ARGUMENT when it has none in range, BENTO_E_NOT_FOUND
 * when its id is not listed, or listed with another stamp, BENTO_OK when it is listed. Every
 * operation on a value starts here, the spatial hash's too. */
bento_status bento_impl_multi_index_find(const bento_multi_index *mi, uint32_t value,
                                         uint32_t *id);

/* The value listed with id `id` (in range): its stamp, or the id itself. */
static inline uint32_t bento_impl_multi_index_value(const bento_multi_index *mi, uint32_t id)
{
    return mi->stamps != BENTO_IMPL_NULL ? mi->stamps[id] : id;
}

static inline bool bento_multi_index_contains(const bento_multi_index *mi, uint64_t key)
{
    BENTO_ASSERT(mi != BENTO_IMPL_NULL);
    return bento_index_contains(&mi->keys, key);
}

static inline uint32_t bento_multi_index_count(const bento_multi_index *mi)
{
    BENTO_ASSERT(mi != BENTO_IMPL_NULL);
    return mi->state.count;
}

static inline uint32_t bento_multi_index_key_count(const bento_multi_index *mi)
{
    BENTO_ASSERT(mi != BENTO_IMPL_NULL);
    return mi->keys.state.count;
}

static inline uint32_t bento_multi_index_capacity(const bento_multi_index *mi)
{
    BENTO_ASSERT(mi != BENTO_IMPL_NULL);
    return mi->value_capacity;
}

/* Start a walk at the value `first` points to (NULL: an empty walk). */
static inline void bento_impl_multi_index_iter_start(bento_multi_index_iter *it,
                                                     const bento_multi_index *mi,
                                                     const uint32_t *first)
{
    it->value = BENTO_NONE;
    it->id_ = BENTO_NONE;
    it->mi_ = mi;
    it->next_ = first != BENTO_IMPL_NULL ? *first : BENTO_NONE;
    it->left_ = mi->value_capacity;
}

static inline void bento_multi_index_iter_init(bento_multi_index_iter *it,
                                               const bento_multi_index *mi, uint64_t key)
{
    BENTO_ASSERT(it != BENTO_IMPL_NULL && mi != BENTO_IMPL_NULL);
    bento_impl_multi_index_iter_start(it, mi, bento_index_get(&mi->keys, key));
}

static inline bool bento_multi_index_iter_next(bento_multi_index_iter *it)
{
    uint32_t value;
    BENTO_ASSERT(it != BENTO_IMPL_NULL);
    value = it->next_;
    /* a link out of range, or more values than there can be, ends the walk */
    if (value >= it->mi_->value_capacity || it->left_ == 0u) {
        it->value = BENTO_NONE;
        it->id_ = BENTO_NONE;
        it->next_ = BENTO_NONE;
        return false;
    }
    it->left_--;
    it->id_ = value;
    it->value = bento_impl_multi_index_value(it->mi_, value);
    it->next_ = it->mi_->next[value];
    return true;
}

/* A typed multi-value index: keys K, values V with IB id bits (the generic index keeps their
 * stamps), NUL the bits of "no value" (the iterator's before and after). */
#define BENTO_IMPL_MULTI_INDEX_TYPE(name, key_capacity_, K, value_capacity_, V, IB, NUL)          \
    BENTO_STATIC_ASSERT((key_capacity_) >= BENTO_INDEX_MIN_CAPACITY &&                           \
                        BENTO_IMPL_CAST(uint64_t, key_capacity_) <= BENTO_INDEX_MAX_CAPACITY &&   \
                            ((key_capacity_) & ((key_capacity_) - 1)) == 0,                       \
                        name##_key_capacity_must_be_a_power_of_two_from_8_to_2_pow_24);           \
    BENTO_STATIC_ASSERT((value_capacity_) >= 1 &&                                                 \
                        BENTO_IMPL_CAST(uint64_t, value_capacity_) < BENTO_MULTI_INDEX_MAX_VALUES, \
                        name##_value_capacity_must_be_1_to_2_pow_28_minus_1);                     \
    BENTO_STATIC_ASSERT(BENTO_IMPL_BITS_FIT(sizeof(K), 8u),                                      \
                        name##_key_type_must_be_a_handle_or_an_unsigned_integer_of_at_most_64_bits); \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_MULTI_INDEX_HEAD) +         \
                                     BENTO_IMPL_INDEX_HEAD +                                      \
                                     BENTO_IMPL_CAST(uint64_t, key_capacity_) * 16u +             \
                                     BENTO_IMPL_CAST(uint64_t, value_capacity_) * 20u);           \
    BENTO_IMPL_TYPED(name, bento_multi_index,                                                     \
                     BENTO_MULTI_INDEX_BYTES(key_capacity_, value_capacity_, IB))                 \
    BENTO_IMPL_BITS(V, uint32_t, name##_bits_, name##_value_)                                     \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_iter {                                                                  \
        V value;                                                                                  \
        bento_multi_index_iter generic_;                                                          \
    } name##_iter;                                                                                \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_IMPL_BITS(K, uint64_t, name##_key_bits_, name##_key_)                                   \
    BENTO_IMPL_TYPED_LIFECYCLE(name, bento_multi_index_init, bento_impl_multi_index_open_as,      \
                               (key_capacity_), (value_capacity_), (IB))                          \
    BENTO_IMPL_FORWARD(bento_status, name##_insert, (name *x, K key, V value),                    \
                       bento_multi_index_insert(&x->generic_, name##_key_bits_(key), name##_bits_(value))) \
    BENTO_IMPL_FORWARD(bento_status, name##_remove, (name *x, K key, V value),                    \
                       bento_multi_index_remove(&x->generic_, name##_key_bits_(key), name##_bits_(value))) \
    BENTO_IMPL_FORWARD(bento_status, name##_remove_value, (name *x, V value),                     \
                       bento_multi_index_remove_value(&x->generic_, name##_bits_(value)))         \
    BENTO_IMPL_FORWARD(bento_status, name##_remove_key, (name *x, K key, uint32_t *removed),      \
                       bento_multi_index_remove_key(&x->generic_, name##_key_bits_(key), removed)) \
    BENTO_IMPL_FORWARD(bento_status, name##_move, (name *x, K key, V value),                      \
                       bento_multi_index_move(&x->generic_, name##_key_bits_(key), name##_bits_(value))) \
    BENTO_WRAPPER bool name##_key_of(const name *x, V value, K *key)                              \
    {                                                                                             \
        uint64_t key_ = 0u;                                                                       \
        bool found_;                                                                              \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        found_ = bento_multi_index_key_of(&x->generic_, name##_bits_(value), &key_);              \
        bento_impl_bits_out(key, sizeof *key, key_); /* 0 when not found */                       \
        return found_;                                                                            \
    }                                                                                             \
    BENTO_WRAPPER uint32_t *name##_first_(const name *x, K key)                                   \
    {                                                                                             \
        return bento_impl_index_get(&x->generic_.keys, name##_key_bits_(key),                     \
                                    34u - BENTO_IMPL_CEIL_LOG2(key_capacity_));                   \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bool, name##_contains, (const name *x, K key),                             \
                       name##_first_(x, key) != BENTO_IMPL_NULL)                                  \
    BENTO_IMPL_FORWARD(uint32_t, name##_length, (const name *x, K key),                           \
                       bento_multi_index_length(&x->generic_, name##_key_bits_(key)))             \
    BENTO_IMPL_FORWARD(uint32_t, name##_key_count, (const name *x),                               \
                       bento_multi_index_key_count(&x->generic_))                                 \
    BENTO_WRAPPER void name##_iter_init(name##_iter *it, const name *x, K key)                    \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL && x != BENTO_IMPL_NULL);                              \
        bento_impl_multi_index_iter_start(&it->generic_, &x->generic_, name##_first_(x, key));    \
        it->value = name##_value_(NUL);                                                           \
    }                                                                                             \
    BENTO_WRAPPER bool name##_iter_next(name##_iter *it)                                          \
    {                                                                                             \
        bool more_;                                                                               \
        BENTO_ASSERT(it != BENTO_IMPL_NULL);                                                      \
        more_ = bento_multi_index_iter_next(&it->generic_);                                       \
        it->value = name##_value_(more_ ? it->generic_.value : (NUL));                            \
        return more_;                                                                             \
    }

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_MULTI_INDEX_H */
