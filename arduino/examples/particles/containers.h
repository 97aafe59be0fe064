/* SPDX-License-Identifier: MIT */
/*
 * The sketch's typed containers, in a header of their own. Arduino writes a prototype for
 * every function of a .ino file above that file's first function, and a typed container's
 * macro defines functions: declared in the .ino, its functions' prototypes would come before
 * the types the macro defines, and the sketch would not compile. A header is not rewritten.
 */
#ifndef PARTICLES_CONTAINERS_H
#define PARTICLES_CONTAINERS_H

#include <bento.h>

struct particle {
    int16_t x, y;
};

/* At most 16 particles, 16-bit handles. */
BENTO_POOL_TYPE(particles, struct particle, 16, uint16_t, BENTO_POOL_RETIRE);
/* A speed for some of them, keyed by their handles. */
#define SPEEDS_COLUMNS(X) X(int16_t, dx) X(int16_t, dy)
BENTO_SPARSE_SET_TYPE(speeds, particles_handle, 16, SPEEDS_COLUMNS);

#endif
