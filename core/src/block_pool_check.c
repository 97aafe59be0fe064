/* SPDX-License-Identifier: MIT */
/*
 * bento/block_pool_check.c - the block pool's invariant checker, apart from the pool so that
 * firmware that never calls it does not carry it. The contract is in bento/block_pool.h.
 */
#include <bento/block_pool.h>

#include "internal.h"

bento_status bento_block_pool_check(const bento_block_pool *pool)
{
    uint32_t index;
    uint32_t free_blocks = pool->fresh - pool->count;
    uint32_t steps;
    if (pool->fresh > pool->capacity || pool->count > pool->fresh) {
        return BENTO_E_CORRUPT;
    }
    /* every state byte is 0 or 1, and exactly fresh - count of them are 0 */
    for (index = 0u; index < pool->fresh; index++) {
        if (pool->state[index] > 1u) {
            return BENTO_E_CORRUPT;
        }
        free_blocks -= 1u - pool->state[index];
    }
    if (free_blocks != 0u) {
        return BENTO_E_CORRUPT;
    }
    /* the list then passes through every free block once: no cycle, none missing */
    index = pool->free_head;
    for (steps = pool->fresh - pool->count; steps != 0u; steps--) {
        if (index >= pool->fresh || pool->state[index] != 0u) {
            return BENTO_E_CORRUPT;
        }
        index = *(const uint32_t *)(const void *)(pool->blocks + (size_t)index * pool->stride);
    }
    return index == BENTO_BLOCK_NONE ? BENTO_OK : BENTO_E_CORRUPT;
}
