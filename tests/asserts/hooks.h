/* SPDX-License-Identifier: MIT */
/* tests/asserts/hooks.h - what tests/asserts/main.c reads of the hooks. */
#ifndef BENTO_TESTS_ASSERTS_HOOKS_H
#define BENTO_TESTS_ASSERTS_HOOKS_H

#include <setjmp.h>
#include <stdint.h>

extern uint32_t bento_test_asserts;  /* assertions failed so far */
extern jmp_buf *bento_test_assert_jump; /* where a failed assertion jumps; NULL: abort */

#endif /* BENTO_TESTS_ASSERTS_HOOKS_H */
