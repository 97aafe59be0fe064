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

void test_index(void)
{
    run_index_tests();
}
