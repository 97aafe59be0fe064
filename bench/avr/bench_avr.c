/* SPDX-License-Identifier: MIT */
/*
 * bench/avr/bench_avr.c - cycles per pool get and per hash index get on an AVR under simavr,
 * which counts cycles exactly: Timer1 runs at the CPU clock (clk/1), each timed loop stays under
 * its 65,536 counts (an overflow is reported, not folded in), the loops are run several times
 * and summed, and a loop that does everything but the operation is subtracted. The same
 * operations and sizes as bench/qemu (bench_pool.c: 200 live of 256 16-byte values; bench_index.c:
 * a typed index of 256 slots at load 0.5), so the counts stand next to the Cortex-M0's
 * instruction counts in docs/bench-qemu.md. Cycles, not instructions.
 */
#include <avr/io.h>

#include <bento/index.h>
#include <bento/pool.h>

#include "bento_port.h"

typedef struct item16 {
    uint32_t a, b, c, d;
} item16;

BENTO_POOL_TYPE(bpool, item16, 256, uint16_t, BENTO_POOL_RETIRE);
BENTO_INDEX_TYPE(bindex, 256);

enum { LIVE = 200, KEYS = 128, TIMED = 32, RUNS = 20 };

static bpool pool;
static bpool_handle handles[LIVE];
static uint8_t order[LIVE];
static bindex typed;
static uint64_t keys[KEYS];
static uint32_t checksum;
static bool overflowed;

/* The i-th key: distinct, spread over all 64 bits (bench/qemu/bench_index.c's); misses use
 * i >= 1000. */
static uint64_t key_of(uint32_t i)
{
    const uint32_t a = i * 0x9e3779b9u + 0x7f4a7c15u;
    return (uint64_t)(a ^ (a >> 15)) << 32 | (a * 0x85ebca6bu);
}

/* Cycles of one call of loop, from free-running Timer1 (clk/1): under 65,536, or the overflow
 * flag says the difference wrapped (more than once, if the counter did not also go back). */
static uint16_t cycles(uint32_t (*loop)(void))
{
    uint16_t start, end;
    TIFR1 = (uint8_t)(1u << TOV1);
    start = TCNT1;
    checksum += loop();
    end = TCNT1;
    if ((TIFR1 & (1u << TOV1)) != 0u && end >= start) {
        overflowed = true;
    }
    return (uint16_t)(end - start);
}

/* Cycles of RUNS calls of loop, summed. */
static uint32_t time_runs(uint32_t (*loop)(void))
{
    uint32_t sum = 0u, r;
    for (r = 0; r < RUNS; r++) {
        sum += cycles(loop);
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get(void)
{
    uint32_t sum = 0u;
    uint16_t i;
    for (i = 0; i < LIVE; i++) {
        sum += bpool_get(&pool, handles[order[i]])->a;
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_get_overhead(void)
{
    uint32_t sum = 0u;
    uint16_t i;
    for (i = 0; i < LIVE; i++) {
        sum += handles[order[i]].raw;
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_find(void)
{
    uint32_t sum = 0u;
    uint16_t i;
    for (i = 0; i < TIMED; i++) { /* about 1,000 cycles a find: all KEYS would overflow Timer1 */
        sum += bindex_contains(&typed, keys[i]);
    }
    return sum;
}

__attribute__((noinline)) static uint32_t loop_find_overhead(void)
{
    uint32_t sum = 0u;
    uint16_t i;
    for (i = 0; i < TIMED; i++) {
        sum += (uint32_t)keys[i] != 0u;
    }
    return sum;
}

/* `name: X.XX cycles/op` for (ticks - overhead) over ops operations. */
static void report(const char *name, uint32_t ticks, uint32_t overhead, uint32_t ops)
{
    const uint32_t hundredths = (uint32_t)(((uint64_t)(ticks - overhead) * 100u + ops / 2u) / ops);
    bento_port_write(name);
    bento_port_write(": ");
    bento_port_write_u64(hundredths / 100u);
    bento_port_write(hundredths % 100u < 10u ? ".0" : ".");
    bento_port_write_u64(hundredths % 100u);
    bento_port_write(" cycles/op\n");
}

int main(void)
{
    uint32_t i, hits = 0u;
    uint32_t ticks, overhead;
    TCCR1A = 0u;
    TCCR1B = (uint8_t)(1u << CS10); /* normal mode, the CPU clock */
    bpool_init(&pool);
    for (i = 0; i < LIVE; i++) {
        (void)bpool_create(&pool, &handles[i], NULL);
        order[i] = (uint8_t)i;
    }
    for (i = LIVE - 1u; i > 0u; i--) { /* bench/qemu/bench_pool.c's shuffle */
        const uint32_t j = (i * 2654435761u >> 8) % (i + 1u);
        const uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    overhead = time_runs(loop_get_overhead);
    ticks = time_runs(loop_get);
    report("pool get (typed, 16-byte values)", ticks, overhead, (uint32_t)LIVE * RUNS);

    (void)bindex_init(&typed);
    for (i = 0; i < KEYS; i++) {
        hits += bindex_insert(&typed, key_of(i), i) == BENTO_OK;
        keys[i] = key_of((i * 97u) % KEYS);
    }
    overhead = time_runs(loop_find_overhead);
    ticks = time_runs(loop_find);
    report("index typed get hit, load 0.5", ticks, overhead, (uint32_t)TIMED * RUNS);
    for (i = 0; i < KEYS; i++) {
        keys[i] = key_of(1000u + i);
    }
    overhead = time_runs(loop_find_overhead);
    ticks = time_runs(loop_find);
    report("index typed get miss, load 0.5", ticks, overhead, (uint32_t)TIMED * RUNS);

    bento_port_write("checksum ");
    bento_port_write_u64(checksum);
    bento_port_write("\n");
    if (overflowed || hits != KEYS) {
        bento_port_write(overflowed ? "a timed loop overflowed Timer1\n" : "inserts failed\n");
        bento_port_exit(1);
    }
    bento_port_exit(0);
    return 0;
}
