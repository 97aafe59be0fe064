/* SPDX-License-Identifier: MIT */
/* Tests of bento/grid.h: every status and every typed wrapper (growing and window), growth in
 * every direction, the int32 edges, failure at capacity leaving the grid untouched, iteration,
 * the sliding window, reopening from a buffer, the checker, confinement on damaged buffers, and
 * random operations against a naive map. */
#include <bento/grid.h>

#include "bento_test.h"

BENTO_GRID_TYPE(tiles, uint32_t, 2, 64);
BENTO_GRID_WINDOW_TYPE(rings, uint32_t, 2, 64);
/* Types that differ from tiles in one parameter each, for the typed open to refuse. */
BENTO_GRID_TYPE(tiles_3d, uint32_t, 3, 64);
BENTO_GRID_TYPE(tiles_short, uint16_t, 2, 64);
BENTO_GRID_TYPE(tiles_big, uint32_t, 2, 128);
BENTO_GRID_WINDOW_TYPE(rings_3d, uint32_t, 3, 64);

/*
 * One buffer shared by the tests that use the generic API (boards have little RAM), between
 * two guard zones: a stray write just outside the buffer changes a guard, which guards_intact
 * reports (on the host the sanitizers catch what lands further away, on the boards the fault
 * handler what leaves RAM).
 */
enum { BUFFER_CELLS = 256, GUARD_UNITS = 16 };
static struct {
    bento_align_unit before[GUARD_UNITS];
    bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(BUFFER_CELLS, 4)) + 1];
    bento_align_unit after[GUARD_UNITS];
} guarded;
#define buffer (guarded.buffer)

/* Typed grids shared by the tests, one test after another. */
static tiles tiles_a, tiles_b;
static rings rings_a, rings_b;

static void set_guards(void)
{
    unsigned char *b = (unsigned char *)guarded.before, *a = (unsigned char *)guarded.after;
    uint32_t i;
    for (i = 0; i < sizeof guarded.before; i++) {
        b[i] = (unsigned char)(0xa5u ^ i);
        a[i] = (unsigned char)(0x5au ^ i);
    }
}

static bool guards_intact(void)
{
    const unsigned char *b = (const unsigned char *)guarded.before;
    const unsigned char *a = (const unsigned char *)guarded.after;
    uint32_t i;
    for (i = 0; i < sizeof guarded.before; i++) {
        if (b[i] != (unsigned char)(0xa5u ^ i) || a[i] != (unsigned char)(0x5au ^ i)) {
            return false;
        }
    }
    return true;
}

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
    return cell != NULL ? *(const uint32_t *)cell : 0u;
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

/* Two grid structs with the same fields (compared one by one: the struct has padding). */
static bool same_grid(const bento_grid *a, const bento_grid *b)
{
    unsigned d;
    bool same = a->dims == b->dims && a->window == b->window && a->cells == b->cells &&
                a->occupied == b->occupied && a->saved == b->saved &&
                a->cell_size == b->cell_size && a->capacity == b->capacity &&
                a->window_shifts == b->window_shifts && a->state.count == b->state.count &&
                a->state.moved == b->state.moved;
    for (d = 0; d < BENTO_GRID_MAX_DIMS; d++) {
        same = same && a->state.axis[d].origin == b->state.axis[d].origin &&
               a->state.axis[d].size == b->state.axis[d].size &&
               a->state.axis[d].stride == b->state.axis[d].stride;
    }
    return same;
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

/* A grid whose init or open failed is inert: it answers every call as an empty full grid. */
static void check_inert(bento_grid *grid)
{
    int32_t c[4] = {0, 0, 0, 0};
    void *cell = &cell;
    bento_grid_iter it;
    CHECK_EQ(bento_grid_capacity(grid), 0);
    CHECK_EQ(bento_grid_count(grid), 0);
    CHECK_EQ(bento_grid_moved(grid), 0);
    CHECK_EQ(bento_grid_extent(grid, 0), 0);
    CHECK_EQ(bento_grid_origin(grid, 1), 0);
    CHECK(bento_grid_get(grid, c) == NULL);
    CHECK(!bento_grid_contains(grid, c));
    CHECK_STATUS(bento_grid_ensure(grid, c), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_insert(grid, c, &cell), BENTO_E_FULL);
    CHECK(cell == NULL);
    CHECK_STATUS(bento_grid_remove(grid, c), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_grid_focus(grid, c, NULL, NULL), BENTO_E_ARGUMENT);
    bento_grid_iter_init(&it, grid, NULL, NULL);
    CHECK(!bento_grid_iter_next(&it));
    CHECK(it.cell == NULL);
    bento_grid_clear(grid);
    CHECK_EQ(bento_grid_count(grid), 0);
    CHECK(bento_grid_get(grid, c) == NULL);
    CHECK_STATUS(bento_grid_insert(grid, c, NULL), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_insert_from(grid, c, c), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_check(grid), BENTO_OK);
}

static void test_init_statuses(void)
{
    bento_grid grid;
    const size_t bytes = BENTO_GRID_BYTES(64, 4);
    uint32_t window[4] = {4, 4, 4, 4};
    CHECK_EQ(BENTO_GRID_BYTES(64, 4), BENTO_IMPL_GRID_HEAD + 64 * 4 + 8);
    CHECK_EQ(BENTO_GRID_BYTES(33, 3), BENTO_IMPL_GRID_HEAD + 100 + 8);
    CHECK_EQ(BENTO_IMPL_GRID_HEAD % 8u, 0);
    CHECK_STATUS(bento_grid_init(&grid, NULL, bytes, 2, 4, 64), BENTO_E_ARGUMENT);
    check_inert(&grid);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 0, 4, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 5, 4, 64), BENTO_E_ARGUMENT);
    check_inert(&grid);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 0, 64), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 0), BENTO_E_ARGUMENT);
    check_inert(&grid);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 0x80000001u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, (size_t)-1 / 4u, 64), BENTO_E_ARGUMENT);
#if SIZE_MAX > 0xffffu
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 0x1000000u, 512), BENTO_E_ARGUMENT);
#else
    /* a 16-bit size_t: cells whose bytes it cannot count */
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 0x100u, 512), BENTO_E_ARGUMENT);
#endif
    CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 2, bytes, 2, 4, 64),
                 BENTO_E_ALIGN);
    check_inert(&grid);
    if (BENTO_MAX_ALIGN == 8u) {
        CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 4, bytes, 2, 8, 32),
                     BENTO_E_ALIGN); /* 8-byte cells want 8-byte alignment */
    }
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes - 1, 2, 4, 64), BENTO_E_SIZE);
    check_inert(&grid);
    /* good inits: exact size, odd cell size, every dimension count, the largest capacity */
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 2, 4, 64), BENTO_OK);
    CHECK_EQ(bento_grid_capacity(&grid), 64);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, (unsigned char *)buffer + 4, BENTO_GRID_BYTES(33, 3), 1,
                                 3, 33),
                 BENTO_OK);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, buffer, bytes, 4, 4, 64), BENTO_OK);
    CHECK_EQ(bento_grid_extent(&grid, 0), 0);
    CHECK_EQ(bento_grid_extent(&grid, 3), 0);
    CHECK_STATUS(bento_grid_init(&grid, buffer, BENTO_GRID_BYTES(1, 4), 3, 4, 1), BENTO_OK);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 1, 1, 0x80000000u),
                 SIZE_MAX > 0xffffu ? BENTO_E_SIZE : BENTO_E_ARGUMENT); /* 16 bits: no layout */
    /* windows: sizes must be powers of two, at most 2^31 cells in all */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, NULL),
                 BENTO_E_ARGUMENT);
    check_inert(&grid);
    window[1] = 3u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT);
    window[1] = 0u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT);
    check_inert(&grid);
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
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 0, window),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init_window(&grid, NULL, sizeof buffer, 2, 4, window),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, BENTO_GRID_BYTES(512, 4) - 1, 2, 4, window),
                 BENTO_E_SIZE);
    check_inert(&grid);
    CHECK_STATUS(bento_grid_init_window(&grid, (unsigned char *)buffer + 2, sizeof buffer, 2, 4,
                                        window),
                 BENTO_E_ALIGN);
    check_inert(&grid);
    window[1] = 16u;
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, BENTO_GRID_BYTES(256, 4), 2, 4, window),
                 BENTO_OK);
    CHECK_EQ(bento_grid_capacity(&grid), 256);
    CHECK_EQ(bento_grid_origin(&grid, 0), -8);
    CHECK_EQ(bento_grid_extent(&grid, 1), 16);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    window[0] = 1u; /* a window of one cell along an axis */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window), BENTO_OK);
    CHECK_EQ(bento_grid_origin(&grid, 0), 0);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
}

/* Every wrapper of a growing grid type, and every status each answers. */
static void test_typed_growing(void)
{
    tiles *const g_ = &tiles_a;
#define grid (*g_)
    const int32_t a[2] = {-3, 2}, b[2] = {-4, 2}, far[2] = {100, -100};
    static uint32_t dummy;
    uint32_t *cell = NULL;
    uint32_t *again = &dummy;
    tiles_iter it;
    uint32_t n;
    CHECK_STATUS(tiles_init(&grid), BENTO_OK);
    CHECK_EQ(tiles_capacity(&grid), 64);
    CHECK_EQ(tiles_count(&grid), 0);
    CHECK_EQ(tiles_extent(&grid, 0), 0);
    CHECK(tiles_get(&grid, a) == NULL);
    CHECK(tiles_get_at(&grid, bento_xy(-3, 2)) == NULL);
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_E_NOT_FOUND);
    CHECK_STATUS(tiles_remove_at(&grid, bento_xy(-3, 2)), BENTO_E_NOT_FOUND);
    tiles_iter_init(&it, &grid, NULL, NULL);
    CHECK(!tiles_iter_next(&it)); /* the empty box */
    CHECK_STATUS(tiles_insert(&grid, a, &cell), BENTO_OK);
    CHECK(cell != NULL);
    if (cell != NULL) {
        *cell = 11u;
    }
    CHECK_EQ(tiles_count(&grid), 1);
    CHECK_EQ(tiles_extent(&grid, 0), 1);
    CHECK_EQ(tiles_origin(&grid, 0), -3);
    CHECK_EQ(tiles_origin(&grid, 1), 2);
    CHECK(tiles_contains(&grid, a));
    CHECK(tiles_contains_at(&grid, bento_xy(-3, 2)));
    CHECK(!tiles_contains(&grid, b));
    CHECK(!tiles_contains_at(&grid, bento_xy(-4, 2)));
    CHECK(tiles_get_at(&grid, bento_xy(-3, 2)) == tiles_get(&grid, a));
    /* the box grows to take b in; b is not invented by the growth */
    CHECK_STATUS(tiles_ensure(&grid, b), BENTO_OK);
    CHECK_EQ(tiles_extent(&grid, 0), 2);
    CHECK_EQ(tiles_origin(&grid, 0), -4);
    CHECK_EQ(tiles_moved(&grid), 1);
    CHECK(tiles_get(&grid, b) == NULL);
    CHECK_STATUS(tiles_remove(&grid, b), BENTO_E_NOT_FOUND);
    CHECK_EQ(read_u32(tiles_get(&grid, a)), 11);
    CHECK_STATUS(tiles_ensure_at(&grid, bento_xy(-4, 3)), BENTO_OK);
    CHECK_EQ(tiles_extent(&grid, 1), 2);
    /* a second insert answers EXISTS and changes nothing */
    CHECK_STATUS(tiles_insert(&grid, a, &again), BENTO_E_EXISTS);
    CHECK(again == NULL);
    CHECK_STATUS(tiles_insert_at(&grid, bento_xy(-3, 2), NULL), BENTO_E_EXISTS);
    CHECK_EQ(tiles_count(&grid), 1);
    CHECK_STATUS(tiles_insert_at(&grid, bento_xy(-4, 3), &cell), BENTO_OK);
    if (cell != NULL) {
        *cell = 12u;
    }
    /* a point whose box needs more than 64 cells */
    CHECK_STATUS(tiles_insert(&grid, far, &cell), BENTO_E_FULL);
    CHECK(cell == NULL);
    CHECK_STATUS(tiles_insert_at(&grid, bento_xy(100, -100), &cell), BENTO_E_FULL);
    CHECK_STATUS(tiles_ensure(&grid, far), BENTO_E_FULL);
    CHECK_STATUS(tiles_ensure_at(&grid, bento_xy(100, -100)), BENTO_E_FULL);
    CHECK_STATUS(tiles_check(&grid), BENTO_OK);
    /* the typed iterator: T * cells, coordinates, indices in memory order */
    n = 0u;
    tiles_iter_init(&it, &grid, NULL, NULL);
    while (tiles_iter_next(&it)) {
        uint32_t *v = it.cell; /* no cast */
        CHECK(v == tiles_get(&grid, it.coords));
        CHECK_EQ(*v, n == 0u ? 11u : 12u);
        CHECK_EQ(it.index, n == 0u ? 1u : 2u);
        n++;
    }
    CHECK_EQ(n, 2);
    CHECK(it.cell == NULL);
    CHECK(!tiles_iter_next(&it));
    tiles_iter_init_at(&it, &grid, bento_xy(-10, 3), bento_xy(10, 10));
    CHECK(tiles_iter_next(&it));
    CHECK(it.coords[0] == -4 && it.coords[1] == 3 && read_u32(it.cell) == 12u);
    CHECK(!tiles_iter_next(&it));
    tiles_iter_init(&it, &grid, NULL, a); /* up to a: a only */
    CHECK(tiles_iter_next(&it) && it.coords[0] == -3 && it.coords[1] == 2);
    CHECK(!tiles_iter_next(&it));
    /* remove */
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_OK);
    CHECK_STATUS(tiles_remove(&grid, a), BENTO_E_NOT_FOUND);
    CHECK_STATUS(tiles_remove_at(&grid, bento_xy(-4, 3)), BENTO_OK);
    CHECK_STATUS(tiles_remove_at(&grid, bento_xy(-4, 3)), BENTO_E_NOT_FOUND);
    CHECK_EQ(tiles_count(&grid), 0);
    CHECK(tiles_get(&grid, a) == NULL);
    /* clear empties the box: the grid can start again anywhere */
    CHECK_STATUS(tiles_insert(&grid, b, NULL), BENTO_OK);
    tiles_clear(&grid);
    CHECK_EQ(tiles_count(&grid), 0);
    CHECK_EQ(tiles_extent(&grid, 0), 0);
    CHECK_EQ(tiles_moved(&grid), 0);
    CHECK_STATUS(tiles_insert(&grid, far, &cell), BENTO_OK);
    CHECK_EQ(tiles_origin(&grid, 0), 100);
    CHECK(tiles_get(&grid, b) == NULL);
    CHECK_STATUS(tiles_check(&grid), BENTO_OK);
    /* the typed lookup and the generic one agree, for hits and misses */
    {
        const int32_t corner0[2] = {0, 0}, corner7[2] = {7, 7};
        bento_grid generic;
        int32_t c[2];
        uint32_t bad = 0u;
        CHECK_STATUS(bento_grid_init(&generic, buffer, sizeof buffer, 2, 4, 64), BENTO_OK);
        tiles_clear(&grid);
        /* (0, 0) then (7, 7): the box is exactly 0 .. 7 on both axes, all 64 cells */
        CHECK_STATUS(bento_grid_ensure(&generic, corner0), BENTO_OK);
        CHECK_STATUS(bento_grid_ensure(&generic, corner7), BENTO_OK);
        CHECK_STATUS(tiles_ensure_at(&grid, bento_xy(0, 0)), BENTO_OK);
        CHECK_STATUS(tiles_ensure_at(&grid, bento_xy(7, 7)), BENTO_OK);
        CHECK_EQ(tiles_origin(&grid, 0), 0);
        CHECK_EQ(tiles_extent(&grid, 1), 8);
        for (c[1] = 0; c[1] < 8; c[1]++) {
            for (c[0] = 0; c[0] < 8; c[0]++) {
                if (((c[0] ^ c[1]) & 1) == 0) {
                    CHECK_STATUS(bento_grid_insert(&generic, c, NULL), BENTO_OK);
                    CHECK_STATUS(tiles_insert(&grid, c, NULL), BENTO_OK);
                }
            }
        }
        for (c[1] = -2; c[1] < 10; c[1]++) {
            for (c[0] = -2; c[0] < 10; c[0]++) {
                const bool want = c[0] >= 0 && c[0] < 8 && c[1] >= 0 && c[1] < 8 &&
                                  ((c[0] ^ c[1]) & 1) == 0;
                bad += bento_grid_contains(&generic, c) != want;
                bad += tiles_contains(&grid, c) != want;
                bad += tiles_contains_at(&grid, bento_xy(c[0], c[1])) != want;
            }
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(tiles_count(&grid), 32);
        CHECK_STATUS(tiles_check(&grid), BENTO_OK);
        CHECK_STATUS(bento_grid_check(&generic), BENTO_OK);
    }
#undef grid
}

/* What a typed eviction callback saw: cells handed out as uint32_t *, without a cast. */
typedef struct typed_evictions {
    uint32_t count;
    uint32_t sum;
} typed_evictions;

static void on_typed_evict(void *context, const int32_t *coords, uint32_t *cell)
{
    typed_evictions *e = (typed_evictions *)context;
    e->count++;
    e->sum += *cell;
    (void)coords;
}

/* Every wrapper of a window grid type, and every status each answers. */
static void test_typed_window(void)
{
    rings *const ring_ = &rings_a;
#define ring (*ring_)
    const uint32_t big[2] = {16, 8}, small[2] = {8, 8}, bad_size[2] = {8, 6};
    const int32_t a[2] = {-3, 2}, far[2] = {100, -100}, focus[2] = {5, 0};
    typed_evictions seen = {0u, 0u};
    uint32_t *cell = NULL;
    rings_iter it;
    uint32_t n;
    CHECK_STATUS(rings_init(&ring, big), BENTO_E_SIZE);
    CHECK_EQ(rings_capacity(&ring), 0);
    CHECK_STATUS(rings_init(&ring, bad_size), BENTO_E_ARGUMENT);
    CHECK_STATUS(rings_init(&ring, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(rings_insert(&ring, a, &cell), BENTO_E_FULL); /* inert */
    CHECK_STATUS(rings_focus(&ring, focus, NULL, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(rings_init(&ring, small), BENTO_OK);
    CHECK_EQ(rings_capacity(&ring), 64);
    CHECK_EQ(rings_origin(&ring, 0), -4);
    CHECK_EQ(rings_extent(&ring, 1), 8);
    CHECK_STATUS(rings_insert(&ring, a, &cell), BENTO_OK);
    if (cell != NULL) {
        *cell = 5u;
    }
    CHECK_STATUS(rings_insert(&ring, a, &cell), BENTO_E_EXISTS);
    CHECK(cell == NULL);
    CHECK_STATUS(rings_insert_at(&ring, bento_xy(3, 3), &cell), BENTO_OK);
    if (cell != NULL) {
        *cell = 7u;
    }
    CHECK_STATUS(rings_insert(&ring, far, NULL), BENTO_E_FULL);
    CHECK_STATUS(rings_insert_at(&ring, bento_xy(100, -100), &cell), BENTO_E_FULL);
    CHECK(cell == NULL);
    CHECK_STATUS(rings_ensure(&ring, far), BENTO_E_FULL);
    CHECK_STATUS(rings_ensure_at(&ring, bento_xy(3, -4)), BENTO_OK);
    CHECK(rings_contains(&ring, a) && rings_contains_at(&ring, bento_xy(3, 3)));
    CHECK_EQ(read_u32(rings_get_at(&ring, bento_xy(3, 3))), 7);
    CHECK_EQ(rings_count(&ring), 2);
    CHECK_EQ(rings_moved(&ring), 0);
    CHECK_STATUS(rings_check(&ring), BENTO_OK);
    /* a (x = -3) leaves: the typed callback sees its uint32_t */
    CHECK_STATUS(rings_focus(&ring, focus, on_typed_evict, &seen), BENTO_OK);
    CHECK_EQ(seen.count, 1);
    CHECK_EQ(seen.sum, 5);
    CHECK(!rings_contains(&ring, a));
    CHECK_EQ(rings_origin(&ring, 0), 1);
    CHECK_STATUS(rings_insert(&ring, focus, &cell), BENTO_OK);
    if (cell != NULL) {
        *cell = 6u;
    }
    CHECK_EQ(read_u32(rings_get(&ring, focus)), 6);
    CHECK_EQ(rings_count(&ring), 2);
    /* the typed iterator over the ring */
    n = 0u;
    rings_iter_init(&it, &ring, NULL, NULL);
    while (rings_iter_next(&it)) {
        uint32_t *v = it.cell;
        CHECK(v == rings_get(&ring, it.coords));
        n += *v;
    }
    CHECK_EQ(n, 13);
    rings_iter_init_at(&it, &ring, bento_xy(5, 0), bento_xy(5, 0));
    CHECK(rings_iter_next(&it) && read_u32(it.cell) == 6u);
    CHECK(!rings_iter_next(&it));
    /* a jump by a point: both leave, one without a callback */
    CHECK_STATUS(rings_remove(&ring, focus), BENTO_OK);
    CHECK_STATUS(rings_remove(&ring, focus), BENTO_E_NOT_FOUND);
    CHECK_STATUS(rings_remove_at(&ring, bento_xy(3, 3)), BENTO_OK);
    CHECK_STATUS(rings_remove_at(&ring, bento_xy(3, 3)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(rings_insert(&ring, focus, NULL), BENTO_OK);
    CHECK_STATUS(rings_focus_at(&ring, bento_xy(1000, 1000), on_typed_evict, &seen), BENTO_OK);
    CHECK_EQ(seen.count, 2);
    CHECK_EQ(rings_origin(&ring, 1), 996);
    CHECK_STATUS(rings_insert_at(&ring, bento_xy(1000, 1000), NULL), BENTO_OK);
    CHECK_STATUS(rings_focus_at(&ring, bento_xy(0, 0), NULL, NULL), BENTO_OK);
    CHECK_EQ(rings_count(&ring), 0);
    CHECK_STATUS(rings_insert(&ring, focus, NULL), BENTO_E_FULL); /* 5 is outside -4 .. 3 */
    CHECK_STATUS(rings_insert(&ring, a, NULL), BENTO_OK);
    rings_clear(&ring);
    CHECK_EQ(rings_count(&ring), 0);
    CHECK_EQ(rings_origin(&ring, 0), -4); /* clear keeps the window */
    CHECK_STATUS(rings_check(&ring), BENTO_OK);
    /* a smaller window than the storage holds */
    {
        const uint32_t thin[2] = {2, 4};
        CHECK_STATUS(rings_init(&ring, thin), BENTO_OK);
        CHECK_EQ(rings_capacity(&ring), 8);
        CHECK_STATUS(rings_open(&ring), BENTO_OK); /* its own bytes: accepted */
        CHECK_EQ(rings_capacity(&ring), 8);
    }
#undef ring
}

/* Grids of other types, one at a time: their storage holds a copy of another type's buffer. */
static union {
    tiles_3d dims3;
    tiles_short short_cells;
    tiles_big big;
    rings_3d window3;
    rings window;
    tiles growing;
} other;

/* Copy `n` bytes (no libc). */
static void copy_bytes(void *to, const void *from, size_t n)
{
    unsigned char *t = (unsigned char *)to;
    const unsigned char *f = (const unsigned char *)from;
    size_t i;
    for (i = 0; i < n; i++) {
        t[i] = f[i];
    }
}

/* A grid reopened from its buffer alone: the typed object copied whole, or another buffer
 * holding the same bytes; every header word damaged; buffers of other types refused. */
static void test_open(void)
{
    tiles *const original_ = &tiles_a, *const copy_ = &tiles_b;
#define original (*original_)
#define copy (*copy_)
    static const int32_t points[5][2] = {{-3, 1}, {-4, 1}, {0, 0}, {-2, 2}, {-1, 1}};
    bento_grid generic;
    uint32_t *cell = NULL;
    uint32_t i;
    CHECK_STATUS(tiles_init(&original), BENTO_OK);
    for (i = 0; i < 5u; i++) {
        CHECK_STATUS(tiles_insert(&original, points[i], &cell), BENTO_OK);
        if (cell != NULL) {
            *cell = 100u + i;
        }
    }
    CHECK_STATUS(tiles_remove(&original, points[1]), BENTO_OK);
    copy = original; /* as a save file or retained RAM would hold it */
    CHECK_STATUS(tiles_open(&copy), BENTO_OK);
    CHECK_STATUS(tiles_check(&copy), BENTO_OK);
    CHECK_EQ(tiles_count(&copy), 4);
    CHECK_EQ(tiles_moved(&copy), tiles_moved(&original));
    CHECK_EQ(tiles_origin(&copy, 0), tiles_origin(&original, 0));
    CHECK_EQ(tiles_extent(&copy, 1), tiles_extent(&original, 1));
    CHECK(tiles_get(&copy, points[1]) == NULL);
    for (i = 0; i < 5u; i++) {
        if (i != 1u) {
            const uint32_t *v = tiles_get(&copy, points[i]);
            CHECK(v != NULL && *v == 100u + i);
            CHECK(v != tiles_get(&original, points[i]));
            CHECK((const void *)v > (const void *)&copy && (const void *)v < (const void *)(&copy + 1));
        }
    }
    CHECK_STATUS(tiles_remove(&copy, points[0]), BENTO_OK);
    CHECK(tiles_contains(&original, points[0])); /* the original has its own storage */
    CHECK_EQ(tiles_extent(&copy, 0) * tiles_extent(&copy, 1), 32);
    CHECK_STATUS(tiles_insert_at(&copy, bento_xy(-5, 3), NULL), BENTO_OK); /* grows on its own */
    CHECK_EQ(tiles_extent(&copy, 0) * tiles_extent(&copy, 1), 64);
    CHECK_EQ(tiles_extent(&original, 0) * tiles_extent(&original, 1), 32);
    CHECK(!tiles_contains_at(&original, bento_xy(-5, 3)));
    CHECK_EQ(read_u32(tiles_get(&copy, points[4])), 104);
    CHECK_STATUS(tiles_check(&copy), BENTO_OK);
    CHECK_STATUS(tiles_check(&original), BENTO_OK);

    /* the generic grid over another buffer holding the same bytes */
    copy_bytes(buffer, original.storage_, sizeof original.storage_);
    CHECK_STATUS(bento_grid_open(&generic, NULL, sizeof buffer), BENTO_E_ARGUMENT);
    check_inert(&generic);
    CHECK_STATUS(bento_grid_open(&generic, (unsigned char *)buffer + 2, sizeof buffer - 2),
                 BENTO_E_ALIGN);
    check_inert(&generic);
    CHECK_STATUS(bento_grid_open(&generic, buffer, 16), BENTO_E_SIZE); /* shorter than a header */
    CHECK_STATUS(bento_grid_open(&generic, buffer, BENTO_GRID_BYTES(64, 4) - 4), BENTO_E_SIZE);
    check_inert(&generic);
    CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_count(&generic), 4);
    CHECK_EQ(read_u32(bento_grid_get(&generic, points[3])), 103);
    CHECK_STATUS(bento_grid_insert(&generic, points[1], NULL), BENTO_OK);
    CHECK_STATUS(bento_grid_check(&generic), BENTO_OK);
    CHECK_STATUS(bento_grid_remove(&generic, points[1]), BENTO_OK);

    /* every word of the header (with the journal, up to its word: its room means nothing
     * while it is idle): open refuses the damage, check on the live grid reports it.
     * Except an origin: any origin that keeps the box inside the int32 range is sound, so a
     * damaged one reads as the same elements moved in space (here by 64 along its axis) */
    for (i = 0; i < 4u + BENTO_IMPL_GRID_PARAMS + sizeof(bento_grid_state) / 4u +
                        (BENTO_POWER_SAFE ? 1u : 0u);
         i++) {
        uint32_t *word = (uint32_t *)(void *)buffer + i;
        const uint32_t saved = *word;
        const bool origin = i == 8u || i == 11u; /* state words 0 and 3: axes 0 and 1 */
        bento_grid live;
        *word ^= 0x40u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer),
                     origin ? BENTO_OK : BENTO_E_CORRUPT);
        if (origin) {
            int32_t moved[2];
            moved[0] = points[3][0] + bento_grid_origin(&generic, 0) - tiles_origin(&original, 0);
            moved[1] = points[3][1] + bento_grid_origin(&generic, 1) - tiles_origin(&original, 1);
            CHECK(moved[0] - points[3][0] == 64 || moved[0] - points[3][0] == -64 ||
                  moved[1] - points[3][1] == 64 || moved[1] - points[3][1] == -64);
            CHECK_EQ(read_u32(bento_grid_get(&generic, moved)), 103);
            CHECK_STATUS(bento_grid_check(&generic), BENTO_OK);
        } else {
            CHECK_EQ(bento_grid_capacity(&generic), 0);
        }
        *word = saved;
        CHECK_STATUS(bento_grid_open(&live, buffer, sizeof buffer), BENTO_OK);
        *word ^= 0x40u;
        CHECK_STATUS(bento_grid_check(&live), BENTO_E_CORRUPT); /* the copy differs */
        *word = saved;
        CHECK_STATUS(bento_grid_check(&live), BENTO_OK);
    }
    CHECK_STATUS(bento_grid_open(&generic, NULL, 0u), BENTO_E_ARGUMENT);
    check_inert(&generic);
    /* the struct damage of before is buffer damage now: dims beyond 4, capacity 0, a window
     * flag that is neither, window sizes in a growing grid */
    {
        uint32_t *params = (uint32_t *)(void *)buffer + 4; /* after magic, kind, size, 0 */
        const uint32_t shape = params[0], capacity = params[2];
        params[0] = 5u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_E_CORRUPT);
        params[0] = 0u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_E_CORRUPT);
        params[0] = shape | 2u << 8;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_E_CORRUPT);
        params[0] = shape;
        params[2] = 0u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_E_CORRUPT);
        check_inert(&generic);
        params[2] = capacity;
        params[3] = 3u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_E_CORRUPT);
        params[3] = 0u;
        CHECK_STATUS(bento_grid_open(&generic, buffer, sizeof buffer), BENTO_OK);
    }

    /* buffers of another type: each typed open refuses them */
    copy_bytes(&other.dims3, &original, sizeof original); /* same size, 3 axes */
    CHECK_STATUS(tiles_3d_open(&other.dims3), BENTO_E_CORRUPT);
    CHECK_EQ(tiles_3d_capacity(&other.dims3), 0);
    CHECK(tiles_3d_get_at(&other.dims3, bento_xyz(-4, 1, 0)) == NULL);
    CHECK_STATUS(tiles_3d_insert_at(&other.dims3, bento_xyz(0, 0, 0), NULL), BENTO_E_FULL);
    copy_bytes(&other.short_cells, &original, sizeof other.short_cells); /* 2-byte cells */
    CHECK_STATUS(tiles_short_open(&other.short_cells), BENTO_E_SIZE);
    copy_bytes(&other.big, &original, sizeof original); /* a larger capacity */
    CHECK_STATUS(tiles_big_open(&other.big), BENTO_E_CORRUPT);
    CHECK_EQ(tiles_big_count(&other.big), 0);
    copy_bytes(&other.window, &original, sizeof original); /* a window */
    CHECK_STATUS(rings_open(&other.window), BENTO_E_CORRUPT);
    CHECK_STATUS(rings_init(&rings_a, (const uint32_t[2]){8, 8}), BENTO_OK);
    copy_bytes(&other.growing, &rings_a, sizeof rings_a);
    CHECK_STATUS(tiles_open(&other.growing), BENTO_E_CORRUPT);
    CHECK_STATUS(rings_3d_init(&other.window3, (const uint32_t[3]){4, 4, 4}), BENTO_OK);
    copy_bytes(&rings_b, &other.window3, sizeof rings_b);
    CHECK_STATUS(rings_open(&rings_b), BENTO_E_CORRUPT);
    CHECK_EQ(rings_capacity(&rings_b), 0);
    CHECK_STATUS(rings_insert_at(&rings_b, bento_xy(0, 0), NULL), BENTO_E_FULL);
    /* and accept their own */
    copy_bytes(&other.growing, &original, sizeof original);
    CHECK_STATUS(tiles_open(&other.growing), BENTO_OK);
    CHECK_EQ(tiles_count(&other.growing), 4);
    /* a window copied after it slid */
    {
        uint32_t *v = NULL;
        CHECK_STATUS(rings_focus_at(&rings_a, bento_xy(2, 1), NULL, NULL), BENTO_OK);
        CHECK_STATUS(rings_insert_at(&rings_a, bento_xy(2, 1), &v), BENTO_OK);
        if (v != NULL) {
            *v = 7u;
        }
        rings_b = rings_a;
        CHECK_STATUS(rings_open(&rings_b), BENTO_OK);
        CHECK_EQ(rings_origin(&rings_b, 0), -2);
        CHECK_EQ(read_u32(rings_get_at(&rings_b, bento_xy(2, 1))), 7);
        CHECK(rings_get_at(&rings_b, bento_xy(2, 1)) != rings_get_at(&rings_a, bento_xy(2, 1)));
        CHECK_STATUS(rings_check(&rings_b), BENTO_OK);
    }
#undef original
#undef copy
}

/* Set a state word both in the struct and in its copy in the header, as if the grid's own
 * functions had written it: check must find the geometry itself unsound. */
static void set_state(bento_grid *grid, uint32_t word, uint32_t value)
{
    ((uint32_t *)(void *)&grid->state)[word] = value;
    ((uint32_t *)(void *)grid->saved)[word] = value;
}

static uint32_t state_word(const bento_grid *grid, uint32_t word)
{
    return ((const uint32_t *)(const void *)&grid->state)[word];
}

/* Each invariant of check, broken one at a time (state words: axis d's origin, size and stride
 * at 3d, 3d + 1, 3d + 2, then count at 12 and moved at 13). */
static void test_check_detects_damage(void)
{
    static const struct {
        uint32_t word;
        uint32_t value;
    } damage[] = {
        {1u, 3u},           /* axis 0: a size that is not a power of two */
        {1u, 8u},           /* axis 0: another size, the strides no longer its running sums */
        {2u, 1u},           /* axis 0's stride is 0 */
        {5u, 1u},           /* axis 1's stride is log2 of axis 0's size */
        {0u, 0x7ffffffeu},  /* the box runs past INT32_MAX */
        {4u, 64u},          /* 4 x 64 cells: more than the capacity */
        {4u, 0u},           /* a size of 0 on axis 1 */
        {6u, 1u},           /* axis 2 (beyond dims): origin 0 */
        {7u, 2u},           /* axis 2: size 1 */
        {8u, 4u},           /* axis 2: stride 0 */
        {11u, 1u},          /* axis 3: stride 0 */
        {12u, 7u},          /* count: one more than the bits set */
        {12u, 5u},          /* count: one fewer */
        {13u, 16u},         /* moved: at least the box's cells */
    };
    const int32_t order[4] = {0, -1, 1, -2};
    bento_grid grid;
    uint32_t i, k, saved;
    int32_t c[2];
    /* a 4 x 4 box from -2, six elements */
    CHECK_STATUS(bento_grid_init(&grid, buffer, BENTO_GRID_BYTES(64, 4), 2, 4, 64), BENTO_OK);
    for (i = 0; i < 16u; i++) {
        c[0] = order[i & 3u];
        c[1] = order[i >> 2];
        CHECK_STATUS(i < 6u ? bento_grid_insert(&grid, c, NULL) : bento_grid_ensure(&grid, c),
                     BENTO_OK);
    }
    CHECK_EQ(bento_grid_extent(&grid, 0), 4);
    CHECK_EQ(bento_grid_count(&grid), 6);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    for (k = 0; k < sizeof damage / sizeof damage[0]; k++) {
        saved = state_word(&grid, damage[k].word);
        set_state(&grid, damage[k].word, damage[k].value);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        set_state(&grid, damage[k].word, saved);
    }
    set_state(&grid, 13u, 15u); /* moved: any value below the box's 16 cells is sound */
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    /* a bit moved from inside the box to outside it: the count still matches */
    saved = grid.occupied[0];
    CHECK_EQ(saved & (1u << 10), 1u << 10); /* (0, 0) is cell 2 + 2 * 4 */
    grid.occupied[0] = (saved & ~(1u << 10)) | (uint32_t)1u << 20;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    grid.occupied[0] = saved & ~(1u << 10);
    grid.occupied[1] = 1u << 3;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    grid.occupied[0] = saved;
    grid.occupied[1] = 0u;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    /* a bit set outside the 16 cells of the box, in the bitmap of 64 */
    grid.occupied[1] |= 1u << 3;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    grid.occupied[1] = 0u;
    grid.occupied[0] |= (uint32_t)1u << 16;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    grid.occupied[0] &= ~((uint32_t)1u << 16);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    /* the empty box, exactly as clear leaves it */
    bento_grid_clear(&grid);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    for (k = 0; k < 12u; k++) {
        if (k == 1u) {
            continue; /* axis 0 of size 1: the box of one cell at 0, a sound state */
        }
        saved = state_word(&grid, k);
        set_state(&grid, k, saved + 1u);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        set_state(&grid, k, saved);
    }
    set_state(&grid, 13u, 1u);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT); /* nothing moved in an empty box */
    set_state(&grid, 13u, 0u);
    grid.occupied[0] = 1u;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    set_state(&grid, 12u, 1u); /* with a count that matches: still no cell to hold it */
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    set_state(&grid, 12u, 0u);
    grid.occupied[0] = 0u;
    /* padding bits past the capacity, in the bitmap's last word */
    CHECK_STATUS(bento_grid_init(&grid, buffer, BENTO_GRID_BYTES(33, 4), 1, 4, 33), BENTO_OK);
    c[0] = 0;
    CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_OK);
    c[0] = 31;
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_OK); /* a box of 32 */
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    grid.occupied[1] = 1u << 5;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    grid.occupied[1] = 1u; /* cell 32: past the box of 32, inside the capacity of 33 */
    set_state(&grid, 12u, 2u);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
    set_state(&grid, 12u, 1u);
    grid.occupied[1] = 0u;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    /* a window: its sizes are its own, and nothing ever moves in it */
    {
        const uint32_t window[3] = {4, 2, 8};
        CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 3, 4, window), BENTO_OK);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
        set_state(&grid, 1u, 8u);
        set_state(&grid, 4u, 1u);
        set_state(&grid, 5u, 3u);
        set_state(&grid, 8u, 3u);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT); /* 8 x 1 x 8: sound strides */
        set_state(&grid, 1u, 4u);
        set_state(&grid, 4u, 2u);
        set_state(&grid, 5u, 2u);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
        set_state(&grid, 13u, 1u);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        set_state(&grid, 13u, 0u);
        set_state(&grid, 6u, 0x7ffffffcu); /* axis 2 from INT32_MAX - 3: 8 cells do not fit */
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        set_state(&grid, 6u, 0x7ffffff8u);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    }
}

/* Lookups walk every axis a grid has, 3 and 4 of them too: the generic one in a loop, the
 * typed ones unrolled for their number of axes. */
BENTO_GRID_TYPE(grid3, uint8_t, 3, 16);
BENTO_GRID_TYPE(grid4, uint8_t, 4, 16);
static void test_generic_get_in_four_dimensions(void)
{
    static grid3 g3;
    static grid4 g4;
    uint8_t *c3 = NULL, *c4 = NULL;
    CHECK_STATUS(grid3_init(&g3), BENTO_OK);
    CHECK_STATUS(grid4_init(&g4), BENTO_OK);
    CHECK_STATUS(grid3_insert_at(&g3, bento_xyz(1, -1, 2), &c3), BENTO_OK);
    CHECK_STATUS(grid4_insert_at(&g4, bento_xyzw(1, -1, 2, -2), &c4), BENTO_OK);
    CHECK(c3 != NULL && grid3_get_at(&g3, bento_xyz(1, -1, 2)) == c3);
    CHECK(c4 != NULL && grid4_get_at(&g4, bento_xyzw(1, -1, 2, -2)) == c4);
    CHECK(grid3_get_at(&g3, bento_xyz(1, -1, 3)) == NULL);
    CHECK(grid4_get_at(&g4, bento_xyzw(1, -1, 2, -3)) == NULL);
    bento_grid grid;
    unsigned dims;
    for (dims = 3u; dims <= 4u; dims++) {
        const int32_t at[4] = {-2, 3, -5, 7}, beside[4] = {-2, 3, -5, 6};
        void *cell = NULL;
        CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, dims, 4, 64), BENTO_OK);
        CHECK_STATUS(bento_grid_insert(&grid, at, &cell), BENTO_OK);
        CHECK(cell != NULL && bento_grid_get(&grid, at) == cell);
        CHECK(bento_grid_contains(&grid, at));
        CHECK_STATUS(bento_grid_ensure(&grid, beside), BENTO_OK);
        CHECK((bento_grid_get(&grid, beside) == NULL) == (dims == 4u));
        CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
    }
}

/*
 * The audit's defect: a growing grid whose box is empty (just after init or clear) but whose
 * bitmap has bit 0 set (one flipped bit, or a damaged copy reopened) wrote outside its buffer on
 * the next insert or ensure: the relayout visited old cell 0 and computed its new place from
 * the empty box's zero-sized axis. In one dimension the empty box spans no cell, so only
 * grids of two or more dimensions visited it. The grid sits at the end of the guarded buffer,
 * so a cell written past the buffer lands in the guard.
 */
static void test_empty_box_with_a_bit_set(void)
{
    enum { BYTES = BENTO_GRID_BYTES(4, 4) };
    unsigned char *const memory = (unsigned char *)guarded.after - BENTO_ALIGN_UP(BYTES, 8u);
    /* near: where a walk of the empty box's "cell 0" would move it, cell 2, lies inside the
     * buffer, so a relayout of it would show as a lost element, not only as a write outside
     * the buffer (which the relayout's bound on new indices stops) */
    const int32_t near[2] = {-2, 0}, far[2] = {-1000000, 3};
    bento_grid grid, reopened;
    unsigned round;
    for (round = 0; round < 8u; round++) {
        const int32_t *at = (round & 1u) != 0u ? far : near;
        const unsigned dims = 1u + (round >> 2);
        set_guards();
        CHECK_STATUS(bento_grid_init(&grid, memory, BYTES, dims, 4, 4), BENTO_OK);
        if ((round & 2u) != 0u) { /* the empty box after a clear, not an init */
            CHECK_STATUS(bento_grid_insert(&grid, near, NULL), BENTO_OK);
            CHECK_STATUS(bento_grid_ensure(&grid, far), BENTO_E_FULL);
            bento_grid_clear(&grid);
        }
        grid.occupied[0] |= 1u; /* one flipped bit */
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_grid_open(&reopened, memory, BYTES), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_grid_insert(&reopened, at, NULL), BENTO_E_FULL); /* inert */
        CHECK_STATUS((round & 2u) != 0u ? bento_grid_ensure(&grid, at)
                                        : bento_grid_insert(&grid, at, NULL),
                     (round & 2u) != 0u ? BENTO_OK : BENTO_E_EXISTS);
        CHECK(guards_intact());
        /* the damage shows as an element the count does not know of */
        CHECK(bento_grid_contains(&grid, at));
        CHECK_STATUS(bento_grid_remove(&grid, at), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT);
        CHECK(guards_intact());
    }
}

/* Where an operation notices that the bitmap disagrees with the count, it says so. */
static void test_corrupt_statuses(void)
{
    const uint32_t window[2] = {4, 4};
    bento_grid grid;
    int32_t c[2] = {0, 0};
    void *cell = &grid;
    uint32_t i;
    /* a full grid with a cleared bit: insert refuses to count a fifth element */
    CHECK_STATUS(bento_grid_init(&grid, buffer, BENTO_GRID_BYTES(4, 4), 1, 4, 4), BENTO_OK);
    for (i = 0; i < 4u; i++) { /* 0, -1, 1, -2: the box -2 .. 1 */
        c[0] = (i & 1u) != 0u ? -(int32_t)(i + 1u) / 2 : (int32_t)i / 2;
        CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_OK);
    }
    CHECK_EQ(bento_grid_origin(&grid, 0), -2);
    grid.occupied[0] &= ~(1u << 3); /* the bit of 1 */
    c[0] = 1;
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_E_CORRUPT);
    CHECK(cell == NULL);
    CHECK_EQ(bento_grid_count(&grid), 4);
    /* a window whose bitmap has more than count says: focus evicts, and reports it */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window), BENTO_OK);
    c[0] = -2;
    c[1] = -2;
    CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_OK);
    for (i = 0; i < 16u; i++) {
        grid.occupied[0] |= (uint32_t)1u << i; /* every cell, count 1 */
    }
    c[0] = 100;
    CHECK_STATUS(bento_grid_focus(&grid, c, NULL, NULL), BENTO_E_CORRUPT);
    CHECK_EQ(bento_grid_count(&grid), 0);
    CHECK_EQ(bento_grid_origin(&grid, 0), 98); /* the window moved all the same */
    CHECK_EQ(bits_set(&grid), 0);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
}

/* A naive random source for damage: any bits at all. */
static void damage_bytes(void *p, size_t n)
{
    unsigned char *b = (unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (unsigned char)bento_test_rand();
    }
}

/* The int32 of a 32-bit pattern, without implementation-defined conversions. */
static int32_t as_int32(uint32_t u)
{
    return u > (uint32_t)INT32_MAX ? -(int32_t)~u - 1 : (int32_t)u;
}

/* A random point: mostly near the box (inside, just outside, wrapping at the int32 ends),
 * sometimes anywhere. */
static void random_point(const bento_grid *grid, int32_t *c)
{
    unsigned d;
    for (d = 0; d < BENTO_GRID_MAX_DIMS; d++) {
        const uint32_t kind = bento_test_rand_below(8u);
        c[d] = as_int32(kind == 0u ? bento_test_rand()
                                   : (uint32_t)bento_grid_origin(grid, d) +
                                         bento_test_rand_below(20u) - 6u);
    }
}

/* Every operation, a few times, on whatever the grid holds; the caller checks the guards. */
static void every_operation(bento_grid *grid)
{
    uint32_t k, n = 0u;
    int32_t c[4], lo[4], hi[4];
    bento_grid_iter it;
    void *cell;
    for (k = 0; k < 12u; k++) {
        random_point(grid, c);
        (void)bento_grid_get(grid, c);
        (void)bento_grid_contains(grid, c);
        (void)bento_grid_insert(grid, c, &cell);
        random_point(grid, c);
        (void)bento_grid_ensure(grid, c);
        random_point(grid, c);
        (void)bento_grid_remove(grid, c);
        random_point(grid, c);
        (void)bento_grid_focus(grid, c, NULL, NULL);
    }
    random_point(grid, lo);
    random_point(grid, hi);
    bento_grid_iter_init(&it, grid, lo, hi);
    while (bento_grid_iter_next(&it) && n < 100000u) {
        n++;
    }
    bento_grid_iter_init(&it, grid, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        (void)bento_grid_remove(grid, it.coords);
    }
    (void)bento_grid_check(grid);
    (void)bento_grid_extent(grid, 3);
    (void)bento_grid_moved(grid);
}

/*
 * Confinement: grids of every shape whose bitmap and cells hold random bytes (at any time,
 * the empty box included), or whose header was damaged before a reopen, go through every
 * operation; nothing is written outside the buffer (the guards), read outside it (the
 * sanitizers), and every loop ends.
 */
static void test_confinement(void)
{
    uint32_t round, rounds = 60u * bento_test_scale(), refused = 0u, accepted = 0u;
    uint32_t bad_guards = 0u;
    for (round = 0; round < rounds; round++) {
        const unsigned dims = 1u + (unsigned)bento_test_rand_below(4u);
        const bool ring = (bento_test_rand() & 1u) != 0u;
        const size_t cell_size = 1u + (size_t)bento_test_rand_below(8u);
        uint32_t capacity = 1u + bento_test_rand_below(120u);
        uint32_t window[4] = {1, 1, 1, 1};
        size_t bytes;
        unsigned char *memory;
        bento_grid grid, reopened;
        uint32_t k, inserts = bento_test_rand_below(3u) == 0u ? 0u : bento_test_rand_below(60u);
        int32_t c[4];
        if (ring) {
            unsigned d;
            uint32_t left = 7u; /* at most 128 cells */
            capacity = 1u;
            for (d = 0; d < dims; d++) {
                const uint32_t shift = bento_test_rand_below(left + 1u < 4u ? left + 1u : 4u);
                window[d] = (uint32_t)1u << shift;
                capacity *= window[d];
                left -= shift;
            }
        }
        bytes = BENTO_GRID_BYTES(capacity, cell_size);
        if (bytes > sizeof buffer) {
            CHECK(bytes <= sizeof buffer);
            break;
        }
        /* at the end of the guarded buffer, aligned for any cell */
        memory = (unsigned char *)guarded.after - BENTO_ALIGN_UP(bytes, 8u);
        set_guards();
        CHECK_STATUS(ring ? bento_grid_init_window(&grid, memory, bytes, dims, cell_size, window)
                          : bento_grid_init(&grid, memory, bytes, dims, cell_size, capacity),
                     BENTO_OK);
        for (k = 0; k < inserts; k++) {
            random_point(&grid, c);
            (void)bento_grid_insert(&grid, c, NULL);
        }
        if (bento_test_rand_below(4u) == 0u) {
            /* header damage, then a reopen: refused (and inert), or harmless */
            uint32_t *head = (uint32_t *)(void *)memory;
            head[bento_test_rand_below(BENTO_IMPL_GRID_HEAD / 4u)] ^= (uint32_t)1u << bento_test_rand_below(32u);
            if (bento_grid_open(&reopened, memory, bytes) == BENTO_OK) {
                accepted++;
                every_operation(&reopened);
            } else {
                refused++;
                CHECK_EQ(bento_grid_capacity(&reopened), 0);
                every_operation(&reopened);
            }
        } else {
            /* the bitmap and the cells: any bytes */
            damage_bytes(grid.cells, (size_t)capacity * cell_size);
            damage_bytes(grid.occupied, (size_t)((capacity + 31u) >> 5) * 4u);
            if (bento_test_rand_below(4u) == 0u) {
                bento_grid_clear(&grid); /* an empty box ... */
                damage_bytes(grid.occupied, (size_t)((capacity + 31u) >> 5) * 4u); /* ... with bits */
            }
            every_operation(&grid);
            if (bento_grid_open(&reopened, memory, bytes) == BENTO_OK) {
                accepted++;
            }
        }
        bad_guards += !guards_intact();
    }
    CHECK_EQ(bad_guards, 0);
    CHECK(refused > 0u);
}

/*
 * Growth from one cell in every direction, in 1 to 4 dimensions: around a start with
 * negative coordinates, every cell of a cube of growing radius is inserted, in an order that
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
            if (bento_grid_insert(&grid, c, &cell) != BENTO_OK) {
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
            CHECK(bento_grid_extent(&grid, (unsigned)k) >= side &&
                  bento_grid_extent(&grid, (unsigned)k) <= 2u * side);
            CHECK(bento_grid_origin(&grid, (unsigned)k) <= start[k] - (int32_t)(side / 2u));
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
                CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
    *(uint32_t *)cell = 1u;
    c[0] = INT32_MAX - 100;
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK); /* grows down */
    *(uint32_t *)cell = 2u;
    c[0] = INT32_MAX - 1; /* inside now */
    CHECK(bento_grid_get(&grid, c) == NULL);
    CHECK_STATUS(bento_grid_ensure(&grid, c), BENTO_OK);
    c[0] = INT32_MAX - 127;
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
    c[0] = INT32_MIN + 4;
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK); /* grows up: MIN+1 .. MIN+4 */
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MIN + 1);
    CHECK_EQ(bento_grid_extent(&grid, 0), 4);
    c[0] = INT32_MIN;
    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK); /* centring would start below */
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
            CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
        full += bento_grid_insert(&grid, c, &p) == BENTO_E_FULL;
        CHECK(p == NULL);
    }
    CHECK_EQ(full, 12);
    CHECK(same_grid(&grid, &grid_saved)); /* field by field: the struct has padding */
    CHECK(same_bytes(memory, saved, sizeof saved));
    /* the element inserted at i = 1 is still there */
    c[0] = -1;
    c[1] = -10;
    c[2] = 0;
    CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_E_EXISTS);
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
                    CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
        CHECK_STATUS(bento_grid_insert(&grid, d4, NULL), BENTO_OK);
        d4[3] = -6;
        d4[0] = 1;
        CHECK_STATUS(bento_grid_insert(&grid, d4, NULL), BENTO_OK);
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

/* A 2D window of 8x8 following a focus: evictions, ring addressing, inserts outside. */
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
    CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_E_FULL);
    for (y = -4; y < 4; y++) {
        for (x = -4; x < 4; x++) {
            void *cell;
            c[0] = x;
            c[1] = y;
            CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
    /* the staying cells are where they were; the new cells are empty until inserted */
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
                CHECK_STATUS(bento_grid_insert(&grid, c, &cell), BENTO_OK);
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
    CHECK_STATUS(bento_grid_insert(&grid, c, NULL), BENTO_OK);
    CHECK(bento_grid_contains(&grid, c));
    /* clear keeps the window */
    bento_grid_clear(&grid);
    CHECK_EQ(bento_grid_origin(&grid, 0), INT32_MAX - 7);
    CHECK(!bento_grid_contains(&grid, c));
}

/*
 * Random inserts, removes, lookups, iterations and clears against a naive map (a list of
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
    const int32_t offset = (int32_t)bento_test_rand_below((uint32_t)1u << spread_bits) -
                           (int32_t)((uint32_t)1u << (spread_bits - 1u));
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
            if (op < 45u) { /* insert */
                void *cell;
                const uint32_t moved = bento_grid_moved(&grid);
                const bento_status s = bento_grid_insert(&grid, c, &cell);
                if (k != MODEL_MAX) {
                    if (s != BENTO_E_EXISTS || cell != NULL ||
                        read_u32(bento_grid_get(&grid, c)) != mp->value[k]) {
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
                growths += bento_grid_moved(&grid) != moved;
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
            if ((step & 31u) == 0u &&
            (bits_set(&grid) != mp->count || bento_grid_check(&grid) != BENTO_OK)) {
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

/* Random focus moves and inserts in a 3D window against the same naive map. */
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
            s = bento_grid_insert(&grid, c, &cell);
            if (!inside) {
                mismatches += s != BENTO_E_FULL;
            } else if (k != MODEL_MAX) {
                mismatches += s != BENTO_E_EXISTS || cell != NULL ||
                              read_u32(bento_grid_get(&grid, c)) != mp->value[k];
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
        if ((step & 31u) == 0u &&
            (bits_set(&grid) != mp->count || bento_grid_check(&grid) != BENTO_OK)) {
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


/* insert_from: the element and its value in one step, typed and generic, growing and window;
 * the failures of insert leave the cell's value as it was. */
static void test_insert_from(void)
{
    tiles *const t = &tiles_a;
    rings *const r = &rings_a;
    bento_grid grid;
    const uint32_t window[2] = {8, 8};
    const int32_t a[2] = {5, -2}, b[2] = {3, -1}, far[2] = {1000, 1000};
    uint32_t v = 21u;
    CHECK_STATUS(tiles_init(t), BENTO_OK);
    CHECK_STATUS(tiles_insert_from(t, a, &v), BENTO_OK);
    v = 22u;
    CHECK_STATUS(tiles_insert_from_at(t, bento_xy(3, -1), &v), BENTO_OK); /* grows */
    CHECK_EQ(read_u32(tiles_get(t, a)), 21);
    CHECK_EQ(read_u32(tiles_get(t, b)), 22);
    v = 23u;
    CHECK_STATUS(tiles_insert_from(t, a, &v), BENTO_E_EXISTS);
    CHECK_EQ(read_u32(tiles_get(t, a)), 21);
    CHECK_STATUS(tiles_insert_from(t, far, &v), BENTO_E_FULL);
    CHECK_EQ(tiles_count(t), 2);
    CHECK_STATUS(tiles_check(t), BENTO_OK);
    CHECK_STATUS(rings_init(r, window), BENTO_OK);
    CHECK_STATUS(rings_insert_from_at(r, bento_xy(-4, 3), &v), BENTO_OK);
    CHECK_EQ(read_u32(rings_get_at(r, bento_xy(-4, 3))), 23);
    CHECK_STATUS(rings_insert_from(r, far, &v), BENTO_E_FULL);
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 2, 4, 64), BENTO_OK);
    v = 24u;
    CHECK_STATUS(bento_grid_insert_from(&grid, b, &v), BENTO_OK);
    CHECK_EQ(read_u32(bento_grid_get(&grid, b)), 24);
    CHECK_STATUS(bento_grid_check(&grid), BENTO_OK);
}

#if BENTO_POWER_SAFE
/* Word offsets in the state's copy (bento_grid_state): axis d's origin, size and stride, then
 * count and moved. */
#define ORIGIN_WORD(d) (3u * (d))
#define SIZE_WORD(d) (3u * (d) + 1u)
#define COUNT_WORD 12u
#define MOVED_WORD 13u

/* A growth's journal as it is once the relayout is named and before a cell moves: the old
 * box's origins and sizes (axes 0 and 1) and moved as entries, the relayout pending over
 * `left` old cells. */
static void write_growth(uint32_t *log, const bento_grid_state *old, uint32_t left)
{
    unsigned d;
    for (d = 0; d < 2u; d++) {
        log[3u + 4u * d] = ORIGIN_WORD(d);
        log[4u + 4u * d] = (uint32_t)old->axis[d].origin;
        log[5u + 4u * d] = SIZE_WORD(d);
        log[6u + 4u * d] = old->axis[d].size;
    }
    log[11] = MOVED_WORD;
    log[12] = old->moved;
    log[1] = 2u; /* the relayout */
    log[2] = left;
    log[0] = 0x80000000u;
}

/* The journal's recovery, on journals written by hand as a reset leaves them (the cut-point
 * test, tests/cut/, makes them by cutting every operation before each of its stores): entries
 * undone, a clear and a relayout done again, and journals no operation writes refused. */
static void test_journal_recovery(void)
{
    bento_grid grid, reopened;
    bento_grid_state old;
    uint32_t *log, *saved;
    const uint32_t window[2] = {8, 8};
    int32_t c[2];
    uint32_t v, i;
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 2, 4, 64), BENTO_OK);
    saved = (uint32_t *)(void *)grid.saved;
    log = saved + sizeof grid.state / 4u;
    CHECK_EQ(log[0], 0);
    /* a 2 x 2 box at the origin, full */
    for (i = 0; i < 4u; i++) {
        c[0] = (int32_t)(i & 1u);
        c[1] = (int32_t)(i >> 1);
        v = 100u + i;
        CHECK_STATUS(bento_grid_insert_from(&grid, c, &v), BENTO_OK);
    }
    CHECK_EQ(bento_grid_extent(&grid, 0), 2);
    CHECK_EQ(bento_grid_extent(&grid, 1), 2);
    /* a remove cut after its count was stored, before its bit: its entry in force, undone */
    c[0] = 1;
    c[1] = 1;
    log[3] = COUNT_WORD;
    log[4] = 4u;
    log[0] = 1u;
    saved[COUNT_WORD] = 3u;
    CHECK_STATUS(bento_grid_check(&grid), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_count(&reopened), 4);
    CHECK_EQ(read_u32(bento_grid_get(&reopened, c)), 103);
    CHECK_EQ(log[0], 0);

    /* a growth to take (2, 0) in, cut before any cell moved: axis 0 becomes -1 .. 2 (4
     * cells, stride 0), axis 1 stays 0 .. 1 (its stride 2 now); open moves the cells */
    old = reopened.state;
    saved[ORIGIN_WORD(0)] = (uint32_t)-1;
    saved[SIZE_WORD(0)] = 4u;
    saved[MOVED_WORD] = 4u; /* every cell moves */
    write_growth(log, &old, 4u);
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(log[0], 0);
    CHECK_EQ(bento_grid_origin(&reopened, 0), -1);
    CHECK_EQ(bento_grid_extent(&reopened, 0), 4);
    CHECK_EQ(bento_grid_moved(&reopened), 4);
    for (i = 0; i < 4u; i++) {
        c[0] = (int32_t)(i & 1u);
        c[1] = (int32_t)(i >> 1);
        CHECK_EQ(read_u32(bento_grid_get(&reopened, c)), 100u + i);
    }
    c[0] = 2;
    c[1] = 0;
    CHECK(!bento_grid_contains(&reopened, c));
    /* the same growth once every cell has moved (progress 0): nothing left to do */
    write_growth(log, &old, 0u);
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_count(&reopened), 4);
    CHECK_STATUS(bento_grid_check(&reopened), BENTO_OK);

    /* relayout journals no growth writes: refused, the buffer left as it is */
    write_growth(log, &old, 5u); /* more old cells left than the old box has */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[3] = SIZE_WORD(0); /* an entry that is not axis 0's origin */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[5] = ORIGIN_WORD(0); /* nor its size */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[11] = COUNT_WORD; /* nor moved */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[6] = 3u; /* an old size that is not a power of two */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[6] = 8u; /* an old box wider than the new one */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[6] = 128u; /* an old size above the capacity */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[4] = (uint32_t)-2; /* an old box starting before the new one */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    log[4] = 2u; /* an old box ending after the new one */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    write_growth(log, &old, 4u);
    saved[SIZE_WORD(0)] = 128u; /* a new box larger than the capacity */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    saved[SIZE_WORD(0)] = 0u; /* a new box that is empty */
    saved[ORIGIN_WORD(0)] = 0u;
    saved[SIZE_WORD(1)] = 1u;
    saved[ORIGIN_WORD(1)] = 0u;
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    log[1] = 3u; /* no such action */
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    CHECK_EQ(log[0], 0x80000000u);

    /* a growth from the empty box cut once named: the box is the one cell, nothing moves */
    CHECK_STATUS(bento_grid_init(&grid, buffer, sizeof buffer, 2, 4, 64), BENTO_OK);
    old = grid.state;
    saved[ORIGIN_WORD(0)] = 7u;
    saved[SIZE_WORD(0)] = 1u;
    saved[ORIGIN_WORD(1)] = 9u;
    write_growth(log, &old, 0u);
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_origin(&reopened, 0), 7);
    CHECK_EQ(bento_grid_extent(&reopened, 1), 1);
    CHECK_EQ(bento_grid_count(&reopened), 0);

    /* a clear cut once named: done again; a growing grid's box empty again */
    v = 5u;
    c[0] = 7;
    c[1] = 9;
    CHECK_STATUS(bento_grid_insert_from(&reopened, c, &v), BENTO_OK);
    log[1] = 1u;
    log[2] = 0u;
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_count(&reopened), 0);
    CHECK_EQ(bento_grid_extent(&reopened, 0), 0);
    CHECK_EQ(bits_set(&reopened), 0);

    /* a window: its clear keeps the box, and it has no relayout */
    CHECK_STATUS(bento_grid_init_window(&grid, buffer, sizeof buffer, 2, 4, window), BENTO_OK);
    c[0] = 20;
    c[1] = 0;
    CHECK_STATUS(bento_grid_focus(&grid, c, NULL, NULL), BENTO_OK);
    CHECK_STATUS(bento_grid_insert_from(&grid, c, &v), BENTO_OK);
    log[1] = 1u;
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_EQ(bento_grid_count(&reopened), 0);
    CHECK_EQ(bento_grid_origin(&reopened, 0), 16);
    old = reopened.state;
    write_growth(log, &old, 0u);
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_E_CORRUPT);
    log[0] = 0u;
    CHECK_STATUS(bento_grid_open(&reopened, buffer, sizeof buffer), BENTO_OK);
    CHECK_STATUS(bento_grid_check(&reopened), BENTO_OK);
}
#endif

void test_grid(void)
{
    set_guards();
    test_init_statuses();
    test_generic_get_in_four_dimensions();
    test_typed_growing();
    test_typed_window();
    test_open();
    test_check_detects_damage();
    test_empty_box_with_a_bit_set();
    test_corrupt_statuses();
    test_confinement();
    test_growth_every_direction();
    test_growth_moves_dense_block();
    test_int32_edges();
    test_full_leaves_grid_unchanged();
    test_iteration();
    test_window();
    test_against_model();
    test_window_against_model();
    test_insert_from();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    CHECK(guards_intact());
}
