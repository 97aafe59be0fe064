/* SPDX-License-Identifier: MIT */
/* A typed block pool of no blocks must not compile.
 * expect: capacity must be >= 1 */
#include <bento/block_pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_BLOCK_POOL_TYPE(one, uint32_t, 1);
#else
BENTO_BLOCK_POOL_TYPE(none, uint32_t, 0);
#endif
