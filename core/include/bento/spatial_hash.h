/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M28. */
/**
 * @file
 * bento/spatial_hash.h - items at 2D or 3D integer positions, bucketed by cell.
 *
 * Space is cut into square (cubic) cells of 2^cell_shift units a side. Each item sits in the
 * cell holding its position. Items are values of the multi-value index inside: their low
 * id_bits bits are their id in [0, item_capacity) (a pool's slot index, a position in an
 * array), the whole item with id_bits 32, and with fewer a handle whose stamp the buffer keeps
 * (bento/multi_index.h: a stale handle of a reused id is not the item, and a handle of
 * generation 0 is out of range); a multi-value index (bento/multi_index.h) maps each occupied cell to
 * its items, so memory grows with the items, not with the world's extent. Positions are
 * int32_t (integers or any fixed-point format); the whole int32 range is usable.
 *
 * Coordinates. Every position argument points to dims coordinates: an int32_t array, or the
 * `c` of a bento_point (bento/point.h: bento_xy(x, y), bento_xyz(x, y, z)). Typed spatial
 * hashes also take a bento_point by value (name_insert_at(&h, 7, bento_xy(10, -3))).
 *
 * Queries visit only the cells their box overlaps (the radius query skips the box's cells
 * that the ball does not reach), test each item there against the exact shape and call back
 * for each match. When the box covers more cells than there are item slots, the query scans
 * the items instead and visits no cell at all, so a huge query costs O(item_capacity), never
 * O(cells). A bento_spatial_hash_stats reports what a query touched.
 *
 * Cell keys: in 2D the two 32-bit cell coordinates; in 3D 21 bits of each. 3D cells 2^21
 * cells apart share a key (their items share a list and are told apart by position); a 3D
 * query spanning more than 2^21 cells on an axis scans the items instead.
 *
 * Memory (BENTO_SPATIAL_HASH_BYTES(cell_capacity, item_capacity, dims, id_bits), 4-byte
 * aligned):
 *     header     the capacities, dims, cell_shift and id bits (bento/common.h, "Buffers"; the counters
 *                are the multi-value index's, in its own header); with BENTO_POWER_SAFE the
 *                journal of the whole buffer (the nested indices' stay idle)
 *     cells      a multi-value index of cell_capacity hash slots (at most 7/8 of them hold
 *                occupied cells) and item_capacity values of id_bits, header and stamps
 *                included
 *     positions  item_capacity * dims int32_t
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open
 * (item capacity 0: every item is out of range, so insert answers BENTO_E_ARGUMENT; queries
 * find nothing), confinement on damaged buffers: every list a query walks is bounded as the
 * multi-value index's are. Not thread-safe: a spatial hash must be used from one context at a
 * time.
 *
 * Typed spatial hashes: BENTO_SPATIAL_HASH_TYPE_OF(name, cell_capacity, item_capacity,
 * item_handle_type, dims, cell_shift) declares one with its own storage and its whole API under
 * its name, items of a handle type (id_bits its index bits); BENTO_SPATIAL_HASH_TYPE(name,
 * cell_capacity, item_capacity, dims, cell_shift) its integer form (see the end of the API
 * below).
 */
#ifndef BENTO_SPATIAL_HASH_H
#define BENTO_SPATIAL_HASH_H

#include <bento/multi_index.h>
#include <bento/point.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** A spatial hash. Its fields are the implementation's: use the functions. */
typedef struct bento_spatial_hash {
    bento_multi_index cells; /**< cell key -> items */
    int32_t *position;       /**< dims * item_capacity coordinates */
    uint32_t *saved;         /**< its journal in the buffer (it has no counters of its own;
                                  when inert, this field itself) */
    uint32_t dims;           /**< 2 or 3 (0 when inert) */
    uint32_t cell_shift;     /**< a cell is 2^cell_shift units a side */
} bento_spatial_hash;

/** What a query touched: cell lookups, items tested against the shape, items reported. */
typedef struct bento_spatial_hash_stats {
    uint32_t cells_visited; /**< cells looked up */
    uint32_t items_tested; /**< items tested against the shape */
    uint32_t items_found; /**< items reported to the visitor */
} bento_spatial_hash_stats;

/**
 * Called for each item a query finds, with its position (dims coordinates). Return true to
 * go on, false to stop the query. The callback must not insert, move or remove items.
 */
typedef bool (*bento_spatial_hash_visit)(void *context, uint32_t item, const int32_t *position);

/** Bytes of caller memory (a constant expression when the arguments are). */
#define BENTO_SPATIAL_HASH_BYTES(cell_capacity, item_capacity, dims, id_bits)                     \
    (BENTO_IMPL_SPATIAL_HASH_HEAD + BENTO_MULTI_INDEX_BYTES(cell_capacity, item_capacity, id_bits) + \
     BENTO_IMPL_CAST(size_t, item_capacity) * BENTO_IMPL_CAST(size_t, dims) * 4u)

/**
 * Carve a spatial hash out of `memory` (`bytes` long), empty. dims is 2 or 3; cell_shift in
 * [0, 31]; cell_capacity a power of two in [8, 2^24]; 1 <= item_capacity < 2^28; id_bits as
 * bento_multi_index_init's (32: the item is its id; fewer: items are handles of that many
 * index bits). BENTO_E_ARGUMENT for a parameter out of range, a NULL memory or a buffer of more than
 * 4 GiB, BENTO_E_ALIGN when memory is not 4-byte aligned, BENTO_E_SIZE when bytes is smaller
 * than BENTO_SPATIAL_HASH_BYTES; the spatial hash is inert then.
 * O(cell_capacity + item_capacity).
 */
bento_status bento_spatial_hash_init(bento_spatial_hash *sh, void *memory, size_t bytes,
                                     uint32_t cell_capacity, uint32_t item_capacity,
                                     uint32_t dims, uint32_t cell_shift, uint32_t id_bits);

/**
 * Reattach `sh` to `memory`, a buffer that holds a spatial hash (bento/common.h, "Buffers"):
 * an operation a reset cut is undone or finished (BENTO_POWER_SAFE), then its header (dims and cell_shift in range before anything uses them), the multi-value index
 * inside it (as bento_multi_index_open) and every item in the cell its position names.
 * BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer not 4-byte aligned,
 * BENTO_E_SIZE when bytes is shorter than the header says, BENTO_E_CORRUPT for anything else;
 * the spatial hash is inert then. O(cell_capacity + item_capacity).
 */
bento_status bento_spatial_hash_open(bento_spatial_hash *sh, void *memory, size_t bytes);

/**
 * Put `item` at `position`. In this and every function below, an item whose id is present
 * with another handle (stale, or not yet issued) is not that item: BENTO_E_NOT_FOUND, NULL,
 * false. BENTO_E_ARGUMENT for an item out of range or a NULL position, BENTO_E_EXISTS when
 * the item's id is already in (with any handle), BENTO_E_FULL when its cell is new and the cell
 * index is full, BENTO_E_CORRUPT as bento_multi_index_insert; unchanged on failure. O(1)
 * expected. Atomic under BENTO_POWER_SAFE.
 */
bento_status bento_spatial_hash_insert(bento_spatial_hash *sh, uint32_t item,
                                       const int32_t *position);

/**
 * Move `item` to `position`. Only the stored position changes when the cell stays the same.
 * BENTO_E_ARGUMENT as insert, BENTO_E_NOT_FOUND when the item is not in, BENTO_E_FULL when
 * the new cell is new and the cell index is full, even when the item was alone in its old
 * cell (the item stays where it was), BENTO_E_CORRUPT as bento_multi_index_move. O(1)
 * expected. Atomic under BENTO_POWER_SAFE (the stored position included).
 */
bento_status bento_spatial_hash_move(bento_spatial_hash *sh, uint32_t item,
                                     const int32_t *position);

/** Take `item` out. BENTO_E_ARGUMENT for an item out of range, BENTO_E_NOT_FOUND when it is
 * not in, BENTO_E_CORRUPT as bento_multi_index_remove_value. O(1) expected. Atomic under
 * BENTO_POWER_SAFE. */
bento_status bento_spatial_hash_remove(bento_spatial_hash *sh, uint32_t item);

/** The stored position of `item` (dims coordinates), or NULL when it is not in. O(1). */
const int32_t *bento_spatial_hash_get(const bento_spatial_hash *sh, uint32_t item);

/** True when `item` is in. O(1). */
bool bento_spatial_hash_contains(const bento_spatial_hash *sh, uint32_t item);

/**
 * Call `visit` for every item with min[d] <= position[d] <= max[d] on every axis, until it
 * returns false. `stats` (optional) tells what was touched (zeroed first, also on failure).
 * BENTO_E_ARGUMENT when visit, min or max is NULL or min[d] > max[d] on some axis.
 * O(cells in the box + items in those cells), or O(item_capacity) when the box covers more
 * cells than that.
 */
bento_status bento_spatial_hash_query_box(const bento_spatial_hash *sh, const int32_t *min,
                                          const int32_t *max, bento_spatial_hash_visit visit,
                                          void *context, bento_spatial_hash_stats *stats);

/**
 * Call `visit` for every item within Euclidean distance `radius` of `center` (the sphere's
 * surface included), until it returns false. Only cells of the bounding box [center - radius,
 * center + radius] that the ball reaches are visited. BENTO_E_ARGUMENT for a NULL visit or
 * center or a negative radius. Complexity as query_box.
 */
bento_status bento_spatial_hash_query_radius(const bento_spatial_hash *sh, const int32_t *center,
                                             int32_t radius, bento_spatial_hash_visit visit,
                                             void *context, bento_spatial_hash_stats *stats);

/** Items in the hash. O(1). */
static inline uint32_t bento_spatial_hash_count(const bento_spatial_hash *sh);

/** The item capacity given at init (0 when inert). O(1). */
static inline uint32_t bento_spatial_hash_capacity(const bento_spatial_hash *sh);

/** Take every item out. O(cell_capacity + item_capacity). Atomic under BENTO_POWER_SAFE: a
 * reset in it leaves the clear for open to finish. */
void bento_spatial_hash_clear(bento_spatial_hash *sh);

/**
 * Verify the buffer: the header, the multi-value index (bento_multi_index_check) and that
 * every item sits in the cell its stored position names. BENTO_OK (also when inert) or
 * BENTO_E_CORRUPT. O(cell_capacity + item_capacity), no recursion.
 */
bento_status bento_spatial_hash_check(const bento_spatial_hash *sh);

/**
 * BENTO_SPATIAL_HASH_TYPE_OF(name, cell_capacity, item_capacity, V, dims, cell_shift) declares
 * a spatial hash whose items are handles of type V (BENTO_HANDLE_TYPE): an item's index is its
 * id (below item_capacity, BENTO_E_ARGUMENT otherwise), and the buffer keeps each present
 * id's whole handle (id_bits the handle type's index bits). A handle whose
 * id is present with another generation (stale, or not yet issued) is not that item: move and
 * remove answer BENTO_E_NOT_FOUND, get NULL, contains false, and insert BENTO_E_EXISTS (the id
 * is taken); queries hand the visitor the handles kept. A handle of another type does not
 * compile. BENTO_SPATIAL_HASH_TYPE(name, cell_capacity, item_capacity, dims, cell_shift)
 * declares the integer form: V is uint32_t, the item itself its id. Both declare the
 * functions of "A typed spatial hash", below.
 *     stats)
 * The queries call the visitor through a small function of the type's own that hands it the
 * item's handle. They fail to compile when dims is not 2 or 3, cell_shift is not 0 to 31, the
 * cell capacity is not a power of two in [8, 2^24] or the item capacity is out of [1, 2^28)
 * or above the handle type's indices. An object points into its own storage: after copying
 * one (`b = a`), or when it lives in retained RAM after a reset, call name_open(&b). Each
 * function only converts and calls the generic one, so the stamps, the journal and check are
 * the generic hash's.
 *
 *     BENTO_SPATIAL_HASH_TYPE(world, 128, 96, 2, 4);   // 96 items, cells of 16 units
 *     BENTO_SPATIAL_HASH_TYPE_OF(crew_space, 64, 32, crew_handle, 2, 4);
 *     static world space;
 */
#define BENTO_SPATIAL_HASH_TYPE_OF(name, cell_capacity_, item_capacity_, V, dims_, cell_shift_)  \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_STATIC_ASSERT(BENTO_IMPL_CAST(uint64_t, item_capacity_) <=                              \
                            (BENTO_IMPL_CAST(uint64_t, 1) << V##_INDEX_BITS),                     \
                        name##_item_capacity_must_not_exceed_the_handles_indices);                \
    BENTO_IMPL_SPATIAL_HASH_TYPE(name, cell_capacity_, item_capacity_, dims_, cell_shift_, V,     \
                                 V##_INDEX_BITS)                                                  \
    BENTO_IMPL_TYPED_END(name)
/** A spatial hash of integer items: see BENTO_SPATIAL_HASH_TYPE_OF. */
#define BENTO_SPATIAL_HASH_TYPE(name, cell_capacity_, item_capacity_, dims_, cell_shift_)         \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_IMPL_SPATIAL_HASH_TYPE(name, cell_capacity_, item_capacity_, dims_, cell_shift_,        \
                                 uint32_t, 32u)                                                   \
    BENTO_IMPL_TYPED_END(name)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed spatial hash
 * What BENTO_SPATIAL_HASH_TYPE_OF(name, cell_capacity, item_capacity, V, dims, cell_shift) and
 * BENTO_SPATIAL_HASH_TYPE(name, cell_capacity, item_capacity, dims, cell_shift) declare, with
 * its name and item type for `name` and `V`: each function is the generic one of the same name
 * on the hash's own storage, typed, and asserts on a NULL hash. `position` is dims coordinates;
 * each function taking them has an `_at` twin taking a bento_point. (scripts/check-asserts
 * holds these declarations to the macro.)
 * instance: BENTO_SPATIAL_HASH_TYPE_OF(name, 8, 8, V, 2, 4)
 * @{
 */
typedef struct name name; /**< the spatial hash, its storage included */
/** The visitor of a query: true to go on. The integer form's is bento_spatial_hash_visit. */
typedef bool (*name_visit)(void *context, V item, const int32_t *position);
/** bento_spatial_hash_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *hash);
/** bento_spatial_hash_open on its own storage; BENTO_E_CORRUPT also for another type's. */
bento_status name_open(name *hash);
/** bento_spatial_hash_insert. */
bento_status name_insert(name *hash, V item, const int32_t *position);
/** name_insert at a point. */
bento_status name_insert_at(name *hash, V item, bento_point p);
/** bento_spatial_hash_move. */
bento_status name_move(name *hash, V item, const int32_t *position);
/** name_move to a point. */
bento_status name_move_at(name *hash, V item, bento_point p);
/** bento_spatial_hash_remove. */
bento_status name_remove(name *hash, V item);
/** bento_spatial_hash_get: the item's position, or NULL. */
const int32_t *name_get(const name *hash, V item);
/** bento_spatial_hash_contains. */
bool name_contains(const name *hash, V item);
/** bento_spatial_hash_query_box, the visitor handed each item. */
bento_status name_query_box(const name *hash, const int32_t *min, const int32_t *max,
                            name_visit visit, void *context, bento_spatial_hash_stats *stats);
/** name_query_box between two points. */
bento_status name_query_box_at(const name *hash, bento_point min, bento_point max,
                               name_visit visit, void *context, bento_spatial_hash_stats *stats);
/** bento_spatial_hash_query_radius, the visitor handed each item. */
bento_status name_query_radius(const name *hash, const int32_t *center, int32_t radius,
                               name_visit visit, void *context, bento_spatial_hash_stats *stats);
/** name_query_radius around a point. */
bento_status name_query_radius_at(const name *hash, bento_point center, int32_t radius,
                                  name_visit visit, void *context, bento_spatial_hash_stats *stats);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_spatial_hash_params {
    uint32_t cell_capacity;
    uint32_t item_capacity;
    uint32_t dims;
    uint32_t cell_shift;
    uint32_t id_bits;
} bento_impl_spatial_hash_params;

/* Open as init would lay out a spatial hash of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_spatial_hash_open_as(bento_spatial_hash *sh, void *memory, size_t bytes,
                                             uint32_t cell_capacity, uint32_t item_capacity,
                                             uint32_t dims, uint32_t cell_shift, uint32_t id_bits);

/* Header: the parameter record; no counters of its own; then the journal of the whole buffer
 * (the nested indices' own stay idle), with room for the stores of the longest operation: a
 * move (the multi-value index's, then the item's coordinates). */
#define BENTO_IMPL_SPATIAL_HASH_PARAMS (sizeof(bento_impl_spatial_hash_params) / 4u)
#define BENTO_IMPL_SPATIAL_HASH_ENTRIES (BENTO_IMPL_MULTI_INDEX_ENTRIES + 3u)
#define BENTO_IMPL_SPATIAL_HASH_HEAD                                                              \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_SPATIAL_HASH_PARAMS +                                        \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_SPATIAL_HASH_ENTRIES))

static inline uint32_t bento_spatial_hash_count(const bento_spatial_hash *sh)
{
    BENTO_ASSERT(sh != BENTO_IMPL_NULL);
    return sh->cells.state.count;
}

static inline uint32_t bento_spatial_hash_capacity(const bento_spatial_hash *sh)
{
    BENTO_ASSERT(sh != BENTO_IMPL_NULL);
    return sh->cells.value_capacity;
}

/* The generic visitor of a typed query: its adapter, or NULL (refused) when no visit is given. */
static inline bento_spatial_hash_visit bento_impl_spatial_hash_visitor(bool given,
                                                                       bento_spatial_hash_visit adapter)
{
    return given ? adapter : BENTO_IMPL_NULL;
}

/* A typed spatial hash: items V with IB id bits (the generic hash keeps their stamps). */
#define BENTO_IMPL_SPATIAL_HASH_TYPE(name, cell_capacity_, item_capacity_, dims_, cell_shift_, V, IB) \
    BENTO_STATIC_ASSERT((dims_) == 2 || (dims_) == 3, name##_dims_must_be_2_or_3);                \
    BENTO_STATIC_ASSERT((cell_shift_) >= 0 && (cell_shift_) <= 31,                                \
                        name##_cell_shift_must_be_0_to_31);                                       \
    BENTO_STATIC_ASSERT((cell_capacity_) >= BENTO_INDEX_MIN_CAPACITY &&                          \
                        BENTO_IMPL_CAST(uint64_t, cell_capacity_) <= BENTO_INDEX_MAX_CAPACITY &&  \
                            ((cell_capacity_) & ((cell_capacity_) - 1)) == 0,                     \
                        name##_cell_capacity_must_be_a_power_of_two_from_8_to_2_pow_24);          \
    BENTO_STATIC_ASSERT((item_capacity_) >= 1 &&                                                  \
                        BENTO_IMPL_CAST(uint64_t, item_capacity_) < BENTO_MULTI_INDEX_MAX_VALUES, \
                        name##_item_capacity_must_be_1_to_2_pow_28_minus_1);                      \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_SPATIAL_HASH_HEAD) +        \
                                     BENTO_IMPL_MULTI_INDEX_HEAD + BENTO_IMPL_INDEX_HEAD +        \
                                     BENTO_IMPL_CAST(uint64_t, cell_capacity_) * 16u +            \
                                     BENTO_IMPL_CAST(uint64_t, item_capacity_) *                  \
                                         (20u + 4u * (dims_)));                                   \
    BENTO_IMPL_TYPED(name, bento_spatial_hash,                                                    \
                     BENTO_SPATIAL_HASH_BYTES(cell_capacity_, item_capacity_, dims_, IB))         \
    BENTO_IMPL_BITS(V, uint32_t, name##_bits_, name##_value_)                                     \
    typedef bool (*name##_visit)(void *context, V item, const int32_t *position);                 \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name##_visitor_ {                                                              \
        name##_visit visit;                                                                       \
        void *context;                                                                            \
    } name##_visitor_;                                                                            \
    BENTO_IMPL_STRUCTS_END                                                                        \
    /* the generic query's visitor: the caller's, handed the item's value */                      \
    BENTO_WRAPPER bool name##_visit_(void *visitor, uint32_t item, const int32_t *position)       \
    {                                                                                             \
        const name##_visitor_ *v_ = BENTO_IMPL_CAST(const name##_visitor_ *, visitor);            \
        return v_->visit(v_->context, name##_value_(item), position);                             \
    }                                                                                             \
    /* the visitor of a query: NULL for a NULL visit, which the generic query refuses */          \
    BENTO_WRAPPER bento_spatial_hash_visit name##_visitor_of_(name##_visitor_ *v,                 \
                                                              name##_visit visit, void *context)  \
    {                                                                                             \
        v->visit = visit;                                                                         \
        v->context = context;                                                                     \
        return bento_impl_spatial_hash_visitor(visit != BENTO_IMPL_NULL, name##_visit_);          \
    }                                                                                             \
    BENTO_IMPL_TYPED_LIFECYCLE(name, bento_spatial_hash_init, bento_impl_spatial_hash_open_as,    \
                               (cell_capacity_), (item_capacity_), (dims_), (cell_shift_), (IB))  \
    BENTO_IMPL_FORWARD(bento_status, name##_insert, (name *x, V item, const int32_t *position),   \
                       bento_spatial_hash_insert(&x->generic_, name##_bits_(item), position))     \
    BENTO_WRAPPER bento_status name##_insert_at(name *x, V item, bento_point p)                   \
    {                                                                                             \
        return name##_insert(x, item, p.c);                                                       \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_move, (name *x, V item, const int32_t *position),     \
                       bento_spatial_hash_move(&x->generic_, name##_bits_(item), position))       \
    BENTO_WRAPPER bento_status name##_move_at(name *x, V item, bento_point p)                     \
    {                                                                                             \
        return name##_move(x, item, p.c);                                                         \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_remove, (name *x, V item),                            \
                       bento_spatial_hash_remove(&x->generic_, name##_bits_(item)))               \
    BENTO_IMPL_FORWARD(const int32_t *, name##_get, (const name *x, V item),                      \
                       bento_spatial_hash_get(&x->generic_, name##_bits_(item)))                  \
    BENTO_IMPL_FORWARD(bool, name##_contains, (const name *x, V item),                            \
                       bento_spatial_hash_contains(&x->generic_, name##_bits_(item)))             \
    BENTO_WRAPPER bento_status name##_query_box(const name *x, const int32_t *min,                \
                                                const int32_t *max, name##_visit visit,           \
                                                void *context, bento_spatial_hash_stats *stats)   \
    {                                                                                             \
        name##_visitor_ v_;                                                                       \
        bento_spatial_hash_visit generic_;                                                        \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        generic_ = name##_visitor_of_(&v_, visit, context);                                       \
        return bento_spatial_hash_query_box(&x->generic_, min, max, generic_, &v_, stats);        \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_query_box_at(const name *x, bento_point min,                \
                                                   bento_point max, name##_visit visit,           \
                                                   void *context, bento_spatial_hash_stats *stats) \
    {                                                                                             \
        return name##_query_box(x, min.c, max.c, visit, context, stats);                          \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_query_radius(const name *x, const int32_t *center,          \
                                                   int32_t radius, name##_visit visit,            \
                                                   void *context, bento_spatial_hash_stats *stats) \
    {                                                                                             \
        name##_visitor_ v_;                                                                       \
        bento_spatial_hash_visit generic_;                                                        \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        generic_ = name##_visitor_of_(&v_, visit, context);                                       \
        return bento_spatial_hash_query_radius(&x->generic_, center, radius, generic_, &v_,       \
                                               stats);                                            \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_query_radius_at(const name *x, bento_point center,          \
                                                      int32_t radius, name##_visit visit,         \
                                                      void *context,                              \
                                                      bento_spatial_hash_stats *stats)            \
    {                                                                                             \
        return name##_query_radius(x, center.c, radius, visit, context, stats);                   \
    }

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_SPATIAL_HASH_H */
