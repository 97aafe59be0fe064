/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_spatial_hash.c - the spatial hash (and the multi-value and hash indices inside
 * it) against a plain model, then damaged.
 *
 * The input chooses dims (2 or 3), a cell size, a cell capacity (8 to 64 slots) and an item
 * capacity (1 to 48), then operations: insert, move and remove of present, absent and
 * out-of-range items, at positions near the origin or at the ends of the int32 range; box and
 * radius queries (huge ones included); clear; reopening a byte copy at another address. The
 * model holds each item's position; after every operation every answer must agree with it (a
 * query finds exactly the items a scan finds; a new cell is refused once the cell index is at
 * its maximum load, or below it when the model's own search, index_room.h, finds no free slot
 * within BENTO_INDEX_MAX_MOVES moves) and bento_spatial_hash_check must pass. Then a few bytes
 * of the buffer are overwritten and operations go on, with every access inside the buffer (an
 * exact-size heap block under AddressSanitizer) and every call returning; last, open on the
 * damaged bytes.
 */
#include <bento/index.h>
#include <bento/spatial_hash.h>

#include "fuzz.h"
#include "index_room.h"

#define MAX_ITEMS 48u

typedef struct harness {
    bento_spatial_hash sh;
    unsigned char *memory;
    size_t bytes;
    uint32_t dims, shift, cells, items;
    bool in[MAX_ITEMS];
    int32_t at[MAX_ITEMS][3];
} harness;

/* The cell key the spatial hash files a position under (3D folds each axis to 21 bits). */
static uint64_t cell_key(const harness *h, const int32_t *p)
{
    uint32_t c[3] = {0u, 0u, 0u};
    uint32_t d;
    for (d = 0u; d < h->dims; d++) {
        c[d] = ((uint32_t)p[d] ^ 0x80000000u) >> h->shift;
    }
    if (h->dims == 2u) {
        return (uint64_t)c[1] << 32 | c[0];
    }
    return (uint64_t)(c[0] & 0x1fffffu) | (uint64_t)(c[1] & 0x1fffffu) << 21 |
           (uint64_t)(c[2] & 0x1fffffu) << 42;
}

/* Occupied cells of the model, and whether `key` is one of them (leaving out item `skip`). */
static uint32_t cells_used(const harness *h, uint64_t key, uint32_t skip, bool *has)
{
    uint64_t seen[MAX_ITEMS];
    uint32_t n = 0u, i, j;
    *has = false;
    for (i = 0u; i < h->items; i++) {
        uint64_t k;
        if (!h->in[i] || i == skip) {
            continue;
        }
        k = cell_key(h, h->at[i]);
        *has = *has || k == key;
        for (j = 0u; j < n && seen[j] != k; j++) {
        }
        if (j == n) {
            seen[n++] = k;
        }
    }
    return n;
}

/* Whether a new cell of key `key` is refused: the cell index at its maximum load (`used` cells),
 * or no room for the key within BENTO_INDEX_MAX_MOVES moves (answered `s`; the search is
 * consulted only when the spatial hash refused). */
static bool cell_refused(const harness *h, uint64_t key, uint32_t used, bento_status s)
{
    return used == BENTO_INDEX_MAX_COUNT(h->cells) ||
           (s == BENTO_E_FULL && !index_room64(&h->sh.cells.keys, key));
}

static int32_t coordinate(fuzz_input *in)
{
    switch (fuzz_u8(in) & 3u) {
    case 0: return (int32_t)fuzz_edge(in);
    default: return (int32_t)(fuzz_u8(in) * 7u) - 800;
    }
}

static void position(harness *h, fuzz_input *in, int32_t *p)
{
    uint32_t d;
    p[0] = p[1] = p[2] = 0;
    for (d = 0u; d < h->dims; d++) {
        p[d] = coordinate(in);
    }
}

typedef struct tally {
    uint32_t found;
    const harness *h;
} tally;

static bool count_item(void *context, uint32_t item, const int32_t *p)
{
    tally *t = (tally *)context;
    FUZZ_CHECK(item < t->h->items);
    FUZZ_CHECK(fuzz_inside(p, 4u * t->h->dims, t->h->memory, t->h->bytes));
    t->found++;
    return true;
}

static void query(harness *h, fuzz_input *in, bool sound)
{
    int32_t a[3], b[3];
    tally t;
    bento_spatial_hash_stats stats;
    bento_status s;
    uint32_t i, d, want = 0u;
    const bool ball = (fuzz_u8(in) & 1u) != 0u;
    const int32_t radius = (fuzz_u8(in) & 1u) != 0u ? (int32_t)(fuzz_edge(in) >> 1) : fuzz_u8(in);
    t.found = 0u;
    t.h = h;
    position(h, in, a);
    position(h, in, b);
    for (d = 0u; d < h->dims && !ball; d++) {
        if (a[d] > b[d]) {
            const int32_t x = a[d];
            a[d] = b[d];
            b[d] = x;
        }
    }
    s = ball ? bento_spatial_hash_query_radius(&h->sh, a, radius, count_item, &t, &stats)
             : bento_spatial_hash_query_box(&h->sh, a, b, count_item, &t, &stats);
    if (!sound) {
        return;
    }
    FUZZ_EQ(s, BENTO_OK);
    for (i = 0u; i < h->items; i++) {
        uint64_t d2 = 0u; /* up to 3 * 2^62 */
        bool inside = h->in[i];
        for (d = 0u; d < h->dims && inside; d++) {
            const int64_t p = h->at[i][d];
            if (ball) {
                inside = p >= (int64_t)a[d] - radius && p <= (int64_t)a[d] + radius;
                d2 += inside ? (uint64_t)((p - a[d]) * (p - a[d])) : 0u; /* |p - a| < 2^31 */
            } else {
                inside = p >= a[d] && p <= b[d];
            }
        }
        want += inside && (!ball || d2 <= (uint64_t)((int64_t)radius * radius));
    }
    FUZZ_EQ(t.found, want);
    FUZZ_EQ(stats.items_found, want);
}

static void reopen_copy(harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    memcpy(copy, h->memory, h->bytes);
    free(h->memory);
    h->memory = copy;
    FUZZ_EQ(bento_spatial_hash_open(&h->sh, h->memory, h->bytes), BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    const uint32_t item = fuzz_below(in, h->items + 2u); /* out of range too */
    const bool valid = item < h->items;
    int32_t p[3];
    bento_status s;
    bool has;
    position(h, in, p);
    switch (fuzz_u8(in) % 6u) {
    case 0:
    case 1: {
        const uint32_t used = cells_used(h, cell_key(h, p), BENTO_NONE, &has);
        s = bento_spatial_hash_insert(&h->sh, item, p);
        if (!sound) {
            return;
        }
        if (!valid) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else if (h->in[item]) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else if (!has && cell_refused(h, cell_key(h, p), used, s)) {
            FUZZ_EQ(s, BENTO_E_FULL);
        } else {
            FUZZ_EQ(s, BENTO_OK);
            h->in[item] = true;
            memcpy(h->at[item], p, sizeof p);
        }
        break;
    }
    case 2: {
        s = bento_spatial_hash_move(&h->sh, item, p);
        if (!sound) {
            return;
        }
        if (!valid) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
        } else if (!h->in[item]) {
            FUZZ_EQ(s, BENTO_E_NOT_FOUND);
        } else {
            /* a new cell is refused at maximum load, even when the item leaves one behind */
            const uint32_t used = cells_used(h, cell_key(h, p), BENTO_NONE, &has);
            if (!has && cell_refused(h, cell_key(h, p), used, s)) {
                FUZZ_EQ(s, BENTO_E_FULL);
            } else {
                FUZZ_EQ(s, BENTO_OK);
                memcpy(h->at[item], p, sizeof p);
            }
        }
        break;
    }
    case 3:
        s = bento_spatial_hash_remove(&h->sh, item);
        if (!sound) {
            return;
        }
        FUZZ_EQ(s, !valid ? BENTO_E_ARGUMENT : h->in[item] ? BENTO_OK : BENTO_E_NOT_FOUND);
        if (valid) {
            h->in[item] = false;
        }
        break;
    case 4:
        query(h, in, sound);
        break;
    default:
        if (!sound) {
            (void)bento_spatial_hash_get(&h->sh, item);
            return;
        }
        if (fuzz_u8(in) < 32u) {
            bento_spatial_hash_clear(&h->sh);
            memset(h->in, 0, sizeof h->in);
        } else {
            reopen_copy(h);
        }
        break;
    }
    if (!sound) {
        return;
    }
    {
        const int32_t *got = bento_spatial_hash_get(&h->sh, item);
        uint32_t i, n = 0u;
        FUZZ_EQ(got != NULL, valid && h->in[item]);
        if (got != NULL) {
            FUZZ_CHECK(fuzz_inside(got, 4u * h->dims, h->memory, h->bytes));
            FUZZ_CHECK(memcmp(got, h->at[item], 4u * h->dims) == 0);
        }
        for (i = 0u; i < h->items; i++) {
            n += h->in[i];
        }
        FUZZ_EQ(bento_spatial_hash_count(&h->sh), n);
        FUZZ_EQ(bento_spatial_hash_check(&h->sh), BENTO_OK);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n;
    memset(&h, 0, sizeof h);
    h.dims = 2u + (fuzz_u8(&in) & 1u);
    h.shift = fuzz_below(&in, 32u);
    h.cells = 8u << fuzz_below(&in, 4u); /* 8 to 64 */
    h.items = 1u + fuzz_below(&in, MAX_ITEMS);
    h.bytes = BENTO_SPATIAL_HASH_BYTES(h.cells, h.items, h.dims, 32u);
    h.memory = fuzz_alloc(h.bytes);
    FUZZ_EQ(bento_spatial_hash_init(&h.sh, h.memory, h.bytes, h.cells, h.items, h.dims, h.shift, 32u),
            BENTO_OK);
    for (steps = 0u; steps < 300u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    (void)bento_spatial_hash_check(&h.sh);
    for (steps = 0u; steps < 200u && fuzz_more(&in); steps++) {
        step(&h, &in, false);
    }
    if (bento_spatial_hash_open(&h.sh, h.memory, h.bytes) == BENTO_OK) {
        FUZZ_EQ(bento_spatial_hash_check(&h.sh), BENTO_OK);
    } else {
        FUZZ_EQ(bento_spatial_hash_count(&h.sh), 0u);
    }
    free(h.memory);
    return 0;
}
