/* SPDX-License-Identifier: MIT */
/* bento/spatial_hash.c - the spatial hash. The contract is in bento/spatial_hash.h. */
#include <bento/spatial_hash.h>

#include "internal.h"

#define AXIS_BITS 21u
#define AXIS_MASK ((1u << AXIS_BITS) - 1u)

/* Cell coordinate of a position on one axis: biased so that the order is kept, then shifted
 * (no right shift of a negative number). */
static uint32_t cell_of(int64_t x, uint32_t shift)
{
    return ((uint32_t)(int32_t)x ^ 0x80000000u) >> shift;
}

static uint64_t cell_key(const uint32_t *cell, uint32_t dims)
{
    if (dims == 2u) {
        return (uint64_t)cell[1] << 32 | cell[0];
    }
    return (uint64_t)(cell[0] & AXIS_MASK) | (uint64_t)(cell[1] & AXIS_MASK) << AXIS_BITS |
           (uint64_t)(cell[2] & AXIS_MASK) << (2u * AXIS_BITS);
}

static uint64_t key_at(const bento_spatial_hash *sh, const int32_t *position)
{
    uint32_t cell[3] = {0u, 0u, 0u};
    uint32_t d;
    for (d = 0u; d < sh->dims; d++) {
        cell[d] = cell_of(position[d], sh->cell_shift);
    }
    return cell_key(cell, sh->dims);
}

bento_status bento_spatial_hash_init(bento_spatial_hash *sh, void *memory, size_t bytes,
                                     uint32_t cell_capacity, uint32_t item_capacity,
                                     uint32_t dims, uint32_t cell_shift)
{
    bento_status status;
    BENTO_ASSERT(sh != NULL);
    sh->position = NULL;
    sh->dims = 2u;
    sh->cell_shift = 0u;
    if (dims < 2u || dims > 3u || cell_shift > 31u) {
        (void)bento_multi_index_init(&sh->cells, NULL, 0u, 0u, 0u); /* refuses everything */
        return BENTO_E_ARGUMENT;
    }
    status = bento_multi_index_init(&sh->cells, memory, bytes, cell_capacity, item_capacity);
    if (status != BENTO_OK) {
        return status;
    }
    /* the positions must not wrap the byte count where size_t is 32 bits (they fit alone) */
    if ((size_t)item_capacity * dims * 4u >
        SIZE_MAX - BENTO_MULTI_INDEX_BYTES(cell_capacity, item_capacity)) {
        (void)bento_multi_index_init(&sh->cells, NULL, 0u, 0u, 0u);
        return BENTO_E_ARGUMENT;
    }
    if (bytes < BENTO_SPATIAL_HASH_BYTES(cell_capacity, item_capacity, dims)) {
        (void)bento_multi_index_init(&sh->cells, NULL, 0u, 0u, 0u);
        return BENTO_E_SIZE;
    }
    sh->position = (int32_t *)(void *)((unsigned char *)memory +
                                       BENTO_MULTI_INDEX_BYTES(cell_capacity, item_capacity));
    sh->dims = dims;
    sh->cell_shift = cell_shift;
    return BENTO_OK;
}

static void store(bento_spatial_hash *sh, uint32_t item, const int32_t *position)
{
    uint32_t d;
    for (d = 0u; d < sh->dims; d++) {
        sh->position[sh->dims * item + d] = position[d];
    }
}

bento_status bento_spatial_hash_insert(bento_spatial_hash *sh, uint32_t item,
                                       const int32_t *position)
{
    bento_status status;
    if (position == NULL) {
        return BENTO_E_ARGUMENT;
    }
    status = bento_multi_index_add(&sh->cells, key_at(sh, position), item);
    if (status == BENTO_OK) {
        store(sh, item, position);
    }
    return status;
}

bento_status bento_spatial_hash_move(bento_spatial_hash *sh, uint32_t item,
                                     const int32_t *position)
{
    bento_status status;
    if (position == NULL || item >= sh->cells.value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_multi_index_key_of(&sh->cells, item, NULL)) {
        return BENTO_E_NOT_FOUND;
    }
    status = bento_multi_index_move(&sh->cells, key_at(sh, position), item);
    if (status == BENTO_OK) {
        store(sh, item, position);
    }
    return status;
}

bento_status bento_spatial_hash_remove(bento_spatial_hash *sh, uint32_t item)
{
    return bento_multi_index_remove_value(&sh->cells, item);
}

const int32_t *bento_spatial_hash_position(const bento_spatial_hash *sh, uint32_t item)
{
    if (!bento_multi_index_key_of(&sh->cells, item, NULL)) {
        return NULL;
    }
    return sh->position + sh->dims * item;
}

/* A query: a box [lo, hi] and, when radius >= 0, a ball around center inside it. */
typedef struct query {
    int64_t lo[3], hi[3], center[3];
    int64_t radius;
    bento_spatial_visit visit;
    void *context;
    bento_spatial_stats *stats;
} query;

/* Test one item against the query's shape; false when the visitor asked to stop. */
static bool test_item(const bento_spatial_hash *sh, const query *q, uint32_t item)
{
    const int32_t *p = sh->position + sh->dims * item;
    uint64_t distance2 = 0u;
    uint32_t d;
    q->stats->items_tested++;
    for (d = 0u; d < sh->dims; d++) {
        if (p[d] < q->lo[d] || p[d] > q->hi[d]) {
            return true;
        }
        if (q->radius >= 0) {
            /* inside a ball's box, |delta| <= radius < 2^31: the sum stays below 3 * 2^62
             * (a box query can span 2^32, so it squares nothing) */
            const int64_t delta = (int64_t)p[d] - q->center[d];
            distance2 += (uint64_t)(delta * delta);
        }
    }
    if (q->radius >= 0 && distance2 > (uint64_t)(q->radius * q->radius)) {
        return true;
    }
    q->stats->items_found++;
    return q->visit(q->context, item, p);
}

/* True when the cell reaches the query's ball (always, for a box query). */
static bool cell_in_ball(const bento_spatial_hash *sh, const query *q, const uint32_t *cell)
{
    uint64_t distance2 = 0u;
    uint32_t d;
    if (q->radius < 0) {
        return true;
    }
    for (d = 0u; d < sh->dims; d++) {
        const int64_t lo = (int64_t)((uint64_t)cell[d] << sh->cell_shift) - 2147483648;
        const int64_t hi = lo + ((int64_t)1 << sh->cell_shift) - 1;
        const int64_t gap = q->center[d] < lo ? lo - q->center[d]
                            : q->center[d] > hi ? q->center[d] - hi
                                                : 0;
        /* the cell overlaps the box, so gap <= radius */
        distance2 += (uint64_t)(gap * gap);
    }
    return distance2 <= (uint64_t)(q->radius * q->radius);
}

static void run(const bento_spatial_hash *sh, query *q)
{
    const uint32_t capacity = sh->cells.value_capacity;
    uint32_t low[3] = {0u, 0u, 0u}, high[3] = {0u, 0u, 0u}, cell[3] = {0u, 0u, 0u};
    uint64_t cells = 1u;
    bool scan = false;
    uint32_t d;
    for (d = 0u; d < sh->dims; d++) {
        uint64_t span;
        low[d] = cell_of(q->lo[d], sh->cell_shift);
        high[d] = cell_of(q->hi[d], sh->cell_shift);
        cell[d] = low[d];
        span = (uint64_t)(high[d] - low[d]) + 1u;
        /* each span is at most 2^32 and cells stays at most capacity < 2^28 before it */
        cells = scan ? 1u : cells * span;
        if (cells > capacity || (sh->dims == 3u && span > (1u << AXIS_BITS))) {
            scan = true;
        }
    }
    if (scan) {
        /* the box covers more cells than there are items: cheaper to test every item */
        uint32_t item;
        for (item = 0u; item < capacity; item++) {
            if (bento_multi_index_key_of(&sh->cells, item, NULL) && !test_item(sh, q, item)) {
                return;
            }
        }
        return;
    }
    for (;;) {
        if (cell_in_ball(sh, q, cell)) {
            uint32_t item = bento_multi_index_first(&sh->cells, cell_key(cell, sh->dims));
            q->stats->cells_visited++;
            while (item != BENTO_MULTI_INDEX_NONE) {
                if (!test_item(sh, q, item)) {
                    return;
                }
                item = bento_multi_index_next(&sh->cells, item);
            }
        }
        /* next cell, axis 0 fastest */
        for (d = 0u; d < sh->dims && cell[d] == high[d]; d++) {
            cell[d] = low[d];
        }
        if (d == sh->dims) {
            return;
        }
        cell[d]++;
    }
}

/* The part of a query both shapes set up alike; the counters are zeroed even when the
 * arguments are then refused. */
static void start_query(query *q, bento_spatial_visit visit, void *context,
                        bento_spatial_stats *stats)
{
    stats->cells_visited = 0u;
    stats->items_tested = 0u;
    stats->items_found = 0u;
    q->visit = visit;
    q->context = context;
    q->stats = stats;
}

bento_status bento_spatial_hash_query_box(const bento_spatial_hash *sh, const int32_t *min,
                                          const int32_t *max, bento_spatial_visit visit,
                                          void *context, bento_spatial_stats *stats)
{
    bento_spatial_stats ignored;
    query q;
    uint32_t d;
    start_query(&q, visit, context, stats != NULL ? stats : &ignored);
    if (visit == NULL || min == NULL || max == NULL) {
        return BENTO_E_ARGUMENT;
    }
    for (d = 0u; d < 3u; d++) {
        q.lo[d] = d < sh->dims ? min[d] : 0;
        q.hi[d] = d < sh->dims ? max[d] : 0;
        q.center[d] = q.lo[d];
        if (q.lo[d] > q.hi[d]) {
            return BENTO_E_ARGUMENT;
        }
    }
    q.radius = -1;
    run(sh, &q);
    return BENTO_OK;
}

bento_status bento_spatial_hash_query_radius(const bento_spatial_hash *sh, const int32_t *center,
                                             int32_t radius, bento_spatial_visit visit,
                                             void *context, bento_spatial_stats *stats)
{
    bento_spatial_stats ignored;
    query q;
    uint32_t d;
    start_query(&q, visit, context, stats != NULL ? stats : &ignored);
    if (visit == NULL || center == NULL || radius < 0) {
        return BENTO_E_ARGUMENT;
    }
    for (d = 0u; d < 3u; d++) {
        q.center[d] = d < sh->dims ? center[d] : 0;
        /* the bounding box, clamped to the int32 range */
        q.lo[d] = q.center[d] - radius < INT32_MIN ? INT32_MIN : q.center[d] - radius;
        q.hi[d] = q.center[d] + radius > INT32_MAX ? INT32_MAX : q.center[d] + radius;
    }
    q.radius = radius;
    run(sh, &q);
    return BENTO_OK;
}

bento_status bento_spatial_hash_check(const bento_spatial_hash *sh)
{
    uint32_t item;
    uint64_t key;
    if (bento_multi_index_check(&sh->cells) != BENTO_OK || sh->position == NULL) {
        return BENTO_E_CORRUPT;
    }
    for (item = 0u; item < sh->cells.value_capacity; item++) {
        if (bento_multi_index_key_of(&sh->cells, item, &key) &&
            key != key_at(sh, sh->position + sh->dims * item)) {
            return BENTO_E_CORRUPT;
        }
    }
    return BENTO_OK;
}
