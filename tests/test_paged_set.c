/* SPDX-License-Identifier: MIT */
/* Tests of bento/paged_set.h: every status, pages taken and given back, stable pointers, a model. */
#include <bento/paged_set.h>

#include "bento_test.h"

typedef struct body {
    uint32_t tag;
    uint32_t check;
} body; /* 8 bytes, 4-byte aligned */

/* 32 keys over indices 0..127 (7 index bits, generations above), pages of 8 */
BENTO_PAGED_SET_TYPE(bodies, body, 32, 128, 8, 7);
BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 4);

#define KEY(index, generation) ((uint32_t)(generation) << 7 | (uint32_t)(index))

/* the model test's set: indices up to 127, a universe of 64, few pages */
enum { UNIVERSE = 64, INDEX_SPAN = 128, PAGE = 4, CAP = 16, PAGES = 6, VSIZE = 12 };
enum { PAGE_BYTES = PAGE * 4 + PAGE * VSIZE, PAGE_COUNT = (UNIVERSE + PAGE - 1) / PAGE };

/*
 * Every test's storage, overlaid: the tests run one after another. It lives on the stack of
 * the suite's entry function (see the end of the file), not in .bss: the smallest board has
 * 16 KiB of RAM for every suite's static data together.
 */
typedef union test_arena {
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(8, 64, 8)) + 1];
        bento_align_unit pool_memory[BENTO_ALIGN_UNITS(
            BENTO_BLOCK_POOL_BYTES(2, BENTO_PAGED_SET_PAGE_BYTES(8, 8))) + 1];
    } init;
    struct {
        body_pages pages;
        bodies set;
    } basic, full, corruption;
    struct {
        body_pages pages;
        bodies first, second;
    } shared;
    struct {
        bento_align_unit pool_memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(PAGES, PAGE_BYTES))];
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(CAP, UNIVERSE, PAGE))];
        uint32_t key[UNIVERSE];      /* key present at each index, or NONE */
        uint32_t *value[UNIVERSE];   /* the pointer insert returned */
        uint32_t page[PAGE_COUNT];   /* keys per page */
    } model;
} test_arena;

static test_arena *arena_storage;
#define arena (*arena_storage)

static void test_init_statuses(void)
{
    bento_align_unit *const memory = arena.init.memory;
    bento_align_unit *const pool_memory = arena.init.pool_memory;
    const size_t bytes = BENTO_PAGED_SET_BYTES(8, 64, 8);
    const size_t page_bytes = BENTO_PAGED_SET_PAGE_BYTES(8, 8);
    bento_block_pool pages, unusable, odd_stride, odd_base;
    bento_paged_set set;
    void *value = &set;
    CHECK_EQ(BENTO_PAGED_SET_PAGES(64, 8), 8);
    CHECK_EQ(BENTO_PAGED_SET_PAGES(65, 8), 9);
    CHECK_EQ(BENTO_PAGED_SET_BYTES(8, 64, 8), 8 * 4 + 8 * 8);
    CHECK_EQ(page_bytes, 8 * 4 + 8 * 8);
    CHECK_EQ(sizeof(bodies_page), BENTO_PAGED_SET_PAGE_BYTES(8, sizeof(body)));
    CHECK_EQ(BENTO__LOG2_POW2(2u), 1);
    CHECK_EQ(BENTO__LOG2_POW2(16u), 4);
    CHECK_EQ(BENTO__LOG2_POW2(16777216u), 24);
    CHECK_STATUS(bento_block_pool_init(&pages, pool_memory,
                                       BENTO_BLOCK_POOL_BYTES(2, page_bytes), page_bytes, 2),
                 BENTO_OK);
    CHECK_STATUS(bento_block_pool_init(&unusable, NULL, 0, 4, 1), BENTO_E_ARGUMENT);
#define INIT(mem, n, pool, vsize, cap, universe, psize, bits) \
    bento_paged_set_init(&set, (mem), (n), (pool), (vsize), (cap), (universe), (psize), (bits))
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 6), BENTO_OK);
    CHECK_STATUS(INIT(NULL, bytes, &pages, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, NULL, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &unusable, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 0, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, (1u << 24) + 1u, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 0, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 65, 64, 8, 6), BENTO_E_ARGUMENT); /* > universe */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 0, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 65, 8, 6), BENTO_E_ARGUMENT); /* > 2^6 */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 0, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 1, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 12, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 1u << 25, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 33), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT((unsigned char *)memory + 2, bytes, &pages, 8, 8, 64, 8, 6), BENTO_E_ALIGN);
    /* 8-byte values need 8-byte aligned pages: a stride of 4 * 8 + 8 * 8 + 4 is not */
    CHECK_STATUS(bento_block_pool_init(&odd_stride, pool_memory,
                                       BENTO_BLOCK_POOL_BYTES(1, page_bytes + 4), page_bytes + 4, 1),
                 BENTO_OK);
    CHECK_STATUS(INIT(memory, bytes, &odd_stride, 8, 8, 64, 8, 6), BENTO_E_ALIGN);
    CHECK_STATUS(INIT(memory, bytes, &odd_stride, 4, 8, 64, 8, 6), BENTO_OK); /* 4-byte values */
    /* ... nor is a pool whose buffer is only 4-byte aligned (a stride of 12 allows that) */
    CHECK_STATUS(bento_block_pool_init(&odd_base, (unsigned char *)pool_memory + 4,
                                       BENTO_BLOCK_POOL_BYTES(1, 12), 12, 1),
                 BENTO_OK);
    CHECK_STATUS(INIT(memory, bytes, &odd_base, 8, 8, 8, 2, 6), BENTO_E_ALIGN);
    CHECK_STATUS(INIT(memory, bytes, &odd_base, 4, 8, 8, 2, 6), BENTO_E_SIZE); /* 16 > 12 */
    CHECK_STATUS(INIT(memory, bytes, &odd_base, 2, 8, 8, 2, 6), BENTO_OK);
    /* sizes: the set's buffer, then the pool's blocks */
    CHECK_STATUS(INIT(memory, bytes - 1, &pages, 8, 8, 64, 8, 6), BENTO_E_SIZE);
    CHECK_STATUS(INIT(memory, bytes, &pages, 12, 8, 64, 8, 6), BENTO_E_SIZE);
    /* a failed init leaves a set that refuses every key */
    CHECK_STATUS(bento_paged_set_insert(&set, 1u, &value), BENTO_E_ARGUMENT);
    CHECK(value == NULL);
    CHECK(bento_paged_set_get(&set, 1u) == NULL);
    CHECK_STATUS(bento_paged_set_remove(&set, 1u), BENTO_E_NOT_FOUND);
    CHECK_EQ(bento_paged_set_count(&set), 0);
    CHECK_EQ(bento_paged_set_capacity(&set), 0);
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
    /* 32 index bits: plain ids, no generation; a universe that is not a multiple of a page */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 61, 8, 32), BENTO_OK);
    CHECK_STATUS(bento_paged_set_insert(&set, 60u, &value), BENTO_OK);
    CHECK_STATUS(bento_paged_set_insert(&set, 61u, &value), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_paged_set_insert(&set, 0xffffffffu, &value), BENTO_E_ARGUMENT);
    CHECK(bento_paged_set_contains(&set, 60u));
    CHECK(!bento_paged_set_contains(&set, 60u + 256u)); /* no generation bits: another key */
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
    bento_paged_set_clear(&set);
    CHECK_EQ(bento_block_pool_count(&pages), 0);
#undef INIT
}

static void test_basic(void)
{
    body_pages *const pages = &arena.basic.pages;
    bodies *const set = &arena.basic.set;
    body *a = NULL, *b = NULL, *c = NULL, *none = NULL;
    uint32_t i;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, &pages->pool), BENTO_OK);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(body_pages_count(pages), 0); /* no page until a key needs one */
    CHECK_STATUS(bodies_insert(set, KEY(3, 1), &a), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(5, 1), &b), BENTO_OK);
    CHECK_EQ(body_pages_count(pages), 1); /* 3 and 5 share page 0 */
    CHECK_STATUS(bodies_insert(set, KEY(100, 2), &c), BENTO_OK);
    CHECK_EQ(body_pages_count(pages), 2);
    CHECK_EQ(bento_paged_set_pages_held(&set->set), 2);
    CHECK(bento_test_aligned(a, 4u) && bento_test_aligned(c, 4u));
    a->tag = 3u;
    b->tag = 5u;
    c->tag = 200u;
    CHECK(bodies_get(set, KEY(3, 1)) == a);
    CHECK(bodies_get(set, KEY(100, 2)) == c);
    CHECK(bodies_contains(set, KEY(5, 1)));
    CHECK_EQ(bodies_count(set), 3);
    /* EXISTS: the same key, or another generation of a present index */
    CHECK_STATUS(bodies_insert(set, KEY(3, 1), &none), BENTO_E_EXISTS);
    CHECK(none == NULL);
    CHECK_STATUS(bodies_insert(set, KEY(3, 2), NULL), BENTO_E_EXISTS);
    CHECK(!bodies_contains(set, KEY(3, 2)));
    CHECK(bodies_get(set, KEY(3, 0)) == NULL);
    CHECK_STATUS(bodies_remove(set, KEY(3, 2)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_paged_set_insert(&set->set, KEY(3, 1) | 0x80000000u, NULL), BENTO_E_EXISTS);
    /* NOT_FOUND: absent keys, in a held page and in a page never taken */
    CHECK_STATUS(bodies_remove(set, KEY(4, 1)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bodies_remove(set, KEY(60, 1)), BENTO_E_NOT_FOUND);
    CHECK(bodies_get(set, KEY(60, 1)) == NULL);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
    /* removing the first key moves the last dense key, not any value */
    CHECK_STATUS(bodies_remove(set, KEY(3, 1)), BENTO_OK);
    CHECK(bodies_get(set, KEY(3, 1)) == NULL);
    CHECK_STATUS(bodies_remove(set, KEY(3, 1)), BENTO_E_NOT_FOUND);
    CHECK(bodies_get(set, KEY(100, 2)) == c);
    CHECK(bodies_get(set, KEY(5, 1)) == b);
    CHECK_EQ(c->tag, 200);
    CHECK_EQ(b->tag, 5);
    CHECK_EQ(bodies_keys(set)[0], KEY(100, 2));
    CHECK_EQ(body_pages_count(pages), 2); /* page 0 still holds 5 */
    /* the last key of a page gives the page back */
    CHECK_STATUS(bodies_remove(set, KEY(100, 2)), BENTO_OK);
    CHECK_EQ(body_pages_count(pages), 1);
    CHECK_EQ(bento_paged_set_pages_held(&set->set), 1);
    CHECK(bodies_get(set, KEY(5, 1)) == b);
    /* a new generation of a removed index is welcome */
    CHECK_STATUS(bodies_insert(set, KEY(3, 2), &a), BENTO_OK);
    CHECK(bodies_get(set, KEY(3, 2)) == a);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
    /* iteration: every dense key finds its value */
    for (i = 0; i < bodies_count(set); i++) {
        CHECK(bodies_get(set, bodies_keys(set)[i]) != NULL);
    }
    bodies_clear(set);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(body_pages_count(pages), 0);
    CHECK(bodies_get(set, KEY(5, 1)) == NULL);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
}

static void test_full(void)
{
    body_pages *const pages = &arena.full.pages;
    bodies *const set = &arena.full.set;
    body *value = NULL;
    uint32_t i;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, &pages->pool), BENTO_OK);
    /* FULL from the pool: 4 pages, a key in a fifth page has nowhere to go */
    for (i = 0; i < 4u; i++) {
        CHECK_STATUS(bodies_insert(set, KEY(i * 8u, 0), &value), BENTO_OK);
    }
    CHECK_STATUS(bodies_insert(set, KEY(4 * 8, 0), &value), BENTO_E_FULL);
    CHECK(value == NULL);
    CHECK_EQ(bodies_count(set), 4);
    CHECK_STATUS(bodies_insert(set, KEY(1, 0), &value), BENTO_OK); /* a held page has room */
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
    /* FULL from the capacity: 32 keys in the 4 held pages */
    for (i = 2; bodies_count(set) < 32u; i++) {
        if ((i & 7u) != 0u) {
            CHECK_STATUS(bodies_insert(set, KEY(i, 0), NULL), BENTO_OK);
        }
    }
    CHECK_STATUS(bodies_insert(set, KEY(i, 0), &value), BENTO_E_FULL);
    CHECK_STATUS(bodies_insert(set, KEY(1, 0), &value), BENTO_E_EXISTS); /* EXISTS before FULL */
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
    bodies_clear(set);
    CHECK_EQ(body_pages_count(pages), 0);
}

/* A pass in index order, removing as it goes: values stay put, nothing is visited twice. */
static void test_next(void)
{
    body_pages *const pages = &arena.basic.pages;
    bodies *const set = &arena.basic.set;
    static const uint32_t indices[] = {0u, 1u, 7u, 9u, 40u, 127u};
    uint32_t cursor = 0u, key = 0u, i;
    body *v;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, &pages->pool), BENTO_OK);
    CHECK(bento_paged_set_next(&set->set, &cursor, &key) == NULL); /* empty */
    CHECK_EQ(cursor, BENTO_PAGED_SET_NONE);
    for (i = 0; i < 6u; i++) {
        /* inserted out of order, so dense order is not index order */
        const uint32_t index = indices[(i * 5u) % 6u];
        CHECK_STATUS(bodies_insert(set, KEY(index, 1), &v), BENTO_OK);
        v->tag = index;
    }
    cursor = 0u;
    for (i = 0; i < 6u; i++) {
        v = (body *)bento_paged_set_next(&set->set, &cursor, i == 2u ? NULL : &key);
        CHECK(v != NULL);
        if (v == NULL) {
            break;
        }
        CHECK_EQ(v->tag, indices[i]);
        CHECK_EQ(cursor, indices[i] + 1u);
        if (i != 2u) {
            CHECK_EQ(key, KEY(indices[i], 1));
        }
        if ((i & 1u) == 0u) {
            CHECK_STATUS(bodies_remove(set, KEY(indices[i], 1)), BENTO_OK); /* as it goes */
        }
    }
    CHECK(bento_paged_set_next(&set->set, &cursor, &key) == NULL);
    CHECK_EQ(bodies_count(set), 3);
    /* a cursor in the middle of a page and one beyond the universe */
    cursor = 8u;
    v = (body *)bento_paged_set_next(&set->set, &cursor, &key);
    CHECK(v != NULL && v->tag == 9u);
    cursor = 128u;
    CHECK(bento_paged_set_next(&set->set, &cursor, &key) == NULL);
    bodies_clear(set);
}

/* Two sets draw pages from one pool: pages follow the keys actually present. */
static void test_shared_pool(void)
{
    body_pages *const pages = &arena.shared.pages;
    bodies *const first = &arena.shared.first;
    bodies *const second = &arena.shared.second;
    body *value = NULL;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(first, &pages->pool), BENTO_OK);
    CHECK_STATUS(bodies_init(second, &pages->pool), BENTO_OK);
    CHECK_STATUS(bodies_insert(first, KEY(0, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(first, KEY(8, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(second, KEY(0, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(second, KEY(16, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(second, KEY(24, 0), &value), BENTO_E_FULL);
    CHECK_STATUS(bodies_remove(first, KEY(8, 0)), BENTO_OK); /* a page back to the pool */
    CHECK_STATUS(bodies_insert(second, KEY(24, 0), &value), BENTO_OK);
    CHECK(value != NULL);
    CHECK_STATUS(bento_paged_set_check(&first->set), BENTO_OK);
    CHECK_STATUS(bento_paged_set_check(&second->set), BENTO_OK);
    CHECK_STATUS(bento_block_pool_check(&pages->pool), BENTO_OK);
    bodies_clear(first);
    bodies_clear(second);
    CHECK_EQ(body_pages_count(pages), 0);
    CHECK_EQ(body_pages_high_water(pages), 4);
}

static void test_corruption(void)
{
    body_pages *const pages = &arena.corruption.pages;
    bodies *const set = &arena.corruption.set;
    body *value = NULL;
    uint32_t saved, block, slot, i;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, &pages->pool), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(1, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(2, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(9, 0), NULL), BENTO_OK);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
    block = set->set.page_table[0];

    /* CORRUPT from insert: the pool's free list is damaged when a new page is needed */
    CHECK_STATUS(bodies_insert(set, KEY(17, 0), NULL), BENTO_OK);
    CHECK_STATUS(bodies_remove(set, KEY(17, 0)), BENTO_OK); /* its page is free again */
    saved = *(uint32_t *)bento_block_pool_block_at(&pages->pool, 2);
    *(uint32_t *)bento_block_pool_block_at(&pages->pool, 2) = 0u; /* a link to a live page */
    CHECK_STATUS(bodies_insert(set, KEY(17, 0), NULL), BENTO_OK); /* takes page 2 itself */
    CHECK_STATUS(bodies_insert(set, KEY(25, 0), &value), BENTO_E_CORRUPT);
    CHECK(value == NULL);
    CHECK_STATUS(bodies_remove(set, KEY(17, 0)), BENTO_OK);
    pages->pool.free_head = 2u;
    *(uint32_t *)bento_block_pool_block_at(&pages->pool, 2) = saved;
    CHECK_STATUS(bento_block_pool_check(&pages->pool), BENTO_OK);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);

    /* CORRUPT from insert: a page table entry beyond the pool */
    set->set.page_table[0] = 99u;
    CHECK_STATUS(bodies_insert(set, KEY(3, 0), NULL), BENTO_E_CORRUPT);
    CHECK(bodies_get(set, KEY(1, 0)) == NULL); /* get never reads outside the pool */
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    /* the last offset at which a page fits: not a block start, but every access stays inside */
    CHECK_EQ(set->set.page_limit, (4u * sizeof(bodies_page) - sizeof(bodies_page)) / 4u + 1u);
    set->set.page_table[0] = set->set.page_limit - 1u;
    for (i = 0; i < 8u; i++) {
        /* whatever get makes of the words there, it answers inside the pool's blocks */
        const unsigned char *v = (const unsigned char *)bodies_get(set, KEY(i, 0));
        const unsigned char *start = (const unsigned char *)pages->storage;
        CHECK(v == NULL || (v >= start && v + sizeof(body) <= start + 4u * sizeof(bodies_page)));
    }
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.page_table[0] = block;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);

    /* check: a slot and a dense key that disagree, counts that disagree, a freed page */
    slot = set->set.dense[0];
    set->set.dense[0] = KEY(4, 0);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.dense[0] = slot;
    set->set.page_live[0] = 3u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.page_live[0] = 2u;
    set->set.page_live[5] = 1u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.page_live[5] = 0u;
    set->set.pages_held = 3u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.pages_held = 2u;
    set->set.count = 33u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    set->set.count = 3u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);

    /* CORRUPT from remove: the pool refuses the page back (it thinks the page is free) */
    block = bento_block_pool_index_of(&pages->pool, set->set.page_base + set->set.page_table[1]);
    pages->pool.state[block] = 0u;
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_E_CORRUPT);
    CHECK_STATUS(bodies_remove(set, KEY(9, 0)), BENTO_E_CORRUPT);
    CHECK(!bodies_contains(set, KEY(9, 0))); /* removed all the same */
    CHECK_EQ(bodies_count(set), 2);
    CHECK_STATUS(bento_paged_set_check(&set->set), BENTO_OK);
}

/*
 * Random operations against a naive model: which key holds each index, the pointer insert
 * returned for it and the tag written there. After every operation each present key must
 * still be found at the very pointer insert returned, holding its tag (pointer stability),
 * and the pool must hold exactly the pages that have keys.
 */
static void test_against_model(void)
{
    uint32_t *const model_key = arena.model.key;
    uint32_t **const model_value = arena.model.value;
    uint32_t *const model_page = arena.model.page;
    bento_block_pool pool;
    bento_paged_set set;
    uint32_t count = 0u, pages_used = 0u, next_tag = 1u;
    uint32_t step, steps = 3000u * bento_test_scale();
    uint32_t mismatches = 0u, full_pages = 0u, full_capacity = 0u;
    uint32_t i;
    CHECK_STATUS(bento_block_pool_init(&pool, arena.model.pool_memory,
                                       sizeof arena.model.pool_memory, PAGE_BYTES, PAGES),
                 BENTO_OK);
    CHECK_STATUS(bento_paged_set_init(&set, arena.model.memory, sizeof arena.model.memory, &pool,
                                      VSIZE, CAP, UNIVERSE, PAGE, 7),
                 BENTO_OK);
    for (i = 0; i < UNIVERSE; i++) {
        model_key[i] = BENTO_PAGED_SET_NONE;
    }
    for (i = 0; i < PAGE_COUNT; i++) {
        model_page[i] = 0u;
    }
    for (step = 0; step < steps && mismatches == 0u; step++) {
        /* phases of growth and of shrinking, so that both the pool and the capacity run out */
        const bool growing = (step & 256u) != 0u;
        const uint32_t op = bento_test_rand_below(100u);
        /* indices up to 127, so some are beyond the universe; generations 0..3 */
        const uint32_t index = bento_test_rand_below(INDEX_SPAN);
        const uint32_t key = KEY(index, bento_test_rand_below(4u));
        const bool present = index < UNIVERSE && model_key[index] == key;
        if (op < (growing ? 85u : 25u)) {
            uint32_t *value = NULL;
            void *raw = NULL;
            bento_status want = BENTO_OK;
            const bento_status got = bento_paged_set_insert(&set, key, &raw);
            if (index >= UNIVERSE) {
                want = BENTO_E_ARGUMENT;
            } else if (model_key[index] != BENTO_PAGED_SET_NONE) {
                want = BENTO_E_EXISTS;
            } else if (count == CAP) {
                want = BENTO_E_FULL;
                full_capacity++;
            } else if (model_page[index / PAGE] == 0u && pages_used == PAGES) {
                want = BENTO_E_FULL;
                full_pages++;
            }
            if (got != want || (got == BENTO_OK) != (raw != NULL)) {
                mismatches++;
            }
            if (got == BENTO_OK) {
                value = (uint32_t *)raw;
                value[0] = next_tag;
                value[1] = key;
                value[2] = ~next_tag;
                next_tag++;
                model_key[index] = key;
                model_value[index] = value;
                pages_used += model_page[index / PAGE]++ == 0u ? 1u : 0u;
                count++;
            }
        } else if (op < 90u) {
            /* remove: mostly a present key, sometimes a random one */
            uint32_t k = key;
            bool is_present = present;
            if (op < 86u && count != 0u) {
                uint32_t position = bento_test_rand_below(count);
                k = bento_paged_set_keys(&set)[position];
                is_present = (k & 0x7fu) < UNIVERSE && model_key[k & 0x7fu] == k;
                if (!is_present) {
                    mismatches++; /* a dense key the model does not know */
                }
            }
            if (bento_paged_set_remove(&set, k) != (is_present ? BENTO_OK : BENTO_E_NOT_FOUND)) {
                mismatches++;
            }
            if (is_present) {
                model_key[k & 0x7fu] = BENTO_PAGED_SET_NONE;
                pages_used -= --model_page[(k & 0x7fu) / PAGE] == 0u ? 1u : 0u;
                count--;
            }
        } else if (op < 99u || growing) {
            if (bento_paged_set_contains(&set, key) != present) {
                mismatches++;
            }
        } else {
            bento_paged_set_clear(&set);
            for (i = 0; i < UNIVERSE; i++) {
                model_key[i] = BENTO_PAGED_SET_NONE;
            }
            for (i = 0; i < PAGE_COUNT; i++) {
                model_page[i] = 0u;
            }
            count = 0u;
            pages_used = 0u;
        }
        /* after every operation: counts, pages, and every value where insert put it */
        if (bento_paged_set_count(&set) != count || bento_block_pool_count(&pool) != pages_used ||
            bento_paged_set_pages_held(&set) != pages_used) {
            mismatches++;
        }
        for (i = 0; i < UNIVERSE; i++) {
            if (model_key[i] != BENTO_PAGED_SET_NONE) {
                const uint32_t *v = (const uint32_t *)bento_paged_set_get(&set, model_key[i]);
                if (v != model_value[i] || v[1] != model_key[i] || v[2] != ~v[0]) {
                    mismatches++;
                }
            }
        }
        if ((step & 15u) == 0u) {
            /* a pass in index order visits exactly the present keys, ascending, in place */
            uint32_t cursor = 0u, visited = 0u, previous = 0u, k = 0u;
            uint32_t *v;
            while ((v = (uint32_t *)bento_paged_set_next(&set, &cursor, &k)) != NULL) {
                const uint32_t at = k & 0x7fu;
                if (at >= UNIVERSE || model_key[at] != k || model_value[at] != v ||
                    (visited != 0u && at <= previous) || cursor != at + 1u) {
                    mismatches++;
                }
                previous = at;
                visited++;
            }
            if (visited != count || cursor != BENTO_PAGED_SET_NONE) {
                mismatches++;
            }
        }
        if ((step & 31u) == 0u && (bento_paged_set_check(&set) != BENTO_OK ||
                                   bento_block_pool_check(&pool) != BENTO_OK)) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("paged set model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
    /* the run did exhaust both the pool and the capacity */
    CHECK(full_pages > 0u);
    CHECK(full_capacity > 0u);
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
}

void test_paged_set(void)
{
    test_arena storage;
    arena_storage = &storage;
    test_init_statuses();
    test_basic();
    test_full();
    test_next();
    test_shared_pool();
    test_corruption();
    test_against_model();
}
