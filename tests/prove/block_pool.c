/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/block_pool.c - the block pool under Eva (tests/prove/run): whatever bytes its
 * buffer holds, open and then any one operation, with any arguments (a block pointer to any
 * byte of the buffer or just past it), read and write only inside the buffer, hand back
 * only pointers into the buffer, and answer a status. Every byte of the buffer is unknown to
 * the analyser but the two words that give its shape (capacity and block size:
 * PROVE_CAPACITY and PROVE_VALUE_SIZE, one run per shape).
 */
#include <bento/block_pool.h>

#include "__fc_builtin.h"

static bento_align_unit
    memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(PROVE_CAPACITY, PROVE_VALUE_SIZE))];

int main(void)
{
    bento_block_pool pool;
    uint32_t *const words = (uint32_t *)(void *)memory;
    const uint32_t n = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    /* a block pointer the caller passes: any byte of the buffer or just past it (one into
     * another object is refused by the same arithmetic on its address, which the analyser
     * cannot follow across objects) */
    void *const block =
        (unsigned char *)memory + Frama_C_unsigned_int_interval(0u, sizeof memory);
    void *out = NULL;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    /* the parameter record's two words, after the header's four */
    words[4] = PROVE_CAPACITY;
    words[5] = PROVE_VALUE_SIZE;
    if (bento_block_pool_open(&pool, memory, sizeof memory) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(pool.state.fresh);
    switch (Frama_C_interval(0, 6)) {
    case 0:
        (void)bento_block_pool_alloc(&pool, &out);
        prove_inside(out, PROVE_VALUE_SIZE, memory, sizeof memory);
        break;
    case 1:
        (void)bento_block_pool_free(&pool, block);
        break;
    case 2:
        bento_block_pool_clear(&pool);
        break;
    case 3:
        (void)bento_block_pool_check(&pool);
        break;
    case 4:
        (void)bento_block_pool_index_of(&pool, block);
        (void)bento_block_pool_contains(&pool, block);
        break;
    case 5:
        prove_inside(bento_block_pool_block_at(&pool, n), PROVE_VALUE_SIZE, memory,
                     sizeof memory);
        break;
    default:
        (void)bento_block_pool_count(&pool);
        (void)bento_block_pool_high_water(&pool);
        (void)bento_block_pool_capacity(&pool);
        (void)bento_block_pool_stride(&pool);
        break;
    }
    return 0;
}
