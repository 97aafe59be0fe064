/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h, 64-bit keys: every function typed and generic, every status, the load
 * limit and the search's refusal, the moves insert makes, open, damage seen by check,
 * confinement, a naive model. The tests are written once for both key widths, in
 * index_tests.h. */
#include <bento/index.h>
#include <bento/pool.h>

#define IXT bento_index
#define IXT_ITER bento_index_iter
#define IXT_KEY uint64_t
#define F(n) bento_index_##n
#define IXT_TYPE BENTO_INDEX_TYPE
#define IXT_BYTES(c) BENTO_INDEX_BYTES(c)
#define IXT_BW 16u
#define IXT_KW 2u
#define IXT_HASH(k) bento_index_hash(k)
#define IXT_KEY_PUT(w, k) ((w)[0] = (uint32_t)(k), (w)[1] = (uint32_t)((k) >> 32))
#define IXT_KEY_GET(w) ((uint64_t)(w)[1] << 32 | (w)[0])
#define IXT_HIGH_KEY ((uint64_t)1 << 63)
#define OTHER_INIT(m, bytes, c) bento_index32_init(&other_width, (m), (bytes), (c))
#define IXT_RAW(x) (x)
#define SUITE "index"

static bento_index32 other_width;

#include "index_tests.h"

/* Typed indices on BENTO_CACHE_LINE: the storage starts on a line, and the buckets follow the
 * header (a multiple of 64 bytes), so they are aligned to the line up to 64 bytes. */
BENTO_INDEX_TYPE(tiny_ix, 8);
#define BUCKET_LINE ((uintptr_t)(BENTO_CACHE_LINE < 64 ? BENTO_CACHE_LINE : 64))

/* A typed index among other members: the type carries its alignment into a struct. */
static struct {
    char before;
    tiny_ix ix;
} embedded;

/* Static, automatic or as a member, a typed index's buckets start on a line and the type is
 * padded to whole lines; on the hosts every configuration of the kit's build has a line of 64
 * bytes or more (128 in tests/asserts/config.h). */
static void test_typed_lines(void)
{
    tiny_ix automatic;
    CHECK_STATUS(small_ix_init(&typed_a), BENTO_OK);
    CHECK_STATUS(tiny_ix_init(&embedded.ix), BENTO_OK);
    CHECK_STATUS(tiny_ix_init(&automatic), BENTO_OK);
    CHECK(typed_a.generic_.buckets ==
          (uint32_t *)(void *)typed_a.storage_ + BENTO_IMPL_INDEX_HEAD / 4u);
#if BENTO_CACHE_LINE != 0
    CHECK(bento_test_aligned(typed_a.storage_, BENTO_CACHE_LINE));
    CHECK(bento_test_aligned(typed_a.generic_.buckets, BUCKET_LINE));
    CHECK(bento_test_aligned(embedded.ix.generic_.buckets, BUCKET_LINE));
    CHECK(bento_test_aligned(automatic.generic_.buckets, BUCKET_LINE));
    CHECK_EQ(sizeof(small_ix) % BENTO_CACHE_LINE, 0);
    CHECK_EQ(sizeof(tiny_ix) % BENTO_CACHE_LINE, 0);
#endif
#if BENTO_CACHE_LINE == 64
    /* one line for the index struct in front of the storage, nothing behind */
    CHECK_EQ(sizeof(small_ix), BENTO_INDEX_BYTES(16) + 64u);
    CHECK_EQ(sizeof(tiny_ix), BENTO_INDEX_BYTES(8) + 64u);
#endif
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
    CHECK(BENTO_CACHE_LINE >= 64);
    CHECK(bento_test_aligned(typed_a.generic_.buckets, 64u));
    CHECK(bento_test_aligned(embedded.ix.generic_.buckets, 64u));
    CHECK(bento_test_aligned(automatic.generic_.buckets, 64u));
#endif
    CHECK_STATUS(tiny_ix_insert(&automatic, 3u, 4u), BENTO_OK);
    CHECK_EQ(tiny_ix_value(&automatic, 3u, 0u), 4);
    CHECK_STATUS(tiny_ix_check(&automatic), BENTO_OK);
}

/* Typed keys and values: handles (stored whole, generation included) and integers of every
 * width from 8 to 64 bits. */
BENTO_POOL_TYPE(crew, uint32_t, 8, uint32_t, BENTO_POOL_WRAP);
BENTO_HANDLE_TYPE(tag_handle, uint16_t, 4);
BENTO_INDEX_TYPE_OF(by_uid, 8, uint64_t, crew_handle);  /* external id -> entity */
BENTO_INDEX_TYPE_OF(buddy_of, 8, crew_handle, crew_handle); /* entity -> entity */
BENTO_INDEX_TYPE_OF(tag_rank, 8, tag_handle, uint8_t);  /* 16-bit handle -> 8-bit value */

static crew people;
static by_uid uids, uids_copy;

static void test_typed_handles(void)
{
    static buddy_of buddies;
    static tag_rank ranks;
    crew_handle a, b, stale, got;
    by_uid_iter it;
    buddy_of_iter bit;
    uint8_t rank = 7u;
    uint32_t seen = 0u;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(by_uid_init(&uids), BENTO_OK);
    CHECK_STATUS(buddy_of_init(&buddies), BENTO_OK);
    CHECK_STATUS(tag_rank_init(&ranks), BENTO_OK);
    CHECK_STATUS(crew_create(&people, &a, NULL), BENTO_OK);
    CHECK_STATUS(crew_create(&people, &b, NULL), BENTO_OK);
    /* a's slot once it serves another object: the same index, another generation */
    stale = crew_handle_from_raw(bento_handle_make(crew_handle_index(a), crew_handle_generation(a) + 2u,
                                                   crew_handle_INDEX_BITS));
    /* external id -> entity: the handle comes back whole */
    CHECK_STATUS(by_uid_insert(&uids, 0x123456789abcull, a), BENTO_OK);
    CHECK_STATUS(by_uid_insert(&uids, 42u, b), BENTO_OK);
    CHECK_STATUS(by_uid_insert(&uids, 42u, a), BENTO_E_EXISTS);
    CHECK(crew_handle_eq(by_uid_value(&uids, 0x123456789abcull, crew_handle_null()), a));
    CHECK(crew_handle_is_null(by_uid_value(&uids, 43u, crew_handle_null())));
    CHECK(by_uid_find(&uids, 42u, &got) && crew_handle_eq(got, b));
    CHECK(!by_uid_find(&uids, 43u, &got) && crew_handle_is_null(got));
    CHECK_STATUS(by_uid_upsert(&uids, 42u, a), BENTO_OK);
    CHECK(crew_handle_eq(by_uid_value(&uids, 42u, crew_handle_null()), a));
    by_uid_iter_init(&it, &uids);
    CHECK(it.key == 0u && crew_handle_is_null(it.value));
    while (by_uid_iter_next(&it)) {
        CHECK(crew_handle_eq(it.value, a));
        seen++;
    }
    CHECK(seen == 2u && it.key == 0u && crew_handle_is_null(it.value));
    /* reopened from a copy of its storage: the same handles */
    uids_copy = uids;
    CHECK_STATUS(by_uid_open(&uids_copy), BENTO_OK);
    CHECK(crew_handle_eq(by_uid_value(&uids_copy, 0x123456789abcull, crew_handle_null()), a));
    CHECK_STATUS(by_uid_check(&uids_copy), BENTO_OK);
    CHECK_STATUS(by_uid_remove(&uids, 42u, &got), BENTO_OK);
    CHECK(crew_handle_eq(got, a));
    CHECK_STATUS(by_uid_remove(&uids, 42u, &got), BENTO_E_NOT_FOUND);
    CHECK(crew_handle_is_null(got));
    /* entity -> entity: a stale handle is another key, and misses */
    CHECK_STATUS(buddy_of_insert(&buddies, a, b), BENTO_OK);
    CHECK_STATUS(buddy_of_insert(&buddies, b, a), BENTO_OK);
    CHECK(buddy_of_contains(&buddies, a) && !buddy_of_contains(&buddies, stale));
    CHECK(!buddy_of_find(&buddies, stale, &got) && crew_handle_is_null(got));
    CHECK_STATUS(buddy_of_remove(&buddies, stale, NULL), BENTO_E_NOT_FOUND);
    CHECK(crew_handle_eq(buddy_of_value(&buddies, a, crew_handle_null()), b));
    buddy_of_iter_init(&bit, &buddies);
    while (buddy_of_iter_next(&bit)) {
        CHECK(crew_handle_eq(buddy_of_value(&buddies, bit.value, crew_handle_null()), bit.key));
    }
    CHECK_STATUS(buddy_of_remove(&buddies, a, NULL), BENTO_OK);
    CHECK_EQ(buddy_of_count(&buddies), 1);
    /* a 16-bit handle to an 8-bit value */
    CHECK_STATUS(tag_rank_insert(&ranks, tag_handle_from_raw(0x13u), 200u), BENTO_OK);
    CHECK_EQ(tag_rank_value(&ranks, tag_handle_from_raw(0x13u), 0u), 200);
    CHECK_EQ(tag_rank_value(&ranks, tag_handle_from_raw(0x23u), 9u), 9); /* another generation */
    CHECK(tag_rank_find(&ranks, tag_handle_from_raw(0x13u), &rank) && rank == 200u);
    CHECK_STATUS(tag_rank_remove(&ranks, tag_handle_from_raw(0x13u), &rank), BENTO_OK);
    CHECK_EQ(rank, 200);
    CHECK_STATUS(tag_rank_check(&ranks), BENTO_OK);
    CHECK_STATUS(buddy_of_check(&buddies), BENTO_OK);
    CHECK_STATUS(by_uid_check(&uids), BENTO_OK);
}

void test_index(void)
{
    test_typed_lines();
    test_typed_handles();
    run_index_tests();
}
