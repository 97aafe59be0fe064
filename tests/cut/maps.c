/* SPDX-License-Identifier: MIT */
/* tests/cut/maps.c - the cut-point drivers of the hash index (64-bit and 32-bit keys), the
 * multi-value index and the spatial hash. */
#include "cut.h"

#include <string.h>

#include <bento/index.h>
#include <bento/multi_index.h>
#include <bento/spatial_hash.h>

/* ---------------------------------------------------------------- hash index, both widths */

/* 64 slots (at most 55 entries), keys drawn from 90: the load stays near the limit, where
 * inserts move other entries to make room. */
#define IX_CAP 64u
#define IX_KEYS 90u

enum { I_INSERT, I_UPSERT, I_REMOVE, I_CLEAR };
static const char *const ix_kinds[] = {"insert", "upsert", "remove", "clear"};

typedef struct ix_obj {
    bento_index ix;
    bento_index32 ix32;
} ix_obj;

static uint32_t ix_mem[BENTO_INDEX_BYTES(IX_CAP) / 4u];
static uint32_t ix32_mem[BENTO_INDEX32_BYTES(IX_CAP) / 4u];
static uint64_t ix_keys[IX_KEYS];

static void ix_keys_setup(cut_rng *r)
{
    uint32_t i;
    for (i = 0u; i < IX_KEYS; i++) {
        ix_keys[i] = (uint64_t)cut_rand(r) << 32 | cut_rand(r);
    }
}

static void ix_setup(void *obj, cut_rng *r)
{
    ix_keys_setup(r);
    memset(ix_mem, 0, sizeof ix_mem);
    (void)bento_index_init(&((ix_obj *)obj)->ix, ix_mem, sizeof ix_mem, IX_CAP);
    cut_region_add(ix_mem, sizeof ix_mem);
}

static void ix32_setup(void *obj, cut_rng *r)
{
    ix_keys_setup(r);
    memset(ix32_mem, 0, sizeof ix32_mem);
    (void)bento_index32_init(&((ix_obj *)obj)->ix32, ix32_mem, sizeof ix32_mem, IX_CAP);
    cut_region_add(ix32_mem, sizeof ix32_mem);
}

/* A key of the pool present (want true) or absent, or BENTO_NONE when there is none. */
static uint32_t ix_find(const ix_obj *o, bool wide, cut_rng *r, bool want)
{
    uint32_t start = cut_below(r, IX_KEYS), i;
    for (i = 0u; i < IX_KEYS; i++) {
        uint32_t k = (start + i) % IX_KEYS;
        bool in = wide ? bento_index_contains(&o->ix, ix_keys[k])
                       : bento_index32_contains(&o->ix32, (uint32_t)ix_keys[k]);
        if (in == want) {
            return k;
        }
    }
    return BENTO_NONE;
}

static void ix_pick_either(const void *obj, bool wide, cut_rng *r, cut_op *op)
{
    const ix_obj *o = obj;
    uint32_t count = wide ? bento_index_count(&o->ix) : bento_index32_count(&o->ix32);
    uint32_t x = cut_below(r, 100u);
    op->b = cut_rand(r);
    if (x < 1u) {
        op->base = I_CLEAR;
    } else if (x < 15u) {
        op->base = I_UPSERT;
        op->a = cut_below(r, IX_KEYS);
    } else if (count == 0u || x < 62u) {
        op->base = I_INSERT;
        op->a = ix_find(o, wide, r, false);
    } else {
        op->base = I_REMOVE;
        op->a = ix_find(o, wide, r, true);
    }
    if (op->a == BENTO_NONE) {
        op->base = I_UPSERT;
        op->a = 0u;
    }
}

static void ix_pick(const void *obj, cut_rng *r, cut_op *op)
{
    ix_pick_either(obj, true, r, op);
}

static void ix32_pick(const void *obj, cut_rng *r, cut_op *op)
{
    ix_pick_either(obj, false, r, op);
}

static bento_status ix_run(void *obj, cut_op *op)
{
    bento_index *ix = &((ix_obj *)obj)->ix;
    const uint64_t key = ix_keys[op->a];
    switch (op->base) {
    case I_INSERT:
        return bento_index_insert(ix, key, op->b);
    case I_UPSERT:
        return bento_index_upsert(ix, key, op->b);
    case I_REMOVE:
        return bento_index_remove(ix, key, &op->out_u32);
    default:
        bento_index_clear(ix);
        return BENTO_OK;
    }
}

static bento_status ix32_run(void *obj, cut_op *op)
{
    bento_index32 *ix = &((ix_obj *)obj)->ix32;
    const uint32_t key = (uint32_t)ix_keys[op->a];
    switch (op->base) {
    case I_INSERT:
        return bento_index32_insert(ix, key, op->b);
    case I_UPSERT:
        return bento_index32_upsert(ix, key, op->b);
    case I_REMOVE:
        return bento_index32_remove(ix, key, &op->out_u32);
    default:
        bento_index32_clear(ix);
        return BENTO_OK;
    }
}

static bento_status ix_open(void *obj)
{
    return bento_index_open(&((ix_obj *)obj)->ix, ix_mem, sizeof ix_mem);
}

static bento_status ix32_open(void *obj)
{
    return bento_index32_open(&((ix_obj *)obj)->ix32, ix32_mem, sizeof ix32_mem);
}

static bento_status ix_check(const void *obj)
{
    return bento_index_check(&((const ix_obj *)obj)->ix);
}

static bento_status ix32_check(const void *obj)
{
    return bento_index32_check(&((const ix_obj *)obj)->ix32);
}

/* count; the (key, value) pairs, sorted */
static void ix_dump(const void *obj, cut_dump *d)
{
    const bento_index *ix = &((const ix_obj *)obj)->ix;
    bento_index_iter it;
    cut_dump_reset(d, 12u);
    cut_dump_u32(d, bento_index_count(ix));
    bento_index_iter_init(&it, ix);
    while (bento_index_iter_next(&it)) {
        unsigned char *rec = cut_dump_rec(d);
        memcpy(rec, &it.key, 8u);
        memcpy(rec + 8, it.value, 4u);
    }
    cut_dump_sort(d);
}

static void ix32_dump(const void *obj, cut_dump *d)
{
    const bento_index32 *ix = &((const ix_obj *)obj)->ix32;
    bento_index32_iter it;
    cut_dump_reset(d, 8u);
    cut_dump_u32(d, bento_index32_count(ix));
    bento_index32_iter_init(&it, ix);
    while (bento_index32_iter_next(&it)) {
        unsigned char *rec = cut_dump_rec(d);
        memcpy(rec, &it.key, 4u);
        memcpy(rec + 4, it.value, 4u);
    }
    cut_dump_sort(d);
}

const cut_driver cut_index = {
    "index", ix_kinds, CUT_COUNT_OF(ix_kinds), 1u << I_CLEAR, sizeof(ix_obj),
    ix_setup, ix_pick, ix_run, NULL, ix_open, ix_check, ix_dump,
};

const cut_driver cut_index32 = {
    "index32", ix_kinds, CUT_COUNT_OF(ix_kinds), 1u << I_CLEAR, sizeof(ix_obj),
    ix32_setup, ix32_pick, ix32_run, NULL, ix32_open, ix32_check, ix32_dump,
};

/* ---------------------------------------------------------------- multi-value index */

/* 16 key slots (at most 13 keys), 48 values, keys drawn from 12. Values are handles: 6 id
 * bits and a generation, so that the stamps are part of every image judged. */
#define MI_KEY_CAP 16u
#define MI_VALUES 48u
#define MI_KEYS 12u
#define ID_BITS 6u

/* A handle for id `id` of `mi`: mostly the one listed (so that operations act), otherwise one
 * of generation 1 to 3 (a stale or new handle, which a listed id refuses). */
static uint32_t pick_handle(const bento_multi_index *mi, uint32_t id, cut_rng *r)
{
    if (mi->prev[id] != BENTO_NONE && cut_chance(r, 85u)) {
        return bento_impl_multi_index_value(mi, id);
    }
    return id | (1u + cut_below(r, 3u)) << ID_BITS;
}

enum { M_INSERT, M_REMOVE, M_REMOVE_VALUE, M_REMOVE_KEY, M_MOVE, M_CLEAR };
static const char *const mi_kinds[] = {"insert", "remove", "remove_value",
                                       "remove_key", "move", "clear"};

typedef struct mi_obj {
    bento_multi_index mi;
} mi_obj;

static uint32_t mi_mem[BENTO_MULTI_INDEX_BYTES(MI_KEY_CAP, MI_VALUES, ID_BITS) / 4u];
static uint64_t mi_keys[MI_KEYS];

static void mi_setup(void *obj, cut_rng *r)
{
    uint32_t i;
    for (i = 0u; i < MI_KEYS; i++) {
        mi_keys[i] = (uint64_t)cut_rand(r) << 32 | cut_rand(r);
    }
    memset(mi_mem, 0, sizeof mi_mem);
    (void)bento_multi_index_init(&((mi_obj *)obj)->mi, mi_mem, sizeof mi_mem, MI_KEY_CAP, MI_VALUES,
                                  ID_BITS);
    cut_region_add(mi_mem, sizeof mi_mem);
}

static void mi_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_multi_index *mi = &((const mi_obj *)obj)->mi;
    uint32_t v = pick_handle(mi, cut_below(r, MI_VALUES), r);
    uint64_t key;
    uint32_t x = cut_below(r, 100u);
    op->a = v;
    op->key = mi_keys[cut_below(r, MI_KEYS)];
    if (x < 1u) {
        op->base = M_CLEAR;
    } else if (!bento_multi_index_key_of(mi, v, &key)) {
        op->base = x < 80u ? M_INSERT : M_MOVE;
    } else if (x < 30u) {
        op->base = M_REMOVE;
        op->key = key;
    } else if (x < 55u) {
        op->base = M_REMOVE_VALUE;
    } else if (x < 62u) {
        op->base = M_REMOVE_KEY;
        op->key = key;
    } else {
        op->base = M_MOVE;
    }
}

static bento_status mi_run(void *obj, cut_op *op)
{
    bento_multi_index *mi = &((mi_obj *)obj)->mi;
    switch (op->base) {
    case M_INSERT:
        return bento_multi_index_insert(mi, op->key, op->a);
    case M_REMOVE:
        return bento_multi_index_remove(mi, op->key, op->a);
    case M_REMOVE_VALUE:
        return bento_multi_index_remove_value(mi, op->a);
    case M_REMOVE_KEY:
        return bento_multi_index_remove_key(mi, op->key, &op->out_u32);
    case M_MOVE:
        return bento_multi_index_move(mi, op->key, op->a);
    default:
        bento_multi_index_clear(mi);
        return BENTO_OK;
    }
}

static bento_status mi_open(void *obj)
{
    return bento_multi_index_open(&((mi_obj *)obj)->mi, mi_mem, sizeof mi_mem);
}

static bento_status mi_check(const void *obj)
{
    return bento_multi_index_check(&((const mi_obj *)obj)->mi);
}

/* count and key count; per key, each of its values with its rank in the key's list */
static void mi_dump(const void *obj, cut_dump *d)
{
    const bento_multi_index *mi = &((const mi_obj *)obj)->mi;
    uint64_t keys[MI_VALUES];
    uint32_t n = 0u, v, i;
    cut_dump_reset(d, 16u);
    cut_dump_u32(d, bento_multi_index_count(mi));
    cut_dump_u32(d, bento_multi_index_key_count(mi));
    for (v = 0u; v < MI_VALUES; v++) {
        uint64_t key;
        if (mi->prev[v] != BENTO_NONE &&
            bento_multi_index_key_of(mi, bento_impl_multi_index_value(mi, v), &key)) {
            for (i = 0u; i < n && keys[i] != key; i++) {
            }
            if (i == n) {
                keys[n++] = key;
            }
        }
    }
    for (i = 0u; i < n; i++) {
        bento_multi_index_iter it;
        uint32_t rank = 0u;
        bento_multi_index_iter_init(&it, mi, keys[i]);
        while (bento_multi_index_iter_next(&it)) {
            unsigned char *rec = cut_dump_rec(d);
            memcpy(rec, &keys[i], 8u);
            memcpy(rec + 8, &rank, 4u);
            memcpy(rec + 12, &it.value, 4u);
            rank++;
        }
    }
    cut_dump_sort(d);
}

const cut_driver cut_multi_index = {
    "multi-index", mi_kinds, CUT_COUNT_OF(mi_kinds), 1u << M_CLEAR, sizeof(mi_obj),
    mi_setup, mi_pick, mi_run, NULL, mi_open, mi_check, mi_dump,
};

/* ---------------------------------------------------------------- spatial hash */

/* 2D, cells of 8 units, positions in [-40, 40]: about 100 cells for 16 cell slots (at most 13
 * occupied), 40 items. */
#define SH_CELL_CAP 16u
#define SH_ITEMS 40u
#define SH_SHIFT 3u

enum { H_INSERT, H_MOVE, H_MOVE_SAME, H_REMOVE, H_CLEAR };
static const char *const sh_kinds[] = {"insert", "move", "move (same cell)", "remove", "clear"};

typedef struct sh_obj {
    bento_spatial_hash sh;
} sh_obj;

static uint32_t sh_mem[BENTO_SPATIAL_HASH_BYTES(SH_CELL_CAP, SH_ITEMS, 2u, ID_BITS) / 4u];

static void sh_setup(void *obj, cut_rng *r)
{
    (void)r;
    memset(sh_mem, 0, sizeof sh_mem);
    (void)bento_spatial_hash_init(&((sh_obj *)obj)->sh, sh_mem, sizeof sh_mem, SH_CELL_CAP,
                                  SH_ITEMS, 2u, SH_SHIFT, ID_BITS);
    cut_region_add(sh_mem, sizeof sh_mem);
}

static void sh_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_spatial_hash *sh = &((const sh_obj *)obj)->sh;
    uint32_t item = pick_handle(&sh->cells, cut_below(r, SH_ITEMS), r);
    uint32_t x = cut_below(r, 100u);
    const int32_t *at = bento_spatial_hash_get(sh, item);
    op->a = item;
    if (at != NULL && cut_chance(r, 40u)) {
        /* a short step: often within the cell */
        op->p[0] = at[0] + cut_range(r, -3, 3);
        op->p[1] = at[1] + cut_range(r, -3, 3);
    } else {
        op->p[0] = cut_range(r, -40, 40);
        op->p[1] = cut_range(r, -40, 40);
    }
    if (x < 1u) {
        op->base = H_CLEAR;
    } else if (at == NULL) {
        op->base = H_INSERT;
    } else if (x < 65u) {
        op->base = H_MOVE;
    } else {
        op->base = H_REMOVE;
    }
}

static bento_status sh_run(void *obj, cut_op *op)
{
    bento_spatial_hash *sh = &((sh_obj *)obj)->sh;
    switch (op->base) {
    case H_INSERT:
        return bento_spatial_hash_insert(sh, op->a, op->p);
    case H_MOVE: {
        const int32_t *at = bento_spatial_hash_get(sh, op->a);
        if (at != NULL && at[0] >> SH_SHIFT == op->p[0] >> SH_SHIFT &&
            at[1] >> SH_SHIFT == op->p[1] >> SH_SHIFT) {
            op->kind = H_MOVE_SAME;
        }
        return bento_spatial_hash_move(sh, op->a, op->p);
    }
    case H_REMOVE:
        return bento_spatial_hash_remove(sh, op->a);
    default:
        bento_spatial_hash_clear(sh);
        return BENTO_OK;
    }
}

static bento_status sh_open(void *obj)
{
    return bento_spatial_hash_open(&((sh_obj *)obj)->sh, sh_mem, sizeof sh_mem);
}

static bento_status sh_check(const void *obj)
{
    return bento_spatial_hash_check(&((const sh_obj *)obj)->sh);
}

/* count; per item present (its handle), its position, in id order */
static void sh_dump(const void *obj, cut_dump *d)
{
    const bento_spatial_hash *sh = &((const sh_obj *)obj)->sh;
    uint32_t id;
    cut_dump_reset(d, 12u);
    cut_dump_u32(d, bento_spatial_hash_count(sh));
    for (id = 0u; id < SH_ITEMS; id++) {
        const uint32_t item = bento_impl_multi_index_value(&sh->cells, id);
        const int32_t *at = sh->cells.prev[id] != BENTO_NONE ? bento_spatial_hash_get(sh, item) : NULL;
        if (at != NULL) {
            unsigned char *rec = cut_dump_rec(d);
            memcpy(rec, &item, 4u);
            memcpy(rec + 4, at, 8u);
        }
    }
}

const cut_driver cut_spatial_hash = {
    "spatial hash", sh_kinds, CUT_COUNT_OF(sh_kinds), 1u << H_CLEAR, sizeof(sh_obj),
    sh_setup, sh_pick, sh_run, NULL, sh_open, sh_check, sh_dump,
};
