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
