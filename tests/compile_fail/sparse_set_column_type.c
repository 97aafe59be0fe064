/* SPDX-License-Identifier: MIT */
/* A typed column is read as its own type only.
 * expect: incompatible pointer type */
#include <bento/pool.h>
#include <bento/sparse_set.h>

struct vec2 {
    float x, y;
};

BENTO_POOL_TYPE(entities, struct vec2, 64, uint32_t, BENTO_POOL_WRAP);
#define BODIES_COLUMNS(X) X(struct vec2, pos) X(uint32_t, flags)
BENTO_SPARSE_SET_TYPE(bodies, entities_handle, 32, BODIES_COLUMNS);

float x_of(const bodies *set, entities_handle e);
float x_of(const bodies *set, entities_handle e)
{
#ifdef BENTO_EXPECT_OK
    const struct vec2 *p = bodies_get(set, e).pos;
#else
    const struct vec2 *p = bodies_get(set, e).flags;
#endif
    return p != NULL ? p->x : 0.0f;
}
