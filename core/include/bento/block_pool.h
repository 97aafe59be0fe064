/* SPDX-License-Identifier: MIT */
/*
 * bento/block_pool.h - fixed-size blocks over caller memory.
 *
 * A block pool hands out blocks of one size from a caller buffer and takes them back, both in
 * O(1), with no search and no fragmentation. Free blocks form a singly linked list threaded
 * through the free blocks themselves: the first 4 bytes of a free block hold the index of the
 * next free block. Blocks that have never been handed out since init are not on the list: they
 * are carved one at a time from the end of the used region (`fresh`), so init touches no memory
 * and the high-water mark costs nothing on the fast path (the free list is only empty when every
 * carved block is live, so the carved region is exactly the largest count ever reached).
 *
 * Memory layout inside the caller buffer (BENTO_BLOCK_POOL_BYTES(capacity, block_size) bytes):
 *     blocks  capacity * stride bytes; stride = block_size rounded up to a multiple of 4
 *     state   capacity bytes: 1 for a live block, 0 for a free one (meaningful below `fresh`)
 * The buffer holds indices only, never pointers (the bento_block_pool struct holds the two
 * pointers into it).
 *
 * Why a state byte per block: a free must know in O(1) whether the block is live. The free
 * list cannot tell (a live block's first word is the caller's data and may look like a link),
 * so one byte outside the blocks records it. That byte is what turns a double free into
 * BENTO_E_STALE instead of a cycle in the free list, and what lets alloc refuse a damaged link
 * (a caller writing into a block after freeing it) instead of handing one block out twice.
 *
 * Pointer to index without division: the stride need not be a power of two. Free multiplies the
 * byte offset by a 32-bit reciprocal of the stride (rounded up) and keeps the high word; for an
 * offset that is an exact multiple k * stride with k < capacity this gives k exactly because
 * capacity * stride < 2^32 (checked at init). The candidate index is then verified by
 * multiplying back, so a pointer into the middle of a block or outside the pool is refused.
 * On Cortex-M3/M4/M7/M33 that is one UMULL; on Cortex-M0 it is a call to the compiler's
 * 64-bit multiply helper.
 *
 * Alignment: the buffer must be aligned to the stride's natural alignment, the largest power
 * of two dividing the stride, at least 4 and at most BENTO_MAX_ALIGN (8); every block then has
 * that alignment. Block types needing more than 8-byte alignment are not supported.
 *
 * Interrupt safety: alloc and free run their whole body between BENTO_CRITICAL_ENTER() and
 * BENTO_CRITICAL_EXIT() (bento/common.h). The defaults do nothing, and then the pool is not
 * thread-safe: one context at a time. When a port defines them to save PRIMASK and disable
 * interrupts (and restore PRIMASK on exit), then on one core:
 *   - bento_block_pool_alloc and bento_block_pool_free may be called on the same pool from
 *     thread mode and from any interrupt handler, in any mix and nesting: each one is atomic
 *     with respect to the others, and a block is never handed out twice;
 *   - bento_block_pool_count and bento_block_pool_high_water read one aligned 32-bit word, so
 *     they return a value that was true at some instant (not necessarily the current one);
 *   - nothing else is covered: init and check must not run while another context may
 *     call alloc or free (disable interrupts around them yourself); the inline lookups
 *     (contains, index_of, block_at) are not atomic with a concurrent free; the contents of a
 *     block are the caller's to protect. With several cores, PRIMASK is not enough: the hook
 *     must take a lock shared by the cores.
 * The critical section is a handful of instructions: interrupt latency grows by at most one
 * alloc or free.
 *
 * Typed pools: BENTO_BLOCK_POOL_TYPE(name, T, capacity) declares a pool of T with its own
 * storage (see the end of this file).
 */
#ifndef BENTO_BLOCK_POOL_H
#define BENTO_BLOCK_POOL_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The index that ends the free list (never a block index: capacity < 2^32 - 1). */
#define BENTO_BLOCK_NONE 0xffffffffu

typedef struct bento_block_pool {
    unsigned char *blocks; /* capacity blocks of `stride` bytes */
    unsigned char *state;  /* capacity bytes: 1 live, 0 free; indices below `fresh` only */
    uint32_t stride;       /* block size rounded up to a multiple of 4 */
    uint32_t reciprocal;   /* ceil(2^32 / stride): pointer offset to index by multiplication */
    uint32_t capacity;
    uint32_t fresh;        /* blocks [fresh, capacity) not handed out since init; high-water mark */
    uint32_t free_head;    /* first free block below fresh, or BENTO_BLOCK_NONE */
    uint32_t count;        /* live blocks */
} bento_block_pool;

/* Bytes of one block for a requested block size: rounded up to a multiple of 4 (>= 4). */
#define BENTO_BLOCK_POOL_STRIDE(block_size) BENTO_ALIGN_UP((size_t)(block_size), 4u)

/* Bytes of caller memory for a pool (a constant expression when the arguments are). */
#define BENTO_BLOCK_POOL_BYTES(capacity, block_size) \
    ((size_t)(capacity) * BENTO_BLOCK_POOL_STRIDE(block_size) + (size_t)(capacity))

/*
 * Carve a pool of `capacity` blocks of `block_size` bytes out of `memory` (`bytes` long).
 * O(1): the memory is not touched. Preconditions: block_size >= 1, capacity >= 1, and
 * capacity * stride <= UINT32_MAX (the blocks span less than 4 GiB). Returns BENTO_E_ARGUMENT
 * for a parameter out of range (also a NULL memory), BENTO_E_ALIGN for a buffer not aligned
 * to the stride's natural alignment, BENTO_E_SIZE when
 * bytes < BENTO_BLOCK_POOL_BYTES(capacity, block_size). On failure the pool has capacity 0:
 * every alloc answers BENTO_E_FULL and every free BENTO_E_ARGUMENT.
 * To free every block at once, call init again (O(1)); that also restarts the high-water mark.
 */
bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity);

/*
 * Take a block. On BENTO_OK, *block points to `stride` bytes aligned as described above;
 * their contents are not initialised (the first word holds a stale free-list link).
 * BENTO_E_FULL when every block is live; BENTO_E_CORRUPT when the free list is damaged (a
 * freed block was written to, or the pool's memory was overwritten); on either *block is NULL
 * and the pool is unchanged. O(1). Interrupt-safe only as described above.
 */
bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block);

/*
 * Give a block back. BENTO_E_ARGUMENT when `block` is not the start of one of this pool's
 * blocks (NULL, outside the pool, inside a block, another pool's block); BENTO_E_STALE when
 * it is one but is not live (a double free, or a block never handed out). The pool is
 * unchanged on failure. O(1). Interrupt-safe only as described above.
 */
bento_status bento_block_pool_free(bento_block_pool *pool, void *block);

/*
 * Verify the invariants: counters in range, every state byte 0 or 1, the free list a chain of
 * exactly (fresh - count) distinct free blocks ending in BENTO_BLOCK_NONE. BENTO_OK, or
 * BENTO_E_CORRUPT. O(capacity), no recursion, no extra memory.
 */
bento_status bento_block_pool_check(const bento_block_pool *pool);

/*
 * The index (0 .. capacity-1) of the block starting at `block`, or BENTO_BLOCK_NONE when
 * `block` is not the start of one of this pool's blocks. Says nothing about liveness. O(1).
 */
static inline uint32_t bento_block_pool_index_of(const bento_block_pool *pool, const void *block)
{
    const uintptr_t offset = (uintptr_t)block - (uintptr_t)pool->blocks;
    const uint32_t index =
        (uint32_t)(((uint64_t)(uint32_t)offset * pool->reciprocal) >> 32);
    if (index >= pool->capacity || (uintptr_t)index * pool->stride != offset) {
        return BENTO_BLOCK_NONE;
    }
    return index;
}

/* The block at `index`; precondition: index < capacity. O(1). */
static inline void *bento_block_pool_block_at(const bento_block_pool *pool, uint32_t index)
{
    return pool->blocks + (size_t)index * pool->stride;
}

/* True when `block` is the start of one of this pool's blocks and that block is live. O(1). */
static inline bool bento_block_pool_contains(const bento_block_pool *pool, const void *block)
{
    const uint32_t index = bento_block_pool_index_of(pool, block);
    return index < pool->fresh && pool->state[index] != 0u;
}

/* Live blocks. */
static inline uint32_t bento_block_pool_count(const bento_block_pool *pool) { return pool->count; }

/*
 * The most blocks live at once since init. It is the carved region: a block is carved only
 * when the free list is empty, that is when every carved block is live.
 */
static inline uint32_t bento_block_pool_high_water(const bento_block_pool *pool)
{
    return pool->fresh;
}

/* Blocks given at init (0 after a failed init). */
static inline uint32_t bento_block_pool_capacity(const bento_block_pool *pool)
{
    return pool->capacity;
}

/* Bytes per block: the block size given at init rounded up to a multiple of 4. */
static inline uint32_t bento_block_pool_stride(const bento_block_pool *pool)
{
    return pool->stride;
}

/*
 * BENTO_BLOCK_POOL_TYPE(name, T, capacity) declares:
 *   name                                  the pool type, storage included
 *   name_init(name *)                     -> bento_status (BENTO_OK for a well-formed type)
 *   name_alloc(name *, T **)              -> bento_status (see bento_block_pool_alloc)
 *   name_free(name *, T *)                -> bento_status (see bento_block_pool_free)
 *   name_contains, name_count, name_high_water, name_capacity
 * It fails to compile when capacity is 0 or the blocks would span 4 GiB or more. T's
 * alignment must be at most 8. A pool object points into its own storage: do not copy it
 * after init.
 *
 *     BENTO_BLOCK_POOL_TYPE(msg_pool, struct message, 32);
 *     static msg_pool messages;   // static storage, one line
 */
#define BENTO_BLOCK_POOL_TYPE(name, T, capacity_)                                                 \
    BENTO_STATIC_ASSERT((capacity_) >= 1 &&                                                       \
                            (uint64_t)(capacity_) * BENTO_BLOCK_POOL_STRIDE(sizeof(T)) <=         \
                                (uint64_t)UINT32_MAX,                                             \
                        name##_capacity_must_be_at_least_1_and_the_blocks_under_4_GiB);        \
    typedef struct name {                                                                         \
        bento_block_pool pool;                                                                    \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_BLOCK_POOL_BYTES(capacity_, sizeof(T)))]; \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *p)                                               \
    {                                                                                             \
        return bento_block_pool_init(&p->pool, p->storage, sizeof p->storage, sizeof(T),          \
                                     (capacity_));                                                \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_alloc(name *p, T **block)                                   \
    {                                                                                             \
        void *b;                                                                                  \
        bento_status s = bento_block_pool_alloc(&p->pool, &b);                                    \
        *block = (T *)b;                                                                          \
        return s;                                                                                 \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_free(name *p, T *block)                                     \
    {                                                                                             \
        return bento_block_pool_free(&p->pool, block);                                            \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *p, const T *block)                             \
    {                                                                                             \
        return bento_block_pool_contains(&p->pool, block);                                        \
    }                                                                                             \
    BENTO_WRAPPER uint32_t name##_count(const name *p) { return p->pool.count; }                  \
    BENTO_WRAPPER uint32_t name##_high_water(const name *p) { return p->pool.fresh; }             \
    BENTO_WRAPPER uint32_t name##_capacity(const name *p) { return p->pool.capacity; }            \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_BLOCK_POOL_H */
