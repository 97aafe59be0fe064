/* SPDX-License-Identifier: MIT */
/*
 * port/riscv/semihosting.c - the two semihosting calls the kit uses, on RISC-V.
 *
 * RISC-V semihosting is Arm's (the same operations, numbers and argument blocks): the
 * operation in a0, its argument in a1, the result back in a0, and the trap is an ebreak
 * between two marker instructions, `slli x0,x0,0x1f; ebreak; srai x0,x0,7`, all three
 * uncompressed and on one page. QEMU 7.2 (-semihosting-config enable=on) serves them on
 * qemu-system-riscv32 in machine mode; verified there on -M sifive_e: SYS_WRITE0 prints on the
 * semihosting console and SYS_EXIT_EXTENDED ends QEMU with exactly the code given. Without
 * semihosting (a bare board, no debugger) the ebreak is a breakpoint exception.
 */
#include "semihosting.h"

#define SYS_WRITE0 0x04u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static uint32_t semihosting_call(uint32_t operation, const void *argument)
{
    register uint32_t a0 __asm__("a0") = operation;
    register const void *a1 __asm__("a1") = argument;
    __asm__ volatile(".balign 16\n\t"
                     ".option push\n\t"
                     ".option norvc\n\t"
                     "slli x0, x0, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai x0, x0, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}

void semihosting_write0(const char *text)
{
    (void)semihosting_call(SYS_WRITE0, text);
}

void semihosting_exit(int code)
{
    uint32_t block[2];
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)code;
    (void)semihosting_call(SYS_EXIT_EXTENDED, block);
    for (;;) {
        /* not reached under QEMU; a debugger without semihosting stops here */
    }
}
