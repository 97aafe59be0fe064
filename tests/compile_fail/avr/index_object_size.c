/* SPDX-License-Identifier: MIT */
/* Where size_t is 16 bits (AVR; port/avr/avr.mk compiles this with avr-gcc), a typed hash index
 * whose storage is larger than an object can be there (32 KiB, PTRDIFF_MAX) must not compile.
 * expect: is_larger_than_the_largest_object_of_this_target_PTRDIFF_MAX */
#include <bento/index.h>

#ifdef BENTO_EXPECT_OK
BENTO_INDEX_TYPE(fits, 1024); /* 16 bytes a slot: 16 KiB */
#else
BENTO_INDEX_TYPE(too_big, 2048); /* 32 KiB and the header */
#endif
