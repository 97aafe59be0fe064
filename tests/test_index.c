/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h: every status, load and distance limits, damage, a naive model. */
#include <bento/index.h>

#include "bento_test.h"

BENTO_INDEX_TYPE(small_index, 16);

/* One buffer for every test here: the micro:bit has 16 KiB of RAM for all suites. */
#define BIG 32u
static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_INDEX_BYTES(BIG)) + 1];

/* A key whose home slot in an index of 2^bits slots is `home` (found by search). */
static uint64_t key_with_home(uint32_t home, uint32_t bits, uint64_t *next)
{
    for (;;) {
        const uint64_t key = (*next)++;
        if (bento_index_hash(key) >> (32u - bits) == home) {
            return key;
        }
    }
}

static void test_init_statuses(void)
{
    bento_index ix;
    const size_t bytes = BENTO_INDEX_BYTES(16);
    CHECK_STATUS(bento_index_init(&ix, NULL, bytes, 16), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index_init(&ix, memory, bytes, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index_init(&ix, memory, bytes, 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index_init(&ix, memory, bytes, 12), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index_init(&ix, memory, bytes, (uint32_t)BENTO_INDEX_MAX_CAPACITY * 2u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index_init(&ix, (unsigned char *)memory + 2, bytes, 16), BENTO_E_ALIGN);
    CHECK_STATUS(bento_index_init(&ix, memory, bytes - 1, 16), BENTO_E_SIZE);
    /* a failed init leaves an index that refuses everything */
    CHECK_EQ(bento_index_capacity(&ix), 0);
    CHECK(bento_index_find(&ix, 1u) == NULL);
    CHECK_STATUS(bento_index_insert(&ix, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index_upsert(&ix, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index_remove(&ix, 1u, NULL), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    /* 4-byte alignment is enough; the smallest capacity holds one entry */
    CHECK_STATUS(bento_index_init(&ix, (unsigned char *)memory + 4, bytes, 16), BENTO_OK);
    CHECK_STATUS(bento_index_init(&ix, memory, BENTO_INDEX_BYTES(2), 2), BENTO_OK);
    CHECK_EQ(bento_index_max_count(&ix), 1);
    CHECK_STATUS(bento_index_insert(&ix, 7u, 70u), BENTO_OK);
    CHECK_STATUS(bento_index_insert(&ix, 8u, 80u), BENTO_E_FULL);
    CHECK_EQ(bento_index_get(&ix, 7u, 0u), 70);
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
}

static void test_basic(void)
{
    static small_index x;
    bento_index *ix = &x.index;
    uint32_t value = 0u, cursor = 0u, seen = 0u;
    uint64_t key;
    uint32_t *p;
    CHECK_STATUS(small_index_init(&x), BENTO_OK);
    CHECK_EQ(bento_index_capacity(ix), 16);
    CHECK_EQ(bento_index_max_count(ix), 13); /* 16 - 1 - 2 */
    CHECK(!bento_index_contains(ix, 0u));
    CHECK_STATUS(bento_index_insert(ix, 0u, 5u), BENTO_OK); /* key 0 is an ordinary key */
    CHECK_STATUS(bento_index_insert(ix, UINT64_MAX, 6u), BENTO_OK);
    CHECK_STATUS(bento_index_insert(ix, (uint64_t)1 << 32, 7u), BENTO_OK);
    CHECK_STATUS(bento_index_insert(ix, 1u, 8u), BENTO_OK);
    CHECK_STATUS(bento_index_insert(ix, 1u, 9u), BENTO_E_EXISTS);
    CHECK_EQ(bento_index_get(ix, 1u, 0u), 8); /* unchanged by the refused insert */
    CHECK_EQ(bento_index_get(ix, 0u, 99u), 5);
    CHECK_EQ(bento_index_get(ix, UINT64_MAX, 99u), 6);
    CHECK_EQ(bento_index_get(ix, (uint64_t)1 << 32, 99u), 7);
    CHECK_EQ(bento_index_get(ix, 2u, 99u), 99);
    CHECK_EQ(bento_index_count(ix), 4);
    p = bento_index_find(ix, 1u);
    CHECK(p != NULL);
    if (p != NULL) {
        *p = 10u; /* writable in place */
    }
    CHECK_EQ(bento_index_get(ix, 1u, 0u), 10);
    CHECK_STATUS(bento_index_upsert(ix, 1u, 11u), BENTO_OK);
    CHECK_STATUS(bento_index_upsert(ix, 2u, 12u), BENTO_OK);
    CHECK_EQ(bento_index_get(ix, 1u, 0u), 11);
    CHECK_EQ(bento_index_get(ix, 2u, 0u), 12);
    CHECK_EQ(bento_index_count(ix), 5);
    while (bento_index_next(ix, &cursor, &key, &value)) {
        CHECK_EQ(bento_index_get(ix, key, 0xffffffffu), value);
        seen++;
    }
    CHECK_EQ(seen, 5);
    CHECK(!bento_index_next(ix, &cursor, &key, &value));
    CHECK_STATUS(bento_index_remove(ix, 2u, &value), BENTO_OK);
    CHECK_EQ(value, 12);
    value = 77u;
    CHECK_STATUS(bento_index_remove(ix, 2u, &value), BENTO_E_NOT_FOUND);
    CHECK_EQ(value, 77);
    CHECK_STATUS(bento_index_remove(ix, 0u, NULL), BENTO_OK);
    CHECK_EQ(bento_index_count(ix), 3);
    CHECK_STATUS(bento_index_check(ix), BENTO_OK);
    bento_index_clear(ix);
    CHECK_EQ(bento_index_count(ix), 0);
    CHECK(!bento_index_contains(ix, 1u));
    CHECK_STATUS(bento_index_check(ix), BENTO_OK);
}

/* Fill to the stated maximum, then empty again: FULL exactly at BENTO_INDEX_MAX_COUNT. */
static void test_load_limit(void)
{
    bento_index ix;
    uint32_t i, n = BENTO_INDEX_MAX_COUNT(BIG);
    CHECK_STATUS(bento_index_init(&ix, memory, sizeof memory, BIG), BENTO_OK);
    for (i = 0u; i < n; i++) {
        CHECK_STATUS(bento_index_insert(&ix, (uint64_t)i * 0x10001u, i), BENTO_OK);
    }
    CHECK_STATUS(bento_index_insert(&ix, 0xdeadbeefu, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index_upsert(&ix, 0xdeadbeefu, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index_upsert(&ix, 3u * 0x10001u, 33u), BENTO_OK); /* present: fine */
    CHECK_STATUS(bento_index_insert(&ix, 3u * 0x10001u, 33u), BENTO_E_EXISTS);
    CHECK_EQ(bento_index_count(&ix), n);
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
    for (i = 0u; i < n; i++) {
        CHECK_EQ(bento_index_get(&ix, (uint64_t)i * 0x10001u, 0xffffffffu), i == 3u ? 33u : i);
    }
    for (i = 0u; i < n; i++) {
        CHECK_STATUS(bento_index_remove(&ix, (uint64_t)i * 0x10001u, NULL), BENTO_OK);
    }
    CHECK_EQ(bento_index_count(&ix), 0);
    for (i = 0u; i < BIG; i++) {
        CHECK_EQ(((uint32_t *)(void *)memory)[4u * i], 0); /* no tombstones: every tag is 0 */
    }
}

/* Keys crafted to share one home slot: the run grows until the 255-slot distance cap. */
static void test_distance_cap(void)
{
    enum { BITS = 9, CAP = 1 << BITS };
    bento_index ix;
    uint64_t next = 1u, keys[4];
    uint32_t i;
    static bento_align_unit big[BENTO_ALIGN_UNITS(BENTO_INDEX_BYTES(CAP))];
    CHECK_STATUS(bento_index_init(&ix, big, sizeof big, CAP), BENTO_OK);
    for (i = 0u; i < 7u; i++) { /* slots 0..6, all from home 0 */
        CHECK_STATUS(bento_index_insert(&ix, key_with_home(0u, BITS, &next), 0u), BENTO_OK);
    }
    for (i = 0u; i < 255u; i++) { /* slots 7..261, distances 1..255 */
        const uint64_t key = key_with_home(7u, BITS, &next);
        if (i < 4u) {
            keys[i] = key;
        }
        CHECK_STATUS(bento_index_insert(&ix, key, i), BENTO_OK);
    }
    CHECK_STATUS(bento_index_insert(&ix, key_with_home(7u, BITS, &next), 0u), BENTO_E_FULL);
    CHECK_STATUS(bento_index_upsert(&ix, key_with_home(7u, BITS, &next), 0u), BENTO_E_FULL);
    /* a key from an earlier home would push the run's last entry past the cap */
    CHECK_STATUS(bento_index_insert(&ix, key_with_home(0u, BITS, &next), 0u), BENTO_E_FULL);
    CHECK_EQ(bento_index_count(&ix), 262);
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
    for (i = 0u; i < 4u; i++) {
        CHECK_EQ(bento_index_get(&ix, keys[i], 0xffffffffu), i);
    }
    CHECK_STATUS(bento_index_remove(&ix, keys[0], NULL), BENTO_OK);
    CHECK_STATUS(bento_index_insert(&ix, key_with_home(8u, BITS, &next), 0u), BENTO_OK);
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
}

/* Damaged memory: check and attach answer CORRUPT; finds and inserts still return. */
static void test_damage(void)
{
    bento_index ix, copy;
    uint32_t *words = (uint32_t *)(void *)memory;
    uint32_t i, saved;
    CHECK_STATUS(bento_index_init(&ix, memory, BENTO_INDEX_BYTES(16), 16), BENTO_OK);
    for (i = 0u; i < 10u; i++) {
        CHECK_STATUS(bento_index_insert(&ix, 1000u + i, i), BENTO_OK);
    }
    /* a good copy reopens */
    CHECK_STATUS(bento_index_attach(&copy, memory, BENTO_INDEX_BYTES(16), 16), BENTO_OK);
    CHECK_EQ(bento_index_count(&copy), 10);
    CHECK_EQ(bento_index_get(&copy, 1004u, 99u), 4);
    CHECK_STATUS(bento_index_attach(&copy, memory, BENTO_INDEX_BYTES(16), 3), BENTO_E_ARGUMENT);
    /* a key changed under its tag */
    for (i = 0u; i < 16u && (words[4u * i] & 0xffff0000u) == 0u; i++) {
    }
    saved = words[4u * i + 2u];
    {
        /* a key whose home differs from the one its slot's tag names */
        const uint32_t home = bento_index_hash(saved) >> 28;
        uint32_t other = saved + 1u;
        while (bento_index_hash(other) >> 28 == home) {
            other++;
        }
        words[4u * i + 2u] = other;
    }
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_index_attach(&copy, memory, BENTO_INDEX_BYTES(16), 16), BENTO_E_CORRUPT);
    CHECK_EQ(bento_index_capacity(&copy), 0);
    words[4u * i + 2u] = saved;
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
    /* a group byte that points nowhere */
    saved = words[0];
    words[0] ^= 0x3u;
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    words[0] = saved;
    /* a group fingerprint that is not its first entry's, and one on a home with no group */
    for (i = 0u; i < 16u && (words[4u * i] & 0xffu) == 0u; i++) {
    }
    CHECK(i < 16u);
    saved = words[4u * i];
    words[4u * i] ^= 0x100u;
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    words[4u * i] = saved;
    for (i = 0u; i < 16u && (words[4u * i] & 0xffu) != 0u; i++) {
    }
    CHECK(i < 16u);
    saved = words[4u * i];
    words[4u * i] |= 0x100u;
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    words[4u * i] = saved;
    CHECK_STATUS(bento_index_check(&ix), BENTO_OK);
    /* counters that disagree */
    ix.count++;
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    ix.count--;
    /* every tag at the largest distance and every group byte set: no empty slot anywhere */
    for (i = 0u; i < 16u; i++) {
        words[4u * i] = 0xffff0001u;
    }
    CHECK_STATUS(bento_index_check(&ix), BENTO_E_CORRUPT);
    CHECK(bento_index_find(&ix, 5u) == NULL);
    CHECK(bento_index_find(&ix, 1003u) == NULL);
    ix.count = 0u;
    CHECK(bento_index_insert(&ix, 5u, 5u) < 0);
    for (i = 0u; i < 16u; i++) {
        words[4u * i] = 0x01ff0000u; /* every slot holds a distance-1 entry: no empty slot */
    }
    CHECK_STATUS(bento_index_insert(&ix, 5u, 5u), BENTO_E_CORRUPT);
    CHECK(bento_index_remove(&ix, 5u, NULL) == BENTO_E_NOT_FOUND);
}

/* Random operations against a naive model: a list of (key, value) pairs. */
static void run_model(uint32_t capacity, uint32_t universe, uint32_t steps)
{
    static uint64_t keys[BIG];
    static uint32_t values[BIG];
    bento_index ix;
    uint32_t live = 0u, step, mismatches = 0u;
    const uint32_t bits = capacity == 16u ? 4u : 5u;
    CHECK_STATUS(bento_index_init(&ix, memory, sizeof memory, capacity), BENTO_OK);
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        /* keys: a small universe so hits, misses and duplicates all happen; half of them
         * crafted onto a few homes so long runs and shifts across the wrap point happen */
        uint64_t key = (uint64_t)bento_test_rand_below(universe) * 0x9e3779b97f4a7c15u;
        uint32_t k, found = live;
        if ((op & 1u) != 0u) {
            uint64_t next = key;
            key = key_with_home((capacity - 2u + (op & 6u)) & (capacity - 1u), bits, &next);
        }
        for (k = 0u; k < live; k++) {
            if (keys[k] == key) {
                found = k;
            }
        }
        if (op < 40u) {
            const uint32_t v = bento_test_rand();
            const bento_status want = found < live                   ? BENTO_E_EXISTS
                                      : live == ix.max_count         ? BENTO_E_FULL
                                                                     : BENTO_OK;
            if (bento_index_insert(&ix, key, v) != want) {
                mismatches++;
            }
            if (want == BENTO_OK) {
                keys[live] = key;
                values[live++] = v;
            }
        } else if (op < 55u) {
            const uint32_t v = bento_test_rand();
            const bento_status want =
                found == live && live == ix.max_count ? BENTO_E_FULL : BENTO_OK;
            if (bento_index_upsert(&ix, key, v) != want) {
                mismatches++;
            }
            if (want == BENTO_OK) {
                if (found == live) {
                    keys[live++] = key;
                }
                values[found] = v;
            }
        } else if (op < 90u) {
            uint32_t v = 0u;
            if (found == live && live != 0u && op < 75u) {
                found = bento_test_rand_below(live); /* mostly remove what is there */
                key = keys[found];
            }
            if (bento_index_remove(&ix, key, &v) != (found < live ? BENTO_OK : BENTO_E_NOT_FOUND) ||
                (found < live && v != values[found])) {
                mismatches++;
            }
            if (found < live) {
                keys[found] = keys[--live];
                values[found] = values[live];
            }
        } else if (op < 99u) {
            const uint32_t *p = bento_index_find(&ix, key);
            if ((p == NULL) != (found == live) || (p != NULL && *p != values[found])) {
                mismatches++;
            }
        } else {
            bento_index_clear(&ix);
            live = 0u;
        }
        if (bento_index_count(&ix) != live) {
            mismatches++;
        }
        for (k = 0u; k < live; k++) {
            if (bento_index_get(&ix, keys[k], ~values[k]) != values[k]) {
                mismatches++;
            }
        }
        if (bento_index_check(&ix) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("index model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", capacity ");
            bento_test_print_u64(capacity);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

void test_index(void)
{
    test_init_statuses();
    test_basic();
    test_load_limit();
    test_distance_cap();
    test_damage();
    run_model(16u, 24u, 1500u * bento_test_scale());
    run_model(BIG, 40u, 3000u * bento_test_scale());
}
