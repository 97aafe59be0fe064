/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h, 64-bit keys: every function typed and generic, every status, the load
 * limit and the search's refusal, the moves insert makes, open, damage seen by check,
 * confinement, a naive model. The tests are written once for both key widths, in
 * index_tests.h. */
#include <bento/index.h>

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

void test_index(void)
{
    test_typed_lines();
    run_index_tests();
}
