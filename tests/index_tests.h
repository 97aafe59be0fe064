/* SPDX-License-Identifier: MIT */
/*
 * tests/index_tests.h - the tests of the hash index, written once for both key widths as the
 * index itself is. Included by test_index.c (64-bit keys) and test_index32.c (32-bit keys),
 * each defining:
 *     IXT, IXT_ITER, IXT_KEY   the index, iterator and key types
 *     F(n)                     the generic function n (bento_index_n, bento_index32_n)
 *     IXT_TYPE                 the typed macro;   IXT_BYTES(c)  bytes for c slots
 *     IXT_BW                   words per bucket;  IXT_KW        words per key
 *     IXT_HASH(k)              the hash
 *     IXT_KEY_PUT(w, k)        write key k into the key words w; IXT_KEY_GET(w) reads it
 *     IXT_HIGH_KEY             a key with only its highest bit set
 *     OTHER_INIT(m, bytes, c)  init of the other width's index, whose buffer this width's open
 *                              must refuse
 *     SUITE                    "index" or "index32", for messages
 *     IXT_RAW(x)               the bento_index that x is (itself) or holds (a bento_index32),
 *                              whose fields the tests read and damage
 * Every test runs on the host and on every board; buffers are small and shared.
 *
 * The layout the tests build by hand and read (bento/index.h, its internal section): buckets
 * of four slots, each bucket a fingerprint word (byte j: slot j's fingerprint, bit 7 set, or 0
 * when empty), a spill word (one byte per fingerprint class, the byte bento_impl_index_spilled
 * reads: the keys of that class whose first bucket this is, living in their other bucket),
 * 4 values, 4 keys. A key's first bucket is its hash >> shift, its other
 * bento_impl_index_other(first, fingerprint, shift). Which free slot an insert or a move takes
 * is the implementation's choice (it differs between cores): the tests never assume it.
 */
#include "bento_test.h"
#include "index_room.h"

IXT_TYPE(small_ix, 16);
IXT_TYPE(other_ix, 32);

/*
 * The generic tests' buffer: 32 slots (8 buckets), exactly, between two guard zones. A stray
 * write just outside it changes a guard (guards_intact); on the host the sanitizers catch
 * what lands further away, on the boards the fault handler what leaves RAM.
 */
#define BIG 32u
/* The largest capacity whose bytes a 16-bit size_t counts: IXT_BW bytes a slot (16 or 10). */
#define IXT_LARGEST16 (IXT_BW > 10u ? 2048u : 4096u)
enum { GUARD_UNITS = 4 };
static struct {
    bento_align_unit before[GUARD_UNITS];
    bento_align_unit buffer[BENTO_ALIGN_UNITS(IXT_BYTES(BIG))];
    bento_align_unit after[GUARD_UNITS];
} guarded;
#define memory (guarded.buffer)

/* Shared by the tests one after another: to fit the smallest board's RAM (bento_test.h). */
static small_ix typed_a, typed_b;
static other_ix typed_other;

/* Keys the tests have put in an index, their values, and the bucket each was last seen in. */
static IXT_KEY keys[BIG];
static uint32_t values[BIG], homes[BIG], recorded;

/* Bucket words. */
#define T_FPS BENTO_IMPL_INDEX_FPS
#define T_SPILLS BENTO_IMPL_INDEX_SPILLS
#define T_VALUES BENTO_IMPL_INDEX_VALUES
#define T_KEYS BENTO_IMPL_INDEX_KEYS

/* Where crafted keys start: high bits set, so 64-bit keys use both halves of the hash. */
#define START ((IXT_KEY)0x9e3779b97f4a7c15u)
#define ANY 0xffffffffu

static void set_guards(void)
{
    unsigned char *b = (unsigned char *)guarded.before, *a = (unsigned char *)guarded.after;
    uint32_t i;
    for (i = 0u; i < sizeof guarded.before; i++) {
        b[i] = (unsigned char)(0xa5u ^ i);
        a[i] = (unsigned char)(0x5au ^ i);
    }
}

static bool guards_intact(void)
{
    const unsigned char *b = (const unsigned char *)guarded.before;
    const unsigned char *a = (const unsigned char *)guarded.after;
    uint32_t i;
    for (i = 0u; i < sizeof guarded.before; i++) {
        if (b[i] != (unsigned char)(0xa5u ^ i) || a[i] != (unsigned char)(0x5au ^ i)) {
            return false;
        }
    }
    return true;
}

/* A digest of `bytes` bytes (FNV-1a): tells whether an operation wrote anything. */
static uint32_t digest(const void *p, size_t bytes)
{
    const unsigned char *b = (const unsigned char *)p;
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0u; i < bytes; i++) {
        h = (h ^ b[i]) * 16777619u;
    }
    return h;
}

static uint32_t *bucket(const IXT *ix, uint32_t b)
{
    return IXT_RAW(ix)->buckets + IXT_BW * b;
}

static uint32_t first_of(const IXT *ix, IXT_KEY key)
{
    return IXT_HASH(key) >> IXT_RAW(ix)->shift;
}

static uint32_t fp_of(IXT_KEY key)
{
    return bento_impl_index_fp(IXT_HASH(key));
}

static uint32_t second_of(const IXT *ix, IXT_KEY key)
{
    return bento_impl_index_other(first_of(ix, key), fp_of(key), IXT_RAW(ix)->shift);
}

static uint32_t fp_at(const IXT *ix, uint32_t b, uint32_t j)
{
    return bucket(ix, b)[T_FPS] >> (8u * j) & 0xffu;
}

static IXT_KEY key_at(const IXT *ix, uint32_t b, uint32_t j)
{
    return IXT_KEY_GET(bucket(ix, b) + T_KEYS + IXT_KW * j);
}

/* Live slots of bucket b; its lowest live slot (3 when empty); its lowest free slot (4 when
 * full). */
static uint32_t used_in(const IXT *ix, uint32_t b)
{
    uint32_t j, n = 0u;
    for (j = 0u; j < 4u; j++) {
        n += fp_at(ix, b, j) != 0u ? 1u : 0u;
    }
    return n;
}

static uint32_t live_in(const IXT *ix, uint32_t b)
{
    uint32_t j = 0u;
    while (j < 3u && fp_at(ix, b, j) == 0u) {
        j++;
    }
    return j;
}

static uint32_t free_in(const IXT *ix, uint32_t b)
{
    uint32_t j = 0u;
    while (j < 4u && fp_at(ix, b, j) != 0u) {
        j++;
    }
    return j;
}

/* Where the spill count of fingerprint fp's class sits in a spill word (0, 8, 16 or 24), as
 * lookups read it: the byte bento_impl_index_spilled looks at for fp. */
static uint32_t class_shift(uint32_t fp)
{
    uint32_t c, probe[2];
    for (c = 0u; c < 32u; c += 8u) {
        probe[T_FPS] = 0u;
        probe[T_SPILLS] = (uint32_t)0xffu << c;
        if (bento_impl_index_spilled(probe, fp)) {
            return c;
        }
    }
    CHECK(false);
    return 0u;
}

/* The spill count of bucket b for fingerprint fp's class. */
static uint32_t spill_of(const IXT *ix, uint32_t b, uint32_t fp)
{
    return bucket(ix, b)[T_SPILLS] >> class_shift(fp) & 0xffu;
}

/* n more (UINT32_MAX: one fewer) spilled keys of fp's class in bucket b's spill word. */
static void add_spill(IXT *ix, uint32_t b, uint32_t fp, uint32_t n)
{
    bucket(ix, b)[T_SPILLS] += n << class_shift(fp);
}

/* Where a lookup finds `key`: its bucket and slot. False when it is absent. */
static bool slot_with(const IXT *ix, IXT_KEY key, uint32_t *b, uint32_t *j)
{
    const uint32_t *p = F(get)(ix, key);
    uint32_t at;
    if (p == NULL) {
        return false;
    }
    at = (uint32_t)(p - IXT_RAW(ix)->buckets);
    *b = at / IXT_BW;
    *j = at % IXT_BW - T_VALUES;
    return true;
}

static uint32_t bucket_with(const IXT *ix, IXT_KEY key)
{
    uint32_t b = BENTO_NONE, j;
    (void)slot_with(ix, key, &b, &j);
    return b;
}

/* Slot j of bucket b made an entry by hand: fingerprint fp, key, value. */
static void place(IXT *ix, uint32_t b, uint32_t j, uint32_t fp, IXT_KEY key, uint32_t value)
{
    uint32_t *bk = bucket(ix, b);
    bk[T_FPS] = (bk[T_FPS] & ~((uint32_t)0xffu << (8u * j))) | fp << (8u * j);
    bk[T_VALUES + j] = value;
    IXT_KEY_PUT(bk + T_KEYS + IXT_KW * j, key);
}

/* Slot j of bucket b emptied by hand. */
static void unplace(IXT *ix, uint32_t b, uint32_t j)
{
    bucket(ix, b)[T_FPS] &= ~((uint32_t)0xffu << (8u * j));
}

static void set_count(IXT *ix, uint32_t n)
{
    IXT_RAW(ix)->state.count = n;
    IXT_RAW(ix)->saved->count = n;
}

/* A new key, searched upwards from *next, whose first bucket in ix is `first` and, unless ANY,
 * whose other bucket is `second` and whose fingerprint is `fp`. */
static IXT_KEY craft(const IXT *ix, uint32_t first, uint32_t second, uint32_t fp, IXT_KEY *next)
{
    uint32_t tries;
    for (tries = 0u; tries < 0x100000u; tries++) {
        const IXT_KEY key = (*next)++;
        if (first_of(ix, key) == first && (second == ANY || second_of(ix, key) == second) &&
            (fp == ANY || fp_of(key) == fp)) {
            return key;
        }
    }
    CHECK(false); /* no such key: the tests and the scheme disagree */
    return *next;
}

static void record(IXT_KEY key, uint32_t value)
{
    CHECK(recorded < BIG);
    if (recorded < BIG) {
        keys[recorded] = key;
        values[recorded++] = value;
    }
}

static void forget(uint32_t i)
{
    keys[i] = keys[--recorded];
    values[i] = values[recorded];
}

/* Insert n new keys of buckets (first, second) and record them. */
static void fill(IXT *ix, uint32_t first, uint32_t second, uint32_t n, IXT_KEY *next)
{
    for (; n != 0u; n--) {
        const IXT_KEY key = craft(ix, first, second, ANY, next);
        CHECK_STATUS(F(insert)(ix, key, 100u + recorded), BENTO_OK);
        record(key, 100u + recorded);
    }
}

/* Every recorded key found with its value, nothing else counted, and check content. */
static bool all_found(const IXT *ix)
{
    uint32_t i;
    bool ok = F(count)(ix) == recorded && F(check)(ix) == BENTO_OK;
    for (i = 0u; i < recorded; i++) {
        ok = ok && F(value)(ix, keys[i], BENTO_NONE) == values[i];
    }
    return ok;
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

/* The layout the header states: sizes, limits, where a key goes, and the other bucket. */
static void test_layout(void)
{
    IXT ix;
    uint32_t log2c, shift, b, fp;
    IXT_KEY next = START;
    CHECK_EQ(BENTO_IMPL_INDEX_HEAD, BENTO_POWER_SAFE ? 256 : 64); /* the journal: 3 lines */
    CHECK(4u + BENTO_IMPL_INDEX_PARAMS + sizeof(bento_index_state) / 4u +
              BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_INDEX_ENTRIES) <=
          BENTO_IMPL_INDEX_HEAD / 4u); /* the header holds the journal */
    CHECK_EQ(IXT_BYTES(8), BENTO_IMPL_INDEX_HEAD + 8u * IXT_BW); /* IXT_BW words: 4 slots */
    CHECK_EQ(IXT_BYTES(BIG), BENTO_IMPL_INDEX_HEAD + BIG * IXT_BW);
    CHECK_EQ(BENTO_INDEX_MIN_CAPACITY, 8);
    CHECK_EQ(BENTO_INDEX_MAX_COUNT(8), 6);
    CHECK_EQ(BENTO_INDEX_MAX_COUNT(16), 13);
    CHECK_EQ(BENTO_INDEX_MAX_COUNT(BIG), 27);
    CHECK_EQ(BENTO_INDEX_MAX_COUNT(BENTO_INDEX_MAX_CAPACITY), 0xdfffffu);
    /* the first bucket is hash >> (34 - log2 capacity): the top bits */
    for (log2c = 3u; log2c <= 5u; log2c++) {
        const IXT_KEY key = next++;
        uint32_t b0 = BENTO_NONE, j = 0u;
        CHECK_STATUS(F(init)(&ix, memory, sizeof memory, (uint32_t)1u << log2c), BENTO_OK);
        CHECK_STATUS(F(insert)(&ix, key, 1u), BENTO_OK);
        CHECK(slot_with(&ix, key, &b0, &j));
        CHECK_EQ(b0, IXT_HASH(key) >> (34u - log2c));
        CHECK_EQ(bucket(&ix, b0)[T_FPS], fp_of(key) << (8u * j)); /* bit 7 set, alone */
    }
    /* the other bucket: never the bucket itself, always a bucket, and it names the first back */
    for (shift = 31u; shift >= 28u; shift--) {
        for (b = 0u; b < (uint32_t)1u << (32u - shift); b++) {
            for (fp = 0x80u; fp <= 0xffu; fp++) {
                const uint32_t o = bento_impl_index_other(b, fp, shift);
                if (o == b || o >> (32u - shift) != 0u ||
                    bento_impl_index_other(o, fp, shift) != b) {
                    CHECK_EQ(o, b);
                }
            }
        }
    }
    CHECK_EQ(bento_impl_index_other(0u, 0x80u, 31u), 1); /* two buckets: each the other's */
    CHECK_EQ(bento_impl_index_other(1u, 0xffu, 31u), 0);
}

static void test_init_statuses(void)
{
    IXT ix;
    IXT_KEY k;
    const size_t bytes = IXT_BYTES(16);
    CHECK_STATUS(F(init)(&ix, NULL, bytes, 16), BENTO_E_ARGUMENT);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 0), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 1), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 2), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, 4), BENTO_E_ARGUMENT); /* under two buckets */
    CHECK_STATUS(F(init)(&ix, memory, bytes, 12), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, BENTO_INDEX_MAX_CAPACITY * 2u), BENTO_E_ARGUMENT);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, (unsigned char *)memory + 2, bytes, 16), BENTO_E_ALIGN);
    check_inert(&ix);
    CHECK_STATUS(F(init)(&ix, memory, bytes - 1u, 16), BENTO_E_SIZE);
    check_inert(&ix);
#if SIZE_MAX > 0xffffu
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(BENTO_INDEX_MAX_CAPACITY) - 1u,
                         BENTO_INDEX_MAX_CAPACITY),
                 BENTO_E_SIZE); /* the largest capacity is accepted, given the bytes */
#else
    /* a 16-bit size_t (AVR): the largest capacity whose bytes it counts is accepted, given the
     * bytes; twice that, whose bytes would wrap, is refused */
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(IXT_LARGEST16) - 1u, IXT_LARGEST16), BENTO_E_SIZE);
    CHECK_STATUS(F(init)(&ix, memory, bytes, IXT_LARGEST16 * 2u), BENTO_E_ARGUMENT);
    CHECK_STATUS(F(init)(&ix, memory, bytes, BENTO_INDEX_MAX_CAPACITY), BENTO_E_ARGUMENT);
#endif
    /* 4-byte alignment is enough */
    CHECK_STATUS(F(init)(&ix, (unsigned char *)memory + 4, bytes, 16), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* the smallest capacity: two buckets, 6 entries, whatever the keys */
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(8) - 1u, 8), BENTO_E_SIZE);
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(8), 8), BENTO_OK);
    CHECK_EQ(F(capacity)(&ix), 8);
    CHECK_EQ(F(max_count)(&ix), 6);
    for (k = 0u; k < 6u; k++) {
        CHECK_STATUS(F(insert)(&ix, k * 7u, (uint32_t)k), BENTO_OK);
    }
    CHECK_STATUS(F(insert)(&ix, 100u, 70u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, 100u, 70u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, 35u, 70u), BENTO_OK); /* present: fine */
    CHECK_EQ(F(value)(&ix, 35u, 0u), 70);
    CHECK_EQ(F(value)(&ix, 7u, 0u), 1);
    CHECK_EQ(F(count)(&ix), 6);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/* The typed API, every function, every status. */
static void test_typed(void)
{
    small_ix *const x = &typed_a;
    const IXT_KEY top = (IXT_KEY)~(IXT_KEY)0;
    uint32_t value = 0u, seen = 0u, sum = 0u;
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
    CHECK(small_ix_find(x, 1u, &value)); /* find: the value out */
    CHECK_EQ(value, 8);
    CHECK(small_ix_find(x, 1u, NULL));
    value = 99u;
    CHECK(!small_ix_find(x, 2u, &value));
    CHECK_EQ(value, 0); /* zero when absent */
    CHECK(!small_ix_find(x, 2u, NULL));
    CHECK_STATUS(small_ix_upsert(x, 1u, 11u), BENTO_OK); /* present: replaced */
    CHECK_STATUS(small_ix_upsert(x, 2u, 12u), BENTO_OK); /* absent: added */
    CHECK_EQ(small_ix_value(x, 1u, 0u), 11);
    CHECK_EQ(small_ix_value(x, 2u, 0u), 12);
    CHECK_EQ(small_ix_count(x), 5);
    /* iteration: every entry once, with its value; an upsert of the current key moves nothing */
    small_ix_iter_init(&it, x);
    CHECK(it.key == 0u && it.value == 0u);
    while (small_ix_iter_next(&it)) {
        CHECK_EQ(it.value, small_ix_value(x, it.key, BENTO_NONE));
        sum += it.value;
        CHECK_STATUS(small_ix_upsert(x, it.key, it.value + 1000u), BENTO_OK);
        seen++;
    }
    CHECK_EQ(seen, 5);
    CHECK_EQ(sum, 5u + 6u + 7u + 11u + 12u);
    CHECK(!small_ix_iter_next(&it)); /* done stays done */
    CHECK(it.key == 0u && it.value == 0u);
    CHECK_EQ(small_ix_value(x, 2u, 0u), 1012);
    /* remove: the value out, or zero when absent */
    CHECK_STATUS(small_ix_remove(x, 2u, &value), BENTO_OK);
    CHECK_EQ(value, 1012);
    CHECK_STATUS(small_ix_remove(x, 2u, &value), BENTO_E_NOT_FOUND);
    CHECK_EQ(value, 0);
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

/* Fill to the stated maximum, then empty again: FULL exactly at BENTO_INDEX_MAX_COUNT, and
 * nothing left behind (every fingerprint and spill count 0). */
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
    for (i = 0u; i < BIG / 4u; i++) {
        CHECK_EQ(bucket(&ix, i)[T_FPS], 0);
        CHECK_EQ(bucket(&ix, i)[T_SPILLS], 0);
    }
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/* Fingerprints fp and fp ^ 1 side by side in one bucket, placed by hand: the lookup's borrow
 * trick also flags a run of fp ^ 1 bytes just above an fp byte (bento_impl_index_candidates),
 * and the key compare must turn them down; a key of fingerprint fp that is absent is missed.
 * Then the fp key removed: its stale key stays in the slot and must never be found. */
static void test_neighbour_fingerprints(void)
{
    /* slots of key 0 (fingerprint fp), keys 1 and 2 (fp ^ 1) in bucket 1; 4: not placed */
    static const unsigned char layouts[4][3] = {{0, 1, 4}, {1, 2, 3}, {1, 0, 4}, {2, 3, 4}};
    uint32_t l, k;
    for (l = 0u; l < 4u; l++) {
        IXT ix;
        IXT_KEY next = START, key[3], absent;
        uint32_t fp, n = 0u;
        CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
        key[0] = craft(&ix, 1u, ANY, ANY, &next);
        fp = fp_of(key[0]);
        key[1] = craft(&ix, 1u, ANY, fp ^ 1u, &next);
        key[2] = craft(&ix, 1u, ANY, fp ^ 1u, &next);
        absent = craft(&ix, 1u, ANY, fp, &next);
        for (k = 0u; k < 3u; k++) {
            if (layouts[l][k] < 4u) {
                place(&ix, 1u, layouts[l][k], k == 0u ? fp : fp ^ 1u, key[k], 10u + k);
                n++;
            }
        }
        set_count(&ix, n);
        CHECK_STATUS(F(check)(&ix), BENTO_OK);
        for (k = 0u; k < 3u; k++) {
            CHECK_EQ(F(value)(&ix, key[k], 0u), layouts[l][k] < 4u ? 10u + k : 0u);
        }
        CHECK(F(get)(&ix, absent) == NULL);
        CHECK_STATUS(F(remove)(&ix, key[0], NULL), BENTO_OK);
        CHECK(F(get)(&ix, key[0]) == NULL);
        CHECK(F(get)(&ix, absent) == NULL);
        CHECK_STATUS(F(remove)(&ix, key[0], NULL), BENTO_E_NOT_FOUND);
        for (k = 1u; k < 3u; k++) {
            CHECK_EQ(F(value)(&ix, key[k], 0u), layouts[l][k] < 4u ? 10u + k : 0u);
        }
        CHECK_STATUS(F(check)(&ix), BENTO_OK);
    }
}

/* Removing entries never moves the others: pointers from get stay valid, and a walk that
 * removes entries, the current one included, visits every entry still there exactly once and
 * never one removed before its turn. */
static void test_remove_in_walk(void)
{
    IXT ix;
    IXT_ITER it;
    uint32_t i, visits = 0u, visited = 0u, early = BENTO_NONE, *kept;
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    for (i = 0u; i < 24u; i++) {
        CHECK_STATUS(F(insert)(&ix, START + (IXT_KEY)i, i), BENTO_OK);
    }
    kept = F(get)(&ix, START + 6u);
    F(iter_init)(&it, &ix);
    while (F(iter_next)(&it)) {
        const uint32_t v = *it.value;
        visits++;
        visited |= (uint32_t)1u << v;
        if (early == BENTO_NONE) { /* an even entry not visited yet, removed ahead of its turn */
            early = v == 0u ? 2u : 0u;
            CHECK_STATUS(F(remove)(&ix, START + (IXT_KEY)early, NULL), BENTO_OK);
        }
        if ((v & 1u) != 0u) {
            CHECK_STATUS(F(remove)(&ix, it.key, NULL), BENTO_OK);
        }
    }
    CHECK_EQ(visits, 23);
    CHECK_EQ(visited, 0xffffffu & ~((uint32_t)1u << early));
    CHECK_EQ(F(count)(&ix), 11);
    CHECK(kept != NULL && F(get)(&ix, START + 6u) == kept && *kept == 6u);
    for (i = 0u; i < 24u; i++) {
        CHECK_EQ(F(contains)(&ix, START + (IXT_KEY)i), (i & 1u) == 0u && i != early);
    }
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
}

/*
 * Keys with their low bits alike, as aligned pointers and page or block numbers have: their
 * fingerprints still spread (128 keys give most of the 128 values; taken from the low bits of
 * the hash alone, 64-byte steps would give 2), and such keys fill an index to its limit, each
 * refusal on the way one the model confirms (no free slot within the moves allowed), the
 * refused key then replaced by the next.
 */
static void test_aligned_keys(void)
{
    static const uint32_t steps[3] = {64u, 4096u, 1048576u};
    uint32_t s, i;
    for (s = 0u; s < 3u; s++) {
        uint32_t seen[4] = {0u, 0u, 0u, 0u}, distinct = 0u, unconfirmed = 0u;
        IXT ix;
        for (i = 1u; i <= 128u; i++) {
            const uint32_t fp = fp_of((IXT_KEY)i * steps[s]) & 0x7fu;
            distinct += (seen[fp >> 5] >> (fp & 31u) & 1u) ^ 1u;
            seen[fp >> 5] |= (uint32_t)1u << (fp & 31u);
        }
        CHECK(distinct >= 64u);
        CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
        for (i = 1u; F(count)(&ix) < BENTO_INDEX_MAX_COUNT(BIG) && i < 1024u; i++) {
            const IXT_KEY key = (IXT_KEY)i * steps[s];
            if (F(insert)(&ix, key, i) != BENTO_OK &&
                index_room(IXT_RAW(&ix)->buckets, BIG / 4u, IXT_RAW(&ix)->shift, IXT_BW, IXT_KW, key)) {
                unconfirmed++;
            }
        }
        CHECK_EQ(F(count)(&ix), BENTO_INDEX_MAX_COUNT(BIG));
        CHECK_EQ(unconfirmed, 0);
        CHECK_STATUS(F(check)(&ix), BENTO_OK);
    }
}

/*
 * Keys that share both buckets (one first bucket, one fingerprint): 8 fill the two, the 9th
 * is refused below the load limit, and nothing is written. Lookups and removes among four
 * equal fingerprints per bucket; the spill counts as keys come and go.
 */
static void test_refusal(void)
{
    small_ix *const x = &typed_a;
    IXT *const ix = &x->generic_;
    IXT_KEY next = START, k[10];
    uint32_t i, fp, a, b, before, value = 0u;
    CHECK_STATUS(small_ix_init(x), BENTO_OK);
    a = 2u;
    k[0] = craft(ix, a, ANY, ANY, &next);
    fp = fp_of(k[0]);
    b = second_of(ix, k[0]);
    for (i = 1u; i < 9u; i++) {
        k[i] = craft(ix, a, ANY, fp, &next);
    }
    k[9] = craft(ix, b, ANY, fp, &next); /* the same two buckets the other way round */
    CHECK_EQ(second_of(ix, k[9]), a);
    for (i = 0u; i < 8u; i++) {
        CHECK_STATUS(small_ix_insert(x, k[i], i), BENTO_OK);
        CHECK_EQ(bucket_with(ix, k[i]), i < 4u ? a : b); /* the first bucket, then the other */
    }
    CHECK_EQ(bucket(ix, a)[T_SPILLS], (uint32_t)4u << class_shift(fp)); /* 4, in fp's class alone */
    CHECK_EQ(bucket(ix, b)[T_SPILLS], 0);
    before = digest(x->storage_, sizeof x->storage_);
    CHECK_STATUS(small_ix_insert(x, k[8], 8u), BENTO_E_FULL);
    CHECK_STATUS(small_ix_upsert(x, k[8], 8u), BENTO_E_FULL);
    CHECK_STATUS(small_ix_insert(x, k[9], 9u), BENTO_E_FULL);
    CHECK_STATUS(F(insert)(ix, k[9], 9u), BENTO_E_FULL);
    CHECK_EQ(digest(x->storage_, sizeof x->storage_), before); /* nothing moved or written */
    CHECK_EQ(small_ix_count(x), 8);
    CHECK(small_ix_count(x) < small_ix_max_count(x));
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    for (i = 0u; i < 8u; i++) { /* each among four slots of its fingerprint */
        CHECK_EQ(small_ix_value(x, k[i], BENTO_NONE), i);
        CHECK_EQ(F(value)(ix, k[i], BENTO_NONE), i);
    }
    /* misses: through both buckets' four matches; and one bucket with nothing spilled */
    CHECK(!small_ix_contains(x, k[8]));
    CHECK(F(get)(ix, k[9]) == NULL);
    CHECK(!small_ix_contains(x, craft(ix, a ^ 1u, ANY, ANY, &next)));
    value = 1u;
    CHECK_STATUS(small_ix_remove(x, k[8], &value), BENTO_E_NOT_FOUND);
    CHECK_EQ(value, 0); /* the typed value's zero */
    value = 1u;
    CHECK_STATUS(small_ix_remove(x, craft(ix, a ^ 1u, ANY, ANY, &next), &value),
                 BENTO_E_NOT_FOUND);
    CHECK_EQ(value, 0);
    /* a remove from the other bucket gives the spill back; then the 9th fits there */
    CHECK_STATUS(small_ix_remove(x, k[5], &value), BENTO_OK);
    CHECK_EQ(value, 5);
    CHECK_EQ(spill_of(ix, a, fp), 3);
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    CHECK_STATUS(small_ix_insert(x, k[8], 8u), BENTO_OK);
    CHECK_EQ(bucket_with(ix, k[8]), b);
    CHECK_EQ(spill_of(ix, a, fp), 4);
    /* a remove from the first bucket: k[9] fits in its other bucket, a, spilled from b */
    CHECK_STATUS(small_ix_remove(x, k[1], NULL), BENTO_OK);
    CHECK_EQ(spill_of(ix, a, fp), 4);
    CHECK_STATUS(small_ix_insert(x, k[9], 9u), BENTO_OK);
    CHECK_EQ(bucket_with(ix, k[9]), a);
    CHECK_EQ(bucket(ix, b)[T_SPILLS], (uint32_t)1u << class_shift(fp));
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    /* an entry the count does not know of: CORRUPT, and nothing removed */
    set_count(ix, 0u);
    value = 1u;
    CHECK_STATUS(small_ix_remove(x, k[9], &value), BENTO_E_CORRUPT);
    CHECK_EQ(value, 0);
    CHECK_STATUS(small_ix_remove(x, k[0], NULL), BENTO_E_CORRUPT);
    CHECK(small_ix_contains(x, k[9]));
    set_count(ix, 8u);
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
    /* everything out again: every spill count back to 0 */
    for (i = 0u; i < 10u; i++) {
        if (i != 1u && i != 5u) {
            CHECK_STATUS(small_ix_remove(x, k[i], &value), BENTO_OK);
            CHECK_EQ(value, i);
            CHECK_STATUS(small_ix_check(x), BENTO_OK);
        }
    }
    CHECK_EQ(small_ix_count(x), 0);
    CHECK_EQ(bucket(ix, a)[T_SPILLS], 0);
    CHECK_EQ(bucket(ix, b)[T_SPILLS], 0);
}

/* ---------------------------------------------------------------- moves
 *
 * In an index of 8 buckets (a key's two buckets are one even and one odd), a chain
 *     B -> A -> C -> D -> E -> G
 * of full buckets: A holds keys of buckets (A, C), and one more of them is spilled into C; C
 * holds keys of (C, D), D of (D, E), E of (E, G), B of (B, A). A key of buckets (A, B) then
 * finds a free slot only in G, four moves from A: refused. A slot freed in C, D or E is 1, 2
 * or 3 moves away, and insert takes the shortest path (C's spilled entry names A, a bucket
 * already on the path: skipped).
 */
enum { CA = 0, CB = 1, CC = 3, CD = 2, CE = 5, CG = 4 };

static void build_chain(IXT *ix, IXT_KEY *next)
{
    CHECK_STATUS(F(init)(ix, memory, sizeof memory, BIG), BENTO_OK);
    recorded = 0u;
    fill(ix, CA, CC, 5u, next);
    fill(ix, CC, CD, 3u, next);
    fill(ix, CD, CE, 4u, next);
    fill(ix, CE, CG, 4u, next);
    fill(ix, CB, CA, 4u, next);
    CHECK_EQ(bucket_with(ix, keys[4]), CC);
    CHECK(used_in(ix, CA) == 4u && used_in(ix, CB) == 4u && used_in(ix, CC) == 4u &&
          used_in(ix, CD) == 4u && used_in(ix, CE) == 4u && used_in(ix, CG) == 0u);
    CHECK(all_found(ix));
}

/* Remove a recorded key living in bucket b, its first bucket. */
static void remove_from(IXT *ix, uint32_t b)
{
    uint32_t i;
    for (i = 0u; i < recorded; i++) {
        if (bucket_with(ix, keys[i]) == b && first_of(ix, keys[i]) == b) {
            CHECK_STATUS(F(remove)(ix, keys[i], NULL), BENTO_OK);
            forget(i);
            return;
        }
    }
    CHECK(false);
}

/* Insert `key` into an index whose two buckets for it are full: it lands in bucket `lands`,
 * after exactly `moves` recorded entries changed bucket; every key is found afterwards. */
static void insert_moving(IXT *ix, IXT_KEY key, uint32_t moves, uint32_t lands)
{
    uint32_t i, moved = 0u;
    CHECK_EQ(free_in(ix, first_of(ix, key)), 4);
    CHECK_EQ(free_in(ix, second_of(ix, key)), 4);
    for (i = 0u; i < recorded; i++) {
        homes[i] = bucket_with(ix, keys[i]);
    }
    CHECK_STATUS(F(insert)(ix, key, 777u), BENTO_OK);
    for (i = 0u; i < recorded; i++) {
        moved += bucket_with(ix, keys[i]) != homes[i] ? 1u : 0u;
    }
    CHECK_EQ(moved, moves);
    CHECK_EQ(bucket_with(ix, key), lands);
    record(key, 777u);
    CHECK(all_found(ix));
}

static void test_moves(void)
{
    static const uint32_t hole[4] = {0u, CC, CD, CE};
    IXT ix;
    IXT_KEY next = START, key, spilled;
    uint32_t before, n;
    /* refused: the nearest free slot is four moves away */
    build_chain(&ix, &next);
    key = craft(&ix, CA, CB, ANY, &next);
    before = digest(memory, sizeof memory);
    CHECK_STATUS(F(insert)(&ix, key, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, key, 1u), BENTO_E_FULL);
    CHECK_EQ(digest(memory, sizeof memory), before);
    CHECK(F(count)(&ix) < F(max_count)(&ix));
    CHECK(all_found(&ix));
    /* a free slot 1, 2 and 3 moves away */
    for (n = 1u; n <= 3u; n++) {
        build_chain(&ix, &next);
        key = craft(&ix, CA, CB, ANY, &next);
        remove_from(&ix, hole[n]);
        insert_moving(&ix, key, n, CA);
        CHECK_EQ(used_in(&ix, hole[n]), 4);
    }
    /* a path from the second bucket: A's keys lead only to B; B's (B, D) keys to D, empty */
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    recorded = 0u;
    fill(&ix, CA, CB, 4u, &next);
    fill(&ix, CB, CD, 4u, &next);
    key = craft(&ix, CA, CB, ANY, &next);
    insert_moving(&ix, key, 1u, CB);
    CHECK_EQ(used_in(&ix, CD), 1);
    CHECK_EQ(bucket(&ix, CA)[T_SPILLS], (uint32_t)1u << class_shift(fp_of(key))); /* key spilled from A */
    CHECK_EQ(spill_of(&ix, CB, fp_of(key_at(&ix, CD, live_in(&ix, CD)))), 1); /* moved from B */
    /* back home: C's fifth key spilled into A; once C has room, a move takes it back to C and
     * C's spill count goes down again */
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    recorded = 0u;
    fill(&ix, CC, CA, 5u, &next);
    fill(&ix, CA, CB, 3u, &next);
    fill(&ix, CB, CA, 4u, &next);
    spilled = keys[4];
    CHECK_EQ(bucket_with(&ix, spilled), CA);
    CHECK_EQ(bucket(&ix, CC)[T_SPILLS], (uint32_t)1u << class_shift(fp_of(spilled)));
    remove_from(&ix, CC);
    key = craft(&ix, CA, CB, ANY, &next);
    insert_moving(&ix, key, 1u, CA);
    CHECK_EQ(bucket_with(&ix, spilled), CC);
    CHECK_EQ(bucket(&ix, CC)[T_SPILLS], 0);
}

/* An index reopened from its buffer alone, and every kind of buffer open must refuse. */
static void test_open(void)
{
    small_ix *const a = &typed_a, *const b = &typed_b;
    uint32_t *const words = (uint32_t *)(void *)memory;
    IXT ix;
    other_ix_iter it;
    uint32_t i, saved, bk = 0u, j = 0u;
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
            CHECK(F(get)(&b->generic_, 1000u + i) != F(get)(&a->generic_, 1000u + i)); /* its own */
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
    CHECK_STATUS(F(open)(&ix, memory, BENTO_IMPL_INDEX_HEAD - 4u), BENTO_E_SIZE); /* < a header */
    CHECK_STATUS(F(open)(&ix, memory, sizeof a->storage_ - 4u), BENTO_E_SIZE);
    check_inert(&ix);
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(F(count)(&ix), 9);
    CHECK_EQ(F(value)(&ix, 1009u, 0u), 9);
    CHECK_STATUS(F(insert)(&ix, 1003u, 3u), BENTO_OK);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* every word of the header is validated, by open and by check: the common four (magic,
     * kind, bytes, zero), the capacity and the count's copy (the rest is padding) */
    for (i = 0u; i < 6u; i++) {
        IXT opened;
        saved = words[i];
        words[i] ^= 0x40u;
        CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
        CHECK_STATUS(F(open)(&opened, memory, sizeof memory), BENTO_E_CORRUPT);
        check_inert(&opened);
        words[i] = saved;
    }
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* a count above the most the index can hold is refused before check looks at the buckets */
    saved = words[5];
    words[5] = BENTO_INDEX_MAX_COUNT(16) + 1u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    words[5] = saved;
    /* a capacity that is a power of two, but not the one the size says; one under the least */
    words[4] = 8u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    words[4] = 4u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_E_CORRUPT);
    words[4] = 16u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_OK);
    /* an entry damaged: the buckets are validated too */
    CHECK(slot_with(&ix, 1005u, &bk, &j));
    bucket(&ix, bk)[T_FPS] ^= (uint32_t)1u << (8u * j); /* its fingerprint */
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
    CHECK(!other_ix_find(&typed_other, 1001u, NULL)); /* constants folded, yet inert */
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
 * Each case damages a sound 16-slot index (4 buckets) in one way, by hand, and repairs it: the
 * damaged buffer is BENTO_E_CORRUPT, the repaired one BENTO_OK. */

static void test_check_damage(void)
{
    IXT ix;
    IXT_KEY next = START, a, s, k;
    uint32_t *b0, f, o, y = BENTO_NONE, j, j2, ja = 0u, before, live, value;
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(16), 16), BENTO_OK);
    recorded = 0u;
    /* bucket 0 full, a among its keys (fingerprint 0xa5), s spilled into its other bucket */
    a = craft(&ix, 0u, ANY, 0xa5u, &next);
    CHECK_STATUS(F(insert)(&ix, a, 1u), BENTO_OK);
    record(a, 1u);
    fill(&ix, 0u, ANY, 4u, &next);
    s = keys[4];
    CHECK(slot_with(&ix, a, &y, &ja));
    CHECK_EQ(y, 0);
    CHECK_EQ(fp_at(&ix, 0u, ja), 0xa5);
    CHECK_EQ(bucket_with(&ix, s), second_of(&ix, s));
    CHECK(all_found(&ix));
    live = recorded;
    b0 = bucket(&ix, 0u);

    /* a fingerprint without bit 7 (its low bits right); another fingerprint with bit 7 */
    b0[T_FPS] ^= (uint32_t)0x80u << (8u * ja);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    b0[T_FPS] ^= (uint32_t)0x81u << (8u * ja);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    b0[T_FPS] ^= (uint32_t)0x01u << (8u * ja);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);

    /* k, a key of buckets (1, 2), placed by hand in a bucket that is neither of its two */
    k = craft(&ix, 1u, 2u, ANY, &next);
    f = first_of(&ix, k);
    o = second_of(&ix, k);
    for (y = 0u; y < 4u && (y == f || y == o || free_in(&ix, y) == 4u); y++) {
    }
    CHECK(y < 4u && free_in(&ix, f) < 4u && free_in(&ix, o) < 4u);
    j = free_in(&ix, y);
    place(&ix, y, j, fp_of(k), k, 5u);
    set_count(&ix, live + 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    unplace(&ix, y, j);
    CHECK_EQ(bucket_with(&ix, k), BENTO_NONE);
    /* placed in its first bucket it is sound (so the bucket was what was wrong) */
    j = free_in(&ix, f);
    place(&ix, f, j, fp_of(k), k, 5u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    CHECK_EQ(F(value)(&ix, k, 0u), 5);
    /* twice in that bucket */
    j2 = free_in(&ix, f);
    place(&ix, f, j2, fp_of(k), k, 6u);
    set_count(&ix, live + 2u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    unplace(&ix, f, j2);
    set_count(&ix, live + 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* once in each of its two buckets, the spill counted */
    place(&ix, o, free_in(&ix, o), fp_of(k), k, 6u);
    add_spill(&ix, f, fp_of(k), 1u);
    set_count(&ix, live + 2u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    /* in its other bucket alone, the spill counted: sound; a spill count too low, too high */
    unplace(&ix, f, j);
    set_count(&ix, live + 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    CHECK_EQ(F(value)(&ix, k, 0u), 6);
    add_spill(&ix, f, fp_of(k), UINT32_MAX);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    CHECK(!F(contains)(&ix, k)); /* not spilled, as far as lookups know */
    add_spill(&ix, f, fp_of(k), 2u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    add_spill(&ix, f, fp_of(k), UINT32_MAX);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* a spill count in a bucket with nothing spilled; the one of s's first bucket gone */
    add_spill(&ix, 2u, fp_of(s) + 1u, 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    add_spill(&ix, 2u, fp_of(s) + 1u, UINT32_MAX);
    add_spill(&ix, 0u, fp_of(s), UINT32_MAX);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    add_spill(&ix, 0u, fp_of(s), 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    live++;

    /* the count disagrees with the entries (its copy agreeing), then the copy with the count */
    set_count(&ix, live + 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_count(&ix, live - 1u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_count(&ix, live);
    IXT_RAW(&ix)->saved->count = live + 1u;
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    IXT_RAW(&ix)->saved->count = live;
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* remove with an entry the count (0) does not know of */
    set_count(&ix, 0u);
    value = 1u;
    CHECK_STATUS(F(remove)(&ix, s, &value), BENTO_E_CORRUPT);
    CHECK_EQ(value, BENTO_NONE);
    CHECK(F(contains)(&ix, s));
    set_count(&ix, live);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);

    /* every slot a sound entry in its first bucket, the count agreeing: 16 entries, more than
     * the 13 an index of 16 slots holds */
    CHECK_STATUS(F(init)(&ix, memory, IXT_BYTES(16), 16), BENTO_OK);
    for (y = 0u; y < 4u; y++) {
        for (j = 0u; j < 4u; j++) {
            k = craft(&ix, y, ANY, ANY, &next);
            place(&ix, y, j, fp_of(k), k, j);
        }
    }
    set_count(&ix, 13u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    set_count(&ix, 16u);
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT);
    CHECK_EQ(F(value)(&ix, k, 99u), 3);
    CHECK_STATUS(F(insert)(&ix, next, 1u), BENTO_E_FULL);
    CHECK_STATUS(F(upsert)(&ix, k, 7u), BENTO_OK); /* present: replaced in place */
    CHECK_EQ(F(value)(&ix, k, 99u), 7);
    set_count(&ix, 12u);
    before = digest(memory, IXT_BYTES(16));
    CHECK_STATUS(F(insert)(&ix, next, 1u), BENTO_E_FULL); /* nowhere to go, nothing moved */
    CHECK_EQ(digest(memory, IXT_BYTES(16)), before);
    CHECK_EQ(F(count)(&ix), 12);
}

/* ---------------------------------------------------------------- confinement
 *
 * Buckets holding anything never take an operation outside the buffer, and every loop ends
 * (the guards, the sanitizers and the boards' fault handler would catch a stray access). */

/* Garbage for n buckets of words: all ones; random words; random entries, every bucket full
 * but some with one free slot (so insert moves garbage along); random entries, all full. */
static void garble(uint32_t *words, uint32_t n, uint32_t round)
{
    uint32_t i;
    for (i = 0u; i < IXT_BW * n; i++) {
        words[i] = round % 4u == 0u ? 0xffffffffu : bento_test_rand();
    }
    for (i = 0u; i < n && round % 4u >= 2u; i++) {
        uint32_t *fps = words + IXT_BW * i + T_FPS;
        *fps |= 0x80808080u;
        if (round % 4u == 2u && bento_test_rand_below(3u) == 0u) {
            *fps &= ~(0xffu << (8u * bento_test_rand_below(4u)));
        }
    }
}

/* p is NULL or a value slot of ix. */
static bool inside(const IXT *ix, const uint32_t *p)
{
    const uint32_t at = p == NULL ? T_VALUES : (uint32_t)(p - IXT_RAW(ix)->buckets);
    return at < IXT_BW * (IXT_RAW(ix)->capacity / 4u) && at % IXT_BW - T_VALUES < 4u;
}

/* Every operation with `key` on ix (generic) and x (typed). */
static void poke(IXT *ix, small_ix *x, IXT_KEY key, uint32_t i)
{
    uint32_t value;
    const uint32_t *p = F(get)(&x->generic_, key);
    CHECK(inside(ix, F(get)(ix, key)));
    CHECK(inside(&x->generic_, p));
    CHECK_EQ(small_ix_find(x, key, &value), p != NULL);
    CHECK_EQ(value, p != NULL ? *p : 0u);
    (void)F(value)(ix, key, 0u);
    (void)F(contains)(ix, key);
    (void)F(insert)(ix, key, i);
    (void)F(upsert)(ix, key, i);
    (void)F(upsert)(ix, key + 1u, i);
    (void)F(remove)(ix, key, &value);
    (void)F(remove)(ix, key + 2u, NULL);
    (void)small_ix_insert(x, key, i);
    (void)small_ix_upsert(x, key + 1u, i);
    (void)small_ix_remove(x, key, NULL);
}

static void test_confinement(void)
{
    IXT ix, opened;
    small_ix *const x = &typed_a;
    small_ix_iter tit;
    IXT_ITER it;
    uint32_t round, i, n;
    set_guards();
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    CHECK_STATUS(small_ix_init(x), BENTO_OK);
    for (round = 0u; round < 24u; round++) {
        const IXT keep = ix, keep_typed = x->generic_;
        garble(IXT_RAW(&ix)->buckets, BIG / 4u, round);
        garble(IXT_RAW(&x->generic_)->buckets, 4u, round);
        set_count(&ix, round % BENTO_INDEX_MAX_COUNT(BIG));
        set_count(&x->generic_, round % 13u);
        for (i = 0u; i < 16u; i++) {
            IXT_KEY key = (IXT_KEY)((uint64_t)bento_test_rand() << 32 | bento_test_rand());
            if ((i & 1u) != 0u) { /* a key the garbage holds, so some lookups hit */
                key = key_at(&ix, bento_test_rand_below(BIG / 4u), i >> 2);
            }
            poke(&ix, x, key, i);
        }
        F(iter_init)(&it, &ix);
        for (n = 0u; F(iter_next)(&it); n++) {
            CHECK(inside(&ix, it.value));
        }
        CHECK(n <= BIG);
        small_ix_iter_init(&tit, x);
        for (n = 0u; small_ix_iter_next(&tit); n++) {
        }
        CHECK(n <= 16u);
        (void)F(check)(&ix);
        (void)small_ix_check(x);
        if (F(open)(&opened, memory, sizeof memory) == BENTO_OK) {
            CHECK_STATUS(F(check)(&opened), BENTO_OK);
        }
        CHECK(guards_intact());
        CHECK(IXT_RAW(&ix)->buckets == IXT_RAW(&keep)->buckets && IXT_RAW(&ix)->shift == IXT_RAW(&keep)->shift &&
              IXT_RAW(&ix)->capacity == IXT_RAW(&keep)->capacity && IXT_RAW(&ix)->max_count == IXT_RAW(&keep)->max_count &&
              IXT_RAW(&ix)->saved == IXT_RAW(&keep)->saved);
        CHECK(IXT_RAW(&x->generic_)->buckets == IXT_RAW(&keep_typed)->buckets && IXT_RAW(&x->generic_)->shift == IXT_RAW(&keep_typed)->shift &&
              IXT_RAW(&x->generic_)->capacity == 16u && IXT_RAW(&x->generic_)->saved == IXT_RAW(&keep_typed)->saved);
    }
    F(clear)(&ix);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    small_ix_clear(x);
    CHECK_STATUS(small_ix_check(x), BENTO_OK);
}

/* ---------------------------------------------------------------- model */

/*
 * Random operations against a naive model (a list of pairs), on the typed 16-slot index or the
 * generic 32-slot one. Insert may refuse below the load limit only when the model's own search
 * (index_room.h) finds no room within BENTO_INDEX_MAX_MOVES moves, and a refusal writes
 * nothing. After every
 * operation: the count, every key's value (typed and generic lookups agree), a miss, the
 * iteration, and check.
 */
static void run_model(bool typed, uint32_t universe, uint32_t steps)
{
    IXT ix;
    small_ix *const x = &typed_a;
    IXT *const view = typed ? &x->generic_ : &ix;
    const void *const buffer = typed ? (const void *)x->storage_ : (const void *)memory;
    const size_t bytes = typed ? sizeof x->storage_ : sizeof memory;
    const uint32_t max_count = BENTO_INDEX_MAX_COUNT(typed ? 16u : BIG);
    uint32_t live = 0u, step, mismatches = 0u;
    if (typed) {
        CHECK_STATUS(small_ix_init(x), BENTO_OK);
    } else {
        CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    }
    for (step = 0u; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        /* keys: a small universe so hits, misses and duplicates all happen; half of them
         * crafted onto two first buckets, so buckets fill, moves happen and refusals too */
        IXT_KEY key = (IXT_KEY)((uint64_t)bento_test_rand_below(universe) * 0x9e3779b97f4a7c15u);
        uint32_t k, found = live, before = 0u;
        bento_status got;
        if ((op & 1u) != 0u) {
            IXT_KEY from = key;
            key = craft(view, (op >> 1) & 1u, ANY, ANY, &from);
        }
        for (k = 0u; k < live; k++) {
            if (keys[k] == key) {
                found = k;
            }
        }
        if (op < 55u) {
            const uint32_t v = bento_test_rand();
            const bool upsert = op >= 40u;
            bento_status want = found < live ? (upsert ? BENTO_OK : BENTO_E_EXISTS)
                                : live == max_count ? BENTO_E_FULL
                                                    : BENTO_OK;
            before = digest(buffer, bytes);
            if (upsert) {
                got = typed ? small_ix_upsert(x, key, v) : F(upsert)(&ix, key, v);
            } else {
                got = typed ? small_ix_insert(x, key, v) : F(insert)(&ix, key, v);
            }
            if (want == BENTO_OK && found == live && got == BENTO_E_FULL &&
                !index_room(IXT_RAW(view)->buckets, IXT_RAW(view)->capacity / 4u, IXT_RAW(view)->shift, IXT_BW, IXT_KW,
                            key)) {
                want = BENTO_E_FULL; /* the search's refusal, which the model confirms */
            }
            mismatches += got != want ? 1u : 0u;
            if (got != BENTO_OK && digest(buffer, bytes) != before) {
                mismatches++; /* a refusal wrote something */
            }
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
            got = typed ? small_ix_remove(x, key, &v) : F(remove)(&ix, key, &v);
            if (got != (found < live ? BENTO_OK : BENTO_E_NOT_FOUND) ||
                v != (found < live ? values[found] : typed ? 0u : BENTO_NONE)) {
                mismatches++;
            }
            if (found < live) {
                keys[found] = keys[--live];
                values[found] = values[live];
            }
        } else if (op < 99u) {
            uint32_t v = 0u;
            const bool hit = typed ? small_ix_find(x, key, &v) : F(get)(&ix, key) != NULL;
            if (!typed && hit) {
                v = *F(get)(&ix, key);
            }
            if (hit != (found < live) || (hit && v != values[found])) {
                mismatches++;
            }
        } else if (typed) {
            small_ix_clear(x);
            live = 0u;
        } else {
            F(clear)(&ix);
            live = 0u;
        }
        {
            IXT_ITER it;
            uint32_t n = 0u;
            if ((typed ? small_ix_count(x) : F(count)(&ix)) != live) {
                mismatches++;
            }
            for (k = 0u; k < live; k++) {
                const uint32_t *p = F(get)(view, keys[k]);
                if (p == NULL || *p != values[k] ||
                    (typed && small_ix_value(x, keys[k], BENTO_NONE) != values[k])) {
                    mismatches++;
                }
            }
            if (found == live && (F(get)(view, key) != NULL ||
                                  (typed && small_ix_contains(x, key)))) {
                mismatches++; /* a miss */
            }
            F(iter_init)(&it, view);
            while (F(iter_next)(&it)) {
                n++;
            }
            if (n != live || (typed ? small_ix_check(x) : F(check)(&ix)) != BENTO_OK) {
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

#if BENTO_POWER_SAFE
/* Journals as a reset leaves them (core/src/internal.h, "journal"), written by hand: entries
 * in force are undone, a clear named is done again, and journals no operation writes are
 * refused. */
static void test_journal_recovery(void)
{
    IXT ix, reopened;
    uint32_t *log, *fps, words, b = 0u, j = 0u;
    IXT_KEY next = START;
    const IXT_KEY k0 = next++, k1 = next++;
    CHECK_STATUS(F(init)(&ix, memory, sizeof memory, BIG), BENTO_OK);
    words = (uint32_t)((IXT_BYTES(BIG) - (size_t)((unsigned char *)(void *)IXT_RAW(&ix)->saved -
                                                  (unsigned char *)memory)) / 4u);
    log = (uint32_t *)(void *)IXT_RAW(&ix)->saved + 1u;
    CHECK_STATUS(F(insert)(&ix, k0, 10u), BENTO_OK);
    CHECK_EQ(log[0], 0);
    /* an insert cut after its fingerprint and count were stored: both entries undone */
    CHECK_STATUS(F(insert)(&ix, k1, 11u), BENTO_OK);
    CHECK(slot_with(&ix, k1, &b, &j));
    fps = bucket(&ix, b) + T_FPS;
    log[3] = (uint32_t)(fps - (uint32_t *)(void *)IXT_RAW(&ix)->saved);
    log[4] = *fps & ~((uint32_t)0xffu << (8u * j));
    log[5] = 0u; /* the count */
    log[6] = 1u;
    log[0] = 2u;
    CHECK_STATUS(F(check)(&ix), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(F(count)(&reopened), 1);
    CHECK(!F(contains)(&reopened, k1));
    CHECK_EQ(F(value)(&reopened, k0, 0u), 10);
    CHECK_EQ(log[0], 0);
    /* a clear cut midway: done again */
    CHECK_STATUS(F(insert)(&reopened, k1, 11u), BENTO_OK);
    log[1] = 1u; /* the clear */
    log[2] = 0u;
    log[0] = 0x80000000u;
    CHECK_STATUS(F(open)(&ix, memory, sizeof memory), BENTO_OK);
    CHECK_EQ(F(count)(&ix), 0);
    CHECK(!F(contains)(&ix, k0));
    CHECK_EQ(log[0], 0);
    CHECK_STATUS(F(check)(&ix), BENTO_OK);
    /* journals no operation writes: refused */
    log[0] = 0x80000000u;
    log[1] = 2u; /* no such action */
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = BENTO_IMPL_INDEX_ENTRIES + 1u; /* more entries than room */
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = 1u;
    log[3] = words; /* past the buffer */
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[3] = 0u;
    log[4] = 0u;
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_OK);
    CHECK_STATUS(F(check)(&reopened), BENTO_OK);
    log[0] = 1u;
    log[3] = 1u; /* into the journal */
    CHECK_STATUS(F(open)(&reopened, memory, sizeof memory), BENTO_E_CORRUPT);
    log[0] = 0u;
}
#endif

static void run_index_tests(void)
{
    test_layout();
    test_init_statuses();
    test_typed();
    test_load_limit();
    test_aligned_keys();
    test_remove_in_walk();
    test_neighbour_fingerprints();
    test_refusal();
    test_moves();
    test_open();
#if BENTO_POWER_SAFE
    test_journal_recovery();
#endif
    test_check_damage();
    test_confinement();
    run_model(true, 24u, 1500u * bento_test_scale());
    run_model(false, 40u, 3000u * bento_test_scale());
}
