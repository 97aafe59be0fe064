/* SPDX-License-Identifier: MIT */
/*
 * tests/prove/paged_set.c - the paged set under Eva (tests/prove/run): whatever bytes its
 * buffer and its page pool's buffer hold, the two opens and then any one operation, with any
 * arguments, read and write only inside the two buffers (and the caller's value), hand back
 * only pointers into the pool's blocks, and answer a status. Every byte of both buffers is
 * unknown to the analyser but the words that give their shapes: the set's capacity and
 * value size (PROVE_CAPACITY and PROVE_VALUE_SIZE, one run per shape), a universe of
 * PROVE_PAGES pages of PROVE_PAGE_SIZE indices, and a pool of as many blocks of a page each.
 * The set's key bits, counters, journal, dense array and page table, and the pool's counters,
 * journal, links and blocks, are any bytes at all.
 */
#include <bento/paged_set.h>

#include "__fc_builtin.h"

#define PROVE_PAGE_SIZE 2u
#define PROVE_PAGES 2u
#define PROVE_UNIVERSE (PROVE_PAGES * PROVE_PAGE_SIZE)
#define PROVE_PAGE_BYTES BENTO_PAGED_SET_PAGE_BYTES(PROVE_PAGE_SIZE, PROVE_VALUE_SIZE)

static bento_align_unit
    memory[BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(PROVE_CAPACITY, PROVE_UNIVERSE,
                                                   PROVE_PAGE_SIZE))];
static bento_align_unit
    pages_memory[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(PROVE_PAGES, PROVE_PAGE_BYTES))];
static unsigned char value[PROVE_VALUE_SIZE];

int main(void)
{
    bento_block_pool pages;
    bento_paged_set set;
    bento_paged_set_iter it;
    uint32_t *const words = (uint32_t *)(void *)memory;
    uint32_t *const pages_words = (uint32_t *)(void *)pages_memory;
    const uint32_t key = Frama_C_unsigned_int_interval(0u, UINT32_MAX);
    void *out = NULL;
    Frama_C_make_unknown((char *)memory, sizeof memory);
    Frama_C_make_unknown((char *)pages_memory, sizeof pages_memory);
    Frama_C_make_unknown((char *)value, sizeof value);
    /* each parameter record's first words, after the header's four */
    pages_words[4] = PROVE_PAGES;
    pages_words[5] = PROVE_PAGE_BYTES;
    words[4] = PROVE_CAPACITY;
    words[5] = PROVE_UNIVERSE;
    words[6] = PROVE_VALUE_SIZE;
    words[7] = PROVE_PAGE_SIZE;
    if (bento_block_pool_open(&pages, pages_memory, sizeof pages_memory) != BENTO_OK) {
        return 0;
    }
    /* the pool's opened states merged into one (sound: only less precise): the set's open
       multiplies the paths it takes by every one of them, past the analyser's limit, where
       it would merge them anyway, and at a worse place (the set's fields with the refused
       opens' inert ones) */
    /*@ slevel merge; */
    if (bento_paged_set_open(&set, memory, sizeof memory, &pages) != BENTO_OK) {
        return 0;
    }
    Frama_C_show_each_opened(set.state.count);
    switch (Frama_C_interval(0, 7)) {
    case 0:
        (void)bento_paged_set_insert(&set, key, &out);
        prove_inside(out, PROVE_VALUE_SIZE, pages_memory, sizeof pages_memory);
        break;
    case 1:
        (void)bento_paged_set_insert_from(&set, key, value);
        break;
    case 2:
        (void)bento_paged_set_remove(&set, key);
        break;
    case 3:
        bento_paged_set_clear(&set);
        break;
    case 4:
        (void)bento_paged_set_check(&set);
        break;
    case 5:
        prove_inside(bento_paged_set_get(&set, key), PROVE_VALUE_SIZE, pages_memory,
                     sizeof pages_memory);
        (void)bento_paged_set_contains(&set, key);
        break;
    case 6:
        prove_inside(bento_paged_set_keys(&set), (size_t)bento_paged_set_count(&set) * 4u,
                     memory, sizeof memory);
        (void)bento_paged_set_capacity(&set);
        (void)bento_paged_set_pages_held(&set);
        break;
    default:
        bento_paged_set_iter_init(&it, &set);
        while (bento_paged_set_iter_next(&it)) {
            prove_inside(it.value, PROVE_VALUE_SIZE, pages_memory, sizeof pages_memory);
        }
        break;
    }
    return 0;
}
