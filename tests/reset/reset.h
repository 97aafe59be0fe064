/* SPDX-License-Identifier: MIT */
/*
 * tests/reset - containers in retained RAM under real system resets at random instants.
 *
 * The harness (main.c) runs random operations on every container of reset_drivers[] while
 * SysTick requests a system reset at a random instant; after each reset it opens and checks
 * every container and compares it with a plain model replayed from the epoch's seed. A
 * container joins the test through a driver: the verbs below, over elements named by an id
 * (the index of the operation that inserted it, unique within an epoch) whose value is
 * reset_word(epoch, id, 0..n), so that a value found in a container names its element.
 */
#ifndef BENTO_TESTS_RESET_H
#define BENTO_TESTS_RESET_H

#include <bento/common.h>

/* Retained across a system reset: the linker's .noinit section (linker/cortex-m.ld). */
#define RESET_RETAINED __attribute__((section(".noinit")))

/* Operations per epoch: an element's id, the index of the operation that inserted it, is
 * below it. */
#define RESET_EPOCH_OPS 128u

/* The most elements a driver's model holds (its capacity must not exceed it). */
#define RESET_MODEL_CAP 32u

/* 1 on the micro:bit (Cortex-M0, the one ARMv6-M board: 16 KiB of RAM), whose image has room
 * for fewer containers (tests/reset/nested.c). */
#if defined(__ARM_ARCH_6M__)
#define RESET_SMALL_RAM 1
#else
#define RESET_SMALL_RAM 0
#endif

/* Words of an element's value (a driver stores the first ones it needs). */
#define RESET_VALUE_WORDS 8u

typedef struct reset_value {
    uint32_t w[RESET_VALUE_WORDS];
} reset_value;

/* No reference: what find answers when it finds nothing. */
#define RESET_NO_REF 0xffffffffu

typedef struct reset_driver {
    const char *name;
    /* elements the test keeps at most (at most RESET_MODEL_CAP, at most the capacity) */
    uint32_t capacity;
    /* 1 when clear is resumable rather than atomic: a reset inside it may leave any subset of
     * the elements, and clearing again completes it */
    bool clear_resumable;
    /* 1 when the element's value is the caller's write after insert returns (fill), not the
     * kit's: a reset after insert may find it unwritten */
    bool caller_fills;
    bento_status (*init)(void);
    bento_status (*open)(void);
    bento_status (*check)(void);
    uint32_t (*count)(void);
    /* insert element `id` with `value` (prepared before, so that the instructions between
     * the marks around this call are the kit's); *ref is what the caller keeps to name it
     * (a handle, a block index; anything for a keyed container, which names it by id) */
    bento_status (*insert)(uint32_t id, const reset_value *value, uint32_t *ref);
    /* the caller's own writes into the element after insert returned (caller_fills only) */
    void (*fill)(uint32_t ref, const reset_value *value);
    bento_status (*remove)(uint32_t id, uint32_t ref);
    void (*clear)(void);
    /* true when element `id`, named by `ref`, is present with its whole value */
    bool (*has)(uint32_t epoch, uint32_t id, uint32_t ref);
    /* the ref of element `id` after a reset that left its insert done but its ref possibly
     * unrecorded: found by its value, or (caller_fills) the one element whose ref is not
     * among taken[0..n); RESET_NO_REF when there is none. NULL for a keyed container, which
     * names an element by its id: the ref is the id, when has() finds the element */
    uint32_t (*find)(uint32_t epoch, uint32_t id, const uint32_t *taken, uint32_t n);
} reset_driver;

/* A 32-bit mix of x (the operations' draws and the elements' values come from it). */
static inline uint32_t reset_mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* Word `word` of the value of element `id` in `epoch`. */
static inline uint32_t reset_word(uint32_t epoch, uint32_t id, uint32_t word)
{
    return reset_mix((epoch << 16) ^ (id << 4) ^ word ^ 0x9e3779b9u);
}

/* True when the first `words` words at v are element `id`'s value in `epoch`. */
static inline bool reset_words_are(const uint32_t *v, uint32_t words, uint32_t epoch, uint32_t id)
{
    uint32_t i;
    for (i = 0u; i < words; i++) {
        if (v[i] != reset_word(epoch, id, i)) {
            return false;
        }
    }
    return true;
}

/* The value of element `id` in `epoch`. */
static inline void reset_value_of(reset_value *value, uint32_t epoch, uint32_t id)
{
    uint32_t i;
    for (i = 0u; i < RESET_VALUE_WORDS; i++) {
        value->w[i] = reset_word(epoch, id, i);
    }
}

extern const reset_driver reset_pool_driver;
extern const reset_driver reset_block_pool_driver;
extern const reset_driver reset_sparse_set_driver;
extern const reset_driver reset_index_driver;
extern const reset_driver reset_grid_driver;
#if !RESET_SMALL_RAM
extern const reset_driver reset_multi_index_driver;
extern const reset_driver reset_spatial_hash_driver;
#endif
extern const reset_driver reset_paged_set_driver;

#endif /* BENTO_TESTS_RESET_H */
