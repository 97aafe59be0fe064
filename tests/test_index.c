/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h, 64-bit keys: every function typed and generic, every status, the load
 * and distance limits, open, damage seen by check, confinement, a naive model. The tests are
 * written once for both key widths, in index_tests.h. */
#include <bento/index.h>

#define IXT bento_index
#define IXT_ITER bento_index_iter
#define IXT_KEY uint64_t
#define F(n) bento_index_##n
#define IXT_TYPE BENTO_INDEX_TYPE
#define IXT_BYTES(c) BENTO_INDEX_BYTES(c)
#define IXT_W 4u
#define IXT_HASH(k) bento_index_hash(k)
#define IXT_KEY_PUT(s, k) ((s)[2] = (uint32_t)(k), (s)[3] = (uint32_t)((k) >> 32))
#define IXT_HIGH_KEY ((uint64_t)1 << 63)
#define IXT_WALK(ix, k, b)                                                                        \
    bento_impl_index_walk((ix)->slots, bento_index_hash(k), (ix)->shift, (ix)->mask, 4u,          \
                          (uint32_t)(k), (uint32_t)((k) >> 32), (b))
#define OTHER_INIT(m, bytes, c) bento_index32_init(&other_width, (m), (bytes), (c))
#define SUITE "index"

static bento_index32 other_width;

#include "index_tests.h"

void test_index(void)
{
    run_index_tests();
}
