/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M3 M9 M11 M12 M15 M17 M19 M20 M22 M23 M26 T1. */
/* bento/block_pool.c - fixed-size blocks. The contract is in bento/block_pool.h. */
#include <bento/block_pool.h>

#include "internal.h"

/*
 * Check the parameters and the buffer and fill the pool's fixed fields, pointing its arrays
 * into `memory`; shared by init and open. The pool is left inert on failure.
 */
static bento_status configure(bento_block_pool *pool, void *memory, size_t bytes,
                              size_t block_size, uint32_t capacity)
{
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_BLOCK_POOL_HEAD);
    size_t stride, blocks, live;
    bento_status status;
    BENTO_IMPL_INERT(pool);
    if (memory == NULL || block_size == 0u || block_size > BENTO_IMPL_BYTES_MAX - 3u ||
        capacity == 0u) {
        return BENTO_E_ARGUMENT;
    }
    stride = BENTO_BLOCK_POOL_STRIDE(block_size);
    blocks = bento_impl_layout_add(&layout, capacity, stride, 4u);
    live = bento_impl_layout_add(&layout, capacity, 1u, 1u);
    /* under 4 GiB in all, so capacity * stride < 2^32: the reciprocal is exact */
    status = bento_impl_layout_fits(&layout, memory, bento_impl_align_of_size(stride), bytes);
    if (status != BENTO_OK) {
        return status;
    }
    pool->blocks = (unsigned char *)memory + blocks;
    pool->live = (unsigned char *)memory + live;
    pool->saved =
        (bento_block_pool_state *)bento_impl_saved_at(memory, sizeof(bento_impl_block_pool_params));
    pool->capacity = capacity;
    pool->stride = (uint32_t)stride;
    pool->block_size = (uint32_t)block_size;
    pool->reciprocal = BENTO_IMPL_BLOCK_POOL_RECIPROCAL(stride);
    return BENTO_OK;
}

/* Mark blocks [0, n) free (their state bytes; the blocks themselves are not touched). */
static void clear_states(bento_block_pool *pool, uint32_t n)
{
    uint32_t index;
    for (index = 0u; index < n; index++) {
        pool->live[index] = BENTO_IMPL_BLOCK_FREE;
    }
}

/* The parameter record of a configured pool: what init writes to the header, check compares. */
static bento_impl_block_pool_params params_of(const bento_block_pool *pool)
{
    bento_impl_block_pool_params p;
    p.capacity = pool->capacity;
    p.block_size = pool->block_size;
    return p;
}

bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity)
{
    bento_impl_block_pool_params params;
    bento_status status;
    BENTO_ASSERT(pool != NULL);
    status = configure(pool, memory, bytes, block_size, capacity);
    if (status != BENTO_OK) {
        return status;
    }
    params = params_of(pool);
    bento_impl_head_write(memory, BENTO_IMPL_KIND_BLOCK_POOL,
                          BENTO_BLOCK_POOL_BYTES(capacity, block_size), &params, sizeof params);
    /* nothing carved, the free list empty: the blocks are not touched, and every state byte is
     * free, so that check can tell the blocks above the high-water mark from carved ones */
    clear_states(pool, capacity);
    pool->state.free_head = BENTO_NONE;
    BENTO_IMPL_SAVE(pool);
    BENTO_IMPL_SETTLE(pool);
    return BENTO_OK;
}

/* The pending action of a clear: the state bytes of the blocks carved before it made free. */
#define CLEAR_STATES 1u

/* An operation cut by a reset: undone, or the state bytes of a clear cleared again (its
 * counters are already the ones after it: nothing carved). */
static bento_status recover(bento_block_pool *pool, void *memory, size_t used)
{
    uint32_t action, fresh;
    const bento_status status = bento_impl_recover(memory, used, pool->saved, sizeof pool->state,
                                                   BENTO_IMPL_BLOCK_POOL_ENTRIES, &action, &fresh);
    if (status == BENTO_OK && action != 0u) {
        if (action != CLEAR_STATES || fresh > pool->capacity || pool->saved->fresh != 0u) {
            return BENTO_E_CORRUPT;
        }
        clear_states(pool, fresh);
        BENTO_IMPL_SETTLE(pool);
    }
    return status;
}

bento_status bento_block_pool_open(bento_block_pool *pool, void *memory, size_t bytes)
{
    const bento_impl_block_pool_params *p;
    size_t used;
    bento_status status;
    BENTO_ASSERT(pool != NULL);
    BENTO_IMPL_INERT(pool);
    status = bento_impl_head_read(memory, bytes, BENTO_IMPL_KIND_BLOCK_POOL,
                                  BENTO_IMPL_BLOCK_POOL_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    p = (const bento_impl_block_pool_params *)bento_impl_params_at(memory);
    status = configure(pool, memory, used, bento_impl_size_of(p->block_size), p->capacity);
    if (status == BENTO_OK && used == BENTO_BLOCK_POOL_BYTES(pool->capacity, pool->block_size)) {
        status = recover(pool, memory, used);
    }
    status = BENTO_IMPL_OPENED(pool, status,
                               used == BENTO_BLOCK_POOL_BYTES(pool->capacity, pool->block_size));
    /* the counters are trusted from here on: they must describe the buffer exactly */
    if (status == BENTO_OK && bento_block_pool_check(pool) != BENTO_OK) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        BENTO_IMPL_INERT(pool);
    }
    return status;
}

bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block)
{
    bento_status status = BENTO_E_FULL;
    unsigned char *b = NULL;
    uint32_t critical;
    BENTO_ASSERT(pool != NULL && block != NULL);
    critical = BENTO_CRITICAL_ENTER();
    {
        bento_block_pool_state *const saved = pool->saved;
        const uint32_t count = pool->state.count;
        const uint32_t fresh = pool->state.fresh;
        uint32_t index = pool->state.free_head;
        bento_impl_journal j;
        if (count < fresh && index < fresh && pool->live[index] == BENTO_IMPL_BLOCK_FREE) {
            /* the head of the free list, a link read from the buffer: a free block below
             * fresh (<= capacity), so every access it leads to is inside the buffer; and only
             * while the counters say the list holds a block, so that a damaged link or state
             * byte never hands out more blocks than were carved */
            uint32_t next;
            b = pool->blocks + (size_t)index * pool->stride;
            next = *(const uint32_t *)(const void *)b;
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, free_head);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, count);
            bento_impl_log(&j, &pool->live[index]);
            bento_impl_commit(&j);
            pool->state.free_head = next;
            saved->free_head = next;
        } else if (count != fresh) {
            /* the list holds fresh - count blocks, and its head is none of them */
            status = BENTO_E_CORRUPT;
        } else if (fresh < pool->capacity) {
            /* free list empty: every carved block is live, carve the next one */
            index = fresh;
            b = pool->blocks + (size_t)index * pool->stride;
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, fresh);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, count);
            bento_impl_log(&j, &pool->live[index]);
            bento_impl_commit(&j);
            pool->state.fresh = fresh + 1u;
            saved->fresh = fresh + 1u;
        }
        if (b != NULL) {
            pool->live[index] = BENTO_IMPL_BLOCK_LIVE;
            pool->state.count = count + 1u;
            saved->count = count + 1u;
            bento_impl_done(&j);
            status = BENTO_OK;
        }
    }
    BENTO_CRITICAL_EXIT(critical);
    *block = b;
    return status;
}

bento_status bento_block_pool_free(bento_block_pool *pool, void *block)
{
    bento_status status = BENTO_OK;
    uint32_t critical;
    uint32_t index;
    BENTO_ASSERT(pool != NULL);
    critical = BENTO_CRITICAL_ENTER();
    /* below fresh (<= capacity): the state byte read is inside the buffer */
    index = bento_impl_block_pool_index((uintptr_t)block - (uintptr_t)pool->blocks, pool->reciprocal,
                                        pool->stride, pool->state.fresh);
    if (index != BENTO_NONE && pool->live[index] == BENTO_IMPL_BLOCK_LIVE &&
        pool->state.count != 0u) {
        bento_impl_journal j;
        BENTO_IMPL_BEGIN(&j, pool);
        bento_impl_log(&j, &pool->live[index]);
        bento_impl_log(&j, block); /* its first word is the caller's until the link goes in */
        BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, free_head);
        BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, count);
        bento_impl_commit(&j);
        pool->live[index] = BENTO_IMPL_BLOCK_FREE;
        *(uint32_t *)block = pool->state.free_head;
        pool->saved->free_head = pool->state.free_head = index;
        pool->saved->count = --pool->state.count;
        bento_impl_done(&j);
    } else if (index != BENTO_NONE && pool->live[index] == BENTO_IMPL_BLOCK_LIVE) {
        status = BENTO_E_CORRUPT; /* a live block, though the count says none is */
    } else {
        /* one of its blocks but not live (a double free, never handed out), or not its block */
        status = bento_block_pool_index_of(pool, block) == BENTO_NONE ? BENTO_E_ARGUMENT
                                                                      : BENTO_E_STALE;
    }
    BENTO_CRITICAL_EXIT(critical);
    return status;
}

void bento_impl_block_pool_undo_alloc(bento_block_pool *pool, uint32_t index, bool carved)
{
    uint32_t critical = BENTO_CRITICAL_ENTER();
    const uint32_t count = pool->state.count, fresh = pool->state.fresh;
    bento_impl_journal j;
    if (index < fresh && pool->live[index] == BENTO_IMPL_BLOCK_LIVE && count != 0u) {
        if (carved && index + 1u == fresh && count == fresh) {
            /* carved last, with the list empty: uncarved, the high-water mark as it was */
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, fresh);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, count);
            bento_impl_log(&j, &pool->live[index]);
            bento_impl_commit(&j);
            pool->live[index] = BENTO_IMPL_BLOCK_FREE;
            pool->saved->fresh = pool->state.fresh = index;
            pool->saved->count = pool->state.count = count - 1u;
            bento_impl_done(&j);
        } else {
            /* taken from the front of the list: freeing puts it back there */
            BENTO_CRITICAL_EXIT(critical);
            (void)bento_block_pool_free(pool, pool->blocks + (size_t)index * pool->stride);
            return;
        }
    }
    BENTO_CRITICAL_EXIT(critical);
}

void bento_block_pool_clear(bento_block_pool *pool)
{
    uint32_t critical;
    BENTO_ASSERT(pool != NULL);
    critical = BENTO_CRITICAL_ENTER();
    {
        const uint32_t carved = pool->state.fresh;
        bento_impl_journal j;
        /* an inert pool has no journal, and nothing to clear */
        if (pool->capacity != 0u) {
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, count);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, fresh);
            BENTO_IMPL_LOG_COUNTER(&j, bento_block_pool_state, free_head);
            bento_impl_commit(&j);
            pool->state.count = 0u;
            pool->state.fresh = 0u;
            pool->state.free_head = BENTO_NONE;
            BENTO_IMPL_SAVE(pool);
            /* the state bytes last, once the counters say nothing is carved: a reset from
             * there on clears them again */
            bento_impl_redo(&j, CLEAR_STATES, carved);
            clear_states(pool, carved);
            bento_impl_done(&j);
        }
    }
    BENTO_CRITICAL_EXIT(critical);
}

/* The header as init wrote it and the operations keep it. */
static bool header_sound(const bento_block_pool *pool)
{
    const bento_impl_block_pool_params p = params_of(pool);
    return BENTO_IMPL_HEAD_SOUND(pool, BENTO_IMPL_KIND_BLOCK_POOL,
                                 BENTO_BLOCK_POOL_BYTES(pool->capacity, pool->block_size), &p);
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
