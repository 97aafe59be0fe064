/* SPDX-License-Identifier: MIT */
/* A typed pool whose capacity does not fit its index bits must not compile.
 * expect: capacity does not fit in index_bits */
#include <bento/pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_POOL_TYPE(fits, uint32_t, 256, uint16_t, 8);
#else
BENTO_POOL_TYPE(too_big, uint32_t, 257, uint16_t, 8);
#endif
