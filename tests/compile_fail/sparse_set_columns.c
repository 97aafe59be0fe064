/* SPDX-License-Identifier: MIT */
/* A typed set takes at most 4 columns, and a fifth is refused with one message naming the limit
 * (it was a token-pasting error).
 * expect: takes_at_most_4_columns */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(ents, int, 64, uint32_t, BENTO_POOL_WRAP);
#ifdef BENTO_EXPECT_OK
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, (int, a), (int, b), (int, c), (int, d));
#else
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, (int, a), (int, b), (int, c), (int, d), (int, e));
#endif
