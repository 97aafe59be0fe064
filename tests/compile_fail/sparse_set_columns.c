/* SPDX-License-Identifier: MIT */
/* A typed set's columns are one list macro, as many as the set needs (20 here); the tuples of
 * 0.x are refused with one message that says so.
 * expect: takes_its_columns_as_one_list_macro */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(ents, int, 64, uint32_t, BENTO_POOL_WRAP);
#ifdef BENTO_EXPECT_OK
#define WIDE(X)                                                                                    \
    X(int, c0) X(int, c1) X(int, c2) X(int, c3) X(int, c4) X(int, c5) X(int, c6) X(int, c7)       \
    X(int, c8) X(int, c9) X(int, c10) X(int, c11) X(int, c12) X(int, c13) X(int, c14)             \
    X(int, c15) X(int, c16) X(int, c17) X(int, c18) X(int, c19)
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, WIDE);
#else
BENTO_SPARSE_SET_TYPE(bodies, ents_handle, 32, (int, a));
#endif
