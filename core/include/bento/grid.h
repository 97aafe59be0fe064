/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M5 M15 M22 M26 M28. */
/**
 * @file
 * bento/grid.h - an N-dimensional spatial grid over caller memory.
 *
 * A map from integer points (1 to 4 signed 32-bit coordinates, the number of axes fixed at
 * init) to cells of one fixed size, stored as a flat array: a lookup is a few subtractions,
 * compares and shifts, with no hashing and no probing. The grid covers a box, an origin and
 * a size per axis, and moves in one of two ways, chosen at init:
 *
 *   growing grid  (bento_grid_init): the box starts empty; bento_grid_ensure() (and
 *                 bento_grid_insert()) extend it to take in a point by doubling the size along
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
 * Cells are empty until inserted: an occupancy bitmap inside the buffer says which cells hold
 * elements, so the grid behaves as a map. get() answers NULL for an empty cell, and growing
 * the box never makes an element appear.
 *
 * Coordinates. Every `coords` argument points to dims coordinates: an int32_t array, or the
 * `c` of a bento_point variable (bento/point.h). Typed grids also take a bento_point by value
 * (name_get_at(&g, bento_xyz(1, 2, 3))).
 *
 * Layout. Sizes along each axis are powers of two, so strides are shifts. The slot of
 * coordinate c along axis d is c - origin[d] in a growing grid, and c mod size[d] in a window
 * (a ring: a slot keeps its coordinate as the window slides); a cell's linear index is
 * the sum over axes of slot[d] << stride[d], axis 0 varying fastest, where stride[d] is the
 * sum of log2(size[e]) for e < d: the box's cells are the indices 0 .. 2^(sum) - 1. Memory
 * (BENTO_GRID_BYTES(capacity, cell_size) bytes):
 *     header     the parameters (dims, growing or window, cell size, capacity, window sizes)
 *                and a copy of the mutable state: each axis's origin, size and stride, the
 *                element count and the moved() statistic (bento/common.h, "Buffers"); under
 *                BENTO_POWER_SAFE, the journal
 *     cells      capacity * cell_size bytes, rounded up to a multiple of 4
 *     occupied   ceil(capacity / 32) uint32_t, bit i set when cell i holds an element
 *
 * Alignment: the buffer must be aligned to the cell's natural alignment, taken as the
 * largest power of two dividing cell_size, at least 4 and at most BENTO_MAX_ALIGN.
 *
 * Growing in place. A growth never shrinks an axis and never raises an origin, so with
 * old slot u[d] and new slot v[d] = u[d] + (old origin[d] - new origin[d]) >= u[d], and old
 * strides s[d] <= new strides t[d], a cell's new index sum v[d] << t[d] is at least its old
 * index sum u[d] << s[d]. Moving cells from the highest old index down to the lowest is
 * therefore safe: each cell lands on an index that is either its own, or an old index above
 * it (already moved out), or outside the old box; never on an old cell still waiting to
 * move. The relayout visits each old slot once: O(old box cells) per growth, and since
 * every growth at least doubles the box, O(1) amortized per cell of the final box. An empty
 * box has no cells to move, whatever its bitmap holds.
 *
 * A pointer returned by get or insert stays valid until the box grows (an ensure or insert
 * that grows it moves cells) or its element is removed (remove, clear, or a focus that evicts
 * it). Cell contents are not initialised by insert (like malloc): write them after insert,
 * or store the element with its value in one step with insert_from.
 *
 * Resets (BENTO_POWER_SAFE, bento/common.h). insert, insert_from, remove, clear and ensure
 * (a growth with its relayout included) are atomic: after a reset, open finds the grid as it
 * was before the call or as it is after it. A growth records the old box in the buffer's
 * journal before it moves a cell, and moves each cell before it clears the old one's bit, so
 * open completes a relayout a reset interrupted. An insert that grows the box is a growth,
 * then the insert: a reset between the two leaves the grown box without the new element.
 * focus is resumable: each eviction and each axis's move is atomic, so a reset leaves the
 * elements not yet evicted, whole and where they were, and focus again completes the slide.
 * Bytes a caller writes through a returned pointer are the caller's writes, which a reset
 * can tear; insert_from's value is part of the insert.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open
 * (capacity 0, an empty box that every lookup misses), confinement on damaged buffers: whatever
 * the bitmap and the cells hold, no operation leaves the buffer, and remove, insert and focus
 * answer BENTO_E_CORRUPT where the bitmap disagrees with the count. Not thread-safe: a grid
 * must be used from one context at a time.
 *
 * Typed grids: BENTO_GRID_TYPE(name, T, dims, capacity) and BENTO_GRID_WINDOW_TYPE declare a
 * growing or a window grid type with its own storage and its whole API under its name, with
 * lookups specialised for T and dims (see the end of the API below).
 */
#ifndef BENTO_GRID_H
#define BENTO_GRID_H

#include <bento/point.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** Most axes a grid can have. */
#define BENTO_GRID_MAX_DIMS 4u

/** Most cells a grid can have: the box's cell count is a power of two held in 32 bits. */
#define BENTO_GRID_MAX_CELLS 0x80000000u

/** One axis of the box: coordinates origin .. origin + size - 1. */
typedef struct bento_grid_axis {
    int32_t origin;  /**< lowest coordinate in the box */
    uint32_t size;   /**< cells along the axis: a power of two, or 0 on axis 0 of an empty box */
    uint32_t stride; /**< log2 of the stride: a cell's index is the sum of slot << stride */
} bento_grid_axis;

/** The mutable state, kept in the struct and copied to the buffer's header on every change.
 * Axes beyond dims have origin 0, size 1, stride 0. */
typedef struct bento_grid_state {
    bento_grid_axis axis[BENTO_GRID_MAX_DIMS]; /**< per axis: origin, size and stride */
    uint32_t count; /**< occupied cells */
    uint32_t moved; /**< cells moved by growths since init or clear (a cost statistic) */
} bento_grid_state;

/** A grid. Its fields are the implementation's: use the functions. Byte fields first (Cortex-M0
 * loads a byte with an immediate offset below 32), then the axes, which every lookup walks:
 * small offsets are short loads. */
typedef struct bento_grid {
    uint8_t dims; /**< axes: 1 to 4 */
    uint8_t window;           /**< 1 for a sliding window, 0 for a growing grid */
    bento_grid_state state; /**< the counters (the operations' copy) */
    unsigned char *cells;     /**< capacity * cell_size bytes */
    uint32_t *occupied;       /**< occupancy bitmap, one bit per cell */
    bento_grid_state *saved;  /**< the state's copy in the buffer (`state` itself when inert) */
    uint32_t cell_size; /**< bytes of a cell, as given at init */
    uint32_t capacity;        /**< cells the buffer holds */
    uint32_t window_shifts;   /**< log2 of each window size, one byte per axis; 0 when growing */
} bento_grid;

/** Bytes of caller memory for a grid of `capacity` cells (a constant expression when the
 * arguments are). */
#define BENTO_GRID_BYTES(capacity, cell_size)                                                     \
    (BENTO_IMPL_GRID_HEAD + BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, capacity) * BENTO_IMPL_CAST(size_t, cell_size), 4u) + \
     ((BENTO_IMPL_CAST(size_t, capacity) + 31u) / 32u) * 4u)

/**
 * Carve a growing grid out of `memory` (`bytes` long), with an empty box.
 * 1 <= dims <= BENTO_GRID_MAX_DIMS; cell_size >= 1; 1 <= capacity <= BENTO_GRID_MAX_CELLS.
 * A box holds a power-of-two number of cells, so the largest box that fits holds the
 * largest power of two <= capacity.
 * Returns BENTO_E_ARGUMENT for a parameter out of range (also a NULL memory, or a buffer of
 * more than 4 GiB), BENTO_E_ALIGN for a misaligned buffer (see the alignment rule above),
 * BENTO_E_SIZE when bytes < BENTO_GRID_BYTES(capacity, cell_size); the grid is inert then.
 * O(capacity / 32): the occupancy bitmap is cleared.
 */
bento_status bento_grid_init(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                             size_t cell_size, uint32_t capacity);

/**
 * Carve a sliding-window grid out of `memory`: window[d] cells along axis d (dims of them,
 * each a power of two, their product at most BENTO_GRID_MAX_CELLS), centred on the point 0:
 * along each axis the box starts at -window[d] / 2. The capacity is the product of the
 * window sizes. Returns what bento_grid_init returns for that capacity, and
 * BENTO_E_ARGUMENT for a NULL window or a window size that is not a power of two; the grid
 * is inert then. O(capacity / 32).
 */
bento_status bento_grid_init_window(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                    size_t cell_size, const uint32_t *window);

/**
 * Reattach `grid` to `memory`, a buffer that holds a grid (bento/common.h, "Buffers"): after
 * a reset with the buffer in retained RAM, a copy to flash or a file. Under BENTO_POWER_SAFE
 * the operation a reset interrupted is first undone or completed (see "Resets"). The header's
 * parameters and geometry and every invariant bento_grid_check verifies are validated.
 * BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer not aligned as its cells need,
 * BENTO_E_SIZE when bytes is shorter than the grid the header describes, BENTO_E_CORRUPT for
 * anything else (also a journal no operation writes); the grid is inert then. O(capacity).
 */
bento_status bento_grid_open(bento_grid *grid, void *memory, size_t bytes);

/**
 * Verify the buffer: the header and the state's copy; dims 1 to 4; along each axis a size
 * that is a power of two (a window's: its own), strides that are the running sums of their
 * log2, a box inside the int32 range and no larger than the capacity (a growing grid's empty
 * box exactly as clear leaves it); no occupancy bit set outside the box; count equal to the
 * number of bits set; moved() below the box's cell count (0 in a window). BENTO_OK (also when
 * inert), or BENTO_E_CORRUPT when the memory was damaged. An origin is sound wherever it
 * keeps the box inside the int32 range, and axis sizes wherever they are powers of two whose
 * product fits the capacity, so a damaged origin or a reshaped box (4 x 2 made 2 x 4) that
 * still does reads as the same elements moved in space: check cannot see it, as no rule of
 * the buffer tells such a grid from one that holds its elements there. O(capacity), no
 * recursion.
 */
bento_status bento_grid_check(const bento_grid *grid);

/**
 * Grow the box to include the point `coords`. A growing grid doubles the size along each axis
 * the point lies outside of, until the point is inside: a doubling keeps the old range
 * centred when the point is within half the old size of it (a region growing around its
 * first cell stays centred), and otherwise extends toward the point. At the ends of the int32
 * range the box is pushed back inside it. Then the stored cells move in place (see "Growing
 * in place"). Returns BENTO_OK when the point is inside (already, or after growing),
 * BENTO_E_FULL when the grown box would exceed the capacity, or when a window grid's box does
 * not contain the point (or the grid is inert); the grid is then exactly as it was.
 * O(dims) when the point is inside; otherwise O(cells of the old box), amortized O(1) per
 * cell of the final box. Atomic under BENTO_POWER_SAFE (a relayout a reset cut is completed
 * by open).
 */
bento_status bento_grid_ensure(bento_grid *grid, const int32_t *coords);

/**
 * Make the cell at `coords` hold an element: ensure(coords), then mark the cell occupied.
 * On BENTO_OK the cell was empty and *cell (optional) points to its uninitialised storage.
 * BENTO_E_EXISTS when the cell already holds an element (look it up with get), BENTO_E_FULL
 * as for ensure: the grid is unchanged then. BENTO_E_CORRUPT when the cell is empty though
 * count says every cell is occupied (a damaged bitmap): the box may have grown, nothing else
 * changed. *cell is NULL on every failure. Complexity as for ensure. Atomic under
 * BENTO_POWER_SAFE when the point is inside the box (a growth first is atomic on its own: a
 * reset between the two leaves the grown box without the element); the bytes the caller then
 * writes through *cell are the caller's own writes, which a reset can tear: to store the
 * element with its value in one atomic step, use bento_grid_insert_from.
 */
bento_status bento_grid_insert(bento_grid *grid, const int32_t *coords, void **cell);

/**
 * Make the cell at `coords` hold an element with a copy of the cell_size bytes at `value`
 * (which must not lie in the grid's buffer). As bento_grid_insert otherwise; under
 * BENTO_POWER_SAFE a reset leaves either no element there or the element with its whole
 * value. Complexity as for ensure, plus O(cell_size).
 */
bento_status bento_grid_insert_from(bento_grid *grid, const int32_t *coords, const void *value);

/**
 * Empty the cell at `coords`. BENTO_E_NOT_FOUND when it holds no element (or lies outside
 * the box), BENTO_E_CORRUPT when it does though count is 0 (a damaged bitmap); the grid is
 * unchanged then. The box never shrinks. O(dims). Atomic under BENTO_POWER_SAFE.
 */
bento_status bento_grid_remove(bento_grid *grid, const int32_t *coords);

/**
 * Empty every cell and reset the moved() statistic. A growing grid's box becomes empty
 * again (so it can regrow anywhere); a window keeps its box. O(capacity / 32). Atomic under
 * BENTO_POWER_SAFE (a clear a reset cut is completed by open).
 */
void bento_grid_clear(bento_grid *grid);

/**
 * Called for each element leaving a sliding window: its coordinates and its storage, which
 * the grid drops as soon as the call returns.
 */
typedef void (*bento_grid_evict_fn)(void *context, const int32_t *coords, void *cell);

/**
 * Recentre a sliding window on `focus`: along each axis the box becomes
 * focus[d] - window[d] / 2 .. focus[d] + window[d] / 2 - 1 (pushed back inside the int32
 * range at its ends). Every element outside the new box is passed to evict(context, ...)
 * (when evict is not NULL) and removed: axis by axis, the slab of the old box that leaves
 * along that axis is walked in iteration order (see below). Elements inside both boxes stay
 * where they are: nothing moves in memory. BENTO_E_ARGUMENT for a growing grid or an inert
 * one (unchanged). BENTO_E_CORRUPT when an evicted cell's bit was set though count was
 * already 0 (a damaged bitmap): the window has moved all the same.
 * O(dims * (dims + cells of the old box outside the new one)): a step of one cell along one
 * axis walks one face of the box, a jump walks the whole box, cell by cell.
 * The callback must not change the grid.
 * Resumable under BENTO_POWER_SAFE: each eviction (the call, then the removal) and each
 * axis's move is one atomic step, so a reset leaves the window part of the way, with the
 * elements not yet evicted whole and where they were, and focus again with the same point
 * completes the slide. No element evicted before the reset is passed to evict again; the one
 * whose call was in flight (or had returned, its removal not yet made) is still in the
 * window, and is passed again: an evict that saves the cell somewhere must tolerate saving
 * it twice.
 */
bento_status bento_grid_focus(bento_grid *grid, const int32_t *focus, bento_grid_evict_fn evict,
                              void *context);

/**
 * The element at `coords`, or NULL when the point is outside the box or its cell is empty.
 * O(dims), no loops over data; inline.
 */
static inline void *bento_grid_get(const bento_grid *grid, const int32_t *coords);

/** True when the cell at `coords` holds an element. O(dims), inline. */
static inline bool bento_grid_contains(const bento_grid *grid, const int32_t *coords);

/** Elements stored. O(1). */
static inline uint32_t bento_grid_count(const bento_grid *grid);

/** Capacity in cells given at init (for a window, the product of its sizes; 0 when inert). */
static inline uint32_t bento_grid_capacity(const bento_grid *grid);

/** Lowest coordinate of the box along `axis` (< dims; larger values read axis & 3). O(1). */
static inline int32_t bento_grid_origin(const bento_grid *grid, unsigned axis);

/** Cells of the box along `axis` (< dims; larger values read axis & 3); 0 for every axis
 * while a growing grid's box is empty. O(1). */
static inline uint32_t bento_grid_extent(const bento_grid *grid, unsigned axis);

/** Cells moved by growths since init or clear: the relayout work, for measuring. O(1). */
static inline uint32_t bento_grid_moved(const bento_grid *grid);

/**
 * Iteration over the elements in a box, empty cells skipped:
 *
 *     bento_grid_iter it;
 *     bento_grid_iter_init(&it, &grid, lo, hi);   // lo, hi: inclusive corners, or NULL
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
    int32_t coords[BENTO_GRID_MAX_DIMS]; /**< coordinates of the current element (dims of them) */
    void *cell;                          /**< the current element (NULL once done) */
    uint32_t index;                      /**< its linear index */
    /** the walk, private: */
    const bento_grid *grid_;
    int32_t lo_[BENTO_GRID_MAX_DIMS];    /**< per axis: the clipped range, inclusive */
    int32_t hi_[BENTO_GRID_MAX_DIMS]; /**< (private) */
    uint8_t dims_; /**< axes of the grid walked */
    uint8_t state_;                      /**< fresh, stepping or done */
} bento_grid_iter;

/**
 * Start iterating the elements whose coordinates lie in lo[d] .. hi[d] (inclusive) on every
 * axis, clipped to the box; a NULL lo (hi) does not clip from below (above): NULL, NULL is
 * the whole box. A range with lo[d] > hi[d] on some axis is empty. O(dims).
 */
void bento_grid_iter_init(bento_grid_iter *it, const bento_grid *grid, const int32_t *lo,
                          const int32_t *hi);

/**
 * Advance to the next element: true with it->coords, it->cell and it->index set, false when
 * the range is exhausted (and on every later call; it->cell is NULL then). O(cells skipped):
 * the whole walk costs O(cells of the clipped range).
 */
bool bento_grid_iter_next(bento_grid_iter *it);

/**
 * BENTO_GRID_TYPE(name, T, dims, capacity) declares a typed growing grid `name` of cells of T,
 * storage for `capacity` cells embedded, and its functions ("A typed grid", below);
 * BENTO_GRID_WINDOW_TYPE(name, T, dims, capacity) a typed sliding-window grid, with the same
 * functions but its init, plus its focus ("A typed window", below). Both fail to compile when
 * dims is not 1 to 4 or capacity is not 1 to BENTO_GRID_MAX_CELLS. A grid object points into its
 * own storage: after copying one (`b = a`), or when it lives in retained RAM after a reset, call
 * name_open(&b).
 *
 *     BENTO_GRID_TYPE(chunk_grid, uint32_t, 3, 4096);
 *     static chunk_grid chunks;
 */
#define BENTO_GRID_TYPE(name, T, dims_, capacity_)                                                \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_IMPL_GRID_TYPE(name, T, dims_, capacity_, false)                                        \
    BENTO_IMPL_FORWARD(bento_status, name##_init, (name *x),                                      \
                       bento_grid_init(&x->generic_, x->storage_, sizeof x->storage_, (dims_), sizeof(T), \
                                       (capacity_)))                                              \
    BENTO_IMPL_TYPED_END(name)

/** The sliding-window grid type of BENTO_GRID_TYPE's comment (see there). */
#define BENTO_GRID_WINDOW_TYPE(name, T, dims_, capacity_)                                         \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_IMPL_GRID_TYPE(name, T, dims_, capacity_, true)                                         \
    BENTO_IMPL_GRID_WINDOW_OPS(name, T, dims_)                                                    \
    BENTO_IMPL_TYPED_END(name)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed grid
 * What BENTO_GRID_TYPE(name, T, dims, capacity) declares, with its name and cell type for
 * `name` and `T`: each function is the generic one of the same name on the grid's own storage,
 * typed, and asserts on a NULL grid. `coords` is dims coordinates; each function taking them
 * has an `_at` twin taking a bento_point. (scripts/check-asserts holds these declarations to
 * the macro.)
 * instance: BENTO_GRID_TYPE(name, T, 2, 16)
 * @{
 */
typedef struct name name;           /**< the grid, its storage included */
typedef struct name_iter name_iter; /**< an iterator: fields coords, cell (a T *), index */
/** bento_grid_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *grid);
/** bento_grid_open on its own storage; BENTO_E_CORRUPT also for a grid of another type. */
bento_status name_open(name *grid);
/** bento_grid_get, in straight-line code for dims. */
T *name_get(const name *grid, const int32_t *coords);
/** name_get at a point. */
T *name_get_at(const name *grid, bento_point p);
/** bento_grid_contains. */
bool name_contains(const name *grid, const int32_t *coords);
/** name_contains at a point. */
bool name_contains_at(const name *grid, bento_point p);
/** bento_grid_insert; *cell (optional) is the new cell. */
bento_status name_insert(name *grid, const int32_t *coords, T **cell);
/** name_insert at a point. */
bento_status name_insert_at(name *grid, bento_point p, T **cell);
/** bento_grid_insert_from: the new cell a copy of *value (atomic under BENTO_POWER_SAFE). */
bento_status name_insert_from(name *grid, const int32_t *coords, const T *value);
/** name_insert_from at a point. */
bento_status name_insert_from_at(name *grid, bento_point p, const T *value);
/** bento_grid_ensure. */
bento_status name_ensure(name *grid, const int32_t *coords);
/** name_ensure at a point. */
bento_status name_ensure_at(name *grid, bento_point p);
/** bento_grid_remove. */
bento_status name_remove(name *grid, const int32_t *coords);
/** name_remove at a point. */
bento_status name_remove_at(name *grid, bento_point p);
/** bento_grid_origin. */
int32_t name_origin(const name *grid, unsigned axis);
/** bento_grid_extent. */
uint32_t name_extent(const name *grid, unsigned axis);
/** bento_grid_moved. */
uint32_t name_moved(const name *grid);
/** bento_grid_iter_init over the cells from lo to hi. */
void name_iter_init(name_iter *it, const name *grid, const int32_t *lo, const int32_t *hi);
/** name_iter_init between two points. */
void name_iter_init_at(name_iter *it, const name *grid, bento_point lo, bento_point hi);
/** bento_grid_iter_next: true with it->cell set, false at the end. */
bool name_iter_next(name_iter *it);
/** @} */
#endif

#ifdef BENTO_DOXYGEN
/**
 * @name A typed window
 * What BENTO_GRID_WINDOW_TYPE(name, T, dims, capacity) declares: the functions of a typed grid,
 * but this init, and the focus.
 * instance: BENTO_GRID_WINDOW_TYPE(name, T, 2, 16)
 * @{
 */
/** The evict callback of a focus: each cell leaving the window, before it goes. */
typedef void (*name_evict_fn)(void *context, const int32_t *coords, T *cell);
/** bento_grid_init_window with the window sizes: BENTO_E_SIZE when they need more cells than
 * the storage holds. */
bento_status name_init(name *grid, const uint32_t *window);
/** bento_grid_focus. */
bento_status name_focus(name *grid, const int32_t *focus, name_evict_fn evict, void *context);
/** name_focus at a point. */
bento_status name_focus_at(name *grid, bento_point p, name_evict_fn evict, void *context);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_grid_params {
    uint32_t shape; /* dims | window << 8 */
    uint32_t cell_size;
    uint32_t capacity;
    uint32_t window_shifts; /* log2 of each window size, a byte per axis (0 for a growing grid) */
} bento_impl_grid_params;

/* Open as a typed grid (C and C++): a growing grid of these parameters (BENTO_E_CORRUPT,
 * before anything is stored, for a buffer written with other ones), or with `window` a window
 * grid of these dims and cell size and at most this capacity (its sizes are the caller's). */
bento_status bento_impl_grid_open_as(bento_grid *grid, void *memory, size_t bytes, unsigned dims,
                                     size_t cell_size, uint32_t capacity, bool window);

/* Header: the parameter record, then the state, */
#define BENTO_IMPL_GRID_PARAMS (sizeof(bento_impl_grid_params) / 4u)
/* then the journal, with room for the most words an operation logs (a growth: the origin and
 * size of every axis, and moved; its strides are stored again after a reset, not logged) */
#define BENTO_IMPL_GRID_ENTRIES (2u * BENTO_GRID_MAX_DIMS + 1u)
#define BENTO_IMPL_GRID_HEAD                                                                      \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_GRID_PARAMS + sizeof(bento_grid_state) / 4u +                \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_GRID_ENTRIES))

/* The hit path yields a pointer into the buffer, never NULL; telling the compiler so lets a
 * caller's NULL test fold into the lookup's own tests. */
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_GRID_NONNULL(p) ((p) != BENTO_IMPL_NULL ? BENTO_IMPL_CAST(void, 0) : __builtin_unreachable())
#else
#define BENTO_IMPL_GRID_NONNULL(p) (BENTO_IMPL_CAST(void, 0))
#endif

/* Add axis d's part of the index, or return NULL when coord lies outside the box along it:
 * one unsigned compare ((uint32_t)(c - origin) >= size is "below or above"). */
#define BENTO_IMPL_GRID_AXIS(d, ring)                                                             \
    do {                                                                                          \
        uint32_t slot_ = BENTO_IMPL_CAST(uint32_t, coords[d]) - BENTO_IMPL_CAST(uint32_t, grid->state.axis[d].origin); \
        if (slot_ >= grid->state.axis[d].size) {                                                  \
            return BENTO_IMPL_NULL;                                                               \
        }                                                                                         \
        if (ring) { /* a window's slot: the coordinate modulo the size */                         \
            slot_ = BENTO_IMPL_CAST(uint32_t, coords[d]) & (grid->state.axis[d].size - 1u);       \
        }                                                                                         \
        index += (d) == 0 ? slot_ : slot_ << grid->state.axis[d].stride; /* axis 0's is 1 */      \
    } while (0)

/*
 * The lookup of typed wrappers, which pass the axis count, the cell size and the addressing
 * as constants so the compiler drops what they do not need. Written out axis by axis, each
 * with its own early return, which compilers fuse with the compare (a loop over axes is not
 * always unrolled); then the occupancy bit, then the cell. `ring` true is for windows
 * (slot = c mod size), false for growing grids (slot = c - origin).
 *
 * Confinement costs nothing here: the geometry is the struct's own (validated at init and
 * open, changed only by the grid's functions), so the index is below the box's cell count,
 * which is at most the capacity, whatever the buffer holds. Axis 0 is always tested: an inert
 * grid's axis 0 has size 0, so every lookup misses before touching memory.
 */
static inline void *bento_impl_grid_get(const bento_grid *grid, const int32_t *coords, unsigned dims,
                                        size_t cell_size, bool ring)
{
    /* read before the tests, so that in a loop of lookups they are read once, not per hit */
    const uint32_t *occupied = grid->occupied;
    unsigned char *cell = grid->cells;
    uint32_t index = 0u;
    BENTO_IMPL_GRID_AXIS(0, ring);
    if (dims > 1u) {
        BENTO_IMPL_GRID_AXIS(1, ring);
    }
    if (dims > 2u) {
        BENTO_IMPL_GRID_AXIS(2, ring);
    }
    if (dims > 3u) {
        BENTO_IMPL_GRID_AXIS(3, ring);
    }
    if (((occupied[index >> 5] >> (index & 31u)) & 1u) == 0u) {
        return BENTO_IMPL_NULL;
    }
    cell += BENTO_IMPL_CAST(size_t, index) * cell_size;
    BENTO_IMPL_GRID_NONNULL(cell);
    return cell;
}

static inline void *bento_grid_get(const bento_grid *grid, const int32_t *coords)
{
    uint32_t keep;
    const uint32_t *occupied;
    unsigned char *cell;
    uint32_t index = 0u;
    unsigned d = 0u;
    BENTO_ASSERT(grid != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL);
    keep = BENTO_IMPL_CAST(uint32_t, grid->window) - 1u; /* 0 in a window: slot = c mod size */
    occupied = grid->occupied;          /* read first, as in bento_impl_grid_get */
    cell = grid->cells;
    do { /* axis 0 always: an inert grid (dims 0) misses there */
        const bento_grid_axis *a = &grid->state.axis[d];
        const uint32_t c = BENTO_IMPL_CAST(uint32_t, coords[d]);
        if (c - BENTO_IMPL_CAST(uint32_t, a->origin) >= a->size) {
            return BENTO_IMPL_NULL;
        }
        index += ((c - (BENTO_IMPL_CAST(uint32_t, a->origin) & keep)) & (a->size - 1u)) << a->stride;
    } while (++d < grid->dims);
    if (((occupied[index >> 5] >> (index & 31u)) & 1u) == 0u) {
        return BENTO_IMPL_NULL;
    }
    cell += BENTO_IMPL_CAST(size_t, index) * grid->cell_size;
    BENTO_IMPL_GRID_NONNULL(cell);
    return cell;
}

static inline bool bento_grid_contains(const bento_grid *grid, const int32_t *coords)
{
    return bento_grid_get(grid, coords) != BENTO_IMPL_NULL;
}

static inline uint32_t bento_grid_count(const bento_grid *grid)
{
    BENTO_ASSERT(grid != BENTO_IMPL_NULL);
    return grid->state.count;
}

static inline uint32_t bento_grid_capacity(const bento_grid *grid)
{
    BENTO_ASSERT(grid != BENTO_IMPL_NULL);
    return grid->capacity;
}

static inline int32_t bento_grid_origin(const bento_grid *grid, unsigned axis)
{
    BENTO_ASSERT(grid != BENTO_IMPL_NULL);
    return grid->state.axis[axis & 3u].origin;
}

static inline uint32_t bento_grid_extent(const bento_grid *grid, unsigned axis)
{
    BENTO_ASSERT(grid != BENTO_IMPL_NULL);
    return grid->state.axis[0].size == 0u ? 0u : grid->state.axis[axis & 3u].size;
}

static inline uint32_t bento_grid_moved(const bento_grid *grid)
{
    BENTO_ASSERT(grid != BENTO_IMPL_NULL);
    return grid->state.moved;
}

/* A typed walk's coordinates before its first step: all 0. */
static inline void bento_impl_grid_coords_zero(int32_t *coords)
{
    unsigned d;
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        coords[d] = 0;
    }
}

/* A typed walk's step: the generic one, then its `dims` coordinates and its index copied to
 * the typed iterator's (left as they were once done). */
static inline bool bento_impl_grid_step(bento_grid_iter *it, int32_t *coords, uint32_t *index,
                                        unsigned dims)
{
    unsigned d;
    if (!bento_grid_iter_next(it)) {
        return false;
    }
    for (d = 0u; d < dims; d++) {
        coords[d] = it->coords[d];
    }
    *index = it->index;
    return true;
}

/* What both typed grids share: the scaffolding and open, the lookups (constants for dims,
 * cell size and addressing), the map operations, the box and the typed iterator. */
#define BENTO_IMPL_GRID_TYPE(name, T, dims_, capacity_, ring_)                                    \
    BENTO_STATIC_ASSERT((dims_) >= 1 && (dims_) <= 4, name##_dims_must_be_1_to_4);                \
    BENTO_STATIC_ASSERT((capacity_) >= 1 && BENTO_IMPL_CAST(uint64_t, capacity_) <= BENTO_GRID_MAX_CELLS, \
                        name##_capacity_out_of_range);                                            \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_GRID_HEAD) + 3u +           \
                                     BENTO_IMPL_CAST(uint64_t, capacity_) * sizeof(T) +           \
                                     (BENTO_IMPL_CAST(uint64_t, capacity_) + 31u) / 32u * 4u);    \
    BENTO_IMPL_TYPED(name, bento_grid, BENTO_GRID_BYTES(capacity_, sizeof(T)))                    \
    BENTO_IMPL_FORWARD(bento_status, name##_open, (name *x),                                      \
                       bento_impl_grid_open_as(&x->generic_, x->storage_, sizeof x->storage_,     \
                                               (dims_), sizeof(T), (capacity_), (ring_)))         \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_iter {                                                                  \
        int32_t coords[BENTO_GRID_MAX_DIMS];                                                      \
        T *cell;                                                                                  \
        uint32_t index;                                                                           \
        bento_grid_iter generic_;                                                                 \
    } name##_iter;                                                                                \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_WRAPPER T *name##_get(const name *g, const int32_t *coords)                             \
    {                                                                                             \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL);                          \
        return BENTO_IMPL_PTR_CAST(T *, bento_impl_grid_get(&g->generic_, coords, (dims_), sizeof(T), (ring_))); \
    }                                                                                             \
    BENTO_WRAPPER T *name##_get_at(const name *g, bento_point p)                                  \
    {                                                                                             \
        return name##_get(g, p.c);                                                                \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *g, const int32_t *coords)                      \
    {                                                                                             \
        return name##_get(g, coords) != BENTO_IMPL_NULL;                                          \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains_at(const name *g, bento_point p)                           \
    {                                                                                             \
        return name##_get(g, p.c) != BENTO_IMPL_NULL;                                             \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert(name *g, const int32_t *coords, T **cell)            \
    {                                                                                             \
        void *c_;                                                                                 \
        T *sink_;                                                                                 \
        bento_status s_;                                                                          \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL);                          \
        s_ = bento_grid_insert(&g->generic_, coords, &c_);                                        \
        *BENTO_IMPL_PTR_CAST(T **, bento_impl_out(cell, &sink_)) = BENTO_IMPL_PTR_CAST(T *, c_);  \
        return s_;                                                                                \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert_at(name *g, bento_point p, T **cell)                 \
    {                                                                                             \
        return name##_insert(g, p.c, cell);                                                       \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert_from(name *g, const int32_t *coords, const T *value) \
    {                                                                                             \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL && value != BENTO_IMPL_NULL); \
        return bento_grid_insert_from(&g->generic_, coords, value);                               \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_insert_from_at(name *g, bento_point p, const T *value)      \
    {                                                                                             \
        return name##_insert_from(g, p.c, value);                                                 \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_ensure(name *g, const int32_t *coords)                      \
    {                                                                                             \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL);                          \
        return bento_grid_ensure(&g->generic_, coords);                                           \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_ensure_at(name *g, bento_point p)                           \
    {                                                                                             \
        return name##_ensure(g, p.c);                                                             \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_remove(name *g, const int32_t *coords)                      \
    {                                                                                             \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && coords != BENTO_IMPL_NULL);                          \
        return bento_grid_remove(&g->generic_, coords);                                           \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_remove_at(name *g, bento_point p)                           \
    {                                                                                             \
        return name##_remove(g, p.c);                                                             \
    }                                                                                             \
    BENTO_IMPL_FORWARD(int32_t, name##_origin, (const name *x, unsigned axis),                    \
                       bento_grid_origin(&x->generic_, axis))                                     \
    BENTO_IMPL_FORWARD(uint32_t, name##_extent, (const name *x, unsigned axis),                   \
                       bento_grid_extent(&x->generic_, axis))                                     \
    BENTO_IMPL_FORWARD(uint32_t, name##_moved, (const name *x), bento_grid_moved(&x->generic_))   \
    BENTO_WRAPPER void name##_iter_init(name##_iter *it, const name *g, const int32_t *lo,        \
                                        const int32_t *hi)                                        \
    {                                                                                             \
        BENTO_ASSERT(it != BENTO_IMPL_NULL && g != BENTO_IMPL_NULL);                              \
        bento_grid_iter_init(&it->generic_, &g->generic_, lo, hi);                                \
        bento_impl_grid_coords_zero(it->coords);                                                  \
        it->cell = BENTO_IMPL_NULL;                                                               \
        it->index = 0u;                                                                           \
    }                                                                                             \
    BENTO_WRAPPER void name##_iter_init_at(name##_iter *it, const name *g, bento_point lo,        \
                                           bento_point hi)                                        \
    {                                                                                             \
        name##_iter_init(it, g, lo.c, hi.c);                                                      \
    }                                                                                             \
    BENTO_WRAPPER bool name##_iter_next(name##_iter *it)                                          \
    {                                                                                             \
        bool more_;                                                                               \
        BENTO_ASSERT(it != BENTO_IMPL_NULL);                                                      \
        more_ = bento_impl_grid_step(&it->generic_, it->coords, &it->index, (dims_));             \
        it->cell = BENTO_IMPL_PTR_CAST(T *, it->generic_.cell); /* NULL once done */              \
        return more_;                                                                             \
    }

/* What only a window type has: init with its sizes, and focus with a typed eviction callback
 * (passed through a context pair, so the callback's cell is a T * with no cast). */
#define BENTO_IMPL_GRID_WINDOW_OPS(name, T, dims_)                                                \
    typedef void (*name##_evict_fn)(void *context, const int32_t *coords, T *cell);               \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_evict_ {                                                                \
        name##_evict_fn fn;                                                                       \
        void *context;                                                                            \
    } name##_evict_;                                                                              \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_WRAPPER void name##_evict_call_(void *context, const int32_t *coords, void *cell)       \
    {                                                                                             \
        const name##_evict_ *e_ = BENTO_IMPL_CONST_PTR_CAST(const name##_evict_ *, context);            \
        e_->fn(e_->context, coords, BENTO_IMPL_PTR_CAST(T *, cell));                              \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_init, (name *x, const uint32_t *window),              \
                       bento_grid_init_window(&x->generic_, x->storage_, sizeof x->storage_, (dims_), \
                                              sizeof(T), window))                                 \
    BENTO_WRAPPER bento_status name##_focus(name *g, const int32_t *focus, name##_evict_fn evict, \
                                            void *context)                                        \
    {                                                                                             \
        name##_evict_ e_;                                                                         \
        BENTO_ASSERT(g != BENTO_IMPL_NULL && focus != BENTO_IMPL_NULL);                           \
        e_.fn = evict;                                                                            \
        e_.context = context;                                                                     \
        return bento_grid_focus(&g->generic_, focus, evict != BENTO_IMPL_NULL ? name##_evict_call_ : BENTO_IMPL_NULL, \
                                &e_);                                                             \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_focus_at(name *g, bento_point p, name##_evict_fn evict,     \
                                               void *context)                                     \
    {                                                                                             \
        return name##_focus(g, p.c, evict, context);                                              \
    }

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_GRID_H */
