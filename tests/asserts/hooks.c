/* SPDX-License-Identifier: MIT */
/* tests/asserts/hooks.c - the hooks tests/asserts/config.h names. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "asserts/config.h"
#include "asserts/hooks.h"

uint32_t bento_test_critical_entries, bento_test_critical_depth, bento_test_clz_calls;
uint32_t bento_test_barriers;
uint32_t bento_test_asserts;
jmp_buf *bento_test_assert_jump;

void bento_test_assert_failed(const char *condition, const char *file, int line)
{
    bento_test_asserts++;
    if (bento_test_assert_jump != NULL) {
        longjmp(*bento_test_assert_jump, 1);
    }
    /* an assertion in a run that keeps every contract: the kit asserts too much */
    fprintf(stderr, "%s:%d: BENTO_ASSERT(%s) failed\n", file, line, condition);
    abort();
}

unsigned bento_test_clz32(uint32_t x)
{
    unsigned n = 0;
    bento_test_clz_calls++;
    while (n < 32u && (x & 0x80000000u) == 0u) {
        x <<= 1;
        n++;
    }
    return n;
}

void bento_test_barrier(void)
{
    bento_test_barriers++;
}
