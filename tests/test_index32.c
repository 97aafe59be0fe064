/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h, 32-bit keys (bento_index32_*): the same tests as the 64-bit index's,
 * from index_tests.h, since both widths are one implementation. */
#include <bento/index.h>

#define IXT bento_index32
#define IXT_ITER bento_index32_iter
#define IXT_KEY uint32_t
#define F(n) bento_index32_##n
#define IXT_TYPE BENTO_INDEX32_TYPE
#define IXT_BYTES(c) BENTO_INDEX32_BYTES(c)
#define IXT_BW 10u
#define IXT_KW 1u
#define IXT_HASH(k) bento_index32_hash(k)
#define IXT_KEY_PUT(w, k) ((w)[0] = (k))
#define IXT_KEY_GET(w) ((w)[0])
#define IXT_HIGH_KEY 0x80000000u
#define OTHER_INIT(m, bytes, c) bento_index_init(&other_width, (m), (bytes), (c))
#define SUITE "index32"

static bento_index other_width;

#include "index_tests.h"

void test_index32(void)
{
    CHECK_EQ(bento_index32_hash(12345u), bento_index_hash(12345u)); /* one hash for both */
    CHECK_EQ(bento_index32_hash(0xfedcba98u), bento_index_hash(0xfedcba98u));
    run_index_tests();
}
