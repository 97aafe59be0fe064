/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M17 M19 M20 M22 M26. */
/* bento/paged_set.c - the paged sparse set. The contract is in bento/paged_set.h. */
#include <bento/paged_set.h>

#include "internal.h"

/* Header words after the common four. */
#define P_CAPACITY 0u
#define P_UNIVERSE 1u
#define P_VALUE_SIZE 2u
#define P_PAGE_SIZE 3u
#define P_INDEX_BITS 4u

/*
 * Check the parameters, the buffer and the pool and fill the set's fixed fields, pointing its
 * arrays into `memory`; shared by init and open. The set is left inert on failure.
 */
static bento_status configure(bento_paged_set *set, void *memory, size_t bytes,
                              bento_block_pool *pages, size_t value_size, uint32_t capacity,
                              uint32_t universe, uint32_t page_size, unsigned index_bits)
{
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_PAGED_SET_HEAD);
    size_t value_align, dense, table, live;
    uint64_t page_bytes;
    unsigned shift;
    uint32_t page_count;
    BENTO_IMPL_INERT(set);
    if (memory == NULL || pages == NULL || pages->capacity == 0u || index_bits == 0u ||
        index_bits > 32u || universe == 0u || (uint64_t)universe > ((uint64_t)1 << index_bits) ||
        page_size < 2u || page_size > (1u << 24) || !bento_impl_is_pow2(page_size) ||
        capacity == 0u || capacity > universe || value_size == 0u || value_size > (1u << 24)) {
        return BENTO_E_ARGUMENT;
    }
    shift = bento_impl_log2(page_size);
    page_count = ((universe - 1u) >> shift) + 1u;
    dense = bento_impl_layout_add(&layout, capacity, 4u, 4u);
    table = bento_impl_layout_add(&layout, page_count, 4u, 4u);
    live = bento_impl_layout_add(&layout, page_count, 4u, 4u);
    if (!layout.ok || layout.bytes > UINT32_MAX) {
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
    set->saved = (bento_paged_set_state *)(void *)((uint32_t *)memory + BENTO_IMPL_HEAD_PARAMS +
                                                   BENTO_IMPL_PAGED_SET_PARAMS);
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
    set->page_shift = (uint8_t)shift;
    set->index_bits = (uint8_t)index_bits;
    return BENTO_OK;
}

bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits)
{
    uint32_t *head;
    uint32_t page;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    status = configure(set, memory, bytes, pages, value_size, capacity, universe, page_size,
                       index_bits);
    if (status != BENTO_OK) {
        return status;
    }
    head = (uint32_t *)memory;
    bento_impl_head_write(head, BENTO_IMPL_KIND_PAGED_SET,
                          BENTO_PAGED_SET_BYTES(capacity, universe, page_size));
    head[BENTO_IMPL_HEAD_PARAMS + P_CAPACITY] = capacity;
    head[BENTO_IMPL_HEAD_PARAMS + P_UNIVERSE] = universe;
    head[BENTO_IMPL_HEAD_PARAMS + P_VALUE_SIZE] = (uint32_t)value_size;
    head[BENTO_IMPL_HEAD_PARAMS + P_PAGE_SIZE] = page_size;
    head[BENTO_IMPL_HEAD_PARAMS + P_INDEX_BITS] = index_bits;
    for (page = 0u; page < set->page_count; page++) {
        set->page_table[page] = BENTO_NONE;
        set->page_live[page] = 0u;
    }
    BENTO_IMPL_SAVE(set);
    return BENTO_OK;
}

bento_status bento_paged_set_open(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages)
{
    const uint32_t *head = (const uint32_t *)memory;
    size_t used;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    BENTO_IMPL_INERT(set);
    if (pages == NULL || pages->capacity == 0u) {
        return BENTO_E_ARGUMENT;
    }
    status = bento_impl_head_read(memory, bytes, BENTO_IMPL_KIND_PAGED_SET, 4u,
                                  BENTO_IMPL_PAGED_SET_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    status = configure(set, memory, used, pages, head[BENTO_IMPL_HEAD_PARAMS + P_VALUE_SIZE],
                       head[BENTO_IMPL_HEAD_PARAMS + P_CAPACITY],
                       head[BENTO_IMPL_HEAD_PARAMS + P_UNIVERSE],
                       head[BENTO_IMPL_HEAD_PARAMS + P_PAGE_SIZE],
                       head[BENTO_IMPL_HEAD_PARAMS + P_INDEX_BITS]);
    status = BENTO_IMPL_OPENED(set, status,
                               used == BENTO_PAGED_SET_BYTES(set->capacity, set->universe,
                                                             1u << set->page_shift));
    /* the counters are trusted from here on: they must describe the buffer and pages exactly */
    if (status == BENTO_OK && bento_paged_set_check(set) != BENTO_OK) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        BENTO_IMPL_INERT(set);
    }
    return status;
}

bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value)
{
    uint32_t index, page, slot, count;
    uint32_t *positions = NULL;
    BENTO_ASSERT(set != NULL);
    index = key & set->index_mask;
    page = index >> set->page_shift;
    slot = index & ((1u << set->page_shift) - 1u);
    count = set->state.count;
    if (value != NULL) {
        *value = NULL;
    }
    if (index < set->universe) {
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
    if (index >= set->universe) {
        return BENTO_E_ARGUMENT;
    }
    if (positions == NULL) {
        /* the page's first key: take a page, with every slot empty */
        void *fresh;
        uint32_t i;
        const bento_status status = bento_block_pool_alloc(set->pages, &fresh);
        if (status != BENTO_OK) {
            return status;
        }
        positions = (uint32_t *)fresh;
        for (i = 0u; i < (1u << set->page_shift); i++) {
            positions[i] = BENTO_NONE;
        }
        set->page_table[page] = (uint32_t)(positions - set->page_base);
        set->page_live[page] = 0u;
        set->saved->pages_held = ++set->state.pages_held;
    }
    positions[slot] = count;
    set->dense[count] = key;
    set->saved->count = set->state.count = count + 1u;
    set->page_live[page]++;
    if (value != NULL) {
        *value = (unsigned char *)(positions + ((size_t)1u << set->page_shift)) +
                 (size_t)slot * set->value_size;
    }
    return BENTO_OK;
}

bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key)
{
    uint32_t index, page, slot_mask;
    uint32_t *positions;
    uint32_t position;
    uint32_t last;
    BENTO_ASSERT(set != NULL);
    index = key & set->index_mask;
    if (bento_paged_set_get(set, key) == NULL) {
        /* as insert: a key outside the universe is refused (an inert set misses every key) */
        return index >= set->universe && set->universe != 0u ? BENTO_E_ARGUMENT
                                                              : BENTO_E_NOT_FOUND;
    }
    page = index >> set->page_shift;
    slot_mask = (1u << set->page_shift) - 1u;
    /* found: the page is in the table below page_limit and the position below the count */
    positions = set->page_base + set->page_table[page];
    position = positions[index & slot_mask];
    last = set->state.count - 1u;
    if (position != last) {
        /* swap-and-pop on the keys only: the moved key's slot learns its new position */
        const uint32_t moved = set->dense[last];
        const uint32_t moved_index = moved & set->index_mask;
        const uint32_t moved_page = moved_index >> set->page_shift;
        set->dense[position] = moved;
        if (moved_page < set->page_count && set->page_table[moved_page] < set->page_limit) {
            set->page_base[set->page_table[moved_page] + (moved_index & slot_mask)] = position;
        }
    }
    set->saved->count = set->state.count = last;
    positions[index & slot_mask] = BENTO_NONE;
    if (--set->page_live[page] == 0u) {
        /* the page's last key: give the page back */
        set->page_table[page] = BENTO_NONE;
        set->saved->pages_held = --set->state.pages_held;
        if (bento_block_pool_free(set->pages, positions) != BENTO_OK) {
            return BENTO_E_CORRUPT;
        }
    }
    return BENTO_OK;
}

void bento_paged_set_clear(bento_paged_set *set)
{
    uint32_t page;
    BENTO_ASSERT(set != NULL);
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
