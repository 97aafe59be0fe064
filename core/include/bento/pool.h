/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M15 M22 M26 M28 M29. */
/**
 * @file
 * bento/pool.h - the handle pool: a dense slot map over caller memory.
 *
 * Objects of one fixed size live contiguously in a dense array, so iterating them is a plain
 * loop over `bento_pool_values()`. Each object is named by a generational handle
 * (bento/handle.h). A slot array maps a handle's index to the object's dense position; a
 * back-reference array maps a dense position to its slot. Destroying an object moves the last
 * object into its place (swap-and-pop), so the dense array has no holes.
 *
 * Oldest-first reuse. Free slots wait in a queue threaded through the slots themselves: a
 * destroyed object's slot goes to the back, create takes the slot at the front. Every slot is
 * reused in turn, so generations wear evenly across the slots instead of one hot slot.
 *
 * Generations. A slot's generation is odd while it holds an object and even while it is free
 * (every create and every destroy adds one), so a lookup needs only the slot: the generations
 * must match and be odd. Handles carry odd generations 1, 3, ... up to 2^generation_bits - 1:
 * a slot serves 2^(generation_bits - 1) objects per cycle. What happens at the end of a cycle
 * is the pool's policy, chosen at init:
 *   BENTO_POOL_RETIRE  the slot retires: it is never handed out again, so a stale handle never
 *                      aliases a newer object, and the pool loses one slot of capacity.
 *   BENTO_POOL_WRAP    the slot starts the next cycle at generation 1: the pool never loses
 *                      capacity, and a stale handle aliases a newer object only if it is kept
 *                      while its slot serves 2^(generation_bits - 1) more objects.
 *
 * Two horizons. A freed slot waits behind every slot already free: when at least F slots are
 * free at every destroy, a slot serves at most one object in any F + 1 consecutive creates.
 *   Aliasing (bento_pool_alias_horizon()): a handle that went stale can name a newer object
 *     only once its slot has served a whole cycle of generations, 2^(generation_bits - 1)
 *     objects, since it went stale: at least that many times F + 1 creates. Never under
 *     BENTO_POOL_RETIRE (BENTO_POOL_FOREVER).
 *   Capacity (bento_pool_lifetime()): the destroys the most worn slot can still take before
 *     its cycle ends; the pool loses no capacity within (lifetime - 1) * (F + 1) creates.
 *     Under BENTO_POOL_RETIRE, the end of a cycle retires the slot, and because reuse is
 *     oldest first every slot wears at about the same pace: once the first slot retires, the
 *     others follow soon, and create answers BENTO_E_FULL once the slots left are all live
 *     (tests/test_pool.c, 16-bit handles, 128 slots, 64 live, random destroys: the first slot
 *     retires after about 30,000 creates, the pool is full about 2,300 later). Plan for the
 *     first retirement as the end of the pool.
 *     Never under BENTO_POOL_WRAP (BENTO_POOL_FOREVER).
 * Example: 32-bit handles of a pool of 128 (7 index bits, 25 generation bits) serve 2^24
 * objects per slot and cycle; with 64 of them live and 64 free, either horizon is at least
 * (2^24 - 1) * 65 = 1.09e9 creates: 210 days at 60 creates a second. With 16-bit handles (9
 * generation bits): 256 objects per slot, at least 255 * 65 = 16,575 creates, under five
 * minutes at 60 a second.
 *
 * Memory (BENTO_POOL_BYTES(capacity, value_size) bytes, aligned to the values' alignment: the
 * largest power of two dividing the stride, at least 4, at most BENTO_MAX_ALIGN):
 *     header      parameters and a copy of the counters (bento/common.h, "Buffers")
 *     values      capacity * stride bytes, dense; stride = value_size rounded up to 4, so
 *                 every value is word-aligned and moves word by word
 *     slots       capacity * uint32_t: generation << index_bits | dense position (live slot)
 *                                      generation << index_bits | next free slot (free slot;
 *                                      the last free slot links to itself)
 *     dense_slot  capacity * uint32_t: the slot owning each dense position
 *
 * Values of a new object are not initialised (like malloc): write them after create.
 * Pointers returned by create/get stay valid until the next create, destroy or clear on the
 * same pool (destroy moves the last object).
 *
 * Conventions (bento/common.h): statuses, out-parameters, inert after a failed init or open,
 * confinement on damaged buffers. Not thread-safe: a pool must be used from one context at a
 * time.
 *
 * Typed pools: BENTO_POOL_TYPE(name, T, capacity, uint_type, policy) declares a pool type with
 * its own storage and its own handle type (see the end of the API below).
 */
#ifndef BENTO_POOL_H
#define BENTO_POOL_H

#include <bento/handle.h>

#ifdef __cplusplus
extern "C" {
#endif
BENTO_IMPL_STRUCTS_BEGIN

/** What a slot does at its last generation. */
typedef enum bento_pool_policy {
    BENTO_POOL_RETIRE = 0, /**< retire the slot: stale handles never alias */
    BENTO_POOL_WRAP = 1    /**< start again at generation 1: the pool never loses capacity */
} bento_pool_policy;

/** The lifetime of a pool that never loses capacity (BENTO_POOL_WRAP). */
#define BENTO_POOL_FOREVER 0xffffffffu

/** The counters, kept in the struct and copied to the buffer's header on every change. */
typedef struct bento_pool_state {
    uint32_t count;      /**< live objects, dense positions [0, count) */
    uint32_t free_head;  /**< front of the free queue (when free_count > 0) */
    uint32_t free_tail;  /**< back of the free queue (when free_count > 0) */
    uint32_t free_count; /**< slots in the free queue */
    uint32_t retired;    /**< slots retired at their last generation */
} bento_pool_state;

/** A pool. Its fields are the implementation's: use the functions. */
typedef struct bento_pool {
    unsigned char *values;   /**< dense values, capacity * stride bytes */
    uint32_t *slots;         /**< per slot: generation << index_bits | dense position or next free */
    uint32_t *dense_slot;    /**< per dense position: owning slot index */
    bento_pool_state *saved; /**< the counters' copy in the buffer (`state` itself when inert) */
    bento_pool_state state; /**< the counters (the operations' copy) */
    uint32_t capacity; /**< the capacity given at init */
    uint32_t stride;          /**< bytes from one value to the next: value_size rounded up to 4 */
    uint32_t value_size; /**< bytes of a value, as given at init */
    uint32_t index_mask;      /**< (1 << index_bits) - 1: the index field of handles and slots */
    uint32_t last_generation; /**< the last (odd) generation, shifted into place */
    uint8_t index_bits; /**< bits of a handle that are its index */
    uint8_t generation_bits; /**< bits of a handle above its index */
    uint8_t policy;           /**< a bento_pool_policy */
} bento_pool;

/** Bytes from one value to the next: the value size rounded up to a multiple of 4. */
#define BENTO_POOL_STRIDE(value_size) BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, value_size), 4u)

/** Bytes of caller memory for a pool (a constant expression when the arguments are). */
#define BENTO_POOL_BYTES(capacity, value_size)                                                    \
    (BENTO_IMPL_POOL_HEAD + BENTO_IMPL_CAST(size_t, capacity) * (BENTO_POOL_STRIDE(value_size) + 8u))

/**
 * Carve a pool out of `memory` (`bytes` long), with every slot free. O(capacity): the slots are
 * queued in order. index_bits + generation_bits <= 32, both >= 1; 1 <= capacity <=
 * 2^index_bits; value_size >= 1; policy BENTO_POOL_RETIRE or BENTO_POOL_WRAP. Returns
 * BENTO_E_ARGUMENT for a parameter out of range (also a NULL memory), BENTO_E_ALIGN for a
 * misaligned buffer (see the alignment rule above), BENTO_E_SIZE when
 * bytes < BENTO_POOL_BYTES(capacity, value_size); the pool is inert then.
 */
bento_status bento_pool_init(bento_pool *pool, void *memory, size_t bytes, size_t value_size,
                             uint32_t capacity, unsigned index_bits, unsigned generation_bits,
                             bento_pool_policy policy);

/**
 * Reattach `pool` to `memory`, a buffer that holds a pool (bento/common.h, "Buffers"): the
 * header's parameters, the counters and every invariant bento_pool_check verifies are
 * validated. BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN for a buffer not aligned as its
 * values need, BENTO_E_SIZE when bytes is shorter than the pool the header describes,
 * BENTO_E_CORRUPT for anything else; the pool is inert then. Outstanding handles stay valid
 * across a close and open. O(capacity).
 */
bento_status bento_pool_open(bento_pool *pool, void *memory, size_t bytes);

/**
 * Create an object. On BENTO_OK, *handle names it and *value (optional) points to its
 * uninitialised storage. BENTO_E_FULL when every slot is live or retired; BENTO_E_CORRUPT when
 * the free queue is damaged (its front is not a free slot); the pool is unchanged then, *handle
 * is 0 (the null handle) and *value NULL. O(1). Atomic under BENTO_POWER_SAFE; the value the
 * caller then writes through *value is the caller's own write, which a reset can tear: to
 * create an object with its value in one atomic step, use bento_pool_create_from.
 */
bento_status bento_pool_create(bento_pool *pool, uint32_t *handle, void **value);

/**
 * Create an object holding a copy of the value_size bytes at `value` (which must not lie in
 * the pool's buffer). As bento_pool_create otherwise; under BENTO_POWER_SAFE a reset leaves
 * either no object or the object with its whole value. O(value_size).
 */
bento_status bento_pool_create_from(bento_pool *pool, uint32_t *handle, const void *value);

/**
 * Destroy the object `handle` names. The last object in the dense array moves into its place;
 * the slot goes to the back of the free queue, or retires (see "Generations"). BENTO_E_STALE
 * for a handle that is not live: already destroyed (a double destroy), from a retired slot,
 * the null handle, or any forged value; BENTO_E_CORRUPT when the slot or the dense array is
 * damaged; the pool is unchanged then. O(1) plus one value copy. Atomic under
 * BENTO_POWER_SAFE (the moved object's value included).
 */
bento_status bento_pool_destroy(bento_pool *pool, uint32_t handle);

/** Destroy every object, from the last dense position to the first: every outstanding handle
 * becomes stale. O(count). Resumable under BENTO_POWER_SAFE: each destroy is atomic, so a
 * reset leaves the objects not yet destroyed, whole, and clear again destroys them. */
void bento_pool_clear(bento_pool *pool);

/**
 * Verify the buffer: the header and the counters' copy, every dense position and its slot
 * pointing at each other, generations in range, the free queue a chain of free slots of the
 * right length ending at its back, every other free slot in the retired form (and none under
 * BENTO_POOL_WRAP). BENTO_OK, or BENTO_E_CORRUPT when the memory was damaged.
 * O(capacity), no recursion.
 */
bento_status bento_pool_check(const bento_pool *pool);

/** The object `handle` names, or NULL for a stale, forged or null handle. O(1), inline. */
static inline void *bento_pool_get(const bento_pool *pool, uint32_t handle);

/** True when `handle` names a live object. O(1), inline. */
static inline bool bento_pool_contains(const bento_pool *pool, uint32_t handle);

/** Live objects. O(1). */
static inline uint32_t bento_pool_count(const bento_pool *pool);

/** Slots given at init (0 when inert). O(1). */
static inline uint32_t bento_pool_capacity(const bento_pool *pool);

/** Slots retired at their last generation (capacity lost for good). O(1). */
static inline uint32_t bento_pool_retired(const bento_pool *pool);

/**
 * The capacity horizon (see "Two horizons"): the destroys the most worn slot that has not
 * retired can still take before it retires. BENTO_POOL_FOREVER under BENTO_POOL_WRAP, 0 when
 * every slot has retired (or inert). O(capacity).
 */
uint32_t bento_pool_lifetime(const bento_pool *pool);

/**
 * The alias horizon (see "Two horizons"): the objects a slot serves, after a handle to it went
 * stale, before that handle can name a newer object: 2^(generation_bits - 1) under
 * BENTO_POOL_WRAP, BENTO_POOL_FOREVER under BENTO_POOL_RETIRE, 0 when inert. O(1).
 */
static inline uint32_t bento_pool_alias_horizon(const bento_pool *pool);

/** The dense values: bento_pool_count() objects, stride bytes apart, in no particular order. */
static inline void *bento_pool_values(const bento_pool *pool);

/** The handle of the object at dense position `position`, or 0 when position >= count. O(1). */
static inline uint32_t bento_pool_handle_at(const bento_pool *pool, uint32_t position);

/**
 * The live handle of slot `index` (the index field of a handle: what a multi-value index or a
 * spatial hash stores to name an object), or 0 when that slot is free, retired or out of
 * range. O(1).
 */
static inline uint32_t bento_pool_handle_of_index(const bento_pool *pool, uint32_t index);

/**
 * BENTO_POOL_TYPE(name, T, capacity, uint_type, policy) declares a typed pool `name` of T, its
 * storage embedded, with the fewest index bits that name `capacity` slots (the rest of
 * uint_type's bits are generation bits), its handle type `name_handle` (BENTO_HANDLE_TYPE),
 * and its functions ("A typed pool", below). BENTO_POOL_TYPE_BITS(name, T, capacity,
 * uint_type, policy, index_bits) chooses the index bits. Both fail to compile when capacity is
 * 0 or does not fit in the index bits, when no generation bit is left, or when policy is not
 * BENTO_POOL_RETIRE or BENTO_POOL_WRAP (an integer there is refused). A pool object points into
 * its own storage: after copying one (`b = a`), or when it lives in retained RAM after a reset,
 * call name_open(&b).
 *
 *     BENTO_POOL_TYPE(particles, struct particle, 256, uint32_t, BENTO_POOL_WRAP);
 *     static particles world;   // static storage, one line
 */
#define BENTO_POOL_TYPE(name, T, capacity, uint_type, policy)                                     \
    BENTO_POOL_TYPE_BITS(name, T, capacity, uint_type, policy, BENTO_IMPL_INDEX_BITS(capacity))

#ifdef BENTO_DOXYGEN
/**
 * @name A typed pool
 * What BENTO_POOL_TYPE(name, T, ...) declares, with its name and value type for `name` and `T`:
 * each function is the generic one of the same name on the pool's own storage, typed, and
 * asserts on a NULL pool. (scripts/check-asserts holds these declarations to the macro.)
 * instance: BENTO_POOL_TYPE(name, T, 8, uint16_t, BENTO_POOL_WRAP)
 * @{
 */
typedef struct name name; /**< the pool, its storage included */
/** bento_pool_init: BENTO_OK for a well-formed type. */
bento_status name_init(name *pool);
/** bento_pool_open on its own storage; BENTO_E_CORRUPT also for a pool of another type. */
bento_status name_open(name *pool);
/** bento_pool_create; *value (optional) is the new object's storage. */
bento_status name_create(name *pool, name_handle *handle, T **value);
/** bento_pool_create_from: the new object is a copy of *value (atomic under BENTO_POWER_SAFE). */
bento_status name_create_from(name *pool, name_handle *handle, const T *value);
/** bento_pool_destroy. */
bento_status name_destroy(name *pool, name_handle handle);
/** The object `handle` names, or NULL (the capacity and stride folded in). */
T *name_get(const name *pool, name_handle handle);
/** True when `handle` names a live object. */
bool name_contains(const name *pool, name_handle handle);
/** bento_pool_values: the live objects, name_count() of them. */
T *name_values(const name *pool);
/** bento_pool_handle_at: the handle of the object at `position` of name_values(). */
name_handle name_handle_at(const name *pool, uint32_t position);
/** bento_pool_handle_of_index: the live handle of slot `index`, or the null handle. */
name_handle name_handle_of_index(const name *pool, uint32_t index);
/** bento_pool_retired. */
uint32_t name_retired(const name *pool);
/** bento_pool_lifetime. */
uint32_t name_lifetime(const name *pool);
/** bento_pool_alias_horizon. */
uint32_t name_alias_horizon(const name *pool);
/** @} */
#endif

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail: not part of the API.
 */
/** @cond INTERNAL */

/* A typed pool's policy argument: BENTO_POOL_RETIRE or BENTO_POOL_WRAP, spelt out or through
 * a macro that expands to one. Anything else, an integer above all (an old configuration line
 * gave the index bits there), pastes into a name declared nowhere, so that the compiler's first
 * error names the rule. */
#define BENTO_IMPL_POOL_POLICY(policy_) BENTO_IMPL_POOL_POLICY_(policy_)
#define BENTO_IMPL_POOL_POLICY_(policy_) bento_pool_policy_must_be_RETIRE_or_WRAP_##policy_
#define bento_pool_policy_must_be_RETIRE_or_WRAP_BENTO_POOL_RETIRE BENTO_POOL_RETIRE
#define bento_pool_policy_must_be_RETIRE_or_WRAP_BENTO_POOL_WRAP BENTO_POOL_WRAP

/* The parameter record in the buffer's header (core/src/internal.h, "buffer header"). */
typedef struct bento_impl_pool_params {
    uint32_t capacity;
    uint32_t value_size;
    uint32_t bits; /* index_bits | generation_bits << 8 | policy << 16 */
} bento_impl_pool_params;

/* Open as init would lay out a pool of these parameters (a typed open, C and C++):
 * BENTO_E_CORRUPT, before anything is stored, for a buffer written with other ones. */
bento_status bento_impl_pool_open_as(bento_pool *pool, void *memory, size_t bytes,
                                     size_t value_size, uint32_t capacity, unsigned index_bits,
                                     unsigned generation_bits, bento_pool_policy policy);

/* Header: the parameter record, then the counters, then the journal, with room for the most
 * words an operation changes (destroy: a moved object's dense position and slot, the count,
 * the freed slot, the queue's back link and three counters). */
#define BENTO_IMPL_POOL_PARAMS (sizeof(bento_impl_pool_params) / 4u)
#define BENTO_IMPL_POOL_ENTRIES 7u
#define BENTO_IMPL_POOL_HEAD                                                                      \
    BENTO_IMPL_HEAD_BYTES(BENTO_IMPL_POOL_PARAMS + sizeof(bento_pool_state) / 4u +               \
                          BENTO_IMPL_JOURNAL_WORDS(BENTO_IMPL_POOL_ENTRIES))

/* The dense position of a live handle, or BENTO_NONE. The index mask is an argument so that
 * typed wrappers pass a constant; the capacity is the struct's (0 when inert, so an inert
 * pool reads nothing). The position is checked against the capacity too, so that a damaged
 * slot never points outside the values. */
static inline uint32_t bento_impl_pool_position(const bento_pool *pool, uint32_t handle,
                                                uint32_t mask, uint32_t capacity)
{
    const uint32_t index = handle & mask;
    uint32_t slot;
    uint32_t position;
    if (index >= capacity) {
        return BENTO_NONE;
    }
    slot = pool->slots[index];
    position = slot & mask;
    /* live: the generations match exactly and the slot's is odd (mask + 1 is its lowest bit) */
    if (((slot ^ handle) & ~mask) != 0u || (slot & (mask + 1u)) == 0u || position >= capacity) {
        return BENTO_NONE;
    }
    return position;
}

static inline void *bento_impl_pool_get(const bento_pool *pool, uint32_t handle, uint32_t mask,
                                        uint32_t capacity, size_t stride)
{
    const uint32_t position = bento_impl_pool_position(pool, handle, mask, capacity);
    if (position == BENTO_NONE) {
        return BENTO_IMPL_NULL;
    }
    return pool->values + BENTO_IMPL_CAST(size_t, position) * stride;
}

static inline void *bento_pool_get(const bento_pool *pool, uint32_t handle)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return bento_impl_pool_get(pool, handle, pool->index_mask, pool->capacity,
                               BENTO_IMPL_CAST(size_t, pool->stride));
}

static inline bool bento_pool_contains(const bento_pool *pool, uint32_t handle)
{
    return bento_pool_get(pool, handle) != BENTO_IMPL_NULL;
}

static inline uint32_t bento_pool_count(const bento_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->state.count;
}

static inline uint32_t bento_pool_capacity(const bento_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->capacity;
}

static inline uint32_t bento_pool_retired(const bento_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->state.retired;
}

static inline uint32_t bento_pool_alias_horizon(const bento_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    if (pool->capacity == 0u) {
        return 0u;
    }
    return pool->policy == BENTO_IMPL_CAST(uint8_t, BENTO_POOL_WRAP)
               ? BENTO_IMPL_CAST(uint32_t, 1) << (pool->generation_bits - 1u)
               : BENTO_POOL_FOREVER;
}

static inline void *bento_pool_values(const bento_pool *pool)
{
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    return pool->values;
}

static inline uint32_t bento_pool_handle_at(const bento_pool *pool, uint32_t position)
{
    uint32_t index;
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    if (position >= pool->state.count) {
        return 0u;
    }
    index = pool->dense_slot[position];
    return bento_pool_handle_of_index(pool, index);
}

static inline uint32_t bento_pool_handle_of_index(const bento_pool *pool, uint32_t index)
{
    uint32_t slot;
    BENTO_ASSERT(pool != BENTO_IMPL_NULL);
    if (index >= pool->capacity) {
        return 0u;
    }
    slot = pool->slots[index];
    /* a live (odd) generation: the handle is that generation with this index */
    return (slot & (pool->index_mask + 1u)) != 0u ? (slot & ~pool->index_mask) | index : 0u;
}

#define BENTO_POOL_TYPE_BITS(name, T, capacity_, uint_type, policy_, index_bits_)                 \
    BENTO_IMPL_TYPED_BEGIN                                                                       \
    BENTO_STATIC_ASSERT((capacity_) >= 1, name##_capacity_must_be_at_least_1);                   \
    BENTO_STATIC_ASSERT(BENTO_IMPL_POOL_POLICY(policy_) == (policy_), name##_policy);             \
    BENTO_HANDLE_TYPE(name##_handle, uint_type, index_bits_);                                     \
    BENTO_STATIC_ASSERT((capacity_) >= 1 &&                                                       \
                        BENTO_IMPL_CAST(uint64_t, capacity_) <= (BENTO_IMPL_CAST(uint64_t, 1) << (index_bits_)), \
                        name##_capacity_does_not_fit_in_index_bits);                              \
    BENTO_IMPL_FITS_SIZE_T(name, BENTO_IMPL_CAST(uint64_t, BENTO_IMPL_POOL_HEAD) +                \
                                     BENTO_IMPL_CAST(uint64_t, capacity_) *                       \
                                         (BENTO_POOL_STRIDE(sizeof(T)) + 8u));                    \
    BENTO_IMPL_TYPED(name, bento_pool, BENTO_POOL_BYTES(capacity_, sizeof(T)))                    \
    BENTO_IMPL_TYPED_LIFECYCLE(name, bento_pool_init, bento_impl_pool_open_as, sizeof(T),         \
                               (capacity_), (index_bits_), 8u * sizeof(uint_type) - (index_bits_), \
                               (policy_))                                                         \
    BENTO_WRAPPER bento_status name##_create(name *p, name##_handle *h, T **value)                \
    {                                                                                             \
        uint32_t raw;                                                                             \
        void *v;                                                                                  \
        T *sink_;                                                                                 \
        bento_status s;                                                                           \
        BENTO_ASSERT(p != BENTO_IMPL_NULL && h != BENTO_IMPL_NULL);                               \
        s = bento_pool_create(&p->generic_, &raw, &v);                                            \
        h->raw = BENTO_IMPL_CAST(uint_type, raw);                                                 \
        *BENTO_IMPL_PTR_CAST(T **, bento_impl_out(value, &sink_)) = BENTO_IMPL_PTR_CAST(T *, v);  \
        return s;                                                                                 \
    }                                                                                             \
    BENTO_WRAPPER bento_status name##_create_from(name *p, name##_handle *h, const T *value)     \
    {                                                                                             \
        uint32_t raw;                                                                             \
        bento_status s;                                                                           \
        BENTO_ASSERT(p != BENTO_IMPL_NULL && h != BENTO_IMPL_NULL && value != BENTO_IMPL_NULL);   \
        s = bento_pool_create_from(&p->generic_, &raw, value);                                    \
        h->raw = BENTO_IMPL_CAST(uint_type, raw);                                                 \
        return s;                                                                                 \
    }                                                                                             \
    BENTO_IMPL_FORWARD(T *, name##_get, (const name *x, name##_handle h),                         \
                       BENTO_IMPL_PTR_CAST(T *, bento_impl_pool_get(&x->generic_, h.raw,          \
                                                                    (BENTO_IMPL_CAST(uint32_t, 1) << (index_bits_)) - 1u, \
                                                                    x->generic_.capacity,         \
                                                                    BENTO_POOL_STRIDE(sizeof(T))))) \
    BENTO_WRAPPER bool name##_contains(const name *p, name##_handle h)                            \
    {                                                                                             \
        return name##_get(p, h) != BENTO_IMPL_NULL;                                               \
    }                                                                                             \
    BENTO_IMPL_FORWARD(bento_status, name##_destroy, (name *x, name##_handle h),                 \
                       bento_pool_destroy(&x->generic_, h.raw))                                   \
    BENTO_IMPL_FORWARD(uint32_t, name##_retired, (const name *x), bento_pool_retired(&x->generic_)) \
    BENTO_IMPL_FORWARD(uint32_t, name##_lifetime, (const name *x), bento_pool_lifetime(&x->generic_)) \
    BENTO_IMPL_FORWARD(uint32_t, name##_alias_horizon, (const name *x),                           \
                       bento_pool_alias_horizon(&x->generic_))                                    \
    BENTO_IMPL_FORWARD(T *, name##_values, (const name *x),                                       \
                       BENTO_IMPL_PTR_CAST(T *, bento_pool_values(&x->generic_)))                 \
    BENTO_IMPL_FORWARD(name##_handle, name##_handle_at, (const name *x, uint32_t position),       \
                       name##_handle_from_raw(bento_pool_handle_at(&x->generic_, position)))      \
    BENTO_IMPL_FORWARD(name##_handle, name##_handle_of_index, (const name *x, uint32_t index),    \
                       name##_handle_from_raw(bento_pool_handle_of_index(&x->generic_, index)))   \
    BENTO_IMPL_TYPED_END(name)

/** @endcond */

BENTO_IMPL_STRUCTS_END
#ifdef __cplusplus
}
#endif

#endif /* BENTO_POOL_H */
