/* SPDX-License-Identifier: MIT */
/*
 * bento/grid.h - an N-dimensional spatial grid over caller memory.
 *
 * A map from integer points (1 to 4 signed 32-bit coordinates, the number of axes fixed at
 * init) to cells of one fixed size, stored as a flat array: a lookup is a few subtractions,
 * compares and shifts, with no hashing and no probing. The grid covers a box, an origin and
 * a size per axis, and grows in two ways, chosen at init:
 *
 *   growing grid  (bento_grid_init): the box starts empty; bento_grid_ensure() (and
 *                 bento_grid_put()) extend it to take in a point by doubling the size along
 *                 each axis that needs it until the point is inside: the old box stays
 *                 centred in the new one when that takes the point in, otherwise the box
 *                 extends toward the point. The cells already stored move to their new
 *                 places inside the same buffer, in place (see "Growing in place" below).
 *                 When the grown box would need more cells than the capacity, the call
 *                 answers BENTO_E_FULL and changes nothing.
 *   sliding window (bento_grid_init_window): the box has a fixed size and follows a focus
 *                 point; bento_grid_focus() recentres it and hands every stored cell that
 *                 falls out of the box to a callback before dropping it. Nothing moves in
 *                 memory when the window slides: each axis is addressed as a ring.
 *
 * Cells are empty until put: an occupancy bitmap inside the buffer says which cells hold
 * elements, so the grid behaves as a map. get() answers NULL for an empty cell, and growing
 * the box never makes an element appear.
 *
 * Layout. Sizes along each axis are powers of two, so strides are shifts. The slot of
 * coordinate c along axis d is c - origin[d] in a growing grid, and c mod size[d] in a window
 * (a ring: a slot keeps its coordinate as the window slides); a cell's linear index is
 * the sum over axes of slot[d] << stride[d], axis 0 varying fastest, where stride[d] is the
 * sum of log2(size[e]) for e < d. Memory inside the caller buffer
 * (BENTO_GRID_BYTES(capacity, cell_size) bytes):
 *     cells      capacity * cell_size bytes, rounded up to a multiple of 4
 *     occupied   ceil(capacity / 32) uint32_t, bit i set when cell i holds an element
 * The buffer holds cells and bits only; the geometry lives in the bento_grid struct.
 *
 * Alignment: the buffer must be aligned to the cell's natural alignment, taken as the
 * largest power of two dividing cell_size, at least 4 and at most BENTO_MAX_ALIGN (8).
 *
 * Growing in place. A growth never shrinks an axis and never raises an origin, so with
 * old slot u[d] and new slot v[d] = u[d] + (old origin[d] - new origin[d]) >= u[d], and old
 * strides s[d] <= new strides t[d], a cell's new index sum v[d] << t[d] is at least its old
 * index sum u[d] << s[d]. Moving cells from the highest old index down to the lowest is
 * therefore safe: each cell lands on an index that is either its own, or an old index above
 * it (already moved out), or outside the old box; never on an old cell still waiting to
 * move. The relayout visits each old slot once: O(old box cells) per growth, and since
 * every growth at least doubles the box, O(1) amortized per cell of the final box.
 *
 * Every `coords` argument points to dims coordinates. A pointer returned by get or put
 * stays valid until the box grows (an ensure or put that grows it moves cells) or its
 * element is removed (remove, clear, or a focus that evicts it). Cell contents are not
 * initialised by put (like malloc): write them after put.
 *
 * Not thread-safe: a grid must be used from one context at a time.
 *
 * Typed grids: BENTO_GRID_TYPE(name, T, dims, capacity) and BENTO_GRID_WINDOW_TYPE declare a
 * growing or a window grid type with its own storage and lookups specialised for T and dims
 * (see the end of this file).
 */
#ifndef BENTO_GRID_H
#define BENTO_GRID_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most axes a grid can have. */
#define BENTO_GRID_MAX_DIMS 4u

/* Most cells a grid can have: the box's cell count is a power of two held in 32 bits. */
#define BENTO_GRID_MAX_CELLS 0x80000000u

/* One axis of the box: coordinates origin .. origin + size - 1. */
typedef struct bento_grid_axis {
    int32_t origin; /* lowest coordinate in the box */
    uint32_t size;  /* cells along the axis: a power of two, or 0 on axis 0 of an empty box */
    uint32_t stride; /* log2 of the stride: a cell's index is the sum of slot << stride */
} bento_grid_axis;

/* Byte fields first (Cortex-M0 loads a byte with an immediate offset below 32), then the
 * axes, which every operation walks: small offsets are short loads. */
typedef struct bento_grid {
    uint8_t dims;
    uint8_t window;         /* 1 for a sliding window, 0 for a growing grid */
    bento_grid_axis axis[BENTO_GRID_MAX_DIMS]; /* axes beyond dims have size 1, origin 0 */
    uint32_t cell_size;
    uint32_t capacity;      /* cells the buffer holds */
    uint32_t count;         /* occupied cells */
    uint32_t moved;         /* cells moved by growths since init or clear (a cost statistic) */
    unsigned char *cells;   /* capacity * cell_size bytes */
    uint32_t *occupied;     /* occupancy bitmap, one bit per cell */
} bento_grid;

/* Bytes of caller memory for a grid of `capacity` cells (a constant expression when the
 * arguments are). */
#define BENTO_GRID_BYTES(capacity, cell_size)                             \
    (BENTO_ALIGN_UP((size_t)(capacity) * (size_t)(cell_size), 4u) + \
     (((size_t)(capacity) + 31u) / 32u) * 4u)

/*
 * Carve a growing grid out of `memory` (`bytes` long), with an empty box.
 * 1 <= dims <= BENTO_GRID_MAX_DIMS; cell_size >= 1; 1 <= capacity <= BENTO_GRID_MAX_CELLS.
 * A box holds a power-of-two number of cells, so the largest box that fits holds the
 * largest power of two <= capacity.
 * Returns BENTO_E_ARGUMENT for a parameter out of range (also a NULL memory, or
 * capacity * cell_size beyond SIZE_MAX / 2), BENTO_E_ALIGN for a misaligned buffer (see the
 * alignment rule above), BENTO_E_SIZE when bytes < BENTO_GRID_BYTES(capacity, cell_size).
 * On failure the grid is left unusable: every get answers NULL, every ensure and put
 * BENTO_E_FULL. O(capacity / 32): the occupancy bitmap is cleared.
 */
bento_status bento_grid_init(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                             size_t cell_size, uint32_t capacity);

/*
 * Carve a sliding-window grid out of `memory`: window[d] cells along axis d (each a power of
 * two, their product at most BENTO_GRID_MAX_CELLS), centred on the point 0: along each axis
 * the box starts at -window[d] / 2. The capacity is the product of the window sizes.
 * Returns what bento_grid_init returns for the same capacity, and BENTO_E_ARGUMENT for a NULL
 * window or a window size that is not a power of two. O(capacity / 32).
 */
bento_status bento_grid_init_window(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                    size_t cell_size, const uint32_t *window);

/*
 * Point `grid` at `memory`, a byte-for-byte copy of the buffer it used (moved to retained RAM,
 * restored from flash or a save file); *grid must hold the geometry and counters that go with
 * that copy (a copy of the bento_grid made at the same time). The buffer holds no pointers, so
 * nothing in it changes. Precondition: *grid was initialised (a grid whose init failed has
 * capacity 0 and stays harmless). BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN /
 * BENTO_E_SIZE as for init; the grid is unchanged then. O(1).
 */
bento_status bento_grid_rebase(bento_grid *grid, void *memory, size_t bytes);

/*
 * Grow the box to include the point `coords` (dims coordinates). A growing grid doubles the
 * size along each axis the point lies outside of, until the point is inside: a doubling
 * keeps the old range centred when the point is within half the old size of it (a region
 * growing around its first cell stays centred), and otherwise extends toward the point.
 * At the ends of the int32 range the box is pushed back inside it. Then the stored cells
 * move in place (see "Growing in place"). Returns BENTO_OK when the point is inside
 * (already, or after growing), BENTO_E_FULL when the grown box would exceed the capacity, or
 * when a window grid's box does not contain the point; the grid is then exactly as it was.
 * O(dims) when the point is inside; otherwise O(cells of the old box), amortized O(1) per
 * cell of the final box.
 */
bento_status bento_grid_ensure(bento_grid *grid, const int32_t *coords);

/*
 * Make the cell at `coords` hold an element: ensure(coords), then mark the cell occupied.
 * On BENTO_OK the cell was empty and *cell (if cell is not NULL) points to its
 * uninitialised storage. BENTO_E_EXISTS when the cell already held an element: *cell points
 * to it, unchanged. BENTO_E_FULL as for ensure: the grid is unchanged and *cell is NULL.
 * Complexity as for ensure.
 */
bento_status bento_grid_put(bento_grid *grid, const int32_t *coords, void **cell);

/*
 * Empty the cell at `coords`. BENTO_E_NOT_FOUND when it holds no element (or lies outside
 * the box); the grid is unchanged then. The box never shrinks. O(dims).
 */
bento_status bento_grid_remove(bento_grid *grid, const int32_t *coords);

/*
 * Empty every cell and reset the moved() statistic. A growing grid's box becomes empty
 * again (so it can regrow anywhere); a window keeps its box. O(capacity / 32).
 */
void bento_grid_clear(bento_grid *grid);

/*
 * Called for each element leaving a sliding window: its coordinates and its storage, which
 * the grid drops as soon as the call returns.
 */
typedef void (*bento_grid_evict_fn)(void *context, const int32_t *coords, void *cell);

/*
 * Recentre a sliding window on `focus`: along each axis the box becomes
 * focus[d] - window[d] / 2 .. focus[d] + window[d] / 2 - 1 (pushed back inside the int32
 * range at its ends). Every element outside the new box is passed to evict(context, ...)
 * (when evict is not NULL) and removed: axis by axis, the slab of the old box that leaves
 * along that axis is walked in iteration order (see below). Elements inside both boxes stay
 * where they are: nothing moves in memory. BENTO_E_ARGUMENT for a growing grid (unchanged).
 * O(dims * (dims + cells of the old box outside the new one)): a step of one cell along one
 * axis walks one face of the box, a jump walks the whole box, cell by cell.
 * The callback must not change the grid.
 */
bento_status bento_grid_focus(bento_grid *grid, const int32_t *focus, bento_grid_evict_fn evict,
                              void *context);

/* Internal: the hit path yields a pointer into the buffer, never NULL; telling the compiler
 * so lets a caller's NULL test fold into the lookup's own tests. */
#if defined(__GNUC__) || defined(__clang__)
#define BENTO__GRID_NONNULL(p) ((p) != NULL ? (void)0 : __builtin_unreachable())
#else
#define BENTO__GRID_NONNULL(p) ((void)0)
#endif

/* Internal: add axis d's part of the index, or return NULL when coord lies outside the box
 * along it: one unsigned compare ((uint32_t)(c - origin) >= size is "below or above"). */
#define BENTO__GRID_AXIS(d, ring)                                                           \
    do {                                                                                    \
        uint32_t slot_ = (uint32_t)coords[d] - (uint32_t)grid->axis[d].origin;              \
        if (slot_ >= grid->axis[d].size) {                                                  \
            return NULL;                                                                    \
        }                                                                                   \
        if (ring) { /* a window's slot: the coordinate modulo the size */                   \
            slot_ = (uint32_t)coords[d] & (grid->axis[d].size - 1u);                        \
        }                                                                                   \
        index += (d) == 0 ? slot_ : slot_ << grid->axis[d].stride; /* axis 0's stride is 1 */ \
    } while (0)

/*
 * Internal: lookup for typed wrappers, which pass the axis count, the cell size and the
 * addressing as constants so the compiler drops what they do not need. Written out axis by
 * axis, each with its own early return, which compilers fuse with the compare (a loop over
 * axes is not always unrolled); then the occupancy bit, then the cell. `ring` true is for
 * windows (slot = c mod size), false for growing grids (slot = c - origin). With a dims
 * that is not a constant, use bento_grid_get: compilers may warn about the coords[] reads
 * that only a larger dims would reach.
 */
static inline void *bento__grid_get(const bento_grid *grid, const int32_t *coords, unsigned dims,
                                    size_t cell_size, bool ring)
{
    /* read before the tests, so that in a loop of lookups they are read once, not per hit */
    const uint32_t *occupied = grid->occupied;
    unsigned char *cell = grid->cells;
    uint32_t index = 0u;
    BENTO__GRID_AXIS(0, ring);
    if (dims > 1u) {
        BENTO__GRID_AXIS(1, ring);
    }
    if (dims > 2u) {
        BENTO__GRID_AXIS(2, ring);
    }
    if (dims > 3u) {
        BENTO__GRID_AXIS(3, ring);
    }
    if (((occupied[index >> 5] >> (index & 31u)) & 1u) == 0u) {
        return NULL;
    }
    cell += (size_t)index * cell_size;
    BENTO__GRID_NONNULL(cell);
    return cell;
}

/*
 * The element at `coords` (dims coordinates), or NULL when the point is outside the box or
 * its cell is empty. O(dims), no loops over data; inline.
 */
static inline void *bento_grid_get(const bento_grid *grid, const int32_t *coords)
{
    const uint32_t keep = (uint32_t)grid->window - 1u; /* 0 in a window: slot = c mod size */
    const uint32_t *occupied = grid->occupied; /* read first, as in bento__grid_get */
    unsigned char *cell = grid->cells;
    uint32_t index = 0u;
    unsigned d;
    for (d = 0u; d < grid->dims; d++) {
        const bento_grid_axis *a = &grid->axis[d];
        const uint32_t c = (uint32_t)coords[d];
        if (c - (uint32_t)a->origin >= a->size) {
            return NULL;
        }
        index += ((c - ((uint32_t)a->origin & keep)) & (a->size - 1u)) << a->stride;
    }
    if (((occupied[index >> 5] >> (index & 31u)) & 1u) == 0u) {
        return NULL;
    }
    cell += (size_t)index * grid->cell_size;
    BENTO__GRID_NONNULL(cell);
    return cell;
}

/* True when the cell at `coords` holds an element. O(dims). */
static inline bool bento_grid_contains(const bento_grid *grid, const int32_t *coords)
{
    return bento_grid_get(grid, coords) != NULL;
}

/* Elements stored. */
static inline uint32_t bento_grid_count(const bento_grid *grid) { return grid->count; }

/* Capacity in cells given at init (for a window, the product of its sizes). */
static inline uint32_t bento_grid_capacity(const bento_grid *grid) { return grid->capacity; }

/* Lowest coordinate of the box along `axis` (< dims; larger values read axis & 3). */
static inline int32_t bento_grid_origin(const bento_grid *grid, unsigned axis)
{
    return grid->axis[axis & 3u].origin;
}

/* Cells of the box along `axis` (< dims; larger values read axis & 3); 0 for every axis
 * while a growing grid is empty. */
static inline uint32_t bento_grid_extent(const bento_grid *grid, unsigned axis)
{
    return grid->axis[0].size == 0u ? 0u : grid->axis[axis & 3u].size;
}

/* Cells moved by growths since init or clear: the relayout work, for measuring. */
static inline uint32_t bento_grid_moved(const bento_grid *grid) { return grid->moved; }

/*
 * Iteration over the elements in a box, empty cells skipped:
 *
 *     bento_grid_iter it;
 *     bento_grid_iter_init(&it, &grid, lo, hi);   // lo, hi: inclusive corners, or NULL, NULL
 *     while (bento_grid_iter_next(&it)) { use(it.coords, it.cell); }
 *
 * Order: axis 0 varies fastest, so a growing grid is walked in memory order (increasing
 * linear index). A window's box is a ring along each axis: there the walk starts at the
 * box's lowest corner and is in memory order within each run of the ring, jumping back at
 * most once per axis where the ring wraps.
 *
 * Between calls the grid may be changed only by writing cell contents or removing the
 * current element; after any other change the iterator yields unspecified cells of the
 * grid (never memory outside it) and should be restarted.
 */
typedef struct bento_grid_iter {
    int32_t coords[BENTO_GRID_MAX_DIMS]; /* coordinates of the current element */
    void *cell;                          /* the current element */
    uint32_t index;                      /* its linear index */
    const bento_grid *grid;
    int32_t lo[BENTO_GRID_MAX_DIMS];     /* per axis: the clipped range, inclusive */
    int32_t hi[BENTO_GRID_MAX_DIMS];
    uint8_t state;                       /* fresh, stepping or done */
} bento_grid_iter;

/*
 * Start iterating the elements whose coordinates lie in lo[d] .. hi[d] (inclusive) on every
 * axis, clipped to the box; lo and hi both NULL means the whole box. A range with
 * lo[d] > hi[d] on some axis is empty. O(dims).
 */
void bento_grid_iter_init(bento_grid_iter *it, const bento_grid *grid, const int32_t *lo,
                          const int32_t *hi);

/*
 * Advance to the next element: true with it->coords, it->cell and it->index set, false when
 * the range is exhausted (and on every later call). O(cells skipped): the whole walk costs
 * O(cells of the clipped range).
 */
bool bento_grid_iter_next(bento_grid_iter *it);

/*
 * BENTO_GRID_TYPE(name, T, dims, capacity) declares a growing grid type:
 *   name                                   the grid type, storage for capacity cells of T
 *   name_init(name *)                      -> bento_status (BENTO_OK for a well-formed type)
 *   name_get(const name *, const int32_t *coords) -> T * or NULL (straight-line for dims)
 *   name_put(name *, const int32_t *coords, T **cell) -> bento_status
 *   name_ensure, name_remove, name_contains, name_clear, name_count
 * BENTO_GRID_WINDOW_TYPE(name, T, dims, capacity) declares a sliding-window grid type with
 * the same functions, except that name_init(name *, const uint32_t *window) takes the window
 * sizes (BENTO_E_SIZE when the window needs more cells than the storage holds), plus
 *   name_focus(name *, const int32_t *focus, bento_grid_evict_fn, void *context)
 * They fail to compile when dims is not 1..4 or capacity is not 1..BENTO_GRID_MAX_CELLS.
 * A grid object points into its own storage: after copying one (`b = a`), call
 * bento_grid_rebase(&b.grid, b.storage, sizeof b.storage) before using the copy. The lookups
 * of a growing type skip the ring arithmetic, so initialise its grid only through name_init.
 *
 *     BENTO_GRID_TYPE(chunk_grid, uint32_t, 3, 4096);
 *     static chunk_grid chunks;
 */
#define BENTO__GRID_TYPE(name, T, dims_, capacity_, ring_)                                       \
    BENTO_STATIC_ASSERT((dims_) >= 1 && (dims_) <= 4, name##_dims_must_be_1_to_4);           \
    BENTO_STATIC_ASSERT((capacity_) >= 1 && (uint64_t)(capacity_) <= BENTO_GRID_MAX_CELLS,     \
                        name##_capacity_out_of_range);                                       \
    typedef struct name {                                                                       \
        bento_grid grid;                                                                        \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_GRID_BYTES(capacity_, sizeof(T)))];     \
    } name;                                                                                     \
    BENTO_WRAPPER T *name##_get(const name *g, const int32_t *coords)                           \
    {                                                                                           \
        return (T *)bento__grid_get(&g->grid, coords, (dims_), sizeof(T), (ring_));             \
    }                                                                                           \
    BENTO_WRAPPER bool name##_contains(const name *g, const int32_t *coords)                    \
    {                                                                                           \
        return name##_get(g, coords) != NULL;                                                   \
    }                                                                                           \
    BENTO_WRAPPER bento_status name##_put(name *g, const int32_t *coords, T **cell)             \
    {                                                                                           \
        void *c;                                                                                \
        bento_status s = bento_grid_put(&g->grid, coords, &c);                                  \
        if (cell != NULL) {                                                                     \
            *cell = (T *)c;                                                                     \
        }                                                                                       \
        return s;                                                                               \
    }                                                                                           \
    BENTO_WRAPPER bento_status name##_ensure(name *g, const int32_t *coords)                    \
    {                                                                                           \
        return bento_grid_ensure(&g->grid, coords);                                             \
    }                                                                                           \
    BENTO_WRAPPER bento_status name##_remove(name *g, const int32_t *coords)                    \
    {                                                                                           \
        return bento_grid_remove(&g->grid, coords);                                             \
    }                                                                                           \
    BENTO_WRAPPER void name##_clear(name *g) { bento_grid_clear(&g->grid); }                    \
    BENTO_WRAPPER uint32_t name##_count(const name *g) { return g->grid.count; }

#define BENTO_GRID_TYPE(name, T, dims_, capacity_)                                              \
    BENTO__GRID_TYPE(name, T, dims_, capacity_, false)                                         \
    BENTO_WRAPPER bento_status name##_init(name *g)                                             \
    {                                                                                           \
        return bento_grid_init(&g->grid, g->storage, sizeof g->storage, (dims_), sizeof(T),     \
                               (capacity_));                                                    \
    }                                                                                           \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#define BENTO_GRID_WINDOW_TYPE(name, T, dims_, capacity_)                                       \
    BENTO__GRID_TYPE(name, T, dims_, capacity_, true)                                          \
    BENTO_WRAPPER bento_status name##_init(name *g, const uint32_t *window)                     \
    {                                                                                           \
        return bento_grid_init_window(&g->grid, g->storage, sizeof g->storage, (dims_),         \
                                      sizeof(T), window);                                       \
    }                                                                                           \
    BENTO_WRAPPER bento_status name##_focus(name *g, const int32_t *focus,                      \
                                            bento_grid_evict_fn evict, void *context)           \
    {                                                                                           \
        return bento_grid_focus(&g->grid, focus, evict, context);                               \
    }                                                                                           \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_GRID_H */
