/* SPDX-License-Identifier: MIT */
/*
 * tests/consumers/app - the program every consumer project builds: a typed pool, used as a
 * user would. One file for all of them (plain Makefile, CMake add_subdirectory, find_package,
 * FetchContent, pkg-config), on the host and on the boards. Ends like the kit's test runner,
 * with "N passed, N failed".
 */
#include <bento/bento.h>

#include "bento_port.h"

struct particle {
    int32_t x, y;
};

/* At most 16 particles, 16-bit handles: 4 index bits (the fewest for 16), 12 generation bits. */
BENTO_POOL_TYPE(particles, struct particle, 16, uint16_t, BENTO_POOL_RETIRE);

static particles cloud;
static uint32_t passed;
static uint32_t failed;

static void check(bool ok)
{
    if (ok) {
        passed++;
    } else {
        failed++;
    }
}

int main(void)
{
    particles_handle a;
    particles_handle b;
    struct particle *p = NULL;

    check(particles_init(&cloud) == BENTO_OK);
    check(particles_create(&cloud, &a, &p) == BENTO_OK && p != NULL);
    if (p != NULL) {
        p->x = 3;
        p->y = 4;
    }
    check(particles_create(&cloud, &b, &p) == BENTO_OK);
    p = particles_get(&cloud, a);
    check(p != NULL && p->x == 3 && p->y == 4);
    check(particles_destroy(&cloud, a) == BENTO_OK);
    check(particles_get(&cloud, a) == NULL);
    check(particles_destroy(&cloud, a) == BENTO_E_STALE);
    check(particles_get(&cloud, b) != NULL);

    bento_port_write("bento ");
    bento_port_write(BENTO_VERSION);
    bento_port_write(": a pool of particles\n");
    bento_port_write_u64(passed);
    bento_port_write(" passed, ");
    bento_port_write_u64(failed);
    bento_port_write(" failed\n");
    bento_port_exit(failed == 0u ? 0 : 1);
    return 0;
}
