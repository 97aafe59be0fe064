/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_index.c - the hash index (64- and 32-bit keys) against a plain model, then
 * damaged.
 *
 * The input chooses a key width and a capacity (8 to 256 slots) and then operations: insert,
 * upsert, remove, lookups of present, absent and edge keys, clear, iteration, and reopening a
 * byte copy of the buffer at another address. The model is a list of (key, value) pairs; after
 * every operation the index must agree with it (every answer, the count) and
 * bento_index_check must pass. Below the load limit an insert may refuse only when the model's
 * own search (index_room.h) finds no free slot within BENTO_INDEX_MAX_MOVES moves, and a
 * refusal leaves every byte of the buffer as it was. Then a few bytes of the buffer are
 * overwritten and operations go on: whatever the buffer holds, every access stays inside it
 * (the buffer is a heap block of exactly its size, watched by AddressSanitizer), every pointer
 * answered lies in it, and every call returns. Last, open on the damaged bytes: success must
 * leave an index check accepts, failure an inert one.
 */
#include <bento/index.h>

#include "fuzz.h"
#include "index_room.h"

#define MAX_CAPACITY 256u

typedef struct model {
    uint64_t key[MAX_CAPACITY];
    uint32_t value[MAX_CAPACITY];
    uint32_t count;
} model;

typedef struct harness {
    bool wide; /* 64-bit keys */
    uint32_t capacity;
    bento_index ix;
    bento_index32 ix32;
    unsigned char *memory;
    size_t bytes;
    model m;
} harness;

static size_t bytes_for(bool wide, uint32_t capacity)
{
    return wide ? BENTO_INDEX_BYTES(capacity) : BENTO_INDEX32_BYTES(capacity);
}

/* The width's key: 32-bit indices see the low half. */
static uint64_t key_of(const harness *h, uint64_t key) { return h->wide ? key : (uint32_t)key; }

static bento_status do_init(harness *h)
{
    return h->wide ? bento_index_init(&h->ix, h->memory, h->bytes, h->capacity)
                   : bento_index32_init(&h->ix32, h->memory, h->bytes, h->capacity);
}

static bento_status do_open(harness *h)
{
    return h->wide ? bento_index_open(&h->ix, h->memory, h->bytes)
                   : bento_index32_open(&h->ix32, h->memory, h->bytes);
}

static bento_status do_check(const harness *h)
{
    return h->wide ? bento_index_check(&h->ix) : bento_index32_check(&h->ix32);
}

static uint32_t do_count(const harness *h)
{
    return h->wide ? bento_index_count(&h->ix) : bento_index32_count(&h->ix32);
}

static uint32_t do_max(const harness *h)
{
    return h->wide ? bento_index_max_count(&h->ix) : bento_index32_max_count(&h->ix32);
}

static uint32_t *do_get(const harness *h, uint64_t key)
{
    uint32_t *v = h->wide ? bento_index_get(&h->ix, key) : bento_index32_get(&h->ix32, (uint32_t)key);
    if (v != NULL) {
        FUZZ_CHECK(fuzz_inside(v, 4u, h->memory, h->bytes));
    }
    return v;
}

/* Whether the index has room for `key` within BENTO_INDEX_MAX_MOVES moves (index_room.h). */
static bool do_room(const harness *h, uint64_t key)
{
    return h->wide ? index_room64(&h->ix, key) : index_room32(&h->ix32, (uint32_t)key);
}

static bento_status do_put(harness *h, uint64_t key, uint32_t value, bool upsert)
{
    if (h->wide) {
        return upsert ? bento_index_upsert(&h->ix, key, value)
                      : bento_index_insert(&h->ix, key, value);
    }
    return upsert ? bento_index32_upsert(&h->ix32, (uint32_t)key, value)
                  : bento_index32_insert(&h->ix32, (uint32_t)key, value);
}

static bento_status do_remove(harness *h, uint64_t key, uint32_t *value)
{
    return h->wide ? bento_index_remove(&h->ix, key, value)
                   : bento_index32_remove(&h->ix32, (uint32_t)key, value);
}

static void do_clear(harness *h)
{
    if (h->wide) {
        bento_index_clear(&h->ix);
    } else {
        bento_index32_clear(&h->ix32);
    }
}

/* Entries an iteration visits, and the sum of their values; every value pointer in the buffer. */
static uint32_t iterate(const harness *h, uint64_t *sum)
{
    uint32_t n = 0u;
    *sum = 0u;
    if (h->wide) {
        bento_index_iter it;
        bento_index_iter_init(&it, &h->ix);
        while (bento_index_iter_next(&it)) {
            FUZZ_CHECK(fuzz_inside(it.value, 4u, h->memory, h->bytes));
            *sum += *it.value;
            n++;
            FUZZ_CHECK(n <= h->capacity);
        }
    } else {
        bento_index32_iter it;
        bento_index32_iter_init(&it, &h->ix32);
        while (bento_index32_iter_next(&it)) {
            FUZZ_CHECK(fuzz_inside(it.value, 4u, h->memory, h->bytes));
            *sum += *it.value;
            n++;
            FUZZ_CHECK(n <= h->capacity);
        }
    }
    return n;
}

static int model_find(const model *m, uint64_t key)
{
    uint32_t i;
    for (i = 0u; i < m->count; i++) {
        if (m->key[i] == key) {
            return (int)i;
        }
    }
    return -1;
}

/* A key: one the model holds, one of a small set (so keys collide and repeat), an edge, or
 * one of the small set moved onto bucket 0 or 1 (so those buckets fill, entries move and
 * inserts are refused below the load limit). */
static uint64_t some_key(const harness *h, fuzz_input *in)
{
    const uint8_t how = fuzz_u8(in) & 7u;
    uint64_t key;
    uint32_t tries;
    if (how == 0u && h->m.count != 0u) {
        return h->m.key[fuzz_below(in, h->m.count)];
    }
    if (how == 1u) {
        return key_of(h, (uint64_t)fuzz_edge(in) << 32 | fuzz_edge(in));
    }
    key = key_of(h, fuzz_u8(in) * 0x9e3779b97f4a7c15ull);
    if (how >= 5u) {
        const uint32_t shift = h->wide ? h->ix.shift : h->ix32.generic_.shift;
        const uint32_t bucket = how & 1u;
        for (tries = 0u; shift != 0u && tries < 4096u && bento_index_hash(key) >> shift != bucket;
             tries++) {
            key = key_of(h, key + 1u);
        }
    }
    return key;
}

/* The buffer copied byte for byte to a new heap block and reopened there. */
static void reopen_copy(harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    memcpy(copy, h->memory, h->bytes);
    free(h->memory);
    h->memory = copy;
    FUZZ_EQ(do_open(h), BENTO_OK);
}

/* An absent key's insert or upsert, answered s: BENTO_E_FULL at the load limit, or below it
 * when the model finds no room (nothing written then: `before` is the buffer before); else
 * BENTO_OK, and the model takes the key. */
static void added(harness *h, uint64_t key, uint32_t value, bento_status s,
                  const unsigned char *before)
{
    model *m = &h->m;
    if (m->count == do_max(h) || (s == BENTO_E_FULL && !do_room(h, key))) {
        FUZZ_EQ(s, BENTO_E_FULL);
        FUZZ_CHECK(memcmp(before, h->memory, h->bytes) == 0);
    } else {
        FUZZ_EQ(s, BENTO_OK);
        m->key[m->count] = key;
        m->value[m->count++] = value;
    }
}

static void sound_step(harness *h, fuzz_input *in, unsigned char *before)
{
    model *m = &h->m;
    const uint64_t key = some_key(h, in);
    const int at = model_find(m, key);
    uint32_t value = fuzz_u32(in), *v;
    bento_status s;
    switch (fuzz_u8(in) % 8u) {
    case 0:
    case 1:
        memcpy(before, h->memory, h->bytes);
        s = do_put(h, key, value, false);
        if (at >= 0) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else {
            added(h, key, value, s, before);
        }
        break;
    case 2:
        memcpy(before, h->memory, h->bytes);
        s = do_put(h, key, value, true);
        if (at >= 0) {
            FUZZ_EQ(s, BENTO_OK);
            m->value[at] = value;
        } else {
            added(h, key, value, s, before);
        }
        break;
    case 3:
    case 4:
        value = 12345u;
        s = do_remove(h, key, &value);
        if (at >= 0) {
            FUZZ_EQ(s, BENTO_OK);
            FUZZ_EQ(value, m->value[at]);
            m->key[at] = m->key[m->count - 1u];
            m->value[at] = m->value[--m->count];
        } else {
            FUZZ_EQ(s, BENTO_E_NOT_FOUND);
        }
        break;
    case 5:
        v = do_get(h, key);
        FUZZ_EQ(v != NULL, at >= 0);
        if (v != NULL) {
            FUZZ_EQ(*v, m->value[at]);
            *v = m->value[at] = fuzz_u32(in); /* written in place */
        }
        break;
    case 6:
        if (fuzz_u8(in) < 16u) {
            do_clear(h);
            m->count = 0u;
        } else {
            reopen_copy(h);
        }
        break;
    default: {
        uint64_t sum, want = 0u;
        uint32_t i;
        FUZZ_EQ(iterate(h, &sum), m->count);
        for (i = 0u; i < m->count; i++) {
            want += m->value[i];
        }
        FUZZ_EQ(sum, want);
        break;
    }
    }
    FUZZ_EQ(do_count(h), m->count);
    FUZZ_EQ(do_check(h), BENTO_OK);
}

/* Operations on a buffer that may be damaged: answers are unchecked, accesses are not. */
static void damaged_step(harness *h, fuzz_input *in)
{
    const uint64_t key = some_key(h, in);
    uint64_t sum;
    uint32_t value;
    switch (fuzz_u8(in) % 5u) {
    case 0: (void)do_put(h, key, fuzz_u32(in), false); break;
    case 1: (void)do_put(h, key, fuzz_u32(in), true); break;
    case 2: (void)do_remove(h, key, &value); break;
    case 3: (void)do_get(h, key); break;
    default: (void)iterate(h, &sum); break;
    }
    FUZZ_CHECK(do_count(h) <= h->capacity);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    static unsigned char before[BENTO_INDEX_BYTES(MAX_CAPACITY)];
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n;
    h.wide = (fuzz_u8(&in) & 1u) != 0u;
    h.capacity = 8u << fuzz_below(&in, 6u); /* 8 to 256 */
    h.bytes = bytes_for(h.wide, h.capacity);
    h.memory = fuzz_alloc(h.bytes);
    h.m.count = 0u;
    FUZZ_EQ(do_init(&h), BENTO_OK);
    for (steps = 0u; steps < 400u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        sound_step(&h, &in, before);
    }
    /* damage: a few bytes anywhere in the buffer, header included */
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    (void)do_check(&h);
    for (steps = 0u; steps < 200u && fuzz_more(&in); steps++) {
        damaged_step(&h, &in);
    }
    (void)do_check(&h);
    if (do_open(&h) == BENTO_OK) {
        FUZZ_EQ(do_check(&h), BENTO_OK);
    } else {
        FUZZ_EQ(do_count(&h), 0u); /* inert */
        FUZZ_CHECK(do_get(&h, 1u) == NULL);
    }
    free(h.memory);
    return 0;
}
