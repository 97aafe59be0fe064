/* SPDX-License-Identifier: MIT */
/* A typed block pool takes back blocks of its own type only.
 * expect: incompatible pointer type */
#include <bento/block_pool.h>

BENTO_BLOCK_POOL_TYPE(floats, float, 4);

bento_status give_back(floats *pool, float *f, double *d);
bento_status give_back(floats *pool, float *f, double *d)
{
#ifdef BENTO_EXPECT_OK
    (void)d;
    return floats_free(pool, f);
#else
    (void)f;
    return floats_free(pool, d);
#endif
}
