/* SPDX-License-Identifier: MIT */
/* tests/cut/grids.c - the cut-point drivers of the grid: growing (its growths relayout the
 * cells in place) and as a sliding window. */
#include "cut.h"

#include <string.h>

#include <bento/grid.h>

typedef struct grid_obj {
    bento_grid grid;
} grid_obj;

/* A cell chosen at random among the occupied ones: its coordinates into p. */
static bool occupied_cell(const bento_grid *g, cut_rng *r, int32_t *p)
{
    bento_grid_iter it;
    uint32_t skip;
    if (bento_grid_count(g) == 0u) {
        return false;
    }
    skip = cut_below(r, bento_grid_count(g));
    bento_grid_iter_init(&it, g, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        if (skip-- == 0u) {
            p[0] = it.coords[0];
            p[1] = it.coords[1];
            return true;
        }
    }
    return false;
}

/* count and the box; per element its coordinates and cell, sorted */
static void grid_dump_cells(const bento_grid *g, size_t cell_size, cut_dump *d)
{
    bento_grid_iter it;
    unsigned axis;
    cut_dump_reset(d, 8u + cell_size);
    cut_dump_u32(d, bento_grid_count(g));
    for (axis = 0u; axis < 2u; axis++) {
        cut_dump_u32(d, (uint32_t)bento_grid_origin(g, axis));
        cut_dump_u32(d, bento_grid_extent(g, axis));
    }
    bento_grid_iter_init(&it, g, NULL, NULL);
    while (bento_grid_iter_next(&it)) {
        unsigned char *rec = cut_dump_rec(d);
        /* big-endian with the sign flipped: bytewise order is coordinate order */
        uint32_t c;
        unsigned j;
        for (axis = 0u; axis < 2u; axis++) {
            c = (uint32_t)it.coords[axis] ^ 0x80000000u;
            for (j = 0u; j < 4u; j++) {
                rec[axis * 4u + j] = (unsigned char)(c >> (24u - 8u * j));
            }
        }
        memcpy(rec + 8, it.cell, cell_size);
    }
    cut_dump_sort(d);
}

/* ---------------------------------------------------------------- growing grid */

/* 2D, 6-byte cells (moved bytewise), up to 256 cells (a 16 x 16 box). */
#define GG_CELL 6u
#define GG_CAP 256u

enum { G_INSERT, G_INSERT_GROWS, G_ENSURE_GROWS, G_REMOVE, G_CLEAR, G_ENSURE, G_INSERT_FROM,
       G_INSERT_FROM_GROWS };
static const char *const gg_kinds[] = {"insert", "insert (grows)", "ensure (grows)",
                                       "remove", "clear", "ensure (inside)", "insert_from",
                                       "insert_from (grows)"};

static bento_align_unit gg_mem[BENTO_GRID_BYTES(GG_CAP, GG_CELL) / sizeof(bento_align_unit) + 1u];

static void gg_setup(void *obj, cut_rng *r)
{
    (void)r;
    memset(gg_mem, 0, sizeof gg_mem);
    (void)bento_grid_init(&((grid_obj *)obj)->grid, gg_mem, sizeof gg_mem, 2u, GG_CELL, GG_CAP);
    cut_region_add(gg_mem, sizeof gg_mem);
}

static void gg_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_grid *g = &((const grid_obj *)obj)->grid;
    uint32_t x = cut_below(r, 100u);
    /* mostly near the middle; sometimes farther, where the box cannot follow */
    int32_t reach = cut_chance(r, 85u) ? 7 : 15;
    op->p[0] = cut_range(r, -reach, reach + 1);
    op->p[1] = cut_range(r, -reach, reach + 1);
    if (x < 3u) {
        op->base = G_CLEAR;
    } else if (x < 13u) {
        op->base = G_ENSURE;
    } else if (x < 60u || !occupied_cell(g, r, op->p)) {
        op->base = cut_chance(r, 50u) ? G_INSERT : G_INSERT_FROM;
        cut_fill(r, op->bytes, GG_CELL);
    } else {
        op->base = G_REMOVE;
    }
}

static bool grew(const bento_grid *g, const uint32_t *extent)
{
    return bento_grid_extent(g, 0u) != extent[0] || bento_grid_extent(g, 1u) != extent[1];
}

static bento_status gg_run(void *obj, cut_op *op)
{
    bento_grid *g = &((grid_obj *)obj)->grid;
    uint32_t extent[2];
    bento_status st;
    extent[0] = bento_grid_extent(g, 0u);
    extent[1] = bento_grid_extent(g, 1u);
    switch (op->base) {
    case G_INSERT:
        st = bento_grid_insert(g, op->p, &op->out);
        if (grew(g, extent)) {
            op->kind = G_INSERT_GROWS;
        }
        return st;
    case G_INSERT_FROM:
        st = bento_grid_insert_from(g, op->p, op->bytes);
        if (grew(g, extent)) {
            op->kind = G_INSERT_FROM_GROWS;
        }
        return st;
    case G_ENSURE:
        st = bento_grid_ensure(g, op->p);
        if (grew(g, extent)) {
            op->kind = G_ENSURE_GROWS;
        }
        return st;
    case G_REMOVE:
        return bento_grid_remove(g, op->p);
    default:
        bento_grid_clear(g);
        return BENTO_OK;
    }
}

static void gg_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == G_INSERT) {
        memcpy(op->out, op->bytes, GG_CELL);
    }
}

static bento_status gg_open(void *obj)
{
    return bento_grid_open(&((grid_obj *)obj)->grid, gg_mem, sizeof gg_mem);
}

static bento_status grid_check(const void *obj)
{
    return bento_grid_check(&((const grid_obj *)obj)->grid);
}

static void gg_dump(const void *obj, cut_dump *d)
{
    grid_dump_cells(&((const grid_obj *)obj)->grid, GG_CELL, d);
}

const cut_driver cut_grid = {
    "grid", gg_kinds, CUT_COUNT_OF(gg_kinds),
    1u << G_INSERT_GROWS | 1u << G_ENSURE_GROWS | 1u << G_CLEAR | 1u << G_INSERT_FROM_GROWS,
    sizeof(grid_obj),
    gg_setup, gg_pick, gg_run, gg_finish, gg_open, grid_check, gg_dump,
};

/* ---------------------------------------------------------------- sliding window */

/* 2D, an 8 x 8 window of 4-byte cells. */
#define GW_CELL 4u
#define GW_SIDE 8u

enum { W_INSERT, W_REMOVE, W_FOCUS, W_CLEAR, W_INSERT_FROM };
static const char *const gw_kinds[] = {"insert", "remove", "focus (slides)", "clear",
                                       "insert_from"};

static bento_align_unit gw_mem[BENTO_GRID_BYTES(GW_SIDE * GW_SIDE, GW_CELL) / sizeof(bento_align_unit) + 1u];
static uint32_t gw_evicted;

static void gw_setup(void *obj, cut_rng *r)
{
    static const uint32_t window[2] = {GW_SIDE, GW_SIDE};
    (void)r;
    memset(gw_mem, 0, sizeof gw_mem);
    (void)bento_grid_init_window(&((grid_obj *)obj)->grid, gw_mem, sizeof gw_mem, 2u, GW_CELL,
                                 window);
    cut_region_add(gw_mem, sizeof gw_mem);
}

static void gw_pick(const void *obj, cut_rng *r, cut_op *op)
{
    const bento_grid *g = &((const grid_obj *)obj)->grid;
    uint32_t x = cut_below(r, 100u);
    unsigned axis;
    if (x < 2u) {
        op->base = W_CLEAR;
    } else if (x < 22u) {
        /* the focus is the box's centre: origin + size / 2; a step of one or two cells along
         * an axis or both, sometimes a jump */
        op->base = W_FOCUS;
        for (axis = 0u; axis < 2u; axis++) {
            int32_t centre = bento_grid_origin(g, axis) + (int32_t)(GW_SIDE / 2u);
            op->p[axis] = centre + (cut_chance(r, 90u) ? cut_range(r, -2, 2) : cut_range(r, -12, 12));
        }
    } else if (x < 65u || !occupied_cell(g, r, op->p)) {
        op->base = cut_chance(r, 50u) ? W_INSERT : W_INSERT_FROM;
        for (axis = 0u; axis < 2u; axis++) {
            op->p[axis] = bento_grid_origin(g, axis) + (int32_t)cut_below(r, GW_SIDE);
        }
        cut_fill(r, op->bytes, GW_CELL);
    } else {
        op->base = W_REMOVE;
    }
}

/* The callback sees each evicted cell; it must not change the grid. */
static void gw_evict(void *context, const int32_t *coords, void *cell)
{
    (void)context;
    (void)coords;
    (void)cell;
    gw_evicted++;
}

static bento_status gw_run(void *obj, cut_op *op)
{
    bento_grid *g = &((grid_obj *)obj)->grid;
    switch (op->base) {
    case W_INSERT:
        return bento_grid_insert(g, op->p, &op->out);
    case W_INSERT_FROM:
        return bento_grid_insert_from(g, op->p, op->bytes);
    case W_REMOVE:
        return bento_grid_remove(g, op->p);
    case W_FOCUS:
        return bento_grid_focus(g, op->p, gw_evict, NULL);
    default:
        bento_grid_clear(g);
        return BENTO_OK;
    }
}

static void gw_finish(void *obj, const cut_op *op)
{
    (void)obj;
    if (op->base == W_INSERT) {
        memcpy(op->out, op->bytes, GW_CELL);
    }
}

static bento_status gw_open(void *obj)
{
    return bento_grid_open(&((grid_obj *)obj)->grid, gw_mem, sizeof gw_mem);
}

static void gw_dump(const void *obj, cut_dump *d)
{
    grid_dump_cells(&((const grid_obj *)obj)->grid, GW_CELL, d);
}

const cut_driver cut_window = {
    "window", gw_kinds, CUT_COUNT_OF(gw_kinds), 1u << W_FOCUS | 1u << W_CLEAR, sizeof(grid_obj),
    gw_setup, gw_pick, gw_run, gw_finish, gw_open, grid_check, gw_dump,
};
