/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_pool.c - the handle pool against a plain model, operation by operation.
 *
 * The input chooses a pool (capacity, index and generation bits, policy, value size) and then
 * operations: create, destroy (live, stale, forged, null and double), value writes, clear,
 * lifetime, and reopening (the live buffer, a copy at another address, a buffer too short or
 * misaligned, after which the pool must answer as an inert one). The model keeps per slot its
 * generation, state and value, and the free queue in order. After every operation the pool
 * must agree with it on every slot's handle and value, the dense order, the counters and the
 * lifetime, and bento_pool_check must pass.
 */
#include <bento/pool.h>

#include "fuzz.h"

#define MAX_CAPACITY 64u
#define MAX_VALUE 24u
#define MAX_STALE 16u

typedef struct slot_model {
    uint32_t generation;
    bool live;
    bool retired;
    uint8_t value[MAX_VALUE];
} slot_model;

typedef struct pool_model {
    slot_model slot[MAX_CAPACITY];
    uint32_t queue[MAX_CAPACITY]; /* the free queue, a ring from head */
    uint32_t head, queued;
    uint32_t count, retired;
    uint32_t stale[MAX_STALE]; /* handles that were live once */
    uint32_t stale_count;
} pool_model;

typedef struct harness {
    bento_pool pool;
    pool_model m;
    unsigned char *block; /* the heap block the buffer is in */
    unsigned char *memory;
    size_t bytes;
    uint32_t capacity, value_size;
    unsigned index_bits, generation_bits;
    bento_pool_policy policy;
    uint32_t last; /* the last generation: 2^generation_bits - 1 */
} harness;

static uint32_t handle_of(const harness *h, uint32_t index)
{
    return h->m.slot[index].generation << h->index_bits | index;
}

/* True when `handle` names a live object of the model. */
static bool model_live(const harness *h, uint32_t handle)
{
    const uint32_t index = handle & ((1u << h->index_bits) - 1u);
    return index < h->capacity && h->m.slot[index].live && handle_of(h, index) == handle;
}

static void remember_stale(harness *h, uint32_t handle)
{
    h->m.stale[h->m.stale_count % MAX_STALE] = handle;
    h->m.stale_count++;
}

/* The destroys the most worn slot that has not retired can still take, from the contract. */
static uint32_t model_lifetime(const harness *h)
{
    uint32_t least = BENTO_POOL_FOREVER;
    uint32_t i;
    if (h->policy == BENTO_POOL_WRAP) {
        return BENTO_POOL_FOREVER;
    }
    if (h->m.retired == h->capacity) {
        return 0u;
    }
    for (i = 0u; i < h->capacity; i++) {
        const uint32_t g = h->m.slot[i].retired ? 0u : h->m.slot[i].generation;
        /* odd generations still to come: from g (live) or above g (free) up to the last */
        const uint32_t left = (g & 1u) != 0u ? (h->last - g) / 2u + 1u : (h->last - g + 1u) / 2u;
        least = left < least ? left : least;
    }
    return least;
}

static void verify(harness *h)
{
    bento_pool *p = &h->pool;
    const uint32_t stride = (uint32_t)BENTO_POOL_STRIDE(h->value_size);
    unsigned char *values = (unsigned char *)bento_pool_values(p);
    bool seen[MAX_CAPACITY] = {false};
    uint32_t i;
    FUZZ_EQ(bento_pool_check(p), BENTO_OK);
    FUZZ_EQ(bento_pool_count(p), h->m.count);
    FUZZ_EQ(bento_pool_capacity(p), h->capacity);
    FUZZ_EQ(bento_pool_retired(p), h->m.retired);
    FUZZ_EQ(bento_pool_lifetime(p), model_lifetime(h));
    for (i = 0u; i < h->capacity; i++) {
        const slot_model *s = &h->m.slot[i];
        const uint32_t handle = handle_of(h, i);
        unsigned char *v = (unsigned char *)bento_pool_get(p, handle);
        if (s->live) {
            FUZZ_CHECK(v != NULL);
            FUZZ_CHECK(fuzz_inside(v, h->value_size, values, (size_t)h->capacity * stride));
            FUZZ_CHECK(((size_t)(v - values) % stride) == 0u);
            FUZZ_CHECK(memcmp(v, s->value, h->value_size) == 0);
            FUZZ_CHECK(bento_pool_contains(p, handle));
            FUZZ_EQ(bento_pool_handle_of_index(p, i), handle);
        } else {
            /* a free slot's own generation is even: no handle carries it */
            FUZZ_CHECK(v == NULL);
            FUZZ_EQ(bento_pool_handle_of_index(p, i), 0u);
        }
    }
    FUZZ_EQ(bento_pool_handle_of_index(p, h->capacity), 0u);
    /* the dense order: count distinct live handles, each value at its position */
    for (i = 0u; i < h->m.count; i++) {
        const uint32_t handle = bento_pool_handle_at(p, i);
        const uint32_t index = handle & ((1u << h->index_bits) - 1u);
        FUZZ_CHECK(model_live(h, handle));
        FUZZ_CHECK(!seen[index]);
        seen[index] = true;
        FUZZ_CHECK(bento_pool_get(p, handle) == values + (size_t)i * stride);
    }
    FUZZ_EQ(bento_pool_handle_at(p, h->m.count), 0u);
    for (i = 0u; i < MAX_STALE && i < h->m.stale_count; i++) {
        const uint32_t handle = h->m.stale[i];
        FUZZ_EQ(bento_pool_get(p, handle) != NULL, model_live(h, handle));
    }
}

/* An inert pool answers as an empty, full one and touches nothing. */
static void verify_inert(harness *h)
{
    bento_pool *p = &h->pool;
    uint32_t handle = 1u;
    void *value = &handle;
    FUZZ_EQ(bento_pool_capacity(p), 0u);
    FUZZ_EQ(bento_pool_count(p), 0u);
    FUZZ_EQ(bento_pool_check(p), BENTO_OK);
    FUZZ_EQ(bento_pool_create(p, &handle, &value), BENTO_E_FULL);
    FUZZ_EQ(handle, 0u);
    FUZZ_CHECK(value == NULL);
    if (h->m.count != 0u) {
        FUZZ_EQ(bento_pool_destroy(p, bento_pool_handle_at(&h->pool, 0u)), BENTO_E_STALE);
    }
    FUZZ_EQ(bento_pool_destroy(p, handle_of(h, 0u)), BENTO_E_STALE);
    FUZZ_CHECK(bento_pool_get(p, handle_of(h, 0u)) == NULL);
    FUZZ_EQ(bento_pool_handle_at(p, 0u), 0u);
    FUZZ_EQ(bento_pool_handle_of_index(p, 0u), 0u);
    FUZZ_EQ(bento_pool_lifetime(p), 0u);
    FUZZ_EQ(bento_pool_retired(p), 0u);
    bento_pool_clear(p);
    FUZZ_EQ(bento_pool_count(p), 0u);
}

static void model_create(harness *h, uint32_t handle, const unsigned char *value)
{
    const uint32_t index = h->m.queue[h->m.head];
    slot_model *s = &h->m.slot[index];
    h->m.head = (h->m.head + 1u) % MAX_CAPACITY;
    h->m.queued--;
    s->generation = (s->generation + 1u) & h->last;
    s->live = true;
    memcpy(s->value, value, h->value_size);
    h->m.count++;
    FUZZ_EQ(handle, handle_of(h, index));
}

static void model_destroy(harness *h, uint32_t index)
{
    slot_model *s = &h->m.slot[index];
    remember_stale(h, handle_of(h, index));
    s->live = false;
    h->m.count--;
    if (s->generation == h->last && h->policy == BENTO_POOL_RETIRE) {
        s->retired = true;
        s->generation = 0u;
        h->m.retired++;
        return;
    }
    s->generation = (s->generation + 1u) & h->last;
    h->m.queue[(h->m.head + h->m.queued) % MAX_CAPACITY] = index;
    h->m.queued++;
}

static void do_create(harness *h, fuzz_input *in)
{
    uint32_t handle = 12345u;
    void *value = &handle;
    unsigned char fill[MAX_VALUE];
    const bento_status status = bento_pool_create(&h->pool, &handle, &value);
    if (h->m.queued == 0u) {
        FUZZ_EQ(status, BENTO_E_FULL);
        FUZZ_EQ(handle, 0u);
        FUZZ_CHECK(value == NULL);
        return;
    }
    FUZZ_EQ(status, BENTO_OK);
    FUZZ_CHECK(value == bento_pool_get(&h->pool, handle));
    fuzz_fill(in, fill, h->value_size);
    memcpy(value, fill, h->value_size);
    model_create(h, handle, fill);
}

static void do_destroy(harness *h, uint32_t handle)
{
    const bento_status status = bento_pool_destroy(&h->pool, handle);
    if (model_live(h, handle)) {
        FUZZ_EQ(status, BENTO_OK);
        model_destroy(h, handle & ((1u << h->index_bits) - 1u));
    } else {
        FUZZ_EQ(status, BENTO_E_STALE);
    }
}

/* A live handle of the model chosen by the input, or 0 when none is live. */
static uint32_t pick_live(harness *h, fuzz_input *in)
{
    if (h->m.count == 0u) {
        return 0u;
    }
    return bento_pool_handle_at(&h->pool, fuzz_below(in, h->m.count));
}

/* A handle the input makes up: any index and generation, extra bits included. */
static uint32_t forge(harness *h, fuzz_input *in)
{
    switch (fuzz_u8(in) & 3u) {
    case 0: { /* a real slot at a neighbouring generation */
        const uint32_t handle = handle_of(h, fuzz_below(in, h->capacity));
        return handle + ((uint32_t)fuzz_u8(in) << h->index_bits);
    }
    case 1: { /* an index past the capacity, within the index bits */
        const uint32_t mask = (1u << h->index_bits) - 1u;
        const uint32_t high = fuzz_u32(in) & ~mask;
        return high | ((h->capacity + fuzz_u8(in)) & mask);
    }
    default:
        return fuzz_edge(in);
    }
}

/* Move the buffer to a new heap block at `offset` bytes from its start and open it there. */
static bento_status move_and_open(harness *h, size_t offset, size_t bytes)
{
    unsigned char *block = fuzz_alloc(h->bytes + offset);
    bento_status status;
    memcpy(block + offset, h->memory, h->bytes);
    free(h->block);
    h->block = block;
    h->memory = block + offset;
    status = bento_pool_open(&h->pool, h->memory, bytes);
    return status;
}

static void do_reopen(harness *h, fuzz_input *in)
{
    const size_t align = BENTO_POOL_STRIDE(h->value_size) % 8u == 0u ? 8u : 4u;
    switch (fuzz_u8(in) % 5u) {
    case 0: /* the live buffer, where it is */
        FUZZ_EQ(bento_pool_open(&h->pool, h->memory, h->bytes), BENTO_OK);
        break;
    case 1: /* a copy somewhere else: the old block is freed, so any stale pointer shows */
        FUZZ_EQ(move_and_open(h, 0u, h->bytes), BENTO_OK);
        break;
    case 2: { /* too short, then reopened */
        const size_t short_by = 1u + fuzz_below(in, (uint32_t)h->bytes);
        FUZZ_EQ(bento_pool_open(&h->pool, h->memory, h->bytes - short_by), BENTO_E_SIZE);
        verify_inert(h);
        FUZZ_EQ(bento_pool_open(&h->pool, h->memory, h->bytes), BENTO_OK);
        break;
    }
    case 3: { /* 4 bytes off: refused when the values need 8-byte alignment */
        const bento_status status = move_and_open(h, 4u, h->bytes);
        if (align == 8u && BENTO_MAX_ALIGN == 8u) {
            FUZZ_EQ(status, BENTO_E_ALIGN);
            verify_inert(h);
            FUZZ_EQ(move_and_open(h, 0u, h->bytes), BENTO_OK);
        } else {
            FUZZ_EQ(status, BENTO_OK);
        }
        break;
    }
    default: /* a failed open of nothing leaves it inert; the buffer still holds the pool */
        FUZZ_EQ(bento_pool_open(&h->pool, NULL, h->bytes), BENTO_E_ARGUMENT);
        verify_inert(h);
        FUZZ_EQ(bento_pool_open(&h->pool, h->memory, h->bytes), BENTO_OK);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_start(data, size);
    harness h;
    uint32_t i;
    memset(&h, 0, sizeof h);
    h.capacity = 1u + fuzz_below(&in, MAX_CAPACITY);
    h.index_bits = BENTO_IMPL_INDEX_BITS(h.capacity) + fuzz_below(&in, 3u);
    h.generation_bits = (fuzz_u8(&in) & 1u) != 0u ? 1u + fuzz_below(&in, 4u) : 32u - h.index_bits;
    h.policy = (fuzz_u8(&in) & 1u) != 0u ? BENTO_POOL_WRAP : BENTO_POOL_RETIRE;
    h.value_size = 1u + fuzz_below(&in, MAX_VALUE);
    h.last = (uint32_t)(((uint64_t)1 << h.generation_bits) - 1u);
    h.bytes = BENTO_POOL_BYTES(h.capacity, h.value_size);
    h.block = h.memory = fuzz_alloc(h.bytes);
    FUZZ_EQ(bento_pool_init(&h.pool, h.memory, h.bytes, h.value_size, h.capacity, h.index_bits,
                            h.generation_bits, h.policy),
            BENTO_OK);
    for (i = 0u; i < h.capacity; i++) {
        h.m.queue[i] = i;
    }
    h.m.queued = h.capacity;
    verify(&h);
    while (fuzz_more(&in)) {
        const uint8_t op = fuzz_u8(&in);
        switch (op % 12u) {
        case 0:
        case 1:
        case 2:
            do_create(&h, &in);
            break;
        case 3:
        case 4:
            do_destroy(&h, pick_live(&h, &in));
            break;
        case 5: { /* a double destroy */
            const uint32_t handle = pick_live(&h, &in);
            do_destroy(&h, handle);
            do_destroy(&h, handle);
            break;
        }
        case 6: /* a stale handle kept from before */
            if (h.m.stale_count != 0u) {
                do_destroy(&h, h.m.stale[fuzz_below(&in, h.m.stale_count < MAX_STALE
                                                              ? h.m.stale_count
                                                              : MAX_STALE)]);
            }
            break;
        case 7: { /* a forged handle, looked up and destroyed */
            const uint32_t handle = forge(&h, &in);
            FUZZ_EQ(bento_pool_get(&h.pool, handle) != NULL, model_live(&h, handle));
            do_destroy(&h, handle);
            break;
        }
        case 8: { /* write a live object's value */
            const uint32_t handle = pick_live(&h, &in);
            if (handle != 0u) {
                const uint32_t index = handle & ((1u << h.index_bits) - 1u);
                fuzz_fill(&in, h.m.slot[index].value, h.value_size);
                memcpy(bento_pool_get(&h.pool, handle), h.m.slot[index].value, h.value_size);
            }
            break;
        }
        case 9: { /* clear: every live object is destroyed, from the last dense position */
            const uint32_t count = h.m.count;
            uint32_t order[MAX_CAPACITY];
            for (i = 0u; i < count; i++) {
                order[i] = bento_pool_handle_at(&h.pool, i) & ((1u << h.index_bits) - 1u);
            }
            bento_pool_clear(&h.pool);
            for (i = count; i-- != 0u;) {
                model_destroy(&h, order[i]);
            }
            break;
        }
        case 10:
            do_reopen(&h, &in);
            break;
        default: /* the null handle */
            do_destroy(&h, 0u);
            FUZZ_CHECK(bento_pool_get(&h.pool, 0u) == NULL);
            break;
        }
        verify(&h);
    }
    free(h.block);
    return 0;
}
