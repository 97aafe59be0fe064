/* SPDX-License-Identifier: MIT */
/* A paged set keyed by one pool's handles does not take another pool's handle.
 * expect: incompatible type for argument 2|to parameter of incompatible type */
#include <bento/paged_set.h>
#include <bento/pool.h>

struct cargo {
    int ore;
};

BENTO_POOL_TYPE(colonists, int, 32, uint16_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, int, 32, uint16_t, BENTO_POOL_WRAP);
BENTO_PAGED_SET_TYPE_OF(holds, struct cargo, 32, colonists_handle, 8);

struct cargo *hold_of(const holds *set, colonists_handle colonist, rocks_handle rock);
struct cargo *hold_of(const holds *set, colonists_handle colonist, rocks_handle rock)
{
#ifdef BENTO_EXPECT_OK
    (void)rock;
    return holds_get(set, colonist);
#else
    (void)colonist;
    return holds_get(set, rock);
#endif
}
