/* SPDX-License-Identifier: MIT */
/*
 * tests/index_tests.h - the tests of the hash index, written once for both key widths as the
 * index itself is. Included by test_index.c (64-bit keys) and test_index32.c (32-bit keys),
 * each defining:
 *     IXT, IXT_ITER, IXT_KEY   the index, iterator and key types
 *     F(n)                     the generic function n (bento_index_n, bento_index32_n)
 *     IXT_TYPE                 the typed macro;   IXT_BYTES(c)  bytes for c slots
 *     IXT_W                    words per slot;    IXT_HASH(k)   the hash
 *     IXT_KEY_PUT(s, k)        write a key into slot words s
 *     IXT_HIGH_KEY             a key with only its highest bit set
 *     IXT_WALK(ix, k, b)       the internal walk, with the branchless start or not
 *     OTHER, OTHER_INIT        the other width's index type and init, whose buffer this
 *                              width's open must refuse
 *     SUITE                    "index" or "index32", for messages
 * Every test runs on the host and on every board; buffers are small and shared.
 */
#include "bento_test.h"

IXT_TYPE(small_ix, 16);
IXT_TYPE(other_ix, 32);

#define BIG 32u
static bento_align_unit memory[BENTO_ALIGN_UNITS(IXT_BYTES(BIG)) + 1];

/* Shared by the tests one after another: the micro:bit's RAM holds only so many indices. */
static small_ix typed_a, typed_b;
static other_ix typed_other;

/* A key whose home slot in an index of 2^bits slots is `home` (found by search). */
static IXT_KEY key_with_home(uint32_t home, uint32_t bits, IXT_KEY *next)
{
    for (;;) {
        const IXT_KEY key = (*next)++;
        if (IXT_HASH(key) >> (32u - bits) == home) {
            return key;
        }
    }
}

static uint32_t fingerprint(IXT_KEY key)
{
    return IXT_HASH(key) & 0xffu;
}

/* An index whose init or open failed: it answers every call as an empty, full index. */
static void check_inert(IXT *ix)
{
    uint32_t value = 7u;
    IXT_ITER it;
    CHECK_EQ(F(capacity)(ix), 0);
    CHECK_EQ(F(count)(ix), 0);
    CHECK_EQ(F(max_count)(ix), 0);
    CHECK(F(get)(ix, 1u) == NULL);
    CHECK(F(get)(ix, 0u) == NULL);
    CHECK_EQ(F(value)(ix, 1u, 99u), 99);
    CHECK(!F(contains)(ix, 1u));
    CHECK_STATUS(F(insert)(ix, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(ix, 1u, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(remove)(ix, 1u, &value), BENTO_E_NOT_FOUND);
    CHECK_EQ(value, BENTO_NONE);
    F(clear)(ix);
    CHECK_STATUS(F(check)(ix), BENTO_OK);
    F(iter_init)(&it, ix);
    CHECK(!F(iter_next)(&it));
    CHECK(it.value == NULL);
    CHECK_EQ(F(count)(ix), 0);
}

static void test_init_statuses(void)
{
    IXT ix;
    const size_t bytes = IXT_BYTES(16);
    CHECK_STATUS(F(init)(&ix, NULL, bytes, 16), BENTO_E_ARGUMENT);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 12), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, BENTO_INDEX_MAX_CAPACITY * 2u), BENTO_E_ARGUMENT);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, (unsigned char *)memory + 2, bytes, 16), BENTO_E_ALIGN);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, memory, bytes - 1u, 16), BENTO_E_SIZE);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(BENTO_INDEX_MAX_CAPACITY) - 1u,
                         BENTO_INDEX_MAX_CAPACITY),
                 BENTO_E_SIZE); /* the largest capacity is accepted, given the bytes */
    /* 4-byte alignment is enough; the smallest capacity holds one entry */
    CHECK_STATUS(F(init)(&ix, (unsigned char *)memory + 4, bytes, 16), BENTO_OK);
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(2), 2), BENTO_OK);
    CHECK_EQ(F(capacity)(&ix), 2);
    CHECK_EQ(F(max_count)(&ix), 1);
    CHECK_STATUS(F(insert)(&ix, 7u, 70u), BENTO_OK);
    CHECK_STATUS(F(insert)(&ix, 8u, 80u), BENTO_E_FULL);
    CHECK_EQ(F(value)(&ix, 7u, 0u), 70);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/* The typed API, every function, every status. */
static void test_typed(void)
{
    small_ix *const x = &typed_a;
    const IXT_KEY top = (IXT_KEY)~(IXT_KEY)0;
    uint32_t value = 0u, seen = 0u, sum = 0u;
    uint32_t *p;
    small_ix_iter it;
    CHECK_STATUS(small_ix_init(x), BENTO_OK);
    CHECK_EQ(small_ix_capacity(x), 16);
    CHECK_EQ(small_ix_max_count(x), 13); /* 16 - 1 - 2 */
    CHECK_EQ(small_ix_count(x), 0);
    CHECK(!small_ix_contains(x, 0u));
    CHECK_STATUS(small_ix_insert(x, 0u, 5u), BENTO_OK); /* key 0 is an ordinary key */
    CHECK_STATUS(small_ix_insert(x, top, 6u), BENTO_OK);
    CHECK_STATUS(small_ix_insert(x, IXT_HIGH_KEY, 7u), BENTO_OK);
    CHECK_STATUS(small_ix_insert(x, 1u, 8u), BENTO_OK);
    CHECK_STATUS(small_ix_insert(x, 1u, 9u), BENTO_E_EXISTS);
    CHECK_EQ(small_ix_value(x, 1u, 0u), 8); /* unchanged by the refused insert */
    CHECK_EQ(small_ix_value(x, 0u, 99u), 5);
    CHECK_EQ(small_ix_value(x, top, 99u), 6);
    CHECK_EQ(small_ix_value(x, IXT_HIGH_KEY, 99u), 7);
    CHECK_EQ(small_ix_value(x, 2u, 99u), 99);
    CHECK_EQ(small_ix_count(x), 4);
    p = small_ix_get(x, 1u);
    CHECK(p != NULL);
    if (p != NULL) {
        *p = 10u; /* writable in place */
    }
    CHECK_EQ(small_ix_value(x, 1u, 0u), 10);
    CHECK(small_ix_get(x, 2u) == NULL);
    CHECK_STATUS(small_ix_upsert(x, 1u, 11u), BENTO_OK); /* present: replaced */
    CHECK_STATUS(small_ix_upsert(x, 2u, 12u), BENTO_OK); /* absent: added */
    CHECK_EQ(small_ix_value(x, 1u, 0u), 11);
    CHECK_EQ(small_ix_value(x, 2u, 0u), 12);
    CHECK_EQ(small_ix_count(x), 5);
    /* iteration: every entry once, values writable */
    small_ix_iter_init(&it, x);
    CHECK(it.value == NULL);
    while (small_ix_iter_next(&it)) {
        CHECK(it.value == small_ix_get(x, it.key));
        sum += *it.value;
        *it.value += 1000u;
        seen++;
    }
    CHECK_EQ(seen, 5);
    CHECK_EQ(sum, 5u + 6u + 7u + 11u + 12u);
    CHECK(!small_ix_iter_next(&it)); /* done stays done */
    CHECK(it.value == NULL);
    CHECK_EQ(small_ix_value(x, 2u, 0u), 1012);
    /* remove: the value out, or BENTO_NONE when absent */
    CHECK_STATUS(small_ix_remove(x, 2u, &value), BENTO_OK);
    CHECK_EQ(value, 1012);
    CHECK_STATUS(small_ix_remove(x, 2u, &value), BENTO_E_NOT_FOUND);
    CHECK_EQ(value, BENTO_NONE);
    CHECK_STATUS(small_ix_remove(x, 0u, NULL), BENTO_OK);
    CHECK_EQ(small_ix_count(x), 3);
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    small_ix_clear(x);
    CHECK_EQ(small_ix_count(x), 0);
    CHECK(!small_ix_contains(x, 1u));
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    small_ix_iter_init(&it, x);
    CHECK(!small_ix_iter_next(&it));
}

/* Fill to the stated maximum, then empty again: FULL exactly at BENTO_INDEX_MAX_COUNT, and no
 * tombstones left. */
static void test_load_limit(void)
{
    IXT ix;
    uint32_t i, n = BENTO_INDEX_MAX_COUNT(BIG);
    const IXT_KEY stride = (IXT_KEY)0x10001u;
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    for (i = 0u; i < n; i++) {
        CHECK_STATUS(F(insert)(&ix, (IXT_KEY)i * stride, i), BENTO_OK);
    }
    CHECK_STATUS(F(insert)(&ix, 0xdeadbeefu, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, 0xdeadbeefu, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, 3u * stride, 33u), BENTO_OK); /* present: fine */
    CHECK_STATUS(F(insert)(&ix, 3u * stride, 33u), BENTO_E_EXISTS);
    CHECK_EQ(F(count)(&ix), n);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    for (i = 0u; i < n; i++) {
        CHECK_EQ(F(value)(&ix, (IXT_KEY)i * stride, BENTO_NONE), i == 3u ? 33u : i);
    }
    for (i = 0u; i < n; i++) {
        CHECK_STATUS(F(remove)(&ix, (IXT_KEY)i * stride, NULL), BENTO_OK);
    }
    CHECK_EQ(F(count)(&ix), 0);
    for (i = 0u; i < BIG; i++) {
        CHECK_EQ(ix.slots[IXT_W * i], 0); /* no tombstones: every tag is 0 */
    }
}

/* Keys crafted to share one home slot: the run grows until the 255-slot distance cap. */
static void test_distance_cap(void)
{
    enum { BITS = 9, CAP = 1 << BITS };
    static bento_align_unit big[BENTO_ALIGN_UNITS(IXT_BYTES(CAP))];
    IXT ix;
    IXT_KEY next = 1u, keys[4];
    uint32_t i;
    CHECK_STATUS(F(init)(&ix, big, sizeof big, CAP), BENTO_OK);
    for (i = 0u; i < 7u; i++) { /* slots 0..6, all from home 0 */
        CHECK_STATUS(F(insert)(&ix, key_with_home(0u, BITS, &next), 0u), BENTO_OK);
    }
    for (i = 0u; i < 255u; i++) { /* slots 7..261, distances 1..255 */
        const IXT_KEY key = key_with_home(7u, BITS, &next);
        if (i < 4u) {
            keys[i] = key;
        }
        CHECK_STATUS(F(insert)(&ix, key, i), BENTO_OK);
    }
    CHECK_STATUS(F(insert)(&ix, key_with_home(7u, BITS, &next), 0u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, key_with_home(7u, BITS, &next), 0u), BENTO_E_FULL);
    /* a key from an earlier home would push the run's last entry past the cap */
    CHECK_STATUS(F(insert)(&ix, key_with_home(0u, BITS, &next), 0u), BENTO_E_FULL);
    CHECK_EQ(F(count)(&ix), 262);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    for (i = 0u; i < 4u; i++) {
        CHECK_EQ(F(value)(&ix, keys[i], BENTO_NONE), i);
    }
    /* a miss walks the whole run of 255 and ends at the cap */
    CHECK(F(get)(&ix, key_with_home(7u, BITS, &next)) == NULL);
    CHECK(IXT_WALK(&ix, key_with_home(7u, BITS, &next), true) == NULL);
    CHECK_STATUS(F(remove)(&ix, keys[0], NULL), BENTO_OK);
    CHECK_STATUS(F(insert)(&ix, key_with_home(8u, BITS, &next), 0u), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/* An index reopened from its buffer alone, and every kind of buffer open must refuse. */
static void test_open(void)
{
    small_ix *const a = &typed_a, *const b = &typed_b;
    uint32_t *const words = (uint32_t *)(void *)memory;
    IXT ix;
    IXT_ITER it;
    uint32_t i, saved;
    CHECK_STATUS(small_ix_init(a), BENTO_OK);
    for (i = 0u; i < 10u; i++) {
        CHECK_STATUS(small_ix_insert(a, 1000u + i, i), BENTO_OK);
    }
    CHECK_STATUS(small_ix_remove(a, 1003u, NULL), BENTO_OK);
    *b = *a; /* as retained RAM or a save file would hold it */
    CHECK_STATUS(small_ix_open(b), BENTO_OK);
    CHECK_STATUS(small_ix_check(b), BENTO_OK);
    CHECK_EQ(small_ix_count(b), 9);
    CHECK(!small_ix_contains(b, 1003u));
    for (i = 0u; i < 10u; i++) {
        if (i != 3u) {
            CHECK_EQ(small_ix_value(b, 1000u + i, BENTO_NONE), i);
            CHECK(small_ix_get(b, 1000u + i) != small_ix_get(a, 1000u + i)); /* its own storage */
        }
    }
    CHECK_STATUS(small_ix_remove(b, 1004u, NULL), BENTO_OK);
    CHECK(small_ix_contains(a, 1004u));
    CHECK_STATUS(small_ix_check(a), BENTO_OK);
    /* the generic index over another buffer holding the same bytes */
    for (i = 0u; i < sizeof a->storage_; i++) {
        ((unsigned char *)memory)[i] = ((const unsigned char *)a->storage_)[i];
    }
    CHECK_STATUS(F(open)(&ix, NULL, sizeof memory), BENTO_E_ARGUMENT);
    check_inert(&ix);
    CHECK_STATUS(F(open)(&ix, (unsigned char *)memory + 2, sizeof memory - 2u), BENTO_E_ALIGN);
    check_inert(&ix);
    CHECK_STATUS(F(open)(&ix, memory, 16u), BENTO_E_SIZE); /* shorter than a header */
    CHECK_STATUS(F(open)(&ix, memory, sizeof a->storage_ - 4u), BENTO_E_SIZE);
    check_inert(&ix);
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(F(count)(&ix), 9);
    CHECK_EQ(F(value)(&ix, 1009u, 0u), 9);
    CHECK_STATUS(F(insert)(&ix, 1003u, 3u), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* every word of the header is validated, by open and by check */
    for (i = 0u; i < BENTO_IMPL_INDEX_HEAD / 4u; i++) {
        IXT opened;
        saved = words[i];
        words[i] ^= 0x40u;
        CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
        CHECK_STATUS(F(open)(&opened, memory, sizeof memory), BENTO_E_CORRUPT);
        check_inert(&opened);
        words[i] = saved;
    }
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* a count above the most the index can hold is refused before check looks at the slots */
    saved = words[5];
    words[5] = BENTO_INDEX_MAX_COUNT(16) + 1u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    words[5] = saved;
    /* a capacity that is a power of two, but not the one the size says */
    words[4] = 8u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    words[4] = 16u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_OK);
    /* a slot damaged: the contents are validated too */
    for (i = 0u; i < 16u && (ix.slots[IXT_W * i] & 0xffff0000u) == 0u; i++) {
    }
    ix.slots[IXT_W * i] ^= 0x00010000u; /* a fingerprint */
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    check_inert(&ix);
    /* the other width's buffer is another kind */
    CHECK_STATUS(OTHER_INIT(memory, sizeof memory, 16), BENTO_OK);
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    /* a typed open refuses an index of another capacity, and stays inert */
    for (i = 0u; i < sizeof a->storage_; i++) {
        ((unsigned char *)typed_other.storage_)[i] = ((const unsigned char *)a->storage_)[i];
    }
    CHECK_STATUS(other_ix_open(&typed_other), BENTO_E_CORRUPT);
    CHECK_EQ(other_ix_capacity(&typed_other), 0);
    CHECK(!other_ix_contains(&typed_other, 1000u));
    CHECK(other_ix_get(&typed_other, 1001u) == NULL); /* constants folded, yet inert */
    CHECK_STATUS(other_ix_insert(&typed_other, 1u, 1u), BENTO_E_FULL);
    other_ix_iter_init(&it, &typed_other);
    CHECK(!other_ix_iter_next(&it));
    CHECK_STATUS(other_ix_check(&typed_other), BENTO_OK);
    CHECK_STATUS(other_ix_init(&typed_other), BENTO_OK);
    for (i = 0u; i < sizeof b->storage_; i++) {
        ((unsigned char *)b->storage_)[i] = ((const unsigned char *)typed_other.storage_)[i];
    }
    CHECK_STATUS(small_ix_open(b), BENTO_E_SIZE); /* it says it is larger than this storage */
    CHECK_EQ(small_ix_capacity(b), 0);
}

/* ---------------------------------------------------------------- damage, for check
 *
 * Each case builds slots by hand in a 16-slot index (4 bits of home) and reaches one branch
 * of the checker. */

enum { DBITS = 4, DCAP = 1 << DBITS };

static void set_count(IXT *ix, uint32_t n)
{
    ix->state.count = n;
    ix->saved->count = n;
}

/* An entry for `key` in slot i at distance dist, with its own fingerprint; the slot's home
 * fields are kept. */
static void put_entry(IXT *ix, uint32_t i, IXT_KEY key, uint32_t dist)
{
    uint32_t *s = ix->slots + IXT_W * i;
    s[0] = (s[0] & 0xffffu) | dist << 24 | fingerprint(key) << 16;
    s[1] = 0u;
    IXT_KEY_PUT(s, key);
}

/* The home fields of slot `home`: its group's first entry at distance dist, fingerprint fp. */
static void set_group(IXT *ix, uint32_t home, uint32_t fp, uint32_t dist)
{
    uint32_t *s = ix->slots + IXT_W * home;
    s[0] = (s[0] & 0xffff0000u) | fp << 8 | dist;
}

static void start_damage(IXT *ix)
{
    CHECK_STATUS(F(init)(ix, memory, IXT_BYTES(DCAP), DCAP), BENTO_OK);
}

static void test_check_damage(void)
{
    IXT ix;
    IXT_KEY next = 1u, a, b, k;
    uint32_t i;

    /* a sound hand-built entry passes, and so do two keys of one home and fingerprint */
    start_damage(&ix);
    a = key_with_home(5u, DBITS, &next);
    put_entry(&ix, 5u, a, 1u);
    set_group(&ix, 5u, fingerprint(a), 1u);
    set_count(&ix, 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    CHECK_EQ(F(value)(&ix, a, 1u), 0);
    do {
        b = key_with_home(5u, DBITS, &next);
    } while (fingerprint(b) != fingerprint(a));
    CHECK_STATUS(F(insert)(&ix, b, 2u), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    CHECK_EQ(F(value)(&ix, b, 0u), 2);

    /* the same key twice among them */
    IXT_KEY_PUT(ix.slots + IXT_W * 6u, a);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    IXT_KEY_PUT(ix.slots + IXT_W * 6u, b);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);

    /* counters: the count that disagrees with the slots (its copy agreeing) */
    set_count(&ix, 3u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_count(&ix, 2u);
    ix.state.count = 1u; /* the copy in the header disagrees */
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    ix.state.count = 2u;

    /* a group byte on a home where no entry lives */
    set_group(&ix, 9u, 0u, 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    /* a group fingerprint on a home without a group byte */
    set_group(&ix, 9u, 0x5au, 0u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_group(&ix, 9u, 0u, 0u);
    /* the group byte names another distance; the group fingerprint another entry */
    set_group(&ix, 5u, fingerprint(a), 2u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_group(&ix, 5u, fingerprint(a) ^ 1u, 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_group(&ix, 5u, fingerprint(a), 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);

    /* an entry at distance 0 (a fingerprint in an empty slot) */
    ix.slots[IXT_W * 12u] = 0x00a50000u;
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    ix.slots[IXT_W * 12u] = 0u;
    /* a fingerprint that is not its key's */
    ix.slots[IXT_W * 5u] ^= 0x00800000u;
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    ix.slots[IXT_W * 5u] ^= 0x00800000u;
    /* a key whose home is not the one its distance names */
    k = key_with_home(6u, DBITS, &next);
    IXT_KEY_PUT(ix.slots + IXT_W * 5u, k);
    ix.slots[IXT_W * 5u] = (ix.slots[IXT_W * 5u] & 0xff00ffffu) | fingerprint(k) << 16;
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);

    /* Robin Hood order broken: of two entries of one home, the smaller fingerprint first */
    start_damage(&ix);
    next = 1u;
    a = key_with_home(3u, DBITS, &next);
    do {
        b = key_with_home(3u, DBITS, &next);
    } while (fingerprint(b) == fingerprint(a));
    if (fingerprint(a) > fingerprint(b)) {
        k = a;
        a = b;
        b = k; /* a has the smaller fingerprint */
    }
    put_entry(&ix, 3u, a, 1u);
    put_entry(&ix, 4u, b, 2u);
    set_group(&ix, 3u, fingerprint(a), 1u);
    set_count(&ix, 2u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    /* in the right order it is sound */
    put_entry(&ix, 3u, b, 1u);
    put_entry(&ix, 4u, a, 2u);
    set_group(&ix, 3u, fingerprint(b), 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    CHECK_EQ(F(value)(&ix, a, 9u), 0);

    /* every slot an entry at its home, each named by its group byte: no empty slot left */
    start_damage(&ix);
    for (i = 0u; i < DCAP; i++) {
        next = 1u;
        k = key_with_home(i, DBITS, &next);
        put_entry(&ix, i, k, 1u);
        set_group(&ix, i, fingerprint(k), 1u);
    }
    set_count(&ix, DCAP);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    /* then insert has nowhere to go, and remove finds the count already at 0 */
    set_count(&ix, 1u);
    next = 100000u; /* beyond every key placed */
    CHECK_STATUS(F(insert)(&ix, key_with_home(0u, DBITS, &next), 1u), BENTO_E_CORRUPT);
    set_count(&ix, 0u);
    CHECK_STATUS(F(remove)(&ix, k, NULL), BENTO_E_CORRUPT);
    CHECK(F(contains)(&ix, k));
    /* every other slot displaced: the backward shift of a remove stops after one lap */
    for (i = 0u; i < DCAP; i++) {
        if (i != (IXT_HASH(k) >> (32u - DBITS))) {
            ix.slots[IXT_W * i] = 0x03010000u; /* distance 3: 2 once moved */
        }
    }
    set_count(&ix, 1u);
    CHECK_STATUS(F(remove)(&ix, k, NULL), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
}

/* Confinement: slots holding anything never take an operation outside the buffer, and every
 * loop ends (the sanitizers and the boards' fault handler would catch a stray access). */
static void test_confinement(void)
{
    IXT ix;
    small_ix *const x = &typed_a;
    IXT_ITER it;
    uint32_t round, i, value;
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(BIG), BIG), BENTO_OK);
    CHECK_STATUS(small_ix_init(x), BENTO_OK);
    for (round = 0u; round < 24u; round++) {
        uint32_t *const words = ix.slots;
        uint32_t *const typed_words = (uint32_t *)(void *)x->storage_ + BENTO_IMPL_INDEX_HEAD / 4u;
        for (i = 0u; i < IXT_W * BIG; i++) {
            /* random words; every third round all ones (distance 255 everywhere) */
            words[i] = round % 3u == 2u ? 0xffffffffu : bento_test_rand();
        }
        for (i = 0u; i < IXT_W * 16u; i++) {
            typed_words[i] = round % 3u == 2u ? 0xffffffffu : bento_test_rand();
        }
        set_count(&ix, round % BENTO_INDEX_MAX_COUNT(BIG));
        for (i = 0u; i < 16u; i++) {
            const IXT_KEY key = (IXT_KEY)bento_test_rand();
            (void)F(get)(&ix, key);
            (void)IXT_WALK(&ix, key, true);
            (void)IXT_WALK(&ix, key, false);
            (void)F(value)(&ix, key, 0u);
            (void)F(insert)(&ix, key, i);
            (void)F(upsert)(&ix, key, i);
            (void)F(remove)(&ix, key, &value);
            (void)F(remove)(&ix, (IXT_KEY)bento_test_rand(), NULL);
            (void)small_ix_get(x, key);
            (void)small_ix_insert(x, key, i);
            (void)small_ix_remove(x, key, NULL);
        }
        F(iter_init)(&it, &ix);
        for (i = 0u; F(iter_next)(&it); i++) {
        }
        CHECK(i <= BIG);
        (void)F(check)(&ix);
        (void)small_ix_check(x);
    }
    F(clear)(&ix);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/* Random operations against a naive model (a list of pairs), on the typed 16-slot index or the
 * generic 32-slot one. After every operation: the count, every key's value, both starts of the
 * walk, and check. */
static void run_model(bool typed, uint32_t universe, uint32_t steps)
{
    static IXT_KEY keys[BIG];
    static uint32_t values[BIG];
    IXT ix;
    small_ix *const x = &typed_a;
    IXT *const g = typed ? NULL : &ix;
    const uint32_t capacity = typed ? 16u : BIG, bits = typed ? 4u : 5u;
    const uint32_t max_count = BENTO_INDEX_MAX_COUNT(capacity);
    uint32_t live = 0u, step, mismatches = 0u;
    if (typed) {
        CHECK_STATUS(small_ix_init(x), BENTO_OK);
    } else {
        CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    }
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        /* keys: a small universe so hits, misses and duplicates all happen; half of them
         * crafted onto a few homes so long runs and shifts across the wrap point happen */
        IXT_KEY key = (IXT_KEY)((uint64_t)bento_test_rand_below(universe) * 0x9e3779b97f4a7c15u);
        uint32_t k, found = live;
        bento_status got;
        if ((op & 1u) != 0u) {
            IXT_KEY next = key;
            key = key_with_home((capacity - 2u + (op & 6u)) & (capacity - 1u), bits, &next);
        }
        for (k = 0u; k < live; k++) {
            if (keys[k] == key) {
                found = k;
            }
        }
        if (op < 40u) {
            const uint32_t v = bento_test_rand();
            const bento_status want = found < live        ? BENTO_E_EXISTS
                                      : live == max_count ? BENTO_E_FULL
                                                          : BENTO_OK;
            got = typed ? small_ix_insert(x, key, v) : F(insert)(g, key, v);
            mismatches += got != want ? 1u : 0u;
            if (want == BENTO_OK) {
                keys[live] = key;
                values[live++] = v;
            }
        } else if (op < 55u) {
            const uint32_t v = bento_test_rand();
            const bento_status want = found == live && live == max_count ? BENTO_E_FULL : BENTO_OK;
            got = typed ? small_ix_upsert(x, key, v) : F(upsert)(g, key, v);
            mismatches += got != want ? 1u : 0u;
            if (want == BENTO_OK) {
                if (found == live) {
                    keys[live++] = key;
                }
                values[found] = v;
            }
        } else if (op < 90u) {
            uint32_t v = 0u;
            if (found == live && live != 0u && op < 75u) {
                found = bento_test_rand_below(live); /* mostly remove what is there */
                key = keys[found];
            }
            got = typed ? small_ix_remove(x, key, &v) : F(remove)(g, key, &v);
            if (got != (found < live ? BENTO_OK : BENTO_E_NOT_FOUND) ||
                v != (found < live ? values[found] : BENTO_NONE)) {
                mismatches++;
            }
            if (found < live) {
                keys[found] = keys[--live];
                values[found] = values[live];
            }
        } else if (op < 99u) {
            const uint32_t *p = typed ? small_ix_get(x, key) : F(get)(g, key);
            if ((p == NULL) != (found == live) || (p != NULL && *p != values[found])) {
                mismatches++;
            }
        } else if (typed) {
            small_ix_clear(x);
            live = 0u;
        } else {
            F(clear)(g);
            live = 0u;
        }
        {
            const IXT *const view = typed ? &x->generic_ : g;
            IXT_ITER it;
            uint32_t n = 0u;
            if ((typed ? small_ix_count(x) : F(count)(g)) != live) {
                mismatches++;
            }
            for (k = 0u; k < live; k++) {
                const uint32_t *p = typed ? small_ix_get(x, keys[k]) : F(get)(g, keys[k]);
                if (p == NULL || *p != values[k] || IXT_WALK(view, keys[k], true) != p ||
                    IXT_WALK(view, keys[k], false) != p) {
                    mismatches++;
                }
            }
            /* a miss answers NULL both ways */
            if (found == live && (IXT_WALK(view, key, true) != NULL ||
                                  IXT_WALK(view, key, false) != NULL)) {
                mismatches++;
            }
            F(iter_init)(&it, view);
            while (F(iter_next)(&it)) {
                n++;
            }
            if (n != live || (typed ? small_ix_check(x) : F(check)(g)) != BENTO_OK) {
                mismatches++;
            }
        }
        if (mismatches != 0u) {
            bento_test_print(SUITE " model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(typed ? ", typed" : ", generic");
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

static void run_index_tests(void)
{
    test_init_statuses();
    test_typed();
    test_load_limit();
    test_distance_cap();
    test_open();
    test_check_damage();
    test_confinement();
    run_model(true, 24u, 1500u * bento_test_scale());
    run_model(false, 40u, 3000u * bento_test_scale());
}
