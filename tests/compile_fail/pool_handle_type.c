/* SPDX-License-Identifier: MIT */
/* A pool does not take another pool's handle.
 * expect: incompatible type for argument 2|to parameter of incompatible type */
#include <bento/pool.h>

struct ship {
    int x;
};

BENTO_POOL_TYPE(ships, struct ship, 64, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, struct ship, 64, uint32_t, BENTO_POOL_WRAP);

struct ship *find(const ships *pool, ships_handle ship, rocks_handle rock);
struct ship *find(const ships *pool, ships_handle ship, rocks_handle rock)
{
#ifdef BENTO_EXPECT_OK
    (void)rock;
    return ships_get(pool, ship);
#else
    (void)ship;
    return ships_get(pool, rock);
#endif
}
