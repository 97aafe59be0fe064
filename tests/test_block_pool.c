/* SPDX-License-Identifier: MIT */
/* Tests of bento/block_pool.h: every status, pointer-to-index arithmetic, corruption, a model. */
#include <bento/block_pool.h>

#include "bento_test.h"

typedef struct message {
    uint32_t id;
    uint16_t length;
    uint8_t bytes[6];
} message; /* 12 bytes: a stride that is not a power of two */

BENTO_BLOCK_POOL_TYPE(messages, message, 8);
BENTO_BLOCK_POOL_TYPE(wide, double, 3);

enum { CAP = 24, STRIDE = 20, DEAD = 32 }; /* the model test's pool */

/*
 * Every test's storage, overlaid: the tests run one after another. It lives on the stack of
 * the suite's entry function (see the end of the file), not in .bss: the smallest board has
 * 16 KiB of RAM for every suite's static data together.
 */
typedef union test_arena {
    bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(16, 24)) + 1];
    struct {
        messages pool;
    } cycle, corruption;
    struct {
        messages pool, other;
    } statuses;
    struct {
        wide pool;
    } aligned;
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(10, 20)) + 8];
    } offsets;
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(CAP, STRIDE))];
        uint32_t *live[CAP];
        uint32_t tags[CAP];
        void *dead[DEAD];
    } model;
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(2, 8))];
    } hooked;
} test_arena;

static test_arena *arena_storage;
#define arena (*arena_storage)

static void test_init_statuses(void)
{
    bento_block_pool pool;
    void *block = &pool;
    const size_t bytes = BENTO_BLOCK_POOL_BYTES(16, 24);
    CHECK_EQ(BENTO_BLOCK_POOL_STRIDE(1), 4);
    CHECK_EQ(BENTO_BLOCK_POOL_STRIDE(13), 16);
    CHECK_EQ(BENTO_BLOCK_POOL_BYTES(16, 24), 16 * 24 + 16);
    CHECK_STATUS(bento_block_pool_init(&pool, NULL, bytes, 24, 16), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, 0, 16), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, 24, 0), BENTO_E_ARGUMENT);
    /* the blocks must span less than 4 GiB: 4 * 2^30 does not, 3 * 2^30 + ... does */
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, 0x40000000u, 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, (size_t)UINT32_MAX, 1),
                 BENTO_E_ARGUMENT); /* the stride would wrap */
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, (size_t)-1, 1), BENTO_E_ARGUMENT);
    /* natural alignment of the stride: 24 -> 8, 12 -> 4, 6 -> stride 8 -> 8 */
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 4, bytes, 24, 16),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 4, bytes, 6, 16),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 2, bytes, 12, 16),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 2, bytes, 1, 16),
                 BENTO_E_ALIGN); /* even 1-byte blocks hold a 4-byte link */
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes - 1, 24, 16), BENTO_E_SIZE);
    /* a failed init leaves a pool that refuses everything */
    CHECK_EQ(bento_block_pool_capacity(&pool), 0);
    CHECK_EQ(bento_block_pool_count(&pool), 0);
    CHECK_STATUS(bento_block_pool_alloc(&pool, &block), BENTO_E_FULL);
    CHECK(block == NULL);
    CHECK_STATUS(bento_block_pool_free(&pool, arena.buffer), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool, NULL), BENTO_E_ARGUMENT);
    CHECK(!bento_block_pool_contains(&pool, arena.buffer));
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
    /* exact sizes and the weakest alignment each stride allows */
    CHECK_STATUS(bento_block_pool_init(&pool, arena.buffer, bytes, 24, 16), BENTO_OK);
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 4,
                                       BENTO_BLOCK_POOL_BYTES(16, 12), 12, 16),
                 BENTO_OK);
    CHECK_EQ(bento_block_pool_stride(&pool), 12);
    CHECK_STATUS(bento_block_pool_init(&pool, (unsigned char *)arena.buffer + 4,
                                       BENTO_BLOCK_POOL_BYTES(16, 3), 3, 16),
                 BENTO_OK);
    CHECK_EQ(bento_block_pool_stride(&pool), 4);
    CHECK_EQ(bento_block_pool_capacity(&pool), 16);
}

static void test_alloc_free_cycle(void)
{
    messages *const pool = &arena.cycle.pool;
    message *blocks[8];
    message *extra = NULL;
    uint32_t i, j;
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_EQ(messages_capacity(pool), 8);
    CHECK_EQ(messages_high_water(pool), 0);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(messages_alloc(pool, &blocks[i]), BENTO_OK);
        CHECK(blocks[i] != NULL);
        CHECK(bento_test_aligned(blocks[i], 4u));
        /* inside the pool's storage, one stride apart */
        CHECK((unsigned char *)blocks[i] >= (unsigned char *)pool->storage);
        CHECK((unsigned char *)blocks[i] + 12 <= (unsigned char *)pool->storage + 8 * 12);
        for (j = 0; j < i; j++) {
            CHECK(blocks[j] != blocks[i]);
        }
        blocks[i]->id = 100u + i;
        CHECK_EQ(messages_count(pool), i + 1u);
        CHECK_EQ(messages_high_water(pool), i + 1u);
        CHECK(messages_contains(pool, blocks[i]));
    }
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_E_FULL);
    CHECK(extra == NULL);
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
    /* free in an odd order; the others keep their contents */
    CHECK_STATUS(messages_free(pool, blocks[3]), BENTO_OK);
    CHECK_STATUS(messages_free(pool, blocks[0]), BENTO_OK);
    CHECK_STATUS(messages_free(pool, blocks[7]), BENTO_OK);
    CHECK(!messages_contains(pool, blocks[3]));
    CHECK_EQ(messages_count(pool), 5);
    CHECK_EQ(messages_high_water(pool), 8);
    CHECK_EQ(blocks[1]->id, 101);
    CHECK_EQ(blocks[6]->id, 106);
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
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
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
    /* init again frees everything at once and restarts the high-water mark */
    CHECK_STATUS(messages_alloc(pool, &extra), BENTO_OK);
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_EQ(messages_count(pool), 0);
    CHECK_EQ(messages_high_water(pool), 0);
    CHECK_STATUS(messages_free(pool, extra), BENTO_E_STALE);
}

static void test_free_statuses(void)
{
    messages *const pool = &arena.statuses.pool;
    messages *const other = &arena.statuses.other;
    message *a = NULL, *b = NULL, *foreign = NULL;
    unsigned char *base;
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_STATUS(messages_init(other), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &a), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &b), BENTO_OK);
    CHECK_STATUS(messages_alloc(other, &foreign), BENTO_OK);
    base = (unsigned char *)pool->storage;
    /* not the start of one of its blocks */
    CHECK_STATUS(bento_block_pool_free(&pool->pool, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool->pool, (unsigned char *)a + 4), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool->pool, (unsigned char *)b + 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool->pool, base + 8 * 12), BENTO_E_ARGUMENT); /* state */
    /* addresses beyond the storage, formed as integers */
    CHECK_STATUS(bento_block_pool_free(&pool->pool, (void *)((uintptr_t)base + 100u * 12u)),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool->pool, (void *)((uintptr_t)base - 12u)),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_free(&pool->pool, foreign), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_block_pool_index_of(&pool->pool, foreign), BENTO_BLOCK_NONE);
    CHECK_EQ(bento_block_pool_index_of(&pool->pool, b), 1);
    CHECK(bento_block_pool_block_at(&pool->pool, 1) == b);
    /* a block of the pool that is not live */
    CHECK_STATUS(bento_block_pool_free(&pool->pool, base + 5 * 12), BENTO_E_STALE); /* never used */
    CHECK_STATUS(messages_free(pool, a), BENTO_OK);
    CHECK_STATUS(messages_free(pool, a), BENTO_E_STALE); /* double free */
    CHECK_STATUS(messages_free(pool, b), BENTO_OK);
    CHECK_STATUS(messages_free(pool, a), BENTO_E_STALE);
    CHECK_STATUS(messages_free(pool, b), BENTO_E_STALE);
    /* nothing above changed the pool: the free list is intact, a and b come back */
    CHECK_EQ(messages_count(pool), 0);
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &a), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &b), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &foreign), BENTO_OK);
    CHECK_EQ(bento_block_pool_index_of(&pool->pool, foreign), 2); /* carved: the list was 2 long */
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
}

/* Eight-byte blocks keep eight-byte alignment. */
static void test_typed_alignment(void)
{
    wide *const pool = &arena.aligned.pool;
    double *d[3];
    double *none = NULL;
    uint32_t i;
    CHECK_STATUS(wide_init(pool), BENTO_OK);
    for (i = 0; i < 3u; i++) {
        CHECK_STATUS(wide_alloc(pool, &d[i]), BENTO_OK);
        CHECK(bento_test_aligned(d[i], 8u));
        *d[i] = 0.5 * (double)i;
    }
    CHECK_STATUS(wide_alloc(pool, &none), BENTO_E_FULL);
    CHECK(*d[2] == 1.0);
    CHECK_STATUS(wide_free(pool, d[1]), BENTO_OK);
    CHECK_EQ(wide_count(pool), 2);
}

/*
 * Pointer to index by reciprocal multiplication, checked against division at the extremes:
 * init never touches the memory, so a pool can be laid over an address range that does not
 * exist, up to blocks spanning almost 4 GiB, and only index_of is asked.
 */
static void test_reciprocal_exact(void)
{
    static const uint32_t strides[] = {4u, 8u, 12u, 20u, 24u, 36u, 100u, 4092u, 65540u, 1000004u};
    const uintptr_t base = (uintptr_t)0x10000u;
    uint32_t s;
    uint32_t bad = 0u;
    for (s = 0; s < sizeof strides / sizeof strides[0]; s++) {
        bento_block_pool pool;
        const uint32_t stride = strides[s];
        /* the largest capacity the pool accepts, unless size_t cannot count its bytes (32 bits) */
        const uint32_t fit = UINT32_MAX / stride;
        const size_t room = (size_t)-1 / ((size_t)stride + 1u);
        const uint32_t capacity = (size_t)fit <= room ? fit : (uint32_t)room;
        uint32_t t;
        CHECK_STATUS(bento_block_pool_init(&pool, (void *)base, (size_t)-1, stride, fit + 1u),
                     BENTO_E_ARGUMENT);
        CHECK_STATUS(bento_block_pool_init(&pool, (void *)base, (size_t)-1, stride, capacity),
                     BENTO_OK);
        for (t = 0; t < 64u; t++) {
            /* the first and last blocks, then random ones */
            const uint32_t k = t < 4u ? t : t < 8u ? capacity - 1u - (t - 4u)
                                                   : bento_test_rand_below(capacity);
            const uintptr_t start = base + (uintptr_t)k * stride;
            const uint32_t delta = 1u + bento_test_rand_below(stride - 1u);
            if (bento_block_pool_index_of(&pool, (const void *)start) != k ||
                bento_block_pool_index_of(&pool, (const void *)(start + delta)) != BENTO_BLOCK_NONE ||
                bento_block_pool_index_of(&pool, (const void *)(start - delta)) !=
                    BENTO_BLOCK_NONE) {
                bad++;
            }
        }
        /* one past the last block, and below the first */
        if (bento_block_pool_index_of(&pool, (const void *)(base + (uintptr_t)capacity * stride)) !=
                BENTO_BLOCK_NONE ||
            bento_block_pool_index_of(&pool, (const void *)(base - stride)) != BENTO_BLOCK_NONE) {
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
}

/* Every byte offset around a small pool: index_of agrees with division. */
static void test_index_of_every_offset(void)
{
    bento_block_pool pool;
    unsigned char *base = (unsigned char *)arena.offsets.memory + 24;
    int32_t offset;
    uint32_t bad = 0u;
    CHECK_STATUS(bento_block_pool_init(&pool, base, BENTO_BLOCK_POOL_BYTES(10, 20), 20, 10),
                 BENTO_OK);
    for (offset = -24; offset < 10 * 20 + 24; offset++) {
        const uint32_t want = offset >= 0 && offset < 200 && offset % 20 == 0
                                  ? (uint32_t)offset / 20u
                                  : BENTO_BLOCK_NONE;
        if (bento_block_pool_index_of(&pool, base + offset) != want) {
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
}

static void test_corruption(void)
{
    messages *const pool = &arena.corruption.pool;
    message *a = NULL, *b = NULL, *c = NULL, *got = NULL;
    uint32_t saved;
    CHECK_STATUS(messages_init(pool), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &a), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &b), BENTO_OK);
    CHECK_STATUS(messages_alloc(pool, &c), BENTO_OK);
    CHECK_STATUS(messages_free(pool, a), BENTO_OK);
    CHECK_STATUS(messages_free(pool, b), BENTO_OK); /* list: b -> a -> end */
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);

    /* a write into a freed block damages its link: alloc refuses instead of handing out junk */
    saved = b->id;
    b->id = 1000u; /* beyond the carved region */
    CHECK_STATUS(messages_alloc(pool, &got), BENTO_OK); /* b itself is still fine */
    CHECK(got == b);
    CHECK_STATUS(messages_alloc(pool, &got), BENTO_E_CORRUPT);
    CHECK(got == NULL);
    CHECK_EQ(messages_count(pool), 2);
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    pool->pool.free_head = 2u; /* a link to a live block (c) */
    CHECK_STATUS(messages_alloc(pool, &got), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    /* repair: b goes back with its old link, the pool is whole again */
    pool->pool.free_head = 0u;
    CHECK_STATUS(messages_free(pool, b), BENTO_OK);
    CHECK_EQ(b->id, 0);
    b->id = saved;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);

    /* a cycle in the free list: b -> a -> b */
    a->id = 1u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    a->id = BENTO_BLOCK_NONE;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
    /* a state byte that is neither free nor live */
    pool->pool.state[2] = 7u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    pool->pool.state[2] = 1u;
    /* a free block marked live: the list reaches a live block */
    pool->pool.state[0] = 1u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    pool->pool.state[0] = 0u;
    /* counters that disagree */
    pool->pool.count = 2u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    pool->pool.count = 1u;
    pool->pool.fresh = 9u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_E_CORRUPT);
    pool->pool.fresh = 3u;
    CHECK_STATUS(bento_block_pool_check(&pool->pool), BENTO_OK);
}

/* Random operations against a naive model: live blocks with the tag written into each. */
static void test_against_model(void)
{
    uint32_t **const live = arena.model.live;
    uint32_t *const tags = arena.model.tags;
    void **const dead = arena.model.dead;
    bento_block_pool pool;
    uint32_t live_count = 0u, dead_count = 0u, next_tag = 1u, high = 0u;
    uint32_t step, steps = 4000u * bento_test_scale();
    uint32_t mismatches = 0u;
    CHECK_STATUS(bento_block_pool_init(&pool, arena.model.memory, sizeof arena.model.memory, STRIDE,
                                       CAP),
                 BENTO_OK);
    for (step = 0; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        uint32_t k;
        if (op < 45u) {
            void *block;
            const bento_status s = bento_block_pool_alloc(&pool, &block);
            if (s != (live_count == CAP ? BENTO_E_FULL : BENTO_OK)) {
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
        } else if (op < 85u && live_count != 0u) {
            k = bento_test_rand_below(live_count);
            if (bento_block_pool_free(&pool, live[k]) != BENTO_OK) {
                mismatches++;
            }
            dead[dead_count++ % DEAD] = live[k];
            live[k] = live[--live_count];
            tags[k] = tags[live_count];
        } else if (op < 95u && dead_count != 0u) {
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
        } else if (live_count != 0u) {
            /* a pointer inside a live block */
            unsigned char *p = (unsigned char *)live[bento_test_rand_below(live_count)];
            if (bento_block_pool_free(&pool, p + 1u + bento_test_rand_below(STRIDE - 1u)) !=
                BENTO_E_ARGUMENT) {
                mismatches++;
            }
        }
        /* after every operation: counters agree, every live block still holds its tag */
        if (bento_block_pool_count(&pool) != live_count ||
            bento_block_pool_high_water(&pool) != high) {
            mismatches++;
        }
        for (k = 0; k < live_count; k++) {
            uint32_t w;
            if (!bento_block_pool_contains(&pool, live[k])) {
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
    CHECK_EQ(high, CAP); /* the run did fill the pool */
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
}

/*
 * The critical-section hook. The pool's code is compiled a second time in this file with a
 * hook that counts and checks nesting, under other function names, so that the library build
 * keeps the default (empty) hook.
 */
static uint32_t critical_depth, critical_entries, critical_faults;

static uint32_t critical_enter(void)
{
    critical_entries++;
    critical_depth++;
    return 0xc5000000u | critical_depth;
}

static void critical_exit(uint32_t state)
{
    if (critical_depth == 0u || state != (0xc5000000u | critical_depth)) {
        critical_faults++;
    }
    critical_depth--;
}

#undef BENTO_CRITICAL_ENTER
#undef BENTO_CRITICAL_EXIT
#define BENTO_CRITICAL_ENTER() critical_enter()
#define BENTO_CRITICAL_EXIT(state) critical_exit(state)
#define bento_block_pool_init hooked_block_pool_init
#define bento_block_pool_alloc hooked_block_pool_alloc
#define bento_block_pool_free hooked_block_pool_free
#include "../core/src/block_pool.c"
#undef bento_block_pool_init
#undef bento_block_pool_alloc
#undef bento_block_pool_free

static void test_critical_section(void)
{
    bento_block_pool pool;
    void *a = NULL, *b = NULL, *c = NULL;
    CHECK_STATUS(hooked_block_pool_init(&pool, arena.hooked.memory, sizeof arena.hooked.memory, 8,
                                        2),
                 BENTO_OK);
    CHECK_EQ(critical_entries, 0); /* init is not covered: it says so */
    /* every alloc and free, failing ones included, runs in exactly one balanced section */
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &a), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &b), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_E_FULL);
    CHECK_STATUS(hooked_block_pool_free(&pool, a), BENTO_OK);
    CHECK_STATUS(hooked_block_pool_free(&pool, a), BENTO_E_STALE);
    CHECK_STATUS(hooked_block_pool_free(&pool, NULL), BENTO_E_ARGUMENT);
    *(uint32_t *)a = 1u; /* damage the freed block's link: it now names b, which is live */
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_OK);
    CHECK(c == a);
    CHECK_STATUS(hooked_block_pool_alloc(&pool, &c), BENTO_E_CORRUPT);
    pool.free_head = BENTO_BLOCK_NONE; /* repair */
    CHECK_STATUS(hooked_block_pool_free(&pool, a), BENTO_OK);
    CHECK_STATUS(bento_block_pool_check(&pool), BENTO_OK);
    CHECK_EQ(critical_entries, 9);
    CHECK_EQ(critical_depth, 0);
    CHECK_EQ(critical_faults, 0);
}

void test_block_pool(void)
{
    test_arena storage;
    arena_storage = &storage;
    test_critical_section();
    test_init_statuses();
    test_alloc_free_cycle();
    test_free_statuses();
    test_typed_alignment();
    test_reciprocal_exact();
    test_index_of_every_offset();
    test_corruption();
    test_against_model();
}
