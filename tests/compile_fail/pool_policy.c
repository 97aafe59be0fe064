/* SPDX-License-Identifier: MIT */
/* A typed pool's policy is BENTO_POOL_RETIRE or BENTO_POOL_WRAP, never an integer (an old
 * configuration line gave the index bits in that place, and compiled).
 * expect: policy_must_be_RETIRE_or_WRAP */
#include <bento/pool.h>

#ifdef BENTO_EXPECT_OK
#define ENEMY_POLICY BENTO_POOL_WRAP /* through a macro too */
BENTO_POOL_TYPE(enemies, uint32_t, 128, uint32_t, ENEMY_POLICY);
#else
BENTO_POOL_TYPE(enemies, uint32_t, 128, uint32_t, 5);
#endif
