/* SPDX-License-Identifier: MIT */
/*
 * bento/spatial_hash.h - items at 2D or 3D integer positions, bucketed by cell.
 *
 * Space is cut into square (cubic) cells of 2^cell_shift units a side. Each item, a record
 * index in [0, item_capacity), sits in the cell holding its position; a multi-value index
 * (bento/multi_index.h) maps each occupied cell to its items, so memory grows with the items,
 * not with the world's extent. Positions are int32_t (integers or any fixed-point format);
 * the whole int32 range is usable.
 *
 * Queries visit only the cells their box overlaps (the radius query skips the box's corner
 * cells that the ball does not reach), test each item there against the exact shape and
 * call back for each match. When the box covers more cells than there are item slots, the
 * query scans the item array instead and visits no cell at all, so a huge query costs
 * O(item_capacity), never O(cells). bento_spatial_stats reports what a query touched.
 *
 * Cell keys: in 2D the two 32-bit cell coordinates; in 3D 21 bits of each. 3D cells 2^21
 * cells apart share a key (their items share a list and are told apart by position); a 3D
 * query spanning more than 2^21 cells on an axis scans the items instead.
 *
 * Memory (BENTO_SPATIAL_HASH_BYTES(cell_capacity, item_capacity, dims), 4-byte aligned): the
 * multi-value index (cell_capacity hash slots, a power of two: at most 7/8 of them can hold
 * occupied cells) followed by dims int32_t per item. Indices only.
 *
 * Not thread-safe: a spatial hash must be used from one context at a time.
 */
#ifndef BENTO_SPATIAL_HASH_H
#define BENTO_SPATIAL_HASH_H

#include <bento/multi_index.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bento_spatial_hash {
    bento_multi_index cells; /* cell key -> items */
    int32_t *position;       /* dims * item_capacity coordinates */
    uint32_t dims;           /* 2 or 3 */
    uint32_t cell_shift;     /* a cell is 2^cell_shift units a side */
} bento_spatial_hash;

/* What a query touched: cell lookups, items tested against the shape, items reported. */
typedef struct bento_spatial_stats {
    uint32_t cells_visited;
    uint32_t items_tested;
    uint32_t items_found;
} bento_spatial_stats;

/*
 * Called for each item a query finds, with its position (dims coordinates). Return true to
 * go on, false to stop the query. The callback must not insert, move or remove items.
 */
typedef bool (*bento_spatial_visit)(void *context, uint32_t item, const int32_t *position);

/* Bytes of caller memory (a constant expression when the arguments are). */
#define BENTO_SPATIAL_HASH_BYTES(cell_capacity, item_capacity, dims)                              \
    (BENTO_MULTI_INDEX_BYTES(cell_capacity, item_capacity) +                                      \
     (size_t)(item_capacity) * (size_t)(dims) * 4u)

/*
 * Carve a spatial hash out of `memory`, empty. dims is 2 or 3; cell_shift in [0, 31];
 * cell_capacity a power of two in [2, 2^24]; 1 <= item_capacity < 2^28. BENTO_E_ARGUMENT,
 * BENTO_E_ALIGN (4-byte alignment) or BENTO_E_SIZE as for the multi-value index; on failure
 * every insert answers BENTO_E_ARGUMENT. O(cell_capacity + item_capacity).
 */
bento_status bento_spatial_hash_init(bento_spatial_hash *sh, void *memory, size_t bytes,
                                     uint32_t cell_capacity, uint32_t item_capacity,
                                     uint32_t dims, uint32_t cell_shift);

/*
 * Put `item` at `position` (dims coordinates). BENTO_E_ARGUMENT for an item out of range or a
 * NULL position, BENTO_E_EXISTS when the item is already in, BENTO_E_FULL when its cell is new
 * and the cell index is full. O(1) expected.
 */
bento_status bento_spatial_hash_insert(bento_spatial_hash *sh, uint32_t item,
                                       const int32_t *position);

/*
 * Move `item` to `position`. Only the stored position changes when the cell stays the same.
 * BENTO_E_ARGUMENT as insert, BENTO_E_NOT_FOUND when the item is not in, BENTO_E_FULL when the
 * new cell is new and the cell index is full (the item stays where it was). O(1) expected.
 */
bento_status bento_spatial_hash_move(bento_spatial_hash *sh, uint32_t item,
                                     const int32_t *position);

/* Take `item` out. BENTO_E_ARGUMENT for an item out of range, BENTO_E_NOT_FOUND. O(1) expected. */
bento_status bento_spatial_hash_remove(bento_spatial_hash *sh, uint32_t item);

/* The stored position of `item` (dims coordinates), or NULL when it is not in. O(1). */
const int32_t *bento_spatial_hash_position(const bento_spatial_hash *sh, uint32_t item);

/*
 * Call `visit` for every item with min[d] <= position[d] <= max[d] on every axis, until it
 * returns false. `stats` (when not NULL) tells what was touched. BENTO_E_ARGUMENT when visit,
 * min or max is NULL or min[d] > max[d] on some axis. O(cells in the box + items in those
 * cells), or O(item_capacity) when the box covers more cells than that.
 */
bento_status bento_spatial_hash_query_box(const bento_spatial_hash *sh, const int32_t *min,
                                          const int32_t *max, bento_spatial_visit visit,
                                          void *context, bento_spatial_stats *stats);

/*
 * Call `visit` for every item within Euclidean distance `radius` of `center` (the sphere's
 * surface included), until it returns false. Only cells of the bounding box [center - radius,
 * center + radius] that the ball reaches are visited. BENTO_E_ARGUMENT for a NULL visit or
 * center or a negative radius. Complexity as query_box.
 */
bento_status bento_spatial_hash_query_radius(const bento_spatial_hash *sh, const int32_t *center,
                                             int32_t radius, bento_spatial_visit visit,
                                             void *context, bento_spatial_stats *stats);

/* Items in the hash. */
static inline uint32_t bento_spatial_hash_count(const bento_spatial_hash *sh)
{
    return bento_multi_index_total(&sh->cells);
}

/* Take every item out. O(cell_capacity + item_capacity). */
static inline void bento_spatial_hash_clear(bento_spatial_hash *sh)
{
    bento_multi_index_clear(&sh->cells);
}

/*
 * Verify the cell index and that every item sits in the cell its stored position names.
 * BENTO_OK or BENTO_E_CORRUPT. O(cell_capacity + item_capacity).
 */
bento_status bento_spatial_hash_check(const bento_spatial_hash *sh);

/*
 * BENTO_SPATIAL_HASH_TYPE(name, cell_capacity, item_capacity, dims, cell_shift) declares a
 * type `name` holding a spatial hash and its storage, with name_init(name *). Use the
 * bento_spatial_hash_* functions on `&x.hash`. Do not copy after init.
 */
#define BENTO_SPATIAL_HASH_TYPE(name, cell_capacity_, item_capacity_, dims_, cell_shift_)         \
    BENTO_STATIC_ASSERT(((dims_) == 2 || (dims_) == 3) && (cell_shift_) >= 0 &&                   \
                            (cell_shift_) <= 31 && (cell_capacity_) >= 2 &&                       \
                            (cell_capacity_) <= BENTO_INDEX_MAX_CAPACITY &&                       \
                            ((cell_capacity_) & ((cell_capacity_) - 1)) == 0 &&                   \
                            (item_capacity_) >= 1 && (item_capacity_) < (1l << 28),               \
                        name##_bad_spatial_hash_parameters);                                   \
    typedef struct name {                                                                         \
        bento_spatial_hash hash;                                                                  \
        bento_align_unit storage[BENTO_ALIGN_UNITS(                                               \
            BENTO_SPATIAL_HASH_BYTES(cell_capacity_, item_capacity_, dims_))];                    \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *x)                                               \
    {                                                                                             \
        return bento_spatial_hash_init(&x->hash, x->storage, sizeof x->storage,                   \
                                       (cell_capacity_), (item_capacity_), (dims_),               \
                                       (cell_shift_));                                            \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_SPATIAL_HASH_H */
