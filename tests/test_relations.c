/* SPDX-License-Identifier: MIT */
/*
 * Tests of the observer relation (examples/observers/observers.h): observations in a pool,
 * found through two multi-value indices; destroying an entity removes every observation of it
 * and by it, visiting nothing else. Checked against a naive array of pairs.
 */
#define OBSERVERS_CAPACITY 16
#define OBSERVERS_ENTITY_SLOTS 8
#include "../examples/observers/observers.h"

#include "bento_test.h"

enum { ENTITIES = 6 }; /* the 6 keys 8 hash slots hold */

/* One system for both tests: to fit the smallest board's RAM (bento_test.h). */
static observer_system s;

typedef struct tally {
    uint32_t count[ENTITIES];
} tally;

static void count_observer(void *context, uint64_t observer)
{
    tally *t = (tally *)context;
    if (observer < ENTITIES) {
        t->count[observer]++;
    }
}

static void test_basic(void)
{
    tally t = {{0u}};
    uint32_t i;
    CHECK_STATUS(observers_init(&s), BENTO_OK);
    CHECK_STATUS(observers_watch(&s, 1u, 2u), BENTO_OK); /* 2 watches 1 */
    CHECK_STATUS(observers_watch(&s, 1u, 3u), BENTO_OK);
    CHECK_STATUS(observers_watch(&s, 3u, 1u), BENTO_OK);
    CHECK_STATUS(observers_watch(&s, 3u, 3u), BENTO_OK); /* 3 watches itself */
    CHECK_EQ(observers_notify(&s, 1u, count_observer, &t), 2);
    CHECK(t.count[2] == 1u && t.count[3] == 1u);
    /* 3 dies: 1->3, 3->1 and 3->3 go; 1 is still watched by 2 */
    s.work = 0u;
    CHECK_EQ(observers_destroy_entity(&s, 3u), 3);
    CHECK_EQ(s.work, 3);
    CHECK_EQ(observations_count(&s.pool), 1);
    CHECK_EQ(observers_notify(&s, 1u, count_observer, &t), 1);
    CHECK_EQ(observers_notify(&s, 3u, count_observer, &t), 0);
    CHECK_EQ(observers_destroy_entity(&s, 3u), 0);
    CHECK(observers_sound(&s));
    /* the pool is full: the watch is refused and nothing is left half-recorded */
    for (i = observations_count(&s.pool); i < OBSERVERS_CAPACITY; i++) { /* bounded if one fails */
        CHECK_STATUS(observers_watch(&s, 5u, 6u), BENTO_OK);
    }
    CHECK_STATUS(observers_watch(&s, 5u, 6u), BENTO_E_FULL);
    CHECK_EQ(entity_index_count(&s.by_observed), OBSERVERS_CAPACITY);
    CHECK_EQ(entity_index_key_count(&s.by_observed), 2); /* entities 1 and 5 */
    CHECK_EQ(observers_destroy_entity(&s, 6u), OBSERVERS_CAPACITY - 1);
    CHECK_EQ(observations_count(&s.pool), 1);
}

/* Random watches and deaths against a naive list of (observed, observer) pairs. */
static void test_against_model(void)
{
    static uint64_t observed[OBSERVERS_CAPACITY], observer[OBSERVERS_CAPACITY];
    uint32_t live = 0u, step, steps = 1500u * bento_test_scale(), mismatches = 0u;
    CHECK_STATUS(observers_init(&s), BENTO_OK);
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        const uint64_t a = bento_test_rand_below(ENTITIES), b = bento_test_rand_below(ENTITIES);
        uint32_t k, e;
        if (op < 70u) {
            const bento_status want = live == OBSERVERS_CAPACITY ? BENTO_E_FULL : BENTO_OK;
            if (observers_watch(&s, a, b) != want) {
                mismatches++;
            }
            if (want == BENTO_OK) {
                observed[live] = a;
                observer[live++] = b;
            }
        } else {
            uint32_t expect = 0u;
            for (k = 0u; k < live;) {
                if (observed[k] == a || observer[k] == a) {
                    observed[k] = observed[--live];
                    observer[k] = observer[live];
                    expect++;
                } else {
                    k++;
                }
            }
            s.work = 0u;
            /* removed exactly the matching ones, and visited nothing else */
            if (observers_destroy_entity(&s, a) != expect || s.work != expect) {
                mismatches++;
            }
        }
        if (observations_count(&s.pool) != live) {
            mismatches++;
        }
        /* notify reaches every observer, as often as it watches */
        for (e = 0u; e < ENTITIES; e++) {
            tally got = {{0u}}, want = {{0u}};
            uint32_t o;
            for (k = 0u; k < live; k++) {
                if (observed[k] == e) {
                    want.count[observer[k]]++;
                }
            }
            (void)observers_notify(&s, e, count_observer, &got);
            for (o = 0u; o < ENTITIES; o++) {
                if (got.count[o] != want.count[o]) {
                    mismatches++;
                }
            }
        }
        if ((step & 15u) == 0u && !observers_sound(&s)) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("relations model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

void test_relations(void)
{
    test_basic();
    test_against_model();
}
