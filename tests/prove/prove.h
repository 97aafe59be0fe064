/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/prove.h - what the Eva harnesses share (tests/prove/run includes it in every
 * file it analyses): BENTO_CLZ32 in C, since the analyser has no model of __builtin_clz.
 */
#ifndef BENTO_PROVE_H
#define BENTO_PROVE_H

#include <stddef.h>
#include <stdint.h>

static inline unsigned bento_prove_clz32(uint32_t x)
{
    unsigned n = 0u;
    while (n < 32u && (x & 0x80000000u) == 0u) {
        x <<= 1;
        n++;
    }
    return n;
}
#define BENTO_CLZ32(x) bento_prove_clz32(x)

#endif /* BENTO_PROVE_H */
