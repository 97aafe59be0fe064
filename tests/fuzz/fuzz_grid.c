/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_grid.c - the grid, growing or sliding, against a plain model, then damaged.
 *
 * The input chooses 1 to 4 axes, a cell size (1 to 8 bytes) and either a growing grid (1 to
 * 1024 cells) or a window (power-of-two sizes, at most 256 cells), then operations: insert,
 * insert_from, ensure and remove at points near the origin or at the ends of the int32 range (growth in every
 * direction, growth refused when the box would not fit), window moves by a step or a jump with
 * every evicted element checked, full iteration, clear, and reopening a byte copy of the buffer
 * at another address. The model is the list of (point, bytes) pairs; after every operation the
 * grid must hold exactly those, each cell the bytes written for its point (they survive every
 * relayout), and bento_grid_check must pass. Then a few bytes of the buffer are overwritten and
 * operations go on, every access inside the buffer (an exact-size heap block under
 * AddressSanitizer) and every cell answered inside the cells; last, open on the damaged bytes.
 */
#include <bento/grid.h>

#include "fuzz.h"

#define MAX_ELEMENTS 256u

typedef struct harness {
    bento_grid grid;
    unsigned char *memory;
    size_t bytes, cell_size;
    unsigned dims;
    bool window;
    int32_t point[MAX_ELEMENTS][4];
    uint32_t count;
    uint32_t evicted; /* by the last focus */
    bool evict_ok;
} harness;

static unsigned char stamp(const int32_t *p, size_t k)
{
    return (unsigned char)((uint32_t)p[0] * 3u + (uint32_t)p[1] * 5u + (uint32_t)p[2] * 7u +
                           (uint32_t)p[3] * 11u + k);
}

static void write_cell(const harness *h, unsigned char *cell, const int32_t *p)
{
    size_t k;
    for (k = 0u; k < h->cell_size; k++) {
        cell[k] = stamp(p, k);
    }
}

static bool cell_holds(const harness *h, const unsigned char *cell, const int32_t *p)
{
    size_t k;
    for (k = 0u; k < h->cell_size; k++) {
        if (cell[k] != stamp(p, k)) {
            return false;
        }
    }
    return true;
}

static int find(const harness *h, const int32_t *p)
{
    uint32_t i;
    for (i = 0u; i < h->count; i++) {
        if (memcmp(h->point[i], p, sizeof h->point[i]) == 0) {
            return (int)i;
        }
    }
    return -1;
}

static void inside_cells(const harness *h, const void *cell)
{
    if (cell != NULL) {
        FUZZ_CHECK(fuzz_inside(cell, h->cell_size, h->memory, h->bytes));
    }
}

static void some_point(const harness *h, fuzz_input *in, int32_t *p)
{
    unsigned d;
    memset(p, 0, 4u * sizeof *p);
    if ((fuzz_u8(in) & 3u) == 0u && h->count != 0u) {
        memcpy(p, h->point[fuzz_below(in, h->count)], 4u * sizeof *p);
        return;
    }
    for (d = 0u; d < h->dims; d++) {
        p[d] = (fuzz_u8(in) & 7u) == 0u ? (int32_t)fuzz_edge(in) : (int32_t)fuzz_u8(in) / 8 - 16;
    }
}

/* Whether p lies in the grid's box now. */
static bool in_box(const harness *h, const int32_t *p)
{
    unsigned d;
    for (d = 0u; d < h->dims; d++) {
        const int64_t o = bento_grid_origin(&h->grid, d);
        if (p[d] < o || p[d] > o + (int64_t)bento_grid_extent(&h->grid, d) - 1) {
            return false;
        }
    }
    return true;
}

static void on_evict(void *context, const int32_t *coords, void *cell)
{
    harness *h = (harness *)context;
    int32_t p[4] = {0, 0, 0, 0};
    const int at = (memcpy(p, coords, h->dims * sizeof *p), find(h, p));
    h->evicted++;
    /* an element the model holds, with its bytes, leaving the box */
    h->evict_ok = h->evict_ok && at >= 0 && cell_holds(h, (const unsigned char *)cell, p);
}

static void agree(const harness *h)
{
    bento_grid_iter it;
    uint32_t i, visited = 0u;
    FUZZ_EQ(bento_grid_count(&h->grid), h->count);
    for (i = 0u; i < h->count; i++) {
        const unsigned char *cell = (const unsigned char *)bento_grid_get(&h->grid, h->point[i]);
        FUZZ_CHECK(cell != NULL && cell_holds(h, cell, h->point[i]));
    }
    bento_grid_iter_init(&it, &h->grid, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        int32_t p[4] = {0, 0, 0, 0};
        memcpy(p, it.coords, h->dims * sizeof *p);
        FUZZ_CHECK(find(h, p) >= 0);
        inside_cells(h, it.cell);
        visited++;
    }
    FUZZ_EQ(visited, h->count);
    FUZZ_EQ(bento_grid_check(&h->grid), BENTO_OK);
}

static void reopen_copy(harness *h)
{
    unsigned char *copy = fuzz_alloc(h->bytes);
    memcpy(copy, h->memory, h->bytes);
    free(h->memory);
    h->memory = copy;
    FUZZ_EQ(bento_grid_open(&h->grid, h->memory, h->bytes), BENTO_OK);
}

static void step(harness *h, fuzz_input *in, bool sound)
{
    int32_t p[4];
    void *cell = NULL;
    bento_status s;
    unsigned op;
    some_point(h, in, p);
    op = fuzz_u8(in) % 7u;
    switch (op) {
    case 0:
    case 1:
    case 2: {
        const int at = find(h, p);
        const bool was_in = in_box(h, p);
        unsigned char value[8];
        if (op == 2u) { /* the value stored by insert_from: cell stays NULL */
            write_cell(h, value, p);
            s = bento_grid_insert_from(&h->grid, p, value);
        } else {
            s = bento_grid_insert(&h->grid, p, &cell);
        }
        inside_cells(h, cell);
        if (!sound) {
            return;
        }
        if (at >= 0) {
            FUZZ_EQ(s, BENTO_E_EXISTS);
        } else if (s == BENTO_OK) {
            FUZZ_CHECK(h->count < MAX_ELEMENTS && (cell != NULL) == (op != 2u));
            FUZZ_CHECK(!h->window || was_in);
            if (op != 2u) {
                write_cell(h, (unsigned char *)cell, p);
            }
            memcpy(h->point[h->count++], p, sizeof p);
        } else {
            /* refused: the box cannot grow to take the point (or the window does not hold it) */
            FUZZ_EQ(s, BENTO_E_FULL);
            FUZZ_CHECK(!was_in);
        }
        if (s != BENTO_OK) {
            FUZZ_CHECK(cell == NULL);
        }
        break;
    }
    case 3:
        s = bento_grid_ensure(&h->grid, p);
        if (sound) {
            FUZZ_CHECK(s == BENTO_OK || (s == BENTO_E_FULL && !in_box(h, p)));
            FUZZ_EQ(s == BENTO_OK, in_box(h, p));
        }
        break;
    case 4: {
        const int at = find(h, p);
        s = bento_grid_remove(&h->grid, p);
        if (!sound) {
            return;
        }
        FUZZ_EQ(s, at >= 0 ? BENTO_OK : BENTO_E_NOT_FOUND);
        if (at >= 0) {
            memcpy(h->point[at], h->point[--h->count], sizeof h->point[at]);
        }
        break;
    }
    case 5: {
        uint32_t i, kept = 0u;
        h->evicted = 0u;
        h->evict_ok = true;
        s = bento_grid_focus(&h->grid, p, on_evict, h);
        if (!sound) {
            return;
        }
        if (!h->window) {
            FUZZ_EQ(s, BENTO_E_ARGUMENT);
            FUZZ_EQ(h->evicted, 0u);
            break;
        }
        FUZZ_EQ(s, BENTO_OK);
        FUZZ_CHECK(h->evict_ok);
        for (i = 0u; i < h->count; i++) { /* the model keeps what the new box holds */
            if (in_box(h, h->point[i])) {
                memmove(h->point[kept++], h->point[i], sizeof h->point[i]);
            }
        }
        FUZZ_EQ(h->evicted, h->count - kept);
        h->count = kept;
        break;
    }
    default:
        if (!sound) {
            inside_cells(h, bento_grid_get(&h->grid, p));
            return;
        }
        if (fuzz_u8(in) < 32u) {
            bento_grid_clear(&h->grid);
            h->count = 0u;
        } else {
            reopen_copy(h);
        }
        break;
    }
    if (sound) {
        agree(h);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static harness h;
    fuzz_input in = fuzz_start(data, size);
    uint32_t steps, n, capacity = 1u;
    memset(&h, 0, sizeof h);
    h.dims = 1u + fuzz_below(&in, 4u);
    h.cell_size = 1u + fuzz_below(&in, 8u);
    h.window = (fuzz_u8(&in) & 1u) != 0u;
    if (h.window) {
        uint32_t window[4];
        unsigned d, log = 0u;
        for (d = 0u; d < h.dims; d++) {
            const unsigned bits = fuzz_below(&in, 9u - log > 4u ? 5u : 9u - log);
            window[d] = 1u << bits;
            log += bits;
        }
        capacity = 1u << log; /* at most 256 */
        h.bytes = BENTO_GRID_BYTES(capacity, h.cell_size);
        h.memory = fuzz_alloc(h.bytes);
        FUZZ_EQ(bento_grid_init_window(&h.grid, h.memory, h.bytes, h.dims, h.cell_size, window),
                BENTO_OK);
    } else {
        capacity = 1u + fuzz_below(&in, 1024u);
        h.bytes = BENTO_GRID_BYTES(capacity, h.cell_size);
        h.memory = fuzz_alloc(h.bytes);
        FUZZ_EQ(bento_grid_init(&h.grid, h.memory, h.bytes, h.dims, h.cell_size, capacity),
                BENTO_OK);
    }
    for (steps = 0u; steps < 200u && fuzz_more(&in) && fuzz_u8(&in) != 0xffu; steps++) {
        step(&h, &in, true);
    }
    for (n = fuzz_below(&in, 8u); n != 0u; n--) {
        h.memory[fuzz_below(&in, (uint32_t)h.bytes)] ^= (uint8_t)(1u + fuzz_u8(&in) % 255u);
    }
    (void)bento_grid_check(&h.grid);
    for (steps = 0u; steps < 100u && fuzz_more(&in); steps++) {
        step(&h, &in, false);
    }
    if (bento_grid_open(&h.grid, h.memory, h.bytes) == BENTO_OK) {
        FUZZ_EQ(bento_grid_check(&h.grid), BENTO_OK);
    } else {
        FUZZ_EQ(bento_grid_count(&h.grid), 0u);
    }
    free(h.memory);
    return 0;
}
