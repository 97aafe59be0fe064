/* SPDX-License-Identifier: MIT */
/* Tests of the 32-bit-key index (bento/index.h, bento_index32_*): every status, the load and
 * distance limits, damage, a naive model. The scheme is the 64-bit index's (test_index.c). */
#include <bento/index.h>

#include "bento_test.h"

BENTO_INDEX32_TYPE(small32, 16);

#define CAP32 32u
static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_INDEX32_BYTES(CAP32)) + 1];

/* A key whose home slot in an index of 2^bits slots is `home` (found by search). */
static uint32_t key32_with_home(uint32_t home, uint32_t bits, uint32_t *next)
{
    for (;;) {
        const uint32_t key = (*next)++;
        if (bento_index32_hash(key) >> (32u - bits) == home) {
            return key;
        }
    }
}

static void test_statuses(void)
{
    static small32 x;
    bento_index32 ix;
    const size_t bytes = BENTO_INDEX32_BYTES(16);
    uint32_t value = 0u, cursor = 0u, key = 0u, seen = 0u, i;
    CHECK_EQ(bento_index32_hash(12345u), bento_index_hash(12345u)); /* one hash for both */
    CHECK_STATUS(bento_index32_init(&ix, NULL, bytes, 16), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index32_init(&ix, memory, bytes, 24), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index32_init(&ix, memory, bytes, 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_index32_init(&ix, (unsigned char *)memory + 2, bytes, 16), BENTO_E_ALIGN);
    CHECK_STATUS(bento_index32_init(&ix, memory, bytes - 1, 16), BENTO_E_SIZE);
    CHECK(bento_index32_find(&ix, 1u) == NULL);
    CHECK_STATUS(bento_index32_insert(&ix, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index32_check(&ix), BENTO_E_CORRUPT);
    CHECK_STATUS(small32_init(&x), BENTO_OK);
    CHECK_EQ(bento_index32_capacity(&x.index), 16);
    CHECK_STATUS(bento_index32_insert(&x.index, 0u, 5u), BENTO_OK);
    CHECK_STATUS(bento_index32_insert(&x.index, 0u, 6u), BENTO_E_EXISTS);
    CHECK_STATUS(bento_index32_upsert(&x.index, 0u, 7u), BENTO_OK);
    CHECK_STATUS(bento_index32_upsert(&x.index, UINT32_MAX, 8u), BENTO_OK);
    CHECK_EQ(bento_index32_get(&x.index, 0u, 99u), 7);
    CHECK_EQ(bento_index32_get(&x.index, UINT32_MAX, 99u), 8);
    CHECK(!bento_index32_contains(&x.index, 3u));
    while (bento_index32_next(&x.index, &cursor, &key, &value)) {
        CHECK_EQ(bento_index32_get(&x.index, key, 0u), value);
        seen++;
    }
    CHECK_EQ(seen, 2);
    CHECK_STATUS(bento_index32_remove(&x.index, 0u, &value), BENTO_OK);
    CHECK_EQ(value, 7);
    CHECK_STATUS(bento_index32_remove(&x.index, 0u, NULL), BENTO_E_NOT_FOUND);
    CHECK_EQ(bento_index32_count(&x.index), 1);
    /* FULL at the stated maximum */
    for (i = 1u; bento_index32_count(&x.index) < bento_index32_max_count(&x.index); i++) {
        CHECK_STATUS(bento_index32_insert(&x.index, i * 7919u, i), BENTO_OK);
    }
    CHECK_STATUS(bento_index32_insert(&x.index, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(bento_index32_check(&x.index), BENTO_OK);
    /* attach: a good copy reopens, a damaged one is refused */
    CHECK_STATUS(bento_index32_attach(&ix, x.storage, sizeof x.storage, 16), BENTO_OK);
    CHECK_EQ(bento_index32_count(&ix), 13);
    /* a fingerprint bit flipped: a wrong fingerprint, or an "empty" slot with an entry */
    ((uint32_t *)(void *)x.storage)[3u * 5u] ^= 0x00010000u;
    CHECK_STATUS(bento_index32_attach(&ix, x.storage, sizeof x.storage, 16), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_index32_check(&x.index), BENTO_E_CORRUPT);
    bento_index32_clear(&x.index);
    CHECK_STATUS(bento_index32_check(&x.index), BENTO_OK);
    /* no empty slot anywhere (damage): insert answers CORRUPT, find returns */
    for (i = 0u; i < 16u; i++) {
        ((uint32_t *)(void *)x.storage)[3u * i] = 0x01ff0000u;
    }
    CHECK_STATUS(bento_index32_insert(&x.index, 5u, 5u), BENTO_E_CORRUPT);
    CHECK(bento_index32_find(&x.index, 5u) == NULL);
}

/* Keys crafted onto one home: the 255-slot distance cap answers FULL. */
static void test_distance_cap(void)
{
    static bento_align_unit big[BENTO_ALIGN_UNITS(BENTO_INDEX32_BYTES(512))];
    bento_index32 ix;
    uint32_t next = 1u, i;
    CHECK_STATUS(bento_index32_init(&ix, big, sizeof big, 512), BENTO_OK);
    for (i = 0u; i < 7u; i++) {
        CHECK_STATUS(bento_index32_insert(&ix, key32_with_home(0u, 9u, &next), 0u), BENTO_OK);
    }
    for (i = 0u; i < 255u; i++) {
        CHECK_STATUS(bento_index32_insert(&ix, key32_with_home(7u, 9u, &next), i), BENTO_OK);
    }
    CHECK_STATUS(bento_index32_insert(&ix, key32_with_home(7u, 9u, &next), 0u), BENTO_E_FULL);
    CHECK_STATUS(bento_index32_insert(&ix, key32_with_home(0u, 9u, &next), 0u), BENTO_E_FULL);
    CHECK_STATUS(bento_index32_check(&ix), BENTO_OK);
}

/* Random operations against a naive model. */
static void test_against_model(void)
{
    static uint32_t keys[CAP32], values[CAP32];
    bento_index32 ix;
    uint32_t live = 0u, step, steps = 3000u * bento_test_scale(), mismatches = 0u;
    CHECK_STATUS(bento_index32_init(&ix, memory, sizeof memory, CAP32), BENTO_OK);
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        uint32_t key = bento_test_rand_below(40u) * 0x9e3779b9u, k, found = live, next = key;
        if ((op & 1u) != 0u) { /* half the keys crafted onto a few homes near the wrap */
            key = key32_with_home((CAP32 - 2u + (op & 6u)) & (CAP32 - 1u), 5u, &next);
        }
        for (k = 0u; k < live; k++) {
            found = keys[k] == key ? k : found;
        }
        if (op < 40u) {
            const uint32_t v = bento_test_rand();
            const bento_status want = found < live ? BENTO_E_EXISTS
                                      : live == ix.max_count ? BENTO_E_FULL : BENTO_OK;
            mismatches += bento_index32_insert(&ix, key, v) != want;
            if (want == BENTO_OK) {
                keys[live] = key;
                values[live++] = v;
            }
        } else if (op < 55u) {
            const uint32_t v = bento_test_rand();
            const bento_status want = found == live && live == ix.max_count ? BENTO_E_FULL : BENTO_OK;
            mismatches += bento_index32_upsert(&ix, key, v) != want;
            if (want == BENTO_OK) {
                if (found == live) {
                    keys[live++] = key;
                }
                values[found] = v;
            }
        } else if (op < 90u) {
            uint32_t v = 0u;
            if (found == live && live != 0u && op < 75u) {
                found = bento_test_rand_below(live);
                key = keys[found];
            }
            mismatches += bento_index32_remove(&ix, key, &v) !=
                          (found < live ? BENTO_OK : BENTO_E_NOT_FOUND);
            mismatches += found < live && v != values[found];
            if (found < live) {
                keys[found] = keys[--live];
                values[found] = values[live];
            }
        } else if (op < 99u) {
            const uint32_t *p = bento_index32_find(&ix, key);
            mismatches += (p == NULL) != (found == live) || (p != NULL && *p != values[found]);
        } else {
            bento_index32_clear(&ix);
            live = 0u;
        }
        mismatches += bento_index32_count(&ix) != live;
        for (k = 0u; k < live; k++) {
            mismatches += bento_index32_get(&ix, keys[k], ~values[k]) != values[k];
        }
        mismatches += bento_index32_check(&ix) != BENTO_OK;
        if (mismatches != 0u) {
            bento_test_print("index32 model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

void test_index32(void)
{
    test_statuses();
    test_distance_cap();
    test_against_model();
}
