/* SPDX-License-Identifier: MIT */
/* The _at functions of a typed spatial hash take a bento_point, the others an int32_t array:
 * an array given to an _at function does not compile.
 * expect: incompatible type for argument|to parameter of incompatible type */
#include <bento/spatial_hash.h>

BENTO_SPATIAL_HASH_TYPE(world, 64, 32, 2, 4);

bento_status place(world *w);
bento_status place(world *w)
{
    const int32_t at[2] = {3, 4};
#ifdef BENTO_EXPECT_OK
    return world_insert_at(w, 1u, bento_xy(at[0], at[1]));
#else
    return world_insert_at(w, 1u, at);
#endif
}
