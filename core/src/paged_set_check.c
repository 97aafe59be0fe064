/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M22 M26. */
/*
 * bento/paged_set_check.c - the paged set's invariant checker, apart from the set so that
 * firmware that never calls it does not carry it. The contract is in bento/paged_set.h.
 */
#include <bento/paged_set.h>

#include "internal.h"

/* The header's words and the counters' copy, as init wrote them and the operations keep them. */
static bool header_sound(const bento_paged_set *set)
{
    const uint32_t *saved = (const uint32_t *)(const void *)set->saved;
    const uint32_t *head = saved - BENTO_IMPL_HEAD_PARAMS - BENTO_IMPL_PAGED_SET_PARAMS;
    const uint32_t page_size = 1u << set->page_shift;
    return bento_impl_saved_matches(saved, &set->state, sizeof set->state) &&
           BENTO_IMPL_JOURNAL_IDLE(set) &&
           bento_impl_head_is(head, BENTO_IMPL_KIND_PAGED_SET,
                              BENTO_PAGED_SET_BYTES(set->capacity, set->universe, page_size)) &&
           head[BENTO_IMPL_HEAD_PARAMS] == set->capacity &&
           head[BENTO_IMPL_HEAD_PARAMS + 1u] == set->universe &&
           head[BENTO_IMPL_HEAD_PARAMS + 2u] == set->value_size &&
           head[BENTO_IMPL_HEAD_PARAMS + 3u] == page_size &&
           head[BENTO_IMPL_HEAD_PARAMS + 4u] == set->index_bits;
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
    page_size = 1u << set->page_shift;
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
    return held == set->state.pages_held && total == set->state.count ? BENTO_OK
                                                                      : BENTO_E_CORRUPT;
}
