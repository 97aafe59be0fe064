/* SPDX-License-Identifier: MIT */
/* A handle type with no generation bits left must not compile.
 * expect: index_bits_must_leave_a_generation_bit */
#include <bento/handle.h>

#ifdef BENTO_EXPECT_OK
BENTO_HANDLE_TYPE(fits_handle, uint16_t, 15);
#else
BENTO_HANDLE_TYPE(no_generation_handle, uint16_t, 16);
#endif
