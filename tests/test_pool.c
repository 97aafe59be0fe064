/* SPDX-License-Identifier: MIT */
/* Tests of bento/handle.h and bento/pool.h: every status, the generation policy, a model. */
#include <bento/pool.h>

#include "bento_test.h"

typedef struct item {
    uint32_t tag;
    uint32_t payload[3];
} item; /* 16 bytes */

BENTO_POOL_TYPE(items, item, 64, uint32_t, 20);
BENTO_POOL_TYPE(tiny, item, 1, uint16_t, 12); /* 16-bit handles, 4 generation bits */

static void test_handles(void)
{
    uint32_t raw = bento_handle_make(5u, 3u, 12u);
    items_handle h;
    CHECK_EQ(bento_handle_index(raw, 12u), 5);
    CHECK_EQ(bento_handle_generation(raw, 12u), 3);
    CHECK_EQ(BENTO_HANDLE_GENERATION_BITS(16, 12), 4);
    h = items_handle_null();
    CHECK(items_handle_is_null(h));
    h = items_handle_from_raw(bento_handle_make(7u, 9u, 20u));
    CHECK_EQ(items_handle_index(h), 7);
    CHECK_EQ(items_handle_generation(h), 9);
    CHECK(!items_handle_is_null(h));
    CHECK(items_handle_eq(h, items_handle_from_raw(h.raw)));
    CHECK_EQ(sizeof(tiny_handle), 2);
    CHECK_EQ(sizeof(items_handle), 4);
}

static void test_status_names(void)
{
    CHECK(bento_status_name(BENTO_OK)[6] == 'O');
    CHECK(bento_status_name(BENTO_E_ARGUMENT)[8] == 'A');
    CHECK(bento_status_name(BENTO_E_ALIGN)[8] == 'A');
    CHECK(bento_status_name(BENTO_E_SIZE)[8] == 'S');
    CHECK(bento_status_name(BENTO_E_FULL)[8] == 'F');
    CHECK(bento_status_name(BENTO_E_STALE)[8] == 'S');
    CHECK(bento_status_name(BENTO_E_NOT_FOUND)[8] == 'N');
    CHECK(bento_status_name(BENTO_E_EXISTS)[8] == 'E');
    CHECK(bento_status_name(BENTO_E_CORRUPT)[8] == 'C');
    CHECK(bento_status_name(BENTO_E_EMPTY)[8] == 'E');
    CHECK(bento_status_name((bento_status)42)[8] == '?');
}

static bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(32, 16)) + 1];

static void test_init_statuses(void)
{
    bento_pool pool;
    uint32_t h = 1u;
    void *v = &h;
    const size_t bytes = BENTO_POOL_BYTES(32, 16);
    CHECK_STATUS(bento_pool_init(&pool, NULL, bytes, 16, 32, 8, 8), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 0, 32, 8, 8), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 0, 8, 8), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 0, 8), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 8, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 24, 9), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 4, 8), BENTO_E_ARGUMENT); /* 32 > 2^4 */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, SIZE_MAX / 4u, 32, 8, 8),
                 BENTO_E_ARGUMENT); /* capacity * value_size overflows */
    CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 4, bytes, 16, 32, 8, 8),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 2, bytes, 2, 32, 8, 8),
                 BENTO_E_ALIGN); /* even 2-byte values need a 4-byte-aligned buffer */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes - 1, 16, 32, 8, 8), BENTO_E_SIZE);
    /* a failed init leaves a pool that refuses everything */
    CHECK_EQ(bento_pool_capacity(&pool), 0);
    CHECK_STATUS(bento_pool_create(&pool, &h, &v), BENTO_E_FULL);
    CHECK_EQ(h, 0);
    CHECK(v == NULL);
    CHECK(bento_pool_get(&pool, 1u) == NULL);
    /* exact size, odd value size (alignment 4 is enough), 32 index bits minus one */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 8, 8), BENTO_OK);
    CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 4, BENTO_POOL_BYTES(32, 3), 3,
                                 32, 31, 1),
                 BENTO_OK);
    CHECK_STATUS(bento_pool_init(&pool, buffer, BENTO_POOL_BYTES(16, 16), 16, 16, 4, 28), BENTO_OK);
}

static void test_basic_lifecycle(void)
{
    static items pool;
    items_handle a, b, c;
    item *pa, *pb, *pc;
    CHECK_STATUS(items_init(&pool), BENTO_OK);
    CHECK_EQ(items_count(&pool), 0);
    CHECK_EQ(items_capacity(&pool), 64);
    CHECK_STATUS(items_create(&pool, &a, &pa), BENTO_OK);
    CHECK_STATUS(items_create(&pool, &b, &pb), BENTO_OK);
    CHECK_STATUS(items_create(&pool, &c, NULL), BENTO_OK);
    CHECK(!items_handle_is_null(a) && !items_handle_is_null(b) && !items_handle_is_null(c));
    pa->tag = 1u;
    pb->tag = 2u;
    pc = items_get(&pool, c);
    CHECK(pc != NULL);
    if (pc != NULL) {
        pc->tag = 3u;
    }
    CHECK_EQ(items_count(&pool), 3);
    CHECK(items_contains(&pool, a));
    /* destroy the first: the last moves into its place and stays reachable */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_OK);
    CHECK(!items_contains(&pool, a));
    CHECK(items_get(&pool, a) == NULL);
    CHECK_EQ(items_count(&pool), 2);
    CHECK_EQ(items_get(&pool, c)->tag, 3);
    CHECK_EQ(items_get(&pool, b)->tag, 2);
    CHECK_EQ(items_values(&pool)[0].tag, 3);
    /* every kind of handle that is not live */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_E_STALE); /* double destroy */
    CHECK_STATUS(items_destroy(&pool, items_handle_null()), BENTO_E_STALE);
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(bento_handle_make(63u, 1u, 20u))),
                 BENTO_E_STALE); /* a slot never handed out */
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(bento_handle_make(0xfffffu, 1u, 20u))),
                 BENTO_E_STALE); /* index beyond capacity */
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(b.raw + (1u << 20))),
                 BENTO_E_STALE); /* right slot, wrong generation */
    CHECK_STATUS(bento_pool_destroy(&pool.pool, a.raw + (2u << 20)), BENTO_E_STALE);
    CHECK_EQ(items_count(&pool), 2);
    CHECK_STATUS(bento_pool_check(&pool.pool), BENTO_OK);
    /* the freed slot comes back with the next live (odd) generation */
    CHECK_STATUS(items_create(&pool, &a, &pa), BENTO_OK);
    CHECK_EQ(items_handle_generation(a), 3);
    CHECK_EQ(items_handle_at(&pool, 2).raw, a.raw);
    CHECK(items_handle_is_null(items_handle_at(&pool, 3)));
    /* destroying the last element moves nothing */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_OK);
    CHECK_EQ(items_get(&pool, b)->tag, 2);
    CHECK_STATUS(bento_pool_check(&pool.pool), BENTO_OK);
}

static void test_full_and_clear(void)
{
    static items pool;
    items_handle handles[64];
    items_handle extra = items_handle_from_raw(123u);
    item *value = NULL;
    uint32_t i;
    CHECK_STATUS(items_init(&pool), BENTO_OK);
    for (i = 0; i < 64u; i++) {
        CHECK_STATUS(items_create(&pool, &handles[i], &value), BENTO_OK);
        value->tag = i;
    }
    CHECK_STATUS(items_create(&pool, &extra, &value), BENTO_E_FULL);
    CHECK(items_handle_is_null(extra));
    CHECK(value == NULL);
    for (i = 0; i < 64u; i++) {
        CHECK_EQ(items_get(&pool, handles[i])->tag, i);
    }
    /* iteration visits every live value once, with its handle */
    for (i = 0; i < items_count(&pool); i++) {
        item *v = items_get(&pool, items_handle_at(&pool, i));
        CHECK(v == &items_values(&pool)[i]);
    }
    items_clear(&pool);
    CHECK_EQ(items_count(&pool), 0);
    for (i = 0; i < 64u; i++) {
        CHECK(!items_contains(&pool, handles[i]));
    }
    CHECK_STATUS(bento_pool_check(&pool.pool), BENTO_OK);
    for (i = 0; i < 64u; i++) {
        items_handle h;
        CHECK_STATUS(items_create(&pool, &h, NULL), BENTO_OK);
        CHECK_EQ(items_handle_generation(h), 3);
    }
    CHECK_STATUS(items_create(&pool, &extra, NULL), BENTO_E_FULL);
}

/* A 16-bit handle with 4 generation bits: a slot serves generations 1, 3, ..., 15, then retires. */
static void test_generation_retirement(void)
{
    static tiny pool;
    tiny_handle seen[8];
    tiny_handle h;
    uint32_t i, j;
    CHECK_STATUS(tiny_init(&pool), BENTO_OK);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_OK);
        CHECK_EQ(tiny_handle_generation(h), 2u * i + 1u);
        CHECK_EQ(tiny_handle_index(h), 0);
        seen[i] = h;
        for (j = 0; j < i; j++) {
            CHECK(!tiny_contains(&pool, seen[j])); /* no stale handle aliases the new object */
        }
        CHECK_STATUS(tiny_destroy(&pool, h), BENTO_OK);
        /* the even generation of the free slot never matches a handle */
        CHECK(!tiny_contains(&pool, tiny_handle_from_raw(h.raw + (1u << 12))));
    }
    CHECK_EQ(bento_pool_retired(&pool.pool), 1);
    CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_E_FULL);
    for (j = 0; j < 8u; j++) {
        CHECK(!tiny_contains(&pool, seen[j]));
        CHECK_STATUS(tiny_destroy(&pool, seen[j]), BENTO_E_STALE);
    }
    /* a handle with generation 0, the retired slot's, never matches */
    CHECK(!tiny_contains(&pool, tiny_handle_from_raw(0u)));
    CHECK_STATUS(bento_pool_check(&pool.pool), BENTO_OK);
    /* clear retires a live slot at its last generation too */
    CHECK_STATUS(bento_pool_init(&pool.pool, pool.storage, sizeof pool.storage, sizeof(item), 1, 12,
                                 1),
                 BENTO_OK); /* 1 generation bit: one object per slot */
    CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_OK);
    tiny_clear(&pool);
    CHECK_EQ(bento_pool_retired(&pool.pool), 1);
    CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_E_FULL);
}

/* Shared by the damage tests: the micro:bit's RAM holds only so many 1.5 KiB pools. */
static items damaged;

static void test_check_detects_corruption(void)
{
    items *const p = &damaged;
    items_handle a, b;
    uint32_t saved;
    CHECK_STATUS(items_init(p), BENTO_OK);
    CHECK_STATUS(items_create(p, &a, NULL), BENTO_OK);
    CHECK_STATUS(items_create(p, &b, NULL), BENTO_OK);
    CHECK_STATUS(items_destroy(p, a), BENTO_OK);
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_OK);

    saved = p->pool.dense_slot[0];
    p->pool.dense_slot[0] = 5u; /* a dense position owned by a slot never used */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.dense_slot[0] = saved;

    saved = p->pool.slots[b.raw & 0xfffffu];
    p->pool.slots[b.raw & 0xfffffu] = saved & 0xfffffu; /* generation 0 */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.slots[b.raw & 0xfffffu] = saved;

    p->pool.count = 2u; /* counters disagree */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.count = 1u;

    saved = p->pool.free_head;
    p->pool.free_head = 40u; /* free list leaves the used slots */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.free_head = b.raw & 0xfffffu; /* free list holds a live slot */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.free_head = saved;
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_OK);
}

/* The free list ends in a slot that links to itself: a damaged link that makes a cycle, or
 * ends the list early, is caught; a damaged head of an empty list is never followed. */
static void test_free_list_damage(void)
{
    items *const p = &damaged;
    items_handle a, b, c;
    uint32_t ia, ib, saved;
    const uint32_t mask = 0xfffffu;
    CHECK_STATUS(items_init(p), BENTO_OK);
    CHECK_STATUS(items_create(p, &a, NULL), BENTO_OK);
    CHECK_STATUS(items_create(p, &b, NULL), BENTO_OK);
    p->pool.free_head = 0xabcdeu; /* damaged while the list is empty: never read */
    CHECK_STATUS(items_destroy(p, a), BENTO_OK);
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_OK);
    CHECK(!items_contains(p, items_handle_from_raw(bento_handle_make(0u, 3u, 20u))));
    CHECK_STATUS(items_create(p, &c, NULL), BENTO_OK);
    CHECK_STATUS(items_destroy(p, c), BENTO_OK);
    CHECK_STATUS(items_destroy(p, b), BENTO_OK); /* free list: b, then c's slot (0) */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_OK);
    ia = c.raw & mask;
    ib = b.raw & mask;
    saved = p->pool.slots[ib];
    p->pool.slots[ib] = (saved & ~mask) | ib; /* b links to itself: slot 0 lost */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.slots[ib] = saved;
    saved = p->pool.slots[ia];
    p->pool.slots[ia] = (saved & ~mask) | ib; /* the last links back to the first: a cycle */
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_E_CORRUPT);
    p->pool.slots[ia] = saved;
    CHECK_STATUS(bento_pool_check(&p->pool), BENTO_OK);
}

/* A pool copied whole (struct and storage) works once rebased, and the original is untouched. */
static void test_copy_and_rebase(void)
{
    static items original, copy;
    static bento_align_unit other[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(64, sizeof(item))) + 1];
    items_handle h[5];
    item *v;
    uint32_t i;
    CHECK_STATUS(items_init(&original), BENTO_OK);
    for (i = 0; i < 5u; i++) {
        CHECK_STATUS(items_create(&original, &h[i], &v), BENTO_OK);
        v->tag = 100u + i;
    }
    CHECK_STATUS(items_destroy(&original, h[1]), BENTO_OK);
    copy = original; /* as a save file or retained RAM would hold it */
    CHECK_STATUS(bento_pool_rebase(&copy.pool, NULL, sizeof copy.storage), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_rebase(&copy.pool, (unsigned char *)copy.storage + 4,
                                   sizeof copy.storage - 4),
                 BENTO_E_ALIGN); /* 16-byte values want 8-byte alignment */
    CHECK_STATUS(bento_pool_rebase(&copy.pool, copy.storage, sizeof copy.storage - 1), BENTO_E_SIZE);
    CHECK(copy.pool.values == original.pool.values); /* failures leave it pointing where it was */
    CHECK_STATUS(bento_pool_rebase(&copy.pool, copy.storage, sizeof copy.storage), BENTO_OK);
    CHECK_STATUS(bento_pool_check(&copy.pool), BENTO_OK);
    CHECK(items_get(&copy, h[1]) == NULL);
    for (i = 0; i < 5u; i++) {
        if (i != 1u) {
            CHECK_EQ(items_get(&copy, h[i])->tag, 100u + i);
            CHECK(items_get(&copy, h[i]) != items_get(&original, h[i]));
        }
    }
    CHECK_STATUS(items_destroy(&copy, h[0]), BENTO_OK);
    CHECK(items_contains(&original, h[0])); /* the original has its own storage */
    /* a generic pool moved to another buffer */
    for (i = 0; i < BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(64, sizeof(item))); i++) {
        other[i] = copy.storage[i];
    }
    CHECK_STATUS(bento_pool_rebase(&copy.pool, other, sizeof other), BENTO_OK);
    CHECK_EQ(items_get(&copy, h[4])->tag, 104);
    CHECK_STATUS(bento_pool_check(&copy.pool), BENTO_OK);
}

/* Random operations against a naive model: live handles with the tag each one's value holds. */
static void test_against_model(void)
{
    enum { CAP = 48 };
    static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(CAP, 8))];
    static uint32_t live[CAP], tags[CAP], dead[64];
    bento_pool pool;
    uint32_t live_count = 0u, dead_count = 0u, next_tag = 1u;
    uint32_t step, steps = 3000u * bento_test_scale();
    uint32_t mismatches = 0u;
    /* 5 generation bits: slots retire during the run, so FULL comes from retirement too */
    CHECK_STATUS(bento_pool_init(&pool, memory, sizeof memory, 8, CAP, 6, 5), BENTO_OK);
    for (step = 0; step < steps; step++) {
        uint32_t op = bento_test_rand_below(100u);
        if (op < 50u) {
            uint32_t h;
            void *storage;
            bento_status s = bento_pool_create(&pool, &h, &storage);
            bool model_full = live_count + pool.retired == CAP;
            if (s != (model_full ? BENTO_E_FULL : BENTO_OK)) {
                mismatches++;
            }
            if (s == BENTO_OK) {
                uint32_t *v = (uint32_t *)storage;
                v[0] = next_tag;
                v[1] = ~next_tag;
                live[live_count] = h;
                tags[live_count++] = next_tag++;
            }
        } else if (op < 90u && live_count != 0u) {
            uint32_t k = bento_test_rand_below(live_count);
            if (bento_pool_destroy(&pool, live[k]) != BENTO_OK) {
                mismatches++;
            }
            dead[dead_count++ & 63u] = live[k];
            live[k] = live[--live_count];
            tags[k] = tags[live_count];
        } else if (op < 99u && dead_count != 0u) {
            uint32_t h = dead[bento_test_rand_below(dead_count < 64u ? dead_count : 64u)];
            if (bento_pool_destroy(&pool, h) != BENTO_E_STALE || bento_pool_get(&pool, h) != NULL) {
                mismatches++;
            }
        } else if (op == 99u) {
            uint32_t k;
            bento_pool_clear(&pool);
            for (k = 0; k < live_count; k++) {
                dead[dead_count++ & 63u] = live[k];
            }
            live_count = 0u;
        }
        /* after every operation: same count, every live handle finds its own value */
        if (bento_pool_count(&pool) != live_count) {
            mismatches++;
        }
        {
            uint32_t k;
            for (k = 0; k < live_count; k++) {
                const uint32_t *v = (const uint32_t *)bento_pool_get(&pool, live[k]);
                if (v == NULL || v[0] != tags[k] || v[1] != ~tags[k]) {
                    mismatches++;
                }
            }
        }
        if ((step & 63u) == 0u && bento_pool_check(&pool) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("pool model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
            break;
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(pool.retired > 0u); /* the run did reach the generation limit */
    CHECK_STATUS(bento_pool_check(&pool), BENTO_OK);
}

void test_pool(void)
{
    test_handles();
    test_status_names();
    test_init_statuses();
    test_basic_lifecycle();
    test_full_and_clear();
    test_generation_retirement();
    test_check_detects_corruption();
    test_free_list_damage();
    test_copy_and_rebase();
    test_against_model();
}
