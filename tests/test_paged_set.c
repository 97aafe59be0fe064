/* SPDX-License-Identifier: MIT */
/* Tests of bento/paged_set.h: every status, the typed wrapper, pages taken and given back,
 * stable pointers, the iterator, open from a buffer, damage and confinement, a model. */
#include <bento/paged_set.h>
#include <bento/pool.h>

#include "bento_test.h"

typedef struct body {
    uint32_t tag;
    uint32_t check;
} body; /* 8 bytes, 4-byte aligned */

/* 32 keys over indices 0..127 (7 index bits; generations above, never 0), pages of 8 */
BENTO_PAGED_SET_TYPE_BITS(bodies, body, 32, 128, 8, 7, 25);
BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 4);
/* the same layout with 9 index bits: another type, whose open refuses a bodies buffer */
BENTO_PAGED_SET_TYPE_BITS(wide_keys, body, 32, 128, 8, 9, 23);
/* smaller pages of another value type, drawn from the same pool */
BENTO_PAGED_SET_TYPE(tags, uint32_t, 16, 128, 4);
/* a universe below 2^index_bits: indices 100..127 have no page */
BENTO_PAGED_SET_TYPE(ids, body, 32, 100, 8);

#define KEY(index, generation) ((uint32_t)(generation) << 7 | (uint32_t)(index))

/* keyed by a pool's handles: 4 index bits, a universe of 16, pages of 4 */
BENTO_POOL_TYPE(crew, uint32_t, 12, uint16_t, BENTO_POOL_WRAP);
BENTO_PAGED_SET_TYPE_OF(holds, body, 8, crew_handle, 4);
BENTO_BLOCK_POOL_TYPE(hold_pages, holds_page, 3);


/* the model test's set: indices up to 127, a universe of 64, few pages */
enum { UNIVERSE = 64, INDEX_SPAN = 128, PAGE = 4, CAP = 16, PAGES = 6, VSIZE = 12 };
enum { PAGE_BYTES = PAGE * 4 + PAGE * VSIZE, PAGE_COUNT = (UNIVERSE + PAGE - 1) / PAGE };

/* Word offsets in every buffer's header (core/src/internal.h): the size, the first parameter. */
enum { HEAD_SIZE = 2, HEAD_PARAMS = 4 };
/* The header words that mean something: the common four, the parameters, the counters. */
#define HEAD_WORDS (4u + BENTO_IMPL_PAGED_SET_PARAMS + sizeof(bento_paged_set_state) / 4u)

/* Every test's storage, overlaid: the tests run one after another, and the smallest board has
 * 8 KiB of RAM (bento_test.h). */
static union {
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(8, 64, 8)) + 1];
        bento_align_unit pool_memory[BENTO_ALIGN_UNITS(
            BENTO_BLOCK_POOL_BYTES(2, BENTO_PAGED_SET_PAGE_BYTES(8, 8))) + 1];
    } init;
    struct {
        body_pages pages, pages_copy;
        bodies set, copy;
        tags second;
        ids third;
        wide_keys wide;
        bento_align_unit pool_memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(4, 104))];
    } typed;
    struct {
        bento_align_unit pool_memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(PAGES, PAGE_BYTES))];
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(CAP, UNIVERSE, PAGE))];
        uint32_t key[UNIVERSE];    /* key present at each index, or NONE */
        uint32_t *value[UNIVERSE]; /* the pointer insert returned */
        uint32_t page[PAGE_COUNT]; /* keys per page */
    } model;
} arena;

static uint32_t *head_word(const bento_paged_set *set, uint32_t i)
{
    return (uint32_t *)(void *)set->saved - HEAD_PARAMS - BENTO_IMPL_PAGED_SET_PARAMS + i;
}

/* True when `size` bytes at p lie inside the pool's blocks. */
static bool inside_pages(const bento_block_pool *pool, const void *p, size_t size)
{
    const uintptr_t first = (uintptr_t)bento_block_pool_block_at(pool, 0);
    const uintptr_t end =
        first + (uintptr_t)(bento_block_pool_capacity(pool) * bento_block_pool_stride(pool));
    return (uintptr_t)p >= first && (uintptr_t)p + size <= end;
}

/* A set whose init or open failed is inert: it answers every call as an empty full set. */
static void check_inert(bento_paged_set *set)
{
    void *value = &value;
    bento_paged_set_iter it;
    CHECK_EQ(bento_paged_set_capacity(set), 0);
    CHECK_EQ(bento_paged_set_count(set), 0);
    CHECK_EQ(bento_paged_set_pages_held(set), 0);
    CHECK_STATUS(bento_paged_set_insert(set, 1u, &value), BENTO_E_FULL);
    CHECK(value == NULL);
    CHECK_STATUS(bento_paged_set_insert(set, 0xffffffffu, NULL), BENTO_E_FULL);
    CHECK(bento_paged_set_get(set, 0u) == NULL);
    CHECK(bento_paged_set_get(set, 0xffffffffu) == NULL);
    CHECK(!bento_paged_set_contains(set, 1u));
    CHECK_STATUS(bento_paged_set_remove(set, 1u), BENTO_E_NOT_FOUND);
    bento_paged_set_iter_init(&it, set);
    CHECK(!bento_paged_set_iter_next(&it));
    CHECK(it.value == NULL);
    bento_paged_set_clear(set);
    CHECK_STATUS(bento_paged_set_check(set), BENTO_OK);
}

static void test_init_statuses(void)
{
    bento_align_unit *const memory = arena.init.memory;
    bento_align_unit *const pool_memory = arena.init.pool_memory;
    const size_t bytes = BENTO_PAGED_SET_BYTES(8, 64, 8);
    const size_t page_bytes = BENTO_PAGED_SET_PAGE_BYTES(8, 8);
    bento_block_pool pages, unusable, odd_stride, odd_base;
    bento_paged_set set;
    void *value = &set;
    uint32_t i;
    CHECK_EQ(BENTO_PAGED_SET_PAGES(64, 8), 8);
    CHECK_EQ(BENTO_PAGED_SET_PAGES(65, 8), 9);
    CHECK_EQ(BENTO_PAGED_SET_BYTES(8, 64, 8), BENTO_IMPL_PAGED_SET_HEAD + 8 * 4 + 8 * 8);
    CHECK_EQ(BENTO_IMPL_PAGED_SET_HEAD % 8u, 0);
    CHECK_EQ(page_bytes, 8 * 4 + 8 * 8);
    CHECK_EQ(sizeof(bodies_page), BENTO_PAGED_SET_PAGE_BYTES(8, sizeof(body)));
    CHECK_EQ(sizeof(tags_page), BENTO_PAGED_SET_PAGE_BYTES(4, sizeof(uint32_t)));
    CHECK_STATUS(bento_block_pool_init(&pages, pool_memory, BENTO_BLOCK_POOL_BYTES(2, page_bytes),
                                       page_bytes, 2),
                 BENTO_OK);
    CHECK_STATUS(bento_block_pool_init(&unusable, NULL, 0, 4, 1), BENTO_E_ARGUMENT);
#define INIT(mem, n, pool, vsize, cap, universe, psize, bits) \
    bento_paged_set_init(&set, (mem), (n), (pool), (vsize), (cap), (universe), (psize), (bits), 0u)
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 6), BENTO_OK);
    CHECK_STATUS(INIT(NULL, bytes, &pages, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    check_inert(&set);
    CHECK_STATUS(INIT(memory, bytes, NULL, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &unusable, 8, 8, 64, 8, 6), BENTO_E_ARGUMENT); /* inert pool */
    CHECK_STATUS(INIT(memory, bytes, &pages, 0, 8, 64, 8, 6), BENTO_E_ARGUMENT);
#if SIZE_MAX > 0x1000000u /* a value over 2^24 bytes (no such size_t where it is 16 bits) */
    CHECK_STATUS(INIT(memory, bytes, &pages, ((uint32_t)1u << 24) + 1u, 8, 64, 8, 6), BENTO_E_ARGUMENT);
#endif
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 0, 64, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 65, 64, 8, 6), BENTO_E_ARGUMENT); /* > universe */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 0, 8, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 65, 8, 6), BENTO_E_ARGUMENT); /* > 2^6 */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 0, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 1, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 12, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, (uint32_t)1u << 25, 6), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 64, 8, 33), BENTO_E_ARGUMENT);
    /* a set buffer of 4 GiB or more: 2^31 keys of 4 bytes */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 0x80000000u, 0x80000000u, (uint32_t)1u << 24, 31),
                 BENTO_E_ARGUMENT);
    check_inert(&set);
    CHECK_STATUS(INIT((unsigned char *)memory + 2, bytes, &pages, 8, 8, 64, 8, 6), BENTO_E_ALIGN);
    check_inert(&set);
    if (BENTO_MAX_ALIGN == 8u) {
        /* 8-byte values need 8-byte aligned pages: a stride of 4 * 8 + 8 * 8 + 4 is not */
        CHECK_STATUS(bento_block_pool_init(&odd_stride, pool_memory,
                                           BENTO_BLOCK_POOL_BYTES(1, page_bytes + 4),
                                           page_bytes + 4, 1),
                     BENTO_OK);
        CHECK_STATUS(INIT(memory, bytes, &odd_stride, 8, 8, 64, 8, 6), BENTO_E_ALIGN);
        CHECK_STATUS(INIT(memory, bytes, &odd_stride, 4, 8, 64, 8, 6), BENTO_OK); /* 4-byte values */
        /* ... nor is a pool whose blocks are only 4-byte aligned (a stride of 12 allows that) */
        CHECK_STATUS(bento_block_pool_init(&odd_base, (unsigned char *)pool_memory + 4,
                                           BENTO_BLOCK_POOL_BYTES(1, 12), 12, 1),
                     BENTO_OK);
        CHECK_STATUS(INIT(memory, bytes, &odd_base, 8, 8, 8, 2, 6), BENTO_E_ALIGN);
        CHECK_STATUS(INIT(memory, bytes, &odd_base, 4, 8, 8, 2, 6), BENTO_E_SIZE); /* 16 > 12 */
        CHECK_STATUS(INIT(memory, bytes, &odd_base, 2, 8, 8, 2, 6), BENTO_OK);
    }
    /* sizes: the set's buffer, then the pool's blocks */
    CHECK_STATUS(INIT(memory, bytes - 1, &pages, 8, 8, 64, 8, 6), BENTO_E_SIZE);
    check_inert(&set);
    CHECK_STATUS(INIT(memory, bytes, &pages, 12, 8, 64, 8, 6), BENTO_E_SIZE);
    /* 32 index bits: plain ids, no generation; a universe that is not a multiple of a page */
    CHECK_STATUS(INIT(memory, bytes, &pages, 8, 8, 61, 8, 32), BENTO_OK);
    CHECK_EQ(bento_paged_set_capacity(&set), 8);
    CHECK_STATUS(bento_paged_set_insert(&set, 60u, &value), BENTO_OK);
    CHECK(value != NULL && inside_pages(&pages, value, 8));
    CHECK_STATUS(bento_paged_set_insert(&set, 61u, &value), BENTO_E_ARGUMENT);
    CHECK(value == NULL);
    CHECK_STATUS(bento_paged_set_insert(&set, 0xffffffffu, &value), BENTO_E_ARGUMENT);
    CHECK(bento_paged_set_contains(&set, 60u));
    CHECK(!bento_paged_set_contains(&set, 60u + 256u)); /* no generation bits: another key */
    CHECK(bento_paged_set_get(&set, 0xffffffffu) == NULL);
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
    /* full: an index beyond the universe answers FULL first */
    for (i = 0; bento_paged_set_count(&set) < 8u; i++) {
        CHECK_STATUS(bento_paged_set_insert(&set, i, NULL), BENTO_OK);
    }
    CHECK_STATUS(bento_paged_set_insert(&set, 61u, &value), BENTO_E_FULL);
    CHECK_STATUS(bento_paged_set_insert(&set, 60u, &value), BENTO_E_EXISTS);
    bento_paged_set_clear(&set);
    CHECK_EQ(bento_block_pool_count(&pages), 0);
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
#undef INIT
}

static void test_basic(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    body *a = NULL, *b = NULL, *c = NULL, *none = NULL;
    uint32_t i;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(bodies_capacity(set), 32);
    CHECK_EQ(body_pages_count(pages), 0); /* no page until a key needs one */
    CHECK_STATUS(bodies_insert(set, KEY(3, 1), &a), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(5, 1), &b), BENTO_OK);
    CHECK_EQ(body_pages_count(pages), 1); /* 3 and 5 share page 0 */
    CHECK_STATUS(bodies_insert(set, KEY(100, 2), &c), BENTO_OK);
    CHECK_EQ(body_pages_count(pages), 2);
    CHECK_EQ(bodies_pages_held(set), 2);
    CHECK(bento_test_aligned(a, 4u) && bento_test_aligned(c, 4u));
    CHECK(inside_pages(body_pages_generic(pages), a, sizeof *a));
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
    CHECK_STATUS(bodies_insert(set, KEY(3, 1) | 0x80000000u, NULL), BENTO_E_EXISTS);
    /* NOT_FOUND: absent keys, in a held page and in a page never taken */
    CHECK_STATUS(bodies_remove(set, KEY(4, 1)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bodies_remove(set, KEY(60, 1)), BENTO_E_NOT_FOUND);
    CHECK(bodies_get(set, KEY(60, 1)) == NULL);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
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
    CHECK_EQ(bodies_pages_held(set), 1);
    CHECK(bodies_get(set, KEY(5, 1)) == b);
    /* a new generation of a removed index is welcome */
    CHECK_STATUS(bodies_insert(set, KEY(3, 2), &a), BENTO_OK);
    CHECK(bodies_get(set, KEY(3, 2)) == a);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    /* iteration through the dense keys: every key finds its value */
    for (i = 0; i < bodies_count(set); i++) {
        CHECK(bodies_get(set, bodies_keys(set)[i]) != NULL);
    }
    bodies_clear(set);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(bodies_pages_held(set), 0);
    CHECK_EQ(body_pages_count(pages), 0);
    CHECK(bodies_get(set, KEY(5, 1)) == NULL);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    CHECK_STATUS(body_pages_check(pages), BENTO_OK);
}

static void test_full(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    body *value = NULL;
    uint32_t i;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    /* FULL from the pool: 4 pages, a key in a fifth page has nowhere to go */
    for (i = 0; i < 4u; i++) {
        CHECK_STATUS(bodies_insert(set, KEY(i * 8u, 1), &value), BENTO_OK);
    }
    CHECK_STATUS(bodies_insert(set, KEY(4 * 8, 1), &value), BENTO_E_FULL);
    CHECK(value == NULL);
    CHECK_EQ(bodies_count(set), 4);
    CHECK_STATUS(bodies_insert(set, KEY(1, 1), &value), BENTO_OK); /* a held page has room */
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    /* FULL from the capacity: 32 keys in the 4 held pages */
    for (i = 2; bodies_count(set) < 32u; i++) {
        if ((i & 7u) != 0u) {
            CHECK_STATUS(bodies_insert(set, KEY(i, 1), NULL), BENTO_OK);
        }
    }
    CHECK_STATUS(bodies_insert(set, KEY(i, 1), &value), BENTO_E_FULL);
    /* the order: EXISTS before FULL, FULL before ARGUMENT */
    CHECK_STATUS(bodies_insert(set, KEY(1, 1), &value), BENTO_E_EXISTS);
    CHECK_STATUS(bodies_insert(set, KEY(1, 3), &value), BENTO_E_EXISTS);
    CHECK_STATUS(bodies_insert(set, 0xffffffffu, &value), BENTO_E_FULL);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    CHECK_STATUS(bodies_remove(set, KEY(1, 1)), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, 0xffffffffu, NULL),
                 BENTO_E_FULL); /* index 127: a fifth page, which the pool does not have */
    bodies_clear(set);
    CHECK_EQ(body_pages_count(pages), 0);
}

/* A pass in index order, removing as it goes: values stay put, nothing is visited twice. */
static void test_iter(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    static const uint32_t indices[] = {0u, 1u, 7u, 9u, 40u, 127u};
    bodies_iter it;
    bento_paged_set_iter generic;
    uint32_t i;
    body *v;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    bodies_iter_init(&it, set);
    CHECK(!bodies_iter_next(&it)); /* empty */
    CHECK(it.value == NULL);
    CHECK(!bodies_iter_next(&it)); /* and stays done */
    for (i = 0; i < 6u; i++) {
        /* inserted out of order, so dense order is not index order */
        const uint32_t index = indices[(i * 5u) % 6u];
        CHECK_STATUS(bodies_insert(set, KEY(index, 1), &v), BENTO_OK);
        v->tag = index;
    }
    bodies_iter_init(&it, set);
    for (i = 0; i < 6u; i++) {
        CHECK(bodies_iter_next(&it));
        if (it.value == NULL) {
            break;
        }
        CHECK_EQ(it.value->tag, indices[i]);
        CHECK_EQ(it.index, indices[i]);
        CHECK_EQ(bodies_keys(set)[it.position], KEY(indices[i], 1));
        CHECK_EQ(it.key, KEY(indices[i], 1));
        CHECK_EQ(bodies_key_at(set, it.position), it.key);
        CHECK(bodies_get(set, KEY(indices[i], 1)) == it.value);
        if ((i & 1u) == 0u) {
            CHECK_STATUS(bodies_remove(set, KEY(indices[i], 1)), BENTO_OK); /* as it goes */
        }
    }
    CHECK(!bodies_iter_next(&it));
    CHECK(it.value == NULL);
    CHECK_EQ(it.position, BENTO_NONE);
    CHECK_EQ(it.key, BENTO_NONE);
    CHECK_EQ(bodies_count(set), 3);
    CHECK_EQ(bodies_key_at(set, 3u), BENTO_NONE); /* past the count */
    /* the generic iterator over what is left: 1, 9, 127 */
    bento_paged_set_iter_init(&generic, &set->generic_);
    CHECK(bento_paged_set_iter_next(&generic) && generic.index == 1u &&
          ((body *)generic.value)->tag == 1u);
    CHECK_STATUS(bodies_insert(set, KEY(0, 2), NULL), BENTO_OK); /* behind it: not visited */
    CHECK_STATUS(bodies_insert(set, KEY(50, 2), &v), BENTO_OK);  /* ahead: visited */
    v->tag = 50u;
    CHECK(bento_paged_set_iter_next(&generic) && generic.index == 9u);
    CHECK(bento_paged_set_iter_next(&generic) && generic.index == 50u &&
          generic.value == (void *)v);
    CHECK(bento_paged_set_iter_next(&generic) && generic.index == 127u &&
          bodies_keys(set)[generic.position] == KEY(127, 1));
    CHECK(!bento_paged_set_iter_next(&generic));
    CHECK(!bento_paged_set_iter_next(&generic));
    bodies_clear(set);
    bodies_iter_init(&it, set);
    CHECK(!bodies_iter_next(&it));
}

/* Two sets of different types draw pages from one pool: pages follow the keys present. */
static void test_shared_pool(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const first = &arena.typed.set;
    tags *const second = &arena.typed.second;
    uint32_t *tag = NULL;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(first, body_pages_generic(pages)), BENTO_OK);
    CHECK_STATUS(tags_init(second, body_pages_generic(pages)), BENTO_OK);
    CHECK_STATUS(bodies_insert(first, KEY(0, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(first, KEY(8, 1), NULL), BENTO_OK);
    CHECK_STATUS(tags_insert(second, KEY(0, 0), &tag), BENTO_OK);
    CHECK(tag != NULL && inside_pages(body_pages_generic(pages), tag, 4));
    CHECK_STATUS(tags_insert(second, KEY(16, 0), NULL), BENTO_OK);
    CHECK_STATUS(tags_insert(second, KEY(24, 0), &tag), BENTO_E_FULL);
    CHECK(tag == NULL);
    CHECK_STATUS(bodies_remove(first, KEY(8, 1)), BENTO_OK); /* a page back to the pool */
    CHECK_STATUS(tags_insert(second, KEY(24, 0), &tag), BENTO_OK);
    CHECK(tag != NULL);
    CHECK_STATUS(bodies_check(first), BENTO_OK);
    CHECK_STATUS(tags_check(second), BENTO_OK);
    CHECK_STATUS(body_pages_check(pages), BENTO_OK);
    bodies_clear(first);
    CHECK_EQ(body_pages_count(pages), 3); /* the second set's three */
    tags_clear(second);
    CHECK_EQ(body_pages_count(pages), 0);
    CHECK_EQ(body_pages_high_water(pages), 4);
    CHECK_STATUS(tags_check(second), BENTO_OK);
}

/* A set of keys 1, 2 (page 0) and 9 (page 1) in a pool of 4 pages. */
static void start_damaged(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(1, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(2, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(set, KEY(9, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
}

/* Damage of every kind shows in check; insert and remove answer BENTO_E_CORRUPT where they
 * notice it. */
static void test_check_detects_corruption(void)
{
    body_pages *const pages = &arena.typed.pages;
    bento_block_pool *const pool = body_pages_generic(pages);
    bodies *const typed = &arena.typed.set;
    bento_paged_set *const set = &typed->generic_;
    body *value = NULL;
    uint32_t saved, block, i;
    start_damaged();
    block = set->page_table[0];
    CHECK_EQ(block, 0); /* the pool's first block */

    /* CORRUPT from insert: the pool's free list is damaged when a new page is needed */
    CHECK_STATUS(bodies_insert(typed, KEY(17, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert(typed, KEY(25, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_remove(typed, KEY(17, 1)), BENTO_OK);
    CHECK_STATUS(bodies_remove(typed, KEY(25, 1)), BENTO_OK); /* the pool's list: 3 -> 2 */
    CHECK_STATUS(body_pages_check(pages), BENTO_OK);
    *(uint32_t *)bento_block_pool_block_at(pool, 3) = 0u; /* a link to a live page */
    CHECK_STATUS(bodies_insert(typed, KEY(17, 1), NULL), BENTO_OK); /* takes page 3 itself */
    CHECK_STATUS(bodies_insert(typed, KEY(25, 1), &value), BENTO_E_CORRUPT);
    CHECK(value == NULL);
    CHECK_EQ(bodies_count(typed), 4);
    CHECK_EQ(bodies_pages_held(typed), 3);
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
    start_damaged();

    /* CORRUPT from insert: a page table entry beyond the pool */
    set->page_table[0] = 99u * 99u;
    CHECK_STATUS(bodies_insert(typed, KEY(3, 1), NULL), BENTO_E_CORRUPT);
    CHECK(bodies_get(typed, KEY(1, 1)) == NULL); /* get never reads outside the pool */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    /* the last offset at which a page fits: not a block start, but every access stays inside */
    CHECK_EQ(set->page_limit, (4u * sizeof(bodies_page) - sizeof(bodies_page)) / 4u + 1u);
    set->page_table[0] = set->page_limit - 1u;
    for (i = 0; i < 8u; i++) {
        const body *v = bodies_get(typed, KEY(i, 1));
        CHECK(v == NULL || inside_pages(pool, v, sizeof *v));
    }
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_table[0] = 1u; /* inside the pool, not a block start */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_table[0] = (uint32_t)(sizeof(bodies_page) / 4u * 3u); /* a block never taken */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_table[0] = block;
    CHECK_STATUS(bodies_check(typed), BENTO_OK);

    /* a slot and a dense key that disagree, page counts that disagree */
    saved = set->dense[0];
    set->dense[0] = KEY(4, 1);
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->dense[0] = saved;
    set->page_live[0] = 3u;
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_live[0] = 2u;
    set->page_live[5] = 1u; /* a page with no page */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_live[5] = 0u;
    saved = set->page_base[block + 4u];
    set->page_base[block + 4u] = 1u; /* slot 4 claims the position of key 2 */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_base[block + 4u] = 7u; /* a position beyond the count */
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->page_base[block + 4u] = saved;
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
    /* every word of the header that means something is covered */
    for (i = 0; i < HEAD_WORDS; i++) {
        saved = *head_word(set, i);
        *head_word(set, i) ^= 0x40u;
        CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
        *head_word(set, i) = saved;
    }
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
    /* counters that disagree with the buffer (and their copy alike) */
    set->state.pages_held = set->saved->pages_held = 3u;
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->state.pages_held = set->saved->pages_held = 2u;
    set->state.count = set->saved->count = 33u;
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    set->state.count = set->saved->count = 3u;
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
    /* the pool moved: initialised again over other memory while the set uses it */
    CHECK_STATUS(bento_block_pool_init(pool, arena.typed.pool_memory,
                                       sizeof arena.typed.pool_memory, sizeof(bodies_page), 4),
                 BENTO_OK);
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    CHECK_STATUS(body_pages_open(pages), BENTO_OK);
    CHECK_STATUS(bodies_check(typed), BENTO_OK);

    /* CORRUPT from remove: the pool refuses the page back (it thinks the page is free) */
    block = bento_block_pool_index_of(pool, set->page_base + set->page_table[1]);
    pool->live[block] = BENTO_IMPL_BLOCK_FREE;
    CHECK_STATUS(bodies_check(typed), BENTO_E_CORRUPT);
    CHECK_STATUS(bodies_remove(typed, KEY(9, 1)), BENTO_E_CORRUPT);
    CHECK(!bodies_contains(typed, KEY(9, 1))); /* removed all the same */
    CHECK_EQ(bodies_count(typed), 2);
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
}

/*
 * Confinement: whatever bytes the set's buffer and its pages hold, every operation returns,
 * and every value it hands out lies inside the pool's blocks. The sanitizers and the boards'
 * fault handler catch any access outside the buffers.
 */
static void test_confinement(void)
{
    body_pages *const pages = &arena.typed.pages;
    bento_block_pool *const pool = body_pages_generic(pages);
    ids *const typed = &arena.typed.third;
    bento_paged_set *const set = &typed->generic_;
    const uint32_t words = 32u + 2u * 13u; /* dense, page table, page counts */
    uint32_t *set_words, *page_words;
    uint32_t round, step, i, outside = 0u;
    /* remove moves the last dense key: a damaged one, or one whose page entry is damaged,
     * is not followed outside the pool */
    start_damaged(); /* dense: keys 1, 2 (page 0), 9 (page 1) */
    arena.typed.set.generic_.page_table[1] = 0xfffffff0u;
    CHECK_STATUS(bodies_remove(&arena.typed.set, KEY(1, 1)), BENTO_OK);
    CHECK_EQ(bodies_keys(&arena.typed.set)[0], KEY(9, 1));
    CHECK_STATUS(bodies_check(&arena.typed.set), BENTO_E_CORRUPT);
    start_damaged();
    arena.typed.set.generic_.dense[2] = KEY(120, 1); /* a page never taken */
    CHECK_STATUS(bodies_remove(&arena.typed.set, KEY(1, 1)), BENTO_OK);
    CHECK_STATUS(bodies_check(&arena.typed.set), BENTO_E_CORRUPT);
    for (round = 0; round < 24u; round++) {
        void *value = NULL;
        ids_iter it;
        CHECK_STATUS(body_pages_init(pages), BENTO_OK);
        CHECK_STATUS(ids_init(typed, pool), BENTO_OK);
        for (i = 0; i < bento_test_rand_below(40u); i++) {
            (void)ids_insert(typed, bento_test_rand_below(128u), NULL);
        }
        /* then damage: every word random, small (an offset, a position or a key), NONE or 0 */
        set_words = set->dense;
        page_words = (uint32_t *)bento_block_pool_block_at(pool, 0);
        CHECK(set->page_live + 13 == set_words + words);
        for (i = 0; i < words + 4u * sizeof(bodies_page) / 4u; i++) {
            const uint32_t r = bento_test_rand();
            const uint32_t kind = (r >> 29) & 3u;
            const uint32_t word = kind == 0u ? bento_test_rand()
                                  : kind == 1u ? r & 127u
                                  : kind == 2u ? BENTO_NONE : 0u;
            if (i < words) {
                set_words[i] = word;
            } else {
                page_words[i - words] = word;
            }
        }
        for (i = 0; i < HEAD_WORDS; i++) {
            if (bento_test_rand_below(4u) == 0u) {
                *head_word(set, i) = bento_test_rand();
            }
        }
        for (step = 0; step < 96u; step++) {
            const uint32_t op = bento_test_rand_below(8u);
            const uint32_t key = bento_test_rand_below(4u) == 0u ? bento_test_rand()
                                                                 : bento_test_rand_below(160u);
            if (op < 3u) {
                if (bento_paged_set_insert(set, key, &value) == BENTO_OK &&
                    !inside_pages(pool, value, sizeof(body))) {
                    outside++;
                }
            } else if (op < 5u) {
                (void)bento_paged_set_remove(set, op == 3u || ids_count(typed) == 0u
                                                      ? key
                                                      : ids_keys(typed)[key % ids_count(typed)]);
            } else if (op == 5u) {
                value = ids_get(typed, key);
                if (value != NULL && !inside_pages(pool, value, sizeof(body))) {
                    outside++;
                }
                (void)bento_paged_set_contains(set, key);
            } else if (op == 6u) {
                ids_iter_init(&it, typed);
                for (i = 0; i < 200u && ids_iter_next(&it); i++) {
                    /* the key of each element is ids_keys()[position]: below the count */
                    if (!inside_pages(pool, it.value, sizeof(body)) ||
                        it.position >= ids_count(typed)) {
                        outside++;
                    }
                }
                (void)ids_check(typed);
            } else if (bento_test_rand_below(8u) == 0u) {
                ids_clear(typed);
                if (ids_count(typed) != 0u || ids_pages_held(typed) != 0u) {
                    outside++;
                }
            }
        }
    }
    CHECK_EQ(outside, 0);
}

/* A set and its pool reopened from their buffers alone: typed objects copied whole, or other
 * buffers holding the same bytes; damage anywhere refused. */
static void test_open(void)
{
    body_pages *const pages = &arena.typed.pages;
    body_pages *const pages_copy = &arena.typed.pages_copy;
    bodies *const original = &arena.typed.set;
    bodies *const copy = &arena.typed.copy;
    wide_keys *const wide = &arena.typed.wide;
    bento_block_pool other_pool;
    bento_paged_set generic;
    uint32_t *table;
    body *v;
    uint32_t i, saved;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(original, body_pages_generic(pages)), BENTO_OK);
    for (i = 0; i < 12u; i++) {
        CHECK_STATUS(bodies_insert(original, KEY(i * 2u, 1u + (i & 3u)), &v), BENTO_OK);
        v->tag = 100u + i;
    }
    CHECK_EQ(bodies_pages_held(original), 3);
    CHECK_STATUS(bodies_remove(original, KEY(2, 2)), BENTO_OK);
    /* as a save file or retained RAM would hold them: the pool first, then the set */
    *pages_copy = *pages;
    *copy = *original;
    CHECK_STATUS(bodies_open(copy, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(body_pages_open(pages_copy), BENTO_OK);
    CHECK_STATUS(bodies_open(copy, body_pages_generic(pages_copy)), BENTO_OK);
    CHECK_STATUS(bodies_check(copy), BENTO_OK);
    CHECK_EQ(bodies_count(copy), 11);
    CHECK_EQ(bodies_pages_held(copy), bodies_pages_held(original));
    for (i = 0; i < 12u; i++) {
        v = bodies_get(copy, KEY(i * 2u, 1u + (i & 3u)));
        CHECK_EQ(v != NULL, i != 1u);
        if (v != NULL) {
            CHECK_EQ(v->tag, 100u + i);
            CHECK(v != bodies_get(original, KEY(i * 2u, 1u + (i & 3u)))); /* its own pages */
            CHECK(inside_pages(body_pages_generic(pages_copy), v, sizeof *v));
        }
    }
    CHECK_STATUS(bodies_remove(copy, KEY(0, 1)), BENTO_OK);
    CHECK(bodies_contains(original, KEY(0, 1)));
    CHECK_STATUS(bodies_insert(copy, KEY(1, 1), NULL), BENTO_OK);
    CHECK_STATUS(bodies_check(copy), BENTO_OK);
    CHECK_STATUS(bodies_check(original), BENTO_OK);

    /* the generic set over the copy's bytes, with every status of open */
    *copy = *original;
    *pages_copy = *pages;
    CHECK_STATUS(body_pages_open(pages_copy), BENTO_OK);
#define OPEN(mem, n, pool) bento_paged_set_open(&generic, (mem), (n), (pool))
    CHECK_STATUS(OPEN(NULL, sizeof copy->storage_, body_pages_generic(pages_copy)), BENTO_E_ARGUMENT);
    check_inert(&generic);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_block_pool_init(&other_pool, NULL, 0, 4, 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, &other_pool), BENTO_E_ARGUMENT);
    check_inert(&generic);
    CHECK_STATUS(OPEN((unsigned char *)copy->storage_ + 2, sizeof copy->storage_ - 2,
                      body_pages_generic(pages_copy)),
                 BENTO_E_ALIGN);
    CHECK_STATUS(OPEN(copy->storage_, 16, body_pages_generic(pages_copy)), BENTO_E_SIZE);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_ - 4, body_pages_generic(pages_copy)),
                 BENTO_E_SIZE);
    check_inert(&generic);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)), BENTO_OK);
    CHECK_STATUS(bento_paged_set_check(&generic), BENTO_OK);
    v = (body *)bento_paged_set_get(&generic, KEY(10, 2));
    CHECK(v != NULL && v->tag == 105u);
    table = generic.page_table; /* in the copy's storage */
    /* every header word, the counters' copy, the page table and the pages are validated */
    for (i = 0; i < HEAD_WORDS; i++) {
        saved = ((uint32_t *)copy->storage_)[i];
        /* (a size 16 bytes short: one that is too long is BENTO_E_SIZE) */
        ((uint32_t *)copy->storage_)[i] ^= i == HEAD_SIZE ? 16u : 0x10000u;
        CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)),
                     BENTO_E_CORRUPT);
        check_inert(&generic);
        ((uint32_t *)copy->storage_)[i] = saved;
    }
    ((uint32_t *)copy->storage_)[HEAD_PARAMS + 3u] = 12u; /* a page size that is no power of two */
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)),
                 BENTO_E_CORRUPT);
    ((uint32_t *)copy->storage_)[HEAD_PARAMS + 3u] = 8u;
    saved = table[1];
    table[1] = 1u; /* inside the pool, not a block start */
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)),
                 BENTO_E_CORRUPT);
    table[1] = saved;
    table[0] = saved; /* two pages in one block */
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)),
                 BENTO_E_CORRUPT);
    table[0] = 0u;
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)), BENTO_OK);
    body_pages_generic(pages_copy)->live[1] = BENTO_IMPL_BLOCK_FREE; /* the pool's, not the set's */
    CHECK_STATUS(body_pages_open(pages_copy), BENTO_E_CORRUPT); /* the pool's counts disagree */
    *pages_copy = *pages;
    CHECK_STATUS(body_pages_open(pages_copy), BENTO_OK);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, body_pages_generic(pages_copy)), BENTO_OK);
    /* a pool whose blocks are not where the set's pages are (another stride) */
    CHECK_STATUS(bento_block_pool_init(&other_pool, arena.typed.pool_memory,
                                       sizeof arena.typed.pool_memory, sizeof(bodies_page) + 8u, 4),
                 BENTO_OK);
    for (i = 0; i < 4u; i++) {
        void *page;
        CHECK_STATUS(bento_block_pool_alloc(&other_pool, &page), BENTO_OK);
    }
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, &other_pool), BENTO_E_CORRUPT);
    check_inert(&generic);
    /* a pool whose blocks are smaller than a page */
    CHECK_STATUS(bento_block_pool_init(&other_pool, arena.typed.pool_memory,
                                       sizeof arena.typed.pool_memory, sizeof(bodies_page) - 8u, 4),
                 BENTO_OK);
    CHECK_STATUS(OPEN(copy->storage_, sizeof copy->storage_, &other_pool), BENTO_E_CORRUPT);
#undef OPEN
    /* a buffer of another type: its own open refuses it */
    CHECK_EQ(sizeof wide->storage_, sizeof copy->storage_);
    for (i = 0; i < sizeof wide->storage_; i++) {
        ((unsigned char *)wide->storage_)[i] = ((const unsigned char *)copy->storage_)[i];
    }
    CHECK_STATUS(wide_keys_open(wide, body_pages_generic(pages_copy)), BENTO_E_CORRUPT);
    CHECK_EQ(wide_keys_capacity(wide), 0);
    check_inert(&wide->generic_);
    CHECK_STATUS(wide_keys_init(wide, body_pages_generic(pages_copy)), BENTO_OK);
    for (i = 0; i < sizeof wide->storage_; i++) {
        ((unsigned char *)copy->storage_)[i] = ((const unsigned char *)wide->storage_)[i];
    }
    CHECK_STATUS(bodies_open(copy, body_pages_generic(pages_copy)), BENTO_E_CORRUPT);
    CHECK(bodies_get(copy, KEY(10, 1)) == NULL);
    check_inert(&copy->generic_);
}

/*
 * Random operations against a naive model: which key holds each index, the pointer insert
 * returned for it and the tag written there. After every operation each present key must
 * still be found at the very pointer insert returned, holding its tag (pointer stability),
 * and the pool must hold exactly the pages that have keys. Now and then the pool and the set
 * are reopened from their buffers.
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
    uint32_t mismatches = 0u, full_pages = 0u, full_capacity = 0u, reopened = 0u;
    uint32_t i;
    CHECK_STATUS(bento_block_pool_init(&pool, arena.model.pool_memory,
                                       sizeof arena.model.pool_memory, PAGE_BYTES, PAGES),
                 BENTO_OK);
    CHECK_STATUS(bento_paged_set_init(&set, arena.model.memory, sizeof arena.model.memory, &pool,
                                      VSIZE, CAP, UNIVERSE, PAGE, 7, 25),
                 BENTO_OK);
    for (i = 0; i < UNIVERSE; i++) {
        model_key[i] = BENTO_NONE;
    }
    for (i = 0; i < PAGE_COUNT; i++) {
        model_page[i] = 0u;
    }
    for (step = 0; step < steps && mismatches == 0u; step++) {
        /* phases of growth and of shrinking, so that both the pool and the capacity run out */
        const bool growing = (step & 256u) != 0u;
        const uint32_t op = bento_test_rand_below(100u);
        /* indices up to 127, so some are beyond the universe; generations 0..3 (0: refused) */
        const uint32_t index = bento_test_rand_below(INDEX_SPAN);
        const uint32_t key = KEY(index, bento_test_rand_below(4u));
        const bool well_formed = index < UNIVERSE && key >> 7 != 0u;
        const bool present = index < UNIVERSE && model_key[index] == key;
        if (op < (growing ? 85u : 25u)) {
            uint32_t *value = NULL;
            void *raw = NULL;
            bento_status want = BENTO_OK;
            const bento_status got = bento_paged_set_insert(&set, key, &raw);
            if (well_formed && model_key[index] != BENTO_NONE) {
                want = BENTO_E_EXISTS;
            } else if (count == CAP) {
                want = BENTO_E_FULL;
                full_capacity++;
            } else if (!well_formed) {
                want = BENTO_E_ARGUMENT;
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
            if (bento_paged_set_remove(&set, k) !=
                (is_present                                   ? BENTO_OK
                 : (k & 0x7fu) >= UNIVERSE || k >> 7 == 0u ? BENTO_E_ARGUMENT
                                                               : BENTO_E_NOT_FOUND)) {
                mismatches++;
            }
            if (is_present) {
                model_key[k & 0x7fu] = BENTO_NONE;
                pages_used -= --model_page[(k & 0x7fu) / PAGE] == 0u ? 1u : 0u;
                count--;
            }
        } else if (op < 97u || growing) {
            if (bento_paged_set_contains(&set, key) != present) {
                mismatches++;
            }
        } else if (op < 99u) {
            /* closed and reopened: the pool first, then the set, from their bytes alone */
            if (bento_block_pool_open(&pool, arena.model.pool_memory,
                                      sizeof arena.model.pool_memory) != BENTO_OK ||
                bento_paged_set_open(&set, arena.model.memory, sizeof arena.model.memory,
                                     &pool) != BENTO_OK) {
                mismatches++;
            }
            reopened++;
        } else {
            bento_paged_set_clear(&set);
            for (i = 0; i < UNIVERSE; i++) {
                model_key[i] = BENTO_NONE;
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
            if (model_key[i] != BENTO_NONE) {
                const uint32_t *v = (const uint32_t *)bento_paged_set_get(&set, model_key[i]);
                if (v != model_value[i] || v[1] != model_key[i] || v[2] != ~v[0]) {
                    mismatches++;
                }
            }
        }
        if ((step & 15u) == 0u) {
            /* a pass in index order visits exactly the present keys, ascending, in place */
            bento_paged_set_iter it;
            uint32_t visited = 0u, previous = 0u;
            bento_paged_set_iter_init(&it, &set);
            while (bento_paged_set_iter_next(&it)) {
                const uint32_t k = bento_paged_set_keys(&set)[it.position];
                if (it.index >= UNIVERSE || model_key[it.index] != k ||
                    model_value[it.index] != it.value || (visited != 0u && it.index <= previous)) {
                    mismatches++;
                }
                previous = it.index;
                visited++;
            }
            if (visited != count || it.value != NULL) {
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
    /* the run did exhaust both the pool and the capacity, and reopened */
    CHECK(full_pages > 0u);
    CHECK(full_capacity > 0u);
    CHECK(reopened > 0u);
    CHECK_STATUS(bento_paged_set_check(&set), BENTO_OK);
}

/* insert_from: the key and its value in one step; the statuses of insert. */
static void test_insert_from(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    body v = {7u, 8u};
    const body *got;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    got = bodies_get(set, KEY(3, 1));
    CHECK(got != NULL && got->tag == 7u && got->check == 8u);
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 2), &v), BENTO_E_EXISTS);
    CHECK_STATUS(bento_paged_set_insert_from(&set->generic_, KEY(9, 1), &v), BENTO_OK);
    CHECK_EQ(bodies_count(set), 2);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
}

#if BENTO_POWER_SAFE
/* The journal's recovery, on journals written by hand as a reset leaves them (tests/cut/ makes
 * them by cutting every operation before each of its stores): an insert cut after it took a
 * page gives the page back (carved, or from the pool's list), a remove cut after it gave one
 * back gives it back again, and journals no operation writes are refused. */
static void test_journal_recovery(void)
{
    body_pages *const pages = &arena.typed.pages;
    bodies *const set = &arena.typed.set;
    body v = {1u, 2u};
    bodies_page *held = NULL;
    uint32_t *log;
    CHECK_STATUS(body_pages_init(pages), BENTO_OK);
    CHECK_STATUS(bodies_init(set, body_pages_generic(pages)), BENTO_OK);
    log = (uint32_t *)(void *)set->generic_.saved + sizeof set->generic_.state / 4u;
    /* an insert cut after its pool carved block 0: its entries undone, the block uncarved */
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    log[0] = 0x40000000u | 4u; /* its 4 entries, and the page it took */
    log[1] = 1u;
    log[2] = 0x80000000u; /* block 0, carved */
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(bento_block_pool_count(body_pages_generic(pages)), 0);
    CHECK_EQ(bento_block_pool_high_water(body_pages_generic(pages)), 0);
    /* the same from the pool's list: block 0 freed before, taken again */
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    CHECK_STATUS(bodies_remove(set, KEY(3, 1)), BENTO_OK); /* block 0 back on the list */
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    log[0] = 0x40000000u | 4u;
    log[1] = 1u;
    log[2] = 0u; /* block 0, from the list */
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(bodies_count(set), 0);
    CHECK_EQ(bento_block_pool_count(body_pages_generic(pages)), 0);
    CHECK_EQ(bento_block_pool_high_water(body_pages_generic(pages)), 1);
    /* a remove cut after it stored every word, its page not yet given back */
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    CHECK_STATUS(bodies_remove(set, KEY(3, 1)), BENTO_OK);
    CHECK_STATUS(body_pages_alloc(pages, &held), BENTO_OK); /* the page, as if still held */
    log[0] = 0x80000000u;
    log[1] = 2u;
    log[2] = 0u;
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(bento_block_pool_count(body_pages_generic(pages)), 0);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    /* refused: no such action, a block the pool does not have */
    log[0] = 0x80000000u;
    log[1] = 3u;
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_E_CORRUPT);
    log[1] = 2u;
    log[2] = 4u;
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_E_CORRUPT);
    log[0] = 0x40000000u;
    log[1] = 1u;
    log[2] = 0x80000004u;
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_E_CORRUPT);
    log[2] = 0u; /* an insert cut before its pool took the block: nothing to give back */
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(log[0], 0);
    /* an insert into a page already held, cut before its journal was idle: its slot in the
       page (in the pool's memory) empty again */
    CHECK_STATUS(bodies_insert_from(set, KEY(3, 1), &v), BENTO_OK);
    CHECK_STATUS(bodies_insert_from(set, KEY(4, 1), &v), BENTO_OK);
    log[0] = 3u;
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(bodies_count(set), 1);
    CHECK(bodies_get(set, KEY(4, 1)) == NULL);
    CHECK_STATUS(bodies_check(set), BENTO_OK);
    /* an entry naming a word past the pool's blocks: refused */
    CHECK_STATUS(bodies_insert_from(set, KEY(4, 1), &v), BENTO_OK);
    log[0] = 3u;
    log[3] = 0x80000000u | 0x10000u; /* the first: its slot in the page */
    CHECK_STATUS(bodies_open(set, body_pages_generic(pages)), BENTO_E_CORRUPT);
}
#endif

static crew people;
static hold_pages hold_pool;
static holds hold_set, hold_copy;

/* A set keyed by a pool's handles: a stale handle misses, and keys come back as handles. */
static void test_typed_handles(void)
{
    hold_pages *const pages = &hold_pool;
    holds *const set = &hold_set, *const copy = &hold_copy;
    crew_handle h[3], stale;
    const body cargo = {7u, 8u};
    holds_iter it;
    body *v;
    uint32_t i, seen = 0u;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(hold_pages_init(pages), BENTO_OK);
    CHECK_STATUS(holds_init(set, hold_pages_generic(pages)), BENTO_OK);
    CHECK_EQ(set->generic_.universe, 16);
    for (i = 0u; i < 3u; i++) {
        CHECK_STATUS(crew_create(&people, &h[i], NULL), BENTO_OK);
    }
    stale = crew_handle_from_raw(bento_handle_make(crew_handle_index(h[1]),
                                                   crew_handle_generation(h[1]) + 2u,
                                                   crew_handle_INDEX_BITS));
    CHECK_STATUS(holds_insert(set, h[0], &v), BENTO_OK);
    v->tag = 0u;
    CHECK_STATUS(holds_insert(set, h[1], &v), BENTO_OK);
    v->tag = 1u;
    CHECK_STATUS(holds_insert_from(set, h[2], &cargo), BENTO_OK);
    CHECK_STATUS(holds_insert(set, stale, &v), BENTO_E_EXISTS); /* one value per index */
    CHECK(v == NULL);
    CHECK(holds_get(set, stale) == NULL && !holds_contains(set, stale));
    CHECK_STATUS(holds_remove(set, stale), BENTO_E_NOT_FOUND);
    CHECK(holds_get(set, h[1]) != NULL && holds_get(set, h[1])->tag == 1u);
    CHECK(holds_get(set, h[2]) != NULL && holds_get(set, h[2])->check == 8u);
    CHECK(crew_handle_eq(holds_key_at(set, 0u), h[0]));
    CHECK(crew_handle_is_null(holds_key_at(set, 3u))); /* past the count */
    holds_iter_init(&it, set);
    CHECK(crew_handle_is_null(it.key));
    while (holds_iter_next(&it)) {
        CHECK(crew_handle_eq(it.key, h[it.index]) && holds_get(set, it.key) == it.value);
        seen++;
    }
    CHECK(seen == 3u && crew_handle_is_null(it.key));
    /* reopened from a copy of its buffer, over the same pool */
    *copy = *set;
    CHECK_STATUS(holds_open(copy, hold_pages_generic(pages)), BENTO_OK);
    CHECK(crew_handle_eq(holds_key_at(copy, 1u), h[1]) && holds_get(copy, h[1])->tag == 1u);
    CHECK(holds_get(copy, stale) == NULL);
    CHECK_STATUS(holds_check(copy), BENTO_OK);
    /* once the live handle is gone, its slot's next handle may take the index */
    CHECK_STATUS(holds_remove(set, h[1]), BENTO_OK);
    CHECK_STATUS(holds_insert(set, stale, NULL), BENTO_OK);
    CHECK(holds_get(set, h[1]) == NULL && holds_contains(set, stale));
    CHECK_STATUS(holds_check(set), BENTO_OK);
    holds_clear(set);
    CHECK_EQ(holds_pages_held(set), 0);
}

/* The null handle, and any key of generation 0, is no key of a set of handles: insert and
 * remove refuse it as malformed, lookups miss it, the real first handle of slot 0 still goes
 * in, and check refuses a buffer that holds one. */
static void test_null_page_key_refused(void)
{
    crew_handle first;
    const crew_handle null = crew_handle_null();
    const crew_handle generation_0 = crew_handle_from_raw(5u); /* index 5, generation 0 */
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(hold_pages_init(&hold_pool), BENTO_OK);
    CHECK_STATUS(holds_init(&hold_set, hold_pages_generic(&hold_pool)), BENTO_OK);
    CHECK_STATUS(holds_insert(&hold_set, null, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(holds_insert(&hold_set, generation_0, NULL), BENTO_E_ARGUMENT);
    CHECK(!holds_contains(&hold_set, null) && holds_get(&hold_set, generation_0) == NULL);
    CHECK_STATUS(holds_remove(&hold_set, null), BENTO_E_ARGUMENT);
    CHECK_EQ(holds_count(&hold_set), 0);
    CHECK_STATUS(crew_create(&people, &first, NULL), BENTO_OK);
    CHECK_EQ(crew_handle_index(first), 0);
    CHECK_STATUS(holds_insert(&hold_set, first, NULL), BENTO_OK);
    CHECK(holds_contains(&hold_set, first) && !holds_contains(&hold_set, null));
    CHECK_STATUS(holds_insert(&hold_set, null, NULL), BENTO_E_ARGUMENT); /* not EXISTS: no key */
    CHECK(crew_handle_eq(holds_key_at(&hold_set, 0u), first));
    CHECK(crew_handle_is_null(holds_key_at(&hold_set, 1u))); /* past the count, unambiguous */
    CHECK_STATUS(holds_check(&hold_set), BENTO_OK);
    hold_set.generic_.dense[0] = 0u; /* a buffer that holds the null handle */
    CHECK_STATUS(holds_check(&hold_set), BENTO_E_CORRUPT);
    CHECK_STATUS(holds_open(&hold_set, hold_pages_generic(&hold_pool)), BENTO_E_CORRUPT);
}

void test_paged_set(void)
{
    test_null_page_key_refused();
    test_typed_handles();
    test_insert_from();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_init_statuses();
    test_basic();
    test_full();
    test_iter();
    test_shared_pool();
    test_check_detects_corruption();
    test_confinement();
    test_open();
    test_against_model();
}
