/* bento/pool.c - the handle pool. The contract is in bento/pool.h. */
#include <bento/pool.h>

/* Natural alignment of a value of `size` bytes: the largest power of two dividing it, 4..8. */
static size_t value_alignment(size_t size)
{
    size_t align = size & (0u - size);
    if (align < 4u) {
        return 4u;
    }
    return align > BENTO_MAX_ALIGN ? BENTO_MAX_ALIGN : align;
}

bento_status bento_pool_init(bento_pool *pool, void *memory, size_t bytes, size_t value_size,
                             uint32_t capacity, unsigned index_bits, unsigned generation_bits)
{
    size_t values_bytes;
    BENTO_ASSERT(pool != NULL);
    /* until every check passes: a coherent empty pool of capacity 0 that refuses everything */
    pool->values = NULL;
    pool->slots = NULL;
    pool->dense_slot = NULL;
    pool->value_size = 0u;
    pool->index_bits = 1u;
    pool->generation_bits = 1u;
    pool->capacity = 0u;
    pool->count = 0u;
    pool->slots_used = 0u;
    pool->free_count = 0u;
    pool->free_head = 0u;
    pool->retired = 0u;
    if (memory == NULL || value_size == 0u || value_size > UINT32_MAX || index_bits == 0u ||
        generation_bits == 0u || index_bits + generation_bits > 32u || capacity == 0u ||
        (uint64_t)capacity > ((uint64_t)1 << index_bits) ||
        (uint64_t)capacity * value_size > (uint64_t)(SIZE_MAX / 2u)) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_is_aligned(memory, value_alignment(value_size))) {
        return BENTO_E_ALIGN;
    }
    if (bytes < BENTO_POOL_BYTES(capacity, value_size)) {
        return BENTO_E_SIZE;
    }
    values_bytes = BENTO_ALIGN_UP((size_t)capacity * value_size, 4u);
    pool->values = (unsigned char *)memory;
    pool->slots = (uint32_t *)(void *)(pool->values + values_bytes);
    pool->dense_slot = pool->slots + capacity;
    pool->value_size = (uint32_t)value_size;
    pool->index_bits = (uint8_t)index_bits;
    pool->generation_bits = (uint8_t)generation_bits;
    pool->capacity = capacity;
    return BENTO_OK;
}

bento_status bento_pool_create(bento_pool *pool, uint32_t *handle, void **value)
{
    const uint32_t mask = (1u << pool->index_bits) - 1u;
    const uint32_t position = pool->count;
    uint32_t index;
    uint32_t generation_part;
    if (pool->free_count != 0u) {
        index = pool->free_head;
        generation_part = pool->slots[index] & ~mask;
        pool->free_head = pool->slots[index] & mask;
        pool->free_count--;
    } else if (pool->slots_used < pool->capacity) {
        index = pool->slots_used++;
        generation_part = 1u << pool->index_bits; /* generation 1: the raw handle is never 0 */
    } else {
        *handle = 0u;
        if (value != NULL) {
            *value = NULL;
        }
        return BENTO_E_FULL;
    }
    pool->slots[index] = generation_part | position;
    pool->dense_slot[position] = index;
    pool->count = position + 1u;
    *handle = generation_part | index;
    if (value != NULL) {
        *value = pool->values + (size_t)position * pool->value_size;
    }
    return BENTO_OK;
}

/* Free slot `index`, whose object is already gone from the dense array. */
static void release_slot(bento_pool *pool, uint32_t index)
{
    const uint32_t slot = pool->slots[index];
    const uint32_t last_generation = (1u << pool->generation_bits) - 1u;
    if ((slot >> pool->index_bits) == last_generation) {
        pool->retired++; /* never linked into the free list again */
        return;
    }
    /* next generation, linked at the head of the free list */
    pool->slots[index] = ((slot >> pool->index_bits) + 1u) << pool->index_bits | pool->free_head;
    pool->free_head = index;
    pool->free_count++;
}

bento_status bento_pool_destroy(bento_pool *pool, uint32_t handle)
{
    const uint32_t mask = (1u << pool->index_bits) - 1u;
    const uint32_t index = handle & mask;
    uint32_t position;
    uint32_t last;
    if (bento_pool_get(pool, handle) == NULL) {
        return BENTO_E_STALE;
    }
    position = pool->slots[index] & mask;
    last = pool->count - 1u;
    if (position != last) {
        /* swap-and-pop: the last object takes the hole, its slot follows it */
        const uint32_t moved = pool->dense_slot[last];
        const size_t size = pool->value_size;
        bento__copy(pool->values + (size_t)position * size, pool->values + (size_t)last * size,
                    size);
        pool->dense_slot[position] = moved;
        pool->slots[moved] = (pool->slots[moved] & ~mask) | position;
    }
    pool->count = last;
    release_slot(pool, index);
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

bento_status bento_pool_check(const bento_pool *pool)
{
    const uint32_t mask = (1u << pool->index_bits) - 1u;
    const uint32_t last_generation = (1u << pool->generation_bits) - 1u;
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
        const uint32_t generation = pool->slots[index] >> pool->index_bits;
        const uint32_t position_or_next = pool->slots[index] & mask;
        if (generation == 0u || generation > last_generation) {
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
