// SPDX-License-Identifier: MIT
// bench/count/find.cpp - one hash index lookup path, run under callgrind by bench/count/run:
// `find MAP WHICH N` fills MAP (generic, typed, cxx: bento's three finds; absl:
// absl::flat_hash_map) with 512 keys (load 0.5 of 1024 slots), then looks up N keys, present
// (WHICH hit) or absent (miss). The run's instructions with N finds less those with 0 are the
// finds' own, loop included, the same loop for every map; the lookups' results are summed and
// printed, so that none is left out.
#include <absl/container/flat_hash_map.h>

#include <bento/bento.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr uint32_t capacity = 1024;
constexpr uint32_t entries = 512;

BENTO_INDEX_TYPE(typed_index, capacity);

uint64_t next(uint64_t &state) // splitmix64: the same keys in every run
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

// Each map on its own memory; the loop the same for all: the sum of what each lookup found.
// Each map's run is a function of its own, out of line, so that how the compiler inlines one
// does not change another's code.
template <class Find>
__attribute__((noinline)) uint64_t run(const std::vector<uint64_t> &keys, long n, Find find)
{
    uint64_t sum = 0;
    size_t at = 0;
    for (long i = 0; i < n; i++) {
        sum += find(keys[at]);
        at = at + 1 == keys.size() ? 0 : at + 1;
    }
    return sum;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 4 || (std::strcmp(argv[2], "hit") != 0 && std::strcmp(argv[2], "miss") != 0)) {
        std::fprintf(stderr, "usage: find generic|typed|cxx|absl hit|miss N\n");
        return 2;
    }
    const char *map = argv[1];
    const long n = std::atol(argv[3]);
    uint64_t state = 1;
    std::vector<uint64_t> present, absent;
    for (uint32_t i = 0; i < entries; i++) {
        present.push_back(next(state));
        absent.push_back(next(state));
    }
    const std::vector<uint64_t> &keys = std::strcmp(argv[2], "hit") == 0 ? present : absent;
    uint64_t sum = 0;
    if (std::strcmp(map, "generic") == 0) {
        static uint32_t memory[BENTO_INDEX_BYTES(capacity) / 4];
        bento_index ix;
        if (bento_index_init(&ix, memory, sizeof memory, capacity) != BENTO_OK)
            return 1;
        for (uint32_t i = 0; i < entries; i++)
            if (bento_index_insert(&ix, present[i], i + 1) != BENTO_OK)
                return 1;
        sum = run(keys, n, [&](uint64_t k) {
            const uint32_t *v = bento_index_get(&ix, k);
            return v != nullptr ? *v : 0u;
        });
    } else if (std::strcmp(map, "typed") == 0) {
        static typed_index ix;
        if (typed_index_init(&ix) != BENTO_OK)
            return 1;
        for (uint32_t i = 0; i < entries; i++)
            if (typed_index_insert(&ix, present[i], i + 1) != BENTO_OK)
                return 1;
        sum = run(keys, n, [&](uint64_t k) { return typed_index_value(&ix, k, 0u); });
    } else if (std::strcmp(map, "cxx") == 0) {
        static bento::index<uint64_t, uint32_t, capacity> ix;
        if (ix.init() != bento::status::ok)
            return 1;
        for (uint32_t i = 0; i < entries; i++)
            if (ix.insert(present[i], i + 1) != bento::status::ok)
                return 1;
        sum = run(keys, n, [&](uint64_t k) { return ix.value(k, 0u); });
    } else if (std::strcmp(map, "absl") == 0) {
        absl::flat_hash_map<uint64_t, uint32_t> m;
        m.reserve(entries);
        for (uint32_t i = 0; i < entries; i++)
            m.emplace(present[i], i + 1);
        sum = run(keys, n, [&](uint64_t k) {
            const auto it = m.find(k);
            return it != m.end() ? it->second : 0u;
        });
    } else {
        std::fprintf(stderr, "find: no map '%s'\n", map);
        return 2;
    }
    std::printf("%s %s %ld: %llu\n", map, argv[2], n, static_cast<unsigned long long>(sum));
    return 0;
}
