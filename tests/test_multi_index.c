/* SPDX-License-Identifier: MIT */
/* Tests of bento/multi_index.h: every status, list order, damage, a naive model. */
#include <bento/multi_index.h>

#include "bento_test.h"

#define KEYS 16u
#define VALUES 24u
BENTO_MULTI_INDEX_TYPE(multi, KEYS, VALUES);

#define NONE BENTO_MULTI_INDEX_NONE

/* One multi-value index for every test here: the micro:bit has 16 KiB of RAM for all suites. */
static multi x;

static void test_init_statuses(void)
{
    bento_align_unit *memory = x.storage;
    const size_t bytes = BENTO_MULTI_INDEX_BYTES(KEYS, VALUES);
    bento_multi_index mi;
    CHECK_STATUS(bento_multi_index_init(&mi, NULL, bytes, KEYS, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, KEYS, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 12, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 1, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, (unsigned char *)memory + 2, bytes, KEYS, VALUES),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes - 1, KEYS, VALUES), BENTO_E_SIZE);
    /* a failed init refuses everything */
    CHECK_STATUS(bento_multi_index_add(&mi, 1u, 0u), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_multi_index_first(&mi, 1u), NONE);
    CHECK_EQ(bento_multi_index_next(&mi, 0u), NONE);
    CHECK_EQ(bento_multi_index_count(&mi, 1u), 0);
    CHECK(!bento_multi_index_key_of(&mi, 0u, NULL));
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    /* a value capacity whose byte count would wrap a 32-bit size_t is refused, not wrapped
     * into a small buffer; with a 64-bit size_t the same call is just too large a request */
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 2u, 0x0fffffffu),
                 SIZE_MAX > 0xffffffffu ? BENTO_E_SIZE : BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, (unsigned char *)memory + 4, bytes - 16u, KEYS,
                                        VALUES - 1u),
                 BENTO_OK); /* 4-byte alignment is enough */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}

static void test_lists(void)
{
    bento_multi_index *mi = &x.index;
    uint32_t v, n, order[4], removed = 99u;
    uint64_t key = 0u;
    CHECK_STATUS(multi_init(&x), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 100u, 3u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 100u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 100u, 7u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 200u, 2u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 200u, 3u), BENTO_E_EXISTS); /* 3 is under 100 */
    CHECK_STATUS(bento_multi_index_add(mi, 100u, 3u), BENTO_E_EXISTS);
    CHECK_STATUS(bento_multi_index_add(mi, 100u, VALUES), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_multi_index_count(mi, 100u), 3);
    CHECK_EQ(bento_multi_index_count(mi, 200u), 1);
    CHECK_EQ(bento_multi_index_count(mi, 300u), 0);
    CHECK_EQ(bento_multi_index_total(mi), 4);
    CHECK_EQ(bento_multi_index_keys(mi), 2);
    /* insertion order */
    n = 0u;
    for (v = bento_multi_index_first(mi, 100u); v != NONE; v = bento_multi_index_next(mi, v)) {
        if (n < 4u) {
            order[n] = v;
        }
        n++;
    }
    CHECK_EQ(n, 3);
    CHECK(order[0] == 3u && order[1] == 1u && order[2] == 7u);
    CHECK(bento_multi_index_key_of(mi, 7u, &key));
    CHECK_EQ(key, 100);
    CHECK(!bento_multi_index_key_of(mi, 8u, &key));
    CHECK(!bento_multi_index_key_of(mi, VALUES, &key));
    CHECK_EQ(bento_multi_index_next(mi, VALUES), NONE);
    /* remove: middle, wrong key, not listed, out of range */
    CHECK_STATUS(bento_multi_index_remove(mi, 100u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_remove(mi, 100u, 1u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_multi_index_remove(mi, 200u, 7u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_multi_index_remove(mi, 100u, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_remove_value(mi, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_remove_value(mi, 1u), BENTO_E_NOT_FOUND);
    CHECK_EQ(bento_multi_index_first(mi, 100u), 3);
    CHECK_EQ(bento_multi_index_next(mi, 3u), 7);
    /* remove the first, then add: it goes last */
    CHECK_STATUS(bento_multi_index_remove(mi, 100u, 3u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 100u, 3u), BENTO_OK);
    CHECK_EQ(bento_multi_index_first(mi, 100u), 7);
    CHECK_EQ(bento_multi_index_next(mi, 7u), 3);
    CHECK_EQ(bento_multi_index_next(mi, 3u), NONE);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
    /* move across keys and onto its own key */
    CHECK_STATUS(bento_multi_index_move(mi, 200u, 3u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(mi, 200u, 3u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(mi, 300u, 9u), BENTO_OK); /* from no list */
    CHECK_STATUS(bento_multi_index_move(mi, 300u, VALUES), BENTO_E_ARGUMENT);
    CHECK_EQ(bento_multi_index_count(mi, 200u), 2);
    CHECK_EQ(bento_multi_index_count(mi, 100u), 1);
    CHECK_STATUS(bento_multi_index_remove_value(mi, 9u), BENTO_OK);
    CHECK(!bento_multi_index_contains(mi, 300u));
    /* remove_all */
    CHECK_STATUS(bento_multi_index_remove_all(mi, 200u, &removed), BENTO_OK);
    CHECK_EQ(removed, 2);
    CHECK_STATUS(bento_multi_index_remove_all(mi, 200u, &removed), BENTO_E_NOT_FOUND);
    CHECK_EQ(removed, 0);
    CHECK_STATUS(bento_multi_index_remove_all(mi, 100u, NULL), BENTO_OK);
    CHECK_EQ(bento_multi_index_total(mi), 0);
    CHECK_EQ(bento_multi_index_keys(mi), 0);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
    /* FULL: more distinct keys than the index holds; move refuses without losing the value */
    for (v = 0u; v < BENTO_INDEX_MAX_COUNT(KEYS); v++) {
        CHECK_STATUS(bento_multi_index_add(mi, 1000u + v, v), BENTO_OK);
    }
    CHECK_STATUS(bento_multi_index_add(mi, 999u, 20u), BENTO_E_FULL);
    CHECK_STATUS(bento_multi_index_add(mi, 1000u, 20u), BENTO_OK); /* an existing key: fine */
    CHECK_STATUS(bento_multi_index_move(mi, 999u, 20u), BENTO_E_FULL);
    CHECK(bento_multi_index_key_of(mi, 20u, &key) && key == 1000u);
    CHECK_STATUS(bento_multi_index_move(mi, 999u, 1u), BENTO_OK); /* 1 was alone: frees a key */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
    bento_multi_index_clear(mi);
    CHECK_EQ(bento_multi_index_total(mi), 0);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
}

static void test_damage(void)
{
    bento_multi_index *mi = &x.index;
    uint32_t saved;
    CHECK_STATUS(multi_init(&x), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 5u, 0u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 5u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(mi, 5u, 2u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
    saved = mi->next[2];
    mi->next[2] = 0u; /* a cycle */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    CHECK(bento_multi_index_count(mi, 5u) <= VALUES); /* bounded walk */
    mi->next[2] = saved;
    saved = mi->prev[1];
    mi->prev[1] = 2u; /* back link disagrees */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    mi->prev[1] = saved;
    mi->key_of[2] ^= 1u; /* value 1 claims another key */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    mi->key_of[2] ^= 1u;
    mi->prev[9] = 3u; /* a value listed nowhere claims a list */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    mi->prev[9] = NONE;
    mi->next[9] = 0u; /* a value listed nowhere links into a list */
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    mi->next[9] = NONE;
    mi->count++;
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_E_CORRUPT);
    mi->count--;
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
}

/* Random operations against a naive model: each value's key (or none) and when it was added. */
static void test_against_model(void)
{
    static int32_t model_key[VALUES];
    static uint32_t stamp[VALUES];
    enum { UNIVERSE = 20 };
    bento_multi_index *mi = &x.index;
    uint32_t step, steps = 2000u * bento_test_scale(), clock = 0u, mismatches = 0u;
    uint32_t v;
    CHECK_STATUS(multi_init(&x), BENTO_OK);
    for (v = 0u; v < VALUES; v++) {
        model_key[v] = -1;
    }
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        const int32_t u = (int32_t)bento_test_rand_below(UNIVERSE);
        const uint64_t key = (uint64_t)u * 0x100000001u + 0x5eedu;
        uint32_t keys_used = 0u, in_key = 0u, k;
        bool used[UNIVERSE] = {false};
        bento_status got, want;
        v = bento_test_rand_below(VALUES + 1u); /* sometimes out of range */
        for (k = 0u; k < VALUES; k++) {
            if (model_key[k] >= 0) {
                keys_used += used[model_key[k]] ? 0u : 1u;
                used[model_key[k]] = true;
                in_key += model_key[k] == u ? 1u : 0u;
            }
        }
        if (op < 45u) {
            want = v >= VALUES                                ? BENTO_E_ARGUMENT
                   : model_key[v] >= 0                        ? BENTO_E_EXISTS
                   : !used[u] && keys_used == BENTO_INDEX_MAX_COUNT(KEYS) ? BENTO_E_FULL
                                                                          : BENTO_OK;
            got = bento_multi_index_add(mi, key, v);
            if (want == BENTO_OK) {
                model_key[v] = u;
                stamp[v] = clock++;
            }
        } else if (op < 65u) {
            if (v < VALUES && model_key[v] >= 0 && op < 60u) {
                /* mostly the right key */
                const int32_t right = model_key[v];
                want = BENTO_OK;
                got = bento_multi_index_remove(mi, (uint64_t)right * 0x100000001u + 0x5eedu, v);
            } else {
                want = v >= VALUES ? BENTO_E_ARGUMENT
                       : model_key[v] == u ? BENTO_OK : BENTO_E_NOT_FOUND;
                got = bento_multi_index_remove(mi, key, v);
            }
            if (want == BENTO_OK) {
                model_key[v] = -1;
            }
        } else if (op < 75u) {
            want = v >= VALUES ? BENTO_E_ARGUMENT : model_key[v] >= 0 ? BENTO_OK : BENTO_E_NOT_FOUND;
            got = bento_multi_index_remove_value(mi, v);
            if (want == BENTO_OK) {
                model_key[v] = -1;
            }
        } else if (op < 92u) {
            const bool frees = v < VALUES && model_key[v] >= 0 && model_key[v] != u &&
                               !used[u] && keys_used == BENTO_INDEX_MAX_COUNT(KEYS);
            uint32_t alone = 0u;
            if (frees) {
                for (k = 0u; k < VALUES; k++) {
                    alone += model_key[k] == model_key[v] ? 1u : 0u;
                }
            }
            want = v >= VALUES ? BENTO_E_ARGUMENT
                   : model_key[v] == u ? BENTO_OK
                   : !used[u] && keys_used == BENTO_INDEX_MAX_COUNT(KEYS) &&
                           !(model_key[v] >= 0 && alone == 1u)
                       ? BENTO_E_FULL
                       : BENTO_OK;
            got = bento_multi_index_move(mi, key, v);
            if (want == BENTO_OK && model_key[v] != u) {
                model_key[v] = u;
                stamp[v] = clock++;
            }
        } else {
            uint32_t removed = 0u;
            want = in_key != 0u ? BENTO_OK : BENTO_E_NOT_FOUND;
            got = bento_multi_index_remove_all(mi, key, &removed);
            if (removed != in_key) {
                mismatches++;
            }
            for (k = 0u; k < VALUES; k++) {
                if (model_key[k] == u) {
                    model_key[k] = -1;
                }
            }
        }
        if (got != want) {
            mismatches++;
        }
        /* every key's list holds exactly its values, in the order they joined it */
        for (k = 0u; k < UNIVERSE; k++) {
            const uint64_t key_k = (uint64_t)k * 0x100000001u + 0x5eedu;
            uint32_t n = 0u, expect = 0u, last = 0u, w;
            for (w = bento_multi_index_first(mi, key_k); w != NONE && n <= VALUES;
                 w = bento_multi_index_next(mi, w)) {
                if (w >= VALUES || model_key[w] != (int32_t)k || (n != 0u && stamp[w] <= last)) {
                    mismatches++;
                    break;
                }
                last = stamp[w];
                n++;
            }
            for (w = 0u; w < VALUES; w++) {
                expect += model_key[w] == (int32_t)k ? 1u : 0u;
            }
            if (n != expect || bento_multi_index_count(mi, key_k) != expect) {
                mismatches++;
            }
        }
        if (bento_multi_index_check(mi) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("multi_index model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

#if SIZE_MAX > 0xffffffffu
/* A move the index refuses leaves the value where it was, order included. The refusal needs
 * 255 keys crafted onto one home slot of a 512-slot index (12 KiB of buffer: more than the
 * micro:bit can spare, so this runs where size_t is 64 bits, the host). */
static void test_refused_move_keeps_order(void)
{
    enum { CAP = 512, SHIFT = 23, CROWD = 255, NVALUES = CROWD + 3 };
    static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_MULTI_INDEX_BYTES(CAP, NVALUES))];
    bento_multi_index mi;
    uint64_t candidate = 1000u, crowded_key = 0u;
    uint32_t placed = 0u;
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, CAP, NVALUES), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(&mi, 1u, 0u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_add(&mi, 1u, 1u), BENTO_OK); /* key 1 lists 0, 1 */
    while (placed <= CROWD) { /* CROWD keys on home 7, then one more that cannot fit */
        if (bento_index_hash(candidate) >> SHIFT == 7u) {
            if (placed < CROWD) {
                CHECK_STATUS(bento_multi_index_add(&mi, candidate, 2u + placed), BENTO_OK);
            } else {
                crowded_key = candidate;
            }
            placed++;
        }
        candidate++;
    }
    CHECK_STATUS(bento_multi_index_move(&mi, crowded_key, 0u), BENTO_E_FULL);
    CHECK_EQ(bento_multi_index_first(&mi, 1u), 0);
    CHECK_EQ(bento_multi_index_next(&mi, 0u), 1);
    CHECK_EQ(bento_multi_index_next(&mi, 1u), NONE);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* alone under its key, the value keeps its key when the new one is refused */
    CHECK_STATUS(bento_multi_index_remove(&mi, 1u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(&mi, crowded_key, 0u), BENTO_E_FULL);
    CHECK_EQ(bento_multi_index_first(&mi, 1u), 0);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}
#endif

void test_multi_index(void)
{
    test_init_statuses();
    test_lists();
    test_damage();
#if SIZE_MAX > 0xffffffffu
    test_refused_move_keeps_order();
#endif
    test_against_model();
}
