/* SPDX-License-Identifier: MIT */
/* Tests of bento/handle.h and bento/pool.h: every status, both generation policies, oldest-first
 * reuse against an exact model, open from a buffer, damage and confinement. */
#include <bento/pool.h>

#include "bento_test.h"

typedef struct item {
    uint32_t tag;
    uint32_t payload[3];
} item; /* 16 bytes */

/* Capacities sized from the RAM (bento_test.h): ITEMS values in the typed pools of most tests
 * (64 where there is room), CHURN slots in the churn and horizon tests (the README's 128). */
#define ITEMS BENTO_TEST_FIT(64u, sizeof(item) + 8u, BENTO_TEST_DATA_BYTES / 4u)
#define CHURN BENTO_TEST_FIT(128u, sizeof(item) + 16u, BENTO_TEST_DATA_BYTES * 2u / 3u)
#define LIVE (CHURN / 2u) /* live objects in the churn: half the slots */

BENTO_POOL_TYPE_BITS(items, item, ITEMS, uint32_t, BENTO_POOL_RETIRE, 20);
BENTO_POOL_TYPE_BITS(tiny, item, 1, uint16_t, BENTO_POOL_RETIRE, 12); /* 4 generation bits */
BENTO_POOL_TYPE_BITS(loop, item, 2, uint16_t, BENTO_POOL_WRAP, 13);  /* 3 generation bits */
/* The README's configuration (128 enemies where the RAM holds them), 32-bit handles, the fewest
 * index bits (7 for 128). */
BENTO_POOL_TYPE(enemies, item, CHURN, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(enemies_retire, item, CHURN, uint32_t, BENTO_POOL_RETIRE);
/* The same with 16-bit handles: 9 generation bits for 128 slots, 256 objects per slot and cycle. */
BENTO_POOL_TYPE(short_enemies, item, CHURN, uint16_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(short_enemies_retire, item, CHURN, uint16_t, BENTO_POOL_RETIRE);

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
    CHECK_EQ(items_handle_INDEX_BITS, 20);
    CHECK_EQ(enemies_handle_INDEX_BITS, BENTO_IMPL_INDEX_BITS(CHURN)); /* from the capacity */
    CHECK_EQ(BENTO_IMPL_INDEX_BITS(128), 7);
    CHECK_EQ(BENTO_IMPL_INDEX_BITS(1), 1);
    CHECK_EQ(BENTO_IMPL_INDEX_BITS(2), 1);
    CHECK_EQ(BENTO_IMPL_INDEX_BITS(129), 8);
    CHECK_EQ(BENTO_IMPL_INDEX_BITS(0x80000000u), 31);
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
    CHECK(bento_status_name((bento_status)42)[8] == '?');
}

static bento_align_unit buffer[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(32, 16)) + 1];

/* Damage, confinement and open (test_open: beside two typed pools, as another buffer). */
#define DAMAGED_BYTES BENTO_POOL_BYTES(ITEMS, sizeof(item))

/* A typed pool of 8-byte values, for test_typed_storage_alignment. */
BENTO_POOL_TYPE(wide_values, uint64_t, 2, uint32_t, BENTO_POOL_RETIRE);

/* The model test's capacity: not a power of two. */
enum { MODEL_CAP = 48 };

/* The suite's large data, one test after another: the typed pools and the damaged buffer, the
 * churn and horizon tests' pools and records, the alignment test's pools, the model test's. */
static union {
    struct {
        items a, b;
        bento_align_unit damaged[BENTO_ALIGN_UNITS(DAMAGED_BYTES)];
    } typed;
    struct {
        union {
            enemies wrap;
            enemies_retire retire;
            short_enemies short_wrap;
            short_enemies_retire short_retire;
        } pool;
        union {
            enemies_handle live[LIVE];
            short_enemies_handle short_live[LIVE];
            short_enemies_retire_handle short_kept[LIVE];
        } handles;
        uint32_t last_created[CHURN];
        uint16_t created[CHURN]; /* at most frames / (LIVE + 1) + 1 each */
    } churn;
    unsigned char shifted[sizeof(wide_values) + 4u];
    struct {
        bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(MODEL_CAP, 8))];
        uint32_t live[MODEL_CAP], tags[MODEL_CAP], dead[64], generation[MODEL_CAP], queue[MODEL_CAP];
    } model;
} data;
#define pool_a (data.typed.a)
#define pool_b (data.typed.b)
#define damaged_memory (data.typed.damaged)

/* A pool whose init or open failed is inert: it answers every call as an empty full pool. */
static void check_inert(bento_pool *pool)
{
    uint32_t h = 1u;
    void *v = &h;
    CHECK_EQ(bento_pool_capacity(pool), 0);
    CHECK_EQ(bento_pool_count(pool), 0);
    CHECK_STATUS(bento_pool_create(pool, &h, &v), BENTO_E_FULL);
    CHECK_EQ(h, 0);
    CHECK(v == NULL);
    CHECK(bento_pool_get(pool, 1u) == NULL);
    CHECK(bento_pool_get(pool, 0x100001u) == NULL);
    CHECK_STATUS(bento_pool_destroy(pool, 1u), BENTO_E_STALE);
    CHECK_EQ(bento_pool_alias_horizon(pool), 0);
    CHECK_EQ(bento_pool_handle_at(pool, 0), 0);
    CHECK_EQ(bento_pool_handle_of_index(pool, 0), 0);
    CHECK_EQ(bento_pool_lifetime(pool), 0);
    bento_pool_clear(pool);
    CHECK_STATUS(bento_pool_check(pool), BENTO_OK);
}

static void test_init_statuses(void)
{
    bento_pool pool;
    const size_t bytes = BENTO_POOL_BYTES(32, 16);
    CHECK_STATUS(bento_pool_init(&pool, NULL, bytes, 16, 32, 8, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    check_inert(&pool);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 0, 32, 8, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 0, 8, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 0, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 8, 0, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 24, 9, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 4, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT); /* 32 > 2^4 */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 8, 8, (bento_pool_policy)2),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, SIZE_MAX / 4u, 32, 8, 8, BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT); /* capacity * value_size overflows */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, BENTO_TEST_BYTES_MAX / 2u, 32, 8, 8,
                                 BENTO_POOL_RETIRE),
                 BENTO_E_ARGUMENT); /* more than 4 GiB of buffer (64 KiB, 16-bit size_t) */
    if (BENTO_MAX_ALIGN == 8u) {
        CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 4, bytes, 16, 32, 8, 8,
                                     BENTO_POOL_RETIRE),
                     BENTO_E_ALIGN);
        check_inert(&pool);
    }
    CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 2, bytes, 2, 32, 8, 8,
                                 BENTO_POOL_RETIRE),
                 BENTO_E_ALIGN); /* even 2-byte values need a 4-byte-aligned buffer */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes - 1, 16, 32, 8, 8, BENTO_POOL_RETIRE),
                 BENTO_E_SIZE);
    check_inert(&pool);
    /* exact size, odd value size (alignment 4 is enough), 31 index bits and 1 generation bit */
    CHECK_STATUS(bento_pool_init(&pool, buffer, bytes, 16, 32, 8, 8, BENTO_POOL_RETIRE), BENTO_OK);
    CHECK_STATUS(bento_pool_init(&pool, (unsigned char *)buffer + 4, BENTO_POOL_BYTES(32, 3), 3,
                                 32, 31, 1, BENTO_POOL_WRAP),
                 BENTO_OK);
    CHECK_STATUS(bento_pool_init(&pool, buffer, BENTO_POOL_BYTES(16, 16), 16, 16, 4, 28,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK);
    CHECK_EQ(bento_pool_count(&pool), 0);
    CHECK_EQ(bento_pool_capacity(&pool), 16);
    CHECK_STATUS(bento_pool_check(&pool), BENTO_OK);
}

static void test_basic_lifecycle(void)
{
    items *const pool_ = &pool_a;
#define pool (*pool_)
    items_handle a, b, c;
    item *pa, *pb, *pc;
    CHECK_STATUS(items_init(&pool), BENTO_OK);
    CHECK_EQ(items_count(&pool), 0);
    CHECK_EQ(items_capacity(&pool), ITEMS);
    CHECK_STATUS(items_create(&pool, &a, &pa), BENTO_OK);
    CHECK_STATUS(items_create(&pool, &b, &pb), BENTO_OK);
    CHECK_STATUS(items_create(&pool, &c, NULL), BENTO_OK);
    CHECK(!items_handle_is_null(a) && !items_handle_is_null(b) && !items_handle_is_null(c));
    CHECK_EQ(items_handle_index(a), 0); /* slots are handed out in order */
    CHECK_EQ(items_handle_index(c), 2);
    if (pa == NULL || pb == NULL) {
        return; /* the creates failed (reported above): nothing to write through */
    }
    pa->tag = 1u;
    pb->tag = 2u;
    pc = items_get(&pool, c);
    CHECK(pc != NULL);
    if (pc != NULL) {
        pc->tag = 3u;
    }
    CHECK_EQ(items_count(&pool), 3);
    CHECK(items_contains(&pool, a));
    CHECK(items_handle_eq(items_handle_of_index(&pool, 1), b));
    /* destroy the first: the last moves into its place and stays reachable */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_OK);
    CHECK(!items_contains(&pool, a));
    CHECK(items_get(&pool, a) == NULL);
    CHECK(items_handle_is_null(items_handle_of_index(&pool, 0))); /* free now */
    CHECK(items_handle_is_null(items_handle_of_index(&pool, ITEMS)));  /* out of range */
    CHECK_EQ(items_count(&pool), 2);
    pc = items_get(&pool, c);
    CHECK(pc != NULL && pc->tag == 3u);
    pb = items_get(&pool, b);
    CHECK(pb != NULL && pb->tag == 2u);
    CHECK_EQ(items_values(&pool)[0].tag, 3);
    /* every kind of handle that is not live */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_E_STALE); /* double destroy */
    CHECK_STATUS(items_destroy(&pool, items_handle_null()), BENTO_E_STALE);
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(bento_handle_make(ITEMS - 1u, 1u, 20u))),
                 BENTO_E_STALE); /* a slot never handed out */
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(bento_handle_make(0xfffffu, 1u, 20u))),
                 BENTO_E_STALE); /* index beyond capacity */
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(b.raw + ((uint32_t)1u << 20))),
                 BENTO_E_STALE); /* right slot, wrong generation */
    CHECK_STATUS(items_destroy(&pool, items_handle_from_raw(a.raw + ((uint32_t)2u << 20))), BENTO_E_STALE);
    CHECK_EQ(items_count(&pool), 2);
    CHECK_STATUS(items_check(&pool), BENTO_OK);
    /* oldest first: the never-used slots come before the one just freed */
    CHECK_STATUS(items_create(&pool, &a, &pa), BENTO_OK);
    CHECK_EQ(items_handle_index(a), 3);
    CHECK_EQ(items_handle_generation(a), 1);
    CHECK(items_handle_eq(items_handle_at(&pool, 2), a));
    CHECK(items_handle_is_null(items_handle_at(&pool, 3)));
    /* destroying the last element moves nothing */
    CHECK_STATUS(items_destroy(&pool, a), BENTO_OK);
    pb = items_get(&pool, b);
    CHECK(pb != NULL && pb->tag == 2u);
    CHECK_STATUS(items_check(&pool), BENTO_OK);
#undef pool
}

static void test_full_and_clear(void)
{
    items *const pool_ = &pool_a;
#define pool (*pool_)
    items_handle handles[ITEMS];
    items_handle extra = items_handle_from_raw(123u);
    item *value = NULL;
    uint32_t i;
    CHECK_STATUS(items_init(&pool), BENTO_OK);
    for (i = 0; i < ITEMS; i++) {
        CHECK_STATUS(items_create(&pool, &handles[i], &value), BENTO_OK);
        if (value != NULL) {
            value->tag = i;
        }
    }
    CHECK_STATUS(items_create(&pool, &extra, &value), BENTO_E_FULL);
    CHECK(items_handle_is_null(extra));
    CHECK(value == NULL);
    for (i = 0; i < ITEMS; i++) {
        value = items_get(&pool, handles[i]);
        CHECK(value != NULL && value->tag == i);
    }
    /* iteration visits every live value once, with its handle */
    for (i = 0; i < items_count(&pool); i++) {
        item *v = items_get(&pool, items_handle_at(&pool, i));
        CHECK(v == &items_values(&pool)[i]);
    }
    items_clear(&pool);
    CHECK_EQ(items_count(&pool), 0);
    for (i = 0; i < ITEMS; i++) {
        CHECK(!items_contains(&pool, handles[i]));
    }
    CHECK_STATUS(items_check(&pool), BENTO_OK);
    for (i = 0; i < ITEMS; i++) {
        items_handle h;
        CHECK_STATUS(items_create(&pool, &h, NULL), BENTO_OK);
        CHECK_EQ(items_handle_generation(h), 3);
    }
    CHECK_STATUS(items_create(&pool, &extra, NULL), BENTO_E_FULL);
#undef pool
}

/* A 16-bit handle with 4 generation bits: a slot serves generations 1, 3, ..., 15, then retires. */
static void test_generation_retirement(void)
{
    static tiny pool;
    tiny_handle seen[8];
    tiny_handle h;
    uint32_t i, j;
    bento_pool generic;
    CHECK_STATUS(tiny_init(&pool), BENTO_OK);
    CHECK_EQ(tiny_lifetime(&pool), 8);
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_OK);
        CHECK_EQ(tiny_handle_generation(h), 2u * i + 1u);
        CHECK_EQ(tiny_handle_index(h), 0);
        CHECK_EQ(tiny_lifetime(&pool), 8u - i);
        seen[i] = h;
        for (j = 0; j < i; j++) {
            CHECK(!tiny_contains(&pool, seen[j])); /* no stale handle aliases the new object */
        }
        CHECK_STATUS(tiny_destroy(&pool, h), BENTO_OK);
        /* the even generation of the free slot never matches a handle */
        CHECK(!tiny_contains(&pool, tiny_handle_from_raw(h.raw + (1u << 12))));
    }
    CHECK_EQ(tiny_retired(&pool), 1);
    CHECK_EQ(tiny_lifetime(&pool), 0);
    CHECK_STATUS(tiny_create(&pool, &h, NULL), BENTO_E_FULL);
    CHECK(tiny_handle_is_null(h));
    for (j = 0; j < 8u; j++) {
        CHECK(!tiny_contains(&pool, seen[j]));
        CHECK_STATUS(tiny_destroy(&pool, seen[j]), BENTO_E_STALE);
    }
    /* a handle with generation 0, the retired slot's, never matches */
    CHECK(!tiny_contains(&pool, tiny_handle_from_raw(0u)));
    CHECK_STATUS(tiny_check(&pool), BENTO_OK);
    /* clear retires a live slot at its last generation too (1 generation bit: one object) */
    CHECK_STATUS(bento_pool_init(&generic, buffer, sizeof buffer, sizeof(item), 1, 12, 1,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK);
    CHECK_STATUS(bento_pool_create(&generic, &i, NULL), BENTO_OK);
    CHECK_EQ(bento_pool_lifetime(&generic), 1);
    bento_pool_clear(&generic);
    CHECK_EQ(bento_pool_retired(&generic), 1);
    CHECK_STATUS(bento_pool_create(&generic, &i, NULL), BENTO_E_FULL);
    CHECK_STATUS(bento_pool_check(&generic), BENTO_OK);
}

/* BENTO_POOL_WRAP: a slot starts again at generation 1 and the pool never loses capacity; a
 * stale handle aliases only after its slot has served a whole cycle of generations. */
static void test_generation_wrap(void)
{
    static loop pool;
    loop_handle first, h, other;
    uint32_t i;
    CHECK_STATUS(loop_init(&pool), BENTO_OK);
    CHECK_EQ(loop_lifetime(&pool), BENTO_POOL_FOREVER);
    CHECK_STATUS(loop_create(&pool, &first, NULL), BENTO_OK);
    CHECK_STATUS(loop_create(&pool, &other, NULL), BENTO_OK); /* slot 1 stays live throughout */
    CHECK_STATUS(loop_destroy(&pool, first), BENTO_OK);
    /* slot 0 serves generations 3, 5, 7 (3 generation bits): first stays stale */
    for (i = 1u; i < 4u; i++) {
        CHECK_STATUS(loop_create(&pool, &h, NULL), BENTO_OK);
        CHECK_EQ(loop_handle_index(h), 0);
        CHECK_EQ(loop_handle_generation(h), 2u * i + 1u);
        CHECK(!loop_contains(&pool, first));
        CHECK_STATUS(loop_destroy(&pool, h), BENTO_OK);
    }
    CHECK_EQ(loop_retired(&pool), 0);
    /* the fourth reuse wraps to generation 1: the handle kept from the start aliases now,
     * exactly as the policy says */
    CHECK_STATUS(loop_create(&pool, &h, NULL), BENTO_OK);
    CHECK_EQ(loop_handle_generation(h), 1);
    CHECK(loop_handle_eq(h, first));
    CHECK(loop_contains(&pool, first));
    CHECK(loop_contains(&pool, other));
    CHECK_STATUS(loop_check(&pool), BENTO_OK);
    CHECK_EQ(loop_lifetime(&pool), BENTO_POOL_FOREVER);
}


/*
 * The README's pool: 128 slots (CHURN), 64 live, one destroyed and one created per frame. The
 * arithmetic of bento/pool.h ("Lifetime"): with 64 slots free at every destroy, a slot serves at
 * most one object in 65 consecutive creates, so a pool under BENTO_POOL_RETIRE loses no
 * capacity for (lifetime - 1) * 65 creates, and one under BENTO_POOL_WRAP never does. The run
 * checks the bound the arithmetic rests on: no slot is created twice within 65 creates, and
 * the wear it leads to: every slot serves about one object in 128 frames (at most 1.5 times
 * that here; last-in-first-out reuse would put every create on one slot). Where the RAM holds
 * fewer slots, the same with CHURN slots and LIVE = CHURN / 2 live.
 */
static void test_churn(void)
{
#define pool data.churn.pool
    enemies_handle *const live = data.churn.handles.live;
    uint32_t *const last_created = data.churn.last_created;
    uint16_t *const created = data.churn.created;
    const uint32_t frames = 20000u * bento_test_scale();
    const uint64_t per_second = 60u;
    uint64_t creates;
    uint32_t frame, i, closest = 0xffffffffu, failures = 0u, most = 0u;
    CHECK_STATUS(enemies_retire_init(&pool.retire), BENTO_OK);
    CHECK_EQ(enemies_retire_lifetime(&pool.retire), (uint32_t)1u << (31u - enemies_handle_INDEX_BITS));
    creates = ((uint64_t)enemies_retire_lifetime(&pool.retire) - 1u) * (LIVE + 1u);
    CHECK(creates / per_second / 3600u / 24u >= 210u); /* days at 60 Hz without loss */
    CHECK_STATUS(enemies_init(&pool.wrap), BENTO_OK);
    CHECK_EQ(enemies_lifetime(&pool.wrap), BENTO_POOL_FOREVER);
    for (i = 0; i < CHURN; i++) {
        last_created[i] = 0xffffffffu;
    }
    for (i = 0; i < LIVE; i++) {
        CHECK_STATUS(enemies_create(&pool.wrap, &live[i], NULL), BENTO_OK);
        last_created[enemies_handle_index(live[i])] = i;
    }
    for (i = 0; i < CHURN; i++) {
        created[i] = 0u;
    }
    for (frame = LIVE; frame < frames; frame++) {
        const uint32_t victim = bento_test_rand_below(LIVE);
        uint32_t index;
        failures += enemies_destroy(&pool.wrap, live[victim]) != BENTO_OK;
        failures += enemies_create(&pool.wrap, &live[victim], NULL) != BENTO_OK;
        index = enemies_handle_index(live[victim]);
        if (last_created[index] != 0xffffffffu && frame - last_created[index] < closest) {
            closest = frame - last_created[index];
        }
        last_created[index] = frame;
        created[index]++;
    }
    for (i = 0; i < CHURN; i++) {
        most = created[i] > most ? created[i] : most;
    }
    CHECK_EQ(failures, 0);
    CHECK(closest >= LIVE + 1u);
    CHECK(most * 2u <= 3u * (frames / CHURN + 1u));
    CHECK_EQ(enemies_count(&pool.wrap), LIVE);
    CHECK_EQ(enemies_retired(&pool.wrap), 0);
    CHECK_STATUS(enemies_check(&pool.wrap), BENTO_OK);
#undef pool
}

/*
 * Both horizons of bento/pool.h ("Two horizons"), observed: the README's churn (128 slots, 64
 * live, one destroyed and one created per frame; CHURN and LIVE) with 16-bit handles. Under BENTO_POOL_WRAP a
 * handle kept after its destroy names a newer object no sooner than alias_horizon * 65 frames
 * later; under BENTO_POOL_RETIRE the first slot retires no sooner than (lifetime - 1) * 65
 * frames in, and the rest goes soon after: create answers BENTO_E_FULL within an eighth of the
 * even-wear estimate (horizon * 128 frames) more (about 2,300 frames after some 30,000 with
 * random victims). Both happen within twice that estimate, so the run is long enough to see
 * them.
 */
static void test_horizons(void)
{
#define pool data.churn.pool
    short_enemies_handle *const live = data.churn.handles.short_live;
    short_enemies_retire_handle *const kept = data.churn.handles.short_kept;
    const uint32_t horizon = (uint32_t)1u << (15u - short_enemies_handle_INDEX_BITS); /* 256 for 128 */
    short_enemies_handle stale;
    uint32_t frame, i, aliased = 0u, retired = 0u, full = 0u, failures = 0u;
    /* WRAP: the first handle destroyed is kept */
    CHECK_STATUS(short_enemies_init(&pool.short_wrap), BENTO_OK);
    CHECK_EQ(short_enemies_alias_horizon(&pool.short_wrap), horizon);
    CHECK_EQ(short_enemies_lifetime(&pool.short_wrap), BENTO_POOL_FOREVER);
    for (i = 0; i < LIVE; i++) {
        CHECK_STATUS(short_enemies_create(&pool.short_wrap, &live[i], NULL), BENTO_OK);
    }
    stale = live[0];
    for (frame = LIVE; aliased == 0u && frame < LIVE + 2u * horizon * CHURN; frame++) {
        const uint32_t victim = frame == LIVE ? 0u : bento_test_rand_below(LIVE);
        failures += short_enemies_destroy(&pool.short_wrap, live[victim]) != BENTO_OK;
        failures += short_enemies_create(&pool.short_wrap, &live[victim], NULL) != BENTO_OK;
        aliased = short_enemies_contains(&pool.short_wrap, stale) ? frame : 0u;
    }
    CHECK_EQ(failures, 0);
    CHECK(aliased != 0u);
    CHECK(aliased - LIVE >= horizon * (LIVE + 1u));
    /* RETIRE: until the first slot retires, then until create fails */
    CHECK_STATUS(short_enemies_retire_init(&pool.short_retire), BENTO_OK);
    CHECK_EQ(short_enemies_retire_alias_horizon(&pool.short_retire), BENTO_POOL_FOREVER);
    CHECK_EQ(short_enemies_retire_lifetime(&pool.short_retire), horizon);
    for (i = 0; i < LIVE; i++) {
        CHECK_STATUS(short_enemies_retire_create(&pool.short_retire, &kept[i], NULL), BENTO_OK);
    }
    for (frame = LIVE; full == 0u && frame < LIVE + 2u * horizon * CHURN; frame++) {
        const uint32_t victim = bento_test_rand_below(LIVE);
        failures += short_enemies_retire_destroy(&pool.short_retire, kept[victim]) != BENTO_OK;
        if (short_enemies_retire_create(&pool.short_retire, &kept[victim], NULL) != BENTO_OK) {
            full = frame;
        }
        if (retired == 0u && short_enemies_retire_retired(&pool.short_retire) != 0u) {
            retired = frame;
        }
    }
    CHECK_EQ(failures, 0);
    CHECK(retired != 0u && full != 0u);
    CHECK(retired - LIVE >= (horizon - 1u) * (LIVE + 1u));
    CHECK(full - retired <= horizon * CHURN / 8u);
    CHECK_STATUS(short_enemies_retire_check(&pool.short_retire), BENTO_OK);
#undef pool
}

/* Damage of every kind shows in check; operations on a damaged pool stay inside its buffer
 * (the sanitizers and the boards' fault handler would catch a stray access) and answer with a
 * status where they notice. */

static uint32_t *head_word(uint32_t i) { return (uint32_t *)(void *)damaged_memory + i; }

static void start_damaged(bento_pool *p, uint32_t *a, uint32_t *b)
{
    /* 20 index bits and 11 generation bits: bit 31 belongs to neither */
    CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), ITEMS, 20, 11,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK);
    CHECK_STATUS(bento_pool_create(p, a, NULL), BENTO_OK);
    CHECK_STATUS(bento_pool_create(p, b, NULL), BENTO_OK);
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);
}

static void test_check_detects_corruption(void)
{
    bento_pool pool;
    bento_pool *const p = &pool;
    uint32_t a, b, saved, i;
    const uint32_t mask = 0xfffffu;
    start_damaged(p, &a, &b);
    CHECK_STATUS(bento_pool_destroy(p, a), BENTO_OK);
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);

    saved = p->dense_slot[0];
    p->dense_slot[0] = 5u; /* a dense position owned by a free slot */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_pool_destroy(p, b), BENTO_OK); /* found through its own slot */
    p->dense_slot[0] = saved;

    start_damaged(p, &a, &b);
    saved = p->slots[b & mask];
    p->slots[b & mask] = saved & mask; /* generation 0 */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->slots[b & mask] = saved | 0x80000000u; /* bits above the generation field */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->slots[b & mask] = saved;
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);
    p->slots[5] += mask + 1u; /* a free slot's generation made odd: one live slot too many */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->slots[5] -= mask + 1u;
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);

    /* every word of the header is covered, up to the journal's word (its entries are scratch
       while it is idle) */
    for (i = 0; i < 4u + BENTO_IMPL_POOL_PARAMS + 5u + (BENTO_POWER_SAFE ? 1u : 0u);
         i++) {
        saved = *head_word(i);
        *head_word(i) ^= 0x40u;
        CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
        *head_word(i) = saved;
    }
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);

    p->state.count = 3u; /* counters disagree with the slots (and with their copy) */
    p->saved->count = 3u;
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->state.count = 2u;
    p->saved->count = 2u;
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);
}

/* The free queue ends in a slot that links to itself: a damaged link that makes a cycle, ends
 * the queue early or leaves the slots, is caught by check and refused by create. */
static void test_free_queue_damage(void)
{
    bento_pool pool;
    bento_pool *const p = &pool;
    uint32_t a, b, h, saved;
    const uint32_t mask = 0xfffffu;
    start_damaged(p, &a, &b); /* queue: 2 .. ITEMS - 1 */
    saved = p->slots[2];
    p->slots[2] = (saved & ~mask) | 2u; /* the front links to itself: the rest lost */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->slots[2] = (saved & ~mask) | (ITEMS - 8u); /* skips ahead: a cycle through the back */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    p->slots[2] = (saved & ~mask) | 1000u; /* leaves the slots */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_pool_create(p, &h, NULL), BENTO_E_CORRUPT);
    CHECK_EQ(h, 0);
    p->slots[2] = saved | (mask + 1u); /* a live slot in the queue */
    CHECK_STATUS(bento_pool_create(p, &h, NULL), BENTO_E_CORRUPT);
    p->slots[2] = saved;
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);
    p->slots[ITEMS - 1u] = (p->slots[ITEMS - 1u] & ~mask) | 2u; /* the back links to the front: a cycle */
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
}

/* create_from: the object and its value in one step; the failures of create, value untouched. */
static void test_create_from(void)
{
    items *const p = &pool_a;
    items_handle h, none;
    item v = {0u, {1u, 2u, 3u}}, *got;
    uint32_t i;
    CHECK_STATUS(items_init(p), BENTO_OK);
    v.tag = 7u;
    CHECK_STATUS(items_create_from(p, &h, &v), BENTO_OK);
    got = items_get(p, h);
    CHECK(got != NULL && got->tag == 7u);
    for (i = 1; i < items_capacity(p); i++) {
        v.tag = 100u + i;
        CHECK_STATUS(items_create_from(p, &h, &v), BENTO_OK);
    }
    got = items_get(p, h);
    CHECK(got != NULL && got->tag == 100u + ITEMS - 1u);
    none.raw = 5u;
    CHECK_STATUS(items_create_from(p, &none, &v), BENTO_E_FULL);
    CHECK(items_handle_is_null(none));
    CHECK_STATUS(items_check(p), BENTO_OK);
}

/* Counter edits that keep the sums: a free slot moved out of the queue into the retired
 * count (free_count - 1, retired + 1, the queue cut short before it). Its word is not the
 * retired form, and a WRAP pool retires nothing, so check and open refuse it (before: both
 * answered BENTO_OK and the slot was lost for good). */
static void test_retired_count_edits(void)
{
    static const bento_pool_policy policies[2] = {BENTO_POOL_RETIRE, BENTO_POOL_WRAP};
    bento_pool pool, reopened;
    bento_pool *const p = &pool;
    uint32_t h, i;
    for (i = 0; i < 2u; i++) {
        /* two free slots, queued 0 -> 1; slot 0's word (1) links to slot 1 */
        CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), 2, 20,
                                     11, policies[i]),
                     BENTO_OK);
        CHECK_EQ(p->slots[0], 1);
        /* the queue is slot 1 alone; slot 0 is counted as retired */
        p->saved->free_head = p->state.free_head = 1u;
        p->saved->free_count = p->state.free_count = 1u;
        p->saved->retired = p->state.retired = 1u;
        CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory),
                     BENTO_E_CORRUPT);
        /* in the retired form, slot 0 is a retired slot: sound under RETIRE only */
        p->slots[0] = 0u;
        CHECK_STATUS(bento_pool_check(p), i == 0u ? BENTO_OK : BENTO_E_CORRUPT);
        CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory),
                     i == 0u ? BENTO_OK : BENTO_E_CORRUPT);
    }
    /* the other way: a retired slot (word 0) put back in the queue. Its word reads as a slot
     * never used, but under RETIRE those are the front of the queue, in order, up to the last
     * slot, and slot 1 was used before slot 0 could retire: refused, where before the slot
     * came back and a stale handle named a new object. Under WRAP, where generation 0 comes
     * round again, the same words are a sound pool. */
    for (i = 0; i < 2u; i++) {
        uint32_t a, b;
        CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), 2, 1,
                                     2, policies[i]),
                     BENTO_OK);
        CHECK_STATUS(bento_pool_create(p, &a, NULL), BENTO_OK); /* slot 0, generation 1 */
        CHECK_STATUS(bento_pool_destroy(p, a), BENTO_OK);       /* queue: 1, 0 */
        CHECK_STATUS(bento_pool_create(p, &b, NULL), BENTO_OK); /* slot 1 */
        CHECK_STATUS(bento_pool_create(p, &a, NULL), BENTO_OK); /* slot 0, generation 3 */
        CHECK_STATUS(bento_pool_destroy(p, a), BENTO_OK); /* RETIRE: slot 0 retires; WRAP: queued */
        CHECK_EQ(p->slots[0], 0);
        CHECK_EQ(bento_pool_retired(p), i == 0u ? 1 : 0);
        p->saved->free_head = p->state.free_head = 0u;
        p->saved->free_tail = p->state.free_tail = 0u;
        p->saved->free_count = p->state.free_count = 1u;
        p->saved->retired = p->state.retired = 0u;
        CHECK_STATUS(bento_pool_check(p), i == 0u ? BENTO_E_CORRUPT : BENTO_OK);
        CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory),
                     i == 0u ? BENTO_E_CORRUPT : BENTO_OK);
    }
    /* never-used slots that stop short of the last slot, or come after a used one */
    CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), 3, 20, 11,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK);
    CHECK_STATUS(bento_pool_create(p, &h, NULL), BENTO_OK);
    CHECK_STATUS(bento_pool_destroy(p, h), BENTO_OK); /* queue: 1, 2, 0 (0 used) */
    CHECK_STATUS(bento_pool_check(p), BENTO_OK);
    p->slots[2] = (p->slots[2] & ~0xfffffu) | 2u;     /* queue 1, 2 ... */
    p->slots[0] = (p->slots[0] & ~0xfffffu) | 1u;
    p->saved->free_head = p->state.free_head = 0u;    /* ... behind slot 0: 0, 1, 2 */
    p->saved->free_tail = p->state.free_tail = 2u;
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), 3, 20, 11,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK); /* queue: 0, 1, 2, never used */
    p->slots[1] = 1u;       /* the queue stops at slot 1 ... */
    p->slots[2] = 0u;       /* ... and slot 2, never used, is counted as retired */
    p->saved->free_tail = p->state.free_tail = 1u;
    p->saved->free_count = p->state.free_count = 2u;
    p->saved->retired = p->state.retired = 1u;
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
}

#if BENTO_POWER_SAFE
/* The journal's recovery, on journals written by hand as a reset leaves them (the cut-point
 * test, tests/cut/, makes them by cutting every operation before each of its stores): entries
 * undone, a pending move done again, and journals no operation writes refused. */
static void test_journal_recovery(void)
{
    bento_pool pool, reopened;
    bento_pool *const p = &pool;
    uint32_t h[3], i, words, *log, *value;
    CHECK_STATUS(bento_pool_init(p, damaged_memory, sizeof damaged_memory, sizeof(item), 8, 20, 11,
                                 BENTO_POOL_RETIRE),
                 BENTO_OK);
    /* the words from the counters' copy to the end of the pool's buffer */
    words = (uint32_t)(BENTO_POOL_BYTES(8, sizeof(item)) / 4u -
                       (size_t)((uint32_t *)(void *)p->saved - (uint32_t *)(void *)damaged_memory));
    log = (uint32_t *)(void *)p->saved + sizeof p->state / 4u;
    for (i = 0; i < 3u; i++) {
        CHECK_STATUS(bento_pool_create(p, &h[i], (void **)&value), BENTO_OK);
        *value = 100u + i;
    }
    CHECK_EQ(log[0], 0);
    /* a create cut after its count was stored: one entry in force, undone */
    log[3] = 0u; /* the count's offset: the first word of the counters' copy */
    log[4] = 3u;
    log[0] = 1u;
    p->saved->count = 4u;
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_OK);
    CHECK_EQ(bento_pool_count(&reopened), 3);
    CHECK_EQ(log[0], 0);
    /* a destroy of the first object cut in its value move: done again */
    CHECK_STATUS(bento_pool_destroy(&reopened, h[0]), BENTO_OK);
    value = (uint32_t *)bento_pool_get(&reopened, h[2]);
    CHECK(value == (uint32_t *)bento_pool_values(&reopened));
    *value = 0xdeadu; /* torn */
    log[1] = 1u;      /* the value move... */
    log[2] = 0u;      /* ...into position 0 */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_OK);
    CHECK_EQ(*(uint32_t *)bento_pool_get(&reopened, h[2]), 102);
    CHECK_EQ(log[0], 0);
    /* journals no operation writes: refused, and the buffer left as it is */
    log[0] = BENTO_IMPL_POOL_ENTRIES + 1u; /* more entries than room */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_E_CORRUPT);
    log[0] = 1u;
    log[3] = words; /* past the buffer */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_E_CORRUPT);
    log[3] = sizeof p->state / 4u + 1u; /* into the journal */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_E_CORRUPT);
    CHECK_EQ(log[0], 1);
    log[0] = 0x80000000u;
    log[1] = 2u; /* no such action */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_E_CORRUPT);
    log[1] = 1u;
    log[2] = 2u; /* a move from the count into a position not below it */
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_E_CORRUPT);
    log[2] = 1u;
    CHECK_STATUS(bento_pool_open(&reopened, damaged_memory, sizeof damaged_memory), BENTO_OK);
    CHECK_STATUS(bento_pool_check(&reopened), BENTO_OK);
}
#endif

/* Confinement: slots and dense positions pointing anywhere never take an operation outside
 * the buffer. */
static void test_confinement(void)
{
    bento_pool pool;
    bento_pool *const p = &pool;
    uint32_t a, b, i;
    const uint32_t mask = 0xfffffu;
    start_damaged(p, &a, &b);
    p->slots[a & mask] = (a & ~mask) | 0xffffu; /* a live slot pointing past the values */
    CHECK(bento_pool_get(p, a) == NULL);
    CHECK_STATUS(bento_pool_destroy(p, a), BENTO_E_STALE);
    p->slots[a & mask] = (a & ~mask) | 5u; /* a live slot pointing past count */
    CHECK_STATUS(bento_pool_destroy(p, a), BENTO_E_CORRUPT);
    p->slots[a & mask] = a & ~mask;    /* back at position 0 ... */
    p->dense_slot[1] = 0xfffffu;       /* ... while the last position's owner is out of range */
    CHECK_STATUS(bento_pool_destroy(p, a), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
    bento_pool_clear(p); /* skips owners out of range */
    for (i = 0; i < ITEMS; i++) {
        p->slots[i] = 0xffffffffu;
        p->dense_slot[i] = 0xffffffffu;
    }
    for (i = 0; i < ITEMS; i++) {
        (void)bento_pool_get(p, i | 0xfff00000u);
        (void)bento_pool_handle_of_index(p, i);
        (void)bento_pool_handle_at(p, i);
        (void)bento_pool_destroy(p, i | 0xfff00000u);
        (void)bento_pool_create(p, &a, NULL);
    }
    (void)bento_pool_lifetime(p);
    bento_pool_clear(p);
    CHECK_STATUS(bento_pool_check(p), BENTO_E_CORRUPT);
}

/* A pool reopened from its buffer alone: a copy of the storage, or the typed object copied
 * whole, or another buffer holding the same bytes. */
static void test_open(void)
{
    items *const original_ = &pool_a, *const copy_ = &pool_b;
    bento_align_unit *const other = damaged_memory;
    static tiny other_type;
#define original (*original_)
#define copy (*copy_)
    bento_pool generic;
    items_handle h[5];
    item *v;
    uint32_t i, raw;
    CHECK_STATUS(items_init(&original), BENTO_OK);
    for (i = 0; i < 5u; i++) {
        CHECK_STATUS(items_create(&original, &h[i], &v), BENTO_OK);
        if (v != NULL) { /* NULL when the create failed (reported above) */
            v->tag = 100u + i;
        }
    }
    CHECK_STATUS(items_destroy(&original, h[1]), BENTO_OK);
    copy = original; /* as a save file or retained RAM would hold it */
    CHECK_STATUS(items_open(&copy), BENTO_OK);
    CHECK_STATUS(items_check(&copy), BENTO_OK);
    CHECK_EQ(items_count(&copy), 4);
    CHECK(items_get(&copy, h[1]) == NULL);
    for (i = 0; i < 5u; i++) {
        if (i != 1u) {
            v = items_get(&copy, h[i]);
            CHECK(v != NULL && v->tag == 100u + i);
            CHECK(v != items_get(&original, h[i]));
        }
    }
    CHECK_STATUS(items_destroy(&copy, h[0]), BENTO_OK);
    CHECK(items_contains(&original, h[0])); /* the original has its own storage */
    /* the generic pool over another buffer holding the same bytes */
    for (i = 0; i < sizeof copy.storage_; i++) {
        ((unsigned char *)other)[i] = ((const unsigned char *)copy.storage_)[i];
    }
    CHECK_STATUS(bento_pool_open(&generic, NULL, sizeof damaged_memory), BENTO_E_ARGUMENT);
    check_inert(&generic);
    CHECK_STATUS(bento_pool_open(&generic, (unsigned char *)other + 2, sizeof damaged_memory - 2),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_pool_open(&generic, other, 16), BENTO_E_SIZE); /* shorter than a header */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof copy.storage_ - 4), BENTO_E_SIZE);
    check_inert(&generic);
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_OK);
    v = (item *)bento_pool_get(&generic, h[4].raw);
    CHECK(v != NULL && v->tag == 104u);
    CHECK_STATUS(bento_pool_create(&generic, &raw, NULL), BENTO_OK);
    CHECK_STATUS(bento_pool_check(&generic), BENTO_OK);
    /* damage: the header, the parameters, the counters and the slots are all validated */
    ((uint32_t *)(void *)other)[0] ^= 1u; /* magic: another byte order, or not a buffer */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    check_inert(&generic);
    ((uint32_t *)(void *)other)[0] ^= 1u;
    ((uint32_t *)(void *)other)[1] += 1u; /* another layout version */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[1] -= 1u;
    ((uint32_t *)(void *)other)[4] = ITEMS - 1u; /* another capacity: the size no longer matches */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[4] = ITEMS;
    ((uint32_t *)(void *)other)[6] = 20u | 13u << 8; /* 33 bits */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[6] = 20u | 12u << 8 | (uint32_t)2u << 16; /* no such policy */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[6] = 20u | 12u << 8;
    ((uint32_t *)(void *)other)[7] += 1u; /* the count's copy */
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_E_CORRUPT);
    ((uint32_t *)(void *)other)[7] -= 1u;
    CHECK_STATUS(bento_pool_open(&generic, other, sizeof damaged_memory), BENTO_OK);
    /* a buffer of another type: its own open refuses it */
    for (i = 0; i < sizeof other_type.storage_ && i < sizeof copy.storage_; i++) {
        ((unsigned char *)other_type.storage_)[i] = ((const unsigned char *)copy.storage_)[i];
    }
    CHECK_STATUS(tiny_open(&other_type), BENTO_E_SIZE);
    CHECK_STATUS(tiny_init(&other_type), BENTO_OK);
    for (i = 0; i < sizeof other_type.storage_; i++) {
        ((unsigned char *)copy.storage_)[i] = ((const unsigned char *)other_type.storage_)[i];
    }
    CHECK_STATUS(items_open(&copy), BENTO_E_CORRUPT);
    CHECK_EQ(items_capacity(&copy), 0);
#undef original
#undef copy
}

/* Random operations against an exact model: the queue of free slots, every slot's generation,
 * the live handles and the value each holds. */
static void test_against_model(void)
{
    enum { CAP = MODEL_CAP };
    bento_align_unit *const memory = data.model.memory;
    uint32_t *const live = data.model.live, *const tags = data.model.tags;
    uint32_t *const dead = data.model.dead, *const generation = data.model.generation;
    uint32_t *const queue = data.model.queue;
    bento_pool pool;
    uint32_t live_count = 0u, dead_count = 0u, next_tag = 1u, retired = 0u;
    uint32_t front = 0u, queued = CAP;
    uint32_t step, steps = 3000u * bento_test_scale();
    uint32_t mismatches = 0u;
    const bento_pool_policy policy = (bento_test_rand() & 1u) != 0u ? BENTO_POOL_WRAP
                                                                   : BENTO_POOL_RETIRE;
    /* 5 generation bits: slots reach their last generation during the run */
    CHECK_STATUS(bento_pool_init(&pool, memory, sizeof data.model.memory, 8, CAP, 6, 5, policy), BENTO_OK);
    for (step = 0; step < CAP; step++) {
        queue[step] = step;
        generation[step] = 0u;
    }
    for (step = 0; step < steps; step++) {
        uint32_t op = bento_test_rand_below(100u);
        if (op < 50u) {
            uint32_t h, want = 0u;
            void *storage;
            bento_status s = bento_pool_create(&pool, &h, &storage);
            if (queued != 0u) {
                const uint32_t index = queue[front];
                front = (front + 1u) % CAP;
                queued--;
                generation[index] = (generation[index] + 1u) & 31u;
                want = generation[index] << 6 | index;
            }
            if (s != (want != 0u ? BENTO_OK : BENTO_E_FULL) || h != want) {
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
            const uint32_t k = bento_test_rand_below(live_count);
            const uint32_t index = live[k] & 63u;
            if (bento_pool_destroy(&pool, live[k]) != BENTO_OK) {
                mismatches++;
            }
            if (generation[index] == 31u && policy == BENTO_POOL_RETIRE) {
                retired++;
            } else {
                generation[index] = (generation[index] + 1u) & 31u;
                queue[(front + queued++) % CAP] = index;
            }
            dead[dead_count++ & 63u] = live[k];
            live[k] = live[--live_count];
            tags[k] = tags[live_count];
        } else if (op < 99u && dead_count != 0u) {
            const uint32_t h = dead[bento_test_rand_below(dead_count < 64u ? dead_count : 64u)];
            bool alive = false;
            uint32_t k;
            for (k = 0; k < live_count; k++) {
                alive = alive || live[k] == h; /* wrapped: the handle names a new object */
            }
            if (!alive &&
                (bento_pool_destroy(&pool, h) != BENTO_E_STALE || bento_pool_get(&pool, h) != NULL)) {
                mismatches++;
            }
        } else if (op == 99u) {
            /* clear releases the slots from the last dense position to the first: the model
               reads that order first */
            uint32_t position;
            for (position = bento_pool_count(&pool); position-- != 0u;) {
                const uint32_t index = bento_pool_handle_at(&pool, position) & 63u;
                if (generation[index] == 31u && policy == BENTO_POOL_RETIRE) {
                    retired++;
                } else {
                    generation[index] = (generation[index] + 1u) & 31u;
                    queue[(front + queued++) % CAP] = index;
                }
            }
            bento_pool_clear(&pool);
            while (live_count != 0u) {
                dead[dead_count++ & 63u] = live[--live_count];
            }
        }
        /* after every operation: the same counts, every live handle finds its own value */
        if (bento_pool_count(&pool) != live_count || bento_pool_retired(&pool) != retired) {
            mismatches++;
        }
        {
            uint32_t k;
            for (k = 0; k < live_count; k++) {
                const uint32_t *v = (const uint32_t *)bento_pool_get(&pool, live[k]);
                if (v == NULL || v[0] != tags[k] || v[1] != ~tags[k] ||
                    bento_pool_handle_of_index(&pool, live[k] & 63u) != live[k]) {
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
    CHECK(policy == BENTO_POOL_WRAP || retired > 0u); /* the run reached the last generation */
    CHECK_STATUS(bento_pool_check(&pool), BENTO_OK);
}

/*
 * Typed storage is aligned for its element on every ABI: a typed pool of 8-byte values whose
 * values land 4 bytes past an 8-byte boundary (possible where uint64_t is 4-aligned in structs,
 * as on i386) still inits. The pool is placed at each offset its own alignment allows within
 * 4 bytes (0 and 4 on those ABIs, 0 elsewhere); on those ABIs one of the two puts the values
 * there.
 */
static void test_typed_storage_alignment(void)
{
    unsigned char *const base = data.shifted;
    size_t at;
    bool four_past_eight = false;
    for (at = 0; at <= 4u; at += BENTO_MAX_ALIGN) {
        wide_values *const pool = (wide_values *)(void *)(base + at);
        CHECK_STATUS(wide_values_init(pool), BENTO_OK);
        four_past_eight |= ((uintptr_t)wide_values_values(pool) & 7u) == 4u;
    }
    /* where 8-byte values must be 8-aligned in structs, no values can land 4 past 8 */
    CHECK(four_past_eight == (BENTO_MAX_ALIGN == 4u));
}

void test_pool(void)
{
    test_typed_storage_alignment();
    test_handles();
    test_status_names();
    test_init_statuses();
    test_basic_lifecycle();
    test_create_from();
    test_full_and_clear();
    test_generation_retirement();
    test_generation_wrap();
    test_churn();
    test_horizons();
    test_check_detects_corruption();
    test_free_queue_damage();
    test_retired_count_edits();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_confinement();
    test_open();
    test_against_model();
}
