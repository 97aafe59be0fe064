/* SPDX-License-Identifier: MIT */
/*
 * tests/asserts/config.h - the configuration header of the gcc-c11-asserts host build
 * (-DBENTO_CONFIG_HEADER='"asserts/config.h"'): every configurable macro of the kit set here,
 * each to a hook that leaves a trace (tests/asserts/hooks.c), so the build shows that the
 * kit reads each one through BENTO_CONFIG_HEADER.
 */
#ifndef BENTO_TESTS_ASSERTS_CONFIG_H
#define BENTO_TESTS_ASSERTS_CONFIG_H

#include <stdint.h>

/* A violated contract: fails the run, or jumps back to tests/asserts/main.c when it is
 * probing the entry points. */
void bento_test_assert_failed(const char *condition, const char *file, int line);
#define BENTO_ASSERT(cond) ((cond) ? (void)0 : bento_test_assert_failed(#cond, __FILE__, __LINE__))

/* Critical sections that count their entries and their nesting. */
extern uint32_t bento_test_critical_entries, bento_test_critical_depth;
#define BENTO_CRITICAL_ENTER() (bento_test_critical_entries++, bento_test_critical_depth++)
#define BENTO_CRITICAL_EXIT(state) ((void)(state), bento_test_critical_depth--)

/* Count-leading-zeros by a loop that counts its calls. */
extern uint32_t bento_test_clz_calls;
unsigned bento_test_clz32(uint32_t x);
#define BENTO_CLZ32(x) bento_test_clz32(x)

/* Buffers with a journal, their stores ordered by a barrier that counts its uses (a call to a
 * function the compiler cannot see into orders memory as the default barrier does). */
#define BENTO_POWER_SAFE 1
extern uint32_t bento_test_barriers;
void bento_test_barrier(void);
#define BENTO_BARRIER() bento_test_barrier()

/* Typed storage organised in lines aligned to 128 bytes instead of the host's 64. */
#define BENTO_CACHE_LINE 128

#endif /* BENTO_TESTS_ASSERTS_CONFIG_H */
