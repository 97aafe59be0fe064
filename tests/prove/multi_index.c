/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/multi_index.c - the multi-value index under Eva (tests/prove/run): whatever
 * bytes its buffer holds, open and then any one operation, with any key and value, read and
 * write only inside the buffer (and the caller's words), and answer a status. Every byte of
 * the buffer is unknown to the analyser but the words that give its shape: the parameter
 * record (the hash index inside has BENTO_INDEX_MIN_CAPACITY keys; a shape's first number is
 * the value capacity, its second the id bits: 32, values that are their ids; fewer, values
 * that are handles, their stamps kept) and the capacity word of the hash index inside, one
 * run per shape. The counters, both journals, the hash index's slots, every link, key and
 * stamp are any bytes at all.
 */
#include <bento/multi_index.h>

#include "__fc_builtin.h"

#define KEYS BENTO_INDEX_MIN_CAPACITY
#define BYTES BENTO_MULTI_INDEX_BYTES(KEYS, PROVE_CAPACITY, PROVE_VALUE_SIZE)

static bento_align_unit memory[BENTO_ALIGN_UNITS(BYTES)];

int main(void)
{
    bento_multi_index mi;
    bento_multi_index_iter it;
    uint32_t *const words = (uint32_t *)(void *)memory;
    const uint64_t key = Frama_C_unsigned_long_long_interval(0u, UINT64_MAX);
    const uint32_t value = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    uint64_t out = 0u;
    uint32_t removed = 0u;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    /* the parameter record, after the header's four words, and the hash index's capacity,
       after its own header's four words */
    words[4] = KEYS;
    words[5] = PROVE_CAPACITY;
    words[6] = PROVE_VALUE_SIZE;
    words[BENTO_IMPL_MULTI_INDEX_HEAD / 4u + 4u] = KEYS;
    if (bento_multi_index_open(&mi, memory, sizeof memory) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(bento_multi_index_count(&mi));
    switch (Frama_C_interval(0, 8)) {
    case 0:
        (void)bento_multi_index_insert(&mi, key, value);
        break;
    case 1:
        (void)bento_multi_index_remove(&mi, key, value);
        break;
    case 2:
        (void)bento_multi_index_remove_value(&mi, value);
        break;
    case 3:
        (void)bento_multi_index_remove_key(&mi, key, &removed);
        break;
    case 4:
        (void)bento_multi_index_move(&mi, key, value);
        break;
    case 5:
        bento_multi_index_clear(&mi);
        break;
    case 6:
        (void)bento_multi_index_check(&mi);
        break;
    case 7:
        (void)bento_multi_index_key_of(&mi, value, &out);
        (void)bento_multi_index_length(&mi, key);
        (void)bento_multi_index_contains(&mi, key);
        (void)bento_multi_index_key_count(&mi);
        (void)bento_multi_index_capacity(&mi);
        break;
    default:
        bento_multi_index_iter_init(&it, &mi, key);
        while (bento_multi_index_iter_next(&it)) {
        }
        break;
    }
    return 0;
}
