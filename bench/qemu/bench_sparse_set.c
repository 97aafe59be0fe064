/* SPDX-License-Identifier: MIT */
/* bench/qemu/bench_sparse_set.c - instructions per sparse set operation on Cortex-M. */
#include <bento/pool.h>
#include <bento/sparse_set.h>

#include "bento_test.h"
#include "qbench.h"

typedef struct vec2 {
    int32_t x, y;
} vec2;

/* 128 ids, 96 live, or what the RAM holds (64 and 48 on 8 KiB; BENTO_TEST_FIT,
 * tests/bento_test.h) */
enum { UNIVERSE = BENTO_TEST_FIT(128u, 72u, BENTO_TEST_DATA_BYTES), LIVE = UNIVERSE * 3 / 4, ROUNDS = 8 };

/* typed sets of plain ids: the shape is a constant in the lookups */
#define QPOSITIONS_COLUMNS(X) X(vec2, at)
BENTO_SPARSE_SET_TYPE_IDS(qpositions, UNIVERSE, LIVE, QPOSITIONS_COLUMNS);
#define QVELOCITIES_COLUMNS(X) X(vec2, by)
BENTO_SPARSE_SET_TYPE_IDS(qvelocities, UNIVERSE, LIVE, QVELOCITIES_COLUMNS);
/* a set keyed by a pool's 32-bit handles (7 index bits): 32-bit entries */
BENTO_POOL_TYPE(qentities, uint32_t, UNIVERSE, uint32_t, BENTO_POOL_WRAP);
#define QBODIES_COLUMNS(X) X(vec2, at)
BENTO_SPARSE_SET_TYPE(qbodies, qentities_handle, LIVE, QBODIES_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(qmoving, qpositions, qvelocities);

static qpositions positions;
static qvelocities velocities; /* typed, half of the keys */
static qentities entities;
static qbodies bodies;
static qentities_handle handles[UNIVERSE]; /* every entity; the first LIVE have a body */
/* generic, the same keys as velocities, over caller memory */
static bento_align_unit vel_memory[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(UNIVERSE, LIVE, 32, 0, 1))];
static vec2 vel_values[LIVE];
static bento_sparse_set_column vel_column;
static bento_sparse_set generic_velocities;
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

__attribute__((noinline)) static uint32_t loop_contains_handles(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += (uint32_t)qbodies_contains(&bodies, handles[keys[i]]);
        }
    }
    return hits;
}

__attribute__((noinline)) static uint32_t loop_contains_generic(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += (uint32_t)bento_sparse_set_contains(&generic_velocities, keys[i]);
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

__attribute__((noinline)) static uint32_t loop_handles_overhead(void)
{
    uint32_t hits = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < UNIVERSE; i++) {
            hits += handles[keys[i]].raw;
        }
    }
    return hits;
}

__attribute__((noinline)) static uint32_t loop_get(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += (uint32_t)qpositions_get(&positions, keys[i]).at->x;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get_handles(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += (uint32_t)qbodies_get(&bodies, handles[keys[i]]).at->x;
        }
    }
    return sum;
}

/* the generic set holds the keys at even places of the shuffle */
__attribute__((noinline)) static uint32_t loop_get_generic(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i += 2u) {
            sum += (uint32_t)((const vec2 *)bento_sparse_set_get(&generic_velocities, keys[i], 0u))->x;
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

__attribute__((noinline)) static uint32_t loop_get_handles_overhead(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i++) {
            sum += handles[keys[i]].raw;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get_generic_overhead(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < LIVE; i += 2u) {
            sum += keys[i];
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_iterate(void)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        const vec2 *v = qpositions_columns(&positions).at;
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
        qpositions_row row;
        failures += (uint32_t)(qpositions_remove(&positions, keys[i]) != BENTO_OK);
        failures += (uint32_t)(qpositions_insert(&positions, keys[i], &row) != BENTO_OK);
        row.at->x = (int32_t)i;
    }
    return failures;
}

/* the typed join: positions (96 keys) with velocities (48), velocities driving */
__attribute__((noinline)) static uint32_t loop_join(void)
{
    uint32_t sum = 0u, r;
    for (r = 0; r < ROUNDS; r++) {
        qmoving join;
        qmoving_init(&join, &positions, &velocities);
        while (qmoving_next(&join)) {
            sum += (uint32_t)(join.qpositions.at->x + join.qvelocities.by->y);
        }
    }
    return sum;
}

/* the generic join of the same two sets */
__attribute__((noinline)) static uint32_t loop_join_generic(void)
{
    const bento_sparse_set *sets[2];
    uint32_t sum = 0u, r;
    sets[0] = qpositions_generic(&positions);
    sets[1] = qvelocities_generic(&velocities);
    for (r = 0; r < ROUNDS; r++) {
        const vec2 *p = (const vec2 *)bento_sparse_set_values(sets[0], 0u);
        const vec2 *v = (const vec2 *)bento_sparse_set_values(sets[1], 0u);
        bento_sparse_set_join join;
        bento_sparse_set_join_init(&join, sets, 2u);
        while (bento_sparse_set_join_next(&join)) {
            sum += (uint32_t)(p[join.position[0]].x + v[join.position[1]].y);
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

/* Sorting LIVE keys with one 8-byte column, from descending to ascending; then sort_as. The
   radix sort's scratch lives on this frame (2 KiB), not in .bss, which every benchmark image
   shares. */
__attribute__((noinline)) static uint32_t measure_sorts(void)
{
    bento_align_unit scratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(LIVE))];
    uint32_t ticks;
    qpositions_sort(&positions, LIVE, BENTO_SPARSE_SET_BY_KEY, descending, NULL, BENTO_SPARSE_SET_SORT_HEAP);
    qbench_start();
    qpositions_sort(&positions, LIVE, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, BENTO_SPARSE_SET_SORT_HEAP);
    ticks = qbench_stop();
    bento_port_write("sparse set heap sort ");
    bento_port_write_u64(LIVE);
    bento_port_write(" keys + 1 column, per key");
    qbench_report_value(ticks, 0u, LIVE);
    qpositions_sort(&positions, LIVE, BENTO_SPARSE_SET_BY_KEY, descending, NULL, BENTO_SPARSE_SET_SORT_HEAP);
    qbench_start();
    qpositions_sort_radix(&positions, LIVE, scratch, sizeof scratch);
    ticks = qbench_stop();
    bento_port_write("sparse set radix sort ");
    bento_port_write_u64(LIVE);
    bento_port_write(" keys + 1 column, per key");
    qbench_report_value(ticks, 0u, LIVE);
    /* the velocities (LIVE / 2 keys) in the positions' order, from the order they were inserted in */
    qbench_start();
    qvelocities_sort_as(&velocities, qpositions_generic(&positions));
    ticks = qbench_stop();
    bento_port_write("sparse set sort_as ");
    bento_port_write_u64(LIVE / 2u);
    bento_port_write(" keys + 1 column by ");
    bento_port_write_u64(LIVE);
    bento_port_write(", per key of the other");
    qbench_report_value(ticks, 0u, LIVE);
    return qpositions_keys(&positions)[LIVE - 1u] + qvelocities_keys(&velocities)[0];
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
    qvelocities_init(&velocities);
    qentities_init(&entities);
    qbodies_init(&bodies);
    vel_column.data = vel_values;
    vel_column.bytes = sizeof vel_values;
    vel_column.size = sizeof(vec2);
    bento_sparse_set_init(&generic_velocities, vel_memory, sizeof vel_memory, UNIVERSE, LIVE, 32u, 0u,
                          &vel_column, 1u);
    for (i = 0; i < UNIVERSE; i++) {
        qentities_create(&entities, &handles[i], NULL);
    }
    for (i = 0; i < LIVE; i++) {
        qpositions_row row;
        qbodies_row body;
        qpositions_insert(&positions, keys[i], &row);
        row.at->x = (int32_t)i;
        row.at->y = 1;
        raw[i] = *row.at;
        qbodies_insert(&bodies, handles[keys[i]], &body);
        *body.at = *row.at;
        if ((i & 1u) == 0u) {
            qvelocities_row vel;
            uint32_t at;
            qvelocities_insert(&velocities, keys[i], &vel);
            vel.by->x = 1;
            vel.by->y = (int32_t)i;
            bento_sparse_set_insert(&generic_velocities, keys[i], &at);
            vel_values[at] = *vel.by;
        }
    }

    overhead = qbench_time(loop_overhead);
    ticks = qbench_time(loop_contains);
    qbench_report("sparse set contains (typed, 16-bit entries, 25% miss)", ticks, overhead, UNIVERSE * ROUNDS);
    ticks = qbench_time(loop_contains_generic);
    qbench_report("sparse set contains (generic, 16-bit entries, 62% miss)", ticks, overhead, UNIVERSE * ROUNDS);
    overhead = qbench_time(loop_handles_overhead);
    ticks = qbench_time(loop_contains_handles);
    qbench_report("sparse set contains (typed, pool handles, 32-bit entries, 25% miss)", ticks, overhead,
                  UNIVERSE * ROUNDS);

    overhead = qbench_time(loop_get_overhead);
    ticks = qbench_time(loop_get);
    qbench_report("sparse set get (typed, 8-byte values)", ticks, overhead, LIVE * ROUNDS);
    overhead = qbench_time(loop_get_generic_overhead);
    ticks = qbench_time(loop_get_generic);
    qbench_report("sparse set get (generic, 8-byte values)", ticks, overhead, (LIVE / 2u) * ROUNDS);
    overhead = qbench_time(loop_get_handles_overhead);
    ticks = qbench_time(loop_get_handles);
    qbench_report("sparse set get (typed, pool handles, 8-byte values)", ticks, overhead, LIVE * ROUNDS);

    overhead = qbench_time(loop_iterate_raw);
    ticks = qbench_time(loop_iterate);
    qbench_report("sparse set iterate one column, minus the raw loop", ticks, overhead, LIVE * ROUNDS);
    qbench_report("raw array loop (the floor)", overhead, 0u, LIVE * ROUNDS);

    ticks = qbench_time(loop_remove_insert);
    qbench_report("sparse set remove + insert (8-byte values, one move)", ticks, 0u, LIVE);

    ticks = qbench_time(loop_join);
    qbench_report("sparse set join of 2 sets, per driver key", ticks, 0u, (LIVE / 2u) * ROUNDS);
    ticks = qbench_time(loop_join_generic);
    qbench_report("sparse set join of 2 sets (generic), per driver key", ticks, 0u, (LIVE / 2u) * ROUNDS);

    check += measure_sorts();
    check += qpositions_keys(&positions)[0];
    if (check == 0xFFFFFFFFu) {
        bento_port_write("(unlikely checksum)\n"); /* keeps the sums alive */
    }
}
