/* SPDX-License-Identifier: MIT */
/* A typed spatial hash of 4 axes must not compile (2 or 3).
 * expect: dims_must_be_2_or_3 */
#include <bento/spatial_hash.h>

#ifdef BENTO_EXPECT_OK
BENTO_SPATIAL_HASH_TYPE(world, 64, 32, 3, 4);
#else
BENTO_SPATIAL_HASH_TYPE(world, 64, 32, 4, 4);
#endif
