/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_sparse_set.c - two sparse sets of one key layout against a plain model, then
 * damaged.
 *
 * The input chooses the key layout: plain ids, or 1 to 8 index bits with a generation of up to
 * 32 - index_bits bits (few bits; all the rest, so that a set whose capacity is 2^index_bits
 * drops the top generation bit; 16 to 31 bits in all, so that the entries are 32 bits wide and
 * bit 31 is a stray bit; or any). Then, for each of the two sets, a universe and a capacity
 * (often the full 2^index_bits of both) and up to three columns (1 to 12-byte elements). Then
 * operations on either set: insert and remove of present keys, of other generations of them,
 * of them with the top generation bit flipped, with bit 31 or other stray bits set, of the
 * other set's keys, of absent keys and keys beyond the universe; lookups; the in-place sorts
 * (heap, insertion), the radix and merge sorts; sort_as, by the other set or by itself; clear;
 * reopening a byte copy of the buffer at another address.
 *
 * The model of a set is the dense order of its keys. After every operation the set must hold
 * exactly that order, every key's column elements must hold the bytes written for it (they
 * follow their key through every move), bento_sparse_set_check must pass, and lookups must
 * answer as the contract says: a present key at its position; a key that is not well formed
 * (index beyond the universe, bits above its generation, generation 0) nowhere, and its remove
 * must fail
 * leaving every other key and row in place; any other key nowhere, except for the loss that
 * bento/sparse_set.h documents ("Entries"): in a set that drops the top generation bit, a
 * well-formed key that differs from a present key only in bit 31 may be found as that key
 * (and its remove may remove that key). sort_as must leave a permutation of the set's own
 * keys, the keys matched in the other set first, in the other set's order.
 *
 * Then the buffer of the first set is damaged: a few bytes overwritten, its count edited, or
 * both; operations go on, every access inside the buffer and the columns (exact-size heap
 * blocks under AddressSanitizer); last, open on the damaged bytes. When open accepts them,
 * check must too, and the set must then behave as a sound set holding the keys it reports:
 * the model is rebuilt from those and operations go on against it.
 *
 * Two switches narrow what the input can choose, for runs that look at one class of key at a
 * time (the normal build sets neither): -DFUZZ_KEEP_EVERY_BIT never gives a set a capacity of
 * 2^index_bits, so that every set keeps every bit of a key; -DFUZZ_NO_STRAY_BITS makes up no
 * key with bits above its generation.
 */
#include <bento/sparse_set.h>

#include "fuzz.h"

#define MAX_CAPACITY 64u
#define MAX_COLUMNS 3u
#define TOP_BIT 0x80000000u

typedef struct side {
    bento_sparse_set set;
    bento_sparse_set_column columns[MAX_COLUMNS];
    unsigned char *memory;
    size_t bytes;
    uint32_t universe, capacity, column_count;
    bool lossy; /* capacity 2^index_bits, 32-bit entries: key bit 31 is not kept */
    uint32_t keys[MAX_CAPACITY]; /* the model: the dense order */
    uint32_t count;
} side;

typedef struct harness {
    side s[2];
    unsigned index_bits, generation_bits;
} harness;

static uint32_t index_mask(const harness *h)
{
    return h->index_bits == 32u ? UINT32_MAX : (1u << h->index_bits) - 1u;
}

/* The bits above index and generation: 0 in every well-formed key. */
static uint32_t stray_mask(const harness *h)
{
    const unsigned used = h->index_bits + h->generation_bits;
    return used >= 32u ? 0u : ~((1u << used) - 1u);
}

/* The top generation bit (0 without a generation). */
static uint32_t top_generation(const harness *h)
{
    return h->generation_bits == 0u ? 0u : 1u << (h->index_bits + h->generation_bits - 1u);
}

/* Inside the universe, no stray bits, and, with a generation, not generation 0 (the null
 * handle's). */
static bool well_formed(const harness *h, const side *S, uint32_t key)
{
    return (key & index_mask(h)) < S->universe && (key & stray_mask(h)) == 0u &&
           (h->generation_bits == 0u || (key & ~index_mask(h)) != 0u);
}

/* The byte a key's element holds at offset k of column c. */
static unsigned char stamp(uint32_t key, uint32_t c, size_t k)
{
    return (unsigned char)(key * 31u + c * 7u + k);
}

static void write_row(const side *S, uint32_t position, uint32_t key)
{
    uint32_t c;
    size_t k;
    for (c = 0u; c < S->column_count; c++) {
        unsigned char *e = (unsigned char *)S->columns[c].data + (size_t)position * S->columns[c].size;
        for (k = 0u; k < S->columns[c].size; k++) {
            e[k] = stamp(key, c, k);
        }
    }
}

/* Position of `key` in the model, or -1. */
static int model_find(const side *S, uint32_t key)
{
    uint32_t i;
    for (i = 0u; i < S->count; i++) {
        if (S->keys[i] == key) {
            return (int)i;
        }
    }
    return -1;
}

static int model_find_index(const harness *h, const side *S, uint32_t index)
{
    uint32_t i;
    for (i = 0u; i < S->count; i++) {
        if ((S->keys[i] & index_mask(h)) == index) {
            return (int)i;
        }
    }
    return -1;
}

/* Position of the present key that `key` may be taken for under the documented loss, or -1:
 * in a lossy set, a key inside the universe with no stray bits that differs from a present one
 * only in bit 31 (generation 0 included: the key whose generation is bit 31 alone keeps no
 * generation bit in its entry). */
static int model_alias(const harness *h, const side *S, uint32_t key)
{
    if (!S->lossy || (key & index_mask(h)) >= S->universe || (key & stray_mask(h)) != 0u) {
        return -1;
    }
    return model_find(S, key ^ TOP_BIT);
}

/* What the lookups of `key` answer, against the model. */
static void lookups_agree(const harness *h, const side *S, uint32_t key)
{
    const uint32_t p = bento_sparse_set_index_of(&S->set, key);
    const int exact = well_formed(h, S, key) ? model_find(S, key) : -1;
    const int alias = model_alias(h, S, key);
    uint32_t c;
    if (exact >= 0) {
        FUZZ_EQ(p, exact);
    } else if (alias >= 0 && p != BENTO_NONE) {
        FUZZ_EQ(p, alias); /* the documented loss: taken for the key it differs from in bit 31 */
    } else {
        FUZZ_EQ(p, BENTO_NONE); /* absent, stale or malformed: found nowhere */
    }
    FUZZ_EQ(bento_sparse_set_contains(&S->set, key), p != BENTO_NONE);
    for (c = 0u; c < S->column_count; c++) {
        const unsigned char *e = (const unsigned char *)bento_sparse_set_get(&S->set, key, c);
        if (p == BENTO_NONE) {
            FUZZ_CHECK(e == NULL);
        } else {
            FUZZ_CHECK(e == (const unsigned char *)S->columns[c].data + (size_t)p * S->columns[c].size);
        }
    }
}

static void agree(const harness *h, const side *S)
{
    const uint32_t *keys = bento_sparse_set_keys(&S->set);
    uint32_t i, c;
    size_t k;
    FUZZ_EQ(bento_sparse_set_count(&S->set), S->count);
    for (i = 0u; i < S->count; i++) {
        const uint32_t key = S->keys[i];
        FUZZ_EQ(keys[i], key);
        FUZZ_EQ(bento_sparse_set_index_of(&S->set, key), i);
        for (c = 0u; c < S->column_count; c++) {
            const unsigned char *e = (const unsigned char *)bento_sparse_set_get(&S->set, key, c);
            FUZZ_CHECK(e != NULL);
            for (k = 0u; k < S->columns[c].size; k++) {
                FUZZ_EQ(e[k], stamp(key, c, k));
            }
        }
        /* its spellings with stray bits (bit 31 first) are found nowhere; with the top
           generation bit flipped, nowhere or, in a lossy set, as itself */
#ifndef FUZZ_NO_STRAY_BITS
        if ((stray_mask(h) & TOP_BIT) != 0u) {
            lookups_agree(h, S, key | TOP_BIT);
        }
        if (stray_mask(h) != 0u) {
            lookups_agree(h, S, key | (stray_mask(h) & (0u - stray_mask(h)))); /* the lowest */
        }
#endif
        if (top_generation(h) != 0u) {
            lookups_agree(h, S, key ^ top_generation(h));
        }
    }
    FUZZ_EQ(bento_sparse_set_check(&S->set), BENTO_OK);
}

static uint32_t variant(const harness *h, fuzz_input *in, uint32_t key)
{
    const uint32_t generations = h->generation_bits == 0u ? 1u : 1u << h->generation_bits;
    switch (fuzz_u8(in) % 6u) {
    case 0: /* another generation of it */
        return h->index_bits == 32u
                   ? key
                   : (key & index_mask(h)) | (fuzz_below(in, generations) << h->index_bits);
    case 1: /* the top generation bit flipped: the bit a lossy set drops */
        return key ^ top_generation(h);
    case 2: /* bit 31 set: a stray bit unless it is the top generation bit */
        return key | TOP_BIT;
    case 3: /* other stray bits */
        return key | (fuzz_u32(in) & stray_mask(h));
    default:
        return key;
    }
}

static uint32_t make_key(const harness *h, const side *S, const side *O, fuzz_input *in)
{
    const uint32_t generations = h->generation_bits == 0u ? 1u : 1u << h->generation_bits;
    switch (fuzz_u8(in) & 7u) {
    case 0:
    case 1:
    case 2:
        if (S->count != 0u) {
            return variant(h, in, S->keys[fuzz_below(in, S->count)]);
        }
        return 0u;
    case 3:
        if (O->count != 0u) { /* the other set's key, as it is or spelled another way */
            return variant(h, in, O->keys[fuzz_below(in, O->count)]);
        }
        return 0u;
    case 4:
        return fuzz_edge(in);
    default: {
        const uint32_t index = fuzz_below(in, S->universe + 2u);
        return h->index_bits == 32u ? index : index | fuzz_below(in, generations) << h->index_bits;
    }
    }
}

static uint32_t some_key(const harness *h, const side *S, const side *O, fuzz_input *in)
{
#ifdef FUZZ_NO_STRAY_BITS
    return make_key(h, S, O, in) & ~stray_mask(h);
#else
    return make_key(h, S, O, in);
#endif
}

static int by_key_desc(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    (void)context;
    return x < y ? 1 : x > y ? -1 : 0;
}

static void model_sort(side *S, bool descending)
{
    uint32_t i, j;
    for (i = 1u; i < S->count; i++) {
        const uint32_t key = S->keys[i];
        for (j = i; j > 0u && (descending ? S->keys[j - 1u] < key : S->keys[j - 1u] > key); j--) {
            S->keys[j] = S->keys[j - 1u];
        }
        S->keys[j] = key;
    }
}

/* Where the key of O that `key` of S matches is in O (its exact key, or in a lossy S the one
 * that differs only in bit 31), or -1. */
static int matched_in(const harness *h, const side *S, const side *O, uint32_t key)
{
    const int exact = model_find(O, key);
    if (exact >= 0 || !S->lossy || !well_formed(h, S, key ^ TOP_BIT)) {
        return exact;
    }
    return model_find(O, key ^ TOP_BIT);
}

/* sort_as(S, O): a permutation of S's own keys, every key of S that O holds exactly among the
 * first ones, those in O's order (a lossy S may place the keys it takes for O's too). */
static void sort_as_agrees(const harness *h, side *S, const side *O)
{
    const uint32_t *keys = bento_sparse_set_keys(&S->set);
    bool used[MAX_CAPACITY] = {false};
    uint32_t i, placed;
    int last = -1;
    FUZZ_EQ(bento_sparse_set_count(&S->set), S->count);
    for (i = 0u; i < S->count; i++) {
        const int at = model_find(S, keys[i]); /* never a key S does not hold */
        FUZZ_CHECK(at >= 0);
        FUZZ_CHECK(!used[at]);
        used[at] = true;
    }
    if (S == O) {
        for (i = 0u; i < S->count; i++) {
            FUZZ_EQ(keys[i], S->keys[i]);
        }
        return;
    }
    for (placed = 0u; placed < S->count; placed++) {
        const int q = matched_in(h, S, O, keys[placed]);
        if (q <= last) {
            break;
        }
        last = q;
    }
    for (i = placed; i < S->count; i++) {
        FUZZ_CHECK(model_find(O, keys[i]) < 0);
    }
    memcpy(S->keys, keys, (size_t)S->count * sizeof keys[0]);
}

static void reopen_copy(side *S)
{
    unsigned char *copy = fuzz_alloc(S->bytes);
    memcpy(copy, S->memory, S->bytes);
    free(S->memory);
    S->memory = copy;
    FUZZ_EQ(bento_sparse_set_open(&S->set, S->memory, S->bytes, S->columns, S->column_count),
            BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    const uint8_t op = fuzz_u8(in);
    side *S = &h->s[sound ? op >> 7 : 0u], *O = &h->s[sound ? 1u - (op >> 7) : 1u];
    const uint32_t key = some_key(h, S, O, in);
    const uint32_t index = key & index_mask(h);
    const bool formed = well_formed(h, S, key);
    uint32_t position = 0u;
    bento_status s;
    switch ((op & 0x7fu) % 9u) {
    case 0:
    case 1:
    case 2:
        s = bento_sparse_set_insert(&S->set, key, &position);
        if (!sound) {
            if (s == BENTO_OK) {
                FUZZ_CHECK(position < S->capacity);
            }
            return;
        }
        if (formed && model_find_index(h, S, index) >= 0) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else if (S->count == S->capacity) {
            FUZZ_EQ(s, BENTO_E_FULL);
        } else if (!formed) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else {
            FUZZ_EQ(s, BENTO_OK);
            FUZZ_EQ(position, S->count);
            write_row(S, position, key);
            S->keys[S->count++] = key;
        }
        if (s != BENTO_OK) {
            FUZZ_EQ(position, BENTO_NONE);
        }
        break;
    case 3:
    case 4: {
        const int at = formed ? model_find(S, key) : -1;
        const int alias = model_alias(h, S, key);
        s = bento_sparse_set_remove(&S->set, key);
        if (!sound) {
            return;
        }
        if (at >= 0 || (alias >= 0 && s == BENTO_OK)) {
            /* the key, or under the documented loss the one it is taken for */
            FUZZ_EQ(s, BENTO_OK);
            S->keys[at >= 0 ? at : alias] = S->keys[--S->count]; /* swap and pop */
        } else if (!formed) {
            /* a malformed key is refused as insert refuses it, and nothing moves (agree below) */
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else {
            FUZZ_EQ(s, BENTO_E_NOT_FOUND);
        }
        break;
    }
    case 5: {
        const bento_sparse_set_sort_mode mode =
            (fuzz_u8(in) & 1u) != 0u ? BENTO_SPARSE_SET_SORT_HEAP : BENTO_SPARSE_SET_SORT_INSERTION;
        const bool descending = (fuzz_u8(in) & 1u) != 0u;
        s = bento_sparse_set_sort(&S->set, bento_sparse_set_count(&S->set), BENTO_SPARSE_SET_BY_KEY,
                                  descending ? by_key_desc : NULL, NULL, mode);
        if (sound) {
            FUZZ_EQ(s, BENTO_OK);
            model_sort(S, descending);
        }
        break;
    }
    case 6: {
        const uint32_t n = bento_sparse_set_count(&S->set);
        const bool radix = (fuzz_u8(in) & 1u) != 0u;
        const size_t bytes = radix ? BENTO_SPARSE_SET_RADIX_BYTES(n) : BENTO_SPARSE_SET_MERGE_BYTES(n);
        unsigned char *scratch = fuzz_alloc(bytes);
        s = radix ? bento_sparse_set_sort_radix(&S->set, n, scratch, bytes)
                  : bento_sparse_set_sort_merge(&S->set, n, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                                scratch, bytes);
        free(scratch);
        if (sound) {
            FUZZ_EQ(s, BENTO_OK);
            model_sort(S, false);
        }
        break;
    }
    case 7: {
        const side *by = (fuzz_u8(in) & 7u) == 0u ? S : O;
        s = bento_sparse_set_sort_as(&S->set, &by->set);
        if (sound) {
            FUZZ_EQ(s, BENTO_OK);
            sort_as_agrees(h, S, by);
        }
        break;
    }
    default:
        if (!sound) {
            (void)bento_sparse_set_contains(&S->set, key);
            return;
        }
        if (fuzz_u8(in) < 32u) {
            bento_sparse_set_clear(&S->set);
            S->count = 0u;
        } else {
            reopen_copy(S);
        }
        break;
    }
    if (sound) {
        lookups_agree(h, S, key);
        agree(h, S);
        agree(h, O);
    } else {
        FUZZ_CHECK(bento_sparse_set_count(&S->set) <= S->capacity);
    }
}

/* After open accepted damaged bytes: the set must be a sound one holding the keys it reports.
 * The model is rebuilt from them (each row stamped afresh), and checked as after any step. */
static bool rebuild(harness *h, side *S)
{
    const bento_sparse_set *set = &S->set;
    const uint32_t *keys = bento_sparse_set_keys(set);
    uint32_t i, j;
    if (set->universe != S->universe || set->capacity != S->capacity ||
        set->index_bits != h->index_bits || set->generation_bits != h->generation_bits) {
        return false; /* the damage made another shape that open accepts: no model for it */
    }
    S->count = bento_sparse_set_count(set);
    FUZZ_CHECK(S->count <= S->capacity);
    for (i = 0u; i < S->count; i++) {
        FUZZ_CHECK(well_formed(h, S, keys[i]));
        for (j = 0u; j < i; j++) {
            FUZZ_CHECK((keys[j] & index_mask(h)) != (keys[i] & index_mask(h)));
        }
        S->keys[i] = keys[i];
        write_row(S, i, keys[i]);
    }
    agree(h, S);
    return true;
}

static void choose_side(harness *h, side *S, fuzz_input *in)
{
    uint32_t c;
    if ((fuzz_u8(in) & 3u) == 0u && h->index_bits <= 6u) {
        S->universe = S->capacity = 1u << h->index_bits; /* every index, every position bit */
    } else {
        S->universe = 1u + fuzz_below(in, h->index_bits >= 8u ? 256u : 1u << h->index_bits);
        S->capacity = 1u + fuzz_below(in, S->universe < MAX_CAPACITY ? S->universe : MAX_CAPACITY);
    }
#ifdef FUZZ_KEEP_EVERY_BIT
    if (h->index_bits < 32u && S->capacity == 1u << h->index_bits) {
        S->capacity--; /* capacity 1 at 1 index bit: universe 2, capacity 1 */
        S->capacity += S->capacity == 0u ? 1u : 0u;
    }
#endif
    S->column_count = fuzz_below(in, MAX_COLUMNS + 1u);
    for (c = 0u; c < S->column_count; c++) {
        S->columns[c].size = 1u + fuzz_below(in, 12u);
        S->columns[c].bytes = (size_t)S->capacity * S->columns[c].size;
        S->columns[c].data = fuzz_alloc(S->columns[c].bytes);
    }
    S->lossy = h->index_bits < 32u && S->capacity == 1u << h->index_bits &&
               h->index_bits + h->generation_bits == 32u &&
               BENTO_SPARSE_SET_WIDTH(S->capacity, h->index_bits, h->generation_bits) == 4u;
    S->bytes = BENTO_SPARSE_SET_BYTES(S->universe, S->capacity, h->index_bits, h->generation_bits,
                                      S->column_count);
    S->memory = fuzz_alloc(S->bytes);
    FUZZ_EQ(bento_sparse_set_init(&S->set, S->memory, S->bytes, S->universe, S->capacity,
                                  h->index_bits, h->generation_bits,
                                  S->column_count != 0u ? S->columns : NULL, S->column_count),
            BENTO_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    side *S = &h.s[0];
    uint32_t steps, n, c, i;
    memset(&h, 0, sizeof h);
    if ((fuzz_u8(&in) & 7u) == 0u) {
        h.index_bits = 32u; /* plain ids */
        h.generation_bits = 0u;
    } else {
        h.index_bits = 1u + fuzz_below(&in, 8u);
        switch (fuzz_u8(&in) & 3u) {
        case 0: /* a few generation bits */
            h.generation_bits = fuzz_below(&in, 9u);
            break;
        case 1: /* all the rest: 32-bit handles, the top generation bit dropped at 2^index_bits */
            h.generation_bits = 32u - h.index_bits;
            break;
        case 2: /* 16 to 31 bits in all: 32-bit entries, bit 31 a stray bit */
            h.generation_bits = 16u - h.index_bits + fuzz_below(&in, 16u);
            break;
        default:
            h.generation_bits = fuzz_below(&in, 33u - h.index_bits);
            break;
        }
    }
    choose_side(&h, &h.s[0], &in);
    choose_side(&h, &h.s[1], &in);
    for (steps = 0u; steps < 300u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    /* damage to the first set: bytes anywhere in its buffer, and its count's copy moved */
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        S->memory[fuzz_below(&in, (uint32_t)S->bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    if ((fuzz_u8(&in) & 3u) == 0u) {
        uint32_t *count = &S->set.saved->count;
        FUZZ_CHECK(fuzz_inside(count, 4u, S->memory, S->bytes));
        *count += (fuzz_u8(&in) & 1u) != 0u ? 1u : UINT32_MAX;
    }
    (void)bento_sparse_set_check(&S->set);
    for (steps = 0u; steps < 200u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, false);
    }
    if (bento_sparse_set_open(&S->set, S->memory, S->bytes, S->columns, S->column_count) == BENTO_OK) {
        FUZZ_EQ(bento_sparse_set_check(&S->set), BENTO_OK);
        if (rebuild(&h, S)) {
            for (steps = 0u; steps < 100u && fuzz_more(&in); steps++) {
                step(&h, &in, true);
            }
        }
    } else {
        FUZZ_EQ(bento_sparse_set_count(&S->set), 0u);
    }
    for (i = 0u; i < 2u; i++) {
        free(h.s[i].memory);
        for (c = 0u; c < h.s[i].column_count; c++) {
            free(h.s[i].columns[c].data);
        }
    }
    return 0;
}
