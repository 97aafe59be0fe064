/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M2 M3 M9 M10 M12 M15 M17 M19 M20 M22 M26 M30 T1. */
/* bento/grid.c - the spatial grid. The contract is in bento/grid.h. */
#include <bento/grid.h>

#include "internal.h"

static uint32_t box_cells(const bento_grid *grid, const bento_grid_axis *axis);

#define SIGN_BIT 0x80000000u

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
BENTO_IMPL_NOINLINE static int32_t lower(int32_t from, uint32_t down, uint32_t size)
{
    uint32_t low = biased(from);
    low = low >= down ? low - down : 0u;
    return unbiased(low > 0u - size ? 0u - size : low);
}

/* Inlined everywhere, as a lookup's own bit test is. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define ALWAYS_INLINE inline
#endif

static ALWAYS_INLINE bool is_set(const bento_grid *grid, uint32_t index)
{
    return ((grid->occupied[index >> 5] >> (index & 31u)) & 1u) != 0u;
}

/* Turn cell `index`'s occupancy bit over through the operation's journal: every caller knows
 * its state. */
static ALWAYS_INLINE void flip(const bento_grid *grid, bento_impl_journal *j, uint32_t index)
{
    uint32_t *const word = &grid->occupied[index >> 5];
    bento_impl_put(j, word, *word ^ (uint32_t)1 << (index & 31u));
}

/* Set each axis's stride from the sizes below it (powers of two); the log2 of the box's cell
 * count. Only a growth needs it (init and clear know their strides). */
static uint32_t restride(bento_grid_axis *axis, unsigned dims)
{
    uint32_t shift = 0u;
    unsigned d;
    for (d = 0u; d < dims; d++) {
        axis[d].stride = shift;
        shift += bento_impl_log2(axis[d].size);
    }
    return shift;
}

/* The box a grid starts from: a growing grid's is empty (axis 0 of size 0, where every
 * lookup misses), a window's is centred on the point 0, its strides the running sums of its
 * sizes' log2 (the bytes of window_shifts, 0 beyond dims and in a growing grid). Axes beyond
 * dims have size 1. */
static void start_box(bento_grid *grid)
{
    uint32_t shift = 0u;
    unsigned d;
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        bento_grid_axis *a = &grid->state.axis[d];
        const uint32_t bits = grid->window_shifts >> (8u * d) & 0xffu;
        const uint32_t size = grid->window != 0u ? (uint32_t)1 << bits : (d == 0u ? 0u : 1u);
        a->origin = -(int32_t)(size >> 1);
        a->size = size;
        a->stride = d < grid->dims ? shift : 0u;
        shift += bits;
    }
}

/* The pending actions of the journal (internal.h, "journal"): a clear's bitmap and state
 * stored again; a growth's relayout, resumed from its argument (below). */
#define CLEAR 1u
#define RELAYOUT 2u

/* Empty every cell: the bitmap, the counters, a growing grid's box; the state through to its
 * copy. Every store is one that doing it twice leaves as once: open does it again after a
 * reset cut it. */
static ALWAYS_INLINE void clear_cells(bento_grid *grid)
{
    uint32_t words;
    for (words = (grid->capacity + 31u) >> 5; words != 0u; words--) {
        grid->occupied[words - 1u] = 0u;
    }
    grid->state.count = 0u;
    grid->state.moved = 0u;
    if (grid->window == 0u) {
        start_box(grid);
    }
    BENTO_IMPL_SAVE(grid);
}

void bento_grid_clear(bento_grid *grid)
{
    bento_impl_journal j;
    BENTO_ASSERT(grid != NULL);
    if (grid->capacity == 0u) {
        return; /* inert: empty, and no journal */
    }
    /* nothing to log: every store is named as the pending action first */
    BENTO_IMPL_BEGIN(&j, grid);
    bento_impl_redo(&j, CLEAR, 0u);
    clear_cells(grid);
    bento_impl_done(&j);
}

/*
 * Check a parameter record and the buffer and fill the grid's fixed fields, pointing its
 * arrays into `memory` (the lifecycle's configure, core/src/internal.h). The record's shape
 * says a sliding window (window 1), whose sizes are 1 << the bytes of `window_shifts` and
 * whose capacity is their product, or a growing grid (window 0, shifts 0).
 */
static bento_status grid_configure(void *x, void *memory, size_t bytes, const void *record,
                                   const void *with, size_t *used)
{
    bento_grid *const grid = (bento_grid *)x;
    const bento_impl_grid_params *const p = (const bento_impl_grid_params *)record;
    const uint32_t dims = p->shape & 0xffu, window = p->shape >> 8;
    const size_t cell_size = bento_impl_size_of(p->cell_size);
    const uint32_t capacity = p->capacity, shifts = p->window_shifts;
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_GRID_HEAD);
    uint32_t total = 0u;
    size_t cells, bits;
    unsigned d;
    (void)with;
    if (memory == NULL || dims - 1u >= BENTO_GRID_MAX_DIMS || cell_size == 0u ||
        cell_size > BENTO_IMPL_BYTES_MAX || capacity - 1u >= BENTO_GRID_MAX_CELLS || window > 1u ||
        (window == 0u && shifts != 0u)) {
        return BENTO_E_ARGUMENT;
    }
    for (d = 0u; d < BENTO_GRID_MAX_DIMS && window != 0u; d++) {
        const uint32_t shift = shifts >> (8u * d) & 0xffu;
        if (shift > 31u || (d >= dims && shift != 0u)) {
            return BENTO_E_ARGUMENT;
        }
        total += shift;
    }
    if (window != 0u && (total > 31u || capacity != (uint32_t)1 << total)) {
        return BENTO_E_ARGUMENT;
    }
    cells = bento_impl_layout_add(&layout, capacity, cell_size, 4u);
    bits = bento_impl_layout_add(&layout, (capacity >> 5) + ((capacity & 31u) != 0u), 4u, 4u);
    *used = layout.bytes;
    {
        const bento_status status =
            bento_impl_layout_fits(&layout, memory, bento_impl_align_of_size(cell_size), bytes);
        if (status != BENTO_OK) {
            return status;
        }
    }
    grid->cells = (unsigned char *)memory + cells;
    grid->occupied = (uint32_t *)(void *)((unsigned char *)memory + bits);
    grid->saved = (bento_grid_state *)bento_impl_saved_at(memory, sizeof(bento_impl_grid_params));
    grid->cell_size = (uint32_t)cell_size;
    grid->capacity = capacity;
    grid->window_shifts = shifts;
    grid->dims = (uint8_t)dims;
    grid->window = (uint8_t)window;
    return BENTO_OK;
}

/* The parameter record of a configured grid, and its buffer's bytes. */
static size_t grid_record(const void *x, void *record)
{
    const bento_grid *const grid = (const bento_grid *)x;
    bento_impl_grid_params *const p = (bento_impl_grid_params *)record;
    p->shape = grid->dims | (uint32_t)grid->window << 8;
    p->cell_size = grid->cell_size;
    p->capacity = grid->capacity;
    p->window_shifts = grid->window_shifts;
    return BENTO_GRID_BYTES(grid->capacity, grid->cell_size);
}

/* The box as it starts, an empty bitmap. */
static void grid_empty(void *x)
{
    bento_grid *const grid = (bento_grid *)x;
    start_box(grid);
    clear_cells(grid);
}

static bento_status grid_redo(void *x, uint32_t action, uint32_t arg);
static bento_status grid_invariants(const void *x);

static const bento_impl_kind grid_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_GRID, bento_grid, bento_grid_state, bento_impl_grid_params,
                    BENTO_IMPL_GRID_HEAD, BENTO_IMPL_GRID_ENTRIES),
    grid_configure, grid_record, grid_empty, BENTO_IMPL_REDO_OF(grid_redo), NULL,
    grid_invariants, NULL,
};

/* The parameter record of a growing grid of these parameters (init's, and a typed open's). */
static bento_impl_grid_params growing_params(unsigned dims, size_t cell_size, uint32_t capacity)
{
    bento_impl_grid_params p;
    p.shape = bento_impl_record_small(dims);
    p.cell_size = bento_impl_record_size(cell_size);
    p.capacity = capacity;
    p.window_shifts = 0u;
    return p;
}

bento_status bento_grid_init(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                             size_t cell_size, uint32_t capacity)
{
    const bento_impl_grid_params p = growing_params(dims, cell_size, capacity);
    BENTO_ASSERT(grid != NULL);
    return bento_impl_init(&grid_kind, grid, memory, bytes, &p, NULL);
}

bento_status bento_grid_init_window(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                    size_t cell_size, const uint32_t *window)
{
    bento_impl_grid_params p;
    uint32_t shifts = 0u, total = 0u;
    unsigned d;
    BENTO_ASSERT(grid != NULL);
    bento_impl_inert(&grid_kind, grid);
    if (window == NULL || dims - 1u >= BENTO_GRID_MAX_DIMS) {
        return BENTO_E_ARGUMENT;
    }
    for (d = 0u; d < dims; d++) {
        if (!bento_impl_is_pow2(window[d])) {
            return BENTO_E_ARGUMENT;
        }
        shifts |= (uint32_t)bento_impl_log2(window[d]) << (8u * d);
        total += bento_impl_log2(window[d]);
    }
    if (total > 31u) {
        return BENTO_E_ARGUMENT;
    }
    p.shape = dims | 1u << 8;
    p.cell_size = bento_impl_record_size(cell_size);
    p.capacity = (uint32_t)1 << total;
    p.window_shifts = shifts;
    return bento_impl_init(&grid_kind, grid, memory, bytes, &p, NULL);
}

bento_status bento_grid_open(bento_grid *grid, void *memory, size_t bytes)
{
    BENTO_ASSERT(grid != NULL);
    return bento_impl_open(&grid_kind, grid, memory, bytes, NULL, NULL);
}

bento_status bento_impl_grid_open_as(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                     size_t cell_size, uint32_t capacity, bool window)
{
    const bento_impl_grid_params p = growing_params(dims, cell_size, capacity);
    bento_status status;
    BENTO_ASSERT(grid != NULL);
    status = bento_impl_open(&grid_kind, grid, memory, bytes, NULL, window ? NULL : &p);
    /* a window's sizes are the caller's at init, not the type's: a window grid of the type is
     * one of its dims and cell size and at most its capacity */
    if (status == BENTO_OK && window &&
        !(grid->window != 0u && grid->dims == dims && grid->cell_size == cell_size &&
          grid->capacity <= capacity)) {
        bento_impl_inert(&grid_kind, grid);
        status = BENTO_E_CORRUPT;
    }
    return status;
}

static void relayout(bento_grid *grid, const bento_grid_axis *next, bento_impl_journal *j,
                     uint32_t top);

/* Where a counter of the counters' copy is, in words from the copy: as an entry names it. */
static uint32_t word_of(const bento_grid *grid, const void *counter)
{
    return (uint32_t)((const uint32_t *)counter - (const uint32_t *)(const void *)grid->saved);
}

/*
 * Resume a relayout a reset cut, below old index `left`: the old box read back from the
 * growth's entries (always the origin and size of each axis, then moved: see grow()), the new
 * one from the state's copy, their strides derived from their sizes (the new ones stored
 * again: a growth stores them after naming the relayout). Both boxes are checked, and the old
 * one inside the new one as a growth leaves them, so that whatever the journal holds the walk
 * stays inside the buffer (relayout's confinement). BENTO_E_CORRUPT otherwise, nothing
 * stored then.
 */
static bento_status grid_resume(bento_grid *grid, bento_impl_journal *j, uint32_t left)
{
    const uint32_t *entry = (const uint32_t *)(void *)grid->saved + sizeof grid->state / 4u + 3u;
    const unsigned dims = grid->dims;
    bento_grid_axis old[BENTO_GRID_MAX_DIMS], next[BENTO_GRID_MAX_DIMS];
    uint32_t old_cells, new_cells;
    unsigned d;
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        old[d] = grid->saved->axis[d];
        next[d] = old[d];
    }
    for (d = 0u; d < dims; d++, entry += 4u) {
        /* no size above the capacity, before the strides are derived from them (each box is
         * checked whole below) */
        if (entry[0] != word_of(grid, &grid->saved->axis[d].origin) ||
            entry[2] != word_of(grid, &grid->saved->axis[d].size) ||
            entry[3] > grid->capacity || next[d].size > grid->capacity) {
            return BENTO_E_CORRUPT;
        }
        old[d].origin = to_int32(entry[1]);
        old[d].size = entry[3];
    }
    if (entry[0] != word_of(grid, &grid->saved->moved)) {
        return BENTO_E_CORRUPT;
    }
    (void)restride(old, dims);
    (void)restride(next, dims);
    old_cells = box_cells(grid, old);
    new_cells = box_cells(grid, next);
    if (grid->window != 0u || old_cells == BENTO_NONE || new_cells == BENTO_NONE ||
        new_cells == 0u || left > old_cells) {
        return BENTO_E_CORRUPT;
    }
    for (d = 0u; d < dims && old_cells != 0u; d++) {
        if (old[d].size > next[d].size ||
            (uint32_t)old[d].origin - (uint32_t)next[d].origin > next[d].size - old[d].size) {
            return BENTO_E_CORRUPT;
        }
    }
    for (d = 0u; d < dims; d++) {
        grid->saved->axis[d].stride = next[d].stride;
        grid->state.axis[d] = old[d]; /* relayout moves cells from the grid's own axes */
    }
    relayout(grid, next, j, left);
    return BENTO_OK;
}

/* An operation cut by a reset: its pending action (a clear, a relayout) done again, before the
 * state is loaded from its copy. */
static bento_status grid_redo(void *x, uint32_t action, uint32_t arg)
{
    bento_grid *const grid = (bento_grid *)x;
    bento_impl_journal j;
    BENTO_IMPL_BEGIN(&j, grid);
    if (action == CLEAR) {
        /* from the copy: a window keeps its box */
        bento_impl_save(&grid->state, grid->saved, sizeof grid->state);
        clear_cells(grid);
        return BENTO_OK;
    }
    return action == RELAYOUT ? grid_resume(grid, &j, arg) : BENTO_E_CORRUPT;
}

/* Index of the cell at `coords`, or BENTO_NONE outside the box. A growing grid's slot is the
 * offset from the origin; a window's is the coordinate modulo the size (a ring). Axis 0 is
 * always tested, so an inert grid (dims 0, axis 0 of size 0) finds nothing. The inline
 * bento_grid_get writes the same loop out itself: sharing this one costs it 7 instructions
 * per lookup on Cortex-M4 (measured), for the extra test of the BENTO_NONE result. */
static uint32_t grid_locate(const bento_grid *grid, const int32_t *coords)
{
    const uint32_t keep = (uint32_t)grid->window - 1u; /* 0 in a window */
    const unsigned dims = grid->dims;
    uint32_t index = 0u;
    unsigned d = 0u;
    do {
        const bento_grid_axis *a = &grid->state.axis[d];
        const uint32_t c = (uint32_t)coords[d];
        if (c - (uint32_t)a->origin >= a->size) {
            return BENTO_NONE;
        }
        index += ((c - ((uint32_t)a->origin & keep)) & (a->size - 1u)) << a->stride;
    } while (++d < dims);
    return index;
}

/*
 * Move every stored cell from the old geometry (the grid's axes) to the new one (next),
 * inside the buffer. Only growing grids with a nonempty box get here, so a slot is the
 * offset from the origin. Why the descending order is safe (the header's "Growing in
 * place"): for a cell with old slots u[d], the new slots are v[d] = u[d] + (old origin - new
 * origin) >= u[d] because origins only move down, and the new strides t[d] = sum of
 * log2(new size[e]) for e < d are >= the old ones s[d] because sizes only grow. So the new
 * index j = sum v[d] << t[d] >= i = sum u[d] << s[d]. When old cell i moves, every old cell
 * above i has already moved away, and j >= i is either i itself (nothing to do), an old index
 * above i (free by now) or beyond the old box (never occupied); the map i -> j is
 * one-to-one, so no later move writes over j. Occupancy bits move with the cells, and bits
 * beyond the old box are zero (clear() zeroes the whole bitmap, and nothing sets a bit
 * outside the box), so after the loop exactly the moved cells' bits are set.
 *
 * Under BENTO_POWER_SAFE the walk starts below old index `top` (the old box's cell count,
 * or where a reset left it) and each move is a step a reset can interrupt and open resume:
 * the cell is copied before its new bit is set and its old bit cleared (set and cleared, not
 * turned over, so a step done twice is done once), and the journal's progress word says
 * which old indices are done, moved forward to i + 1 before a new bit is set below it (a
 * walk resumed from there would take that bit for an old cell) and to i once cell i is done.
 *
 * Confinement: i is below the old box's cell count and every slot below its axis's size, so
 * j is below the new box's cell count, itself at most the capacity, whatever the bitmap
 * holds. (With an empty old box that would not hold: its axis 0 has size 0, so its "cell 0"
 * has no slot. ensure never calls this for an empty box.)
 */
BENTO_IMPL_NOINLINE static void relayout(bento_grid *grid, const bento_grid_axis *next,
                                         bento_impl_journal *j, uint32_t top)
{
    const size_t size = (size_t)grid->cell_size;
    const bento_grid_axis *axis = grid->state.axis;
    uint32_t *bits = grid->occupied;
    uint32_t i = top;
    uint32_t progress = top;
    unsigned d;
    while (i-- != 0u) {
        const uint32_t word = bits[i >> 5];
        uint32_t j_index = 0u;
        if (word == 0u) {
            i &= ~(uint32_t)31u; /* a word of empty cells: on to the word below */
            continue;
        }
        if (((word >> (i & 31u)) & 1u) == 0u) {
            continue;
        }
        /* target(), written out: so the loop compiles as it did before there was one */
        for (d = 0u; d < grid->dims; d++) {
            const uint32_t slot = (i >> axis[d].stride) & (axis[d].size - 1u);
            j_index += (slot + ((uint32_t)axis[d].origin - (uint32_t)next[d].origin))
                       << next[d].stride;
        }
        if (j_index < grid->capacity && j_index != i) { /* always below: the bound, stated */
            unsigned char *to = grid->cells + (size_t)j_index * size;
            const unsigned char *from = grid->cells + (size_t)i * size;
            size_t k;
            for (k = 0u; k < size; k++) { /* bytewise: cells are small, and so is this */
                to[k] = from[k];
            }
            bento_impl_fence();
            if (j_index < progress) {
                bento_impl_progress(j, i + 1u);
            }
            bits[j_index >> 5] |= (uint32_t)1 << (j_index & 31u);
            bento_impl_fence();
            bits[i >> 5] &= ~((uint32_t)1 << (i & 31u));
            bento_impl_progress(j, i);
            progress = i;
            grid->state.moved += bento_impl_durable(j) ? 0u : 1u;
        }
    }
}

/* The new index of old cell i, moved from the old geometry `axis` to `next` (dims axes):
 * relayout's, written out there. */
static inline uint32_t target(const bento_grid_axis *axis, const bento_grid_axis *next,
                              unsigned dims, uint32_t i)
{
    uint32_t j = 0u;
    unsigned d;
    for (d = 0u; d < dims; d++) {
        const uint32_t slot = (i >> axis[d].stride) & (axis[d].size - 1u);
        j += (slot + ((uint32_t)axis[d].origin - (uint32_t)next[d].origin)) << next[d].stride;
    }
    return j;
}

/* The cells relayout(grid, next, ..., from the top) will move: the moved() statistic a growth
 * that a reset may cut stores before it moves anything. */
static uint32_t moves(const bento_grid *grid, const bento_grid_axis *next)
{
    const bento_grid_axis *last = &grid->state.axis[grid->dims - 1u];
    uint32_t i = last->size << last->stride;
    uint32_t n = 0u;
    while (i-- != 0u) {
        n += is_set(grid, i) && target(grid->state.axis, next, grid->dims, i) != i ? 1u : 0u;
    }
    return n;
}

/*
 * Grow the box to `next` (restrided): the origin and size of every axis stored through the
 * journal, and moved (counted before the cells move, where a reset may cut the relayout and
 * open complete it; counted by the relayout as it moves them otherwise), then the relayout is
 * the pending action (its argument the old indices left), then the strides, which open
 * derives from the sizes again, then the cells move. A reset before the action is named
 * undoes the growth; from there on open completes it.
 */
static void grow(bento_grid *grid, const bento_grid_axis *next, bool empty)
{
    const bento_grid_axis *last = &grid->state.axis[grid->dims - 1u];
    const uint32_t old_cells = empty ? 0u : last->size << last->stride;
    bento_impl_journal j;
    unsigned d;
    BENTO_IMPL_BEGIN(&j, grid);
    /* always these words, in this order: open reads the old box back from them */
    for (d = 0u; d < grid->dims; d++) {
        bento_impl_put(&j, (uint32_t *)&grid->saved->axis[d].origin, (uint32_t)next[d].origin);
        bento_impl_put(&j, &grid->saved->axis[d].size, next[d].size);
    }
    BENTO_IMPL_SET(&j, grid, moved,
                   grid->state.moved + (bento_impl_durable(&j) && !empty ? moves(grid, next) : 0u));
    bento_impl_redo(&j, RELAYOUT, old_cells);
    for (d = 0u; d < grid->dims; d++) {
        grid->saved->axis[d].stride = next[d].stride;
    }
    relayout(grid, next, &j, old_cells);
    bento_impl_done(&j);
    for (d = 0u; d < grid->dims; d++) {
        grid->state.axis[d] = next[d];
    }
    grid->saved->moved = grid->state.moved; /* the same, or counted by the relayout */
}

bento_status bento_grid_ensure(bento_grid *grid, const int32_t *coords)
{
    bento_grid_axis next[BENTO_GRID_MAX_DIMS];
    bool empty, grows;
    uint32_t cells_shift;
    unsigned d;
    BENTO_ASSERT(grid != NULL && coords != NULL);
    empty = grid->state.axis[0].size == 0u;
    grows = empty;
    for (d = 0u; d < grid->dims; d++) {
        bento_grid_axis *a = &next[d];
        const int32_t c = coords[d];
        *a = grid->state.axis[d];
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
            if (a->size > grid->capacity >> 1) {
                return BENTO_E_FULL; /* doubled, this axis alone would not fit */
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
        return BENTO_E_FULL; /* nothing has been touched (an inert grid always gets here) */
    }
    grow(grid, next, empty);
    return BENTO_OK;
}

/* Insert, the value copied from `from` when that is not NULL: into the empty cell, which is
 * no element's before the insert (no entry), before the journal is idle. Inlined into both
 * callers even at -Os, so that insert without a value compiles to no more than it did
 * before. */
static ALWAYS_INLINE bento_status grid_insert(bento_grid *grid, const int32_t *coords, void **cell,
                                  const void *from)
{
    bento_status status;
    uint32_t index;
    bento_impl_journal j;
    if (cell != NULL) {
        *cell = NULL;
    }
    status = bento_grid_ensure(grid, coords);
    if (status != BENTO_OK) {
        return status;
    }
    /* inside the box now: the tests against the capacity state it where the index is used */
    index = grid_locate(grid, coords);
    if (index < grid->capacity && is_set(grid, index)) {
        return BENTO_E_EXISTS;
    }
    if (index >= grid->capacity || grid->state.count >= grid->capacity) {
        return BENTO_E_CORRUPT; /* an empty cell in a full grid: the bitmap lost a bit */
    }
    if (from != NULL) { /* the empty cell: no element's before the insert (no entry) */
        bento_impl_copy(grid->cells + (size_t)index * grid->cell_size, from,
                        (size_t)grid->cell_size);
    }
    BENTO_IMPL_BEGIN(&j, grid);
    flip(grid, &j, index);
    BENTO_IMPL_SET(&j, grid, count, grid->state.count + 1u);
    bento_impl_done(&j);
    if (cell != NULL) {
        *cell = grid->cells + (size_t)index * grid->cell_size;
    }
    return BENTO_OK;
}

bento_status bento_grid_insert(bento_grid *grid, const int32_t *coords, void **cell)
{
    BENTO_ASSERT(grid != NULL && coords != NULL);
    return grid_insert(grid, coords, cell, NULL);
}

bento_status bento_grid_insert_from(bento_grid *grid, const int32_t *coords, const void *value)
{
    BENTO_ASSERT(grid != NULL && coords != NULL && value != NULL);
    return grid_insert(grid, coords, NULL, value);
}

bento_status bento_grid_remove(bento_grid *grid, const int32_t *coords)
{
    uint32_t index;
    bento_impl_journal j;
    BENTO_ASSERT(grid != NULL && coords != NULL);
    index = grid_locate(grid, coords);
    if (index == BENTO_NONE || !is_set(grid, index)) {
        return BENTO_E_NOT_FOUND;
    }
    if (grid->state.count == 0u) {
        return BENTO_E_CORRUPT; /* an element in an empty grid: the bitmap gained a bit */
    }
    BENTO_IMPL_BEGIN(&j, grid);
    flip(grid, &j, index);
    BENTO_IMPL_SET(&j, grid, count, grid->state.count - 1u);
    bento_impl_done(&j);
    return BENTO_OK;
}

void bento_grid_iter_init(bento_grid_iter *it, const bento_grid *grid, const int32_t *lo,
                          const int32_t *hi)
{
    unsigned d;
    BENTO_ASSERT(it != NULL && grid != NULL);
    it->grid_ = grid;
    it->cell = NULL;
    it->index = 0u;
    it->state_ = ITER_FRESH;
    it->dims_ = grid->dims != 0u ? grid->dims : 1u; /* an inert grid walks its empty axis 0 */
    for (d = 0u; d < it->dims_; d++) {
        const bento_grid_axis *a = &grid->state.axis[d];
        /* the box's range, clipped to lo .. hi; the empty box's axis 0 is empty */
        int32_t low = a->origin;
        int32_t high = to_int32((uint32_t)a->origin + a->size - 1u);
        if (lo != NULL && lo[d] > low) {
            low = lo[d];
        }
        if (hi != NULL && hi[d] < high) {
            high = hi[d];
        }
        if (low > high || a->size == 0u) {
            it->state_ = ITER_DONE;
        }
        it->lo_[d] = low;
        it->hi_[d] = high;
        it->coords[d] = low;
    }
}

bool bento_grid_iter_next(bento_grid_iter *it)
{
    const bento_grid *grid;
    BENTO_ASSERT(it != NULL);
    grid = it->grid_;
    while (it->state_ != ITER_DONE) {
        uint32_t index;
        unsigned d;
        if (it->state_ == ITER_MOVED) {
            /* step axis 0 first; at the end of a range, carry into the next axis */
            for (d = 0u; it->coords[d] == it->hi_[d]; d++) {
                it->coords[d] = it->lo_[d];
                if (d + 1u >= it->dims_) {
                    it->state_ = ITER_DONE;
                    it->cell = NULL;
                    return false;
                }
            }
            it->coords[d] = to_int32((uint32_t)it->coords[d] + 1u); /* below hi_: no wrap */
        }
        it->state_ = ITER_MOVED;
        /* located afresh, so a forbidden change to the grid cannot lead outside it */
        index = grid_locate(grid, it->coords);
        if (index != BENTO_NONE && is_set(grid, index)) {
            it->index = index;
            it->cell = grid->cells + (size_t)index * grid->cell_size;
            return true;
        }
    }
    it->cell = NULL;
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
    bento_impl_journal j;
    bool damaged = false;
    unsigned d;
    BENTO_ASSERT(grid != NULL && focus != NULL);
    if (grid->window == 0u) {
        return BENTO_E_ARGUMENT;
    }
    bento_grid_iter_init(&it, grid, NULL, NULL); /* it.lo_, it.hi_: the whole box */
    for (d = 0u; d < grid->dims; d++) {
        bento_grid_axis *a = &grid->state.axis[d];
        const uint32_t size = a->size;
        const int32_t low = lower(focus[d], size >> 1, size);
        if (low != a->origin) {
            /* the slab that leaves: below the new range or above it, clipped to the box by a
             * fresh start of the walk over its own ranges */
            if (low > a->origin) {
                it.hi_[d] = low - 1;
            } else {
                it.lo_[d] = to_int32((uint32_t)low + size);
            }
            bento_grid_iter_init(&it, grid, it.lo_, it.hi_);
            while (bento_grid_iter_next(&it)) {
                if (evict != NULL) {
                    evict(context, it.coords, it.cell);
                }
                /* each removal atomic */
                BENTO_IMPL_BEGIN(&j, grid);
                flip(grid, &j, it.index);
                if (grid->state.count == 0u) {
                    damaged = true; /* the bitmap holds more than count says */
                } else {
                    BENTO_IMPL_SET(&j, grid, count, grid->state.count - 1u);
                }
                bento_impl_done(&j);
            }
            /* the axis moves once its slab is empty: one word, after the last removal */
            BENTO_IMPL_BEGIN(&j, grid);
            a->origin = low;
            bento_impl_put(&j, (uint32_t *)&grid->saved->axis[d].origin, (uint32_t)low);
            bento_impl_done(&j);
        }
        it.lo_[d] = low;
        it.hi_[d] = to_int32((uint32_t)low + size - 1u);
    }
    return damaged ? BENTO_E_CORRUPT : BENTO_OK;
}


/*
 * The cells of the box `axis` describes in `grid` (0 for a growing grid's empty box), or
 * BENTO_NONE when the geometry is unsound. Sound: the empty box exactly as clear leaves it;
 * otherwise along each axis a power-of-two size (a window's own), the stride the running sum
 * of the log2 of the sizes below, an origin with room for size cells before the end of the
 * int32 range; axes beyond dims at origin 0, size 1, stride 0; at most 2^31 cells and no more
 * than the capacity. Open and recovery check the boxes a journal names with it too.
 */
static uint32_t box_cells(const bento_grid *grid, const bento_grid_axis *axis)
{
    uint32_t shift = 0u;
    unsigned d;
    if (grid->window == 0u && axis[0].size == 0u) {
        for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
            if (axis[d].origin != 0 || axis[d].size != (d == 0u ? 0u : 1u) || axis[d].stride != 0u) {
                return BENTO_NONE;
            }
        }
        return 0u;
    }
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        const bento_grid_axis *a = &axis[d];
        uint32_t bits;
        if (d >= grid->dims) {
            if (a->origin != 0 || a->size != 1u || a->stride != 0u) {
                return BENTO_NONE;
            }
            continue;
        }
        if (a->size > grid->capacity) {
            return BENTO_NONE;
        }
        /* a power of two: 1 << its log2. (The analyser of make prove takes each size apart
         * here, and so each box: tests/prove/grid.c.) */
        /*@ split a->size; */
        bits = bento_impl_log2(a->size);
        if (a->size != (uint32_t)1 << bits || a->stride != shift ||
            ((uint32_t)a->origin ^ 0x80000000u) > 0u - a->size ||
            (grid->window != 0u && bits != (grid->window_shifts >> (8u * d) & 0xffu))) {
            return BENTO_NONE;
        }
        shift += bits;
    }
    if (shift > 31u || ((uint32_t)1 << shift) > grid->capacity) {
        return BENTO_NONE;
    }
    return (uint32_t)1 << shift;
}

/* The bits set in a word: summed in place by pairs, nibbles, then bytes, in a fixed number of
 * steps (no loop that runs as long as the bitmap says). */
static uint32_t ones(uint32_t word)
{
    const uint32_t pairs = word - ((word >> 1) & 0x55555555u);
    const uint32_t nibbles = (pairs & 0x33333333u) + ((pairs >> 2) & 0x33333333u);
    return (((nibbles + (nibbles >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

bento_status bento_grid_check(const bento_grid *grid)
{
    BENTO_ASSERT(grid != NULL);
    return bento_impl_check(&grid_kind, grid);
}

/* The box's geometry, and the bitmap against it and the count, once the header is sound. */
static bento_status grid_invariants(const void *x)
{
    const bento_grid *const grid = (const bento_grid *)x;
    const uint32_t words = (grid->capacity >> 5) + ((grid->capacity & 31u) != 0u);
    const uint32_t cells = box_cells(grid, grid->state.axis);
    uint32_t w, set = 0u;
    if (cells == BENTO_NONE) {
        return BENTO_E_CORRUPT;
    }
    /* the bits set: all inside the box (cells 0 .. cells - 1, which also keeps the padding
     * bits of the last word clear), and count of them. For a growing grid this is what the
     * relayout's proof needs: bits beyond the box are zero. */
    for (w = 0u; w < words; w++) {
        const uint32_t bits = grid->occupied[w];
        const uint32_t first = w << 5;
        if (bits != 0u && (first >= cells || (cells - first < 32u && (bits >> (cells - first)) != 0u))) {
            return BENTO_E_CORRUPT;
        }
        set += ones(bits);
    }
    /* moved counts cells moved by growths since the box was empty: each growth at least
     * doubles the box and moves at most the cells of the box before it, so fewer than the
     * cells of the box now (none in a window or an empty or one-cell box) */
    if (set != grid->state.count ||
        (grid->state.moved != 0u && (grid->window != 0u || grid->state.moved >= cells))) {
        return BENTO_E_CORRUPT;
    }
    return BENTO_OK;
}
