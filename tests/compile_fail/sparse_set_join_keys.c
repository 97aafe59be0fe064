/* SPDX-License-Identifier: MIT */
/* A typed join takes sets of one key type: sets keyed by two pools' handles do not join.
 * expect: invalid initializer|with an expression of incompatible type */
#include <bento/pool.h>
#include <bento/sparse_set.h>

struct vec2 {
    float x, y;
};

BENTO_POOL_TYPE(ships, struct vec2, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, struct vec2, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_SPARSE_SET_TYPE(positions, ships_handle, 32, (struct vec2, at));
#ifdef BENTO_EXPECT_OK
BENTO_SPARSE_SET_TYPE(speeds, ships_handle, 32, (struct vec2, by));
#else
BENTO_SPARSE_SET_TYPE(speeds, rocks_handle, 32, (struct vec2, by));
#endif
BENTO_SPARSE_SET_JOIN_TYPE(moving, positions, speeds);
