// SPDX-License-Identifier: MIT
// tests/cxx/all_headers.cpp - the kit's public headers in a C++17 program: every header
// (bento/bento.h and each one on its own), and a few typed wrappers called as a C++ engine
// would. Compiled by `make check` with g++ and clang++ at -Werror with strict warnings, and
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
BENTO_SPARSE_SET_TYPE(velocities, transforms_handle, 64, (transform, speed));
BENTO_BLOCK_POOL_TYPE(messages, message, 8);
BENTO_INDEX_TYPE(names, 64);

transforms pool;
velocities speeds;
messages inbox;
names by_name;

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
    check(velocities_speed_get(&speeds, h) == row.speed, "set get");
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

    std::printf("bento %s from C++: %s\n", BENTO_VERSION, failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}
