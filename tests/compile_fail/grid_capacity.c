/* SPDX-License-Identifier: MIT */
/* A typed window grid without a cell must not compile.
 * expect: capacity_out_of_range */
#include <bento/grid.h>

#ifdef BENTO_EXPECT_OK
BENTO_GRID_WINDOW_TYPE(view, uint8_t, 2, 1);
#else
BENTO_GRID_WINDOW_TYPE(view, uint8_t, 2, 0);
#endif
