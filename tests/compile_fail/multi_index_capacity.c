/* SPDX-License-Identifier: MIT */
/* A typed multi-value index with no room for values must not compile.
 * expect: value_capacity_must_be_1_to_2_pow_28_minus_1 */
#include <bento/multi_index.h>

#ifdef BENTO_EXPECT_OK
BENTO_MULTI_INDEX_TYPE(owners, 64, 1);
#else
BENTO_MULTI_INDEX_TYPE(owners, 64, 0);
#endif
