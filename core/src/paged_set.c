/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M8 M9 M11 M12 M14 M15 M17 M19 M20 M22 M23 M26 M30 T1. */
/* bento/paged_set.c - the paged sparse set. The contract is in bento/paged_set.h. */
#include <bento/paged_set.h>

#include "internal.h"

/* The largest value size: 2^24 bytes, or what size_t holds where that is less (16-bit cores). */
#if BENTO_IMPL_NARROW_SIZE
#define MAX_VALUE_SIZE ((size_t)SIZE_MAX)
#else
#define MAX_VALUE_SIZE ((size_t)0x1000000u)
#endif

/* Pending actions (core/src/internal.h, "journal"): a page taken from the pool, to give back
 * when the insert that took it is undone (its argument the block, with CARVED when the pool
 * carved it rather than taking it from its list); a page given back by a remove, to give back
 * again. */
#define TAKE_PAGE 1u
#define GIVE_PAGE 2u
#define CARVED 0x80000000u

/*
 * Check a parameter record, the buffer and the pool (`with`) and fill the set's fixed fields,
 * pointing its arrays into `memory` (the lifecycle's configure, core/src/internal.h). A pool
 * whose blocks are too small for a page is BENTO_E_SIZE, as a short buffer.
 */
static bento_status paged_set_configure(void *x, void *memory, size_t bytes, const void *record,
                                        const void *with, size_t *used)
{
    bento_paged_set *const set = (bento_paged_set *)x;
    const bento_impl_paged_set_params *const p = (const bento_impl_paged_set_params *)record;
    bento_block_pool *const pages = (bento_block_pool *)(uintptr_t)with;
    const size_t value_size = bento_impl_size_of(p->value_size);
    const uint32_t capacity = p->capacity, universe = p->universe, page_size = p->page_size;
    const uint32_t index_bits = p->bits & 0xffu, generation_bits = p->bits >> 8;
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_PAGED_SET_HEAD);
    size_t value_align, dense, table, live;
    uint64_t page_bytes;
    unsigned shift;
    uint32_t page_count;
    if (memory == NULL || pages == NULL || pages->capacity == 0u || index_bits == 0u ||
        index_bits > 32u || generation_bits > 32u - index_bits || universe == 0u ||
        (uint64_t)universe > ((uint64_t)1 << index_bits) ||
        page_size < 2u || page_size > ((uint32_t)1 << 24) || !bento_impl_is_pow2(page_size) ||
        capacity == 0u || capacity > universe || value_size == 0u || value_size > MAX_VALUE_SIZE) {
        return BENTO_E_ARGUMENT;
    }
    shift = bento_impl_log2(page_size);
    page_count = ((universe - 1u) >> shift) + 1u;
    dense = bento_impl_layout_add(&layout, capacity, 4u, 4u);
    table = bento_impl_layout_add(&layout, page_count, 4u, 4u);
    live = bento_impl_layout_add(&layout, page_count, 4u, 4u);
    if (!layout.ok || layout.bytes > BENTO_IMPL_BYTES_MAX) {
        return BENTO_E_ARGUMENT;
    }
    *used = layout.bytes;
    /* a pool's blocks are aligned to its first block's address and to its stride */
    value_align = bento_impl_align_of_size(value_size);
    if (!bento_impl_is_aligned(memory, 4u) || !bento_impl_is_aligned(pages->blocks, value_align) ||
        (pages->stride & (value_align - 1u)) != 0u) {
        return BENTO_E_ALIGN;
    }
    page_bytes = (uint64_t)page_size * (4u + (uint64_t)value_size);
    if (bytes < layout.bytes || page_bytes > pages->stride) {
        return BENTO_E_SIZE;
    }
    set->dense = (uint32_t *)(void *)((unsigned char *)memory + dense);
    set->page_table = (uint32_t *)(void *)((unsigned char *)memory + table);
    set->page_live = (uint32_t *)(void *)((unsigned char *)memory + live);
    set->page_base = (uint32_t *)(void *)pages->blocks;
    set->pages = pages;
    set->saved =
        (bento_paged_set_state *)bento_impl_saved_at(memory, sizeof(bento_impl_paged_set_params));
    /* one past the last word offset at which a whole page still fits inside the pool's
     * blocks (capacity * stride < 2^32): even a damaged table entry below it keeps every read
     * and write inside the pool */
    set->page_limit =
        (uint32_t)(((uint64_t)pages->capacity * pages->stride - page_bytes) >> 2) + 1u;
    set->page_count = page_count;
    set->capacity = capacity;
    set->universe = universe;
    set->value_size = (uint32_t)value_size;
    set->index_mask = (uint32_t)(((uint64_t)1 << index_bits) - 1u);
    set->stray = index_bits + generation_bits < 32u ? UINT32_MAX << (index_bits + generation_bits)
                                                    : 0u;
    set->page_shift = (uint8_t)shift;
    set->index_bits = (uint8_t)index_bits;
    set->generation_bits = (uint8_t)generation_bits;
    return BENTO_OK;
}

/* The parameter record of a configured set, and its buffer's bytes. */
static size_t paged_set_record(const void *x, void *record)
{
    const bento_paged_set *const set = (const bento_paged_set *)x;
    bento_impl_paged_set_params *const p = (bento_impl_paged_set_params *)record;
    p->capacity = set->capacity;
    p->universe = set->universe;
    p->value_size = set->value_size;
    p->page_size = (uint32_t)1 << set->page_shift;
    p->bits = set->index_bits | (uint32_t)set->generation_bits << 8;
    return BENTO_PAGED_SET_BYTES(set->capacity, set->universe, p->page_size);
}

/* No key, no page. */
static void paged_set_empty(void *x)
{
    bento_paged_set *const set = (bento_paged_set *)x;
    uint32_t page;
    for (page = 0u; page < set->page_count; page++) {
        set->page_table[page] = BENTO_NONE;
        set->page_live[page] = 0u;
    }
}

/* An operation cut by a reset (the pool was opened, and recovered, before), its entries
 * written back: its page given back (an insert's, TAKE_PAGE), or a remove's page given back
 * again (GIVE_PAGE). */
static bento_status paged_set_redo(void *x, uint32_t action, uint32_t index)
{
    bento_paged_set *const set = (bento_paged_set *)x;
    bento_block_pool *const pages = set->pages;
    if ((action != TAKE_PAGE && action != GIVE_PAGE) ||
        (index != BENTO_NONE && (index & ~CARVED) >= pages->capacity) ||
        (action == GIVE_PAGE && index >= pages->capacity)) {
        return BENTO_E_CORRUPT;
    }
    if (action == TAKE_PAGE) {
        /* BENTO_NONE: an insert that found no page to take, nothing to give back */
        if (index != BENTO_NONE) {
            bento_impl_block_pool_undo_alloc(pages, index & ~CARVED, (index & CARVED) != 0u);
        }
    } else if (bento_block_pool_contains(pages, bento_block_pool_block_at(pages, index))) {
        (void)bento_block_pool_free(pages, bento_block_pool_block_at(pages, index));
    }
    return BENTO_OK;
}

/* The second region the set's entries name: its pool's blocks. */
static const uint32_t *paged_set_other(const void *x, size_t *words)
{
    const bento_block_pool *const pages = ((const bento_paged_set *)x)->pages;
    *words = (size_t)pages->capacity * (size_t)(pages->stride >> 2);
    return (const uint32_t *)(const void *)pages->blocks;
}

static bento_status paged_set_invariants(const void *x);

static const bento_impl_kind paged_set_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_PAGED_SET, bento_paged_set, bento_paged_set_state,
                    bento_impl_paged_set_params, BENTO_IMPL_PAGED_SET_HEAD,
                    BENTO_IMPL_PAGED_SET_ENTRIES),
    paged_set_configure, paged_set_record, paged_set_empty,
    BENTO_IMPL_REDO_OF(paged_set_redo), NULL,
    paged_set_invariants, paged_set_other,
};

/* True when insert takes `key`: its index inside the universe, no bits above its generation,
 * and, in a set of handles, a generation other than 0 (bento/handle.h: generations start at
 * 1; 0 is the null handle's, or a forged one's, and it would take the slot of its index). */
static bool paged_set_well_formed(const bento_paged_set *set, uint32_t key)
{
    const uint32_t generation = ~(set->index_mask | set->stray); /* 0 for plain ids */
    return (key & set->index_mask) < set->universe && (key & set->stray) == 0u &&
           (generation == 0u || (key & generation) != 0u);
}

/* The parameter record of a set of these parameters (init's, and a typed open's). */
static bento_impl_paged_set_params paged_set_params(size_t value_size, uint32_t capacity,
                                                    uint32_t universe, uint32_t page_size,
                                                    unsigned index_bits, unsigned generation_bits)
{
    bento_impl_paged_set_params p;
    p.capacity = capacity;
    p.universe = universe;
    p.value_size = bento_impl_record_size(value_size);
    p.page_size = page_size;
    p.bits = bento_impl_record_small(index_bits) | bento_impl_record_small(generation_bits) << 8;
    return p;
}

bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits,
                                  unsigned generation_bits)
{
    const bento_impl_paged_set_params p =
        paged_set_params(value_size, capacity, universe, page_size, index_bits, generation_bits);
    BENTO_ASSERT(set != NULL);
    return bento_impl_init(&paged_set_kind, set, memory, bytes, &p, pages);
}

/* Open, as a set of the record `expect` (a typed open) or of any (NULL). */
static bento_status paged_set_open(bento_paged_set *set, void *memory, size_t bytes,
                                   bento_block_pool *pages, const bento_impl_paged_set_params *expect)
{
    if (pages == NULL || pages->capacity == 0u) {
        bento_impl_inert(&paged_set_kind, set);
        return BENTO_E_ARGUMENT;
    }
    return bento_impl_open(&paged_set_kind, set, memory, bytes, pages, expect);
}

bento_status bento_paged_set_open(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages)
{
    BENTO_ASSERT(set != NULL);
    return paged_set_open(set, memory, bytes, pages, NULL);
}

bento_status bento_impl_paged_set_open_as(bento_paged_set *set, void *memory, size_t bytes,
                                          bento_block_pool *pages, size_t value_size,
                                          uint32_t capacity, uint32_t universe,
                                          uint32_t page_size, unsigned index_bits,
                                          unsigned generation_bits)
{
    const bento_impl_paged_set_params p =
        paged_set_params(value_size, capacity, universe, page_size, index_bits, generation_bits);
    BENTO_ASSERT(set != NULL);
    return paged_set_open(set, memory, bytes, pages, &p);
}

/* The block bento_block_pool_alloc hands out next, or BENTO_NONE when it would refuse: its
 * own tests, in its order. */
static uint32_t next_page(const bento_block_pool *pool)
{
    const uint32_t count = pool->state.count, fresh = pool->state.fresh;
    const uint32_t head = pool->state.free_head;
    if (count < fresh && head < fresh && pool->live[head] == BENTO_IMPL_BLOCK_FREE) {
        return head;
    }
    return count == fresh && fresh < pool->capacity ? fresh : BENTO_NONE;
}

/* Insert, its value copied from `from` when that is not NULL: into a slot no key had, before
 * the journal is idle (no entry). Inline, so that insert without a value is no larger. */
static inline bento_status paged_set_insert(bento_paged_set *set, uint32_t key, void **value,
                                  const void *from)
{
    uint32_t index, page, slot, count, live;
    uint32_t *positions = NULL;
    unsigned char *storage;
    bento_impl_journal j;
    bool fits;
    index = key & set->index_mask;
    page = index >> set->page_shift;
    slot = index & (((uint32_t)1 << set->page_shift) - 1u);
    count = set->state.count;
    /* a well-formed key's page is below page_count; the test says so where the page is used */
    fits = paged_set_well_formed(set, key) && page < set->page_count;
    if (value != NULL) {
        *value = NULL;
    }
    if (fits) {
        const uint32_t offset = set->page_table[page];
        if (offset != BENTO_NONE) {
            if (offset >= set->page_limit) {
                return BENTO_E_CORRUPT;
            }
            positions = set->page_base + offset;
            if (positions[slot] != BENTO_NONE) {
                return BENTO_E_EXISTS; /* this key, or another generation of its index */
            }
        }
    }
    if (count >= set->capacity) {
        return BENTO_E_FULL;
    }
    if (!fits) {
        return BENTO_E_ARGUMENT;
    }
    BENTO_IMPL_BEGIN(&j, set);
    live = 0u;
    if (positions == NULL) {
        /* the page's first key: take a page (the one the pool hands out next, named in the
         * journal first so that a reset gives it back), with every slot empty */
        void *fresh = NULL;
        uint32_t i, taken;
        bento_status status;
        /* in the pool's critical section, so that the block named is the one handed out even
         * when the pool is shared with an interrupt (a nested section is the hooks' concern) */
        const uint32_t critical = BENTO_CRITICAL_ENTER();
        taken = next_page(set->pages);
        bento_impl_undoing(&j, TAKE_PAGE,
                           taken == BENTO_NONE || taken != set->pages->state.fresh ? taken
                                                                                  : taken | CARVED);
        status = bento_block_pool_alloc(set->pages, &fresh);
        BENTO_CRITICAL_EXIT(critical);
        if (status != BENTO_OK) {
            bento_impl_done(&j); /* full, or a damaged list: nothing of the set was stored */
            return status;
        }
        /* a block no key had, which a reset gives back to the pool: no entry for its words
           (one written back would land in a free block) */
        positions = (uint32_t *)fresh;
        for (i = 0u; i < ((uint32_t)1 << set->page_shift); i++) {
            positions[i] = BENTO_NONE;
        }
        positions[slot] = count;
        bento_impl_put(&j, &set->page_table[page], (uint32_t)(positions - set->page_base));
        BENTO_IMPL_SET(&j, set, pages_held, set->state.pages_held + 1u);
    } else {
        live = set->page_live[page];
        bento_impl_put_other(&j, set->page_base, &positions[slot], count);
    }
    storage = (unsigned char *)(positions + ((size_t)1u << set->page_shift)) +
              (size_t)slot * set->value_size;
    if (from != NULL) {
        bento_impl_copy(storage, from, (size_t)set->value_size);
    }
    set->dense[count] = key; /* past the count: no entry */
    bento_impl_put(&j, &set->page_live[page], live + 1u);
    BENTO_IMPL_SET(&j, set, count, count + 1u);
    bento_impl_done(&j);
    if (value != NULL) {
        *value = storage;
    }
    return BENTO_OK;
}

bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value)
{
    BENTO_ASSERT(set != NULL);
    return paged_set_insert(set, key, value, NULL);
}

bento_status bento_paged_set_insert_from(bento_paged_set *set, uint32_t key, const void *value)
{
    BENTO_ASSERT(set != NULL && value != NULL);
    return paged_set_insert(set, key, NULL, value);
}

bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key)
{
    uint32_t index, page, slot_mask, offset;
    uint32_t *positions;
    uint32_t position;
    uint32_t last;
    bento_impl_journal j;
    BENTO_ASSERT(set != NULL);
    /* get's lookup, its tests made here on the page and offset this function uses */
    index = key & set->index_mask;
    page = index >> set->page_shift;
    slot_mask = ((uint32_t)1 << set->page_shift) - 1u;
    offset = page < set->page_count ? set->page_table[page] : BENTO_NONE;
    position =
        offset < set->page_limit ? set->page_base[offset + (index & slot_mask)] : BENTO_NONE;
    if (position >= set->state.count || set->dense[position] != key) {
        /* as insert: a key not well formed is refused (an inert set misses every key) */
        return set->universe != 0u && !paged_set_well_formed(set, key) ? BENTO_E_ARGUMENT
                                                              : BENTO_E_NOT_FOUND;
    }
    positions = set->page_base + offset;
    last = set->state.count - 1u;
    BENTO_IMPL_BEGIN(&j, set);
    if (position != last) {
        /* swap-and-pop on the keys only: the moved key's slot learns its new position */
        const uint32_t moved = set->dense[last];
        const uint32_t moved_index = moved & set->index_mask;
        const uint32_t moved_page = moved_index >> set->page_shift;
        bento_impl_put(&j, &set->dense[position], moved);
        if (moved_page < set->page_count && set->page_table[moved_page] < set->page_limit) {
            bento_impl_put_other(
                &j, set->page_base,
                &set->page_base[set->page_table[moved_page] + (moved_index & slot_mask)], position);
        }
    }
    BENTO_IMPL_SET(&j, set, count, last);
    bento_impl_put_other(&j, set->page_base, &positions[index & slot_mask], BENTO_NONE);
    bento_impl_put(&j, &set->page_live[page], set->page_live[page] - 1u);
    if (set->page_live[page] == 0u) {
        /* the page's last key: give the page back, once no word of the set names it (a reset
         * from there on gives it back again) */
        bento_impl_put(&j, &set->page_table[page], BENTO_NONE);
        BENTO_IMPL_SET(&j, set, pages_held, set->state.pages_held - 1u);
        bento_impl_redo(&j, GIVE_PAGE, bento_block_pool_index_of(set->pages, positions));
        if (bento_block_pool_free(set->pages, positions) != BENTO_OK) {
            bento_impl_done(&j);
            return BENTO_E_CORRUPT;
        }
    }
    bento_impl_done(&j);
    return BENTO_OK;
}

void bento_paged_set_clear(bento_paged_set *set)
{
    uint32_t page;
    BENTO_ASSERT(set != NULL);
    /* the last key removed, one at a time: each one atomic, so a reset leaves the keys not yet
     * removed, and clear again removes them */
    while (set->state.count != 0u &&
           bento_paged_set_remove(set, set->dense[set->state.count - 1u]) == BENTO_OK) {
    }
    /* then the page table swept, so that even a damaged set ends empty and sound; a sound one
     * has nothing left here, these stores write what is there already, so they are no part of
     * an operation and take no entry (a reset among them leaves what the next clear sweeps) */
    for (page = 0u; page < set->page_count; page++) {
        const uint32_t offset = set->page_table[page];
        if (offset < set->page_limit) {
            /* a damaged entry may name no live block: the pool refuses it, nothing else */
            (void)bento_block_pool_free(set->pages, set->page_base + offset);
        }
        set->page_table[page] = BENTO_NONE;
        set->page_live[page] = 0u;
    }
    set->state.count = 0u;
    set->state.pages_held = 0u;
    BENTO_IMPL_SAVE(set);
}

/* The pool is where the set found it: same first block, same room for pages. */
static bool pool_unmoved(const bento_paged_set *set)
{
    const bento_block_pool *pages = set->pages;
    const uint64_t page_bytes = (uint64_t)(4u + set->value_size) << set->page_shift;
    return (const unsigned char *)set->page_base == pages->blocks && pages->capacity != 0u &&
           page_bytes <= pages->stride &&
           set->page_limit ==
               (uint32_t)(((uint64_t)pages->capacity * pages->stride - page_bytes) >> 2) + 1u;
}

bento_status bento_paged_set_check(const bento_paged_set *set)
{
    BENTO_ASSERT(set != NULL);
    return bento_impl_check(&paged_set_kind, set);
}

/* The counters against the page table, the pages and the dense keys, once the header is
 * sound. */
static bento_status paged_set_invariants(const void *x)
{
    const bento_paged_set *const set = (const bento_paged_set *)x;
    const uint32_t page_size = (uint32_t)1 << set->page_shift;
    uint32_t page;
    uint32_t held = 0u;
    uint32_t total = 0u;
    if (!pool_unmoved(set) || set->state.count > set->capacity ||
        set->state.pages_held > set->page_count) {
        return BENTO_E_CORRUPT;
    }
    for (page = 0u; page < set->page_count; page++) {
        const uint32_t offset = set->page_table[page];
        const uint32_t *positions;
        uint32_t slot;
        uint32_t live = 0u;
        if (offset == BENTO_NONE) {
            if (set->page_live[page] != 0u) {
                return BENTO_E_CORRUPT;
            }
            continue;
        }
        /* every page reference: a live block of the pool */
        if (offset >= set->page_limit ||
            !bento_block_pool_contains(set->pages, set->page_base + offset)) {
            return BENTO_E_CORRUPT;
        }
        positions = set->page_base + offset;
        for (slot = 0u; slot < page_size; slot++) {
            const uint32_t index = page << set->page_shift | slot;
            const uint32_t position = positions[slot];
            if (position == BENTO_NONE) {
                continue;
            }
            /* a slot and a dense key name each other; as no two indices can claim one
             * position, and the totals match, slots and keys are in bijection */
            if (position >= set->state.count || index >= set->universe ||
                (set->dense[position] & set->index_mask) != index ||
                !paged_set_well_formed(set, set->dense[position])) {
                return BENTO_E_CORRUPT;
            }
            live++;
        }
        if (live == 0u || live != set->page_live[page]) {
            return BENTO_E_CORRUPT;
        }
        held++;
        total += live;
    }
    return held == set->state.pages_held && total == set->state.count ? BENTO_OK
                                                                      : BENTO_E_CORRUPT;
}
