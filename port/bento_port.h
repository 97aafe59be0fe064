/* SPDX-License-Identifier: MIT */
/*
 * bento_port.h - what the test runner, benchmarks and examples need from a platform.
 * The core never includes this file; only programs built on top of it do.
 * Implemented by port/host (hosted OS) and port/cortex-m (bare metal, Arm semihosting).
 */
#ifndef BENTO_PORT_H
#define BENTO_PORT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Write a NUL-terminated string to the console (stdout, or the semihosting console). */
void bento_port_write(const char *text);

/* Write a number in decimal (port/print.c, shared by every port). */
void bento_port_write_u64(uint64_t value);
void bento_port_write_i64(int64_t value);

/* End the program with `code` (0 = success). Never returns. */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void bento_port_exit(int code);

/* A seed for randomised tests: BENTO_SEED from the environment or the clock on the host,
 * a fixed value on boards (no entropy source there). */
uint32_t bento_port_seed(void);

/* How much work randomised tests may do: 1 on small boards, larger on the host. */
uint32_t bento_port_scale(void);

/* Reset the machine now, as a watchdog or a brown-out would: the program starts again from its
 * reset vector, and RAM outside what startup writes (a .noinit section) keeps its contents.
 * Never returns. port/cortex-m only (SYSRESETREQ through AIRCR, which every Cortex-M has); the
 * host cannot reset, and QEMU's sifive_e (the RISC-V boards) has no device that resets the
 * machine (a FE310 resets through its always-on watchdog, which QEMU 7.2 does not model). */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void bento_port_reset(void);

#ifdef __cplusplus
}
#endif

#endif /* BENTO_PORT_H */
