/* SPDX-License-Identifier: MIT */
/* tests/cut/sets.c - the cut-point drivers of the sparse set (with two caller columns) and the
 * paged set (with its block pool of pages: they fail and recover as one). */
#include "cut.h"

#include <string.h>

#include <bento/paged_set.h>
#include <bento/sparse_set.h>

/* ---------------------------------------------------------------- sparse set */

/* Plain ids below 256 (16-bit entries), up to 64 present; column 0 of 8-byte elements (moved
 * word by word), column 1 of 3-byte ones (moved bytewise). */
#define SS_UNIVERSE 256u
#define SS_CAP 64u
#define SS_COL1 3u
#define SS_BYTES BENTO_SPARSE_SET_BYTES(SS_UNIVERSE, SS_CAP, 32u, 0u, 2u)

enum { S_INSERT, S_REMOVE, S_CLEAR, S_HEAP, S_INSERTION, S_RADIX, S_MERGE, S_SORT_AS, S_INSERT_FROM };
static const char *const ss_kinds[] = {"insert",         "remove",     "clear",
                                       "sort heap",      "sort insertion", "sort radix",
                                       "sort merge",     "sort_as",    "insert_from"};

typedef struct ss_obj {
    bento_sparse_set set;
} ss_obj;

static uint32_t ss_mem[SS_BYTES / 4u];
static uint64_t ss_col0[SS_CAP];
static unsigned char ss_col1[SS_CAP * SS_COL1];
static const bento_sparse_set_column ss_columns[2] = {
    {ss_col0, sizeof ss_col0, 8u},
    {ss_col1, sizeof ss_col1, SS_COL1},
};
/* sort_as orders the set like this one: a fixed set of random keys, not part of the state */
static uint32_t ss_other_mem[BENTO_SPARSE_SET_BYTES(SS_UNIVERSE, SS_CAP, 32u, 0u, 0u) / 4u];
static bento_sparse_set ss_other;
static uint32_t ss_scratch[BENTO_SPARSE_SET_RADIX_BYTES(SS_CAP) / 4u +
                           BENTO_SPARSE_SET_MERGE_BYTES(SS_CAP) / 4u];

static void ss_setup(void *obj, cut_rng *r)
{
    uint32_t i;
    memset(ss_mem, 0, sizeof ss_mem);
    memset(ss_col0, 0, sizeof ss_col0);
    memset(ss_col1, 0, sizeof ss_col1);
    (void)bento_sparse_set_init(&((ss_obj *)obj)->set, ss_mem, sizeof ss_mem, SS_UNIVERSE, SS_CAP,
                                32u, 0u, ss_columns, 2u);
    (void)bento_sparse_set_init(&ss_other, ss_other_mem, sizeof ss_other_mem, SS_UNIVERSE, SS_CAP,
                                32u, 0u, NULL, 0u);
    for (i = 0u; i < 48u; i++) {
        (void)bento_sparse_set_insert(&ss_other, cut_below(r, SS_UNIVERSE), NULL);
    }
    cut_region_add(ss_mem, sizeof ss_mem);
    cut_region_add(ss_col0, sizeof ss_col0);
    cut_region_add(ss_col1, sizeof ss_col1);
}

static int compare_col0(const void *a, const void *b, void *context)
{
    uint64_t x, y;
    (void)context;
    memcpy(&x, a, 8u);
    memcpy(&y, b, 8u);
    return x < y ? -1 : x > y ? 1 : 0;
}

static int compare_col1(const void *a, const void *b, void *context)
{
    (void)context;
    return memcmp(a, b, SS_COL1);
}

static void ss_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_sparse_set *s = &((const ss_obj *)obj)->set;
    uint32_t count = bento_sparse_set_count(s);
    uint32_t x = cut_below(r, 100u);
    if (x < 1u) {
        op->base = S_CLEAR;
    } else if (x < 16u && count > 1u) {
        op->base = S_HEAP + cut_below(r, 5u);
        /* mostly the whole set, sometimes a prefix */
        op->a = cut_chance(r, 75u) ? count : 1u + cut_below(r, count);
        /* by: the key, column 0 or column 1 */
        op->b = cut_below(r, 3u); /* radix and sort_as take no `by` */
    } else if (count == 0u || (count < SS_CAP && x < (count < SS_CAP / 2u ? 70u : 45u))) {
        uint32_t key;
        do {
            key = cut_below(r, SS_UNIVERSE);
        } while (bento_sparse_set_contains(s, key));
        /* the row written by the caller after the insert, or stored with it */
        op->base = cut_chance(r, 50u) ? S_INSERT : S_INSERT_FROM;
        op->a = key;
        cut_fill(r, op->bytes, 8u + SS_COL1);
    } else {
        op->base = S_REMOVE;
        op->a = bento_sparse_set_keys(s)[cut_below(r, count)];
    }
}

static bento_status ss_run(void *obj, cut_op *op)
{
    bento_sparse_set *s = &((ss_obj *)obj)->set;
    uint32_t by = op->b == 0u ? BENTO_SPARSE_SET_BY_KEY : op->b - 1u;
    bento_sparse_set_compare cmp = op->b == 0u ? NULL : op->b == 1u ? compare_col0 : compare_col1;
    switch (op->base) {
    case S_INSERT:
        return bento_sparse_set_insert(s, op->a, &op->out_u32);
    case S_INSERT_FROM: {
        const void *elements[2];
        elements[0] = op->bytes;
        elements[1] = op->bytes + 8;
        return bento_sparse_set_insert_from(s, op->a, elements, &op->out_u32);
    }
    case S_REMOVE:
        return bento_sparse_set_remove(s, op->a);
    case S_CLEAR:
        bento_sparse_set_clear(s);
        return BENTO_OK;
    case S_HEAP:
        return bento_sparse_set_sort(s, op->a, by, cmp, NULL, BENTO_SPARSE_SET_SORT_HEAP);
    case S_INSERTION:
        return bento_sparse_set_sort(s, op->a, by, cmp, NULL, BENTO_SPARSE_SET_SORT_INSERTION);
    case S_RADIX:
        return bento_sparse_set_sort_radix(s, op->a, ss_scratch, sizeof ss_scratch);
    case S_MERGE:
        return bento_sparse_set_sort_merge(s, op->a, by, cmp, NULL, ss_scratch, sizeof ss_scratch);
    default:
        return bento_sparse_set_sort_as(s, &ss_other);
    }
}

static void ss_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == S_INSERT) {
        memcpy(&ss_col0[op->out_u32], op->bytes, 8u);
        memcpy(&ss_col1[op->out_u32 * SS_COL1], op->bytes + 8, SS_COL1);
    }
}

static bento_status ss_open(void *obj)
{
    return bento_sparse_set_open(&((ss_obj *)obj)->set, ss_mem, sizeof ss_mem, ss_columns, 2u);
}

static bento_status ss_check(const void *obj)
{
    return bento_sparse_set_check(&((const ss_obj *)obj)->set);
}

/* count; per key, in dense order (the order is part of the contents: the sorts make it), the
 * key and its row */
static void ss_dump(const void *obj, cut_dump *d)
{
    const bento_sparse_set *s = &((const ss_obj *)obj)->set;
    uint32_t i;
    cut_dump_reset(d, 4u + 8u + SS_COL1);
    cut_dump_u32(d, bento_sparse_set_count(s));
    for (i = 0u; i < bento_sparse_set_count(s); i++) {
        unsigned char *rec = cut_dump_rec(d);
        const uint32_t key = bento_sparse_set_keys(s)[i];
        memcpy(rec, &key, 4u);
        memcpy(rec + 4, (const uint64_t *)bento_sparse_set_values(s, 0u) + i, 8u);
        memcpy(rec + 12, (const unsigned char *)bento_sparse_set_values(s, 1u) + i * SS_COL1, SS_COL1);
    }
}

const cut_driver cut_sparse_set = {
    "sparse set", ss_kinds, CUT_COUNT_OF(ss_kinds),
    1u << S_CLEAR | 1u << S_HEAP | 1u << S_INSERTION | 1u << S_RADIX | 1u << S_MERGE | 1u << S_SORT_AS,
    sizeof(ss_obj), ss_setup, ss_pick, ss_run, ss_finish, ss_open, ss_check, ss_dump,
};

/* ---------------------------------------------------------------- paged set */

/* Keys: 8 index bits (universe 256) and a generation above; pages of 8 indices and 8-byte
 * values, from a pool of 16 pages: fewer than the 32 the universe spans. */
#define PS_UNIVERSE 256u
#define PS_CAP 96u
#define PS_PAGE 8u
#define PS_VALUE 8u
#define PS_PAGES 16u
#define PS_PAGE_BYTES BENTO_PAGED_SET_PAGE_BYTES(PS_PAGE, PS_VALUE)

enum { Q_INSERT, Q_INSERT_PAGE, Q_INSERT_FROM, Q_REMOVE, Q_REMOVE_PAGE, Q_CLEAR };
static const char *const ps_kinds[] = {"insert", "insert (takes a page)", "insert_from", "remove",
                                       "remove (frees a page)", "clear"};

typedef struct ps_obj {
    bento_block_pool pages;
    bento_paged_set set;
} ps_obj;

static uint32_t ps_mem[BENTO_PAGED_SET_BYTES(PS_CAP, PS_UNIVERSE, PS_PAGE) / 4u];
static bento_align_unit ps_pool_mem[BENTO_BLOCK_POOL_BYTES(PS_PAGES, PS_PAGE_BYTES) / sizeof(bento_align_unit) + 1u];

static void ps_setup(void *obj, cut_rng *r)
{
    ps_obj *o = obj;
    (void)r;
    memset(ps_mem, 0, sizeof ps_mem);
    memset(ps_pool_mem, 0, sizeof ps_pool_mem);
    (void)bento_block_pool_init(&o->pages, ps_pool_mem, sizeof ps_pool_mem, PS_PAGE_BYTES, PS_PAGES);
    (void)bento_paged_set_init(&o->set, ps_mem, sizeof ps_mem, &o->pages, PS_VALUE, PS_CAP,
                               PS_UNIVERSE, PS_PAGE, 8u, 24u);
    cut_region_add(ps_mem, sizeof ps_mem);
    cut_region_add(ps_pool_mem, sizeof ps_pool_mem);
}

/* A key with the same index is present (under any generation). */
static bool index_present(const bento_paged_set *s, uint32_t key)
{
    uint32_t i;
    for (i = 0u; i < bento_paged_set_count(s); i++) {
        if ((bento_paged_set_keys(s)[i] & 0xffu) == (key & 0xffu)) {
            return true;
        }
    }
    return false;
}

static void ps_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_paged_set *s = &((const ps_obj *)obj)->set;
    uint32_t count = bento_paged_set_count(s);
    uint32_t x = cut_below(r, 100u);
    if (x < 1u) {
        op->base = Q_CLEAR;
    } else if (count == 0u || (count < PS_CAP && x < (count < PS_CAP / 2u ? 70u : 40u))) {
        uint32_t key;
        do {
            key = (1u + cut_below(r, 3u)) << 8 | cut_below(r, PS_UNIVERSE); /* generations 1-3 */
        } while (index_present(s, key));
        /* half of them with their value (insert_from), half written after insert returns */
        op->base = cut_chance(r, 50u) ? Q_INSERT_FROM : Q_INSERT;
        op->a = key;
        cut_fill(r, op->bytes, PS_VALUE);
    } else {
        op->base = Q_REMOVE;
        op->a = bento_paged_set_keys(s)[cut_below(r, count)];
    }
}

static bento_status ps_run(void *obj, cut_op *op)
{
    bento_paged_set *s = &((ps_obj *)obj)->set;
    uint32_t held = bento_paged_set_pages_held(s);
    bento_status st = BENTO_OK;
    switch (op->base) {
    case Q_INSERT:
        st = bento_paged_set_insert(s, op->a, &op->out);
        if (bento_paged_set_pages_held(s) > held) {
            op->kind = Q_INSERT_PAGE;
        }
        break;
    case Q_INSERT_FROM:
        st = bento_paged_set_insert_from(s, op->a, op->bytes);
        break;
    case Q_REMOVE:
        st = bento_paged_set_remove(s, op->a);
        if (bento_paged_set_pages_held(s) < held) {
            op->kind = Q_REMOVE_PAGE;
        }
        break;
    default:
        bento_paged_set_clear(s);
        break;
    }
    return st;
}

static void ps_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == Q_INSERT) {
        memcpy(op->out, op->bytes, PS_VALUE);
    }
}

/* The pool first, then the set over it. */
static bento_status ps_open(void *obj)
{
    ps_obj *o = obj;
    bento_status st = bento_block_pool_open(&o->pages, ps_pool_mem, sizeof ps_pool_mem);
    if (st == BENTO_OK) {
        st = bento_block_pool_check(&o->pages);
    }
    if (st != BENTO_OK) {
        return st;
    }
    return bento_paged_set_open(&o->set, ps_mem, sizeof ps_mem, &o->pages);
}

static bento_status ps_check(const void *obj)
{
    const ps_obj *o = obj;
    bento_status st = bento_block_pool_check(&o->pages);
    return st != BENTO_OK ? st : bento_paged_set_check(&o->set);
}

/* count and pages held; the pool's count, high-water mark and live blocks; per key, in dense
 * order, the key and its value */
static void ps_dump(const void *obj, cut_dump *d)
{
    const ps_obj *o = obj;
    const bento_paged_set *s = &o->set;
    uint32_t i, live = 0u;
    cut_dump_reset(d, 4u + PS_VALUE);
    cut_dump_u32(d, bento_paged_set_count(s));
    cut_dump_u32(d, bento_paged_set_pages_held(s));
    cut_dump_u32(d, bento_block_pool_count(&o->pages));
    cut_dump_u32(d, bento_block_pool_high_water(&o->pages));
    for (i = 0u; i < PS_PAGES; i++) {
        if (bento_block_pool_contains(&o->pages, bento_block_pool_block_at(&o->pages, i))) {
            live |= 1u << i;
        }
    }
    cut_dump_u32(d, live);
    for (i = 0u; i < bento_paged_set_count(s); i++) {
        unsigned char *rec = cut_dump_rec(d);
        const uint32_t key = bento_paged_set_keys(s)[i];
        const void *value = bento_paged_set_get(s, key);
        memcpy(rec, &key, 4u);
        if (value != NULL) {
            memcpy(rec + 4, value, PS_VALUE);
        }
    }
}

const cut_driver cut_paged_set = {
    "paged set", ps_kinds, CUT_COUNT_OF(ps_kinds), 1u << Q_CLEAR, sizeof(ps_obj),
    ps_setup, ps_pick, ps_run, ps_finish, ps_open, ps_check, ps_dump,
};
