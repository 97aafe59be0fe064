/* SPDX-License-Identifier: MIT */
/* tests/reset/pools.c - the handle pool and the block pool as tests/reset drives them. */
#include <bento/block_pool.h>
#include <bento/pool.h>

#include "reset.h"

/* ---------------------------------------------------------------- handle pool */

#define POOL_CAP 24u
#define POOL_WORDS 3u

typedef struct pool_value {
    uint32_t w[POOL_WORDS];
} pool_value;

/* 27 generation bits: no slot retires within an epoch, so a destroyed element's handle stays
 * stale (has() must not find it again). */
BENTO_POOL_TYPE(reset_pool, pool_value, POOL_CAP, uint32_t, BENTO_POOL_RETIRE);
static reset_pool pool RESET_RETAINED;

static bento_status pool_init(void)
{
    return reset_pool_init(&pool);
}

static bento_status pool_open(void)
{
    return reset_pool_open(&pool);
}

static bento_status pool_check(void)
{
    return reset_pool_check(&pool);
}

static uint32_t pool_count(void)
{
    return reset_pool_count(&pool);
}

/* create_from: the value goes in with the object, in one atomic step. The pool copies
 * sizeof(pool_value) bytes from the first words of `value`. */
static bento_status pool_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    reset_pool_handle h;
    bento_status status;
    (void)id;
    status = reset_pool_create_from(&pool, &h, (const pool_value *)(const void *)value);
    *ref = h.raw;
    return status;
}

static bento_status pool_remove(uint32_t id, uint32_t ref)
{
    (void)id;
    return reset_pool_destroy(&pool, reset_pool_handle_from_raw(ref));
}

static void pool_clear(void)
{
    reset_pool_clear(&pool);
}

static bool pool_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    const pool_value *v = reset_pool_get(&pool, reset_pool_handle_from_raw(ref));
    return v != NULL && reset_words_are(v->w, POOL_WORDS, epoch, id);
}

static uint32_t pool_find(uint32_t epoch, uint32_t id, const uint32_t *taken, uint32_t n)
{
    const pool_value *values = reset_pool_values(&pool);
    uint32_t i;
    (void)taken;
    (void)n;
    for (i = 0u; i < reset_pool_count(&pool); i++) {
        if (reset_words_are(values[i].w, POOL_WORDS, epoch, id)) {
            return reset_pool_handle_at(&pool, i).raw;
        }
    }
    return RESET_NO_REF;
}

const reset_driver reset_pool_driver = {
    "pool", POOL_CAP, true, false, pool_init, pool_open, pool_check, pool_count, pool_insert,
    NULL, pool_remove, pool_clear, pool_has, pool_find,
};

/* ---------------------------------------------------------------- block pool */

#define BLOCK_CAP 24u
#define BLOCK_WORDS 5u

BENTO_STATIC_ASSERT(POOL_WORDS <= RESET_VALUE_WORDS, pool_value_within_reset_value);

typedef struct block_value {
    uint32_t w[BLOCK_WORDS];
} block_value;

BENTO_STATIC_ASSERT(BLOCK_WORDS <= RESET_VALUE_WORDS, block_value_within_reset_value);

BENTO_BLOCK_POOL_TYPE(reset_blocks, block_value, BLOCK_CAP);
static reset_blocks blocks RESET_RETAINED;

static bento_status block_init(void)
{
    return reset_blocks_init(&blocks);
}

static bento_status block_open(void)
{
    return reset_blocks_open(&blocks);
}

static bento_status block_check(void)
{
    return reset_blocks_check(&blocks);
}

static uint32_t block_count(void)
{
    return reset_blocks_count(&blocks);
}

static bento_status block_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    block_value *b;
    bento_status status = reset_blocks_alloc(&blocks, &b);
    (void)id;
    (void)value;
    *ref = status == BENTO_OK ? reset_blocks_index_of(&blocks, b) : RESET_NO_REF;
    return status;
}

/* The block's contents are the caller's, written after alloc returns. */
static void block_fill(uint32_t ref, const reset_value *value)
{
    block_value *b = reset_blocks_block_at(&blocks, ref);
    uint32_t i;
    for (i = 0u; i < BLOCK_WORDS; i++) {
        b->w[i] = value->w[i];
    }
}

static bento_status block_remove(uint32_t id, uint32_t ref)
{
    (void)id;
    return reset_blocks_free(&blocks, reset_blocks_block_at(&blocks, ref));
}

static void block_clear(void)
{
    reset_blocks_clear(&blocks);
}

/* Live, and every word the caller wrote still there: the kit never writes into a live block
 * (free's link word is journaled, and restored when the free is undone). */
static bool block_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    const block_value *b = reset_blocks_block_at(&blocks, ref);
    return b != NULL && reset_blocks_contains(&blocks, b) &&
           reset_words_are(b->w, BLOCK_WORDS, epoch, id);
}

/* The new block holds nothing of the caller's yet: it is the live block no element owns. */
static uint32_t block_find(uint32_t epoch, uint32_t id, const uint32_t *taken, uint32_t n)
{
    uint32_t i;
    uint32_t j;
    (void)epoch;
    (void)id;
    for (i = 0u; i < BLOCK_CAP; i++) {
        if (!reset_blocks_contains(&blocks, reset_blocks_block_at(&blocks, i))) {
            continue;
        }
        for (j = 0u; j < n && taken[j] != i; j++) {
        }
        if (j == n) {
            return i;
        }
    }
    return RESET_NO_REF;
}

const reset_driver reset_block_pool_driver = {
    "block pool", BLOCK_CAP, false, true, block_init, block_open, block_check, block_count,
    block_insert, block_fill, block_remove, block_clear, block_has, block_find,
};
