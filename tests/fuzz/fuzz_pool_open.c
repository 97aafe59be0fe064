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
 * An open that succeeds must leave a pool that check accepts and that operations keep sound;
 * one that fails must leave the pool inert.
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

static void open_and_use(harness *h, fuzz_input *in)
{
    const bento_status status = bento_pool_open(&h->pool, h->memory, h->bytes);
    if (status == BENTO_OK) {
        FUZZ_EQ(bento_pool_check(&h->pool), BENTO_OK);
        operate(h, in, UINT32_MAX, true);
        return;
    }
    FUZZ_CHECK(status == BENTO_E_CORRUPT || status == BENTO_E_SIZE || status == BENTO_E_ALIGN);
    FUZZ_EQ(bento_pool_capacity(&h->pool), 0u);
    operate(h, in, UINT32_MAX, true); /* inert: empty, full, sound */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_start(data, size);
    const uint8_t mode = fuzz_u8(&in) % 3u;
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
        const unsigned generation_bits = 1u + fuzz_below(&in, 32u - index_bits);
        const bento_pool_policy policy = (fuzz_u8(&in) & 1u) != 0u ? BENTO_POOL_WRAP
                                                                    : BENTO_POOL_RETIRE;
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
