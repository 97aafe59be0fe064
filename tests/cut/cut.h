/* SPDX-License-Identifier: MIT */
/*
 * tests/cut - the cut-point test: every mutating operation of every container is cut before
 * each store it makes into the container's memory, the cut image is reopened, checked and
 * compared with the states before and after the operation.
 *
 * The stores are found by the compiler: the core sources are compiled with
 * -fsanitize=thread, which calls __tsan_writeN(address) before every store the code makes
 * (through the kit's copy routines or not), and the program is linked with the hooks of
 * tests/cut/hooks.c instead of the sanitizer's runtime. A hook counts the stores that land in
 * the registered regions (every byte of a container's durable state) and, at the chosen
 * store, longjmps out before it is made.
 */
#ifndef BENTO_CUT_H
#define BENTO_CUT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <bento/common.h>

/* ---------------------------------------------------------------- hooks (hooks.c) */

/* No cut: count the stores only. */
#define CUT_NONE UINT64_MAX

/* Forget every region; add one: the hooks count stores that overlap a region. */
void cut_regions_clear(void);
void cut_region_add(void *memory, size_t bytes);
unsigned cut_region_count(void);
void *cut_region(unsigned i, size_t *bytes);

/* Start counting stores into the regions; the store numbered `at` (from 0) is not made: the
 * hook longjmps to `target` instead (at == CUT_NONE: never). */
void cut_arm(uint64_t at, jmp_buf *target);
/* Stop counting; the number of stores counted since cut_arm. */
uint64_t cut_disarm(void);
/* Hooks the instrumented code called since the program started, by kind (the self-test). */
uint64_t cut_hook_calls(void);

/* A store wider than 4 bytes (a 64-bit store, a block copy the compiler emitted as one range,
 * a memcpy/memset/memmove) counts as one store per 4-byte word it touches, made in ascending
 * order, so a cut can land between its words, as on the 32-bit cores the kit runs on. */
#define CUT_WORD 4u

/* ---------------------------------------------------------------- random numbers */

typedef struct cut_rng {
    uint64_t s;
} cut_rng;

uint32_t cut_rand(cut_rng *r);
/* In [0, bound), bound >= 1. */
uint32_t cut_below(cut_rng *r, uint32_t bound);
/* In [lo, hi]. */
int32_t cut_range(cut_rng *r, int32_t lo, int32_t hi);
/* true with probability percent / 100. */
bool cut_chance(cut_rng *r, uint32_t percent);
void cut_fill(cut_rng *r, void *bytes, size_t n);

/* ---------------------------------------------------------------- dumps */

/*
 * The logical contents of a container, read through its public API: a head (counters,
 * geometry: compared as bytes) and a list of fixed-size element records (compared in order:
 * a driver emits them in a canonical order, or in the container's own order where that order
 * is part of the contents, like a sparse set's dense order).
 */
typedef struct cut_dump {
    unsigned char head[128];
    size_t head_len;
    unsigned char *rec;
    size_t rec_size;
    size_t count;
    size_t cap;
} cut_dump;

void cut_dump_reset(cut_dump *d, size_t rec_size);
void cut_dump_free(cut_dump *d);
void cut_dump_head(cut_dump *d, const void *bytes, size_t n);
void cut_dump_u32(cut_dump *d, uint32_t v);
/* Append a zeroed record and return it. */
void *cut_dump_rec(cut_dump *d);
/* Sort the records (bytewise), for containers whose order means nothing. */
void cut_dump_sort(cut_dump *d);
bool cut_dump_equal(const cut_dump *a, const cut_dump *b);
void cut_dump_copy(cut_dump *dst, const cut_dump *src);
/* before & after <= cut <= before | after as multisets of records (heads ignored): a cut of an
 * O(n) operation left every element whole, each one as it was before or as it is after (a
 * sort's: exactly the same elements; a clear's: some of them). */
bool cut_dump_between(const cut_dump *after, const cut_dump *cut, const cut_dump *before);

/* ---------------------------------------------------------------- drivers */

/* One operation: what to do (base), how it is reported (kind: the driver may refine it after
 * the uncut run, e.g. "insert (grows)"), its arguments and what it returned. */
typedef struct cut_op {
    unsigned base;
    unsigned kind;
    uint32_t a, b, c;
    uint64_t key;
    int32_t p[4];
    unsigned char bytes[32]; /* the caller's value, written after the operation */
    void *out;               /* storage the operation handed out (the caller writes it) */
    uint32_t out_u32;        /* a handle or position it returned */
} cut_op;

typedef struct cut_driver {
    const char *name;
    const char *const *kinds; /* names of the operation kinds, by kind */
    unsigned kind_count;
    uint64_t resumable_kinds; /* bit k: kind k is O(n) and may be resumable instead of atomic */
    size_t obj_size;          /* the container struct(s) */
    /* Initialise the container in obj and register every region of its durable state. */
    void (*setup)(void *obj, cut_rng *r);
    /* Choose an operation from the current state. */
    void (*pick)(const void *obj, cut_rng *r, cut_op *op);
    /* Run it (the instrumented calls happen here); may set op->kind, op->out, op->out_u32. */
    bento_status (*run)(void *obj, cut_op *op);
    /* The caller's part after an operation that succeeded (writing a value it handed out). */
    void (*finish)(void *obj, const cut_op *op);
    /* Open obj over the registered memory, in place, as after a reset; then check. */
    bento_status (*open)(void *obj);
    bento_status (*check)(const void *obj);
    void (*dump)(const void *obj, cut_dump *d);
} cut_driver;

extern const cut_driver cut_pool_wrap, cut_pool_retire, cut_block_pool;
extern const cut_driver cut_sparse_set, cut_paged_set;
extern const cut_driver cut_index, cut_index32, cut_multi_index, cut_spatial_hash;
extern const cut_driver cut_grid, cut_window;

#define CUT_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#endif /* BENTO_CUT_H */
