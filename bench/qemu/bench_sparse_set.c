/* SPDX-License-Identifier: MIT */
/* bench/qemu/bench_sparse_set.c - instructions per sparse set operation on Cortex-M. */
#include <bento/sparse_set.h>

#include "qbench.h"

typedef struct vec2 {
    int32_t x, y;
} vec2;

enum { UNIVERSE = 128, LIVE = 96, ROUNDS = 8 };

/* typed: the sparse width is a constant in the lookups */
BENTO_COMPONENT_SET_TYPE(qpositions, vec2, UNIVERSE, LIVE, 7);

static qpositions positions;
static bento_align_unit vel_memory[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(UNIVERSE, LIVE))];
static vec2 vel_values[LIVE];
static bento_sparse_column vel_column;
static bento_sparse_set velocities; /* generic, half of the keys */
static vec2 raw[LIVE]; /* the floor of the iteration */
static uint8_t keys[UNIVERSE]; /* a fixed shuffle of the universe; the first LIVE are present */

__attribute__((noinline)) static uint32_t loop_contains(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += (uint32_t)qpositions_contains(&positions, keys[i]);
        }
    }
    return hits;
}

__attribute__((noinline)) static uint32_t loop_contains_generic(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += (uint32_t)bento_sparse_set_contains(&velocities, keys[i]);
        }
    }
    return hits;
}

__attribute__((noinline)) static uint32_t loop_overhead(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += keys[i];
        }
    }
    return hits;
}

__attribute__((noinline)) static uint32_t loop_get(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += (uint32_t)qpositions_get(&positions, keys[i])->x;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get_overhead(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += keys[i];
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_iterate(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        const vec2 *v = qpositions_values(&positions);
        const uint32_t count = qpositions_count(&positions);
        for (i = 0; i < count; i++) {
            sum += (uint32_t)v[i].x;
        }
    }
    return sum;
}


__attribute__((noinline)) static uint32_t loop_iterate_raw(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += (uint32_t)raw[i].x;
        }
    }
    return sum;
}

/* remove a present key (the last element moves into its place), insert it again */
__attribute__((noinline)) static uint32_t loop_remove_insert(void)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < LIVE; i++) {
        vec2 *v;
        failures += (uint32_t)(qpositions_remove(&positions, keys[i]) != BENTO_OK);
        failures += (uint32_t)(qpositions_insert(&positions, keys[i], &v) != BENTO_OK);
        v->x = (int32_t)i;
    }
    return failures;
}

__attribute__((noinline)) static uint32_t loop_join(void)
{
    const bento_sparse_set *sets[2];
    uint32_t at[2], key, sum = 0u, r;
    bento_sparse_join join;
    sets[0] = &positions.set;
    sets[1] = &velocities;
    for (r = 0; r < ROUNDS; r++) {
        bento_sparse_join_init(&join, sets, 2u, at);
        while (bento_sparse_join_next(&join, &key)) {
            const vec2 *p = (const vec2 *)bento_sparse_join_get(&join, 0u, 0u);
            const vec2 *v = (const vec2 *)bento_sparse_join_get(&join, 1u, 0u);
            sum += (uint32_t)(p->x + v->y);
        }
    }
    return sum;
}

static int descending(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    (void)context;
    return (x < y) - (x > y);
}

/* Sorting LIVE keys with one 8-byte column, from descending to ascending. The radix sort's
   scratch lives on this frame (2 KiB), not in .bss, which every benchmark image shares. */
__attribute__((noinline)) static uint32_t measure_sorts(void)
{
    bento_align_unit scratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(LIVE))];
    uint32_t ticks;
    bento_sparse_set_sort(&positions.set, LIVE, BENTO_SPARSE_SET_BY_KEY, descending, NULL, BENTO_SORT_HEAP);
    qbench_start();
    bento_sparse_set_sort(&positions.set, LIVE, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, BENTO_SORT_HEAP);
    ticks = qbench_stop();
    qbench_report("sparse set heap sort 96 keys + 1 column, per key", ticks, 0u, LIVE);
    bento_sparse_set_sort(&positions.set, LIVE, BENTO_SPARSE_SET_BY_KEY, descending, NULL, BENTO_SORT_HEAP);
    qbench_start();
    bento_sparse_set_sort_radix(&positions.set, LIVE, scratch, sizeof scratch);
    ticks = qbench_stop();
    qbench_report("sparse set radix sort 96 keys + 1 column, per key", ticks, 0u, LIVE);
    return positions.set.dense[LIVE - 1u];
}

void qbench_sparse_set(void)
{
    uint32_t i, ticks, overhead, check = 0u;
    for (i = 0; i < UNIVERSE; i++) {
        keys[i] = (uint8_t)i;
    }
    for (i = UNIVERSE - 1u; i > 0u; i--) { /* a fixed shuffle, the same on every board */
        uint32_t j = (i * 2654435761u >> 8) % (i + 1u);
        uint8_t t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
    }
    qpositions_init(&positions);
    vel_column.data = vel_values;
    vel_column.bytes = sizeof vel_values;
    vel_column.size = sizeof(vec2);
    bento_sparse_set_init(&velocities, vel_memory, sizeof vel_memory, UNIVERSE, LIVE, 7u, &vel_column, 1u);
    for (i = 0; i < LIVE; i++) {
        vec2 *v;
        qpositions_insert(&positions, keys[i], &v);
        v->x = (int32_t)i;
        v->y = 1;
        raw[i] = *v;
        if ((i & 1u) == 0u) {
            uint32_t at;
            bento_sparse_set_insert(&velocities, keys[i], &at);
            vel_values[at].x = 1;
            vel_values[at].y = (int32_t)i;
        }
    }

    overhead = qbench_time(loop_overhead);
    ticks = qbench_time(loop_contains);
    qbench_report("sparse set contains (typed, 16-bit entries, 25% miss)", ticks, overhead, UNIVERSE * ROUNDS);
    ticks = qbench_time(loop_contains_generic);
    qbench_report("sparse set contains (generic, 16-bit entries, 62% miss)", ticks, overhead, UNIVERSE * ROUNDS);

    overhead = qbench_time(loop_get_overhead);
    ticks = qbench_time(loop_get);
    qbench_report("sparse set get (typed, 8-byte values)", ticks, overhead, LIVE * ROUNDS);

    overhead = qbench_time(loop_iterate_raw);
    ticks = qbench_time(loop_iterate);
    qbench_report("sparse set iterate one column, minus the raw loop", ticks, overhead, LIVE * ROUNDS);
    qbench_report("raw array loop (the floor)", overhead, 0u, LIVE * ROUNDS);

    ticks = qbench_time(loop_remove_insert);
    qbench_report("sparse set remove + insert (8-byte values, one move)", ticks, 0u, LIVE);

    ticks = qbench_time(loop_join);
    qbench_report("sparse set join of 2 sets, per driver key", ticks, 0u, (LIVE / 2u) * ROUNDS);

    check += measure_sorts();
    check += positions.set.dense[0];
    if (check == 0xFFFFFFFFu) {
        bento_port_write("(unlikely checksum)\n"); /* keeps the sums alive */
    }
}
