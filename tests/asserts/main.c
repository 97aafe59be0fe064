/* SPDX-License-Identifier: MIT */
/*
 * tests/asserts/main.c - every public entry point asserts on a NULL container, and the kit
 * reads every configurable macro through BENTO_CONFIG_HEADER (built only in the
 * gcc-c11-asserts configuration, whose config header is tests/asserts/config.h).
 *
 * The calls come from scripts/check-asserts, one per prototype in the public headers, so a new
 * function is probed as soon as it is declared. Each runs with BENTO_ASSERT jumping back here;
 * one that returns instead is a missing assertion.
 */
#define _POSIX_C_SOURCE 200809L /* sigsetjmp */

#include <bento/bento.h>

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

#include "asserts/calls.h"
#include "asserts/hooks.h"

BENTO_BLOCK_POOL_TYPE(blocks, uint32_t, 4);
BENTO_INDEX_TYPE(keys, 16);
BENTO_POOL_TYPE(objects, uint32_t, 4, uint16_t, BENTO_POOL_RETIRE);

/* A call that reads through its NULL container before asserting faults: that is reported as
 * a missing assertion too, and the probe goes on with the next call. */
static sigjmp_buf fault_back;
static void on_fault(int signal_number)
{
    (void)signal_number;
    siglongjmp(fault_back, 1);
}

static int probe(const bento_assert_call *c)
{
    jmp_buf back;
    const uint32_t before = bento_test_asserts;
    bento_test_assert_jump = &back;
    signal(SIGSEGV, on_fault);
    if (setjmp(back) == 0 && sigsetjmp(fault_back, 1) == 0) {
        c->call();
    }
    signal(SIGSEGV, SIG_DFL);
    bento_test_assert_jump = NULL;
    return bento_test_asserts != before;
}

int main(void)
{
    static blocks pool;
    static keys index;
    static objects things;
    objects_handle thing;
    unsigned i, missing = 0;
    uint32_t *block = NULL;
    int failed = 0;
    setvbuf(stdout, NULL, _IONBF, 0);

    for (i = 0; i < bento_assert_call_count; i++) {
        if (!probe(&bento_assert_calls[i])) {
            printf("%s: no BENTO_ASSERT on a NULL container\n", bento_assert_calls[i].name);
            missing++;
        }
    }
    printf("asserts: %u public entry points probed, %u without an assertion\n",
           bento_assert_call_count, missing);

    /* the other hooks of the config header */
    if (keys_init(&index) != BENTO_OK || bento_test_clz_calls == 0u) {
        printf("asserts: BENTO_CLZ32 from the config header was not used\n");
        failed = 1;
    }
    if (((uintptr_t)(void *)index.storage_ & 127u) != 0u || sizeof(keys) % 128u != 0u) {
        printf("asserts: BENTO_CACHE_LINE from the config header was not used\n");
        failed = 1;
    }
    if (blocks_init(&pool) != BENTO_OK || blocks_alloc(&pool, &block) != BENTO_OK ||
        blocks_free(&pool, block) != BENTO_OK || bento_test_critical_entries != 2u ||
        bento_test_critical_depth != 0u) {
        printf("asserts: BENTO_CRITICAL_ENTER/EXIT from the config header were not used\n");
        failed = 1;
    }
    if (objects_init(&things) != BENTO_OK || objects_create(&things, &thing, NULL) != BENTO_OK ||
        bento_test_barriers == 0u) {
        printf("asserts: BENTO_POWER_SAFE and BENTO_BARRIER from the config header were not used\n");
        failed = 1;
    }
    return missing == 0u && bento_assert_call_count > 100u && !failed ? 0 : 1;
}
