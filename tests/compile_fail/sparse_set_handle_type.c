/* SPDX-License-Identifier: MIT */
/* A set keyed by one pool's handles does not take another pool's handle.
 * expect: incompatible type for argument 2|to parameter of incompatible type */
#include <bento/pool.h>
#include <bento/sparse_set.h>

struct body {
    int x;
};

BENTO_POOL_TYPE(ships, struct body, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, struct body, 64, uint32_t, BENTO_POOL_WRAP);
#define HULLS_COLUMNS(X) X(struct body, hull)
BENTO_SPARSE_SET_TYPE(hulls, ships_handle, 32, HULLS_COLUMNS);

bool has_hull(const hulls *set, ships_handle ship, rocks_handle rock);
bool has_hull(const hulls *set, ships_handle ship, rocks_handle rock)
{
#ifdef BENTO_EXPECT_OK
    (void)rock;
    return hulls_contains(set, ship);
#else
    (void)ship;
    return hulls_contains(set, rock);
#endif
}
