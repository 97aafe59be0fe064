/* SPDX-License-Identifier: MIT */
/* A typed index whose capacity is a power of two below the smallest (8: two buckets of four
 * slots) must not compile.
 * expect: capacity_must_be_a_power_of_two_from_8_to_2_pow_24 */
#include <bento/index.h>

#ifdef BENTO_EXPECT_OK
BENTO_INDEX_TYPE(ids, 8);
#else
BENTO_INDEX_TYPE(ids, 4);
#endif
