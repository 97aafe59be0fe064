/* bento/block_pool.c - fixed-size blocks. The contract is in bento/block_pool.h. */
#include <bento/block_pool.h>

#define STATE_FREE 0u
#define STATE_LIVE 1u

bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity)
{
    const size_t stride = BENTO_BLOCK_POOL_STRIDE(block_size); /* 0 when block_size is 0 */
    bento_status status = BENTO_E_ARGUMENT;
    BENTO_ASSERT(pool != NULL);
    /* until every check passes: a pool of capacity 0 that refuses everything */
    pool->blocks = NULL;
    pool->state = NULL;
    pool->stride = 4u;
    pool->reciprocal = 0u;
    pool->capacity = 0u;
    pool->fresh = 0u;
    pool->free_head = BENTO_BLOCK_NONE;
    pool->count = 0u;
    if (memory != NULL && stride - 4u <= (size_t)UINT32_MAX - 4u) {
        /* floor((2^32 - 1) / stride) is the largest capacity that spans < 4 GiB */
        const uint32_t fit = UINT32_MAX / (uint32_t)stride;
        if (capacity - 1u < fit) {
            status = BENTO_E_ALIGN;
            /* the stride's natural alignment: its lowest set bit, capped at 8 */
            if (((uintptr_t)memory & (stride - 1u) & (BENTO_MAX_ALIGN - 1u)) == 0u) {
                status = BENTO_E_SIZE;
                /* BENTO_BLOCK_POOL_BYTES (a stride and a state byte per block), unwrapped */
                if (bytes >= capacity && bytes - capacity >= (size_t)capacity * stride) {
                    pool->blocks = (unsigned char *)memory;
                    pool->state = pool->blocks + (size_t)capacity * stride;
                    pool->stride = (uint32_t)stride;
                    pool->reciprocal = fit + 1u; /* ceil(2^32 / stride), as stride >= 4 */
                    pool->capacity = capacity;
                    status = BENTO_OK;
                }
            }
        }
    }
    return status;
}

bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block)
{
    bento_status status = BENTO_OK;
    unsigned char *b = NULL;
    const uint32_t critical = BENTO_CRITICAL_ENTER();
    uint32_t index = pool->free_head;
    if (index == BENTO_BLOCK_NONE) {
        /* free list empty: every carved block is live, carve the next one */
        index = pool->fresh;
        status = BENTO_E_FULL;
        if (index < pool->capacity) {
            pool->fresh = index + 1u;
            status = BENTO_OK;
        }
    } else if (index >= pool->fresh || pool->state[index] != STATE_FREE) {
        status = BENTO_E_CORRUPT; /* a link beyond the carved region or to a live block */
    }
    if (status == BENTO_OK) {
        b = pool->blocks + (size_t)index * pool->stride;
        if (index == pool->free_head) {
            pool->free_head = *(const uint32_t *)(const void *)b;
        }
        pool->state[index] = STATE_LIVE;
        pool->count++;
    }
    BENTO_CRITICAL_EXIT(critical);
    *block = b;
    return status;
}

bento_status bento_block_pool_free(bento_block_pool *pool, void *block)
{
    bento_status status = BENTO_OK;
    const uint32_t critical = BENTO_CRITICAL_ENTER();
    const uint32_t index = bento_block_pool_index_of(pool, block);
    if (index >= pool->fresh || pool->state[index] != STATE_LIVE) {
        status = index == BENTO_BLOCK_NONE ? BENTO_E_ARGUMENT : BENTO_E_STALE;
    } else {
        pool->state[index] = STATE_FREE;
        *(uint32_t *)block = pool->free_head;
        pool->free_head = index;
        pool->count--;
    }
    BENTO_CRITICAL_EXIT(critical);
    return status;
}

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
        if (pool->state[index] > STATE_LIVE) {
            return BENTO_E_CORRUPT;
        }
        free_blocks -= STATE_LIVE - pool->state[index];
    }
    if (free_blocks != 0u) {
        return BENTO_E_CORRUPT;
    }
    /* the list then passes through every free block once: no cycle, none missing */
    index = pool->free_head;
    for (steps = pool->fresh - pool->count; steps != 0u; steps--) {
        if (index >= pool->fresh || pool->state[index] != STATE_FREE) {
            return BENTO_E_CORRUPT;
        }
        index = *(const uint32_t *)(const void *)(pool->blocks + (size_t)index * pool->stride);
    }
    return index == BENTO_BLOCK_NONE ? BENTO_OK : BENTO_E_CORRUPT;
}
