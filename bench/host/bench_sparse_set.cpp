/* SPDX-License-Identifier: MIT */
// bench/host/bench_sparse_set.cpp - the sparse set against raw arrays (floor) and
// std::unordered_map (the naive peer), on the same keys; its sort against std::sort.
//
// Keys: n distinct ids drawn from a universe of 2n, inserted in shuffled order; lookups walk
// every id of the universe in shuffled order, so half of them miss.
#include "harness.h"

extern "C" {
#include <bento/sparse_set.h>
}

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace {

struct vel {
    float dx, dy;
};

struct pos {
    float x, y;
};

// A set over caller memory with up to two columns (pos, vel).
struct fixture {
    std::vector<bento_align_unit> memory;
    std::vector<pos> p;
    std::vector<vel> v;
    bento_sparse_column cols[2];
    bento_sparse_set set;
    uint32_t universe, capacity, columns;
    fixture(uint32_t universe_, uint32_t capacity_, uint32_t columns_)
        : memory(BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(universe_, capacity_))), p(capacity_),
          v(capacity_), universe(universe_), capacity(capacity_), columns(columns_)
    {
        cols[0] = bento_sparse_column{p.data(), p.size() * sizeof(pos), sizeof(pos)};
        cols[1] = bento_sparse_column{v.data(), v.size() * sizeof(vel), sizeof(vel)};
        reset();
    }
    void reset()
    {
        if (bento_sparse_set_init(&set, memory.data(), memory.size() * sizeof(bento_align_unit),
                                  universe, capacity, 32, cols, columns) != BENTO_OK)
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

struct entity {
    pos p;
    vel v;
};

} // namespace

BENCH(sparse_set)
{
    for (size_t n : bench::sizes()) {
        const uint32_t universe = uint32_t(2 * n);
        const std::vector<uint32_t> ids = bench::shuffled(universe, 7); // first n are the keys
        const std::vector<uint32_t> queries = bench::shuffled(universe, 8);
        const std::vector<uint32_t> victims = bench::shuffled(n, 9);
        std::vector<uint32_t> raw_value(universe, 0); // floor: a value per id, 0 = absent
        std::vector<pos> raw_p(n);
        std::vector<vel> raw_v(n);
        std::unordered_map<uint32_t, entity> map;
        uint64_t sum = 0;

        for (uint32_t columns = 1; columns <= 2; columns++) {
            const std::string cols = columns == 1 ? " (1 column)" : " (2 columns)";
            fixture fx(universe, uint32_t(n), columns);

            bench::report("sparse_set", "insert" + cols, n, "bento_sparse_set", bench::time_ns_per_op(n, [&] { fx.reset(); }, [&] {
                for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
            }));
            bench::report("sparse_set", "insert" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                for (size_t i = 0; i < n; i++) {
                    raw_value[ids[i]] = uint32_t(i + 1);
                    raw_p[i] = pos{float(ids[i]), 1.0f};
                    if (columns > 1) raw_v[i] = vel{1.0f, float(ids[i])};
                }
            }));
            bench::report("sparse_set", "insert" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] { map.clear(); map.reserve(n); }, [&] {
                for (size_t i = 0; i < n; i++) map.emplace(ids[i], entity{{float(ids[i]), 1.0f}, {1.0f, float(ids[i])}});
            }));

            // iterate: a pass over the dense columns
            bench::report("sparse_set", "iterate" + cols, n, "bento_sparse_set", bench::time_ns_per_op(n, [&] {
                const uint32_t count = bento_sparse_set_count(&fx.set);
                const pos *ps = static_cast<const pos *>(bento_sparse_set_column(&fx.set, 0));
                float acc = 0;
                if (columns == 1) {
                    for (uint32_t i = 0; i < count; i++) acc += ps[i].x;
                } else {
                    const vel *vs = static_cast<const vel *>(bento_sparse_set_column(&fx.set, 1));
                    for (uint32_t i = 0; i < count; i++) acc += ps[i].x * vs[i].dx;
                }
                sum += uint64_t(acc);
            }));
            bench::report("sparse_set", "iterate" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                float acc = 0;
                if (columns == 1) {
                    for (size_t i = 0; i < n; i++) acc += raw_p[i].x;
                } else {
                    for (size_t i = 0; i < n; i++) acc += raw_p[i].x * raw_v[i].dx;
                }
                sum += uint64_t(acc);
            }));
            bench::report("sparse_set", "iterate" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                float acc = 0;
                for (auto &kv : map) acc += columns == 1 ? kv.second.p.x : kv.second.p.x * kv.second.v.dx;
                sum += uint64_t(acc);
            }));

            if (columns == 1) {
                // contains, half of the queries miss
                bench::report("sparse_set", "contains (50% miss)", n, "bento_sparse_set", bench::time_ns_per_op(universe, [&] {
                    for (uint32_t q : queries) sum += bento_sparse_set_contains(&fx.set, q);
                }));
                bench::report("sparse_set", "contains (50% miss)", n, "floor", bench::time_ns_per_op(universe, [&] {
                    for (uint32_t q : queries) sum += raw_value[q] != 0;
                }));
                // the same two loads by hand on plain arrays, no checks: the algorithm's floor
                {
                    const uint32_t *rd = bento_sparse_set_keys(&fx.set);
                    const uint32_t count = bento_sparse_set_count(&fx.set);
                    std::vector<uint32_t> rs(universe, 0);
                    for (uint32_t i = 0; i < count; i++) rs[rd[i]] = i;
                    bench::report("sparse_set", "contains (50% miss)", n, "hand-written sparse+dense", bench::time_ns_per_op(universe, [&] {
                        for (uint32_t q : queries) {
                            const uint32_t p = rs[q];
                            sum += p < count && rd[p] == q;
                        }
                    }));
                }
                bench::report("sparse_set", "contains (50% miss)", n, "std::unordered_map", bench::time_ns_per_op(universe, [&] {
                    for (uint32_t q : queries) sum += map.count(q);
                }));
                // get: the element of a present key, random order
                bench::report("sparse_set", "get (random)", n, "bento_sparse_set", bench::time_ns_per_op(n, [&] {
                    for (size_t i = 0; i < n; i++)
                        sum += uint64_t(static_cast<const pos *>(bento_sparse_set_get(&fx.set, ids[victims[i]], 0))->y);
                }));
                bench::report("sparse_set", "get (random)", n, "floor", bench::time_ns_per_op(n, [&] {
                    for (size_t i = 0; i < n; i++) sum += raw_value[ids[victims[i]]];
                }));
                bench::report("sparse_set", "get (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                    for (size_t i = 0; i < n; i++) sum += uint64_t(map.find(ids[victims[i]])->second.p.y);
                }));
            }

            // remove everything in random order (swap-and-pop moves the columns)
            bench::report("sparse_set", "remove" + cols, n, "bento_sparse_set", bench::time_ns_per_op(n, [&] {
                fx.reset();
                for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
            }, [&] {
                for (size_t i = 0; i < n; i++) bento_sparse_set_remove(&fx.set, ids[victims[i]]);
            }));
            bench::report("sparse_set", "remove" + cols, n, "floor", bench::time_ns_per_op(n, [&] {
                for (size_t i = 0; i < n; i++) raw_value[ids[victims[i]]] = 0;
            }));
            bench::report("sparse_set", "remove" + cols, n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
                map.clear();
                for (size_t i = 0; i < n; i++) map.emplace(ids[i], entity{{float(ids[i]), 1.0f}, {1.0f, float(ids[i])}});
            }, [&] {
                for (size_t i = 0; i < n; i++) map.erase(ids[victims[i]]);
            }));
        }

        // join: positions (n keys) with velocities (n/2 of those keys, in another order)
        {
            fixture a(universe, uint32_t(n), 1), b(universe, uint32_t(n), 2);
            std::vector<uint32_t> raw_b_keys;
            std::vector<vel> raw_b_v;
            std::unordered_map<uint32_t, pos> map_a;
            std::unordered_map<uint32_t, vel> map_b;
            std::fill(raw_value.begin(), raw_value.end(), 0);
            for (size_t i = 0; i < n; i++) {
                a.insert(ids[i]);
                raw_value[ids[i]] = uint32_t(i + 1);
                raw_p[i] = pos{float(ids[i]), 1.0f};
                map_a.emplace(ids[i], pos{float(ids[i]), 1.0f});
            }
            for (size_t i = 0; i < n; i += 2) {
                const uint32_t key = ids[victims[i]];
                b.insert(key);
                raw_b_keys.push_back(key);
                raw_b_v.push_back(vel{1.0f, float(key)});
                map_b.emplace(key, vel{1.0f, float(key)});
            }
            const size_t m = raw_b_keys.size();
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "bento_sparse_set", bench::time_ns_per_op(m, [&] {
                const bento_sparse_set *sets[2] = {&a.set, &b.set};
                uint32_t at[2], key;
                bento_sparse_join join;
                float acc = 0;
                bento_sparse_join_init(&join, sets, 2, at);
                while (bento_sparse_join_next(&join, &key)) {
                    const pos *pp = static_cast<const pos *>(bento_sparse_join_get(&join, 0, 0));
                    const vel *vv = static_cast<const vel *>(bento_sparse_join_get(&join, 1, 1));
                    acc += pp->x * vv->dy;
                }
                sum += uint64_t(acc);
            }));
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "floor", bench::time_ns_per_op(m, [&] {
                float acc = 0;
                for (size_t i = 0; i < m; i++) {
                    const uint32_t slot = raw_value[raw_b_keys[i]];
                    if (slot != 0) acc += raw_p[slot - 1].x * raw_b_v[i].dy;
                }
                sum += uint64_t(acc);
            }));
            bench::report("sparse_set", "join 2 sets (n and n/2)", n, "std::unordered_map", bench::time_ns_per_op(m, [&] {
                float acc = 0;
                for (auto &kv : map_b) {
                    auto it = map_a.find(kv.first);
                    if (it != map_a.end()) acc += it->second.x * kv.second.dy;
                }
                sum += uint64_t(acc);
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
        const std::string impl = capacity <= BENTO_SPARSE_SET_NARROW_MAX ? "bento 16-bit entries" : "bento 32-bit entries";
        bench::report("sparse_set width", "insert", n, impl, bench::time_ns_per_op(n, [&] { fx.reset(); }, [&] {
            for (size_t i = 0; i < n; i++) fx.insert(ids[i]);
        }));
        bench::report("sparse_set width", "contains (50% miss)", n, impl, bench::time_ns_per_op(universe, [&] {
            for (uint32_t q : queries) sum += bento_sparse_set_contains(&fx.set, q);
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
        for (uint32_t q : queries) sum += raw_value[q] != 0;
    }));
    bench::sink(sum);
}

// Sorting 150k random keys that carry 2 columns, against std::sort of the bare keys.
BENCH(sparse_set_sort)
{
    const size_t n = 150000;
    std::vector<uint32_t> bare(n);
    fixture fx(1u << 20, uint32_t(n), 2);
    fixture saved(1u << 20, uint32_t(n), 2);
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
        fx.set.count = saved.set.count;
    };
    fx.reset();
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, no comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SORT_HEAP);
    }));
    sum += fx.set.dense[n / 2];
    std::vector<bento_align_unit> scratch(BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(n)));
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento radix (scratch)", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_radix(&fx.set, fx.set.count, scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += fx.set.dense[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento merge (scratch), comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_merge(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, [](const void *a, const void *b, void *) {
            const uint32_t x = *static_cast<const uint32_t *>(a), y = *static_cast<const uint32_t *>(b);
            return int(x > y) - int(x < y);
        }, nullptr, scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += fx.set.dense[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento merge (scratch), by column", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort_merge(&fx.set, fx.set.count, 0, [](const void *a, const void *b, void *) {
            const float x = static_cast<const pos *>(a)->x, y = static_cast<const pos *>(b)->x;
            return int(x > y) - int(x < y);
        }, nullptr, scratch.data(), scratch.size() * sizeof(bento_align_unit));
    }));
    sum += fx.set.dense[n / 2];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, comparator", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, [](const void *a, const void *b, void *) {
            const uint32_t x = *static_cast<const uint32_t *>(a), y = *static_cast<const uint32_t *>(b);
            return int(x > y) - int(x < y);
        }, nullptr, BENTO_SORT_HEAP);
    }));
    sum += fx.set.dense[n / 3];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "bento heap, by column", bench::time_ns_per_op(n, restore, [&] {
        bento_sparse_set_sort(&fx.set, fx.set.count, 0, [](const void *a, const void *b, void *) {
            const float x = static_cast<const pos *>(a)->x, y = static_cast<const pos *>(b)->x;
            return int(x > y) - int(x < y);
        }, nullptr, BENTO_SORT_HEAP);
    }));
    sum += fx.set.dense[n / 4];
    // nearly sorted: sorted, then 1% of the keys swapped with a neighbour
    auto nearly = [&] {
        restore();
        bento_sparse_set_sort(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SORT_HEAP);
        for (size_t i = 0; i + 1 < n; i += 100) std::swap(fx.set.dense[i], fx.set.dense[i + 1]);
        // the swaps touched only the keys: point their sparse entries at their new places
        for (uint32_t i = 0; i < fx.set.count; i++) {
            if (fx.set.wide) static_cast<uint32_t *>(fx.set.sparse)[fx.set.dense[i]] = i;
            else static_cast<uint16_t *>(fx.set.sparse)[fx.set.dense[i]] = uint16_t(i);
        }
    };
    bench::report("sparse_set sort", "re-sort nearly sorted 150k, 2 columns", n, "bento insertion", bench::time_ns_per_op(n, nearly, [&] {
        bento_sparse_set_sort(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SORT_INSERTION);
    }));
    bench::report("sparse_set sort", "re-sort nearly sorted 150k, 2 columns", n, "bento heap", bench::time_ns_per_op(n, nearly, [&] {
        bento_sparse_set_sort(&fx.set, fx.set.count, BENTO_SPARSE_SET_BY_KEY, nullptr, nullptr, BENTO_SORT_HEAP);
    }));
    sum += fx.set.dense[n / 5];
    bench::report("sparse_set sort", "sort 150k random keys, 2 columns", n, "std::sort (bare keys)", bench::time_ns_per_op(n, [&] {
        std::copy(ids.begin(), ids.end(), bare.begin());
    }, [&] {
        std::sort(bare.begin(), bare.end());
    }));
    sum += bare[n / 2];
    bench::sink(sum);
}
