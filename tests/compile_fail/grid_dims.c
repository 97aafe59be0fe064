/* SPDX-License-Identifier: MIT */
/* A typed grid of more than four axes must not compile.
 * expect: dims_must_be_1_to_4 */
#include <bento/grid.h>

#ifdef BENTO_EXPECT_OK
BENTO_GRID_TYPE(hypercube, uint32_t, 4, 256);
#else
BENTO_GRID_TYPE(hypercube, uint32_t, 5, 256);
#endif
