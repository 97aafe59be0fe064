// SPDX-License-Identifier: MIT
// examples/engine - an engine loop in C++ over bento/bento.hpp.
//
// Entities are handles of a pool; their components live in sparse sets keyed by those handles
// (position, velocity, sprite, health). Each frame the systems run:
//   spawn      new entities with some of the components (churn: a few every frame)
//   move       a join of positions and velocities, bound with structured bindings
//   sync       the spatial hash follows the positions
//   attack     a radius query around the player damages what it finds
//   reap       entities whose health is gone are despawned: every component removed
//   draw       sprites sorted by depth, then walked in draw order
// and the program verifies itself after every frame: every component key is a live entity,
// the query found exactly what a scan of every position finds, the draw order is sorted, and
// every container's check passes. It prints a line every 50 frames and a summary, and exits
// with 0 only when every verification held. Integer arithmetic only: the same output on the
// host and on a board.
#include <bento/bento.hpp>

#include "bento_port.h"

namespace {

constexpr uint32_t kEntities = 128u;
constexpr uint32_t kFrames = 300u;
constexpr int32_t kRadius = 48;

struct vec2 {
    int32_t x, y;
};
struct sprite {
    uint16_t frame;
    uint16_t depth;
};
struct entity {
    uint32_t born; // the frame it was spawned in
};

using world = bento::pool<entity, kEntities, uint16_t, bento::policy::wrap>;
using id = world::handle_type;

world entities;
bento::sparse_set<id, kEntities, vec2> positions;
bento::sparse_set<id, kEntities, vec2> velocities;
bento::sparse_set<id, kEntities, sprite> sprites;
bento::sparse_set<id, kEntities, int32_t> healths;
bento::spatial_hash<id, 2, 5, 256, kEntities> space; // cells of 32 units

uint32_t rng = 0x2545f491u;
uint32_t next_random()
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}
int32_t random_between(int32_t low, int32_t high)
{
    return low + static_cast<int32_t>(next_random() % static_cast<uint32_t>(high - low + 1));
}

uint32_t failures = 0u;
void verify(bool ok, const char *what, uint32_t frame)
{
    if (!ok) {
        failures++;
        bento_port_write("engine: frame ");
        bento_port_write_u64(frame);
        bento_port_write(": ");
        bento_port_write(what);
        bento_port_write(" failed\n");
    }
}
void require(bento::status s, const char *what, uint32_t frame) { verify(s == bento::status::ok, what, frame); }

struct totals {
    uint32_t spawned, despawned, moved, hits, drawn;
};

void spawn(uint32_t frame, totals &t)
{
    const uint32_t wanted = 1u + next_random() % 4u;
    for (uint32_t i = 0u; i < wanted; i++) {
        id e;
        if (entities.create(e, entity{frame}) != bento::status::ok) {
            return; // full: the world is crowded this frame
        }
        const vec2 p{random_between(-400, 400), random_between(-400, 400)};
        require(positions.insert(e, p), "insert position", frame);
        require(space.insert(e, bento_xy(p.x, p.y)), "insert into space", frame);
        require(healths.insert(e, random_between(1, 40)), "insert health", frame);
        if (next_random() % 4u != 0u) {
            require(velocities.insert(e, vec2{random_between(-6, 6), random_between(-6, 6)}), "insert velocity",
                    frame);
        }
        if (next_random() % 3u != 0u) {
            const sprite s{static_cast<uint16_t>(next_random() % 8u), static_cast<uint16_t>(next_random() % 1000u)};
            require(sprites.insert(e, s), "insert sprite", frame);
        }
        t.spawned++;
    }
}

void despawn(id e, uint32_t frame)
{
    require(positions.remove(e), "remove position", frame);
    require(space.remove(e), "remove from space", frame);
    require(healths.remove(e), "remove health", frame);
    if (velocities.contains(e)) {
        require(velocities.remove(e), "remove velocity", frame);
    }
    if (sprites.contains(e)) {
        require(sprites.remove(e), "remove sprite", frame);
    }
    require(entities.destroy(e), "destroy", frame);
}

void frame_step(uint32_t frame, totals &t)
{
    spawn(frame, t);

    // move: every entity with a position and a velocity (a join), bouncing off the walls
    for (auto [e, p, v] : bento::join(positions, velocities)) {
        p.x += v.x;
        p.y += v.y;
        if (p.x < -500 || p.x > 500) {
            v.x = -v.x;
        }
        if (p.y < -500 || p.y > 500) {
            v.y = -v.y;
        }
        require(space.move(e, bento_xy(p.x, p.y)), "move in space", frame);
        t.moved++;
    }

    // attack: the player sweeps a circle; what the query finds loses health
    const int32_t px = static_cast<int32_t>(frame % 200u) * 4 - 400;
    const int32_t py = 0;
    uint32_t found = 0u;
    require(space.query_radius(bento_xy(px, py), kRadius,
                               [&](id e, const int32_t *) {
                                   int32_t *hp = healths.get<0>(e);
                                   if (hp != nullptr) {
                                       *hp -= 10;
                                   }
                                   found++;
                                   return true;
                               }),
            "query", frame);
    uint32_t scanned = 0u;
    for (auto [e, p] : positions) {
        const int64_t dx = p.x - px, dy = p.y - py;
        scanned += dx * dx + dy * dy <= int64_t{kRadius} * kRadius ? 1u : 0u;
        verify(entities.contains(e), "position of a live entity", frame);
    }
    verify(found == scanned, "the query finds what a scan finds", frame);
    t.hits += found;

    // reap: health gone, or old age (churn even where the player never goes)
    for (uint32_t i = healths.count(); i-- > 0u;) {
        auto [e, hp] = healths.row_at(i);
        if (hp <= 0 || frame - entities.get(e)->born > 20u + (e.index() & 31u)) {
            despawn(e, frame);
            t.despawned++;
        }
    }

    // draw: sprites by depth (insertion sort: last frame's order is nearly right)
    require(sprites.sort<0>(sprites.count(), [](const sprite &a, const sprite &b) { return a.depth < b.depth; }),
            "sort", frame);
    uint32_t last_depth = 0u;
    for (auto [e, s] : sprites) {
        verify(s.depth >= last_depth && positions.contains(e), "draw order", frame);
        last_depth = s.depth;
        t.drawn++;
    }

    verify(positions.count() == entities.count() && healths.count() == entities.count() &&
               space.count() == entities.count(),
           "one position, health and place per entity", frame);
    verify(entities.check() == bento::status::ok && positions.check() == bento::status::ok &&
               velocities.check() == bento::status::ok && sprites.check() == bento::status::ok &&
               healths.check() == bento::status::ok && space.check() == bento::status::ok,
           "check", frame);
}

} // namespace

int main()
{
    totals t{};
    require(entities.init(), "init entities", 0u);
    require(positions.init(), "init positions", 0u);
    require(velocities.init(), "init velocities", 0u);
    require(sprites.init(), "init sprites", 0u);
    require(healths.init(), "init healths", 0u);
    require(space.init(), "init space", 0u);
    for (uint32_t frame = 1u; frame <= kFrames; frame++) {
        frame_step(frame, t);
        if (frame % 50u == 0u) {
            bento_port_write("frame ");
            bento_port_write_u64(frame);
            bento_port_write(": ");
            bento_port_write_u64(entities.count());
            bento_port_write(" entities, ");
            bento_port_write_u64(velocities.count());
            bento_port_write(" moving, ");
            bento_port_write_u64(sprites.count());
            bento_port_write(" drawn\n");
        }
    }
    bento_port_write("engine: ");
    bento_port_write_u64(kFrames);
    bento_port_write(" frames, ");
    bento_port_write_u64(t.spawned);
    bento_port_write(" spawned, ");
    bento_port_write_u64(t.despawned);
    bento_port_write(" despawned, ");
    bento_port_write_u64(t.moved);
    bento_port_write(" moves, ");
    bento_port_write_u64(t.hits);
    bento_port_write(" hits, ");
    bento_port_write_u64(t.drawn);
    bento_port_write(" sprites drawn; ");
    bento_port_write(failures == 0u ? "verified\n" : "FAILED\n");
    bento_port_exit(failures == 0u ? 0 : 1);
}
