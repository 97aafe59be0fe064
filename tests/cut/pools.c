/* SPDX-License-Identifier: MIT */
/* tests/cut/pools.c - the cut-point drivers of the handle pool (both policies) and the block
 * pool. */
#include "cut.h"

#include <string.h>

#include <bento/block_pool.h>
#include <bento/pool.h>

/* ---------------------------------------------------------------- handle pool */

#define POOL_CAP 32u
#define POOL_VALUE 12u
#define POOL_INDEX_BITS 5u

enum { P_CREATE, P_CREATE_FROM, P_DESTROY, P_DESTROY_RETIRES, P_CLEAR };
static const char *const pool_kinds[] = {"create", "create_from", "destroy", "destroy (retires)",
                                         "clear"};

typedef struct pool_obj {
    bento_pool pool;
} pool_obj;

/* One buffer per policy: each driver owns its memory. */
static bento_align_unit pool_wrap_mem[BENTO_POOL_BYTES(POOL_CAP, POOL_VALUE) / sizeof(bento_align_unit) + 1u];
static bento_align_unit pool_retire_mem[BENTO_POOL_BYTES(POOL_CAP, POOL_VALUE) / sizeof(bento_align_unit) + 1u];

static void pool_setup(pool_obj *o, bento_align_unit *mem, size_t bytes, unsigned generation_bits,
                       bento_pool_policy policy)
{
    memset(mem, 0, bytes);
    (void)bento_pool_init(&o->pool, mem, bytes, POOL_VALUE, POOL_CAP, POOL_INDEX_BITS,
                          generation_bits, policy);
    cut_region_add(mem, bytes);
}

/* WRAP with 3 generation bits: a slot serves 4 objects per cycle, so wraps come often. */
static void pool_wrap_setup(void *obj, cut_rng *r)
{
    (void)r;
    pool_setup(obj, pool_wrap_mem, sizeof pool_wrap_mem, 3u, BENTO_POOL_WRAP);
}

/* RETIRE with 5 generation bits: 16 objects per slot, then it retires. */
static void pool_retire_setup(void *obj, cut_rng *r)
{
    (void)r;
    pool_setup(obj, pool_retire_mem, sizeof pool_retire_mem, 5u, BENTO_POOL_RETIRE);
}

static void pool_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_pool *p = &((const pool_obj *)obj)->pool;
    uint32_t count = bento_pool_count(p);
    uint32_t room = bento_pool_capacity(p) - bento_pool_retired(p);
    if (cut_chance(r, 1u)) {
        op->base = P_CLEAR;
    } else if (count == 0u || (count < room && cut_chance(r, count < room / 2u ? 70u : 40u))) {
        /* half of them with their value (create_from), half written after create returns */
        op->base = cut_chance(r, 50u) ? P_CREATE_FROM : P_CREATE;
        cut_fill(r, op->bytes, POOL_VALUE);
    } else {
        op->base = P_DESTROY;
        op->a = bento_pool_handle_at(p, cut_below(r, count));
    }
}

static bento_status pool_run(void *obj, cut_op *op)
{
    bento_pool *p = &((pool_obj *)obj)->pool;
    bento_status st = BENTO_OK;
    uint32_t retired = bento_pool_retired(p);
    switch (op->base) {
    case P_CREATE:
        st = bento_pool_create(p, &op->out_u32, &op->out);
        break;
    case P_CREATE_FROM:
        st = bento_pool_create_from(p, &op->out_u32, op->bytes);
        break;
    case P_DESTROY:
        st = bento_pool_destroy(p, op->a);
        if (bento_pool_retired(p) != retired) {
            op->kind = P_DESTROY_RETIRES;
        }
        break;
    default:
        bento_pool_clear(p);
        break;
    }
    return st;
}

static void pool_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == P_CREATE) {
        memcpy(op->out, op->bytes, POOL_VALUE);
    }
}

static bento_status pool_wrap_open(void *obj)
{
    return bento_pool_open(&((pool_obj *)obj)->pool, pool_wrap_mem, sizeof pool_wrap_mem);
}

static bento_status pool_retire_open(void *obj)
{
    return bento_pool_open(&((pool_obj *)obj)->pool, pool_retire_mem, sizeof pool_retire_mem);
}

static bento_status pool_check(const void *obj)
{
    return bento_pool_check(&((const pool_obj *)obj)->pool);
}

/* count and retired; per object its handle and value, in handle order */
static void pool_dump(const void *obj, cut_dump *d)
{
    const bento_pool *p = &((const pool_obj *)obj)->pool;
    uint32_t i;
    cut_dump_reset(d, 4u + POOL_VALUE);
    cut_dump_u32(d, bento_pool_count(p));
    cut_dump_u32(d, bento_pool_retired(p));
    for (i = 0u; i < bento_pool_count(p); i++) {
        unsigned char *rec = cut_dump_rec(d);
        uint32_t h = bento_pool_handle_at(p, i);
        /* big-endian, so that bytewise order is handle order */
        rec[0] = (unsigned char)(h >> 24);
        rec[1] = (unsigned char)(h >> 16);
        rec[2] = (unsigned char)(h >> 8);
        rec[3] = (unsigned char)h;
        memcpy(rec + 4, (const unsigned char *)bento_pool_values(p) + (size_t)i * BENTO_POOL_STRIDE(POOL_VALUE),
               POOL_VALUE);
    }
    cut_dump_sort(d);
}

const cut_driver cut_pool_wrap = {
    "pool (wrap)", pool_kinds, CUT_COUNT_OF(pool_kinds), 1u << P_CLEAR, sizeof(pool_obj),
    pool_wrap_setup, pool_pick, pool_run, pool_finish, pool_wrap_open, pool_check, pool_dump,
};

const cut_driver cut_pool_retire = {
    "pool (retire)", pool_kinds, CUT_COUNT_OF(pool_kinds), 1u << P_CLEAR, sizeof(pool_obj),
    pool_retire_setup, pool_pick, pool_run, pool_finish, pool_retire_open, pool_check, pool_dump,
};

/* ---------------------------------------------------------------- block pool */

#define BLOCK_CAP 48u
#define BLOCK_SIZE 20u

enum { B_ALLOC, B_FREE, B_CLEAR };
static const char *const block_kinds[] = {"alloc", "free", "clear"};

typedef struct block_obj {
    bento_block_pool pool;
} block_obj;

static bento_align_unit block_mem[BENTO_BLOCK_POOL_BYTES(BLOCK_CAP, BLOCK_SIZE) / sizeof(bento_align_unit) + 1u];

static void block_setup(void *obj, cut_rng *r)
{
    (void)r;
    memset(block_mem, 0, sizeof block_mem);
    (void)bento_block_pool_init(&((block_obj *)obj)->pool, block_mem, sizeof block_mem, BLOCK_SIZE,
                                BLOCK_CAP);
    cut_region_add(block_mem, sizeof block_mem);
}

/* A live block, chosen at random (the pool has count > 0 of them). */
static void *live_block(const bento_block_pool *p, cut_rng *r)
{
    uint32_t skip = cut_below(r, bento_block_pool_count(p));
    uint32_t i;
    for (i = 0u; i < bento_block_pool_capacity(p); i++) {
        void *b = bento_block_pool_block_at(p, i);
        if (bento_block_pool_contains(p, b)) {
            if (skip == 0u) {
                return b;
            }
            skip--;
        }
    }
    return NULL;
}

static void block_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_block_pool *p = &((const block_obj *)obj)->pool;
    uint32_t count = bento_block_pool_count(p);
    if (cut_chance(r, 1u)) {
        op->base = B_CLEAR;
    } else if (count == 0u || (count < BLOCK_CAP && cut_chance(r, count < BLOCK_CAP / 2u ? 70u : 40u))) {
        op->base = B_ALLOC;
        cut_fill(r, op->bytes, BLOCK_SIZE);
    } else {
        op->base = B_FREE;
        op->a = bento_block_pool_index_of(p, live_block(p, r));
    }
}

static bento_status block_run(void *obj, cut_op *op)
{
    bento_block_pool *p = &((block_obj *)obj)->pool;
    switch (op->base) {
    case B_ALLOC:
        return bento_block_pool_alloc(p, &op->out);
    case B_FREE:
        return bento_block_pool_free(p, bento_block_pool_block_at(p, op->a));
    default:
        bento_block_pool_clear(p);
        return BENTO_OK;
    }
}

static void block_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == B_ALLOC) {
        memcpy(op->out, op->bytes, BLOCK_SIZE);
    }
}

static bento_status block_open(void *obj)
{
    return bento_block_pool_open(&((block_obj *)obj)->pool, block_mem, sizeof block_mem);
}

static bento_status block_check(const void *obj)
{
    return bento_block_pool_check(&((const block_obj *)obj)->pool);
}

/* count and high-water mark; per live block its index and bytes, in index order */
static void block_dump(const void *obj, cut_dump *d)
{
    const bento_block_pool *p = &((const block_obj *)obj)->pool;
    uint32_t i;
    cut_dump_reset(d, 4u + BLOCK_SIZE);
    cut_dump_u32(d, bento_block_pool_count(p));
    cut_dump_u32(d, bento_block_pool_high_water(p));
    for (i = 0u; i < bento_block_pool_capacity(p); i++) {
        void *b = bento_block_pool_block_at(p, i);
        if (bento_block_pool_contains(p, b)) {
            unsigned char *rec = cut_dump_rec(d);
            memcpy(rec, &i, 4u);
            memcpy(rec + 4, b, BLOCK_SIZE);
        }
    }
}

const cut_driver cut_block_pool = {
    "block pool", block_kinds, CUT_COUNT_OF(block_kinds), 1u << B_CLEAR, sizeof(block_obj),
    block_setup, block_pick, block_run, block_finish, block_open, block_check, block_dump,
};
