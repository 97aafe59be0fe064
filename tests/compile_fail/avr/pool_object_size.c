/* SPDX-License-Identifier: MIT */
/* Where size_t is 16 bits (AVR; port/avr/avr.mk compiles this with avr-gcc), a typed pool whose
 * storage is larger than an object can be there (32 KiB, PTRDIFF_MAX) must not compile.
 * expect: is_larger_than_the_largest_object_of_this_target_PTRDIFF_MAX */
#include <bento/pool.h>

#ifdef BENTO_EXPECT_OK
BENTO_POOL_TYPE(fits, uint32_t, 2048, uint32_t, BENTO_POOL_RETIRE); /* 12 bytes a slot: 24 KiB */
#else
BENTO_POOL_TYPE(too_big, uint32_t, 4096, uint32_t, BENTO_POOL_RETIRE); /* 48 KiB */
#endif
