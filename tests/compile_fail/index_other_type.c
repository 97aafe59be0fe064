/* SPDX-License-Identifier: MIT */
/* A typed index's functions take only that type: another index type (here one of 32-bit keys)
 * does not compile.
 * expect: incompatible pointer type */
#include <bento/index.h>

BENTO_INDEX_TYPE(by_id, 64);
BENTO_INDEX32_TYPE(by_small_id, 64);

uint32_t lookup(by_id *a, by_small_id *b);
uint32_t lookup(by_id *a, by_small_id *b)
{
    (void)b;
#ifdef BENTO_EXPECT_OK
    return by_id_value(a, 7u, BENTO_NONE);
#else
    (void)a;
    return by_id_value(b, 7u, BENTO_NONE);
#endif
}
