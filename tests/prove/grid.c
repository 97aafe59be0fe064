/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/grid.c - the grid under Eva (tests/prove/run): whatever bytes its buffer holds,
 * open and then any one operation, with any coordinates, read and write only inside the
 * buffer (and the caller's value), hand back only pointers into the buffer, and answer a
 * status. Every byte of the buffer is unknown to the analyser but the parameter record, one
 * of these shapes of PROVE_CAPACITY cells of PROVE_VALUE_SIZE bytes: a growing grid of 1, 2
 * or 4 axes, and when the capacity is a power of two a window of 1 axis and one of 2 (its
 * sizes as even as they split). The box, the counters, the journal, the bitmap and every
 * cell are any bytes at all.
 */
#include <bento/grid.h>

#include "__fc_builtin.h"

static bento_align_unit
    memory[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(PROVE_CAPACITY, PROVE_VALUE_SIZE))];
static unsigned char value[PROVE_VALUE_SIZE];

/* log2 of the capacity, when it is a power of two */
#define PROVE_SHIFT                                                                               \
    (PROVE_CAPACITY == 1u ? 0u : PROVE_CAPACITY == 2u ? 1u : PROVE_CAPACITY == 4u ? 2u           \
                                                     : PROVE_CAPACITY == 8u ? 3u : 32u)

/* the cells focus evicts: inside the buffer */
static void evict(void *context, const int32_t *coords, void *cell)
{
    (void)context;
    (void)coords;
    prove_inside(cell, PROVE_VALUE_SIZE, memory, sizeof memory);
}

/* a whole iteration from lo to hi: its paths merged (tests/prove/prove.mk) */
static void walk(const bento_grid *grid, const int32_t *lo, const int32_t *hi)
{
    bento_grid_iter it;
    bento_grid_iter_init(&it, grid, lo, hi);
    while (bento_grid_iter_next(&it)) {
        prove_inside(it.cell, PROVE_VALUE_SIZE, memory, sizeof memory);
    }
}

int main(void)
{
    bento_grid grid;
    uint32_t *const words = (uint32_t *)(void *)memory;
    int32_t coords[BENTO_GRID_MAX_DIMS], lo[BENTO_GRID_MAX_DIMS], hi[BENTO_GRID_MAX_DIMS];
    void *cell = NULL;
    unsigned d;
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        coords[d] = Frama_C_int_interval(INT32_MIN, INT32_MAX);
        lo[d] = Frama_C_int_interval(INT32_MIN, INT32_MAX);
        hi[d] = Frama_C_int_interval(INT32_MIN, INT32_MAX);
    }
    Frama_C_make_unknown((char *)memory, sizeof memory);
    Frama_C_make_unknown((char *)value, sizeof value);
    /* the parameter record, after the header's four words: shape (dims | window << 8), cell
     * size, capacity, window shifts (a byte per axis) */
    words[5] = PROVE_VALUE_SIZE;
    words[6] = PROVE_CAPACITY;
    words[7] = 0u;
    switch (Frama_C_interval(0, PROVE_SHIFT < 32u ? 4 : 2)) {
    case 0:
        words[4] = 1u;
        break;
    case 1:
        words[4] = 2u;
        break;
    case 2:
        words[4] = 4u;
        break;
    case 3:
        words[4] = 1u | 1u << 8;
        words[7] = PROVE_SHIFT;
        break;
    default:
        words[4] = 2u | 1u << 8;
        words[7] = (PROVE_SHIFT - PROVE_SHIFT / 2u) | (PROVE_SHIFT / 2u) << 8;
        break;
    }
    if (bento_grid_open(&grid, memory, sizeof memory) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(grid.state.count);
    switch (Frama_C_interval(0, 8)) {
    case 0:
        (void)bento_grid_ensure(&grid, coords);
        break;
    case 1:
        (void)bento_grid_insert(&grid, coords, &cell);
        prove_inside(cell, PROVE_VALUE_SIZE, memory, sizeof memory);
        break;
    case 2:
        (void)bento_grid_insert_from(&grid, coords, value);
        break;
    case 3:
        (void)bento_grid_remove(&grid, coords);
        break;
    case 4:
        bento_grid_clear(&grid);
        break;
    case 5:
        (void)bento_grid_check(&grid);
        break;
    case 6:
        prove_inside(bento_grid_get(&grid, coords), PROVE_VALUE_SIZE, memory, sizeof memory);
        prove_inside(bento_impl_grid_get(&grid, coords, grid.dims, PROVE_VALUE_SIZE,
                                         grid.window != 0u),
                     PROVE_VALUE_SIZE, memory, sizeof memory);
        (void)bento_grid_contains(&grid, coords);
        (void)bento_grid_count(&grid);
        (void)bento_grid_capacity(&grid);
        (void)bento_grid_moved(&grid);
        d = (unsigned)Frama_C_interval(0, 7);
        (void)bento_grid_origin(&grid, d);
        (void)bento_grid_extent(&grid, d);
        break;
    case 7:
        (void)bento_grid_focus(&grid, coords, evict, NULL);
        break;
    default:
        walk(&grid, Frama_C_interval(0, 1) ? lo : NULL, Frama_C_interval(0, 1) ? hi : NULL);
        break;
    }
    return 0;
}
