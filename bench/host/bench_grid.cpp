/* SPDX-License-Identifier: MIT */
// bench/host/bench_grid.cpp - the spatial grid on the chunk scenario: a connected region of 3D
// chunk ids (a ball around a player, negative coordinates included), every chunk of a view
// box looked up again and again. Against a raw flat 3D array over the region's bounding box
// (the floor), std::unordered_map keyed by the three ints with a hash_combine-style hash (the
// naive peer) and absl::flat_hash_map with absl's own hash (a strong peer). Also: building the region from one
// cell (the relayout work is printed as cells moved per cell inserted). The typed grid and the
// generic one each have their own memory, filled alike, so one does not warm the other's caches.
#include "harness.h"

extern "C" {
#include <bento/grid.h>
}

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <unordered_map>
#if __has_include(<absl/container/flat_hash_map.h>)
#include <absl/container/flat_hash_map.h>
#define BENCH_GRID_HAVE_ABSL 1
#endif

namespace {

struct chunk_id {
    int32_t x, y, z;
    bool operator==(const chunk_id &o) const { return x == o.x && y == o.y && z == o.z; }
    template <typename H> friend H AbslHashValue(H h, const chunk_id &c)
    {
        return H::combine(std::move(h), c.x, c.y, c.z);
    }
};

// The usual hand-rolled hash for a triple of ints: boost::hash_combine's mixing step.
struct chunk_hash {
    size_t operator()(const chunk_id &c) const
    {
        size_t seed = 0;
        seed ^= std::hash<int32_t>()(c.x) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        seed ^= std::hash<int32_t>()(c.y) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        seed ^= std::hash<int32_t>()(c.z) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        return seed;
    }
};

// Lookup timings: the lowest of this many medians, taken in turns (see below).
constexpr int kRounds = 5;

// Up to 1M chunks: a ball of radius 62 needs at most a 128^3 box (2M cells).
constexpr uint32_t kCapacity = 1u << 21;
BENTO_GRID_TYPE(chunk_grid, uint32_t, 3, kCapacity);

// The player stands here; the region is every chunk within radius r of it.
constexpr int32_t kPlayer[3] = {-1000, -3, 517};

struct scenario {
    int32_t r;                     // radius of the region, in chunks
    std::vector<chunk_id> region;  // every chunk, nearest the player first (exploration order)
    std::vector<chunk_id> view;    // the view box, x fastest
};

scenario make_scenario(size_t n)
{
    scenario s;
    // a ball of volume n: r = cbrt(3n / 4pi)
    s.r = int32_t(std::lround(std::cbrt(3.0 * double(n) / (4.0 * M_PI))));
    const int32_t r = s.r;
    std::vector<std::pair<int32_t, chunk_id>> by_distance;
    for (int32_t z = -r; z <= r; z++)
        for (int32_t y = -r; y <= r; y++)
            for (int32_t x = -r; x <= r; x++)
                if (x * x + y * y + z * z <= r * r)
                    by_distance.push_back({x * x + y * y + z * z,
                                           chunk_id{kPlayer[0] + x, kPlayer[1] + y, kPlayer[2] + z}});
    std::stable_sort(by_distance.begin(), by_distance.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto &p : by_distance) s.region.push_back(p.second);
    // the view box: a cube of side 1.6 r around the player; its corners lie outside the ball,
    // so about 1 lookup in 6 misses
    const int32_t h = int32_t(0.8 * r);
    for (int32_t z = -h; z < h; z++)
        for (int32_t y = -h; y < h; y++)
            for (int32_t x = -h; x < h; x++)
                s.view.push_back(chunk_id{kPlayer[0] + x, kPlayer[1] + y, kPlayer[2] + z});
    return s;
}

uint32_t id_of(const chunk_id &c) { return (uint32_t(c.x * 73856093) ^ uint32_t(c.y * 19349663) ^ uint32_t(c.z * 83492791)) | 1u; }

// The floor: a flat array over the region's bounding box, 0 = no chunk, no bounds checks.
struct flat3d {
    int32_t ox, oy, oz, sx, sy, sz;
    std::vector<uint32_t> cells;
    explicit flat3d(const scenario &s)
        : ox(kPlayer[0] - s.r), oy(kPlayer[1] - s.r), oz(kPlayer[2] - s.r), sx(2 * s.r + 1),
          sy(2 * s.r + 1), sz(2 * s.r + 1), cells(size_t(sx) * size_t(sy) * size_t(sz), 0u)
    {
        for (auto &c : s.region) cells[index(c)] = id_of(c);
    }
    size_t index(const chunk_id &c) const
    {
        return size_t(c.x - ox) + size_t(sx) * (size_t(c.y - oy) + size_t(sy) * size_t(c.z - oz));
    }
};

} // namespace

BENCH(grid)
{
    for (size_t n : bench::sizes()) {
        const scenario s = make_scenario(n);
        const size_t frames_ops = s.view.size();
        std::unique_ptr<chunk_grid> typed(new chunk_grid);
        if (chunk_grid_init(typed.get()) != BENTO_OK) std::abort();
        for (auto &c : s.region) {
            uint32_t *cell;
            if (chunk_grid_insert_at(typed.get(), bento_xyz(c.x, c.y, c.z), &cell) != BENTO_OK) std::abort();
            *cell = id_of(c);
        }
        // the generic grid over its own buffer, filled the same way
        const size_t generic_bytes = BENTO_GRID_BYTES(kCapacity, sizeof(uint32_t));
        std::unique_ptr<bento_align_unit[]> generic_memory(new bento_align_unit[BENTO_ALIGN_UNITS(generic_bytes)]);
        bento_grid generic_grid;
        if (bento_grid_init(&generic_grid, generic_memory.get(), generic_bytes, 3, sizeof(uint32_t), kCapacity) != BENTO_OK) std::abort();
        for (auto &c : s.region) {
            void *cell;
            const int32_t k[3] = {c.x, c.y, c.z};
            if (bento_grid_insert(&generic_grid, k, &cell) != BENTO_OK) std::abort();
            *static_cast<uint32_t *>(cell) = id_of(c);
        }
        const bento_grid *grid = &generic_grid;
        const chunk_grid *tg = typed.get();
        const uint32_t box = chunk_grid_extent(tg, 0) * chunk_grid_extent(tg, 1) * chunk_grid_extent(tg, 2);
        std::printf("grid chunk scenario n=%zu: radius %d, %zu chunks, view box %zu lookups, "
                    "grid box %ux%ux%u = %u cells (%.2f per chunk), growth moved %u cells "
                    "(%.3f per chunk inserted)\n",
                    n, s.r, s.region.size(), s.view.size(), chunk_grid_extent(tg, 0),
                    chunk_grid_extent(tg, 1), chunk_grid_extent(tg, 2), box,
                    double(box) / double(s.region.size()), chunk_grid_moved(tg),
                    double(chunk_grid_moved(tg)) / double(s.region.size()));

        const flat3d flat(s);
        std::unordered_map<chunk_id, uint32_t, chunk_hash> map;
        for (auto &c : s.region) map.emplace(c, id_of(c));
#ifdef BENCH_GRID_HAVE_ABSL
        absl::flat_hash_map<chunk_id, uint32_t> flat_map; // absl's own hash (AbslHashValue)
        for (auto &c : s.region) flat_map.emplace(c, id_of(c));
#endif
        // one "op" is one chunk lookup; each run walks the whole view box. The machine may be
        // shared: the implementations are timed in turns, kRounds times, and each row is its
        // lowest median, so a burst of outside load does not land on one row only.
        const int32_t h = int32_t(0.8 * s.r);
        const int32_t lo[3] = {kPlayer[0] - h, kPlayer[1] - h, kPlayer[2] - h};
        const int32_t hi[3] = {kPlayer[0] + h - 1, kPlayer[1] + h - 1, kPlayer[2] + h - 1};
        std::vector<std::pair<const char *, std::function<void()>>> lookups = {
            {"bento_grid typed", [&] {
                 uint64_t sum = 0;
                 for (auto &c : s.view) {
                     const int32_t k[3] = {c.x, c.y, c.z};
                     const uint32_t *p = chunk_grid_get(tg, k);
                     sum += p != nullptr ? *p : 0u;
                 }
                 bench::sink(sum);
             }},
            {"bento_grid", [&] {
                 uint64_t sum = 0;
                 for (auto &c : s.view) {
                     const int32_t k[3] = {c.x, c.y, c.z};
                     const uint32_t *p = static_cast<const uint32_t *>(bento_grid_get(grid, k));
                     sum += p != nullptr ? *p : 0u;
                 }
                 bench::sink(sum);
             }},
            {"floor", [&] {
                 uint64_t sum = 0;
                 const uint32_t *cells = flat.cells.data();
                 for (auto &c : s.view) sum += cells[flat.index(c)];
                 bench::sink(sum);
             }},
            // a reference, not the floor: the same flat array with the bounds checks a lookup
            // of an arbitrary id needs (the grid also tests occupancy)
            {"flat array, bounds-checked", [&] {
                 uint64_t sum = 0;
                 const uint32_t *cells = flat.cells.data();
                 for (auto &c : s.view) {
                     const uint32_t x = uint32_t(c.x - flat.ox), y = uint32_t(c.y - flat.oy), z = uint32_t(c.z - flat.oz);
                     if ((x >= uint32_t(flat.sx)) | (y >= uint32_t(flat.sy)) | (z >= uint32_t(flat.sz))) continue;
                     sum += cells[x + size_t(flat.sx) * (y + size_t(flat.sy) * z)];
                 }
                 bench::sink(sum);
             }},
            {"std::unordered_map", [&] {
                 uint64_t sum = 0;
                 for (auto &c : s.view) {
                     auto it = map.find(c);
                     sum += it != map.end() ? it->second : 0u;
                 }
                 bench::sink(sum);
             }},
#ifdef BENCH_GRID_HAVE_ABSL
            {"absl::flat_hash_map", [&] {
                 uint64_t sum = 0;
                 for (auto &c : s.view) {
                     auto it = flat_map.find(c);
                     sum += it != flat_map.end() ? it->second : 0u;
                 }
                 bench::sink(sum);
             }},
#endif
            // the same view box walked by the grid's box iterator (present chunks only), per cell
            {"bento_grid iterator", [&] {
                 uint64_t sum = 0;
                 chunk_grid_iter it;
                 chunk_grid_iter_init(&it, tg, lo, hi);
                 while (chunk_grid_iter_next(&it)) sum += *it.cell;
                 bench::sink(sum);
             }},
        };
        std::vector<double> best(lookups.size(), 1e300);
        for (int round = 0; round < kRounds; round++)
            for (size_t i = 0; i < lookups.size(); i++)
                best[i] = std::min(best[i], bench::time_ns_per_op(frames_ops, lookups[i].second));
        for (size_t i = 0; i < lookups.size(); i++)
            bench::report("grid", "chunk lookup (view box)", n, lookups[i].first, best[i]);

        // building the region from one cell, nearest first: growth and its relayouts included
        const size_t count = s.region.size();
        bench::report("grid", "build region", n, "bento_grid typed", bench::time_ns_per_op(count, [&] { chunk_grid_clear(typed.get()); }, [&] {
            for (auto &c : s.region) {
                uint32_t *cell;
                const int32_t k[3] = {c.x, c.y, c.z};
                chunk_grid_insert(typed.get(), k, &cell);
                *cell = id_of(c);
            }
        }));
        std::vector<uint32_t> raw;
        bench::report("grid", "build region", n, "floor", bench::time_ns_per_op(count, [&] { raw.assign(flat.cells.size(), 0u); }, [&] {
            uint32_t *cells = raw.data();
            for (auto &c : s.region) cells[flat.index(c)] = id_of(c);
            bench::sink(cells[0]);
        }));
        bench::report("grid", "build region", n, "std::unordered_map", bench::time_ns_per_op(count, [&] { map = {}; }, [&] {
            for (auto &c : s.region) map.emplace(c, id_of(c));
        }));

        // the relayout work in other insertion orders, for the record
        {
            std::vector<chunk_id> shuffled_region(s.region.size());
            const std::vector<uint32_t> order = bench::shuffled(s.region.size(), 7);
            for (size_t i = 0; i < order.size(); i++) shuffled_region[i] = s.region[order[i]];
            size_t full = 0;
            chunk_grid_clear(typed.get());
            for (auto &c : shuffled_region) {
                const int32_t k[3] = {c.x, c.y, c.z};
                full += chunk_grid_insert(typed.get(), k, nullptr) == BENTO_E_FULL;
            }
            std::printf("grid growth n=%zu, random insertion order: box %ux%ux%u, moved %u cells "
                        "(%.3f per chunk inserted), %zu chunks refused (box beyond %u cells)\n",
                        n, chunk_grid_extent(tg, 0), chunk_grid_extent(tg, 1),
                        chunk_grid_extent(tg, 2), chunk_grid_moved(tg),
                        double(chunk_grid_moved(tg)) / double(s.region.size() - full), full,
                        kCapacity);
        }
    }
}
