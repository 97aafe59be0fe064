/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M15 M17 M19 M22 M28 M29. */
/**
 * @file
 * bento/sparse_set.h - a sparse set of 32-bit keys with parallel dense columns: the component
 * storage of an ECS, over caller memory, with in-place sorts and N-way joins.
 *
 * Keys. A key is a plain 32-bit id (index_bits 32, no generation) or a generational handle
 * (bento/handle.h): its low index_bits bits are its index, the generation_bits above them its
 * generation, never 0 (generations start at 1: 0 is the null handle's, or a forged one's), and
 * no bit above those may be set. The universe (how many indices there are:
 * the length of the sparse array) and the capacity (how many keys can be present at once) are
 * chosen separately: 4096 entities of which at most 256 carry a component cost 4096 sparse
 * entries and 256 dense slots.
 *
 *     sparse   universe entries, one per index (16 or 32 bits wide, see "Entries")
 *     dense    capacity keys; positions [0, count) are present, in iteration order
 *     columns  caller arrays of capacity elements each, kept in step with the dense keys: the
 *              element at position p of every column belongs to the key at position p
 *
 * Entries. Every sparse entry is exact: either ABSENT (all ones) or the entry of the one
 * present key with that index: the key with its index bits replaced by its dense position,
 *     entry = (key & ~index_mask) | position      (kept to the entry's width)
 * Positions stay below the capacity, and the position field has the fewest bits pos_bits with
 * capacity <= 2^pos_bits - 1, so the all-ones position is never a position: for a key k,
 * (entry ^ (k & ~index_mask)) < capacity is at once the presence
 * test, the generation test and the bound that keeps a damaged entry inside the columns:
 * `contains` is one read of the sparse array and `get` that read and the element; no lookup
 * reads the dense keys. A stale handle (its slot since reused, the set holding the newer
 * handle or none) misses. Entries are 16 bits wide when they fit (plain ids: capacity <=
 * 65535; 16-bit handles), 32 bits otherwise.
 *
 * A set whose capacity is exactly 2^index_bits needs one more position bit: its entries keep
 * the generation one bit higher, (key & ~index_mask) << 1 | position. A 32-bit handle then
 * loses its highest generation bit: such a set tells a stale handle from the live one of its
 * slot until their generations agree in every other bit (for a pool's odd generations: for
 * the next 2^(generation_bits - 2) objects of that slot; 2^22 for a pool of 256 with 32-bit
 * handles), and a key of generation 0, which insert refuses, is found as the key of its index
 * whose generation is that bit alone. Give the set a capacity below 2^index_bits to keep every
 * bit.
 *
 * Removal is swap-and-pop: the last key and its elements move into the hole, so iteration is
 * a plain loop over bento_sparse_set_keys() and the column arrays. Pointers into a column stay
 * valid until a remove, clear, sort or sort_as moves that element (insert moves nothing).
 *
 * Memory: BENTO_SPARSE_SET_BYTES(universe, capacity, index_bits, generation_bits, column_count),
 * 4-byte aligned, for the header (bento/common.h, "Buffers"; it records the parameters, the
 * count and each column's element size), the dense keys and the sparse entries. The columns
 * are the caller's own arrays, described by an array of bento_sparse_set_column that the
 * caller keeps, unchanged, for as long as the set is used. Reopening takes those descriptors
 * again: bento_sparse_set_open(set, memory, bytes, columns, column_count) checks them against
 * the column count and element sizes the header recorded. Typed sets (BENTO_SPARSE_SET_TYPE
 * below) embed their columns and descriptors in their own storage and reopen from it alone.
 *
 * Resets (BENTO_POWER_SAFE, bento/common.h): the buffer and the columns fail and recover as one.
 * Insert, insert_from, remove and clear are failure-atomic: after a reset at any instant, open
 * (given the columns again) finds the set exactly as before the operation or as after it, every
 * key with its own row; remove's row move and clear's entries are done again by open. The
 * sorts (sort, sort_radix, sort_merge) are atomic too: open rebuilds the keys of a sort cut
 * while it ordered them, or completes the rows' moves. sort_as is resumable: open finds the
 * same keys, each with its own row, and sort_as again completes the order. A value the caller writes through a pointer the set
 * handed out (insert's position, get, values) is the caller's write, which the set cannot
 * make atomic: insert_from stores a new key's row with the key, in one atomic operation (as
 * bento_pool_create_from does a value).
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open,
 * confinement on damaged buffers (the buffer's entries, keys and header; the caller's columns
 * hold only element bytes). Lookups, keys, columns and joins may run concurrently with each
 * other; nothing else is thread-safe: a set must be changed from one context at a time.
 */
#ifndef BENTO_SPARSE_SET_H
#define BENTO_SPARSE_SET_H

#include <bento/handle.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/**
 * A column: `size`-byte elements, one per dense position, in caller memory `data` of `bytes`
 * bytes (at least capacity * size). The set moves elements with a copy that is word-wise when
 * it can and bytewise otherwise, so it asks no alignment of `data`: align it for the element
 * type (an array of that type is).
 */
typedef struct bento_sparse_set_column {
    void *data; /**< the column array: at least capacity elements */
    size_t bytes; /**< bytes of data (at least capacity * size) */
    uint32_t size; /**< bytes of one element */
} bento_sparse_set_column;

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_sparse_set_state {
    uint32_t count; /**< keys present, dense positions [0, count) */
} bento_sparse_set_state;

/** A sparse set. Its fields are the implementation's: use the functions. */
typedef struct bento_sparse_set {
    uint32_t *dense;                        /**< capacity keys */
    void *sparse;                           /**< universe entries of uint16_t or uint32_t */
    const bento_sparse_set_column *columns; /**< column_count caller descriptors */
    bento_sparse_set_state *saved;          /**< the counters' copy in the buffer */
    bento_sparse_set_state state; /**< the counters (the operations' copy) */
    uint32_t universe; /**< keys are below it (their index bits) */
    uint32_t capacity; /**< the capacity given at init */
    uint32_t column_count; /**< columns given at init */
    uint32_t bytes;      /**< of the buffer: BENTO_SPARSE_SET_BYTES of the parameters */
    uint32_t index_mask; /**< the key bits that are its index */
    uint32_t stray;      /**< the key bits above index and generation: 0 in every key */
    uint8_t index_bits; /**< bits of a key that are its index */
    uint8_t generation_bits; /**< bits of a handle above its index */
    uint8_t pos_bits;    /**< an entry's position: capacity <= 2^pos_bits - 1 */
    uint8_t tag_shift;   /**< 1 when capacity == 2^index_bits: the generation one bit higher */
    uint8_t wide;        /**< 1: 32-bit entries, 0: 16-bit */
} bento_sparse_set;

/** Bits of an entry's position field for a capacity: capacity <= 2^bits - 1 (a constant
 * expression when capacity is). */
#define BENTO_SPARSE_SET_POS_BITS(capacity) BENTO_IMPL_CEIL_LOG2(BENTO_IMPL_CAST(uint64_t, capacity) + 1u)

/** Bytes per sparse entry (a constant expression when the arguments are): 2 when the entries
 * fit in 16 bits (plain ids: the positions; handles: index, generation and one more bit at
 * capacity 2^index_bits), else 4. */
#define BENTO_SPARSE_SET_WIDTH(capacity, index_bits, generation_bits)                              \
    ((BENTO_IMPL_CAST(unsigned, generation_bits) == 0u                                             \
          ? BENTO_SPARSE_SET_POS_BITS(capacity)                                                    \
          : BENTO_IMPL_CAST(unsigned, index_bits) + BENTO_IMPL_CAST(unsigned, generation_bits) +   \
                (BENTO_SPARSE_SET_POS_BITS(capacity) > BENTO_IMPL_CAST(unsigned, index_bits) ? 1u : 0u)) <= 16u \
         ? 2u                                                                                      \
         : 4u)

/**
 * Bytes of caller memory for a set (its columns are separate): the header, the dense keys and
 * the sparse entries. The arguments are init's. A constant expression when they are.
 */
#define BENTO_SPARSE_SET_BYTES(universe, capacity, index_bits, generation_bits, column_count)      \
    (BENTO_IMPL_SPARSE_SET_HEAD(column_count) +                                                    \
     BENTO_IMPL_CAST(size_t, capacity) * 4u +                                                      \
     BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, universe) *                                            \
                    BENTO_SPARSE_SET_WIDTH(capacity, index_bits, generation_bits), 4u))

/**
 * Carve a set out of `memory` (`bytes` long), every entry ABSENT, with `column_count` columns
 * described by `columns` (NULL when column_count is 0), which must stay as they are while the
 * set is used. 1 <= index_bits <= 32; index_bits + generation_bits <= 32 (plain ids: 32 and
 * 0); 1 <= universe <= 2^index_bits; 1 <= capacity <= universe, capacity < 2^31;
 * column_count <= 65535, each size >= 1, the sizes adding up to less than 2^31 bytes per row.
 * BENTO_E_ARGUMENT for a parameter out of range (also a NULL memory, a NULL column array or
 * data pointer), BENTO_E_ALIGN when memory is not 4-byte aligned, BENTO_E_SIZE when bytes <
 * BENTO_SPARSE_SET_BYTES(...) or a column holds fewer than capacity elements; the set is inert
 * then. O(universe).
 */
bento_status bento_sparse_set_init(bento_sparse_set *set, void *memory, size_t bytes,
                                   uint32_t universe, uint32_t capacity, unsigned index_bits,
                                   unsigned generation_bits, const bento_sparse_set_column *columns,
                                   uint32_t column_count);

/**
 * Reattach `set` to `memory`, a buffer that holds a set (bento/common.h, "Buffers"), with the
 * caller's column descriptors: the header, the counters and every invariant bento_sparse_set_
 * check verifies are validated, and the descriptors must match the column count and element
 * sizes the header recorded. BENTO_E_ARGUMENT for NULL memory or a descriptor init would
 * refuse, BENTO_E_ALIGN for a misaligned buffer, BENTO_E_SIZE when bytes is shorter than the
 * set the header describes or a column too short for its capacity, BENTO_E_CORRUPT for
 * anything else (columns that do not match included); the set is inert then. Keys and handles
 * keep their meaning across a close and open. Under BENTO_POWER_SAFE it first completes or
 * undoes an operation a reset cut (writing the buffer and the columns). O(universe).
 */
bento_status bento_sparse_set_open(bento_sparse_set *set, void *memory, size_t bytes,
                                   const bento_sparse_set_column *columns, uint32_t column_count);

/**
 * Insert `key` at the end of the dense array; on BENTO_OK *position (optional) is its dense
 * position, where its column elements are, uninitialised. BENTO_E_EXISTS when the key is
 * well formed and a key with the same index is present (the same key, or another generation
 * of it: remove that one first), BENTO_E_FULL when count == capacity, BENTO_E_ARGUMENT when
 * the key is not well formed (its index is >= universe, it has bits above its generation, or,
 * in a set of handles, its generation is 0: the null handle), in that order; BENTO_E_CORRUPT when the key's entry is
 * damaged. The set is unchanged and *position BENTO_NONE on failure. O(1). Atomic under
 * BENTO_POWER_SAFE (the elements the caller then writes are not: see insert_from).
 */
bento_status bento_sparse_set_insert(bento_sparse_set *set, uint32_t key, uint32_t *position);

/**
 * Insert `key` as bento_sparse_set_insert does, with its row: `elements` holds one pointer per
 * column, and each column's element is copied from it (columns[c].size bytes, from memory that
 * is not the set's) before the key is added. The same statuses, in the same order, and
 * BENTO_E_ARGUMENT also when one of the pointers is NULL; the set is unchanged and *position
 * (optional) BENTO_NONE on failure. `elements` must not be NULL (it is read only for a set with
 * columns). O(1) plus one element copy per column. Atomic under BENTO_POWER_SAFE, the row
 * included: after a reset the key is absent, or present with its whole row.
 */
bento_status bento_sparse_set_insert_from(bento_sparse_set *set, uint32_t key,
                                         const void *const *elements, uint32_t *position);

/**
 * Remove `key`: the last key and its column elements move into its place (swap-and-pop).
 * BENTO_E_NOT_FOUND when the key is well formed and absent (never inserted, removed, a stale
 * generation), BENTO_E_ARGUMENT when it is not well formed (as insert: its index is >= universe,
 * it has bits above its generation, or its generation is 0); BENTO_E_CORRUPT when its entry or the last key is
 * damaged; the set is unchanged then. O(1) plus one element copy per column. Atomic under
 * BENTO_POWER_SAFE: the last row's move into the hole is done again by open.
 */
bento_status bento_sparse_set_remove(bento_sparse_set *set, uint32_t key);

/** Remove every key: their entries become ABSENT. O(count). Atomic under BENTO_POWER_SAFE:
 * once it has begun, open finishes it. */
void bento_sparse_set_clear(bento_sparse_set *set);

/**
 * Verify the buffer: the header and the counters' copy, every present key well formed (as
 * insert takes it) with its entry pointing back at its position, and every other entry ABSENT. BENTO_OK, or
 * BENTO_E_CORRUPT when the memory was damaged. O(universe), no recursion.
 */
bento_status bento_sparse_set_check(const bento_sparse_set *set);

/** Dense position of `key`, or BENTO_NONE when it is absent. O(1), one entry read, inline. */
static inline uint32_t bento_sparse_set_index_of(const bento_sparse_set *set, uint32_t key);

/** True when `key` is present (a stale generation of it is not). O(1), inline. */
static inline bool bento_sparse_set_contains(const bento_sparse_set *set, uint32_t key);

/**
 * The element of column `column` that belongs to `key`, or NULL when the key is absent or the
 * column out of range. O(1), inline.
 */
static inline void *bento_sparse_set_get(const bento_sparse_set *set, uint32_t key,
                                         uint32_t column);

/** Keys present. O(1). */
static inline uint32_t bento_sparse_set_count(const bento_sparse_set *set);

/** Capacity given at init (0 when inert). O(1). */
static inline uint32_t bento_sparse_set_capacity(const bento_sparse_set *set);

/** The dense keys, bento_sparse_set_count() of them, in iteration order. */
static inline const uint32_t *bento_sparse_set_keys(const bento_sparse_set *set);

/** Column `column`'s dense elements (parallel to the keys), or NULL for a column out of range. */
static inline void *bento_sparse_set_values(const bento_sparse_set *set, uint32_t column);

/* ---------------------------------------------------------------- sorting */

/**
 * Comparator for sorting: negative when a sorts before b, zero or positive when it does not.
 * The sorts ask only whether the answer is negative, so "not before" may always answer 0 (one
 * test of a strict order, `less(a, b) ? -1 : 0`); a qsort-style three-way comparator (zero when
 * equal, positive after) works as well. a and b point at two keys (uint32_t) or at two
 * elements of the sort column. It must not touch the set.
 */
typedef int (*bento_sparse_set_compare)(const void *a, const void *b, void *context);

/** Sort by the keys themselves rather than by a column (no column). */
#define BENTO_SPARSE_SET_BY_KEY BENTO_NONE

/** The in-place sorts of bento_sparse_set_sort. */
typedef enum bento_sparse_set_sort_mode {
    /** heapsort (bottom-up): O(n log n) worst case, no recursion, no extra memory */
    BENTO_SPARSE_SET_SORT_HEAP = 0,
    /** insertion sort: O(n + inversions), the fast choice for nearly sorted data, such as an
       order kept from one frame to the next; O(n^2) in the worst case; stable */
    BENTO_SPARSE_SET_SORT_INSERTION = 1
} bento_sparse_set_sort_mode;

/**
 * Sort the first n keys (positions [0, n); n = count sorts everything) in place, with every
 * column following its key. `by` is BENTO_SPARSE_SET_BY_KEY to compare keys or a column index
 * to compare that column's elements. `compare` NULL orders keys ascending as unsigned numbers
 * (only with BENTO_SPARSE_SET_BY_KEY); `context` is passed through to compare.
 *
 * Method: the keys are sorted first while the sparse entries still record where each key's
 * elements are (a column comparator reads them there); then the permutation is applied to the
 * columns by walking its cycles, so each element moves once per column, and the entries are
 * rewritten as each cycle closes. A walk carries a 32-byte window of the row (the elements of
 * every column at one position, end to end): rows up to 32 bytes take one walk per cycle,
 * longer ones one per 32 bytes. Extra memory: 32 bytes of stack.
 *
 * BENTO_E_ARGUMENT when n > count, `by` is neither BENTO_SPARSE_SET_BY_KEY nor a column, or
 * compare is NULL with a column; BENTO_E_CORRUPT when an entry of the first n keys does not
 * point back at its key (checked before anything moves); the set is unchanged then.
 * Atomic under BENTO_POWER_SAFE: a reset while the keys are being ordered reopens the set as
 * it was (open rebuilds the keys from their entries), one while the rows move reopens it
 * sorted (open completes the walks; a walk then moves 8 bytes of row instead of 32). In a set
 * that loses the top generation bit of its keys (see "Entries"), the keys rebuilt carry that
 * bit as their entries do: clear.
 * O(n log n) comparisons worst case with BENTO_SPARSE_SET_SORT_HEAP (not stable),
 * O(n + inversions) with BENTO_SPARSE_SET_SORT_INSERTION (stable), plus O(n) element moves
 * per column.
 */
bento_status bento_sparse_set_sort(bento_sparse_set *set, uint32_t n, uint32_t by,
                                   bento_sparse_set_compare compare, void *context,
                                   bento_sparse_set_sort_mode mode);

/** Bytes of scratch memory bento_sparse_set_sort_radix needs to sort n keys. */
#define BENTO_SPARSE_SET_RADIX_BYTES(n) ((BENTO_IMPL_CAST(size_t, n) * 3u + 256u) * 4u)

/**
 * Sort the first n keys ascending as unsigned numbers, with every column following its key,
 * using caller scratch memory: an LSD radix sort (stable; one pass per key byte, a pass
 * skipped when every key has the same byte there), then the permutation applied to the
 * columns cycle by cycle as bento_sparse_set_sort does, reading each element's source from
 * the scratch array instead of the sparse array. `scratch`: BENTO_SPARSE_SET_RADIX_BYTES(n)
 * bytes, 4-byte aligned, any content; it is overwritten.
 *
 * BENTO_E_ARGUMENT when n > count or scratch is NULL, BENTO_E_ALIGN when scratch is not
 * 4-byte aligned, BENTO_E_SIZE when bytes is too small; the set is unchanged then. Under
 * BENTO_POWER_SAFE the columns follow the entries rather than the scratch array:
 * BENTO_E_CORRUPT when an entry of the first n keys does not point back at its key (before
 * anything moves); atomic as bento_sparse_set_sort.
 * O(n) time (at most 4 passes), plus O(n) element moves per column.
 */
bento_status bento_sparse_set_sort_radix(bento_sparse_set *set, uint32_t n, void *scratch,
                                         size_t bytes);

/** Bytes of scratch memory bento_sparse_set_sort_merge needs to sort n keys. */
#define BENTO_SPARSE_SET_MERGE_BYTES(n) (BENTO_IMPL_CAST(size_t, n) * 12u)

/**
 * Sort the first n keys like bento_sparse_set_sort (same `by`, `compare` and `context`), with
 * caller scratch memory: a bottom-up merge sort of (key, original position) pairs, stable,
 * O(n log n) comparisons in every case, no recursion; then the permutation is applied to the
 * columns cycle by cycle, each element moving once per column. A column comparator reads the
 * elements at their tracked positions instead of through the sparse array, and the merges
 * read sequentially. `scratch`: BENTO_SPARSE_SET_MERGE_BYTES(n) bytes, 4-byte aligned, any
 * content; overwritten.
 *
 * BENTO_E_ARGUMENT for the arguments bento_sparse_set_sort refuses or a NULL scratch,
 * BENTO_E_ALIGN when scratch is not 4-byte aligned, BENTO_E_SIZE when bytes is too small;
 * the set is unchanged then. Under BENTO_POWER_SAFE, BENTO_E_CORRUPT and atomic as
 * bento_sparse_set_sort_radix.
 */
bento_status bento_sparse_set_sort_merge(bento_sparse_set *set, uint32_t n, uint32_t by,
                                         bento_sparse_set_compare compare, void *context,
                                         void *scratch, size_t bytes);

/**
 * Order `set` like `other`: the keys present in both come first, in other's order, then the
 * rest in an unspecified order. Keys are matched whole (a stale generation does not match;
 * a set that loses its top generation bit, see "Entries", matches a key of other that differs
 * only there). Only this set's own keys are moved: it never takes other's spelling of a key.
 * One walk over other's dense keys: each one present here is swapped into the next place, so
 * O(count of other) lookups and at most one row swap each, no comparator, no extra memory;
 * `other` == `set` leaves it as it is. BENTO_E_CORRUPT when an entry here points past the
 * count or a key here is outside the universe (the set may then be partly reordered, still a
 * permutation of its keys and rows). Resumable under BENTO_POWER_SAFE: each swap is atomic
 * (open completes a swap of rows a reset cut), so a reset leaves every key with its row, and
 * sort_as again completes the order.
 */
bento_status bento_sparse_set_sort_as(bento_sparse_set *set, const bento_sparse_set *other);

/* ---------------------------------------------------------------- joins */

/** The most sets one generic join walks together. */
#define BENTO_SPARSE_SET_JOIN_MAX 8u

/**
 * Join: iterate the keys present in every one of N sets, driven by the one with the fewest
 * keys at init, with each set's dense position of the key, hence its column elements. No key
 * may be inserted or removed while a join runs (elements may change). An iterator: keep it a
 * local and the compiler keeps its state in registers (init and next are inline).
 *
 *     const bento_sparse_set *sets[2] = {&positions, &velocities};
 *     vec2 *p = bento_sparse_set_values(&positions, 0);
 *     const vec2 *v = bento_sparse_set_values(&velocities, 0);
 *     bento_sparse_set_join join;
 *     bento_sparse_set_join_init(&join, sets, 2);
 *     while (bento_sparse_set_join_next(&join)) {
 *         p[join.position[0]].x += v[join.position[1]].x;   // join.key is the key
 *     }
 */
typedef struct bento_sparse_set_join {
    uint32_t key;                                  /**< the current key */
    uint32_t position[BENTO_SPARSE_SET_JOIN_MAX];  /**< its dense position in each set, in the
                                                      order the sets were given */
    /** the walk: private */
    const bento_sparse_set *set_[BENTO_SPARSE_SET_JOIN_MAX]; /**< the driver first */
    uint8_t slot_[BENTO_SPARSE_SET_JOIN_MAX]; /**< set_[i] is sets[slot_[i]] */
    const uint32_t *keys_;                    /**< the driver's dense keys */
    uint32_t next_;  /**< the driver's next position (private) */
    uint32_t end_;   /**< where the driver's walk ends (private) */
    uint32_t count_; /**< sets joined (private) */
    /* of two sets, the other set's lookup, copied at init */
    const void *sparse_; /**< its sparse entries (private) */
    uint32_t universe_;  /**< its universe (private) */
    uint32_t mask_;      /**< its index bits and stray bits (private) */
    uint32_t capacity_;  /**< its capacity (private) */
    uint8_t shift_;      /**< its tag_shift (private) */
    uint8_t wide_;       /**< its entry width: 1 for 32 bits (private) */
    uint8_t walk_;       /**< the walk next() takes (private) */
} bento_sparse_set_join;

/**
 * Start a join over `count` sets (1 <= count <= BENTO_SPARSE_SET_JOIN_MAX). BENTO_E_ARGUMENT
 * when count is out of range or sets or one of the sets is NULL; the join then yields nothing.
 * O(count), inline.
 */
static inline bento_status bento_sparse_set_join_init(bento_sparse_set_join *join,
                                                      const bento_sparse_set *const *sets,
                                                      uint32_t count);

/**
 * Advance to the next key present in every set: true with key and position[] set, or false
 * when the driver is exhausted (and on every call after). O(count) lookups per driver key
 * visited, inline.
 */
static inline bool bento_sparse_set_join_next(bento_sparse_set_join *join);

/**
 * Column `column` of set number `set` for the current key of the join, or NULL for a set or
 * column out of range. Valid after bento_sparse_set_join_next returned true. O(1), inline;
 * in a hot loop, read the column arrays once and index them with position[] instead.
 */
static inline void *bento_sparse_set_join_get(const bento_sparse_set_join *join, uint32_t set,
                                              uint32_t column);

/* ---------------------------------------------------------------- typed sets */

/**
 * BENTO_SPARSE_SET_TYPE(name, handle_type, capacity, columns) declares, in one line, a typed
 * set `name` keyed by a pool's handle type (any BENTO_HANDLE_TYPE; a pool `p` has `p_handle`),
 * over the universe 2^handle_type_INDEX_BITS, with its typed columns and its storage embedded,
 * and its functions ("A typed set", below). `columns` names a column list: a macro that applies
 * its argument X to each column, X(T, field), in order, as many columns as the set needs:
 *
 *     #define BODY_COLUMNS(X) X(struct vec2, pos) X(struct vec2, vel)
 *     BENTO_POOL_TYPE(entities, struct entity, 256, uint32_t, BENTO_POOL_WRAP);
 *     BENTO_SPARSE_SET_TYPE(bodies, entities_handle, 200, BODY_COLUMNS);
 *
 * Without `columns`, BENTO_SPARSE_SET_TYPE(name, handle_type, capacity) declares a set of keys
 * only (a tag). BENTO_SPARSE_SET_TYPE_IDS(name, universe, capacity[, columns]) declares the
 * same for plain uint32_t ids below `universe` (index_bits 32, no generation).
 *
 * A handle of another type does not compile, nor does a column read as another type. Fails to
 * compile when capacity is 0, above the universe or 2^31 or more, and, with one message, when
 * the columns are not one list. A set object points into its own storage: after copying one
 * (`b = a`), or when it lives in retained RAM after a reset, call name_open(&b).
 *
 * BENTO_SPARSE_SET_JOIN_TYPE(name, set_a, set_b, ...) declares a typed join over 2 to 16
 * typed sets of one key type (distinct set types), driven by the set with the fewest keys at
 * init ("A typed join", below). Fails to compile, with one message each, for fewer than 2 or
 * more than 16 sets, and (C11) for sets of different key types.
 *
 *     BENTO_SPARSE_SET_JOIN_TYPE(moving, bodies, sprites);
 *     moving j;
 *     moving_init(&j, &b, &s);
 *     while (moving_next(&j)) {
 *         j.bodies.pos->x += j.bodies.vel->x;
 *         j.sprites.frame->x = j.bodies.pos->x;
 *     }
 */
#define BENTO_SPARSE_SET_TYPE(name, ...) BENTO_IMPL_SS_HANDLE_TYPE(name, __VA_ARGS__)
/** A set keyed by plain ids: see BENTO_SPARSE_SET_TYPE. */
#define BENTO_SPARSE_SET_TYPE_IDS(name, ...) BENTO_IMPL_SS_IDS_TYPE(name, __VA_ARGS__)
/** The index of column `field` of typed set `name` (a constant expression): see
 * BENTO_SPARSE_SET_TYPE. */
#define BENTO_SPARSE_SET_COLUMN(name, field) BENTO_IMPL_CAST(uint32_t, offsetof(name##_column_, field))
/** A typed join of 2 to 16 typed sets: see BENTO_SPARSE_SET_TYPE. */
#define BENTO_SPARSE_SET_JOIN_TYPE(name, ...)                                                      \
    BENTO_IMPL_SS_JOIN(name, BENTO_IMPL_SS_SETS(__VA_ARGS__), __VA_ARGS__)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed set
 * What BENTO_SPARSE_SET_TYPE(name, handle_type, capacity, columns) and
 * BENTO_SPARSE_SET_TYPE_IDS(name, universe, capacity, columns) declare, with its name for
 * `name` and a column `T field` for each of its columns: each function is the generic one of
 * the same name on the set's own storage and columns, typed, and asserts on a NULL set.
 * (scripts/check-asserts holds these declarations to the macro.)
 * instance: BENTO_POOL_TYPE(name_pool, T, 8, uint16_t, BENTO_POOL_WRAP); BENTO_SPARSE_SET_TYPE(name, name_pool_handle, 8, BENTO_TYPED_COLUMNS)
 * @{
 */
typedef struct name name;                 /**< the set, its storage and columns included */
typedef handle_type name_key;             /**< the key: the handle type, or uint32_t for ids */
typedef struct name_row name_row;         /**< one `T *field` per column */
typedef struct name_elements name_elements; /**< one `T field` per column */
/** bento_sparse_set_init over its own storage and columns: BENTO_OK for a well-formed type. */
bento_status name_init(name *set);
/** bento_sparse_set_open on its own storage; BENTO_E_CORRUPT also for a set of another type. */
bento_status name_open(name *set);
/** bento_sparse_set_insert; *row (optional) points at the new key's elements, uninitialised
 * (all NULL on failure). */
bento_status name_insert(name *set, name_key key, name_row *row);
/** bento_sparse_set_insert_from: the row copied from *elements (atomic under BENTO_POWER_SAFE). */
bento_status name_insert_from(name *set, name_key key, const name_elements *elements);
/** bento_sparse_set_remove. */
bento_status name_remove(name *set, name_key key);
/** bento_sparse_set_contains, the set's shape folded in. */
bool name_contains(const name *set, name_key key);
/** bento_sparse_set_index_of: the key's position, or BENTO_NONE. */
uint32_t name_index_of(const name *set, name_key key);
/** The key at `position`: the null handle (BENTO_NONE for ids) past the count. */
name_key name_key_at(const name *set, uint32_t position);
/** bento_sparse_set_keys: the keys' raw values, name_count() of them. */
const uint32_t *name_keys(const name *set);
/** The key's row: a pointer to its element in each column, all NULL when it is absent. */
name_row name_get(const name *set, name_key key);
/** The row at `position`, all NULL past the count. */
name_row name_row_at(const name *set, uint32_t position);
/** The column arrays, name_count() elements each. */
name_row name_columns(const name *set);
/** bento_sparse_set_sort; `by` is BENTO_SPARSE_SET_COLUMN(name, field), or BENTO_NONE for the keys. */
bento_status name_sort(name *set, uint32_t n, uint32_t by, bento_sparse_set_compare compare,
                       void *context, bento_sparse_set_sort_mode mode);
/** bento_sparse_set_sort_radix. */
bento_status name_sort_radix(name *set, uint32_t n, void *scratch, size_t bytes);
/** bento_sparse_set_sort_merge. */
bento_status name_sort_merge(name *set, uint32_t n, uint32_t by, bento_sparse_set_compare compare,
                             void *context, void *scratch, size_t bytes);
/** bento_sparse_set_sort_as. */
bento_status name_sort_as(name *set, const bento_sparse_set *other);
/** The generic set underneath, for the generic read API (joins of any sets, sort_as). */
const bento_sparse_set *name_generic(const name *set);
/** @} */
#endif

#ifdef BENTO_DOXYGEN
/**
 * @name A typed set of keys only
 * What BENTO_SPARSE_SET_TYPE(name, handle_type, capacity) declares: the functions of a typed
 * set that take no row (every one above but name_insert_from, name_get, name_row_at and
 * name_columns), and this insert.
 * instance: BENTO_POOL_TYPE(name_pool, T, 8, uint16_t, BENTO_POOL_WRAP); BENTO_SPARSE_SET_TYPE(name, name_pool_handle, 8)
 * @{
 */
/** bento_sparse_set_insert of a key without elements. */
bento_status name_insert(name *set, name_key key);
/** @} */
#endif

#ifdef BENTO_DOXYGEN
/**
 * @name A typed join
 * What BENTO_SPARSE_SET_JOIN_TYPE(name, set_a, set_b, ...) declares, with its name for `name`:
 * the join type `name`, whose fields are `key` (the sets' key type) and, per set, its row named
 * after the set's type, and these. (scripts/check-asserts holds these declarations to the
 * macro.)
 * instance: BENTO_POOL_TYPE(name_pool, T, 8, uint16_t, BENTO_POOL_WRAP); BENTO_SPARSE_SET_TYPE(name_a, name_pool_handle, 8, BENTO_TYPED_COLUMNS); BENTO_SPARSE_SET_TYPE(name_b, name_pool_handle, 4, BENTO_TYPED_COLUMNS); BENTO_SPARSE_SET_JOIN_TYPE(name, name_a, name_b)
 * @{
 */
/** Start the join over the sets, one pointer per set in the macro's order (two here), driven
 * by the set with the fewest keys. Asserts on a NULL join or set. */
void name_init(name *join, const name_a *a, const name_b *b);
/** The next key present in every set: true with `key` and the rows set, false at the end. */
bool name_next(name *join);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_sparse_set_params {
    uint32_t universe;
    uint32_t capacity;
    uint32_t bits; /* index_bits | generation_bits << 8 */
    uint32_t column_count;
} bento_impl_sparse_set_params;

/* Open as init would lay out a sparse set of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_sparse_set_open_as(bento_sparse_set *set, void *memory, size_t bytes,
                                           uint32_t universe, uint32_t capacity,
                                           unsigned index_bits, unsigned generation_bits,
                                           const bento_sparse_set_column *columns,
                                           uint32_t column_count);

/* Header: the parameter record, then the counters, then the journal; after the header, the
 * element size of each column, a word each. An operation logs at most 4 words (remove: the
 * removed key's entry, the moved key and its entry, the count; a swap of sort_as: two keys and
 * their entries); the room of 10 entries also holds what a sort or a swap of sort_as keeps of
 * its progress and the 32-byte window of rows it holds (19 words: core/src/sparse_set.c, "R_").
 * BENTO_IMPL_SPARSE_SET_HEAD: the bytes before the dense keys. */
#define BENTO_IMPL_SPARSE_SET_PARAMS (sizeof(bento_impl_sparse_set_params) / 4u)
#define BENTO_IMPL_SPARSE_SET_ENTRIES 10u
#define BENTO_IMPL_SPARSE_SET_HEADER                                                               \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_SPARSE_SET_PARAMS + 1u +                                      \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_SPARSE_SET_ENTRIES))
#define BENTO_IMPL_SPARSE_SET_HEAD(column_count)                                                   \
    (BENTO_IMPL_SPARSE_SET_HEADER + BENTO_IMPL_CAST(size_t, column_count) * 4u)

/*
 * The position `entry`, the sparse entry of key's index, gives `key`, or BENTO_NONE. ABSENT,
 * another generation and any damaged entry come out at capacity or above. A tag shifted up
 * (capacity == 2^index_bits) loses bit 31: where that bit is stray, it is put back so that a
 * key carrying it misses instead of being taken for another key.
 */
static inline uint32_t bento_impl_sparse_set_position(uint32_t entry, uint32_t key,
                                                      uint32_t index_mask, unsigned tag_shift,
                                                      uint32_t stray, uint32_t capacity)
{
    const uint32_t position = (entry ^ ((key & ~index_mask) << tag_shift)) | (key & stray);
    return position < capacity ? position : BENTO_NONE;
}

/*
 * Position of `key`, or BENTO_NONE. The set's shape (index mask, tag shift, entry width,
 * capacity) comes as arguments so that typed wrappers pass constants; the universe is the
 * struct's, 0 when inert, so an inert set reads nothing. One read of the sparse array: see
 * "Entries".
 */
static inline uint32_t bento_impl_sparse_set_find(const bento_sparse_set *set, uint32_t key,
                                                  uint32_t index_mask, unsigned tag_shift,
                                                  uint32_t stray, bool wide, uint32_t capacity)
{
    const uint32_t index = key & index_mask;
    uint32_t entry;
    if (index >= set->universe) {
        return BENTO_NONE;
    }
    entry = wide ? (BENTO_IMPL_CONST_PTR_CAST(const uint32_t *, set->sparse))[index]
                 : BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CONST_PTR_CAST(const uint16_t *, set->sparse))[index]);
    return bento_impl_sparse_set_position(entry, key, index_mask, tag_shift, stray, capacity);
}

/* The raw sparse entry of index i (i < universe). Always inlined where the compiler allows:
 * it is every lookup's one read, and gcc -Os would otherwise call it from a source with
 * several callers (the operations and the checker). */
BENTO_IMPL_ALWAYS_INLINE
static inline uint32_t bento_impl_sparse_set_entry(const bento_sparse_set *set, uint32_t i)
{
    return set->wide != 0u ? (BENTO_IMPL_CONST_PTR_CAST(const uint32_t *, set->sparse))[i]
                           : BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CONST_PTR_CAST(const uint16_t *, set->sparse))[i]);
}

/* The bits of `key` above its index where its entry keeps them (see "Entries"). */
static inline uint32_t bento_impl_sparse_set_tag(const bento_sparse_set *set, uint32_t key)
{
    return (key & ~set->index_mask) << set->tag_shift;
}

static inline uint32_t bento_sparse_set_index_of(const bento_sparse_set *set, uint32_t key)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return bento_impl_sparse_set_find(set, key, set->index_mask, set->tag_shift, set->stray,
                                      set->wide != 0u, set->capacity);
}

static inline bool bento_sparse_set_contains(const bento_sparse_set *set, uint32_t key)
{
    return bento_sparse_set_index_of(set, key) != BENTO_NONE;
}

static inline void *bento_sparse_set_get(const bento_sparse_set *set, uint32_t key,
                                         uint32_t column)
{
    const uint32_t position = bento_sparse_set_index_of(set, key);
    if (position == BENTO_NONE || column >= set->column_count) {
        return BENTO_IMPL_NULL;
    }
    return BENTO_IMPL_PTR_CAST(unsigned char *, set->columns[column].data) + BENTO_IMPL_CAST(size_t, position) * set->columns[column].size;
}

static inline uint32_t bento_sparse_set_count(const bento_sparse_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->state.count;
}

static inline uint32_t bento_sparse_set_capacity(const bento_sparse_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->capacity;
}

static inline const uint32_t *bento_sparse_set_keys(const bento_sparse_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->dense;
}

static inline void *bento_sparse_set_values(const bento_sparse_set *set, uint32_t column)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return column < set->column_count ? set->columns[column].data : BENTO_IMPL_NULL;
}

/* walk_: the walk next() takes. Two sets have one walk per driver (FIRST: the first set
 * drives) and per kind of key in the other set (TAGGED: it has generations), each as tight as
 * a typed join's; MANY is one set or three and more, DONE a join with nothing left. A walk
 * changes walk_ only to DONE, so that gcc threads the switch of next() and gives each walk a
 * loop of its own. */
#define BENTO_IMPL_JOIN_FIRST 1u
#define BENTO_IMPL_JOIN_TAGGED 2u
#define BENTO_IMPL_JOIN_MANY 4u
#define BENTO_IMPL_JOIN_DONE 5u

static inline bento_status bento_sparse_set_join_init(bento_sparse_set_join *join,
                                                      const bento_sparse_set *const *sets,
                                                      uint32_t count)
{
    uint32_t s, driver = 0u, i = 1u;
    BENTO_ASSERT(join != BENTO_IMPL_NULL);
    join->key = BENTO_NONE;
    join->keys_ = BENTO_IMPL_NULL;
    join->next_ = 0u;
    join->end_ = 0u;
    join->count_ = 0u;
    join->sparse_ = BENTO_IMPL_NULL;
    join->universe_ = 0u;
    join->mask_ = 0u;
    join->capacity_ = 0u;
    join->shift_ = 0u;
    join->wide_ = 0u;
    join->slot_[0] = 0u; /* a failed init leaves nothing a walk could read undefined */
    join->walk_ = BENTO_IMPL_JOIN_DONE;
    if (sets == BENTO_IMPL_NULL || count == 0u || count > BENTO_SPARSE_SET_JOIN_MAX) {
        return BENTO_E_ARGUMENT;
    }
    for (s = 0u; s < count; s++) {
        if (sets[s] == BENTO_IMPL_NULL) {
            return BENTO_E_ARGUMENT;
        }
        join->position[s] = BENTO_NONE;
        if (sets[s]->state.count < sets[driver]->state.count) {
            driver = s;
        }
    }
    /* the driver walks; the others are looked up, in the order given */
    join->set_[0] = sets[driver];
    join->slot_[0] = BENTO_IMPL_CAST(uint8_t, driver);
    for (s = 0u; s < count; s++) {
        if (s != driver) {
            join->set_[i] = sets[s];
            join->slot_[i++] = BENTO_IMPL_CAST(uint8_t, s);
        }
    }
    join->keys_ = sets[driver]->dense;
    join->end_ = sets[driver]->state.count;
    join->count_ = count;
    join->walk_ = BENTO_IMPL_JOIN_MANY;
    if (count == 2u) {
        /* the other set's lookup, in the iterator (registers) rather than read per key. Its
           mask keeps the stray bits with the index bits: a key that has any is then at or
           above the universe, a miss, with no test of its own; a set without generations has
           all ones there, and its whole key is the index */
        const bento_sparse_set *other = join->set_[1];
        join->sparse_ = other->sparse;
        join->universe_ = other->universe;
        join->capacity_ = other->capacity;
        join->mask_ = other->index_mask | other->stray;
        join->shift_ = other->tag_shift;
        join->wide_ = other->wide;
        join->walk_ = BENTO_IMPL_CAST(uint8_t, (join->mask_ != UINT32_MAX ? BENTO_IMPL_JOIN_TAGGED : 0u) |
                                                   (driver == 0u ? BENTO_IMPL_JOIN_FIRST : 0u));
    }
    return BENTO_OK;
}

/* A pair: the other set's position of `key`, or BENTO_NONE; bento_impl_sparse_set_find on the
 * copied lookup (`tagged` a constant: without a tag, the key is its index). */
BENTO_IMPL_ALWAYS_INLINE static inline uint32_t bento_impl_sparse_set_join_find(const bento_sparse_set_join *join,
                                                                uint32_t key, bool tagged)
{
    const uint32_t index = tagged ? key & join->mask_ : key;
    uint32_t entry;
    if (index >= join->universe_) {
        return BENTO_NONE;
    }
    entry = join->wide_ != 0u ? (BENTO_IMPL_CONST_PTR_CAST(const uint32_t *, join->sparse_))[index]
                              : BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CONST_PTR_CAST(const uint16_t *, join->sparse_))[index]);
    if (tagged) {
        entry ^= (key ^ index) << join->shift_;
    }
    return entry < join->capacity_ ? entry : BENTO_NONE;
}

/* A pair's walk to its next key; the positions go to fixed places (no index known only at
 * run time), so that the whole join can live in registers. */
BENTO_IMPL_ALWAYS_INLINE static inline bool bento_impl_sparse_set_join_pair(bento_sparse_set_join *join,
                                                            bool tagged, bool first)
{
    uint32_t at, key, p;
    for (;;) {
        if (join->next_ >= join->end_) {
            join->walk_ = BENTO_IMPL_JOIN_DONE;
            return false;
        }
        at = join->next_++;
        key = join->keys_[at];
        p = bento_impl_sparse_set_join_find(join, key, tagged);
        if (p != BENTO_NONE) {
            break;
        }
    }
    join->key = key;
    join->position[0] = first ? at : p;
    join->position[1] = first ? p : at;
    return true;
}

/* One set, or three and more: each driver key looked up in the others. */
static inline bool bento_impl_sparse_set_join_many(bento_sparse_set_join *join)
{
    while (join->next_ < join->end_) {
        const uint32_t at = join->next_++;
        const uint32_t key = join->keys_[at];
        uint32_t i;
        for (i = 1u; i < join->count_; i++) {
            const uint32_t p = bento_sparse_set_index_of(join->set_[i], key);
            if (p == BENTO_NONE) {
                break;
            }
            join->position[join->slot_[i]] = p;
        }
        if (i == join->count_) {
            join->position[join->slot_[0]] = at;
            join->key = key;
            return true;
        }
    }
    join->walk_ = BENTO_IMPL_JOIN_DONE;
    return false;
}

BENTO_IMPL_ALWAYS_INLINE static inline bool bento_sparse_set_join_next(bento_sparse_set_join *join)
{
    BENTO_ASSERT(join != BENTO_IMPL_NULL);
    /* DONE is a case of its own: with the pair's four, five values, which gcc makes a table
       and threads (when two sets are known at compile time, MANY is gone; four values make
       a chain of tests, which it does not thread) */
    switch (join->walk_) {
    case 0u:
        return bento_impl_sparse_set_join_pair(join, false, false);
    case BENTO_IMPL_JOIN_FIRST:
        return bento_impl_sparse_set_join_pair(join, false, true);
    case BENTO_IMPL_JOIN_TAGGED:
        return bento_impl_sparse_set_join_pair(join, true, false);
    case BENTO_IMPL_JOIN_TAGGED | BENTO_IMPL_JOIN_FIRST:
        return bento_impl_sparse_set_join_pair(join, true, true);
    case BENTO_IMPL_JOIN_DONE:
        return false;
    default:
        return bento_impl_sparse_set_join_many(join);
    }
}

static inline void *bento_sparse_set_join_get(const bento_sparse_set_join *join, uint32_t set,
                                              uint32_t column)
{
    uint32_t i;
    BENTO_ASSERT(join != BENTO_IMPL_NULL);
    if (set >= join->count_) {
        return BENTO_IMPL_NULL;
    }
    for (i = 0u; i < join->count_ && join->slot_[i] != set; i++) {
    }
    if (i == join->count_ || column >= join->set_[i]->column_count) {
        return BENTO_IMPL_NULL;
    }
    return BENTO_IMPL_PTR_CAST(unsigned char *, join->set_[i]->columns[column].data) +
           BENTO_IMPL_CAST(size_t, join->position[set]) * join->set_[i]->columns[column].size;
}

/* ---------------------------------------------------------------- typed macro machinery */

#define BENTO_IMPL_SS_CAT(a, b) BENTO_IMPL_SS_CAT_(a, b)
#define BENTO_IMPL_SS_CAT_(a, b) a##b

/* What follows a typed set's capacity: nothing (_KEYS, a set of keys only) or one column list
 * (_LIST); more arguments (_MORE: the (T, field) tuples of 0.x among them) are one message. */
#define BENTO_IMPL_SS_FORM(...)                                                                    \
    BENTO_IMPL_SS_FORM_(__VA_ARGS__, _MORE, _MORE, _MORE, _MORE, _MORE, _MORE, _MORE, _MORE,      \
                        _MORE, _MORE, _MORE, _MORE, _MORE, _MORE, _LIST, _KEYS, x_)
#define BENTO_IMPL_SS_FORM_(c, l, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15,   \
                            form_, ...) form_
/* A list is a macro's name: _COLUMNS; one tuple in parentheses is the old form: _MORE. */
#define BENTO_IMPL_SS_LIST_FORM(cols) BENTO_IMPL_SS_SECOND(BENTO_IMPL_SS_TUPLE_PROBE cols, _COLUMNS, x_)
#define BENTO_IMPL_SS_TUPLE_PROBE(...) x_, _MORE,
#define BENTO_IMPL_SS_SECOND(...) BENTO_IMPL_SS_SECOND_(__VA_ARGS__)
#define BENTO_IMPL_SS_SECOND_(a, b, ...) b

/* The two kinds of key: a handle type, or plain ids below a universe. Both come down to
 * BENTO_IMPL_SS_SET(name, index bits, generation bits, universe, the key past the count,
 * capacity[, columns]). */
#define BENTO_IMPL_SS_HANDLE_TYPE(name, h, ...)                                                    \
    BENTO_IMPL_TYPED_BEGIN                                                                         \
    typedef h name##_key;                                                                          \
    BENTO_WRAPPER uint32_t name##_raw_(h key_) { return BENTO_IMPL_CAST(uint32_t, key_.raw); }     \
    BENTO_WRAPPER h name##_key_(uint32_t raw_) { return h##_from_raw(raw_); }                      \
    BENTO_IMPL_SS_SET(name, (BENTO_IMPL_CAST(unsigned, h##_INDEX_BITS)),                           \
                      (8u * BENTO_IMPL_CAST(unsigned, sizeof(h)) - BENTO_IMPL_CAST(unsigned, h##_INDEX_BITS)), \
                      (BENTO_IMPL_CAST(uint32_t, 1) << h##_INDEX_BITS), 0u, __VA_ARGS__)
#define BENTO_IMPL_SS_IDS_TYPE(name, universe_, ...)                                               \
    BENTO_IMPL_TYPED_BEGIN                                                                         \
    typedef uint32_t name##_key;                                                                   \
    BENTO_WRAPPER uint32_t name##_raw_(uint32_t key_) { return key_; }                             \
    BENTO_WRAPPER uint32_t name##_key_(uint32_t raw_) { return raw_; }                             \
    BENTO_IMPL_SS_SET(name, 32u, 0u, (universe_), BENTO_NONE, __VA_ARGS__)
#define BENTO_IMPL_SS_SET(name, IB, GB, U, NUL, ...)                                               \
    BENTO_IMPL_SS_CAT(BENTO_IMPL_SS_SET, BENTO_IMPL_SS_FORM(__VA_ARGS__))(name, IB, GB, U, NUL, __VA_ARGS__)
#define BENTO_IMPL_SS_SET_LIST(name, IB, GB, U, NUL, C, cols)                                      \
    BENTO_IMPL_SS_CAT(BENTO_IMPL_SS_SET, BENTO_IMPL_SS_LIST_FORM(cols))(name, IB, GB, U, NUL, C, cols)
#define BENTO_IMPL_SS_SET_MORE(name, ...)                                                          \
    BENTO_STATIC_ASSERT(0, name##_takes_its_columns_as_one_list_macro_see_BENTO_SPARSE_SET_TYPE)

/* Layout of a typed set's storage: the set's buffer, the columns (each at a multiple of 8
 * bytes), then the column descriptors the generic set reads. Column bytes: the capacity times
 * the element sizes, plus up to 8 bytes per column for the rounding. */
#define BENTO_IMPL_SS_KEYS(U, C, IB, GB, N) BENTO_ALIGN_UP(BENTO_SPARSE_SET_BYTES(U, C, IB, GB, N), 8u)
#define BENTO_IMPL_SS_REGION(C, S, N) (BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, C) * (S), 8u) + 8u * (N))
#define BENTO_IMPL_SS_ENTRY_WIDE(C, IB, GB) (BENTO_SPARSE_SET_WIDTH(C, IB, GB) == 4u)
#define BENTO_IMPL_SS_TAG_SHIFT(C, IB) (BENTO_SPARSE_SET_POS_BITS(C) > (IB) ? 1u : 0u)
#define BENTO_IMPL_SS_MASK(IB) (BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CAST(uint64_t, 1) << (IB)) - 1u))
/* The stray bit a shifted tag loses (bit 31, when the tag is shifted and bit 31 is above the
 * generation), for the lookup to put back; 0 when no stray bit is lost */
#define BENTO_IMPL_SS_LOST(C, IB, GB)                                                              \
    (BENTO_IMPL_SS_TAG_SHIFT(C, IB) != 0u && (IB) + (GB) < 32u ? 0x80000000u : 0u)

/* What a column list's X(T, field) becomes. In function bodies they use the locals base_ (the
 * first column), c_ (the capacity) and off_ (the column's offset from base_), so that one walk
 * of the list lays out every column and the compiler folds each offset to a constant. */
#define BENTO_IMPL_SS_POINTER(T, f) T *f;
#define BENTO_IMPL_SS_VALUE(T, f) T f;
#define BENTO_IMPL_SS_INDEX(T, f) unsigned char f;
#define BENTO_IMPL_SS_ONE(T, f) +1u
#define BENTO_IMPL_SS_SIZE(T, f) +sizeof(T)
#define BENTO_IMPL_SS_NEXT(T) off_ += BENTO_ALIGN_UP(c_ * sizeof(T), 8u);
#define BENTO_IMPL_SS_FILL(T, f)                                                                   \
    row_.f = BENTO_IMPL_PTR_CAST(T *, base_ + off_) + position_;                                   \
    BENTO_IMPL_SS_NEXT(T)
#define BENTO_IMPL_SS_NULL(T, f) row_.f = BENTO_IMPL_NULL;
#define BENTO_IMPL_SS_ELEMENT(T, f) *e_++ = &elements_->f;
#define BENTO_IMPL_SS_DESCRIBE(T, f)                                                               \
    d_->data = base_ + off_;                                                                       \
    d_->bytes = c_ * sizeof(T);                                                                    \
    d_->size = BENTO_IMPL_CAST(uint32_t, sizeof(T));                                               \
    d_++;                                                                                          \
    BENTO_IMPL_SS_NEXT(T)
/* The locals of a walk over the columns */
#define BENTO_IMPL_SS_WALK(name, C)                                                                \
    unsigned char *base_ = name##_base_(s_);                                                       \
    const size_t c_ = (C);                                                                         \
    size_t off_ = 0u

/* A set without columns: a row with no column (it joins as an empty row); insert takes no row. */
#define BENTO_IMPL_SS_SET_KEYS(name, IB, GB, U, NUL, C)                                            \
    BENTO_IMPL_SS_BASE(name, IB, GB, U, NUL, C, 0u, 0u)                                            \
    BENTO_WRAPPER void name##_describe_(name *s_) { BENTO_IMPL_CAST(void, s_); }                   \
    BENTO_IMPL_STRUCTS_BEGIN                                                                       \
    typedef struct name##_row {                                                                    \
        unsigned char none_;                                                                       \
    } name##_row;                                                                                  \
    BENTO_IMPL_STRUCTS_END                                                                         \
    BENTO_WRAPPER name##_row name##_row_(const name *s_, uint32_t position_)                       \
    {                                                                                              \
        name##_row row_;                                                                           \
        BENTO_IMPL_CAST(void, s_);                                                                 \
        BENTO_IMPL_CAST(void, position_);                                                          \
        row_.none_ = 0u;                                                                           \
        return row_;                                                                               \
    }                                                                                              \
    BENTO_IMPL_FORWARD(bento_status, name##_insert, (name *x, name##_key key_),                    \
                       bento_sparse_set_insert(&x->generic_, name##_raw_(key_), BENTO_IMPL_NULL))  \
    BENTO_IMPL_SS_END(name, IB, GB, U, C)

/* A set with columns: the row and elements structs, the rows, and insert with its row. */
#define BENTO_IMPL_SS_SET_COLUMNS(name, IB, GB, U, NUL, C, cols)                                   \
    BENTO_IMPL_STRUCTS_BEGIN                                                                       \
    typedef struct name##_row {                                                                    \
        cols(BENTO_IMPL_SS_POINTER)                                                                \
    } name##_row;                                                                                  \
    typedef struct name##_elements {                                                               \
        cols(BENTO_IMPL_SS_VALUE)                                                                  \
    } name##_elements;                                                                             \
    /* one byte per column: a column's offset here is its index (BENTO_SPARSE_SET_COLUMN) */       \
    typedef struct name##_column_ {                                                                \
        cols(BENTO_IMPL_SS_INDEX)                                                                  \
    } name##_column_;                                                                              \
    BENTO_IMPL_STRUCTS_END                                                                         \
    BENTO_IMPL_SS_BASE(name, IB, GB, U, NUL, C, (0u cols(BENTO_IMPL_SS_ONE)),                      \
                       BENTO_IMPL_SS_REGION(C, 0u cols(BENTO_IMPL_SS_SIZE), 0u cols(BENTO_IMPL_SS_ONE))) \
    BENTO_WRAPPER void name##_describe_(name *s_)                                                  \
    {                                                                                              \
        BENTO_IMPL_SS_WALK(name, C);                                                               \
        bento_sparse_set_column *d_ = name##_descriptors_(s_);                                     \
        cols(BENTO_IMPL_SS_DESCRIBE)                                                               \
    }                                                                                              \
    /* the row at a position the caller has checked (below capacity) */                            \
    BENTO_WRAPPER name##_row name##_row_(const name *s_, uint32_t position_)                       \
    {                                                                                              \
        BENTO_IMPL_SS_WALK(name, C);                                                               \
        name##_row row_;                                                                           \
        cols(BENTO_IMPL_SS_FILL)                                                                   \
        return row_;                                                                               \
    }                                                                                              \
    BENTO_WRAPPER name##_row name##_none_(void)                                                    \
    {                                                                                              \
        name##_row row_;                                                                           \
        cols(BENTO_IMPL_SS_NULL)                                                                   \
        return row_;                                                                               \
    }                                                                                              \
    BENTO_IMPL_FORWARD(name##_row, name##_row_at, (const name *x, uint32_t position_),             \
                       position_ < x->generic_.state.count ? name##_row_(x, position_) : name##_none_()) \
    /* a position the lookup found is below the count: no second test */                          \
    BENTO_WRAPPER name##_row name##_get(const name *s_, name##_key key_)                           \
    {                                                                                              \
        const uint32_t position_ = name##_position_(s_, name##_raw_(key_));                        \
        return position_ != BENTO_NONE ? name##_row_(s_, position_) : name##_none_();              \
    }                                                                                              \
    BENTO_IMPL_FORWARD(name##_row, name##_columns, (const name *x), name##_row_(x, 0u))            \
    BENTO_WRAPPER bento_status name##_insert(name *s_, name##_key key_, name##_row *row_)          \
    {                                                                                              \
        uint32_t position_;                                                                        \
        name##_row sink_;                                                                          \
        bento_status status;                                                                       \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL);                                                       \
        status = bento_sparse_set_insert(&s_->generic_, name##_raw_(key_), &position_);            \
        *BENTO_IMPL_PTR_CAST(name##_row *, bento_impl_out(row_, &sink_)) = name##_row_at(s_, position_); \
        return status;                                                                             \
    }                                                                                              \
    BENTO_WRAPPER bento_status name##_insert_from(name *s_, name##_key key_,                        \
                                                 const name##_elements *elements_)                 \
    {                                                                                              \
        const void *row_[0u cols(BENTO_IMPL_SS_ONE)];                                              \
        const void **e_ = row_;                                                                    \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL && elements_ != BENTO_IMPL_NULL);                       \
        cols(BENTO_IMPL_SS_ELEMENT)                                                                \
        return bento_sparse_set_insert_from(&s_->generic_, name##_raw_(key_), row_, BENTO_IMPL_NULL); \
    }                                                                                              \
    BENTO_IMPL_SS_END(name, IB, GB, U, C)

/* What every typed set has, whatever its columns (N of them, in `region` bytes): the struct,
 * where its parts are, the lookup. */
#define BENTO_IMPL_SS_BASE(name, IB, GB, U, NUL, C, N, region)                                     \
    BENTO_STATIC_ASSERT((C) >= 1 && BENTO_IMPL_CAST(uint64_t, C) <= BENTO_IMPL_CAST(uint64_t, U) && BENTO_IMPL_CAST(uint64_t, C) < 0x80000000u, \
                        name##_capacity_must_be_from_1_to_the_universe_and_below_2_pow_31);        \
    BENTO_STATIC_ASSERT(BENTO_IMPL_CAST(uint32_t, N) <= 65535u, name##_takes_at_most_65535_columns); \
    /* its keys (entries of at most 4 bytes) and columns' descriptors; the columns' own region \
       is not counted here */                                                                      \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_SPARSE_SET_HEADER) +         \
                                     BENTO_IMPL_CAST(uint64_t, N) * (4u + sizeof(bento_sparse_set_column)) + \
                                     BENTO_IMPL_CAST(uint64_t, C) * 4u +                           \
                                     BENTO_IMPL_CAST(uint64_t, U) * BENTO_SPARSE_SET_WIDTH(C, IB, GB)); \
    enum { name##_COLUMN_COUNT_ = BENTO_IMPL_CAST(int, N) };                                       \
    BENTO_IMPL_TYPED(name, bento_sparse_set,                                                       \
                     BENTO_IMPL_SS_KEYS(U, C, IB, GB, N) + (region) +                              \
                     BENTO_IMPL_CAST(size_t, N) * sizeof(bento_sparse_set_column))                 \
    /* where the columns start */                                                                  \
    BENTO_WRAPPER unsigned char *name##_base_(const name *s_)                                      \
    {                                                                                              \
        return BENTO_IMPL_PTR_CAST(unsigned char *, BENTO_IMPL_UNCONST(bento_align_unit *, s_->storage_)) + \
               BENTO_IMPL_SS_KEYS(U, C, IB, GB, N);                                                \
    }                                                                                              \
    BENTO_WRAPPER bento_sparse_set_column *name##_descriptors_(name *s_)                           \
    {                                                                                              \
        return BENTO_IMPL_PTR_CAST(bento_sparse_set_column *, name##_base_(s_) + (region));        \
    }                                                                                              \
    BENTO_IMPL_FORWARD(uint32_t, name##_position_, (const name *x, uint32_t raw_),                 \
                       bento_impl_sparse_set_find(&x->generic_, raw_, BENTO_IMPL_SS_MASK(IB),      \
                                                  BENTO_IMPL_SS_TAG_SHIFT(C, IB), BENTO_IMPL_SS_LOST(C, IB, GB), \
                                                  BENTO_IMPL_SS_ENTRY_WIDE(C, IB, GB), (C)))       \
    BENTO_IMPL_FORWARD(name##_key, name##_key_at, (const name *x, uint32_t position_),             \
                       name##_key_(position_ < x->generic_.state.count ? x->generic_.dense[position_] \
                                                                       : (NUL)))                   \

/* The part after the columns: init, open and the operations that take keys. */
#define BENTO_IMPL_SS_END(name, IB, GB, U, C)                                                      \
    BENTO_WRAPPER bento_status name##_init(name *s_)                                               \
    {                                                                                              \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL);                                                       \
        name##_describe_(s_);                                                                      \
        return bento_sparse_set_init(&s_->generic_, s_->storage_,                                  \
                                     BENTO_SPARSE_SET_BYTES(U, C, IB, GB, name##_COLUMN_COUNT_), (U), \
                                     (C), (IB), (GB), name##_descriptors_(s_),                     \
                                     BENTO_IMPL_CAST(uint32_t, name##_COLUMN_COUNT_));             \
    }                                                                                              \
    BENTO_WRAPPER bento_status name##_open(name *s_)                                               \
    {                                                                                              \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL);                                                       \
        name##_describe_(s_);                                                                      \
        return bento_impl_sparse_set_open_as(&s_->generic_, s_->storage_,                          \
                                             BENTO_SPARSE_SET_BYTES(U, C, IB, GB, name##_COLUMN_COUNT_), \
                                             (U), (C), (IB), (GB), name##_descriptors_(s_),        \
                                             BENTO_IMPL_CAST(uint32_t, name##_COLUMN_COUNT_));     \
    }                                                                                              \
    BENTO_IMPL_FORWARD(bento_status, name##_remove, (name *x, name##_key key_),                    \
                       bento_sparse_set_remove(&x->generic_, name##_raw_(key_)))                   \
    BENTO_WRAPPER bool name##_contains(const name *s_, name##_key key_)                            \
    {                                                                                              \
        return name##_position_(s_, name##_raw_(key_)) != BENTO_NONE;                              \
    }                                                                                              \
    BENTO_WRAPPER uint32_t name##_index_of(const name *s_, name##_key key_)                        \
    {                                                                                              \
        return name##_position_(s_, name##_raw_(key_));                                            \
    }                                                                                              \
    BENTO_IMPL_FORWARD(const uint32_t *, name##_keys, (const name *x), x->generic_.dense)          \
    BENTO_IMPL_FORWARD(const bento_sparse_set *, name##_generic, (const name *x), &x->generic_)    \
    BENTO_WRAPPER bento_status name##_sort(name *s_, uint32_t n_, uint32_t by_,                    \
                                           bento_sparse_set_compare compare_, void *context_,      \
                                           bento_sparse_set_sort_mode mode_)                       \
    {                                                                                              \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL);                                                       \
        return bento_sparse_set_sort(&s_->generic_, n_, by_, compare_, context_, mode_);           \
    }                                                                                              \
    BENTO_IMPL_FORWARD(bento_status, name##_sort_radix, (name *x, uint32_t n_, void *scratch_, size_t bytes_), \
                       bento_sparse_set_sort_radix(&x->generic_, n_, scratch_, bytes_))            \
    BENTO_WRAPPER bento_status name##_sort_merge(name *s_, uint32_t n_, uint32_t by_,              \
                                                 bento_sparse_set_compare compare_, void *context_, \
                                                 void *scratch_, size_t bytes_)                    \
    {                                                                                              \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL);                                                       \
        return bento_sparse_set_sort_merge(&s_->generic_, n_, by_, compare_, context_, scratch_, bytes_); \
    }                                                                                              \
    BENTO_WRAPPER bento_status name##_sort_as(name *s_, const bento_sparse_set *other_)            \
    {                                                                                              \
        BENTO_ASSERT(s_ != BENTO_IMPL_NULL && other_ != BENTO_IMPL_NULL);                          \
        return bento_sparse_set_sort_as(&s_->generic_, other_);                                    \
    }                                                                                              \
    BENTO_IMPL_TYPED_END(name)

/* Typed joins of 2 to 16 sets. The sets are walked with BENTO_IMPL_SS_EACH(M, name, n, sets...),
 * which expands M(name, set, index) for each of the n sets, index counting from 0. */
#define BENTO_IMPL_SS_SETS(...)                                                                    \
    BENTO_IMPL_SS_SETS_(__VA_ARGS__, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,  \
                        9, 8, 7, 6, 5, 4, 3, 2, 1, x_)
#define BENTO_IMPL_SS_SETS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, \
                            a17, a18, a19, a20, a21, a22, a23, a24, n_, ...) n_
#define BENTO_IMPL_SS_FIRST(...) BENTO_IMPL_SS_FIRST_(__VA_ARGS__, x_)
#define BENTO_IMPL_SS_FIRST_(a, ...) a
#define BENTO_IMPL_SS_EACH(M, c, n, ...) BENTO_IMPL_SS_CAT(BENTO_IMPL_SS_E, n)(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E1(M, c, n, a) M(c, a, (n) - 1u)
#define BENTO_IMPL_SS_E2(M, c, n, a, ...) M(c, a, (n) - 2u) BENTO_IMPL_SS_E1(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E3(M, c, n, a, ...) M(c, a, (n) - 3u) BENTO_IMPL_SS_E2(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E4(M, c, n, a, ...) M(c, a, (n) - 4u) BENTO_IMPL_SS_E3(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E5(M, c, n, a, ...) M(c, a, (n) - 5u) BENTO_IMPL_SS_E4(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E6(M, c, n, a, ...) M(c, a, (n) - 6u) BENTO_IMPL_SS_E5(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E7(M, c, n, a, ...) M(c, a, (n) - 7u) BENTO_IMPL_SS_E6(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E8(M, c, n, a, ...) M(c, a, (n) - 8u) BENTO_IMPL_SS_E7(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E9(M, c, n, a, ...) M(c, a, (n) - 9u) BENTO_IMPL_SS_E8(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E10(M, c, n, a, ...) M(c, a, (n) - 10u) BENTO_IMPL_SS_E9(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E11(M, c, n, a, ...) M(c, a, (n) - 11u) BENTO_IMPL_SS_E10(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E12(M, c, n, a, ...) M(c, a, (n) - 12u) BENTO_IMPL_SS_E11(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E13(M, c, n, a, ...) M(c, a, (n) - 13u) BENTO_IMPL_SS_E12(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E14(M, c, n, a, ...) M(c, a, (n) - 14u) BENTO_IMPL_SS_E13(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E15(M, c, n, a, ...) M(c, a, (n) - 15u) BENTO_IMPL_SS_E14(M, c, n, __VA_ARGS__)
#define BENTO_IMPL_SS_E16(M, c, n, a, ...) M(c, a, (n) - 16u) BENTO_IMPL_SS_E15(M, c, n, __VA_ARGS__)

/* Sets of one key type: C11 says so with a message; C99 and C++ fail on the initialisation
 * in name_same_keys_ below instead. */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define BENTO_IMPL_SS_SAME_KEY(a, b) _Generic(*BENTO_IMPL_PTR_CAST(a *, 0), b: 1, default: 0)
#else
#define BENTO_IMPL_SS_SAME_KEY(a, b) 1
#endif

/* What each set of join `name` becomes (`s` the set type, `i` its index in the join). */
#define BENTO_IMPL_SS_J_KEY(name, s, i) &&BENTO_IMPL_SS_SAME_KEY(name##_key, s##_key)
#define BENTO_IMPL_SS_J_SAME(name, s, i) { s##_key s##_join_key_ = k_; BENTO_IMPL_CAST(void, s##_join_key_); }
#define BENTO_IMPL_SS_J_ROW(name, s, i) s##_row s;
#define BENTO_IMPL_SS_J_PARAM(name, s, i) , const s *s##_join_in_
/* the typed set itself, as its first member: it is read back as the typed set, whose storage
 * lies beyond the member (compilers that track object sizes see the whole object) */
#define BENTO_IMPL_SS_J_SET(name, s, i)                                                            \
    BENTO_ASSERT(s##_join_in_ != BENTO_IMPL_NULL);                                                 \
    j_->set_[i] = BENTO_IMPL_CONST_PTR_CAST(const bento_sparse_set *, s##_join_in_);
/* the key's position in set i: the walk's own in the driver d_, a lookup in the others */
#define BENTO_IMPL_SS_J_FIND(name, s, i)                                                           \
    &&(d_ == (i) ? (p_[i] = at_, true)                                                             \
                 : (p_[i] = s##_position_(BENTO_IMPL_CONST_PTR_CAST(const s *, j_->set_[i]), k_)) != BENTO_NONE)
#define BENTO_IMPL_SS_J_FILL(name, s, i) j_->s = s##_row_(BENTO_IMPL_CONST_PTR_CAST(const s *, j_->set_[i]), p_[i]);

/* (the first set's name is expanded here, before it is pasted) */
#define BENTO_IMPL_SS_JOIN(name, n, ...) BENTO_IMPL_SS_JOIN_AS(name, n, BENTO_IMPL_SS_FIRST(__VA_ARGS__), __VA_ARGS__)
#define BENTO_IMPL_SS_JOIN_AS(name, n, first_, ...) BENTO_IMPL_SS_JOIN_(name, n, first_, __VA_ARGS__)
#define BENTO_IMPL_SS_JOIN_(name, n, first_, ...)                                                  \
    BENTO_IMPL_TYPED_BEGIN                                                                         \
    BENTO_STATIC_ASSERT((n) >= 2 && (n) <= 16, name##_joins_2_to_16_sets);                         \
    typedef first_##_key name##_key;                                                               \
    BENTO_STATIC_ASSERT(1 BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_KEY, name, n, __VA_ARGS__),           \
                        name##_joins_sets_of_one_key_type);                                        \
    BENTO_IMPL_STRUCTS_BEGIN                                                                       \
    typedef struct name {                                                                          \
        name##_key key;                                                                            \
        BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_ROW, name, n, __VA_ARGS__)                              \
        const bento_sparse_set *set_[n];                                                           \
        const uint32_t *keys_;                                                                     \
        uint32_t next_, end_, driver_;                                                             \
    } name;                                                                                        \
    BENTO_IMPL_STRUCTS_END                                                                         \
    BENTO_WRAPPER void name##_same_keys_(name##_key k_)                                            \
    {                                                                                              \
        BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_SAME, name, n, __VA_ARGS__)                             \
    }                                                                                              \
    BENTO_WRAPPER void name##_init(name *j_ BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_PARAM, name, n, __VA_ARGS__)) \
    {                                                                                              \
        uint32_t i_;                                                                               \
        BENTO_ASSERT(j_ != BENTO_IMPL_NULL);                                                       \
        BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_SET, name, n, __VA_ARGS__)                              \
        j_->driver_ = 0u;                                                                          \
        for (i_ = 1u; i_ < (n); i_++) {                                                            \
            if (j_->set_[i_]->state.count < j_->set_[j_->driver_]->state.count) {                  \
                j_->driver_ = i_;                                                                  \
            }                                                                                      \
        }                                                                                          \
        j_->keys_ = j_->set_[j_->driver_]->dense;                                                  \
        j_->end_ = j_->set_[j_->driver_]->state.count;                                             \
        j_->next_ = 0u;                                                                            \
    }                                                                                              \
    BENTO_WRAPPER bool name##_next(name *j_)                                                       \
    {                                                                                              \
        uint32_t p_[n], at_, k_, d_;                                                               \
        BENTO_ASSERT(j_ != BENTO_IMPL_NULL);                                                       \
        d_ = j_->driver_;                                                                          \
        do {                                                                                       \
            if (j_->next_ >= j_->end_) {                                                           \
                return false;                                                                      \
            }                                                                                      \
            at_ = j_->next_++;                                                                     \
            k_ = j_->keys_[at_];                                                                   \
        } while (!(true BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_FIND, name, n, __VA_ARGS__)));          \
        j_->key = first_##_key_(k_);                                                               \
        BENTO_IMPL_SS_EACH(BENTO_IMPL_SS_J_FILL, name, n, __VA_ARGS__)                             \
        return true;                                                                               \
    }                                                                                              \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_SPARSE_SET_H */
