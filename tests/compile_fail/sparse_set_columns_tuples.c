/* SPDX-License-Identifier: MIT */
/* Several (T, field) tuples, the form of 0.x, are refused with the same one message.
 * expect: takes_its_columns_as_one_list_macro */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(ents, int, 64, uint32_t, BENTO_POOL_WRAP);
#ifdef BENTO_EXPECT_OK
#define TWO(X) X(int, a) X(int, b)
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, TWO);
#else
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, (int, a), (int, b));
#endif
