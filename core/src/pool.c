/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M8 M9 M12 M15 M17 M19 M20 M22 M26 M30 T1. */
/* bento/pool.c - the handle pool. The contract is in bento/pool.h. */
#include <bento/pool.h>

#include "internal.h"

/* The pending action of a destroy: the last object's value moves into the hole. */
#define MOVE_VALUE 1u

/*
 * Check a parameter record and the buffer and fill the pool's fixed fields, pointing its
 * arrays into `memory` (the lifecycle's configure, core/src/internal.h).
 */
static bento_status pool_configure(void *x, void *memory, size_t bytes, const void *record,
                                   const void *with, size_t *used)
{
    bento_pool *const pool = (bento_pool *)x;
    const bento_impl_pool_params *const p = (const bento_impl_pool_params *)record;
    const size_t value_size = bento_impl_size_of(p->value_size);
    const uint32_t capacity = p->capacity;
    const unsigned index_bits = (unsigned)(p->bits & 0xffu),
                   generation_bits = (unsigned)(p->bits >> 8 & 0xffu);
    const uint32_t policy = p->bits >> 16;
    const size_t stride = BENTO_POOL_STRIDE(value_size);
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_POOL_HEAD);
    size_t values, slots, dense;
    bento_status status;
    (void)with;
    /* index_bits <= 31 follows from the sum once generation_bits >= 1; tested on its own too,
     * so that the shifts below are defined where an analyser sees it (tests/prove) */
    if (memory == NULL || value_size == 0u || value_size > BENTO_IMPL_BYTES_MAX - 3u ||
        index_bits == 0u || index_bits > 31u || generation_bits == 0u ||
        index_bits + generation_bits > 32u ||
        capacity == 0u ||
        capacity - 1u > ((uint32_t)1 << index_bits) - 1u || policy > (uint32_t)BENTO_POOL_WRAP) {
        return BENTO_E_ARGUMENT;
    }
    values = bento_impl_layout_add(&layout, capacity, stride, 4u);
    slots = bento_impl_layout_add(&layout, capacity, 4u, 4u);
    dense = bento_impl_layout_add(&layout, capacity, 4u, 4u);
    *used = layout.bytes;
    status = bento_impl_layout_fits(&layout, memory, bento_impl_align_of_size(stride), bytes);
    if (status != BENTO_OK) {
        return status;
    }
    pool->values = (unsigned char *)memory + values;
    pool->slots = (uint32_t *)(void *)((unsigned char *)memory + slots);
    pool->dense_slot = (uint32_t *)(void *)((unsigned char *)memory + dense);
    pool->saved = (bento_pool_state *)bento_impl_saved_at(memory, sizeof(bento_impl_pool_params));
    pool->capacity = capacity;
    pool->stride = (uint32_t)stride;
    pool->value_size = (uint32_t)value_size;
    pool->index_mask = ((uint32_t)1 << index_bits) - 1u;
    pool->last_generation = (uint32_t)(((uint64_t)1 << (index_bits + generation_bits)) - 1u) &
                            ~pool->index_mask;
    pool->index_bits = (uint8_t)index_bits;
    pool->generation_bits = (uint8_t)generation_bits;
    pool->policy = (uint8_t)policy;
    return BENTO_OK;
}

/* The parameter record of a configured pool, and its buffer's bytes. */
static size_t pool_record(const void *x, void *record)
{
    const bento_pool *const pool = (const bento_pool *)x;
    bento_impl_pool_params *const p = (bento_impl_pool_params *)record;
    p->capacity = pool->capacity;
    p->value_size = pool->value_size;
    p->bits = pool->index_bits | (uint32_t)pool->generation_bits << 8 | (uint32_t)pool->policy << 16;
    return BENTO_POOL_BYTES(pool->capacity, pool->value_size);
}

/* Every slot free at generation 0, queued in order; the last links to itself. */
static void pool_empty(void *x)
{
    bento_pool *const pool = (bento_pool *)x;
    const uint32_t capacity = pool->capacity;
    uint32_t index;
    for (index = 0u; index < capacity; index++) {
        pool->slots[index] = index + 1u < capacity ? index + 1u : index;
    }
    pool->state.free_head = 0u;
    pool->state.free_tail = capacity - 1u;
    pool->state.free_count = capacity;
}

/* Copy the value at `from` over the value at `to` (word by word: the stride is a multiple of
 * 4 and values are word-aligned). */
static void move_value(const bento_pool *pool, uint32_t to, uint32_t from)
{
    uint32_t *d = (uint32_t *)(void *)(pool->values + (size_t)to * pool->stride);
    const uint32_t *s = (const uint32_t *)(const void *)(pool->values + (size_t)from * pool->stride);
    const uint32_t *end = s + (pool->stride >> 2);
    while (s != end) {
        *d++ = *s++;
    }
}

/* A destroy's value move done again after a reset: the count is already the one after it,
 * so the moved value is at the count. */
static bento_status pool_redo(void *x, uint32_t action, uint32_t to)
{
    const bento_pool *const pool = (const bento_pool *)x;
    const uint32_t count = pool->saved->count;
    if (action != MOVE_VALUE || to >= count || count >= pool->capacity) {
        return BENTO_E_CORRUPT;
    }
    move_value(pool, to, count);
    return BENTO_OK;
}

static bento_status pool_invariants(const void *x);

static const bento_impl_kind pool_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_POOL, bento_pool, bento_pool_state, bento_impl_pool_params,
                    BENTO_IMPL_POOL_HEAD, BENTO_IMPL_POOL_ENTRIES),
    pool_configure, pool_record, pool_empty, BENTO_IMPL_REDO_OF(pool_redo), NULL,
    pool_invariants, NULL,
};

/* The parameter record of a pool of these parameters (init's, and a typed open's). */
static bento_impl_pool_params pool_params(size_t value_size, uint32_t capacity,
                                          unsigned index_bits, unsigned generation_bits,
                                          bento_pool_policy policy)
{
    bento_impl_pool_params p;
    p.capacity = capacity;
    p.value_size = bento_impl_record_size(value_size);
    p.bits = bento_impl_record_small(index_bits) | bento_impl_record_small(generation_bits) << 8 |
             bento_impl_record_small((unsigned)policy) << 16;
    return p;
}

bento_status bento_pool_init(bento_pool *pool, void *memory, size_t bytes, size_t value_size,
                             uint32_t capacity, unsigned index_bits, unsigned generation_bits,
                             bento_pool_policy policy)
{
    const bento_impl_pool_params p =
        pool_params(value_size, capacity, index_bits, generation_bits, policy);
    BENTO_ASSERT(pool != NULL);
    return bento_impl_init(&pool_kind, pool, memory, bytes, &p, NULL);
}

bento_status bento_pool_open(bento_pool *pool, void *memory, size_t bytes)
{
    BENTO_ASSERT(pool != NULL);
    return bento_impl_open(&pool_kind, pool, memory, bytes, NULL, NULL);
}

bento_status bento_impl_pool_open_as(bento_pool *pool, void *memory, size_t bytes,
                                     size_t value_size, uint32_t capacity, unsigned index_bits,
                                     unsigned generation_bits, bento_pool_policy policy)
{
    const bento_impl_pool_params p =
        pool_params(value_size, capacity, index_bits, generation_bits, policy);
    BENTO_ASSERT(pool != NULL);
    return bento_impl_open(&pool_kind, pool, memory, bytes, NULL, &p);
}

/* Create, its value copied from `from` when that is not NULL: before the journal is idle,
 * into the position past the count, which is no object's before the create (no entry).
 * Inline, so that create without a value compiles to no more than it did before. */
static inline bento_status create(bento_pool *pool, uint32_t *handle, void **value,
                                  const void *from)
{
    uint32_t mask, position, index, slot;
    bento_impl_journal j;
    mask = pool->index_mask;
    position = pool->state.count;
    index = pool->state.free_head;
    *handle = 0u;
    if (value != NULL) {
        *value = NULL;
    }
    if (pool->state.free_count == 0u) {
        return BENTO_E_FULL;
    }
    /* free_head < capacity: it is only ever set from a link checked below, or at init */
    slot = pool->slots[index];
    if ((slot & (mask + 1u)) != 0u ||
        (pool->state.free_count > 1u && (slot & mask) >= pool->capacity)) {
        return BENTO_E_CORRUPT; /* a live slot, or a link out of range, in the queue */
    }
    /* count < capacity: count + free_count + retired == capacity and free_count >= 1 */
    BENTO_IMPL_BEGIN(&j, pool);
    BENTO_IMPL_SET(&j, pool, free_head, slot & mask);
    BENTO_IMPL_SET(&j, pool, free_count, pool->state.free_count - 1u);
    slot = ((slot & ~mask) + mask + 1u) & pool->last_generation; /* even (free) to odd (live) */
    bento_impl_put(&j, &pool->slots[index], slot | position);
    pool->dense_slot[position] = index; /* past the count before: no entry */
    if (from != NULL) {
        bento_impl_copy(pool->values + (size_t)position * pool->stride, from,
                        (size_t)pool->value_size);
    }
    BENTO_IMPL_SET(&j, pool, count, position + 1u);
    bento_impl_done(&j);
    *handle = slot | index;
    if (value != NULL) {
        *value = pool->values + (size_t)position * pool->stride;
    }
    return BENTO_OK;
}

bento_status bento_pool_create(bento_pool *pool, uint32_t *handle, void **value)
{
    BENTO_ASSERT(pool != NULL && handle != NULL);
    return create(pool, handle, value, NULL);
}

bento_status bento_pool_create_from(bento_pool *pool, uint32_t *handle, const void *value)
{
    BENTO_ASSERT(pool != NULL && handle != NULL && value != NULL);
    return create(pool, handle, NULL, value);
}

/* Free slot `index`, whose object is already gone from the dense array: its generation turns
 * even and it goes to the back of the free queue, or, at the last generation under
 * BENTO_POOL_RETIRE, it retires (its word 0: free-looking, but never queued again). */
static inline void release_slot(bento_pool *pool, bento_impl_journal *j, uint32_t index)
{
    const uint32_t mask = pool->index_mask;
    const uint32_t generation = pool->slots[index] & ~mask;
    if (generation == pool->last_generation && pool->policy == (uint8_t)BENTO_POOL_RETIRE) {
        bento_impl_put(j, &pool->slots[index], 0u);
        BENTO_IMPL_SET(j, pool, retired, pool->state.retired + 1u);
        return;
    }
    /* the next even generation (0 after the last, under BENTO_POOL_WRAP); the back of the
     * queue links to itself, so a check can tell a queue from a cycle */
    bento_impl_put(j, &pool->slots[index], ((generation + mask + 1u) & pool->last_generation) | index);
    if (pool->state.free_count == 0u) {
        BENTO_IMPL_SET(j, pool, free_head, index);
    } else {
        const uint32_t tail = pool->state.free_tail;
        bento_impl_put(j, &pool->slots[tail], (pool->slots[tail] & ~mask) | index);
    }
    BENTO_IMPL_SET(j, pool, free_tail, index);
    BENTO_IMPL_SET(j, pool, free_count, pool->state.free_count + 1u);
}

bento_status bento_pool_destroy(bento_pool *pool, uint32_t handle)
{
    uint32_t mask, index, position, last;
    uint32_t moved = 0u;
    bento_impl_journal j;
    BENTO_ASSERT(pool != NULL);
    mask = pool->index_mask;
    index = handle & mask;
    position = bento_impl_pool_position(pool, handle, mask, pool->capacity);
    /* a position means index < capacity; tested again where an analyser sees it (tests/prove:
     * the compiler merges the two tests) */
    if (position == BENTO_NONE || index >= pool->capacity) {
        return BENTO_E_STALE;
    }
    /* a live slot points inside the dense array, and the last position's owner is a slot */
    last = pool->state.count - 1u;
    if (position >= pool->state.count ||
        (position != last && (moved = pool->dense_slot[last]) >= pool->capacity)) {
        return BENTO_E_CORRUPT;
    }
    BENTO_IMPL_BEGIN(&j, pool);
    BENTO_IMPL_SET(&j, pool, count, last);
    release_slot(pool, &j, index);
    if (position != last) {
        /* swap-and-pop: the last object takes the hole, and its slot follows it; its value
         * last, once every word says where it goes: a reset from there on moves it */
        bento_impl_put(&j, &pool->dense_slot[position], moved);
        bento_impl_put(&j, &pool->slots[moved], (pool->slots[moved] & ~mask) | position);
        bento_impl_redo(&j, MOVE_VALUE, position);
        move_value(pool, position, last);
    }
    bento_impl_done(&j);
    return BENTO_OK;
}

void bento_pool_clear(bento_pool *pool)
{
    bento_impl_journal j;
    BENTO_ASSERT(pool != NULL);
    /* the last object destroyed, one at a time: each one atomic, so a reset leaves the objects
     * not yet destroyed, and clear again destroys them */
    while (pool->state.count != 0u) {
        const uint32_t last = pool->state.count - 1u;
        const uint32_t index = pool->dense_slot[last];
        const bool owned =
            index < pool->capacity && (pool->slots[index] & (pool->index_mask + 1u)) != 0u;
        BENTO_IMPL_BEGIN(&j, pool);
        BENTO_IMPL_SET(&j, pool, count, last);
        /* a damaged owner is skipped: check reports it, and the slot is lost, not misused */
        if (owned) {
            release_slot(pool, &j, index);
        }
        bento_impl_done(&j);
    }
}

uint32_t bento_pool_lifetime(const bento_pool *pool)
{
    uint32_t shift, last;
    uint32_t least = BENTO_POOL_FOREVER;
    uint32_t index;
    BENTO_ASSERT(pool != NULL);
    shift = pool->index_bits;
    last = pool->last_generation >> shift; /* 2^generation_bits - 1 */
    if (pool->policy == (uint8_t)BENTO_POOL_WRAP && pool->capacity != 0u) {
        return BENTO_POOL_FOREVER;
    }
    if (pool->state.retired >= pool->capacity) {
        return 0u; /* every slot retired, or inert */
    }
    /* destroys left: a live slot at generation g takes (last - g) / 2 + 1 more, a free one
     * (even g) (last - g + 1) / 2. A retired slot reads as a fresh one (generation 0), the
     * most any slot has left, so it never lowers the minimum. */
    for (index = 0u; index < pool->capacity; index++) {
        const uint32_t generation = (pool->slots[index] & pool->last_generation) >> shift;
        const uint32_t left = (last - generation + 1u) / 2u + (generation & 1u);
        least = left < least ? left : least;
    }
    return least;
}

bento_status bento_pool_check(const bento_pool *pool)
{
    BENTO_ASSERT(pool != NULL);
    return bento_impl_check(&pool_kind, pool);
}

/* The counters against the slots and the dense array, once the header is sound. */
static bento_status pool_invariants(const void *x)
{
    const bento_pool *const pool = (const bento_pool *)x;
    const uint32_t mask = pool->index_mask;
    const uint32_t odd = mask + 1u; /* the lowest generation bit: set while a slot is live */
    const bento_pool_state *const s = &pool->state;
    const bool retire = pool->policy == (uint8_t)BENTO_POOL_RETIRE;
    uint32_t position;
    uint32_t index;
    uint32_t live = 0u, free_slots = 0u, zero = 0u, unused = 0u;
    if (s->count > pool->capacity || s->free_count > pool->capacity ||
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
