/* SPDX-License-Identifier: MIT */
/* Only a window grid has a focus: focusing a growing grid type must not compile.
 * expect: implicit declaration of function */
#include <bento/grid.h>

#ifdef BENTO_EXPECT_OK
BENTO_GRID_WINDOW_TYPE(area, uint32_t, 2, 64);
#else
BENTO_GRID_TYPE(area, uint32_t, 2, 64);
#endif

int follow(area *g);
int follow(area *g)
{
    return area_focus_at(g, bento_xy(3, 4), NULL, NULL) == BENTO_OK;
}
