/* SPDX-License-Identifier: MIT */
/* bench/qemu/qbench.c - SysTick-based instruction counting and the benchmark image's main(). */
#include "qbench.h"

#ifndef QBENCH_CPU_HZ
#error "the build passes the board's SysTick clock in Hz (BOARD_CPU_HZ)"
#endif

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_MASK 0x00FFFFFFu

static uint32_t start_value;
static uint32_t checksum;

void qbench_start(void)
{
    SYST_CSR = 0u;
    SYST_RVR = SYST_MASK;
    SYST_CVR = 0u; /* any write reloads from RVR */
    SYST_CSR = 5u; /* enable, processor clock, no interrupt */
    start_value = SYST_CVR;
}

uint32_t qbench_stop(void)
{
    const uint32_t now = SYST_CVR;
    return (start_value - now) & SYST_MASK; /* it counts down */
}

uint32_t qbench_now(void)
{
    return SYST_CVR;
}

uint32_t qbench_since(uint32_t then)
{
    return (then - SYST_CVR) & SYST_MASK;
}

uint32_t qbench_time(uint32_t (*loop)(void))
{
    qbench_start();
    checksum += loop();
    return qbench_stop();
}

void qbench_report(const char *name, uint32_t ticks, uint32_t overhead_ticks, uint32_t ops)
{
    bento_port_write(name);
    qbench_report_value(ticks, overhead_ticks, ops);
}

void qbench_report_value(uint32_t ticks, uint32_t overhead_ticks, uint32_t ops)
{
    const uint32_t net = ticks > overhead_ticks ? ticks - overhead_ticks : 0u;
    /* hundredths of an instruction per op, rounded: a tick is 1e9 / QBENCH_CPU_HZ instructions
       (at most 2^24 ticks times 1e11 fits in 64 bits) */
    const uint64_t scale = (uint64_t)QBENCH_CPU_HZ * ops;
    const uint64_t centi = ((uint64_t)net * 100000000000u + scale / 2u) / scale;
    bento_port_write(": ");
    bento_port_write_u64(centi / 100u);
    bento_port_write(".");
    bento_port_write_u64(centi / 10u % 10u);
    bento_port_write_u64(centi % 10u);
    bento_port_write(" instructions/op\n");
}

/* The benchmark this image runs: bench/qemu/bench_NAME.c defines qbench_NAME(); the build
 * names it in QBENCH_FILE (one benchmark per image, so their buffers never add up in RAM). */
#define QBENCH(fn) void fn(void);
#include QBENCH_FILE
#undef QBENCH

int main(void)
{
#define QBENCH(fn) fn();
#include QBENCH_FILE
#undef QBENCH
    bento_port_write("checksum ");
    bento_port_write_u64(checksum);
    bento_port_write("\n");
    bento_port_exit(0);
    return 0;
}
