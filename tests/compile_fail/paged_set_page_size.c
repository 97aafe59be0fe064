/* SPDX-License-Identifier: MIT */
/* A typed paged set whose page size is not a power of two must not compile.
 * expect: page_size must be a power of two */
#include <bento/paged_set.h>

#ifdef BENTO_EXPECT_OK
BENTO_PAGED_SET_TYPE(even, uint32_t, 8, 64, 16, 6);
#else
BENTO_PAGED_SET_TYPE(odd, uint32_t, 8, 64, 12, 6);
#endif
