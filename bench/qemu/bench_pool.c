/* SPDX-License-Identifier: MIT */
/* bench/qemu/bench_pool.c - instructions per pool get and per destroy+create pair. */
#include <bento/pool.h>

#include "bento_test.h"
#include "qbench.h"

typedef struct item16 {
    uint32_t a, b, c, d;
} item16;

/* 256 slots, 200 live, or what the RAM holds (128 and 100 on 8 KiB; BENTO_TEST_FIT,
 * tests/bento_test.h) */
enum { SLOTS = BENTO_TEST_FIT(256u, 27u, BENTO_TEST_DATA_BYTES), LIVE = SLOTS * 25 / 32, ROUNDS = 10 };

BENTO_POOL_TYPE(qpool, item16, SLOTS, uint16_t, BENTO_POOL_RETIRE);

static qpool pool;
static qpool_handle handles[LIVE];
static uint8_t order[LIVE];

/* The loops are kept out of line so each is measured as compiled, not merged with another. */
__attribute__((noinline)) static uint32_t loop_get(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += qpool_get(&pool, handles[order[i]])->a;
        }
    }
    return sum;
}

/* The same loop without the lookup: reading the handle stands in for it. */
__attribute__((noinline)) static uint32_t loop_get_overhead(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += handles[order[i]].raw;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_pairs(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < LIVE; i++) {
        qpool_handle *h = &handles[order[i]];
        failures += (uint32_t)(qpool_destroy(&pool, *h) != BENTO_OK);
        failures += (uint32_t)(qpool_create(&pool, h, NULL) != BENTO_OK);
    }
    return failures;
}

/* Create an object and destroy it again: it is the last one, so nothing moves. */
__attribute__((noinline)) static uint32_t loop_create_destroy(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < LIVE; i++) {
        qpool_handle h;
        failures += (uint32_t)(qpool_create(&pool, &h, NULL) != BENTO_OK);
        failures += (uint32_t)(qpool_destroy(&pool, h) != BENTO_OK);
    }
    return failures;
}

__attribute__((noinline)) static uint32_t loop_pairs_overhead(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < LIVE; i++) {
        qpool_handle *h = &handles[order[i]];
        failures += (uint32_t)(h->raw == 0u);
        failures += (uint32_t)(h->raw == 1u);
    }
    return failures;
}

void qbench_pool(void)
{
    uint32_t i, ticks, overhead;
    qpool_init(&pool);
    for (i = 0; i < LIVE; i++) {
        qpool_create(&pool, &handles[i], NULL);
        order[i] = (uint8_t)i;
    }
    for (i = LIVE - 1u; i > 0u; i--) { /* a fixed shuffle (LCG), the same on every board */
        uint32_t j = (i * 2654435761u >> 8) % (i + 1u);
        uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    overhead = qbench_time(loop_get_overhead);
    ticks = qbench_time(loop_get);
    qbench_report("pool get (typed, 16-byte values)", ticks, overhead, LIVE * ROUNDS);

    overhead = qbench_time(loop_pairs_overhead);
    ticks = qbench_time(loop_pairs);
    qbench_report("pool destroy random + create (16-byte values, one move)", ticks, overhead, LIVE);

    ticks = qbench_time(loop_create_destroy);
    qbench_report("pool create + destroy it (16-byte values, no move)", ticks, overhead, LIVE);
}
