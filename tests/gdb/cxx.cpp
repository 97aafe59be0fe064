// SPDX-License-Identifier: MIT
// tests/gdb/cxx.cpp - the program the debugger views of bento.hpp's classes are tested on, as
// tests/gdb/main.c is for the C containers (tests/gdb/gdb.mk): it fills the classes an engine
// uses (all but the paged set and the spatial hash) with known content and prints what each holds in the same canonical form
// (tests/gdb/main.c says what it is; a sparse set's row prints its columns by position, as
// get<0>, get<1> address them), then stops in bento_gdb_here() for the debugger.
#include <bento/bento.hpp>

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

using monsters = bento::pool<monster, 8, uint16_t, bento::policy::wrap>;
using monster_id = monsters::handle_type;

monsters monster_pool;
monster_id first_monster;
bento::sparse_set<monster_id, 8, vec2, uint32_t> placed;
bento::sparse_set<monster_id, 8> still;
bento::block_pool<message, 4> inbox;
bento::index<uint64_t, uint32_t, 16> by_name;
bento::index<monster_id, monster_id, 16> parents;
bento::multi_index<uint64_t, uint32_t, 16, 16> owned;
bento::grid<int16_t, 2, 256> terrain;
static void handle_key(monster_id h) { raw_key(h.raw); }

static void fill_monsters(void)
{
    monster_id h;
    need(monster_pool.init() == bento::status::ok, "pool init");
    for (uint32_t i = 0u; i < 5u; i++) {
        need(monster_pool.create(h, monster{100 - static_cast<int32_t>(i * 7u), i + 1u}) ==
                 bento::status::ok,
             "pool create");
        if (i == 0u) {
            first_monster = h;
        }
    }
    // a destroy moves the last into the hole: dense order is not creation order
    need(monster_pool.destroy(monster_pool.handle_at(1u)) == bento::status::ok, "pool destroy");
    need(monster_pool.create(h, monster{-5, 9u}) == bento::status::ok, "pool create again");
    head("monster_pool", monster_pool.count(), monster_pool.capacity());
    for (uint32_t i = 0u; i < monster_pool.count(); i++) {
        const monster *v = monster_pool.get(monster_pool.handle_at(i));
        say("monster_pool ");
        handle_key(monster_pool.handle_at(i));
        say(" = {hp=");
        num(v->hp);
        say(",level=");
        num(v->level);
        say("}\n");
    }
    say("first_monster handle index ");
    num(first_monster.index());
    say(" generation ");
    num(first_monster.generation());
    say("\n");
}

static void fill_sets(void)
{
    need(placed.init() == bento::status::ok && still.init() == bento::status::ok, "set init");
    for (uint32_t i = 0u; i < monster_pool.count(); i++) {
        const monster_id h = monster_pool.handle_at(i);
        if (i != 2u) {
            need(placed.insert(h, vec2{static_cast<int32_t>(i) * 10 - 15, static_cast<int32_t>(i) * 3},
                               0x100u + i) == bento::status::ok,
                 "set insert");
        }
        if (i % 2u == 0u) {
            need(still.insert(h) == bento::status::ok, "keys insert");
        }
    }
    head("placed", placed.count(), placed.capacity());
    for (uint32_t i = 0u; i < placed.count(); i++) {
        const monster_id h = placed.key_at(i);
        const vec2 *at = placed.get<0>(h);
        say("placed ");
        handle_key(h);
        say(" = {0={x=");
        num(at->x);
        say(",y=");
        num(at->y);
        say("},1=");
        num(*placed.get<1>(h));
        say("}\n");
    }
    head("still", still.count(), still.capacity());
    for (uint32_t i = 0u; i < still.count(); i++) {
        say("still ");
        handle_key(still.key_at(i));
        say("\n");
    }
}

static void fill_blocks(void)
{
    message *m[3] = {nullptr, nullptr, nullptr};
    need(inbox.init() == bento::status::ok, "block pool init");
    for (uint32_t i = 0u; i < 3u; i++) {
        need(inbox.alloc(m[i]) == bento::status::ok, "alloc");
        m[i]->id = 1000u + i;
        m[i]->length = 8u * i;
    }
    need(inbox.free(m[1]) == bento::status::ok, "free");
    head("inbox", inbox.count(), inbox.capacity());
    for (uint32_t i = 0u; i < 3u; i += 2u) {
        say("inbox ");
        num(inbox.index_of(m[i]));
        say(" = {id=");
        num(m[i]->id);
        say(",length=");
        num(m[i]->length);
        say("}\n");
    }
}

static void fill_indices(void)
{
    const uint64_t keys[5] = {0x1234u, 0xdeadbeefcafeull, 7u, 0xffffffffffffffffull, 99u};
    need(by_name.init() == bento::status::ok, "index init");
    head("by_name", 5u, by_name.capacity());
    for (uint32_t i = 0u; i < 5u; i++) {
        need(by_name.insert(keys[i], 10u + i) == bento::status::ok, "index insert");
        say("by_name ");
        bento_port_write_u64(keys[i]);
        say(" = ");
        num(10u + i);
        say("\n");
    }
    need(parents.init() == bento::status::ok, "index of handles init");
    head("parents", monster_pool.count() - 1u, parents.capacity());
    for (uint32_t i = 1u; i < monster_pool.count(); i++) {
        const monster_id child = monster_pool.handle_at(i);
        need(parents.insert(child, first_monster) == bento::status::ok, "index insert");
        say("parents ");
        handle_key(child);
        say(" = ");
        handle_key(first_monster);
        say("\n");
    }
}

static void fill_more(void)
{
    need(owned.init() == bento::status::ok, "multi-value index init");
    head("owned", 6u, 16u); // its value capacity
    for (uint32_t i = 0u; i < 6u; i++) {
        const uint64_t key = i < 3u ? 9u : (i < 5u ? 0x100000000ull : 4u);
        need(owned.insert(key, 15u - i) == bento::status::ok, "multi insert");
        say("owned ");
        bento_port_write_u64(key);
        say(" = ");
        num(15u - i);
        say("\n");
    }
    need(terrain.init() == bento::status::ok, "grid init");
    head("terrain", 4u, terrain.capacity());
    for (int32_t i = 0; i < 4; i++) {
        const int32_t x = -3 + i * 2, y = 5 - i;
        need(terrain.insert(bento_xy(x, y), static_cast<int16_t>(x * y)) == bento::status::ok,
             "grid insert");
        say("terrain ");
        pair(x, y);
        say(" = ");
        num(x * y);
        say("\n");
    }
}

int main(void)
{
    fill_monsters();
    fill_sets();
    fill_blocks();
    fill_indices();
    fill_more();
    say("filled\n");
    bento_gdb_here();
    bento_port_exit(failures == 0 ? 0 : 1);
}
