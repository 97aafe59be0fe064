/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/index.c - the hash index under Eva (tests/prove/run): whatever bytes its buffer
 * holds, open and then any one operation, with any key and value, read and write only inside
 * the buffer (and the caller's value), hand back only pointers into the buffer, and answer a
 * status. Every byte of the buffer is unknown to the analyser but the word that gives its
 * shape, the capacity (PROVE_CAPACITY slots); a shape's second number is the key's width in
 * bytes (PROVE_VALUE_SIZE: 8, a bento_index; 4, a bento_index32), one run per shape. The
 * counters, the journal, every fingerprint, spill count, value and key are any bytes at all.
 */
#include <bento/index.h>

#include "__fc_builtin.h"

#if PROVE_VALUE_SIZE == 4u
#define INDEX(op) bento_index32_##op
#define INDEX_BYTES BENTO_INDEX32_BYTES(PROVE_CAPACITY)
typedef bento_index32 prove_index;
typedef bento_index32_iter prove_iter;
typedef uint32_t prove_key;
#else
#define INDEX(op) bento_index_##op
#define INDEX_BYTES BENTO_INDEX_BYTES(PROVE_CAPACITY)
typedef bento_index prove_index;
typedef bento_index_iter prove_iter;
typedef uint64_t prove_key;
#endif

static bento_align_unit memory[BENTO_ALIGN_UNITS(INDEX_BYTES)];

int main(void)
{
    prove_index ix;
    prove_iter it;
    uint32_t *const words = (uint32_t *)(void *)memory;
    const prove_key key = (prove_key)Frama_C_unsigned_long_long_interval(0u, UINT64_MAX);
    const uint32_t value = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    uint32_t out = 0u;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    /* the parameter record's capacity, after the header's four words */
    words[4] = PROVE_CAPACITY;
    if (INDEX(open)(&ix, memory, sizeof memory) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(INDEX(count)(&ix));
    switch (Frama_C_interval(0, 7)) {
    case 0:
        (void)INDEX(insert)(&ix, key, value);
        break;
    case 1:
        (void)INDEX(upsert)(&ix, key, value);
        break;
    case 2:
        (void)INDEX(remove)(&ix, key, &out);
        break;
    case 3:
        INDEX(clear)(&ix);
        break;
    case 4:
        (void)INDEX(check)(&ix);
        break;
    case 5:
        prove_inside(INDEX(get)(&ix, key), 4u, memory, sizeof memory);
        (void)INDEX(value)(&ix, key, value);
        (void)INDEX(contains)(&ix, key);
        break;
    case 6:
        (void)INDEX(capacity)(&ix);
        (void)INDEX(max_count)(&ix);
        break;
    default:
        INDEX(iter_init)(&it, &ix);
        while (INDEX(iter_next)(&it)) {
            prove_inside(it.value, 4u, memory, sizeof memory);
        }
        break;
    }
    return 0;
}
