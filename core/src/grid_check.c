/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M17 M22 M26. */
/*
 * bento/grid_check.c - the grid's invariant checker, apart from the grid so that firmware that
 * never calls it (or open) does not carry it. The contract is in bento/grid.h.
 */
#include <bento/grid.h>

#include "internal.h"

/* The header's words and the state's copy, as init wrote them and the operations keep them. */
static bool header_sound(const bento_grid *grid)
{
    const uint32_t *saved = (const uint32_t *)(const void *)grid->saved;
    const uint32_t *head = saved - BENTO_IMPL_HEAD_PARAMS - BENTO_IMPL_GRID_PARAMS;
    return bento_impl_saved_matches(grid->saved, &grid->state, sizeof grid->state) &&
           BENTO_IMPL_JOURNAL_IDLE(grid) &&
           bento_impl_head_is(head, BENTO_IMPL_KIND_GRID,
                              BENTO_GRID_BYTES(grid->capacity, grid->cell_size)) &&
           head[BENTO_IMPL_HEAD_PARAMS] == (grid->dims | (uint32_t)grid->window << 8) &&
           head[BENTO_IMPL_HEAD_PARAMS + 1u] == grid->cell_size &&
           head[BENTO_IMPL_HEAD_PARAMS + 2u] == grid->capacity &&
           head[BENTO_IMPL_HEAD_PARAMS + 3u] == grid->window_shifts;
}

/*
 * The cells of the box `axis` describes in `grid` (0 for a growing grid's empty box), or
 * BENTO_NONE when the geometry is unsound: the empty box exactly as clear leaves it; otherwise along each axis a power-of-two
 * size (a window's own), the stride the running sum of the log2 of the sizes below, an origin
 * with room for size cells before the end of the int32 range; axes beyond dims at origin 0,
 * size 1, stride 0; at most 2^31 cells and no more than the capacity. Under BENTO_POWER_SAFE
 * open's recovery checks the boxes a journal names with it too (bento/grid.h).
 */
#if BENTO_POWER_SAFE
#define BOX_LINKAGE
#else
#define BOX_LINKAGE static
#endif
/* one line for both, so that coverage merges the two builds' records of it */
BOX_LINKAGE uint32_t bento_impl_grid_box(const bento_grid *grid, const bento_grid_axis *axis)
{
    uint32_t shift = 0u;
    unsigned d;
    if (grid->window == 0u && axis[0].size == 0u) {
        for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
            if (axis[d].origin != 0 || axis[d].size != (d == 0u ? 0u : 1u) || axis[d].stride != 0u) {
                return BENTO_NONE;
            }
        }
        return 0u;
    }
    for (d = 0u; d < BENTO_GRID_MAX_DIMS; d++) {
        const bento_grid_axis *a = &axis[d];
        if (d >= grid->dims) {
            if (a->origin != 0 || a->size != 1u || a->stride != 0u) {
                return BENTO_NONE;
            }
            continue;
        }
        if (!bento_impl_is_pow2(a->size) || a->stride != shift ||
            ((uint32_t)a->origin ^ 0x80000000u) > 0u - a->size ||
            (grid->window != 0u &&
             bento_impl_log2(a->size) != (grid->window_shifts >> (8u * d) & 0xffu))) {
            return BENTO_NONE;
        }
        shift += bento_impl_log2(a->size);
    }
    if (shift > 31u || ((uint32_t)1 << shift) > grid->capacity) {
        return BENTO_NONE;
    }
    return (uint32_t)1 << shift;
}

bento_status bento_grid_check(const bento_grid *grid)
{
    uint32_t words, cells, w, set = 0u;
    BENTO_ASSERT(grid != NULL);
    if (grid->capacity == 0u) {
        return BENTO_OK; /* inert: an empty grid of capacity 0 */
    }
    words = (grid->capacity >> 5) + ((grid->capacity & 31u) != 0u);
    cells = bento_impl_grid_box(grid, grid->state.axis);
    if (!header_sound(grid) || cells == BENTO_NONE) {
        return BENTO_E_CORRUPT;
    }
    /* the bits set: all inside the box (cells 0 .. cells - 1, which also keeps the padding
     * bits of the last word clear), and count of them. For a growing grid this is what the
     * relayout's proof needs: bits beyond the box are zero. */
    for (w = 0u; w < words; w++) {
        uint32_t bits = grid->occupied[w];
        const uint32_t first = w << 5;
        if (bits != 0u && (first >= cells || (cells - first < 32u && (bits >> (cells - first)) != 0u))) {
            return BENTO_E_CORRUPT;
        }
        for (; bits != 0u; bits &= bits - 1u) {
            set++;
        }
    }
    /* moved counts cells moved by growths since the box was empty: each growth at least
     * doubles the box and moves at most the cells of the box before it, so fewer than the
     * cells of the box now (none in a window or an empty or one-cell box) */
    if (set != grid->state.count ||
        (grid->state.moved != 0u && (grid->window != 0u || grid->state.moved >= cells))) {
        return BENTO_E_CORRUPT;
    }
    return BENTO_OK;
}
