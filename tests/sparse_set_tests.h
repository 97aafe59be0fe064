/* SPDX-License-Identifier: MIT */
/* tests/sparse_set_tests.h - what the two sparse-set suites share (test_sparse_set.c, the
 * generic set; test_sparse_set_typed.c, the typed sets): the sizes, and helpers. Two suites,
 * so that each board image holds half the tests (the 64 KiB of flash and 8 KiB of RAM of the
 * smallest boards hold no more). */
#ifndef BENTO_SPARSE_SET_TESTS_H
#define BENTO_SPARSE_SET_TESTS_H

#include <bento/pool.h>
#include <bento/sparse_set.h>

#include "bento_test.h"

#define IDX_BITS 6u
#define GEN_BITS 10u /* 16-bit handles: 16-bit entries */
#define U 64u        /* universe: every 6-bit index */
#define CAP 24u      /* dense capacity, well below the universe */

static inline uint32_t key_of(uint32_t index, uint32_t generation)
{
    return bento_handle_make(index, generation, IDX_BITS);
}

static inline bento_sparse_set_column column(void *data, size_t bytes, uint32_t size)
{
    bento_sparse_set_column c;
    c.data = data;
    c.bytes = bytes;
    c.size = size;
    return c;
}

/* The struct of an inert set: every field zero, the counters' copy at its own counters. */
static inline bool is_inert(const bento_sparse_set *set)
{
    return set->dense == NULL && set->sparse == NULL && set->columns == NULL &&
           set->saved == &set->state && set->state.count == 0u && set->universe == 0u &&
           set->capacity == 0u && set->column_count == 0u && set->bytes == 0u &&
           set->index_mask == 0u && set->tag_shift == 0u &&
           set->stray == 0u && set->index_bits == 0u && set->generation_bits == 0u &&
           set->pos_bits == 0u && set->wide == 0u;
}

/* What a pointer a lookup returned points at, or `none` (a failed check) when it is NULL: a
 * failing lookup must not take the suite down with it. */
static inline int64_t at_u32(const void *p, int64_t none)
{
    CHECK(p != NULL);
    return p != NULL ? (int64_t) * (const uint32_t *)p : none;
}
static inline int64_t at_u16(const void *p, int64_t none)
{
    CHECK(p != NULL);
    return p != NULL ? (int64_t) * (const uint16_t *)p : none;
}
static inline int64_t at_i32(const int32_t *p, int64_t none)
{
    CHECK(p != NULL);
    return p != NULL ? (int64_t)*p : none;
}
/* The first and second int32_t of a vec2 or vec3 (declared below) a lookup returned. */
static inline int64_t first_of(const void *p)
{
    return at_i32((const int32_t *)p, -1);
}
static inline int64_t second_of(const void *p)
{
    CHECK(p != NULL);
    return p != NULL ? (int64_t)((const int32_t *)p)[1] : -1;
}

static inline int ascending_u32(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a;
    const uint32_t y = *(const uint32_t *)b;
    (void)context;
    return (x > y) - (x < y);
}

typedef struct vec3 {
    int32_t x, y, z;
} vec3;

typedef struct vec2 {
    int32_t x, y;
} vec2;

typedef struct item {
    uint32_t tag;
} item;

#endif /* BENTO_SPARSE_SET_TESTS_H */
