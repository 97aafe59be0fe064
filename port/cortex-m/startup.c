/* SPDX-License-Identifier: MIT */
/*
 * port/cortex-m/startup.c - vector table, reset handler and fault handler for every board.
 * Reset copies .data from flash, zeroes .bss, paints the stack's guard words and calls main(); a fault
 * or a return from main reports through semihosting and exits QEMU with a non-zero status.
 *
 * The stack: linker/cortex-m.ld keeps STACK_RESERVE bytes between the end of RAM's data
 * (__noinit_end) and the top of RAM, and nothing guards it in hardware on most cores. Reset
 * fills its lowest words with a pattern, and every exit (port_exit) looks at its lowest words: a stack that
 * grew past the reserve has overwritten them (and the data below), and the program exits with
 * status 5 whatever it was going to report.
 */
#include <stdint.h>

#include "semihosting.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[], __noinit_end[];

#define STACK_PAINT 0x5AC4C0DEu
#define STACK_GUARD_WORDS 8u /* the lowest words of the reserve, which a deeper stack writes */

int main(void);
void Reset_Handler(void) __attribute__((noreturn));
void HardFault_Handler(void) __attribute__((noreturn));
void Default_Handler(void) __attribute__((noreturn));
void SysTick_Handler(void);

void Reset_Handler(void)
{
    uint32_t *src = __data_load;
    uint32_t *dst;
    for (dst = __data_start; dst < __data_end; dst++) {
        *dst = *src++;
    }
    for (dst = __bss_start; dst < __bss_end; dst++) {
        *dst = 0u;
    }
    /* The guard words, far below anything this frame uses. The whole reserve only where the
     * stack's depth is measured: painting up to a frame from inside it is safe at -O2 (no
     * spills) but not in a -O0 build, whose locals live where the paint would go. */
    for (dst = __noinit_end; dst < __noinit_end + STACK_GUARD_WORDS; dst++) {
        *dst = STACK_PAINT;
    }
#ifdef BENTO_STACK_REPORT
    { /* up to a little below this frame */
        uint32_t *const below = (uint32_t *)__builtin_frame_address(0) - 16;
        for (; dst < below; dst++) {
            *dst = STACK_PAINT;
        }
    }
#endif
    port_exit(main());
}

void port_exit(int code)
{
    uint32_t i;
    for (i = 0; i < STACK_GUARD_WORDS; i++) {
        if (__noinit_end[i] != STACK_PAINT) {
            semihosting_write0("\nstack: grew past its reserve (STACK_RESERVE, linker/cortex-m.ld)\n");
            semihosting_exit(5);
        }
    }
#ifdef BENTO_STACK_REPORT
    { /* the deepest the stack went: the first word above the paint that changed */
        const uint32_t *p = __noinit_end;
        uint32_t used;
        char text[24];
        int at = 23;
        while (p < __stack_top && *p == STACK_PAINT) {
            p++;
        }
        used = (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
        text[at] = '\0';
        do {
            text[--at] = (char)('0' + used % 10u);
            used /= 10u;
        } while (used != 0u);
        semihosting_write0("stack used: ");
        semihosting_write0(&text[at]);
        semihosting_write0(" bytes\n");
    }
#endif
    semihosting_exit(code);
}

void HardFault_Handler(void)
{
    semihosting_write0("\nHardFault: the program faulted (bad access or bad instruction)\n");
    semihosting_exit(3);
}

void Default_Handler(void)
{
    semihosting_write0("\nunexpected exception or interrupt\n");
    semihosting_exit(4);
}

/* SysTick: an image that enables its interrupt defines its own; otherwise it is unexpected. */
__attribute__((weak)) void SysTick_Handler(void)
{
    Default_Handler();
}

typedef void (*vector_fn)(void);

/* Entry 0 is the initial stack pointer; then the 15 system exceptions (ARMv6-M/ARMv7-M/v8-M). */
__attribute__((section(".vectors"), used)) const vector_fn vector_table[16] = {
    (vector_fn)(uintptr_t)__stack_top,
    Reset_Handler,
    Default_Handler,   /* NMI */
    HardFault_Handler, /* HardFault */
    HardFault_Handler, /* MemManage */
    HardFault_Handler, /* BusFault */
    HardFault_Handler, /* UsageFault */
    HardFault_Handler, /* SecureFault (v8-M) */
    0, 0, 0,
    Default_Handler, /* SVCall */
    Default_Handler, /* DebugMonitor */
    0,
    Default_Handler, /* PendSV */
    SysTick_Handler, /* SysTick (polled by the benchmarks; tests/interrupts takes it) */
};
