/* SPDX-License-Identifier: MIT */
/* bench/qemu/qbench.c - instruction counting (SysTick; minstret on RISC-V) and the benchmark
 * image's main(). */
#include "qbench.h"

#ifndef QBENCH_CPU_HZ
#error "the build passes the board's SysTick clock in Hz (BOARD_CPU_HZ)"
#endif

static uint32_t start_value;
static uint32_t checksum;

#if defined(__riscv)
/* minstret (its low 32 bits), counting up. QEMU 7.2 (target/riscv/csr.c, get_ticks()) answers
 * minstret and mcycle alike from its virtual clock under -icount (icount_get(): with shift=0,
 * one nanosecond per instruction executed), and from the host's tick counter without: under
 * -icount shift=0 both are the instruction count, exactly and repeatably (verified: two reads
 * of minstret with one instruction between them differ by 2, a 100,000-turn two-instruction
 * loop counts 200,004). minstret is the one whose name says instructions. */
static uint32_t minstret(void)
{
    uint32_t value;
    __asm__ volatile("csrr %0, minstret" : "=r"(value));
    return value;
}

void qbench_start(void)
{
    start_value = minstret();
}

uint32_t qbench_stop(void)
{
    return minstret() - start_value;
}

uint32_t qbench_now(void)
{
    return minstret();
}

uint32_t qbench_since(uint32_t then)
{
    return minstret() - then;
}
#else
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_MASK 0x00FFFFFFu

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
#endif

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
    /* hundredths of an instruction per op, rounded: net * 1e11 / (QBENCH_CPU_HZ * ops), a tick
     * being 1e9 / QBENCH_CPU_HZ instructions. net * 1e11 overflows 64 bits past 2^27 counts
     * (minstret counts every instruction), so with 1e11 = q * HZ + r: net * q / ops whole,
     * and what remains, below HZ * ops, carried in units of 1 / (HZ * ops). */
    const uint64_t hz = QBENCH_CPU_HZ;
    const uint64_t q = 100000000000u / hz;
    const uint64_t r = 100000000000u % hz;
    const uint64_t whole = (uint64_t)net * q;
    const uint64_t rest = (whole % ops) * hz + (uint64_t)net * r;
    const uint64_t centi = whole / ops + (rest + hz * ops / 2u) / (hz * ops);
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
