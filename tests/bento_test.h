/* SPDX-License-Identifier: MIT */
/*
 * bento_test.h - the freestanding test framework. One set of test sources runs on the host
 * and on every board; output goes through bento_port_write().
 *
 * A test suite is a function `void test_NAME(void)` in tests/test_NAME.c; the build finds
 * the files and registers the suites, so adding a file is all it takes.
 *
 * Each failing check prints one line: `file:line: CHECK_EQ(a, b) failed: 3 != 4`.
 * The runner ends with `N passed, N failed` on a line of its own.
 */
#ifndef BENTO_TEST_H
#define BENTO_TEST_H

#include <bento/common.h>

#include "bento_port.h"

void bento_test_check(bool ok, const char *file, int line, const char *expr);
void bento_test_check_eq(int64_t a, int64_t b, const char *file, int line, const char *expr);
void bento_test_check_status(bento_status got, bento_status want, const char *file, int line,
                             const char *expr);

/* True when pointer p is aligned to the power of two a. */
static inline bool bento_test_aligned(const void *p, uintptr_t a)
{
    return ((uintptr_t)p & (a - 1u)) == 0u;
}

/* Print a message line (seeds, notes). */
void bento_test_print(const char *text);
void bento_test_print_u64(uint64_t value);

/* Deterministic random numbers (xorshift32) from the runner's printed seed. */
uint32_t bento_test_rand(void);
/* A random value in [0, bound), bound >= 1. */
uint32_t bento_test_rand_below(uint32_t bound);
/* The seed of this run, to print in a failing randomised test. */
uint32_t bento_test_seed(void);
/* Work multiplier for randomised tests: 1 on boards, larger on the host. */
uint32_t bento_test_scale(void);

/*
 * The target's RAM in bytes, from which every suite sizes its static data. A board build passes
 * it (-DBENTO_TEST_RAM: the RAM region of the board's memory map, boards/NAME/memory.ld); the
 * host has more than any suite asks for. A board image holds one suite, so a suite may take
 * BENTO_TEST_DATA_BYTES: the RAM less the stack the image keeps (STACK_RESERVE in
 * linker/cortex-m.ld, BENTO_TEST_STACK_BYTES here) and the runner's few words. A suite's tests
 * run one after another and share that memory; each asks for the capacity it wants, and
 * BENTO_TEST_FIT gives the largest of want, want/2, ... want/256 whose bytes fit its share.
 * The benchmarks (bench/qemu) size their data the same way.
 */
#ifndef BENTO_TEST_RAM
#define BENTO_TEST_RAM 0x1000000ul
#endif
#ifndef BENTO_TEST_STACK_BYTES
#define BENTO_TEST_STACK_BYTES 2048ul
#endif
#define BENTO_TEST_DATA_BYTES ((unsigned long)(BENTO_TEST_RAM) - BENTO_TEST_STACK_BYTES - 64ul)

/* The largest of want, want/2, want/4, ... want/256 (a constant expression) whose count times
 * unit_bytes fits in bytes; want/256 if none does (the link then says the RAM is short). */
#define BENTO_TEST_FIT(want, unit_bytes, bytes) \
    ((want) * (unit_bytes) <= (bytes) ? (want) \
     : (want) / 2u * (unit_bytes) <= (bytes) ? (want) / 2u \
     : (want) / 4u * (unit_bytes) <= (bytes) ? (want) / 4u \
     : (want) / 8u * (unit_bytes) <= (bytes) ? (want) / 8u \
     : (want) / 16u * (unit_bytes) <= (bytes) ? (want) / 16u \
     : (want) / 32u * (unit_bytes) <= (bytes) ? (want) / 32u \
     : (want) / 64u * (unit_bytes) <= (bytes) ? (want) / 64u \
     : (want) / 128u * (unit_bytes) <= (bytes) ? (want) / 128u : (want) / 256u)

/* The most bytes a container's buffer may use: 4 GiB less one, or what size_t counts where it is
 * narrower (16 bits on AVR). */
#define BENTO_TEST_BYTES_MAX ((size_t)(SIZE_MAX < UINT32_MAX ? SIZE_MAX : UINT32_MAX))

/* Where string constants take RAM (AVR: its startup copies them there, and the largest part
 * has 16 KiB) the build sets BENTO_TEST_TERSE to 1: a failing check's line then names its file,
 * its line and the values, but not the expression (which is at that line of the source). Every
 * check is still made. */
#ifndef BENTO_TEST_TERSE
#define BENTO_TEST_TERSE 0
#endif
#if BENTO_TEST_TERSE
#define BENTO_TEST_TEXT(text) "check"
#else
#define BENTO_TEST_TEXT(text) text
#endif

#define CHECK(cond) \
    bento_test_check((cond) ? true : false, __FILE__, __LINE__, BENTO_TEST_TEXT("CHECK(" #cond ")"))
#define CHECK_EQ(a, b) \
    bento_test_check_eq((int64_t)(a), (int64_t)(b), __FILE__, __LINE__, \
                        BENTO_TEST_TEXT("CHECK_EQ(" #a ", " #b ")"))
#define CHECK_STATUS(expr, want) \
    bento_test_check_status((expr), (want), __FILE__, __LINE__, BENTO_TEST_TEXT(#expr))

#endif /* BENTO_TEST_H */
