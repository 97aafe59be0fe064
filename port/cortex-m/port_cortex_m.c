/* SPDX-License-Identifier: MIT */
/* port/cortex-m - bento_port.h on bare metal, through semihosting. */
#include "bento_port.h"
#include "semihosting.h"

void bento_port_write(const char *text)
{
    semihosting_write0(text);
}

void bento_port_exit(int code)
{
    port_exit(code);
}

void bento_port_reset(void)
{
    /* the stores before it complete first; the reset takes effect within a few cycles */
    __asm__ volatile("dsb 0xf" : : : "memory");
    *(volatile uint32_t *)0xE000ED0Cu = 0x05FA0004u; /* AIRCR: VECTKEY | SYSRESETREQ */
    __asm__ volatile("dsb 0xf" : : : "memory");
    for (;;) {
    }
}

uint32_t bento_port_seed(void)
{
#ifdef BENTO_SEED
    return (uint32_t)BENTO_SEED;
#else
    return 20261121u; /* boards have no entropy: a fixed seed, overridable at build time */
#endif
}

uint32_t bento_port_scale(void)
{
    return 1u;
}
