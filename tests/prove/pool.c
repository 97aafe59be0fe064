/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/pool.c - the handle pool under Eva (tests/prove/run): whatever bytes its buffer
 * holds, open and then any one operation, with any arguments, read and write only inside the
 * buffer (and the caller's value), hand back only pointers into the buffer, and answer a
 * status. Every byte of the buffer is unknown to the analyser but the two words that give its
 * shape (capacity and value size: PROVE_CAPACITY and PROVE_VALUE_SIZE, one run per shape);
 * the other parameters (index and generation bits, policy), the counters, the journal, the
 * slots and the dense array are any bytes at all.
 */
#include <bento/pool.h>

#include "__fc_builtin.h"

static bento_align_unit
    memory[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(PROVE_CAPACITY, PROVE_VALUE_SIZE))];
static unsigned char value[PROVE_VALUE_SIZE];

int main(void)
{
    bento_pool pool;
    uint32_t *const words = (uint32_t *)(void *)memory;
    uint32_t handle = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    uint32_t n = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    void *out = NULL;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    Frama_C_make_unknown((char *)value, sizeof value);
    /* the parameter record's first two words, after the header's four */
    words[4] = PROVE_CAPACITY;
    words[5] = PROVE_VALUE_SIZE;
    if (bento_pool_open(&pool, memory, sizeof memory) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(pool.state.count);
    switch (Frama_C_interval(0, 9)) {
    case 0:
        (void)bento_pool_create(&pool, &handle, &out);
        prove_inside(out, PROVE_VALUE_SIZE, memory, sizeof memory);
        break;
    case 1:
        (void)bento_pool_create_from(&pool, &handle, value);
        break;
    case 2:
        (void)bento_pool_destroy(&pool, handle);
        break;
    case 3:
        bento_pool_clear(&pool);
        break;
    case 4:
        (void)bento_pool_check(&pool);
        break;
    case 5:
        (void)bento_pool_lifetime(&pool);
        (void)bento_pool_alias_horizon(&pool);
        break;
    case 6:
        prove_inside(bento_pool_get(&pool, handle), PROVE_VALUE_SIZE, memory,
                     sizeof memory);
        (void)bento_pool_contains(&pool, handle);
        break;
    case 7:
        prove_inside(bento_pool_values(&pool), (size_t)bento_pool_count(&pool) * pool.stride,
                     memory, sizeof memory);
        break;
    case 8:
        (void)bento_pool_handle_at(&pool, n);
        break;
    default:
        (void)bento_pool_handle_of_index(&pool, n);
        break;
    }
    return 0;
}
