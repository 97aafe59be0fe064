/* SPDX-License-Identifier: MIT */
/*
 * tests/interrupts/critical.h - the configuration header of the interrupt test's hooked build
 * (BENTO_CONFIG_HEADER): a critical section that saves PRIMASK, masks interrupts and restores
 * PRIMASK on exit, so sections nest (the SysTick handler calls the same pool). This is what a
 * product's port supplies on every Cortex-M core.
 */
#ifndef BENTO_TESTS_INTERRUPTS_CRITICAL_H
#define BENTO_TESTS_INTERRUPTS_CRITICAL_H

#include <stdint.h>

static inline uint32_t bento_test_irq_save(void)
{
    uint32_t primask;
    __asm__ volatile("mrs %0, primask" : "=r"(primask));
    __asm__ volatile("cpsid i" ::: "memory");
    return primask;
}

static inline void bento_test_irq_restore(uint32_t primask)
{
    __asm__ volatile("msr primask, %0" : : "r"(primask) : "memory");
}

#define BENTO_CRITICAL_ENTER() bento_test_irq_save()
#define BENTO_CRITICAL_EXIT(state) bento_test_irq_restore(state)

#endif /* BENTO_TESTS_INTERRUPTS_CRITICAL_H */
