// SPDX-License-Identifier: MIT
// tests/cxx/all_headers.cpp - the kit's public headers in a C++17 program: every header
// (bento/bento.h and each one on its own), and every typed macro declared and called as a
// C++ engine would. Compiled by `make check` with g++ and clang++ at -Werror with strict warnings, and
// with clang++ -Weverything (see the Makefile for what is left out and why); then run.
#include <bento/bento.h>
#include <bento/block_pool.h>
#include <bento/common.h>
#include <bento/grid.h>
#include <bento/handle.h>
#include <bento/index.h>
#include <bento/multi_index.h>
#include <bento/paged_set.h>
#include <bento/point.h>
#include <bento/pool.h>
#include <bento/sparse_set.h>
#include <bento/spatial_hash.h>
#include <bento/version.h>

#include <cstdint>
#include <cstdio>

namespace {

struct transform {
    float x, y, z;
};

struct message {
    std::uint32_t id;
    std::uint32_t length;
};

BENTO_POOL_TYPE(transforms, transform, 64, std::uint16_t, BENTO_POOL_RETIRE);
#define VELOCITIES_COLUMNS(X) X(transform, speed)
BENTO_SPARSE_SET_TYPE(velocities, transforms_handle, 64, VELOCITIES_COLUMNS);
BENTO_BLOCK_POOL_TYPE(messages, message, 8);
BENTO_INDEX_TYPE(names, 64);
BENTO_INDEX32_TYPE(ids, 16);
#define MASSES_COLUMNS(X) X(float, kg)
BENTO_SPARSE_SET_TYPE(masses, transforms_handle, 64, MASSES_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(moving, velocities, masses);
#define TAGS_COLUMNS(X) X(std::uint8_t, tag)
BENTO_SPARSE_SET_TYPE_IDS(tags, 128, 16, TAGS_COLUMNS);
BENTO_PAGED_SET_TYPE(bodies, transform, 16, 64, 8);
BENTO_BLOCK_POOL_TYPE(body_pages, bodies_page, 2);
BENTO_GRID_TYPE(heights, std::int16_t, 2, 64);
BENTO_GRID_WINDOW_TYPE(view, std::uint8_t, 2, 16);
BENTO_MULTI_INDEX_TYPE(owners, 16, 32);
BENTO_SPATIAL_HASH_TYPE(space, 16, 32, 2, 4);
// the same containers typed by the pool's handles
BENTO_INDEX_TYPE_OF(by_uid, 16, std::uint64_t, transforms_handle);
BENTO_INDEX32_TYPE_OF(parent_of, 16, transforms_handle, transforms_handle);
BENTO_MULTI_INDEX_TYPE_OF(children, 16, transforms_handle, 64, transforms_handle);
BENTO_SPATIAL_HASH_TYPE_OF(placed, 16, 64, transforms_handle, 2, 4);
BENTO_PAGED_SET_TYPE_OF(extras, message, 16, transforms_handle, 8);
BENTO_BLOCK_POOL_TYPE(extra_pages, extras_page, 2);

transforms pool;
velocities speeds;
messages inbox;
names by_name;
ids by_id;
masses weights;
tags labels;
bodies body_set;
body_pages pages;
heights terrain;
view window;
owners owned;
space world;
by_uid uids;
parent_of parents;
children kids;
placed places;
extras extra;
extra_pages extra_store;

bool count_placed(void *context, transforms_handle item, const std::int32_t *position)
{
    (void)item;
    (void)position;
    ++*static_cast<int *>(context);
    return true;
}

int failures = 0;

void check(bool ok, const char *what)
{
    if (!ok) {
        std::printf("failed: %s\n", what);
        failures++;
    }
}

} // namespace

int main()
{
    check(transforms_init(&pool) == BENTO_OK, "pool init");
    transforms_handle h{};
    transform *t = nullptr;
    check(transforms_create(&pool, &h, &t) == BENTO_OK && t != nullptr, "pool create");
    if (t != nullptr) {
        *t = transform{1.0f, 2.0f, 3.0f};
    }
    const transform *found = transforms_get(&pool, h);
    check(found != nullptr && found->y > 1.5f, "pool get");
    check(transforms_count(&pool) == 1u, "pool count");

    check(velocities_init(&speeds) == BENTO_OK, "set init");
    velocities_row row{};
    check(velocities_insert(&speeds, h, &row) == BENTO_OK && row.speed != nullptr, "set insert");
    check(velocities_get(&speeds, h).speed == row.speed, "set get");
    check(velocities_contains(&speeds, h), "set contains");
    check(transforms_destroy(&pool, h) == BENTO_OK, "pool destroy");
    check(transforms_get(&pool, h) == nullptr, "stale handle");

    check(messages_init(&inbox) == BENTO_OK, "block pool init");
    message *m = nullptr;
    check(messages_alloc(&inbox, &m) == BENTO_OK && m != nullptr, "block alloc");
    check(messages_free(&inbox, m) == BENTO_OK, "block free");

    check(names_init(&by_name) == BENTO_OK, "index init");
    check(names_insert(&by_name, 0x1234u, 5u) == BENTO_OK, "index insert");
    check(names_value(&by_name, 0x1234u, 0u) == 5u, "index value");

    check(ids_init(&by_id) == BENTO_OK && ids_insert(&by_id, 7u, 1u) == BENTO_OK &&
              ids_contains(&by_id, 7u),
          "index32");
    {
        transforms_handle other;
        velocities_row vr{};
        masses_row mr{};
        moving walk;
        int joined = 0;
        check(transforms_create(&pool, &other, nullptr) == BENTO_OK, "pool create 2");
        check(velocities_insert(&speeds, other, &vr) == BENTO_OK, "set insert 2");
        check(masses_init(&weights) == BENTO_OK && masses_insert(&weights, other, &mr) == BENTO_OK,
              "second set");
        moving_init(&walk, &speeds, &weights);
        while (moving_next(&walk)) {
            joined++;
        }
        check(joined == 1, "typed join");
    }
    check(tags_init(&labels) == BENTO_OK && tags_insert(&labels, 5u, nullptr) == BENTO_OK,
          "set of ids");
    {
        transform *body = nullptr;
        check(body_pages_init(&pages) == BENTO_OK &&
                  bodies_init(&body_set, body_pages_generic(&pages)) == BENTO_OK &&
                  bodies_insert(&body_set, 3u, &body) == BENTO_OK && body != nullptr,
              "paged set");
    }
    {
        std::int16_t *height = nullptr;
        const std::uint32_t size[2] = {4u, 4u};
        check(heights_init(&terrain) == BENTO_OK &&
                  heights_insert_at(&terrain, bento_xy(-3, 5), &height) == BENTO_OK && height != nullptr,
              "grid");
        check(view_init(&window, size) == BENTO_OK &&
                  view_ensure_at(&window, bento_xy(1, 1)) == BENTO_OK,
              "window grid");
    }
    check(owners_init(&owned) == BENTO_OK && owners_insert(&owned, 9u, 3u) == BENTO_OK &&
              owners_length(&owned, 9u) == 1u,
          "multi-value index");
    check(space_init(&world) == BENTO_OK && space_insert_at(&world, 2u, bento_xy(10, 20)) == BENTO_OK &&
              space_contains(&world, 2u),
          "spatial hash");

    {
        transforms_handle a{}, b{}, got{};
        message *x = nullptr;
        children_iter it{};
        int seen = 0;
        check(transforms_create(&pool, &a, nullptr) == BENTO_OK &&
                  transforms_create(&pool, &b, nullptr) == BENTO_OK,
              "pool create 3");
        check(by_uid_init(&uids) == BENTO_OK && by_uid_insert(&uids, 77u, a) == BENTO_OK &&
                  by_uid_find(&uids, 77u, &got) && transforms_handle_eq(got, a),
              "index of handles");
        check(parent_of_init(&parents) == BENTO_OK && parent_of_insert(&parents, b, a) == BENTO_OK &&
                  transforms_handle_eq(parent_of_value(&parents, b, transforms_handle_null()), a),
              "index32 of handles");
        check(children_init(&kids) == BENTO_OK && children_insert(&kids, a, b) == BENTO_OK,
              "multi-value index of handles");
        children_iter_init(&it, &kids, a);
        check(children_iter_next(&it) && transforms_handle_eq(it.value, b), "its iterator");
        check(placed_init(&places) == BENTO_OK &&
                  placed_insert_at(&places, a, bento_xy(1, 1)) == BENTO_OK &&
                  placed_query_radius_at(&places, bento_xy(0, 0), 5, count_placed, &seen, nullptr) ==
                      BENTO_OK &&
                  seen == 1,
              "spatial hash of handles");
        check(extra_pages_init(&extra_store) == BENTO_OK &&
                  extras_init(&extra, extra_pages_generic(&extra_store)) == BENTO_OK &&
                  extras_insert(&extra, a, &x) == BENTO_OK && x != nullptr &&
                  transforms_handle_eq(extras_key_at(&extra, 0u), a),
              "paged set of handles");
    }

    std::printf("bento %s from C++: %s\n", BENTO_VERSION, failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}
