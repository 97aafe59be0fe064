/* SPDX-License-Identifier: MIT */
/*
 * tests/cut/probe.c - the self-test's target, compiled with the core's instrumentation: plain
 * stores of every width, a byte loop, a 64-bit store and a block copy, none through a copy routine.
 * main.c checks that the hooks count exactly these stores into a region, none outside it, and
 * that a cut at store k leaves exactly the first k made.
 */
#include "probe.h"

void cut_probe_fields(struct cut_probe_fields *f)
{
    f->a = 0x11111111u;
    f->b = 0x2222u;
    f->c = 0x33u;
    f->d = 0x4444444444444444u;
}

void cut_probe_bytes(unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0u; i < n; i++) {
        p[i] = (unsigned char)(i + 1u);
    }
}

void cut_probe_u64(uint64_t *p, uint64_t v)
{
    *p = v;
}

void cut_probe_block(struct cut_probe_block *dst, const struct cut_probe_block *src)
{
    *dst = *src;
}
