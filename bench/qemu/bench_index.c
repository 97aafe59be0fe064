/* SPDX-License-Identifier: MIT */
/*
 * bench/qemu/bench_index.c - instructions per hash index lookup (get: hit and miss) at load 0.5
 * and 0.85, per remove + insert pair, for 64-bit and 32-bit keys, on every board: the generic
 * index (its shift read from the struct) and a typed one (the shift a constant), each over
 * its own buffer. 256 slots (4 KiB per table: the micro:bit holds two); how many keys live in
 * their second bucket depends on the load far more than on the capacity.
 */
#include <bento/index.h>

#include "bento_test.h"
#include "qbench.h"

/* two tables of 16 bytes a slot and 8 bytes a key: 256 slots, or what the RAM holds (128 on
 * 8 KiB; BENTO_TEST_FIT, tests/bento_test.h) */
enum { CAPACITY = BENTO_TEST_FIT(256u, 41u, BENTO_TEST_DATA_BYTES), ROUNDS = 8 };

BENTO_INDEX_TYPE(qindex, CAPACITY);

static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_INDEX_BYTES(CAPACITY))];
static bento_index table;     /* generic, over memory */
static qindex typed;          /* typed, its own storage */
static bento_index32 table32; /* over memory, once the 64-bit runs are done */

/* The i-th key of a run: distinct, spread over all 64 bits; misses use i >= 1000. */
static uint64_t key_of(uint32_t i)
{
    const uint32_t a = i * 0x9e3779b9u + 0x7f4a7c15u;
    return (uint64_t)(a ^ (a >> 15)) << 32 | (a * 0x85ebca6bu);
}

/* A fixed visiting order (a permutation of [0, n) for any n: stride coprime to n). */
static uint32_t nth(uint32_t i, uint32_t n)
{
    uint32_t step = 97u;
    while (n % step == 0u) {
        step += 2u;
    }
    return (i * step) % n;
}

/* The keys a lookup loop visits, computed before it is timed: the timed loop and its overhead
 * loop then differ only by the find (computing a key inside the loop took registers the find
 * needed, and the spills were counted as the find's). */
static uint64_t keys[CAPACITY];

static void load_keys(uint32_t n, uint32_t base)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        keys[i] = key_of(base + nth(i, n));
    }
}

__attribute__((noinline)) static uint32_t loop_find(uint32_t n)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < n; i++) {
            sum += bento_index_get(&table, keys[i]) != NULL;
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_typed(uint32_t n)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < n; i++) {
            sum += qindex_contains(&typed, keys[i]);
        }
    }
    return sum;
}

/* The same loop without the find, for both key widths: the least that reads the keys and
 * cannot be left out (testing a key would take more than a find's own test of its result,
 * which the find's branches do, and credit the find with the difference). */
__attribute__((noinline)) static uint32_t loop_overhead(uint32_t n)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < n; i++) {
            sum += (uint32_t)keys[i];
        }
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_remove_insert(uint32_t n)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < n; i++) {
        failures += (uint32_t)(bento_index_remove(&table, keys[i], NULL) != BENTO_OK);
        failures += (uint32_t)(bento_index_insert(&table, keys[i], i) != BENTO_OK);
    }
    return failures;
}

__attribute__((noinline)) static uint32_t loop_pairs_overhead(uint32_t n)
{
    uint32_t failures = 0u, i;
    for (i = 0; i < n; i++) {
        failures += (uint32_t)(keys[i] == 1u);
        failures += (uint32_t)(keys[i] == 2u);
    }
    return failures;
}

/* Results of every loop, checked at the end so none of the work can be left out. */
static uint32_t check;

/* Time `overhead` then `loop` over the same n keys (from key_of(base) on) and report the
 * difference per operation. */
static void measure(const char *name, uint32_t (*loop)(uint32_t), uint32_t (*overhead)(uint32_t),
                    uint32_t n, uint32_t base, uint32_t ops)
{
    uint32_t idle, ticks;
    load_keys(n, base);
    qbench_start();
    check += overhead(n);
    idle = qbench_stop();
    qbench_start();
    check += loop(n);
    ticks = qbench_stop();
    qbench_report(name, ticks, idle, ops);
}

static void run(uint32_t n, const char *hit, const char *miss, const char *typed_hit,
                const char *typed_miss, const char *pair)
{
    uint32_t i;
    check += (uint32_t)(bento_index_init(&table, memory, sizeof memory, CAPACITY) != BENTO_OK);
    check += (uint32_t)(qindex_init(&typed) != BENTO_OK);
    for (i = 0; i < n; i++) {
        check += (uint32_t)(bento_index_insert(&table, key_of(i), i) != BENTO_OK);
        check += (uint32_t)(qindex_insert(&typed, key_of(i), i) != BENTO_OK);
    }
    measure(hit, loop_find, loop_overhead, n, 0u, n * ROUNDS);
    measure(miss, loop_find, loop_overhead, n, 1000u, n * ROUNDS);
    measure(typed_hit, loop_typed, loop_overhead, n, 0u, n * ROUNDS);
    measure(typed_miss, loop_typed, loop_overhead, n, 1000u, n * ROUNDS);
    measure(pair, loop_remove_insert, loop_pairs_overhead, n, 0u, n);
    if (check == 0xFFFFFFFFu || bento_index_check(&table) != BENTO_OK ||
        qindex_check(&typed) != BENTO_OK) {
        bento_port_write("index bench: table damaged\n");
    }
}

__attribute__((noinline)) static uint32_t loop_find32(uint32_t n)
{
    uint32_t sum = 0u, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < n; i++) {
            sum += bento_index32_get(&table32, (uint32_t)keys[i]) != NULL;
        }
    }
    return sum;
}

static void run32(uint32_t n, const char *hit, const char *miss)
{
    uint32_t i;
    check += (uint32_t)(bento_index32_init(&table32, memory, sizeof memory, CAPACITY) != BENTO_OK);
    for (i = 0; i < n; i++) {
        check += (uint32_t)(bento_index32_insert(&table32, (uint32_t)key_of(i), i) != BENTO_OK);
    }
    measure(hit, loop_find32, loop_overhead, n, 0u, n * ROUNDS);
    measure(miss, loop_find32, loop_overhead, n, 1000u, n * ROUNDS);
    if (check == 0xFFFFFFFFu || bento_index32_check(&table32) != BENTO_OK) {
        bento_port_write("index32 bench: table damaged\n");
    }
}

void qbench_index(void)
{
    run(CAPACITY / 2u, "index get hit, load 0.5", "index get miss, load 0.5",
        "index typed get hit, load 0.5", "index typed get miss, load 0.5",
        "index remove + insert, load 0.5");
    run(CAPACITY * 85u / 100u, "index get hit, load 0.85", "index get miss, load 0.85",
        "index typed get hit, load 0.85", "index typed get miss, load 0.85",
        "index remove + insert, load 0.85");
    run32(CAPACITY / 2u, "index32 get hit, load 0.5", "index32 get miss, load 0.5");
    run32(CAPACITY * 85u / 100u, "index32 get hit, load 0.85", "index32 get miss, load 0.85");
}
