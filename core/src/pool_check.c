/* SPDX-License-Identifier: MIT */
/*
 * bento/pool_check.c - the pool's invariant checker, apart from the pool so that firmware that
 * never calls it does not carry it. The contract is in bento/pool.h.
 */
#include <bento/pool.h>

bento_status bento_pool_check(const bento_pool *pool)
{
    const uint32_t mask = pool->index_mask;
    const uint32_t odd = mask + 1u; /* the lowest generation bit: set while a slot is live */
    uint32_t position;
    uint32_t index;
    uint32_t live = 0u, free_slots = 0u, retired = 0u;
    if (pool->count > pool->capacity || pool->slots_used > pool->capacity ||
        pool->count + pool->free_count + pool->retired != pool->slots_used) {
        return BENTO_E_CORRUPT;
    }
    /* every dense position is owned by a live slot that points back at it */
    for (position = 0u; position < pool->count; position++) {
        index = pool->dense_slot[position];
        if (index >= pool->slots_used || (pool->slots[index] & odd) == 0u ||
            (pool->slots[index] & mask) != position) {
            return BENTO_E_CORRUPT;
        }
    }
    /* generations in range; slots sorted into live (odd), free (even) and retired (0) */
    for (index = 0u; index < pool->slots_used; index++) {
        const uint32_t generation = pool->slots[index] & ~mask;
        if (generation > pool->last_generation) {
            return BENTO_E_CORRUPT;
        }
        if (generation == 0u) {
            retired++;
        } else if ((generation & odd) != 0u) {
            live++;
        } else {
            free_slots++;
        }
    }
    if (live != pool->count || free_slots != pool->free_count || retired != pool->retired) {
        return BENTO_E_CORRUPT;
    }
    /* the free list: free_count distinct free slots. Only the last links to itself, so a
     * damaged link that closes a cycle early shows up as a self-link too soon or too late */
    index = pool->free_head;
    for (position = 0u; position < pool->free_count; position++) {
        uint32_t generation;
        uint32_t next;
        if (index >= pool->slots_used) {
            return BENTO_E_CORRUPT;
        }
        generation = pool->slots[index] & ~mask;
        next = pool->slots[index] & mask;
        if (generation == 0u || (generation & odd) != 0u ||
            (next == index) != (position + 1u == pool->free_count)) {
            return BENTO_E_CORRUPT;
        }
        index = next;
    }
    return BENTO_OK;
}
