/* SPDX-License-Identifier: MIT */
/*
 * bento/pool.h - the handle pool: a dense slot map over caller memory.
 *
 * Objects of one fixed size live contiguously in a dense array, so iterating them is a plain
 * loop over `bento_pool_values()`. Each object is named by a generational handle
 * (bento/handle.h). A slot array maps a handle's index to the object's dense position; a
 * back-reference array maps a dense position to its slot. Destroying an object moves the last
 * object into its place (swap-and-pop), so the dense array has no holes; the freed slot goes on
 * a free list threaded through the free slots themselves.
 *
 * Memory layout inside the caller buffer (BENTO_POOL_BYTES(capacity, value_size) bytes):
 *     values      capacity * stride bytes, dense; stride = value_size rounded up to 4, so
 *                 every value is word-aligned and moves word by word
 *     slots       capacity * uint32_t: generation << index_bits | dense position (live slot)
 *                                      generation << index_bits | next free slot (free slot;
 *                                      the last free slot links to itself)
 *     dense_slot  capacity * uint32_t: the slot owning each dense position
 * The buffer holds indices only, never pointers.
 *
 * Alignment: the buffer must be aligned to the values' alignment, taken as the largest power
 * of two dividing the stride, at least 4 and at most BENTO_MAX_ALIGN (8).
 * Element types needing more than 8-byte alignment are not supported.
 *
 * Generations: a slot's generation is odd while it holds an object and even while it is free
 * (every create and every destroy adds one), so a lookup needs only the slot: the generations
 * must match and be odd. Handles therefore carry odd generations, 1, 3, ... up to
 * 2^generation_bits - 1. Destroying an object whose slot is at that last generation retires
 * the slot (its generation becomes 0): it is never handed out again, so a stale handle can
 * never alias a newer object. A pool whose slots are all live or retired answers
 * BENTO_E_FULL; `bento_pool_retired()` tells how many slots were retired. A slot serves
 * 2^(generation_bits - 1) objects: 8 with 16-bit handles and 4 generation bits, 2048 with
 * 32-bit handles and 12 generation bits.
 *
 * Values of a new object are not initialised (like malloc): write them after create.
 * Pointers returned by create/get stay valid until the next create, destroy or clear on the
 * same pool (destroy moves the last object).
 *
 * Not thread-safe: a pool must be used from one context at a time.
 *
 * Typed pools: BENTO_POOL_TYPE(name, T, capacity, uint_type, index_bits) declares a pool type
 * with its own storage and its own handle type (see the end of this file).
 */
#ifndef BENTO_POOL_H
#define BENTO_POOL_H

#include <bento/handle.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bento_pool {
    uint32_t index_mask;   /* (1 << index_bits) - 1: the index field of handles and slots */
    uint32_t last_generation; /* the last (odd) generation, shifted into place: slots retire there */
    unsigned char *values; /* dense values, capacity * stride bytes */
    uint32_t *slots;       /* per slot: generation << index_bits | dense position or next free */
    uint32_t *dense_slot;  /* per dense position: owning slot index */
    uint32_t stride;       /* bytes from one value to the next: value_size rounded up to 4 */
    uint32_t capacity;
    uint32_t count;        /* live objects, dense positions [0, count) */
    uint32_t slots_used;   /* slots [0, slots_used) have been handed out at least once */
    uint32_t free_head;    /* first slot of the free list, valid when free_count > 0 */
    uint32_t free_count;
    uint32_t retired;      /* slots retired at their last generation */
    uint8_t index_bits;
    uint8_t generation_bits;
} bento_pool;

/* Bytes from one value to the next: the value size rounded up to a multiple of 4. */
#define BENTO_POOL_STRIDE(value_size) BENTO_ALIGN_UP((size_t)(value_size), 4u)

/* Bytes of caller memory for a pool (a constant expression when the arguments are). */
#define BENTO_POOL_BYTES(capacity, value_size) \
    ((size_t)(capacity) * (BENTO_POOL_STRIDE(value_size) + 8u))

/*
 * Carve a pool out of `memory` (`bytes` long). O(1): the memory is not touched.
 * index_bits + generation_bits <= 32, both >= 1; 1 <= capacity <= 2^index_bits;
 * value_size >= 1. Returns BENTO_E_ARGUMENT for a parameter out of range (also a NULL
 * memory), BENTO_E_ALIGN for a misaligned buffer (see the alignment rule above),
 * BENTO_E_SIZE when bytes < BENTO_POOL_BYTES(capacity, value_size). On failure the pool
 * is left unusable (capacity 0): every create answers BENTO_E_FULL, every get NULL.
 */
bento_status bento_pool_init(bento_pool *pool, void *memory, size_t bytes, size_t value_size,
                             uint32_t capacity, unsigned index_bits, unsigned generation_bits);

/*
 * Point `pool` at `memory`, a byte-for-byte copy of the buffer it used (moved to retained RAM,
 * restored from flash or a save file); *pool must hold the counters that go with that copy (a
 * copy of the bento_pool made at the same time). The buffer holds no pointers, so nothing in it
 * changes. Precondition: *pool was initialised (a pool whose init failed has capacity 0 and
 * stays harmless). BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN / BENTO_E_SIZE as for
 * init; the pool is unchanged then. Follow with
 * bento_pool_check() when the copy may be damaged. O(1).
 */
bento_status bento_pool_rebase(bento_pool *pool, void *memory, size_t bytes);

/*
 * Create an object. On BENTO_OK, *handle names it and *value (if value is not NULL) points
 * to its uninitialised storage. BENTO_E_FULL when every slot is live or retired; then
 * *handle is set to 0 (the null handle) and *value to NULL. O(1).
 */
bento_status bento_pool_create(bento_pool *pool, uint32_t *handle, void **value);

/*
 * Destroy the object `handle` names. The last object in the dense array moves into its
 * place. BENTO_E_STALE for a handle that is not live: already destroyed (a double destroy),
 * from a retired slot, the null handle, or any forged value; the pool is unchanged then. O(1).
 */
bento_status bento_pool_destroy(bento_pool *pool, uint32_t handle);

/*
 * Destroy every object. Every outstanding handle becomes stale (slots at their last
 * generation are retired). O(count).
 */
void bento_pool_clear(bento_pool *pool);

/*
 * Verify the pool's invariants: every dense position and its slot point at each other,
 * generations are in range, the free list is a chain of free slots of the right length.
 * BENTO_OK, or BENTO_E_CORRUPT when the memory was damaged. O(capacity), no recursion.
 */
bento_status bento_pool_check(const bento_pool *pool);

/* Internal: the dense position of a live handle, or BENTO__POOL_NOT_LIVE. The index mask is
 * an argument so that typed wrappers can pass a constant. */
#define BENTO__POOL_NOT_LIVE UINT32_MAX
static inline uint32_t bento__pool_position(const bento_pool *pool, uint32_t handle,
                                            uint32_t mask)
{
    const uint32_t index = handle & mask;
    uint32_t slot;
    if (index >= pool->slots_used) {
        return BENTO__POOL_NOT_LIVE;
    }
    slot = pool->slots[index];
    /* live: the generations match exactly and the slot's is odd (mask + 1 is its lowest bit) */
    if (((slot ^ handle) & ~mask) != 0u || (slot & (mask + 1u)) == 0u) {
        return BENTO__POOL_NOT_LIVE;
    }
    return slot & mask;
}

/* Internal: get with the field widths as arguments, for the typed wrappers. */
static inline void *bento__pool_get(const bento_pool *pool, uint32_t handle, uint32_t mask,
                                    size_t stride)
{
    const uint32_t position = bento__pool_position(pool, handle, mask);
    if (position == BENTO__POOL_NOT_LIVE) {
        return NULL;
    }
    return pool->values + (size_t)position * stride;
}

/*
 * The object `handle` names, or NULL for a stale, forged or null handle. O(1), no branches
 * on the value size; inline so that it costs a handful of instructions.
 */
static inline void *bento_pool_get(const bento_pool *pool, uint32_t handle)
{
    return bento__pool_get(pool, handle, pool->index_mask, pool->stride);
}

/* True when `handle` names a live object. O(1). */
static inline bool bento_pool_contains(const bento_pool *pool, uint32_t handle)
{
    return bento_pool_get(pool, handle) != NULL;
}

/* Live objects. */
static inline uint32_t bento_pool_count(const bento_pool *pool) { return pool->count; }

/* Capacity given at init. */
static inline uint32_t bento_pool_capacity(const bento_pool *pool) { return pool->capacity; }

/* Slots retired at their last generation (capacity lost for good). */
static inline uint32_t bento_pool_retired(const bento_pool *pool) { return pool->retired; }

/* The dense values: bento_pool_count() objects, `stride` bytes apart, in no particular order. */
static inline void *bento_pool_values(const bento_pool *pool) { return pool->values; }

/* The handle of the object at dense position `position`, or 0 when position >= count. O(1). */
static inline uint32_t bento_pool_handle_at(const bento_pool *pool, uint32_t position)
{
    uint32_t index;
    if (position >= pool->count) {
        return 0u;
    }
    index = pool->dense_slot[position];
    return (pool->slots[index] & ~pool->index_mask) | index;
}

/*
 * BENTO_POOL_TYPE(name, T, capacity, uint_type, index_bits) declares:
 *   name_handle                       a handle type of uint_type (see BENTO_HANDLE_TYPE)
 *   name                              the pool type, storage included
 *   name_init(name *)                 -> bento_status (BENTO_OK for a well-formed type)
 *   name_create(name *, name_handle *, T **) -> bento_status
 *   name_get(const name *, name_handle) -> T * or NULL
 *   name_contains, name_destroy, name_clear, name_count, name_capacity,
 *   name_values(const name *) -> T *, name_handle_at(const name *, uint32_t) -> name_handle
 * It fails to compile when capacity is 0 or does not fit in index_bits. A pool object
 * points into its own storage: after copying one (`b = a`), call
 * bento_pool_rebase(&b.pool, b.storage, sizeof b.storage) before using the copy.
 *
 *     BENTO_POOL_TYPE(particles, struct particle, 256, uint16_t, 8);
 *     static particles world;   // static storage, one line
 */
#define BENTO_POOL_TYPE(name, T, capacity_, uint_type, index_bits_)                                 \
    BENTO_HANDLE_TYPE(name##_handle, uint_type, index_bits_);                                     \
    BENTO_STATIC_ASSERT((capacity_) >= 1 && (uint64_t)(capacity_) <= ((uint64_t)1 << (index_bits_)), \
                        #name ": capacity does not fit in index_bits");                           \
    typedef struct name {                                                                         \
        bento_pool pool;                                                                          \
        bento_align_unit storage[BENTO_ALIGN_UNITS(BENTO_POOL_BYTES(capacity_, sizeof(T)))];       \
    } name;                                                                                       \
    BENTO_WRAPPER bento_status name##_init(name *p)                                               \
    {                                                                                             \
        return bento_pool_init(&p->pool, p->storage, sizeof p->storage, sizeof(T), (capacity_),   \
                               (index_bits_), 8u * sizeof(uint_type) - (index_bits_));             \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_create(name *p, name##_handle *h, T **value)                \
    {                                                                                             \
        uint32_t raw;                                                                             \
        void *v;                                                                                  \
        bento_status s = bento_pool_create(&p->pool, &raw, &v);                                   \
        h->raw = (uint_type)raw;                                                                  \
        if (value != NULL) {                                                                      \
            *value = (T *)v;                                                                      \
        }                                                                                         \
        return s;                                                                                 \
    }                                                                                             \
    BENTO_WRAPPER T *name##_get(const name *p, name##_handle h)                                   \
    {                                                                                             \
        return (T *)bento__pool_get(&p->pool, h.raw, (1u << (index_bits_)) - 1u,                 \
                                    BENTO_POOL_STRIDE(sizeof(T)));                               \
    }                                                                                             \
    BENTO_WRAPPER bool name##_contains(const name *p, name##_handle h)                            \
    {                                                                                             \
        return name##_get(p, h) != NULL;                                                          \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_destroy(name *p, name##_handle h)                           \
    {                                                                                             \
        return bento_pool_destroy(&p->pool, h.raw);                                               \
    }                                                                                             \
    BENTO_WRAPPER void name##_clear(name *p) { bento_pool_clear(&p->pool); }                      \
    BENTO_WRAPPER uint32_t name##_count(const name *p) { return p->pool.count; }                  \
    BENTO_WRAPPER uint32_t name##_capacity(const name *p) { return p->pool.capacity; }            \
    BENTO_WRAPPER T *name##_values(const name *p) { return (T *)bento_pool_values(&p->pool); }    \
    BENTO_WRAPPER name##_handle name##_handle_at(const name *p, uint32_t position)                \
    {                                                                                             \
        return name##_handle_from_raw(bento_pool_handle_at(&p->pool, position));                  \
    }                                                                                             \
    typedef int name##_defined_ /* swallow the caller's semicolon */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_POOL_H */
