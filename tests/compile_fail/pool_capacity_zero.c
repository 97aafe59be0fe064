/* SPDX-License-Identifier: MIT */
/* A typed pool of capacity 0 must not compile, and the first error says why (not a type-limits
 * warning per use of the capacity under -Wextra -Werror).
 * expect: capacity_must_be_at_least_1 */
#include <bento/pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_POOL_TYPE(enemies, int, 1, uint32_t, BENTO_POOL_WRAP);
#else
BENTO_POOL_TYPE(enemies, int, 0, uint32_t, BENTO_POOL_WRAP);
#endif
