/* SPDX-License-Identifier: MIT */
/*
 * port/riscv/startup.c - entry, trap handler and reset for every RISC-V board (machine mode).
 *
 * _start (first in the image: the board jumps there) sets the stack pointer and calls
 * Reset_Handler, which copies .data from flash, zeroes .bss, points mtvec at the trap handler
 * and calls main(). A trap is either the machine timer's interrupt, handed to
 * MachineTimer_Handler (an image that enables it defines one: tests/interrupts), or an
 * exception (an illegal instruction, a bad access, a misaligned one), which reports its cause
 * and address through semihosting and exits QEMU with status 3, as a HardFault does on the
 * Cortex-M boards; anything else exits with 4. A return from main() exits with its value.
 *
 * No global pointer: linker/riscv.ld defines no __global_pointer$, so nothing uses gp.
 */
#include <stdint.h>

#include "semihosting.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

int main(void);
/* The entry's section is named so that no C function can produce it: under -ffunction-sections
 * every function goes to .text.<name>, so a .text.start would take in any function called
 * start (a user's or a library's), and linker/riscv.ld would put that at the reset address. */
void _start(void) __attribute__((naked, noreturn, section(".reset")));
void Reset_Handler(void) __attribute__((noreturn, used));
void Trap_Handler(void) __attribute__((interrupt("machine"), aligned(4)));
void MachineTimer_Handler(void);

#define MCAUSE_INTERRUPT 0x80000000u
#define MCAUSE_MACHINE_TIMER 7u

void _start(void)
{
    __asm__ volatile("la sp, __stack_top\n\t"
                     "j Reset_Handler");
}

static void write_hex(uint32_t value)
{
    char text[11];
    unsigned i;
    text[0] = '0';
    text[1] = 'x';
    for (i = 0u; i < 8u; i++) {
        text[2u + i] = "0123456789abcdef"[(value >> (28u - 4u * i)) & 0xfu];
    }
    text[10] = '\0';
    semihosting_write0(text);
}

static uint32_t read_mcause(void)
{
    uint32_t value;
    __asm__ volatile("csrr %0, mcause" : "=r"(value));
    return value;
}

static uint32_t read_mepc(void)
{
    uint32_t value;
    __asm__ volatile("csrr %0, mepc" : "=r"(value));
    return value;
}

static uint32_t read_mtval(void)
{
    uint32_t value;
    __asm__ volatile("csrr %0, mtval" : "=r"(value));
    return value;
}

static void unexpected(void) __attribute__((noreturn));
static void unexpected(void)
{
    semihosting_write0("\nunexpected exception or interrupt\n");
    semihosting_exit(4);
}

/* The machine timer: an image that enables its interrupt defines its own. */
__attribute__((weak)) void MachineTimer_Handler(void)
{
    unexpected();
}

void Trap_Handler(void)
{
    const uint32_t cause = read_mcause();
    if (cause == (MCAUSE_INTERRUPT | MCAUSE_MACHINE_TIMER)) {
        MachineTimer_Handler();
        return;
    }
    if ((cause & MCAUSE_INTERRUPT) != 0u) {
        unexpected();
    }
    /* mcause 2 is an illegal instruction, 4 and 6 misaligned accesses, 5 and 7 access faults */
    semihosting_write0("\nException: the program trapped (bad access or bad instruction), mcause ");
    write_hex(cause);
    semihosting_write0(" mepc ");
    write_hex(read_mepc());
    semihosting_write0(" mtval ");
    write_hex(read_mtval());
    semihosting_write0("\n");
    semihosting_exit(3);
}

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
    /* direct mode: every trap enters Trap_Handler (4-aligned, the mode bits 0) */
    __asm__ volatile("csrw mtvec, %0" : : "r"((uintptr_t)&Trap_Handler));
    semihosting_exit(main());
}
