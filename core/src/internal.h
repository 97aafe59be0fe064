/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M12 M13 M15 M19 M22 M25. */
/*
 * core/src/internal.h - what the containers' sources share: alignment, log2, copying,
 * overflow-safe byte counts, the buffer header and the inert state. Not installed; not part
 * of the API. Freestanding.
 */
#ifndef BENTO_INTERNAL_H
#define BENTO_INTERNAL_H

#include <bento/common.h>

/* ---------------------------------------------------------------- buffer header
 *
 * Every container's buffer starts with BENTO_IMPL_HEAD_BYTES(words) bytes:
 *     word 0   BENTO_IMPL_MAGIC: "bnto" read as a little-endian word, so a buffer written on a
 *              core of the other byte order is refused
 *     word 1   kind << 16 | layout version of that kind
 *     word 2   bytes of the buffer the container uses (from the start of the header)
 *     word 3   0
 *     then     the container's parameters, then a copy of its counters (its `state`)
 * A container keeps its working state in its struct (written only by its own functions) and
 * writes every change of it through to the copy in the header, so the buffer alone reopens
 * it. Operations never read the copy: damage there shows in check and open, nowhere else.
 */
#define BENTO_IMPL_MAGIC 0x6f746e62u

/* Kinds, and the layout version of each: a layout change bumps it, so open refuses buffers
 * written by a build with another layout instead of misreading them. */
#define BENTO_IMPL_KIND_POOL 0x0101u
#define BENTO_IMPL_KIND_SPARSE_SET 0x0201u
#define BENTO_IMPL_KIND_BLOCK_POOL 0x0301u
#define BENTO_IMPL_KIND_PAGED_SET 0x0401u
#define BENTO_IMPL_KIND_INDEX 0x0502u
#define BENTO_IMPL_KIND_INDEX32 0x0602u
#define BENTO_IMPL_KIND_MULTI_INDEX 0x0702u
#define BENTO_IMPL_KIND_SPATIAL_HASH 0x0802u
#define BENTO_IMPL_KIND_GRID 0x0901u

/* Word offsets in the header. */
#define BENTO_IMPL_HEAD_MAGIC 0u
#define BENTO_IMPL_HEAD_KIND 1u
#define BENTO_IMPL_HEAD_SIZE 2u
#define BENTO_IMPL_HEAD_ZERO 3u
#define BENTO_IMPL_HEAD_PARAMS 4u

/* For helpers shared by several functions: one copy in flash, not one per caller. */
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_NOINLINE __attribute__((noinline))
#else
#define BENTO_IMPL_NOINLINE
#endif

/* True when pointer p is aligned to the power of two a. */
static inline bool bento_impl_is_aligned(const void *p, size_t a)
{
    return ((uintptr_t)p & (uintptr_t)(a - 1u)) == 0u;
}

/* The alignment a buffer of elements `size` bytes apart needs: the largest power of two
 * dividing size, at least 4 (the kit's own words), at most BENTO_MAX_ALIGN. A type's alignment
 * divides its size, so this suffices for any element type. */
static inline size_t bento_impl_align_of_size(size_t size)
{
    size_t align = size & (0u - size);
    if (align < 4u || size == 0u) {
        align = 4u;
    }
    return align > BENTO_MAX_ALIGN ? BENTO_MAX_ALIGN : align;
}

/* floor(log2(x)) for x >= 1 (0 for 0). */
static inline unsigned bento_impl_log2(uint32_t x)
{
#ifdef BENTO_CLZ32
    return x != 0u ? 31u - (unsigned)BENTO_CLZ32(x) : 0u;
#else
    unsigned n = 0u;
    while (x > 1u) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* True when x is a power of two (x >= 1). */
static inline bool bento_impl_is_pow2(uint32_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

/*
 * Copy n bytes between non-overlapping buffers without libc. Word-wise when both pointers and
 * n are multiples of 4 (the case for every container element of 4-byte-aligned type),
 * bytewise otherwise. The core is built with -fno-tree-loop-distribute-patterns so the
 * compiler does not turn these loops back into memcpy calls.
 */
static inline void bento_impl_copy(void *dst, const void *src, size_t n)
{
    if ((((uintptr_t)dst | (uintptr_t)src | n) & 3u) == 0u) {
        uint32_t *d = (uint32_t *)dst;
        const uint32_t *s = (const uint32_t *)src;
        for (n >>= 2; n != 0u; n--) {
            *d++ = *s++;
        }
    } else {
        unsigned char *d = (unsigned char *)dst;
        const unsigned char *s = (const unsigned char *)src;
        for (; n != 0u; n--) {
            *d++ = *s++;
        }
    }
}

/* Zero n bytes (n a multiple of 4, p 4-aligned: a container struct). */
static inline void bento_impl_zero(void *p, size_t n)
{
    uint32_t *w = (uint32_t *)p;
    for (n >>= 2; n != 0u; n--) {
        *w++ = 0u;
    }
}

/*
 * The inert state (bento/common.h): every field zero (capacity 0, no arrays, empty), and the
 * counters' copy pointed at the struct's own counters, so an operation that writes it through
 * writes inside the struct. Every container struct has `state` and `saved` for this.
 */
#define BENTO_IMPL_INERT(x) (bento_impl_zero((x), sizeof *(x)), (x)->saved = &(x)->state)

/* Write the counters (a struct of uint32_t) through to their copy in the header: a constant
 * number of words, which compilers unroll. */
static inline void bento_impl_save(void *saved, const void *state, size_t bytes)
{
    uint32_t *d = (uint32_t *)saved;
    const uint32_t *s = (const uint32_t *)state;
    size_t n;
    for (n = 0u; n < bytes / 4u; n++) {
        d[n] = s[n];
    }
}
#define BENTO_IMPL_SAVE(x) bento_impl_save((x)->saved, &(x)->state, sizeof (x)->state)

/*
 * The middle of every open: configure() ran on the header's parameters and answered
 * `configured`; `size_ok` says whether the bytes the header names are the container's size for
 * them. Then the counters are loaded from the buffer. BENTO_E_ALIGN as configure found it,
 * BENTO_E_CORRUPT for anything else wrong; the caller checks every invariant next, and leaves
 * the container inert on any failure.
 */
static inline bento_status bento_impl_opened(bento_status configured, bool size_ok, void *state,
                                             const void *saved, size_t bytes)
{
    if (configured != BENTO_OK) {
        return configured == BENTO_E_ALIGN ? configured : BENTO_E_CORRUPT;
    }
    if (!size_ok) {
        return BENTO_E_CORRUPT;
    }
    bento_impl_save(state, saved, bytes);
    return BENTO_OK;
}
#define BENTO_IMPL_OPENED(x, configured, size_ok)                                                 \
    bento_impl_opened((configured), (size_ok), &(x)->state, (x)->saved, sizeof (x)->state)

/*
 * Overflow-safe byte counts for a buffer layout: arrays are placed one after the other, each
 * aligned; any overflow of size_t (only possible where it is 32 bits wide) turns the layout
 * invalid instead of wrapping. Init and open only (it divides).
 */
typedef struct bento_impl_layout {
    size_t bytes; /* bytes so far */
    bool ok;      /* false once a size did not fit in size_t */
} bento_impl_layout;

static inline bento_impl_layout bento_impl_layout_start(size_t head_bytes)
{
    bento_impl_layout l;
    l.bytes = head_bytes;
    l.ok = true;
    return l;
}

/* Reserve `count` elements of `each` bytes aligned to `align` (a power of two); returns their
 * offset from the start of the buffer (meaningless once the layout is not ok). */
static inline size_t bento_impl_layout_add(bento_impl_layout *l, size_t count, size_t each,
                                           size_t align)
{
    const size_t at = BENTO_ALIGN_UP(l->bytes, align);
    if (at < l->bytes || (each != 0u && count > (SIZE_MAX - at) / each)) {
        l->ok = false;
        return 0u;
    }
    l->bytes = at + count * each;
    return at;
}

/* The end of every configure(): the layout fits in 4 GiB (BENTO_E_ARGUMENT otherwise), the
 * buffer is aligned to `align` (BENTO_E_ALIGN) and holds the layout (BENTO_E_SIZE). */
static inline bento_status bento_impl_layout_fits(const bento_impl_layout *l, const void *memory,
                                                  size_t align, size_t bytes)
{
    if (!l->ok || l->bytes > UINT32_MAX) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, align)) {
        return BENTO_E_ALIGN;
    }
    return bytes < l->bytes ? BENTO_E_SIZE : BENTO_OK;
}

/* Write the four words every header starts with. */
static inline void bento_impl_head_write(void *memory, uint32_t kind, size_t bytes)
{
    uint32_t *head = (uint32_t *)memory;
    head[BENTO_IMPL_HEAD_MAGIC] = BENTO_IMPL_MAGIC;
    head[BENTO_IMPL_HEAD_KIND] = kind;
    head[BENTO_IMPL_HEAD_SIZE] = (uint32_t)bytes;
    head[BENTO_IMPL_HEAD_ZERO] = 0u;
}

/* True when the four words a header starts with name `kind` in this layout, `bytes` long: the
 * first thing every checker verifies. */
static inline bool bento_impl_head_is(const uint32_t *head, uint32_t kind, size_t bytes)
{
    return head[BENTO_IMPL_HEAD_MAGIC] == BENTO_IMPL_MAGIC && head[BENTO_IMPL_HEAD_KIND] == kind &&
           head[BENTO_IMPL_HEAD_SIZE] == bytes && head[BENTO_IMPL_HEAD_ZERO] == 0u;
}

/*
 * Check a buffer offered to open: BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN when it is
 * not aligned to `align`, BENTO_E_SIZE when it is shorter than a header of `head_bytes`,
 * BENTO_E_CORRUPT when the header does not name `kind` in this layout, BENTO_E_SIZE when it
 * says it uses more bytes than there are. On BENTO_OK *used holds those bytes.
 */
static inline bento_status bento_impl_head_read(const void *memory, size_t bytes, uint32_t kind,
                                                size_t align, size_t head_bytes, size_t *used)
{
    const uint32_t *head = (const uint32_t *)memory;
    *used = 0u;
    if (memory == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, align > 4u ? align : 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < head_bytes) {
        return BENTO_E_SIZE;
    }
    if (head[BENTO_IMPL_HEAD_MAGIC] != BENTO_IMPL_MAGIC || head[BENTO_IMPL_HEAD_KIND] != kind ||
        head[BENTO_IMPL_HEAD_ZERO] != 0u || head[BENTO_IMPL_HEAD_SIZE] < head_bytes) {
        return BENTO_E_CORRUPT;
    }
    if (head[BENTO_IMPL_HEAD_SIZE] > bytes) {
        return BENTO_E_SIZE;
    }
    *used = head[BENTO_IMPL_HEAD_SIZE];
    return BENTO_OK;
}

/* What a checker tests first: the counters' copy in the header equals the counters (both
 * structs of uint32_t, `bytes` long). */
static inline bool bento_impl_saved_matches(const void *saved, const void *state, size_t bytes)
{
    const uint32_t *a = (const uint32_t *)saved;
    const uint32_t *b = (const uint32_t *)state;
    size_t n;
    for (n = 0u; n < bytes / 4u; n++) {
        if (a[n] != b[n]) {
            return false;
        }
    }
    return true;
}

#endif /* BENTO_INTERNAL_H */
