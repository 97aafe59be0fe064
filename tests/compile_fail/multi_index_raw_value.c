/* SPDX-License-Identifier: MIT */
/* A multi-value index of a pool's handles does not take a raw slot index as a value: the
 * handle, generation included, is what keeps a stale one from acting on a newer object.
 * expect: incompatible type for argument 3|to parameter of incompatible type */
#include <bento/multi_index.h>
#include <bento/pool.h>

BENTO_POOL_TYPE(colonists, int, 32, uint32_t, BENTO_POOL_WRAP);
BENTO_MULTI_INDEX_TYPE_OF(by_squad, 8, uint32_t, 32, colonists_handle);

bento_status enlist(by_squad *squads, colonists_handle colonist);
bento_status enlist(by_squad *squads, colonists_handle colonist)
{
#ifdef BENTO_EXPECT_OK
    return by_squad_insert(squads, 1u, colonist);
#else
    return by_squad_insert(squads, 1u, colonists_handle_index(colonist));
#endif
}
