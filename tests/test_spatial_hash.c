/* SPDX-License-Identifier: MIT */
/* Tests of bento/spatial_hash.h: every status, queries against a naive scan, cells counted. */
#include <bento/spatial_hash.h>

#include "bento_test.h"

#define CELLS 32u
#define ITEMS 16u
#define SHIFT 3u /* cells of 8 units */
BENTO_SPATIAL_HASH_TYPE(space3, CELLS, ITEMS, 3, SHIFT);

/* One hash for every test here: the micro:bit has 16 KiB of RAM for all suites. */
static space3 s;

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
    f->bits |= 1u << item;
    f->calls++;
    return f->calls < f->limit;
}

static void test_statuses(void)
{
    bento_align_unit *memory = s.storage;
    const size_t bytes = BENTO_SPATIAL_HASH_BYTES(16, 8, 3);
    const int32_t p[3] = {1, 2, 3}, q[3] = {0, 0, 0};
    bento_spatial_hash sh;
    bento_spatial_stats stats;
    found f = {0u, 0u, 100u};
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 1, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 4, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 3, 32), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 12, 8, 3, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 0, 3, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, NULL, bytes, 16, 8, 3, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_init(&sh, (unsigned char *)memory + 1, bytes, 16, 8, 3, 4),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes - 1, 16, 8, 3, 4), BENTO_E_SIZE);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, p), BENTO_E_ARGUMENT); /* failed init */
    CHECK(bento_spatial_hash_position(&sh, 0u) == NULL);
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, bytes, 16, 8, 3, 4), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 8u, p), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, p), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(&sh, 0u, q), BENTO_E_EXISTS);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 1u, q), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 8u, q), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_move(&sh, 0u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 1u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_spatial_hash_remove(&sh, 8u), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_spatial_hash_position(&sh, 0u)[2], 3);
    /* a move within the cell only updates the position */
    CHECK_STATUS(bento_spatial_hash_move(&sh, 0u, q), BENTO_OK);
    CHECK_EQ(bento_spatial_hash_position(&sh, 0u)[2], 0);
    /* FULL: 16 hash slots hold 13 cells */
    {
        uint32_t i;
        for (i = 1u; i < 8u; i++) {
            const int32_t r[3] = {(int32_t)i * 100, 0, 0};
            CHECK_STATUS(bento_spatial_hash_insert(&sh, i, r), BENTO_OK);
        }
        bento_spatial_hash_clear(&sh);
        CHECK_EQ(bento_spatial_hash_count(&sh), 0);
        CHECK_STATUS(bento_spatial_hash_init(&sh, memory, BENTO_SPATIAL_HASH_BYTES(4, 8, 3), 4, 8,
                                             3, 4),
                     BENTO_OK); /* 4 slots: 3 cells */
        for (i = 0u; i < 3u; i++) {
            const int32_t r[3] = {(int32_t)i * 100, 0, 0};
            CHECK_STATUS(bento_spatial_hash_insert(&sh, i, r), BENTO_OK);
        }
        {
            const int32_t r[3] = {1000, 0, 0};
            CHECK_STATUS(bento_spatial_hash_insert(&sh, 3u, r), BENTO_E_FULL);
            CHECK_STATUS(bento_spatial_hash_insert(&sh, 3u, p), BENTO_OK); /* p's cell exists */
            CHECK_STATUS(bento_spatial_hash_move(&sh, 3u, r), BENTO_E_FULL);
            CHECK_EQ(bento_spatial_hash_position(&sh, 3u)[0], 1); /* stayed put */
        }
    }
    /* query arguments */
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, p, NULL, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, NULL, p, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, NULL, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, p, q, collect, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, -1, collect, &f, &stats),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, NULL, 1, collect, &f, &stats),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_spatial_hash_query_radius(&sh, q, 1, NULL, &f, &stats), BENTO_E_ARGUMENT);
    CHECK_EQ(f.calls, 0);
    /* a visitor can stop a query */
    f.limit = 1u;
    CHECK_STATUS(bento_spatial_hash_query_box(&sh, q, p, collect, &f, NULL), BENTO_OK);
    CHECK_EQ(f.calls, 1);
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_OK);
    /* damage: a stored position moved without the hash knowing */
    sh.position[3u * 3u] = 5000;
    CHECK_STATUS(bento_spatial_hash_check(&sh), BENTO_E_CORRUPT);
}

/* The whole int32 range works: extremes, negative coordinates, radius clamped at the edge. */
static void test_extremes(void)
{
    bento_spatial_hash *sh = &s.hash;
    const int32_t lo[3] = {INT32_MIN, INT32_MIN, INT32_MIN};
    const int32_t hi[3] = {INT32_MAX, INT32_MAX, INT32_MAX};
    const int32_t minus[3] = {-1, -1, -1};
    const int32_t zero[3] = {0, 0, 0};
    bento_spatial_stats stats;
    found f = {0u, 0u, 100u};
    CHECK_STATUS(space3_init(&s), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(sh, 0u, lo), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(sh, 1u, hi), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(sh, 2u, minus), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_insert(sh, 3u, zero), BENTO_OK);
    CHECK_STATUS(bento_spatial_hash_query_radius(sh, hi, INT32_MAX, collect, &f, &stats),
                 BENTO_OK);
    CHECK_EQ(f.bits, 0x2); /* the ball around the top corner reaches no other item */
    CHECK_EQ(stats.cells_visited, 0); /* a huge box: scanned the items */
    f.bits = 0u;
    CHECK_STATUS(bento_spatial_hash_query_radius(sh, lo, 1, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0x1);
    CHECK_EQ(stats.cells_visited, 1); /* the corner cell only: the box is clamped */
    f.bits = 0u;
    /* -1 and 0 sit in different cells; a box from -1 to 0 covers 8 cells */
    CHECK_STATUS(bento_spatial_hash_query_box(sh, minus, zero, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0xc);
    CHECK_EQ(stats.cells_visited, 8);
    f.bits = 0u;
    /* the whole int32 range: 2^32 units wide, found without any arithmetic overflow */
    CHECK_STATUS(bento_spatial_hash_query_box(sh, lo, hi, collect, &f, &stats), BENTO_OK);
    CHECK_EQ(f.bits, 0xf);
    CHECK_STATUS(bento_spatial_hash_check(sh), BENTO_OK);
}

/* Random items in a small world; queries against a naive scan; cells touched are counted. */
static void run_model(uint32_t dims)
{
    bento_align_unit *memory = s.storage;
    static int32_t model[ITEMS][3];
    bento_spatial_hash sh;
    uint32_t live = 0u; /* bit set */
    uint32_t step, steps = 600u * bento_test_scale(), mismatches = 0u, scans = 0u;
    CHECK_STATUS(bento_spatial_hash_init(&sh, memory, sizeof s.storage, CELLS, ITEMS, dims, SHIFT),
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
                live |= 1u << item;
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
            live &= ~(1u << item);
        } else {
            /* a query: box or ball, both sides of zero */
            const bool ball = op >= 85u;
            const int32_t radius = (int32_t)bento_test_rand_below(20u);
            uint32_t expect = 0u, in_cells = 0u, cells = 1u, cells_in_ball = 0u;
            int32_t c[3];
            bento_spatial_stats stats;
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
                    expect |= 1u << i;
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

void test_spatial_hash(void)
{
    test_statuses();
    test_extremes();
    run_model(2u);
    run_model(3u);
}
