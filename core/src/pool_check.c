/*
 * bento/pool_check.c - the pool's invariant checker, apart from the pool so that firmware that
 * never calls it does not carry it. The contract is in bento/pool.h.
 */
#include <bento/pool.h>

bento_status bento_pool_check(const bento_pool *pool)
{
    const uint32_t mask = pool->index_mask;
    uint32_t position;
    uint32_t index;
    uint32_t free_seen;
    uint32_t live_slots = 0u;
    if (pool->count > pool->capacity || pool->slots_used > pool->capacity ||
        pool->count + pool->free_count + pool->retired != pool->slots_used) {
        return BENTO_E_CORRUPT;
    }
    for (position = 0u; position < pool->count; position++) {
        index = pool->dense_slot[position];
        if (index >= pool->slots_used || (pool->slots[index] & mask) != position) {
            return BENTO_E_CORRUPT;
        }
    }
    for (index = 0u; index < pool->slots_used; index++) {
        const uint32_t generation = pool->slots[index] & ~mask;
        const uint32_t position_or_next = pool->slots[index] & mask;
        if (generation == 0u || generation > pool->last_generation) {
            return BENTO_E_CORRUPT;
        }
        if (position_or_next < pool->count && pool->dense_slot[position_or_next] == index) {
            live_slots++;
        }
    }
    /* walk the free list: at most free_count steps, each to a free slot below slots_used */
    index = pool->free_head;
    for (free_seen = 0u; free_seen < pool->free_count; free_seen++) {
        uint32_t position_or_next;
        if (index >= pool->slots_used) {
            return BENTO_E_CORRUPT;
        }
        position_or_next = pool->slots[index] & mask;
        if (position_or_next < pool->count && pool->dense_slot[position_or_next] == index) {
            return BENTO_E_CORRUPT; /* a live slot on the free list */
        }
        index = position_or_next;
    }
    return live_slots == pool->count ? BENTO_OK : BENTO_E_CORRUPT;
}
