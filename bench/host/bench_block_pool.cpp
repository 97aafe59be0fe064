/* SPDX-License-Identifier: MIT */
// bench/host/bench_block_pool.cpp - the block pool against a plain free list (floor) and
// malloc/free (peer); the paged set against a raw array (floor), a plain sparse set written
// here (peer: uint32_t sparse positions, dense keys, dense values) and std::unordered_map.
#include "harness.h"

extern "C" {
#include <bento/block_pool.h>
#include <bento/paged_set.h>
}

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace {

struct block32 {
    uint32_t w[8]; // 32-byte blocks
};

struct value16 {
    uint32_t a, b, c, d; // 16-byte values
};

// The floor: a free list threaded through raw blocks, no count, no checks, inlined.
struct plain_free_list {
    std::vector<block32> blocks;
    void *head = nullptr;
    explicit plain_free_list(size_t n) : blocks(n) { reset(); }
    void reset()
    {
        head = nullptr;
        for (size_t i = blocks.size(); i-- > 0;) put(&blocks[i]);
    }
    void *take()
    {
        void *b = head;
        head = *static_cast<void **>(b);
        return b;
    }
    void put(void *b)
    {
        *static_cast<void **>(b) = head;
        head = b;
    }
};

struct block_pool_fixture {
    std::vector<bento_align_unit> storage;
    bento_block_pool pool;
    explicit block_pool_fixture(size_t n)
        : storage(BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(n, sizeof(block32))))
    {
        reset(n);
    }
    void reset(size_t n)
    {
        if (bento_block_pool_init(&pool, storage.data(), storage.size() * sizeof(bento_align_unit),
                                  sizeof(block32), uint32_t(n)) != BENTO_OK)
            std::abort();
    }
    void *alloc()
    {
        void *b;
        if (bento_block_pool_alloc(&pool, &b) != BENTO_OK) std::abort();
        return b;
    }
};

// Keep the optimiser from folding a take/give-back pair (or malloc/free) into nothing.
inline void escape(void *p) { asm volatile("" : : "r"(p) : "memory"); }

} // namespace

BENCH(block_pool)
{
    for (size_t n : bench::sizes()) {
        const std::vector<uint32_t> order = bench::shuffled(n, 7);
        block_pool_fixture fx(n);
        plain_free_list plain(n);
        std::vector<void *> taken(n);

        // alloc: fill from empty
        bench::report("block_pool", "alloc (fill)", n, "bento_block_pool", bench::time_ns_per_op(n, [&] { fx.reset(n); }, [&] {
            for (size_t i = 0; i < n; i++) taken[i] = fx.alloc();
        }));
        bench::report("block_pool", "alloc (fill)", n, "floor", bench::time_ns_per_op(n, [&] { plain.reset(); }, [&] {
            for (size_t i = 0; i < n; i++) taken[i] = plain.take();
        }));
        bench::report("block_pool", "alloc (fill)", n, "malloc", bench::time_ns_per_op(n, [&] {
            for (auto &p : taken) p = nullptr;
        }, [&] {
            for (size_t i = 0; i < n; i++) taken[i] = std::malloc(sizeof(block32));
        }));
        for (auto p : taken) std::free(p);

        // free everything in random order
        bench::report("block_pool", "free (random)", n, "bento_block_pool", bench::time_ns_per_op(n, [&] {
            fx.reset(n);
            for (size_t i = 0; i < n; i++) taken[i] = fx.alloc();
        }, [&] {
            uint32_t failures = 0;
            for (size_t i = 0; i < n; i++) failures += bento_block_pool_free(&fx.pool, taken[order[i]]) != BENTO_OK;
            bench::sink(failures);
        }));
        bench::report("block_pool", "free (random)", n, "floor", bench::time_ns_per_op(n, [&] {
            plain.reset();
            for (size_t i = 0; i < n; i++) taken[i] = plain.take();
        }, [&] {
            for (size_t i = 0; i < n; i++) plain.put(taken[order[i]]);
        }));
        bench::report("block_pool", "free (random)", n, "malloc", bench::time_ns_per_op(n, [&] {
            for (size_t i = 0; i < n; i++) taken[i] = std::malloc(sizeof(block32));
        }, [&] {
            for (size_t i = 0; i < n; i++) std::free(taken[order[i]]);
        }));

        // take a block and give it back at once, on a half-full pool
        bench::report("block_pool", "alloc+free pair", n, "bento_block_pool", bench::time_ns_per_op(n, [&] {
            fx.reset(n);
            for (size_t i = 0; i < n / 2; i++) taken[i] = fx.alloc();
        }, [&] {
            uint32_t failures = 0;
            for (size_t i = 0; i < n; i++) {
                void *b;
                failures += bento_block_pool_alloc(&fx.pool, &b) != BENTO_OK;
                static_cast<block32 *>(b)->w[1] = uint32_t(i);
                failures += bento_block_pool_free(&fx.pool, b) != BENTO_OK;
            }
            bench::sink(failures);
        }));
        bench::report("block_pool", "alloc+free pair", n, "floor", bench::time_ns_per_op(n, [&] {
            plain.reset();
            for (size_t i = 0; i < n / 2; i++) taken[i] = plain.take();
        }, [&] {
            for (size_t i = 0; i < n; i++) {
                void *b = plain.take();
                static_cast<block32 *>(b)->w[1] = uint32_t(i);
                escape(b);
                plain.put(b);
                escape(b);
            }
        }));
        bench::report("block_pool", "alloc+free pair", n, "malloc", bench::time_ns_per_op(n, [&] {
            for (size_t i = 0; i < n; i++) {
                void *b = std::malloc(sizeof(block32));
                static_cast<block32 *>(b)->w[1] = uint32_t(i);
                escape(b);
                std::free(b);
            }
        }));

        // full pool: free a random block, take one back (the one just freed)
        bench::report("block_pool", "free random+alloc", n, "bento_block_pool", bench::time_ns_per_op(n, [&] {
            fx.reset(n);
            for (size_t i = 0; i < n; i++) taken[i] = fx.alloc();
        }, [&] {
            uint32_t failures = 0;
            for (size_t i = 0; i < n; i++) {
                const uint32_t k = order[i];
                failures += bento_block_pool_free(&fx.pool, taken[k]) != BENTO_OK;
                failures += bento_block_pool_alloc(&fx.pool, &taken[k]) != BENTO_OK;
            }
            bench::sink(failures);
        }));
        bench::report("block_pool", "free random+alloc", n, "floor", bench::time_ns_per_op(n, [&] {
            plain.reset();
            for (size_t i = 0; i < n; i++) taken[i] = plain.take();
        }, [&] {
            for (size_t i = 0; i < n; i++) {
                const uint32_t k = order[i];
                plain.put(taken[k]);
                escape(taken[k]);
                taken[k] = plain.take();
            }
        }));
    }
}

namespace {

constexpr uint32_t kPageSize = 128;
constexpr unsigned kIndexBits = 24;
constexpr uint32_t kGeneration = 1u << kIndexBits; // every key carries generation 1

constexpr size_t kPageBytes = BENTO_PAGED_SET_PAGE_BYTES(kPageSize, sizeof(value16));

// A set for n keys over the universe [0, n), pages from a pool with one page per kPageSize keys.
struct paged_fixture {
    std::vector<bento_align_unit> pool_storage, set_storage;
    bento_block_pool pool;
    bento_paged_set set;
    explicit paged_fixture(size_t n)
        : pool_storage(BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(n / kPageSize + 1, kPageBytes))),
          set_storage(BENTO_ALIGN_UNITS(BENTO_PAGED_SET_BYTES(n, n, kPageSize)))
    {
        if (bento_block_pool_init(&pool, pool_storage.data(), pool_storage.size() * sizeof(bento_align_unit),
                                  kPageBytes, uint32_t(n / kPageSize + 1)) != BENTO_OK ||
            bento_paged_set_init(&set, set_storage.data(), set_storage.size() * sizeof(bento_align_unit), &pool,
                                 sizeof(value16), uint32_t(n), uint32_t(n), kPageSize, kIndexBits,
                                 32u - kIndexBits) != BENTO_OK)
            std::abort();
    }
};

// The lookup the typed wrapper makes: index mask, page shift and value size are constants.
inline value16 *paged_get(const bento_paged_set *set, uint32_t key)
{
    return static_cast<value16 *>(bento_impl_paged_set_get(set, key, (1u << kIndexBits) - 1u,
                                                           BENTO_IMPL_CEIL_LOG2(kPageSize), sizeof(value16)));
}

// The peer: a plain sparse set as it is usually written, values dense beside the keys.
struct plain_sparse_set {
    std::vector<uint32_t> sparse, dense;
    std::vector<value16> values;
    uint32_t count = 0;
    explicit plain_sparse_set(size_t n) : sparse(n, 0xffffffffu), dense(n), values(n) {}
    void clear() { count = 0; }
    value16 *insert(uint32_t key)
    {
        sparse[key & (kGeneration - 1u)] = count;
        dense[count] = key;
        return &values[count++];
    }
    value16 *get(uint32_t key)
    {
        const uint32_t position = sparse[key & (kGeneration - 1u)];
        if (position >= count || dense[position] != key) return nullptr;
        return &values[position];
    }
    bool remove(uint32_t key)
    {
        const uint32_t position = sparse[key & (kGeneration - 1u)];
        if (position >= count || dense[position] != key) return false;
        const uint32_t last = --count;
        dense[position] = dense[last];
        values[position] = values[last];
        sparse[dense[position] & (kGeneration - 1u)] = position;
        return true;
    }
};

} // namespace

BENCH(paged_set)
{
    for (size_t n : bench::sizes()) {
        const std::vector<uint32_t> order = bench::shuffled(n, 11);
        std::vector<uint32_t> keys(n);
        for (size_t i = 0; i < n; i++) keys[i] = kGeneration | order[i];
        const std::vector<uint32_t> lookup = bench::shuffled(n, 12);
        paged_fixture fx(n);
        plain_sparse_set plain(n);
        std::vector<value16> raw(n);
        std::unordered_map<uint32_t, value16> map;

        // insert every key, in random order, from empty
        bench::report("paged_set", "insert", n, "bento_paged_set", bench::time_ns_per_op(n, [&] { bento_paged_set_clear(&fx.set); }, [&] {
            for (size_t i = 0; i < n; i++) {
                void *v;
                if (bento_paged_set_insert(&fx.set, keys[i], &v) != BENTO_OK) std::abort();
                *static_cast<value16 *>(v) = value16{uint32_t(i), 0, 0, 0};
            }
        }));
        bench::report("paged_set", "insert", n, "floor", bench::time_ns_per_op(n, [&] {
            for (size_t i = 0; i < n; i++) raw[order[i]] = value16{uint32_t(i), 0, 0, 0};
        }));
        bench::report("paged_set", "insert", n, "plain sparse set", bench::time_ns_per_op(n, [&] { plain.clear(); }, [&] {
            for (size_t i = 0; i < n; i++) *plain.insert(keys[i]) = value16{uint32_t(i), 0, 0, 0};
        }));
        bench::report("paged_set", "insert", n, "std::unordered_map", bench::time_ns_per_op(n, [&] { map.clear(); map.reserve(n); }, [&] {
            for (size_t i = 0; i < n; i++) map.emplace(keys[i], value16{uint32_t(i), 0, 0, 0});
        }));

        // get every key in another random order
        std::vector<uint32_t> probe(n);
        for (size_t i = 0; i < n; i++) probe[i] = keys[lookup[i]];
        bench::report("paged_set", "get (random)", n, "bento_paged_set", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += paged_get(&fx.set, probe[i])->a;
            bench::sink(s);
        }));
        bench::report("paged_set", "get (random)", n, "floor", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += raw[probe[i] & (kGeneration - 1u)].a;
            bench::sink(s);
        }));
        bench::report("paged_set", "get (random)", n, "plain sparse set", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += plain.get(probe[i])->a;
            bench::sink(s);
        }));
        bench::report("paged_set", "get (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += map.find(probe[i])->second.a;
            bench::sink(s);
        }));

        // contains for absent keys: present indices under another generation
        bench::report("paged_set", "contains (miss)", n, "bento_paged_set", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += bento_paged_set_contains(&fx.set, probe[i] + kGeneration);
            bench::sink(s);
        }));
        bench::report("paged_set", "contains (miss)", n, "plain sparse set", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += plain.get(probe[i] + kGeneration) != nullptr;
            bench::sink(s);
        }));

        // visit every value: the paged set goes through its dense keys, one get each
        bench::report("paged_set", "iterate", n, "bento_paged_set", bench::time_ns_per_op(n, [&] {
            const uint32_t *k = bento_paged_set_keys(&fx.set);
            const uint32_t count = bento_paged_set_count(&fx.set);
            uint64_t s = 0;
            for (uint32_t i = 0; i < count; i++) s += paged_get(&fx.set, k[i])->a;
            bench::sink(s);
        }));
        bench::report("paged_set", "iterate", n, "bento_paged_set iter", bench::time_ns_per_op(n, [&] {
            bento_paged_set_iter it;
            uint64_t s = 0;
            bento_paged_set_iter_init(&it, &fx.set);
            while (bento_paged_set_iter_next(&it)) s += static_cast<const value16 *>(it.value)->a;
            bench::sink(s);
        }));
        bench::report("paged_set", "iterate", n, "bento_paged_set iter + key", bench::time_ns_per_op(n, [&] {
            bento_paged_set_iter it;
            const uint32_t *k = bento_paged_set_keys(&fx.set);
            uint64_t s = 0;
            bento_paged_set_iter_init(&it, &fx.set);
            while (bento_paged_set_iter_next(&it)) s += static_cast<const value16 *>(it.value)->a + k[it.position];
            bench::sink(s);
        }));
        bench::report("paged_set", "iterate", n, "floor", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (size_t i = 0; i < n; i++) s += raw[i].a;
            bench::sink(s);
        }));
        bench::report("paged_set", "iterate", n, "plain sparse set", bench::time_ns_per_op(n, [&] {
            uint64_t s = 0;
            for (uint32_t i = 0; i < plain.count; i++) s += plain.values[i].a;
            bench::sink(s);
        }));

        // remove every key in random order (the paged set gives every page back)
        bench::report("paged_set", "remove (random)", n, "bento_paged_set", bench::time_ns_per_op(n, [&] {
            bento_paged_set_clear(&fx.set);
            for (size_t i = 0; i < n; i++) bento_paged_set_insert(&fx.set, keys[i], nullptr);
        }, [&] {
            uint32_t failures = 0;
            for (size_t i = 0; i < n; i++) failures += bento_paged_set_remove(&fx.set, probe[i]) != BENTO_OK;
            bench::sink(failures);
        }));
        bench::report("paged_set", "remove (random)", n, "plain sparse set", bench::time_ns_per_op(n, [&] {
            plain.clear();
            for (size_t i = 0; i < n; i++) plain.insert(keys[i]);
        }, [&] {
            uint32_t failures = 0;
            for (size_t i = 0; i < n; i++) failures += !plain.remove(probe[i]);
            bench::sink(failures);
        }));
        bench::report("paged_set", "remove (random)", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
            map.clear();
            for (size_t i = 0; i < n; i++) map.emplace(keys[i], value16{uint32_t(i), 0, 0, 0});
        }, [&] {
            for (size_t i = 0; i < n; i++) map.erase(probe[i]);
        }));
    }
}
