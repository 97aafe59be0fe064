/* SPDX-License-Identifier: MIT */
/* Tests of bento/multi_index.h: every function typed and generic, every status, list order,
 * the iterator (removing as it walks), open of the nested buffers, damage seen by check,
 * confinement, a naive model. */
#include <bento/multi_index.h>
#include <bento/pool.h>

#include "bento_test.h"
#include "index_room.h"

#define KEYS 16u
#define VALUES 24u
BENTO_MULTI_INDEX_TYPE(multi, KEYS, VALUES);
BENTO_MULTI_INDEX_TYPE(multi_other, KEYS, VALUES - 1u);

/* Values of a handle type: an id's whole handle is kept, so a stale handle of a listed id acts
 * on nothing; keys of any handle or integer type. */
BENTO_POOL_TYPE(crew, uint32_t, 12, uint32_t, BENTO_POOL_WRAP); /* 4 index bits: ids 0..15 */
BENTO_HANDLE_TYPE(tile_handle, uint16_t, 6);
BENTO_MULTI_INDEX_TYPE_OF(squad_of, 8, uint32_t, 12, crew_handle); /* squad -> crew */
BENTO_MULTI_INDEX_TYPE_OF(standing_on, 8, tile_handle, 12, crew_handle); /* tile -> crew */

#define NONE BENTO_NONE

/* Shared by the tests one after another: to fit the smallest board's RAM (bento_test.h). */
static multi x, y;
static multi_other z;
static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_MULTI_INDEX_BYTES(KEYS, VALUES, 32u)) + 1];

/* The values of `key` in list order, into out[] (at most 8); returns how many there are. */
static uint32_t values_of(const bento_multi_index *mi, uint64_t key, uint32_t *out)
{
    bento_multi_index_iter it;
    uint32_t n = 0u;
    bento_multi_index_iter_init(&it, mi, key);
    while (bento_multi_index_iter_next(&it)) {
        if (n < 8u) {
            out[n] = it.value;
        }
        n++;
    }
    return n;
}

/* A multi-value index whose init or open failed: capacity 0, every value out of range. */
static void check_inert(bento_multi_index *mi)
{
    uint32_t removed = 5u;
    uint64_t key = 5u;
    bento_multi_index_iter it;
    CHECK_EQ(bento_multi_index_capacity(mi), 0);
    CHECK_EQ(bento_multi_index_count(mi), 0);
    CHECK_EQ(bento_multi_index_key_count(mi), 0);
    CHECK_STATUS(bento_multi_index_insert(mi, 1u, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_remove(mi, 1u, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_remove_value(mi, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_move(mi, 1u, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_remove_key(mi, 1u, &removed), BENTO_E_NOT_FOUND);
    CHECK_EQ(removed, 0);
    CHECK(!bento_multi_index_key_of(mi, 0u, &key));
    CHECK_EQ(key, 0);
    CHECK_EQ(bento_multi_index_length(mi, 1u), 0);
    CHECK(!bento_multi_index_contains(mi, 1u));
    bento_multi_index_iter_init(&it, mi, 1u);
    CHECK(!bento_multi_index_iter_next(&it));
    CHECK_EQ(it.value, NONE);
    bento_multi_index_clear(mi);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
}

static void test_init_statuses(void)
{
    const size_t bytes = BENTO_MULTI_INDEX_BYTES(KEYS, VALUES, 32u);
    bento_multi_index mi;
    CHECK_STATUS(bento_multi_index_init(&mi, NULL, bytes, KEYS, VALUES, 32u), BENTO_E_ARGUMENT);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, KEYS, 0, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, KEYS, BENTO_MULTI_INDEX_MAX_VALUES, 32u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 12, VALUES, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 1, VALUES, 32u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, BENTO_INDEX_MAX_CAPACITY * 2u, VALUES, 32u),
                 BENTO_E_ARGUMENT);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_init(&mi, (unsigned char *)memory + 2, bytes, KEYS, VALUES, 32u),
                 BENTO_E_ALIGN);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes - 1u, KEYS, VALUES, 32u), BENTO_E_SIZE);
    check_inert(&mi);
    /* a value capacity whose byte count would wrap a 32-bit size_t is refused, not wrapped
     * into a small buffer */
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 8u, BENTO_MULTI_INDEX_MAX_VALUES - 1u, 32u),
                 BENTO_E_ARGUMENT); /* more than 4 GiB, even where size_t could count it */
#if SIZE_MAX > 0xffffu
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 8u,
                                        (uint32_t)((0xffffffffu - BENTO_MULTI_INDEX_BYTES(8u, 0u, 32u)) / 16u), 32u),
                 BENTO_E_SIZE); /* just under 4 GiB: a valid request, a short buffer */
#else
    /* a 16-bit size_t (AVR): the most values whose bytes it counts, a short buffer; one more,
     * refused */
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 8u,
                                        (uint32_t)((SIZE_MAX - BENTO_MULTI_INDEX_BYTES(8u, 0u, 32u)) / 16u), 32u),
                 BENTO_E_SIZE);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, bytes, 8u,
                                        (uint32_t)((SIZE_MAX - BENTO_MULTI_INDEX_BYTES(8u, 0u, 32u)) / 16u) + 1u, 32u),
                 BENTO_E_ARGUMENT);
#endif
    CHECK_STATUS(bento_multi_index_init(&mi, (unsigned char *)memory + 4, bytes - 16u, KEYS,
                                        VALUES - 1u, 32u),
                 BENTO_OK); /* 4-byte alignment is enough */
    CHECK_EQ(bento_multi_index_capacity(&mi), VALUES - 1u);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}

/* The typed API, every function, every status. */
static void test_lists(void)
{
    multi *const m = &x;
    multi_iter it;
    uint32_t v, n, order[8], removed = 99u;
    uint64_t key = 0u;
    CHECK_STATUS(multi_init(m), BENTO_OK);
    CHECK_EQ(multi_capacity(m), VALUES);
    CHECK_STATUS(multi_insert(m, 100u, 3u), BENTO_OK);
    CHECK_STATUS(multi_insert(m, 100u, 1u), BENTO_OK);
    CHECK_STATUS(multi_insert(m, 100u, 7u), BENTO_OK);
    CHECK_STATUS(multi_insert(m, 200u, 2u), BENTO_OK);
    CHECK_STATUS(multi_insert(m, 200u, 3u), BENTO_E_EXISTS); /* 3 is under 100 */
    CHECK_STATUS(multi_insert(m, 100u, 3u), BENTO_E_EXISTS);
    CHECK_STATUS(multi_insert(m, 100u, VALUES), BENTO_E_ARGUMENT);
    CHECK_EQ(multi_length(m, 100u), 3);
    CHECK_EQ(multi_length(m, 200u), 1);
    CHECK_EQ(multi_length(m, 300u), 0);
    CHECK_EQ(multi_count(m), 4);
    CHECK_EQ(multi_key_count(m), 2);
    CHECK(multi_contains(m, 200u));
    CHECK(!multi_contains(m, 300u));
    /* insertion order, through the typed iterator */
    n = 0u;
    multi_iter_init(&it, m, 100u);
    CHECK_EQ(it.value, NONE);
    while (multi_iter_next(&it)) {
        order[n++ & 7u] = it.value;
    }
    CHECK_EQ(n, 3);
    CHECK(order[0] == 3u && order[1] == 1u && order[2] == 7u);
    CHECK(!multi_iter_next(&it)); /* done stays done */
    CHECK_EQ(it.value, NONE);
    multi_iter_init(&it, m, 300u);
    CHECK(!multi_iter_next(&it));
    CHECK(multi_key_of(m, 7u, &key));
    CHECK_EQ(key, 100);
    CHECK(multi_key_of(m, 7u, NULL));
    CHECK(!multi_key_of(m, 8u, &key));
    CHECK_EQ(key, 0);
    CHECK(!multi_key_of(m, VALUES, &key));
    /* remove: middle, wrong key, not listed, out of range */
    CHECK_STATUS(multi_remove(m, 100u, 1u), BENTO_OK);
    CHECK_STATUS(multi_remove(m, 100u, 1u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(multi_remove(m, 200u, 7u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(multi_remove(m, 100u, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(multi_remove_value(m, VALUES), BENTO_E_ARGUMENT);
    CHECK_STATUS(multi_remove_value(m, 1u), BENTO_E_NOT_FOUND);
    CHECK_EQ(values_of(&m->generic_, 100u, order), 2);
    CHECK(order[0] == 3u && order[1] == 7u);
    /* remove the first, then insert it again: it goes last */
    CHECK_STATUS(multi_remove(m, 100u, 3u), BENTO_OK);
    CHECK_STATUS(multi_insert(m, 100u, 3u), BENTO_OK);
    CHECK_EQ(values_of(&m->generic_, 100u, order), 2);
    CHECK(order[0] == 7u && order[1] == 3u);
    /* remove the last */
    CHECK_STATUS(multi_insert(m, 100u, 4u), BENTO_OK);
    CHECK_STATUS(multi_remove_value(m, 4u), BENTO_OK);
    CHECK_EQ(values_of(&m->generic_, 100u, order), 2);
    CHECK(order[0] == 7u && order[1] == 3u);
    CHECK_STATUS(multi_check(m), BENTO_OK);
    /* move across keys, onto its own key, from no list, out of range */
    CHECK_STATUS(multi_move(m, 200u, 3u), BENTO_OK);
    CHECK_STATUS(multi_move(m, 200u, 3u), BENTO_OK);
    CHECK_STATUS(multi_move(m, 300u, 9u), BENTO_OK);
    CHECK_STATUS(multi_move(m, 300u, VALUES), BENTO_E_ARGUMENT);
    CHECK_EQ(values_of(&m->generic_, 200u, order), 2);
    CHECK(order[0] == 2u && order[1] == 3u);
    CHECK_EQ(multi_length(m, 100u), 1);
    CHECK_STATUS(multi_move(m, 400u, 2u), BENTO_OK); /* the first of a list of two, to a new key */
    CHECK_EQ(values_of(&m->generic_, 200u, order), 1);
    CHECK_EQ(order[0], 3);
    CHECK_STATUS(multi_move(m, 200u, 7u), BENTO_OK); /* alone: its key goes */
    CHECK(!multi_contains(m, 100u));
    CHECK_STATUS(multi_remove_value(m, 9u), BENTO_OK);
    CHECK(!multi_contains(m, 300u));
    CHECK_STATUS(multi_check(m), BENTO_OK);
    /* removing the current value as the iterator walks, every one of them */
    for (v = 10u; v < 15u; v++) {
        CHECK_STATUS(multi_insert(m, 500u, v), BENTO_OK);
    }
    n = 0u;
    multi_iter_init(&it, m, 500u);
    while (multi_iter_next(&it)) {
        CHECK_EQ(it.value, 10u + n);
        CHECK_STATUS(n % 2u == 0u ? multi_remove_value(m, it.value) : multi_move(m, 600u, it.value),
                     BENTO_OK);
        n++;
    }
    CHECK_EQ(n, 5);
    CHECK(!multi_contains(m, 500u));
    CHECK_EQ(multi_length(m, 600u), 2);
    CHECK_STATUS(multi_check(m), BENTO_OK);
    /* remove_key */
    CHECK_STATUS(multi_remove_key(m, 200u, &removed), BENTO_OK);
    CHECK_EQ(removed, 2);
    CHECK_STATUS(multi_remove_key(m, 200u, &removed), BENTO_E_NOT_FOUND);
    CHECK_EQ(removed, 0);
    CHECK_STATUS(multi_remove_key(m, 400u, NULL), BENTO_OK);
    CHECK_STATUS(multi_remove_key(m, 600u, NULL), BENTO_OK);
    CHECK_EQ(multi_count(m), 0);
    CHECK_EQ(multi_key_count(m), 0);
    CHECK_STATUS(multi_check(m), BENTO_OK);
    /* FULL: more distinct keys than the hash index holds */
    for (v = 0u; v < BENTO_INDEX_MAX_COUNT(KEYS); v++) {
        CHECK_STATUS(multi_insert(m, 1000u + v, v), BENTO_OK);
    }
    CHECK_STATUS(multi_insert(m, 999u, 20u), BENTO_E_FULL);
    CHECK_STATUS(multi_insert(m, 1000u, 20u), BENTO_OK); /* an existing key: fine */
    CHECK_STATUS(multi_move(m, 999u, 20u), BENTO_E_FULL);
    CHECK(multi_key_of(m, 20u, &key) && key == 1000u);
    /* FULL as well for a value alone under its key: the new key is refused before the old
     * one would leave (the contract, and what the spatial hash's move relies on) */
    CHECK_STATUS(multi_move(m, 999u, 1u), BENTO_E_FULL);
    CHECK(multi_key_of(m, 1u, &key) && key == 1001u);
    CHECK_STATUS(multi_remove_value(m, 1u), BENTO_OK); /* a key leaves: room for one */
    CHECK_STATUS(multi_move(m, 999u, 2u), BENTO_OK);
    CHECK(!multi_contains(m, 1002u));
    CHECK_STATUS(multi_check(m), BENTO_OK);
    multi_clear(m);
    CHECK_EQ(multi_count(m), 0);
    CHECK_EQ(multi_key_count(m), 0);
    CHECK_STATUS(multi_check(m), BENTO_OK);
}

/* The generic API over its own buffer, and its iterator with the capacity not folded in. */
static void test_generic(void)
{
    bento_multi_index mi;
    uint32_t order[8];
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, VALUES, 32u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, 5u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, 6u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(&mi, 8u, 5u), BENTO_OK);
    CHECK(bento_multi_index_contains(&mi, 8u));
    CHECK_EQ(bento_multi_index_length(&mi, 7u), 1);
    CHECK_EQ(values_of(&mi, 8u, order), 1);
    CHECK_EQ(order[0], 5);
    CHECK_EQ(bento_multi_index_count(&mi), 2);
    CHECK_EQ(bento_multi_index_key_count(&mi), 2);
    CHECK_STATUS(bento_multi_index_remove(&mi, 7u, 6u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}

/* Reopened from its buffer alone; every header word of both nested headers validated. */
static void test_open(void)
{
    multi *const a = &x, *const b = &y;
    uint32_t *const words = (uint32_t *)(void *)memory;
    const uint32_t head_words = BENTO_IMPL_MULTI_INDEX_HEAD / 4u;
    bento_multi_index mi;
    uint32_t order[8], i, saved;
    CHECK_STATUS(multi_init(a), BENTO_OK);
    for (i = 0u; i < 6u; i++) {
        CHECK_STATUS(multi_insert(a, 10u + i % 3u, i), BENTO_OK);
    }
    *b = *a;
    CHECK_STATUS(multi_open(b), BENTO_OK);
    CHECK_STATUS(multi_check(b), BENTO_OK);
    CHECK_EQ(multi_count(b), 6);
    CHECK_EQ(multi_key_count(b), 3);
    CHECK_EQ(values_of(&b->generic_, 11u, order), 2);
    CHECK(order[0] == 1u && order[1] == 4u);
    CHECK_STATUS(multi_remove_key(b, 11u, NULL), BENTO_OK);
    CHECK(multi_contains(a, 11u)); /* a has its own storage */
    CHECK_STATUS(multi_check(a), BENTO_OK);
    /* the generic open over another buffer holding the same bytes */
    for (i = 0u; i < sizeof a->storage_; i++) {
        ((unsigned char *)memory)[i] = ((const unsigned char *)a->storage_)[i];
    }
    CHECK_STATUS(bento_multi_index_open(&mi, NULL, sizeof memory), BENTO_E_ARGUMENT);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_open(&mi, (unsigned char *)memory + 2, sizeof memory - 2u),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_multi_index_open(&mi, memory, 16u), BENTO_E_SIZE);
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof a->storage_ - 4u), BENTO_E_SIZE);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_multi_index_count(&mi), 6);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* every word of the header and of the nested index's header (its first six: four common
     * words, the capacity, the count; the rest is padding, read by nothing): open and check
     * refuse it */
    for (i = 0u; i < head_words + 6u; i++) {
        bento_multi_index opened;
        if (BENTO_POWER_SAFE && i >= 7u && i < head_words) {
            continue; /* the journal: a change reads as an operation in flight, recovered */
        }
        if (i >= 7u + BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_MULTI_INDEX_ENTRIES) && i < head_words) {
            continue; /* the header's padding */
        }
        saved = words[i];
        words[i] ^= 0x4u; /* a size stays within the buffer: it is wrong, not too large */
        CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_multi_index_open(&opened, memory, sizeof memory), BENTO_E_CORRUPT);
        check_inert(&opened);
        words[i] = saved;
    }
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* a count beyond the values */
    saved = words[6];
    words[6] = VALUES + 1u;
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_E_CORRUPT);
    words[6] = saved;
    /* a nested index of fewer slots, whole and sound: not the capacity this header names */
    CHECK_STATUS(bento_index_init(&mi.keys, words + head_words, BENTO_INDEX_BYTES(8), 8),
                 BENTO_OK);
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_E_CORRUPT);
    /* a typed open refuses another type's buffer (another value capacity), and stays inert */
    CHECK_STATUS(multi_other_init(&z), BENTO_OK);
    for (i = 0u; i < sizeof z.storage_; i++) {
        ((unsigned char *)b->storage_)[i] = ((const unsigned char *)z.storage_)[i];
    }
    CHECK_STATUS(multi_open(b), BENTO_E_CORRUPT);
    CHECK_EQ(multi_capacity(b), 0);
    CHECK(!multi_contains(b, 10u));
    CHECK_STATUS(multi_insert(b, 10u, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(multi_check(b), BENTO_OK);
}

/* ---------------------------------------------------------------- damage, for check */

static void start_damage(bento_multi_index *mi)
{
    CHECK_STATUS(bento_multi_index_init(mi, memory, sizeof memory, KEYS, VALUES, 32u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(mi, 5u, 0u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(mi, 5u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(mi, 5u, 2u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(mi, 6u, 3u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_check(mi), BENTO_OK);
}

static void set_count(bento_multi_index *mi, uint32_t n)
{
    mi->state.count = n;
    mi->saved->count = n;
}

static void test_check_damage(void)
{
    bento_multi_index mi;
    uint32_t saved, removed = 9u;
    start_damage(&mi);
    saved = mi.next[2];
    mi.next[2] = 0u; /* a cycle */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    CHECK_EQ(bento_multi_index_length(&mi, 5u), VALUES); /* the walk stops all the same */
    CHECK_STATUS(bento_multi_index_remove_key(&mi, 5u, &removed), BENTO_E_CORRUPT);
    CHECK_EQ(removed, 0);
    set_count(&mi, VALUES + 5u); /* a count beyond the values does not lengthen the walk */
    CHECK_STATUS(bento_multi_index_remove_key(&mi, 5u, &removed), BENTO_E_CORRUPT);
    set_count(&mi, 4u);
    mi.next[2] = VALUES + 5u; /* a link out of the values */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    CHECK_EQ(bento_multi_index_length(&mi, 5u), 3);
    CHECK_STATUS(bento_multi_index_remove_key(&mi, 5u, NULL), BENTO_E_CORRUPT);
    mi.next[2] = saved;
    saved = mi.prev[1];
    mi.prev[1] = 2u; /* a back link that disagrees */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.prev[1] = saved;
    mi.prev[0] = 1u; /* the first value names another as the last */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.prev[0] = 2u;
    mi.key_of[2] ^= 1u; /* value 1 claims another key */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.key_of[2] ^= 1u;
    mi.prev[9] = 3u; /* a value listed nowhere claims a list */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.prev[9] = NONE;
    mi.next[9] = 0u; /* a value listed nowhere links into a list */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.next[9] = NONE;
    *bento_index_get(&mi.keys, 6u) = VALUES; /* a key whose first value is out of range */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    *bento_index_get(&mi.keys, 6u) = 3u;
    set_count(&mi, 5u); /* the count disagrees with the lists */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    set_count(&mi, 4u);
    mi.state.count = 3u; /* the count's copy disagrees */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.state.count = 4u;
    mi.keys.buckets[BENTO_IMPL_INDEX_SPILLS] ^= 1u; /* the nested index is checked too */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.keys.buckets[BENTO_IMPL_INDEX_SPILLS] ^= 1u;
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* a key whose list runs into another key's values */
    *bento_index_get(&mi.keys, 6u) = 0u;
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
}

/* Confinement: links and keys holding anything never take an operation outside the arrays; the
 * operations that notice answer BENTO_E_CORRUPT and change nothing. */
static void test_confinement(void)
{
    bento_multi_index mi;
    bento_multi_index_iter it;
    uint32_t round, v, n;
    uint64_t key;
    /* each case of unlink and append that notices damage */
    start_damage(&mi);
    mi.prev[0] = VALUES; /* the first value's last is out of range */
    CHECK_STATUS(bento_multi_index_insert(&mi, 5u, 9u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_remove(&mi, 5u, 0u), BENTO_E_CORRUPT);
    mi.prev[0] = 2u;
    mi.next[1] = VALUES + 1u; /* a successor out of range */
    CHECK_STATUS(bento_multi_index_remove_value(&mi, 1u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_move(&mi, 77u, 1u), BENTO_E_CORRUPT);
    CHECK(!bento_multi_index_contains(&mi, 77u)); /* the new key went again */
    CHECK_STATUS(bento_multi_index_move(&mi, 6u, 1u), BENTO_E_CORRUPT);
    mi.next[1] = 2u;
    *bento_index_get(&mi.keys, 6u) = VALUES; /* a first value out of range */
    CHECK_STATUS(bento_multi_index_insert(&mi, 6u, 9u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_remove(&mi, 6u, 3u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_move(&mi, 6u, 1u), BENTO_E_CORRUPT);
    CHECK(!bento_multi_index_key_of(&mi, 1u, NULL)); /* off its old list, refused by the new */
    *bento_index_get(&mi.keys, 6u) = 3u;
    CHECK_STATUS(bento_multi_index_insert(&mi, 5u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    mi.key_of[2] = 99u; /* value 1 records a key with no list */
    CHECK_STATUS(bento_multi_index_remove_value(&mi, 1u), BENTO_E_CORRUPT);
    mi.key_of[2] = 5u;
    set_count(&mi, 0u); /* values listed though the count is 0 */
    CHECK_STATUS(bento_multi_index_remove_value(&mi, 1u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_remove_key(&mi, 5u, NULL), BENTO_E_CORRUPT);
    set_count(&mi, 4u);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* anything at all in the arrays and in the index's values */
    for (round = 0u; round < 24u; round++) {
        for (v = 0u; v < VALUES; v++) {
            const uint32_t r = bento_test_rand();
            /* links in range, out of range, or the end, in turn */
            mi.next[v] = round % 3u == 0u ? r : round % 3u == 1u ? r % VALUES : NONE;
            mi.prev[v] = (r & 3u) == 0u ? NONE : r % (VALUES + 2u);
            mi.key_of[2u * v] = r % 8u;
            mi.key_of[2u * v + 1u] = 0u;
        }
        for (v = 0u; v < 8u; v++) {
            uint32_t *first = bento_index_get(&mi.keys, v);
            if (first != NULL) {
                *first = bento_test_rand() % (VALUES + 2u);
            }
        }
        set_count(&mi, bento_test_rand_below(VALUES + 1u));
        for (v = 0u; v < VALUES + 2u; v++) {
            key = bento_test_rand() % 8u;
            bento_multi_index_iter_init(&it, &mi, key);
            for (n = 0u; bento_multi_index_iter_next(&it); n++) {
                CHECK(it.value < VALUES);
            }
            CHECK(n <= VALUES);
            (void)bento_multi_index_length(&mi, key);
            (void)bento_multi_index_insert(&mi, key, v);
            (void)bento_multi_index_move(&mi, bento_test_rand() % 8u, v);
            (void)bento_multi_index_remove(&mi, key, v);
            (void)bento_multi_index_key_of(&mi, v, &key);
            (void)bento_multi_index_remove_value(&mi, bento_test_rand() % (VALUES + 2u));
            (void)bento_multi_index_remove_key(&mi, bento_test_rand() % 8u, &n);
        }
        (void)bento_multi_index_check(&mi);
    }
    bento_multi_index_clear(&mi);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}

/* Random operations against a naive model: each value's key (or none) and when it joined. */
static void test_against_model(void)
{
    static int32_t model_key[VALUES];
    static uint32_t stamp[VALUES];
    enum { UNIVERSE = 20 };
    multi *const m = &x;
    uint32_t step, steps = 2000u * bento_test_scale(), clock = 0u, mismatches = 0u;
    uint32_t v;
    CHECK_STATUS(multi_init(m), BENTO_OK);
    for (v = 0u; v < VALUES; v++) {
        model_key[v] = -1;
    }
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        const int32_t u = (int32_t)bento_test_rand_below(UNIVERSE);
        const uint64_t key = (uint64_t)u * 0x100000001u + 0x5eedu;
        uint32_t keys_used = 0u, in_key = 0u, listed = 0u, k;
        bool used[UNIVERSE] = {false};
        bento_status got, want;
        v = bento_test_rand_below(VALUES + 1u); /* sometimes out of range */
        for (k = 0u; k < VALUES; k++) {
            if (model_key[k] >= 0) {
                keys_used += used[model_key[k]] ? 0u : 1u;
                used[model_key[k]] = true;
                in_key += model_key[k] == u ? 1u : 0u;
            }
        }
        if (op < 45u) {
            want = v >= VALUES                                            ? BENTO_E_ARGUMENT
                   : model_key[v] >= 0                                    ? BENTO_E_EXISTS
                   : !used[u] && keys_used == BENTO_INDEX_MAX_COUNT(KEYS) ? BENTO_E_FULL
                                                                          : BENTO_OK;
            got = multi_insert(m, key, v);
            if (want == BENTO_OK && !used[u] && got == BENTO_E_FULL &&
                !index_room64(&m->generic_.keys, key)) {
                want = BENTO_E_FULL; /* below the load limit: no room near its buckets */
            }
            if (want == BENTO_OK) {
                model_key[v] = u;
                stamp[v] = clock++;
            }
        } else if (op < 65u) {
            if (v < VALUES && model_key[v] >= 0 && op < 60u) {
                /* mostly the right key */
                const int32_t right = model_key[v];
                want = BENTO_OK;
                got = multi_remove(m, (uint64_t)right * 0x100000001u + 0x5eedu, v);
            } else {
                want = v >= VALUES ? BENTO_E_ARGUMENT
                       : model_key[v] == u ? BENTO_OK : BENTO_E_NOT_FOUND;
                got = multi_remove(m, key, v);
            }
            if (want == BENTO_OK) {
                model_key[v] = -1;
            }
        } else if (op < 75u) {
            want = v >= VALUES          ? BENTO_E_ARGUMENT
                   : model_key[v] >= 0 ? BENTO_OK
                                       : BENTO_E_NOT_FOUND;
            got = multi_remove_value(m, v);
            if (want == BENTO_OK) {
                model_key[v] = -1;
            }
        } else if (op < 92u) {
            /* a new key is refused when the hash index is full, whatever the old key */
            want = v >= VALUES                                            ? BENTO_E_ARGUMENT
                   : model_key[v] == u                                    ? BENTO_OK
                   : !used[u] && keys_used == BENTO_INDEX_MAX_COUNT(KEYS) ? BENTO_E_FULL
                                                                          : BENTO_OK;
            got = multi_move(m, key, v);
            if (want == BENTO_OK && !used[u] && got == BENTO_E_FULL &&
                !index_room64(&m->generic_.keys, key)) {
                want = BENTO_E_FULL; /* below the load limit: no room near its buckets */
            }
            if (want == BENTO_OK && model_key[v] != u) {
                model_key[v] = u;
                stamp[v] = clock++;
            }
        } else {
            uint32_t removed = 0u;
            want = in_key != 0u ? BENTO_OK : BENTO_E_NOT_FOUND;
            got = multi_remove_key(m, key, &removed);
            if (removed != in_key) {
                mismatches++;
            }
            for (k = 0u; k < VALUES; k++) {
                if (model_key[k] == u) {
                    model_key[k] = -1;
                }
            }
        }
        if (got != want) {
            mismatches++;
        }
        /* every key's list holds exactly its values, in the order they joined it */
        keys_used = 0u;
        for (k = 0u; k < UNIVERSE; k++) {
            const uint64_t key_k = (uint64_t)k * 0x100000001u + 0x5eedu;
            uint32_t n = 0u, expect = 0u, last = 0u, w;
            multi_iter it;
            multi_iter_init(&it, m, key_k);
            while (multi_iter_next(&it)) {
                w = it.value;
                if (w >= VALUES || model_key[w] != (int32_t)k || (n != 0u && stamp[w] <= last)) {
                    mismatches++;
                    break;
                }
                last = stamp[w];
                n++;
            }
            for (w = 0u; w < VALUES; w++) {
                expect += model_key[w] == (int32_t)k ? 1u : 0u;
            }
            if (n != expect || multi_length(m, key_k) != expect ||
                multi_contains(m, key_k) != (expect != 0u)) {
                mismatches++;
            }
            listed += expect;
            keys_used += expect != 0u ? 1u : 0u;
        }
        if (multi_count(m) != listed || multi_key_count(m) != keys_used ||
            multi_check(m) != BENTO_OK) {
            mismatches++;
        }
        if (mismatches != 0u) {
            bento_test_print("multi_index model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

/* A move the index refuses leaves the value where it was, order included. The refusal: keys
 * of one first bucket and one fingerprint share both their buckets in a 16-slot index (4
 * buckets of 4), so once those 8 slots are full the next of them is refused, below the load
 * limit. */
static void test_refused_move_keeps_order(void)
{
    enum { CAP = 16, SHIFT = 30, NVALUES = 12 };
    static bento_align_unit crowd[BENTO_ALIGN_UNITS(BENTO_MULTI_INDEX_BYTES(CAP, NVALUES, 32u))];
    bento_multi_index mi;
    uint64_t candidate = 1000u, crowded_key = 0u;
    uint32_t placed = 0u, fp = 0u, order[8];
    bento_status s = BENTO_OK;
    CHECK_STATUS(bento_multi_index_init(&mi, crowd, sizeof crowd, CAP, NVALUES, 32u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 1u, 0u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 1u, 1u), BENTO_OK); /* key 1 lists 0, 1 */
    while (s == BENTO_OK && placed < NVALUES - 2u) { /* keys on bucket 2, one fingerprint */
        const uint32_t h = bento_index_hash(candidate);
        if (h >> SHIFT == 2u && (placed == 0u || bento_impl_index_fp(h) == fp)) {
            fp = bento_impl_index_fp(h);
            s = bento_multi_index_insert(&mi, candidate, 2u + placed);
            if (s == BENTO_OK) {
                placed++;
            } else {
                crowded_key = candidate;
            }
        }
        candidate++;
    }
    CHECK_STATUS(s, BENTO_E_FULL);
    CHECK(placed >= 7u && bento_multi_index_key_count(&mi) < BENTO_INDEX_MAX_COUNT(CAP));
    CHECK_STATUS(bento_multi_index_move(&mi, crowded_key, 0u), BENTO_E_FULL);
    CHECK_EQ(values_of(&mi, 1u, order), 2);
    CHECK(order[0] == 0u && order[1] == 1u);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* alone under its key, the value keeps its key when the new one is refused */
    CHECK_STATUS(bento_multi_index_remove(&mi, 1u, 1u), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(&mi, crowded_key, 0u), BENTO_E_FULL);
    CHECK_EQ(values_of(&mi, 1u, order), 1);
    CHECK_EQ(order[0], 0);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
}

#if BENTO_POWER_SAFE
/* Journals as a reset leaves them (core/src/internal.h, "journal"), written by hand: entries
 * in force undone, a clear or a remove_key's unlisting done again, journals no operation
 * writes refused. */
static void test_journal_recovery(void)
{
    bento_multi_index mi, reopened;
    uint32_t *log, out[8], v;
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, VALUES, 32u), BENTO_OK);
    log = (uint32_t *)(void *)mi.saved + 1u;
    for (v = 0u; v < 6u; v++) {
        CHECK_STATUS(bento_multi_index_insert(&mi, 10u + (v & 1u), v), BENTO_OK);
    }
    /* a remove_value cut after the count was stored: undone */
    log[3] = 0u; /* the count */
    log[4] = 6u;
    log[0] = 1u;
    mi.saved->count = 5u;
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(bento_multi_index_open(&reopened, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_multi_index_count(&reopened), 6);
    CHECK_EQ(log[0], 0);
    /* a remove_key of key 10 cut in its unlisting (the key and the count gone, value 0
     * unlinked, 2 and 4 not yet): done again */
    CHECK_STATUS(bento_multi_index_remove_key(&reopened, 10u, NULL), BENTO_OK);
    reopened.prev[2] = 0u;
    reopened.next[2] = 4u;
    reopened.prev[4] = 2u;
    log[1] = 2u; /* the unlisting... */
    log[2] = 0u; /* ...of the key of value 0 */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_multi_index_count(&mi), 3);
    CHECK_EQ(values_of(&mi, 11u, out), 3);
    CHECK(!bento_multi_index_key_of(&mi, 2u, NULL));
    CHECK_EQ(log[0], 0);
    /* a clear cut midway: done again */
    log[1] = 1u;
    log[2] = 0u;
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(bento_multi_index_count(&mi), 0);
    CHECK_EQ(bento_multi_index_key_count(&mi), 0);
    CHECK_EQ(log[0], 0);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* journals no operation writes: refused */
    log[0] = 0x80000000u;
    log[1] = 3u; /* no such action */
    CHECK_STATUS(bento_multi_index_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[1] = 2u;
    log[2] = VALUES; /* an unlisting from a value out of range */
    CHECK_STATUS(bento_multi_index_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = BENTO_IMPL_MULTI_INDEX_ENTRIES + 1u; /* more entries than room */
    CHECK_STATUS(bento_multi_index_open(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = 0u;
    CHECK_STATUS(bento_multi_index_open(&reopened, memory, sizeof memory), BENTO_OK);
    /* an inert multi-value index: clear writes nothing */
    CHECK_STATUS(bento_multi_index_open(&mi, NULL, 0u), BENTO_E_ARGUMENT);
    bento_multi_index_clear(&mi);
    check_inert(&mi);
}
#endif

static crew people;
static squad_of squads, squads_copy;

/* The null handle, and any handle of generation 0, is no value: every operation refuses it as
 * it refuses an id out of range, and the real first handle of slot 0 still takes id 0. */
static void test_null_value_refused(void)
{
    const crew_handle null = crew_handle_null();
    const crew_handle generation_0 = crew_handle_from_raw(2u); /* index 2, generation 0 */
    crew_handle first;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(squad_of_init(&squads), BENTO_OK);
    CHECK_STATUS(squad_of_insert(&squads, 1u, null), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_insert(&squads, 1u, generation_0), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_move(&squads, 1u, null), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_remove(&squads, 1u, null), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_remove_value(&squads, null), BENTO_E_ARGUMENT);
    CHECK(!squad_of_key_of(&squads, null, NULL));
    CHECK_EQ(squad_of_count(&squads), 0);
    CHECK_STATUS(crew_create(&people, &first, NULL), BENTO_OK);
    CHECK_EQ(crew_handle_index(first), 0);
    CHECK_STATUS(squad_of_insert(&squads, 1u, first), BENTO_OK);
    CHECK(squad_of_key_of(&squads, first, NULL) && !squad_of_key_of(&squads, null, NULL));
    CHECK_STATUS(squad_of_insert(&squads, 2u, null), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_check(&squads), BENTO_OK);
}

static void test_typed_handles(void)
{
    static standing_on tiles;
    crew_handle h[4], stale, far, got;
    const tile_handle tile = tile_handle_from_raw(0x45u);
    squad_of_iter it;
    standing_on_iter tit;
    uint32_t i, squad = 9u, removed = 0u;
    tile_handle on;
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(squad_of_init(&squads), BENTO_OK);
    CHECK_STATUS(standing_on_init(&tiles), BENTO_OK);
    for (i = 0u; i < 4u; i++) {
        CHECK_STATUS(crew_create(&people, &h[i], NULL), BENTO_OK);
    }
    /* h[1]'s slot once it serves another object; and an index past the value capacity */
    stale = crew_handle_from_raw(bento_handle_make(crew_handle_index(h[1]),
                                                   crew_handle_generation(h[1]) + 2u,
                                                   crew_handle_INDEX_BITS));
    far = crew_handle_from_raw(bento_handle_make(12u, 1u, crew_handle_INDEX_BITS));
    CHECK_STATUS(squad_of_insert(&squads, 1u, h[0]), BENTO_OK);
    CHECK_STATUS(squad_of_insert(&squads, 1u, h[1]), BENTO_OK);
    CHECK_STATUS(squad_of_insert(&squads, 2u, h[2]), BENTO_OK);
    CHECK_STATUS(squad_of_insert(&squads, 2u, h[1]), BENTO_E_EXISTS);
    CHECK_STATUS(squad_of_insert(&squads, 2u, stale), BENTO_E_EXISTS); /* the id is taken */
    CHECK_STATUS(squad_of_insert(&squads, 2u, far), BENTO_E_ARGUMENT);
    CHECK(squad_of_key_of(&squads, h[1], &squad) && squad == 1u); /* the first handle kept */
    /* a stale handle of a listed id is not that value */
    CHECK(!squad_of_key_of(&squads, stale, &squad) && squad == 0u);
    CHECK(!squad_of_key_of(&squads, far, NULL));
    CHECK_STATUS(squad_of_remove(&squads, 1u, stale), BENTO_E_NOT_FOUND);
    CHECK_STATUS(squad_of_remove_value(&squads, stale), BENTO_E_NOT_FOUND);
    CHECK_STATUS(squad_of_move(&squads, 2u, stale), BENTO_E_NOT_FOUND);
    CHECK_STATUS(squad_of_remove(&squads, 1u, far), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_remove_value(&squads, far), BENTO_E_ARGUMENT);
    CHECK_STATUS(squad_of_move(&squads, 2u, far), BENTO_E_ARGUMENT);
    CHECK_EQ(squad_of_length(&squads, 1u), 2);
    /* iteration hands back the handles, in order */
    squad_of_iter_init(&it, &squads, 1u);
    CHECK(crew_handle_is_null(it.value));
    CHECK(squad_of_iter_next(&it) && crew_handle_eq(it.value, h[0]));
    CHECK(squad_of_iter_next(&it) && crew_handle_eq(it.value, h[1]));
    CHECK(!squad_of_iter_next(&it) && crew_handle_is_null(it.value));
    /* reopened from a copy of its storage: the handles come with it */
    squads_copy = squads;
    CHECK_STATUS(squad_of_open(&squads_copy), BENTO_OK);
    CHECK_STATUS(squad_of_check(&squads_copy), BENTO_OK);
    squad_of_iter_init(&it, &squads_copy, 2u);
    CHECK(squad_of_iter_next(&it) && crew_handle_eq(it.value, h[2]));
    CHECK(squad_of_key_of(&squads_copy, h[1], &squad) && squad == 1u);
    CHECK(!squad_of_key_of(&squads_copy, stale, NULL));
    /* the live handle moves and leaves; then its slot's next handle may take the id */
    CHECK_STATUS(squad_of_move(&squads, 2u, h[1]), BENTO_OK);
    CHECK_STATUS(squad_of_remove(&squads, 2u, h[1]), BENTO_OK);
    CHECK_STATUS(squad_of_move(&squads, 3u, stale), BENTO_OK); /* absent: as insert */
    CHECK(squad_of_key_of(&squads, stale, &squad) && squad == 3u);
    CHECK(!squad_of_key_of(&squads, h[1], NULL));
    CHECK_STATUS(squad_of_remove_value(&squads, h[1]), BENTO_E_NOT_FOUND);
    CHECK_STATUS(squad_of_remove_value(&squads, stale), BENTO_OK);
    CHECK_STATUS(squad_of_remove_value(&squads, h[0]), BENTO_OK);
    CHECK_STATUS(squad_of_remove_key(&squads, 2u, &removed), BENTO_OK);
    CHECK_EQ(removed, 1);
    CHECK_EQ(squad_of_count(&squads), 0);
    /* a refused insert (a new key when the key index is full) lists nothing; the handle it
     * wrote for the id is never read, and a later insert writes its own */
    for (i = 0u; i < BENTO_INDEX_MAX_COUNT(8); i++) {
        CHECK_STATUS(squad_of_insert(&squads, 100u + i, h[i % 4u] ), i < 4u ? BENTO_OK
                                                                           : BENTO_E_EXISTS);
    }
    CHECK_STATUS(squad_of_remove_value(&squads, h[3]), BENTO_OK);
    CHECK_STATUS(squad_of_insert(&squads, 100u + 3u, h[3]), BENTO_OK);
    CHECK_STATUS(squad_of_check(&squads), BENTO_OK);
    squad_of_clear(&squads);
    /* keys of a handle type */
    CHECK_STATUS(standing_on_insert(&tiles, tile, h[0]), BENTO_OK);
    CHECK_STATUS(standing_on_insert(&tiles, tile, h[2]), BENTO_OK);
    CHECK(standing_on_contains(&tiles, tile));
    CHECK(!standing_on_contains(&tiles, tile_handle_from_raw(0x85u))); /* another generation */
    CHECK_EQ(standing_on_length(&tiles, tile), 2);
    CHECK(standing_on_key_of(&tiles, h[2], &on) && tile_handle_eq(on, tile));
    CHECK(!standing_on_key_of(&tiles, h[1], &on) && tile_handle_is_null(on));
    standing_on_iter_init(&tit, &tiles, tile);
    CHECK(standing_on_iter_next(&tit) && crew_handle_eq(tit.value, h[0]));
    got = tit.value;
    CHECK_STATUS(standing_on_remove(&tiles, tile, got), BENTO_OK);
    CHECK_STATUS(standing_on_remove_key(&tiles, tile, NULL), BENTO_OK);
    CHECK_EQ(standing_on_key_count(&tiles), 0);
    CHECK_STATUS(standing_on_check(&tiles), BENTO_OK);
}

/* The generic index with id bits: the buffer keeps each listed id's stamp, operations compare
 * it, iteration hands it back, and check refuses a listed id's stamp that names another id or
 * generation 0 (an unlisted id's stamp is no part of the state). */
static void test_stamps(void)
{
    enum { BITS = 4u, CAP = 16u };
    bento_multi_index mi;
    const uint32_t h3 = 0x13u, stale = 0x23u, h5 = 0x35u; /* generation above 4 index bits */
    uint64_t key = 0u;
    uint32_t got[8];
    CHECK(BENTO_MULTI_INDEX_BYTES(KEYS, CAP, BITS) <= sizeof memory);
    CHECK_EQ(BENTO_MULTI_INDEX_BYTES(KEYS, CAP, BITS) - BENTO_MULTI_INDEX_BYTES(KEYS, CAP, 32u),
             4u * CAP);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, CAP, 0u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, CAP, 33u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, CAP + 1u, BITS),
                 BENTO_E_ARGUMENT); /* an id past the index bits */
    CHECK_STATUS(bento_multi_index_init(&mi, memory, BENTO_MULTI_INDEX_BYTES(KEYS, CAP, BITS) - 1u,
                                        KEYS, CAP, BITS),
                 BENTO_E_SIZE);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, CAP, BITS), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, 0x03u), BENTO_E_ARGUMENT); /* generation 0 */
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, h3), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, h5), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 8u, stale), BENTO_E_EXISTS);
    CHECK(!bento_multi_index_key_of(&mi, stale, &key) && key == 0u);
    CHECK(bento_multi_index_key_of(&mi, h3, &key) && key == 7u);
    CHECK_STATUS(bento_multi_index_remove(&mi, 7u, stale), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_multi_index_remove_value(&mi, stale), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_multi_index_move(&mi, 8u, stale), BENTO_E_NOT_FOUND);
    CHECK_EQ(values_of(&mi, 7u, got), 2);
    CHECK_EQ(got[0], h3);
    CHECK_EQ(got[1], h5);
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* damage: a listed id's stamp naming another id, or generation 0 */
    mi.stamps[3] = 0x14u;
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    mi.stamps[3] = 0x03u;
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_E_CORRUPT);
    check_inert(&mi);
    CHECK_STATUS(bento_multi_index_init(&mi, memory, sizeof memory, KEYS, CAP, BITS), BENTO_OK);
    CHECK_STATUS(bento_multi_index_insert(&mi, 7u, h3), BENTO_OK);
    mi.stamps[4] = 0xffffffffu; /* unlisted: read by nothing */
    CHECK_STATUS(bento_multi_index_check(&mi), BENTO_OK);
    /* the stamp comes back with the buffer; a stale handle's id, once free, takes its own */
    CHECK_STATUS(bento_multi_index_open(&mi, memory, sizeof memory), BENTO_OK);
    CHECK(bento_multi_index_key_of(&mi, h3, NULL) && !bento_multi_index_key_of(&mi, stale, NULL));
    CHECK_STATUS(bento_multi_index_remove_value(&mi, h3), BENTO_OK);
    CHECK_STATUS(bento_multi_index_move(&mi, 9u, stale), BENTO_OK); /* absent: as insert */
    CHECK(bento_multi_index_key_of(&mi, stale, &key) && key == 9u);
    CHECK(!bento_multi_index_key_of(&mi, h3, NULL));
    /* the typed form's stamps are the same words: check sees their damage */
    CHECK_STATUS(crew_init(&people), BENTO_OK);
    CHECK_STATUS(squad_of_init(&squads), BENTO_OK);
    {
        crew_handle h;
        CHECK_STATUS(crew_create(&people, &h, NULL), BENTO_OK);
        CHECK_STATUS(squad_of_insert(&squads, 1u, h), BENTO_OK);
        CHECK_EQ(squads.generic_.stamps[crew_handle_index(h)], h.raw);
        squads.generic_.stamps[crew_handle_index(h)] ^= 2u << crew_handle_INDEX_BITS;
        CHECK_STATUS(squad_of_check(&squads), BENTO_OK); /* another generation: sound */
        CHECK(!squad_of_key_of(&squads, h, NULL));
        squads.generic_.stamps[crew_handle_index(h)] ^= 1u;
        CHECK_STATUS(squad_of_check(&squads), BENTO_E_CORRUPT);
    }
}

void test_multi_index(void)
{
    test_stamps();
    test_null_value_refused();
    test_typed_handles();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_init_statuses();
    test_lists();
    test_generic();
    test_open();
    test_check_damage();
    test_confinement();
    test_refused_move_keeps_order();
    test_against_model();
}
