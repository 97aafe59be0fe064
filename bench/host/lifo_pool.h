/* SPDX-License-Identifier: MIT */
// bench/host/lifo_pool.h - the pool as it was before oldest-first reuse, kept as a benchmark
// baseline: the same dense values, slots and back-references, a LIFO free list threaded through
// the free slots, slots carved lazily, counters in the struct only (no header to write through),
// no bounds checks against damaged memory. Only what the benchmark calls. create and destroy are
// out of line, as the library's are; get is inline, as the library's is.
#ifndef BENCH_LIFO_POOL_H
#define BENCH_LIFO_POOL_H

#include <cstddef>
#include <cstdint>

namespace lifo {

struct pool {
    unsigned char *values;
    uint32_t *slots;
    uint32_t *dense_slot;
    uint32_t index_mask, last_generation, stride, capacity, count, slots_used, free_head,
        free_count, retired;
};

inline void init(pool &p, void *memory, uint32_t stride, uint32_t capacity, unsigned index_bits,
                 unsigned generation_bits)
{
    p.values = static_cast<unsigned char *>(memory);
    p.slots = reinterpret_cast<uint32_t *>(p.values + size_t(capacity) * stride);
    p.dense_slot = p.slots + capacity;
    p.index_mask = (1u << index_bits) - 1u;
    p.last_generation = ((1u << generation_bits) - 1u) << index_bits;
    p.stride = stride;
    p.capacity = capacity;
    p.count = p.slots_used = p.free_head = p.free_count = p.retired = 0;
}

inline void *get(const pool &p, uint32_t handle)
{
    const uint32_t index = handle & p.index_mask;
    if (index >= p.slots_used) return nullptr;
    const uint32_t slot = p.slots[index];
    if (((slot ^ handle) & ~p.index_mask) != 0u || (slot & (p.index_mask + 1u)) == 0u) return nullptr;
    return p.values + size_t(slot & p.index_mask) * p.stride;
}

__attribute__((noinline)) inline bool create(pool &p, uint32_t *handle, void **value)
{
    const uint32_t mask = p.index_mask, position = p.count;
    uint32_t index, generation;
    if (p.free_count != 0u) {
        const uint32_t slot = p.slots[p.free_head];
        index = p.free_head;
        generation = (slot & ~mask) + mask + 1u;
        p.free_head = slot & mask;
        p.free_count--;
    } else if (p.slots_used < p.capacity) {
        index = p.slots_used++;
        generation = mask + 1u;
    } else {
        return false;
    }
    p.slots[index] = generation | position;
    p.dense_slot[position] = index;
    p.count = position + 1u;
    *handle = generation | index;
    *value = p.values + size_t(position) * p.stride;
    return true;
}

__attribute__((noinline)) inline bool destroy(pool &p, uint32_t handle)
{
    const uint32_t mask = p.index_mask, index = handle & mask;
    if (get(p, handle) == nullptr) return false;
    const uint32_t position = p.slots[index] & mask, last = p.count - 1u;
    if (position != last) {
        const uint32_t moved = p.dense_slot[last];
        uint32_t *to = reinterpret_cast<uint32_t *>(p.values + size_t(position) * p.stride);
        const uint32_t *from = reinterpret_cast<const uint32_t *>(p.values + size_t(last) * p.stride);
        for (uint32_t w = 0; w < p.stride / 4u; w++) to[w] = from[w];
        p.dense_slot[position] = moved;
        p.slots[moved] = (p.slots[moved] & ~mask) | position;
    }
    p.count = last;
    const uint32_t generation = p.slots[index] & ~mask;
    if (generation == p.last_generation) {
        p.slots[index] = 0u;
        p.retired++;
    } else {
        p.slots[index] = (generation + mask + 1u) | (p.free_count != 0u ? p.free_head : index);
        p.free_head = index;
        p.free_count++;
    }
    return true;
}

} // namespace lifo

#endif
