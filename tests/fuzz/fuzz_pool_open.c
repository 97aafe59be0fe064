/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_pool_open.c - bento_pool_open on arbitrary bytes, then operations.
 *
 * The first byte chooses how the buffer is made, in a heap block of exactly its size:
 *   raw     the rest of the input, as it is;
 *   header  a pool of a shape the input chooses, freshly initialised, with the rest of the
 *           input written over it from a point the input chooses (its parameters, its counters'
 *           copy or its arrays), so that open gets past the magic and the kind;
 *   damage  a pool the input uses for a while, then a few of its words overwritten, then
 *           more operations on it as it is: whatever the buffer holds, no operation may leave
 *           it (AddressSanitizer watches every access; every pointer answered must lie among
 *           the values) and every one must return. Then check, and open on what is left.
 *   counters a pool the input uses for a while, then its counters' copy edited so that count
 *           + free_count + retired still make the capacity: free slots moved to the retired
 *           count, the free queue shortened to match (at its back, its front or inside), under
 *           either policy. Then open on it.
 * An open that succeeds must leave a pool that check accepts, that operations keep sound, and
 * that behaves as a sound pool holding what it reports: on a copy of it, exactly capacity -
 * count - retired creates succeed, each a slot of its own; the retired count is 0 under
 * BENTO_POOL_WRAP; and the lifetime is then what the live slots' generations make it. One that
 * fails must leave the pool inert.
 *
 * Switches for runs that look at one case at a time (the normal build sets none):
 * -DFUZZ_MODE=n always makes the buffer the n-th way above (0 raw ... 3 counters),
 * -DFUZZ_POLICY=BENTO_POOL_RETIRE (or _WRAP) gives every pool made that policy, and
 * -DFUZZ_NO_COUNTER_EDITS leaves the counters as the operations left them.
 */
#include <bento/pool.h>

#include "fuzz.h"

#define MAX_CAPACITY 64u

typedef struct harness {
    bento_pool pool;
    unsigned char *memory;
    size_t bytes;
} harness;

/* A pointer the pool answered: NULL, or a whole value inside the values array. */
static void inside_values(const harness *h, const void *value)
{
    const bento_pool *p = &h->pool;
    if (value != NULL) {
        FUZZ_CHECK(p->capacity != 0u);
        FUZZ_CHECK(fuzz_inside(value, p->value_size, p->values, (size_t)p->capacity * p->stride));
    }
}

static uint32_t some_handle(const harness *h, fuzz_input *in)
{
    const uint8_t how = fuzz_u8(in);
    if ((how & 1u) != 0u && h->pool.state.count != 0u) {
        return bento_pool_handle_at(&h->pool, fuzz_below(in, h->pool.state.count));
    }
    if ((how & 2u) != 0u) {
        return bento_pool_handle_of_index(&h->pool, fuzz_u8(in));
    }
    return fuzz_edge(in);
}

/* Operations; with `sound`, the pool must stay sound after each. */
static void operate(harness *h, fuzz_input *in, uint32_t steps, bool sound)
{
    bento_pool *p = &h->pool;
    while (steps-- != 0u && fuzz_more(in)) {
        const uint32_t before = bento_pool_count(p);
        switch (fuzz_u8(in) % 7u) {
        case 0:
        case 1: {
            uint32_t handle;
            void *value;
            const bento_status status = bento_pool_create(p, &handle, &value);
            inside_values(h, value);
            if (status == BENTO_OK) {
                FUZZ_CHECK(value != NULL && handle != 0u);
                FUZZ_CHECK(bento_pool_get(p, handle) == value);
                memset(value, 0xa5, p->value_size);
                FUZZ_EQ(bento_pool_count(p), before + 1u);
            } else {
                FUZZ_CHECK(value == NULL && handle == 0u);
                FUZZ_CHECK(status == BENTO_E_FULL || (!sound && status == BENTO_E_CORRUPT));
            }
            break;
        }
        case 2:
        case 3: {
            const uint32_t handle = some_handle(h, in);
            const bool live = bento_pool_get(p, handle) != NULL;
            const bento_status status = bento_pool_destroy(p, handle);
            if (sound) {
                FUZZ_EQ(status, live ? BENTO_OK : BENTO_E_STALE);
            }
            if (status == BENTO_OK) {
                FUZZ_EQ(bento_pool_count(p), before - 1u);
                FUZZ_CHECK(bento_pool_get(p, handle) == NULL);
            }
            break;
        }
        case 4: {
            const uint32_t handle = some_handle(h, in);
            inside_values(h, bento_pool_get(p, handle));
            (void)bento_pool_lifetime(p);
            break;
        }
        case 5:
            bento_pool_clear(p);
            FUZZ_EQ(bento_pool_count(p), 0u);
            break;
        default: {
            uint32_t i;
            for (i = 0u; i < bento_pool_count(p); i++) {
                const uint32_t handle = bento_pool_handle_at(p, i);
                if (sound) {
                    FUZZ_CHECK(bento_pool_get(p, handle) ==
                               (unsigned char *)bento_pool_values(p) + (size_t)i * p->stride);
                } else {
                    inside_values(h, bento_pool_get(p, handle));
                }
            }
            break;
        }
        }
        FUZZ_CHECK(bento_pool_count(p) <= bento_pool_capacity(p));
        if (sound) {
            FUZZ_EQ(bento_pool_check(p), BENTO_OK);
        }
    }
}

/* A pool open accepted, on a byte copy: what a sound pool holding what it reports must do. */
static void sound_as_reported(const harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    bento_pool pool;
    bool taken[MAX_CAPACITY] = {false};
    uint32_t i, fill, handle, last, least;
    void *value;
    memcpy(copy, h->memory, h->bytes);
    FUZZ_EQ(bento_pool_open(&pool, copy, h->bytes), BENTO_OK);
    FUZZ_CHECK(pool.capacity <= MAX_CAPACITY);
    FUZZ_CHECK(bento_pool_count(&pool) + bento_pool_retired(&pool) <= pool.capacity);
    if (pool.policy == (uint8_t)BENTO_POOL_WRAP) {
        FUZZ_EQ(bento_pool_retired(&pool), 0u); /* WRAP retires nothing */
    }
    for (i = 0u; i < bento_pool_count(&pool); i++) {
        taken[bento_pool_handle_at(&pool, i) & pool.index_mask] = true;
    }
    /* every slot neither live nor retired is free: one create each, then full */
    fill = pool.capacity - bento_pool_count(&pool) - bento_pool_retired(&pool);
    for (i = 0u; i < fill; i++) {
        FUZZ_EQ(bento_pool_create(&pool, &handle, &value), BENTO_OK);
        FUZZ_CHECK((handle & pool.index_mask) < pool.capacity);
        FUZZ_CHECK(!taken[handle & pool.index_mask]);
        taken[handle & pool.index_mask] = true;
    }
    FUZZ_EQ(bento_pool_create(&pool, &handle, &value), BENTO_E_FULL);
    FUZZ_EQ(bento_pool_check(&pool), BENTO_OK);
    /* now every slot is live or retired: the lifetime is the live slots' least */
    last = pool.last_generation >> pool.index_bits;
    least = bento_pool_retired(&pool) == pool.capacity ? 0u : BENTO_POOL_FOREVER;
    for (i = 0u; i < bento_pool_count(&pool); i++) {
        const uint32_t g = bento_pool_handle_at(&pool, i) >> pool.index_bits;
        const uint32_t left = (last - g) / 2u + 1u;
        least = left < least ? left : least;
    }
    if (pool.policy == (uint8_t)BENTO_POOL_WRAP) {
        least = BENTO_POOL_FOREVER;
    }
    FUZZ_EQ(bento_pool_lifetime(&pool), least);
    free(copy);
}

static void open_and_use(harness *h, fuzz_input *in)
{
    const bento_status status = bento_pool_open(&h->pool, h->memory, h->bytes);
    if (status == BENTO_OK) {
        FUZZ_EQ(bento_pool_check(&h->pool), BENTO_OK);
        sound_as_reported(h);
        operate(h, in, UINT32_MAX, true);
        return;
    }
    FUZZ_CHECK(status == BENTO_E_CORRUPT || status == BENTO_E_SIZE || status == BENTO_E_ALIGN);
    FUZZ_EQ(bento_pool_capacity(&h->pool), 0u);
    operate(h, in, UINT32_MAX, true); /* inert: empty, full, sound */
}

/* Move one free slot of a sound pool to the retired count, the sums kept: the free queue loses
 * its back (`where` 0), its front (1) or a slot inside (2). */
static void retire_a_free_slot(harness *h, uint32_t where)
{
    bento_pool *p = &h->pool;
    bento_pool_state *saved = p->saved;
    const uint32_t mask = p->index_mask;
    uint32_t before = saved->free_head, at = saved->free_head, i;
#ifdef FUZZ_NO_COUNTER_EDITS
    (void)where;
    return;
#endif
    if (saved->free_count == 0u) {
        return;
    }
    FUZZ_CHECK(fuzz_inside(saved, sizeof *saved, h->memory, h->bytes));
    if (saved->free_count >= 2u) {
        if (where == 0u) { /* the one before the back becomes the back */
            for (i = 0u; i + 2u < saved->free_count; i++) {
                at = p->slots[at] & mask;
            }
            p->slots[at] = (p->slots[at] & ~mask) | at;
            saved->free_tail = at;
        } else if (where == 1u) { /* the second becomes the front */
            saved->free_head = p->slots[at] & mask;
        } else { /* one inside (or the back) is skipped */
            const uint32_t skip = 1u + (saved->free_count - 1u) / 2u;
            for (i = 0u; i < skip; i++) {
                before = at;
                at = p->slots[at] & mask;
            }
            if ((p->slots[at] & mask) == at) { /* it was the back */
                p->slots[before] = (p->slots[before] & ~mask) | before;
                saved->free_tail = before;
            } else {
                p->slots[before] = (p->slots[before] & ~mask) | (p->slots[at] & mask);
            }
        }
    }
    saved->free_count--;
    saved->retired++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_start(data, size);
#ifdef FUZZ_MODE
    const uint8_t mode = (uint8_t)(fuzz_u8(&in) * 0u + FUZZ_MODE);
#else
    const uint8_t mode = fuzz_u8(&in) % 4u;
#endif
    harness h;
    memset(&h, 0, sizeof h);
    if (mode == 0u) {
        size_t n;
        const uint8_t *rest = fuzz_rest(&in, &n);
        h.bytes = n;
        h.memory = fuzz_alloc(n);
        memcpy(h.memory, rest, n);
        open_and_use(&h, &in);
    } else {
        const uint32_t capacity = 1u + fuzz_below(&in, MAX_CAPACITY);
        const unsigned index_bits = BENTO_IMPL_INDEX_BITS(capacity) + fuzz_below(&in, 2u);
        const unsigned generation_bits =
            mode == 3u && (fuzz_u8(&in) & 1u) != 0u ? 1u + fuzz_below(&in, 3u) /* slots retire */
                                                     : 1u + fuzz_below(&in, 32u - index_bits);
#ifdef FUZZ_POLICY
        const bento_pool_policy policy = (fuzz_u8(&in) & 0u) != 0u ? BENTO_POOL_WRAP : FUZZ_POLICY;
#else
        const bento_pool_policy policy = (fuzz_u8(&in) & 1u) != 0u ? BENTO_POOL_WRAP
                                                                    : BENTO_POOL_RETIRE;
#endif
        const size_t value_size = 1u + fuzz_below(&in, 16u);
        h.bytes = BENTO_POOL_BYTES(capacity, value_size);
        h.memory = fuzz_alloc(h.bytes);
        FUZZ_EQ(bento_pool_init(&h.pool, h.memory, h.bytes, value_size, capacity, index_bits,
                                generation_bits, policy),
                BENTO_OK);
        if (mode == 1u) {
            /* from the first parameter, the counters' copy or the arrays on */
            const size_t from = fuzz_u8(&in) % 3u == 0u ? 16u : fuzz_below(&in, (uint32_t)h.bytes);
            size_t i;
            for (i = from; i < h.bytes && fuzz_more(&in); i++) {
                h.memory[i] = fuzz_u8(&in);
            }
            open_and_use(&h, &in);
        } else if (mode == 3u) {
            uint32_t edits;
            operate(&h, &in, fuzz_u8(&in), true);
            for (edits = 1u + fuzz_below(&in, 2u); edits != 0u; edits--) {
                retire_a_free_slot(&h, fuzz_below(&in, 3u));
            }
            open_and_use(&h, &in);
        } else {
            uint32_t edits;
            operate(&h, &in, fuzz_u8(&in), true);
            for (edits = 1u + fuzz_below(&in, 8u); edits != 0u; edits--) {
                const size_t at = 4u * (size_t)fuzz_below(&in, (uint32_t)(h.bytes / 4u));
                const uint32_t word = fuzz_edge(&in);
                memcpy(h.memory + at, &word, 4u);
            }
            operate(&h, &in, fuzz_u8(&in), false);
            (void)bento_pool_check(&h.pool);
            open_and_use(&h, &in);
        }
    }
    free(h.memory);
    return 0;
}
