/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_paged_set.c - the paged set and the block pool of its pages against a plain
 * model, then damaged.
 *
 * The input chooses the key layout (1 to 32 index bits, every bit above them a generation,
 * which is never 0: a key of generation 0 is refused, as the null handle), a
 * universe of at most 256, a capacity (up to the whole universe, 2^index_bits included), a page
 * size, a value size and how many pages the pool holds (so that pages run out), then
 * operations: insert and remove of present keys, other generations of them (bit 31 flipped or
 * set, any high bits), absent keys, keys at the edges of the 32 bits and keys beyond the
 * universe; lookups; iteration; clear; reopening byte copies of both buffers at other
 * addresses. A key is found only as itself: after every operation every present key's other
 * spellings (bit 31 flipped, the lowest generation bit flipped) must be absent. The model is the list of keys; after every operation the set
 * must hold exactly those, every value must still hold the bytes written for its key at the
 * address insert gave (values never move), pages must be held by exactly the pages in use, and
 * both checks must pass. Then a few bytes of either buffer are overwritten and operations go
 * on, every access inside the buffers (exact-size heap blocks under AddressSanitizer) and every
 * value answered inside a page; or the counters' copy edited with their sum kept (the count
 * and one page's live count moved together); last, open on the damaged bytes.
 */
#include <bento/paged_set.h>

#include "fuzz.h"

#define MAX_KEYS 64u

typedef struct harness {
    bento_block_pool pool;
    bento_paged_set set;
    unsigned char *pool_memory, *memory;
    size_t pool_bytes, bytes, value_size;
    uint32_t universe, capacity, page_size, page_shift, pages;
    unsigned index_bits;
    uint32_t keys[MAX_KEYS];
    unsigned char *value[MAX_KEYS]; /* where insert put each key's value */
    uint32_t count;
} harness;

#define TOP_BIT 0x80000000u

static uint32_t index_mask(const harness *h) { return (uint32_t)(((uint64_t)1 << h->index_bits) - 1u); }

static uint32_t index_of(const harness *h, uint32_t key) { return key & index_mask(h); }

/* Whether the set takes `key`: its index in the universe, its generation (if it has one) not 0. */
static bool well_formed(const harness *h, uint32_t key)
{
    return index_of(h, key) < h->universe && (h->index_bits == 32u || (key >> h->index_bits) != 0u);
}

/* The model's answer to get(key): present only as itself. */
static bool model_has(const harness *h, uint32_t key)
{
    uint32_t i;
    for (i = 0u; i < h->count; i++) {
        if (h->keys[i] == key) {
            return true;
        }
    }
    return false;
}

static unsigned char stamp(uint32_t key, size_t k) { return (unsigned char)(key * 13u + k); }

static int find_index(const harness *h, uint32_t index)
{
    uint32_t i;
    for (i = 0u; i < h->count; i++) {
        if (index_of(h, h->keys[i]) == index) {
            return (int)i;
        }
    }
    return -1;
}

static uint32_t pages_in_use(const harness *h, uint32_t page, bool *used)
{
    uint32_t i, j, n = 0u;
    uint32_t seen[MAX_KEYS];
    *used = false;
    for (i = 0u; i < h->count; i++) {
        const uint32_t p = index_of(h, h->keys[i]) >> h->page_shift;
        *used = *used || p == page;
        for (j = 0u; j < n && seen[j] != p; j++) {
        }
        if (j == n) {
            seen[n++] = p;
        }
    }
    return n;
}

static void inside_pages(const harness *h, const void *value)
{
    if (value != NULL) {
        FUZZ_CHECK(fuzz_inside(value, h->value_size, h->pool_memory, h->pool_bytes));
    }
}

static void agree(const harness *h)
{
    bento_paged_set_iter it;
    uint32_t i, visited = 0u;
    bool used;
    size_t k;
    FUZZ_EQ(bento_paged_set_count(&h->set), h->count);
    for (i = 0u; i < h->count; i++) {
        const unsigned char *v = (const unsigned char *)bento_paged_set_get(&h->set, h->keys[i]);
        FUZZ_CHECK(v == h->value[i]); /* values never move */
        for (k = 0u; k < h->value_size; k++) {
            FUZZ_EQ(v[k], stamp(h->keys[i], k));
        }
        /* its other spellings are other generations: absent */
        FUZZ_EQ(bento_paged_set_get(&h->set, h->keys[i] ^ TOP_BIT) != NULL,
                model_has(h, h->keys[i] ^ TOP_BIT));
        if (h->index_bits < 32u) {
            const uint32_t other = h->keys[i] ^ (index_mask(h) + 1u);
            FUZZ_EQ(bento_paged_set_get(&h->set, other) != NULL, model_has(h, other));
        }
    }
    bento_paged_set_iter_init(&it, &h->set);
    while (bento_paged_set_iter_next(&it)) {
        inside_pages(h, it.value);
        FUZZ_CHECK(find_index(h, it.index) >= 0);
        visited++;
    }
    FUZZ_EQ(visited, h->count);
    FUZZ_EQ(bento_paged_set_pages_held(&h->set), pages_in_use(h, 0u, &used));
    FUZZ_EQ(bento_block_pool_count(&h->pool), pages_in_use(h, 0u, &used));
    FUZZ_EQ(bento_paged_set_check(&h->set), BENTO_OK);
    FUZZ_EQ(bento_block_pool_check(&h->pool), BENTO_OK);
}

static uint32_t some_key(const harness *h, fuzz_input *in)
{
    const uint32_t generations = h->index_bits == 32u ? 1u : 1u << (h->index_bits < 24u ? 8u : 32u - h->index_bits);
    const uint32_t high = ~index_mask(h);
    const uint8_t how = fuzz_u8(in);
    if ((how & 3u) == 0u && h->count != 0u) {
        const uint32_t key = h->keys[fuzz_below(in, h->count)];
        switch (fuzz_u8(in) % 5u) {
        case 0: return key;
        case 1: return key ^ TOP_BIT;
        case 2: return key | TOP_BIT;
        case 3: return index_of(h, key) | (fuzz_u32(in) & high);
        default:
            return h->index_bits == 32u
                       ? key
                       : index_of(h, key) | fuzz_below(in, generations) << h->index_bits;
        }
    }
    if ((how & 3u) == 1u) {
        return fuzz_edge(in);
    }
    return fuzz_below(in, h->universe + 2u) |
           (h->index_bits == 32u ? 0u : fuzz_below(in, generations) << h->index_bits);
}

/* Both buffers copied byte for byte to new heap blocks; the pool reopened, then the set. */
static void reopen_copies(harness *h)
{
    unsigned char *pool_copy = fuzz_alloc(h->pool_bytes), *copy = fuzz_alloc(h->bytes);
    uint32_t i;
    memcpy(pool_copy, h->pool_memory, h->pool_bytes);
    memcpy(copy, h->memory, h->bytes);
    for (i = 0u; i < h->count; i++) { /* the values moved with the pool's buffer */
        h->value[i] = pool_copy + (h->value[i] - h->pool_memory);
    }
    free(h->pool_memory);
    free(h->memory);
    h->pool_memory = pool_copy;
    h->memory = copy;
    FUZZ_EQ(bento_block_pool_open(&h->pool, h->pool_memory, h->pool_bytes), BENTO_OK);
    FUZZ_EQ(bento_paged_set_open(&h->set, h->memory, h->bytes, &h->pool), BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    const uint32_t key = some_key(h, in);
    const uint32_t index = index_of(h, key);
    void *value = NULL;
    bento_status s;
    switch (fuzz_u8(in) % 6u) {
    case 0:
    case 1:
    case 2: {
        bool used;
        const uint32_t in_use = pages_in_use(h, index >> h->page_shift, &used);
        s = bento_paged_set_insert(&h->set, key, &value);
        inside_pages(h, value);
        if (!sound) {
            return;
        }
        if (well_formed(h, key) && find_index(h, index) >= 0) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else if (h->count == h->capacity) {
            FUZZ_EQ(s, BENTO_E_FULL);
        } else if (!well_formed(h, key)) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else if (!used && in_use == h->pages) {
            FUZZ_EQ(s, BENTO_E_FULL); /* the pool has no page left */
        } else {
            size_t k;
            FUZZ_EQ(s, BENTO_OK);
            for (k = 0u; k < h->value_size; k++) {
                ((unsigned char *)value)[k] = stamp(key, k);
            }
            h->value[h->count] = (unsigned char *)value;
            h->keys[h->count++] = key;
        }
        if (s != BENTO_OK) {
            FUZZ_CHECK(value == NULL);
        }
        break;
    }
    case 3:
    case 4: {
        int at = -1;
        uint32_t i;
        s = bento_paged_set_remove(&h->set, key);
        if (!sound) {
            return;
        }
        for (i = 0u; i < h->count; i++) {
            at = h->keys[i] == key ? (int)i : at;
        }
        FUZZ_EQ(s, at >= 0 ? BENTO_OK : !well_formed(h, key) ? BENTO_E_ARGUMENT : BENTO_E_NOT_FOUND);
        if (at >= 0) {
            h->value[at] = h->value[h->count - 1u];
            h->keys[at] = h->keys[--h->count];
        }
        break;
    }
    default:
        if (!sound) {
            inside_pages(h, bento_paged_set_get(&h->set, key));
            return;
        }
        if (fuzz_u8(in) < 32u) {
            bento_paged_set_clear(&h->set);
            h->count = 0u;
        } else {
            reopen_copies(h);
        }
        break;
    }
    agree(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n, page_count;
    memset(&h, 0, sizeof h);
    {
        const uint8_t bits = fuzz_u8(&in);
        h.index_bits = (bits & 0x80u) != 0u ? 9u + bits % 24u : 1u + bits % 8u;
    }
    h.universe = 1u + fuzz_below(&in, h.index_bits >= 8u ? 256u : 1u << h.index_bits);
    h.capacity = 1u + fuzz_below(&in, h.universe < MAX_KEYS ? h.universe : MAX_KEYS);
    h.page_shift = 1u + fuzz_below(&in, 4u); /* pages of 2 to 16 values */
    h.page_size = 1u << h.page_shift;
    h.value_size = 1u + fuzz_below(&in, 16u);
    page_count = ((h.universe - 1u) >> h.page_shift) + 1u;
    h.pages = 1u + fuzz_below(&in, page_count);
    h.pool_bytes = BENTO_BLOCK_POOL_BYTES(h.pages, BENTO_PAGED_SET_PAGE_BYTES(h.page_size, h.value_size));
    h.pool_memory = fuzz_alloc(h.pool_bytes);
    h.bytes = BENTO_PAGED_SET_BYTES(h.capacity, h.universe, h.page_size);
    h.memory = fuzz_alloc(h.bytes);
    FUZZ_EQ(bento_block_pool_init(&h.pool, h.pool_memory, h.pool_bytes,
                                  BENTO_PAGED_SET_PAGE_BYTES(h.page_size, h.value_size), h.pages),
            BENTO_OK);
    FUZZ_EQ(bento_paged_set_init(&h.set, h.memory, h.bytes, &h.pool, h.value_size, h.capacity,
                                 h.universe, h.page_size, h.index_bits, 32u - h.index_bits),
            BENTO_OK);
    for (steps = 0u; steps < 200u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        if ((fuzz_u8(&in) & 1u) != 0u) {
            h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
        } else {
            h.pool_memory[fuzz_below(&in, (uint32_t)h.pool_bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
        }
    }
    if ((fuzz_u8(&in) & 3u) == 0u && h.count != 0u) {
        /* the count and the live count of a held page moved together */
        const uint32_t page = index_of(&h, h.keys[fuzz_below(&in, h.count)]) >> h.page_shift;
        const uint32_t by = (fuzz_u8(&in) & 1u) != 0u ? 1u : UINT32_MAX;
        FUZZ_CHECK(fuzz_inside(h.set.saved, sizeof *h.set.saved, h.memory, h.bytes));
        FUZZ_CHECK(fuzz_inside(&h.set.page_live[page], 4u, h.memory, h.bytes));
        h.set.saved->count += by;
        h.set.page_live[page] += by;
    }
    (void)bento_paged_set_check(&h.set);
    for (steps = 0u; steps < 100u && fuzz_more(&in); steps++) {
        step(&h, &in, false);
    }
    (void)bento_block_pool_open(&h.pool, h.pool_memory, h.pool_bytes); /* inert on failure, */
    if (bento_paged_set_open(&h.set, h.memory, h.bytes, &h.pool) == BENTO_OK) { /* then so is the set */
        FUZZ_EQ(bento_paged_set_check(&h.set), BENTO_OK);
    } else {
        FUZZ_EQ(bento_paged_set_count(&h.set), 0u);
    }
    free(h.pool_memory);
    free(h.memory);
    return 0;
}
