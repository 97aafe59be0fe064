/* SPDX-License-Identifier: MIT */
/* A spatial hash of one pool's handles does not take another pool's handle as an item.
 * expect: incompatible type for argument 2|to parameter of incompatible type */
#include <bento/pool.h>
#include <bento/spatial_hash.h>

BENTO_POOL_TYPE(colonists, int, 32, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, int, 32, uint32_t, BENTO_POOL_WRAP);
BENTO_SPATIAL_HASH_TYPE_OF(space, 64, 32, colonists_handle, 2, 4);

bento_status place(space *s, colonists_handle colonist, rocks_handle rock);
bento_status place(space *s, colonists_handle colonist, rocks_handle rock)
{
#ifdef BENTO_EXPECT_OK
    (void)rock;
    return space_insert_at(s, colonist, bento_xy(1, 2));
#else
    (void)colonist;
    return space_insert_at(s, rock, bento_xy(1, 2));
#endif
}
