/* SPDX-License-Identifier: MIT */
/*
 * tests/consumers/app - the program every consumer project builds: each container of the kit,
 * typed, used as a user would. One file for all of them (plain Makefile, CMake
 * add_subdirectory, find_package, FetchContent, pkg-config), on the host and on the boards;
 * `make check` also compiles it with the strictest warnings of gcc (-Wcast-qual) and clang
 * (-Weverything), C99 and C11, so that the headers stay quiet in a strict user's build. Ends
 * like the kit's test runner, with "N passed, N failed".
 */
#include <bento/bento.h>

#include "bento_port.h"

struct particle {
    int32_t x, y;
};

struct message {
    uint32_t id;
};

/* At most 16 particles, 16-bit handles: 4 index bits (the fewest for 16), 12 generation bits. */
BENTO_POOL_TYPE(particles, struct particle, 16, uint16_t, BENTO_POOL_RETIRE);
#define SPEEDS_COLUMNS(X) X(int32_t, dx) X(int32_t, dy)
BENTO_SPARSE_SET_TYPE(speeds, particles_handle, 16, SPEEDS_COLUMNS);
#define MASSES_COLUMNS(X) X(uint16_t, grams)
BENTO_SPARSE_SET_TYPE(masses, particles_handle, 16, MASSES_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(moving, speeds, masses);
BENTO_BLOCK_POOL_TYPE(inbox, struct message, 4);
BENTO_INDEX_TYPE_OF(by_name, 16, uint64_t, particles_handle);
BENTO_MULTI_INDEX_TYPE_OF(by_team, 8, uint32_t, 16, particles_handle);
BENTO_SPATIAL_HASH_TYPE_OF(placed, 16, 16, particles_handle, 2, 4);
BENTO_PAGED_SET_TYPE_OF(notes, struct message, 16, particles_handle, 8);
BENTO_BLOCK_POOL_TYPE(note_pages, notes_page, 2);
BENTO_GRID_TYPE(heights, int16_t, 2, 16);

static particles cloud;
static speeds speed;
static masses mass;
static inbox messages;
static by_name names;
static by_team teams;
static placed space;
static notes note;
static note_pages pages;
static heights terrain;
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

static bool count_found(void *context, particles_handle item, const int32_t *position)
{
    (void)item;
    (void)position;
    ++*(uint32_t *)context;
    return true;
}

/* A function of the program's own named start. Under -ffunction-sections its section is
 * .text.start, so no linker script of the kit may give that name a place of its own: on a
 * RISC-V board this function once took the reset address, and the image never started. */
void start(void);
void start(void)
{
    bento_port_write("bento ");
    bento_port_write(BENTO_VERSION);
    bento_port_write(": particles in every container\n");
}

int main(void)
{
    particles_handle a;
    particles_handle b;
    particles_handle got;
    struct particle *p = NULL;
    speeds_row row;
    masses_row weight;
    moving walk;
    struct message *m = NULL;
    by_team_iter team;
    int16_t *height = NULL;
    uint32_t joined = 0u;
    uint32_t found = 0u;

    check(particles_init(&cloud) == BENTO_OK);
    check(particles_create(&cloud, &a, &p) == BENTO_OK && p != NULL);
    if (p != NULL) {
        p->x = 3;
        p->y = 4;
    }
    check(particles_create(&cloud, &b, &p) == BENTO_OK);
    p = particles_get(&cloud, a);
    check(p != NULL && p->x == 3 && p->y == 4);

    check(speeds_init(&speed) == BENTO_OK && masses_init(&mass) == BENTO_OK);
    check(speeds_insert(&speed, a, &row) == BENTO_OK && speeds_insert(&speed, b, NULL) == BENTO_OK);
    *row.dx = 1;
    check(masses_insert(&mass, a, &weight) == BENTO_OK);
    *weight.grams = 7u;
    moving_init(&walk, &speed, &mass);
    while (moving_next(&walk)) {
        joined += (uint32_t)*walk.speeds.dx + *walk.masses.grams;
    }
    check(joined == 8u && speeds_get(&speed, a).dx == row.dx);

    check(inbox_init(&messages) == BENTO_OK && inbox_alloc(&messages, &m) == BENTO_OK && m != NULL);
    check(inbox_free(&messages, m) == BENTO_OK);

    check(by_name_init(&names) == BENTO_OK && by_name_insert(&names, 0x5eedu, a) == BENTO_OK);
    check(by_name_find(&names, 0x5eedu, &got) && particles_handle_eq(got, a));

    check(by_team_init(&teams) == BENTO_OK && by_team_insert(&teams, 1u, a) == BENTO_OK &&
          by_team_insert(&teams, 1u, b) == BENTO_OK && by_team_length(&teams, 1u) == 2u);
    by_team_iter_init(&team, &teams, 1u);
    check(by_team_iter_next(&team));

    check(placed_init(&space) == BENTO_OK && placed_insert_at(&space, a, bento_xy(1, 1)) == BENTO_OK);
    check(placed_query_radius_at(&space, bento_xy(0, 0), 5, count_found, &found, NULL) == BENTO_OK &&
          found == 1u);

    check(note_pages_init(&pages) == BENTO_OK &&
          notes_init(&note, note_pages_generic(&pages)) == BENTO_OK &&
          notes_insert(&note, b, &m) == BENTO_OK && m != NULL);

    check(heights_init(&terrain) == BENTO_OK &&
          heights_insert_at(&terrain, bento_xy(-3, 5), &height) == BENTO_OK && height != NULL);

    check(particles_destroy(&cloud, a) == BENTO_OK);
    check(particles_get(&cloud, a) == NULL);
    check(particles_destroy(&cloud, a) == BENTO_E_STALE);
    check(particles_get(&cloud, b) != NULL);

    start();
    bento_port_write_u64(passed);
    bento_port_write(" passed, ");
    bento_port_write_u64(failed);
    bento_port_write(" failed\n");
    bento_port_exit(failed == 0u ? 0 : 1);
}
