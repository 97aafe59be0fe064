/* SPDX-License-Identifier: MIT */
/* A typed join takes sets of one key type: sets keyed by two pools' handles do not join (C11 says
 * so with a message; C99 fails on an initialisation).
 * expect: joins_sets_of_one_key_type */
#include <bento/pool.h>
#include <bento/sparse_set.h>

struct vec2 {
    float x, y;
};

BENTO_POOL_TYPE(ships, struct vec2, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, struct vec2, 64, uint32_t, BENTO_POOL_WRAP);
#define POSITIONS_COLUMNS(X) X(struct vec2, at)
BENTO_SPARSE_SET_TYPE(positions, ships_handle, 32, POSITIONS_COLUMNS);
#ifdef BENTO_EXPECT_OK
#define SPEEDS_COLUMNS(X) X(struct vec2, by)
BENTO_SPARSE_SET_TYPE(speeds, ships_handle, 32, SPEEDS_COLUMNS);
#else
#define SPEEDS_COLUMNS(X) X(struct vec2, by)
BENTO_SPARSE_SET_TYPE(speeds, rocks_handle, 32, SPEEDS_COLUMNS);
#endif
BENTO_SPARSE_SET_JOIN_TYPE(moving, positions, speeds);
