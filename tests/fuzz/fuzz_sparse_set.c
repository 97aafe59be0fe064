/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_sparse_set.c - the sparse set against a plain model, then damaged.
 *
 * The input chooses the key layout (1 to 8 index bits, up to 8 generation bits), a universe, a
 * capacity and up to three columns (1 to 12-byte elements), then operations: insert and remove
 * of present keys, other generations of them, absent keys, keys beyond the universe or with
 * stray bits; lookups; the in-place sorts (heap, insertion), the radix and merge sorts; clear;
 * reopening a byte copy of the buffer at another address. The model is the dense order of the
 * keys; after every operation the set must hold exactly that order, every key's column
 * elements must hold the bytes written for it (they follow their key through every move), and
 * bento_sparse_set_check must pass. Then a few bytes of the set's buffer are overwritten and
 * operations go on, every access inside the buffer and the columns (exact-size heap blocks
 * under AddressSanitizer); last, open on the damaged bytes.
 */
#include <bento/sparse_set.h>

#include "fuzz.h"

#define MAX_CAPACITY 64u
#define MAX_COLUMNS 3u

typedef struct harness {
    bento_sparse_set set;
    bento_sparse_set_column columns[MAX_COLUMNS];
    unsigned char *memory;
    size_t bytes;
    uint32_t universe, capacity, column_count;
    unsigned index_bits, generation_bits;
    uint32_t keys[MAX_CAPACITY]; /* the model: the dense order */
    uint32_t count;
} harness;

static uint32_t index_mask(const harness *h)
{
    return h->index_bits == 32u ? UINT32_MAX : (1u << h->index_bits) - 1u;
}

/* The byte a key's element holds at offset k of column c. */
static unsigned char stamp(uint32_t key, uint32_t c, size_t k)
{
    return (unsigned char)(key * 31u + c * 7u + k);
}

static void write_row(const harness *h, uint32_t position, uint32_t key)
{
    uint32_t c;
    size_t k;
    for (c = 0u; c < h->column_count; c++) {
        unsigned char *e = (unsigned char *)h->columns[c].data + (size_t)position * h->columns[c].size;
        for (k = 0u; k < h->columns[c].size; k++) {
            e[k] = stamp(key, c, k);
        }
    }
}

static void agree(const harness *h)
{
    const uint32_t *keys = bento_sparse_set_keys(&h->set);
    uint32_t i, c;
    size_t k;
    FUZZ_EQ(bento_sparse_set_count(&h->set), h->count);
    for (i = 0u; i < h->count; i++) {
        FUZZ_EQ(keys[i], h->keys[i]);
        FUZZ_EQ(bento_sparse_set_index_of(&h->set, h->keys[i]), i);
        for (c = 0u; c < h->column_count; c++) {
            const unsigned char *e = (const unsigned char *)bento_sparse_set_get(&h->set, h->keys[i], c);
            FUZZ_CHECK(e != NULL);
            for (k = 0u; k < h->columns[c].size; k++) {
                FUZZ_EQ(e[k], stamp(h->keys[i], c, k));
            }
        }
    }
    FUZZ_EQ(bento_sparse_set_check(&h->set), BENTO_OK);
}

static int model_find_index(const harness *h, uint32_t index)
{
    uint32_t i;
    for (i = 0u; i < h->count; i++) {
        if ((h->keys[i] & index_mask(h)) == index) {
            return (int)i;
        }
    }
    return -1;
}

static uint32_t some_key(const harness *h, fuzz_input *in)
{
    const uint32_t generations = h->generation_bits == 0u ? 1u : 1u << h->generation_bits;
    switch (fuzz_u8(in) & 3u) {
    case 0:
        if (h->count != 0u) {
            const uint32_t key = h->keys[fuzz_below(in, h->count)];
            /* the key itself, or another generation of it */
            return (fuzz_u8(in) & 1u) != 0u || h->index_bits == 32u
                       ? key
                       : (key & index_mask(h)) | (fuzz_below(in, generations) << h->index_bits);
        }
        return 0u;
    case 1:
        return fuzz_edge(in);
    default: {
        const uint32_t index = fuzz_below(in, h->universe + 2u);
        return h->index_bits == 32u ? index : index | fuzz_below(in, generations) << h->index_bits;
    }
    }
}

static int by_key_desc(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    (void)context;
    return x < y ? 1 : x > y ? -1 : 0;
}

static void model_sort(harness *h, bool descending)
{
    uint32_t i, j;
    for (i = 1u; i < h->count; i++) {
        const uint32_t key = h->keys[i];
        for (j = i; j > 0u && (descending ? h->keys[j - 1u] < key : h->keys[j - 1u] > key); j--) {
            h->keys[j] = h->keys[j - 1u];
        }
        h->keys[j] = key;
    }
}

static void reopen_copy(harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    memcpy(copy, h->memory, h->bytes);
    free(h->memory);
    h->memory = copy;
    FUZZ_EQ(bento_sparse_set_open(&h->set, h->memory, h->bytes, h->columns, h->column_count),
            BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    const uint32_t key = some_key(h, in);
    const uint32_t index = key & index_mask(h);
    const uint32_t stray = h->index_bits + h->generation_bits >= 32u
                               ? 0u
                               : key >> (h->index_bits + h->generation_bits);
    uint32_t position = 0u;
    bento_status s;
    switch (fuzz_u8(in) % 8u) {
    case 0:
    case 1:
    case 2:
        s = bento_sparse_set_insert(&h->set, key, &position);
        if (!sound) {
            if (s == BENTO_OK) {
                FUZZ_CHECK(position < h->capacity);
            }
            return;
        }
        if (index < h->universe && stray == 0u && model_find_index(h, index) >= 0) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else if (h->count == h->capacity) {
            FUZZ_EQ(s, BENTO_E_FULL);
        } else if (index >= h->universe || stray != 0u) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else {
            FUZZ_EQ(s, BENTO_OK);
            FUZZ_EQ(position, h->count);
            write_row(h, position, key);
            h->keys[h->count++] = key;
        }
        if (s != BENTO_OK) {
            FUZZ_EQ(position, BENTO_NONE);
        }
        break;
    case 3:
    case 4: {
        int at = -1;
        uint32_t i;
        s = bento_sparse_set_remove(&h->set, key);
        if (!sound) {
            return;
        }
        for (i = 0u; i < h->count; i++) {
            at = h->keys[i] == key ? (int)i : at;
        }
        if (at < 0) {
            FUZZ_EQ(s, index >= h->universe || stray != 0u ? BENTO_E_ARGUMENT : BENTO_E_NOT_FOUND);
        } else {
            FUZZ_EQ(s, BENTO_OK);
            h->keys[at] = h->keys[--h->count]; /* swap and pop */
        }
        break;
    }
    case 5: {
        const bento_sparse_set_sort_mode mode =
            (fuzz_u8(in) & 1u) != 0u ? BENTO_SPARSE_SET_SORT_HEAP : BENTO_SPARSE_SET_SORT_INSERTION;
        const bool descending = (fuzz_u8(in) & 1u) != 0u;
        s = bento_sparse_set_sort(&h->set, bento_sparse_set_count(&h->set), BENTO_SPARSE_SET_BY_KEY,
                                  descending ? by_key_desc : NULL, NULL, mode);
        if (sound) {
            FUZZ_EQ(s, BENTO_OK);
            model_sort(h, descending);
        }
        break;
    }
    case 6: {
        const uint32_t n = bento_sparse_set_count(&h->set);
        const bool radix = (fuzz_u8(in) & 1u) != 0u;
        const size_t bytes = radix ? BENTO_SPARSE_SET_RADIX_BYTES(n) : BENTO_SPARSE_SET_MERGE_BYTES(n);
        unsigned char *scratch = fuzz_alloc(bytes);
        s = radix ? bento_sparse_set_sort_radix(&h->set, n, scratch, bytes)
                  : bento_sparse_set_sort_merge(&h->set, n, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                                scratch, bytes);
        free(scratch);
        if (sound) {
            FUZZ_EQ(s, BENTO_OK);
            model_sort(h, false);
        }
        break;
    }
    default:
        if (!sound) {
            (void)bento_sparse_set_contains(&h->set, key);
            return;
        }
        if (fuzz_u8(in) < 32u) {
            bento_sparse_set_clear(&h->set);
            h->count = 0u;
        } else {
            reopen_copy(h);
        }
        break;
    }
    if (sound) {
        FUZZ_EQ(bento_sparse_set_contains(&h->set, key),
                index < h->universe && model_find_index(h, index) >= 0 &&
                    h->keys[model_find_index(h, index)] == key);
        agree(h);
    } else {
        FUZZ_CHECK(bento_sparse_set_count(&h->set) <= h->capacity);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n, c;
    memset(&h, 0, sizeof h);
    if ((fuzz_u8(&in) & 7u) == 0u) {
        h.index_bits = 32u; /* plain ids */
        h.generation_bits = 0u;
    } else {
        h.index_bits = 1u + fuzz_below(&in, 8u);
        h.generation_bits = fuzz_below(&in, 9u);
    }
    h.universe = 1u + fuzz_below(&in, h.index_bits >= 8u ? 256u : 1u << h.index_bits);
    h.capacity = 1u + fuzz_below(&in, h.universe < MAX_CAPACITY ? h.universe : MAX_CAPACITY);
    h.column_count = fuzz_below(&in, MAX_COLUMNS + 1u);
    for (c = 0u; c < h.column_count; c++) {
        h.columns[c].size = 1u + fuzz_below(&in, 12u);
        h.columns[c].bytes = (size_t)h.capacity * h.columns[c].size;
        h.columns[c].data = fuzz_alloc(h.columns[c].bytes);
    }
    h.bytes = BENTO_SPARSE_SET_BYTES(h.universe, h.capacity, h.index_bits, h.generation_bits,
                                     h.column_count);
    h.memory = fuzz_alloc(h.bytes);
    FUZZ_EQ(bento_sparse_set_init(&h.set, h.memory, h.bytes, h.universe, h.capacity, h.index_bits,
                                  h.generation_bits, h.column_count != 0u ? h.columns : NULL,
                                  h.column_count),
            BENTO_OK);
    for (steps = 0u; steps < 300u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    (void)bento_sparse_set_check(&h.set);
    for (steps = 0u; steps < 200u && fuzz_more(&in); steps++) {
        step(&h, &in, false);
    }
    if (bento_sparse_set_open(&h.set, h.memory, h.bytes, h.columns, h.column_count) == BENTO_OK) {
        FUZZ_EQ(bento_sparse_set_check(&h.set), BENTO_OK);
    } else {
        FUZZ_EQ(bento_sparse_set_count(&h.set), 0u);
    }
    free(h.memory);
    for (c = 0u; c < h.column_count; c++) {
        free(h.columns[c].data);
    }
    return 0;
}
