/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M14 M15 M17 M22 M26 M28. */
/**
 * @file
 * bento/index.h - the hash index: a fixed-capacity map from a 64-bit key (or a 32-bit key,
 * bento_index32_*) to a 32-bit value.
 *
 * The value is usually the index of a record in a pool or an array: records live in big
 * arrays and are found through indices. Keys are hashed by the index itself (a cheap mix made
 * of 32-bit multiplies, so a Cortex-M0 pays no 64-bit arithmetic).
 *
 * Scheme: bucketed cuckoo hashing. The slots are grouped in buckets of four. A key lives in
 * one of two buckets: its first, from the top bits of its hash, or its second, the first
 * xor an offset taken from its fingerprint (7 bits of the hash, stored with bit 7 set), so
 * either bucket names the other from the fingerprint alone. A bucket holds
 *     a fingerprint word   byte j: the fingerprint of slot j, 0 when slot j is empty
 *     a spill word         byte c (in memory order): how many keys whose first bucket
 *                          this is, and whose fingerprint has c in bits 3 and 4, live in
 *                          their second bucket
 *     4 values, 4 keys     (64-bit keys: two words each, low half first; and 2 spare words,
 *                          so a bucket is 64 bytes, one cache line in 64-aligned memory)
 * A lookup matches its fingerprint against the four bytes at once (word-wide bit tricks, no
 * SIMD) and compares the keys of the slots it flags only; it reads the second bucket only
 * when the first has spilled keys of its fingerprint's class. Remove clears one fingerprint
 * byte (and one spill count): nothing moves and no tombstone is left, so a table that has
 * seen a billion inserts and removes probes exactly like a freshly built one with the same
 * keys in the same buckets. Insert takes a free slot of either bucket; when both are full it
 * looks for the nearest bucket with a free slot that at most BENTO_INDEX_MAX_MOVES moves of
 * other keys (each to its other bucket) reach, and refuses past that.
 *
 * Worst case, whatever the load and the history (the bound is enforced, not expected):
 *     find, get, contains, remove   read at most 2 buckets
 *     insert, upsert                read at most BENTO_INDEX_MAX_READS (218) buckets and move
 *                                   at most BENTO_INDEX_MAX_MOVES (3) entries
 * The load limit decides only how often insert refuses: an index of capacity C (a power of
 * two, 8 <= C <= 2^24) holds at most
 *     BENTO_INDEX_MAX_COUNT(C) = C - 1 - C/8      entries (just under 7/8 of the slots),
 * and below it insert answers BENTO_E_FULL only when no free slot is 3 moves away. How often
 * depends on the capacity; measured at the limit with random keys: 1 insert in 356 at 16
 * slots, 1 in 38,000 at 128, 1 in 10 million at 256, none in 10 million at 512 and more
 * (docs/hash_index.md has the table). Below the limit, BENTO_E_FULL is still an answer to
 * handle.
 *
 * Memory (BENTO_INDEX_BYTES(C) bytes, 4-byte aligned):
 *     header   64 bytes: the capacity and a copy of the count (bento/common.h, "Buffers");
 *              256 with BENTO_POWER_SAFE, which adds the journal
 *     buckets  C/4 buckets of 16 words: 16 bytes per slot
 * A 32-bit-key index (BENTO_INDEX32_BYTES(C)) has buckets of 10 words (fingerprints, spills,
 * 4 values, 4 keys): 10 bytes per slot.
 *
 * Alignment: 4 bytes is all init asks, but a buffer aligned to 64 bytes puts every bucket of a
 * 64-bit-key index on its own cache line (the header is a multiple of 64 bytes), so a lookup
 * reads one line per bucket; at any other alignment each bucket straddles two lines, and a
 * lookup reads both unless only the spare words are in the second. On a host, give the
 * generic index 64-aligned memory (C11 _Alignas(64), C++ alignas(64), aligned_alloc(64, ...));
 * the typed index does it itself (BENTO_CACHE_LINE, below). On a core without a data cache it
 * makes no difference. About half the 40-byte buckets of a 32-bit-key index cross a line at
 * any alignment.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open
 * (capacity 0: lookups miss, inserts answer BENTO_E_FULL), confinement on damaged buffers:
 * whatever the buckets hold, every operation reads only the buckets above and stays inside
 * the buffer. Not thread-safe: an index must be used from one context at a time (concurrent
 * lookups with no writer are fine).
 *
 * Typed indices: BENTO_INDEX_TYPE_OF(name, capacity, key_type, value_type) and
 * BENTO_INDEX32_TYPE_OF declare an index type with its own storage and its whole API under its
 * name, keys and values of a handle type or an unsigned integer type; BENTO_INDEX_TYPE(name,
 * capacity) and BENTO_INDEX32_TYPE(name, capacity) are their integer forms (see the end of
 * the API below).
 */
#ifndef BENTO_INDEX_H
#define BENTO_INDEX_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_index_state {
    uint32_t count; /**< entries */
} bento_index_state;

/** An index with 64-bit keys. Its fields are the implementation's: use the functions. */
typedef struct bento_index {
    uint32_t *buckets;        /**< capacity / 4 buckets of 16 words (see above) */
    uint32_t shift;           /**< 32 - log2(buckets): the first bucket is hash >> shift */
    bento_index_state *saved; /**< the counters' copy in the buffer (`state` itself when inert) */
    bento_index_state state; /**< the counters (the operations' copy) */
    uint32_t capacity;        /**< slots: a power of two (0 when inert) */
    uint32_t max_count;       /**< BENTO_INDEX_MAX_COUNT(capacity) */
    uint32_t key_words;       /**< words per key: 2, or 1 under a bento_index32 */
} bento_index;

/** Bytes of caller memory for an index of `capacity` slots (a constant expression). */
#define BENTO_INDEX_BYTES(capacity) (BENTO_IMPL_INDEX_HEAD + BENTO_IMPL_CAST(size_t, capacity) * 16u)

/** Most entries an index of `capacity` slots accepts (a constant expression). */
#define BENTO_INDEX_MAX_COUNT(capacity) (BENTO_IMPL_CAST(uint32_t, capacity) - 1u - BENTO_IMPL_CAST(uint32_t, capacity) / 8u)

/** Smallest capacity accepted by bento_index_init: two buckets. */
#define BENTO_INDEX_MIN_CAPACITY 8u

/** Largest capacity accepted by bento_index_init: 2^22 buckets. */
#define BENTO_INDEX_MAX_CAPACITY 0x1000000u

/** Most entries one insert or upsert moves to make room (the depth of its search). */
#define BENTO_INDEX_MAX_MOVES 3u

/** Most buckets one insert or upsert reads: its two, then from each the searches of 1, 2 and
 * 3 moves: 2 + 2 * (4 + (4 + 16) + (4 + 16 + 64)) = 218. */
#define BENTO_INDEX_MAX_READS 218u

/**
 * The hash the index applies to keys: two 32-bit multiplies and two xors (no 64-bit
 * arithmetic). The first bucket is taken from the top bits, where a multiply mixes best; the
 * fingerprint from bits 0 to 6 folded with bits 16 to 22. Exposed so tests and benchmarks
 * can craft keys; pure.
 */
static inline uint32_t bento_index_hash(uint64_t key);

/**
 * Carve an index of `capacity` slots out of `memory` (`bytes` long) and empty it. capacity is
 * a power of two in [BENTO_INDEX_MIN_CAPACITY, BENTO_INDEX_MAX_CAPACITY]. BENTO_E_ARGUMENT for a NULL memory or a
 * capacity out of range, BENTO_E_ALIGN when memory is not 4-byte aligned, BENTO_E_SIZE when
 * bytes < BENTO_INDEX_BYTES(capacity); the index is inert then. O(capacity).
 */
bento_status bento_index_init(bento_index *ix, void *memory, size_t bytes, uint32_t capacity);

/**
 * Reattach `ix` to `memory`, a buffer that holds an index (bento/common.h, "Buffers"): an
 * operation a reset cut is undone or finished (BENTO_POWER_SAFE), then the header, the count
 * and every invariant bento_index_check verifies are validated.
 * BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer not 4-byte aligned,
 * BENTO_E_SIZE when bytes is shorter than the index the header describes, BENTO_E_CORRUPT for
 * anything else; the index is inert then. O(capacity).
 */
bento_status bento_index_open(bento_index *ix, void *memory, size_t bytes);

/**
 * The value stored for `key`, writable in place, or NULL when the key is absent. The pointer
 * stays valid until the next insert or upsert (which may move entries), the removal of this
 * key, or a clear: removing other keys moves nothing. O(1): one bucket, two when the
 * first has spilled keys of the key's fingerprint class, whatever the buffer holds. Inline,
 * so a lookup costs a few dozen instructions and no call.
 */
static inline uint32_t *bento_index_get(const bento_index *ix, uint64_t key);

/** The value stored for `key`, or `absent` when the key is not in the index. As get. */
static inline uint32_t bento_index_value(const bento_index *ix, uint64_t key, uint32_t absent);

/** True when `key` is in the index. As get. */
static inline bool bento_index_contains(const bento_index *ix, uint64_t key);

/**
 * Add `key` with `value`. BENTO_E_EXISTS when the key is already there (its value is left
 * unchanged); BENTO_E_FULL when the index holds BENTO_INDEX_MAX_COUNT entries already, or
 * when no bucket with a free slot is BENTO_INDEX_MAX_MOVES moves away (crafted keys that
 * share their buckets; random keys in small tables near the limit, see above). The index is
 * unchanged on failure (the search moves nothing). O(1) worst case: at most
 * BENTO_INDEX_MAX_READS buckets read and BENTO_INDEX_MAX_MOVES entries moved, whatever the
 * load and the history (docs/hash_index.md has the instructions of a crafted worst case).
 * Atomic under BENTO_POWER_SAFE, its moves included.
 */
bento_status bento_index_insert(bento_index *ix, uint64_t key, uint32_t value);

/**
 * Set the value of `key`, adding the key when it is absent. Fails only where insert of an
 * absent key fails (BENTO_E_FULL). O(1) worst case, as insert. Atomic under BENTO_POWER_SAFE.
 */
bento_status bento_index_upsert(bento_index *ix, uint64_t key, uint32_t value);

/**
 * Remove `key`; *value (optional) gets its value. BENTO_E_NOT_FOUND when the key is absent;
 * BENTO_E_CORRUPT when an entry was found though the count is 0 (a damaged buffer); the index
 * is unchanged then and *value is BENTO_NONE. O(1) worst case: at most 2 buckets read, one
 * fingerprint byte and one spill count written; nothing moves, no tombstone is left. Atomic
 * under BENTO_POWER_SAFE.
 */
bento_status bento_index_remove(bento_index *ix, uint64_t key, uint32_t *value);

/** Remove every entry. O(capacity). Atomic under BENTO_POWER_SAFE: a reset in it leaves the
 * clear for open to finish. */
void bento_index_clear(bento_index *ix);

/** Entries in the index. O(1). */
static inline uint32_t bento_index_count(const bento_index *ix);

/** Slots given at init (a power of two; 0 when inert). O(1). */
static inline uint32_t bento_index_capacity(const bento_index *ix);

/** The most entries the index accepts: BENTO_INDEX_MAX_COUNT(capacity) (0 when inert). O(1). */
static inline uint32_t bento_index_max_count(const bento_index *ix);

/**
 * Verify the buffer: the header and the count's copy; each entry's fingerprint matches its
 * key's hash and it lives in one of its two buckets; every spill count is the number of
 * entries it counts; the count matches; no key appears twice. BENTO_OK (also when inert) or
 * BENTO_E_CORRUPT. O(capacity) (about 130 fingerprint words read per bucket), no recursion.
 */
bento_status bento_index_check(const bento_index *ix);

/**
 * Iteration over the entries, in slot order (no meaning):
 *
 *     bento_index_iter it;
 *     bento_index_iter_init(&it, &ix);
 *     while (bento_index_iter_next(&it)) { use(it.key, *it.value); }
 *
 * Values may be written through it.value, and entries removed, the current one included: the
 * walk still visits every other entry once. An insert or upsert during the walk may move
 * entries and make it skip or repeat some (never leave the slots). O(capacity) over a whole
 * walk.
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
 * The same index for 32-bit keys: 10 bytes per slot (against 16) and one key compare fewer
 * per hit. Same scheme, limits, statuses, complexities and
 * contracts (under BENTO_POWER_SAFE too) as above, function for function: bento_index32_init, _open, _get, _value,
 * _contains, _insert, _upsert, _remove, _clear, _count, _capacity, _max_count, _check,
 * _iter_init, _iter_next. Both widths are one implementation, in one object: a bento_index32
 * is a bento_index whose keys are one word, and its lookups are inlined for that width. The hash of a 32-bit key is the hash of
 * the same value as a 64-bit key, so both indices place it in the same first bucket.
 */

/** An index with 32-bit keys: the index above, its keys one word each (buckets of 10 words,
 * see above). Its field is the implementation's: use the functions. */
typedef struct bento_index32 {
    bento_index generic_; /**< the index underneath (private) */
} bento_index32;

/** Bytes of caller memory for a 32-bit-key index of `capacity` slots (a constant expression). */
#define BENTO_INDEX32_BYTES(capacity) (BENTO_IMPL_INDEX_HEAD + BENTO_IMPL_CAST(size_t, capacity) * 10u)

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
 * BENTO_INDEX_TYPE_OF(name, capacity, K, V) declares an index type with its storage, whose
 * keys are of type K and values of type V: each a handle type (BENTO_HANDLE_TYPE; a pool `p`
 * has `p_handle`) or an unsigned integer type (uint8_t to uint64_t for keys, to uint32_t for
 * values). A handle is stored whole, generation included, so a stale handle is another key
 * (it misses), and a handle of another type, or an integer where a handle is expected, does
 * not compile. Its functions are "A typed index", below.
 * Values are answered by value, not through a pointer (a value narrower than the stored word
 * has no address of its own): to change one, upsert its key, which moves no entry when the
 * key is present (also during a walk). BENTO_INDEX32_TYPE_OF(name, capacity, K, V) declares
 * the same over a 32-bit-key index, K then at most 32 bits. BENTO_INDEX_TYPE(name, capacity)
 * is BENTO_INDEX_TYPE_OF(name, capacity, uint64_t, uint32_t), and BENTO_INDEX32_TYPE(name,
 * capacity) is BENTO_INDEX32_TYPE_OF(name, capacity, uint32_t, uint32_t). All fail to compile
 * unless capacity is a power of two in [BENTO_INDEX_MIN_CAPACITY, BENTO_INDEX_MAX_CAPACITY], or
 * when K or V is too wide. An index object points into its own storage: after copying one
 * (`b = a`), or when it lives in retained RAM after a reset, call name_open(&b).
 *
 * A 64-bit-key index type's storage is aligned to BENTO_CACHE_LINE (bento/common.h: 64 on
 * hosts, 0 for none on microcontroller cores), so each of its buckets is one cache line. The
 * type is then aligned to the line and padded: its size is the index struct rounded up to a
 * line, plus BENTO_INDEX_BYTES(capacity), rounded up to a line; on hosts
 * BENTO_INDEX_BYTES(capacity) + 64, which is 24 bytes more than unaligned on 64-bit ones and
 * 40 on 32-bit ones. Allocate it as the type (static, automatic, a member, C++17 `new`) or
 * with aligned_alloc: malloc does not align it. A 32-bit-key index type, whose buckets cross
 * lines anyway, keeps bento_align_unit's alignment.
 *
 *     BENTO_INDEX_TYPE(id_to_slot, 1024);
 *     BENTO_INDEX_TYPE_OF(by_uid, 256, uint64_t, crew_handle);   // external id -> entity
 *     BENTO_INDEX32_TYPE_OF(leader_of, 64, crew_handle, crew_handle); // entity -> entity
 */
#define BENTO_INDEX_TYPE_OF(name, capacity_, K, V)                                                \
    BENTO_IMPL_INDEX_TYPE(name, bento_index, bento_impl_index_get, bento_impl_index_open_as,      \
                          uint64_t, K, V, capacity_, BENTO_INDEX_BYTES(capacity_),                \
                          BENTO_IMPL_LINE_ALIGNED)
/** BENTO_INDEX_TYPE_OF with 32-bit keys (see above). */
#define BENTO_INDEX32_TYPE_OF(name, capacity_, K, V)                                              \
    BENTO_IMPL_INDEX_TYPE(name, bento_index32, bento_impl_index32_get,                            \
                          bento_impl_index32_open_as, uint32_t, K, V, capacity_,                  \
                          BENTO_INDEX32_BYTES(capacity_), BENTO_IMPL_UNIT_ALIGNED)
/** An index type with 64-bit keys and 32-bit values: see BENTO_INDEX_TYPE_OF. */
#define BENTO_INDEX_TYPE(name, capacity_) BENTO_INDEX_TYPE_OF(name, capacity_, uint64_t, uint32_t)
/** An index type with 32-bit keys and 32-bit values: see BENTO_INDEX_TYPE_OF. */
#define BENTO_INDEX32_TYPE(name, capacity_)                                                       \
    BENTO_INDEX32_TYPE_OF(name, capacity_, uint32_t, uint32_t)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed index
 * What BENTO_INDEX_TYPE_OF(name, capacity, K, V) declares (and BENTO_INDEX32_TYPE_OF,
 * BENTO_INDEX_TYPE and BENTO_INDEX32_TYPE, their K and V fixed), with its name, key type and
 * value type for `name`, `K` and `V`: each function is the generic one of the same name on the
 * index's own storage, typed, and asserts on a NULL index. (scripts/check-asserts holds these
 * declarations to the macro.)
 * instance: BENTO_INDEX_TYPE_OF(name, 16, K, V)
 * @{
 */
typedef struct name name;           /**< the index, its storage included */
typedef struct name_iter name_iter; /**< an iterator: fields key (K) and value (V) */
/** bento_index_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *index);
/** bento_index_open on its own storage; BENTO_E_CORRUPT also for an index of another type. */
bento_status name_open(name *index);
/** The key's value, or `absent` (the capacity folded in). */
V name_value(const name *index, K key, V absent);
/** True when the key is present, with *value (optional) its value; *value zero otherwise. */
bool name_find(const name *index, K key, V *value);
/** bento_index_contains. */
bool name_contains(const name *index, K key);
/** bento_index_insert. */
bento_status name_insert(name *index, K key, V value);
/** bento_index_upsert. */
bento_status name_upsert(name *index, K key, V value);
/** bento_index_remove; *value (optional) its value, zero on failure. */
bento_status name_remove(name *index, K key, V *value);
/** bento_index_max_count. */
uint32_t name_max_count(const name *index);
/** bento_index_iter_init. */
void name_iter_init(name_iter *it, const name *index);
/** bento_index_iter_next: true with it->key and it->value set, false at the end. */
bool name_iter_next(name_iter *it);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_index_params {
    uint32_t capacity;
} bento_impl_index_params;

/* Open as init would lay out a hash index of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_index_open_as(bento_index *ix, void *memory, size_t bytes,
                                      uint32_t capacity);
bento_status bento_impl_index32_open_as(bento_index32 *ix, void *memory, size_t bytes,
                                        uint32_t capacity);

/* Header: the parameter record, then the counters, then the journal, padded to a
 * multiple of 64 bytes so that the buckets of a 64-aligned buffer are cache lines. Both key
 * widths. The journal has room for the stores of the longest insert (64-bit keys), one entry
 * each: BENTO_INDEX_MAX_MOVES moves of 6 (a spill count, the value, the two key words and the
 * fingerprint word of the slot filled, the fingerprint word of the slot left), then the new
 * entry's 4, its first bucket's spill count and the count. */
#define BENTO_IMPL_INDEX_PARAMS (sizeof(bento_impl_index_params) / 4u)
#define BENTO_IMPL_INDEX_ENTRIES (6u * BENTO_INDEX_MAX_MOVES + 6u)
#define BENTO_IMPL_INDEX_HEAD (BENTO_IMPL_JOURNAL_WORDS(1u) != 0u ? 256u : 64u)

/* Bucket words, both widths: the fingerprints, the spill counts, 4 values, then 4 keys of
 * `kw` words (1 or 2). */
#define BENTO_IMPL_INDEX_FPS 0u
#define BENTO_IMPL_INDEX_SPILLS 1u
#define BENTO_IMPL_INDEX_VALUES 2u
#define BENTO_IMPL_INDEX_KEYS 6u

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

/* The fingerprint of a hash: 7 bits with bit 7 set, so that 0 marks an empty slot. The low
 * bits of a product depend only on the low bits of what was multiplied (aligned pointers
 * share theirs), so bits 16 to 22 are folded in: one instruction more on Armv7-M, two on the
 * Cortex-M0. */
static inline uint32_t bento_impl_index_fp(uint32_t h)
{
    return ((h ^ h >> 16) & 0x7fu) | 0x80u;
}

/* The other bucket of a key in bucket b with fingerprint fp: b xor an offset of the
 * fingerprint, never 0 (so never b itself) and below the bucket count (2^(32 - shift)). */
static inline uint32_t bento_impl_index_other(uint32_t b, uint32_t fp, uint32_t shift)
{
    return b ^ (((fp * 0x5bd1e995u) >> shift) | 1u);
}

/* Bit 7 of each byte of `fps` equal to `fp`, the others 0: exact, word-wide. For the checker,
 * which counts entries by fingerprint. */
static inline uint32_t bento_impl_index_match(uint32_t fps, uint32_t fp)
{
    const uint32_t x = fps ^ (fp * 0x01010101u);
    return ~(((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x | 0x7f7f7f7fu);
}

/* The slots a lookup of fingerprint fp compares: bit 7 of each byte of `fps` equal to `fp`,
 * and perhaps of a run of bytes equal to fp ^ 1 just above one, which a borrow flags too (two
 * instructions fewer than the exact match). fp ^ 1 has bit 7 set: such a slot is occupied by
 * a key of another fingerprint, in a sound table another key, and the compare fails. An empty
 * slot (0) is never flagged for a fingerprint; for fp 0 the flags are exact (no stored byte is
 * 1): free slots are found this way. */
static inline uint32_t bento_impl_index_candidates(uint32_t fps, uint32_t fp)
{
    const uint32_t x = fps ^ (fp * 0x01010101u);
    return (x - 0x01010101u) & ~x & 0x80808080u;
}

/* A flagged byte of a match (m != 0), the lowest or the highest: its lane, its slot j, and
 * the match without it. The lane is what a lookup adds to or takes from an address as it is
 * to reach slot j's 64-bit key, halved its 32-bit key or its value (bento_impl_index_at: the
 * word of slot j among four entries of 8 >> half bytes from w). Whatever m holds, a lane is
 * below 32, so what it addresses stays inside its bucket even for a word that is no match,
 * which a sound analyser must allow (docs/prove.md); in as few instructions as 8j would be.
 * Where the core counts trailing zeros in one instruction (x86): the lowest byte; its lane
 * is its trailing zeros, 8j + 7, and the address adds it (less 7). Where it counts leading
 * zeros in one instruction but not trailing ones (AArch64, Armv7-M and later): the highest
 * byte; its lane is its leading zeros, 24 - 8j, and the address takes it away (from 24).
 * Elsewhere (Cortex-M0, RV32 without bit counts): the lowest byte, its bit isolated; times
 * 0x01830080 it puts 24 - 8j in the top five bits (bit 17 is spare: with it the code GCC
 * makes for a Cortex-M0 measured 2 instructions fewer per miss of a 32-bit key); moved down
 * to bit 8j, times 0x00081018, j. No loop, no table. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
static inline uint32_t bento_impl_index_lane(uint32_t m)
{
    return BENTO_IMPL_CAST(uint32_t, __builtin_ctz(m));
}

static inline uint32_t *bento_impl_index_at(uint32_t *w, uint32_t lane, uint32_t half)
{
    return BENTO_IMPL_PTR_CAST(uint32_t *, BENTO_IMPL_PTR_CAST(unsigned char *, w) -
                                               (7u >> half) + (lane >> half));
}

static inline uint32_t bento_impl_index_slot(uint32_t m)
{
    return BENTO_IMPL_CAST(uint32_t, __builtin_ctz(m)) >> 3;
}

static inline uint32_t bento_impl_index_rest(uint32_t m)
{
    return m & (m - 1u);
}
#else
#if (defined(__GNUC__) || defined(__clang__)) &&                                                 \
    (defined(__aarch64__) || defined(__ARM_FEATURE_CLZ))
static inline uint32_t bento_impl_index_lane(uint32_t m)
{
    return BENTO_IMPL_CAST(uint32_t, __builtin_clz(m));
}

static inline uint32_t bento_impl_index_slot(uint32_t m)
{
    return (BENTO_IMPL_CAST(uint32_t, __builtin_clz(m)) >> 3) ^ 3u;
}

static inline uint32_t bento_impl_index_rest(uint32_t m)
{
    return m & (0x7fffffffu >> __builtin_clz(m));
}
#else
static inline uint32_t bento_impl_index_lane(uint32_t m)
{
    return ((m & (0u - m)) * 0x01830080u) >> 27;
}

static inline uint32_t bento_impl_index_slot(uint32_t m)
{
    return (((m & (0u - m)) >> 7) * 0x00081018u) >> 27;
}

static inline uint32_t bento_impl_index_rest(uint32_t m)
{
    return m & (m - 1u);
}
#endif

static inline uint32_t *bento_impl_index_at(uint32_t *w, uint32_t lane, uint32_t half)
{
    return BENTO_IMPL_PTR_CAST(uint32_t *, BENTO_IMPL_PTR_CAST(unsigned char *, w) +
                                               (24u >> half) - (lane >> half));
}
#endif

/* No lane: the key is not in the bucket. */
#define BENTO_IMPL_INDEX_NO_LANE 32u

/* The lane of `key` (fingerprint fp) in bucket bk, whose keys are kw words, or
 * BENTO_IMPL_INDEX_NO_LANE. */
static inline uint32_t bento_impl_index_in(uint32_t *bk, uint32_t fp, uint32_t kw, uint64_t key)
{
    uint32_t m;
    for (m = bento_impl_index_candidates(bk[BENTO_IMPL_INDEX_FPS], fp); m != 0u;
         m = bento_impl_index_rest(m)) {
        const uint32_t lane = bento_impl_index_lane(m);
        const uint32_t *k = bento_impl_index_at(bk + BENTO_IMPL_INDEX_KEYS, lane, 2u - kw);
        if (kw == 1u ? k[0] == BENTO_IMPL_CAST(uint32_t, key)
                     : (BENTO_IMPL_CAST(uint64_t, k[1]) << 32 | k[0]) == key) {
            return lane;
        }
    }
    return BENTO_IMPL_INDEX_NO_LANE;
}

/* The spill count of bucket bk for the class of fingerprint fp: its bits 3 and 4 name the
 * byte of the spill word, addressed as a byte (the same one in either byte order). At most
 * 128 in a sound table (the keys of one class spill into 32 other buckets), so a byte. */
static inline unsigned char *bento_impl_index_spill(uint32_t *bk, uint32_t fp)
{
    void *word = bk + BENTO_IMPL_INDEX_SPILLS;
    return BENTO_IMPL_CAST(unsigned char *, word) + ((fp >> 3) & 3u);
}

/* Whether bucket bk has spilled keys of the class of fingerprint fp. */
static inline bool bento_impl_index_spilled(uint32_t *bk, uint32_t fp)
{
    return *bento_impl_index_spill(bk, fp) != 0u;
}

/*
 * The lookup of both key widths: buckets of `bw` words whose keys are `kw` words, the first
 * bucket h >> shift. Every argument but h and the key is a constant or a field, so each
 * caller gets code for its own width. NULL buckets is the inert index: nothing to read. At
 * most two buckets are read, both below the bucket count, whatever they hold. Always inlined
 * (when optimizing): left to the compiler, it was inlined at some call sites of one program and
 * not at others, and the same lookup cost up to a quarter more or less by where it stood.
 */
BENTO_IMPL_ALWAYS_INLINE static inline uint32_t *bento_impl_index_find(uint32_t *buckets, uint32_t h, uint32_t shift,
                                              uint32_t bw, uint32_t kw, uint64_t key)
{
    const uint32_t fp = bento_impl_index_fp(h);
    uint32_t b, *bk, lane;
    if (buckets == BENTO_IMPL_NULL) {
        return BENTO_IMPL_NULL;
    }
    b = h >> shift;
    bk = buckets + bw * b;
    lane = bento_impl_index_in(bk, fp, kw, key);
    if (lane == BENTO_IMPL_INDEX_NO_LANE) {
        if (!bento_impl_index_spilled(bk, fp)) {
            return BENTO_IMPL_NULL;
        }
        bk = buckets + bw * bento_impl_index_other(b, fp, shift);
        lane = bento_impl_index_in(bk, fp, kw, key);
        if (lane == BENTO_IMPL_INDEX_NO_LANE) {
            return BENTO_IMPL_NULL;
        }
    }
    return bento_impl_index_at(bk + BENTO_IMPL_INDEX_VALUES, lane, 1u);
}

/* get with the shift as an argument, so that typed wrappers pass a constant. */
BENTO_IMPL_FAST_INLINE static inline uint32_t *bento_impl_index_get(const bento_index *ix,
                                                                   uint64_t key, uint32_t shift)
{
    return bento_impl_index_find(ix->buckets, bento_index_hash(key), shift, 16u, 2u, key);
}

BENTO_IMPL_FAST_INLINE static inline uint32_t *bento_impl_index32_get(const bento_index32 *ix,
                                                                     uint32_t key, uint32_t shift)
{
    return bento_impl_index_find(ix->generic_.buckets, bento_index32_hash(key), shift, 10u, 1u, key);
}

BENTO_IMPL_FAST_INLINE static inline uint32_t *bento_index_get(const bento_index *ix, uint64_t key)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_impl_index_get(ix, key, ix->shift);
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

BENTO_IMPL_FAST_INLINE static inline uint32_t *bento_index32_get(const bento_index32 *ix,
                                                                uint32_t key)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_impl_index32_get(ix, key, ix->generic_.shift);
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
    return bento_index_count(&ix->generic_);
}

static inline uint32_t bento_index32_capacity(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_index_capacity(&ix->generic_);
}

static inline uint32_t bento_index32_max_count(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != BENTO_IMPL_NULL);
    return bento_index_max_count(&ix->generic_);
}

/* Both typed indices: `generic` is bento_index or bento_index32, `get` its internal lookup,
 * `open_as` its typed open (bento_impl_index_open_as), `GK` its key type, K and V the type's, converted by BENTO_IMPL_BITS
 * (bento/common.h), `aligned_` its storage's alignment (bento/common.h). Lookups pass the shift
 * of the capacity as a constant. */
#define BENTO_IMPL_INDEX_TYPE(name, generic, get, open_as, GK, K, V, capacity_, bytes_, aligned_) \
    BENTO_IMPL_TYPED_BEGIN                                                                       \
    BENTO_STATIC_ASSERT((capacity_) >= BENTO_INDEX_MIN_CAPACITY &&                               \
                        BENTO_IMPL_CAST(uint64_t, capacity_) <= BENTO_INDEX_MAX_CAPACITY &&       \
                        ((capacity_) & ((capacity_) - 1)) == 0,                                   \
                        name##_capacity_must_be_a_power_of_two_from_8_to_2_pow_24);               \
    BENTO_STATIC_ASSERT(BENTO_IMPL_BITS_FIT(sizeof(K), sizeof(GK)),                              \
                        name##_key_type_must_be_a_handle_or_an_unsigned_integer_no_wider_than_the_keys); \
    BENTO_STATIC_ASSERT(BENTO_IMPL_BITS_FIT(sizeof(V), 4u),                                      \
                        name##_value_type_must_be_a_handle_or_an_unsigned_integer_of_at_most_32_bits); \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_INDEX_HEAD) +               \
                                     BENTO_IMPL_CAST(uint64_t, capacity_) *                       \
                                         (sizeof(GK) == 8u ? 16u : 10u));                         \
    BENTO_IMPL_TYPED_ALIGNED(name, generic, bytes_, aligned_)                                     \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_iter {                                                                  \
        K key;                                                                                    \
        V value;                                                                                  \
        generic##_iter generic_;                                                                  \
    } name##_iter;                                                                                \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_IMPL_BITS(K, GK, name##_key_bits_, name##_key_)                                        \
    BENTO_IMPL_BITS(V, uint32_t, name##_value_bits_, name##_value_)                               \
    BENTO_IMPL_TYPED_LIFECYCLE(name, generic##_init, open_as, (capacity_))                        \
    BENTO_IMPL_FORWARD(const uint32_t *, name##_get_, (const name *x, K key),                     \
                       get(&x->generic_, name##_key_bits_(key), 34u - BENTO_IMPL_CEIL_LOG2(capacity_))) \
    BENTO_WRAPPER V name##_value(const name *x, K key, V absent)                                  \
    {                                                                                             \
        const uint32_t *value_ = name##_get_(x, key);                                             \
        return value_ != BENTO_IMPL_NULL ? name##_value_(*value_) : absent;                       \
    }                                                                                             \
    BENTO_WRAPPER bool name##_find(const name *x, K key, V *value)                                \
    {                                                                                             \
        return bento_impl_found(name##_get_(x, key), value, sizeof *value);                       \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *x, K key)                                      \
    {                                                                                             \
        return name##_get_(x, key) != BENTO_IMPL_NULL;                                            \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_insert, (name *x, K key, V value),                    \
                       generic##_insert(&x->generic_, name##_key_bits_(key), name##_value_bits_(value))) \
    BENTO_IMPL_FORWARD(bento_status, name##_upsert, (name *x, K key, V value),                    \
                       generic##_upsert(&x->generic_, name##_key_bits_(key), name##_value_bits_(value))) \
    BENTO_WRAPPER bento_status name##_remove(name *x, K key, V *value)                            \
    {                                                                                             \
        uint32_t value_ = 0u;                                                                     \
        bento_status status_;                                                                     \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        status_ = generic##_remove(&x->generic_, name##_key_bits_(key), &value_);                 \
        return bento_impl_removed(status_, value_, value, sizeof *value);                         \
    }                                                                                             \
    BENTO_IMPL_FORWARD(uint32_t, name##_max_count, (const name *x),                               \
                       generic##_max_count(&x->generic_))                                         \
    BENTO_WRAPPER void name##_iter_init(name##_iter *it, const name *x)                           \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL && x != BENTO_IMPL_NULL);                              \
        generic##_iter_init(&it->generic_, &x->generic_);                                         \
        it->key = name##_key_(0u);                                                                \
        it->value = name##_value_(0u);                                                            \
    }                                                                                             \
    BENTO_WRAPPER bool name##_iter_next(name##_iter *it)                                          \
    {                                                                                             \
        bool more_;                                                                               \
        BENTO_ASSERT(it != BENTO_IMPL_NULL);                                                      \
        more_ = generic##_iter_next(&it->generic_);                                               \
        it->key = name##_key_(more_ ? it->generic_.key : 0u);                                     \
        it->value = name##_value_(more_ ? *it->generic_.value : 0u);                              \
        return more_;                                                                             \
    }                                                                                             \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_INDEX_H */
