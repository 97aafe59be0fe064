/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_block_pool.c - the block pool against a plain model, then damaged.
 *
 * The input chooses a block size (1 to 64 bytes) and a capacity (1 to 64), then operations:
 * alloc, free of live blocks, double frees, frees of pointers inside a block, past the pool or
 * NULL, clear, and reopening a byte copy of the buffer at another address. The model knows
 * which blocks are live; every block handed out must be one that was free, keeps the stamp its
 * holder wrote, and lies in the pool; every status must be the one the header promises, and
 * bento_block_pool_check must pass after every operation. Then a few bytes of the buffer are
 * overwritten and operations go on (every pointer answered inside the blocks, every access
 * inside the buffer, an exact-size heap block under AddressSanitizer), or the counters' copy
 * is edited with free = fresh - count kept (count and fresh moved together; fresh moved with
 * the free list lengthened or shortened to match; count moved with the list's head taken off);
 * last, open on them. When open accepts the bytes, check must too, and the pool must behave as
 * a sound pool holding the blocks it reports live: the model is rebuilt from those (each
 * stamped afresh) and operations go on against it, so that no block is handed out twice and
 * none is lost.
 */
#include <bento/block_pool.h>

#include "fuzz.h"

#define MAX_CAPACITY 64u

typedef struct harness {
    bento_block_pool pool;
    unsigned char *memory;
    size_t bytes, block_size;
    uint32_t capacity;
    bool live[MAX_CAPACITY];
} harness;

static unsigned char *block_of(const harness *h, uint32_t i)
{
    return (unsigned char *)bento_block_pool_block_at(&h->pool, i);
}

/* A block the pool handed out lies inside its blocks, at the start of one. */
static uint32_t placed(const harness *h, const void *block)
{
    const uint32_t i = bento_block_pool_index_of(&h->pool, block);
    FUZZ_CHECK(fuzz_inside(block, h->block_size, h->memory, h->bytes));
    FUZZ_CHECK(i < h->capacity && block_of(h, i) == block);
    return i;
}

static void stamp(const harness *h, uint32_t i)
{
    memset(block_of(h, i), (int)(0x40u + i), h->block_size);
}

static bool stamped(const harness *h, uint32_t i)
{
    const unsigned char *b = block_of(h, i);
    size_t k;
    for (k = 0u; k < h->block_size; k++) {
        if (b[k] != (unsigned char)(0x40u + i)) {
            return false;
        }
    }
    return true;
}

static uint32_t live_count(const harness *h)
{
    uint32_t i, n = 0u;
    for (i = 0u; i < h->capacity; i++) {
        n += h->live[i];
    }
    return n;
}

static void reopen_copy(harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    memcpy(copy, h->memory, h->bytes);
    free(h->memory);
    h->memory = copy;
    FUZZ_EQ(bento_block_pool_open(&h->pool, h->memory, h->bytes), BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    const uint32_t i = fuzz_below(in, h->capacity);
    void *block = NULL;
    bento_status s;
    switch (fuzz_u8(in) % 7u) {
    case 0:
    case 1:
    case 2:
        s = bento_block_pool_alloc(&h->pool, &block);
        if (block != NULL) {
            const uint32_t at = placed(h, block);
            if (sound) {
                FUZZ_CHECK(!h->live[at]);
                h->live[at] = true;
                stamp(h, at);
            }
        }
        if (sound) {
            FUZZ_EQ(s, live_count(h) - (block != NULL) == h->capacity ? BENTO_E_FULL : BENTO_OK);
            FUZZ_EQ(block != NULL, s == BENTO_OK);
        }
        break;
    case 3:
    case 4: /* a live block, or a double free */
        if (sound && h->live[i]) {
            FUZZ_CHECK(stamped(h, i)); /* nobody else was handed it */
        }
        s = bento_block_pool_free(&h->pool, block_of(h, i));
        if (sound) {
            FUZZ_EQ(s, h->live[i] ? BENTO_OK : BENTO_E_STALE);
            h->live[i] = false;
        }
        break;
    case 5: { /* pointers that are no block of this pool */
        unsigned char *b = block_of(h, i);
        switch (fuzz_u8(in) & 3u) {
        case 0: s = bento_block_pool_free(&h->pool, NULL); break;
        case 1: s = bento_block_pool_free(&h->pool, b + 1u + fuzz_below(in, 3u)); break;
        case 2: s = bento_block_pool_free(&h->pool, h->memory + h->bytes); break;
        default: s = bento_block_pool_free(&h->pool, h->memory); break;
        }
        if (sound) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        }
        break;
    }
    default:
        if (!sound) {
            (void)bento_block_pool_contains(&h->pool, block_of(h, i));
        } else if (fuzz_u8(in) < 32u) {
            bento_block_pool_clear(&h->pool);
            memset(h->live, 0, sizeof h->live);
        } else {
            reopen_copy(h);
        }
        break;
    }
    if (sound) {
        FUZZ_EQ(bento_block_pool_count(&h->pool), live_count(h));
        FUZZ_EQ(bento_block_pool_contains(&h->pool, block_of(h, i)), h->live[i]);
        FUZZ_CHECK(bento_block_pool_high_water(&h->pool) >= live_count(h));
        FUZZ_EQ(bento_block_pool_check(&h->pool), BENTO_OK);
    } else {
        FUZZ_CHECK(bento_block_pool_count(&h->pool) <= h->capacity);
    }
}

/* A counter edit that keeps fresh - count, the length the free list must have. */
static void edit_counters(harness *h, uint32_t how)
{
    bento_block_pool *p = &h->pool;
    bento_block_pool_state *saved = p->saved;
    FUZZ_CHECK(fuzz_inside(saved, sizeof *saved, h->memory, h->bytes));
    switch (how % 5u) {
    case 0: /* count and fresh down */
        saved->count--;
        saved->fresh--;
        break;
    case 1: /* count and fresh up */
        saved->count++;
        saved->fresh++;
        break;
    case 2: /* fresh down, the list's last block dropped */
        if (saved->free_head < h->capacity) {
            uint32_t *link = &saved->free_head, n = 0u;
            while (*link < h->capacity && n++ < h->capacity) {
                uint32_t *next = (uint32_t *)(void *)block_of(h, *link);
                if (*next >= h->capacity) {
                    break;
                }
                link = next;
            }
            *link = BENTO_NONE;
        }
        saved->fresh--;
        break;
    case 3: /* fresh up, the block at the old fresh pushed on the list */
        if (saved->fresh < h->capacity) {
            memcpy(block_of(h, saved->fresh), &saved->free_head, 4u);
            saved->free_head = saved->fresh;
        }
        saved->fresh++;
        break;
    default: /* count up, the list's head taken off */
        if (saved->free_head < h->capacity) {
            memcpy(&saved->free_head, block_of(h, saved->free_head), 4u);
        }
        saved->count++;
        break;
    }
}

/* After open accepted damaged bytes: the model is the blocks the pool reports live. */
static void rebuild(harness *h)
{
    uint32_t i;
    FUZZ_CHECK(bento_block_pool_capacity(&h->pool) == h->capacity);
    for (i = 0u; i < h->capacity; i++) {
        h->live[i] = bento_block_pool_contains(&h->pool, block_of(h, i));
        if (h->live[i]) {
            stamp(h, i);
        }
    }
    FUZZ_EQ(bento_block_pool_count(&h->pool), live_count(h));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n;
    memset(&h, 0, sizeof h);
    h.block_size = 1u + fuzz_below(&in, 64u);
    h.capacity = 1u + fuzz_below(&in, MAX_CAPACITY);
    h.bytes = BENTO_BLOCK_POOL_BYTES(h.capacity, h.block_size);
    h.memory = fuzz_alloc(h.bytes);
    FUZZ_EQ(bento_block_pool_init(&h.pool, h.memory, h.bytes, h.block_size, h.capacity), BENTO_OK);
    for (steps = 0u; steps < 300u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    if ((fuzz_u8(&in) & 3u) == 0u) {
        edit_counters(&h, fuzz_u8(&in));
    }
    (void)bento_block_pool_check(&h.pool);
    for (steps = 0u; steps < 200u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, false);
    }
    if (bento_block_pool_open(&h.pool, h.memory, h.bytes) == BENTO_OK) {
        FUZZ_EQ(bento_block_pool_check(&h.pool), BENTO_OK);
        rebuild(&h);
        for (steps = 0u; steps < 100u && fuzz_more(&in); steps++) {
            step(&h, &in, true);
        }
    } else {
        FUZZ_EQ(bento_block_pool_count(&h.pool), 0u);
    }
    free(h.memory);
    return 0;
}
