/* SPDX-License-Identifier: MIT */
/* bench/qemu/bench_grid.c - instructions per grid lookup (typed, typed by point, generic) against
 * a raw flat 3D array, per insert that grows the box, and per window focus move, on every
 * board. The typed and the generic grid each have their own memory, filled alike. */
#include <bento/grid.h>

#include "qbench.h"

/* A small chunk scenario: a ball of radius 3 around a player with negative coordinates. */
enum { R = 3, SIDE = 2 * R + 1, ROUNDS = 10 };
static const int32_t player[3] = {-3, -100, 7};

/* 16-bit chunk ids keep the RAM small enough for the micro:bit */
BENTO_GRID_TYPE(qgrid, uint16_t, 3, 512); /* the ball needs an 8 x 8 x 8 box */
BENTO_GRID_WINDOW_TYPE(qwindow, uint32_t, 2, 64);

static qgrid grid;
static bento_grid generic;
static bento_align_unit generic_memory[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(512, sizeof(uint16_t)))];
static uint16_t flat[SIDE * SIDE * SIDE]; /* the floor: the ball's bounding box, 0 = no chunk */

static uint16_t id_of(const int32_t *c)
{
    return (uint16_t)(((uint32_t)c[0] * 73u ^ (uint32_t)c[1] * 193u ^ (uint32_t)c[2]) | 1u);
}

/* The view: the 6 x 6 x 6 box of the player's ball without its lowest layer on each axis
 * (216 lookups, 120 of them hits); every loop walks it x fastest. */
#define FOR_VIEW(c)                                                        \
    for (c[2] = player[2] - R + 1; c[2] <= player[2] + R; c[2]++)          \
        for (c[1] = player[1] - R + 1; c[1] <= player[1] + R; c[1]++)      \
            for (c[0] = player[0] - R + 1; c[0] <= player[0] + R; c[0]++)
enum { VIEW = (SIDE - 1) * (SIDE - 1) * (SIDE - 1) };

/* The loops are kept out of line so each is measured as compiled. */
__attribute__((noinline)) static uint32_t loop_typed(void)
{
    uint32_t sum = 0u, r;
    int32_t c[3];
    for (r = 0; r < ROUNDS; r++) {
        FOR_VIEW(c) {
            const uint16_t *p = qgrid_get(&grid, c);
            sum += p != NULL ? *p : 0u;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_typed_at(void)
{
    uint32_t sum = 0u, r;
    int32_t c[3];
    for (r = 0; r < ROUNDS; r++) {
        FOR_VIEW(c) {
            const uint16_t *p = qgrid_get_at(&grid, bento_xyz(c[0], c[1], c[2]));
            sum += p != NULL ? *p : 0u;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_generic(void)
{
    uint32_t sum = 0u, r;
    int32_t c[3];
    for (r = 0; r < ROUNDS; r++) {
        FOR_VIEW(c) {
            const uint16_t *p = (const uint16_t *)bento_grid_get(&generic, c);
            sum += p != NULL ? *p : 0u;
        }
    }
    return sum;
}

/* The floor: no bounds checks, no occupancy (the view lies inside the bounding box). */
__attribute__((noinline)) static uint32_t loop_floor(void)
{
    uint32_t sum = 0u, r;
    int32_t c[3];
    for (r = 0; r < ROUNDS; r++) {
        FOR_VIEW(c) {
            sum += flat[(uint32_t)(c[0] - (player[0] - R)) +
                        SIDE * ((uint32_t)(c[1] - (player[1] - R)) +
                                SIDE * (uint32_t)(c[2] - (player[2] - R)))];
        }
    }
    return sum;
}

/* Everything but the lookup: the same walk, reading a coordinate instead. */
__attribute__((noinline)) static uint32_t loop_overhead(void)
{
    uint32_t sum = 0u, r;
    int32_t c[3];
    for (r = 0; r < ROUNDS; r++) {
        FOR_VIEW(c) {
            sum += (uint32_t)c[0];
        }
    }
    return sum;
}

/* Fill the ball from one cell, nearest first: every growth and relayout included. With
 * `insert` false, the same walk without the inserts (the overhead to subtract); with `into`
 * not NULL, the generic grid is filled instead, untimed. */
__attribute__((noinline)) static uint32_t build(bool insert, bento_grid *into)
{
    uint32_t failures = 0u, d2;
    int32_t x, y, z;
    if (into == NULL) {
        qgrid_clear(&grid);
    }
    for (d2 = 0; d2 <= R * R; d2++) {
        for (z = -R; z <= R; z++) {
            for (y = -R; y <= R; y++) {
                for (x = -R; x <= R; x++) {
                    if ((uint32_t)(x * x + y * y + z * z) == d2) {
                        const int32_t c[3] = {player[0] + x, player[1] + y, player[2] + z};
                        uint16_t *cell = NULL;
                        void *any = NULL;
                        if (!insert) {
                            failures += id_of(c);
                            continue;
                        }
                        if (into != NULL) {
                            failures += (uint32_t)(bento_grid_insert(into, c, &any) != BENTO_OK);
                            cell = (uint16_t *)any;
                        } else {
                            failures += (uint32_t)(qgrid_insert(&grid, c, &cell) != BENTO_OK);
                        }
                        if (cell != NULL) {
                            *cell = id_of(c);
                        }
                    }
                }
            }
        }
    }
    return failures;
}

/* A window of 8 x 8 filled, its focus walked 16 steps along x: 8 cells leave per step. */
static qwindow window;
__attribute__((noinline)) static uint32_t walk_window(void)
{
    uint32_t failures = 0u, step;
    for (step = 1; step <= 16u; step++) {
        int32_t focus[2] = {(int32_t)step, 0}, c[2];
        failures += (uint32_t)(qwindow_focus(&window, focus, NULL, NULL) != BENTO_OK);
        c[0] = (int32_t)step + 3; /* the column that entered */
        for (c[1] = -4; c[1] < 4; c[1]++) {
            failures += (uint32_t)(qwindow_insert(&window, c, NULL) != BENTO_OK);
        }
    }
    return failures;
}

void qbench_grid(void)
{
    static const uint32_t sizes[2] = {8, 8};
    uint32_t ticks, overhead, check = 0u, cells, i;
    int32_t x, y, z;
    check += (uint32_t)qgrid_init(&grid);
    check += (uint32_t)bento_grid_init(&generic, generic_memory, sizeof generic_memory, 3,
                                       sizeof(uint16_t), 512);
    qbench_start();
    check += build(false, NULL);
    overhead = qbench_stop();
    qbench_start();
    check += build(true, NULL);
    ticks = qbench_stop();
    cells = qgrid_count(&grid);
    qbench_report("grid insert, growing from one cell (ball of 123 chunks, relayouts included)",
                  ticks, overhead, cells);
    check += build(true, &generic);
    for (z = -R; z <= R; z++) {
        for (y = -R; y <= R; y++) {
            for (x = -R; x <= R; x++) {
                const int32_t c[3] = {player[0] + x, player[1] + y, player[2] + z};
                const uint16_t *p = qgrid_get(&grid, c);
                flat[(uint32_t)(x + R) + SIDE * ((uint32_t)(y + R) + SIDE * (uint32_t)(z + R))] =
                    p != NULL ? *p : 0u;
            }
        }
    }
    overhead = qbench_time(loop_overhead);
    ticks = qbench_time(loop_typed);
    qbench_report("grid get (typed, 3D, 16-bit cells)", ticks, overhead, VIEW * ROUNDS);
    ticks = qbench_time(loop_typed_at);
    qbench_report("grid get_at (typed, by bento_point)", ticks, overhead, VIEW * ROUNDS);
    ticks = qbench_time(loop_generic);
    qbench_report("grid get (generic, 3D, 16-bit cells)", ticks, overhead, VIEW * ROUNDS);
    ticks = qbench_time(loop_floor);
    qbench_report("grid floor: flat 3D array read, no checks", ticks, overhead, VIEW * ROUNDS);

    check += (uint32_t)qwindow_init(&window, sizes);
    for (i = 0; i < 64u; i++) {
        const int32_t c[2] = {(int32_t)(i & 7u) - 4, (int32_t)(i >> 3) - 4};
        check += (uint32_t)qwindow_insert(&window, c, NULL);
    }
    ticks = qbench_time(walk_window);
    qbench_report("grid window 8x8: focus step (8 evicted) + 8 inserts", ticks, 0u, 16u);
    if (check == 0xFFFFFFFFu) {
        bento_port_write("(unlikely checksum)\n"); /* keeps the sums alive */
    }
}
