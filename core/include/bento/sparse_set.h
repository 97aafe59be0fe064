/* SPDX-License-Identifier: MIT */
/*
 * bento/sparse_set.h - a sparse set of 32-bit keys with parallel dense columns.
 *
 * A key is a plain 32-bit id or a generational handle (bento/handle.h). Its low `index_bits`
 * bits (all 32 for plain ids) select an entry of the sparse array; that entry holds the key's
 * position in the dense array, and the dense array holds the whole key. A key is present only
 * when both agree, so a handle whose generation is stale is simply absent.
 *
 *     sparse   universe entries: dense position of the key whose index is i (or garbage)
 *     dense    capacity keys, positions [0, count) live, in iteration order
 *     columns  any number of caller arrays of capacity elements each, kept in step with dense:
 *              the element at position p of every column belongs to the key dense[p]
 *
 * The universe (the sparse array's length: how many distinct indices a key can have) and the
 * capacity (how many keys can be present at once) are chosen separately: 4096 entities of which
 * at most 256 carry a component cost 4096 sparse entries but only 256 dense slots.
 *
 * Sparse entries are as narrow as the capacity allows: 16 bits when capacity <= 65535,
 * 32 bits beyond. BENTO_SPARSE_SET_BYTES gives the buffer size for a pair (universe,
 * capacity); the width is a pure function of the capacity.
 *
 * Removal is swap-and-pop: the last key and its column elements move into the hole, so
 * iteration is a plain loop over bento_sparse_set_keys() and the column arrays. Sorting,
 * sort_as and remove change positions; a pointer into a column stays valid until a remove,
 * sort or sort_as moves that element (insert moves nothing).
 *
 * The buffers hold indices only, never pointers. The set struct points at the caller's
 * buffer and at the caller's column descriptors, which must outlive the set unchanged.
 *
 * Not thread-safe: a set must be used from one context at a time. Read-only functions
 * (contains, index_of, get, keys, join iteration) may run concurrently with each other.
 *
 * Bad input never causes undefined behaviour: any key, stale or forged, any position, any
 * sort range gets a status or a miss. The set's own buffer is trusted; memory damaged by
 * something else is what bento_sparse_set_check reports (BENTO_E_CORRUPT), and the other
 * functions assume a buffer that passes it.
 *
 * Typed sets with storage embedded: BENTO_SPARSE_SET_TYPE (keys only) and
 * BENTO_COMPONENT_SET_TYPE (keys plus one column of a type) at the end of this file.
 */
#ifndef BENTO_SPARSE_SET_H
#define BENTO_SPARSE_SET_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The answer of index_of for an absent key; never a valid dense position. */
#define BENTO_SPARSE_SET_NONE UINT32_MAX

/* Capacities up to this many elements get 16-bit sparse entries; larger ones 32-bit. */
#define BENTO_SPARSE_SET_NARROW_MAX 65535u

/* Bytes per sparse entry for a capacity (a constant expression when capacity is). */
#define BENTO_SPARSE_SET_WIDTH(capacity) ((size_t)(capacity) <= BENTO_SPARSE_SET_NARROW_MAX ? 2u : 4u)

/*
 * Bytes of caller memory for the keys of a set (columns are separate): the dense keys, then
 * the sparse array. A constant expression when the arguments are.
 */
#define BENTO_SPARSE_SET_BYTES(universe, capacity)                                                \
    ((size_t)(capacity) * 4u +                                                                    \
     BENTO_ALIGN_UP((size_t)(universe) * BENTO_SPARSE_SET_WIDTH(capacity), 4u))

/*
 * A column: `size`-byte elements, one per dense position, in caller memory of `bytes` bytes
 * (at least capacity * size). The set moves elements with a copy that is word-wise when it
 * can and bytewise otherwise, so it asks no alignment of `data`; align it for the element
 * type (an array of that type is). Fill the three fields, then pass an array of them to
 * bento_sparse_set_init.
 */
typedef struct bento_sparse_column {
    void *data;
    size_t bytes;
    uint32_t size;
} bento_sparse_column;

typedef struct bento_sparse_set {
    uint32_t *dense;                     /* capacity keys */
    void *sparse;                        /* universe entries of uint16_t or uint32_t */
    const bento_sparse_column *columns;  /* column_count caller descriptors */
    uint32_t column_count;
    uint32_t universe;
    uint32_t capacity;
    uint32_t count;
    uint32_t index_mask;                 /* the key bits that index the sparse array */
    uint8_t wide;                        /* 1: 32-bit sparse entries, 0: 16-bit */
    /* where a failed init points dense and sparse: lookups, which read entry 0 and dense[0]
       even for an absent key, then read these and find nothing */
    uint16_t no_entries[2];
    uint32_t no_keys[1];
} bento_sparse_set;

/*
 * Carve a set out of `memory` (`bytes` long) with `column_count` columns described by
 * `columns` (NULL when column_count is 0). 1 <= index_bits <= 32; 1 <= universe <=
 * 2^index_bits; 1 <= capacity <= universe; universe <= SIZE_MAX / 16 (2^28 - 1 where size_t
 * is 32 bits wide, so that no size computation can wrap).
 * Returns BENTO_E_ARGUMENT for a parameter out of range (a NULL memory, a column with a NULL
 * data pointer or size 0), BENTO_E_ALIGN when memory is not 4-byte aligned, BENTO_E_SIZE
 * when bytes < BENTO_SPARSE_SET_BYTES(universe, capacity) or a column holds fewer than
 * capacity elements. On failure the set is left
 * unusable (universe and capacity 0): insert answers BENTO_E_ARGUMENT, lookups find
 * nothing. O(universe): the sparse array is zeroed so that no entry is ever read
 * uninitialised.
 */
bento_status bento_sparse_set_init(bento_sparse_set *set, void *memory, size_t bytes,
                                   uint32_t universe, uint32_t capacity, unsigned index_bits,
                                   const bento_sparse_column *columns, uint32_t column_count);

/*
 * Insert `key` at the end of the dense array; on BENTO_OK *position (when not NULL) is its
 * dense position, where its column elements are, uninitialised. BENTO_E_ARGUMENT when the
 * key's index is >= universe, BENTO_E_EXISTS when a key with the same index is present (the
 * same key, or another generation of it: remove that one first), BENTO_E_FULL when count ==
 * capacity. The set is unchanged on failure. O(1).
 */
bento_status bento_sparse_set_insert(bento_sparse_set *set, uint32_t key, uint32_t *position);

/*
 * Remove `key`: the last key and its column elements move into its place (swap-and-pop).
 * BENTO_E_NOT_FOUND when the key is absent (never inserted, removed, a stale generation, or
 * outside the universe); the set is unchanged then. O(1) plus one element copy per column.
 */
bento_status bento_sparse_set_remove(bento_sparse_set *set, uint32_t key);

/* Remove every key. O(1). */
void bento_sparse_set_clear(bento_sparse_set *set);

/*
 * Verify the invariants: count <= capacity, every live key's index is inside the universe
 * and its sparse entry points back at its dense position, no index twice. BENTO_OK or
 * BENTO_E_CORRUPT. O(count).
 */
bento_status bento_sparse_set_check(const bento_sparse_set *set);

/* Internal: the sparse entry for index i, with the entry width as an argument. */
static inline uint32_t bento__sparse_set_entry(const bento_sparse_set *set, uint32_t i, bool wide)
{
    return wide ? ((const uint32_t *)set->sparse)[i] : ((const uint16_t *)set->sparse)[i];
}

/* Internal: index_of with the entry width as an argument, so typed wrappers pass a constant. */
static inline uint32_t bento__sparse_set_find(const bento_sparse_set *set, uint32_t key, bool wide)
{
    uint32_t i = key & set->index_mask;
    uint32_t position;
    uint32_t live;
    uint32_t miss;
    /* an index outside the universe reads entry 0 instead: no key stored there can equal
       this one, whose index no stored key has */
    i = i < set->universe ? i : 0u;
    position = bento__sparse_set_entry(set, i, wide);
    /* The entry may be stale: the dense array has the last word. Both tests are folded into
       one with masks, and an entry beyond count reads dense[0] instead, so that a lookup that
       misses half the time costs no mispredicted branch and never reads outside the keys. */
    live = 0u - (uint32_t)(position < set->count); /* all ones for a live position */
    miss = (set->dense[position & live] ^ key) | ~live;
    return miss == 0u ? position : BENTO_SPARSE_SET_NONE;
}

/* Dense position of `key`, or BENTO_SPARSE_SET_NONE when it is absent. O(1). */
static inline uint32_t bento_sparse_set_index_of(const bento_sparse_set *set, uint32_t key)
{
    return bento__sparse_set_find(set, key, set->wide != 0u);
}

/* True when `key` is present (a stale generation of it is not). O(1). */
static inline bool bento_sparse_set_contains(const bento_sparse_set *set, uint32_t key)
{
    return bento_sparse_set_index_of(set, key) != BENTO_SPARSE_SET_NONE;
}

/* Keys present. */
static inline uint32_t bento_sparse_set_count(const bento_sparse_set *set) { return set->count; }

/* Capacity given at init. */
static inline uint32_t bento_sparse_set_capacity(const bento_sparse_set *set) { return set->capacity; }

/* The dense keys, bento_sparse_set_count() of them, in iteration order. */
static inline const uint32_t *bento_sparse_set_keys(const bento_sparse_set *set) { return set->dense; }

/* Column `column`'s dense elements (parallel to the keys), or NULL for a column out of range. */
static inline void *bento_sparse_set_column(const bento_sparse_set *set, uint32_t column)
{
    return column < set->column_count ? set->columns[column].data : NULL;
}

/*
 * The element of column `column` that belongs to `key`, or NULL when the key is absent or
 * the column out of range. O(1).
 */
static inline void *bento_sparse_set_get(const bento_sparse_set *set, uint32_t key, uint32_t column)
{
    const uint32_t position = bento_sparse_set_index_of(set, key);
    if (position == BENTO_SPARSE_SET_NONE || column >= set->column_count) {
        return NULL;
    }
    return (unsigned char *)set->columns[column].data + (size_t)position * set->columns[column].size;
}

/*
 * Comparator for sorting: negative when a sorts before b, zero when equal, positive after.
 * a and b point at two keys (uint32_t) or at two elements of the sort column.
 */
typedef int (*bento_compare_fn)(const void *a, const void *b, void *context);

/* Sort by the keys themselves rather than by a column. */
#define BENTO_SPARSE_SET_BY_KEY UINT32_MAX

typedef enum bento_sort_mode {
    /* heapsort (bottom-up): O(n log n) worst case, no recursion, no extra memory */
    BENTO_SORT_HEAP = 0,
    /* insertion sort: O(n + inversions), the fast choice for nearly sorted data, such as an
       order kept from one frame to the next; O(n^2) in the worst case; stable */
    BENTO_SORT_INSERTION = 1
} bento_sort_mode;

/*
 * Sort the first n keys (positions [0, n); n = count sorts everything) in place, with every
 * column following its key. `by` is BENTO_SPARSE_SET_BY_KEY to compare keys or a column index
 * to compare that column's elements. `compare` NULL orders keys ascending as unsigned numbers
 * (only with BENTO_SPARSE_SET_BY_KEY); `context` is passed through to compare.
 *
 * Method: the keys are sorted first while the sparse array still records where each key's
 * elements are (that also lets a column comparator read them without moving them); then the
 * permutation is applied to the columns by walking its cycles, so each element moves once per
 * column, and the sparse entries are rewritten as each cycle closes. A walk carries a 32-byte
 * window of the row (the elements of every column at one position, end to end): rows up to
 * 32 bytes take one walk per cycle, longer ones one per 32 bytes. Extra memory: 32 bytes of
 * stack. The heap sort's comparisons and the walks read the sparse array at random, which
 * costs cache misses on large sets: bento_sparse_set_sort_merge (any order) and
 * bento_sparse_set_sort_radix (ascending keys) trade caller scratch memory for speed.
 *
 * BENTO_E_ARGUMENT when n > count, `by` is neither BENTO_SPARSE_SET_BY_KEY nor a column, or
 * compare is NULL with a column; the set is unchanged then. O(n log n) comparisons worst case
 * with BENTO_SORT_HEAP (not stable), O(n + inversions) with BENTO_SORT_INSERTION (stable),
 * plus O(n) element moves per column. The comparator must not touch the set.
 */
bento_status bento_sparse_set_sort(bento_sparse_set *set, uint32_t n, uint32_t by,
                                   bento_compare_fn compare, void *context, bento_sort_mode mode);

/* Bytes of scratch memory bento_sparse_set_sort_radix needs to sort n keys. */
#define BENTO_SPARSE_SET_RADIX_BYTES(n) (((size_t)(n) * 3u + 256u) * 4u)

/*
 * Sort the first n keys ascending as unsigned numbers, with every column following its key,
 * using caller scratch memory: an LSD radix sort (stable; one pass per key byte, a pass
 * skipped when every key has the same byte there), then the permutation applied to the
 * columns cycle by cycle as bento_sparse_set_sort does, reading each element's source from
 * the scratch array instead of the sparse array. Several times faster than the heap sort on
 * large sets, whose comparisons and cycle walks miss the cache; it is the one to use when
 * bytes can be spared. `scratch`: BENTO_SPARSE_SET_RADIX_BYTES(n) bytes, 4-byte aligned, any
 * content; it is overwritten.
 *
 * BENTO_E_ARGUMENT when n > count or scratch is NULL, BENTO_E_ALIGN when scratch is not
 * 4-byte aligned, BENTO_E_SIZE when bytes is too small; the set is unchanged then.
 * O(n) time (at most 4 passes), plus O(n) element moves per column.
 */
bento_status bento_sparse_set_sort_radix(bento_sparse_set *set, uint32_t n, void *scratch,
                                         size_t bytes);

/* Bytes of scratch memory bento_sparse_set_sort_merge needs to sort n keys. */
#define BENTO_SPARSE_SET_MERGE_BYTES(n) ((size_t)(n) * 12u)

/*
 * Sort the first n keys like bento_sparse_set_sort (same `by`, `compare` and `context`), with
 * caller scratch memory: a bottom-up merge sort of (key, original position) pairs, stable,
 * O(n log n) comparisons in every case, no recursion; then the permutation is applied to the
 * columns cycle by cycle, each element moving once per column. A column comparator reads the
 * elements at their tracked positions instead of through the sparse array, and the merges
 * read sequentially: on large sets a column sort runs about 4 times faster than with the
 * heap sort (with a comparator on keys the two are close, both bound by the calls).
 * `scratch`: BENTO_SPARSE_SET_MERGE_BYTES(n) bytes, 4-byte aligned, any content; overwritten.
 *
 * BENTO_E_ARGUMENT for the arguments bento_sparse_set_sort refuses or a NULL scratch,
 * BENTO_E_ALIGN when scratch is not 4-byte aligned, BENTO_E_SIZE when bytes is too small;
 * the set is unchanged then. The comparator must not touch the set.
 */
bento_status bento_sparse_set_sort_merge(bento_sparse_set *set, uint32_t n, uint32_t by,
                                         bento_compare_fn compare, void *context, void *scratch,
                                         size_t bytes);

/*
 * Order `set` like `other`: the keys present in both come first, in other's order, then the
 * rest in an unspecified order. Keys are matched whole (a stale generation does not match).
 * A heap sort of this set ranked by position in `other`, so it is O(n log n) with n this
 * set's count, no extra memory, each element moved once per column; `other` == `set` leaves
 * it as it is. Always BENTO_OK (the status leaves room for a future check).
 */
bento_status bento_sparse_set_sort_as(bento_sparse_set *set, const bento_sparse_set *other);

/*
 * Join: iterate the keys present in every one of N sets, driven by the smallest (the set with
 * the fewest keys at init), with each set's dense position of the key, hence its column
 * elements. The sets must not change while a join runs.
 *
 *     const bento_sparse_set *sets[2] = {&positions, &velocities};
 *     uint32_t at[2], key;
 *     bento_sparse_join join;
 *     bento_sparse_join_init(&join, sets, 2, at);
 *     while (bento_sparse_join_next(&join, &key)) {
 *         vec2 *p = bento_sparse_join_get(&join, 0, 0);
 *         const vec2 *v = bento_sparse_join_get(&join, 1, 0);
 *         ...
 *     }
 */
typedef struct bento_sparse_join {
    const bento_sparse_set *const *sets;
    uint32_t *positions; /* one per set: the current key's dense position in that set */
    uint32_t set_count;
    uint32_t driver;     /* the set whose keys are walked */
    uint32_t next;       /* next dense position of the driver */
} bento_sparse_join;

/*
 * Start a join over `set_count` sets; `positions` is caller memory for set_count positions.
 * BENTO_E_ARGUMENT when set_count is 0 or sets, positions or one of the sets is NULL; the
 * join then yields nothing. O(set_count).
 */
bento_status bento_sparse_join_init(bento_sparse_join *join, const bento_sparse_set *const *sets,
                                    uint32_t set_count, uint32_t *positions);

/*
 * Advance to the next key present in every set: true with *key set and positions[] filled,
 * or false when the driver is exhausted. O(set_count) per driver key visited.
 */
static inline bool bento_sparse_join_next(bento_sparse_join *join, uint32_t *key)
{
    const bento_sparse_set *const *sets = join->sets;
    const uint32_t set_count = join->set_count;
    const uint32_t driver = join->driver;
    const bento_sparse_set *walked;
    uint32_t next = join->next;
    uint32_t end;
    if (set_count == 0u) {
        return false;
    }
    /* locals, not fields: the stores to positions[] could alias them and force reloads */
    walked = sets[driver];
    end = walked->count;
    if (set_count == 2u) {
        /* the common pair, without the loop over sets */
        const bento_sparse_set *other = sets[driver ^ 1u];
        while (next < end) {
            const uint32_t k = walked->dense[next];
            const uint32_t p = bento_sparse_set_index_of(other, k);
            next++;
            if (p != BENTO_SPARSE_SET_NONE) {
                join->positions[driver] = next - 1u;
                join->positions[driver ^ 1u] = p;
                join->next = next;
                *key = k;
                return true;
            }
        }
    }
    while (next < end) {
        const uint32_t position = next++;
        const uint32_t k = walked->dense[position];
        uint32_t s;
        for (s = 0u; s < set_count; s++) {
            const uint32_t p = s == driver ? position : bento_sparse_set_index_of(sets[s], k);
            if (p == BENTO_SPARSE_SET_NONE) {
                break;
            }
            join->positions[s] = p;
        }
        if (s == set_count) {
            join->next = next;
            *key = k;
            return true;
        }
    }
    join->next = next;
    return false;
}

/*
 * Column `column` of set number `set` for the current key of the join, or NULL for a set or
 * column out of range. Valid after bento_sparse_join_next returned true. O(1).
 */
static inline void *bento_sparse_join_get(const bento_sparse_join *join, uint32_t set, uint32_t column)
{
    const bento_sparse_set *s;
    if (set >= join->set_count) {
        return NULL;
    }
    s = join->sets[set];
    if (column >= s->column_count) {
        return NULL;
    }
    return (unsigned char *)s->columns[column].data + (size_t)join->positions[set] * s->columns[column].size;
}

/*
 * BENTO_SPARSE_SET_TYPE(name, universe, capacity, index_bits) declares a keys-only set with
 * its storage:
 *   name                                 the set type (member `set` is the bento_sparse_set)
 *   name_init(name *)                    -> bento_status (BENTO_OK for a well-formed type)
 *   name_insert(name *, uint32_t key), name_remove(name *, uint32_t key) -> bento_status
 *   name_contains(const name *, key) -> bool, name_index_of(const name *, key) -> uint32_t
 *   name_count, name_keys, name_clear
 * Lookups use the sparse width as a constant. Fails to compile when capacity is 0, exceeds
 * universe, or universe does not fit in index_bits. Do not copy a set object after init.
 */
#define BENTO__SPARSE_SET_CHECKS(name, universe_, capacity_, index_bits_)                          \
    BENTO_STATIC_ASSERT((index_bits_) >= 1 && (index_bits_) <= 32, name##_index_bits_must_be_from_1_to_32);   \
    BENTO_STATIC_ASSERT((capacity_) >= 1 && (uint64_t)(capacity_) <= (uint64_t)(universe_),       \
                        name##_capacity_must_be_from_1_to_universe);                                  \
    BENTO_STATIC_ASSERT((uint64_t)(universe_) <= ((uint64_t)1 << (index_bits_)),                  \
                        name##_universe_does_not_fit_in_index_bits)

#define BENTO__SPARSE_SET_COMMON(name, capacity_)                                                  \
    BENTO_WRAPPER uint32_t name##_index_of(const name *s, uint32_t key)                           \
    {                                                                                             \
        return bento__sparse_set_find(&s->set, key, (uint64_t)(capacity_) > BENTO_SPARSE_SET_NARROW_MAX); \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *s, uint32_t key)                               \
    {                                                                                             \
        return name##_index_of(s, key) != BENTO_SPARSE_SET_NONE;                                  \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_remove(name *s, uint32_t key)                               \
    {                                                                                             \
        return bento_sparse_set_remove(&s->set, key);                                             \
    }                                                                                             \
    BENTO_WRAPPER void name##_clear(name *s) { bento_sparse_set_clear(&s->set); }                 \
    BENTO_WRAPPER uint32_t name##_count(const name *s) { return s->set.count; }                   \
    BENTO_WRAPPER const uint32_t *name##_keys(const name *s) { return s->set.dense; }

#define BENTO_SPARSE_SET_TYPE(name, universe_, capacity_, index_bits_)                             \
    BENTO__SPARSE_SET_CHECKS(name, universe_, capacity_, index_bits_);                            \
    typedef struct name {                                                                         \
        bento_sparse_set set;                                                                     \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(universe_, capacity_))]; \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *s)                                               \
    {                                                                                             \
        return bento_sparse_set_init(&s->set, s->storage, sizeof s->storage, (universe_),         \
                                     (capacity_), (index_bits_), NULL, 0u);                       \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *s, uint32_t key)                               \
    {                                                                                             \
        return bento_sparse_set_insert(&s->set, key, NULL);                                       \
    }                                                                                             \
    BENTO__SPARSE_SET_COMMON(name, capacity_)                                                     \
    typedef int name##_defined_ /* swallow the caller's semicolon */

/*
 * BENTO_COMPONENT_SET_TYPE(name, T, universe, capacity, index_bits): a set with one column
 * of T, the component storage of an ECS. Everything BENTO_SPARSE_SET_TYPE declares, except
 * that insert hands out the element, plus:
 *   name_insert(name *, uint32_t key, T **value) -> bento_status (*value uninitialised)
 *   name_get(const name *, uint32_t key) -> T * or NULL
 *   name_values(const name *) -> T *  (parallel to name_keys)
 * T's alignment must be at most BENTO_MAX_ALIGN.
 */
#define BENTO_COMPONENT_SET_TYPE(name, T, universe_, capacity_, index_bits_)                       \
    BENTO__SPARSE_SET_CHECKS(name, universe_, capacity_, index_bits_);                            \
    typedef struct name {                                                                         \
        bento_sparse_set set;                                                                     \
        bento_sparse_column column;                                                               \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(universe_, capacity_))]; \
        bento_align_unit values[BENTO_ALIGN_UNITS((size_t)(capacity_) * sizeof(T))];               \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *s)                                               \
    {                                                                                             \
        s->column.data = s->values;                                                               \
        s->column.bytes = sizeof s->values;                                                       \
        s->column.size = (uint32_t)sizeof(T);                                                     \
        return bento_sparse_set_init(&s->set, s->storage, sizeof s->storage, (universe_),         \
                                     (capacity_), (index_bits_), &s->column, 1u);                 \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *s, uint32_t key, T **value)                    \
    {                                                                                             \
        uint32_t position;                                                                        \
        bento_status status = bento_sparse_set_insert(&s->set, key, &position);                   \
        if (value != NULL) {                                                                      \
            *value = status == BENTO_OK ? (T *)(void *)s->values + position : NULL;               \
        }                                                                                         \
        return status;                                                                            \
    }                                                                                             \
    BENTO__SPARSE_SET_COMMON(name, capacity_)                                                     \
    BENTO_WRAPPER T *name##_values(const name *s) { return (T *)(void *)s->column.data; }         \
    BENTO_WRAPPER T *name##_get(const name *s, uint32_t key)                                      \
    {                                                                                             \
        const uint32_t position = name##_index_of(s, key);                                        \
        return position == BENTO_SPARSE_SET_NONE ? NULL : name##_values(s) + position;            \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_SPARSE_SET_H */
