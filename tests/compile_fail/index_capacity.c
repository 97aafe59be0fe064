/* SPDX-License-Identifier: MIT */
/* A typed index whose capacity is not a power of two must not compile.
 * expect: capacity_must_be_a_power_of_two_from_2_to_2_pow_24 */
#include <bento/index.h>

#ifdef BENTO_EXPECT_OK
BENTO_INDEX_TYPE(ids, 32);
#else
BENTO_INDEX_TYPE(ids, 24);
#endif
