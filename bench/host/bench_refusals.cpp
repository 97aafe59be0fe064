/* SPDX-License-Identifier: MIT */
// bench/host/bench_refusals.cpp - how the hash index behaves at its load limit: how often an
// insert is refused below BENTO_INDEX_MAX_COUNT (no free slot within BENTO_INDEX_MAX_MOVES
// moves), and how many entries live in, and how many misses read, a second bucket.
//
// Refusals, for each capacity: how many fills from empty to the limit met one; and in 10
// seeds x ROUNDS rounds of removing a random entry and inserting a new key (a refused key
// replaced by another until one goes in), at the limit and at half of it. Two kinds of keys:
// random 64-bit values, and 64-byte aligned addresses in a 16 MiB region (pointers). Printed,
// not timed, and only when named: `build/bench/bench_host refusals` (about 15 s).
#include "harness.h"

extern "C" {
#include <bento/index.h>
}

#include <cstdio>
#include <memory>
#include <vector>

namespace {

enum { SEEDS = 10, ROUNDS = 1000000 };

// Words per bucket of four slots (bento/index.h).
constexpr uint32_t bucket_words = uint32_t(BENTO_INDEX_BYTES(4) - BENTO_INDEX_BYTES(0)) / 4;

struct keys {
    uint64_t state;
    bool aligned;
    uint64_t next()
    {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return aligned ? 0x20000000u + ((state >> 20) & 0x3ffffu) * 64u : state;
    }
};

// Insert new keys until one goes in (a key already there is skipped, not counted), adding it
// to `live`; counts the refusals.
void add_one(bento_index *ix, keys &k, std::vector<uint64_t> &live, uint64_t &refused)
{
    for (;;) {
        const uint64_t key = k.next();
        const bento_status s = bento_index_insert(ix, key, 0u);
        if (s == BENTO_OK) {
            live.push_back(key);
            return;
        }
        if (s == BENTO_E_FULL) refused++;
        else if (s != BENTO_E_EXISTS) std::abort();
    }
}

// Remove a random entry of `live`.
void remove_one(bento_index *ix, std::vector<uint64_t> &live, uint64_t &pick)
{
    pick = pick * 6364136223846793005ull + 1442695040888963407ull;
    const size_t at = size_t((pick >> 32) % live.size());
    if (bento_index_remove(ix, live[at], nullptr) != BENTO_OK) std::abort();
    live[at] = live.back();
    live.pop_back();
}

// Empty the index over `memory`, then fill it with `n` new keys; the refusals on the way.
uint64_t fill(bento_index *ix, void *memory, uint32_t capacity, uint32_t n, keys &k,
              std::vector<uint64_t> &live)
{
    uint64_t refused = 0;
    if (bento_index_init(ix, memory, BENTO_INDEX_BYTES(capacity), capacity) != BENTO_OK)
        std::abort();
    live.clear();
    while (bento_index_count(ix) < n) add_one(ix, k, live, refused);
    return refused;
}

// Of `fills` fills from empty to the limit, how many met a refusal on the way.
uint64_t refused_fills(void *memory, uint32_t capacity, uint64_t fills)
{
    std::vector<uint64_t> live;
    keys k{0x853c49e6748fea9bull, false};
    uint64_t met = 0;
    for (uint64_t f = 0; f < fills; f++) {
        bento_index ix;
        met += fill(&ix, memory, capacity, BENTO_INDEX_MAX_COUNT(capacity), k, live) != 0;
    }
    return met;
}

// Refusals in SEEDS x ROUNDS rounds of remove + insert at `n` entries.
uint64_t refused_churn(void *memory, uint32_t capacity, uint32_t n, bool aligned)
{
    std::vector<uint64_t> live;
    uint64_t refused = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        bento_index ix;
        keys k{seed * 0x9e3779b97f4a7c15ull, aligned};
        uint64_t pick = seed;
        fill(&ix, memory, capacity, n, k, live);
        for (uint32_t r = 0; r < ROUNDS; r++) {
            remove_one(&ix, live, pick);
            add_one(&ix, k, live, refused);
        }
        if (bento_index_check(&ix) != BENTO_OK) std::abort();
    }
    return refused;
}

void print_rate(uint64_t refused, uint64_t tries)
{
    std::printf(" | %llu of %llu", (unsigned long long)refused, (unsigned long long)tries);
    if (refused != 0) std::printf(" (1 in %.0f)", double(tries) / double(refused));
}

// The share of entries in their second bucket, and of misses that read a second bucket (and
// would with one spill count per bucket instead of four), at `n` entries of `capacity` slots
// (the loads of bench_index.cpp), after filling, then after 4n rounds of remove + insert.
void second_buckets(void *memory, uint32_t capacity, uint32_t n)
{
    bento_index ix;
    keys k{0x2545f4914f6cdd1dull, false};
    std::vector<uint64_t> live;
    uint64_t refused = 0, pick = 7;
    auto report = [&](const char *when) {
        uint32_t second = 0, spilled = 0, any = 0;
        for (uint64_t key : live) {
            const uint32_t b = uint32_t(bento_index_get(&ix, key) - ix.buckets) / bucket_words;
            second += b != bento_index_hash(key) >> ix.shift;
        }
        for (uint32_t i = 0; i < n; i++) { // fresh keys: absent
            const uint32_t h = bento_index_hash(k.next());
            uint32_t *bk = ix.buckets + bucket_words * (h >> ix.shift);
            spilled += bento_impl_index_spilled(bk, bento_impl_index_fp(h));
            any += bk[BENTO_IMPL_INDEX_SPILLS] != 0;
        }
        std::printf("| %u | %.2f | %s | %.1f%% | %.1f%% | %.1f%% |\n", capacity,
                    double(n) / capacity, when, 100.0 * second / n, 100.0 * spilled / n,
                    100.0 * any / n);
    };
    fill(&ix, memory, capacity, n, k, live);
    report("filled");
    for (uint32_t r = 0; r < 4 * n; r++) {
        remove_one(&ix, live, pick);
        add_one(&ix, k, live, refused);
    }
    report("after 4n rounds");
}

} // namespace

BENCH_ON_REQUEST(refusals)
{
    const uint32_t largest = 16384, big = 65536;
    const uint64_t tries = uint64_t(SEEDS) * ROUNDS;
    std::unique_ptr<uint64_t[]> memory(new uint64_t[BENTO_INDEX_BYTES(big) / 8]);
    std::printf("Inserts refused below the load limit: fills from empty to the limit (2^22 / slots"
                " fills) that met a refusal; refusals in %d x %d rounds of remove + insert at"
                " the limit and at half of it\n\n",
                SEEDS, ROUNDS);
    std::printf("| slots | limit | fills refused | at the limit, random keys | at the limit, "
                "64-byte aligned keys | at half the limit, random keys |\n"
                "|---|---|---|---|---|---|\n");
    for (uint32_t capacity = BENTO_INDEX_MIN_CAPACITY; capacity <= largest; capacity *= 2) {
        const uint32_t limit = BENTO_INDEX_MAX_COUNT(capacity);
        const uint64_t fills = (uint64_t(1) << 22) / capacity;
        std::printf("| %u | %u", capacity, limit);
        print_rate(refused_fills(memory.get(), capacity, fills), fills);
        print_rate(refused_churn(memory.get(), capacity, limit, false), tries);
        print_rate(refused_churn(memory.get(), capacity, limit, true), tries);
        print_rate(refused_churn(memory.get(), capacity, limit / 2, false), tries);
        std::printf(" |\n");
        std::fflush(stdout);
    }
    std::printf("\nEntries in their second bucket, and misses that read a second bucket (random"
                " keys; and with one spill count per bucket)\n\n| slots | load | when | entries"
                " | misses | misses, one count |\n|---|---|---|---|---|---|\n");
    second_buckets(memory.get(), big, big / 2);
    second_buckets(memory.get(), big, big * 85 / 100);
}
