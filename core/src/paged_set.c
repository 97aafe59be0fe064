/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M3 M8 M9 M12 M14 M15 M17 M19 M20 M22 M23 M26. */
/* bento/paged_set.c - the paged sparse set. The contract is in bento/paged_set.h. */
#include <bento/paged_set.h>

#include "internal.h"

/* The largest value size: 2^24 bytes, or what size_t holds where that is less (16-bit cores). */
#if BENTO_IMPL_NARROW_SIZE
#define MAX_VALUE_SIZE ((size_t)SIZE_MAX)
#else
#define MAX_VALUE_SIZE ((size_t)0x1000000u)
#endif

/*
 * Check the parameters, the buffer and the pool and fill the set's fixed fields, pointing its
 * arrays into `memory`; shared by init and open. The set is left inert on failure.
 */
static bento_status configure(bento_paged_set *set, void *memory, size_t bytes,
                              bento_block_pool *pages, size_t value_size, uint32_t capacity,
                              uint32_t universe, uint32_t page_size, uint32_t index_bits,
                              uint32_t generation_bits)
{
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_PAGED_SET_HEAD);
    size_t value_align, dense, table, live;
    uint64_t page_bytes;
    unsigned shift;
    uint32_t page_count;
    BENTO_IMPL_INERT(set);
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

/* The parameter record of a configured set: what init writes to the header, check compares. */
static bento_impl_paged_set_params params_of(const bento_paged_set *set)
{
    bento_impl_paged_set_params p;
    p.capacity = set->capacity;
    p.universe = set->universe;
    p.value_size = set->value_size;
    p.page_size = (uint32_t)1 << set->page_shift;
    p.bits = set->index_bits | (uint32_t)set->generation_bits << 8;
    return p;
}

/* True when insert takes `key`: its index inside the universe, no bits above its generation,
 * and, in a set of handles, a generation other than 0 (bento/handle.h: generations start at
 * 1; 0 is the null handle's, or a forged one's, and it would take the slot of its index). */
static bool well_formed(const bento_paged_set *set, uint32_t key)
{
    const uint32_t generation = ~(set->index_mask | set->stray); /* 0 for plain ids */
    return (key & set->index_mask) < set->universe && (key & set->stray) == 0u &&
           (generation == 0u || (key & generation) != 0u);
}

bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits,
                                  unsigned generation_bits)
{
    bento_impl_paged_set_params params;
    uint32_t page;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    status = configure(set, memory, bytes, pages, value_size, capacity, universe, page_size,
                       index_bits, generation_bits);
    if (status != BENTO_OK) {
        return status;
    }
    params = params_of(set);
    bento_impl_head_write(memory, BENTO_IMPL_KIND_PAGED_SET,
                          BENTO_PAGED_SET_BYTES(capacity, universe, page_size), &params,
                          sizeof params);
    for (page = 0u; page < set->page_count; page++) {
        set->page_table[page] = BENTO_NONE;
        set->page_live[page] = 0u;
    }
    BENTO_IMPL_SAVE(set);
    BENTO_IMPL_SETTLE(set);
    return BENTO_OK;
}

/* Pending actions (core/src/internal.h, "journal"): a page taken from the pool, to give back
 * when the insert that took it is undone (its argument the block, with CARVED when the pool
 * carved it rather than taking it from its list); a page given back by a remove, to give back
 * again. */
#define TAKE_PAGE 1u
#define GIVE_PAGE 2u
#define CARVED 0x80000000u

/* An operation cut by a reset (the pool was opened, and recovered, before): undone, its page
 * given back; or a remove's page given back again. */
static bento_status recover(bento_paged_set *set, void *memory, size_t used)
{
    const bento_block_pool *const pages = set->pages;
    uint32_t action, index;
    bento_status status = bento_impl_recover_with(
        memory, used, set->saved, sizeof set->state, BENTO_IMPL_PAGED_SET_ENTRIES, pages->blocks,
        (size_t)pages->capacity * (size_t)(pages->stride >> 2), &action, &index);
    if (status == BENTO_OK && action != 0u) {
        if ((action != TAKE_PAGE && action != GIVE_PAGE) ||
            (index != BENTO_NONE && (index & ~CARVED) >= pages->capacity) ||
            (action == GIVE_PAGE && index >= pages->capacity)) {
            return BENTO_E_CORRUPT;
        }
        if (action == TAKE_PAGE) {
            /* BENTO_NONE: an insert that found no page to take, nothing to give back */
            if (index != BENTO_NONE) {
                bento_impl_block_pool_undo_alloc(set->pages, index & ~CARVED,
                                                 (index & CARVED) != 0u);
            }
        } else if (bento_block_pool_contains(set->pages, bento_block_pool_block_at(set->pages, index))) {
            (void)bento_block_pool_free(set->pages, bento_block_pool_block_at(set->pages, index));
        }
        BENTO_IMPL_SETTLE(set);
    }
    return status;
}

bento_status bento_paged_set_open(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages)
{
    const bento_impl_paged_set_params *p;
    size_t used;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    BENTO_IMPL_INERT(set);
    if (pages == NULL || pages->capacity == 0u) {
        return BENTO_E_ARGUMENT;
    }
    status = bento_impl_head_read(memory, bytes, BENTO_IMPL_KIND_PAGED_SET,
                                  BENTO_IMPL_PAGED_SET_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    p = (const bento_impl_paged_set_params *)bento_impl_params_at(memory);
    status = configure(set, memory, used, pages, bento_impl_size_of(p->value_size), p->capacity,
                       p->universe, p->page_size, p->bits & 0xffu, p->bits >> 8);
    if (status == BENTO_OK &&
        used == BENTO_PAGED_SET_BYTES(set->capacity, set->universe,
                                      (uint32_t)1 << set->page_shift)) {
        status = recover(set, memory, used);
    }
    status = BENTO_IMPL_OPENED(set, status,
                               used == BENTO_PAGED_SET_BYTES(set->capacity, set->universe,
                                                             (uint32_t)1 << set->page_shift));
    /* the counters are trusted from here on: they must describe the buffer and pages exactly */
    if (status == BENTO_OK && bento_paged_set_check(set) != BENTO_OK) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        BENTO_IMPL_INERT(set);
    }
    return status;
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
static inline bento_status insert(bento_paged_set *set, uint32_t key, void **value,
                                  const void *from)
{
    uint32_t index, page, slot, count;
    uint32_t *positions = NULL;
    unsigned char *storage;
    bento_impl_journal j;
    bool fits;
    index = key & set->index_mask;
    page = index >> set->page_shift;
    slot = index & (((uint32_t)1 << set->page_shift) - 1u);
    count = set->state.count;
    fits = well_formed(set, key);
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
    BENTO_IMPL_LOG_COUNTER(&j, bento_paged_set_state, count);
    bento_impl_log(&j, &set->page_live[page]);
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
        BENTO_IMPL_LOG_COUNTER(&j, bento_paged_set_state, pages_held);
        bento_impl_log(&j, &set->page_table[page]);
        bento_impl_commit_undoing(&j, TAKE_PAGE,
                                  taken == BENTO_NONE || taken != set->pages->state.fresh
                                      ? taken
                                      : taken | CARVED);
        status = bento_block_pool_alloc(set->pages, &fresh);
        BENTO_CRITICAL_EXIT(critical);
        if (status != BENTO_OK) {
            bento_impl_done(&j); /* full, or a damaged list: nothing of the set was stored */
            return status;
        }
        positions = (uint32_t *)fresh;
        for (i = 0u; i < ((uint32_t)1 << set->page_shift); i++) {
            positions[i] = BENTO_NONE;
        }
        set->page_table[page] = (uint32_t)(positions - set->page_base);
        set->page_live[page] = 0u;
        set->saved->pages_held = ++set->state.pages_held;
    } else {
        bento_impl_log_other(&j, set->page_base, &positions[slot]);
        bento_impl_commit(&j);
    }
    storage = (unsigned char *)(positions + ((size_t)1u << set->page_shift)) +
              (size_t)slot * set->value_size;
    if (from != NULL) {
        bento_impl_copy(storage, from, (size_t)set->value_size);
    }
    positions[slot] = count;
    set->dense[count] = key; /* past the count: no entry */
    set->saved->count = set->state.count = count + 1u;
    set->page_live[page]++;
    bento_impl_done(&j);
    if (value != NULL) {
        *value = storage;
    }
    return BENTO_OK;
}

bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value)
{
    BENTO_ASSERT(set != NULL);
    return insert(set, key, value, NULL);
}

bento_status bento_paged_set_insert_from(bento_paged_set *set, uint32_t key, const void *value)
{
    BENTO_ASSERT(set != NULL && value != NULL);
    return insert(set, key, NULL, value);
}

bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key)
{
    uint32_t index, page, slot_mask;
    uint32_t *positions;
    uint32_t *moved_slot = NULL;
    uint32_t position;
    uint32_t last;
    bool emptied;
    bento_impl_journal j;
    BENTO_ASSERT(set != NULL);
    index = key & set->index_mask;
    if (bento_paged_set_get(set, key) == NULL) {
        /* as insert: a key not well formed is refused (an inert set misses every key) */
        return set->universe != 0u && !well_formed(set, key) ? BENTO_E_ARGUMENT
                                                              : BENTO_E_NOT_FOUND;
    }
    page = index >> set->page_shift;
    slot_mask = ((uint32_t)1 << set->page_shift) - 1u;
    /* found: the page is in the table below page_limit and the position below the count */
    positions = set->page_base + set->page_table[page];
    position = positions[index & slot_mask];
    last = set->state.count - 1u;
    emptied = set->page_live[page] == 1u;
    BENTO_IMPL_BEGIN(&j, set);
    if (position != last) {
        /* swap-and-pop on the keys only: the moved key's slot learns its new position */
        const uint32_t moved_index = set->dense[last] & set->index_mask;
        const uint32_t moved_page = moved_index >> set->page_shift;
        bento_impl_log(&j, &set->dense[position]);
        if (moved_page < set->page_count && set->page_table[moved_page] < set->page_limit) {
            moved_slot = &set->page_base[set->page_table[moved_page] + (moved_index & slot_mask)];
            bento_impl_log_other(&j, set->page_base, moved_slot);
        }
    }
    BENTO_IMPL_LOG_COUNTER(&j, bento_paged_set_state, count);
    bento_impl_log_other(&j, set->page_base, &positions[index & slot_mask]);
    bento_impl_log(&j, &set->page_live[page]);
    if (emptied) {
        bento_impl_log(&j, &set->page_table[page]);
        BENTO_IMPL_LOG_COUNTER(&j, bento_paged_set_state, pages_held);
    }
    bento_impl_commit(&j);
    if (position != last) {
        set->dense[position] = set->dense[last];
        if (moved_slot != NULL) {
            *moved_slot = position;
        }
    }
    set->saved->count = set->state.count = last;
    positions[index & slot_mask] = BENTO_NONE;
    set->page_live[page]--;
    if (emptied) {
        /* the page's last key: give the page back, once no word of the set names it (a reset
         * from there on gives it back again) */
        const uint32_t block = bento_block_pool_index_of(set->pages, positions);
        set->page_table[page] = BENTO_NONE;
        set->saved->pages_held = --set->state.pages_held;
        bento_impl_redo(&j, GIVE_PAGE, block);
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
    /* then the page table swept, so that even a damaged set ends empty and sound (a sound one
     * has nothing left here: these stores write what is there already) */
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

/* The header as init wrote it and the operations keep it. */
static bool header_sound(const bento_paged_set *set)
{
    const bento_impl_paged_set_params p = params_of(set);
    return BENTO_IMPL_HEAD_SOUND(set, BENTO_IMPL_KIND_PAGED_SET,
                                 BENTO_PAGED_SET_BYTES(set->capacity, set->universe, p.page_size),
                                 &p);
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
    uint32_t page_size;
    uint32_t page;
    uint32_t held = 0u;
    uint32_t total = 0u;
    BENTO_ASSERT(set != NULL);
    page_size = (uint32_t)1 << set->page_shift;
    if (set->capacity == 0u) {
        return BENTO_OK; /* inert: an empty set of capacity 0 */
    }
    if (!header_sound(set) || !pool_unmoved(set) || set->state.count > set->capacity ||
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
                !well_formed(set, set->dense[position])) {
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
