/* SPDX-License-Identifier: MIT */
/* tests/cut/probe.h - the self-test's instrumented target (probe.c). */
#ifndef BENTO_CUT_PROBE_H
#define BENTO_CUT_PROBE_H

#include <stddef.h>
#include <stdint.h>

struct cut_probe_fields {
    uint32_t a;
    uint16_t b;
    uint8_t c;
    uint8_t unused;
    uint64_t d;
};

struct cut_probe_block {
    uint32_t w[16];
};

/* 5 stores: a, b, c and the two words of d. */
void cut_probe_fields(struct cut_probe_fields *f);
/* n stores of one byte, p[0] first. */
void cut_probe_bytes(unsigned char *p, size_t n);
/* 2 word stores. */
void cut_probe_u64(uint64_t *p, uint64_t v);
/* A 64-byte block copy: one range, 16 word stores. */
void cut_probe_block(struct cut_probe_block *dst, const struct cut_probe_block *src);

#endif /* BENTO_CUT_PROBE_H */
