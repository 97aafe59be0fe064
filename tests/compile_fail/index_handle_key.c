/* SPDX-License-Identifier: MIT */
/* An index keyed by one pool's handles does not take another pool's handle as a key.
 * expect: incompatible type for argument 2|to parameter of incompatible type */
#include <bento/index.h>
#include <bento/pool.h>

BENTO_POOL_TYPE(colonists, int, 32, uint32_t, BENTO_POOL_WRAP);
BENTO_POOL_TYPE(rocks, int, 32, uint32_t, BENTO_POOL_WRAP);
BENTO_INDEX_TYPE_OF(leader_of, 64, colonists_handle, colonists_handle);

bool has_leader(const leader_of *ix, colonists_handle colonist, rocks_handle rock);
bool has_leader(const leader_of *ix, colonists_handle colonist, rocks_handle rock)
{
#ifdef BENTO_EXPECT_OK
    (void)rock;
    return leader_of_contains(ix, colonist);
#else
    (void)colonist;
    return leader_of_contains(ix, rock);
#endif
}
