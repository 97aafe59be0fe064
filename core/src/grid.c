/* SPDX-License-Identifier: MIT */
/* bento/grid.c - the spatial grid. The contract is in bento/grid.h. */
#include <bento/grid.h>

#include "internal.h"

#define SIGN_BIT 0x80000000u
#define NOWHERE 0xffffffffu /* never a cell index: a box holds at most 2^31 cells */

/* Iterator states. */
#define ITER_FRESH 0u /* next() looks at the current position first */
#define ITER_MOVED 1u /* next() steps before looking */
#define ITER_DONE 2u

/* The int32 of a 32-bit pattern (two's complement), without implementation-defined casts. */
static int32_t to_int32(uint32_t u)
{
    return u > (uint32_t)INT32_MAX ? -(int32_t)~u - 1 : (int32_t)u;
}

/* Coordinates moved into unsigned order: INT32_MIN -> 0, INT32_MAX -> UINT32_MAX. Box
 * arithmetic happens there, where "inside the int32 range" means "no unsigned wrap". */
static uint32_t biased(int32_t c) { return (uint32_t)c ^ SIGN_BIT; }
static int32_t unbiased(uint32_t b) { return to_int32(b ^ SIGN_BIT); }

/* The origin `down` below `from`, kept inside the int32 range with room for `size` cells
 * from it: never below INT32_MIN, and pushed down at the top. */
BENTO__NOINLINE static int32_t lower(int32_t from, uint32_t down, uint32_t size)
{
    uint32_t low = biased(from);
    low = low >= down ? low - down : 0u;
    return unbiased(low > 0u - size ? 0u - size : low);
}

static bool is_set(const bento_grid *grid, uint32_t index)
{
    return ((grid->occupied[index >> 5] >> (index & 31u)) & 1u) != 0u;
}

/* Turn cell `index`'s occupancy bit over: every caller knows its state. */
BENTO__NOINLINE static void flip(const bento_grid *grid, uint32_t index)
{
    grid->occupied[index >> 5] ^= 1u << (index & 31u);
}

/* Empty cell `index`, known to be occupied. */
static void drop(bento_grid *grid, uint32_t index)
{
    flip(grid, index);
    grid->count--;
}

/* Set each axis's stride from the sizes below it (powers of two, or 0 on axis 0 of the empty
 * box); the log2 of the box's cell count. */
static uint32_t restride(bento_grid_axis *axis, unsigned dims)
{
    uint32_t shift = 0u;
    unsigned d;
    for (d = 0u; d < dims; d++) {
        uint32_t size;
        axis[d].stride = shift;
        for (size = axis[d].size; size > 1u; size >>= 1) {
            shift++;
        }
    }
    return shift;
}

void bento_grid_clear(bento_grid *grid)
{
    uint32_t words = (grid->capacity + 31u) >> 5;
    unsigned d;
    while (words != 0u) {
        grid->occupied[--words] = 0u;
    }
    grid->count = 0u;
    grid->moved = 0u;
    if (grid->window == 0u) {
        for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
            bento_grid_axis *a = &grid->axis[d];
            a->origin = 0;
            a->size = d == 0u ? 0u : 1u; /* the empty box: every lookup misses on axis 0 */
            a->stride = 0u;
        }
    }
}

/* Check the buffer's alignment and size and point the grid's arrays into it; the grid is
 * unchanged on failure. */
BENTO__NOINLINE static bento_status place(bento_grid *grid, void *memory, size_t bytes,
                                          uint32_t capacity, size_t cell_size)
{
    /* the natural alignment of a cell: 8 when its size is a multiple of 8, else 4 */
    if (!bento__is_aligned(memory, (cell_size & 7u) == 0u ? 8u : 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < BENTO_GRID_BYTES(capacity, cell_size)) {
        return BENTO_E_SIZE;
    }
    grid->cells = (unsigned char *)memory;
    grid->occupied =
        (uint32_t *)(void *)(grid->cells + BENTO_ALIGN_UP((size_t)capacity * cell_size, 4u));
    grid->cell_size = (uint32_t)cell_size;
    grid->capacity = capacity;
    return BENTO_OK;
}

bento_status bento_grid_init(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                             size_t cell_size, uint32_t capacity)
{
    bento_status status = BENTO_E_ARGUMENT;
    BENTO_ASSERT(grid != NULL);
    /* until every check passes: an empty growing grid of capacity 0 that refuses everything */
    grid->cells = NULL;
    grid->occupied = NULL;
    grid->cell_size = 0u;
    grid->capacity = 0u;
    grid->dims = 1u;
    grid->window = 0u;
    if (memory != NULL && dims - 1u < BENTO_GRID_MAX_DIMS && cell_size != 0u &&
        cell_size <= UINT32_MAX && capacity - 1u < BENTO_GRID_MAX_CELLS &&
        cell_size <= (SIZE_MAX / 2u) / capacity) {
        status = place(grid, memory, bytes, capacity, cell_size);
        if (status == BENTO_OK) {
            grid->dims = (uint8_t)dims;
        }
    }
    bento_grid_clear(grid);
    return status;
}

bento_status bento_grid_rebase(bento_grid *grid, void *memory, size_t bytes)
{
    if (memory == NULL) {
        return BENTO_E_ARGUMENT;
    }
    /* a grid whose init failed has capacity 0: it needs no bytes and stays empty */
    return grid->capacity == 0u ? BENTO_OK
                                : place(grid, memory, bytes, grid->capacity, grid->cell_size);
}

bento_status bento_grid_init_window(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                    size_t cell_size, const uint32_t *window)
{
    /* the product of the sizes, doubled up one factor of two at a time: it wraps to 0 (which
     * init refuses) past 2^31, and stays 0 from then on */
    uint32_t capacity = window != NULL ? 1u : 0u;
    unsigned d;
    bento_status status;
    for (d = 0u; capacity != 0u && d < dims && d < BENTO_GRID_MAX_DIMS; d++) {
        uint32_t size = window[d];
        if (size == 0u || (size & (size - 1u)) != 0u) {
            capacity = 0u; /* not a power of two */
        }
        for (; size > 1u; size >>= 1) {
            capacity <<= 1;
        }
    }
    status = bento_grid_init(grid, memory, bytes, dims, cell_size, capacity);
    if (status == BENTO_OK) {
        grid->window = 1u;
        for (d = 0u; d < dims; d++) {
            grid->axis[d].origin = -(int32_t)(window[d] >> 1); /* centred on 0 */
            grid->axis[d].size = window[d];
        }
        (void)restride(grid->axis, dims);
    }
    return status;
}

/* Index of the cell at `coords`, or NOWHERE outside the box. A growing grid's slot is the
 * offset from the origin; a window's is the coordinate modulo the size (a ring). The inline
 * bento_grid_get writes the same loop out itself: sharing this one costs it 7 instructions
 * per lookup on Cortex-M4 (measured), for the extra test of the NOWHERE result. */
static uint32_t locate(const bento_grid *grid, const int32_t *coords)
{
    const uint32_t keep = (uint32_t)grid->window - 1u; /* 0 in a window */
    uint32_t index = 0u;
    unsigned d;
    for (d = 0u; d < grid->dims; d++) {
        const bento_grid_axis *a = &grid->axis[d];
        const uint32_t c = (uint32_t)coords[d];
        if (c - (uint32_t)a->origin >= a->size) {
            return NOWHERE;
        }
        index += ((c - ((uint32_t)a->origin & keep)) & (a->size - 1u)) << a->stride;
    }
    return index;
}

/*
 * Move every stored cell from the old geometry (grid->axis) to the new one (next), inside the
 * buffer. Only growing grids get here, so a slot is the offset from the origin. Why the
 * descending order is safe (the header's "Growing in place"): for a cell with old slots u[d],
 * the new slots are v[d] = u[d] + (old origin - new origin) >= u[d] because origins only
 * move down, and the new strides t[d] = sum of log2(new size[e]) for e < d are >= the old
 * ones s[d] because sizes only grow. So the new index j = sum v[d] << t[d] >= i = sum u[d]
 * << s[d]. When old cell i moves, every old cell above i has already moved away, and j >= i
 * is either i itself (nothing to do), an old index above i (free by now) or beyond the old
 * box (never occupied); the map i -> j is one-to-one, so no later move writes over j.
 * Occupancy bits move with the cells, and bits beyond the old box are zero (clear() zeroes
 * the whole bitmap, and nothing sets a bit outside the box), so after the loop exactly the
 * moved cells' bits are set.
 */
BENTO__NOINLINE static void relayout(bento_grid *grid, const bento_grid_axis *next)
{
    const size_t size = grid->cell_size;
    uint32_t *bits = grid->occupied;
    uint32_t i = (uint32_t)1 << restride(grid->axis, grid->dims); /* cells of the old box */
    unsigned d;
    while (i-- != 0u) {
        const uint32_t word = bits[i >> 5];
        uint32_t j = 0u;
        if (word == 0u) {
            i &= ~31u; /* a word of empty cells: on to the word below */
            continue;
        }
        if (((word >> (i & 31u)) & 1u) == 0u) {
            continue;
        }
        for (d = 0u; d < grid->dims; d++) {
            const bento_grid_axis *a = &grid->axis[d];
            const uint32_t slot = (i >> a->stride) & (a->size - 1u);
            j += (slot + ((uint32_t)a->origin - (uint32_t)next[d].origin)) << next[d].stride;
        }
        if (j != i) {
            flip(grid, i);
            flip(grid, j);
            unsigned char *to = grid->cells + (size_t)j * size;
            const unsigned char *from = grid->cells + (size_t)i * size;
            size_t k;
            for (k = 0u; k < size; k++) { /* bytewise: cells are small, and so is this */
                to[k] = from[k];
            }
            grid->moved++;
        }
    }
}

bento_status bento_grid_ensure(bento_grid *grid, const int32_t *coords)
{
    bento_grid_axis next[BENTO_GRID_MAX_DIMS];
    const bool empty = grid->axis[0].size == 0u;
    bool grows = empty;
    uint32_t cells_shift;
    unsigned d;
    for (d = 0u; d < grid->dims; d++) {
        bento_grid_axis *a = &next[d];
        const int32_t c = coords[d];
        *a = grid->axis[d];
        if (empty) {
            /* the empty box becomes the one cell at coords */
            a->origin = c;
            a->size = 1u;
        }
        for (;;) {
            /* how far the origin moves down as the size doubles: half the size (the old box
             * stays centred) when that takes the point in, else the whole size (toward a
             * point below) or nothing (toward a point above); 0 / 1 for a size of 1. A
             * window grows too, here in the copy: its box already holds its capacity, so the
             * capacity check below refuses */
            const uint32_t offset = (uint32_t)c - (uint32_t)a->origin; /* wraps below */
            uint32_t down = a->size >> 1;
            if (offset < a->size) {
                break;
            }
            if ((a->size << 1) == 0u) {
                return BENTO_E_FULL; /* 2^31 cells along one axis already */
            }
            if (c < a->origin ? 0u - offset > down : offset >= a->size + down) {
                down = c < a->origin ? a->size : 0u;
            }
            a->size <<= 1;
            a->origin = lower(a->origin, down, a->size);
            grows = true;
        }
    }
    if (!grows) {
        return BENTO_OK;
    }
    cells_shift = restride(next, grid->dims);
    if (cells_shift > 31u || ((uint32_t)1 << cells_shift) > grid->capacity) {
        return BENTO_E_FULL; /* nothing has been touched */
    }
    relayout(grid, next);
    for (d = 0u; d < grid->dims; d++) {
        grid->axis[d] = next[d];
    }
    return BENTO_OK;
}

bento_status bento_grid_put(bento_grid *grid, const int32_t *coords, void **cell)
{
    bento_status status = bento_grid_ensure(grid, coords);
    void *at = NULL;
    if (status == BENTO_OK) {
        const uint32_t index = locate(grid, coords);
        at = grid->cells + (size_t)index * grid->cell_size;
        if (is_set(grid, index)) {
            status = BENTO_E_EXISTS;
        } else {
            flip(grid, index);
            grid->count++;
        }
    }
    if (cell != NULL) {
        *cell = at;
    }
    return status;
}

bento_status bento_grid_remove(bento_grid *grid, const int32_t *coords)
{
    const uint32_t index = locate(grid, coords);
    if (index == NOWHERE || !is_set(grid, index)) {
        return BENTO_E_NOT_FOUND;
    }
    drop(grid, index);
    return BENTO_OK;
}

void bento_grid_iter_init(bento_grid_iter *it, const bento_grid *grid, const int32_t *lo,
                          const int32_t *hi)
{
    unsigned d;
    it->grid = grid;
    it->cell = NULL;
    it->index = 0u;
    it->state = ITER_FRESH;
    for (d = 0u; d < grid->dims; d++) {
        const bento_grid_axis *a = &grid->axis[d];
        /* the box's range, clipped to lo .. hi; the empty box's axis 0 is empty */
        int32_t low = a->origin;
        int32_t high = to_int32((uint32_t)a->origin + a->size - 1u);
        if (lo != NULL && hi != NULL) {
            low = lo[d] > low ? lo[d] : low;
            high = hi[d] < high ? hi[d] : high;
        }
        if (low > high) {
            it->state = ITER_DONE;
        }
        it->lo[d] = low;
        it->hi[d] = high;
        it->coords[d] = low;
    }
}

bool bento_grid_iter_next(bento_grid_iter *it)
{
    const bento_grid *grid = it->grid;
    while (it->state != ITER_DONE) {
        uint32_t index;
        unsigned d;
        if (it->state == ITER_MOVED) {
            /* step axis 0 first; at the end of a range, carry into the next axis */
            for (d = 0u; it->coords[d] == it->hi[d]; d++) {
                it->coords[d] = it->lo[d];
                if (d + 1u == grid->dims) {
                    it->state = ITER_DONE;
                    return false;
                }
            }
            it->coords[d]++;
        }
        it->state = ITER_MOVED;
        /* located afresh, so a forbidden change to the grid cannot lead outside it */
        index = locate(grid, it->coords);
        if (index != NOWHERE && is_set(grid, index)) {
            it->index = index;
            it->cell = grid->cells + (size_t)index * grid->cell_size;
            return true;
        }
    }
    return false;
}

/*
 * Each axis in turn: the slab of the box that leaves along it (the old range minus the new,
 * one interval as the window moves one way) is walked with the box iterator and emptied,
 * then the axis takes its new origin. Later slabs span only the new range on the axes done,
 * so no cell is walked twice. A window's slot is the coordinate modulo the size, so changing
 * an origin moves nothing.
 */
bento_status bento_grid_focus(bento_grid *grid, const int32_t *focus, bento_grid_evict_fn evict,
                              void *context)
{
    bento_grid_iter it;
    unsigned d;
    if (grid->window == 0u) {
        return BENTO_E_ARGUMENT;
    }
    bento_grid_iter_init(&it, grid, NULL, NULL); /* it.lo, it.hi: the whole box */
    for (d = 0u; d < grid->dims; d++) {
        bento_grid_axis *a = &grid->axis[d];
        const uint32_t size = a->size;
        const int32_t low = lower(focus[d], size >> 1, size);
        if (low != a->origin) {
            /* the slab that leaves: below the new range or above it, clipped to the box by a
             * fresh start of the walk over its own ranges */
            if (low > a->origin) {
                it.hi[d] = low - 1;
            } else {
                it.lo[d] = to_int32((uint32_t)low + size);
            }
            bento_grid_iter_init(&it, grid, it.lo, it.hi);
            while (bento_grid_iter_next(&it)) {
                if (evict != NULL) {
                    evict(context, it.coords, it.cell);
                }
                drop(grid, it.index);
            }
            a->origin = low;
        }
        it.lo[d] = low;
        it.hi[d] = to_int32((uint32_t)low + size - 1u);
    }
    return BENTO_OK;
}
