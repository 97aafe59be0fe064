/* SPDX-License-Identifier: MIT */
/* Tests of bento/grid.h: every status, growth in every direction, the int32 edges, failure at
 * capacity leaving the grid untouched, iteration, the sliding window, and random operations
 * against a naive map. */
#include <bento/grid.h>

#include "bento_test.h"

BENTO_GRID_TYPE(tiles, uint32_t, 2, 64);
BENTO_GRID_WINDOW_TYPE(rings, uint32_t, 2, 64);

/* One buffer shared by the tests that use the generic API: boards have little RAM. */
enum { BUFFER_CELLS = 256 };
static bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(BUFFER_CELLS, 4)) + 1];

/* A value that tells cells apart by their coordinates. */
static uint32_t tag_of(const int32_t *c, unsigned dims)
{
    uint32_t h = 0x9e3779b9u;
    unsigned d;
    for (d = 0; d < dims; d++) {
        h = (h ^ (uint32_t)c[d]) * 0x01000193u;
    }
    return h | 1u;
}

static uint32_t read_u32(const void *cell)
{
    return *(const uint32_t *)cell;
}

static void test_init_statuses(void)
{
    bento_grid grid;
    const size_t bytes = BENTO_GRID_BYTES(64, 4);
    int32_t c[4] = {1, 2, 3, 4};
    void *cell = &grid;
    uint32_t window[4] = {4, 4, 4, 4};
    bento_grid_iter it;
    CHECK_STATUS(bento_grid_init(&grid, NULL, bytes, 2, 4, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 0, 4, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 5, 4, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 0, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 0x80000001u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, (size_t)-1 / 4u, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 2, bytes, 2, 4, 64),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 4, bytes, 2, 8, 32),
                 BENTO_E_ALIGN); /* 8-byte cells want 8-byte alignment */
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes - 1, 2, 4, 64), BENTO_E_SIZE);
    /* a failed init leaves a grid that refuses everything */
    CHECK_EQ(bento_grid_capacity(&grid), 0);
    CHECK(bento_grid_get(&grid, c) == NULL);
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_E_FULL);
    CHECK(cell == NULL);
    CHECK_STATUS(bento_grid_remove(&grid, c), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_grid_focus(&grid, c, NULL, NULL), BENTO_E_ARGUMENT);
    bento_grid_iter_init(&it, &grid, NULL, NULL);
    CHECK(!bento_grid_iter_next(&it));
    bento_grid_clear(&grid);
    CHECK_EQ(bento_grid_count(&grid), 0);
    /* good inits: exact size, odd cell size, every dimension count, the largest capacity */
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 64), BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 4, BENTO_GRID_BYTES(33, 3), 1,
                                 3, 33),
                 BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 4, 4, 64), BENTO_OK);
    CHECK_EQ(bento_grid_extent(&grid, 0), 0);
    CHECK_STATUS(bento_grid_init(&grid, buffer, BENTO_GRID_BYTES(1, 4), 3, 4, 1), BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 1, 1, 0x80000000u),
                 sizeof(size_t) >= 8u ? BENTO_E_SIZE : BENTO_E_ARGUMENT);
    /* windows: sizes must be powers of two, at most 2^31 cells in all */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, NULL),
                 BENTO_E_ARGUMENT);
    window[1] = 3u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT);
    window[1] = 0u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT);
    CHECK(bento_grid_get(&grid, c) == NULL);
    window[0] = 0x10000u;
    window[1] = 0x10000u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT); /* 2^32 cells */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 0, 4, window),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 5, 4, window),
                 BENTO_E_ARGUMENT);
    window[0] = 16u;
    window[1] = 32u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, BENTO_GRID_BYTES(512, 4) - 1, 2, 4, window),
                 BENTO_E_SIZE);
    CHECK_STATUS(bento_grid_init_window(&grid, (unsigned char *)buffer + 2, sizeof buffer, 2, 4,
                                        window),
                 BENTO_E_ALIGN);
    window[1] = 16u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, BENTO_GRID_BYTES(256, 4), 2, 4, window),
                 BENTO_OK);
    CHECK_EQ(bento_grid_capacity(&grid), 256);
    CHECK_EQ(bento_grid_origin(&grid, 0), -8);
    CHECK_EQ(bento_grid_extent(&grid, 1), 16);
}

static void test_basic(void)
{
    static tiles grid;
    const int32_t a[2] = {-3, 2}, b[2] = {-4, 2}, far[2] = {100, -100};
    uint32_t *cell = NULL;
    uint32_t *again = NULL;
    CHECK_STATUS(tiles_init(&grid), BENTO_OK);
    CHECK(tiles_get(&grid, a) == NULL);
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_E_NOT_FOUND);
    CHECK_STATUS(tiles_put(&grid, a, &cell), BENTO_OK);
    CHECK(cell != NULL);
    *cell = 11u;
    CHECK_EQ(tiles_count(&grid), 1);
    CHECK_EQ(bento_grid_extent(&grid.grid, 0), 1);
    CHECK_EQ(bento_grid_origin(&grid.grid, 1), 2);
    CHECK(tiles_contains(&grid, a));
    CHECK(!tiles_contains(&grid, b));
    /* the box grows to take b in; b is not invented by the growth */
    CHECK_STATUS(tiles_ensure(&grid, b), BENTO_OK);
    CHECK_EQ(bento_grid_extent(&grid.grid, 0), 2);
    CHECK_EQ(bento_grid_origin(&grid.grid, 0), -4);
    CHECK(tiles_get(&grid, b) == NULL);
    CHECK_STATUS(tiles_remove(&grid, b), BENTO_E_NOT_FOUND);
    CHECK_EQ(*tiles_get(&grid, a), 11);
    /* a second put finds the element */
    CHECK_STATUS(tiles_put(&grid, a, &again), BENTO_E_EXISTS);
    CHECK(again == tiles_get(&grid, a));
    CHECK_STATUS(tiles_put(&grid, a, NULL), BENTO_E_EXISTS);
    CHECK_EQ(tiles_count(&grid), 1);
    /* a point whose box needs more than 64 cells */
    CHECK_STATUS(tiles_put(&grid, far, &cell), BENTO_E_FULL);
    CHECK(cell == NULL);
    CHECK_STATUS(tiles_ensure(&grid, far), BENTO_E_FULL);
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_OK);
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_E_NOT_FOUND);
    CHECK_EQ(tiles_count(&grid), 0);
    CHECK(tiles_get(&grid, a) == NULL);
    /* clear empties the box: the grid can start again anywhere */
    CHECK_STATUS(tiles_put(&grid, b, NULL), BENTO_OK);
    tiles_clear(&grid);
    CHECK_EQ(tiles_count(&grid), 0);
    CHECK_EQ(bento_grid_extent(&grid.grid, 0), 0);
    CHECK_STATUS(tiles_put(&grid, far, &cell), BENTO_OK);
    CHECK_EQ(bento_grid_origin(&grid.grid, 0), 100);
    CHECK(tiles_get(&grid, b) == NULL);
    /* a typed window: at most its capacity; lookups follow the ring as it slides */
    {
        static rings ring;
        const uint32_t big[2] = {16, 8}, small[2] = {8, 8};
        const int32_t focus[2] = {5, 0};
        CHECK_STATUS(rings_init(&ring, big), BENTO_E_SIZE);
        CHECK_STATUS(rings_init(&ring, small), BENTO_OK);
        CHECK_STATUS(rings_put(&ring, a, &cell), BENTO_OK);
        *cell = 5u;
        CHECK_STATUS(rings_put(&ring, far, NULL), BENTO_E_FULL);
        CHECK_STATUS(rings_focus(&ring, focus, NULL, NULL), BENTO_OK); /* a (x = -3) leaves */
        CHECK(!rings_contains(&ring, a));
        CHECK_STATUS(rings_put(&ring, focus, &cell), BENTO_OK);
        *cell = 6u;
        CHECK_EQ(*rings_get(&ring, focus), 6);
        CHECK_EQ(rings_count(&ring), 1);
        CHECK_STATUS(rings_remove(&ring, focus), BENTO_OK);
        CHECK_STATUS(rings_ensure(&ring, focus), BENTO_OK);
        rings_clear(&ring);
        CHECK_EQ(rings_count(&ring), 0);
    }
}

/* Byte-for-byte comparison, with no libc. */
static bool same_bytes(const void *a, const void *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != q[i]) {
            return false;
        }
    }
    return true;
}

/* A grid copied whole (struct and storage) works once rebased; the original is untouched. */
static void test_copy_and_rebase(void)
{
    static tiles original, copy;
    static rings ring, ring_copy;
    static const uint32_t sizes[2] = {8, 8};
    const int32_t a[2] = {-7, 3}, b[2] = {-4, 1}, f[2] = {2, 1};
    uint32_t *cell;
    bento_grid saved;
    CHECK_STATUS(tiles_init(&original), BENTO_OK);
    CHECK_STATUS(tiles_put(&original, a, &cell), BENTO_OK);
    *cell = 1u;
    CHECK_STATUS(tiles_put(&original, b, &cell), BENTO_OK);
    *cell = 2u;
    copy = original;
    saved = copy.grid;
    CHECK_STATUS(bento_grid_rebase(&copy.grid, NULL, sizeof copy.storage), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_rebase(&copy.grid, (unsigned char *)copy.storage + 2,
                                   sizeof copy.storage - 2),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_grid_rebase(&copy.grid, copy.storage, sizeof copy.storage - 1u - 8u),
                 BENTO_E_SIZE);
    CHECK(same_bytes(&saved, &copy.grid, sizeof saved)); /* failures change nothing */
    CHECK_STATUS(bento_grid_rebase(&copy.grid, copy.storage, sizeof copy.storage), BENTO_OK);
    CHECK((void *)tiles_get(&copy, a) >= (void *)copy.storage);
    CHECK((void *)tiles_get(&copy, a) < (void *)(copy.storage + BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(64, 4))));
    CHECK_EQ(*tiles_get(&copy, a), 1);
    CHECK_EQ(*tiles_get(&copy, b), 2);
    *tiles_get(&copy, a) = 10u;
    CHECK_STATUS(tiles_remove(&copy, b), BENTO_OK);
    CHECK_EQ(*tiles_get(&original, a), 1); /* the original keeps its own cells */
    CHECK_EQ(*tiles_get(&original, b), 2);
    CHECK_EQ(tiles_count(&copy), 1);
    /* the copy grows on its own */
    {
        const int32_t far[2] = {-12, 3}; /* the box grows to 16 x 4, all 64 cells */
        CHECK_STATUS(tiles_put(&copy, far, NULL), BENTO_OK);
        CHECK_EQ(*tiles_get(&copy, a), 10);
        CHECK(tiles_get(&original, far) == NULL);
    }
    /* a window, copied after it slid */
    CHECK_STATUS(rings_init(&ring, sizes), BENTO_OK);
    CHECK_STATUS(rings_focus(&ring, f, NULL, NULL), BENTO_OK);
    CHECK_STATUS(rings_put(&ring, f, &cell), BENTO_OK);
    *cell = 7u;
    ring_copy = ring;
    CHECK_STATUS(bento_grid_rebase(&ring_copy.grid, ring_copy.storage, sizeof ring_copy.storage),
                 BENTO_OK);
    CHECK_EQ(*rings_get(&ring_copy, f), 7);
    CHECK(rings_get(&ring_copy, f) != rings_get(&ring, f));
    /* a grid whose init failed stays harmless */
    {
        bento_grid broken;
        CHECK_STATUS(bento_grid_init(&broken, NULL, 0, 2, 4, 8), BENTO_E_ARGUMENT);
        CHECK_STATUS(bento_grid_rebase(&broken, buffer, 0), BENTO_OK);
        CHECK(bento_grid_get(&broken, a) == NULL);
        CHECK_STATUS(bento_grid_put(&broken, a, NULL), BENTO_E_FULL);
    }
}

/* Count the cells of a grid's bitmap that are set, to compare with count(). */
static uint32_t bits_set(const bento_grid *grid)
{
    uint32_t n = 0u, i;
    for (i = 0u; i < grid->capacity; i++) {
        n += (grid->occupied[i >> 5] >> (i & 31u)) & 1u;
    }
    return n;
}

/*
 * Growth from one cell in every direction, in 1 to 4 dimensions: around a start with
 * negative coordinates, every cell of a cube of growing radius is put, in an order that
 * leaves the box along each axis both ways. Every growth moves cells in place; any cell
 * overwritten before it moved would show as a wrong tag. Every grid here is dense, so every
 * cell of the old box moves at each growth that shifts it.
 */
static void test_growth_every_direction(void)
{
    unsigned dims;
    for (dims = 1; dims <= 4; dims++) {
        static const int32_t start[4] = {-5, -1000000, 3, -7};
        const uint32_t side = dims == 1 ? 64u : dims == 2 ? 8u : 3u;
        uint32_t cells = 1u, i, k, bad = 0u;
        bento_grid grid;
        int32_t c[4];
        for (k = 0; k < dims; k++) {
            cells *= side;
        }
        CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, dims, 4, BUFFER_CELLS),
                     BENTO_OK);
        /* visit the cube in an order alternating sides: offsets 0, -1, +1, -2, +2, ... */
        for (i = 0; i < cells; i++) {
            void *cell;
            uint32_t rest = i;
            for (k = 0; k < dims; k++) {
                const uint32_t step = rest % side;
                const int32_t offset = (step & 1u) ? -(int32_t)((step + 1u) / 2u)
                                                   : (int32_t)(step / 2u);
                rest /= side;
                c[k] = start[k] + offset;
            }
            if (bento_grid_put(&grid, c, &cell) != BENTO_OK) {
                bad++;
                continue;
            }
            *(uint32_t *)cell = tag_of(c, dims);
            /* every earlier cell is still where get finds it */
            {
                uint32_t j;
                for (j = 0; j <= i; j++) {
                    int32_t e[4];
                    uint32_t r = j;
                    const void *p;
                    for (k = 0; k < dims; k++) {
                        const uint32_t step = r % side;
                        e[k] = start[k] + ((step & 1u) ? -(int32_t)((step + 1u) / 2u)
                                                       : (int32_t)(step / 2u));
                        r /= side;
                    }
                    p = bento_grid_get(&grid, e);
                    if (p == NULL || read_u32(p) != tag_of(e, dims)) {
                        bad++;
                    }
                }
            }
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(bento_grid_count(&grid), cells);
        CHECK_EQ(bits_set(&grid), cells);
        CHECK(bento_grid_moved(&grid) > 0u);
        /* growth doubles toward each point: the box covers the cube, at most twice over */
        for (k = 0; k < dims; k++) {
            CHECK(bento_grid_extent(&grid, k) >= side && bento_grid_extent(&grid, k) <= 2u * side);
            CHECK(bento_grid_origin(&grid, k) <= start[k] - (int32_t)(side / 2u));
        }
    }
}

/*
 * A dense 4x4 block (every cell of the box occupied) grown in each way a growth can go:
 * centred on both axes, toward a far point below, along axis 0 only (every row's stride
 * changes), along axis 1 only, and centred on one axis while extending on the other. Every
 * cell moves each time, and a wrong move order would overwrite a cell still waiting to move.
 */
static void test_growth_moves_dense_block(void)
{
    static const int32_t order[4] = {0, -1, 1, -2}; /* keeps the box at exactly -2 .. 1 */
    static const int32_t targets[5][2] = {{2, 2}, {-10, -10}, {9, 0}, {0, 9}, {-3, 5}};
    unsigned t;
    for (t = 0; t < 5u; t++) {
        bento_grid grid;
        int32_t c[2];
        uint32_t bad = 0u;
        unsigned x, y;
        CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 2, 4, BUFFER_CELLS), BENTO_OK);
        for (y = 0; y < 4u; y++) {
            for (x = 0; x < 4u; x++) {
                void *cell;
                c[0] = order[x];
                c[1] = order[y];
                CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
                *(uint32_t *)cell = tag_of(c, 2);
            }
        }
        CHECK_EQ(bento_grid_extent(&grid, 0), 4);
        CHECK_EQ(bento_grid_extent(&grid, 1), 4);
        CHECK_EQ(bento_grid_origin(&grid, 0), -2);
        CHECK_EQ(bento_grid_moved(&grid), 3 + 4 + 8); /* row 0: 1 + 2, row -1: 4, row 1: 8 */
        CHECK_STATUS(bento_grid_ensure(&grid, targets[t]), BENTO_OK);
        CHECK_EQ(bento_grid_moved(&grid), 15 + 16); /* every cell moved once */
        for (y = 0; y < 4u; y++) {
            for (x = 0; x < 4u; x++) {
                const void *p;
                c[0] = order[x];
                c[1] = order[y];
                p = bento_grid_get(&grid, c);
                if (p == NULL || read_u32(p) != tag_of(c, 2)) {
                    bad++;
                }
            }
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(bits_set(&grid), 16);
        CHECK(bento_grid_get(&grid, targets[t]) == NULL); /* growth invents nothing */
        /* a far point does not fit 256 cells; the block is still intact afterwards */
        c[0] = 300;
        c[1] = -300;
        CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_E_FULL);
        CHECK_EQ(bento_grid_count(&grid), 16);
    }
}

/* The int32 ends: the box never leaves the range, so the unsigned box test stays exact. */
static void test_int32_edges(void)
{
    bento_grid grid;
    int32_t c[1];
    int32_t i;
    void *cell;
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 1, 4, BUFFER_CELLS), BENTO_OK);
    c[0] = INT32_MAX;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
    *(uint32_t *)cell = 1u;
    c[0] = INT32_MAX - 100;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK); /* grows down */
    *(uint32_t *)cell = 2u;
    c[0] = INT32_MAX - 1; /* inside now */
    CHECK(bento_grid_get(&grid, c) == NULL);
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_OK);
    c[0] = INT32_MAX - 127;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
    *(uint32_t *)cell = 3u;
    /* growing up at the top pushes the box down; the origin stays in range */
    c[0] = INT32_MAX - 128;
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_OK);
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MAX - 255);
    c[0] = INT32_MIN; /* both ends at once never fit */
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_E_FULL);
    c[0] = INT32_MAX;
    CHECK_EQ(read_u32(bento_grid_get(&grid, c)), 1);
    c[0] = INT32_MAX - 100;
    CHECK_EQ(read_u32(bento_grid_get(&grid, c)), 2);
    c[0] = INT32_MAX - 127;
    CHECK_EQ(read_u32(bento_grid_get(&grid, c)), 3);
    /* the bottom end, and points just outside the box on either side */
    bento_grid_clear(&grid);
    c[0] = INT32_MIN + 1;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
    c[0] = INT32_MIN + 4;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK); /* grows up: MIN+1 .. MIN+4 */
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MIN + 1);
    CHECK_EQ(bento_grid_extent(&grid, 0), 4);
    c[0] = INT32_MIN;
    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK); /* centring would start below */
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MIN);
    CHECK_EQ(bento_grid_extent(&grid, 0), 8);
    c[0] = INT32_MIN + 8;
    CHECK(bento_grid_get(&grid, c) == NULL);
    c[0] = INT32_MAX;
    CHECK(bento_grid_get(&grid, c) == NULL);
    for (i = 0; i < 8; i++) {
        c[0] = INT32_MIN + i;
        CHECK(bento_grid_contains(&grid, c) == (i == 0 || i == 1 || i == 4));
    }
}

/* A growth that would not fit leaves the struct and every byte of the buffer as they were. */
static void test_full_leaves_grid_unchanged(void)
{
    enum { CELLS = 100 }; /* not a power of two: the biggest box is 64 cells */
    static bento_align_unit saved[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(CELLS, 4))];
    unsigned char *const memory = (unsigned char *)buffer; /* the first part of it */
    static const int32_t order[4] = {0, -1, 1, -2};
    bento_grid grid, grid_saved;
    int32_t c[3];
    uint32_t i, n = 0u, full = 0u;
    void *cell;
    /* fill the buffer with a pattern so unused bytes are checked too */
    for (i = 0; i < sizeof saved; i++) {
        memory[i] = (unsigned char)(i * 7u + 1u);
    }
    CHECK_STATUS(bento_grid_init(&grid, memory, sizeof saved, 3, 4, CELLS), BENTO_OK);
    for (i = 0; i < 64u; i++) {
        /* per axis in the order 0, -1, 1, -2: the box stays 4 x 4 x 4 (64 cells) */
        c[0] = order[i & 3u];
        c[1] = order[(i >> 2) & 3u] - 10;
        c[2] = order[i >> 4];
        if ((i % 3u) != 0u) { /* leave some cells empty */
            CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
            *(uint32_t *)cell = i;
            n++;
        } else {
            CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_OK);
        }
    }
    CHECK_EQ(bento_grid_count(&grid), n);
    grid_saved = grid;
    {
        uint32_t w;
        for (w = 0; w < sizeof saved; w++) {
            ((unsigned char *)saved)[w] = memory[w];
        }
    }
    for (i = 0; i < 6u; i++) {
        void *p = &grid;
        c[0] = i == 0 ? 2 : i == 1 ? -3 : 0; /* just outside -2 .. 1 on one axis */
        c[1] = i == 2 ? -13 : i == 3 ? -8 : -10;
        c[2] = i == 4 ? 2 : i == 5 ? -3 : 0;
        full += bento_grid_ensure(&grid, c) == BENTO_E_FULL;
        full += bento_grid_put(&grid, c, &p) == BENTO_E_FULL;
        CHECK(p == NULL);
    }
    CHECK_EQ(full, 12);
    CHECK(same_bytes(&grid, &grid_saved, sizeof grid));
    CHECK(same_bytes(memory, saved, sizeof saved));
    /* the element put at i = 1 is still there */
    c[0] = -1;
    c[1] = -10;
    c[2] = 0;
    CHECK_STATUS(bento_grid_put(&grid, c, NULL), BENTO_E_EXISTS);
}

/* Iteration: memory order, clipping, empty ranges, and agreement with get. */
static void test_iteration(void)
{
    bento_grid grid;
    bento_grid_iter it;
    int32_t c[3], lo[3], hi[3];
    uint32_t n, last, bad;
    int32_t x, y, z;
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 3, 4, BUFFER_CELLS), BENTO_OK);
    bento_grid_iter_init(&it, &grid, NULL, NULL);
    CHECK(!bento_grid_iter_next(&it)); /* empty box */
    for (z = -2; z < 2; z++) { /* 32 elements; the box grows to 4 x 8 x 8 */
        for (y = -2; y < 2; y++) {
            for (x = -1; x < 3; x++) {
                c[0] = x;
                c[1] = y;
                c[2] = z;
                if (((x + y + z) & 1) == 0) {
                    void *cell;
                    CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
                    *(uint32_t *)cell = tag_of(c, 3);
                }
            }
        }
    }
    /* the whole grid: every element once, increasing index, cell and coordinates agree */
    n = 0u;
    last = 0u;
    bad = 0u;
    bento_grid_iter_init(&it, &grid, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        if (bento_grid_get(&grid, it.coords) != it.cell || read_u32(it.cell) != tag_of(it.coords, 3) ||
            (n != 0u && it.index <= last)) {
            bad++;
        }
        last = it.index;
        n++;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(n, bento_grid_count(&grid));
    CHECK(!bento_grid_iter_next(&it)); /* stays done */
    /* a box partly outside the grid: clipped; count by brute force */
    lo[0] = -100; hi[0] = 1;
    lo[1] = -1;   hi[1] = 1000;
    lo[2] = 0;    hi[2] = 0;
    n = 0u;
    bad = 0u;
    bento_grid_iter_init(&it, &grid, lo, hi);
    while (bento_grid_iter_next(&it)) {
        if (it.coords[0] > 1 || it.coords[1] < -1 || it.coords[2] != 0) {
            bad++;
        }
        n++;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(n, 5); /* x in -1..1, y in -1..1, z 0, x+y even */
    /* empty ranges: reversed, or wholly outside on one side or the other */
    lo[0] = 3; hi[0] = 2;
    bento_grid_iter_init(&it, &grid, lo, hi);
    CHECK(!bento_grid_iter_next(&it));
    lo[0] = -100; hi[0] = -50;
    bento_grid_iter_init(&it, &grid, lo, hi);
    CHECK(!bento_grid_iter_next(&it));
    lo[0] = 50; hi[0] = 100;
    bento_grid_iter_init(&it, &grid, lo, hi);
    CHECK(!bento_grid_iter_next(&it));
    /* removing the current element while iterating */
    n = 0u;
    bento_grid_iter_init(&it, &grid, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        CHECK_STATUS(bento_grid_remove(&grid, it.coords), BENTO_OK);
        n++;
    }
    CHECK_EQ(n, 32);
    CHECK_EQ(bento_grid_count(&grid), 0);
    CHECK_EQ(bits_set(&grid), 0);
    /* 4 dimensions: the fourth axis is walked too */
    {
        int32_t d4[4] = {0, 0, 0, -9};
        CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 4, 4, BUFFER_CELLS), BENTO_OK);
        CHECK_STATUS(bento_grid_put(&grid, d4, NULL), BENTO_OK);
        d4[3] = -6;
        d4[0] = 1;
        CHECK_STATUS(bento_grid_put(&grid, d4, NULL), BENTO_OK);
        n = 0u;
        bento_grid_iter_init(&it, &grid, NULL, NULL);
        while (bento_grid_iter_next(&it)) {
            n++;
            CHECK(it.coords[3] == -9 || (it.coords[3] == -6 && it.coords[0] == 1));
        }
        CHECK_EQ(n, 2);
    }
}

/* What the eviction callback saw. */
typedef struct evictions {
    uint32_t count;
    uint32_t bad;       /* evicted cells whose tag did not match their coordinates */
    int32_t low[2];     /* the new window, to check each evicted cell is outside it */
    int32_t size;
} evictions;

static void on_evict(void *context, const int32_t *coords, void *cell)
{
    evictions *e = (evictions *)context;
    const bool inside = coords[0] - e->low[0] >= 0 && coords[0] - e->low[0] < e->size &&
                        coords[1] - e->low[1] >= 0 && coords[1] - e->low[1] < e->size;
    if (read_u32(cell) != tag_of(coords, 2) || inside) {
        e->bad++;
    }
    e->count++;
}

/* A 2D window of 8x8 following a focus: evictions, ring addressing, puts outside. */
static void test_window(void)
{
    const uint32_t window[2] = {8, 8};
    bento_grid grid;
    bento_grid_iter it;
    evictions seen = {0u, 0u, {0, 0}, 8};
    int32_t c[2], f[2];
    uint32_t n, bad;
    int32_t x, y;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window), BENTO_OK);
    CHECK_EQ(bento_grid_origin(&grid, 0), -4);
    c[0] = -5;
    c[1] = 0;
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_put(&grid, c, NULL), BENTO_E_FULL);
    for (y = -4; y < 4; y++) {
        for (x = -4; x < 4; x++) {
            void *cell;
            c[0] = x;
            c[1] = y;
            CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
            *(uint32_t *)cell = tag_of(c, 2);
        }
    }
    CHECK_EQ(bento_grid_count(&grid), 64);
    /* move by (+3, -2): 64 - 5 * 6 = 34 cells leave */
    f[0] = 3;
    f[1] = -2;
    seen.low[0] = -1;
    seen.low[1] = -6;
    CHECK_STATUS(bento_grid_focus(&grid, f, on_evict, &seen), BENTO_OK);
    CHECK_EQ(seen.count, 34);
    CHECK_EQ(seen.bad, 0);
    CHECK_EQ(bento_grid_count(&grid), 30);
    CHECK_EQ(bento_grid_origin(&grid, 0), -1);
    CHECK_EQ(bento_grid_origin(&grid, 1), -6);
    /* the staying cells are where they were; the new cells are empty until put */
    bad = 0u;
    for (y = -6; y < 2; y++) {
        for (x = -1; x < 7; x++) {
            const void *p;
            c[0] = x;
            c[1] = y;
            p = bento_grid_get(&grid, c);
            if ((x < 4 && y >= -4) != (p != NULL) || (p != NULL && read_u32(p) != tag_of(c, 2))) {
                bad++;
            }
            if (p == NULL) {
                void *cell;
                CHECK_STATUS(bento_grid_put(&grid, c, &cell), BENTO_OK);
                *(uint32_t *)cell = tag_of(c, 2);
            }
        }
    }
    CHECK_EQ(bad, 0);
    /* iteration over a wrapped ring: every element once, each found by get */
    n = 0u;
    bento_grid_iter_init(&it, &grid, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        if (bento_grid_get(&grid, it.coords) != it.cell || read_u32(it.cell) != tag_of(it.coords, 2)) {
            bad++;
        }
        n++;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(n, 64);
    /* no move: nothing leaves */
    seen.count = 0u;
    CHECK_STATUS(bento_grid_focus(&grid, f, on_evict, &seen), BENTO_OK);
    CHECK_EQ(seen.count, 0);
    /* a jump far away: everything leaves, even without a callback */
    f[0] = INT32_MAX;
    f[1] = INT32_MIN;
    CHECK_STATUS(bento_grid_focus(&grid, f, NULL, NULL), BENTO_OK);
    CHECK_EQ(bento_grid_count(&grid), 0);
    CHECK_EQ(bits_set(&grid), 0);
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MAX - 7); /* pushed back inside the range */
    CHECK_EQ(bento_grid_origin(&grid, 1), INT32_MIN);
    c[0] = INT32_MAX;
    c[1] = INT32_MIN;
    CHECK_STATUS(bento_grid_put(&grid, c, NULL), BENTO_OK);
    CHECK(bento_grid_contains(&grid, c));
    /* clear keeps the window */
    bento_grid_clear(&grid);
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MAX - 7);
    CHECK(!bento_grid_contains(&grid, c));
}

/*
 * Random puts, removes, lookups, iterations and clears against a naive map (a list of
 * coordinates and values), in 1 to 4 dimensions, around a centre that may sit at either end
 * of the int32 range. Every operation is checked against the model.
 */
enum { MODEL_MAX = 40, MODEL_CELLS = 256 };
typedef struct model {
    int32_t coords[MODEL_MAX][4];
    uint32_t value[MODEL_MAX];
    uint32_t count;
} model;

static model m_shared; /* shared by both model tests */

static uint32_t model_find(const model *m, const int32_t *c, unsigned dims)
{
    uint32_t i;
    unsigned d;
    for (i = 0; i < m->count; i++) {
        for (d = 0; d < dims && m->coords[i][d] == c[d]; d++) {
        }
        if (d == dims) {
            return i;
        }
    }
    return MODEL_MAX;
}

static void report_mismatch(const char *what, uint32_t step)
{
    bento_test_print("grid model (");
    bento_test_print(what);
    bento_test_print("): first mismatch at step ");
    bento_test_print_u64(step);
    bento_test_print(", seed ");
    bento_test_print_u64(bento_test_seed());
    bento_test_print("\n");
}

/* A random coordinate near centre: spread 2^spread_bits, clamped into the int32 range. */
static int32_t random_near(int32_t centre, uint32_t spread_bits)
{
    const int32_t offset = (int32_t)bento_test_rand_below(1u << spread_bits) -
                           (int32_t)(1u << (spread_bits - 1u));
    if (offset > 0 && centre > INT32_MAX - offset) {
        return INT32_MAX;
    }
    if (offset < 0 && centre < INT32_MIN - offset) {
        return INT32_MIN;
    }
    return centre + offset;
}

static void test_against_model(void)
{
    model *const mp = &m_shared;
    static const int32_t centres[4] = {0, -1000, INT32_MAX - 2, INT32_MIN + 1};
    bento_grid grid;
    uint32_t round, rounds = 8u * bento_test_scale();
    uint32_t mismatches = 0u, fulls = 0u, growths = 0u;
    for (round = 0; round < rounds && mismatches == 0u; round++) {
        const unsigned dims = 1u + (unsigned)(round & 3u);
        const int32_t centre = centres[(round >> 2) & 3u];
        /* a spread that lets the box outgrow 256 cells sometimes: FULL is exercised */
        const uint32_t spread = dims == 1 ? 9u : dims == 2 ? 4u : dims == 3 ? 3u : 2u;
        uint32_t step, steps = 400u;
        mp->count = 0u;
        CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, dims, 4, MODEL_CELLS), BENTO_OK);
        for (step = 0; step < steps; step++) {
            const uint32_t op = bento_test_rand_below(100u);
            int32_t c[4];
            unsigned d;
            uint32_t k;
            for (d = 0; d < dims; d++) {
                c[d] = random_near(centre, spread);
            }
            k = model_find(mp, c, dims);
            if (op < 45u) { /* put */
                void *cell;
                const uint32_t moved = grid.moved;
                const bento_status s = bento_grid_put(&grid, c, &cell);
                if (k != MODEL_MAX) {
                    if (s != BENTO_E_EXISTS || read_u32(cell) != mp->value[k]) {
                        mismatches++;
                    }
                } else if (s == BENTO_E_FULL) {
                    fulls++;
                    if (cell != NULL) {
                        mismatches++;
                    }
                } else if (s != BENTO_OK || mp->count == MODEL_MAX) {
                    if (s == BENTO_OK) {
                        (void)bento_grid_remove(&grid, c); /* the model is full: undo */
                    } else {
                        mismatches++;
                    }
                } else {
                    const uint32_t v = bento_test_rand() | 1u;
                    *(uint32_t *)cell = v;
                    for (d = 0; d < dims; d++) {
                        mp->coords[mp->count][d] = c[d];
                    }
                    mp->value[mp->count++] = v;
                }
                growths += grid.moved != moved;
            } else if (op < 75u) { /* remove, mostly of a present element */
                if (mp->count != 0u && op < 70u) {
                    k = bento_test_rand_below(mp->count);
                    for (d = 0; d < dims; d++) {
                        c[d] = mp->coords[k][d];
                    }
                }
                if (bento_grid_remove(&grid, c) != (k != MODEL_MAX ? BENTO_OK : BENTO_E_NOT_FOUND)) {
                    mismatches++;
                }
                if (k != MODEL_MAX) {
                    mp->count--;
                    for (d = 0; d < dims; d++) {
                        mp->coords[k][d] = mp->coords[mp->count][d];
                    }
                    mp->value[k] = mp->value[mp->count];
                }
            } else if (op < 95u) { /* lookup of a random point */
                const void *p = bento_grid_get(&grid, c);
                if ((p != NULL) != (k != MODEL_MAX) || (p != NULL && read_u32(p) != mp->value[k])) {
                    mismatches++;
                }
            } else if (op < 99u) { /* iterate a random box: exactly the model's elements in it */
                int32_t lo[4], hi[4];
                uint32_t seen = 0u, want = 0u, i, last = 0u;
                bento_grid_iter it;
                for (d = 0; d < dims; d++) {
                    const int32_t a = random_near(centre, spread), b = random_near(centre, spread);
                    lo[d] = a < b ? a : b;
                    hi[d] = a < b ? b : a;
                }
                for (i = 0; i < mp->count; i++) {
                    for (d = 0; d < dims && mp->coords[i][d] >= lo[d] && mp->coords[i][d] <= hi[d]; d++) {
                    }
                    want += d == dims;
                }
                bento_grid_iter_init(&it, &grid, lo, hi);
                while (bento_grid_iter_next(&it)) {
                    k = model_find(mp, it.coords, dims);
                    if (k == MODEL_MAX || mp->value[k] != read_u32(it.cell) ||
                        (seen != 0u && it.index <= last)) {
                        mismatches++;
                    }
                    for (d = 0; d < dims; d++) {
                        if (it.coords[d] < lo[d] || it.coords[d] > hi[d]) {
                            mismatches++;
                        }
                    }
                    last = it.index;
                    seen++;
                }
                if (seen != want) {
                    mismatches++;
                }
            } else {
                bento_grid_clear(&grid);
                mp->count = 0u;
            }
            /* after every operation: same count, and every element of the model found */
            if (bento_grid_count(&grid) != mp->count) {
                mismatches++;
            }
            for (k = 0; k < mp->count; k++) {
                const void *p = bento_grid_get(&grid, mp->coords[k]);
                if (p == NULL || read_u32(p) != mp->value[k]) {
                    mismatches++;
                }
            }
            if ((step & 31u) == 0u && bits_set(&grid) != mp->count) {
                mismatches++;
            }
            if (mismatches != 0u) {
                report_mismatch("growing", step);
                break;
            }
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(fulls > 0u);   /* the capacity was reached */
    CHECK(growths > 0u); /* and cells were moved by growths */
}

/* Eviction check for the 3D window model: each evicted cell is an element of the model
 * (before it drops what leaves) and lies outside the new window. */
typedef struct window_check {
    const model *m;
    const int32_t *focus;
    const int32_t *half;
    uint32_t count;
    uint32_t bad;
} window_check;

static void on_evict_3d(void *context, const int32_t *coords, void *cell)
{
    window_check *w = (window_check *)context;
    const uint32_t k = model_find(w->m, coords, 3);
    bool inside = true;
    unsigned d;
    for (d = 0; d < 3u; d++) {
        inside = inside && coords[d] >= w->focus[d] - w->half[d] &&
                 coords[d] < w->focus[d] + w->half[d];
    }
    if (k == MODEL_MAX || w->m->value[k] != read_u32(cell) || inside) {
        w->bad++;
    }
    w->count++;
}

/* Random focus moves and puts in a 3D window against the same naive map. */
static void test_window_against_model(void)
{
    model *const mp = &m_shared;
    static const uint32_t window[3] = {4, 8, 2};
    static const int32_t half[3] = {2, 4, 1};
    bento_grid grid;
    int32_t focus[3] = {0, 0, 0};
    uint32_t step, steps = 500u * bento_test_scale();
    uint32_t mismatches = 0u, evicted_total = 0u;
    mp->count = 0u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 3, 4, window), BENTO_OK);
    for (step = 0; step < steps; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        int32_t c[3];
        unsigned d;
        uint32_t k;
        for (d = 0; d < 3u; d++) {
            c[d] = focus[d] + (int32_t)bento_test_rand_below(12u) - 6;
        }
        k = model_find(mp, c, 3);
        if (op < 50u) {
            void *cell;
            bool inside = true;
            bento_status s;
            for (d = 0; d < 3u; d++) {
                inside = inside && c[d] >= focus[d] - half[d] && c[d] < focus[d] + half[d];
            }
            s = bento_grid_put(&grid, c, &cell);
            if (!inside) {
                mismatches += s != BENTO_E_FULL;
            } else if (k != MODEL_MAX) {
                mismatches += s != BENTO_E_EXISTS || read_u32(cell) != mp->value[k];
            } else if (s != BENTO_OK) {
                mismatches++;
            } else if (mp->count == MODEL_MAX) {
                (void)bento_grid_remove(&grid, c);
            } else {
                const uint32_t v = bento_test_rand() | 1u;
                *(uint32_t *)cell = v;
                for (d = 0; d < 3u; d++) {
                    mp->coords[mp->count][d] = c[d];
                }
                mp->value[mp->count++] = v;
            }
        } else if (op < 70u && op >= 65u) {
            /* a random box around the focus, clipped to the ring: the model's elements in it */
            int32_t lo[3], hi[3];
            uint32_t seen = 0u, want = 0u, i;
            bento_grid_iter it;
            for (d = 0; d < 3u; d++) {
                lo[d] = c[d];
                hi[d] = c[d] + (int32_t)bento_test_rand_below(8u);
            }
            for (i = 0; i < mp->count; i++) {
                for (d = 0; d < 3u && mp->coords[i][d] >= lo[d] && mp->coords[i][d] <= hi[d]; d++) {
                }
                want += d == 3u;
            }
            bento_grid_iter_init(&it, &grid, lo, hi);
            while (bento_grid_iter_next(&it)) {
                k = model_find(mp, it.coords, 3);
                if (k == MODEL_MAX || mp->value[k] != read_u32(it.cell) ||
                    bento_grid_get(&grid, it.coords) != it.cell) {
                    mismatches++;
                }
                for (d = 0; d < 3u; d++) {
                    mismatches += it.coords[d] < lo[d] || it.coords[d] > hi[d];
                }
                seen++;
            }
            mismatches += seen != want;
        } else if (op < 65u) {
            if (bento_grid_remove(&grid, c) != (k != MODEL_MAX ? BENTO_OK : BENTO_E_NOT_FOUND)) {
                mismatches++;
            }
            if (k != MODEL_MAX) {
                mp->count--;
                for (d = 0; d < 3u; d++) {
                    mp->coords[k][d] = mp->coords[mp->count][d];
                }
                mp->value[k] = mp->value[mp->count];
            }
        } else {
            /* move the focus by a small step (sometimes a jump); the model drops what leaves */
            uint32_t before = mp->count, i;
            window_check seen;
            seen.m = mp;
            seen.focus = focus;
            seen.half = half;
            seen.count = 0u;
            seen.bad = 0u;
            for (d = 0; d < 3u; d++) {
                focus[d] += op < 98u ? (int32_t)bento_test_rand_below(5u) - 2
                                     : (int32_t)bento_test_rand_below(40u) - 20;
            }
            if (bento_grid_focus(&grid, focus, on_evict_3d, &seen) != BENTO_OK || seen.bad != 0u) {
                mismatches++;
            }
            for (i = 0; i < mp->count;) {
                bool inside = true;
                for (d = 0; d < 3u; d++) {
                    inside = inside && mp->coords[i][d] >= focus[d] - half[d] &&
                             mp->coords[i][d] < focus[d] + half[d];
                }
                if (inside) {
                    i++;
                    continue;
                }
                mp->count--;
                for (d = 0; d < 3u; d++) {
                    mp->coords[i][d] = mp->coords[mp->count][d];
                }
                mp->value[i] = mp->value[mp->count];
            }
            evicted_total += before - mp->count;
            mismatches += seen.count != before - mp->count;
        }
        if (bento_grid_count(&grid) != mp->count) {
            mismatches++;
        }
        for (k = 0; k < mp->count; k++) {
            const void *p = bento_grid_get(&grid, mp->coords[k]);
            if (p == NULL || read_u32(p) != mp->value[k]) {
                mismatches++;
            }
        }
        if ((step & 31u) == 0u && bits_set(&grid) != mp->count) {
            mismatches++;
        }
        if (mismatches != 0u) {
            report_mismatch("window", step);
            break;
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(evicted_total > 0u);
}

void test_grid(void)
{
    test_init_statuses();
    test_basic();
    test_copy_and_rebase();
    test_growth_every_direction();
    test_growth_moves_dense_block();
    test_int32_edges();
    test_full_leaves_grid_unchanged();
    test_iteration();
    test_window();
    test_against_model();
    test_window_against_model();
}
