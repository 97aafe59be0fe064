/* SPDX-License-Identifier: MIT */
/**
 * @file
 * bento/point.h - a point of up to four signed 32-bit coordinates, for the containers that take
 * coordinates (bento/grid.h, bento/spatial_hash.h).
 *
 * Those containers accept coordinates three ways: an array of dims int32_t, a bento_point by
 * value, and separate integers through the constructors below:
 *
 *     int32_t c[3] = {1, 2, 3};            bento_grid_get(&grid, c)
 *     bento_point p = bento_xyz(1, 2, 3);  bento_grid_get(&grid, p.c)
 *                                          name_get_at(&typed_grid, bento_xyz(1, 2, 3))
 *
 * Coordinates beyond a container's dims are ignored. Pure, thread-safe.
 */
#ifndef BENTO_POINT_H
#define BENTO_POINT_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Coordinates c[0] (x), c[1] (y), c[2] (z), c[3] (w). */
typedef struct bento_point {
    int32_t c[4]; /**< the coordinates; those beyond a container's dimensions are ignored */
} bento_point;

/** A point from separate coordinates; the ones not given are 0 (as in bento_xyz, bento_xy and
 * bento_x). */
static inline bento_point bento_xyzw(int32_t x, int32_t y, int32_t z, int32_t w)
{
    bento_point p;
    p.c[0] = x;
    p.c[1] = y;
    p.c[2] = z;
    p.c[3] = w;
    return p;
}
/** The point (x, y, z), its fourth coordinate 0. */
static inline bento_point bento_xyz(int32_t x, int32_t y, int32_t z) { return bento_xyzw(x, y, z, 0); }
/** The point (x, y), its other coordinates 0. */
static inline bento_point bento_xy(int32_t x, int32_t y) { return bento_xyzw(x, y, 0, 0); }
/** The point (x), its other coordinates 0. */
static inline bento_point bento_x(int32_t x) { return bento_xyzw(x, 0, 0, 0); }

#ifdef __cplusplus
}
#endif

#endif /* BENTO_POINT_H */
