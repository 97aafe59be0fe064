/* SPDX-License-Identifier: MIT */
/* A typed paged set whose page size is not a power of two must not compile.
 * expect: page_size_must_be_a_power_of_two_from_2_to_2_pow_24 */
#include <bento/paged_set.h>

#ifdef BENTO_EXPECT_OK
BENTO_PAGED_SET_TYPE(even, uint32_t, 8, 64, 16);
#else
BENTO_PAGED_SET_TYPE(odd, uint32_t, 8, 64, 12);
#endif
