/* SPDX-License-Identifier: MIT */
/*
 * port/cortex-m/startup.c - vector table, reset handler and fault handler for every board.
 * Reset copies .data from flash, zeroes .bss and calls main(); a fault or a return from main
 * reports through semihosting and exits QEMU with a non-zero status.
 */
#include <stdint.h>

#include "semihosting.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

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
    semihosting_exit(main());
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
