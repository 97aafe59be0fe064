/* SPDX-License-Identifier: MIT */
/* bento/block_pool.c - fixed-size blocks. The contract is in bento/block_pool.h. */
#include <bento/block_pool.h>

#include "internal.h"

#define STATE_FREE 0u
#define STATE_LIVE 1u

bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity)
{
    const size_t stride = BENTO_BLOCK_POOL_STRIDE(block_size); /* 0 when block_size is 0 */
    bento_status status = BENTO_E_ARGUMENT;
    /* until every check passes: a pool of capacity 0 that refuses everything */
    uintptr_t blocks = 0u;
    uint32_t reciprocal = 0u;
    uint32_t usable = 0u;
    BENTO_ASSERT(pool != NULL);
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
                    blocks = (uintptr_t)memory;
                    reciprocal = fit + 1u; /* ceil(2^32 / stride), as stride >= 4 */
                    usable = capacity;
                    status = BENTO_OK;
                }
            }
        }
    }
    pool->blocks = (unsigned char *)blocks;
    pool->state = (unsigned char *)(blocks + (size_t)usable * stride);
    pool->stride = (uint32_t)stride;
    pool->reciprocal = reciprocal;
    pool->capacity = usable;
    pool->fresh = 0u;
    pool->free_head = BENTO_BLOCK_NONE;
    pool->count = 0u;
    return status;
}

bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block)
{
    bento_status status = BENTO_OK;
    unsigned char *b = NULL;
    const uint32_t critical = BENTO_CRITICAL_ENTER();
    uint32_t index = pool->free_head;
    /* one unsigned compare covers both an empty list (NONE) and a link out of range */
    if (index < pool->fresh && pool->state[index] == STATE_FREE) {
        b = pool->blocks + (size_t)index * pool->stride;
        pool->free_head = *(const uint32_t *)(const void *)b;
    } else if (index != BENTO_BLOCK_NONE) {
        status = BENTO_E_CORRUPT; /* a link beyond the carved region or to a live block */
    } else if (pool->fresh < pool->capacity) {
        /* free list empty: every carved block is live, carve the next one */
        index = pool->fresh++;
        b = pool->blocks + (size_t)index * pool->stride;
    } else {
        status = BENTO_E_FULL;
    }
    if (b != NULL) {
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
    const uintptr_t offset = (uintptr_t)block - (uintptr_t)pool->blocks;
    const uint32_t index = (uint32_t)(((uint64_t)(uint32_t)offset * pool->reciprocal) >> 32);
    /* index < fresh <= capacity first: then the multiply-back cannot leave 32 bits */
    if (index < pool->fresh && (uintptr_t)index * pool->stride == offset &&
        pool->state[index] == STATE_LIVE) {
        pool->state[index] = STATE_FREE;
        *(uint32_t *)block = pool->free_head;
        pool->free_head = index;
        pool->count--;
    } else {
        /* one of its blocks but not live (a double free, never handed out), or not its block */
        status = bento_block_pool_index_of(pool, block) == BENTO_BLOCK_NONE ? BENTO_E_ARGUMENT
                                                                            : BENTO_E_STALE;
    }
    BENTO_CRITICAL_EXIT(critical);
    return status;
}
