/* SPDX-License-Identifier: MIT */
/*
 * examples/enemies - "every enemy within R of the player" with a spatial hash.
 *
 * Enemies live in a plain array; their index is their name in the spatial hash, which buckets
 * them by 16x16-unit cells. Each frame they walk, the hash follows them (a move inside a cell
 * only updates the stored position), and the player asks for every enemy within its radius.
 * The query visits only the cells around the player, never the whole map: the count is
 * printed, and checked against a scan of every enemy.
 */
#include <bento/spatial_hash.h>

#include "bento_port.h"

#define ENEMIES 96
#define RADIUS 40

typedef struct enemy {
    int32_t x, y, vx, vy;
} enemy;

/* 128 hash slots for occupied cells (at most 111), 96 enemies, 2D, cells of 2^4 units. */
BENTO_SPATIAL_HASH_TYPE(world_hash, 128, ENEMIES, 2, 4);

static world_hash world;
static enemy enemies[ENEMIES];
static uint32_t rng = 2024u;

static int32_t random_between(int32_t low, int32_t high)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return low + (int32_t)(rng % (uint32_t)(high - low + 1));
}

typedef struct hits {
    uint32_t count;
    int64_t nearest2;
} hits;

static const bento_point player = {{10, -20, 0, 0}};

static bool on_hit(void *context, uint32_t item, const int32_t *position)
{
    hits *h = (hits *)context;
    const int64_t dx = position[0] - player.c[0], dy = position[1] - player.c[1];
    (void)item;
    h->count++;
    if (dx * dx + dy * dy < h->nearest2) {
        h->nearest2 = dx * dx + dy * dy;
    }
    return true;
}

static void fail(const char *what)
{
    bento_port_write("enemies: ");
    bento_port_write(what);
    bento_port_write(" failed\n");
    bento_port_exit(1);
}

int main(void)
{
    uint32_t i, frame;
    if (world_hash_init(&world) != BENTO_OK) {
        fail("init");
    }
    for (i = 0u; i < ENEMIES; i++) {
        enemies[i].x = random_between(-200, 200);
        enemies[i].y = random_between(-200, 200);
        enemies[i].vx = random_between(-3, 3);
        enemies[i].vy = random_between(-3, 3);
        if (world_hash_insert_at(&world, i, bento_xy(enemies[i].x, enemies[i].y)) != BENTO_OK) {
            fail("insert");
        }
    }
    for (frame = 0u; frame < 4u; frame++) {
        hits h = {0u, INT64_MAX};
        bento_spatial_hash_stats stats;
        uint32_t expect = 0u;
        for (i = 0u; i < ENEMIES; i++) {
            int64_t dx, dy;
            enemies[i].x += enemies[i].vx * 8;
            enemies[i].y += enemies[i].vy * 8;
            if (world_hash_move_at(&world, i, bento_xy(enemies[i].x, enemies[i].y)) != BENTO_OK) {
                fail("move");
            }
            dx = enemies[i].x - player.c[0];
            dy = enemies[i].y - player.c[1];
            expect += dx * dx + dy * dy <= (int64_t)RADIUS * RADIUS ? 1u : 0u;
        }
        if (world_hash_query_radius_at(&world, player, RADIUS, on_hit, &h, &stats) != BENTO_OK ||
            h.count != expect) {
            fail("query");
        }
        bento_port_write("frame ");
        bento_port_write_u64(frame);
        bento_port_write(": ");
        bento_port_write_u64(h.count);
        bento_port_write(" enemies within ");
        bento_port_write_u64(RADIUS);
        bento_port_write(" of the player; ");
        bento_port_write_u64(stats.cells_visited);
        bento_port_write(" cells and ");
        bento_port_write_u64(stats.items_tested);
        bento_port_write(" enemies looked at, of ");
        bento_port_write_u64(ENEMIES);
        bento_port_write("\n");
    }
    if (world_hash_check(&world) != BENTO_OK) {
        fail("check");
    }
    bento_port_write("enemies example: ok\n");
    bento_port_exit(0);
    return 0;
}
