/* SPDX-License-Identifier: MIT */
/*
 * tests/gdb/main.c - the program the debugger views are tested on (tests/gdb/gdb.mk).
 *
 * It fills one container of each kind, typed and generic, with known content, and prints
 * what each holds in the canonical form tests/gdb/compare reads: one line per container,
 *     NAME count N capacity C
 * then one line per element, NAME KEY = VALUE, where a struct prints as {field=value,...}, an
 * array (coordinates, the words of a generic element) as [a,b] and an integer in decimal; a
 * set of keys without columns prints NAME KEY. It then corrupts copies of some containers
 * (NAME damaged), and calls bento_gdb_here(), where the debugger stops and prints every
 * container through the printers (tests/gdb/dump.py). The same program runs on the host
 * and on a board.
 */
#include <bento/bento.h>

#include "print.h"

struct monster {
    int32_t hp;
    uint32_t level;
};
struct vec2 {
    int32_t x;
    int32_t y;
};
struct message {
    uint32_t id;
    uint32_t length;
};

BENTO_POOL_TYPE(monsters, struct monster, 8, uint16_t, BENTO_POOL_WRAP);
#define POSITIONS_COLUMNS(X) X(struct vec2, at) X(uint32_t, tag)
BENTO_SPARSE_SET_TYPE(positions, monsters_handle, 8, POSITIONS_COLUMNS);
BENTO_SPARSE_SET_TYPE(frozen, monsters_handle, 8);
BENTO_BLOCK_POOL_TYPE(messages, struct message, 4);
BENTO_PAGED_SET_TYPE(bodies, struct vec2, 8, 64, 8);
BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 3);
BENTO_INDEX_TYPE(names, 16);
BENTO_INDEX32_TYPE_OF(parent_of, 16, monsters_handle, monsters_handle);
BENTO_MULTI_INDEX_TYPE(owners, 16, 16);
BENTO_MULTI_INDEX_TYPE_OF(squads, 8, uint32_t, 8, monsters_handle); /* its stamps printed */
BENTO_SPATIAL_HASH_TYPE(space, 16, 16, 2, 4);
BENTO_GRID_TYPE(heights, int16_t, 2, 256);
BENTO_GRID_WINDOW_TYPE(view, uint8_t, 2, 16);

monsters monster_pool;
positions placed;
frozen still;
messages inbox;
bodies body_set;
body_pages pages;
names by_name;
parent_of parents;
owners owned;
squads squad_of;
space world;
heights terrain;
view window;
monsters_handle first_monster;
bento_sparse_set_join walk;

/* generic containers: elements print as their words */
bento_pool raw_pool;
bento_index32 raw_ids;
bento_sparse_set raw_set;
static bento_align_unit raw_pool_memory[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(4, 8))];
static uint32_t raw_ids_memory[BENTO_INDEX32_BYTES(8) / 4];
static uint32_t raw_set_memory[BENTO_SPARSE_SET_BYTES(16, 4, 32, 0, 1) / 4];
static uint32_t raw_set_column[4];
static bento_sparse_set_column raw_set_columns[1];

/* copies, then damaged */
monsters broken_pool;
positions broken_set;
names broken_index;
owners broken_owners;
squads broken_squads;
heights broken_grid;

static void handle_key(monsters_handle h) { raw_key(h.raw); }

static void vec(struct vec2 v)
{
    say("{x=");
    num(v.x);
    say(",y=");
    num(v.y);
    say("}");
}

static void fill_monsters(void)
{
    uint32_t i;
    monsters_handle h;
    struct monster *m;
    need(monsters_init(&monster_pool) == BENTO_OK, "pool init");
    for (i = 0u; i < 5u; i++) {
        need(monsters_create(&monster_pool, &h, &m) == BENTO_OK, "pool create");
        m->hp = 100 - (int32_t)(i * 7u);
        m->level = i + 1u;
        if (i == 0u) {
            first_monster = h;
        }
    }
    /* a destroy moves the last into the hole: dense order is not creation order */
    need(monsters_destroy(&monster_pool, monsters_handle_at(&monster_pool, 1u)) == BENTO_OK,
         "pool destroy");
    need(monsters_create(&monster_pool, &h, &m) == BENTO_OK, "pool create again");
    m->hp = -5;
    m->level = 9u;
    head("monster_pool", monsters_count(&monster_pool), monsters_capacity(&monster_pool));
    for (i = 0u; i < monsters_count(&monster_pool); i++) {
        const struct monster *v = monsters_values(&monster_pool) + i;
        say("monster_pool ");
        handle_key(monsters_handle_at(&monster_pool, i));
        say(" = {hp=");
        num(v->hp);
        say(",level=");
        num(v->level);
        say("}\n");
    }
}

static void fill_sets(void)
{
    uint32_t i;
    const bento_sparse_set *sets[2];
    need(positions_init(&placed) == BENTO_OK && frozen_init(&still) == BENTO_OK, "set init");
    for (i = 0u; i < monsters_count(&monster_pool); i++) {
        const monsters_handle h = monsters_handle_at(&monster_pool, i);
        positions_row row;
        if (i != 2u) {
            need(positions_insert(&placed, h, &row) == BENTO_OK, "set insert");
            row.at->x = (int32_t)i * 10 - 15;
            row.at->y = (int32_t)i * 3;
            *row.tag = 0x100u + i;
        }
        if (i % 2u == 0u) {
            need(frozen_insert(&still, h) == BENTO_OK, "keys insert");
        }
    }
    head("placed", positions_count(&placed), positions_capacity(&placed));
    for (i = 0u; i < positions_count(&placed); i++) {
        const positions_row row = positions_row_at(&placed, i);
        say("placed ");
        handle_key(positions_key_at(&placed, i));
        say(" = {at=");
        vec(*row.at);
        say(",tag=");
        num(*row.tag);
        say("}\n");
    }
    head("still", frozen_count(&still), frozen_capacity(&still));
    for (i = 0u; i < frozen_count(&still); i++) {
        say("still ");
        handle_key(frozen_key_at(&still, i));
        say("\n");
    }
    /* a join stopped at its first key */
    sets[0] = positions_generic(&placed);
    sets[1] = frozen_generic(&still);
    need(bento_sparse_set_join_init(&walk, sets, 2u) == BENTO_OK && bento_sparse_set_join_next(&walk),
         "join");
    say("walk join of 2 sets\n");
    say("walk key = ");
    num(walk.key);
    say("\nwalk position[0] = ");
    num(walk.position[0]);
    say("\nwalk position[1] = ");
    num(walk.position[1]);
    say("\n");
}

static void fill_blocks(void)
{
    struct message *m[3];
    struct vec2 *v;
    uint32_t i;
    const uint32_t ids[4] = {3u, 5u, 17u, 40u};
    need(messages_init(&inbox) == BENTO_OK, "block pool init");
    for (i = 0u; i < 3u; i++) {
        need(messages_alloc(&inbox, &m[i]) == BENTO_OK, "alloc");
        m[i]->id = 1000u + i;
        m[i]->length = 8u * i;
    }
    need(messages_free(&inbox, m[1]) == BENTO_OK, "free");
    head("inbox", messages_count(&inbox), messages_capacity(&inbox));
    for (i = 0u; i < 3u; i++) {
        if (i != 1u) {
            say("inbox ");
            num(messages_index_of(&inbox, m[i]));
            say(" = {id=");
            num(m[i]->id);
            say(",length=");
            num(m[i]->length);
            say("}\n");
        }
    }
    need(body_pages_init(&pages) == BENTO_OK && bodies_init(&body_set, body_pages_generic(&pages)) ==
                                                   BENTO_OK,
         "paged set init");
    for (i = 0u; i < 4u; i++) {
        need(bodies_insert(&body_set, ids[i], &v) == BENTO_OK, "paged insert");
        v->x = (int32_t)ids[i] * 2;
        v->y = -(int32_t)ids[i];
    }
    head("body_set", bodies_count(&body_set), bodies_capacity(&body_set));
    for (i = 0u; i < 4u; i++) {
        say("body_set ");
        num(ids[i]);
        say(" = ");
        vec(*bodies_get(&body_set, ids[i]));
        say("\n");
    }
}

static void fill_indices(void)
{
    uint32_t i;
    const uint64_t keys[5] = {0x1234u, 0xdeadbeefcafeULL, 7u, 0xffffffffffffffffULL, 99u};
    need(names_init(&by_name) == BENTO_OK, "index init");
    head("by_name", 5u, names_capacity(&by_name));
    for (i = 0u; i < 5u; i++) {
        need(names_insert(&by_name, keys[i], 10u + i) == BENTO_OK, "index insert");
        say("by_name ");
        bento_port_write_u64(keys[i]);
        say(" = ");
        num(10u + i);
        say("\n");
    }
    need(parent_of_init(&parents) == BENTO_OK, "index32 init");
    head("parents", monsters_count(&monster_pool) - 1u, parent_of_capacity(&parents));
    for (i = 1u; i < monsters_count(&monster_pool); i++) {
        const monsters_handle child = monsters_handle_at(&monster_pool, i);
        need(parent_of_insert(&parents, child, first_monster) == BENTO_OK, "index32 insert");
        say("parents ");
        handle_key(child);
        say(" = ");
        handle_key(first_monster);
        say("\n");
    }
    need(owners_init(&owned) == BENTO_OK, "multi-value index init");
    head("owned", 6u, owners_capacity(&owned));
    for (i = 0u; i < 6u; i++) {
        const uint64_t key = i < 3u ? 9u : (i < 5u ? 0x100000000ULL : 4u);
        need(owners_insert(&owned, key, 15u - i) == BENTO_OK, "multi insert");
        say("owned ");
        bento_port_write_u64(key);
        say(" = ");
        num(15u - i);
        say("\n");
    }
    need(squads_init(&squad_of) == BENTO_OK, "multi-value index of handles init");
    head("squad_of", monsters_count(&monster_pool), squads_capacity(&squad_of));
    for (i = 0u; i < monsters_count(&monster_pool); i++) {
        const monsters_handle member = monsters_handle_at(&monster_pool, i);
        need(squads_insert(&squad_of, i % 2u, member) == BENTO_OK, "squad insert");
        say("squad_of ");
        num(i % 2u);
        say(" = ");
        handle_key(member);
        say("\n");
    }
    need(bento_index32_init(&raw_ids, raw_ids_memory, sizeof raw_ids_memory, 8u) == BENTO_OK,
         "generic index32");
    head("raw_ids", 3u, 8u);
    for (i = 0u; i < 3u; i++) {
        need(bento_index32_insert(&raw_ids, 0x80000000u + i, i * i) == BENTO_OK, "raw insert");
        say("raw_ids ");
        num(0x80000000u + i);
        say(" = ");
        num(i * i);
        say("\n");
    }
}

static void fill_space(void)
{
    uint32_t i;
    uint8_t *tile;
    int16_t *height;
    const uint32_t size[2] = {4u, 4u};
    need(space_init(&world) == BENTO_OK, "spatial hash init");
    head("world", 5u, space_capacity(&world));
    for (i = 0u; i < 5u; i++) {
        const int32_t x = (int32_t)i * 13 - 30, y = 7 - (int32_t)(i * i);
        need(space_insert_at(&world, 2u * i + 1u, bento_xy(x, y)) == BENTO_OK, "space insert");
        say("world ");
        num(2u * i + 1u);
        say(" = ");
        pair(x, y);
        say("\n");
    }
    need(heights_init(&terrain) == BENTO_OK, "grid init");
    head("terrain", 4u, heights_capacity(&terrain));
    for (i = 0u; i < 4u; i++) {
        const int32_t x = -3 + (int32_t)i * 2, y = 5 - (int32_t)i;
        need(heights_insert_at(&terrain, bento_xy(x, y), &height) == BENTO_OK, "grid insert");
        *height = (int16_t)(x * y);
        say("terrain ");
        pair(x, y);
        say(" = ");
        num(x * y);
        say("\n");
    }
    need(view_init(&window, size) == BENTO_OK, "window init");
    need(view_focus_at(&window, bento_xy(9, -6), BENTO_IMPL_NULL, BENTO_IMPL_NULL) == BENTO_OK, "window focus");
    head("window", 3u, view_capacity(&window));
    for (i = 0u; i < 3u; i++) {
        const int32_t x = 8 + (int32_t)i, y = -7 + (int32_t)(i % 2u);
        need(view_insert_at(&window, bento_xy(x, y), &tile) == BENTO_OK, "window insert");
        *tile = (uint8_t)(200u + i);
        say("window ");
        pair(x, y);
        say(" = ");
        num(200u + i);
        say("\n");
    }
}

static void fill_generic(void)
{
    uint32_t i, h;
    void *v;
    raw_set_columns[0].data = raw_set_column;
    raw_set_columns[0].bytes = sizeof raw_set_column;
    raw_set_columns[0].size = 4u;
    need(bento_pool_init(&raw_pool, raw_pool_memory, sizeof raw_pool_memory, 8u, 4u, 2u, 30u,
                         BENTO_POOL_RETIRE) == BENTO_OK,
         "generic pool");
    head("raw_pool", 2u, 4u);
    for (i = 0u; i < 2u; i++) {
        need(bento_pool_create(&raw_pool, &h, &v) == BENTO_OK, "generic create");
        ((uint32_t *)v)[0] = 0xa0u + i;
        ((uint32_t *)v)[1] = 0xb0u + i;
        say("raw_pool ");
        num(h);
        say(" = ");
        pair(0xa0u + i, 0xb0u + i);
        say("\n");
    }
    need(bento_sparse_set_init(&raw_set, raw_set_memory, sizeof raw_set_memory, 16u, 4u, 32u, 0u,
                               raw_set_columns, 1u) == BENTO_OK,
         "generic set");
    head("raw_set", 3u, 4u);
    for (i = 0u; i < 3u; i++) {
        uint32_t position;
        need(bento_sparse_set_insert(&raw_set, 15u - 5u * i, &position) == BENTO_OK, "set insert");
        raw_set_column[position] = 7u * i;
        say("raw_set ");
        num(15u - 5u * i);
        say(" = [");
        num(7u * i);
        say("]\n");
    }
}

/* Copies reopened on their own storage, then damaged as a stray write would. */
static void damage(void)
{
    uint32_t *words;
    uint32_t slot;
    bento_index_iter it;
    broken_pool = monster_pool;
    need(monsters_open(&broken_pool) == BENTO_OK, "reopen pool");
    broken_pool.generic_.dense_slot[0] = 77u; /* a dense position owned by no slot */
    say("broken_pool damaged\n");
    broken_set = placed;
    need(positions_open(&broken_set) == BENTO_OK, "reopen set");
    broken_set.generic_.dense[1] ^= 1u; /* a key its entry does not point back at */
    say("broken_set damaged\n");
    broken_index = by_name;
    need(names_open(&broken_index) == BENTO_OK, "reopen index");
    /* the key of the first entry (buckets of 16 words: fingerprints, spills, 4 values, 4
       two-word keys): no longer the one its fingerprint came from */
    words = broken_index.generic_.buckets;
    for (slot = 0u; slot < names_capacity(&broken_index); slot++) {
        if ((words[16u * (slot / 4u)] >> (8u * (slot % 4u)) & 0xffu) != 0u) {
            words[16u * (slot / 4u) + 6u + 2u * (slot % 4u)] ^= 0x40u;
            break;
        }
    }
    say("broken_index damaged\n");
    broken_owners = owned;
    need(owners_open(&broken_owners) == BENTO_OK, "reopen multi-value index");
    bento_index_iter_init(&it, &broken_owners.generic_.keys);
    need(bento_index_iter_next(&it), "a key");
    /* a list that loops: the first value's next is itself */
    broken_owners.generic_.next[*it.value] = *it.value;
    say("broken_owners damaged\n");
    broken_squads = squad_of;
    need(squads_open(&broken_squads) == BENTO_OK, "reopen multi-value index of handles");
    /* a listed id's stamp that names another id */
    broken_squads.generic_.stamps[monsters_handle_index(first_monster)] ^= 1u;
    say("broken_squads damaged\n");
    broken_grid = terrain;
    need(heights_open(&broken_grid) == BENTO_OK, "reopen grid");
    broken_grid.generic_.occupied[1] |= 0x80000000u; /* a cell outside the box */
    say("broken_grid damaged\n");
}

/* The kit's own check agrees: the filled containers are sound, the damaged copies are not.
 * (It also links every checker, which the debugger calls on shaken copies: tests/gdb/dump.py.) */
static void checked(void)
{
    need(monsters_check(&monster_pool) == BENTO_OK && positions_check(&placed) == BENTO_OK &&
             frozen_check(&still) == BENTO_OK && messages_check(&inbox) == BENTO_OK &&
             bodies_check(&body_set) == BENTO_OK && body_pages_check(&pages) == BENTO_OK &&
             names_check(&by_name) == BENTO_OK && parent_of_check(&parents) == BENTO_OK &&
             owners_check(&owned) == BENTO_OK && squads_check(&squad_of) == BENTO_OK &&
             space_check(&world) == BENTO_OK &&
             heights_check(&terrain) == BENTO_OK && view_check(&window) == BENTO_OK &&
             bento_pool_check(&raw_pool) == BENTO_OK && bento_index32_check(&raw_ids) == BENTO_OK &&
             bento_sparse_set_check(&raw_set) == BENTO_OK,
         "sound");
    need(monsters_check(&broken_pool) != BENTO_OK && positions_check(&broken_set) != BENTO_OK &&
             names_check(&broken_index) != BENTO_OK && owners_check(&broken_owners) != BENTO_OK &&
             squads_check(&broken_squads) != BENTO_OK &&
             heights_check(&broken_grid) != BENTO_OK,
         "damaged");
}

int main(void)
{
    fill_monsters();
    fill_sets();
    fill_blocks();
    fill_indices();
    fill_space();
    fill_generic();
    damage();
    checked();
    say("first_monster handle index ");
    num(monsters_handle_index(first_monster));
    say(" generation ");
    num(monsters_handle_generation(first_monster));
    say("\n");
    bento_gdb_here();
    say(failures == 0 ? "filled\n" : "FAILED\n");
    return failures == 0 ? 0 : 1;
}
