/* SPDX-License-Identifier: MIT */
/* Tests of bento/block_pool.h: every status, the typed wrapper, pointer-to-index arithmetic,
 * open from a buffer, damage and confinement, the critical section, a model. */
#include <bento/block_pool.h>

#include "bento_test.h"

typedef struct message {
    uint32_t id;
    uint16_t length;
    uint8_t bytes[6];
} message; /* 12 bytes: a stride that is not a power of two */

BENTO_BLOCK_POOL_TYPE(messages, message, 8);
BENTO_BLOCK_POOL_TYPE(wide, double, 3);
BENTO_BLOCK_POOL_TYPE(other_messages, message, 9); /* the same blocks, another capacity */

enum { CAP = 24, STRIDE = 20, DEAD = 32 }; /* the model test's pool */

/* Every test's storage, overlaid: the tests run one after another, and the smallest board has
 * 8 KiB of RAM (bento_test.h). */
static union {
    bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(16, 24)) + 1];
    struct {
        messages pool, other;
        other_messages third;
    } typed;
    struct {
        wide pool;
    } aligned;
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(10, 20))];
        bento_align_unit copy[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(10, 20))];
    } pair;
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(CAP, STRIDE))];
        uint32_t *live[CAP];
        uint32_t tags[CAP];
        void *dead[DEAD];
    } model;
} arena;

/* Word offsets in every buffer's header (core/src/internal.h): the size, the first parameter. */
enum { HEAD_SIZE = 2, HEAD_PARAMS = 4 };

/* Word i of a pool's header. */
static uint32_t *head_word(const bento_block_pool *pool, uint32_t i)
{
    return (uint32_t *)(void *)pool->saved - HEAD_PARAMS - BENTO_IMPL_BLOCK_POOL_PARAMS + i;
}

/* The header words that mean something: the common four, the parameters, the counters. */
#define HEAD_WORDS (4u + BENTO_IMPL_BLOCK_POOL_PARAMS + sizeof(bento_block_pool_state) / 4u)

/* True when p is the start of a block of `pool` (by address alone). */
static bool is_block_start(const bento_block_pool *pool, const void *p)
{
    const uintptr_t first = (uintptr_t)pool->blocks;
    const uintptr_t at = (uintptr_t)p;
    return at >= first && at < first + (uintptr_t)pool->capacity * pool->stride &&
           (at - first) % pool->stride == 0u;
}

/* A pool whose init or open failed is inert: it answers every call as an empty full pool. */
static void check_inert(bento_block_pool *pool)
{
    void *block = &block;
    CHECK_EQ(bento_block_pool_capacity(pool), 0);
    CHECK_EQ(bento_block_pool_count(pool), 0);
    CHECK_EQ(bento_block_pool_high_water(pool), 0);
    CHECK_EQ(bento_block_pool_stride(pool), 0);
    CHECK_STATUS(bento_block_pool_alloc(pool, &block), BENTO_E_FULL);
    CHECK(block == NULL);
    CHECK_STATUS(bento_block_pool_free(pool, arena.buffer), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(pool, NULL), BENTO_E_ARGUMENT);
    CHECK(!bento_block_pool_contains(pool, arena.buffer));
    CHECK(!bento_block_pool_contains(pool, NULL));
    CHECK_EQ(bento_block_pool_index_of(pool, NULL), BENTO_NONE);
    CHECK(bento_block_pool_block_at(pool, 0) == NULL);
    bento_block_pool_clear(pool);
    CHECK_STATUS(bento_block_pool_alloc(pool, &block), BENTO_E_FULL);
    CHECK_STATUS(bento_block_pool_check(pool), BENTO_OK);
}

static void test_init_statuses(void)
{
    bento_block_pool pool;
    const size_t bytes = BENTO_BLOCK_POOL_BYTES(16, 24);
    unsigned char *const base = (unsigned char *)arena.buffer;
    CHECK_EQ(BENTO_BLOCK_POOL_STRIDE(1), 4);
    CHECK_EQ(BENTO_BLOCK_POOL_STRIDE(13), 16);
    CHECK_EQ(BENTO_BLOCK_POOL_BYTES(16, 24), BENTO_IMPL_BLOCK_POOL_HEAD + 16 * 24 + 16);
    CHECK_EQ(BENTO_IMPL_BLOCK_POOL_HEAD % 8u, 0);
    CHECK_STATUS(bento_block_pool_init(&pool, NULL, bytes, 24, 16), BENTO_E_ARGUMENT);
    check_inert(&pool);
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, 0, 16), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, 24, 0), BENTO_E_ARGUMENT);
    /* the buffer must be under 4 GiB (or 64 KiB with a 16-bit size_t): 4 * 2^30 bytes of blocks
       (4 * 2^14) are not */
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, BENTO_TEST_BYTES_MAX / 4u + 1u, 4),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, BENTO_TEST_BYTES_MAX / 4u - 7u, 4),
                 BENTO_E_ARGUMENT); /* the blocks fit, not with the header and the bytes */
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, (size_t)UINT32_MAX, 1),
                 BENTO_E_ARGUMENT); /* the stride would wrap */
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, (size_t)-1, 1), BENTO_E_ARGUMENT);
    check_inert(&pool);
    /* the blocks' alignment: the largest power of two dividing the stride, 4 to MAX_ALIGN */
    if (BENTO_MAX_ALIGN == 8u) {
        CHECK_STATUS(bento_block_pool_init(&pool, base + 4, bytes, 24, 16), BENTO_E_ALIGN);
        check_inert(&pool);
        CHECK_STATUS(bento_block_pool_init(&pool, base + 4, bytes, 6, 16), BENTO_E_ALIGN);
    }
    CHECK_STATUS(bento_block_pool_init(&pool, base + 2, bytes, 12, 16), BENTO_E_ALIGN);
    CHECK_STATUS(bento_block_pool_init(&pool, base + 2, bytes, 1, 16),
                 BENTO_E_ALIGN); /* even 1-byte blocks hold a 4-byte link */
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes - 1, 24, 16), BENTO_E_SIZE);
    check_inert(&pool);
    /* exact sizes and the weakest alignment each stride allows */
    CHECK_STATUS(bento_block_pool_init(&pool, base, bytes, 24, 16), BENTO_OK);
    CHECK(bento_test_aligned(bento_block_pool_block_at(&pool, 1), BENTO_MAX_ALIGN));
    CHECK_STATUS(bento_block_pool_init(&pool, base + 4, BENTO_BLOCK_POOL_BYTES(16, 12), 12, 16),
                 BENTO_OK);
    CHECK_EQ(bento_block_pool_stride(&pool), 12);
    CHECK_STATUS(bento_block_pool_init(&pool, base + 4, BENTO_BLOCK_POOL_BYTES(16, 3), 3, 16),
                 BENTO_OK);
    CHECK_EQ(bento_block_pool_stride(&pool), 4);
    CHECK_EQ(bento_block_pool_capacity(&pool), 16);
    CHECK_EQ(bento_block_pool_count(&pool), 0);
    CHECK_EQ(bento_block_pool_high_water(&pool), 0);
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
}

static void test_alloc_free_cycle(void)
{
    messages *const pool = &arena.typed.pool;
    message *blocks[8];
    message *extra = NULL;
    uint32_t i, j;
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_EQ(messages_capacity(pool), 8);
    CHECK_EQ(messages_stride(pool), 12);
    CHECK_EQ(messages_high_water(pool), 0);
    CHECK(messages_generic(pool) != NULL);
    CHECK_EQ(bento_block_pool_capacity(messages_generic(pool)), 8);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(messages_alloc(pool, &blocks[i]), BENTO_OK);
        CHECK(blocks[i] != NULL);
        CHECK(bento_test_aligned(blocks[i], 4u));
        CHECK(blocks[i] == messages_block_at(pool, i)); /* carved in order */
        CHECK_EQ(messages_index_of(pool, blocks[i]), i);
        for (j = 0; j < i; j++) {
            CHECK(blocks[j] != blocks[i]);
        }
        blocks[i]->id = 100u + i;
        CHECK_EQ(messages_count(pool), i + 1u);
        CHECK_EQ(messages_high_water(pool), i + 1u);
        CHECK(messages_contains(pool, blocks[i]));
    }
    CHECK(messages_block_at(pool, 8) == NULL);
    /* inside the pool's storage, one stride apart */
    CHECK((unsigned char *)blocks[7] + 12 <= (unsigned char *)pool + sizeof *pool);
    CHECK((unsigned char *)blocks[1] - (unsigned char *)blocks[0] == 12);
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_E_FULL);
    CHECK(extra == NULL);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
    /* free in an odd order; the others keep their contents */
    CHECK_STATUS(messages_free(pool, blocks[3]), BENTO_OK);
    CHECK_STATUS(messages_free(pool, blocks[0]), BENTO_OK);
    CHECK_STATUS(messages_free(pool, blocks[7]), BENTO_OK);
    CHECK(!messages_contains(pool, blocks[3]));
    CHECK_EQ(messages_index_of(pool, blocks[3]), 3); /* index_of says nothing about liveness */
    CHECK_EQ(messages_count(pool), 5);
    CHECK_EQ(messages_high_water(pool), 8);
    CHECK_EQ(blocks[1]->id, 101);
    CHECK_EQ(blocks[6]->id, 106);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
    /* last freed, first reused */
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_OK);
    CHECK(extra == blocks[7]);
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_OK);
    CHECK(extra == blocks[0]);
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_OK);
    CHECK(extra == blocks[3]);
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_E_FULL);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(messages_free(pool, blocks[i]), BENTO_OK);
    }
    CHECK_EQ(messages_count(pool), 0);
    CHECK_EQ(messages_high_water(pool), 8);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
    /* clear frees everything at once and restarts the high-water mark */
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &blocks[0]), BENTO_OK);
    messages_clear(pool);
    CHECK_EQ(messages_count(pool), 0);
    CHECK_EQ(messages_high_water(pool), 0);
    CHECK(!messages_contains(pool, extra));
    CHECK_STATUS(messages_free(pool, extra), BENTO_E_STALE);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(messages_alloc(pool, &blocks[i]), BENTO_OK);
        CHECK(blocks[i] == messages_block_at(pool, i)); /* carved in order again */
    }
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_E_FULL);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
}

static void test_free_statuses(void)
{
    messages *const pool = &arena.typed.pool;
    messages *const other = &arena.typed.other;
    bento_block_pool *const generic = messages_generic(pool);
    message *a = NULL, *b = NULL, *foreign = NULL;
    unsigned char *first;
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_STATUS(messages_init(other), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &a), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &b), BENTO_OK);
    CHECK_STATUS(messages_alloc(other, &foreign), BENTO_OK);
    first = (unsigned char *)a;
    /* not the start of one of its blocks */
    CHECK_STATUS(bento_block_pool_free(generic, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(generic, (unsigned char *)a + 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(generic, (unsigned char *)b + 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(generic, first + 8 * 12), BENTO_E_ARGUMENT); /* the bytes */
    CHECK_STATUS(bento_block_pool_free(generic, first - 4), BENTO_E_ARGUMENT);      /* the header */
    /* addresses beyond the storage, formed as integers */
    CHECK_STATUS(bento_block_pool_free(generic, (void *)((uintptr_t)first + 100u * 12u)),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(generic, (void *)((uintptr_t)first - 12u)),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(messages_free(pool, foreign), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_block_pool_index_of(generic, foreign), BENTO_NONE);
    CHECK_EQ(messages_index_of(pool, foreign), BENTO_NONE);
    CHECK_EQ(bento_block_pool_index_of(generic, b), 1);
    CHECK(bento_block_pool_block_at(generic, 1) == b);
    CHECK(bento_block_pool_block_at(generic, 8) == NULL);
    CHECK(bento_block_pool_block_at(generic, BENTO_NONE) == NULL);
    CHECK(bento_block_pool_contains(generic, a));
    CHECK(!bento_block_pool_contains(generic, foreign));
    /* a block of the pool that is not live */
    CHECK_STATUS(bento_block_pool_free(generic, first + 5 * 12), BENTO_E_STALE); /* never used */
    CHECK(!messages_contains(pool, messages_block_at(pool, 5)));
    CHECK_STATUS(messages_free(pool, a), BENTO_OK);
    CHECK_STATUS(messages_free(pool, a), BENTO_E_STALE); /* double free */
    CHECK_STATUS(messages_free(pool, b), BENTO_OK);
    CHECK_STATUS(messages_free(pool, a), BENTO_E_STALE);
    CHECK_STATUS(messages_free(pool, b), BENTO_E_STALE);
    /* nothing above changed the pool: the free list is intact, b and a come back */
    CHECK_EQ(messages_count(pool), 0);
    CHECK_STATUS(messages_check(pool), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &a), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &b), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &foreign), BENTO_OK);
    CHECK_EQ(messages_index_of(pool, foreign), 2); /* carved: the list was 2 long */
    CHECK_STATUS(messages_check(pool), BENTO_OK);
}

/* Eight-byte blocks keep the alignment of their type, in the typed storage. */
static void test_typed_alignment(void)
{
    wide *const pool = &arena.aligned.pool;
    double *d[3];
    double *none = NULL;
    uint32_t i;
    CHECK_STATUS(wide_init(pool), BENTO_OK);
    for (i = 0; i < 3u; i++) {
        CHECK_STATUS(wide_alloc(pool, &d[i]), BENTO_OK);
        CHECK(bento_test_aligned(d[i], BENTO_MAX_ALIGN));
        *d[i] = 0.5 * (double)i;
    }
    CHECK_STATUS(wide_alloc(pool, &none), BENTO_E_FULL);
    CHECK(none == NULL);
    CHECK(*d[2] == 1.0);
    CHECK_STATUS(wide_free(pool, d[1]), BENTO_OK);
    CHECK_EQ(wide_count(pool), 2);
    CHECK_EQ(wide_stride(pool), BENTO_ALIGN_UP(sizeof(double), 4u)); /* 4 on AVR */
    CHECK_STATUS(wide_check(pool), BENTO_OK);
}

/*
 * Pointer to index by reciprocal multiplication, checked against division at the extremes:
 * the arithmetic alone, over offsets of blocks spanning almost 4 GiB (almost 64 KiB where
 * addresses are 16 bits: AVR, where the strides beyond half of that have no pool).
 */
#define OFFSET_MAX ((uint32_t)(UINTPTR_MAX < UINT32_MAX ? UINTPTR_MAX : UINT32_MAX))
static void test_reciprocal_exact(void)
{
    static const uint32_t strides[] = {4u, 8u, 12u, 20u, 24u, 36u, 100u, 4092u, 65540u, 1000004u,
                                       0x7ffffffcu, 0x80000004u};
    uint32_t s;
    uint32_t bad = 0u;
    for (s = 0; s < sizeof strides / sizeof strides[0] && strides[s] <= OFFSET_MAX / 2u; s++) {
        const uint32_t stride = strides[s];
        const uint32_t reciprocal = BENTO_IMPL_BLOCK_POOL_RECIPROCAL(stride);
        const uint32_t capacity = OFFSET_MAX / stride; /* blocks spanning < 4 GiB */
        uint32_t t;
        for (t = 0; t < 64u; t++) {
            /* the first and last blocks, then random ones */
            const uint32_t k = t < 4u ? t % capacity
                                      : t < 8u ? capacity - 1u - (t - 4u) % capacity
                                               : bento_test_rand_below(capacity);
            const uintptr_t start = (uintptr_t)((uintptr_t)k * stride);
            const uint32_t delta = 1u + bento_test_rand_below(stride - 1u);
            if (bento_impl_block_pool_index(start, reciprocal, stride, capacity) != k ||
                bento_impl_block_pool_index((uintptr_t)(start + delta), reciprocal, stride, capacity) !=
                    BENTO_NONE ||
                bento_impl_block_pool_index((uintptr_t)(start - delta), reciprocal, stride, capacity) !=
                    BENTO_NONE ||
                (k != 0u && bento_impl_block_pool_index(start, reciprocal, stride, k) != BENTO_NONE)) {
                bad++;
            }
        }
        /* one past the last block, and below the first */
        if (bento_impl_block_pool_index((uintptr_t)((uintptr_t)capacity * stride), reciprocal,
                                        stride, capacity) != BENTO_NONE ||
            bento_impl_block_pool_index((uintptr_t)((uintptr_t)0 - stride), reciprocal, stride,
                                        capacity) !=
                BENTO_NONE) {
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
}

/* Every byte offset around a small pool: index_of agrees with division. */
static void test_index_of_every_offset(void)
{
    bento_block_pool pool;
    unsigned char *first;
    int32_t offset;
    uint32_t bad = 0u;
    CHECK_STATUS(bento_block_pool_init(&pool, arena.pair.memory, sizeof arena.pair.memory, 20, 10),
                 BENTO_OK);
    first = (unsigned char *)bento_block_pool_block_at(&pool, 0);
    CHECK(first == (unsigned char *)arena.pair.memory + BENTO_IMPL_BLOCK_POOL_HEAD);
    for (offset = -(int32_t)BENTO_IMPL_BLOCK_POOL_HEAD; offset < 10 * 20 + 10; offset++) {
        const uint32_t want = offset >= 0 && offset < 200 && offset % 20 == 0
                                  ? (uint32_t)offset / 20u
                                  : BENTO_NONE;
        if (bento_block_pool_index_of(&pool, first + offset) != want) {
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
}

/* A pool of 8 blocks of 12 bytes with blocks 0 .. 2 carved, 1 and 0 freed: the list 0 -> 1. */
static void start_damaged(bento_block_pool *p)
{
    void *a, *b, *c;
    CHECK_STATUS(bento_block_pool_init(p, arena.pair.memory, sizeof arena.pair.memory, 12, 8),
                 BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &a), BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &b), BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &c), BENTO_OK);
    CHECK_STATUS(bento_block_pool_free(p, b), BENTO_OK);
    CHECK_STATUS(bento_block_pool_free(p, a), BENTO_OK);
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
}

static uint32_t *link_of(const bento_block_pool *p, uint32_t index)
{
    return (uint32_t *)bento_block_pool_block_at(p, index);
}

/* Damage of every kind shows in check; alloc refuses a damaged list head. */
static void test_check_detects_corruption(void)
{
    bento_block_pool pool;
    bento_block_pool *const p = &pool;
    void *got = &got;
    uint32_t saved, i;
    start_damaged(p);
    /* a write into a freed block damages its link: alloc refuses instead of handing out junk */
    saved = *link_of(p, 0);
    CHECK_EQ(saved, 1);
    *link_of(p, 0) = 1000u; /* beyond the carved region */
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK); /* block 0 itself is still fine */
    CHECK(got == bento_block_pool_block_at(p, 0));
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_E_CORRUPT);
    CHECK(got == NULL);
    CHECK_EQ(bento_block_pool_count(p), 2);
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    /* a link to a live block (2) */
    start_damaged(p);
    *link_of(p, 0) = 2u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_E_CORRUPT);
    CHECK_EQ(bento_block_pool_count(p), 2); /* refused: unchanged */
    /* a cycle in the free list: 0 -> 1 -> 0 */
    start_damaged(p);
    *link_of(p, 1) = 0u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    /* a list that ends early: 0 -> end, block 1 lost */
    *link_of(p, 1) = BENTO_NONE;
    *link_of(p, 0) = BENTO_NONE;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    *link_of(p, 0) = 1u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
    /* a state byte that is neither free nor live */
    p->live[2] = 7u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    p->live[2] = BENTO_IMPL_BLOCK_LIVE;
    /* a free block marked live: the list reaches a live block, and the counts disagree */
    p->live[0] = BENTO_IMPL_BLOCK_LIVE;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_E_CORRUPT); /* the head is live */
    p->live[0] = BENTO_IMPL_BLOCK_FREE;
    /* a live block marked free */
    p->live[2] = BENTO_IMPL_BLOCK_FREE;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    p->live[2] = BENTO_IMPL_BLOCK_LIVE;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
    /* every word of the header that means something is covered */
    for (i = 0; i < HEAD_WORDS; i++) {
        saved = *head_word(p, i);
        *head_word(p, i) ^= 0x40u;
        CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
        *head_word(p, i) = saved;
    }
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
    /* counters that disagree with the buffer (and their copy alike) */
    p->state.count = p->saved->count = 2u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    p->state.count = p->saved->count = 1u;
    p->state.fresh = p->saved->fresh = 9u; /* beyond the capacity */
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    p->state.fresh = p->saved->fresh = 3u;
    p->state.free_head = p->saved->free_head = 1u; /* skips block 0 */
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    p->state.free_head = p->saved->free_head = 0u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
}

/*
 * The counters a pool works from are its struct's, set only by init and by an open that
 * validated them: a damaged copy in the buffer (here the high-water mark, far beyond the
 * capacity, and a link that points as far) shows in check and open, and an alloc made anyway
 * stays inside the buffer.
 */
static void test_damaged_counters_stay_out_of_operations(void)
{
    bento_block_pool pool, reopened;
    bento_block_pool *const p = &pool;
    void *got = &got;
    uint32_t i;
    start_damaged(p);
    p->saved->fresh = 0x10000000u;
    *link_of(p, 0) = 5000u; /* the list: 0 -> 5000, two blocks long by the counters */
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT);
    check_inert(&reopened);
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK);
    CHECK(got == bento_block_pool_block_at(p, 0));
    for (i = 0; i < 4u; i++) {
        CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_E_CORRUPT); /* 5000 is no block */
        CHECK(got == NULL);
    }
    CHECK(!bento_block_pool_contains(p, (void *)((uintptr_t)p->blocks + 5000u * 12u)));
    CHECK_STATUS(bento_block_pool_free(p, (void *)((uintptr_t)p->blocks + 5000u * 12u)),
                 BENTO_E_ARGUMENT);
    CHECK_EQ(bento_block_pool_high_water(p), 3);
    CHECK_EQ(bento_block_pool_count(p), 2);
    /* only the counters that change are written through: the damaged copy stays damaged */
    CHECK_STATUS(bento_block_pool_free(p, bento_block_pool_block_at(p, 2)), BENTO_OK);
    CHECK_EQ(p->saved->fresh, 0x10000000u);
    CHECK_EQ(p->saved->count, 1);
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    /* a copy of the high-water mark beyond the capacity, everything else consistent */
    start_damaged(p);
    p->saved->fresh = 9u;
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT);
    check_inert(&reopened);
}

/*
 * Damaged links and state bytes never make the counters lie: the list is taken only while
 * the counters say it holds a block (a live block behind a damaged link is not handed out a
 * second time), and a block whose state byte says live is not freed when the count is 0.
 */
static void test_damaged_state_bytes_keep_the_counts(void)
{
    bento_block_pool pool;
    bento_block_pool *const p = &pool;
    void *got = NULL, *a = NULL;
    start_damaged(p);              /* c (block 2) live; the list 0 -> 1 */
    *link_of(p, 1) = 2u;           /* the list runs on into c... */
    p->live[2] = BENTO_IMPL_BLOCK_FREE; /* ...whose state byte says free */
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK);
    CHECK(got == bento_block_pool_block_at(p, 0));
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK);
    CHECK(got == bento_block_pool_block_at(p, 1));
    CHECK_STATUS(bento_block_pool_alloc(p, &got), BENTO_OK);
    CHECK(got == bento_block_pool_block_at(p, 3)); /* a new block, not c again */
    CHECK_EQ(bento_block_pool_count(p), 4);
    CHECK(bento_block_pool_count(p) <= bento_block_pool_high_water(p));

    CHECK_STATUS(bento_block_pool_init(p, arena.pair.memory, sizeof arena.pair.memory, 12, 8),
                 BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &a), BENTO_OK);
    CHECK_STATUS(bento_block_pool_free(p, a), BENTO_OK);
    p->live[0] = BENTO_IMPL_BLOCK_LIVE; /* a free block marked live */
    CHECK_STATUS(bento_block_pool_free(p, a), BENTO_E_CORRUPT);
    CHECK_EQ(bento_block_pool_count(p), 0); /* not wrapped to 2^32 - 1 */
}

/*
 * The high-water mark and the count lowered together (their difference, the free list's
 * length, kept): every state byte above the mark is free in a sound pool (init and clear
 * write them), so check and open refuse it. Before, both answered BENTO_OK and the next alloc
 * handed out block 2 while its owner held it.
 */
static void test_lowered_high_water(void)
{
    bento_block_pool pool, reopened;
    bento_block_pool *const p = &pool;
    void *got[3];
    uint32_t i;
    CHECK_STATUS(bento_block_pool_init(p, arena.pair.memory, sizeof arena.pair.memory, 12, 8),
                 BENTO_OK);
    for (i = 0; i < 3u; i++) {
        CHECK_STATUS(bento_block_pool_alloc(p, &got[i]), BENTO_OK);
    }
    p->saved->fresh = p->state.fresh = 2u;
    p->saved->count = p->state.count = 2u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT);
    /* the same high-water mark reached soundly: three blocks, clear, two blocks */
    p->saved->fresh = p->state.fresh = 3u;
    p->saved->count = p->state.count = 3u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_OK);
    bento_block_pool_clear(p);
    CHECK_STATUS(bento_block_pool_alloc(p, &got[0]), BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(p, &got[1]), BENTO_OK);
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_OK);
    CHECK_STATUS(bento_block_pool_alloc(&reopened, &got[2]), BENTO_OK);
    CHECK(got[2] == bento_block_pool_block_at(&reopened, 2));
}

#if BENTO_POWER_SAFE
/* The journal's recovery, on journals written by hand as a reset leaves them (tests/cut/ makes
 * them by cutting every operation before each of its stores): a clear cut while it frees the
 * state bytes frees them again, and journals no operation writes are refused. */
static void test_journal_recovery(void)
{
    bento_block_pool pool, reopened;
    bento_block_pool *const p = &pool;
    void *got[3];
    uint32_t i, *log;
    CHECK_STATUS(bento_block_pool_init(p, arena.pair.memory, sizeof arena.pair.memory, 12, 8),
                 BENTO_OK);
    log = (uint32_t *)(void *)p->saved + sizeof p->state / 4u;
    for (i = 0; i < 3u; i++) {
        CHECK_STATUS(bento_block_pool_alloc(p, &got[i]), BENTO_OK);
    }
    bento_block_pool_clear(p);
    /* cut after the counters, with two state bytes still live */
    p->live[0] = BENTO_IMPL_BLOCK_LIVE;
    p->live[2] = BENTO_IMPL_BLOCK_LIVE;
    log[1] = 1u; /* clear the state bytes... */
    log[2] = 3u; /* ...of the 3 blocks carved before */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_block_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_OK);
    CHECK_EQ(log[0], 0);
    CHECK_EQ(p->live[0], BENTO_IMPL_BLOCK_FREE);
    CHECK_EQ(p->live[2], BENTO_IMPL_BLOCK_FREE);
    CHECK_STATUS(bento_block_pool_alloc(&reopened, &got[0]), BENTO_OK);
    /* refused: no such action; more blocks than there are; a clear whose counters say a block
       is carved */
    log[0] = 0x80000000u;
    log[1] = 2u;
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT);
    log[1] = 1u;
    log[2] = 9u;
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT);
    log[2] = 1u;
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_E_CORRUPT); /* the alloc above carved block 0 */
    p->saved->fresh = 0u;
    p->saved->count = 0u;
    CHECK_STATUS(bento_block_pool_open(&reopened, arena.pair.memory, sizeof arena.pair.memory),
                 BENTO_OK);
    CHECK_EQ(bento_block_pool_high_water(&reopened), 0);
}
#endif

/*
 * Confinement: whatever bytes the buffer holds (links, state bytes, the header), every
 * operation returns, and every block it hands out is one of the pool's blocks. The sanitizers
 * and the boards' fault handler catch any access outside the buffer.
 */
static void test_confinement(void)
{
    bento_block_pool pool;
    bento_block_pool *const p = &pool;
    unsigned char *const bytes = (unsigned char *)arena.pair.memory;
    uint32_t round, step, i, outside = 0u;
    for (round = 0; round < 24u; round++) {
        void *block = NULL;
        CHECK_STATUS(bento_block_pool_init(p, bytes, sizeof arena.pair.memory, 12, 8), BENTO_OK);
        for (i = 0; i < bento_test_rand_below(12u); i++) {
            (void)bento_block_pool_alloc(p, &block);
            if ((bento_test_rand() & 1u) != 0u && block != NULL) {
                (void)bento_block_pool_free(p, block);
            }
        }
        /* then damage: random bytes, or links and bytes at the extremes */
        for (i = BENTO_IMPL_BLOCK_POOL_HEAD; i < BENTO_BLOCK_POOL_BYTES(8, 12); i++) {
            const uint32_t r = bento_test_rand();
            bytes[i] = (unsigned char)((round & 1u) != 0u ? r : (r & 1u) != 0u ? 0xffu : r & 3u);
        }
        for (i = 0; i < HEAD_WORDS; i++) {
            if (bento_test_rand_below(4u) == 0u) {
                *head_word(p, i) = bento_test_rand();
            }
        }
        for (step = 0; step < 64u; step++) {
            const uint32_t op = bento_test_rand_below(8u);
            void *any = (void *)((uintptr_t)p->blocks + (uintptr_t)bento_test_rand_below(200u) - 50u);
            if (op < 3u) {
                if (bento_block_pool_alloc(p, &block) == BENTO_OK && !is_block_start(p, block)) {
                    outside++;
                }
            } else if (op < 6u) {
                (void)bento_block_pool_free(p, op == 3u ? any : bento_block_pool_block_at(p, step & 7u));
            } else if (op == 6u) {
                (void)bento_block_pool_contains(p, any);
                (void)bento_block_pool_index_of(p, any);
                (void)bento_block_pool_check(p);
            } else if (bento_test_rand_below(8u) == 0u) {
                bento_block_pool_clear(p);
            }
        }
        if (bento_block_pool_high_water(p) > 8u) {
            outside++;
        }
    }
    CHECK_EQ(outside, 0);
}

/* A pool reopened from its buffer alone: the typed object copied whole, or another buffer
 * holding the same bytes; damage anywhere refused. */
static void test_open(void)
{
    messages *const original = &arena.typed.pool;
    messages *const copy = &arena.typed.other;
    other_messages *const third = &arena.typed.third;
    bento_block_pool generic;
    unsigned char *const other = (unsigned char *)arena.pair.copy;
    message *m[5];
    message *v;
    uint32_t i, saved;
    CHECK_STATUS(messages_init(original), BENTO_OK);
    for (i = 0; i < 5u; i++) {
        CHECK_STATUS(messages_alloc(original, &m[i]), BENTO_OK);
        m[i]->id = 100u + i;
    }
    CHECK_STATUS(messages_free(original, m[1]), BENTO_OK);
    CHECK_STATUS(messages_free(original, m[3]), BENTO_OK);
    *copy = *original; /* as a save file or retained RAM would hold it */
    CHECK_STATUS(messages_open(copy), BENTO_OK);
    CHECK_STATUS(messages_check(copy), BENTO_OK);
    CHECK_EQ(messages_count(copy), 3);
    CHECK_EQ(messages_high_water(copy), 5);
    for (i = 0; i < 5u; i++) {
        v = messages_block_at(copy, i);
        CHECK(v != m[i]); /* its own storage */
        CHECK_EQ(messages_contains(copy, v), i != 1u && i != 3u);
        if (i != 1u && i != 3u) {
            CHECK_EQ(v->id, 100u + i);
        }
    }
    /* the free list came along: the copy hands out 3, then 1, then carves 5 */
    CHECK_STATUS(messages_alloc(copy, &v), BENTO_OK);
    CHECK_EQ(messages_index_of(copy, v), 3);
    CHECK_STATUS(messages_alloc(copy, &v), BENTO_OK);
    CHECK_EQ(messages_index_of(copy, v), 1);
    CHECK_STATUS(messages_alloc(copy, &v), BENTO_OK);
    CHECK_EQ(messages_index_of(copy, v), 5);
    CHECK(!messages_contains(original, messages_block_at(original, 5)));
    /* the generic pool over another buffer holding the same bytes */
    for (i = 0; i < BENTO_BLOCK_POOL_BYTES(8, sizeof(message)); i++) {
        other[i] = ((const unsigned char *)messages_block_at(original, 0) - BENTO_IMPL_BLOCK_POOL_HEAD)[i];
    }
    CHECK_STATUS(bento_block_pool_open(&generic, NULL, sizeof arena.pair.copy), BENTO_E_ARGUMENT);
    check_inert(&generic);
    CHECK_STATUS(bento_block_pool_open(&generic, other + 2, sizeof arena.pair.copy - 2),
                 BENTO_E_ALIGN);
    check_inert(&generic);
    CHECK_STATUS(bento_block_pool_open(&generic, other, 16), BENTO_E_SIZE); /* shorter than a header */
    CHECK_STATUS(bento_block_pool_open(&generic, other, BENTO_BLOCK_POOL_BYTES(8, sizeof(message)) - 1),
                 BENTO_E_SIZE);
    check_inert(&generic);
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_OK);
    v = (message *)bento_block_pool_block_at(&generic, 4);
    CHECK(v != NULL && v->id == 104u && bento_block_pool_contains(&generic, v));
    CHECK_STATUS(bento_block_pool_check(&generic), BENTO_OK);
    /* damage: every header word, the state bytes and the links are all validated */
    for (i = 0; i < HEAD_WORDS; i++) {
        saved = ((uint32_t *)(void *)other)[i];
        ((uint32_t *)(void *)other)[i] ^= i == HEAD_SIZE ? 4u : 0x10000u;
        CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy),
                     BENTO_E_CORRUPT);
        check_inert(&generic);
        ((uint32_t *)(void *)other)[i] = saved;
    }
    ((uint32_t *)(void *)other)[HEAD_PARAMS] = 0u; /* capacity 0 */
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[HEAD_PARAMS] = 8u;
    ((uint32_t *)(void *)other)[HEAD_PARAMS + 1u] = 0u; /* block size 0 */
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[HEAD_PARAMS + 1u] = (uint32_t)sizeof(message);
    other[BENTO_IMPL_BLOCK_POOL_HEAD + 8u * 12u + 1u] = 2u; /* a state byte */
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_E_CORRUPT);
    other[BENTO_IMPL_BLOCK_POOL_HEAD + 8u * 12u + 1u] = 0u;
    ((uint32_t *)(void *)(other + BENTO_IMPL_BLOCK_POOL_HEAD))[3u * 3u] = 7u; /* block 3's link */
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)(other + BENTO_IMPL_BLOCK_POOL_HEAD))[3u * 3u] = 1u;
    CHECK_STATUS(bento_block_pool_open(&generic, other, sizeof arena.pair.copy), BENTO_OK);
    /* a buffer of another type: its own open refuses it */
    CHECK_STATUS(other_messages_init(third), BENTO_OK);
    for (i = 0; i < sizeof copy->storage_; i++) {
        ((unsigned char *)copy->storage_)[i] = ((const unsigned char *)third->storage_)[i];
    }
    CHECK_STATUS(messages_open(copy), BENTO_E_SIZE); /* 9 blocks do not fit in 8 */
    CHECK_STATUS(messages_init(copy), BENTO_OK);
    for (i = 0; i < sizeof copy->storage_; i++) {
        ((unsigned char *)third->storage_)[i] = ((const unsigned char *)copy->storage_)[i];
    }
    CHECK_STATUS(other_messages_open(third), BENTO_E_CORRUPT); /* 8 blocks, where 9 are expected */
    CHECK_EQ(other_messages_capacity(third), 0);
    check_inert(other_messages_generic(third));
    /* a header that asks for more alignment than its buffer has */
    if (BENTO_MAX_ALIGN == 8u) {
        uint32_t *const at = (uint32_t *)(void *)(other + 4);
        CHECK_STATUS(bento_block_pool_init(&generic, at, BENTO_BLOCK_POOL_BYTES(4, 12), 12, 4),
                     BENTO_OK);
        at[HEAD_PARAMS + 1u] = 24u;
        at[HEAD_SIZE] = (uint32_t)BENTO_BLOCK_POOL_BYTES(4, 24);
        CHECK_STATUS(bento_block_pool_open(&generic, at, BENTO_BLOCK_POOL_BYTES(4, 24)),
                     BENTO_E_ALIGN);
        check_inert(&generic);
    }
}

/* Random operations against a naive model: live blocks with the tag written into each; now
 * and then the pool is cleared, or reopened from its buffer. */
static void test_against_model(void)
{
    uint32_t **const live = arena.model.live;
    uint32_t *const tags = arena.model.tags;
    void **const dead = arena.model.dead;
    bento_block_pool pool;
    uint32_t live_count = 0u, dead_count = 0u, next_tag = 1u, high = 0u, max_high = 0u;
    uint32_t step, steps = 4000u * bento_test_scale();
    uint32_t mismatches = 0u;
    CHECK_STATUS(bento_block_pool_init(&pool, arena.model.memory, sizeof arena.model.memory, STRIDE,
                                       CAP),
                 BENTO_OK);
    for (step = 0; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(200u);
        uint32_t k;
        if (op < 90u) {
            void *block;
            const bento_status s = bento_block_pool_alloc(&pool, &block);
            if (s != (live_count == CAP ? BENTO_E_FULL : BENTO_OK) || (s == BENTO_OK) != (block != NULL)) {
                mismatches++;
            }
            if (s == BENTO_OK) {
                uint32_t *words = (uint32_t *)block;
                for (k = 0; k < live_count; k++) {
                    if (live[k] == words) {
                        mismatches++; /* handed out twice */
                    }
                }
                for (k = 0; k < STRIDE / 4; k++) {
                    words[k] = next_tag + k;
                }
                live[live_count] = words;
                tags[live_count++] = next_tag;
                next_tag += 100u;
                high = live_count > high ? live_count : high;
            }
        } else if (op < 170u && live_count != 0u) {
            k = bento_test_rand_below(live_count);
            if (bento_block_pool_free(&pool, live[k]) != BENTO_OK) {
                mismatches++;
            }
            dead[dead_count++ % DEAD] = live[k];
            live[k] = live[--live_count];
            tags[k] = tags[live_count];
        } else if (op < 190u && dead_count != 0u) {
            /* a freed pointer: stale unless the block was handed out again */
            void *p = dead[bento_test_rand_below(dead_count < DEAD ? dead_count : DEAD)];
            bool is_live = false;
            for (k = 0; k < live_count; k++) {
                is_live = is_live || live[k] == p;
            }
            if (!is_live && (bento_block_pool_free(&pool, p) != BENTO_E_STALE ||
                             bento_block_pool_contains(&pool, p))) {
                mismatches++;
            }
        } else if (op < 197u && live_count != 0u) {
            /* a pointer inside a live block */
            unsigned char *p = (unsigned char *)live[bento_test_rand_below(live_count)];
            if (bento_block_pool_free(&pool, p + 1u + bento_test_rand_below(STRIDE - 1u)) !=
                BENTO_E_ARGUMENT) {
                mismatches++;
            }
        } else if (op == 197u) {
            bento_block_pool_clear(&pool);
            while (live_count != 0u) {
                dead[dead_count++ % DEAD] = live[--live_count];
            }
            high = 0u;
        } else if (op >= 198u) {
            /* closed and reopened in place: the same pool, from its bytes alone */
            if (bento_block_pool_open(&pool, arena.model.memory, sizeof arena.model.memory) !=
                BENTO_OK) {
                mismatches++;
            }
        }
        max_high = high > max_high ? high : max_high;
        /* after every operation: counters agree, every live block still holds its tag */
        if (bento_block_pool_count(&pool) != live_count ||
            bento_block_pool_high_water(&pool) != high) {
            mismatches++;
        }
        for (k = 0; k < live_count; k++) {
            uint32_t w;
            if (!bento_block_pool_contains(&pool, live[k]) ||
                bento_block_pool_block_at(&pool, bento_block_pool_index_of(&pool, live[k])) != live[k]) {
                mismatches++;
            }
            for (w = 0; w < STRIDE / 4; w++) {
                if (live[k][w] != tags[k] + w) {
                    mismatches++;
                }
            }
        }
        if ((step & 31u) == 0u && bento_block_pool_check(&pool) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("block pool model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK_EQ(max_high, CAP); /* the run did fill the pool */
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
}

/*
 * The critical-section hook. The pool's code is compiled a second time in this file with a
 * hook that counts, checks nesting and checks that the counters' copy in the buffer equals the
 * struct's counters when the section opens and when it closes (the write-through happens
 * inside), under other function names, so that the library build keeps the default hook.
 */
static uint32_t critical_depth, critical_entries, critical_faults;
static const bento_block_pool *critical_pool;

static bool counters_saved(void)
{
    const bento_block_pool *p = critical_pool;
    return p == NULL || (p->saved->count == p->state.count && p->saved->fresh == p->state.fresh &&
                         p->saved->free_head == p->state.free_head);
}

static uint32_t critical_enter(void)
{
    critical_entries++;
    critical_depth++;
    critical_faults += counters_saved() ? 0u : 1u;
    return 0xc5000000u | critical_depth;
}

static void critical_exit(uint32_t state)
{
    if (critical_depth == 0u || state != (0xc5000000u | critical_depth) || !counters_saved()) {
        critical_faults++;
    }
    critical_depth--;
}

#undef BENTO_CRITICAL_ENTER
#undef BENTO_CRITICAL_EXIT
#define BENTO_CRITICAL_ENTER() critical_enter()
#define BENTO_CRITICAL_EXIT(state) critical_exit(state)
#undef bento_block_pool_init
#undef bento_block_pool_open
#define bento_block_pool_init hooked_block_pool_init
#define bento_block_pool_open hooked_block_pool_open
#define bento_block_pool_alloc hooked_block_pool_alloc
#define bento_block_pool_free hooked_block_pool_free
#define bento_block_pool_clear hooked_block_pool_clear
#define bento_block_pool_check hooked_block_pool_check
bento_status hooked_block_pool_check(const bento_block_pool *pool);
#define bento_impl_block_pool_undo_alloc hooked_block_pool_undo_alloc
#define bento_impl_block_pool_open_as hooked_block_pool_open_as
#define configure hooked_configure
#include "../core/src/block_pool.c"
#undef bento_block_pool_init
#undef bento_block_pool_open
#if BENTO_POWER_SAFE /* the names bento/common.h gives them */
#define bento_block_pool_init bento_block_pool_init_power_safe
#define bento_block_pool_open bento_block_pool_open_power_safe
#endif
#undef bento_block_pool_alloc
#undef bento_block_pool_free
#undef bento_block_pool_clear
#undef bento_block_pool_check
#undef bento_impl_block_pool_undo_alloc
#undef bento_impl_block_pool_open_as
#undef configure

static void test_critical_section(void)
{
    bento_block_pool pool;
    void *a = NULL, *b = NULL, *c = NULL;
    CHECK_STATUS(hooked_block_pool_init(&pool, arena.pair.memory, BENTO_BLOCK_POOL_BYTES(2, 8), 8, 2),
                 BENTO_OK);
    CHECK_EQ(critical_entries, 0); /* init is not covered: it says so */
    critical_pool = &pool;
    /* every alloc, free and clear, failing ones included, runs in exactly one balanced section */
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &a), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &b), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_E_FULL);
    CHECK_STATUS(hooked_block_pool_free(&pool, a), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_free(&pool, a), BENTO_E_STALE);
    CHECK_STATUS(hooked_block_pool_free(&pool, NULL), BENTO_E_ARGUMENT);
    *(uint32_t *)a = 1u; /* damage the freed block's link: it now names b, which is live */
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK(c == a);
    CHECK_STATUS(hooked_block_pool_free(&pool, c), BENTO_OK);
    *(uint32_t *)a = 1u;
    CHECK_STATUS(hooked_block_pool_free(&pool, b), BENTO_OK); /* the list: b -> a -> b ... */
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_E_FULL);
    hooked_block_pool_clear(&pool);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
    CHECK_EQ(critical_entries, 14);
    /* the undo of an alloc (a paged set's recovery): uncarved, or freed, in balanced sections */
    hooked_block_pool_undo_alloc(&pool, 0u, true);
    CHECK_EQ(bento_block_pool_high_water(&pool), 0);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    hooked_block_pool_undo_alloc(&pool, 1u, false);
    CHECK_EQ(bento_block_pool_count(&pool), 1);
    hooked_block_pool_undo_alloc(&pool, 1u, false); /* not live: nothing */
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
    CHECK_EQ(critical_entries, 19); /* three undos and two allocs */
    CHECK_EQ(critical_depth, 0);
    CHECK_EQ(critical_faults, 0);
    critical_pool = NULL;
    CHECK_STATUS(hooked_block_pool_open(&pool, arena.pair.memory, BENTO_BLOCK_POOL_BYTES(2, 8)),
                 BENTO_OK);
    CHECK_EQ(critical_entries, 19); /* nor is open */
}

void test_block_pool(void)
{
    test_critical_section();
    test_init_statuses();
    test_alloc_free_cycle();
    test_free_statuses();
    test_typed_alignment();
    test_reciprocal_exact();
    test_index_of_every_offset();
    test_check_detects_corruption();
    test_damaged_state_bytes_keep_the_counts();
    test_lowered_high_water();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_damaged_counters_stay_out_of_operations();
    test_confinement();
    test_open();
    test_against_model();
}
