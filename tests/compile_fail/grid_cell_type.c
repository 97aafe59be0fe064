/* SPDX-License-Identifier: MIT */
/* A typed grid hands out its own cell type: a pointer to another type must not compile.
 * expect: incompatible pointer type */
#include <bento/grid.h>

BENTO_GRID_TYPE(heights, uint16_t, 2, 64);

int insert_one(heights *g);
int insert_one(heights *g)
{
#ifdef BENTO_EXPECT_OK
    uint16_t *cell;
#else
    uint32_t *cell;
#endif
    return heights_insert_at(g, bento_xy(1, 2), &cell) == BENTO_OK;
}
