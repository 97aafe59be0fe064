/* SPDX-License-Identifier: MIT */
// bench/host/harness.h - the host benchmark harness (C++17).
//
// A benchmark file registers itself with BENCH(name) { ... } and, for each operation, size and
// implementation, calls bench::report(group, op, n, impl, ns_per_op). Within one (group, op, n)
// the row whose impl is "floor" is the physical floor (a raw array doing the least possible
// work); rows whose impl starts with "bento" are the kit; every other row is a peer. main.cpp
// prints each row with its ratio to the floor and to every peer, and writes the tables to docs/.
//
// Timing: bench::time_ns_per_op runs setup (untimed) then body (timed) `runs` times and returns
// the median nanoseconds per operation. Results flow into bench::sink so the compiler cannot
// delete the work being measured.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

// 1k, 64k and 1M elements (BENCH_QUICK=1 in the environment: 1k and 64k only).
const std::vector<size_t> &sizes();

// Repetitions per measurement (the median is reported).
int runs();

// A deterministic permutation of [0, n).
std::vector<uint32_t> shuffled(size_t n, uint64_t seed);

// Distinct pseudo-random 32-bit and 64-bit keys (never 0), deterministic.
std::vector<uint32_t> random_keys32(size_t n, uint64_t seed);
std::vector<uint64_t> random_keys64(size_t n, uint64_t seed);

// Feed results here so the optimiser keeps the work.
void sink(uint64_t value);

void report(const std::string &group, const std::string &op, size_t n, const std::string &impl,
            double ns_per_op);

template <class Setup, class Body>
double time_ns_per_op(size_t ops, Setup &&setup, Body &&body)
{
    std::vector<double> samples;
    for (int r = 0; r < runs(); r++) {
        setup();
        auto start = std::chrono::steady_clock::now();
        body();
        auto stop = std::chrono::steady_clock::now();
        samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() /
                          double(ops));
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

template <class Body>
double time_ns_per_op(size_t ops, Body &&body)
{
    return time_ns_per_op(ops, [] {}, body);
}

// on_request: run only when a FILTER names it, not in a plain run (make bench-host).
struct registrar {
    registrar(const char *name, void (*fn)(), bool on_request);
};

} // namespace bench

#define BENCH_REGISTER(name, on_request)                                                \
    static void bench_fn_##name();                                                      \
    static bench::registrar bench_registrar_##name(#name, bench_fn_##name, on_request); \
    static void bench_fn_##name()

#define BENCH(name) BENCH_REGISTER(name, false)

// A benchmark that prints its own tables and runs only when named: bench_host NAME.
#define BENCH_ON_REQUEST(name) BENCH_REGISTER(name, true)
