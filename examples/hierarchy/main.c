/* SPDX-License-Identifier: MIT */
/*
 * examples/hierarchy - a scene graph whose transforms are computed in one forward pass.
 *
 * Every node of a small solar system lives in a sparse set keyed by its entity id, with two
 * typed columns: the link to its parent (and its depth) and its transform. The set is kept
 * sorted by depth, so a parent always comes before its children; then one loop over the dense
 * columns computes every world transform, each from its parent's, already computed.
 *
 * Transforms are integer: a translation and a rotation in quarter turns, so the results can
 * be checked exactly on any core.
 */
#include <bento/sparse_set.h>

#include "bento_port.h"

#define NO_PARENT BENTO_NONE

struct link {
    uint32_t parent; /* entity id of the parent, or NO_PARENT */
    uint32_t depth;  /* 0 for a root */
};

struct transform {
    int32_t x, y;         /* local offset, in the parent's frame */
    int32_t world_x, world_y;
    uint32_t turns;       /* local rotation, quarter turns */
    uint32_t world_turns;
};

enum { ENTITIES = 64, NODES = 16 };

/* entity ids below 64, at most 16 nodes, one link and one transform each */
#define NODES_COLUMNS(X) X(struct link, link) X(struct transform, transform)
BENTO_SPARSE_SET_TYPE_IDS(nodes, ENTITIES, NODES, NODES_COLUMNS);

static nodes scene;

static void say(const char *text) { bento_port_write(text); }

static void say_int(int32_t value)
{
    char text[12];
    char *p = text + sizeof text - 1;
    uint32_t magnitude = value < 0 ? 0u - (uint32_t)value : (uint32_t)value;
    *p = '\0';
    do {
        *--p = (char)('0' + magnitude % 10u);
        magnitude /= 10u;
    } while (magnitude != 0u);
    if (value < 0) {
        *--p = '-';
    }
    say(p);
}

static void fail(const char *why)
{
    say("hierarchy example: FAILED: ");
    say(why);
    say("\n");
    bento_port_exit(1);
}

static void add(uint32_t id, uint32_t parent, int32_t x, int32_t y, uint32_t turns)
{
    nodes_row row;
    if (nodes_insert(&scene, id, &row) != BENTO_OK) {
        fail("insert");
    }
    row.link->parent = parent;
    row.link->depth = 0u;
    row.transform->x = x;
    row.transform->y = y;
    row.transform->turns = turns;
}

/* Depth of every node, by walking up its parents (no recursion, at most NODES steps). */
static void compute_depths(void)
{
    struct link *links = nodes_columns(&scene).link;
    uint32_t i;
    for (i = 0; i < nodes_count(&scene); i++) {
        uint32_t depth = 0u;
        uint32_t parent = links[i].parent;
        while (parent != NO_PARENT && depth < NODES) {
            const struct link *up = nodes_get(&scene, parent).link;
            if (up == NULL) {
                fail("a parent is missing");
            }
            parent = up->parent;
            depth++;
        }
        links[i].depth = depth;
    }
}

static int by_depth(const void *a, const void *b, void *context)
{
    const uint32_t da = ((const struct link *)a)->depth;
    const uint32_t db = ((const struct link *)b)->depth;
    (void)context;
    return (da > db) - (da < db);
}

/* Rotate (x, y) by `turns` quarter turns counter-clockwise. */
static void rotate(int32_t *x, int32_t *y, uint32_t turns)
{
    int32_t t;
    for (turns &= 3u; turns != 0u; turns--) {
        t = *x;
        *x = -*y;
        *y = t;
    }
}

/* The forward pass: parents precede children, so each parent's world transform is ready. */
static void compute_world(void)
{
    const struct link *links = nodes_columns(&scene).link;
    struct transform *transforms = nodes_columns(&scene).transform;
    uint32_t i;
    for (i = 0; i < nodes_count(&scene); i++) {
        struct transform *t = &transforms[i];
        const uint32_t parent = links[i].parent;
        if (parent == NO_PARENT) {
            t->world_x = t->x;
            t->world_y = t->y;
            t->world_turns = t->turns & 3u;
        } else {
            const uint32_t at = nodes_index_of(&scene, parent);
            int32_t x = t->x;
            int32_t y = t->y;
            if (at >= i) {
                fail("a parent comes after its child");
            }
            rotate(&x, &y, transforms[at].world_turns);
            t->world_x = transforms[at].world_x + x;
            t->world_y = transforms[at].world_y + y;
            t->world_turns = (transforms[at].world_turns + t->turns) & 3u;
        }
    }
}

enum { SUN = 7, EARTH = 12, MOON = 40, MARS = 3, PHOBOS = 33, DEIMOS = 21, STATION = 50 };

int main(void)
{
    static const struct {
        uint32_t id;
        int32_t x, y;
        uint32_t turns;
    } expected[] = {
        {SUN, 100, 100, 1},   {EARTH, 100, 110, 2}, {MARS, 80, 100, 1},  {MOON, 100, 108, 2},
        {PHOBOS, 80, 103, 1}, {DEIMOS, 75, 100, 2}, {STATION, 79, 100, 2}, /* on mars by then */
    };
    uint32_t i;
    if (nodes_init(&scene) != BENTO_OK) {
        fail("init");
    }
    /* children arrive before their parents: the order has to be established */
    add(STATION, MOON, 0, 1, 1);
    add(MOON, EARTH, 0, 2, 0);
    add(PHOBOS, MARS, 3, 0, 0);
    add(EARTH, SUN, 10, 0, 1);
    add(DEIMOS, MARS, 0, 5, 1);
    add(MARS, SUN, 0, 20, 0);
    add(SUN, NO_PARENT, 100, 100, 1);

    compute_depths();
    if (nodes_sort(&scene, nodes_count(&scene), BENTO_SPARSE_SET_COLUMN(nodes, link), by_depth, NULL,
                   BENTO_SPARSE_SET_SORT_HEAP) != BENTO_OK) {
        fail("sort");
    }
    compute_world();
    {
        /* on the moon: (0, 1) turned twice by the moon's frame is (0, -1) */
        const struct transform *t = nodes_get(&scene, STATION).transform;
        if (t == NULL || t->world_x != 100 || t->world_y != 107 || t->world_turns != 3u) {
            fail("station on the moon");
        }
    }

    /* next frame: the station moves from the moon to mars; one insertion-sort pass, cheap
       because the order is almost right, restores parents-first */
    {
        struct link *station = nodes_get(&scene, STATION).link;
        if (station == NULL) {
            fail("station missing");
        } else {
            station->parent = MARS;
        }
    }
    compute_depths();
    if (nodes_sort(&scene, nodes_count(&scene), BENTO_SPARSE_SET_COLUMN(nodes, link), by_depth, NULL,
                   BENTO_SPARSE_SET_SORT_INSERTION) != BENTO_OK || nodes_check(&scene) != BENTO_OK) {
        fail("re-sort");
    }
    compute_world();

    for (i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const struct transform *t = nodes_get(&scene, expected[i].id).transform;
        if (t == NULL || t->world_x != expected[i].x || t->world_y != expected[i].y ||
            t->world_turns != expected[i].turns) {
            fail("world transform");
        }
    }
    for (i = 0; i < nodes_count(&scene); i++) {
        const struct transform *t = nodes_row_at(&scene, i).transform;
        say("entity ");
        say_int((int32_t)nodes_key_at(&scene, i));
        say(" depth ");
        say_int((int32_t)nodes_row_at(&scene, i).link->depth);
        say(" world (");
        say_int(t->world_x);
        say(", ");
        say_int(t->world_y);
        say(") turns ");
        say_int((int32_t)t->world_turns);
        say("\n");
    }
    say("hierarchy example: ok\n");
    bento_port_exit(0);
    return 0;
}
