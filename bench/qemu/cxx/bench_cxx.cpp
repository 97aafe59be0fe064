// SPDX-License-Identifier: MIT
// bench/qemu/cxx/bench_cxx.cpp - the C++ face (bento/bento.hpp) against the C typed wrappers,
// instruction counts on the M4: pool get, sparse set contains, get, insert with values and sorts
// by a column with a comparator, a join of two sets and the index's find. One image built by
// arm-none-eabi-g++ holds both, each over memory of its own, with the same data and the same
// loops (the loops and shapes of bench/qemu/bench_pool.c, bench_sparse_set.c and
// bench_index.c); each pair of rows differs only by the call.
#include <bento/bento.hpp>

extern "C" {
#include "qbench.h"
void qbench_cxx(void);
}

namespace {

struct item16 {
    uint32_t a, b, c, d;
};
struct vec2 {
    int32_t x, y;
};

// ---------------------------------------------------------------- pool
enum : uint32_t { POOL_LIVE = 200, POOL_ROUNDS = 10 };
BENTO_POOL_TYPE(qpool, item16, 256, uint16_t, BENTO_POOL_RETIRE);
using cpool = bento::pool<item16, 256, uint16_t, bento::policy::retire>;
qpool c_pool;
cpool cxx_pool;
qpool_handle c_handles[POOL_LIVE];
cpool::handle_type cxx_handles[POOL_LIVE];
uint8_t order[POOL_LIVE];

__attribute__((noinline)) uint32_t pool_get_c(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < POOL_ROUNDS; r++) {
        for (uint32_t i = 0; i < POOL_LIVE; i++) {
            sum += qpool_get(&c_pool, c_handles[order[i]])->a;
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t pool_get_cxx(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < POOL_ROUNDS; r++) {
        for (uint32_t i = 0; i < POOL_LIVE; i++) {
            sum += cxx_pool.get(cxx_handles[order[i]])->a;
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t pool_overhead(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < POOL_ROUNDS; r++) {
        for (uint32_t i = 0; i < POOL_LIVE; i++) {
            sum += c_handles[order[i]].raw;
        }
    }
    return sum;
}

// ---------------------------------------------------------------- sparse sets
enum : uint32_t { UNIVERSE = 128, LIVE = 96, ROUNDS = 8 };
#define QPOSITIONS_COLUMNS(X) X(vec2, at)
BENTO_SPARSE_SET_TYPE_IDS(qpositions, UNIVERSE, LIVE, QPOSITIONS_COLUMNS);
#define QVELOCITIES_COLUMNS(X) X(vec2, by)
BENTO_SPARSE_SET_TYPE_IDS(qvelocities, UNIVERSE, LIVE, QVELOCITIES_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(qmoving, qpositions, qvelocities);
using cset = bento::sparse_set<bento::ids<UNIVERSE>, LIVE, vec2>;
qpositions c_positions;
qvelocities c_velocities;
cset cxx_positions;
cset cxx_velocities;
uint8_t keys[UNIVERSE];

__attribute__((noinline)) uint32_t contains_c(void)
{
    uint32_t hits = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < UNIVERSE; i++) {
            hits += static_cast<uint32_t>(qpositions_contains(&c_positions, keys[i]));
        }
    }
    return hits;
}
__attribute__((noinline)) uint32_t contains_cxx(void)
{
    uint32_t hits = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < UNIVERSE; i++) {
            hits += static_cast<uint32_t>(cxx_positions.contains(keys[i]));
        }
    }
    return hits;
}
__attribute__((noinline)) uint32_t contains_overhead(void)
{
    uint32_t hits = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < UNIVERSE; i++) {
            hits += keys[i];
        }
    }
    return hits;
}
__attribute__((noinline)) uint32_t get_c(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < LIVE; i++) {
            sum += static_cast<uint32_t>(qpositions_get(&c_positions, keys[i]).at->x);
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t get_cxx(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < LIVE; i++) {
            sum += static_cast<uint32_t>(cxx_positions.get<0>(keys[i])->x);
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t get_overhead(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < LIVE; i++) {
            sum += keys[i];
        }
    }
    return sum;
}
// positions (96 keys) with velocities (48), velocities driving
__attribute__((noinline)) uint32_t join_c(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        qmoving join;
        qmoving_init(&join, &c_positions, &c_velocities);
        while (qmoving_next(&join)) {
            sum += static_cast<uint32_t>(join.qpositions.at->x + join.qvelocities.by->y);
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t join_cxx(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (auto [key, at, by] : bento::join(cxx_positions, cxx_velocities)) {
            static_cast<void>(key);
            sum += static_cast<uint32_t>(at.x + by.y);
        }
    }
    return sum;
}

// insert with values: a key and its row (two 8-byte columns) into an empty set, LIVE keys,
// then a clear (the same generic call in both); the C typed insert hands back the row's
// pointers and the caller assigns, the C++ insert takes the elements
#define QROWS_COLUMNS(X) X(vec2, at) X(vec2, by)
BENTO_SPARSE_SET_TYPE_IDS(qrows, UNIVERSE, LIVE, QROWS_COLUMNS);
using crows = bento::sparse_set<bento::ids<UNIVERSE>, LIVE, vec2, vec2>;
qrows c_rows;
crows cxx_rows;

__attribute__((noinline)) uint32_t insert_c(void)
{
    uint32_t failures = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < LIVE; i++) {
            qrows_row row;
            if (qrows_insert(&c_rows, keys[i], &row) == BENTO_OK) {
                *row.at = vec2{static_cast<int32_t>(i), static_cast<int32_t>(r)};
                *row.by = vec2{static_cast<int32_t>(r), 1};
            } else {
                failures++;
            }
        }
        bento_sparse_set_clear(&c_rows.generic_);
    }
    return failures;
}
__attribute__((noinline)) uint32_t insert_cxx(void)
{
    uint32_t failures = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < LIVE; i++) {
            if (cxx_rows.insert(keys[i], vec2{static_cast<int32_t>(i), static_cast<int32_t>(r)},
                                vec2{static_cast<int32_t>(r), 1}) != bento::status::ok) {
                failures++;
            }
        }
        cxx_rows.clear();
    }
    return failures;
}

// sorts by a column with a comparator: LIVE keys whose x are a permutation out of order, put
// back before each sort by the same generic calls for both sets (timed alone and taken off),
// so that the pair differs only by the sort: the C typed sort with a C comparator function,
// the C++ sort<0> with a lambda
using csorted = bento::sparse_set<bento::ids<UNIVERSE>, LIVE, vec2>;
BENTO_SPARSE_SET_TYPE_IDS(qsorted, UNIVERSE, LIVE, QPOSITIONS_COLUMNS);
qsorted c_sorted;
csorted cxx_sorted;
bento_sparse_set_sort_mode sort_mode;

int by_x(const void *a, const void *b, void *context)
{
    static_cast<void>(context);
    return static_cast<const vec2 *>(a)->x < static_cast<const vec2 *>(b)->x ? -1 : 0;
}
__attribute__((noinline)) void restore(bento_sparse_set *set, vec2 *at)
{
    bento_sparse_set_clear(set);
    for (uint32_t i = 0; i < LIVE; i++) {
        uint32_t p;
        if (bento_sparse_set_insert(set, keys[i], &p) == BENTO_OK) {
            at[p] = vec2{static_cast<int32_t>((i * 53u) % LIVE), static_cast<int32_t>(i)};
        }
    }
}
void restore_c(void) { restore(&c_sorted.generic_, qsorted_columns(&c_sorted).at); }
void restore_cxx(void) { restore(const_cast<bento_sparse_set *>(cxx_sorted.generic()), cxx_sorted.column<0>()); }
// the order the sort left: the keys weighed by their positions
template <class KeyAt> uint32_t order_of(const KeyAt &keys_at)
{
    uint32_t sum = 0u;
    for (uint32_t p = 0; p < LIVE; p++) {
        sum += keys_at(p) * (p + 1u);
    }
    return sum;
}
__attribute__((noinline)) uint32_t restore_only(void)
{
    for (uint32_t r = 0; r < ROUNDS; r++) {
        restore_c();
    }
    return 0u;
}
__attribute__((noinline)) uint32_t sort_c(void)
{
    uint32_t failures = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        restore_c();
        failures += qsorted_sort(&c_sorted, LIVE, BENTO_SPARSE_SET_COLUMN(qsorted, at), by_x, nullptr, sort_mode) !=
                    BENTO_OK;
    }
    return failures + order_of([](uint32_t p) { return qsorted_keys(&c_sorted)[p]; });
}
__attribute__((noinline)) uint32_t sort_cxx(void)
{
    uint32_t failures = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        restore_cxx();
        failures += cxx_sorted.sort<0>(LIVE, [](const vec2 &a, const vec2 &b) { return a.x < b.x; }, sort_mode) !=
                    bento::status::ok;
    }
    return failures + order_of([](uint32_t p) { return cxx_sorted.keys()[p]; });
}

// ---------------------------------------------------------------- index
enum : uint32_t { CAPACITY = 256, KEYS = 128 };
BENTO_INDEX_TYPE(qindex, CAPACITY);
using cindex = bento::index<uint64_t, uint32_t, CAPACITY>;
qindex c_index;
cindex cxx_index;
uint64_t index_keys[KEYS];

uint64_t key_of(uint32_t i)
{
    const uint32_t a = i * 0x9e3779b9u + 0x7f4a7c15u;
    return static_cast<uint64_t>(a ^ (a >> 15)) << 32 | (a * 0x85ebca6bu);
}
__attribute__((noinline)) uint32_t find_c(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < KEYS; i++) {
            sum += qindex_value(&c_index, index_keys[i], 0u);
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t find_cxx(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < KEYS; i++) {
            sum += cxx_index.value(index_keys[i], 0u);
        }
    }
    return sum;
}
__attribute__((noinline)) uint32_t find_overhead(void)
{
    uint32_t sum = 0u;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < KEYS; i++) {
            sum += static_cast<uint32_t>(index_keys[i]);
        }
    }
    return sum;
}

uint32_t failures = 0u;
void need(bool ok) { failures += ok ? 0u : 1u; }

void pair(const char *what, uint32_t (*c)(void), uint32_t (*cxx)(void), uint32_t (*overhead)(void), uint32_t ops)
{
    const uint32_t base = overhead != nullptr ? qbench_time(overhead) : 0u;
    const uint32_t c_ticks = qbench_time(c);
    const uint32_t cxx_ticks = qbench_time(cxx);
    need(c() == cxx()); // the same answers
    bento_port_write(what);
    bento_port_write(" (C typed)");
    qbench_report_value(c_ticks, base, ops);
    bento_port_write(what);
    bento_port_write(" (C++ face)");
    qbench_report_value(cxx_ticks, base, ops);
}

// a sort's pair: the restoring, timed alone, taken off both counts
void sort_pair(const char *what, bento_sparse_set_sort_mode mode)
{
    sort_mode = mode;
    restore_c(); // both full, as before each sort
    restore_cxx();
    const uint32_t base = qbench_time(restore_only);
    const uint32_t c_ticks = qbench_time(sort_c);
    const uint32_t cxx_ticks = qbench_time(sort_cxx);
    need(sort_c() == sort_cxx()); // the same order
    bento_port_write(what);
    bento_port_write(" (C typed)");
    qbench_report_value(c_ticks, base, LIVE * ROUNDS);
    bento_port_write(what);
    bento_port_write(" (C++ face)");
    qbench_report_value(cxx_ticks, base, LIVE * ROUNDS);
}

} // namespace

void qbench_cxx(void)
{
    need(qpool_init(&c_pool) == BENTO_OK && cxx_pool.init() == bento::status::ok);
    for (uint32_t i = 0; i < POOL_LIVE; i++) {
        item16 *v = nullptr;
        need(qpool_create(&c_pool, &c_handles[i], &v) == BENTO_OK);
        *v = item16{i, 0u, 0u, 0u};
        need(cxx_pool.create(cxx_handles[i], item16{i, 0u, 0u, 0u}) == bento::status::ok);
        order[i] = static_cast<uint8_t>(i);
    }
    for (uint32_t i = POOL_LIVE - 1u; i > 0u; i--) { // the fixed shuffle of bench_pool.c
        const uint32_t j = (i * 2654435761u >> 8) % (i + 1u);
        const uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (uint32_t i = 0; i < UNIVERSE; i++) {
        keys[i] = static_cast<uint8_t>(i);
    }
    for (uint32_t i = UNIVERSE - 1u; i > 0u; i--) { // the fixed shuffle of bench_sparse_set.c
        const uint32_t j = (i * 2654435761u >> 8) % (i + 1u);
        const uint8_t t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
    }
    need(qpositions_init(&c_positions) == BENTO_OK && qvelocities_init(&c_velocities) == BENTO_OK);
    need(cxx_positions.init() == bento::status::ok && cxx_velocities.init() == bento::status::ok);
    for (uint32_t i = 0; i < LIVE; i++) {
        qpositions_row row;
        need(qpositions_insert(&c_positions, keys[i], &row) == BENTO_OK);
        *row.at = vec2{static_cast<int32_t>(i), 1};
        need(cxx_positions.insert(keys[i], vec2{static_cast<int32_t>(i), 1}) == bento::status::ok);
        if ((i & 1u) == 0u) {
            qvelocities_row vel;
            need(qvelocities_insert(&c_velocities, keys[i], &vel) == BENTO_OK);
            *vel.by = vec2{1, static_cast<int32_t>(i)};
            need(cxx_velocities.insert(keys[i], vec2{1, static_cast<int32_t>(i)}) == bento::status::ok);
        }
    }
    need(qrows_init(&c_rows) == BENTO_OK && cxx_rows.init() == bento::status::ok);
    need(qsorted_init(&c_sorted) == BENTO_OK && cxx_sorted.init() == bento::status::ok);
    need(qindex_init(&c_index) == BENTO_OK && cxx_index.init() == bento::status::ok);
    for (uint32_t i = 0; i < KEYS; i++) {
        need(qindex_insert(&c_index, key_of(i), i) == BENTO_OK);
        need(cxx_index.insert(key_of(i), i) == bento::status::ok);
        index_keys[i] = key_of((i * 97u) % KEYS);
    }

    pair("pool get (16-byte values)", pool_get_c, pool_get_cxx, pool_overhead, POOL_LIVE * POOL_ROUNDS);
    pair("sparse set contains (16-bit entries, 25% miss)", contains_c, contains_cxx, contains_overhead,
         UNIVERSE * ROUNDS);
    pair("sparse set get (8-byte values)", get_c, get_cxx, get_overhead, LIVE * ROUNDS);
    pair("sparse set insert with values (2 columns of 8 bytes, a clear per 96 keys)", insert_c, insert_cxx,
         get_overhead, LIVE * ROUNDS);
    sort_pair("sparse set heap sort by a column with a comparator, 96 keys + 1 column, per key",
              BENTO_SPARSE_SET_SORT_HEAP);
    sort_pair("sparse set insertion sort by a column with a comparator, 96 keys + 1 column, per key",
              BENTO_SPARSE_SET_SORT_INSERTION);
    pair("join of 2 sets, per driver key (96 and 48 keys)", join_c, join_cxx, nullptr, (LIVE / 2u) * ROUNDS);
    pair("index find hit, load 0.5", find_c, find_cxx, find_overhead, KEYS * ROUNDS);
    if (failures != 0u) {
        bento_port_write("bench_cxx: setup or answers differ\n");
        bento_port_exit(1);
    }
}
