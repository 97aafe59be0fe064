/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/prove.h - what the Eva harnesses share (tests/prove/run includes it in every
 * file it analyses): BENTO_CLZ32 in C, since the analyser has no model of __builtin_clz, and
 * the assertion that a pointer the kit hands back lies inside a buffer.
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

/* NULL, or n bytes from p inside the buffer at `buffer`, `bytes` long. */
static inline void prove_inside(const void *p, size_t n, const void *buffer, size_t bytes)
{
    /*@ assert p == \null || (\base_addr(p) == \base_addr(buffer) &&
                              \offset(buffer) <= \offset(p) &&
                              \offset(p) + n <= \offset(buffer) + bytes); */
    (void)p;
    (void)n;
    (void)buffer;
    (void)bytes;
}

#endif /* BENTO_PROVE_H */
