/* SPDX-License-Identifier: MIT */
/*
 * bench/qemu/qbench.h - instruction counts on emulated boards.
 *
 * Under QEMU's -icount shift=0 every instruction takes one virtual nanosecond, so the
 * SysTick counter of a Cortex-M board (clocked by the board's CPU clock, QBENCH_CPU_HZ)
 * advances once every 1e9 / QBENCH_CPU_HZ instructions, exactly and repeatably: 40 on the
 * 25 MHz mps2-an385/386/500, 50 on the 20 MHz mps2-an505, 62.5 on the 16 MHz micro:bit, 5.95
 * on the 168 MHz netduinoplus2 (BOARD_CPU_HZ in board.mk). On RISC-V the counter is minstret,
 * one count per instruction (QBENCH_CPU_HZ 1e9; qbench.c says why it is exact).
 * These are instruction counts, not cycles.
 *
 * A benchmark file bench/qemu/bench_NAME.c defines `void qbench_NAME(void)`; the build finds
 * it. Time many operations between qbench_start() and qbench_stop() (at most 2^24 ticks) and
 * report them with qbench_report(), passing the ticks of a loop that does everything but the
 * operation as the overhead to subtract.
 */
#ifndef BENTO_QBENCH_H
#define BENTO_QBENCH_H

#include <stdint.h>

#include "bento_port.h"

void qbench_start(void);
/* Ticks since qbench_start(). */
uint32_t qbench_stop(void);
/* For timing single operations: the free-running counter after qbench_start(), and the ticks
 * since a value of it (at most 2^24 - 1). Not restarted for each operation, so that where an
 * operation starts within a tick varies and the ticks of many add up to their instructions. */
uint32_t qbench_now(void);
uint32_t qbench_since(uint32_t then);
/* Run `loop` between qbench_start() and qbench_stop() and return the ticks. Its result is
 * folded into a checksum the image prints at the end, so the work cannot be optimised away. */
uint32_t qbench_time(uint32_t (*loop)(void));
/* Print `name: X.XX instructions/op` for (ticks - overhead_ticks) over `ops` operations. */
void qbench_report(const char *name, uint32_t ticks, uint32_t overhead_ticks, uint32_t ops);
/* The same without the name: `: X.XX instructions/op`, after a name printed in pieces. */
void qbench_report_value(uint32_t ticks, uint32_t overhead_ticks, uint32_t ops);

#endif /* BENTO_QBENCH_H */
