/* SPDX-License-Identifier: MIT */
/* A 32-bit-key index does not take a key type wider than its keys (a 64-bit id would be cut).
 * expect: key_type_must_be_a_handle_or_an_unsigned_integer_no_wider_than_the_keys */
#include <bento/index.h>

#ifdef BENTO_EXPECT_OK
BENTO_INDEX32_TYPE_OF(by_id, 64, uint32_t, uint16_t);
#else
BENTO_INDEX32_TYPE_OF(by_id, 64, uint64_t, uint16_t);
#endif
