/* SPDX-License-Identifier: MIT */
/* A typed pool whose capacity does not fit its index bits must not compile.
 * expect: capacity_does_not_fit_in_index_bits */
#include <bento/pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_POOL_TYPE_BITS(fits, uint32_t, 256, uint16_t, BENTO_POOL_RETIRE, 8);
#else
BENTO_POOL_TYPE_BITS(too_big, uint32_t, 257, uint16_t, BENTO_POOL_RETIRE, 8);
#endif
