/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M15 M17 M22 M26 M28. */
/**
 * @file
 * bento/paged_set.h - a sparse set of 32-bit keys whose values never move.
 *
 * A key is a 32-bit id; its low `index_bits` bits are its index (below `universe`) and the
 * `generation_bits` above them its generation: a plain id has none (generation_bits 0), a
 * generational handle (bento/handle.h) one that is never 0 (generations start at 1: 0 is the
 * null handle's, or a forged one's); no bit above the generation may be set. Like any sparse set it answers get/contains/insert/remove in O(1) and
 * keeps its keys in a dense array for iteration. Unlike a sparse set with dense value columns,
 * a value is stored beside its sparse entry, in a page, and stays where it is until its own
 * key is removed: a pointer returned by insert or get stays valid across any number of other
 * inserts and removes. That is what lets other structures point at a value.
 *
 * Pages: the index space is cut into pages of `page_size` consecutive indices (a power of two,
 * >= 2). A page holds, for each of its indices, the key's dense position (uint32_t, or
 * BENTO_NONE) and the value:
 *     positions  page_size * uint32_t
 *     values     page_size * value_size bytes, starting at offset 4 * page_size
 * that is BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size) bytes, or the type name_page that
 * BENTO_PAGED_SET_TYPE declares. Pages are blocks of a bento_block_pool (bento/block_pool.h)
 * that the caller provides: a page is taken the first time one of its indices is inserted and
 * given back when its last key is removed, so several sets can share one pool of pages and
 * memory follows the keys actually present rather than the universe.
 *
 * Memory of the set itself (BENTO_PAGED_SET_BYTES(capacity, universe, page_size) bytes,
 * 4-byte aligned):
 *     header      parameters and a copy of the counters (bento/common.h, "Buffers")
 *     dense       capacity * uint32_t      the keys, positions [0, count)
 *     page_table  page_count * uint32_t    where each page is: its offset from the pool's
 *                                          first block in 4-byte words, or BENTO_NONE
 *     page_live   page_count * uint32_t    keys present in each page
 * with page_count = ceil(universe / page_size). The buffer and the pages hold indices only,
 * never pointers, so a set and its pool reopen from their buffers (bento_paged_set_open, after
 * bento_block_pool_open).
 *
 * Generations: the dense array holds the whole key, so a key whose index is present under
 * another generation is absent (get NULL, remove BENTO_E_NOT_FOUND), and inserting it is
 * refused with BENTO_E_EXISTS until the other generation is removed: one value per index.
 *
 * Damaged buffers (bento/common.h, "Confinement"): a page table entry is used only below the
 * last word offset at which a whole page fits in the pool's blocks, and a page's position only
 * below the count, so whatever the set's buffer and the pages hold, no operation reads or
 * writes outside the set's buffer and the pool's blocks.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open.
 * Not thread-safe: a set must be used from one context at a time, and so must the page pool
 * (unless the pool's critical section is enabled, see bento/block_pool.h; the set itself is
 * still not safe to share). The pool must stay as it is (not initialised or opened again
 * elsewhere) for as long as a set uses it; after reopening the pool, reopen its sets, all of
 * them before any is changed (under BENTO_POWER_SAFE, a set's open may give back a page its
 * cut operation took or gave back: that page must not have been taken by another set since).
 *
 * Typed sets: BENTO_PAGED_SET_TYPE_OF(name, T, capacity, handle_type, page_size) declares a set
 * of T keyed by a pool's handles, with its own buffer and its page type;
 * BENTO_PAGED_SET_TYPE(name, T, capacity, universe, page_size) one keyed by plain ids (see the
 * end of the API below).
 */
#ifndef BENTO_PAGED_SET_H
#define BENTO_PAGED_SET_H

#include <bento/block_pool.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_paged_set_state {
    uint32_t count;      /**< keys present, dense positions [0, count) */
    uint32_t pages_held; /**< pages taken from the pool and not yet given back */
} bento_paged_set_state;

/** A paged set. Its fields are the implementation's: use the functions. */
typedef struct bento_paged_set {
    uint32_t *dense;              /**< capacity keys, positions [0, count) live */
    uint32_t *page_table;         /**< page_count word offsets into the pool's blocks, or NONE */
    uint32_t *page_live;          /**< page_count counts of keys present */
    uint32_t *page_base;          /**< the pool's first block */
    bento_block_pool *pages;      /**< where pages come from and go back to */
    bento_paged_set_state *saved; /**< the counters' copy in the buffer (`state` when inert) */
    bento_paged_set_state state; /**< the counters (the operations' copy) */
    uint32_t page_limit;          /**< table entries at or above it are no page (none would fit) */
    uint32_t page_count; /**< entries of the page table: universe / page_size, rounded up */
    uint32_t capacity; /**< the capacity given at init */
    uint32_t universe; /**< keys are below it (their index bits) */
    uint32_t value_size; /**< bytes of a value, as given at init */
    uint32_t index_mask; /**< the key bits that are its index */
    uint32_t stray;      /**< the key bits above index and generation: 0 in every key */
    uint8_t page_shift;           /**< log2(page_size) */
    uint8_t index_bits; /**< bits of a key that are its index */
    uint8_t generation_bits; /**< bits of a key above its index: its generation */
} bento_paged_set;

/** Pages needed to cover `universe` indices (a constant expression when the arguments are). */
#define BENTO_PAGED_SET_PAGES(universe, page_size)                                                \
    ((BENTO_IMPL_CAST(size_t, universe) + BENTO_IMPL_CAST(size_t, page_size) - 1u) / BENTO_IMPL_CAST(size_t, page_size))

/** Bytes of one page: the least block size of the page pool. */
#define BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size)                                         \
    (BENTO_IMPL_CAST(size_t, page_size) * 4u + BENTO_IMPL_CAST(size_t, page_size) * BENTO_IMPL_CAST(size_t, value_size))

/** Bytes of caller memory for the set itself, pages not included (a constant expression when
 * the arguments are). */
#define BENTO_PAGED_SET_BYTES(capacity, universe, page_size)                                      \
    (BENTO_IMPL_PAGED_SET_HEAD + BENTO_IMPL_CAST(size_t, capacity) * 4u + BENTO_PAGED_SET_PAGES(universe, page_size) * 8u)

/**
 * Set up a set over `memory` (`bytes` long, 4-byte aligned) drawing pages from `pages`, an
 * initialised block pool (its blocks may already be in use by other sets). O(page_count): the
 * page table is cleared; the pool is not touched.
 * Preconditions a status reports: 1 <= index_bits <= 32; index_bits + generation_bits <= 32
 * (plain ids: generation_bits 0; a pool's handles: the handle's generation bits);
 * 1 <= universe <= 2^index_bits;
 * page_size a power of two, 2 <= page_size <= 2^24; 1 <= capacity <= universe;
 * 1 <= value_size <= 2^24; the set's buffer under 4 GiB.
 * Returns BENTO_E_ARGUMENT for a parameter out of range (also NULL memory, NULL pages or an
 * inert pool), BENTO_E_ALIGN for a buffer not 4-byte aligned or a pool whose blocks are not
 * aligned for the values (the values' alignment, the largest power of two dividing value_size,
 * at least 4, at most BENTO_MAX_ALIGN, must divide the pool's stride and its blocks' address),
 * BENTO_E_SIZE when bytes < BENTO_PAGED_SET_BYTES(...) or the pool's blocks are smaller than
 * BENTO_PAGED_SET_PAGE_BYTES(page_size, value_size); the set is inert then.
 */
bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits,
                                  unsigned generation_bits);

/**
 * Reattach `set` to `memory`, a buffer that holds a paged set (bento/common.h, "Buffers"),
 * whose pages are in `pages`, an open block pool (bento_block_pool_open on the pool's buffer
 * first): the header's parameters, the counters, every page reference (each must be a live
 * block of `pages`) and every invariant bento_paged_set_check verifies are validated.
 * BENTO_E_ARGUMENT for NULL memory, NULL pages or an inert pool, BENTO_E_ALIGN for a buffer not
 * 4-byte aligned or a pool whose blocks are not aligned for the values, BENTO_E_SIZE when bytes
 * is shorter than a header or than the set the header describes, BENTO_E_CORRUPT for anything
 * else (a pool whose blocks are smaller than a page included); the set is inert then.
 * O(page_count + pages_held * page_size).
 */
bento_status bento_paged_set_open(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages);

/**
 * Insert `key`. On BENTO_OK, *value (optional) points to its uninitialised storage, which stays
 * put until the key is removed or the set cleared. Failures leave the set unchanged and set
 * *value to NULL; they are tried in this order:
 *   BENTO_E_CORRUPT   the key's page table entry is neither a page nor BENTO_NONE;
 *   BENTO_E_EXISTS    the key is well formed and it, or another key with the same index, is
 *                     present;
 *   BENTO_E_FULL      count == capacity (also on an inert set);
 *   BENTO_E_ARGUMENT  the key is not well formed: its index is >= universe, it has bits above
 *                     its generation, or, in a set of handles, its generation is 0 (the null
 *                     handle);
 *   BENTO_E_FULL      the key needs a new page and the pool has none;
 *   BENTO_E_CORRUPT   the pool reports a damaged free list.
 * O(1); O(page_size) when a page is taken (its positions are cleared). Atomic under
 * BENTO_POWER_SAFE, with the set's pool: a reset gives a page taken for it back; the value the
 * caller then writes through *value is the caller's own write (bento_paged_set_insert_from
 * stores it in the same atomic step).
 */
bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value);

/**
 * Insert `key` with a copy of the value_size bytes at `value` (which must not lie in the set's
 * or the pool's memory). As bento_paged_set_insert otherwise; under BENTO_POWER_SAFE a reset
 * leaves either no key or the key with its whole value. O(1) plus the copy.
 */
bento_status bento_paged_set_insert_from(bento_paged_set *set, uint32_t key, const void *value);

/**
 * Remove `key`. The last key in the dense array moves into its position; no value moves.
 * When the key was the last one in its page, the page goes back to the pool. BENTO_OK, or
 * BENTO_E_NOT_FOUND when the key is absent, BENTO_E_ARGUMENT when it is not well formed
 * (as insert; the set is unchanged on either), or BENTO_E_CORRUPT
 * when the pool refuses the page back (the key is removed all the same). O(1). Atomic under
 * BENTO_POWER_SAFE, with the set's pool (a page given back is given back after a reset).
 */
bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key);

/** Remove every key and give every page back to the pool: the last key removed, one at a
 * time, then the page table swept, so even a damaged set ends empty and sound.
 * O(count + page_count). Resumable under BENTO_POWER_SAFE: each removal is atomic, so a reset
 * leaves the keys not yet removed, and clear again removes them. */
void bento_paged_set_clear(bento_paged_set *set);

/**
 * Verify the buffer and the pages: the header and the counters' copy, every held page a live
 * block of the pool (which has not moved), every occupied slot and a dense key naming each
 * other, the page counts and the totals. BENTO_OK, or BENTO_E_CORRUPT.
 * O(page_count + pages_held * page_size), no recursion, no extra memory.
 */
bento_status bento_paged_set_check(const bento_paged_set *set);

/**
 * The value of `key`, or NULL when the key is absent (also for another generation of a
 * present index, or an index beyond the universe). O(1), inline.
 */
static inline void *bento_paged_set_get(const bento_paged_set *set, uint32_t key);

/** True when `key` is present. O(1), inline. */
static inline bool bento_paged_set_contains(const bento_paged_set *set, uint32_t key);

/** Keys present. O(1). */
static inline uint32_t bento_paged_set_count(const bento_paged_set *set);

/** Capacity given at init (0 when inert). O(1). */
static inline uint32_t bento_paged_set_capacity(const bento_paged_set *set);

/** Pages currently taken from the pool by this set. O(1). */
static inline uint32_t bento_paged_set_pages_held(const bento_paged_set *set);

/**
 * The dense keys: bento_paged_set_count() keys in no particular order (bento_paged_set_get on
 * each gives its value). Valid until the next insert, remove or clear.
 */
static inline const uint32_t *bento_paged_set_keys(const bento_paged_set *set);

/**
 * Iteration over the values in index order, page by page: memory order, so a pass over every
 * value reads each held page once, front to back, instead of jumping between pages as a walk
 * over the dense keys does:
 *
 *     bento_paged_set_iter it;
 *     bento_paged_set_iter_init(&it, &set);
 *     while (bento_paged_set_iter_next(&it)) { use(it.index, it.value); }
 *
 * The key itself is bento_paged_set_keys(&set)[it.position]: one read at random in the dense
 * array, which the walk does not make unless asked (it.index is the key's index, without its
 * generation). Removing the key just visited, or any other, between calls is allowed and moves
 * no value; a key inserted behind the iterator is not visited. A whole pass is
 * O(page_count + pages_held * page_size); inline, so the loop compiles into the caller's.
 */
typedef struct bento_paged_set_iter {
    void *value;       /**< the current value (NULL once done) */
    uint32_t index;    /**< its index: the key's low index_bits bits */
    uint32_t position; /**< its dense position: the key is bento_paged_set_keys(set)[position] */
    /** the walk, private: */
    const bento_paged_set *set_;
    uint32_t page_;    /**< the page and slot to look at next */
    uint32_t slot_; /**< the next slot to look at (private) */
} bento_paged_set_iter;

/** Start iterating `set` from its lowest index. O(1). */
static inline void bento_paged_set_iter_init(bento_paged_set_iter *it, const bento_paged_set *set);

/** Advance to the next present key: true with it->value, it->index and it->position set, false
 * at the end (and on every later call; it->value is NULL then). */
static inline bool bento_paged_set_iter_next(bento_paged_set_iter *it);

/**
 * BENTO_PAGED_SET_TYPE_OF(name, T, capacity, K, page_size) declares a set of T keyed by a
 * pool's handle type K (any BENTO_HANDLE_TYPE; a pool `p` has `p_handle`), over the universe
 * 2^K_INDEX_BITS with the handle's index bits (its generation above them, so a stale handle
 * misses, as for any key of another generation, and the null handle is refused).
 * BENTO_PAGED_SET_TYPE(name, T, capacity, universe, page_size) declares one keyed by uint32_t
 * ids below `universe`, with the fewest index bits that name `universe` indices and no
 * generation, and BENTO_PAGED_SET_TYPE_BITS(name, T, capacity, universe, page_size,
 * index_bits, generation_bits) one keyed by uint32_t keys of the index and generation bits it
 * names (raw handles: generation_bits >= 1; plain ids: 0). All declare the page type `name_page` (the pool's block type, for
 * BENTO_BLOCK_POOL_TYPE(pool_name, name_page, pages)) and the functions of "A typed paged set",
 * below.
 * A key of another type does not compile. They fail to compile when page_size is not a power
 * of two from 2 to 2^24, or the capacity or universe is out of range. A set object points
 * into its own storage: after copying one, or when it lives in retained RAM after a reset,
 * call name_open (after opening its pool).
 *
 *     BENTO_PAGED_SET_TYPE(bodies, struct body, 256, 4096, 64);
 *     BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 8);
 *     static body_pages pages;  static bodies set;
 *     body_pages_init(&pages);  bodies_init(&set, body_pages_generic(&pages));
 *     BENTO_PAGED_SET_TYPE_OF(holds, struct cargo, 32, crew_handle, 8);   // keyed by handles
 */
#define BENTO_PAGED_SET_TYPE_OF(name, T, capacity_, K, page_size_)                                \
    BENTO_IMPL_PAGED_SET_TYPE(name, T, capacity_, (BENTO_IMPL_CAST(uint32_t, 1) << K##_INDEX_BITS), \
                              page_size_, K##_INDEX_BITS,                                         \
                              8u * sizeof(K) - BENTO_IMPL_CAST(unsigned, K##_INDEX_BITS), K, 0u)
/** A paged set of uint32_t ids below `universe`: see BENTO_PAGED_SET_TYPE_OF. */
#define BENTO_PAGED_SET_TYPE(name, T, capacity, universe, page_size)                              \
    BENTO_PAGED_SET_TYPE_BITS(name, T, capacity, universe, page_size,                             \
                              BENTO_IMPL_INDEX_BITS(universe), 0u)
/** A paged set of uint32_t keys with `index_bits` index bits and `generation_bits` generation
 * bits: see BENTO_PAGED_SET_TYPE_OF. */
#define BENTO_PAGED_SET_TYPE_BITS(name, T, capacity_, universe_, page_size_, index_bits_,         \
                                  generation_bits_)                                               \
    BENTO_IMPL_PAGED_SET_TYPE(name, T, capacity_, universe_, page_size_, index_bits_,             \
                              generation_bits_, uint32_t, BENTO_NONE)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed paged set
 * What BENTO_PAGED_SET_TYPE_OF(name, T, capacity, K, page_size), BENTO_PAGED_SET_TYPE and
 * BENTO_PAGED_SET_TYPE_BITS declare, with its name and value type for `name` and `T`: each
 * function is the generic one of the same name on the set's own buffer, typed, and asserts on
 * a NULL set. (scripts/check-asserts holds these declarations to the macro.)
 * instance: BENTO_PAGED_SET_TYPE_OF(name, T, 8, V, 4)
 * @{
 */
typedef struct name name;           /**< the set, its own buffer included (pages not) */
typedef K name_key;                 /**< the key type: K, or uint32_t for ids */
typedef struct name_iter name_iter; /**< an iterator: fields value (a T *), index, position, key */
/** bento_paged_set_init over the page pool (pool_name_generic()). */
bento_status name_init(name *set, bento_block_pool *pages);
/** bento_paged_set_open on its own buffer; BENTO_E_CORRUPT also for a set of another type. */
bento_status name_open(name *set, bento_block_pool *pages);
/** bento_paged_set_insert; *value (optional) the new key's element, uninitialised. */
bento_status name_insert(name *set, name_key key, T **value);
/** bento_paged_set_insert_from: the element a copy of *value (atomic under BENTO_POWER_SAFE). */
bento_status name_insert_from(name *set, name_key key, const T *value);
/** bento_paged_set_remove. */
bento_status name_remove(name *set, name_key key);
/** bento_paged_set_get: the key's element, or NULL. */
T *name_get(const name *set, name_key key);
/** bento_paged_set_contains. */
bool name_contains(const name *set, name_key key);
/** The key at a dense position: the null handle (BENTO_NONE for ids) past the count. */
name_key name_key_at(const name *set, uint32_t position);
/** bento_paged_set_keys: the keys' raw values, name_count() of them. */
const uint32_t *name_keys(const name *set);
/** bento_paged_set_pages_held. */
uint32_t name_pages_held(const name *set);
/** bento_paged_set_iter_init. */
void name_iter_init(name_iter *it, const name *set);
/** bento_paged_set_iter_next: true with it->value, index, position and key set. */
bool name_iter_next(name_iter *it);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_paged_set_params {
    uint32_t capacity;
    uint32_t universe;
    uint32_t value_size;
    uint32_t page_size;
    uint32_t bits; /* index_bits | generation_bits << 8 */
} bento_impl_paged_set_params;

/* Open as init would lay out a paged set of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_paged_set_open_as(bento_paged_set *set, void *memory, size_t bytes,
                                          bento_block_pool *pages, size_t value_size,
                                          uint32_t capacity, uint32_t universe,
                                          uint32_t page_size, unsigned index_bits,
                                          unsigned generation_bits);

/* Header: the parameter record, then the counters, then the journal, with room for the most
 * words an operation changes (remove: the moved key and its slot in its page, the count, the
 * removed key's slot, its page's live count and table entry, and the pages held). */
#define BENTO_IMPL_PAGED_SET_PARAMS (sizeof(bento_impl_paged_set_params) / 4u)
#define BENTO_IMPL_PAGED_SET_ENTRIES 7u
#define BENTO_IMPL_PAGED_SET_HEAD                                                                 \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_PAGED_SET_PARAMS + sizeof(bento_paged_set_state) / 4u +     \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_PAGED_SET_ENTRIES))

/*
 * Get with the index mask, the page shift and the value size as arguments, so that typed
 * wrappers pass constants. Every field is read up front, unconditionally, so that a loop of
 * gets keeps them in registers instead of reloading them behind each branch. The page table
 * entry is used only below page_limit and the position only below the count (both from the
 * struct), so a damaged buffer or page never takes the read outside the pool's blocks.
 */
static inline void *bento_impl_paged_set_get(const bento_paged_set *set, uint32_t key,
                                             uint32_t index_mask, unsigned page_shift,
                                             size_t value_size)
{
    const uint32_t *const table = set->page_table;
    uint32_t *const base = set->page_base;
    const uint32_t *const dense = set->dense;
    const uint32_t page_count = set->page_count;
    const uint32_t limit = set->page_limit;
    const uint32_t count = set->state.count;
    const uint32_t index = key & index_mask;
    const uint32_t page = index >> page_shift;
    const uint32_t slot = index & ((BENTO_IMPL_CAST(uint32_t, 1) << page_shift) - 1u);
    uint32_t *positions;
    uint32_t offset;
    uint32_t position;
    if (page >= page_count) {
        return BENTO_IMPL_NULL;
    }
    offset = table[page];
    if (offset >= limit) { /* BENTO_NONE, or a damaged entry */
        return BENTO_IMPL_NULL;
    }
    /* a word offset rather than a block index: no multiply on the way to the page */
    positions = base + offset;
    position = positions[slot];
    if (position >= count || dense[position] != key) {
        return BENTO_IMPL_NULL;
    }
    return BENTO_IMPL_PTR_CAST(unsigned char *, positions + (BENTO_IMPL_CAST(size_t, 1u) << page_shift)) + BENTO_IMPL_CAST(size_t, slot) * value_size;
}

static inline void *bento_paged_set_get(const bento_paged_set *set, uint32_t key)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return bento_impl_paged_set_get(set, key, set->index_mask, set->page_shift,
                                    BENTO_IMPL_CAST(size_t, set->value_size));
}

static inline bool bento_paged_set_contains(const bento_paged_set *set, uint32_t key)
{
    return bento_paged_set_get(set, key) != BENTO_IMPL_NULL;
}

static inline uint32_t bento_paged_set_count(const bento_paged_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->state.count;
}

static inline uint32_t bento_paged_set_capacity(const bento_paged_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->capacity;
}

static inline uint32_t bento_paged_set_pages_held(const bento_paged_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->state.pages_held;
}

static inline const uint32_t *bento_paged_set_keys(const bento_paged_set *set)
{
    BENTO_ASSERT(set != BENTO_IMPL_NULL);
    return set->dense;
}

static inline void bento_paged_set_iter_init(bento_paged_set_iter *it, const bento_paged_set *set)
{
    BENTO_ASSERT(it != BENTO_IMPL_NULL && set != BENTO_IMPL_NULL);
    it->value = BENTO_IMPL_NULL;
    it->index = 0u;
    it->position = BENTO_NONE;
    it->set_ = set;
    it->page_ = 0u;
    it->slot_ = 0u;
}

/* The walk, with the page shift and the value size as arguments (constants in typed
 * wrappers). Bounded by page_count pages of page_size slots, both from the struct. */
static inline bool bento_impl_paged_set_iter_next(bento_paged_set_iter *it, unsigned page_shift,
                                                  size_t value_size)
{
    const bento_paged_set *const set = it->set_;
    const uint32_t slot_mask = (BENTO_IMPL_CAST(uint32_t, 1) << page_shift) - 1u;
    uint32_t page = it->page_;
    uint32_t slot = it->slot_;
    for (; page < set->page_count; page++, slot = 0u) {
        const uint32_t offset = set->page_table[page];
        uint32_t *positions;
        if (offset >= set->page_limit) {
            continue; /* no page: none of its indices is present */
        }
        positions = set->page_base + offset;
        for (; slot <= slot_mask; slot++) {
            const uint32_t position = positions[slot];
            if (position < set->state.count) {
                it->page_ = page;
                it->slot_ = slot + 1u; /* page_size at most: the next call moves on */
                it->index = page << page_shift | slot;
                it->position = position;
                it->value = BENTO_IMPL_PTR_CAST(unsigned char *, positions + slot_mask + 1u) + BENTO_IMPL_CAST(size_t, slot) * value_size;
                return true;
            }
        }
    }
    it->page_ = page;
    it->slot_ = 0u;
    it->value = BENTO_IMPL_NULL;
    it->position = BENTO_NONE;
    return false;
}

static inline bool bento_paged_set_iter_next(bento_paged_set_iter *it)
{
    BENTO_ASSERT(it != BENTO_IMPL_NULL && it->set_ != BENTO_IMPL_NULL);
    return bento_impl_paged_set_iter_next(it, it->set_->page_shift,
                                          BENTO_IMPL_CAST(size_t, it->set_->value_size));
}

/* A typed paged set: keys K (a handle type, or uint32_t), converted by BENTO_IMPL_BITS
 * (bento/common.h); NUL the bits of "no key" (key_at past the count). */
#define BENTO_IMPL_PAGED_SET_TYPE(name, T, capacity_, universe_, page_size_, index_bits_,         \
                                  generation_bits_, K, NUL)                                       \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_STATIC_ASSERT((page_size_) >= 2u && (page_size_) <= 16777216u &&                        \
                        ((page_size_) & ((page_size_) - 1u)) == 0u,                               \
                        name##_page_size_must_be_a_power_of_two_from_2_to_2_pow_24);              \
    BENTO_STATIC_ASSERT((index_bits_) >= 1 && (index_bits_) <= 32 &&                              \
                        (generation_bits_) <= 32 - (index_bits_) && (universe_) >= 1u &&          \
                        BENTO_IMPL_CAST(uint64_t, universe_) <= (BENTO_IMPL_CAST(uint64_t, 1) << (index_bits_)) && \
                            (capacity_) >= 1u && (capacity_) <= (universe_),                      \
                        name##_needs_1_le_capacity_le_universe_le_2_pow_index_bits);              \
    BENTO_STATIC_ASSERT(sizeof(T) <= 16777216u &&                                                 \
                        BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_PAGED_SET_HEAD) + BENTO_IMPL_CAST(uint64_t, capacity_) * 4u + \
                                    (BENTO_IMPL_CAST(uint64_t, universe_) + (page_size_) - 1u) /  \
                                        (page_size_) * 8u <=                                      \
                                BENTO_IMPL_CAST(uint64_t, UINT32_MAX),                            \
                        name##_values_up_to_2_pow_24_bytes_and_the_set_under_4_GiB);              \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_page {                                                                  \
        uint32_t positions[page_size_];                                                           \
        T values[page_size_];                                                                     \
    } name##_page;                                                                                \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_PAGED_SET_HEAD) +           \
                                     BENTO_IMPL_CAST(uint64_t, capacity_) * 4u +                  \
                                     (BENTO_IMPL_CAST(uint64_t, universe_) + (page_size_) - 1u) / \
                                         (page_size_) * 8u);                                      \
    BENTO_IMPL_TYPED(name, bento_paged_set, BENTO_PAGED_SET_BYTES(capacity_, universe_, page_size_)) \
    typedef K name##_key;                                                                         \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_iter {                                                                  \
        T *value;                                                                                 \
        uint32_t index;                                                                           \
        uint32_t position;                                                                        \
        K key;                                                                                    \
        bento_paged_set_iter generic_;                                                            \
    } name##_iter;                                                                                \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_IMPL_BITS(K, uint32_t, name##_bits_, name##_key_)                                       \
    BENTO_IMPL_FORWARD(bento_status, name##_init, (name *x, bento_block_pool *pages),             \
                       bento_paged_set_init(&x->generic_, x->storage_, sizeof x->storage_, pages, \
                                            sizeof(T), (capacity_), (universe_), (page_size_),    \
                                            (index_bits_), (generation_bits_)))                   \
    BENTO_IMPL_FORWARD(bento_status, name##_open, (name *x, bento_block_pool *pages),             \
                       bento_impl_paged_set_open_as(&x->generic_, x->storage_, sizeof x->storage_, \
                                                    pages, sizeof(T), (capacity_), (universe_),   \
                                                    (page_size_), (index_bits_),                  \
                                                    (generation_bits_)))                          \
    BENTO_WRAPPER bento_status name##_insert_from(name *s, K key, const T *value)                 \
    {                                                                                             \
        BENTO_ASSERT(s != BENTO_IMPL_NULL && value != BENTO_IMPL_NULL);                           \
        return bento_paged_set_insert_from(&s->generic_, name##_bits_(key), value);               \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *s, K key, T **value)                           \
    {                                                                                             \
        void *v_;                                                                                 \
        T *sink_;                                                                                 \
        bento_status status_;                                                                     \
        BENTO_ASSERT(s != BENTO_IMPL_NULL);                                                       \
        status_ = bento_paged_set_insert(&s->generic_, name##_bits_(key), &v_);                   \
        *BENTO_IMPL_PTR_CAST(T **, bento_impl_out(value, &sink_)) = BENTO_IMPL_PTR_CAST(T *, v_); \
        return status_;                                                                           \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_remove, (name *x, K key),                             \
                       bento_paged_set_remove(&x->generic_, name##_bits_(key)))                   \
    BENTO_IMPL_FORWARD(T *, name##_get, (const name *x, K key),                                   \
                       BENTO_IMPL_PTR_CAST(                                                       \
                           T *, bento_impl_paged_set_get(                                         \
                             &x->generic_, name##_bits_(key),                                     \
                             BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CAST(uint64_t, 1) << (index_bits_)) - 1u), \
                             BENTO_IMPL_CEIL_LOG2(page_size_), sizeof(T))))                       \
    BENTO_WRAPPER bool name##_contains(const name *s, K key)                                      \
    {                                                                                             \
        return name##_get(s, key) != BENTO_IMPL_NULL;                                             \
    }                                                                                             \
    BENTO_IMPL_FORWARD(K, name##_key_at, (const name *x, uint32_t position),                      \
                       name##_key_(position < x->generic_.state.count ? x->generic_.dense[position] : (NUL))) \
    BENTO_IMPL_FORWARD(const uint32_t *, name##_keys, (const name *x),                            \
                       bento_paged_set_keys(&x->generic_))                                        \
    BENTO_IMPL_FORWARD(uint32_t, name##_pages_held, (const name *x),                              \
                       bento_paged_set_pages_held(&x->generic_))                                  \
    BENTO_WRAPPER void name##_iter_init(name##_iter *it, const name *s)                           \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL && s != BENTO_IMPL_NULL);                              \
        bento_paged_set_iter_init(&it->generic_, &s->generic_);                                   \
        it->value = BENTO_IMPL_NULL;                                                              \
        it->index = 0u;                                                                           \
        it->position = BENTO_NONE;                                                                \
        it->key = name##_key_(NUL);                                                               \
    }                                                                                             \
    BENTO_WRAPPER bool name##_iter_next(name##_iter *it)                                          \
    {                                                                                             \
        bool more_;                                                                               \
        BENTO_ASSERT(it != BENTO_IMPL_NULL);                                                      \
        more_ = bento_impl_paged_set_iter_next(&it->generic_, BENTO_IMPL_CEIL_LOG2(page_size_), sizeof(T)); \
        it->value = BENTO_IMPL_PTR_CAST(T *, it->generic_.value);                                 \
        it->index = it->generic_.index;                                                           \
        it->position = it->generic_.position;                                                     \
        it->key = name##_key_(more_ ? it->generic_.set_->dense[it->position] : (NUL));            \
        return more_;                                                                             \
    }                                                                                             \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_PAGED_SET_H */
