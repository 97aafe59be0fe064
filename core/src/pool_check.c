/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M17 M22 M26. */
/*
 * bento/pool_check.c - the pool's invariant checker, apart from the pool so that firmware that
 * never calls it does not carry it. The contract is in bento/pool.h.
 */
#include <bento/pool.h>

#include "internal.h"

/* The header's words and the counters' copy, as init wrote them and the operations keep them. */
static bool header_sound(const bento_pool *pool)
{
    const uint32_t *saved = (const uint32_t *)(const void *)pool->saved;
    const uint32_t *head = saved - BENTO_IMPL_HEAD_PARAMS - BENTO_IMPL_POOL_PARAMS;
    const uint32_t bits = pool->index_bits | (uint32_t)pool->generation_bits << 8 |
                          (uint32_t)pool->policy << 16;
    return bento_impl_saved_matches(pool->saved, &pool->state, sizeof pool->state) &&
           BENTO_IMPL_JOURNAL_IDLE(pool) &&
           bento_impl_head_is(head, BENTO_IMPL_KIND_POOL,
                              BENTO_POOL_BYTES(pool->capacity, pool->value_size)) &&
           head[BENTO_IMPL_HEAD_PARAMS] == pool->capacity &&
           head[BENTO_IMPL_HEAD_PARAMS + 1u] == pool->value_size &&
           head[BENTO_IMPL_HEAD_PARAMS + 2u] == bits;
}

bento_status bento_pool_check(const bento_pool *pool)
{
    uint32_t mask, odd;
    const bento_pool_state *s;
    uint32_t position;
    uint32_t index;
    uint32_t live = 0u, free_slots = 0u, zero = 0u, unused = 0u;
    bool retire;
    BENTO_ASSERT(pool != NULL);
    mask = pool->index_mask;
    odd = mask + 1u; /* the lowest generation bit: set while a slot is live */
    s = &pool->state;
    retire = pool->policy == (uint8_t)BENTO_POOL_RETIRE;
    if (pool->capacity == 0u) {
        return BENTO_OK; /* inert: an empty pool of capacity 0 */
    }
    if (!header_sound(pool) || s->count > pool->capacity || s->free_count > pool->capacity ||
        s->retired > pool->capacity ||
        (uint64_t)s->count + s->free_count + s->retired != pool->capacity ||
        (s->free_count != 0u && (s->free_head >= pool->capacity || s->free_tail >= pool->capacity))) {
        return BENTO_E_CORRUPT;
    }
    /* every dense position is owned by a live slot that points back at it; two positions
     * cannot share a slot, which points at one of them only */
    for (position = 0u; position < s->count; position++) {
        index = pool->dense_slot[position];
        if (index >= pool->capacity || (pool->slots[index] & odd) == 0u ||
            (pool->slots[index] & mask) != position) {
            return BENTO_E_CORRUPT;
        }
    }
    /* no bits outside the index and generation fields; slots sorted into live and free */
    for (index = 0u; index < pool->capacity; index++) {
        const uint32_t slot = pool->slots[index];
        if ((slot & ~(mask | pool->last_generation)) != 0u) {
            return BENTO_E_CORRUPT;
        }
        if ((slot & odd) != 0u) {
            live++;
        } else {
            free_slots++;
            zero += slot == 0u ? 1u : 0u;
        }
    }
    /* a WRAP pool retires nothing */
    if (live != s->count || free_slots != s->free_count + s->retired ||
        (pool->policy == (uint8_t)BENTO_POOL_WRAP && s->retired != 0u)) {
        return BENTO_E_CORRUPT;
    }
    /* the free queue: free_count free slots from front to back. Only the back links to itself,
     * so a damaged link that closes a cycle shows up as a self-link too soon or never, and
     * the slots visited are distinct. Under BENTO_POOL_RETIRE a queued slot at generation 0
     * was never used: init queued those in order and create takes the front, so they are the
     * first `unused` of the queue, slots free_head .. capacity - 1 in order (a retired slot,
     * whose word is 0 too, cannot pass for one) */
    index = s->free_head;
    for (position = 0u; position < s->free_count; position++) {
        const uint32_t slot = pool->slots[index];
        const uint32_t next = slot & mask;
        const bool back = position + 1u == s->free_count;
        if ((slot & odd) != 0u || next >= pool->capacity || (next == index) != back ||
            (back && index != s->free_tail)) {
            return BENTO_E_CORRUPT;
        }
        if (retire && (slot & ~mask) == 0u) {
            if (position != unused || index != s->free_head + position) {
                return BENTO_E_CORRUPT; /* after a used slot, or out of order */
            }
            unused++;
        }
        zero -= slot == 0u ? 1u : 0u;
        index = next;
    }
    if (unused != 0u && s->free_head + unused != pool->capacity) {
        return BENTO_E_CORRUPT; /* the never-used slots stop short of the last one */
    }
    /* the free slots outside the queue are the retired ones: each holds the retired form (0),
     * so a queued slot counted as retired is caught, not lost for good */
    return zero == s->retired ? BENTO_OK : BENTO_E_CORRUPT;
}
