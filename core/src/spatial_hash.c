/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M4 M9 M12 M15 M16 M17 M22 M26 M30 T1. */
/* bento/spatial_hash.c - the spatial hash. The contract is in bento/spatial_hash.h. */
#include <bento/spatial_hash.h>

#include "internal.h"
#include "nested.h"

#define AXIS_BITS 21u
#define AXIS_MASK (((uint32_t)1 << AXIS_BITS) - 1u)

/* Cell coordinate of a position on one axis: biased so that the order is kept, then shifted
 * (no right shift of a negative number). */
static uint32_t cell_of(int32_t x, uint32_t shift)
{
    return ((uint32_t)x ^ 0x80000000u) >> shift;
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

/* The pending action of a clear. */
#define CLEAR_ALL 1u

/*
 * Check a parameter record and the buffer and point the positions into `memory`, and the
 * multi-value index inside at BENTO_IMPL_SPATIAL_HASH_HEAD (configured, not read: the
 * lifecycle lays it out and opens it, its kind this kind's inner). dims and cell_shift are
 * checked before anything uses them.
 */
static bento_status spatial_hash_configure(void *x, void *memory, size_t bytes,
                                           const void *record, const void *with, size_t *used)
{
    bento_spatial_hash *const sh = (bento_spatial_hash *)x;
    const bento_impl_spatial_hash_params *const p = (const bento_impl_spatial_hash_params *)record;
    const size_t cells_bytes =
        bento_impl_multi_index_bytes(p->cell_capacity, p->item_capacity, p->id_bits);
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_SPATIAL_HASH_HEAD);
    bento_impl_multi_index_params cells;
    size_t positions, cells_used;
    bento_status status;
    (void)with;
    if (memory == NULL || p->dims < 2u || p->dims > 3u || p->cell_shift > 31u ||
        cells_bytes == 0u) {
        return BENTO_E_ARGUMENT;
    }
    (void)bento_impl_layout_add(&layout, 1u, cells_bytes, 4u);
    positions = bento_impl_layout_add(&layout, p->item_capacity, 4u * (size_t)p->dims, 4u);
    *used = layout.bytes;
    status = bento_impl_layout_fits(&layout, memory, 4u, bytes);
    if (status != BENTO_OK) {
        return status;
    }
    /* cannot fail, the capacities and the buffer checked above; its answer is this one's all
       the same, as an analyser does not see that the alignment of the buffer inside follows
       from this one's (tests/prove) */
    cells.key_capacity = p->cell_capacity;
    cells.value_capacity = p->item_capacity;
    cells.id_bits = p->id_bits;
    status = bento_impl_multi_index_kind.configure(
        &sh->cells, (unsigned char *)memory + BENTO_IMPL_SPATIAL_HASH_HEAD, cells_bytes, &cells,
        NULL, &cells_used);
    sh->position = (int32_t *)(void *)((unsigned char *)memory + positions);
    sh->saved = (uint32_t *)bento_impl_saved_at(memory, sizeof(bento_impl_spatial_hash_params));
    sh->dims = p->dims;
    sh->cell_shift = p->cell_shift;
    return status;
}

/* The parameter record of a configured spatial hash, and its buffer's bytes. */
static size_t spatial_hash_record(const void *x, void *record)
{
    const bento_spatial_hash *const sh = (const bento_spatial_hash *)x;
    bento_impl_spatial_hash_params *const p = (bento_impl_spatial_hash_params *)record;
    p->cell_capacity = sh->cells.keys.capacity;
    p->item_capacity = sh->cells.value_capacity;
    p->dims = sh->dims;
    p->cell_shift = sh->cell_shift;
    p->id_bits = bento_impl_multi_index_id_bits(&sh->cells);
    return BENTO_SPATIAL_HASH_BYTES(p->cell_capacity, p->item_capacity, p->dims, p->id_bits);
}

/* A clear cut by a reset, made again under the journal that still names it: the multi-value
 * index inside laid out empty (the same stores each time; the hash has nothing of its own). */
static bento_status spatial_hash_redo(void *x, uint32_t action, uint32_t arg)
{
    (void)arg;
    if (action != CLEAR_ALL) {
        return BENTO_E_CORRUPT;
    }
    bento_impl_lay_out(&bento_impl_spatial_hash_kind, x);
    return BENTO_OK;
}

static bento_status spatial_hash_invariants(const void *x);

const bento_impl_kind bento_impl_spatial_hash_kind = {
    BENTO_IMPL_KIND_STATELESS(BENTO_IMPL_KIND_SPATIAL_HASH, bento_spatial_hash,
                              bento_impl_spatial_hash_params, BENTO_IMPL_SPATIAL_HASH_HEAD,
                              BENTO_IMPL_SPATIAL_HASH_ENTRIES),
    spatial_hash_configure, spatial_hash_record, NULL, BENTO_IMPL_REDO_OF(spatial_hash_redo),
    &bento_impl_multi_index_kind, spatial_hash_invariants, NULL,
};

/* The parameter record of a hash of these parameters (init's, and a typed open's). */
static bento_impl_spatial_hash_params spatial_hash_params(uint32_t cell_capacity,
                                                          uint32_t item_capacity, uint32_t dims,
                                                          uint32_t cell_shift, uint32_t id_bits)
{
    bento_impl_spatial_hash_params p;
    p.cell_capacity = cell_capacity;
    p.item_capacity = item_capacity;
    p.dims = dims;
    p.cell_shift = cell_shift;
    p.id_bits = id_bits;
    return p;
}

bento_status bento_spatial_hash_init(bento_spatial_hash *sh, void *memory, size_t bytes,
                                     uint32_t cell_capacity, uint32_t item_capacity,
                                     uint32_t dims, uint32_t cell_shift, uint32_t id_bits)
{
    const bento_impl_spatial_hash_params p =
        spatial_hash_params(cell_capacity, item_capacity, dims, cell_shift, id_bits);
    BENTO_ASSERT(sh != NULL);
    return bento_impl_init(&bento_impl_spatial_hash_kind, sh, memory, bytes, &p, NULL);
}

bento_status bento_spatial_hash_open(bento_spatial_hash *sh, void *memory, size_t bytes)
{
    BENTO_ASSERT(sh != NULL);
    return bento_impl_open(&bento_impl_spatial_hash_kind, sh, memory, bytes, NULL, NULL);
}

bento_status bento_impl_spatial_hash_open_as(bento_spatial_hash *sh, void *memory, size_t bytes,
                                             uint32_t cell_capacity, uint32_t item_capacity,
                                             uint32_t dims, uint32_t cell_shift, uint32_t id_bits)
{
    const bento_impl_spatial_hash_params p =
        spatial_hash_params(cell_capacity, item_capacity, dims, cell_shift, id_bits);
    BENTO_ASSERT(sh != NULL);
    return bento_impl_open(&bento_impl_spatial_hash_kind, sh, memory, bytes, NULL, &p);
}

bento_status bento_spatial_hash_check(const bento_spatial_hash *sh)
{
    BENTO_ASSERT(sh != NULL);
    return bento_impl_check(&bento_impl_spatial_hash_kind, sh);
}

/* The journal of the whole buffer (the nested indices' own stay idle): the spatial hash has no
 * counters of its own, so it starts right after the record. */
#define BEGIN(j, sh) bento_impl_begin((j), (sh)->saved, 0u)

void bento_spatial_hash_clear(bento_spatial_hash *sh)
{
    bento_impl_journal j;
    BENTO_ASSERT(sh != NULL);
    if (sh->dims == 0u) {
        return; /* inert: empty, and its journal would be its own struct */
    }
    /* one action, named before its first store, which open does again after a reset */
    BEGIN(&j, sh);
    bento_impl_redo(&j, CLEAR_ALL, 0u);
    bento_impl_lay_out(&bento_impl_spatial_hash_kind, sh);
    bento_impl_done(&j);
}

/* The coordinates of the item of id `id` (in range). */
static int32_t *position_of(const bento_spatial_hash *sh, uint32_t id)
{
    return sh->position + (size_t)sh->dims * id;
}


bento_status bento_spatial_hash_insert(bento_spatial_hash *sh, uint32_t item,
                                       const int32_t *position)
{
    bento_status status;
    bento_impl_journal j;
    BENTO_ASSERT(sh != NULL);
    if (position == NULL) {
        return BENTO_E_ARGUMENT;
    }
    /* the position of an item not in is no part of the state: stored with no entry, before
     * the journal is idle */
    BEGIN(&j, sh);
    status = bento_impl_multi_index_insert(&sh->cells, &j, key_at(sh, position), item);
    if (status == BENTO_OK) {
        int32_t *const at = position_of(sh, bento_impl_multi_index_id(&sh->cells, item));
        uint32_t d;
        for (d = 0u; d < sh->dims; d++) {
            at[d] = position[d];
        }
        bento_impl_done(&j);
    }
    return status;
}

bento_status bento_spatial_hash_move(bento_spatial_hash *sh, uint32_t item,
                                     const int32_t *position)
{
    bento_status status;
    bento_impl_journal j;
    uint32_t id, d;
    BENTO_ASSERT(sh != NULL);
    status = bento_impl_multi_index_find(&sh->cells, item, &id);
    if (position == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (status != BENTO_OK) {
        return status; /* out of range, or not in */
    }
    BEGIN(&j, sh);
    status = bento_impl_multi_index_move(&sh->cells, &j, key_at(sh, position), item);
    if (status == BENTO_OK) {
        int32_t *const at = position_of(sh, id);
        for (d = 0u; d < sh->dims; d++) {
            bento_impl_put(&j, (uint32_t *)(void *)&at[d], (uint32_t)position[d]);
        }
    }
    if (status == BENTO_OK || status == BENTO_E_CORRUPT) {
        bento_impl_done(&j);
    }
    return status;
}

bento_status bento_spatial_hash_remove(bento_spatial_hash *sh, uint32_t item)
{
    bento_impl_journal j;
    BENTO_ASSERT(sh != NULL);
    BEGIN(&j, sh);
    return bento_impl_end(&j, bento_impl_multi_index_remove_value(&sh->cells, &j, item));
}

bool bento_spatial_hash_contains(const bento_spatial_hash *sh, uint32_t item)
{
    BENTO_ASSERT(sh != NULL);
    return bento_multi_index_key_of(&sh->cells, item, NULL);
}

const int32_t *bento_spatial_hash_get(const bento_spatial_hash *sh, uint32_t item)
{
    uint32_t id;
    BENTO_ASSERT(sh != NULL);
    return bento_impl_multi_index_find(&sh->cells, item, &id) == BENTO_OK ? position_of(sh, id)
                                                                           : NULL;
}

/* A query: a box [lo, hi] and, when radius >= 0, a ball around center inside it. 32-bit
 * fields (the box is clamped to the int32 range, where every position is) keep it small: it
 * lives on the stack of every query, the Cortex-M0's included. */
typedef struct query {
    int32_t lo[3], hi[3], center[3];
    int32_t radius;
    bento_spatial_hash_visit visit;
    void *context;
    bento_spatial_hash_stats *stats;
} query;

/* Test the item of id `id` (in range), `item`, against the query's shape; false when the
 * visitor asked to stop. */
static bool test_item(const bento_spatial_hash *sh, const query *q, uint32_t id, uint32_t item)
{
    const int32_t *p = position_of(sh, id);
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
    if (q->radius >= 0 && distance2 > (uint64_t)((int64_t)q->radius * q->radius)) {
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
    return distance2 <= (uint64_t)((int64_t)q->radius * q->radius);
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
        if (cells > capacity || (sh->dims == 3u && span > ((uint64_t)1 << AXIS_BITS))) {
            scan = true;
        }
    }
    if (scan) {
        /* the box covers more cells than there are items: cheaper to test every item */
        uint32_t id;
        for (id = 0u; id < capacity; id++) {
            if (sh->cells.prev[id] != BENTO_NONE &&
                !test_item(sh, q, id, bento_impl_multi_index_value(&sh->cells, id))) {
                return;
            }
        }
        return;
    }
    for (;;) {
        if (cell_in_ball(sh, q, cell)) {
            bento_multi_index_iter it;
            bento_multi_index_iter_init(&it, &sh->cells, cell_key(cell, sh->dims));
            q->stats->cells_visited++;
            while (bento_multi_index_iter_next(&it)) {
                if (!test_item(sh, q, it.id_, it.value)) {
                    return;
                }
            }
        }
        /* next cell, axis 0 fastest */
        for (d = 0u; d < sh->dims && d < 3u && cell[d] == high[d]; d++) {
            cell[d] = low[d];
        }
        if (d == sh->dims || d == 3u) { /* dims is 2 or 3: the second test is for analyzers */
            return;
        }
        cell[d]++;
    }
}

/* A box query's corners; false when min > max on an axis. Out of line, as set_ball. */
static BENTO_IMPL_NOINLINE bool set_box(query *q, const int32_t *min, const int32_t *max,
                                        uint32_t dims)
{
    uint32_t d;
    for (d = 0u; d < 3u; d++) {
        q->lo[d] = d < dims ? min[d] : 0;
        q->hi[d] = d < dims ? max[d] : 0;
        q->center[d] = q->lo[d];
        if (q->lo[d] > q->hi[d]) {
            return false;
        }
    }
    q->radius = -1;
    return true;
}

/* A ball query's center, radius and bounding box (clamped to the int32 range). Out of line, so
 * its 64-bit arithmetic takes no stack under the walk that follows. */
static BENTO_IMPL_NOINLINE void set_ball(query *q, const int32_t *center, int32_t radius,
                                         uint32_t dims)
{
    uint32_t d;
    for (d = 0u; d < 3u; d++) {
        const int64_t c = d < dims ? center[d] : 0;
        q->center[d] = (int32_t)c;
        q->lo[d] = (int32_t)(c - radius < INT32_MIN ? INT32_MIN : c - radius);
        q->hi[d] = (int32_t)(c + radius > INT32_MAX ? INT32_MAX : c + radius);
    }
    q->radius = radius;
}

/* The part of a query both shapes set up alike; the counters are zeroed even when the
 * arguments are then refused. */
static void start_query(query *q, bento_spatial_hash_visit visit, void *context,
                        bento_spatial_hash_stats *stats)
{
    stats->cells_visited = 0u;
    stats->items_tested = 0u;
    stats->items_found = 0u;
    q->visit = visit;
    q->context = context;
    q->stats = stats;
}

bento_status bento_spatial_hash_query_box(const bento_spatial_hash *sh, const int32_t *min,
                                          const int32_t *max, bento_spatial_hash_visit visit,
                                          void *context, bento_spatial_hash_stats *stats)
{
    bento_spatial_hash_stats ignored;
    query q;
    BENTO_ASSERT(sh != NULL);
    start_query(&q, visit, context, stats != NULL ? stats : &ignored);
    if (visit == NULL || min == NULL || max == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (!set_box(&q, min, max, sh->dims)) {
        return BENTO_E_ARGUMENT;
    }
    run(sh, &q);
    return BENTO_OK;
}

bento_status bento_spatial_hash_query_radius(const bento_spatial_hash *sh, const int32_t *center,
                                             int32_t radius, bento_spatial_hash_visit visit,
                                             void *context, bento_spatial_hash_stats *stats)
{
    bento_spatial_hash_stats ignored;
    query q;
    BENTO_ASSERT(sh != NULL);
    start_query(&q, visit, context, stats != NULL ? stats : &ignored);
    if (visit == NULL || center == NULL || radius < 0) {
        return BENTO_E_ARGUMENT;
    }
    set_ball(&q, center, radius, sh->dims);
    run(sh, &q);
    return BENTO_OK;
}

/* Every item sits in the cell its stored position names. */
static bool items_sound(const bento_spatial_hash *sh)
{
    uint32_t id;
    uint64_t key;
    for (id = 0u; id < sh->cells.value_capacity; id++) {
        if (sh->cells.prev[id] != BENTO_NONE &&
            bento_multi_index_key_of(&sh->cells, bento_impl_multi_index_value(&sh->cells, id),
                                     &key) &&
            key != key_at(sh, position_of(sh, id))) {
            return false;
        }
    }
    return true;
}

/* Every item in the cell its position names (the multi-value index inside is checked first,
 * by the lifecycle). */
static bento_status spatial_hash_invariants(const void *x)
{
    return items_sound((const bento_spatial_hash *)x) ? BENTO_OK : BENTO_E_CORRUPT;
}
