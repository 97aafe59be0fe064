// SPDX-License-Identifier: MIT
// tests/cxx/face.cpp - bento/bento.hpp, the C++17 face: every class and method, checked against
// what the program knows it put in, on embedded storage and on caller memory, with reopen.
// Built by `make check` with g++ and clang++ at -Werror (strict flags, -fno-exceptions
// -fno-rtti) and with clang++ -Weverything (tests/cxx/cxx.mk), linked with the kit built as C,
// and run: it prints each failing check and ends with "N passed, N failed".
#include <bento/bento.hpp>

#include <stdio.h>

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, int line, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("tests/cxx/face.cpp:%d: failed: %s\n", line, what);
    }
}
#define CHECK(e) check((e), __LINE__, #e)

// exact for the small integers the tests store (no == on floats: -Wfloat-equal)
bool same(float a, float b) { return !(a < b) && !(b < a); }

struct vec2 {
    float x, y;
};
struct body {
    int32_t hp;
    uint32_t tag;
};

using actors = bento::pool<body, 64, uint16_t, bento::policy::wrap>;
using actor = actors::handle_type;
using things = bento::pool<vec2, 16, uint32_t, bento::policy::retire, bento::caller_memory>;
using positions_t = bento::sparse_set<actor, 64, vec2>;
using velocities_t = bento::sparse_set<actor, 32, vec2, float>;
using tags_t = bento::sparse_set<actor, 16>;
using id_set = bento::sparse_set_in<bento::ids<100>, 50, bento::caller_memory, uint32_t>;

static_assert(actors::capacity() == 64u, "constexpr capacity");
static_assert(actor::index_bits == 6u && actor::generation_bits == 10u, "handle split");
static_assert(sizeof(actor) == 2u, "a 16-bit handle is 16 bits");
static_assert(positions_t::capacity() == 64u && positions_t::column_count() == 1u, "set shape");

actors pool_a;
positions_t positions;
velocities_t velocities;
tags_t tags;

void test_pool()
{
    CHECK(pool_a.init() == bento::status::ok);
    CHECK(pool_a.empty() && pool_a.count() == 0u);
    actor h[10];
    for (int i = 0; i < 10; i++) {
        body *b = nullptr;
        CHECK(pool_a.create(h[i], &b) == bento::status::ok && b != nullptr);
        if (b != nullptr) {
            *b = body{i, static_cast<uint32_t>(i) * 3u};
        }
    }
    actor copied;
    CHECK(pool_a.create(copied, body{77, 1u}) == bento::status::ok);
    CHECK(pool_a.get(copied) != nullptr && pool_a.get(copied)->hp == 77);
    CHECK(pool_a.count() == 11u);
    CHECK(pool_a.get(h[4]) != nullptr && pool_a.get(h[4])->hp == 4);
    CHECK(pool_a.contains(h[9]));
    CHECK(pool_a.destroy(h[4]) == bento::status::ok);
    CHECK(pool_a.get(h[4]) == nullptr && !pool_a.contains(h[4]));
    CHECK(pool_a.destroy(h[4]) == bento::status::stale);
    CHECK(pool_a.get(actor::null()) == nullptr);
    CHECK(!actor::null() && actor::null().is_null() && h[0] && h[0] != h[1]);
    CHECK(h[1].index() < 64u && h[1].generation() % 2u == 1u);
    CHECK(pool_a.check() == bento::status::ok);
    // range-for over values and over (handle, value)
    int sum = 0;
    for (body &b : pool_a.values()) {
        sum += b.hp;
    }
    CHECK(sum == 0 + 1 + 2 + 3 + 5 + 6 + 7 + 8 + 9 + 77);
    int pairs = 0;
    for (auto [hh, b] : pool_a) {
        pairs += pool_a.get(hh) == &b ? 1 : 0;
    }
    CHECK(pairs == 10);
    CHECK(pool_a.handle_at(0u) != actor::null() && pool_a.handle_at(10u) == actor::null());
    CHECK(pool_a.handle_of_index(h[0].index()) == h[0]);
    CHECK(pool_a.retired() == 0u && pool_a.lifetime() == BENTO_POOL_FOREVER);
    CHECK(pool_a.alias_horizon() == 512u);
    // reopen after a copy: the copy points into the original until open() re-points it
    static actors copy;
    copy = pool_a;
    CHECK(copy.open() == bento::status::ok && copy.count() == 10u && copy.get(h[0])->hp == 0);
    CHECK(copy.generic() != pool_a.generic());
    // a pool of another type refuses the buffer
    pool_a.clear();
    CHECK(pool_a.count() == 0u && pool_a.get(h[0]) == nullptr);
    CHECK(bento::ok(pool_a.check()));

    // caller memory
    alignas(8) static unsigned char memory[things::bytes];
    static things t;
    CHECK(t.init(memory, sizeof memory - 4u) == bento::status::size);
    CHECK(t.init(memory, sizeof memory) == bento::status::ok);
    things::handle_type th;
    for (uint32_t i = 0; i < 16u; i++) {
        CHECK(t.create(th, vec2{static_cast<float>(i), 0.0f}) == bento::status::ok);
    }
    CHECK(t.create(th) == bento::status::full && th.is_null());
    static things reopened;
    CHECK(reopened.open(memory, sizeof memory) == bento::status::ok && reopened.count() == 16u);
    // the same bytes opened as a pool of another shape: corrupt
    using other = bento::pool<vec2, 8, uint32_t, bento::policy::retire, bento::caller_memory>;
    static other o;
    CHECK(o.open(memory, sizeof memory) == bento::status::corrupt && o.count() == 0u);
    // a value whose size is not a multiple of 4: 4-byte strides, walked by the pool
    static bento::pool<uint16_t, 8> shorts;
    bento::pool<uint16_t, 8>::handle_type sh;
    CHECK(shorts.init() == bento::status::ok && shorts.create(sh, uint16_t{7}) == bento::status::ok &&
          shorts.create(sh, uint16_t{9}) == bento::status::ok);
    static_assert(bento::pool<uint16_t, 8>::stride == 4u, "a 2-byte value takes 4");
    uint32_t shorts_sum = 0;
    for (auto [hh, v] : shorts) {
        shorts_sum += shorts.get(hh) == &v ? v : 100u;
    }
    CHECK(shorts_sum == 16u);
    CHECK(bento::name(bento::status::full) != nullptr && bento::name(bento::status::full)[8] == 'F');
    CHECK(bento::to_c(bento::status::stale) == BENTO_E_STALE && bento::to_status(BENTO_E_EXISTS) == bento::status::exists);
    CHECK(!bento::ok(bento::status::corrupt) && bento::ok(bento::status::ok));
}

void test_sets()
{
    CHECK(pool_a.init() == bento::status::ok);
    CHECK(positions.init() == bento::status::ok);
    CHECK(velocities.init() == bento::status::ok);
    CHECK(tags.init() == bento::status::ok);
    actor e[20];
    for (int i = 0; i < 20; i++) {
        CHECK(pool_a.create(e[i]) == bento::status::ok);
        CHECK(positions.insert(e[i], vec2{static_cast<float>(i), 0.0f}) == bento::status::ok);
        if (i % 2 == 0) {
            CHECK(velocities.insert(e[i], vec2{1.0f, 2.0f}, static_cast<float>(i)) == bento::status::ok);
        }
        if (i % 4 == 0) {
            CHECK(tags.insert(e[i]) == bento::status::ok);
        }
    }
    CHECK(positions.insert(e[0], vec2{}) == bento::status::exists);
    CHECK(positions.count() == 20u && velocities.count() == 10u && tags.count() == 5u);
    CHECK(positions.contains(e[3]) && !velocities.contains(e[3]));
    CHECK(positions.get<0>(e[7]) != nullptr && positions.get<0>(e[7])->x == 7.0f);
    CHECK(velocities.get<1>(e[8]) != nullptr && *velocities.get<1>(e[8]) == 8.0f);
    CHECK(velocities.get<0>(e[9]) == nullptr);
    CHECK(positions.index_of(e[5]) != BENTO_NONE && positions.key_at(positions.index_of(e[5])) == e[5]);
    CHECK(positions.key_at(99u) == actor::null());
    CHECK(positions.keys().size() == 20u);
    // a stale handle of a destroyed entity misses after its slot is reused
    CHECK(pool_a.destroy(e[19]) == bento::status::ok);
    actor reused;
    CHECK(pool_a.create(reused) == bento::status::ok);
    CHECK(positions.remove(e[19]) == bento::status::ok && positions.remove(e[19]) == bento::status::not_found);

    // range-for over (key, column...) and over a column
    int rows = 0;
    for (auto [key, v, speed] : velocities) {
        rows += (same(v.x, 1.0f) && same(speed, static_cast<float>(key.index() - e[0].index()))) ? 1 : 0;
    }
    CHECK(rows == 10);
    float xs = 0.0f;
    for (vec2 &p : positions.values<0>()) {
        xs += p.x;
    }
    CHECK(xs == 171.0f); // 0 + ... + 18

    // joins: two sets, three sets (a tag set among them), structured bindings write through
    int joined = 0;
    for (auto [h, pos, vel, speed] : bento::join(positions, velocities)) {
        pos.x += vel.x * speed;
        joined += positions.contains(h) && velocities.contains(h) ? 1 : 0;
    }
    CHECK(joined == 10);
    CHECK(same(positions.get<0>(e[4])->x, 8.0f) && same(positions.get<0>(e[5])->x, 5.0f));
    int three = 0;
    for (auto [h, pos, vel, speed] : bento::join(tags, positions, velocities)) {
        three += (h.index() - e[0].index()) % 4u == 0u && pos.y == 0.0f && vel.y == 2.0f && speed >= 0.0f ? 1 : 0;
    }
    CHECK(three == 5);

    // sort by a column with a lambda, then sort another set as this one
    CHECK(positions.sort<0>(positions.count(), [](const vec2 &a, const vec2 &b) { return a.x > b.x; }) ==
          bento::status::ok);
    bool descending = true;
    for (uint32_t i = 1; i < positions.count(); i++) {
        descending = descending && positions.column<0>()[i - 1].x >= positions.column<0>()[i].x;
    }
    CHECK(descending);
    CHECK(velocities.sort_as(positions) == bento::status::ok && velocities.check() == bento::status::ok);
    // the same with a callable kept in a variable (an lvalue, const): a stable merge sort by
    // speed, then the keys by their raw values, descending
    const auto by_speed = [](const float &a, const float &b) { return a < b; };
    alignas(4) static unsigned char merge_scratch[BENTO_SPARSE_SET_MERGE_BYTES(32)];
    CHECK(velocities.sort_merge<1>(velocities.count(), by_speed, merge_scratch, sizeof merge_scratch) ==
          bento::status::ok);
    bool by_speed_sorted = true;
    for (uint32_t i = 1; i < velocities.count(); i++) {
        by_speed_sorted = by_speed_sorted && !(velocities.column<1>()[i] < velocities.column<1>()[i - 1]);
    }
    CHECK(by_speed_sorted && velocities.check() == bento::status::ok);
    auto descending_keys = [](const uint32_t &a, const uint32_t &b) { return a > b; };
    CHECK(velocities.sort_keys(velocities.count(), descending_keys, BENTO_SPARSE_SET_SORT_HEAP) == bento::status::ok);
    CHECK(velocities.keys()[0] > velocities.keys()[velocities.count() - 1u] && velocities.check() == bento::status::ok);
    CHECK(positions.check() == bento::status::ok);

    // reopen a copy
    static positions_t copy;
    copy = positions;
    CHECK(copy.open() == bento::status::ok && copy.count() == 19u && copy.get<0>(e[7])->x == 7.0f);
    positions.clear();
    CHECK(positions.empty() && !positions.contains(e[1]));

    // plain ids on caller memory
    alignas(8) static unsigned char memory[id_set::bytes];
    static id_set ids;
    CHECK(ids.init(memory, sizeof memory) == bento::status::ok);
    CHECK(ids.insert(42u, 4200u) == bento::status::ok && ids.insert(100u, 1u) == bento::status::argument);
    CHECK(ids.get<0>(42u) != nullptr && *ids.get<0>(42u) == 4200u && ids.key_at(0u) == 42u);
    CHECK(ids.key_at(1u) == BENTO_NONE);
    static id_set again;
    CHECK(again.open(memory, sizeof memory) == bento::status::ok && again.contains(42u));
    // the radix sort by key, each row following its key; row_at binds a position's row
    for (uint32_t k = 40u; k > 30u; k--) {
        CHECK(again.insert(k, k * 100u) == bento::status::ok);
    }
    alignas(4) static unsigned char scratch[BENTO_SPARSE_SET_RADIX_BYTES(50)];
    CHECK(again.sort_radix(again.count(), scratch, sizeof scratch) == bento::status::ok);
    bool rows_follow = true;
    for (uint32_t i = 0; i < again.count(); i++) {
        auto [key, value] = again.row_at(i);
        rows_follow = rows_follow && value == key * 100u && (i == 0u || again.key_at(i - 1u) < key);
    }
    CHECK(rows_follow && again.key_at(0u) == 31u && again.check() == bento::status::ok);
}

void test_block_and_paged()
{
    using records = bento::block_pool<body, 4>;
    static records r;
    CHECK(r.init() == bento::status::ok);
    body *b[5] = {};
    for (int i = 0; i < 4; i++) {
        CHECK(r.alloc(b[i]) == bento::status::ok && b[i] != nullptr);
    }
    CHECK(r.alloc(b[4]) == bento::status::full && b[4] == nullptr);
    CHECK(r.count() == 4u && r.high_water() == 4u && r.contains(b[2]));
    CHECK(r.index_of(b[2]) < 4u && r.block_at(r.index_of(b[2])) == b[2]);
    CHECK(r.free(b[2]) == bento::status::ok && !r.contains(b[2]) && r.free(b[2]) != bento::status::ok);
    CHECK(r.check() == bento::status::ok);
    static records r2;
    r2 = r;
    CHECK(r2.open() == bento::status::ok && r2.count() == 3u);
    r.clear();
    CHECK(r.count() == 0u);
    using outside = bento::block_pool<body, 4, bento::caller_memory>;
    alignas(8) static unsigned char block_memory[outside::bytes];
    static outside o, o2;
    body *ob = nullptr;
    CHECK(o.init(block_memory, sizeof block_memory) == bento::status::ok && o.alloc(ob) == bento::status::ok);
    CHECK(o2.open(block_memory, sizeof block_memory) == bento::status::ok && o2.contains(ob));

    using extras = bento::paged_set<body, 32, actor, 8>;
    static bento::block_pool<extras::page, 4> pages;
    static extras ex;
    CHECK(pages.init() == bento::status::ok && ex.init(pages) == bento::status::ok);
    actor k[3] = {actor::from_raw(1u << 6 | 3u), actor::from_raw(1u << 6 | 40u), actor::from_raw(3u << 6 | 41u)};
    body *v = nullptr;
    CHECK(ex.insert(k[0], &v) == bento::status::ok && v != nullptr);
    if (v != nullptr) {
        *v = body{1, 0u};
    }
    CHECK(ex.insert(k[1], body{2, 0u}) == bento::status::ok && ex.insert(k[2], body{3, 0u}) == bento::status::ok);
    CHECK(ex.count() == 3u && ex.pages_held() == 2u && ex.get(k[1])->hp == 2);
    CHECK(!ex.contains(actor::from_raw(3u << 6 | 3u)));
    int seen = 0;
    for (auto [key, value] : ex) {
        seen += ex.get(key) == &value ? value.hp : 100;
    }
    CHECK(seen == 6);
    CHECK(ex.key_at(0u) == k[0] && ex.key_at(5u) == actor::null());
    CHECK(ex.remove(k[0]) == bento::status::ok && ex.check() == bento::status::ok);
    static extras ex2;
    ex2 = ex;
    CHECK(ex2.open(pages) == bento::status::ok && ex2.count() == 2u);
    ex.clear();
    CHECK(ex.count() == 0u && ex.pages_held() == 0u);
}

void test_indices()
{
    static bento::index<uint64_t, uint32_t, 64> by_name;
    CHECK(by_name.init() == bento::status::ok);
    for (uint64_t i = 1; i <= 40; i++) {
        CHECK(by_name.insert(i * 0x100000001ull, static_cast<uint32_t>(i)) == bento::status::ok);
    }
    CHECK(by_name.insert(0x100000001ull, 5u) == bento::status::exists);
    auto hit = by_name.find(7u * 0x100000001ull);
    CHECK(hit && *hit == 7u);
    CHECK(!by_name.find(12345u) && by_name.value(12345u, 99u) == 99u && by_name.contains(0x100000001ull));
    CHECK(by_name.upsert(0x100000001ull, 500u) == bento::status::ok && by_name.value(0x100000001ull, 0u) == 500u);
    uint32_t removed = 0;
    CHECK(by_name.remove(2u * 0x100000001ull, &removed) == bento::status::ok && removed == 2u);
    CHECK(by_name.count() == 39u && by_name.max_count() >= 39u && by_name.check() == bento::status::ok);
    uint64_t walked = 0;
    for (auto [key, value] : by_name) {
        walked += (key / 0x100000001ull == value || value == 500u) ? 1u : 0u;
    }
    CHECK(walked == 39u);
    static bento::index<uint64_t, uint32_t, 64> copy;
    copy = by_name;
    CHECK(copy.open() == bento::status::ok && copy.count() == 39u);
    by_name.clear();
    CHECK(by_name.count() == 0u);

    // 32-bit keys, handle keys and values, on caller memory
    using parent_of = bento::index<actor, actor, 16, bento::caller_memory>;
    alignas(8) static unsigned char memory[parent_of::bytes];
    static parent_of parents;
    CHECK(parents.init(memory, sizeof memory) == bento::status::ok);
    const actor a = actor::from_raw(1u << 6 | 1u), b = actor::from_raw(1u << 6 | 2u);
    CHECK(parents.insert(b, a) == bento::status::ok && parents.find(b) && *parents.find(b) == a);
    CHECK(parents.value(a, actor::null()) == actor::null());

    // multi-value index, integer and handle values
    static bento::multi_index<uint32_t, uint32_t, 16, 32> owned;
    CHECK(owned.init() == bento::status::ok);
    CHECK(owned.insert(9u, 3u) == bento::status::ok && owned.insert(9u, 5u) == bento::status::ok &&
          owned.insert(4u, 6u) == bento::status::ok);
    CHECK(owned.insert(4u, 3u) == bento::status::exists && owned.insert(1u, 32u) == bento::status::argument);
    CHECK(owned.length(9u) == 2u && owned.count() == 3u && owned.key_count() == 2u && owned.contains(4u));
    uint32_t order = 0;
    for (uint32_t v : owned.values(9u)) {
        order = order * 10u + v;
    }
    CHECK(order == 35u);
    CHECK(owned.key_of(6u) && *owned.key_of(6u) == 4u);
    CHECK(owned.move(4u, 3u) == bento::status::ok && owned.length(4u) == 2u);
    CHECK(owned.remove(9u, 5u) == bento::status::ok && owned.remove_value(6u) == bento::status::ok);
    uint32_t gone = 0;
    CHECK(owned.remove_key(4u, &gone) == bento::status::ok && gone == 1u && owned.count() == 0u);
    CHECK(owned.check() == bento::status::ok);
    owned.clear();

    static bento::multi_index<actor, actor, 16, 64> children;
    CHECK(children.init() == bento::status::ok);
    CHECK(children.insert(a, b) == bento::status::ok);
    const actor stale_b = actor::from_raw(3u << 6 | 2u); // b's index, another generation
    CHECK(children.remove(a, stale_b) == bento::status::not_found && children.length(a) == 1u);
    CHECK(!children.key_of(stale_b) && children.key_of(b) && *children.key_of(b) == a);
    int kids = 0;
    for (actor c : children.values(a)) {
        kids += c == b ? 1 : 0;
    }
    CHECK(kids == 1);
    static bento::multi_index<actor, actor, 16, 64> reopened;
    reopened = children;
    CHECK(reopened.open() == bento::status::ok && reopened.key_of(b) && *reopened.key_of(b) == a);
}

void test_spatial_and_grid()
{
    static bento::spatial_hash<actor, 2, 4, 16, 64> space;
    CHECK(space.init() == bento::status::ok);
    actor items[10];
    for (uint32_t i = 0; i < 10u; i++) {
        items[i] = actor::from_raw(1u << 6 | i);
        CHECK(space.insert(items[i], bento_xy(static_cast<int32_t>(i) * 10, 0)) == bento::status::ok);
    }
    CHECK(space.count() == 10u && space.contains(items[3]) && space.get(items[3])[0] == 30);
    CHECK(!space.contains(actor::from_raw(3u << 6 | 3u)));
    int near = 0;
    CHECK(space.query_radius(bento_xy(0, 0), 25, [&](actor it, const int32_t *pos) {
        near += it.index() * 10u == static_cast<uint32_t>(pos[0]) ? 1 : 0;
        return true;
    }) == bento::status::ok);
    CHECK(near == 3);
    int again = 0;
    const auto count_them = [&again](actor, const int32_t *) {
        again++;
        return true;
    };
    CHECK(space.query_radius(bento_xy(0, 0), 25, count_them) == bento::status::ok && again == 3);
    int boxed = 0;
    bento_spatial_hash_stats stats;
    CHECK(space.query_box(bento_xy(15, -1), bento_xy(55, 1), [&](actor, const int32_t *) {
        boxed++;
        return boxed < 2; // stop after the second
    }, &stats) == bento::status::ok);
    CHECK(boxed == 2 && stats.items_found == 2u);
    CHECK(space.move(items[0], bento_xy(500, 500)) == bento::status::ok && space.get(items[0])[1] == 500);
    CHECK(space.remove(items[1]) == bento::status::ok && space.remove(items[1]) == bento::status::not_found);
    CHECK(space.check() == bento::status::ok);
    static bento::spatial_hash<actor, 2, 4, 16, 64> copy;
    copy = space;
    CHECK(copy.open() == bento::status::ok && copy.count() == 9u);
    space.clear();
    CHECK(space.count() == 0u);

    static bento::spatial_hash<uint32_t, 3, 2, 8, 8, bento::caller_memory> small;
    alignas(8) static unsigned char memory[decltype(small)::bytes];
    CHECK(small.init(memory, sizeof memory) == bento::status::ok);
    CHECK(small.insert(7u, bento_xyz(1, 2, 3)) == bento::status::ok && small.insert(8u, bento_xyz(0, 0, 0)) ==
                                                                          bento::status::argument);

    static bento::grid<int16_t, 2, 64> terrain;
    CHECK(terrain.init() == bento::status::ok);
    int16_t *cell = nullptr;
    CHECK(terrain.insert(bento_xy(-3, 5), &cell) == bento::status::ok && cell != nullptr);
    if (cell != nullptr) {
        *cell = 12;
    }
    CHECK(terrain.insert(bento_xy(-2, 5), int16_t{13}) == bento::status::ok);
    CHECK(terrain.get(bento_xy(-3, 5)) != nullptr && *terrain.get(bento_xy(-3, 5)) == 12);
    CHECK(terrain.contains(bento_xy(-2, 5)) && !terrain.contains(bento_xy(0, 0)));
    CHECK(terrain.count() == 2u && terrain.extent(0u) >= 2u && terrain.origin(1u) <= 5);
    int total = 0;
    for (auto [coords, h] : terrain.cells(bento_xy(-10, -10), bento_xy(10, 10))) {
        total += h + (coords[1] == 5 ? 100 : 0);
    }
    CHECK(total == 225);
    CHECK(terrain.ensure(bento_xy(4, 4)) == bento::status::ok && terrain.count() == 2u);
    CHECK(terrain.remove(bento_xy(-2, 5)) == bento::status::ok && terrain.check() == bento::status::ok);
    CHECK(terrain.moved() <= 2u);
    static bento::grid<int16_t, 2, 64> copy_grid;
    copy_grid = terrain;
    CHECK(copy_grid.open() == bento::status::ok && copy_grid.count() == 1u);
    terrain.clear();
    CHECK(terrain.count() == 0u);

    using chunks = bento::grid<uint32_t, 3, 8, false, bento::caller_memory>;
    alignas(8) static unsigned char grid_memory[chunks::bytes];
    static chunks g3, g3_again;
    CHECK(g3.init(grid_memory, sizeof grid_memory) == bento::status::ok &&
          g3.insert(bento_xyz(1, 2, 3), 9u) == bento::status::ok);
    CHECK(g3_again.open(grid_memory, sizeof grid_memory) == bento::status::ok && *g3_again.get(bento_xyz(1, 2, 3)) == 9u);
    CHECK(g3.insert(bento_xyz(900, 2, 3), 1u) == bento::status::full);

    static bento::grid<uint8_t, 2, 16, true> window;
    const uint32_t size[2] = {4u, 4u};
    CHECK(window.init(size) == bento::status::ok);
    CHECK(window.insert(bento_xy(1, 1), uint8_t{5}) == bento::status::ok);
    int evicted = 0;
    CHECK(window.focus(bento_xy(10, 10), [&](const int32_t *, uint8_t &c) { evicted += c; }) == bento::status::ok);
    CHECK(evicted == 5 && window.count() == 0u);
    // a window smaller than the type's capacity reopens (its sizes are the caller's at init); a
    // growing grid of the same cells is another type's buffer, and the window type refuses it
    static bento::grid<uint8_t, 2, 64, true> small_window, reopened;
    CHECK(small_window.init(size) == bento::status::ok &&
          small_window.insert(bento_xy(1, 1), uint8_t{7}) == bento::status::ok);
    reopened = small_window;
    CHECK(reopened.open() == bento::status::ok && *reopened.get(bento_xy(1, 1)) == 7u);
    using growing = bento::grid<uint8_t, 2, 16, false, bento::caller_memory>;
    using windowed = bento::grid<uint8_t, 2, 16, true, bento::caller_memory>;
    alignas(8) static unsigned char cells[growing::bytes];
    static growing grown;
    static windowed as_window;
    CHECK(grown.init(cells, sizeof cells) == bento::status::ok);
    CHECK(as_window.open(cells, sizeof cells) == bento::status::corrupt && as_window.count() == 0u);
}

} // namespace

int main()
{
    test_pool();
    test_sets();
    test_block_and_paged();
    test_indices();
    test_spatial_and_grid();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
