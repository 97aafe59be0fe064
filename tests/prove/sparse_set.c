/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/sparse_set.c - the sparse set under Eva (tests/prove/run): whatever bytes its
 * buffer and its column hold, open and then any one operation, with any arguments, read and
 * write only inside the buffer, the column and the caller's row, hand back only pointers into
 * the buffer or the column, and answer a status. Every byte of the buffer is unknown to the
 * analyser but the words that give its shape: a capacity of PROVE_CAPACITY keys in a universe
 * of twice as many, and one column of PROVE_VALUE_SIZE-byte elements (one run per shape).
 * The key bits (hence the entries' width), the counters, the journal, the column size
 * recorded, the dense keys, the sparse entries and every element are any bytes at all.
 * sort_as orders the set like another, sound one that holds any keys; the three sorts are
 * not analysed yet (docs/prove.md says why).
 */
#include <bento/sparse_set.h>

#include "__fc_builtin.h"

#define PROVE_UNIVERSE (2u * PROVE_CAPACITY)

/* sized for 32-bit entries, the wider of the two the key bits may give */
static bento_align_unit memory[BENTO_ALIGN_UNITS(
    BENTO_SPARSE_SET_BYTES(PROVE_UNIVERSE, PROVE_CAPACITY, 16u, 16u, 1u))];
static unsigned char column[PROVE_CAPACITY * PROVE_VALUE_SIZE];
static unsigned char row[PROVE_VALUE_SIZE];
/* the other set of sort_as: plain ids, no column */
static bento_align_unit other_memory[BENTO_ALIGN_UNITS(
    BENTO_SPARSE_SET_BYTES(PROVE_UNIVERSE, PROVE_CAPACITY, 32u, 0u, 0u))];

int main(void)
{
    bento_sparse_set set, other;
    bento_sparse_set_join join;
    const bento_sparse_set *sets[2];
    const bento_sparse_set_column columns[1] = {{column, sizeof column, PROVE_VALUE_SIZE}};
    const void *const elements[1] = {row};
    uint32_t *const words = (uint32_t *)(void *)memory;
    const uint32_t key = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    const uint32_t n = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    uint32_t position = 0u;
    uint32_t i;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    Frama_C_make_unknown((char *)column, sizeof column);
    Frama_C_make_unknown((char *)row, sizeof row);
    /* the parameter record's universe, capacity and column count, after the header's four */
    words[4] = PROVE_UNIVERSE;
    words[5] = PROVE_CAPACITY;
    words[7] = 1u;
    if (bento_sparse_set_open(&set, memory, sizeof memory, columns, 1u) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(set.state.count);
    switch (Frama_C_interval(0, 8)) {
    case 0:
        (void)bento_sparse_set_insert(&set, key, &position);
        break;
    case 1:
        (void)bento_sparse_set_insert_from(&set, key, elements, &position);
        break;
    case 2:
        (void)bento_sparse_set_remove(&set, key);
        break;
    case 3:
        bento_sparse_set_clear(&set);
        break;
    case 4:
        (void)bento_sparse_set_check(&set);
        break;
    case 5:
        (void)bento_sparse_set_index_of(&set, key);
        (void)bento_sparse_set_contains(&set, key);
        prove_inside(bento_sparse_set_get(&set, key, n), PROVE_VALUE_SIZE, column,
                     sizeof column);
        break;
    case 6:
        prove_inside(bento_sparse_set_keys(&set), (size_t)bento_sparse_set_count(&set) * 4u,
                     memory, sizeof memory);
        prove_inside(bento_sparse_set_values(&set, n), PROVE_VALUE_SIZE, column,
                     sizeof column);
        (void)bento_sparse_set_capacity(&set);
        break;
    case 7:
        (void)bento_sparse_set_init(&other, other_memory, sizeof other_memory, PROVE_UNIVERSE,
                                    PROVE_CAPACITY, 32u, 0u, NULL, 0u);
        for (i = 0u; i < PROVE_CAPACITY; i++) {
            (void)bento_sparse_set_insert(&other, Frama_C_unsigned_int_interval(0u, UINT32_MAX),
                                          NULL);
        }
        (void)bento_sparse_set_sort_as(&set, &other);
        break;
    default:
        sets[0] = &set;
        sets[1] = &set;
        (void)bento_sparse_set_join_init(&join, sets, (uint32_t)Frama_C_interval(1, 2));
        while (bento_sparse_set_join_next(&join)) {
            prove_inside(bento_sparse_set_join_get(&join, (uint32_t)Frama_C_interval(0, 1), 0u),
                         PROVE_VALUE_SIZE, column, sizeof column);
        }
        break;
    }
    return 0;
}
