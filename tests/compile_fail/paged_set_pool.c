/* SPDX-License-Identifier: MIT */
/* A typed paged set draws its pages from a generic block pool, which a typed pool hands out
 * with name_generic(): the typed pool object itself is another type.
 * expect: incompatible pointer type */
#include <bento/paged_set.h>

BENTO_PAGED_SET_TYPE(cells, uint32_t, 8, 64, 16);
BENTO_BLOCK_POOL_TYPE(cell_pages, cells_page, 2);

bento_status start(cells *set, cell_pages *pages);
bento_status start(cells *set, cell_pages *pages)
{
#ifdef BENTO_EXPECT_OK
    return cells_init(set, cell_pages_generic(pages));
#else
    return cells_init(set, pages);
#endif
}
