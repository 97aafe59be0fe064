/* SPDX-License-Identifier: MIT */
/*
 * bench/qemu/bench_index_ops.c - the hash index's single operations, each timed on its own: the
 * average and the maximum instructions of an insert, a remove, a find that hits and one that
 * misses, over ROUNDS rounds of random operations at a steady load of 0.5 and 0.85 (each round
 * removes a random entry, inserts a new key in its place, and finds a present and an absent
 * key). What a real-time budget needs is the maximum; the averages are bench_index.c's plus
 * the call (about 4 instructions).
 *
 * A SysTick tick is 40 instructions on the 25 MHz boards (62.5 on the micro:bit), so a single
 * operation is timed to within one tick: a maximum is exact to +-1 tick. The counter runs free
 * (where an operation starts within a tick varies), so the ticks of many operations add up to
 * their instructions and the averages are exact. Each timing brackets one call; the same
 * bracket around a call that does nothing (timed in every round) is the overhead subtracted.
 * Sized from the board's RAM (BENTO_TEST_FIT, tests/bento_test.h): 16384 slots (256 KiB)
 * where the board has 512 KiB, 4096 on 128 KiB, 256 on 16 KiB, 128 on 8 KiB. Then the worst
 * insert, on a crafted table (run_crafted).
 */
#include <bento/index.h>

#include "bento_test.h"
#include "qbench.h"

/* 16 bytes a slot and 8 a present key, in four fifths of the RAM a test may take */
enum { CAPACITY = BENTO_TEST_FIT(16384u, 25u, BENTO_TEST_DATA_BYTES * 4u / 5u) };
enum { ROUNDS = 100000, OPS = 4 };

static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_INDEX_BYTES(CAPACITY))];
static bento_index table;
static uint64_t present[CAPACITY]; /* the keys in the table, in no order */

/* The i-th key: distinct for distinct i, spread over all 64 bits. */
static uint64_t key_of(uint32_t i)
{
    const uint32_t a = i * 0x9e3779b9u + 0x7f4a7c15u;
    return (uint64_t)(a ^ (a >> 15)) << 32 | (a * 0x85ebca6bu);
}

static uint32_t rng = 0x12345678u;
static uint32_t next_random(uint32_t n) /* in [0, n), n below 2^16 */
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint32_t)(((rng >> 16) * n) >> 16);
}

/* Each operation behind the same call, and one that does nothing: the overhead. noipa: gcc
 * must not learn that they have no side effects and move them out of the timed window. Insert
 * and remove answer 0 when done, find 1 when found. */
typedef uint32_t (*op_fn)(uint64_t key, uint32_t value);
__attribute__((noipa)) static uint32_t op_insert(uint64_t key, uint32_t value)
{
    return (uint32_t)bento_index_insert(&table, key, value);
}
__attribute__((noipa)) static uint32_t op_remove(uint64_t key, uint32_t value)
{
    (void)value;
    return (uint32_t)bento_index_remove(&table, key, NULL);
}
__attribute__((noipa)) static uint32_t op_find(uint64_t key, uint32_t value)
{
    (void)value;
    return bento_index_get(&table, key) != NULL ? 1u : 0u;
}
__attribute__((noipa)) static uint32_t op_nothing(uint64_t key, uint32_t value)
{
    return (uint32_t)key ^ value;
}

typedef struct timing {
    uint32_t sum, max; /* ticks */
} timing;

static void add_ticks(timing *t, uint32_t ticks)
{
    t->sum += ticks;
    t->max = ticks > t->max ? ticks : t->max;
}

static void timed(timing *t, op_fn op, uint64_t key, uint32_t value, uint32_t *result)
{
    const uint32_t start = qbench_now();
    *result += op(key, value);
    add_ticks(t, qbench_since(start));
}

/* "index OP, LABEL WHICH, average of single ops" and the same with the maximum, over `ops`
 * operations timed in t; idle_ticks: the overhead of as many empty brackets. */
static void report(const char *op, const char *label, const char *which, const timing *t,
                   uint32_t idle_ticks, uint32_t ops)
{
    static const char *const what[2] = {", average of single ops", ", maximum of single ops"};
    uint32_t k;
    for (k = 0u; k < 2u; k++) {
        bento_port_write("index ");
        bento_port_write(op);
        bento_port_write(label);
        bento_port_write(which);
        bento_port_write(what[k]);
        /* the longest one, less the average overhead: (max * ops - idle) / ops */
        qbench_report_value(k == 0u ? t->sum : t->max * ops, idle_ticks, ops);
    }
}

/* An empty index of CAPACITY slots in `table`. */
static void start_table(void)
{
    if (bento_index_init(&table, memory, sizeof memory, CAPACITY) != BENTO_OK) {
        bento_port_write("index ops bench: init failed\n");
        bento_port_exit(1);
    }
}

static void run(uint32_t n, const char *load)
{
    static const char *const names[OPS] = {"insert", "remove", "find hit", "find miss"};
    timing t[OPS] = {{0u, 0u}}, idle = {0u, 0u};
    uint32_t i, k, next, result = 0u, expect = 0u, ignored = 0u, refused = 0u, refusals = 0u;
    start_table();
    rng = 0x12345678u; /* the same rounds at each load */
    for (next = 0u; next < n; next++) {
        present[next] = key_of(next);
        result += op_insert(present[next], next);
    }
    qbench_start(); /* free-running from here */
    for (i = 0u; i < ROUNDS; i++) {
        const uint32_t j = next_random(n);
        const uint64_t gone = present[j];
        timed(&t[1], op_remove, gone, 0u, &result);
        present[j] = key_of(next);
        timed(&t[0], op_insert, present[j], next, &refused);
        if (refused != 0u) { /* refused: the entry removed goes back (a slot of its own is free) */
            present[j] = gone;
            result += op_insert(gone, 0u);
            refusals++;
            refused = 0u;
        }
        next++;
        timed(&t[2], op_find, present[next_random(n)], 0u, &result);
        expect += 1u;
        timed(&t[3], op_find, key_of(next + 0x40000000u), 0u, &result);
        timed(&idle, op_nothing, 0u, 0u, &ignored);
    }
    if (result != expect || bento_index_check(&table) != BENTO_OK || bento_index_count(&table) != n) {
        bento_port_write("index ops bench: wrong answers\n");
        bento_port_exit(1);
    }
    if (refusals != 0u) {
        bento_port_write("index refused inserts, load ");
        bento_port_write(load);
        bento_port_write(": ");
        bento_port_write_u64(refusals);
        bento_port_write("\n");
    }
    for (k = 0u; k < OPS; k++) {
        report(names[k], ", load ", load, &t[k], idle.sum, ROUNDS);
    }
}

/*
 * Near the worst insert, crafted: keys whose two buckets both lie in the lower half of the
 * table, four in each of those buckets (each in its first: no moves to fill), so that an
 * insert of such a key finds every bucket its search can reach full, reads up to
 * BENTO_INDEX_MAX_READS buckets (fewer where a move leads back to a bucket on the path) and
 * is refused. Then CRAFTED rounds of removing a random entry and inserting a new such key:
 * one free slot in reach, found by a search of up to 3 moves (or refused when it is further
 * away). The upper half stays empty: out of reach of every path.
 */
enum { CRAFTED = 2000 };
static unsigned char tally[CAPACITY / 4u]; /* keys placed per bucket */

static uint32_t crafted_next = 0u;
static uint64_t crafted_key(void) /* the next key both of whose buckets are in the lower half */
{
    const uint32_t half = CAPACITY / 8u;
    for (;;) {
        const uint64_t key = key_of(0x80000000u + crafted_next++);
        const uint32_t h = bento_index_hash(key), b = h >> table.shift;
        const uint32_t other = bento_impl_index_other(b, bento_impl_index_fp(h), table.shift);
        if (b < half && other < half) {
            return key;
        }
    }
}

static void run_crafted(void)
{
    static const char *const names[2] = {"refused", "accepted"};
    const uint32_t n = CAPACITY / 2u;
    timing t[2] = {{0u, 0u}, {0u, 0u}}, idle[2] = {{0u, 0u}, {0u, 0u}};
    uint32_t i, k, placed = 0u, result = 0u, ignored = 0u, count[2] = {0u, 0u};
    start_table();
    while (placed < n) {
        const uint64_t key = crafted_key();
        const uint32_t b = bento_index_hash(key) >> table.shift;
        if (tally[b] < 4u) {
            tally[b]++;
            present[placed++] = key;
            result += op_insert(key, 0u);
        }
    }
    qbench_start();
    for (i = 0u; i <= CRAFTED; i++) {
        const uint64_t key = crafted_key();
        const uint32_t j = i != 0u ? next_random(n) : 0u;
        timing one = {0u, 0u};
        uint32_t refused = 0u;
        if (i != 0u) { /* the first insert meets a full lower half */
            result += op_remove(present[j], 0u);
        }
        timed(&one, op_insert, key, 0u, &refused);
        k = refused != 0u ? 0u : 1u;
        add_ticks(&t[k], one.sum);
        timed(&idle[k], op_nothing, 0u, 0u, &ignored);
        count[k]++;
        if (i == 0u && k != 0u) {
            result++; /* a full lower half must refuse */
        } else if (i != 0u && k == 0u) {
            result += op_insert(present[j], 0u); /* back into the slot it left */
        } else if (i != 0u) {
            present[j] = key;
        }
    }
    if (result != 0u || bento_index_check(&table) != BENTO_OK || bento_index_count(&table) != n) {
        bento_port_write("index ops bench: crafted table wrong\n");
        bento_port_exit(1);
    }
    bento_port_write("index crafted inserts refused: ");
    bento_port_write_u64(count[0]);
    bento_port_write(", accepted: ");
    bento_port_write_u64(count[1]);
    bento_port_write("\n");
    for (k = 0u; k < 2u && count[k] != 0u; k++) {
        report("insert", ", crafted, ", names[k], &t[k], idle[k].sum, count[k]);
    }
}

void qbench_index_ops(void)
{
    run(CAPACITY / 2u, "0.5");
    run(CAPACITY * 85u / 100u, "0.85");
    run_crafted();
}
