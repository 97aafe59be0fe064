/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_open.c - every container but the pool (tests/fuzz/fuzz_pool_open.c) opened
 * on arbitrary bytes, then operated on.
 *
 * The first byte chooses the container and how its buffer is made, in a heap block of exactly
 * its size:
 *   raw     the rest of the input, as it is;
 *   header  a container of a shape the input chooses, freshly set up, with the rest of the
 *           input written over its buffer from a point the input chooses, so that open gets
 *           past the magic, the kind and the layout and meets damaged parameters, counters
 *           and arrays.
 * Open must answer BENTO_OK, BENTO_E_CORRUPT, BENTO_E_SIZE or BENTO_E_ALIGN. After BENTO_OK
 * the container must pass its check, and operations (inserts, removes, lookups, a walk) must
 * keep it passing; after a failure it must be inert (capacity 0) and refuse them. Whatever
 * the bytes, AddressSanitizer watches that nothing leaves the block, and every call returns.
 * The paged set opens over a sound block pool of its own; the sparse set over the caller's
 * columns, as its contract says.
 */
#include <bento/block_pool.h>
#include <bento/grid.h>
#include <bento/index.h>
#include <bento/multi_index.h>
#include <bento/paged_set.h>
#include <bento/sparse_set.h>
#include <bento/spatial_hash.h>

#include "fuzz.h"

enum { KINDS = 8, CAP = 32, UNIVERSE = 64, VALUE = 8 };

static bento_block_pool blocks;
static bento_grid grid;
static bento_index ix;
static bento_index32 ix32;
static bento_multi_index multi;
static bento_spatial_hash spatial;
static bento_sparse_set sparse;
static bento_paged_set paged;

/* the sparse set's column and the paged set's pages: the caller's own, always sound */
static uint64_t column_data[CAP];
static const bento_sparse_set_column column = {column_data, sizeof column_data, VALUE};
static bento_block_pool pages;
static bento_align_unit
    pages_memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(8, BENTO_PAGED_SET_PAGE_BYTES(16, VALUE)))];

/* A small key or coordinate, sometimes out of range. */
static int32_t coord(fuzz_input *in)
{
    return (int32_t)fuzz_below(in, 16u) - 8;
}

/* The id bits of a multi-value index or spatial hash: whole ids, or handles (stamps kept). */
static uint32_t id_bits_of(fuzz_input *in)
{
    return (fuzz_u8(in) & 1u) != 0u ? 32u : 5u + fuzz_below(in, 3u);
}

/* A value of `key` for a container of `id_bits`: the key itself, or a handle of generation 1
 * or 2 whose id it is. */
static uint32_t value_of(uint32_t key, uint32_t id_bits)
{
    return id_bits < 32u ? key | (1u + (key >> 4 & 1u)) << id_bits : key;
}

/* Set up a fresh container of kind k over a block of its size; returns the block. */
static unsigned char *make(unsigned k, fuzz_input *in, size_t *bytes)
{
    const uint32_t cap = 2u + fuzz_below(in, CAP - 1u);
    unsigned char *m;
    bento_status s = BENTO_OK;
    switch (k) {
    case 0: {
        const size_t block = 4u + fuzz_below(in, 12u);
        *bytes = BENTO_BLOCK_POOL_BYTES(cap, block);
        m = fuzz_alloc(*bytes);
        s = bento_block_pool_init(&blocks, m, *bytes, block, cap);
        break;
    }
    case 1: {
        const unsigned dims = 1u + fuzz_below(in, 4u);
        *bytes = BENTO_GRID_BYTES(cap, 2u);
        m = fuzz_alloc(*bytes);
        s = bento_grid_init(&grid, m, *bytes, dims, 2u, cap);
        break;
    }
    case 2:
        *bytes = BENTO_INDEX_BYTES(32u);
        m = fuzz_alloc(*bytes);
        s = bento_index_init(&ix, m, *bytes, 32u);
        break;
    case 3:
        *bytes = BENTO_INDEX32_BYTES(32u);
        m = fuzz_alloc(*bytes);
        s = bento_index32_init(&ix32, m, *bytes, 32u);
        break;
    case 4: {
        const uint32_t id_bits = id_bits_of(in);
        *bytes = BENTO_MULTI_INDEX_BYTES(16u, cap, id_bits);
        m = fuzz_alloc(*bytes);
        s = bento_multi_index_init(&multi, m, *bytes, 16u, cap, id_bits);
        break;
    }
    case 5: {
        const uint32_t dims = 2u + fuzz_below(in, 2u);
        const uint32_t id_bits = id_bits_of(in);
        *bytes = BENTO_SPATIAL_HASH_BYTES(16u, cap, dims, id_bits);
        m = fuzz_alloc(*bytes);
        s = bento_spatial_hash_init(&spatial, m, *bytes, 16u, cap, dims, 2u, id_bits);
        break;
    }
    case 6:
        *bytes = BENTO_SPARSE_SET_BYTES(UNIVERSE, CAP, 6u, 2u, 1u);
        m = fuzz_alloc(*bytes);
        s = bento_sparse_set_init(&sparse, m, *bytes, UNIVERSE, CAP, 6u, 2u, &column, 1u);
        break;
    default:
        *bytes = BENTO_PAGED_SET_BYTES(CAP, UNIVERSE, 16u);
        m = fuzz_alloc(*bytes);
        s = bento_paged_set_init(&paged, m, *bytes, &pages, VALUE, CAP, UNIVERSE, 16u, 6u, 26u);
        break;
    }
    FUZZ_EQ(s, BENTO_OK);
    return m;
}

static bento_status open_kind(unsigned k, unsigned char *m, size_t bytes)
{
    switch (k) {
    case 0: return bento_block_pool_open(&blocks, m, bytes);
    case 1: return bento_grid_open(&grid, m, bytes);
    case 2: return bento_index_open(&ix, m, bytes);
    case 3: return bento_index32_open(&ix32, m, bytes);
    case 4: return bento_multi_index_open(&multi, m, bytes);
    case 5: return bento_spatial_hash_open(&spatial, m, bytes);
    case 6: return bento_sparse_set_open(&sparse, m, bytes, &column, 1u);
    default: return bento_paged_set_open(&paged, m, bytes, &pages);
    }
}

static bento_status check_kind(unsigned k)
{
    switch (k) {
    case 0: return bento_block_pool_check(&blocks);
    case 1: return bento_grid_check(&grid);
    case 2: return bento_index_check(&ix);
    case 3: return bento_index32_check(&ix32);
    case 4: return bento_multi_index_check(&multi);
    case 5: return bento_spatial_hash_check(&spatial);
    case 6: return bento_sparse_set_check(&sparse);
    default: return bento_paged_set_check(&paged);
    }
}

static uint32_t capacity_of(unsigned k)
{
    switch (k) {
    case 0: return bento_block_pool_capacity(&blocks);
    case 1: return bento_grid_capacity(&grid);
    case 2: return bento_index_capacity(&ix);
    case 3: return bento_index32_capacity(&ix32);
    case 4: return bento_multi_index_capacity(&multi);
    case 5: return bento_spatial_hash_capacity(&spatial);
    case 6: return bento_sparse_set_capacity(&sparse);
    default: return bento_paged_set_capacity(&paged);
    }
}

/* One operation of kind k with arguments from the input; true when it changed something. */
static bool operate(unsigned k, fuzz_input *in, unsigned char *m, size_t bytes)
{
    const uint8_t op = fuzz_u8(in);
    const uint32_t key = fuzz_below(in, UNIVERSE + 8u);
    const int32_t at[4] = {coord(in), coord(in), coord(in), coord(in)};
    void *p = NULL;
    switch (k) {
    case 0:
        if ((op & 1u) != 0u) {
            return bento_block_pool_alloc(&blocks, &p) == BENTO_OK;
        }
        return bento_block_pool_free(&blocks, bento_block_pool_block_at(&blocks, key)) == BENTO_OK;
    case 1:
        p = bento_grid_get(&grid, at);
        FUZZ_CHECK(p == NULL || fuzz_inside(p, 2u, m, bytes));
        return (op & 1u) != 0u ? bento_grid_insert(&grid, at, NULL) == BENTO_OK
                               : bento_grid_remove(&grid, at) == BENTO_OK;
    case 2:
        p = bento_index_get(&ix, key);
        FUZZ_CHECK(p == NULL || fuzz_inside(p, 4u, m, bytes));
        return (op & 1u) != 0u ? bento_index_insert(&ix, key, key) == BENTO_OK
                               : bento_index_remove(&ix, key, NULL) == BENTO_OK;
    case 3:
        p = bento_index32_get(&ix32, key);
        FUZZ_CHECK(p == NULL || fuzz_inside(p, 4u, m, bytes));
        return (op & 1u) != 0u ? bento_index32_insert(&ix32, key, key) == BENTO_OK
                               : bento_index32_remove(&ix32, key, NULL) == BENTO_OK;
    case 4: {
        const uint32_t v = value_of(key, bento_impl_multi_index_id_bits(&multi));
        (void)bento_multi_index_length(&multi, key & 15u);
        return (op & 1u) != 0u ? bento_multi_index_insert(&multi, key & 15u, v) == BENTO_OK
                               : bento_multi_index_remove_value(&multi, v) == BENTO_OK;
    }
    case 5: {
        const uint32_t v = value_of(key, bento_impl_multi_index_id_bits(&spatial.cells));
        const int32_t *got = bento_spatial_hash_get(&spatial, v);
        FUZZ_CHECK(got == NULL || fuzz_inside(got, 8u, m, bytes));
        return (op & 1u) != 0u ? bento_spatial_hash_insert(&spatial, v, at) == BENTO_OK
                               : bento_spatial_hash_remove(&spatial, v) == BENTO_OK;
    }
    case 6:
        p = bento_sparse_set_get(&sparse, key, 0u);
        FUZZ_CHECK(p == NULL || fuzz_inside(p, VALUE, column_data, sizeof column_data));
        return (op & 1u) != 0u ? bento_sparse_set_insert(&sparse, key, NULL) == BENTO_OK
                               : bento_sparse_set_remove(&sparse, key) == BENTO_OK;
    default:
        p = bento_paged_set_get(&paged, key);
        FUZZ_CHECK(p == NULL || fuzz_inside(p, VALUE, pages_memory, sizeof pages_memory));
        return (op & 1u) != 0u ? bento_paged_set_insert(&paged, key, NULL) == BENTO_OK
                               : bento_paged_set_remove(&paged, key) == BENTO_OK;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_start(data, size);
    const uint8_t first = fuzz_u8(&in);
    const unsigned k = first % KINDS;
    unsigned char *m;
    size_t bytes;
    bento_status status;
    FUZZ_EQ(bento_block_pool_init(&pages, pages_memory, sizeof pages_memory,
                                  BENTO_PAGED_SET_PAGE_BYTES(16u, VALUE), 8u),
            BENTO_OK);
    if ((first & 0x80u) != 0u) { /* raw */
        size_t n;
        const uint8_t *rest = fuzz_rest(&in, &n);
        bytes = n;
        m = fuzz_alloc(n);
        memcpy(m, rest, n);
    } else { /* header: a fresh buffer written over from a point on */
        size_t i;
        m = make(k, &in, &bytes);
        for (i = fuzz_below(&in, (uint32_t)bytes); i < bytes && fuzz_more(&in); i++) {
            m[i] = fuzz_u8(&in);
        }
    }
    status = open_kind(k, m, bytes);
    if (status == BENTO_OK) {
        FUZZ_EQ(check_kind(k), BENTO_OK);
        while (fuzz_more(&in)) {
            (void)operate(k, &in, m, bytes);
            FUZZ_EQ(check_kind(k), BENTO_OK);
        }
    } else {
        FUZZ_CHECK(status == BENTO_E_CORRUPT || status == BENTO_E_SIZE || status == BENTO_E_ALIGN);
        FUZZ_EQ(capacity_of(k), 0u);
        while (fuzz_more(&in)) {
            FUZZ_CHECK(!operate(k, &in, m, bytes)); /* inert: nothing changes */
        }
    }
    free(m);
    return 0;
}
