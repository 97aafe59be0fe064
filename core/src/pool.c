/* SPDX-License-Identifier: MIT */
/* bento/pool.c - the handle pool. The contract is in bento/pool.h. */
#include <bento/pool.h>

/* Alignment of the values: the largest power of two dividing the stride (a multiple of 4),
 * at most BENTO_MAX_ALIGN. A type's alignment divides its size, so this suffices for any T. */
static size_t value_alignment(size_t stride)
{
    const size_t align = stride & (0u - stride);
    return align > BENTO_MAX_ALIGN ? BENTO_MAX_ALIGN : align;
}

/* Point the three arrays into `memory` once it is known to be there, aligned and large enough. */
BENTO__NOINLINE static bento_status place_arrays(bento_pool *pool, void *memory, size_t bytes, uint32_t capacity,
                                 size_t stride)
{
    if (memory == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_is_aligned(memory, value_alignment(stride))) {
        return BENTO_E_ALIGN;
    }
    if (bytes < (size_t)capacity * (stride + 8u)) { /* BENTO_POOL_BYTES */
        return BENTO_E_SIZE;
    }
    pool->values = (unsigned char *)memory;
    pool->slots = (uint32_t *)(void *)(pool->values + (size_t)capacity * stride);
    pool->dense_slot = pool->slots + capacity;
    return BENTO_OK;
}

bento_status bento_pool_init(bento_pool *pool, void *memory, size_t bytes, size_t value_size,
                             uint32_t capacity, unsigned index_bits, unsigned generation_bits)
{
    const size_t stride = BENTO_POOL_STRIDE(value_size);
    bento_status status;
    BENTO_ASSERT(pool != NULL);
    /* until every check passes: a coherent empty pool of capacity 0 that refuses everything */
    pool->index_mask = 0u;
    pool->capacity = 0u;
    pool->count = 0u;
    pool->slots_used = 0u;
    pool->free_count = 0u;
    pool->retired = 0u;
    /* index_bits <= 31 once generation_bits >= 1, so the shifts below are defined; the byte
     * count must fit in half the address space (one division, at init only) */
    if (value_size == 0u || value_size > UINT32_MAX || index_bits == 0u ||
        generation_bits == 0u || index_bits + generation_bits > 32u || capacity == 0u ||
        capacity - 1u > (1u << index_bits) - 1u || (SIZE_MAX / 2u) / capacity < 8u ||
        value_size > (SIZE_MAX / 2u) / capacity - 8u) {
        return BENTO_E_ARGUMENT;
    }
    status = place_arrays(pool, memory, bytes, capacity, stride);
    if (status != BENTO_OK) {
        return status;
    }
    pool->index_mask = (1u << index_bits) - 1u;
    pool->last_generation = ((1u << generation_bits) - 1u) << index_bits;
    pool->stride = (uint32_t)stride;
    pool->capacity = capacity;
    pool->index_bits = (uint8_t)index_bits;
    pool->generation_bits = (uint8_t)generation_bits;
    return BENTO_OK;
}

bento_status bento_pool_rebase(bento_pool *pool, void *memory, size_t bytes)
{
    return place_arrays(pool, memory, bytes, pool->capacity, pool->stride);
}

bento_status bento_pool_create(bento_pool *pool, uint32_t *handle, void **value)
{
    const uint32_t mask = pool->index_mask;
    const uint32_t position = pool->count;
    uint32_t index;
    uint32_t generation;
    if (pool->free_count != 0u) {
        const uint32_t slot = pool->slots[pool->free_head];
        index = pool->free_head;
        generation = (slot & ~mask) + mask + 1u; /* even (free) to odd (live) */
        pool->free_head = slot & mask;
        pool->free_count--;
    } else if (pool->slots_used < pool->capacity) {
        index = pool->slots_used++;
        generation = mask + 1u; /* generation 1: the raw handle is never 0 */
    } else {
        *handle = 0u;
        if (value != NULL) {
            *value = NULL;
        }
        return BENTO_E_FULL;
    }
    pool->slots[index] = generation | position;
    pool->dense_slot[position] = index;
    pool->count = position + 1u;
    *handle = generation | index;
    if (value != NULL) {
        *value = pool->values + (size_t)position * pool->stride;
    }
    return BENTO_OK;
}

/* Free slot `index`, whose object is already gone from the dense array: its generation turns
 * even and it goes on the free list, or, at the last generation, it retires. */
static void release_slot(bento_pool *pool, uint32_t index)
{
    const uint32_t generation = pool->slots[index] & ~pool->index_mask;
    if (generation == pool->last_generation) {
        pool->slots[index] = 0u; /* generation 0: even, never live, never on the free list */
        pool->retired++;
        return;
    }
    /* the last slot of the list links to itself, so a check can tell a list from a cycle */
    pool->slots[index] =
        (generation + pool->index_mask + 1u) | (pool->free_count != 0u ? pool->free_head : index);
    pool->free_head = index;
    pool->free_count++;
}

bento_status bento_pool_destroy(bento_pool *pool, uint32_t handle)
{
    const uint32_t mask = pool->index_mask;
    const uint32_t position = bento__pool_position(pool, handle, mask);
    uint32_t last;
    if (position == BENTO__POOL_NOT_LIVE) {
        return BENTO_E_STALE;
    }
    last = pool->count - 1u;
    if (position != last) {
        /* swap-and-pop: the last object takes the hole, word by word (the stride is a
         * multiple of 4 and values are word-aligned), and its slot follows it */
        const uint32_t moved = pool->dense_slot[last];
        uint32_t *to = (uint32_t *)(void *)(pool->values + (size_t)position * pool->stride);
        const uint32_t *from = (const uint32_t *)(void *)(pool->values + (size_t)last * pool->stride);
        const uint32_t *end = from + (pool->stride >> 2);
        while (from != end) {
            *to++ = *from++;
        }
        pool->dense_slot[position] = moved;
        pool->slots[moved] = (pool->slots[moved] & ~mask) | position;
    }
    pool->count = last;
    release_slot(pool, handle & mask);
    return BENTO_OK;
}

void bento_pool_clear(bento_pool *pool)
{
    uint32_t position;
    for (position = 0u; position < pool->count; position++) {
        release_slot(pool, pool->dense_slot[position]);
    }
    pool->count = 0u;
}
