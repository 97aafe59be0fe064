/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M28. */
/**
 * @file
 * bento/handle.h - generational handles.
 *
 * A handle names one object in one container for as long as that object lives and never
 * names anything after it is gone. It packs two fields into one unsigned integer:
 *
 *     raw = generation << index_bits | index
 *
 * `index` selects a slot; `generation` counts how many times that slot has been reused, so a
 * handle kept after its object was destroyed no longer matches the slot. Generations start at
 * 1, so the raw value 0 is never a valid handle and a zero-initialised handle is the null
 * handle. The split between index and generation bits is chosen per container at compile
 * time; 16-bit and 32-bit handles are supported (index_bits + generation_bits <= 32).
 *
 * BENTO_HANDLE_TYPE(name, uint_type, index_bits) declares a distinct struct type per
 * container, so a handle of one pool cannot be passed to another by mistake:
 *
 *     BENTO_HANDLE_TYPE(enemy_handle, uint16_t, 10);   // 10 index bits, 6 generation bits
 *     enemy_handle h = enemy_handle_null();
 *     uint32_t i = enemy_handle_index(h);
 *
 * Everything here is static inline and pure; thread-safe in the sense that it touches no state.
 */
#ifndef BENTO_HANDLE_H
#define BENTO_HANDLE_H

#include <bento/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Index field of a raw handle. */
static inline uint32_t bento_handle_index(uint32_t raw, unsigned index_bits)
{
    return raw & ((BENTO_IMPL_CAST(uint32_t, 1) << index_bits) - 1u);
}

/** Generation field of a raw handle (0 only for the null handle or a forged one). */
static inline uint32_t bento_handle_generation(uint32_t raw, unsigned index_bits)
{
    return raw >> index_bits;
}

/** Pack an index and a generation. Precondition: both fit their fields. */
static inline uint32_t bento_handle_make(uint32_t index, uint32_t generation, unsigned index_bits)
{
    return (generation << index_bits) | index;
}

/** Number of generation bits left in a handle of `handle_bits` bits. */
#define BENTO_HANDLE_GENERATION_BITS(handle_bits, index_bits) ((handle_bits) - (index_bits))

/**
 * Declares the handle type `name`, `typedef struct { uint_type raw; } name;`, the constant
 * name_INDEX_BITS (an enumerator) for containers keyed by this handle type, and its functions
 * ("A typed handle", below). Fails to compile unless 1 <= index_bits < width of uint_type and
 * uint_type is at most 32 bits wide.
 */
#define BENTO_HANDLE_TYPE(name, uint_type, index_bits)                                            \
    BENTO_IMPL_TYPED_BEGIN                                                                        \
    BENTO_STATIC_ASSERT(sizeof(uint_type) <= 4u, name##_handles_are_at_most_32_bits);             \
    BENTO_STATIC_ASSERT((index_bits) >= 1 && (index_bits) < 8 * sizeof(uint_type),                \
                        name##_index_bits_must_leave_a_generation_bit);                           \
    typedef struct name {                                                                         \
        uint_type raw;                                                                            \
    } name;                                                                                       \
    enum { name##_INDEX_BITS = (index_bits) };                                                    \
    BENTO_WRAPPER name name##_from_raw(uint32_t raw)                                              \
    {                                                                                             \
        name h;                                                                                   \
        h.raw = BENTO_IMPL_CAST(uint_type, raw);                                                  \
        return h;                                                                                 \
    }                                                                                             \
    BENTO_WRAPPER name name##_null(void) { return name##_from_raw(0u); }                          \
    BENTO_WRAPPER bool name##_is_null(name h) { return h.raw == 0u; }                             \
    BENTO_WRAPPER bool name##_eq(name a, name b) { return a.raw == b.raw; }                       \
    BENTO_WRAPPER uint32_t name##_index(name h) { return bento_handle_index(h.raw, (index_bits)); } \
    BENTO_WRAPPER uint32_t name##_generation(name h)                                              \
    {                                                                                             \
        return bento_handle_generation(h.raw, (index_bits));                                      \
    }                                                                                             \
    BENTO_IMPL_TYPED_END(name)

#ifdef BENTO_DOXYGEN
/**
 * @name A typed handle
 * What BENTO_HANDLE_TYPE(name, uint_type, index_bits) declares, with its name for `name`.
 * (scripts/check-asserts holds these declarations to the macro.)
 * instance: BENTO_HANDLE_TYPE(name, uint16_t, 10)
 * @{
 */
/** The handle whose raw value is `raw` (its uint_type's bits of it). */
name name_from_raw(uint32_t raw);
/** The null handle (raw 0), which names nothing. */
name name_null(void);
/** True for the null handle. */
bool name_is_null(name h);
/** True when two handles are the same. */
bool name_eq(name a, name b);
/** The handle's index field. */
uint32_t name_index(name h);
/** The handle's generation field. */
uint32_t name_generation(name h);
/** @} */
#endif

#ifdef __cplusplus
}
#endif

#endif /* BENTO_HANDLE_H */
