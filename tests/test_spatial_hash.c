/* SPDX-License-Identifier: MIT */
/* Tests of bento/spatial_hash.h: every function typed and generic, every status, coordinates as
 * arrays and points, open of the nested buffers, damage seen by check, confinement, queries
 * against a naive scan with the cells they touch counted. */
#include <bento/pool.h>
#include <bento/spatial_hash.h>

#include "bento_test.h"

#define CELLS 32u
#define ITEMS 16u
#define SHIFT 3u /* cells of 8 units */
BENTO_SPATIAL_HASH_TYPE(space3, CELLS, ITEMS, 3, SHIFT);
BENTO_SPATIAL_HASH_TYPE(plane, 8, 8, 2, 4); /* 8 cell slots: 6 occupied cells at most */

/* Items of a handle type: a present id's whole handle is kept. */
BENTO_POOL_TYPE(crew, uint32_t, 8, uint16_t, BENTO_POOL_WRAP); /* 3 index bits: ids 0..7 */
BENTO_SPATIAL_HASH_TYPE_OF(crew_space, 16, 6, crew_handle, 2, 4); /* ids 0..5 */

/* Shared by the tests one after another: to fit the smallest board's RAM (bento_test.h). */
static space3 s, t;
static plane p2;
/* room for a hash of CELLS, ITEMS and 4 axes: what a damaged header may claim */
static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_SPATIAL_HASH_BYTES(CELLS, ITEMS, 4, 32u))];

/* The cell of a coordinate in the model's world (cells of 8, coordinates above -1024). */
static int32_t cell8(int32_t x)
{
    return (x + 1024) / 8 - 128;
}

/* Visitor: collect the items found as a bit set; stop after `limit` items. */
typedef struct found {
    uint32_t bits;
    uint32_t calls;
    uint32_t limit;
} found;

static bool collect(void *context, uint32_t item, const int32_t *position)
{
    found *f = (found *)context;
    (void)position;
    f->bits |= (uint32_t)1u << item;
    f->calls++;
    return f->calls < f->limit;
}

/* A spatial hash whose init or open failed: item capacity 0, every item out of range. */
static void check_inert(bento_spatial_hash *sh)
{
    const int32_t p[3] = {1, 2, 3};
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 100u};
    CHECK_EQ(bento_spatial_hash_capacity(sh), 0);
    CHECK_EQ(bento_spatial_hash_count(sh), 0);
    CHECK_STATUS(bento_spatial_hash_insert(sh, 0u, p), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_move(sh, 0u, p), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_remove(sh, 0u), BENTO_E_ARGUMENT);
    CHECK(bento_spatial_hash_get(sh, 0u) == NULL);
    CHECK(!bento_spatial_hash_contains(sh, 0u));
    CHECK_STATUS(bento_spatial_hash_query_box(sh, p, p, collect, &f, &stats), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_query_radius(sh, p, 100, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.calls, 0);
    CHECK_EQ(stats.items_tested, 0);
    bento_spatial_hash_clear(sh);
    CHECK_STATUS(bento_spatial_hash_check(sh), BENTO_OK);
}

static void test_statuses(void)
{
    const size_t bytes = BENTO_SPATIAL_HASH_BYTES(16, 8, 3, 32u);
    const int32_t p[3] = {1, 2, 3}, q[3] = {0, 0, 0};
    bento_spatial_hash sh;
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 100u};
    uint32_t i;
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 1, 4, 32u), BENTO_E_ARGUMENT);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 4, 4, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 3, 32, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 12, 8, 3, 4, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 0, 3, 4, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, NULL, bytes, 16, 8, 3, 4, 32u), BENTO_E_ARGUMENT);
    /* positions that take the buffer past 4 GiB: refused, even where size_t could count it */
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 8, 0x0ffffff0u, 3, 4, 32u),
                 BENTO_E_ARGUMENT);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_init(&sh, (unsigned char *)memory + 1, bytes, 16, 8, 3, 4, 32u),
                 BENTO_E_ALIGN);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes - 1, 16, 8, 3, 4, 32u), BENTO_E_SIZE);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 3, 4, 32u), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_capacity(&sh), 8);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 8u, p), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, p), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, q), BENTO_E_EXISTS);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 1u, q), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 8u, q), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 0u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 1u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 8u), BENTO_E_ARGUMENT);
    CHECK(bento_spatial_hash_contains(&sh, 0u));
    CHECK(!bento_spatial_hash_contains(&sh, 1u));
    CHECK(!bento_spatial_hash_contains(&sh, 8u));
    CHECK(bento_spatial_hash_get(&sh, 1u) == NULL);
    CHECK_EQ(bento_spatial_hash_get(&sh, 0u)[2], 3);
    /* a move within the cell only updates the position */
    CHECK_STATUS(bento_spatial_hash_move(&sh, 0u, q), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_get(&sh, 0u)[2], 0);
    for (i = 1u; i < 8u; i++) {
        const int32_t r[3] = {(int32_t)i * 100, 0, 0};
        CHECK_STATUS(bento_spatial_hash_insert(&sh, i, r), BENTO_OK);
    }
    CHECK_EQ(bento_spatial_hash_count(&sh), 8);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 7u), BENTO_OK);
    CHECK(!bento_spatial_hash_contains(&sh, 7u));
    bento_spatial_hash_clear(&sh);
    CHECK_EQ(bento_spatial_hash_count(&sh), 0);
    CHECK(bento_spatial_hash_get(&sh, 0u) == NULL);
    /* query arguments; the counters are zeroed even when the arguments are refused */
    stats.cells_visited = 9u;
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, p, NULL, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_EQ(stats.cells_visited, 0);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, NULL, p, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, NULL, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, p, q, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, -1, collect, &f, &stats),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, NULL, 1, collect, &f, &stats),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, 1, NULL, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_EQ(f.calls, 0);
    /* a visitor can stop a query, a box query and a radius one */
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, q), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 1u, p), BENTO_OK);
    f.limit = 1u;
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, p, collect, &f, NULL), BENTO_OK);
    CHECK_EQ(f.calls, 1);
    f.calls = 0u;
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, 10, collect, &f, NULL), BENTO_OK);
    CHECK_EQ(f.calls, 1);
    f.calls = 0u;
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, INT32_MAX, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.calls, 1); /* and a query that scans the items */
    CHECK_EQ(stats.cells_visited, 0);
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_OK);
}

/* The typed API, every function, coordinates as arrays and as points. */
static void test_typed(void)
{
    plane *const h = &p2;
    const int32_t a[2] = {5, 5}, lo[2] = {0, 0}, hi[2] = {40, 40};
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 100u};
    const int32_t *at;
    CHECK_STATUS(plane_init(h), BENTO_OK);
    CHECK_EQ(plane_capacity(h), 8);
    CHECK_STATUS(plane_insert(h, 0u, a), BENTO_OK);
    CHECK_STATUS(plane_insert_at(h, 1u, bento_xy(20, 5)), BENTO_OK);
    CHECK_STATUS(plane_insert_at(h, 1u, bento_xy(1, 1)), BENTO_E_EXISTS);
    CHECK_STATUS(plane_insert_at(h, 8u, bento_xy(1, 1)), BENTO_E_ARGUMENT);
    CHECK_EQ(plane_count(h), 2);
    CHECK(plane_contains(h, 1u));
    at = plane_get(h, 1u);
    CHECK(at != NULL && at[0] == 20 && at[1] == 5);
    CHECK_STATUS(plane_move_at(h, 1u, bento_xy(30, 30)), BENTO_OK);
    CHECK_STATUS(plane_move(h, 0u, lo), BENTO_OK);
    CHECK_STATUS(plane_move_at(h, 2u, bento_xy(0, 0)), BENTO_E_NOT_FOUND);
    at = plane_get(h, 1u);
    CHECK(at != NULL && at[0] == 30 && at[1] == 30);
    CHECK_STATUS(plane_query_box(h, lo, hi, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0x3);
    f.bits = 0u;
    CHECK_STATUS(plane_query_box_at(h, bento_xy(0, 0), bento_xy(10, 10), collect, &f, &stats),
                 BENTO_OK);
    CHECK_EQ(f.bits, 0x1);
    f.bits = 0u;
    CHECK_STATUS(plane_query_radius(h, hi, 15, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0x2);
    f.bits = 0u;
    CHECK_STATUS(plane_query_radius_at(h, bento_xy(30, 31), 1, collect, &f, NULL), BENTO_OK);
    CHECK_EQ(f.bits, 0x2);
    CHECK_STATUS(plane_query_radius_at(h, bento_xy(0, 0), -1, collect, &f, NULL),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(plane_remove(h, 0u), BENTO_OK);
    CHECK_STATUS(plane_remove(h, 0u), BENTO_E_NOT_FOUND);
    CHECK(plane_get(h, 0u) == NULL);
    CHECK_STATUS(plane_check(h), BENTO_OK);
    plane_clear(h);
    CHECK_EQ(plane_count(h), 0);
    CHECK_STATUS(plane_check(h), BENTO_OK);
}

/*
 * A move into a new cell when the cell index is full answers BENTO_E_FULL, as the header says,
 * also when the item was alone in its old cell (whose slot would have been freed): the item
 * stays where it was. (It used to succeed in that case.)
 */
static void test_move_into_full_cell(void)
{
    plane *const h = &p2;
    const int32_t *at;
    uint32_t i;
    CHECK_STATUS(plane_init(h), BENTO_OK);
    for (i = 0u; i < 6u; i++) { /* six cells of 16 units: as many as 8 cell slots hold */
        CHECK_STATUS(plane_insert_at(h, i, bento_xy((int32_t)i * 100, 0)), BENTO_OK);
    }
    CHECK_STATUS(plane_insert_at(h, 6u, bento_xy(201, 0)), BENTO_OK); /* beside item 2 */
    CHECK_STATUS(plane_insert_at(h, 7u, bento_xy(600, 0)), BENTO_E_FULL); /* a seventh cell */
    /* item 2 shares its cell: refused, it stays */
    CHECK_STATUS(plane_move_at(h, 2u, bento_xy(600, 0)), BENTO_E_FULL);
    /* item 1 is alone in its cell: refused all the same, it stays */
    CHECK_STATUS(plane_move_at(h, 1u, bento_xy(600, 0)), BENTO_E_FULL);
    at = plane_get(h, 1u);
    CHECK(at != NULL && at[0] == 100);
    CHECK_STATUS(plane_check(h), BENTO_OK);
    /* once its cell is free, the move goes through */
    CHECK_STATUS(plane_remove(h, 1u), BENTO_OK);
    CHECK_STATUS(plane_move_at(h, 0u, bento_xy(600, 0)), BENTO_OK);
    CHECK_STATUS(plane_check(h), BENTO_OK);
}

/* Reopened from its buffer alone; every word of the three nested headers validated. */
static void test_open(void)
{
    space3 *const a = &s, *const b = &t;
    uint32_t *const words = (uint32_t *)(void *)memory;
    /* the three headers' words; of the hash index's header, its first six (four common words,
     * the capacity, the count): the rest is padding */
    const uint32_t heads = (BENTO_IMPL_SPATIAL_HASH_HEAD + BENTO_IMPL_MULTI_INDEX_HEAD) / 4u + 6u;
    bento_spatial_hash sh;
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 100u};
    uint32_t i, saved;
    const int32_t *at;
    CHECK_STATUS(space3_init(a), BENTO_OK);
    for (i = 0u; i < 6u; i++) {
        CHECK_STATUS(space3_insert_at(a, i, bento_xyz((int32_t)i * 10, -5, 7)), BENTO_OK);
    }
    *b = *a;
    CHECK_STATUS(space3_open(b), BENTO_OK);
    CHECK_STATUS(space3_check(b), BENTO_OK);
    CHECK_EQ(space3_count(b), 6);
    at = space3_get(b, 4u);
    CHECK(at != NULL && at[0] == 40 && at[1] == -5 && at[2] == 7);
    CHECK(at != space3_get(a, 4u)); /* its own storage */
    CHECK_STATUS(space3_query_box_at(b, bento_xyz(0, -10, 0), bento_xyz(25, 0, 10), collect, &f,
                                     &stats),
                 BENTO_OK);
    CHECK_EQ(f.bits, 0x7);
    CHECK_STATUS(space3_remove(b, 0u), BENTO_OK);
    CHECK(space3_contains(a, 0u));
    /* the generic open over another buffer holding the same bytes */
    for (i = 0u; i < sizeof a->storage_; i++) {
        ((unsigned char *)memory)[i] = ((const unsigned char *)a->storage_)[i];
    }
    CHECK_STATUS(bento_spatial_hash_open(&sh, NULL, sizeof memory), BENTO_E_ARGUMENT);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_open(&sh, (unsigned char *)memory + 2, sizeof memory - 2u),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, 16u), BENTO_E_SIZE);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof a->storage_ - 4u), BENTO_E_SIZE);
    check_inert(&sh);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_count(&sh), 6);
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_OK);
    /* every word of the three headers: open and check refuse the buffer */
    for (i = 0u; i < heads; i++) {
        bento_spatial_hash opened;
        const uint32_t mi_at = BENTO_IMPL_SPATIAL_HASH_HEAD / 4u;
        /* each journal starts after the header's 4 words, the record and the counters */
        const uint32_t sh_journal = 4u + BENTO_IMPL_SPATIAL_HASH_PARAMS;
        const uint32_t mi_journal = mi_at + 4u + BENTO_IMPL_MULTI_INDEX_PARAMS + 1u;
        if (BENTO_POWER_SAFE && ((i >= sh_journal && i < mi_at) ||
                                 (i >= mi_journal && i < mi_at + BENTO_IMPL_MULTI_INDEX_HEAD / 4u))) {
            continue; /* the journals: a change reads as an operation in flight, recovered */
        }
        if ((i >= sh_journal + BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_SPATIAL_HASH_ENTRIES) &&
             i < mi_at) ||
            (i >= mi_journal + BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_MULTI_INDEX_ENTRIES) &&
             i < mi_at + BENTO_IMPL_MULTI_INDEX_HEAD / 4u)) {
            continue; /* the headers' padding, read by nothing */
        }
        saved = words[i];
        words[i] ^= 0x4u; /* a size stays within the buffer: it is wrong, not too large */
        CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_spatial_hash_open(&opened, memory, sizeof memory), BENTO_E_CORRUPT);
        check_inert(&opened);
        words[i] = saved;
    }
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_OK);
    /* an item whose stored position is not in its cell */
    sh.position[3u * 2u] += 1000;
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    check_inert(&sh);
    /* and the multi-value index is checked: its count's copy */
    words[BENTO_IMPL_SPATIAL_HASH_HEAD / 4u + 4u + BENTO_IMPL_MULTI_INDEX_PARAMS] += 1u;
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    /* a multi-value index inside, whole and sound, of other capacities than the header's */
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof memory, CELLS, ITEMS, 3, SHIFT, 32u),
                 BENTO_OK);
    CHECK_STATUS(bento_multi_index_init(&sh.cells, words + BENTO_IMPL_SPATIAL_HASH_HEAD / 4u,
                                        BENTO_MULTI_INDEX_BYTES(CELLS / 2u, ITEMS, 32u), CELLS / 2u,
                                        ITEMS, 32u),
                 BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_init(&sh.cells, words + BENTO_IMPL_SPATIAL_HASH_HEAD / 4u,
                                        BENTO_MULTI_INDEX_BYTES(CELLS, ITEMS - 1u, 32u), CELLS,
                                        ITEMS - 1u, 32u),
                 BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    /* a typed open refuses another type's buffer (another dims), and stays inert */
    CHECK_STATUS(bento_spatial_hash_init(&sh, b->storage_, sizeof b->storage_, CELLS, ITEMS, 2,
                                         SHIFT, 32u),
                 BENTO_OK);
    CHECK_STATUS(space3_open(b), BENTO_E_CORRUPT);
    CHECK_EQ(space3_capacity(b), 0);
    CHECK(space3_get(b, 0u) == NULL);
    CHECK_STATUS(space3_insert_at(b, 0u, bento_xyz(1, 2, 3)), BENTO_E_ARGUMENT);
    CHECK_STATUS(space3_check(b), BENTO_OK);
}

/*
 * A header that says dims 4 (or any value outside 2..3), with a size that matches it, is
 * refused by open before dims is used: the cell of a position has room for 3 axes. (The check
 * of a hash with dims above 3 used to write past the end of that array.)
 */
static void test_dims_damage(void)
{
    uint32_t *const words = (uint32_t *)(void *)memory;
    const uint32_t dims_word = 4u + 2u, size_word = 2u;
    bento_spatial_hash sh;
    uint32_t i, dims;
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof memory, CELLS, ITEMS, 3, SHIFT, 32u),
                 BENTO_OK);
    for (i = 0u; i < ITEMS; i++) {
        CHECK_STATUS(bento_spatial_hash_insert(&sh, i, bento_xyz((int32_t)i, 2, 3).c), BENTO_OK);
    }
    for (dims = 0u; dims < 8u; dims++) {
        if (dims == 2u || dims == 3u) {
            continue;
        }
        words[dims_word] = dims;
        words[size_word] = (uint32_t)BENTO_SPATIAL_HASH_BYTES(CELLS, ITEMS, dims, 32u);
        CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory),
                     words[size_word] <= sizeof memory ? BENTO_E_CORRUPT : BENTO_E_SIZE);
        check_inert(&sh);
    }
    words[dims_word] = 0x104u; /* dims 4 in the low byte */
    words[size_word] = (uint32_t)BENTO_SPATIAL_HASH_BYTES(CELLS, ITEMS, 4, 32u);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    words[dims_word] = 3u;
    words[dims_word + 1u] = 32u; /* a cell shift out of range */
    words[size_word] = (uint32_t)BENTO_SPATIAL_HASH_BYTES(CELLS, ITEMS, 3, 32u);
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_E_CORRUPT);
    words[dims_word + 1u] = SHIFT;
    CHECK_STATUS(bento_spatial_hash_open(&sh, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_count(&sh), ITEMS);
}

/* Confinement: lists and positions holding anything never take a query or an operation outside
 * the buffer, and every walk ends. */
static void test_confinement(void)
{
    bento_spatial_hash sh;
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 1000u};
    const int32_t lo[3] = {-64, -64, -64}, hi[3] = {64, 64, 64};
    uint32_t round, i;
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof memory, CELLS, ITEMS, 3, SHIFT, 32u),
                 BENTO_OK);
    for (i = 0u; i < ITEMS; i++) {
        CHECK_STATUS(bento_spatial_hash_insert(&sh, i, bento_xyz((int32_t)i * 8 - 64, 0, 0).c),
                     BENTO_OK);
    }
    for (round = 0u; round < 16u; round++) {
        for (i = 0u; i < ITEMS; i++) {
            const uint32_t r = bento_test_rand();
            sh.cells.next[i] = round % 2u == 0u ? r : r % ITEMS; /* cycles, or out of range */
            sh.cells.prev[i] = r % (ITEMS + 1u);
            sh.position[3u * i] = (int32_t)bento_test_rand();
        }
        for (i = 0u; i < 8u; i++) {
            const int32_t c[3] = {(int32_t)bento_test_rand_below(128u) - 64, 0, 0};
            f.calls = 0u;
            CHECK_STATUS(bento_spatial_hash_query_box(&sh, lo, hi, collect, &f, &stats), BENTO_OK);
            CHECK(stats.items_tested <= ITEMS * stats.cells_visited + ITEMS);
            CHECK_STATUS(bento_spatial_hash_query_radius(&sh, c, 20, collect, &f, &stats),
                         BENTO_OK);
            CHECK_STATUS(bento_spatial_hash_query_radius(&sh, c, INT32_MAX, collect, &f, &stats),
                         BENTO_OK); /* the scan */
            (void)bento_spatial_hash_move(&sh, i, c);
            (void)bento_spatial_hash_remove(&sh, i + 8u);
            (void)bento_spatial_hash_insert(&sh, i + 8u, c);
            (void)bento_spatial_hash_get(&sh, i);
        }
        (void)bento_spatial_hash_check(&sh);
    }
    bento_spatial_hash_clear(&sh);
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_OK);
}

/* The whole int32 range works: extremes, negative coordinates, radius clamped at the edge. */
static void test_extremes(void)
{
    space3 *const sh = &s;
    const int32_t lo[3] = {INT32_MIN, INT32_MIN, INT32_MIN};
    const int32_t hi[3] = {INT32_MAX, INT32_MAX, INT32_MAX};
    const int32_t minus[3] = {-1, -1, -1};
    const int32_t zero[3] = {0, 0, 0};
    bento_spatial_hash_stats stats;
    found f = {0u, 0u, 100u};
    CHECK_STATUS(space3_init(&s), BENTO_OK);
    CHECK_STATUS(space3_insert(sh, 0u, lo), BENTO_OK);
    CHECK_STATUS(space3_insert(sh, 1u, hi), BENTO_OK);
    CHECK_STATUS(space3_insert(sh, 2u, minus), BENTO_OK);
    CHECK_STATUS(space3_insert(sh, 3u, zero), BENTO_OK);
    CHECK_STATUS(space3_query_radius(sh, hi, INT32_MAX, collect, &f, &stats),
                 BENTO_OK);
    CHECK_EQ(f.bits, 0x2); /* the ball around the top corner reaches no other item */
    CHECK_EQ(stats.cells_visited, 0); /* a huge box: scanned the items */
    f.bits = 0u;
    CHECK_STATUS(space3_query_radius(sh, lo, 1, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0x1);
    CHECK_EQ(stats.cells_visited, 1); /* the corner cell only: the box is clamped */
    f.bits = 0u;
    /* -1 and 0 sit in different cells; a box from -1 to 0 covers 8 cells */
    CHECK_STATUS(space3_query_box(sh, minus, zero, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0xc);
    CHECK_EQ(stats.cells_visited, 8);
    f.bits = 0u;
    /* the whole int32 range: 2^32 units wide, found without any arithmetic overflow */
    CHECK_STATUS(space3_query_box(sh, lo, hi, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0xf);
    CHECK_STATUS(space3_check(sh), BENTO_OK);
}

/* Random items in a small world; queries against a naive scan; cells touched are counted. */
static void run_model(uint32_t dims)
{
    static int32_t model[ITEMS][3];
    bento_spatial_hash sh;
    uint32_t live = 0u; /* bit set */
    uint32_t step, steps = 600u * bento_test_scale(), mismatches = 0u, scans = 0u;
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof memory, CELLS, ITEMS, dims, SHIFT, 32u),
                 BENTO_OK);
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        const uint32_t item = bento_test_rand_below(ITEMS);
        int32_t p[3] = {0, 0, 0}, lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        uint32_t d, i;
        for (d = 0u; d < dims; d++) {
            p[d] = (int32_t)bento_test_rand_below(64u) - 32; /* 8 cells a side */
        }
        if (op < 30u) {
            const bento_status want = (live >> item & 1u) != 0u ? BENTO_E_EXISTS : BENTO_OK;
            if (bento_spatial_hash_insert(&sh, item, p) != want) {
                mismatches++;
            }
            if (want == BENTO_OK) {
                live |= (uint32_t)1u << item;
                for (d = 0u; d < 3u; d++) {
                    model[item][d] = p[d];
                }
            }
        } else if (op < 55u) {
            const bento_status want = (live >> item & 1u) != 0u ? BENTO_OK : BENTO_E_NOT_FOUND;
            if (bento_spatial_hash_move(&sh, item, p) != want) {
                mismatches++;
            }
            if (want == BENTO_OK) {
                for (d = 0u; d < 3u; d++) {
                    model[item][d] = p[d];
                }
            }
        } else if (op < 70u) {
            const bento_status want = (live >> item & 1u) != 0u ? BENTO_OK : BENTO_E_NOT_FOUND;
            if (bento_spatial_hash_remove(&sh, item) != want) {
                mismatches++;
            }
            live &= ~((uint32_t)1u << item);
        } else {
            /* a query: box or ball, both sides of zero */
            const bool ball = op >= 85u;
            const int32_t radius = (int32_t)bento_test_rand_below(20u);
            uint32_t expect = 0u, in_cells = 0u, cells = 1u, cells_in_ball = 0u;
            int32_t c[3];
            bento_spatial_hash_stats stats;
            found f = {0u, 0u, 1000u};
            for (d = 0u; d < dims; d++) {
                lo[d] = ball ? p[d] - radius : p[d];
                hi[d] = ball ? p[d] + radius
                             : p[d] + (int32_t)bento_test_rand_below(24u);
            }
            if (ball) {
                CHECK_STATUS(bento_spatial_hash_query_radius(&sh, p, radius, collect, &f, &stats),
                             BENTO_OK);
            } else {
                CHECK_STATUS(bento_spatial_hash_query_box(&sh, lo, hi, collect, &f, &stats),
                             BENTO_OK);
            }
            /* naive: which items match, and which items sit in cells the query may visit */
            for (i = 0u; i < ITEMS; i++) {
                bool inside = (live >> i & 1u) != 0u, near = inside;
                int64_t distance2 = 0, cell_gap2 = 0;
                for (d = 0u; d < dims && (live >> i & 1u) != 0u; d++) {
                    const int64_t x = model[i][d];
                    const int64_t cell_lo = (int64_t)(x - ((x % 8) + 8) % 8); /* floor to 8 */
                    const int64_t gap = p[d] < cell_lo ? cell_lo - p[d]
                                        : p[d] > cell_lo + 7 ? p[d] - cell_lo - 7 : 0;
                    if (cell_lo + 7 < lo[d] || cell_lo > hi[d]) {
                        near = false; /* its cell is outside the query's box */
                    }
                    if (x < lo[d] || x > hi[d]) {
                        inside = false;
                    }
                    distance2 += (x - p[d]) * (x - p[d]);
                    cell_gap2 += gap * gap;
                }
                if (ball && cell_gap2 > (int64_t)radius * radius) {
                    near = false; /* its cell does not reach the ball */
                }
                if (inside && (!ball || distance2 <= (int64_t)radius * radius)) {
                    expect |= (uint32_t)1u << i;
                }
                in_cells += near ? 1u : 0u;
            }
            /* cells: every cell of the box, or those of them that reach the ball */
            for (d = 0u; d < dims; d++) {
                cells *= (uint32_t)(cell8(hi[d]) - cell8(lo[d]) + 1);
            }
            for (c[0] = cell8(lo[0]); ball && c[0] <= cell8(hi[0]); c[0]++) {
                for (c[1] = cell8(lo[1]); c[1] <= cell8(hi[1]); c[1]++) {
                    for (c[2] = cell8(lo[2]); c[2] <= cell8(hi[2]); c[2]++) {
                        int64_t gap2 = 0;
                        for (d = 0u; d < dims; d++) {
                            const int64_t a = (int64_t)c[d] * 8, b = a + 7;
                            const int64_t gap = p[d] < a ? a - p[d] : p[d] > b ? p[d] - b : 0;
                            gap2 += gap * gap;
                        }
                        cells_in_ball += gap2 <= (int64_t)radius * radius ? 1u : 0u;
                    }
                }
            }
            if (cells > ITEMS) {
                /* more cells than item slots: the query scans the items, visits no cell */
                for (in_cells = 0u, i = 0u; i < ITEMS; i++) {
                    in_cells += live >> i & 1u;
                }
                cells_in_ball = cells = 0u;
                scans++;
            }
            if (f.bits != expect || stats.items_found != f.calls ||
                stats.items_tested != in_cells ||
                stats.cells_visited != (ball ? cells_in_ball : cells) ||
                stats.cells_visited > cells) {
                mismatches++;
            }
        }
        if (bento_spatial_hash_check(&sh) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("spatial_hash model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", dims ");
            bento_test_print_u64(dims);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(scans != 0u && scans != steps); /* both ways of answering were taken */
}

#if BENTO_POWER_SAFE
/* Journals as a reset leaves them (core/src/internal.h, "journal"), written by hand: entries
 * in force undone, a clear done again, journals no operation writes refused. */
static void test_journal_recovery(void)
{
    bento_spatial_hash sh, reopened;
    const int32_t at[2] = {5, 5};
    uint32_t *const log = (uint32_t *)(void *)memory + 4u /* the common words */ +
                          BENTO_IMPL_SPATIAL_HASH_PARAMS;
    const uint32_t first = (uint32_t)(((uint32_t *)(void *)memory +
                                       BENTO_IMPL_SPATIAL_HASH_HEAD / 4u) - log); /* cells */
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof memory, CELLS, ITEMS, 2u, SHIFT, 32u),
                 BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 3u, at), BENTO_OK);
    /* a move cut after it stored the first coordinate: undone */
    log[3] = (uint32_t)((uint32_t *)(void *)&sh.position[3u * 2u] - log);
    log[4] = 5u;
    log[0] = 1u;
    sh.position[3u * 2u] = 99;
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_get(&reopened, 3u)[0], 5);
    CHECK_EQ(log[0], 0);
    /* a clear cut midway: done again */
    log[1] = 1u;
    log[2] = 0u;
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_count(&reopened), 0);
    CHECK_EQ(log[0], 0);
    /* journals no operation writes: refused */
    log[1] = 2u; /* no such action */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = BENTO_IMPL_SPATIAL_HASH_ENTRIES + 1u; /* more entries than room */
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = 1u;
    log[3] = 1u; /* into the journal */
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[3] = first + (uint32_t)(sizeof memory / 4u); /* past the buffer */
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = 0u;
    CHECK_STATUS(bento_spatial_hash_open(&reopened, memory, sizeof memory), BENTO_OK);
    /* an inert spatial hash: clear, insert and remove write nothing */
    CHECK_STATUS(bento_spatial_hash_open(&sh, NULL, 0u), BENTO_E_ARGUMENT);
    bento_spatial_hash_clear(&sh);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, at), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 0u), BENTO_E_ARGUMENT);
    check_inert(&sh);
}
#endif

/* Visitor of the typed handles test: each handle found, checked against the pool. */
typedef struct crew_found {
    const crew *pool;
    crew_handle last;
    uint32_t count;
} crew_found;

static bool collect_crew(void *context, crew_handle item, const int32_t *position)
{
    crew_found *f = (crew_found *)context;
    (void)position;
    f->last = item;
    f->count += crew_contains(f->pool, item) ? 1u : 1000u;
    return true;
}

/* The null handle, and any handle of generation 0, is no item: every operation refuses it as
 * it refuses an id out of range, and the real first handle of slot 0 still takes id 0. */
static crew people;
static crew_space crews, crews_copy;

static void test_null_item_refused(void)
{
    crew_space *const space = &crews;
    const crew_handle null = crew_handle_null();
    crew_handle first;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(crew_space_init(space), BENTO_OK);
    CHECK_STATUS(crew_space_insert_at(space, null, bento_xy(1, 1)), BENTO_E_ARGUMENT);
    CHECK_STATUS(crew_space_insert_at(space, crew_handle_from_raw(3u), bento_xy(1, 1)),
                 BENTO_E_ARGUMENT); /* index 3, generation 0 */
    CHECK_STATUS(crew_space_move_at(space, null, bento_xy(2, 2)), BENTO_E_ARGUMENT);
    CHECK_STATUS(crew_space_remove(space, null), BENTO_E_ARGUMENT);
    CHECK(!crew_space_contains(space, null) && crew_space_get(space, null) == NULL);
    CHECK_STATUS(crew_create(&people, &first, NULL), BENTO_OK);
    CHECK_EQ(crew_handle_index(first), 0);
    CHECK_STATUS(crew_space_insert_at(space, first, bento_xy(1, 1)), BENTO_OK);
    CHECK(crew_space_contains(space, first) && !crew_space_contains(space, null));
    CHECK_STATUS(crew_space_check(space), BENTO_OK);
}

static void test_typed_handles(void)
{
    crew_space *const space = &crews, *const copy = &crews_copy;
    crew_handle h[3], stale, far;
    crew_found f = {NULL, {0u}, 0u};
    const int32_t *at;
    uint32_t i;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(crew_space_init(space), BENTO_OK);
    for (i = 0u; i < 3u; i++) {
        CHECK_STATUS(crew_create(&people, &h[i], NULL), BENTO_OK);
        CHECK_STATUS(crew_space_insert_at(space, h[i], bento_xy((int32_t)i * 20, 0)), BENTO_OK);
    }
    /* h[1]'s slot once it serves another object; and an index past the item capacity */
    stale = crew_handle_from_raw(bento_handle_make(crew_handle_index(h[1]),
                                                   crew_handle_generation(h[1]) + 2u,
                                                   crew_handle_INDEX_BITS));
    far = crew_handle_from_raw(bento_handle_make(6u, 1u, crew_handle_INDEX_BITS));
    CHECK_STATUS(crew_space_insert_at(space, h[1], bento_xy(1, 1)), BENTO_E_EXISTS);
    CHECK_STATUS(crew_space_insert_at(space, stale, bento_xy(1, 1)), BENTO_E_EXISTS);
    CHECK_STATUS(crew_space_insert_at(space, far, bento_xy(1, 1)), BENTO_E_ARGUMENT);
    /* a stale handle of a present id is not that item */
    CHECK(!crew_space_contains(space, stale) && crew_space_get(space, stale) == NULL);
    CHECK_STATUS(crew_space_move_at(space, stale, bento_xy(1, 1)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(crew_space_remove(space, stale), BENTO_E_NOT_FOUND);
    CHECK(!crew_space_contains(space, far));
    CHECK_STATUS(crew_space_move_at(space, far, bento_xy(1, 1)), BENTO_E_ARGUMENT);
    CHECK_STATUS(crew_space_remove(space, far), BENTO_E_ARGUMENT);
    at = crew_space_get(space, h[1]);
    CHECK(at != NULL && at[0] == 20);
    CHECK_STATUS(crew_space_move_at(space, h[1], bento_xy(21, 3)), BENTO_OK);
    /* queries hand the visitor the handles */
    f.pool = &people;
    CHECK_STATUS(crew_space_query_radius_at(space, bento_xy(20, 0), 5, collect_crew, &f, NULL),
                 BENTO_OK);
    CHECK(f.count == 1u && crew_handle_eq(f.last, h[1]));
    f.count = 0u;
    CHECK_STATUS(crew_space_query_box_at(space, bento_xy(-5, -5), bento_xy(50, 5), collect_crew,
                                         &f, NULL),
                 BENTO_OK);
    CHECK_EQ(f.count, 3);
    CHECK_STATUS(crew_space_query_box_at(space, bento_xy(0, 0), bento_xy(1, 1), NULL, &f, NULL),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(crew_space_query_radius_at(space, bento_xy(0, 0), 1, NULL, &f, NULL),
                 BENTO_E_ARGUMENT);
    /* reopened from a copy of its storage: the handles come with it */
    *copy = *space;
    CHECK_STATUS(crew_space_open(copy), BENTO_OK);
    CHECK_STATUS(crew_space_check(copy), BENTO_OK);
    CHECK(crew_space_contains(copy, h[1]) && !crew_space_contains(copy, stale));
    f.count = 0u;
    CHECK_STATUS(crew_space_query_radius_at(copy, bento_xy(0, 0), 1, collect_crew, &f, NULL),
                 BENTO_OK);
    CHECK(f.count == 1u && crew_handle_eq(f.last, h[0]));
    /* a box of more cells than items scans the items: it hands back the handles too */
    f.count = 0u;
    CHECK_STATUS(crew_space_query_box_at(space, bento_xy(-1000, -1000), bento_xy(1000, 1000),
                                         collect_crew, &f, NULL),
                 BENTO_OK);
    CHECK_EQ(f.count, 3);
    /* the handles are in the buffer: a present id's stamp naming another id is damage */
    CHECK_EQ(space->generic_.cells.stamps[crew_handle_index(h[0])], h[0].raw);
    space->generic_.cells.stamps[crew_handle_index(h[0])] ^= 1u;
    CHECK_STATUS(crew_space_check(space), BENTO_E_CORRUPT);
    space->generic_.cells.stamps[crew_handle_index(h[0])] ^= 1u;
    CHECK_STATUS(crew_space_check(space), BENTO_OK);
    /* the live handle leaves; then its slot's next handle may take the id */
    CHECK_STATUS(crew_space_remove(space, h[1]), BENTO_OK);
    CHECK_STATUS(crew_space_insert_at(space, stale, bento_xy(1, 1)), BENTO_OK);
    CHECK(crew_space_contains(space, stale) && !crew_space_contains(space, h[1]));
    CHECK_STATUS(crew_space_remove(space, h[1]), BENTO_E_NOT_FOUND);
    CHECK_EQ(crew_space_count(space), 3);
    CHECK_STATUS(crew_space_check(space), BENTO_OK);
}

void test_spatial_hash(void)
{
    test_null_item_refused();
    test_typed_handles();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_statuses();
    test_typed();
    test_move_into_full_cell();
    test_open();
    test_dims_damage();
    test_confinement();
    test_extremes();
    run_model(2u);
    run_model(3u);
}
