/* SPDX-License-Identifier: MIT */
/* A typed paged set whose universe does not fit the index bits it chose must not compile.
 * expect: needs_1_le_capacity_le_universe_le_2_pow_index_bits */
#include <bento/paged_set.h>

#ifdef BENTO_EXPECT_OK
BENTO_PAGED_SET_TYPE_BITS(fits, uint32_t, 8, 64, 16, 6, 26);
#else
BENTO_PAGED_SET_TYPE_BITS(too_wide, uint32_t, 8, 65, 16, 6, 26);
#endif
