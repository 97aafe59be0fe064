/* SPDX-License-Identifier: MIT */
/* A typed block pool of no blocks must not compile.
 * expect: capacity_must_be_at_least_1_and_the_pool_under_4_GiB */
#include <bento/block_pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_BLOCK_POOL_TYPE(one, uint32_t, 1);
#else
BENTO_BLOCK_POOL_TYPE(none, uint32_t, 0);
#endif
