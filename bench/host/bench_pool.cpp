/* SPDX-License-Identifier: MIT */
// bench/host/bench_pool.cpp - the handle pool against a raw array (floor), the previous pool
// (LIFO reuse, bench/host/lifo_pool.h) and std::unordered_map<uint32_t, item> keyed by id (the
// naive peer), on the same data. Every implementation has its own memory.
#include "harness.h"
#include "lifo_pool.h"

extern "C" {
#include <bento/pool.h>
}
#include <bento/bento.hpp>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace {

struct item {
    uint32_t a, b, c, d; // 16-byte values
};

constexpr unsigned kIndexBits = 20; // 1M objects
constexpr unsigned kGenerationBits = 12;
constexpr uint32_t kIndexMask = (1u << kIndexBits) - 1u;

// The typed wrapper a firmware would use: index mask, capacity and stride are constants.
BENTO_POOL_TYPE_BITS(typed_pool, item, 1u << kIndexBits, uint32_t, BENTO_POOL_RETIRE, kIndexBits);
// The C++ face's pool of the same shape (bento/bento.hpp).
using cxx_pool = bento::pool<item, 1u << kIndexBits, uint32_t, bento::policy::retire>;
static_assert(cxx_pool::index_bits == kIndexBits, "the C++ pool has the typed pool's shape");

// A generic pool over its own buffer, initialised with the capacity of each run.
struct pool_fixture {
    std::vector<bento_align_unit> memory;
    bento_pool pool;
    explicit pool_fixture(size_t n) : memory(BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(n, sizeof(item)))) { reset(n); }
    void reset(size_t n)
    {
        if (bento_pool_init(&pool, memory.data(), memory.size() * sizeof(bento_align_unit), sizeof(item),
                            uint32_t(n), kIndexBits, kGenerationBits, BENTO_POOL_RETIRE) != BENTO_OK)
            std::abort();
    }
    uint32_t create(uint32_t tag)
    {
        uint32_t h;
        void *v;
        if (bento_pool_create(&pool, &h, &v) != BENTO_OK) std::abort();
        *static_cast<item *>(v) = item{tag, tag, tag, tag};
        return h;
    }
    void destroy(uint32_t h) { bento_pool_destroy(&pool, h); }
    const item *get(uint32_t h) const { return static_cast<const item *>(bento_pool_get(&pool, h)); }
};

// The previous pool, LIFO reuse, over its own buffer.
struct lifo_fixture {
    std::vector<bento_align_unit> memory;
    lifo::pool pool;
    explicit lifo_fixture(size_t n) : memory(BENTO_ALIGN_UNITS(size_t(n) * (sizeof(item) + 8u))) { reset(n); }
    void reset(size_t n) { lifo::init(pool, memory.data(), sizeof(item), uint32_t(n), kIndexBits, kGenerationBits); }
    uint32_t create(uint32_t tag)
    {
        uint32_t h;
        void *v;
        if (!lifo::create(pool, &h, &v)) std::abort();
        *static_cast<item *>(v) = item{tag, tag, tag, tag};
        return h;
    }
    void destroy(uint32_t h) { lifo::destroy(pool, h); }
    const item *get(uint32_t h) const { return static_cast<const item *>(lifo::get(pool, h)); }
};

// The operations every handle pool runs, reported under `impl`.
template <class Fixture>
void handle_pool_rows(const char *impl, size_t n, const std::vector<uint32_t> &order)
{
    Fixture fx(n);
    std::vector<uint32_t> handles(n), random_handles(n);
    bench::report("pool", "create", n, impl, bench::time_ns_per_op(n, [&] { fx.reset(n); }, [&] {
        for (size_t i = 0; i < n; i++) handles[i] = fx.create(uint32_t(i));
    }));
    for (size_t i = 0; i < n; i++) random_handles[i] = handles[order[i]];
    bench::report("pool", "get (random)", n, impl, bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += fx.get(random_handles[i])->a;
        bench::sink(s);
    }));
    // create one object and destroy it again on a half-full pool: nothing moves
    bench::report("pool", "create+destroy same", n, impl, bench::time_ns_per_op(n, [&] {
        fx.reset(n);
        for (size_t i = 0; i < n / 2; i++) handles[i] = fx.create(uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++) fx.destroy(fx.create(uint32_t(i)));
    }));
    // destroy + create pairs on a full pool, random victims: one 16-byte move each
    bench::report("pool", "destroy random+create", n, impl, bench::time_ns_per_op(n, [&] {
        fx.reset(n);
        for (size_t i = 0; i < n; i++) handles[i] = fx.create(uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++) {
            const uint32_t k = order[i];
            fx.destroy(handles[k]);
            handles[k] = fx.create(k);
        }
    }));
    // destroy everything in random order
    bench::report("pool", "destroy (random)", n, impl, bench::time_ns_per_op(n, [&] {
        fx.reset(n);
        for (size_t i = 0; i < n; i++) handles[i] = fx.create(uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++) fx.destroy(handles[order[i]]);
    }));
}

} // namespace

BENCH(pool)
{
    for (size_t n : bench::sizes()) {
        const std::vector<uint32_t> order = bench::shuffled(n, 1);
        handle_pool_rows<pool_fixture>("bento_pool", n, order);
        handle_pool_rows<lifo_fixture>("previous pool (LIFO)", n, order);

        // the typed lookup, a pool of its own filled in the same order: the same handles
        {
            std::unique_ptr<typed_pool> typed(new typed_pool);
            std::vector<uint32_t> random_handles(n);
            if (typed_pool_init(typed.get()) != BENTO_OK) std::abort();
            for (size_t i = 0; i < n; i++) {
                typed_pool_handle th;
                item *v;
                if (typed_pool_create(typed.get(), &th, &v) != BENTO_OK) std::abort();
                *v = item{uint32_t(i), uint32_t(i), uint32_t(i), uint32_t(i)};
            }
            for (size_t i = 0; i < n; i++) random_handles[i] = (1u << kIndexBits) | order[i];
            const typed_pool *tp = typed.get();
            bench::report("pool", "get (random)", n, "bento_pool typed", bench::time_ns_per_op(n, [&] {
                uint64_t s = 0;
                for (size_t i = 0; i < n; i++) s += typed_pool_get(tp, typed_pool_handle_from_raw(random_handles[i]))->a;
                bench::sink(s);
            }));
            const item *values = typed_pool_values(tp);
            bench::report("pool", "iterate", n, "bento_pool", bench::time_ns_per_op(n, [&] {
                const uint32_t count = typed_pool_count(tp);
                uint64_t s = 0;
                for (uint32_t i = 0; i < count; i++) s += values[i].a;
                bench::sink(s);
            }));
        }

        // the C++ face's lookup, a pool of its own filled in the same order: the same handles
        {
            std::unique_ptr<cxx_pool> cp(new cxx_pool);
            std::vector<uint32_t> random_handles(n);
            if (cp->init() != bento::status::ok) std::abort();
            for (size_t i = 0; i < n; i++) {
                cxx_pool::handle_type h;
                if (cp->create(h, item{uint32_t(i), uint32_t(i), uint32_t(i), uint32_t(i)}) != bento::status::ok)
                    std::abort();
            }
            for (size_t i = 0; i < n; i++) random_handles[i] = (1u << kIndexBits) | order[i];
            const cxx_pool &p = *cp;
            bench::report("pool", "get (random)", n, "bento_pool c++", bench::time_ns_per_op(n, [&] {
                uint64_t s = 0;
                for (size_t i = 0; i < n; i++) s += p.get(cxx_pool::handle_type::from_raw(random_handles[i]))->a;
                bench::sink(s);
            }));
        }

        // the floor: a raw array and a free stack of indices
        std::vector<item> raw(n);
        std::vector<uint32_t> raw_free, ids(n), random_ids(n);
        bench::report("pool", "create", n, "floor", bench::time_ns_per_op(n, [&] {
            for (size_t i = 0; i < n; i++) raw[i] = item{uint32_t(i), uint32_t(i), uint32_t(i), uint32_t(i)};
        }));
        for (size_t i = 0; i < n; i++) random_ids[i] = order[i];
        bench::report("pool", "get (random)", n, "floor", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += raw[random_ids[i]].a;
            bench::sink(s);
        }));
        bench::report("pool", "iterate", n, "floor", bench::time_ns_per_op(n, [&] {
            const item *v = raw.data();
            const uint32_t count = uint32_t(n); // the same loop shape as the pool's
            uint64_t s = 0;
            for (uint32_t i = 0; i < count; i++) s += v[i].a;
            bench::sink(s);
        }));
        bench::report("pool", "create+destroy same", n, "floor", bench::time_ns_per_op(n, [&] { raw_free.assign(1, 0); }, [&] {
            for (size_t i = 0; i < n; i++) {
                const uint32_t index = raw_free.back(); // take a free index
                raw_free.pop_back();
                raw[index] = item{uint32_t(i), uint32_t(i), uint32_t(i), uint32_t(i)};
                raw_free.push_back(index); // and give it back
            }
        }));
        for (size_t i = 0; i < n; i++) ids[i] = uint32_t(i);
        bench::report("pool", "destroy random+create", n, "floor", bench::time_ns_per_op(n, [&] {
            for (size_t i = 0; i < n; i++) {
                const uint32_t k = order[i];
                raw_free.push_back(ids[k] & kIndexMask); // free the index
                const uint32_t index = raw_free.back(); // and take it again
                raw_free.pop_back();
                raw[index] = item{k, k, k, k};
                ids[k] = index;
            }
        }));
        bench::report("pool", "destroy (random)", n, "floor", bench::time_ns_per_op(n, [&] { raw_free.clear(); raw_free.reserve(n); }, [&] {
            for (size_t i = 0; i < n; i++) raw_free.push_back(order[i]);
        }));

        // the naive peer
        std::unordered_map<uint32_t, item> map;
        uint32_t next_id = uint32_t(n);
        bench::report("pool", "create", n, "std::unordered_map", bench::time_ns_per_op(n, [&] { map.clear(); map.reserve(n); }, [&] {
            for (size_t i = 0; i < n; i++) map.emplace(uint32_t(i), item{uint32_t(i), 0, 0, 0});
        }));
        bench::report("pool", "get (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += map.find(random_ids[i])->second.a;
            bench::sink(s);
        }));
        bench::report("pool", "iterate", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (auto &kv : map) s += kv.second.a;
            bench::sink(s);
        }));
        bench::report("pool", "create+destroy same", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            map.clear();
            for (size_t i = 0; i < n / 2; i++) map.emplace(uint32_t(i), item{uint32_t(i), 0, 0, 0});
        }, [&] {
            for (size_t i = 0; i < n; i++) {
                map.emplace(next_id, item{uint32_t(i), 0, 0, 0});
                map.erase(next_id++);
            }
        }));
        bench::report("pool", "destroy random+create", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            map.clear();
            for (size_t i = 0; i < n; i++) map.emplace(uint32_t(i), item{uint32_t(i), 0, 0, 0});
            for (size_t i = 0; i < n; i++) ids[i] = uint32_t(i);
        }, [&] {
            for (size_t i = 0; i < n; i++) {
                const uint32_t k = order[i];
                map.erase(ids[k]);
                ids[k] = next_id++;
                map.emplace(ids[k], item{k, k, k, k});
            }
        }));
        bench::report("pool", "destroy (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            map.clear();
            for (size_t i = 0; i < n; i++) map.emplace(uint32_t(i), item{uint32_t(i), 0, 0, 0});
        }, [&] {
            for (size_t i = 0; i < n; i++) map.erase(order[i]);
        }));
    }
}
