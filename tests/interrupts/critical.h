/* SPDX-License-Identifier: MIT */
/*
 * tests/interrupts/critical.h - the configuration header of the interrupt test's hooked build
 * (BENTO_CONFIG_HEADER): a critical section that saves the interrupt mask, masks interrupts
 * and restores the saved mask on exit, so sections nest (the timer's handler calls the same
 * pool). This is what a product's port supplies: PRIMASK on every Cortex-M core, mstatus.MIE
 * on RISC-V in machine mode (a trap clears MIE, so inside the handler the section saves 0
 * and restores nothing).
 */
#ifndef BENTO_TESTS_INTERRUPTS_CRITICAL_H
#define BENTO_TESTS_INTERRUPTS_CRITICAL_H

#include <stdint.h>

#if defined(__riscv)
static inline uint32_t bento_test_irq_save(void)
{
    uint32_t mstatus;
    __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(mstatus) : : "memory"); /* clear MIE */
    return mstatus;
}

static inline void bento_test_irq_restore(uint32_t mstatus)
{
    __asm__ volatile("csrs mstatus, %0" : : "r"(mstatus & 8u) : "memory"); /* MIE as it was */
}
#else
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
#endif

#define BENTO_CRITICAL_ENTER() bento_test_irq_save()
#define BENTO_CRITICAL_EXIT(state) bento_test_irq_restore(state)

#endif /* BENTO_TESTS_INTERRUPTS_CRITICAL_H */
