/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M14 M15 M22 M26 M28. */
/**
 * @file
 * bento/block_pool.h - fixed-size blocks over caller memory.
 *
 * A block pool hands out blocks of one size from a caller buffer and takes them back, both in
 * O(1), with no search and no fragmentation. Free blocks form a singly linked list threaded
 * through the free blocks themselves: the first 4 bytes of a free block hold the index of the
 * next free block (BENTO_NONE after the last). Blocks that have never been handed out since
 * init or clear are not on the list: they are carved one at a time from the end of the used
 * region (`fresh`), so init and clear touch only the header, and the high-water mark costs
 * nothing on the fast path (the free list is only empty when every carved block is live, so
 * the carved region is exactly the largest count reached).
 *
 * Memory (BENTO_BLOCK_POOL_BYTES(capacity, block_size) bytes, aligned to the blocks'
 * alignment: the largest power of two dividing the stride, at least 4, at most
 * BENTO_MAX_ALIGN):
 *     header  parameters and a copy of the counters (bento/common.h, "Buffers")
 *     blocks  capacity * stride bytes; stride = block_size rounded up to a multiple of 4,
 *             so every block holds a word-aligned link while it is free
 *     live    capacity bytes: 1 for a live block, 0 for a free one (meaningful below `fresh`)
 * The buffer holds indices only, never pointers.
 *
 * Why a state byte per block: a free must know in O(1) whether the block is live. The free
 * list cannot tell (a live block's first word is the caller's data and may look like a link),
 * so one byte outside the blocks records it. That byte is what turns a double free into
 * BENTO_E_STALE instead of a cycle in the free list, and what lets alloc refuse a damaged link
 * (a caller writing into a block after freeing it) instead of handing one block out twice.
 *
 * Pointer to index without division: the stride need not be a power of two. The byte offset
 * is multiplied by a 32-bit reciprocal of the stride (rounded up) and the high word kept; for
 * an offset that is an exact multiple k * stride with k < capacity this gives k exactly,
 * because capacity * stride < 2^32 (the whole buffer is below 4 GiB, checked at init). The
 * candidate index is then verified by multiplying back, so a pointer into the middle of a
 * block or outside the pool is refused. On Cortex-M3/M4/M7/M33 that is one UMULL; on
 * Cortex-M0 a call to the compiler's 64-bit multiply helper.
 *
 * Damaged buffers (bento/common.h, "Confinement"): every link and state byte read from the
 * buffer is checked against the counters in the struct (fresh <= capacity) before it is used
 * as an index, so whatever the buffer holds, no operation reads or writes outside it. Alloc
 * answers BENTO_E_CORRUPT when the head of the free list is not a free carved block.
 *
 * Interrupt safety: alloc, free and clear run their whole body, the write-through of the
 * counters to the header included, between BENTO_CRITICAL_ENTER() and BENTO_CRITICAL_EXIT()
 * (bento/common.h). The defaults do nothing, and then the pool is not thread-safe: one
 * context at a time. When a port defines them to save PRIMASK and disable interrupts (and
 * restore PRIMASK on exit), then on one core:
 *   - bento_block_pool_alloc and bento_block_pool_free may be called on the same pool from
 *     thread mode and from any interrupt handler, in any mix and nesting: each one is atomic
 *     with respect to the others, and a block is never handed out twice;
 *   - bento_block_pool_count and bento_block_pool_high_water read one aligned 32-bit word, so
 *     they return a value that was true at some instant (not necessarily the current one);
 *   - nothing else is covered: init, open and check must not run while another context may
 *     call alloc or free (disable interrupts around them yourself); clear is atomic but makes
 *     every block handed out before it free, whoever holds it; the inline lookups (contains,
 *     index_of, block_at) are not atomic with a concurrent free; the contents of a block are
 *     the caller's to protect. With several cores, PRIMASK is not enough: the hook must take
 *     a lock shared by the cores.
 * The critical section is a handful of instructions: interrupt latency grows by at most one
 * alloc or free.
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open.
 *
 * Typed pools: BENTO_BLOCK_POOL_TYPE(name, T, capacity) declares a pool of T with its own
 * storage (see the end of the API below).
 */
#ifndef BENTO_BLOCK_POOL_H
#define BENTO_BLOCK_POOL_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_block_pool_state {
    uint32_t count;     /**< live blocks */
    uint32_t fresh;     /**< blocks [0, fresh) carved since init or clear: the high-water mark */
    uint32_t free_head; /**< front of the free list (fresh - count blocks), BENTO_NONE if empty */
} bento_block_pool_state;

/** A block pool. Its fields are the implementation's: use the functions. */
typedef struct bento_block_pool {
    unsigned char *blocks;          /**< capacity blocks of `stride` bytes */
    unsigned char *live;            /**< capacity bytes: 1 live, 0 free (every one from fresh up) */
    bento_block_pool_state *saved;  /**< the counters' copy in the buffer (`state` when inert) */
    bento_block_pool_state state; /**< the counters (the operations' copy) */
    uint32_t capacity; /**< the capacity given at init */
    uint32_t stride;                /**< block_size rounded up to a multiple of 4 */
    uint32_t block_size; /**< bytes of a block, as given at init */
    uint32_t reciprocal;            /**< ceil(2^32 / stride): pointer offset to index */
} bento_block_pool;

/** Bytes from one block to the next: the block size rounded up to a multiple of 4. */
#define BENTO_BLOCK_POOL_STRIDE(block_size) BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, block_size), 4u)

/** Bytes of caller memory for a pool (a constant expression when the arguments are). */
#define BENTO_BLOCK_POOL_BYTES(capacity, block_size)                                              \
    (BENTO_IMPL_BLOCK_POOL_HEAD + BENTO_IMPL_CAST(size_t, capacity) * (BENTO_BLOCK_POOL_STRIDE(block_size) + 1u))

/**
 * Carve a pool of `capacity` blocks of `block_size` bytes out of `memory` (`bytes` long),
 * every block free. O(capacity): the header and a state byte per block are written (the
 * blocks are not touched). Preconditions a status reports:
 * block_size >= 1, capacity >= 1, BENTO_BLOCK_POOL_BYTES(capacity, block_size) < 4 GiB.
 * Returns BENTO_E_ARGUMENT for a parameter out of range (also a NULL memory), BENTO_E_ALIGN
 * for a buffer not aligned as the blocks need (see "Memory"), BENTO_E_SIZE when
 * bytes < BENTO_BLOCK_POOL_BYTES(capacity, block_size); the pool is inert then.
 */
bento_status bento_block_pool_init(bento_block_pool *pool, void *memory, size_t bytes,
                                   size_t block_size, uint32_t capacity);

/**
 * Reattach `pool` to `memory`, a buffer that holds a block pool (bento/common.h, "Buffers"):
 * the header's parameters, the counters and every invariant bento_block_pool_check verifies
 * are validated. Live blocks stay live, at the same offsets in the buffer (bento_block_pool_
 * block_at finds them by index). BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer
 * not aligned as its blocks need, BENTO_E_SIZE when bytes is shorter than a header or than the
 * pool the header describes, BENTO_E_CORRUPT for anything else; the pool is inert then.
 * O(capacity).
 */
bento_status bento_block_pool_open(bento_block_pool *pool, void *memory, size_t bytes);

/**
 * Take a block. On BENTO_OK, *block points to `stride` bytes aligned as described above;
 * their contents are not initialised (the first word holds a stale free-list link).
 * BENTO_E_FULL when every block is live; BENTO_E_CORRUPT when the free list is damaged (its
 * head is not a free block below the high-water mark: a freed block was written to, or the
 * buffer was overwritten); on either *block is NULL and the pool is unchanged. O(1).
 * Interrupt-safe only as described above. Atomic under BENTO_POWER_SAFE (what the caller then
 * writes into the block is the caller's own write).
 */
bento_status bento_block_pool_alloc(bento_block_pool *pool, void **block);

/**
 * Give a block back. BENTO_E_ARGUMENT when `block` is not the start of one of this pool's
 * blocks (NULL, outside the pool, inside a block, another pool's block); BENTO_E_STALE when
 * it is one but is not live (a double free, or a block never handed out); BENTO_E_CORRUPT when
 * its state byte says live though the count says no block is (a damaged buffer). The pool is
 * unchanged on failure. O(1). Interrupt-safe only as described above. Atomic under
 * BENTO_POWER_SAFE.
 */
bento_status bento_block_pool_free(bento_block_pool *pool, void *block);

/**
 * Free every block at once and restart the high-water mark. O(high-water mark): the counters
 * and the state byte of every block carved so far change. Atomic under BENTO_POWER_SAFE.
 * Every block handed out before is free afterwards (freeing one again answers BENTO_E_STALE).
 */
void bento_block_pool_clear(bento_block_pool *pool);

/**
 * Verify the buffer: the header and the counters' copy, counters in range, every state byte
 * below the high-water mark 0 or 1 and every one above it 0, the free list a chain of exactly
 * (high_water - count) distinct free blocks ending in BENTO_NONE. BENTO_OK, or
 * BENTO_E_CORRUPT. O(capacity), no recursion, no extra memory.
 */
bento_status bento_block_pool_check(const bento_block_pool *pool);

/**
 * The index (0 .. capacity-1) of the block starting at `block`, or BENTO_NONE when `block` is
 * not the start of one of this pool's blocks. Says nothing about liveness. O(1), inline.
 */
static inline uint32_t bento_block_pool_index_of(const bento_block_pool *pool, const void *block);

/** The block at `index`, or NULL when index >= capacity. O(1), inline. */
static inline void *bento_block_pool_block_at(const bento_block_pool *pool, uint32_t index);

/** True when `block` is the start of one of this pool's blocks and that block is live. O(1),
 * inline. */
static inline bool bento_block_pool_contains(const bento_block_pool *pool, const void *block);

/** Live blocks. O(1). */
static inline uint32_t bento_block_pool_count(const bento_block_pool *pool);

/** The most blocks live at once since init or clear (the carved region). O(1). */
static inline uint32_t bento_block_pool_high_water(const bento_block_pool *pool);

/** Blocks given at init (0 when inert). O(1). */
static inline uint32_t bento_block_pool_capacity(const bento_block_pool *pool);

/** Bytes per block: the block size given at init rounded up to a multiple of 4. O(1). */
static inline uint32_t bento_block_pool_stride(const bento_block_pool *pool);

/**
 * BENTO_BLOCK_POOL_TYPE(name, T, capacity) declares a typed block pool `name` of `capacity`
 * blocks of T, its storage embedded, and its functions ("A typed block pool", below). It fails
 * to compile when capacity is 0 or the pool would span 4 GiB or more. A pool object points into
 * its own storage: after copying one (`b = a`), or when it lives in retained RAM after a reset,
 * call name_open(&b).
 *
 *     BENTO_BLOCK_POOL_TYPE(msg_pool, struct message, 32);
 *     static msg_pool messages;   // static storage, one line
 */
#define BENTO_BLOCK_POOL_TYPE(name, T, capacity) BENTO_IMPL_BLOCK_POOL_TYPE(name, T, capacity)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed block pool
 * What BENTO_BLOCK_POOL_TYPE(name, T, capacity) declares, with its name and block type for
 * `name` and `T`: each function is the generic one of the same name on the pool's own storage,
 * typed, and asserts on a NULL pool. (scripts/check-asserts holds these declarations to the
 * macro.)
 * instance: BENTO_BLOCK_POOL_TYPE(name, T, 8)
 * @{
 */
typedef struct name name; /**< the pool, its storage included */
/** bento_block_pool_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *pool);
/** bento_block_pool_open on its own storage; BENTO_E_CORRUPT also for a pool of another type. */
bento_status name_open(name *pool);
/** bento_block_pool_alloc. */
bento_status name_alloc(name *pool, T **block);
/** bento_block_pool_free. */
bento_status name_free(name *pool, T *block);
/** bento_block_pool_contains. */
bool name_contains(const name *pool, const T *block);
/** bento_block_pool_index_of: the block's index, or BENTO_NONE. */
uint32_t name_index_of(const name *pool, const T *block);
/** bento_block_pool_block_at: the allocated block of `index`, or NULL. */
T *name_block_at(const name *pool, uint32_t index);
/** bento_block_pool_high_water. */
uint32_t name_high_water(const name *pool);
/** bento_block_pool_stride. */
uint32_t name_stride(const name *pool);
/** The generic pool underneath, for what takes one (a paged set's pages). */
bento_block_pool *name_generic(name *pool);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_block_pool_params {
    uint32_t capacity;
    uint32_t block_size;
} bento_impl_block_pool_params;

/* Open as init would lay out a block pool of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_block_pool_open_as(bento_block_pool *pool, void *memory, size_t bytes,
                                           size_t block_size, uint32_t capacity);

/* Header: the parameter record, then the counters, then the journal, with room for the most
 * words an operation changes (free: the state byte's word, the block's link and two
 * counters). */
#define BENTO_IMPL_BLOCK_POOL_PARAMS (sizeof(bento_impl_block_pool_params) / 4u)
#define BENTO_IMPL_BLOCK_POOL_ENTRIES 4u
#define BENTO_IMPL_BLOCK_POOL_HEAD                                                                \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_BLOCK_POOL_PARAMS + sizeof(bento_block_pool_state) / 4u +   \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_BLOCK_POOL_ENTRIES))

/* ceil(2^32 / stride) for a stride >= 4, as a constant expression when stride is one. */
#define BENTO_IMPL_BLOCK_POOL_RECIPROCAL(stride) (BENTO_IMPL_CAST(uint32_t, UINT32_MAX / BENTO_IMPL_CAST(uint32_t, stride) + 1u))

/* Undo the alloc that handed out block `index` last (a paged set's page, after a reset cut the
 * insert that took it), which `carved` it or took it from the list: the pool as it was before
 * that alloc, its high-water mark included. Nothing when the block is not live. */
void bento_impl_block_pool_undo_alloc(bento_block_pool *pool, uint32_t index, bool carved);

/* State bytes. */
#define BENTO_IMPL_BLOCK_FREE 0u
#define BENTO_IMPL_BLOCK_LIVE 1u

/*
 * The index of the block starting `offset` bytes from the first block, when it is below
 * `limit` (at most the capacity), or BENTO_NONE. The reciprocal and the stride are arguments
 * so that typed wrappers pass constants. Exact for offsets k * stride with k * stride < 2^32;
 * the multiply-back refuses every other offset (on 64-bit hosts also those beyond 2^32, whose
 * low word alone could look like a block start).
 */
static inline uint32_t bento_impl_block_pool_index(uintptr_t offset, uint32_t reciprocal,
                                                   uint32_t stride, uint32_t limit)
{
    const uint32_t index = BENTO_IMPL_CAST(uint32_t, (BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_CAST(uint32_t, offset)) * reciprocal) >> 32);
    if (index >= limit || BENTO_IMPL_CAST(uintptr_t, index) * stride != offset) {
        return BENTO_NONE;
    }
    return index;
}

static inline uint32_t bento_impl_block_pool_index_of(const bento_block_pool *pool, const void *block,
                                                      uint32_t reciprocal, uint32_t stride)
{
    return bento_impl_block_pool_index(BENTO_IMPL_ADDR(block) - BENTO_IMPL_ADDR(pool->blocks), reciprocal, stride,
                                       pool->capacity);
}

/* Live: a block below the high-water mark (trusted, at most the capacity) whose byte says so. */
static inline bool bento_impl_block_pool_contains(const bento_block_pool *pool, const void *block,
                                                  uint32_t reciprocal, uint32_t stride)
{
    const uint32_t index = bento_impl_block_pool_index(BENTO_IMPL_ADDR(block) - BENTO_IMPL_ADDR(pool->blocks),
                                                       reciprocal, stride, pool->state.fresh);
    return index != BENTO_NONE && pool->live[index] == BENTO_IMPL_BLOCK_LIVE;
}

static inline void *bento_impl_block_pool_block_at(const bento_block_pool *pool, uint32_t index,
                                                   size_t stride)
{
    if (index >= pool->capacity) {
        return BENTO_IMPL_NULL;
    }
    return pool->blocks + BENTO_IMPL_CAST(size_t, index) * stride;
}

static inline uint32_t bento_block_pool_index_of(const bento_block_pool *pool, const void *block)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return bento_impl_block_pool_index_of(pool, block, pool->reciprocal, pool->stride);
}

static inline void *bento_block_pool_block_at(const bento_block_pool *pool, uint32_t index)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return bento_impl_block_pool_block_at(pool, index, BENTO_IMPL_CAST(size_t, pool->stride));
}

static inline bool bento_block_pool_contains(const bento_block_pool *pool, const void *block)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return bento_impl_block_pool_contains(pool, block, pool->reciprocal, pool->stride);
}

static inline uint32_t bento_block_pool_count(const bento_block_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->state.count;
}

static inline uint32_t bento_block_pool_high_water(const bento_block_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->state.fresh;
}

static inline uint32_t bento_block_pool_capacity(const bento_block_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->capacity;
}

static inline uint32_t bento_block_pool_stride(const bento_block_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->stride;
}

#define BENTO_IMPL_BLOCK_POOL_TYPE(name, T, capacity_)                                            \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_STATIC_ASSERT((capacity_) >= 1 &&                                                       \
                        BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_BLOCK_POOL_HEAD) +                   \
                                    BENTO_IMPL_CAST(uint64_t, capacity_) *                        \
                                        (BENTO_BLOCK_POOL_STRIDE(sizeof(T)) + 1u) <=              \
                                BENTO_IMPL_CAST(uint64_t, UINT32_MAX),                            \
                        name##_capacity_must_be_at_least_1_and_the_pool_under_4_GiB);             \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_BLOCK_POOL_HEAD) +          \
                                     BENTO_IMPL_CAST(uint64_t, capacity_) *                       \
                                         (BENTO_BLOCK_POOL_STRIDE(sizeof(T)) + 1u));              \
    BENTO_IMPL_TYPED(name, bento_block_pool, BENTO_BLOCK_POOL_BYTES(capacity_, sizeof(T)))        \
    BENTO_IMPL_TYPED_LIFECYCLE(name, bento_block_pool_init, bento_impl_block_pool_open_as,        \
                               sizeof(T), (capacity_))                                            \
    BENTO_WRAPPER bento_status name##_alloc(name *p, T **block)                                   \
    {                                                                                             \
        void *b_;                                                                                 \
        bento_status s_;                                                                          \
        BENTO_ASSERT(p != BENTO_IMPL_NULL && block != BENTO_IMPL_NULL);                           \
        s_ = bento_block_pool_alloc(&p->generic_, &b_);                                           \
        *block = BENTO_IMPL_PTR_CAST(T *, b_);                                                    \
        return s_;                                                                                \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_free, (name *x, T *block),                            \
                       bento_block_pool_free(&x->generic_, block))                                \
    BENTO_IMPL_FORWARD(bool, name##_contains, (const name *x, const T *block),                    \
                       bento_impl_block_pool_contains(                                            \
                           &x->generic_, block, BENTO_IMPL_BLOCK_POOL_RECIPROCAL(BENTO_BLOCK_POOL_STRIDE(sizeof(T))), \
                           BENTO_IMPL_CAST(uint32_t, BENTO_BLOCK_POOL_STRIDE(sizeof(T)))))        \
    BENTO_IMPL_FORWARD(uint32_t, name##_index_of, (const name *x, const T *block),                \
                       bento_impl_block_pool_index_of(                                            \
                           &x->generic_, block, BENTO_IMPL_BLOCK_POOL_RECIPROCAL(BENTO_BLOCK_POOL_STRIDE(sizeof(T))), \
                           BENTO_IMPL_CAST(uint32_t, BENTO_BLOCK_POOL_STRIDE(sizeof(T)))))        \
    BENTO_IMPL_FORWARD(T *, name##_block_at, (const name *x, uint32_t index),                     \
                       BENTO_IMPL_PTR_CAST(T *, bento_impl_block_pool_block_at(&x->generic_, index, \
                                                           BENTO_BLOCK_POOL_STRIDE(sizeof(T)))))  \
    BENTO_IMPL_FORWARD(uint32_t, name##_high_water, (const name *x),                              \
                       bento_block_pool_high_water(&x->generic_))                                 \
    BENTO_IMPL_FORWARD(uint32_t, name##_stride, (const name *x),                                  \
                       bento_block_pool_stride(&x->generic_))                                     \
    BENTO_IMPL_FORWARD(bento_block_pool *, name##_generic, (name *x), &x->generic_)               \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_BLOCK_POOL_H */
