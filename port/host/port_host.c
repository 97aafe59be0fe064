/* SPDX-License-Identifier: MIT */
/* port/host - bento_port.h on a hosted OS. */
#include "bento_port.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void bento_port_write(const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

void bento_port_exit(int code)
{
    exit(code);
}

uint32_t bento_port_seed(void)
{
    const char *env = getenv("BENTO_SEED");
    if (env != NULL && *env != '\0') {
        return (uint32_t)strtoul(env, NULL, 0);
    }
    return (uint32_t)time(NULL) ^ (uint32_t)clock();
}

uint32_t bento_port_scale(void)
{
    return 16u;
}
