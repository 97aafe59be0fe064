/* SPDX-License-Identifier: MIT */
/* A typed join goes over 2 to 16 sets, and a seventeenth is refused with one message naming
 * the limit.
 * expect: joins_2_to_16_sets */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(ents, int, 64, uint32_t, BENTO_POOL_WRAP);
#define ONE(X) X(int, a)
BENTO_SPARSE_SET_TYPE(s1, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s2, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s3, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s4, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s5, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s6, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s7, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s8, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s9, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s10, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s11, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s12, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s13, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s14, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s15, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s16, ents_handle, 32, ONE);
BENTO_SPARSE_SET_TYPE(s17, ents_handle, 32, ONE);
#ifdef BENTO_EXPECT_OK
BENTO_SPARSE_SET_JOIN_TYPE(sixteen, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15,
                           s16);
#else
BENTO_SPARSE_SET_JOIN_TYPE(seventeen, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14,
                           s15, s16, s17);
#endif
