/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M9 M11 M12 M15 M17 M19 M20 M22 M23 M26 M30 T1. */
/* bento/block_pool.c - fixed-size blocks. The contract is in bento/block_pool.h. */
#include <bento/block_pool.h>

#include "internal.h"

/* The pending action of a clear: the state bytes of the blocks carved before it made free. */
#define CLEAR_STATES 1u

/*
 * Check a parameter record and the buffer and fill the pool's fixed fields, pointing its
 * arrays into `memory` (the lifecycle's configure, core/src/internal.h).
 */
static bento_status block_pool_configure(void *x, void *memory, size_t bytes, const void *record,
                                         const void *with, size_t *used)
{
    bento_block_pool *const pool = (bento_block_pool *)x;
    const bento_impl_block_pool_params *const p = (const bento_impl_block_pool_params *)record;
    const size_t block_size = bento_impl_size_of(p->block_size);
    const uint32_t capacity = p->capacity;
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_BLOCK_POOL_HEAD);
    size_t stride, blocks, live;
    bento_status status;
    (void)with;
    if (memory == NULL || block_size == 0u || block_size > BENTO_IMPL_BYTES_MAX - 3u ||
        capacity == 0u) {
        return BENTO_E_ARGUMENT;
    }
    stride = BENTO_BLOCK_POOL_STRIDE(block_size);
    blocks = bento_impl_layout_add(&layout, capacity, stride, 4u);
    live = bento_impl_layout_add(&layout, capacity, 1u, 1u);
    *used = layout.bytes;
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

/* The parameter record of a configured pool, and its buffer's bytes. */
static size_t block_pool_record(const void *x, void *record)
{
    const bento_block_pool *const pool = (const bento_block_pool *)x;
    bento_impl_block_pool_params *const p = (bento_impl_block_pool_params *)record;
    p->capacity = pool->capacity;
    p->block_size = pool->block_size;
    return BENTO_BLOCK_POOL_BYTES(pool->capacity, pool->block_size);
}

/* Mark blocks [0, n) free (their state bytes; the blocks themselves are not touched). */
static void clear_states(bento_block_pool *pool, uint32_t n)
{
    uint32_t index;
    for (index = 0u; index < n; index++) {
        pool->live[index] = BENTO_IMPL_BLOCK_FREE;
    }
}

/* Nothing carved, the free list empty: the blocks are not touched, and every state byte is
 * free, so that check can tell the blocks above the high-water mark from carved ones. */
static void block_pool_empty(void *x)
{
    bento_block_pool *const pool = (bento_block_pool *)x;
    clear_states(pool, pool->capacity);
    pool->state.free_head = BENTO_NONE;
}

/* A clear's state bytes cleared again after a reset: its counters are already the ones after
 * it (nothing carved). */
static bento_status block_pool_redo(void *x, uint32_t action, uint32_t fresh)
{
    bento_block_pool *const pool = (bento_block_pool *)x;
    if (action != CLEAR_STATES || fresh > pool->capacity || pool->saved->fresh != 0u) {
        return BENTO_E_CORRUPT;
    }
    clear_states(pool, fresh);
    return BENTO_OK;
}

static bento_status block_pool_invariants(const void *x);

static const bento_impl_kind block_pool_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_BLOCK_POOL, bento_block_pool, bento_block_pool_state,
                    bento_impl_block_pool_params, BENTO_IMPL_BLOCK_POOL_HEAD,
                    BENTO_IMPL_BLOCK_POOL_ENTRIES),
    block_pool_configure, block_pool_record, block_pool_empty,
    BENTO_IMPL_REDO_OF(block_pool_redo), NULL,
    block_pool_invariants, NULL,
};

/* The parameter record of a block pool of these parameters (init's, and a typed open's). */
static bento_impl_block_pool_params block_pool_params(size_t block_size, uint32_t capacity)
{
    bento_impl_block_pool_params p;
    p.capacity = capacity;
    p.block_size = bento_impl_record_size(block_size);
    return p;
}

bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity)
{
    const bento_impl_block_pool_params p = block_pool_params(block_size, capacity);
    BENTO_ASSERT(pool != NULL);
    return bento_impl_init(&block_pool_kind, pool, memory, bytes, &p, NULL);
}

bento_status bento_block_pool_open(bento_block_pool *pool, void *memory, size_t bytes)
{
    BENTO_ASSERT(pool != NULL);
    return bento_impl_open(&block_pool_kind, pool, memory, bytes, NULL, NULL);
}

bento_status bento_impl_block_pool_open_as(bento_block_pool *pool, void *memory, size_t bytes,
                                           size_t block_size, uint32_t capacity)
{
    const bento_impl_block_pool_params p = block_pool_params(block_size, capacity);
    BENTO_ASSERT(pool != NULL);
    return bento_impl_open(&block_pool_kind, pool, memory, bytes, NULL, &p);
}

bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block)
{
    bento_status status = BENTO_E_FULL;
    unsigned char *b = NULL;
    uint32_t critical;
    BENTO_ASSERT(pool != NULL && block != NULL);
    critical = BENTO_CRITICAL_ENTER();
    {
        const uint32_t count = pool->state.count;
        const uint32_t fresh = pool->state.fresh;
        uint32_t index = pool->state.free_head;
        bento_impl_journal j;
        if (count < fresh && index < fresh && pool->live[index] == BENTO_IMPL_BLOCK_FREE) {
            /* the head of the free list, a link read from the buffer: a free block below
             * fresh (<= capacity), so every access it leads to is inside the buffer; and only
             * while the counters say the list holds a block, so that a damaged link or state
             * byte never hands out more blocks than were carved */
            b = pool->blocks + (size_t)index * pool->stride;
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_SET(&j, pool, free_head, *(const uint32_t *)(const void *)b);
        } else if (count != fresh) {
            /* the list holds fresh - count blocks, and its head is none of them */
            status = BENTO_E_CORRUPT;
        } else if (fresh < pool->capacity) {
            /* free list empty: every carved block is live, carve the next one */
            index = fresh;
            b = pool->blocks + (size_t)index * pool->stride;
            BENTO_IMPL_BEGIN(&j, pool);
            BENTO_IMPL_SET(&j, pool, fresh, fresh + 1u);
        }
        if (b != NULL) {
            bento_impl_put8(&j, &pool->live[index], BENTO_IMPL_BLOCK_LIVE);
            BENTO_IMPL_SET(&j, pool, count, count + 1u);
            bento_impl_done(&j);
            status = BENTO_OK;
        }
    }
    BENTO_CRITICAL_EXIT(critical);
    *block = b;
    return status;
}

/* Free the live block `index` (below fresh, the count not 0), in the caller's journal: its
 * state byte free, its first word the link to the old head of the list. Inlined: a journal
 * passed to a call lives in memory, and its every entry costs loads and stores more. */
BENTO_IMPL_ALWAYS_INLINE static inline void release_block(bento_block_pool *pool,
                                                         bento_impl_journal *j, uint32_t index)
{
    bento_impl_put8(j, &pool->live[index], BENTO_IMPL_BLOCK_FREE);
    /* the block's first word is the caller's until the link goes in */
    bento_impl_put(j, (uint32_t *)(void *)(pool->blocks + (size_t)index * pool->stride),
                   pool->state.free_head);
    BENTO_IMPL_SET(j, pool, free_head, index);
    BENTO_IMPL_SET(j, pool, count, pool->state.count - 1u);
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
        release_block(pool, &j, index);
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
    const uint32_t critical = BENTO_CRITICAL_ENTER();
    const uint32_t count = pool->state.count, fresh = pool->state.fresh;
    bento_impl_journal j;
    if (index < fresh && pool->live[index] == BENTO_IMPL_BLOCK_LIVE && count != 0u) {
        BENTO_IMPL_BEGIN(&j, pool);
        if (carved && index + 1u == fresh && count == fresh) {
            /* carved last, with the list empty: uncarved, the high-water mark as it was */
            bento_impl_put8(&j, &pool->live[index], BENTO_IMPL_BLOCK_FREE);
            BENTO_IMPL_SET(&j, pool, fresh, index);
            BENTO_IMPL_SET(&j, pool, count, count - 1u);
        } else {
            /* taken from the front of the list: freeing puts it back there */
            release_block(pool, &j, index);
        }
        bento_impl_done(&j);
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
            BENTO_IMPL_SET(&j, pool, count, 0u);
            BENTO_IMPL_SET(&j, pool, fresh, 0u);
            BENTO_IMPL_SET(&j, pool, free_head, BENTO_NONE);
            /* the state bytes last, once the counters say nothing is carved: a reset from
             * there on clears them again */
            bento_impl_redo(&j, CLEAR_STATES, carved);
            clear_states(pool, carved);
            bento_impl_done(&j);
        }
    }
    BENTO_CRITICAL_EXIT(critical);
}

bento_status bento_block_pool_check(const bento_block_pool *pool)
{
    BENTO_ASSERT(pool != NULL);
    return bento_impl_check(&block_pool_kind, pool);
}

/* The counters against the state bytes and the free list, once the header is sound. */
static bento_status block_pool_invariants(const void *x)
{
    const bento_block_pool *const pool = (const bento_block_pool *)x;
    const bento_block_pool_state *const s = &pool->state;
    uint32_t index;
    uint32_t free_blocks;
    uint32_t steps;
    if (s->fresh > pool->capacity || s->count > s->fresh) {
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
