/* SPDX-License-Identifier: MIT */
/*
 * bento/paged_set.h - a sparse set of 32-bit keys whose values never move.
 *
 * A key is a 32-bit id; its low `index_bits` bits are its index (below `universe`), the rest
 * may be a generation. Like any sparse set it answers get/contains/insert/remove in O(1) and
 * keeps its keys in a dense array for iteration. Unlike a sparse set with dense value columns,
 * a value is stored beside its sparse entry, in a page, and stays where it is until its own
 * key is removed: a pointer returned by insert or get stays valid across any number of other
 * inserts and removes. That is what lets other structures point at a value.
 *
 * Pages: the index space is cut into pages of `page_size` consecutive indices (a power of two,
 * >= 2). A page holds, for each of its indices, the key's dense position (uint32_t, or
 * BENTO_PAGED_SET_NONE) and the value:
 *     positions  page_size * uint32_t
 *     values     page_size * value_size bytes, starting at offset 4 * page_size
 * that is BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size) bytes, or the type declared by
 * BENTO_PAGED_SET_PAGE_TYPE. Pages are blocks of a bento_block_pool (bento/block_pool.h) that
 * the caller provides: a page is taken the first time one of its indices is inserted and
 * given back when its last key is removed, so several sets can share one pool of pages and
 * memory follows the keys actually present rather than the universe.
 *
 * Memory layout inside the set's caller buffer (BENTO_PAGED_SET_BYTES(capacity, universe,
 * page_size) bytes, 4-byte aligned):
 *     dense       capacity * uint32_t      the keys, positions [0, count)
 *     page_table  page_count * uint32_t    where each page is: its offset from the pool's
 *                                          first block in 4-byte words, or NONE
 *     page_live   page_count * uint32_t    keys present in each page
 * with page_count = ceil(universe / page_size). The buffer and the pages hold indices only,
 * never pointers.
 *
 * Generations: the dense array holds the whole key, so a key whose index is present under
 * another generation is absent (get NULL, remove BENTO_E_NOT_FOUND), and inserting it is
 * refused with BENTO_E_EXISTS until the other generation is removed: one value per index.
 *
 * Not thread-safe: a set must be used from one context at a time, and so must the page pool
 * (unless the pool's critical section is enabled, see bento/block_pool.h; the set itself is
 * still not safe to share).
 */
#ifndef BENTO_PAGED_SET_H
#define BENTO_PAGED_SET_H

#include <bento/block_pool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A page slot with no key, and a page table entry with no page. */
#define BENTO_PAGED_SET_NONE 0xffffffffu

typedef struct bento_paged_set {
    uint32_t *dense;         /* capacity keys, positions [0, count) live */
    uint32_t *page_table;    /* page_count word offsets into the pool's blocks, or NONE */
    uint32_t *page_live;     /* page_count counts of keys present */
    bento_block_pool *pages; /* where pages come from and go back to */
    uint32_t *page_base;     /* the pool's first block, cached for get */
    uint32_t page_limit;     /* table entries at or above it are no page (a page would not fit) */
    uint32_t value_size;
    uint32_t capacity;
    uint32_t count;
    uint32_t universe;
    uint32_t page_count;
    uint32_t pages_held;     /* pages taken from the pool and not yet given back */
    uint32_t index_mask;
    uint8_t page_shift;
} bento_paged_set;

/* Pages needed to cover `universe` indices (a constant expression when the arguments are). */
#define BENTO_PAGED_SET_PAGES(universe, page_size) \
    (((size_t)(universe) + (size_t)(page_size) - 1u) / (size_t)(page_size))

/* Bytes of one page: the block size to give the page pool. */
#define BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size) \
    ((size_t)(page_size) * 4u + (size_t)(page_size) * (size_t)(value_size))

/* Bytes of caller memory for the set itself (pages not included). */
#define BENTO_PAGED_SET_BYTES(capacity, universe, page_size) \
    ((size_t)(capacity) * 4u + BENTO_PAGED_SET_PAGES(universe, page_size) * 8u)

/*
 * Set up a set over `memory` (`bytes` long, 4-byte aligned) drawing pages from `pages`, an
 * initialised block pool (its blocks may already be in use by other sets). O(page_count):
 * the page table is cleared; the pool is not touched.
 * Preconditions: 1 <= index_bits <= 32; 1 <= universe <= 2^index_bits; page_size a power of
 * two, 2 <= page_size <= 2^24; 1 <= capacity <= universe; 1 <= value_size <= 2^24.
 * Returns BENTO_E_ARGUMENT for a parameter out of range (also NULL memory or pages),
 * BENTO_E_ALIGN for a misaligned buffer or when the pool's blocks are not aligned enough for
 * the values (the value's natural alignment, the largest power of two dividing value_size
 * capped at 8, must divide the pool's stride and the pool's buffer address), BENTO_E_SIZE
 * when bytes < BENTO_PAGED_SET_BYTES(...) or the pool's blocks are smaller than
 * BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size). On failure the set is empty with a
 * universe of 0: every insert answers BENTO_E_ARGUMENT, every get NULL.
 * The pool must stay initialised (not re-initialised) for as long as the set uses it.
 */
bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits);

/*
 * Insert `key`. On BENTO_OK, *value (if value is not NULL) points to its uninitialised
 * storage, which stays put until the key is removed or the set cleared. Failures leave the
 * set unchanged and set *value to NULL:
 *   BENTO_E_ARGUMENT  the key's index is >= universe;
 *   BENTO_E_EXISTS    the key, or another key with the same index, is present;
 *   BENTO_E_FULL      count == capacity, or the key needs a new page and the pool has none;
 *   BENTO_E_CORRUPT   the pool reports a damaged free list, or the key's page table entry
 *                     is neither a page nor NONE.
 * O(1); O(page_size) when a page is taken (its positions are cleared).
 */
bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value);

/*
 * Remove `key`. The last key in the dense array moves into its position; no value moves.
 * When the key was the last one in its page, the page goes back to the pool. BENTO_OK, or
 * BENTO_E_NOT_FOUND when the key is absent (the set is unchanged then), or BENTO_E_CORRUPT
 * when the pool refuses the page back (the key is removed all the same). O(1).
 */
bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key);

/* Remove every key and give every page back to the pool. O(count): one pass over the keys. */
void bento_paged_set_clear(bento_paged_set *set);

/*
 * Verify the invariants: every dense key points at a page slot that points back at it, page
 * counts match, every held page is a live block of the pool, no other slot holds a position.
 * BENTO_OK, or BENTO_E_CORRUPT. O(page_count + pages_held * page_size), no recursion.
 */
bento_status bento_paged_set_check(const bento_paged_set *set);

/* Internal: get with the page shift and value size as arguments, so typed wrappers can pass
 * constants. */
static inline void *bento__paged_set_get(const bento_paged_set *set, uint32_t key,
                                         unsigned page_shift, size_t value_size)
{
    /* every field read up front, unconditionally, so that a loop of gets keeps them in
     * registers instead of reloading them behind each branch */
    const uint32_t *const table = set->page_table;
    uint32_t *const base = set->page_base;
    const uint32_t *const dense = set->dense;
    const uint32_t page_count = set->page_count;
    const uint32_t limit = set->page_limit;
    const uint32_t count = set->count;
    const uint32_t index = key & set->index_mask;
    const uint32_t page = index >> page_shift;
    const uint32_t slot = index & ((1u << page_shift) - 1u);
    uint32_t *positions;
    uint32_t offset;
    uint32_t position;
    if (page >= page_count) {
        return NULL;
    }
    offset = table[page];
    if (offset >= limit) { /* NONE, or a damaged entry: never read outside the pool */
        return NULL;
    }
    /* a word offset rather than a block index: no multiply on the way to the page */
    positions = base + offset;
    position = positions[slot];
    if (position >= count || dense[position] != key) {
        return NULL;
    }
    return (unsigned char *)(positions + ((size_t)1u << page_shift)) + (size_t)slot * value_size;
}

/*
 * The value of `key`, or NULL when the key is absent (also for another generation of a
 * present index, or an index beyond the universe). O(1), inline.
 */
static inline void *bento_paged_set_get(const bento_paged_set *set, uint32_t key)
{
    return bento__paged_set_get(set, key, set->page_shift, set->value_size);
}

/* True when `key` is present. O(1). */
static inline bool bento_paged_set_contains(const bento_paged_set *set, uint32_t key)
{
    return bento_paged_set_get(set, key) != NULL;
}

/* Keys present. */
static inline uint32_t bento_paged_set_count(const bento_paged_set *set) { return set->count; }

/* Capacity given at init (0 after a failed init). */
static inline uint32_t bento_paged_set_capacity(const bento_paged_set *set)
{
    return set->capacity;
}

/* Pages currently taken from the pool by this set. */
static inline uint32_t bento_paged_set_pages_held(const bento_paged_set *set)
{
    return set->pages_held;
}

/*
 * The dense keys: bento_paged_set_count() keys in no particular order, for iteration
 * (bento_paged_set_get on each gives its value). Valid until the next insert, remove or clear.
 */
static inline const uint32_t *bento_paged_set_keys(const bento_paged_set *set)
{
    return set->dense;
}

/*
 * Visit the values in index order, page by page: memory order, so a pass over every value
 * reads each held page once, front to back, instead of jumping between pages as a walk over
 * the dense keys does. Start with *cursor = 0; each call returns the value of the next present
 * index at or after *cursor, stores its key in *key (when key is not NULL; that read is the one
 * random access) and moves *cursor past it; it returns NULL at the end. Removing the key just
 * visited, or any other, between calls is allowed and moves no value; a key inserted behind the
 * cursor is not visited. A whole pass is O(page_count + pages_held * page_size); inline, so
 * the loop compiles into the caller's.
 */
static inline void *bento_paged_set_next(const bento_paged_set *set, uint32_t *cursor,
                                         uint32_t *key)
{
    const uint32_t slot_mask = (1u << set->page_shift) - 1u;
    uint32_t page = *cursor >> set->page_shift;
    uint32_t slot = *cursor & slot_mask;
    for (; page < set->page_count; page++, slot = 0u) {
        const uint32_t offset = set->page_table[page];
        uint32_t *positions;
        if (offset >= set->page_limit) {
            continue; /* no page: none of its indices is present */
        }
        positions = set->page_base + offset;
        for (; slot <= slot_mask; slot++) {
            const uint32_t position = positions[slot];
            if (position < set->count) {
                /* the cursor wraps to 0 only past index 2^32 - 1, the last there can be */
                *cursor = (page << set->page_shift | slot) + 1u;
                if (key != NULL) {
                    *key = set->dense[position];
                }
                return (unsigned char *)(positions + slot_mask + 1u) +
                       (size_t)slot * set->value_size;
            }
        }
    }
    *cursor = BENTO_PAGED_SET_NONE;
    return NULL;
}

/*
 * BENTO_PAGED_SET_PAGE_TYPE(name, T, page_size) declares the page type of a set of T, to
 * declare a pool of pages with BENTO_BLOCK_POOL_TYPE(pool_name, name, pages).
 *
 * BENTO_PAGED_SET_TYPE(name, T, capacity, universe, page_size, index_bits) declares:
 *   name_page                            its page type (as above)
 *   name                                 the set type, its own buffer included (pages not)
 *   name_init(name *, bento_block_pool *) -> bento_status
 *   name_insert(name *, uint32_t key, T **) -> bento_status
 *   name_get(const name *, uint32_t key)  -> T * or NULL
 *   name_contains, name_remove, name_clear, name_count, name_keys
 * It fails to compile when page_size is not a power of two >= 2 or the capacity or universe
 * is out of range. A set object points into its own storage: do not copy it after init.
 *
 *     BENTO_PAGED_SET_TYPE(bodies, struct body, 256, 4096, 64, 12);
 *     BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 8);
 *     static body_pages pages;  static bodies set;
 *     body_pages_init(&pages);  bodies_init(&set, &pages.pool);
 */
#define BENTO_PAGED_SET_PAGE_TYPE(name, T, page_size_) \
    typedef struct name {                              \
        uint32_t positions[page_size_];                \
        T values[page_size_];                          \
    } name

/* log2 of a power of two up to 2^24, as a constant expression: how many 2^k (k < 24) are below n. */
#define BENTO__LOG2_POW2(n)                                                                      \
    ((unsigned)(((n) > 1u) + ((n) > 2u) + ((n) > 4u) + ((n) > 8u) + ((n) > 16u) + ((n) > 32u) +   \
     ((n) > 64u) + ((n) > 128u) + ((n) > 256u) + ((n) > 512u) + ((n) > 1024u) + ((n) > 2048u) +  \
     ((n) > 4096u) + ((n) > 8192u) + ((n) > 16384u) + ((n) > 32768u) + ((n) > 65536u) +         \
     ((n) > 131072u) + ((n) > 262144u) + ((n) > 524288u) + ((n) > 1048576u) +                  \
     ((n) > 2097152u) + ((n) > 4194304u) + ((n) > 8388608u)))

#define BENTO_PAGED_SET_TYPE(name, T, capacity_, universe_, page_size_, index_bits_)              \
    BENTO_STATIC_ASSERT((page_size_) >= 2u && (page_size_) <= 16777216u &&                        \
                            ((page_size_) & ((page_size_) - 1u)) == 0u,                           \
                        name##_page_size_must_be_a_power_of_two_from_2_to_2_pow_24);                   \
    BENTO_STATIC_ASSERT((index_bits_) >= 1 && (index_bits_) <= 32 && (universe_) >= 1u &&         \
                            (uint64_t)(universe_) <= ((uint64_t)1 << (index_bits_)) &&            \
                            (capacity_) >= 1u && (capacity_) <= (universe_),                      \
                        name##_needs_1_le_capacity_le_universe_le_2_pow_index_bits);                \
    BENTO_PAGED_SET_PAGE_TYPE(name##_page, T, page_size_);                                        \
    typedef struct name {                                                                         \
        bento_paged_set set;                                                                      \
        bento_align_unit storage[BENTO_ALIGN_UNITS(                                               \
            BENTO_PAGED_SET_BYTES(capacity_, universe_, page_size_))];                            \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *s, bento_block_pool *pages)                      \
    {                                                                                             \
        return bento_paged_set_init(&s->set, s->storage, sizeof s->storage, pages, sizeof(T),     \
                                    (capacity_), (universe_), (page_size_), (index_bits_));       \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *s, uint32_t key, T **value)                    \
    {                                                                                             \
        void *v;                                                                                  \
        bento_status st = bento_paged_set_insert(&s->set, key, &v);                               \
        if (value != NULL) {                                                                      \
            *value = (T *)v;                                                                      \
        }                                                                                         \
        return st;                                                                                \
    }                                                                                             \
    BENTO_WRAPPER T *name##_get(const name *s, uint32_t key)                                      \
    {                                                                                             \
        return (T *)bento__paged_set_get(&s->set, key, BENTO__LOG2_POW2(page_size_), sizeof(T)); \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *s, uint32_t key)                               \
    {                                                                                             \
        return name##_get(s, key) != NULL;                                                        \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_remove(name *s, uint32_t key)                               \
    {                                                                                             \
        return bento_paged_set_remove(&s->set, key);                                              \
    }                                                                                             \
    BENTO_WRAPPER void name##_clear(name *s) { bento_paged_set_clear(&s->set); }                  \
    BENTO_WRAPPER uint32_t name##_count(const name *s) { return s->set.count; }                   \
    BENTO_WRAPPER const uint32_t *name##_keys(const name *s) { return s->set.dense; }             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_PAGED_SET_H */
