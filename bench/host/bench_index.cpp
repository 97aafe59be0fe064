/* SPDX-License-Identifier: MIT */
// bench/host/bench_index.cpp - the hash index (64-bit key -> 32-bit value) against
// std::unordered_map and absl::flat_hash_map on the same shuffled keys, and a raw array
// gathered by position (floor: what a lookup costs when the position is already known).
//
// Capacities 1k, 64k and 1M slots, each filled to load 0.5 and 0.85: n (the size column) is
// the number of entries. Peers are reserved for n entries first, so none of them rehashes
// while it is timed. Misses use keys that are not in the table. `bench_host bucket_hits` (on
// request) splits the hits by the bucket their key lives in (run_split). The typed index
// (BENTO_INDEX_TYPE) has rows of its own for the finds, on an index of its own.
#include "harness.h"

extern "C" {
#include <bento/index.h>
}

#include <absl/container/flat_hash_map.h>

#include <bento/bento.hpp>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace {

// the index's buffer 64-aligned, so that each bucket is one cache line (bento/index.h)
struct alignas(64) line {
    unsigned char bytes[64];
};

// Words per bucket of four slots (bento/index.h).
constexpr uint32_t bucket_words = uint32_t(BENTO_INDEX_BYTES(4) - BENTO_INDEX_BYTES(0)) / 4;

struct index_fixture {
    std::unique_ptr<line[]> memory;
    bento_index ix;
    size_t capacity;
    explicit index_fixture(size_t slots)
        : memory(new line[(BENTO_INDEX_BYTES(slots) + 63) / 64]), capacity(slots)
    {
        reset();
    }
    void reset()
    {
        if (bento_index_init(&ix, memory.get(), BENTO_INDEX_BYTES(capacity), uint32_t(capacity)) !=
            BENTO_OK)
            std::abort();
    }
};

// Typed indices, one type per capacity (a constant in every lookup); bento/index.h aligns their
// storage to BENTO_CACHE_LINE (64 on hosts), and `new` allocates them aligned (C++17).
BENTO_INDEX_TYPE(typed_1k, 1024);
BENTO_INDEX_TYPE(typed_64k, 65536);
BENTO_INDEX_TYPE(typed_1M, 1048576);
// One name for each operation of every type, for typed_rows.
#define TYPED_INDEX_OPS(name)                                                                     \
    inline bento_status t_init(name *x) { return name##_init(x); }                                 \
    inline bento_status t_insert(name *x, uint64_t key, uint32_t value)                            \
    {                                                                                              \
        return name##_insert(x, key, value);                                                       \
    }                                                                                              \
    inline uint32_t t_value(const name *x, uint64_t key) { return name##_value(x, key, 0u); }     \
    inline bool t_contains(const name *x, uint64_t key) { return name##_contains(x, key); }
TYPED_INDEX_OPS(typed_1k)
TYPED_INDEX_OPS(typed_64k)
TYPED_INDEX_OPS(typed_1M)

// The typed index's finds, on an index of its own filled with the same keys (untimed).
template <class Typed>
void typed_rows(const std::string &group, size_t n, const std::vector<uint64_t> &keys,
                const std::vector<uint64_t> &lookup, const std::vector<uint64_t> &absent)
{
    std::unique_ptr<Typed> typed(new Typed);
    if (t_init(typed.get()) != BENTO_OK) std::abort();
    for (size_t i = 0; i < n; i++)
        if (t_insert(typed.get(), keys[i], uint32_t(i)) != BENTO_OK) std::abort();
    const Typed *ix = typed.get();
    bench::report(group, "find hit", n, "bento typed", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += t_value(ix, lookup[i]);
        bench::sink(s);
    }));
    bench::report(group, "find miss", n, "bento typed", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += !t_contains(ix, absent[i]);
        bench::sink(s);
    }));
}

// The C++ face's finds (bento/bento.hpp), on an index of the same capacity of its own.
template <uint32_t Capacity>
void cxx_rows(const std::string &group, size_t n, const std::vector<uint64_t> &keys,
              const std::vector<uint64_t> &lookup, const std::vector<uint64_t> &absent)
{
    using cxx_index = bento::index<uint64_t, uint32_t, Capacity>;
    std::unique_ptr<cxx_index> owned(new cxx_index);
    if (owned->init() != bento::status::ok) std::abort();
    for (size_t i = 0; i < n; i++)
        if (owned->insert(keys[i], uint32_t(i)) != bento::status::ok) std::abort();
    const cxx_index &ix = *owned;
    bench::report(group, "find hit", n, "bento c++", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += ix.value(lookup[i], 0u);
        bench::sink(s);
    }));
    bench::report(group, "find miss", n, "bento c++", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += !ix.contains(absent[i]);
        bench::sink(s);
    }));
}

void typed_rows_for(size_t capacity, const std::string &group, size_t n,
                    const std::vector<uint64_t> &keys, const std::vector<uint64_t> &lookup,
                    const std::vector<uint64_t> &absent)
{
    if (capacity == 1024) {
        typed_rows<typed_1k>(group, n, keys, lookup, absent);
        cxx_rows<1024>(group, n, keys, lookup, absent);
    } else if (capacity == 65536) {
        typed_rows<typed_64k>(group, n, keys, lookup, absent);
        cxx_rows<65536>(group, n, keys, lookup, absent);
    } else if (capacity == 1048576) {
        typed_rows<typed_1M>(group, n, keys, lookup, absent);
        cxx_rows<1048576>(group, n, keys, lookup, absent);
    }
}

void run(size_t capacity, double load, const char *tag)
{
    const size_t n = size_t(double(capacity) * load);
    const std::vector<uint64_t> all = bench::random_keys64(2 * n, 7 + capacity);
    const std::vector<uint64_t> keys(all.begin(), all.begin() + long(n));
    const std::vector<uint64_t> absent(all.begin() + long(n), all.end());
    const std::vector<uint32_t> order = bench::shuffled(n, 3);
    std::vector<uint64_t> lookup(n);
    for (size_t i = 0; i < n; i++) lookup[i] = keys[order[i]];
    const std::string group = std::string("index, load ") + tag;

    index_fixture fx(capacity);
    std::unordered_map<uint64_t, uint32_t> stdmap;
    absl::flat_hash_map<uint64_t, uint32_t> absl_map;
    std::vector<uint32_t> raw(n);

    // insert: fill from empty
    bench::report(group, "insert", n, "bento_index", bench::time_ns_per_op(n, [&] { fx.reset(); }, [&] {
        for (size_t i = 0; i < n; i++)
            if (bento_index_insert(&fx.ix, keys[i], uint32_t(i)) != BENTO_OK) std::abort();
    }));
    bench::report(group, "insert", n, "floor", bench::time_ns_per_op(n, [&] {
        for (size_t i = 0; i < n; i++) raw[i] = uint32_t(keys[i]);
    }));
    bench::report(group, "insert", n, "std::unordered_map", bench::time_ns_per_op(n, [&] { stdmap.clear(); stdmap.reserve(n); }, [&] {
        for (size_t i = 0; i < n; i++) stdmap.emplace(keys[i], uint32_t(i));
    }));
    bench::report(group, "insert", n, "absl::flat_hash_map", bench::time_ns_per_op(n, [&] { absl_map.clear(); absl_map.reserve(n); }, [&] {
        for (size_t i = 0; i < n; i++) absl_map.emplace(keys[i], uint32_t(i));
    }));

    // find hit, shuffled
    bench::report(group, "find hit", n, "bento_index", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += *bento_index_get(&fx.ix, lookup[i]);
        bench::sink(s);
    }));
    bench::report(group, "find hit", n, "floor", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += raw[order[i]];
        bench::sink(s);
    }));
    bench::report(group, "find hit", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += stdmap.find(lookup[i])->second;
        bench::sink(s);
    }));
    bench::report(group, "find hit", n, "absl::flat_hash_map", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += absl_map.find(lookup[i])->second;
        bench::sink(s);
    }));

    // find miss
    bench::report(group, "find miss", n, "bento_index", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += bento_index_get(&fx.ix, absent[i]) == nullptr;
        bench::sink(s);
    }));
    bench::report(group, "find miss", n, "floor", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += raw[order[i]] == 0u;
        bench::sink(s);
    }));
    bench::report(group, "find miss", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += stdmap.find(absent[i]) == stdmap.end();
        bench::sink(s);
    }));
    bench::report(group, "find miss", n, "absl::flat_hash_map", bench::time_ns_per_op(n, [&] {
        uint64_t s = 0;
        for (size_t i = 0; i < n; i++) s += absl_map.find(absent[i]) == absl_map.end();
        bench::sink(s);
    }));

    typed_rows_for(capacity, group, n, keys, lookup, absent);

    // remove every entry, shuffled (the load falls from its level to 0); refill untimed
    bench::report(group, "remove", n, "bento_index", bench::time_ns_per_op(n, [&] {
        fx.reset();
        for (size_t i = 0; i < n; i++) bento_index_insert(&fx.ix, keys[i], uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++)
            if (bento_index_remove(&fx.ix, lookup[i], nullptr) != BENTO_OK) std::abort();
    }));
    bench::report(group, "remove", n, "floor", bench::time_ns_per_op(n, [&] {
        for (size_t i = 0; i < n; i++) raw[order[i]] = 0u;
    }));
    bench::report(group, "remove", n, "std::unordered_map", bench::time_ns_per_op(n, [&] {
        stdmap.clear();
        stdmap.reserve(n);
        for (size_t i = 0; i < n; i++) stdmap.emplace(keys[i], uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++) stdmap.erase(lookup[i]);
    }));
    bench::report(group, "remove", n, "absl::flat_hash_map", bench::time_ns_per_op(n, [&] {
        absl_map.clear();
        absl_map.reserve(n);
        for (size_t i = 0; i < n; i++) absl_map.emplace(keys[i], uint32_t(i));
    }, [&] {
        for (size_t i = 0; i < n; i++) absl_map.erase(lookup[i]);
    }));

    // mixed, at a steady load: per round a find, a remove, a find and an insert (50% finds of
    // present keys, 25% removes of random entries, 25% inserts of new keys in their place), n
    // operations, the same sequence for every map, each refilled with the same n keys first
    // (untimed)
    enum : uint8_t { FIND, REMOVE, INSERT };
    struct step {
        uint8_t op;
        uint64_t key;
    };
    std::vector<step> mixed;
    {
        std::vector<uint64_t> present(keys);
        const std::vector<uint32_t> pick = bench::shuffled(n, 5);
        for (size_t r = 0; r < n / 4; r++) {
            // three different entries: two to find, one to replace (pick is a permutation)
            const size_t a = pick[(3 * r) % n], c = pick[(3 * r + 1) % n], b = pick[(3 * r + 2) % n];
            mixed.push_back({FIND, present[a]});
            mixed.push_back({REMOVE, present[b]});
            mixed.push_back({FIND, present[c]});
            present[b] = absent[r]; // a key never inserted before
            mixed.push_back({INSERT, present[b]});
        }
    }
    const size_t m = mixed.size();
    bench::report(group, "mixed", n, "bento_index", bench::time_ns_per_op(m, [&] {
        fx.reset();
        for (size_t i = 0; i < n; i++) bento_index_insert(&fx.ix, keys[i], uint32_t(i));
    }, [&] {
        uint64_t s = 0;
        bool failed = false; // every remove and insert must succeed: the work is what is timed
        for (const step &x : mixed) {
            if (x.op == FIND) s += *bento_index_get(&fx.ix, x.key);
            else if (x.op == REMOVE) failed |= bento_index_remove(&fx.ix, x.key, nullptr) != BENTO_OK;
            else failed |= bento_index_insert(&fx.ix, x.key, 1u) != BENTO_OK;
        }
        if (failed) std::abort();
        bench::sink(s);
    }));
    bench::report(group, "mixed", n, "std::unordered_map", bench::time_ns_per_op(m, [&] {
        stdmap.clear();
        stdmap.reserve(n);
        for (size_t i = 0; i < n; i++) stdmap.emplace(keys[i], uint32_t(i));
    }, [&] {
        uint64_t s = 0;
        bool failed = false;
        for (const step &x : mixed) {
            if (x.op == FIND) s += stdmap.find(x.key)->second;
            else if (x.op == REMOVE) failed |= stdmap.erase(x.key) != 1;
            else failed |= !stdmap.emplace(x.key, 1u).second;
        }
        if (failed) std::abort();
        bench::sink(s);
    }));
    bench::report(group, "mixed", n, "absl::flat_hash_map", bench::time_ns_per_op(m, [&] {
        absl_map.clear();
        absl_map.reserve(n);
        for (size_t i = 0; i < n; i++) absl_map.emplace(keys[i], uint32_t(i));
    }, [&] {
        uint64_t s = 0;
        bool failed = false;
        for (const step &x : mixed) {
            if (x.op == FIND) s += absl_map.find(x.key)->second;
            else if (x.op == REMOVE) failed |= absl_map.erase(x.key) != 1;
            else failed |= !absl_map.emplace(x.key, 1u).second;
        }
        if (failed) std::abort();
        bench::sink(s);
    }));
}

// Two branch-free lookups over the index's own buckets, for comparison only (not the kit's
// code): both avoid the branch on "is the key in its first bucket", which a predictor cannot
// learn for random keys. `select` picks the bucket to search with a mask (the second when the
// first has no candidate and has spilled keys of the class), `both` reads both buckets and
// takes the lowest flagged lane of the two. Both are exact on a sound table.
uint32_t *find_select(const bento_index *ix, uint64_t key)
{
    const uint32_t h = bento_index_hash(key), fp = bento_impl_index_fp(h), shift = ix->shift;
    const uint32_t b = h >> shift, o = bento_impl_index_other(b, fp, shift);
    uint32_t *first = ix->buckets + bucket_words * b;
    const uint32_t none = bento_impl_index_candidates(first[BENTO_IMPL_INDEX_FPS], fp) == 0u;
    const uint32_t use = 0u - (none & uint32_t(bento_impl_index_spilled(first, fp)));
    uint32_t *bk = ix->buckets + bucket_words * (b ^ ((b ^ o) & use));
    uint32_t lane = bento_impl_index_in(bk, fp, 2u, key);
    if (lane == BENTO_IMPL_INDEX_NO_LANE) { // a false candidate in the first bucket hid a key in the second
        if (use != 0u || !bento_impl_index_spilled(first, fp)) return nullptr;
        bk = ix->buckets + bucket_words * o;
        lane = bento_impl_index_in(bk, fp, 2u, key);
        if (lane == BENTO_IMPL_INDEX_NO_LANE) return nullptr;
    }
    return bento_impl_index_at(bk + BENTO_IMPL_INDEX_VALUES, lane, 1u);
}

uint32_t *find_both(const bento_index *ix, uint64_t key)
{
    const uint32_t h = bento_index_hash(key), fp = bento_impl_index_fp(h), shift = ix->shift;
    const uint32_t b = h >> shift, o = bento_impl_index_other(b, fp, shift);
    uint32_t *const bk[2] = {ix->buckets + bucket_words * b, ix->buckets + bucket_words * o};
    uint64_t m = uint64_t(bento_impl_index_candidates(bk[0][BENTO_IMPL_INDEX_FPS], fp)) |
                 uint64_t(bento_impl_index_candidates(bk[1][BENTO_IMPL_INDEX_FPS], fp)) << 32;
    for (; m != 0u; m &= m - 1u) {
        const uint32_t bit = uint32_t(__builtin_ctzll(m)), lane = bit & 31u;
        uint32_t *const at = bk[bit >> 5];
        const uint32_t *k = bento_impl_index_at(at + BENTO_IMPL_INDEX_KEYS, lane, 0u);
        if ((uint64_t(k[1]) << 32 | k[0]) == key)
            return bento_impl_index_at(at + BENTO_IMPL_INDEX_VALUES, lane, 1u);
    }
    return nullptr;
}

// ns per hit of `find` (key -> value) over `keys`, the median of bench::runs().
template <class Find>
double hits(const std::vector<uint64_t> &keys, Find find)
{
    return bench::time_ns_per_op(keys.size(), [&] {
        uint64_t s = 0;
        for (uint64_t key : keys) s += find(key);
        bench::sink(s);
    });
}

// Where the time of a hit goes: the shuffled hits of run(), split into keys that live in their
// first bucket and keys that live in their second, each set timed on its own (the bucket is
// then the same for every lookup, so the branch that tells them apart is predicted) and both
// together (as run() times them); the index, the two branch-free lookups above and absl on
// the same keys.
void run_split(size_t capacity, double load)
{
    const size_t n = size_t(double(capacity) * load);
    const std::vector<uint64_t> keys = bench::random_keys64(n, 7 + capacity);
    const std::vector<uint32_t> order = bench::shuffled(n, 3);
    index_fixture fx(capacity);
    absl::flat_hash_map<uint64_t, uint32_t> absl_map;
    absl_map.reserve(n);
    for (size_t i = 0; i < n; i++) {
        if (bento_index_insert(&fx.ix, keys[i], uint32_t(i)) != BENTO_OK) std::abort();
        absl_map.emplace(keys[i], uint32_t(i));
    }
    std::vector<uint64_t> all, first, second;
    for (size_t i = 0; i < n; i++) {
        const uint64_t key = keys[order[i]];
        const uint32_t *value = bento_index_get(&fx.ix, key);
        const uint32_t b = uint32_t(value - fx.ix.buckets) / bucket_words;
        if (find_select(&fx.ix, key) != value || find_both(&fx.ix, key) != value) std::abort();
        all.push_back(key);
        (b == bento_index_hash(key) >> fx.ix.shift ? first : second).push_back(key);
    }
    const struct {
        const char *name;
        const std::vector<uint64_t> &set;
    } sets[] = {{"all, shuffled", all}, {"in their first bucket", first}, {"in their second bucket", second}};
    for (const auto &set : sets) {
        const std::vector<uint64_t> &k = set.set;
        const size_t m = k.size();
        const double ix = hits(k, [&](uint64_t key) { return *bento_index_get(&fx.ix, key); });
        const double select = hits(k, [&](uint64_t key) { return *find_select(&fx.ix, key); });
        const double both = hits(k, [&](uint64_t key) { return *find_both(&fx.ix, key); });
        const double absl = hits(k, [&](uint64_t key) { return absl_map.find(key)->second; });
        std::printf("| %zu | %.2f | %s: %zu (%.1f%%) | %.2f (%.2fx) | %.2f | %.2f | %.2f |\n",
                    capacity, load, set.name, m, 100.0 * double(m) / double(n), ix, ix / absl,
                    select, both, absl);
    }
}

} // namespace

// Only when named: `build/bench/bench_host bucket_hits` (about 2 s).
BENCH_ON_REQUEST(bucket_hits)
{
    std::printf("Find hit, ns per lookup (median of %d), by the bucket the key lives in\n\n"
                "| slots | load | keys | index (/ absl) | branch-free: select | branch-free: both "
                "buckets | absl::flat_hash_map |\n|---|---|---|---|---|---|---|\n",
                bench::runs());
    for (size_t capacity : bench::sizes()) {
        run_split(capacity, 0.5);
        run_split(capacity, 0.85);
    }
}

BENCH(index)
{
    for (size_t capacity : bench::sizes()) {
        run(capacity, 0.5, "0.5");
        run(capacity, 0.85, "0.85");
    }
}
