/* SPDX-License-Identifier: MIT */
/*
 * bench/qemu/bench_block_pool.c - instructions per block-pool alloc+free pair, per
 * paged-set get next to a plain sparse-set lookup written here as the reference, and per
 * paged-set remove + insert of a key.
 */
#include <bento/block_pool.h>
#include <bento/paged_set.h>

#include "qbench.h"

typedef struct msg16 {
    uint32_t a, b, c, d;
} msg16;

BENTO_BLOCK_POOL_TYPE(qblocks, msg16, 32);

/* 64 of 128 indices present, pages of 16, 8-byte values (small: the micro:bit has 16 KiB) */
typedef struct val8 {
    uint32_t a, b;
} val8;
/* keys of 7 index bits and a generation above them */
BENTO_PAGED_SET_TYPE_BITS(qpaged, val8, 64, 128, 16, 7, 25);
BENTO_BLOCK_POOL_TYPE(qpages, qpaged_page, 8);

enum { PAIRS = 200, LIVE = 16, KEYS = 64, UNIVERSE = 128, ROUNDS = 8 };

static qblocks pool;
static msg16 *live[LIVE];
static msg16 *probes[2 * LIVE]; /* LIVE live blocks, then LIVE freed ones */
static uint8_t victims[PAIRS];

static qpages pages;
static qpaged paged;
static uint32_t keys[KEYS]; /* present keys, in a shuffled order */

/* the reference: a plain sparse set, uint32_t positions, values dense beside the keys */
static uint32_t plain_sparse[UNIVERSE];
static uint32_t plain_dense[KEYS];
static val8 plain_values[KEYS];

static uint32_t shuffle_state = 12345u;
static uint32_t next_random(uint32_t bound) /* a fixed LCG: the same sequence on every board */
{
    shuffle_state = shuffle_state * 1664525u + 1013904223u;
    return (uint32_t)(((uint64_t)(shuffle_state >> 8) * bound) >> 24);
}

/*
 * The floor: a plain free list threaded through raw blocks, no count, no checks, called out of
 * line like the pool so that both pay the same calls.
 */
static msg16 plain_blocks[32];
static void *plain_head;

__attribute__((noinline)) static void *plain_alloc(void)
{
    void *b = plain_head;
    if (b != NULL) {
        plain_head = *(void **)b;
    }
    return b;
}

__attribute__((noinline)) static void plain_free(void *b)
{
    *(void **)b = plain_head;
    plain_head = b;
}

__attribute__((noinline)) static uint32_t loop_plain_pairs(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        void *m = plain_alloc();
        failures += (uint32_t)(m == NULL);
        plain_free(m);
    }
    return failures;
}

/* The loops are kept out of line so each is measured as compiled, not merged with another. */
__attribute__((noinline)) static uint32_t loop_pairs(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        msg16 *m;
        failures += (uint32_t)(qblocks_alloc(&pool, &m) != BENTO_OK);
        failures += (uint32_t)(qblocks_free(&pool, m) != BENTO_OK);
    }
    return failures;
}

/* Live and freed blocks, half each, through the typed inline lookup. */
__attribute__((noinline)) static uint32_t loop_contains(void)
{
    uint32_t found = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        found += (uint32_t)qblocks_contains(&pool, probes[i & (2u * LIVE - 1u)]);
    }
    return found;
}

__attribute__((noinline)) static uint32_t loop_contains_overhead(void)
{
    uint32_t found = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        found += (uint32_t)(probes[i & (2u * LIVE - 1u)] != NULL);
    }
    return found;
}

/* The loop alone: what every pair loop does besides its two calls. */
__attribute__((noinline)) static uint32_t loop_pairs_overhead(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        failures += (uint32_t)(live[i & (LIVE - 1u)] == NULL);
    }
    return failures;
}

/* Free a random live block, then take one: the pool's state moves around. */
__attribute__((noinline)) static uint32_t loop_random_pairs(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        msg16 **slot = &live[victims[i]];
        failures += (uint32_t)(qblocks_free(&pool, *slot) != BENTO_OK);
        failures += (uint32_t)(qblocks_alloc(&pool, slot) != BENTO_OK);
    }
    return failures;
}

__attribute__((noinline)) static uint32_t loop_random_overhead(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < PAIRS; i++) {
        failures += (uint32_t)(live[victims[i]] == NULL);
    }
    return failures;
}

__attribute__((noinline)) static uint32_t loop_paged_get(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < KEYS; i++) {
            sum += qpaged_get(&paged, keys[i])->a;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_plain_get(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < KEYS; i++) {
            const uint32_t key = keys[i];
            const uint32_t position = plain_sparse[key & (UNIVERSE - 1u)];
            /* the same checks a sparse set makes: in range and the dense key matches */
            if (position < KEYS && plain_dense[position] == key) {
                sum += plain_values[position].a;
            }
        }
    }
    return sum;
}

/* each key out and in again: its page keeps other keys, so no page is given back or taken,
 * and a remove moves the last key into the hole (but when the key is the last) */
__attribute__((noinline)) static uint32_t loop_paged_remove_insert(void)
{
    uint32_t sum = 0u, r, i;
    val8 *v = NULL;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < KEYS; i++) {
            sum += (uint32_t)qpaged_remove(&paged, keys[i]);
            sum += (uint32_t)qpaged_insert(&paged, keys[i], &v);
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get_overhead(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < KEYS; i++) {
            sum += keys[i];
        }
    }
    return sum;
}

void qbench_block_pool(void)
{
    uint32_t i, ticks, overhead;
    qblocks_init(&pool);
    for (i = 0; i < LIVE; i++) {
        qblocks_alloc(&pool, &live[i]);
    }
    for (i = 0; i < PAIRS; i++) {
        victims[i] = (uint8_t)next_random(LIVE);
    }
    overhead = qbench_time(loop_pairs_overhead);
    ticks = qbench_time(loop_pairs);
    qbench_report("block pool alloc + free it (pair, calls included)", ticks, overhead, PAIRS);
    for (i = 0; i < 32u; i++) {
        plain_free(&plain_blocks[i]);
    }
    ticks = qbench_time(loop_plain_pairs);
    qbench_report("plain free list alloc + free it (pair, calls included; floor, no checks)", ticks, overhead,
                  PAIRS);

    for (i = 0; i < LIVE; i++) {
        qblocks_alloc(&pool, &probes[LIVE + i]);
        probes[i] = live[i];
    }
    for (i = 0; i < LIVE; i++) {
        qblocks_free(&pool, probes[LIVE + i]);
    }
    overhead = qbench_time(loop_contains_overhead);
    ticks = qbench_time(loop_contains);
    qbench_report("block pool contains (typed, half live)", ticks, overhead, PAIRS);

    overhead = qbench_time(loop_random_overhead);
    ticks = qbench_time(loop_random_pairs);
    qbench_report("block pool free random + alloc (pair, calls included)", ticks, overhead, PAIRS);

    /* the paged set and the plain sparse set hold the same keys (even indices, generation 1) */
    qpages_init(&pages);
    qpaged_init(&paged, qpages_generic(&pages));
    for (i = 0; i < UNIVERSE; i++) {
        plain_sparse[i] = 0xffffffffu;
    }
    for (i = 0; i < KEYS; i++) {
        const uint32_t key = 1u << 7 | (2u * i);
        val8 *v;
        qpaged_insert(&paged, key, &v);
        v->a = i;
        plain_sparse[key & (UNIVERSE - 1u)] = i;
        plain_dense[i] = key;
        plain_values[i].a = i;
        keys[i] = key;
    }
    for (i = KEYS - 1u; i > 0u; i--) {
        const uint32_t j = next_random(i + 1u);
        const uint32_t t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
    }
    overhead = qbench_time(loop_get_overhead);
    ticks = qbench_time(loop_paged_get);
    qbench_report("paged set get (typed, 8-byte values)", ticks, overhead, KEYS * ROUNDS);
    ticks = qbench_time(loop_plain_get);
    qbench_report("plain sparse set get (reference, 8-byte values)", ticks, overhead,
                  KEYS * ROUNDS);
    ticks = qbench_time(loop_paged_remove_insert);
    qbench_report("paged set remove + insert (pair, calls included; 8-byte values)", ticks,
                  overhead, KEYS * ROUNDS);
}
