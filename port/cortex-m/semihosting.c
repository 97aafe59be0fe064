/* SPDX-License-Identifier: MIT */
/* port/cortex-m/semihosting.c - the two semihosting calls the kit uses. */
#include "semihosting.h"

#define SYS_WRITE0 0x04u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static uint32_t semihosting_call(uint32_t operation, const void *argument)
{
    register uint32_t r0 __asm__("r0") = operation;
    register const void *r1 __asm__("r1") = argument;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
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
