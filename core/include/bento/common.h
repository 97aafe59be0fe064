/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M27 M28 M29. */
/**
 * @file
 * bento/common.h - what every bento container shares: status codes, the one sentinel, the
 * conventions every function follows, the configuration hooks, a static assertion that works
 * in C99 and C11, and the storage unit of typed containers. Freestanding: only
 * compiler-provided headers.
 *
 * Configuration: every macro below marked "configurable" may be defined with -D on the
 * compiler line or in a header named by BENTO_CONFIG_HEADER (for example
 * -DBENTO_CONFIG_HEADER='"my_bento_config.h"'), which is included first. The configurable
 * macros are BENTO_ASSERT, BENTO_CRITICAL_ENTER / BENTO_CRITICAL_EXIT, BENTO_CLZ32,
 * BENTO_POWER_SAFE, BENTO_BARRIER and BENTO_CACHE_LINE.
 *
 * The conventions every container follows (each header refers to them):
 *
 *   Statuses.   A function that can fail returns a bento_status: BENTO_OK, or a negative
 *               code that says why. A failing call leaves the container exactly as it was,
 *               unless its contract says otherwise. Lookups return a pointer or NULL,
 *               predicates bool, and "no index" is BENTO_NONE.
 *   Out-parameters. On failure every out-parameter is set to its "nothing": NULL for a
 *               pointer, the null handle (0) for a handle, 0 for a count, BENTO_NONE for an
 *               index or a position. Out-parameters a contract calls optional may be NULL.
 *   Contracts.  A precondition a status cannot report (a NULL container, a NULL required
 *               out-parameter) is checked with BENTO_ASSERT at every public entry point.
 *   Inert.      A container whose init or open failed is inert: an empty container of
 *               capacity 0. Every call on it answers as on a full, empty container (lookups
 *               miss, inserts and creates answer BENTO_E_FULL, removals BENTO_E_NOT_FOUND or
 *               BENTO_E_STALE, check BENTO_OK) and touches nothing outside the container
 *               struct. Init or open again to use it.
 *   Buffers.    A container lives in one caller buffer that holds indices, never pointers,
 *               and starts with a header (kind, layout version, size, parameters and a copy
 *               of the counters), so bento_X_open(&x, memory, bytes) reattaches a container to
 *               a buffer from its bytes alone: after a reset with the buffer in retained RAM,
 *               a copy to flash or a file, a transfer to another core. Open validates all of
 *               it and answers BENTO_E_CORRUPT for anything else. The header's first word
 *               also says which byte order wrote the buffer: a buffer written on a core of the
 *               other byte order (little- and big-endian) is refused with BENTO_E_CORRUPT, not
 *               misread; carry the data across byte orders in a format of your own.
 *   Confinement. Whatever bytes a container's buffer holds, checked or not, no operation
 *               reads or writes outside that buffer, the container struct and the caller's own
 *               arrays, and every loop ends. A damaged buffer gives wrong answers (and
 *               BENTO_E_CORRUPT where an operation notices), never undefined behaviour;
 *               bento_X_check tells a sound buffer from a damaged one.
 *   Threads.    Nothing is thread-safe unless its header says so.
 */
#ifndef BENTO_COMMON_H
#define BENTO_COMMON_H

#ifdef BENTO_CONFIG_HEADER
#include BENTO_CONFIG_HEADER
#endif

#include <bento/version.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @cond INTERNAL */
/* The null pointer of the headers' inline code: nullptr in C++, where NULL may be a plain 0
 * (which -Wzero-as-null-pointer-constant reports in the user's build), NULL in C. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define BENTO_IMPL_NULL nullptr
#else
#define BENTO_IMPL_NULL NULL
#endif
/* Casts in the headers' inline code and macros: C casts in C; in C++, static_cast for values
 * and reinterpret_cast for pointers, so a C++ build with -Wold-style-cast stays quiet. In C a
 * pointer goes through void *, which tells the compiler the alignment is the code's concern
 * (every such pointer is aligned by the container's layout). */
#if defined(__cplusplus)
#define BENTO_IMPL_CAST(T, x) (static_cast<T>(x))
#define BENTO_IMPL_PTR_CAST(T, p) (reinterpret_cast<T>(p))
#define BENTO_IMPL_CONST_PTR_CAST(T, p) (reinterpret_cast<T>(p))
#define BENTO_IMPL_ADDR(p) (reinterpret_cast<uintptr_t>(p))
#else
#define BENTO_IMPL_CAST(T, x) ((T)(x))
#define BENTO_IMPL_PTR_CAST(T, p) ((T)(void *)(p))
/* The same to a pointer to const, from a pointer to const or not: through const void *, so
 * that the caller's -Wcast-qual sees no qualifier dropped. */
#define BENTO_IMPL_CONST_PTR_CAST(T, p) ((T)(const void *)(p))
/* A pointer's address, const or not (through const void *: no -Wcast-qual in the caller). */
#define BENTO_IMPL_ADDR(p) ((uintptr_t)(const void *)(p))
#endif
/* -Wpadded (clang's -Weverything): the kit's structs serve every ABI at once, and where their
 * padding falls depends on the pointer width, so the headers leave its placement to the
 * compiler; this silences that one warning for the headers' own declarations, never the user's. */
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_STRUCTS_BEGIN                                                                  \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wpadded\"")
#define BENTO_IMPL_STRUCTS_END _Pragma("GCC diagnostic pop")
#else
#define BENTO_IMPL_STRUCTS_BEGIN
#define BENTO_IMPL_STRUCTS_END
#endif
/* A const pointer made writable, where a const container hands out writable elements. In C
 * through the address, which -Wcast-qual (asked for by strict users) does not report. */
#if defined(__cplusplus)
#define BENTO_IMPL_UNCONST(T, p) const_cast<T>(p)
#else
#define BENTO_IMPL_UNCONST(T, p) ((T)BENTO_IMPL_ADDR(p))
#endif
/** @endcond */

/**
 * Every runtime condition a bento function can meet is answered with one of these.
 * BENTO_OK is zero; failures are negative so `if (status < 0)` catches them all.
 */
typedef enum bento_status {
    BENTO_OK = 0,
    BENTO_E_ARGUMENT = -1,  /**< a parameter is out of its documented range */
    BENTO_E_ALIGN = -2,     /**< a caller buffer is not aligned as the container requires */
    BENTO_E_SIZE = -3,      /**< a caller buffer is too small for the requested capacity */
    BENTO_E_FULL = -4,      /**< no room left: capacity (or, for pools, every slot retired) */
    BENTO_E_STALE = -5,     /**< a handle that is not live: destroyed, forged, retired or null */
    BENTO_E_NOT_FOUND = -6, /**< a key that is not present */
    BENTO_E_EXISTS = -7,    /**< a key that is already present */
    BENTO_E_CORRUPT = -8    /**< a container's memory fails its consistency checks */
} bento_status;

/** A short constant name for a status ("BENTO_E_FULL"), or "BENTO_E_?" for an unknown value. */
const char *bento_status_name(bento_status status);

/** "No index", "no position", "no value": the one sentinel of the kit. Never a valid index. */
#define BENTO_NONE 0xffffffffu

/**
 * @def BENTO_ASSERT
 * BENTO_ASSERT(cond), configurable: contract violations a caller cannot handle (a NULL
 * container pointer). Runtime conditions never go here; they return a status. The default does
 * nothing, so a release build pays nothing; a port or config header may route it to a fault
 * handler. A hook that returns lets the call go on into the violation.
 */
#ifndef BENTO_ASSERT
#define BENTO_ASSERT(cond) (BENTO_IMPL_CAST(void, 0))
#endif

/**
 * @def BENTO_CRITICAL_ENTER
 * Optional critical section, configurable, for containers that document interrupt safety (the
 * block pool):
 *
 *     uint32_t state = BENTO_CRITICAL_ENTER();  ...  BENTO_CRITICAL_EXIT(state);
 * The defaults do nothing (single-context use). A port defines both, for example saving
 * PRIMASK and disabling interrupts on entry and restoring PRIMASK on exit.
 */
/** @def BENTO_CRITICAL_EXIT
 * Leaves the critical section BENTO_CRITICAL_ENTER entered (see there), configurable. */
#ifndef BENTO_CRITICAL_ENTER
#define BENTO_CRITICAL_ENTER() (BENTO_IMPL_CAST(uint32_t, 0))
#define BENTO_CRITICAL_EXIT(state) (BENTO_IMPL_CAST(void, state))
#endif

/** @cond INTERNAL */
/* 1 where int is narrower than 32 bits (AVR, MSP430: 16), whose size_t is narrower too; gcc
 * and clang say so (__SIZEOF_INT__), and 0 elsewhere. */
#if defined(__SIZEOF_INT__) && __SIZEOF_INT__ < 4
#define BENTO_IMPL_INT16 1
#else
#define BENTO_IMPL_INT16 0
#endif
/** @endcond */

/**
 * @def BENTO_CLZ32
 * BENTO_CLZ32(x), configurable: the number of leading zero bits of a nonzero uint32_t, used
 * only at init and open (log2 of capacities). The default is the compiler's builtin where
 * there is one and a portable loop otherwise.
 */
#if !defined(BENTO_CLZ32) && (defined(__GNUC__) || defined(__clang__))
#if BENTO_IMPL_INT16
/* a 16-bit int (AVR, MSP430): __builtin_clz would cut x to 16 bits */
#define BENTO_CLZ32(x) (BENTO_IMPL_CAST(unsigned, __builtin_clzl(x)))
#else
#define BENTO_CLZ32(x) (BENTO_IMPL_CAST(unsigned, __builtin_clz(x)))
#endif
#endif

/**
 * @def BENTO_POWER_SAFE
 * BENTO_POWER_SAFE, configurable: 1 or 0, default 0. With 1, every operation a container's
 * header calls failure-atomic writes its buffer through a small journal kept in the buffer's
 * header, so that a reset at any instant (a watchdog, a brown-out, a fault) leaves a buffer
 * that bento_X_open restores to exactly the state before that operation or after it; every
 * operation it calls resumable leaves one that opens consistent and that running the
 * operation again completes (bento/common.h, "Resets"). The journal makes each such buffer a
 * few dozen bytes longer (the BYTES macros count it) and each operation a few stores per word
 * it changes slower. A buffer written with one setting is refused by open under the other,
 * and a program built with one setting does not link with a kit built with the other.
 */
#ifndef BENTO_POWER_SAFE
#define BENTO_POWER_SAFE 0
#endif

/** @cond INTERNAL */
/* A program and the kit it links must be built in the same mode: the buffers' layouts and the
 * containers' structs differ between the two. With the journal, the functions that make a
 * container (init and open) take other names, so that a program built in one mode that links a
 * kit built in the other fails to link, on "undefined reference to `bento_pool_init_power_safe'"
 * (the program journals, the kit does not) or "... to `bento_pool_init'" (the other way). */
#if BENTO_POWER_SAFE
#define bento_pool_init bento_pool_init_power_safe
#define bento_pool_open bento_pool_open_power_safe
#define bento_block_pool_init bento_block_pool_init_power_safe
#define bento_block_pool_open bento_block_pool_open_power_safe
#define bento_sparse_set_init bento_sparse_set_init_power_safe
#define bento_sparse_set_open bento_sparse_set_open_power_safe
#define bento_paged_set_init bento_paged_set_init_power_safe
#define bento_paged_set_open bento_paged_set_open_power_safe
#define bento_index_init bento_index_init_power_safe
#define bento_index_open bento_index_open_power_safe
#define bento_index32_init bento_index32_init_power_safe
#define bento_index32_open bento_index32_open_power_safe
#define bento_multi_index_init bento_multi_index_init_power_safe
#define bento_multi_index_open bento_multi_index_open_power_safe
#define bento_spatial_hash_init bento_spatial_hash_init_power_safe
#define bento_spatial_hash_open bento_spatial_hash_open_power_safe
#define bento_grid_init bento_grid_init_power_safe
#define bento_grid_init_window bento_grid_init_window_power_safe
#define bento_grid_open bento_grid_open_power_safe
#endif
/** @endcond */

/**
 * @def BENTO_BARRIER
 * BENTO_BARRIER(), configurable: keeps the compiler from moving a store across it, in either
 * direction. With BENTO_POWER_SAFE the order of the stores to a buffer is what makes it
 * survive a reset (journal entry, then the word that commits it, then the store it guards),
 * and this is what keeps that order. The default for gcc and clang is an empty asm statement
 * that clobbers memory; other compilers must define it (BENTO_POWER_SAFE fails to compile
 * without it). The kit assumes the memory itself keeps the order of the core's stores across
 * a reset: plain RAM does; a write-back data cache that loses dirty lines at reset (Cortex-M7)
 * does not, so keep such buffers in memory the cache does not hold back (non-cacheable or
 * write-through), or define this to a barrier that also cleans the cache.
 */
#ifndef BENTO_BARRIER
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_BARRIER() __asm__ __volatile__("" : : : "memory")
/** @cond INTERNAL */
/* The default barrier orders the compiler only: the journal may then order single words
 * (core/src/internal.h, bento_impl_put) instead of all of memory. */
#define BENTO_IMPL_COMPILER_BARRIER 1
/** @endcond */
#elif BENTO_POWER_SAFE
#error "BENTO_POWER_SAFE needs BENTO_BARRIER() defined for this compiler (bento/common.h)"
#else
#define BENTO_BARRIER() (BENTO_IMPL_CAST(void, 0))
#endif
#endif

/**
 * @def BENTO_CACHE_LINE
 * BENTO_CACHE_LINE, configurable: the alignment in bytes of typed storage whose layout is
 * organised in cache lines (today the typed hash index, BENTO_INDEX_TYPE, whose 64-byte
 * buckets then each sit on one 64-byte line), or 0 for none. 0 or a power of two from 8 up.
 * The default is 64 (the line of x86-64, i386 and most 64-bit Arm cores), except on
 * microcontroller cores, where it is 0: Arm M-profile (Cortex-M0 to M85), AVR, MSP430 and
 * 32-bit RISC-V, which mostly have no data cache, so that the alignment's padding costs no RAM
 * there. Firmware on a core with a data cache (a Cortex-M7 with 32-byte lines) may define it
 * to its line. The alignment pads such a typed object: its storage starts at the first line
 * after the container struct and its size is a multiple of the line (bento/index.h gives the
 * typed index's), and a static one may leave a gap of up to a line before it. It belongs to
 * the type: static and automatic objects, members of other structs (whose alignment it
 * raises) and C++17 `new` get it; memory from malloc has only malloc's alignment (use
 * aligned_alloc). With a compiler that cannot align a member (none of C11's _Alignas, C++11's
 * alignas, gcc's aligned attribute) the storage keeps bento_align_unit's alignment. Buffer
 * layouts do not depend on it: a buffer written under one line size opens under another.
 */
#ifndef BENTO_CACHE_LINE
#if (defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M') || defined(__AVR__) ||          \
    defined(__MSP430__) || (defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 32)
#define BENTO_CACHE_LINE 0
#else
#define BENTO_CACHE_LINE 64
#endif
#endif
#if BENTO_CACHE_LINE != 0 &&                                                                    \
    (BENTO_CACHE_LINE < 8 || (BENTO_CACHE_LINE & (BENTO_CACHE_LINE - 1)) != 0)
#error "BENTO_CACHE_LINE must be 0 or a power of two from 8 up (bento/common.h)"
#endif

/**
 * @def BENTO_STATIC_ASSERT
 * BENTO_STATIC_ASSERT(cond, message): a compile-time check at file scope, in C99, C11 and C++.
 * `message` is an identifier (letters, digits, underscores) that names the failure; compilers
 * print it in both languages: as the message in C11 and C++, and in C99 as the name of the
 * array whose size is negative (`size of array 'bento_static_assert_MESSAGE' is negative`).
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define BENTO_STATIC_ASSERT(cond, message) static_assert(cond, #message)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define BENTO_STATIC_ASSERT(cond, message) _Static_assert(cond, #message)
#else
#define BENTO_STATIC_ASSERT(cond, message)                                                        \
    typedef char bento_static_assert_##message[(cond) ? 1 : -1]
#endif

/** Round n up to a multiple of the power of two a; a constant expression when both are. */
#define BENTO_ALIGN_UP(n, a) (((n) + ((a) - 1u)) & ~BENTO_IMPL_CAST(size_t, (a) - 1u))

/** @cond INTERNAL */
/* Where the ABI aligns nothing to more than 1 or 2 bytes (AVR, MSP430), the unit is aligned to
 * 4 all the same: every buffer starts with a header of 32-bit words, and the kit asks the same
 * 4-byte alignment of buffers on every core. */
#if defined(__BIGGEST_ALIGNMENT__) && __BIGGEST_ALIGNMENT__ < 4
#define BENTO_IMPL_UNIT_MIN_ALIGN __attribute__((aligned(4)))
#else
#define BENTO_IMPL_UNIT_MIN_ALIGN
#endif
/** @endcond */

/** A unit of storage with the strictest alignment a bento container asks for on this ABI. */
typedef union BENTO_IMPL_UNIT_MIN_ALIGN bento_align_unit {
    uint64_t u64; /**< for 8-byte integers */
    double f64;   /**< for doubles */
    void *ptr;    /**< for pointers */
} bento_align_unit;

/**
 * @def BENTO_MAX_ALIGN
 * The strictest alignment any bento container asks of a caller buffer: the ABI's alignment of
 * bento_align_unit (8 on most ABIs, 4 on those that align uint64_t and double to 4 in
 * structs, such as i386 System V, and 4 on AVR, whose ABI aligns nothing, because the kit's
 * buffers start with words). A constant expression. Element types that need more are not
 * supported.
 */
/** @cond INTERNAL */
BENTO_IMPL_STRUCTS_BEGIN
struct bento_impl_align_probe {
    char c;
    bento_align_unit unit;
};
BENTO_IMPL_STRUCTS_END
/** @endcond */
#define BENTO_MAX_ALIGN (BENTO_IMPL_CAST(size_t, offsetof(struct bento_impl_align_probe, unit)))

/** Number of bento_align_unit needed to hold `bytes` bytes (a constant expression). */
#define BENTO_ALIGN_UNITS(bytes) (((bytes) + sizeof(bento_align_unit) - 1u) / sizeof(bento_align_unit))

/* ---------------------------------------------------------------------------------------------
 * Everything below is implementation detail shared by the container headers: not part of the
 * API, and free to change in any release.
 */
/** @cond INTERNAL */

/* Functions generated by the typed-wrapper macros are static inline, and a program uses only
 * some of them: each typed macro's output lies between BENTO_IMPL_TYPED_BEGIN and
 * BENTO_IMPL_TYPED_END, where -Wunused-function (clang's, for what a macro defines in the
 * user's file) is off. An attribute would do it per function, but clang's -Weverything then
 * reports each one the program does use (-Wused-but-marked-unused). */
#define BENTO_WRAPPER static inline
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_TYPED_BEGIN                                                                    \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-function\"")
#define BENTO_IMPL_TYPED_POP _Pragma("GCC diagnostic pop")
#else
#define BENTO_IMPL_TYPED_BEGIN
#define BENTO_IMPL_TYPED_POP
#endif

/* The alignment of a typed container's storage, written before the declaration of its member:
 * BENTO_IMPL_LINE_ALIGNED for storage organised in cache lines (BENTO_CACHE_LINE; nothing when
 * that is 0 or the compiler cannot align a member), BENTO_IMPL_UNIT_ALIGNED for the others
 * (nothing: bento_align_unit's own alignment). */
#if BENTO_CACHE_LINE == 0
#define BENTO_IMPL_LINE_ALIGNED
#elif defined(__cplusplus) && __cplusplus >= 201103L
#define BENTO_IMPL_LINE_ALIGNED alignas(BENTO_CACHE_LINE)
#elif defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_LINE_ALIGNED __attribute__((aligned(BENTO_CACHE_LINE)))
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define BENTO_IMPL_LINE_ALIGNED _Alignas(BENTO_CACHE_LINE)
#else
#define BENTO_IMPL_LINE_ALIGNED
#endif
#define BENTO_IMPL_UNIT_ALIGNED

/*
 * The buffer header every container starts its buffer with: 4 words (magic, kind and layout
 * version, bytes used, 0), then the container's parameters and a copy of its counters. Sizes
 * in bytes, multiples of 8 so what follows keeps any element's alignment.
 */
#define BENTO_IMPL_HEAD_BYTES(words) BENTO_ALIGN_UP(BENTO_IMPL_CAST(size_t, 4u + (words)) * 4u, 8u)

/* Words of a buffer's journal (core/src/internal.h, "Journal") with room for n entries: the
 * journal word, the pending action and its argument, two words an entry. None without
 * BENTO_POWER_SAFE. It follows the counters' copy in the header. */
#if BENTO_POWER_SAFE
#define BENTO_IMPL_JOURNAL_WORDS(n) (3u + 2u * (n))
#else
#define BENTO_IMPL_JOURNAL_WORDS(n) 0u
#endif

/* ceil(log2(n)) for 1 <= n <= 2^32, as a constant expression: how many powers 2^k are below n.
 * The last test is in 64 bits: `0 > 0x80000000u` draws gcc's -Wtype-limits when n is a literal
 * 0, burying the message that refuses a capacity of 0 under a warning per use. */
#define BENTO_IMPL_CEIL_LOG2(n)                                                                   \
    (BENTO_IMPL_CAST(unsigned, ((n) > 0x1u) + ((n) > 0x2u) + ((n) > 0x4u) + ((n) > 0x8u) + ((n) > 0x10u) + \
                ((n) > 0x20u) + ((n) > 0x40u) + ((n) > 0x80u) + ((n) > 0x100u) + ((n) > 0x200u) + \
                ((n) > 0x400u) + ((n) > 0x800u) + ((n) > 0x1000u) + ((n) > 0x2000u) +             \
                ((n) > 0x4000u) + ((n) > 0x8000u) + ((n) > 0x10000u) + ((n) > 0x20000u) +         \
                ((n) > 0x40000u) + ((n) > 0x80000u) + ((n) > 0x100000u) + ((n) > 0x200000u) +     \
                ((n) > 0x400000u) + ((n) > 0x800000u) + ((n) > 0x1000000u) +                      \
                ((n) > 0x2000000u) + ((n) > 0x4000000u) + ((n) > 0x8000000u) +                    \
                ((n) > 0x10000000u) + ((n) > 0x20000000u) + ((n) > 0x40000000u) +                 \
                (BENTO_IMPL_CAST(uint64_t, n) > 0x80000000u)))

/* The fewest index bits that name `capacity` slots (at least 1), as a constant expression. */
#define BENTO_IMPL_INDEX_BITS(capacity) (BENTO_IMPL_CEIL_LOG2(capacity) > 0u ? BENTO_IMPL_CEIL_LOG2(capacity) : 1u)

/* A typed function of one shape: `R fn params`, where params name the container `x`, asserting
 * on a NULL container and returning `call`, an expression over x and the other parameters. */
#define BENTO_IMPL_FORWARD(R, fn, params, call)                                                   \
    BENTO_WRAPPER R fn params                                                                     \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        return call;                                                                              \
    }

#ifdef BENTO_DOXYGEN
/**
 * @name Every typed container
 * What every typed macro declares besides its own functions (each header's "A typed ..."
 * group), with the container's name for `name`: each is the generic function of the same name
 * on the container's own storage, and asserts on a NULL container. (scripts/check-asserts holds
 * these declarations to every typed macro.)
 * instance: BENTO_BLOCK_POOL_TYPE(name, T, 8)
 * @{
 */
/** The elements present (bento_X_count). */
uint32_t name_count(const name *container);
/** The capacity given at init (bento_X_capacity). */
uint32_t name_capacity(const name *container);
/** Verify the buffer (bento_X_check). */
bento_status name_check(const name *container);
/** Remove every element (bento_X_clear). */
void name_clear(name *container);
/** @} */
#endif

/*
 * The scaffolding of every typed container (BENTO_POOL_TYPE and its kind): the struct, with
 * the generic container and its storage as members no caller names, and the functions whose
 * shape is the same in every container. `generic` is the generic type (bento_pool, ...),
 * whose functions are generic_count, generic_capacity, generic_check and generic_clear.
 * The container-specific macro adds init, open and the operations, and ends with
 * BENTO_IMPL_TYPED_END(name) to take the caller's semicolon. BENTO_IMPL_TYPED_ALIGNED is the
 * same with the storage aligned by `aligned_` (BENTO_IMPL_LINE_ALIGNED or
 * BENTO_IMPL_UNIT_ALIGNED, above).
 */
#define BENTO_IMPL_TYPED(name, generic, bytes)                                                    \
    BENTO_IMPL_TYPED_ALIGNED(name, generic, bytes, BENTO_IMPL_UNIT_ALIGNED)
#define BENTO_IMPL_TYPED_ALIGNED(name, generic, bytes, aligned_)                                  \
    BENTO_IMPL_STRUCTS_BEGIN                                                                      \
    typedef struct name {                                                                         \
        generic generic_;                                                                         \
        aligned_ bento_align_unit storage_[BENTO_ALIGN_UNITS(bytes)];                             \
    } name;                                                                                       \
    BENTO_IMPL_STRUCTS_END                                                                        \
    BENTO_IMPL_FORWARD(uint32_t, name##_count, (const name *x), generic##_count(&x->generic_))     \
    BENTO_IMPL_FORWARD(uint32_t, name##_capacity, (const name *x), generic##_capacity(&x->generic_)) \
    BENTO_IMPL_FORWARD(bento_status, name##_check, (const name *x), generic##_check(&x->generic_)) \
    BENTO_WRAPPER void name##_clear(name *x)                                                      \
    {                                                                                             \
        BENTO_ASSERT(x != BENTO_IMPL_NULL);                                                       \
        generic##_clear(&x->generic_);                                                            \
    }

/* A function the compiler must inline when it optimizes: where a call would cost more than the
 * body, or where the body folds to less once its arguments are constants. Left to the compiler
 * at -O0 (forced copies per call site only blur coverage there). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define BENTO_IMPL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define BENTO_IMPL_ALWAYS_INLINE
#endif

/* A lookup the compiler must inline where it optimizes for speed (every layer of it, so that
 * none is left a call of its own at some call sites and not at others), and may keep as one
 * copy where it optimizes for size (-Os, -Oz: several callers in one file share it). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__) &&                          \
    !defined(__OPTIMIZE_SIZE__)
#define BENTO_IMPL_FAST_INLINE __attribute__((always_inline))
#else
#define BENTO_IMPL_FAST_INLINE
#endif

/* A typed container's storage is one object: `bytes64`, the bytes of its buffer computed in
 * uint64_t, must be below PTRDIFF_MAX, the largest object the target has. Only a 16-bit size_t
 * (AVR, MSP430: 32 KiB) makes this tighter than the containers' own limits: there a capacity
 * that needs more is refused here, with this message, instead of its storage's size wrapping
 * in size_t to a smaller one or the compiler saying only that the array is too large. */
#define BENTO_IMPL_FITS_SIZE_T(name, bytes64)                                                     \
    BENTO_STATIC_ASSERT((bytes64) < BENTO_IMPL_CAST(uint64_t, PTRDIFF_MAX),                        \
                        name##_is_larger_than_the_largest_object_of_this_target_PTRDIFF_MAX)

/* The end of a typed-container macro (which begins with BENTO_IMPL_TYPED_BEGIN): a declaration
 * that takes the caller's semicolon. */
#define BENTO_IMPL_TYPED_END(name) BENTO_IMPL_TYPED_POP typedef int name##_defined_

/*
 * A typed container's init and open over its own storage, from one list of the type's
 * parameters (init's, after the memory): the generic `init`, and `open_as`, the core's open
 * that refuses a buffer written with other parameters (BENTO_E_CORRUPT, inert).
 */
#define BENTO_IMPL_TYPED_LIFECYCLE(name, init, open_as, ...)                                      \
    BENTO_IMPL_FORWARD(bento_status, name##_init, (name *x),                                      \
                       init(&x->generic_, x->storage_, sizeof x->storage_, __VA_ARGS__))          \
    BENTO_IMPL_FORWARD(bento_status, name##_open, (name *x),                                      \
                       open_as(&x->generic_, x->storage_, sizeof x->storage_, __VA_ARGS__))

/*
 * The keys and values of typed containers: a handle type (bento/handle.h) or an unsigned
 * integer type (uint8_t, uint16_t, uint32_t, uint64_t), `size` bytes (1, 2, 4 or 8; the typed
 * macros check it), converted to and from the generic container's integers. Both read or write
 * the object through an unsigned integer lvalue of its own width: an integer is read as
 * itself, and a handle, a struct whose one member is its raw integer, through that member,
 * which is at the struct's address (C99 6.7.2.1). No byte loop (which gcc makes a call to
 * memcpy) and no member named, so one wrapper serves handles and integers. size is a constant
 * in every typed wrapper, so the tests fold away.
 */
static inline uint64_t bento_impl_bits_of(const void *object, size_t size)
{
    uint64_t bits;
    if (size == 8u) {
        bits = *BENTO_IMPL_CAST(const uint64_t *, object);
    } else if (size == 4u) {
        bits = *BENTO_IMPL_CAST(const uint32_t *, object);
    } else if (size == 2u) {
        bits = *BENTO_IMPL_CAST(const uint16_t *, object);
    } else {
        bits = *BENTO_IMPL_CAST(const uint8_t *, object);
    }
    return bits;
}

/* The object of `size` bytes at `object` set to `bits`, cut to its width (the other way round). */
static inline void bento_impl_bits_to(void *object, size_t size, uint64_t bits)
{
    if (size == 8u) {
        *BENTO_IMPL_CAST(uint64_t *, object) = bits;
    } else if (size == 4u) {
        *BENTO_IMPL_CAST(uint32_t *, object) = BENTO_IMPL_CAST(uint32_t, bits);
    } else if (size == 2u) {
        *BENTO_IMPL_CAST(uint16_t *, object) = BENTO_IMPL_CAST(uint16_t, bits);
    } else {
        *BENTO_IMPL_CAST(uint8_t *, object) = BENTO_IMPL_CAST(uint8_t, bits);
    }
}

/* An optional out-parameter of a typed wrapper: `object`, or `sink` (a local of the same type,
 * which the wrapper drops) when it is NULL, so that the wrapper stores its answer once, as
 * its own type. */
static inline void *bento_impl_out(void *object, void *sink)
{
    return (object != BENTO_IMPL_NULL) ? object : sink;
}

/* An optional out-parameter of `size` bytes (NULL: none) set to `bits`. */
static inline void bento_impl_bits_out(void *object, size_t size, uint64_t bits)
{
    if (object != BENTO_IMPL_NULL) {
        bento_impl_bits_to(object, size, bits);
    }
}

/* A typed lookup's answer: whether `at` (the word of the value found, or NULL) was found, its
 * value to the optional out-parameter of `size` bytes (0 when not found). */
static inline bool bento_impl_found(const uint32_t *at, void *object, size_t size)
{
    bento_impl_bits_out(object, size, (at != BENTO_IMPL_NULL) ? *at : 0u);
    return at != BENTO_IMPL_NULL;
}

/* A typed remove's answer: its `status`, and the value removed to the optional out-parameter
 * of `size` bytes (0 on failure, where the generic remove gives BENTO_NONE). */
static inline bento_status bento_impl_removed(bento_status status, uint32_t value, void *object,
                                              size_t size)
{
    bento_impl_bits_out(object, size, (status == BENTO_OK) ? value : 0u);
    return status;
}

/* The two conversions between a typed container's key or value type T and its generic integer
 * G, as wrappers named `to` (T to G) and `from` (G to T). */
#define BENTO_IMPL_BITS(T, G, to, from)                                                           \
    BENTO_WRAPPER G to(T x_) { return BENTO_IMPL_CAST(G, bento_impl_bits_of(&x_, sizeof x_)); }   \
    BENTO_WRAPPER T from(G bits_)                                                                 \
    {                                                                                             \
        T x_;                                                                                     \
        bento_impl_bits_to(&x_, sizeof x_, bits_);                                                \
        return x_;                                                                                \
    }

/* Whether a key or value type of `size` bytes fits a generic integer of `max` bytes: 1, 2, 4
 * or 8 bytes, at most `max` (a constant expression, for the typed macros' static assertions). */
#define BENTO_IMPL_BITS_FIT(size, max)                                                            \
    (((size) == 1u || (size) == 2u || (size) == 4u || (size) == 8u) && (size) <= (max))

/** @endcond */

#ifdef __cplusplus
}
#endif

#endif /* BENTO_COMMON_H */
