/* SPDX-License-Identifier: MIT */
/* A typed set holds at most its universe: 2^index_bits keys for a handle-keyed set.
 * expect: capacity_must_be_from_1_to_the_universe_and_below_2_pow_31 */
#include <bento/pool.h>
#include <bento/sparse_set.h>

BENTO_POOL_TYPE(units, uint32_t, 64, uint16_t, BENTO_POOL_RETIRE); /* 6 index bits */
#ifdef BENTO_EXPECT_OK
#define ORDERS_COLUMNS(X) X(uint32_t, target)
BENTO_SPARSE_SET_TYPE(orders, units_handle, 64, ORDERS_COLUMNS);
#else
#define ORDERS_COLUMNS(X) X(uint32_t, target)
BENTO_SPARSE_SET_TYPE(orders, units_handle, 65, ORDERS_COLUMNS);
#endif
