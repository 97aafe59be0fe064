/* SPDX-License-Identifier: MIT */
/*
 * examples/chunks - a rover's maps on a Cortex-M board, in two grids over static memory.
 *
 * The rover drives a loop around its start, which lies at negative coordinates. Two maps:
 *   - explored: a growing 3D grid of the chunks (8 m cubes) the rover has scanned. It starts
 *     as one cell and doubles toward wherever the rover goes, moving what it holds in place;
 *     each frame the rover re-reads every chunk of its view box, a plain array lookup.
 *   - terrain: a 16 x 16 sliding window of 1 m tiles centred on the rover. When the rover
 *     moves, the window follows and hands every tile that falls behind to a callback (here it
 *     is "written to flash": counted and checksummed) before the slot is reused.
 * At the end it reports what it saw and checks the maps against what it knows to be true, and
 * reopens a copy of the explored map as a rover would after a reset (its storage kept in
 * retained RAM, or restored from flash): the buffer carries everything the map needs.
 */
#include <bento/grid.h>

#include "bento_port.h"

/* A scanned chunk: 4 bytes. 512 cells hold a box of 16 x 16 x 2 chunks. */
struct chunk {
    uint16_t samples;  /* how many scans covered it */
    uint8_t height;    /* terrain height class */
    uint8_t hazard;    /* 1 when a scan flagged it */
};
BENTO_GRID_TYPE(explored_map, struct chunk, 3, 512);

/* A terrain tile: one byte of height; the window is 16 x 16 tiles. */
BENTO_GRID_WINDOW_TYPE(terrain_map, uint8_t, 2, 256);

static explored_map explored;
static terrain_map terrain;
static explored_map restored; /* a copy of the explored map, as after a reset */

static void say(const char *text) { bento_port_write(text); }
static void say_number(int64_t value) { bento_port_write_i64(value); }

/* Height of the ground at a tile: any deterministic function will do. */
static uint8_t ground(int32_t x, int32_t y)
{
    return (uint8_t)(((uint32_t)(x * 7 + y * 13) ^ (uint32_t)(x * y)) & 31u);
}

/* The flash writer of evicted tiles. */
struct archive {
    uint32_t tiles;
    uint32_t checksum;
    uint32_t wrong; /* tiles whose height does not match the ground they came from */
};

static void archive_tile(void *context, const int32_t *coords, uint8_t *tile)
{
    struct archive *a = (struct archive *)context;
    const uint8_t height = *tile;
    a->tiles++;
    a->checksum = a->checksum * 31u + height;
    a->wrong += height != ground(coords[0], coords[1]);
}

/* Floor division by 8 for negative metres too, with shifts only. */
static int32_t chunk_of(int32_t metres)
{
    return metres >= 0 ? metres >> 3 : -(int32_t)((uint32_t)(-(metres + 1)) >> 3) - 1;
}

int main(void)
{
    static const uint32_t window[2] = {16, 16};
    const int32_t start[2] = {-37, -1200}; /* metres, east and north */
    struct archive archive = {0u, 0u, 0u};
    int32_t pos[2];
    uint32_t frame, full = 0u, seen = 0u, misses = 0u, kept = 0u;
    explored_map_iter it;
    bool ok = true;

    ok = ok && explored_map_init(&explored) == BENTO_OK;
    ok = ok && terrain_map_init(&terrain, window) == BENTO_OK;
    pos[0] = start[0];
    pos[1] = start[1];
    ok = ok && terrain_map_focus(&terrain, pos, archive_tile, &archive) == BENTO_OK;

    /* drive a square loop of 4 x 40 m, one metre per frame */
    for (frame = 0; frame < 160u; frame++) {
        const uint32_t leg = frame / 40u;
        int32_t c[3], x, y;
        pos[0] += leg == 0u ? 1 : leg == 2u ? -1 : 0;
        pos[1] += leg == 1u ? 1 : leg == 3u ? -1 : 0;
        /* the window follows; tiles left behind go to the archive */
        ok = ok && terrain_map_focus(&terrain, pos, archive_tile, &archive) == BENTO_OK;
        /* scan the tiles within 3 m */
        for (y = pos[1] - 3; y <= pos[1] + 3; y++) {
            for (x = pos[0] - 3; x <= pos[0] + 3; x++) {
                uint8_t *tile;
                if (terrain_map_insert_at(&terrain, bento_xy(x, y), &tile) == BENTO_OK) {
                    *tile = ground(x, y);
                }
            }
        }
        /* mark the chunk under the rover (two layers: ground and the one below) */
        c[0] = chunk_of(pos[0]);
        c[1] = chunk_of(pos[1]);
        for (c[2] = -1; c[2] <= 0; c[2]++) {
            struct chunk *k = explored_map_get(&explored, c);
            if (k == NULL && explored_map_insert(&explored, c, &k) == BENTO_OK) {
                k->samples = 0u;
                k->height = ground(pos[0], pos[1]);
                k->hazard = (uint8_t)(k->height > 28u);
            }
            if (k != NULL) {
                k->samples++;
            } else {
                full++;
            }
        }
        /* re-read every chunk of the view box (3 x 3 x 2 around the rover) */
        for (c[2] = -1; c[2] <= 0; c[2]++) {
            int32_t cy, cx;
            for (cy = chunk_of(pos[1]) - 1; cy <= chunk_of(pos[1]) + 1; cy++) {
                for (cx = chunk_of(pos[0]) - 1; cx <= chunk_of(pos[0]) + 1; cx++) {
                    const struct chunk *k = explored_map_get_at(&explored, bento_xyz(cx, cy, c[2]));
                    if (k != NULL) {
                        seen += k->samples != 0u;
                    } else {
                        misses++;
                    }
                }
            }
        }
    }

    /* every chunk the rover drove over, in memory order */
    say("explored chunks:");
    explored_map_iter_init(&it, &explored, NULL, NULL);
    while (explored_map_iter_next(&it)) {
        const struct chunk *k = it.cell;
        if (it.coords[2] == 0) {
            say(" (");
            say_number(it.coords[0]);
            say(",");
            say_number(it.coords[1]);
            say(")");
            kept += k->samples;
        }
    }
    say("\nbox of the explored map: ");
    say_number(explored_map_extent(&explored, 0));
    say(" x ");
    say_number(explored_map_extent(&explored, 1));
    say(" x ");
    say_number(explored_map_extent(&explored, 2));
    say(" chunks from (");
    say_number(explored_map_origin(&explored, 0));
    say(",");
    say_number(explored_map_origin(&explored, 1));
    say(",");
    say_number(explored_map_origin(&explored, 2));
    say("), ");
    say_number(explored_map_count(&explored));
    say(" chunks stored, ");
    say_number(explored_map_moved(&explored));
    say(" moved by growth\nview lookups: ");
    say_number(seen);
    say(" hits, ");
    say_number(misses);
    say(" misses\nterrain: ");
    say_number(terrain_map_count(&terrain));
    say(" tiles in the window, ");
    say_number(archive.tiles);
    say(" archived (checksum ");
    say_number(archive.checksum);
    say(")\n");

    /* what must hold: the loop crosses 6 x 6 chunks on its edges (20 distinct), every frame
     * sampled one ground chunk, no archived tile was corrupted, nothing refused */
    ok = ok && full == 0u && archive.wrong == 0u && kept == 160u && archive.tiles > 0u &&
         explored_map_count(&explored) == 2u * 20u && explored_map_check(&explored) == BENTO_OK &&
         terrain_map_check(&terrain) == BENTO_OK;
    /* after a "reset": a copy of the map reopens from its bytes and answers the same */
    restored = explored;
    ok = ok && explored_map_open(&restored) == BENTO_OK &&
         explored_map_count(&restored) == explored_map_count(&explored) &&
         explored_map_get_at(&restored, bento_xyz(chunk_of(start[0]), chunk_of(start[1]), 0)) != NULL;
    say(ok ? "chunks: ok\n" : "chunks: FAILED\n");
    bento_port_exit(ok ? 0 : 1);
    return 0;
}
