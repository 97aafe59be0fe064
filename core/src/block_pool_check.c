/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M22 M26. */
/*
 * bento/block_pool_check.c - the block pool's invariant checker, apart from the pool so that
 * firmware that never calls it does not carry it. The contract is in bento/block_pool.h.
 */
#include <bento/block_pool.h>

#include "internal.h"

/* The header's words and the counters' copy, as init wrote them and the operations keep them. */
static bool header_sound(const bento_block_pool *pool)
{
    const uint32_t *saved = (const uint32_t *)(const void *)pool->saved;
    const uint32_t *head = saved - BENTO_IMPL_HEAD_PARAMS - BENTO_IMPL_BLOCK_POOL_PARAMS;
    return bento_impl_saved_matches(saved, &pool->state, sizeof pool->state) &&
           BENTO_IMPL_JOURNAL_IDLE(pool) &&
           bento_impl_head_is(head, BENTO_IMPL_KIND_BLOCK_POOL,
                              BENTO_BLOCK_POOL_BYTES(pool->capacity, pool->block_size)) &&
           head[BENTO_IMPL_HEAD_PARAMS] == pool->capacity &&
           head[BENTO_IMPL_HEAD_PARAMS + 1u] == pool->block_size;
}

bento_status bento_block_pool_check(const bento_block_pool *pool)
{
    const bento_block_pool_state *s;
    uint32_t index;
    uint32_t free_blocks;
    uint32_t steps;
    BENTO_ASSERT(pool != NULL);
    s = &pool->state;
    if (pool->capacity == 0u) {
        return BENTO_OK; /* inert: an empty pool of capacity 0 */
    }
    if (!header_sound(pool) || s->fresh > pool->capacity || s->count > s->fresh) {
        return BENTO_E_CORRUPT;
    }
    /* every state byte below fresh is 0 or 1, and exactly fresh - count of them are 0 */
    free_blocks = s->fresh - s->count;
    for (index = 0u; index < s->fresh; index++) {
        if (pool->live[index] > BENTO_IMPL_BLOCK_LIVE) {
            return BENTO_E_CORRUPT;
        }
        free_blocks -= BENTO_IMPL_BLOCK_LIVE - pool->live[index];
    }
    if (free_blocks != 0u) {
        return BENTO_E_CORRUPT;
    }
    /* no block above the high-water mark was carved: a lowered mark (with the count lowered to
     * match) would hand out a live block again */
    for (index = s->fresh; index < pool->capacity; index++) {
        if (pool->live[index] != BENTO_IMPL_BLOCK_FREE) {
            return BENTO_E_CORRUPT;
        }
    }
    /* the list then passes through every free block once: fresh - count free blocks, then
     * BENTO_NONE, so a cycle (which never reaches BENTO_NONE) or a short list is caught */
    index = s->free_head;
    for (steps = s->fresh - s->count; steps != 0u; steps--) {
        if (index >= s->fresh || pool->live[index] != BENTO_IMPL_BLOCK_FREE) {
            return BENTO_E_CORRUPT;
        }
        index = *(const uint32_t *)(const void *)(pool->blocks + (size_t)index * pool->stride);
    }
    return index == BENTO_NONE ? BENTO_OK : BENTO_E_CORRUPT;
}
