/* SPDX-License-Identifier: MIT */
// bench/host/bench_sparse_set.cpp - the sparse set against raw arrays (floor) and
// std::unordered_map (the naive peer), on the same keys; its sorts against std::sort and each
// other. Typed sets (the shape a constant in every lookup) and generic ones (the shape read
// from the struct) each have their own memory, so one does not warm the other's caches.
//
// Keys: n distinct ids drawn from a universe of 2n, inserted in shuffled order; lookups walk
// present ids (hits), absent ids (misses) or the whole universe (50/50), in shuffled order.
// Floors: contains is one read of a presence array; get is one read of a value array indexed
// by id (a gather); a join's driver key is a presence read of the other set and a value read.
#include "harness.h"

extern "C" {
#include <bento/sparse_set.h>
}

#include <algorithm>
#include <bento/bento.hpp>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace {

struct vel {
    float dx, dy;
};

struct pos {
    float x, y;
};

struct entity {
    pos p;
    vel v;
};

// A generic set over caller memory with up to two columns (pos, vel).
struct fixture {
    std::vector<bento_align_unit> memory;
    std::vector<pos> p;
    std::vector<vel> v;
    bento_sparse_set_column cols[2];
    bento_sparse_set set;
    uint32_t universe, capacity, columns;
    fixture(uint32_t universe_, uint32_t capacity_, uint32_t columns_)
        : memory(BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(universe_, capacity_, 32, 0, columns_))),
          p(capacity_), v(capacity_), universe(universe_), capacity(capacity_), columns(columns_)
    {
        cols[0] = bento_sparse_set_column{p.data(), p.size() * sizeof(pos), sizeof(pos)};
        cols[1] = bento_sparse_set_column{v.data(), v.size() * sizeof(vel), sizeof(vel)};
        reset();
    }
    void reset()
    {
        if (bento_sparse_set_init(&set, memory.data(), memory.size() * sizeof(bento_align_unit),
                                  universe, capacity, 32, 0, cols, columns) != BENTO_OK)
            std::abort();
    }
    void insert(uint32_t key)
    {
        uint32_t at;
        if (bento_sparse_set_insert(&set, key, &at) != BENTO_OK) std::abort();
        p[at] = pos{float(key), 1.0f};
        if (columns > 1) v[at] = vel{1.0f, float(key)};
    }
};

// The comparator of the sorts by a column: whether a's x goes before b's (the sorts ask only
// that, bento_sparse_set_compare).
int by_x(const void *a, const void *b, void *)
{
    return static_cast<const pos *>(a)->x < static_cast<const pos *>(b)->x ? -1 : 0;
}

// Typed sets, one type per size: positions (one column) and bodies (two), and their join.
// The overloads below give the templates one name for each operation of every type.
#define TPOS_COLUMNS(X) X(pos, p)
#define TBODY_COLUMNS(X) X(pos, p) X(vel, v)
#define TYPED_SETS(n, universe, capacity)                                                     \
    BENTO_SPARSE_SET_TYPE_IDS(tpos_##n, universe, capacity, TPOS_COLUMNS);                    \
    BENTO_SPARSE_SET_TYPE_IDS(tbody_##n, universe, capacity, TBODY_COLUMNS);                  \
    BENTO_SPARSE_SET_JOIN_TYPE(tjoin_##n, tpos_##n, tbody_##n);                               \
    inline bento_status t_init(tpos_##n *s) { return tpos_##n##_init(s); }                    \
    inline bento_status t_init(tbody_##n *s) { return tbody_##n##_init(s); }                  \
    inline pos *t_insert(tpos_##n *s, uint32_t key)                                           \
    {                                                                                         \
        tpos_##n##_row row;                                                                   \
        if (tpos_##n##_insert(s, key, &row) != BENTO_OK) std::abort();                        \
        return row.p;                                                                         \
    }                                                                                         \
    inline bool t_contains(const tpos_##n *s, uint32_t key) { return tpos_##n##_contains(s, key); } \
    inline const pos *t_get(const tpos_##n *s, uint32_t key) { return tpos_##n##_get(s, key).p; }  \
    inline bento_status t_remove(tpos_##n *s, uint32_t key) { return tpos_##n##_remove(s, key); }  \
    inline void t_insert_body(tbody_##n *s, uint32_t key)                                     \
    {                                                                                         \
        tbody_##n##_row row;                                                                  \
        if (tbody_##n##_insert(s, key, &row) != BENTO_OK) std::abort();                       \
        *row.p = pos{float(key), 1.0f};                                                       \
        *row.v = vel{1.0f, float(key)};                                                       \
    }                                                                                         \
    inline void t_clear(tpos_##n *s) { bento_sparse_set_clear(&s->generic_); }                \
    inline void t_clear(tbody_##n *s) { bento_sparse_set_clear(&s->generic_); }               \
    inline bento_status t_sort(tpos_##n *s, bento_sparse_set_sort_mode mode)                  \
    {                                                                                         \
        return tpos_##n##_sort(s, bento_sparse_set_count(&s->generic_),                       \
                               BENTO_SPARSE_SET_COLUMN(tpos_##n, p), by_x, nullptr, mode);    \
    }                                                                                         \
    inline float t_join(const tpos_##n *a, const tbody_##n *b)                                \
    {                                                                                         \
        tjoin_##n j;                                                                          \
        float acc = 0;                                                                        \
        tjoin_##n##_init(&j, a, b);                                                           \
        while (tjoin_##n##_next(&j)) acc += j.tpos_##n.p->x * j.tbody_##n.v->dy;              \
        return acc;                                                                           \
    }

TYPED_SETS(1k, 2048, 1024)
TYPED_SETS(64k, 131072, 65536)
TYPED_SETS(1M, 2097152, 1048576)

// Key streams over a universe of 2n whose first n shuffled ids are present.
struct streams {
    std::vector<uint32_t> ids, hits, misses, mixed;
    explicit streams(size_t n)
    {
        const uint32_t universe = uint32_t(2 * n);
        ids = bench::shuffled(universe, 7); // ids[0, n) are the keys
        const std::vector<uint32_t> order = bench::shuffled(n, 8);
        for (size_t i = 0; i < n; i++) {
            hits.push_back(ids[order[i]]);
            misses.push_back(ids[n + order[i]]);
        }
        mixed = bench::shuffled(universe, 9);
    }
};

// The x of the i-th key inserted before a sort: a permutation of [0, n) out of order (heap),
// or [0, n) with 1% of neighbours swapped (insertion: an order kept from frame to frame).
inline float scrambled_x(size_t i, size_t n) { return float((uint32_t(i) * 2654435761u) & uint32_t(n - 1)); }
inline float nearly_x(size_t i, size_t n)
{
    if (i % 100 == 0 && i + 1 < n) return float(i + 1);
    if (i % 100 == 1) return float(i - 1);
    return float(i);
}

// Every timed loop sums into a local and sinks it once: a running total kept in memory would
// time the store of the total, and a reference to it may alias the set's storage.
template <class Lookup>
void lookup_rows(const std::string &impl, size_t n, const streams &keys, Lookup lookup)
{
    bench::report("sparse_set", "contains (hits)", n, impl, bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (uint32_t q : keys.hits) s += lookup(q);
        bench::sink(s);
    }));
    bench::report("sparse_set", "contains (misses)", n, impl, bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (uint32_t q : keys.misses) s += lookup(q);
        bench::sink(s);
    }));
    bench::report("sparse_set", "contains (50% miss)", n, impl, bench::time_ns_per_op(2 * n, [&] {
        uint64_t s = 0;
        for (uint32_t q : keys.mixed) s += lookup(q);
        bench::sink(s);
    }));
}

// The typed rows of one size: contains, get, the join, insert with values and the sorts by a
// column with a comparator, on sets of their own.
template <class Pos, class Body>
void typed_rows(size_t n, const streams &keys)
{
    std::unique_ptr<Pos> a(new Pos);
    std::unique_ptr<Body> b(new Body);
    if (t_init(a.get()) != BENTO_OK || t_init(b.get()) != BENTO_OK) std::abort();
    for (size_t i = 0; i < n; i++) *t_insert(a.get(), keys.ids[i]) = pos{float(keys.ids[i]), 1.0f};
    lookup_rows("bento typed", n, keys, [&](uint32_t q) { return t_contains(a.get(), q); });
    bench::report("sparse_set", "get (random)", n, "bento typed", bench::time_ns_per_op(n, [&] {
        const Pos *set = a.get();
        uint64_t s = 0;
        for (uint32_t q : keys.hits) s += uint64_t(t_get(set, q)->y);
        bench::sink(s);
    }));
    for (size_t i = 0; i < n; i += 2) t_insert_body(b.get(), keys.hits[i]);
    bench::report("sparse_set", "join 2 sets (n and n/2)", n, "bento typed", bench::time_ns_per_op(n / 2, [&] {
        bench::sink(uint64_t(t_join(a.get(), b.get())));
    }));
    // insert with values: the typed insert hands back the row, the caller assigns
    bench::report("sparse_set", "insert (2 columns)", n, "bento typed", bench::time_ns_per_op(n, [&] { t_clear(b.get()); }, [&] {
        Body *set = b.get();
        for (size_t i = 0; i < n; i++) t_insert_body(set, keys.ids[i]);
    }));
    // sorts by a column with a C comparator, the keys put back out of order before each run
    const auto refill = [&](float (*x)(size_t, size_t)) {
        t_clear(a.get());
        for (size_t i = 0; i < n; i++) *t_insert(a.get(), keys.ids[i]) = pos{x(i, n), 1.0f};
    };
    bench::report("sparse_set", "sort by a column, comparator (heap)", n, "bento typed", bench::time_ns_per_op(n, [&] { refill(scrambled_x); }, [&] {
        if (t_sort(a.get(), BENTO_SPARSE_SET_SORT_HEAP) != BENTO_OK) std::abort();
    }));
    bench::report("sparse_set", "re-sort nearly sorted by a column, comparator (insertion)", n, "bento typed", bench::time_ns_per_op(n, [&] { refill(nearly_x); }, [&] {
        if (t_sort(a.get(), BENTO_SPARSE_SET_SORT_INSERTION) != BENTO_OK) std::abort();
    }));
}

// The C++ face's rows of one size (bento/bento.hpp): the typed rows' operations on sets of
// the same shape, of their own.
template <uint32_t Capacity>
void cxx_rows(size_t n, const streams &keys)
{
    using cpos = bento::sparse_set<bento::ids<2 * Capacity>, Capacity, pos>;
    using cbody = bento::sparse_set<bento::ids<2 * Capacity>, Capacity, pos, vel>;
    std::unique_ptr<cpos> a(new cpos);
    std::unique_ptr<cbody> b(new cbody);
    if (a->init() != bento::status::ok || b->init() != bento::status::ok) std::abort();
    for (size_t i = 0; i < n; i++)
        if (a->insert(keys.ids[i], pos{float(keys.ids[i]), 1.0f}) != bento::status::ok) std::abort();
    const cpos &set = *a;
    lookup_rows("bento c++", n, keys, [&](uint32_t q) { return set.contains(q); });
    bench::report("sparse_set", "get (random)", n, "bento c++", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (uint32_t q : keys.hits) s += uint64_t(set.template get<0>(q)->y);
        bench::sink(s);
    }));
    for (size_t i = 0; i < n; i += 2)
        if (b->insert(keys.hits[i], pos{float(keys.hits[i]), 1.0f}, vel{1.0f, float(keys.hits[i])}) !=
            bento::status::ok)
            std::abort();
    const cbody &bodies = *b;
    bench::report("sparse_set", "join 2 sets (n and n/2)", n, "bento c++", bench::time_ns_per_op(n / 2, [&] {
        float acc = 0;
        for (auto [key, p, q, v] : bento::join(set, bodies)) {
            (void)key;
            (void)q;
            acc += p.x * v.dy;
        }
        bench::sink(uint64_t(acc));
    }));
    // insert with values: the C++ insert takes the elements
    bench::report("sparse_set", "insert (2 columns)", n, "bento c++", bench::time_ns_per_op(n, [&] { b->clear(); }, [&] {
        cbody &into = *b;
        for (size_t i = 0; i < n; i++)
            if (into.insert(keys.ids[i], pos{float(keys.ids[i]), 1.0f}, vel{1.0f, float(keys.ids[i])}) !=
                bento::status::ok)
                std::abort();
    }));
    // sorts by a column with a lambda, the keys put back out of order before each run
    const auto refill = [&](float (*x)(size_t, size_t)) {
        a->clear();
        for (size_t i = 0; i < n; i++)
            if (a->insert(keys.ids[i], pos{x(i, n), 1.0f}) != bento::status::ok) std::abort();
    };
    const auto by_x_less = [](const pos &l, const pos &r) { return l.x < r.x; };
    bench::report("sparse_set", "sort by a column, comparator (heap)", n, "bento c++", bench::time_ns_per_op(n, [&] { refill(scrambled_x); }, [&] {
        if (a->template sort<0>(a->count(), by_x_less, BENTO_SPARSE_SET_SORT_HEAP) != bento::status::ok) std::abort();
    }));
    bench::report("sparse_set", "re-sort nearly sorted by a column, comparator (insertion)", n, "bento c++", bench::time_ns_per_op(n, [&] { refill(nearly_x); }, [&] {
        if (a->template sort<0>(a->count(), by_x_less, BENTO_SPARSE_SET_SORT_INSERTION) != bento::status::ok) std::abort();
    }));
}

void typed_rows_for(size_t n, const streams &keys)
{
    if (n == 1024) typed_rows<tpos_1k, tbody_1k>(n, keys), cxx_rows<1024>(n, keys);
    else if (n == 65536) typed_rows<tpos_64k, tbody_64k>(n, keys), cxx_rows<65536>(n, keys);
    else if (n == 1048576) typed_rows<tpos_1M, tbody_1M>(n, keys), cxx_rows<1048576>(n, keys);
}

} // namespace

BENCH(sparse_set)
{
    for (size_t n : bench::sizes()) {
        const uint32_t universe = uint32_t(2 * n);
        const streams keys(n);
        const std::vector<uint32_t> &ids = keys.ids;
        const std::vector<uint32_t> victims = bench::shuffled(n, 10);
        std::vector<uint32_t> present(universe, 0); // floor of contains: a presence array
        std::vector<pos> by_id(universe);            // floor of get: a value per id
        std::vector<pos> raw_p(n);
        std::vector<vel> raw_v(n);
        std::unordered_map<uint32_t, entity> map;
        uint64_t sum = 0;
        for (size_t i = 0; i < n; i++) {
            present[ids[i]] = 1;
            by_id[ids[i]] = pos{float(ids[i]), 1.0f};
        }

        // lookups: the floor, the generic set, the typed set, the peer
        {
            fixture fx(universe, uint32_t(n), 1);
            for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
            map.reserve(n);
            for (size_t i = 0; i < n; i++) map.emplace(ids[i], entity{{float(ids[i]), 1.0f}, {1.0f, float(ids[i])}});
            lookup_rows("floor", n, keys, [&](uint32_t q) { return present[q] != 0; });
            lookup_rows("bento generic", n, keys, [&](uint32_t q) { return bento_sparse_set_contains(&fx.set, q); });
            lookup_rows("std::unordered_map", n, keys, [&](uint32_t q) { return map.count(q) != 0; });
            bench::report("sparse_set", "get (random)", n, "floor", bench::time_ns_per_op(n, [&] {
                uint64_t s = 0;
                for (uint32_t q : keys.hits) s += uint64_t(by_id[q].y);
                bench::sink(s);
            }));
            bench::report("sparse_set", "get (random)", n, "bento generic", bench::time_ns_per_op(n, [&] {
                const bento_sparse_set *set = &fx.set;
                uint64_t s = 0;
                for (uint32_t q : keys.hits) s += uint64_t(static_cast<const pos *>(bento_sparse_set_get(set, q, 0))->y);
                bench::sink(s);
            }));
            bench::report("sparse_set", "get (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                uint64_t s = 0;
                for (uint32_t q : keys.hits) s += uint64_t(map.find(q)->second.p.y);
                bench::sink(s);
            }));
            // join: positions (n keys) with bodies (n/2 of those keys, in another order)
            fixture b(universe, uint32_t(n), 2);
            std::vector<uint32_t> raw_b_keys;
            std::vector<uint32_t> slot(universe, 0);
            std::unordered_map<uint32_t, vel> map_b;
            for (size_t i = 0; i < n; i++) {
                slot[ids[i]] = uint32_t(i + 1);
                raw_p[i] = pos{float(ids[i]), 1.0f};
            }
            for (size_t i = 0; i < n; i += 2) {
                const uint32_t key = keys.hits[i];
                b.insert(key);
                raw_b_keys.push_back(key);
                raw_v[i / 2] = vel{1.0f, float(key)};
                map_b.emplace(key, vel{1.0f, float(key)});
            }
            const size_t m = raw_b_keys.size();
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "floor", bench::time_ns_per_op(m, [&] {
                float acc = 0;
                for (size_t i = 0; i < m; i++) {
                    const uint32_t at = slot[raw_b_keys[i]];
                    if (at != 0) acc += raw_p[at - 1].x * raw_v[i].dy;
                }
                bench::sink(uint64_t(acc));
            }));
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "bento generic", bench::time_ns_per_op(m, [&] {
                const bento_sparse_set *sets[2] = {&fx.set, &b.set};
                const pos *pp = static_cast<const pos *>(bento_sparse_set_values(&fx.set, 0));
                const vel *vv = static_cast<const vel *>(bento_sparse_set_values(&b.set, 1));
                bento_sparse_set_join join;
                float acc = 0;
                bento_sparse_set_join_init(&join, sets, 2);
                while (bento_sparse_set_join_next(&join)) acc += pp[join.position[0]].x * vv[join.position[1]].dy;
                bench::sink(uint64_t(acc));
            }));
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "std::unordered_map", bench::time_ns_per_op(m, [&] {
                float acc = 0;
                for (auto &kv : map_b) {
                    auto it = map.find(kv.first);
                    if (it != map.end()) acc += it->second.p.x * kv.second.dy;
                }
                bench::sink(uint64_t(acc));
            }));
        }
        typed_rows_for(n, keys);

        for (uint32_t columns = 1; columns <= 2; columns++) {
            const std::string cols = columns == 1 ? " (1 column)" : " (2 columns)";
            fixture fx(universe, uint32_t(n), columns);

            bench::report("sparse_set", "insert" + cols, n, "bento generic", bench::time_ns_per_op(n, [&] { fx.reset(); }, [&] {
                for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
            }));
            bench::report("sparse_set", "insert" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                for (size_t i = 0; i < n; i++) {
                    present[ids[i]] = uint32_t(i + 1);
                    raw_p[i] = pos{float(ids[i]), 1.0f};
                    if (columns > 1) raw_v[i] = vel{1.0f, float(ids[i])};
                }
            }));
            bench::report("sparse_set", "insert" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] { map.clear(); map.reserve(n); }, [&] {
                for (size_t i = 0; i < n; i++) map.emplace(ids[i], entity{{float(ids[i]), 1.0f}, {1.0f, float(ids[i])}});
            }));

            // iterate: a pass over the dense columns
            bench::report("sparse_set", "iterate" + cols, n, "bento generic", bench::time_ns_per_op(n, [&] {
                const uint32_t count = bento_sparse_set_count(&fx.set);
                const pos *ps = static_cast<const pos *>(bento_sparse_set_values(&fx.set, 0));
                float acc = 0;
                if (columns == 1) {
                    for (uint32_t i = 0; i < count; i++) acc += ps[i].x;
                } else {
                    const vel *vs = static_cast<const vel *>(bento_sparse_set_values(&fx.set, 1));
                    for (uint32_t i = 0; i < count; i++) acc += ps[i].x * vs[i].dx;
                }
                bench::sink(uint64_t(acc));
            }));
            bench::report("sparse_set", "iterate" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                float acc = 0;
                if (columns == 1) {
                    for (size_t i = 0; i < n; i++) acc += raw_p[i].x;
                } else {
                    for (size_t i = 0; i < n; i++) acc += raw_p[i].x * raw_v[i].dx;
                }
                bench::sink(uint64_t(acc));
            }));
            bench::report("sparse_set", "iterate" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                float acc = 0;
                for (auto &kv : map) acc += columns == 1 ? kv.second.p.x : kv.second.p.x * kv.second.v.dx;
                bench::sink(uint64_t(acc));
            }));

            // remove everything in random order (swap-and-pop moves the columns)
            bench::report("sparse_set", "remove" + cols, n, "bento generic", bench::time_ns_per_op(n, [&] {
                fx.reset();
                for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
            }, [&] {
                for (size_t i = 0; i < n; i++) bento_sparse_set_remove(&fx.set, ids[victims[i]]);
            }));
            bench::report("sparse_set", "remove" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                for (size_t i = 0; i < n; i++) present[ids[victims[i]]] = 0;
            }));
            bench::report("sparse_set", "remove" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                map.clear();
                for (size_t i = 0; i < n; i++) map.emplace(ids[i], entity{{float(ids[i]), 1.0f}, {1.0f, float(ids[i])}});
            }, [&] {
                for (size_t i = 0; i < n; i++) map.erase(ids[victims[i]]);
            }));
        }
        bench::sink(sum);
    }
}

// The sparse entry width: the same 60000 keys in a set of capacity 60000 (16-bit entries) and
// one of capacity 70000 (32-bit entries), over a universe of 120000.
BENCH(sparse_set_width)
{
    const size_t n = 60000;
    const uint32_t universe = 120000;
    const std::vector<uint32_t> ids = bench::shuffled(universe, 11);
    const std::vector<uint32_t> queries = bench::shuffled(universe, 12);
    std::vector<uint32_t> raw_value(universe, 0);
    uint64_t sum = 0;
    for (uint32_t capacity : {60000u, 70000u}) {
        fixture fx(universe, capacity, 1);
        const std::string impl = BENTO_SPARSE_SET_WIDTH(capacity, 32, 0) == 2 ? "bento 16-bit entries" : "bento 32-bit entries";
        bench::report("sparse_set width", "insert", n, impl, bench::time_ns_per_op(n, [&] { fx.reset(); }, [&] {
            for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
        }));
        bench::report("sparse_set width", "contains (50% miss)", n, impl, bench::time_ns_per_op(universe, [&] {
            uint64_t s = 0;
            for (uint32_t q : queries) s += bento_sparse_set_contains(&fx.set, q);
            bench::sink(s);
        }));
        bench::report("sparse_set width", "remove", n, impl, bench::time_ns_per_op(n, [&] {
            fx.reset();
            for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
        }, [&] {
            for (size_t i = 0; i < n; i++) bento_sparse_set_remove(&fx.set, ids[i]);
        }));
    }
    for (size_t i = 0; i < n; i++) raw_value[ids[i]] = 1;
    bench::report("sparse_set width", "contains (50% miss)", n, "floor", bench::time_ns_per_op(universe, [&] {
        uint64_t s = 0;
        for (uint32_t q : queries) s += raw_value[q] != 0;
        bench::sink(s);
    }));
    bench::sink(sum);
}

// Sorting 150k random keys that carry 2 columns, against std::sort of the bare keys; and
// sort_as, the same keys put in another set's order, against the set's own radix sort.
BENCH(sparse_set_sort)
{
    const size_t n = 150000;
    std::vector<uint32_t> bare(n);
    fixture fx(1u << 20, uint32_t(n), 2);
    fixture saved(1u << 20, uint32_t(n), 2);
    fixture other(1u << 20, uint32_t(n), 0);
    uint64_t sum = 0;
    // distinct random ids below 2^20 (the universe), in random order
    std::vector<uint32_t> ids(n);
    {
        const std::vector<uint32_t> pick = bench::shuffled(1u << 20, 14);
        for (size_t i = 0; i < n; i++) ids[i] = pick[i];
    }
    for (size_t i = 0; i < n; i++) saved.insert(ids[i]);
    auto restore = [&] {
        std::copy(saved.memory.begin(), saved.memory.end(), fx.memory.begin());
        std::copy(saved.p.begin(), saved.p.end(), fx.p.begin());
        std::copy(saved.v.begin(), saved.v.end(), fx.v.begin());
        if (bento_sparse_set_open(&fx.set, fx.memory.data(), fx.memory.size() * sizeof(bento_align_unit), fx.cols, 2) != BENTO_OK)
            std::abort();
    };
    restore();
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, no comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, bento_sparse_set_count(&fx.set), BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SPARSE_SET_SORT_HEAP);
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 2];
    std::vector<bento_align_unit> scratch(BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(n)));
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento radix (scratch)", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_radix(&fx.set, bento_sparse_set_count(&fx.set), scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento merge (scratch), comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_merge(&fx.set, bento_sparse_set_count(&fx.set), BENTO_SPARSE_SET_BY_KEY, [](const void *a, const void *b, void *) {
            const uint32_t x = *static_cast<const uint32_t *>(a), y = *static_cast<const uint32_t *>(b);
            return int(x > y) - int(x < y);
        }, nullptr, scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento merge (scratch), by column", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_merge(&fx.set, bento_sparse_set_count(&fx.set), 0, [](const void *a, const void *b, void *) {
            const float x = static_cast<const pos *>(a)->x, y = static_cast<const pos *>(b)->x;
            return int(x > y) - int(x < y);
        }, nullptr, scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, bento_sparse_set_count(&fx.set), BENTO_SPARSE_SET_BY_KEY, [](const void *a, const void *b, void *) {
            const uint32_t x = *static_cast<const uint32_t *>(a), y = *static_cast<const uint32_t *>(b);
            return int(x > y) - int(x < y);
        }, nullptr, BENTO_SPARSE_SET_SORT_HEAP);
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 3];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, by column", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, bento_sparse_set_count(&fx.set), 0, [](const void *a, const void *b, void *) {
            const float x = static_cast<const pos *>(a)->x, y = static_cast<const pos *>(b)->x;
            return int(x > y) - int(x < y);
        }, nullptr, BENTO_SPARSE_SET_SORT_HEAP);
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 4];
    // sort_as: the same keys in another set, in another random order; then that set after a
    // radix sort (its keys ascending: the lookups walk the sparse array in order)
    {
        const std::vector<uint32_t> order = bench::shuffled(n, 15);
        for (size_t i = 0; i < n; i++) {
            uint32_t at;
            if (bento_sparse_set_insert(&other.set, ids[order[i]], &at) != BENTO_OK) std::abort();
        }
        bench::report("sparse_set sort", "sort_as 150k keys, 2 columns", n, "bento sort_as (other: random order)", bench::time_ns_per_op(n, restore, [&] {
            bento_sparse_set_sort_as(&fx.set, &other.set);
        }));
        sum += bento_sparse_set_keys(&fx.set)[n / 2];
        if (bento_sparse_set_sort_radix(&other.set, bento_sparse_set_count(&other.set), scratch.data(), scratch.size() * sizeof(bento_align_unit)) != BENTO_OK)
            std::abort();
        bench::report("sparse_set sort", "sort_as 150k keys, 2 columns", n, "bento sort_as (other: ascending)", bench::time_ns_per_op(n, restore, [&] {
            bento_sparse_set_sort_as(&fx.set, &other.set);
        }));
        sum += bento_sparse_set_keys(&fx.set)[n / 2];
        bench::report("sparse_set sort", "sort_as 150k keys, 2 columns", n, "bento radix (scratch), the set's own", bench::time_ns_per_op(n, restore, [&] {
            bento_sparse_set_sort_radix(&fx.set, bento_sparse_set_count(&fx.set), scratch.data(), scratch.size() * sizeof(bento_align_unit));
        }));
        sum += bento_sparse_set_keys(&fx.set)[n / 2];
    }
    // nearly sorted: sorted, then 1% of the keys swapped with a neighbour (sort_as a set that
    // holds them in that order, so the entries stay exact)
    fixture near(1u << 20, uint32_t(n), 0);
    for (size_t i = 0; i < n; i++) {
        const size_t from = i % 100 == 0 && i + 1 < n ? i + 1 : i % 100 == 1 ? i - 1 : i;
        uint32_t at;
        if (bento_sparse_set_insert(&near.set, bento_sparse_set_keys(&other.set)[from], &at) != BENTO_OK) std::abort();
    }
    auto nearly = [&] {
        restore();
        bento_sparse_set_sort_as(&fx.set, &near.set);
    };
    bench::report("sparse_set sort", "re-sort nearly sorted 150k, 2 columns", n, "bento insertion", bench::time_ns_per_op(n, nearly, [&] {
        bento_sparse_set_sort(&fx.set, bento_sparse_set_count(&fx.set), BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SPARSE_SET_SORT_INSERTION);
    }));
    bench::report("sparse_set sort", "re-sort nearly sorted 150k, 2 columns", n, "bento heap", bench::time_ns_per_op(n, nearly, [&] {
        bento_sparse_set_sort(&fx.set, bento_sparse_set_count(&fx.set), BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SPARSE_SET_SORT_HEAP);
    }));
    sum += bento_sparse_set_keys(&fx.set)[n / 5];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "std::sort (bare keys)", bench::time_ns_per_op(n, [&] {
        std::copy(ids.begin(), ids.end(), bare.begin());
    }, [&] {
        std::sort(bare.begin(), bare.end());
    }));
    sum += bare[n / 2];
    bench::sink(sum);
}
