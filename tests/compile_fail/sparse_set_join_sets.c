/* SPDX-License-Identifier: MIT */
/* A typed join goes over at most 3 sets, and a fourth is refused with one message naming the
 * limit (it was a token-pasting error).
 * expect: joins_at_most_3_sets */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(ents, int, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_SPARSE_SET_TYPE(s1, ents_handle, 32, (int, a));
BENTO_SPARSE_SET_TYPE(s2, ents_handle, 32, (int, a));
BENTO_SPARSE_SET_TYPE(s3, ents_handle, 32, (int, a));
BENTO_SPARSE_SET_TYPE(s4, ents_handle, 32, (int, a));
#ifdef BENTO_EXPECT_OK
BENTO_SPARSE_SET_JOIN_TYPE(three, s1, s2, s3);
#else
BENTO_SPARSE_SET_JOIN_TYPE(four, s1, s2, s3, s4);
#endif
