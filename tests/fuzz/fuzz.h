/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz.h - what the fuzz targets share: reading the input as a stream of choices,
 * failing loudly, exact-size heap buffers and bounds tests for what a container returns.
 *
 * Each tests/fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput. libFuzzer (clang
 * -fsanitize=fuzzer,address,undefined) drives it in `make fuzz` and `make check`;
 * tests/fuzz/replay.c feeds it saved inputs (the committed corpus, a reproducer) in the
 * coverage build. Hosted: the targets use libc freely; the core they test does not.
 *
 * A target decodes its input into a container's shape and a sequence of operations. The input
 * runs out gracefully: past its end every read answers 0, and targets stop at the end of it.
 */
#ifndef BENTO_FUZZ_H
#define BENTO_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
    size_t at;
} fuzz_input;

static inline fuzz_input fuzz_start(const uint8_t *data, size_t size)
{
    fuzz_input in;
    in.data = data;
    in.size = size;
    in.at = 0u;
    return in;
}

static inline bool fuzz_more(const fuzz_input *in)
{
    return in->at < in->size;
}

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0u;
}

static inline uint32_t fuzz_u16(fuzz_input *in)
{
    const uint32_t lo = fuzz_u8(in);
    return lo | (uint32_t)fuzz_u8(in) << 8;
}

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    const uint32_t lo = fuzz_u16(in);
    return lo | fuzz_u16(in) << 16;
}

/* A value in [0, n), n >= 1, from as few bytes as n needs. */
static inline uint32_t fuzz_below(fuzz_input *in, uint32_t n)
{
    const uint32_t v = n <= 256u ? fuzz_u8(in) : n <= 65536u ? fuzz_u16(in) : fuzz_u32(in);
    return v % n;
}

/* A 32-bit value biased to the edges of the range and to small numbers. */
static inline uint32_t fuzz_edge(fuzz_input *in)
{
    switch (fuzz_u8(in) & 7u) {
    case 0: return 0u;
    case 1: return UINT32_MAX - fuzz_u8(in);
    case 2: return 0x80000000u + fuzz_u8(in) - 128u;
    case 3: return 0x7fffffffu - fuzz_u8(in);
    case 4: return fuzz_u8(in);
    case 5: return 0u - (uint32_t)fuzz_u8(in);
    default: return fuzz_u32(in);
    }
}

/* The rest of the input: `*n` bytes at the returned pointer. */
static inline const uint8_t *fuzz_rest(fuzz_input *in, size_t *n)
{
    const uint8_t *p = in->data + in->at;
    *n = in->size - in->at;
    in->at = in->size;
    return p;
}

/* Fill n bytes from the input (zeros once it runs out). */
static inline void fuzz_fill(fuzz_input *in, void *dst, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    size_t i;
    for (i = 0u; i < n; i++) {
        d[i] = fuzz_u8(in);
    }
}

/* A finding: say where and what, then abort so libFuzzer keeps the input. */
static inline void fuzz_fail(const char *file, int line, const char *what, long long a, long long b)
{
    fprintf(stderr, "%s:%d: %s failed (%lld, %lld)\n", file, line, what, a, b);
    abort();
}

#define FUZZ_CHECK(cond) ((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond, 0, 0))
#define FUZZ_EQ(a, b)                                                                             \
    ((long long)(a) == (long long)(b)                                                             \
         ? (void)0                                                                                \
         : fuzz_fail(__FILE__, __LINE__, #a " == " #b, (long long)(a), (long long)(b)))

/* A heap block of exactly n bytes (at least 1), so that AddressSanitizer reports any access
 * past its end; malloc aligns it for any bento container. */
static inline unsigned char *fuzz_alloc(size_t n)
{
    unsigned char *p = (unsigned char *)malloc(n != 0u ? n : 1u);
    FUZZ_CHECK(p != NULL);
    return p;
}

/* True when the n bytes at p lie inside the `bytes` bytes at base. */
static inline bool fuzz_inside(const void *p, size_t n, const void *base, size_t bytes)
{
    const uintptr_t a = (uintptr_t)p, lo = (uintptr_t)base;
    return a >= lo && n <= bytes && a - lo <= bytes - n;
}

#endif /* BENTO_FUZZ_H */
