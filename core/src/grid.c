/* bento/grid.c - the spatial grid. The contract is in bento/grid.h. */
#include <bento/grid.h>

#define SIGN_BIT 0x80000000u
#define NOWHERE 0xffffffffu /* never a cell index: a box holds at most 2^31 cells */

/* Natural alignment of a cell of `size` bytes: the largest power of two dividing it, 4..8. */
static size_t cell_alignment(size_t size)
{
    size_t align = size & (0u - size);
    if (align < 4u) {
        return 4u;
    }
    return align > BENTO_MAX_ALIGN ? BENTO_MAX_ALIGN : align;
}

/* The int32 of a 32-bit pattern (two's complement), without implementation-defined casts. */
static int32_t to_int32(uint32_t u)
{
    return u > (uint32_t)INT32_MAX ? -(int32_t)~u - 1 : (int32_t)u;
}

/* Coordinates moved into unsigned order: INT32_MIN -> 0, INT32_MAX -> UINT32_MAX. Box
 * arithmetic happens here, where "inside the int32 range" means "no unsigned wrap". */
static uint32_t biased(int32_t c) { return (uint32_t)c ^ SIGN_BIT; }
static int32_t unbiased(uint32_t b) { return to_int32(b ^ SIGN_BIT); }

/* log2 of a power of two. */
static uint32_t log2_of(uint32_t pow2)
{
    uint32_t shift = 0u;
    while (pow2 > 1u) {
        pow2 >>= 1;
        shift++;
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
            grid->axis[d].origin = 0;
            grid->axis[d].size = 1u;
            grid->axis[d].rotation = 0u;
            grid->axis[d].stride = 0u;
        }
        grid->axis[0].size = 0u; /* the empty box: every lookup misses on axis 0 */
    }
}

/* Checks and carving shared by both inits. Until every check passes, the grid is an empty
 * growing grid of capacity 0 that refuses everything. */
static bento_status setup(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                          size_t cell_size, uint32_t capacity, unsigned window)
{
    grid->cells = NULL;
    grid->occupied = NULL;
    grid->cell_size = 0u;
    grid->capacity = 0u;
    grid->dims = 1u;
    grid->window = 0u;
    bento_grid_clear(grid);
    if (memory == NULL || dims - 1u >= BENTO_GRID_MAX_DIMS || cell_size == 0u ||
        cell_size > UINT32_MAX || capacity - 1u >= BENTO_GRID_MAX_CELLS ||
        (uint64_t)capacity * cell_size > (uint64_t)(SIZE_MAX / 2u)) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_is_aligned(memory, cell_alignment(cell_size))) {
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
    grid->dims = (uint8_t)dims;
    grid->window = (uint8_t)window;
    bento_grid_clear(grid);
    return BENTO_OK;
}

bento_status bento_grid_init(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                             size_t cell_size, uint32_t capacity)
{
    BENTO_ASSERT(grid != NULL);
    return setup(grid, memory, bytes, dims, cell_size, capacity, 0u);
}

bento_status bento_grid_init_window(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                    size_t cell_size, const uint32_t *window)
{
    bento_grid_axis axis[BENTO_GRID_MAX_DIMS];
    uint32_t shift = 0u;
    unsigned d;
    BENTO_ASSERT(grid != NULL);
    for (d = 0u; d < dims && d < BENTO_GRID_MAX_DIMS && window != NULL; d++) {
        const uint32_t size = window[d];
        if (size == 0u || (size & (size - 1u)) != 0u) {
            window = NULL; /* not a power of two */
            break;
        }
        axis[d].size = size;
        axis[d].stride = shift;
        axis[d].origin = -(int32_t)(size >> 1);
        axis[d].rotation = (uint32_t)axis[d].origin & (size - 1u);
        shift += log2_of(size);
    }
    if (window == NULL || shift > 31u) {
        (void)setup(grid, memory, bytes, dims, cell_size, 0u, 0u);
        return BENTO_E_ARGUMENT;
    }
    /* dims out of range fails in setup, before the axes are used */
    {
        const bento_status status =
            setup(grid, memory, bytes, dims, cell_size, (uint32_t)1 << shift, 1u);
        if (status == BENTO_OK) {
            for (d = 0u; d < dims; d++) {
                grid->axis[d] = axis[d];
            }
        }
        return status;
    }
}

/* Index of the cell at `coords`, or NOWHERE outside the box. */
static uint32_t locate(const bento_grid *grid, const int32_t *coords)
{
    uint32_t index = 0u;
    unsigned d;
    for (d = 0u; d < grid->dims; d++) {
        const bento_grid_axis *a = &grid->axis[d];
        const uint32_t offset = (uint32_t)coords[d] - (uint32_t)a->origin;
        if (offset >= a->size) {
            return NOWHERE;
        }
        index += ((offset + a->rotation) & (a->size - 1u)) << a->stride;
    }
    return index;
}

/*
 * Move every stored cell from the old geometry (grid->axis) to the new one (next), inside the
 * buffer. Only growing grids get here, so every rotation is 0 and a slot is the offset from
 * the origin. Why the descending order is safe (the header's "Growing in place"): for a cell
 * with old slots u[d], the new slots are v[d] = u[d] + (old origin - new origin) >= u[d]
 * because origins only move down, and the new strides t[d] = sum of log2(new size[e]) for
 * e < d are >= the old ones s[d] because sizes only grow. So the new index
 * j = sum v[d] << t[d] >= i = sum u[d] << s[d]. When old cell i moves, every old cell above
 * i has already moved away, and j >= i is either i itself (nothing to do), an old index
 * above i (free by now) or beyond the old box (never occupied); the map i -> j is
 * one-to-one, so no later move writes over j. Occupancy bits move with the cells, and bits
 * beyond the old box are zero (reset() clears the whole bitmap, and nothing sets a bit
 * outside the box), so after the loop exactly the moved cells' bits are set.
 */
static void relayout(bento_grid *grid, const bento_grid_axis *next, uint32_t old_cells)
{
    const size_t size = grid->cell_size;
    uint32_t *bits = grid->occupied;
    uint32_t i = old_cells;
    unsigned d;
    while (i-- != 0u) {
        const uint32_t bit = 1u << (i & 31u);
        uint32_t j = 0u;
        if (bits[i >> 5] == 0u) {
            i &= ~31u; /* a word of empty cells: skip to the word below */
            continue;
        }
        if ((bits[i >> 5] & bit) == 0u) {
            continue;
        }
        for (d = 0u; d < grid->dims; d++) {
            const bento_grid_axis *a = &grid->axis[d];
            const uint32_t slot = (i >> a->stride) & (a->size - 1u);
            j += (slot + ((uint32_t)a->origin - (uint32_t)next[d].origin)) << next[d].stride;
        }
        if (j != i) {
            bits[i >> 5] &= ~bit;
            bits[j >> 5] |= 1u << (j & 31u);
            bento__copy(grid->cells + (size_t)j * size, grid->cells + (size_t)i * size, size);
            grid->moved++;
        }
    }
}

bento_status bento_grid_ensure(bento_grid *grid, const int32_t *coords)
{
    bento_grid_axis next[BENTO_GRID_MAX_DIMS];
    uint32_t old_shift = 0u;
    uint32_t new_shift = 0u;
    bool grows = false;
    unsigned d;
    if (grid->axis[0].size == 0u) {
        /* the empty box becomes the one cell at coords */
        if (grid->capacity == 0u) {
            return BENTO_E_FULL;
        }
        for (d = 0u; d < grid->dims; d++) {
            grid->axis[d].origin = coords[d];
        }
        grid->axis[0].size = 1u;
        return BENTO_OK;
    }
    for (d = 0u; d < grid->dims; d++) {
        const uint32_t point = biased(coords[d]);
        uint32_t low = biased(grid->axis[d].origin);
        uint32_t size = grid->axis[d].size;
        old_shift += log2_of(size);
        while (point - low >= size) {
            if (grid->window != 0u || size >= BENTO_GRID_MAX_CELLS) {
                return BENTO_E_FULL;
            }
            if (point < low) {
                /* grow downward; at the bottom of the int32 range, start there */
                low = low >= size ? low - size : 0u;
            } else if (low > 0u - (size << 1)) {
                /* grow upward; at the top of the range, push the box down to fit */
                low = 0u - (size << 1);
            }
            size <<= 1;
            grows = true;
        }
        next[d].origin = unbiased(low);
        next[d].size = size;
        next[d].rotation = 0u;
        next[d].stride = new_shift;
        new_shift += log2_of(size);
    }
    if (!grows) {
        return BENTO_OK;
    }
    if (new_shift > 31u || ((uint32_t)1 << new_shift) > grid->capacity) {
        return BENTO_E_FULL; /* nothing has been touched */
    }
    relayout(grid, next, (uint32_t)1 << old_shift);
    for (d = 0u; d < grid->dims; d++) {
        grid->axis[d] = next[d];
    }
    return BENTO_OK;
}

bento_status bento_grid_put(bento_grid *grid, const int32_t *coords, void **cell)
{
    const bento_status status = bento_grid_ensure(grid, coords);
    uint32_t index;
    uint32_t bit;
    if (status != BENTO_OK) {
        if (cell != NULL) {
            *cell = NULL;
        }
        return status;
    }
    index = locate(grid, coords);
    bit = 1u << (index & 31u);
    if (cell != NULL) {
        *cell = grid->cells + (size_t)index * grid->cell_size;
    }
    if ((grid->occupied[index >> 5] & bit) != 0u) {
        return BENTO_E_EXISTS;
    }
    grid->occupied[index >> 5] |= bit;
    grid->count++;
    return BENTO_OK;
}

/* Empty cell `index`, known to be occupied. */
static void drop(bento_grid *grid, uint32_t index)
{
    grid->occupied[index >> 5] &= ~(1u << (index & 31u));
    grid->count--;
}

bento_status bento_grid_remove(bento_grid *grid, const int32_t *coords)
{
    const uint32_t index = locate(grid, coords);
    if (index == NOWHERE || ((grid->occupied[index >> 5] >> (index & 31u)) & 1u) == 0u) {
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
    it->done = grid->axis[0].size == 0u;
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        const bento_grid_axis *a = &grid->axis[d];
        uint32_t from = 0u; /* offsets from the origin of the clipped range */
        uint32_t to = a->size - 1u;
        if (d < grid->dims && lo != NULL && hi != NULL) {
            if (lo[d] > hi[d] || hi[d] < a->origin) {
                it->done = true;
            }
            if (lo[d] > a->origin) {
                from = (uint32_t)lo[d] - (uint32_t)a->origin;
            }
            if ((uint32_t)hi[d] - (uint32_t)a->origin < to) {
                to = (uint32_t)hi[d] - (uint32_t)a->origin;
            }
            if (from > to) {
                it->done = true;
            }
        }
        it->coords[d] = 0;
        it->low[d] = to_int32((uint32_t)a->origin + from);
        it->first[d] = from + a->rotation;
        it->span[d] = to - from;
        it->step[d] = 0u;
    }
}

bool bento_grid_iter_next(bento_grid_iter *it)
{
    const bento_grid *grid = it->grid;
    while (!it->done) {
        uint32_t index = 0u;
        bool occupied;
        unsigned d;
        for (d = 0u; d < grid->dims; d++) {
            const bento_grid_axis *a = &grid->axis[d];
            index += ((it->first[d] + it->step[d]) & (a->size - 1u)) << a->stride;
            it->coords[d] = to_int32((uint32_t)it->low[d] + it->step[d]);
        }
        if (index >= grid->capacity) {
            it->done = true; /* only after a forbidden change to the grid */
            break;
        }
        occupied = ((grid->occupied[index >> 5] >> (index & 31u)) & 1u) != 0u;
        it->index = index;
        it->cell = grid->cells + (size_t)index * grid->cell_size;
        /* advance axis 0 first; at the end of a range, carry into the next axis */
        for (d = 0u;; d++) {
            if (d == grid->dims) {
                it->done = true;
                break;
            }
            if (it->step[d] != it->span[d]) {
                it->step[d]++;
                break;
            }
            it->step[d] = 0u;
        }
        if (occupied) {
            return true;
        }
    }
    return false;
}

bento_status bento_grid_focus(bento_grid *grid, const int32_t *focus, bento_grid_evict_fn evict,
                              void *context)
{
    uint32_t target[BENTO_GRID_MAX_DIMS];
    int32_t lo[BENTO_GRID_MAX_DIMS];
    int32_t hi[BENTO_GRID_MAX_DIMS];
    bento_grid_iter it;
    unsigned d;
    unsigned e;
    if (grid->window == 0u) {
        return BENTO_E_ARGUMENT;
    }
    for (d = 0u; d < grid->dims; d++) {
        const uint32_t size = grid->axis[d].size;
        const uint32_t point = biased(focus[d]);
        uint32_t low = point >= (size >> 1) ? point - (size >> 1) : 0u;
        if (low > 0u - size) {
            low = 0u - size;
        }
        target[d] = low;
    }
    /*
     * The cells leaving are the old box minus the new one: the union, over axes d, of the
     * slabs whose coordinate on axis d is outside the new range while their coordinates on
     * the axes before d are inside it. The slabs are boxes and do not overlap, so each leaving
     * cell is visited once and the work is proportional to the cells leaving.
     */
    for (d = 0u; d < grid->dims; d++) {
        bool empty = false;
        for (e = 0u; e < grid->dims; e++) {
            const uint32_t size = grid->axis[e].size;
            const uint32_t old_low = biased(grid->axis[e].origin);
            uint32_t from = old_low;
            uint32_t to = old_low + (size - 1u);
            if (e < d) { /* inside both ranges */
                from = old_low > target[e] ? old_low : target[e];
                to = (old_low < target[e] ? old_low : target[e]) + (size - 1u);
            } else if (e == d) { /* inside the old range, outside the new one */
                if (target[e] > old_low) {
                    if (target[e] - 1u < to) {
                        to = target[e] - 1u;
                    }
                } else if (target[e] < old_low) {
                    if (target[e] + size > from) {
                        from = target[e] + size;
                    }
                } else {
                    empty = true;
                }
            }
            lo[e] = unbiased(from);
            hi[e] = unbiased(to);
        }
        if (empty) {
            continue;
        }
        bento_grid_iter_init(&it, grid, lo, hi);
        while (bento_grid_iter_next(&it)) {
            if (evict != NULL) {
                evict(context, it.coords, it.cell);
            }
            drop(grid, it.index);
        }
    }
    for (d = 0u; d < grid->dims; d++) {
        bento_grid_axis *a = &grid->axis[d];
        a->origin = unbiased(target[d]);
        a->rotation = (uint32_t)a->origin & (a->size - 1u);
    }
    return BENTO_OK;
}
