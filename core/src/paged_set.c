/* SPDX-License-Identifier: MIT */
/* bento/paged_set.c - the paged sparse set. The contract is in bento/paged_set.h. */
#include <bento/paged_set.h>

#include "internal.h"

#define NONE BENTO_PAGED_SET_NONE

bento_status bento_paged_set_init(bento_paged_set *set, void *memory, size_t bytes,
                                  bento_block_pool *pages, size_t value_size, uint32_t capacity,
                                  uint32_t universe, uint32_t page_size, unsigned index_bits)
{
    size_t value_align;
    uint32_t shift = 0u;
    uint32_t page_count;
    uint32_t page;
    BENTO_ASSERT(set != NULL);
    /* until every check passes: an empty set that refuses every key */
    set->dense = NULL;
    set->page_table = NULL;
    set->page_live = NULL;
    set->pages = pages;
    set->page_base = NULL;
    set->page_limit = 0u;
    set->value_size = 0u;
    set->capacity = 0u;
    set->count = 0u;
    set->universe = 0u;
    set->page_count = 0u;
    set->pages_held = 0u;
    set->index_mask = 0u;
    set->page_shift = 1u;
    if (memory == NULL || pages == NULL || pages->capacity == 0u || index_bits == 0u ||
        index_bits > 32u || universe == 0u ||
        (uint64_t)universe > ((uint64_t)1 << index_bits) || page_size < 2u ||
        page_size > (1u << 24) || (page_size & (page_size - 1u)) != 0u || capacity == 0u ||
        capacity > universe || value_size == 0u || value_size > (1u << 24)) {
        return BENTO_E_ARGUMENT;
    }
    value_align = value_size & (0u - value_size);
    if (value_align > BENTO_MAX_ALIGN) {
        value_align = BENTO_MAX_ALIGN;
    }
    /* the pool's blocks are aligned to its base address and its stride */
    if (!bento__is_aligned(memory, 4u) || !bento__is_aligned(pages->blocks, value_align) ||
        (pages->stride & (value_align - 1u)) != 0u) {
        return BENTO_E_ALIGN;
    }
    while ((1u << shift) != page_size) {
        shift++;
    }
    page_count = ((universe - 1u) >> shift) + 1u;
    if ((uint64_t)bytes < (uint64_t)capacity * 4u + (uint64_t)page_count * 8u ||
        (uint64_t)page_size * (4u + (uint64_t)value_size) > pages->stride) {
        return BENTO_E_SIZE;
    }
    set->dense = (uint32_t *)memory;
    set->page_table = set->dense + capacity;
    set->page_live = set->page_table + page_count;
    set->page_base = (uint32_t *)(void *)pages->blocks;
    /* one past the last word offset at which a whole page still fits inside the pool's blocks:
     * even a damaged table entry below it keeps every read and write inside the pool */
    set->page_limit = (uint32_t)(((uint64_t)pages->capacity * pages->stride -
                                  (uint64_t)page_size * (4u + (uint64_t)value_size)) >> 2) + 1u;
    set->value_size = (uint32_t)value_size;
    set->capacity = capacity;
    set->universe = universe;
    set->page_count = page_count;
    set->index_mask = index_bits == 32u ? UINT32_MAX : (1u << index_bits) - 1u;
    set->page_shift = (uint8_t)shift;
    for (page = 0u; page < page_count; page++) {
        set->page_table[page] = NONE;
        set->page_live[page] = 0u;
    }
    return BENTO_OK;
}

/* The page at table entry `offset` (< page_limit): its positions, then its values. */
static uint32_t *page_at(const bento_paged_set *set, uint32_t offset)
{
    return set->page_base + offset;
}

bento_status bento_paged_set_insert(bento_paged_set *set, uint32_t key, void **value)
{
    const uint32_t index = key & set->index_mask;
    const uint32_t page = index >> set->page_shift;
    const uint32_t slot = index & ((1u << set->page_shift) - 1u);
    uint32_t offset;
    uint32_t *positions = NULL;
    if (value != NULL) {
        *value = NULL;
    }
    if (index >= set->universe) {
        return BENTO_E_ARGUMENT;
    }
    offset = set->page_table[page];
    if (offset != NONE) {
        if (offset >= set->page_limit) {
            return BENTO_E_CORRUPT;
        }
        positions = page_at(set, offset);
        if (positions[slot] != NONE) {
            return BENTO_E_EXISTS; /* this key, or another generation of its index */
        }
    }
    if (set->count >= set->capacity) {
        return BENTO_E_FULL;
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
            positions[i] = NONE;
        }
        set->page_table[page] = (uint32_t)(positions - set->page_base);
        set->page_live[page] = 0u;
        set->pages_held++;
    }
    positions[slot] = set->count;
    set->dense[set->count++] = key;
    set->page_live[page]++;
    if (value != NULL) {
        *value = (unsigned char *)positions + ((size_t)4u << set->page_shift) +
                 (size_t)slot * set->value_size;
    }
    return BENTO_OK;
}

bento_status bento_paged_set_remove(bento_paged_set *set, uint32_t key)
{
    const uint32_t index = key & set->index_mask;
    const uint32_t page = index >> set->page_shift;
    const uint32_t slot_mask = (1u << set->page_shift) - 1u;
    uint32_t *positions;
    uint32_t position;
    uint32_t last;
    if (bento_paged_set_get(set, key) == NULL) {
        return BENTO_E_NOT_FOUND;
    }
    positions = page_at(set, set->page_table[page]);
    position = positions[index & slot_mask];
    last = set->count - 1u;
    if (position != last) {
        /* swap-and-pop on the keys only: the moved key's slot learns its new position */
        const uint32_t moved = set->dense[last];
        const uint32_t moved_index = moved & set->index_mask;
        const uint32_t moved_page = moved_index >> set->page_shift;
        set->dense[position] = moved;
        if (moved_page < set->page_count && set->page_table[moved_page] < set->page_limit) {
            page_at(set, set->page_table[moved_page])[moved_index & slot_mask] = position;
        }
    }
    set->count = last;
    positions[index & slot_mask] = NONE;
    if (--set->page_live[page] == 0u) {
        /* the page's last key: give the page back */
        set->page_table[page] = NONE;
        set->pages_held--;
        if (bento_block_pool_free(set->pages, positions) != BENTO_OK) {
            return BENTO_E_CORRUPT;
        }
    }
    return BENTO_OK;
}

void bento_paged_set_clear(bento_paged_set *set)
{
    uint32_t position;
    for (position = 0u; position < set->count; position++) {
        const uint32_t page = (set->dense[position] & set->index_mask) >> set->page_shift;
        if (page < set->page_count && set->page_table[page] < set->page_limit) {
            (void)bento_block_pool_free(set->pages, page_at(set, set->page_table[page]));
            set->page_table[page] = NONE;
            set->page_live[page] = 0u;
        }
    }
    set->count = 0u;
    set->pages_held = 0u;
}

bento_status bento_paged_set_check(const bento_paged_set *set)
{
    const uint32_t page_size = 1u << set->page_shift;
    uint32_t page;
    uint32_t held = 0u;
    uint32_t total = 0u;
    if (set->count > set->capacity) {
        return BENTO_E_CORRUPT;
    }
    for (page = 0u; page < set->page_count; page++) {
        const uint32_t offset = set->page_table[page];
        const uint32_t *positions;
        uint32_t slot;
        uint32_t live = 0u;
        if (offset == NONE) {
            if (set->page_live[page] != 0u) {
                return BENTO_E_CORRUPT;
            }
            continue;
        }
        if (offset >= set->page_limit ||
            !bento_block_pool_contains(set->pages, page_at(set, offset))) {
            return BENTO_E_CORRUPT;
        }
        positions = page_at(set, offset);
        for (slot = 0u; slot < page_size; slot++) {
            const uint32_t index = page << set->page_shift | slot;
            const uint32_t position = positions[slot];
            if (position == NONE) {
                continue;
            }
            /* a slot and a dense key name each other: positions and keys are in bijection */
            if (position >= set->count || index >= set->universe ||
                (set->dense[position] & set->index_mask) != index) {
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
    return held == set->pages_held && total == set->count ? BENTO_OK : BENTO_E_CORRUPT;
}
