/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M13 M15 M19 M22 M25. */
/*
 * core/src/internal.h - what the containers' sources share: alignment, log2, copying,
 * overflow-safe byte counts, the buffer header, the journal (its one store primitive) and the
 * lifecycle (init, open, check and the inert state, core/src/buffer.c). Not installed; not
 * part of the API. Freestanding.
 */
#ifndef BENTO_INTERNAL_H
#define BENTO_INTERNAL_H

#include <bento/common.h>

/* ---------------------------------------------------------------- buffer header
 *
 * Every container's buffer starts with its header, BENTO_IMPL_HEAD_BYTES(words) bytes:
 *     word 0   BENTO_IMPL_MAGIC, "bnto" in the byte order of a little-endian core: the word
 *              says which byte order wrote the buffer. Its four bytes differ, so a core of the
 *              other byte order reads it byte-swapped, never equal to the magic, and open
 *              answers BENTO_E_CORRUPT before it reads anything else (tests/endian)
 *     word 1   kind << 16 | layout version of that kind
 *     word 2   bytes of the buffer the container uses (from the start of the header)
 *     word 3   0
 *     then     the container's parameter record (bento_impl_X_params, declared in its public
 *              header: what init was given), then a copy of its counters (its `state`), then
 *              its journal (below)
 * A container keeps its working state in its struct (written only by its own functions) and
 * writes every change of it through to the copy in the header, so the buffer alone reopens
 * it. Operations never read the copy: damage there shows in check and open, nowhere else.
 *
 * One protocol for every container, written once (core/src/buffer.c, "lifecycle" below):
 *     init    configure from the parameters (check them, point the arrays into the buffer),
 *             write the header, lay out the empty container, save the counters, set the
 *             journal idle
 *     open    read the header back, configure from its record, recover the journal, load the
 *             counters; then the same for the container nested in the buffer, and the one in
 *             that; check; inert on any failure
 *     check   the header as init wrote it and the operations keep it, then the container's
 *             invariants; the nested containers' first, innermost first
 * Each step runs over the containers nested in one another in a loop, never by a call into
 * itself: the lifecycle has no recursion, and its stack is what one level takes.
 * Each container writes its record from its struct in one function (its kind's `record`),
 * which init and check share; open reads the record back from the header only.
 */
#define BENTO_IMPL_MAGIC 0x6f746e62u

/* Kinds, and the layout version of each: a layout change bumps it, so open refuses buffers
 * written by a build with another layout instead of misreading them. The lifecycle adds
 * BENTO_IMPL_JOURNALED to the kind word of a buffer with a journal. */
#define BENTO_IMPL_KIND_POOL 0x0101u
#define BENTO_IMPL_KIND_SPARSE_SET 0x0203u
#define BENTO_IMPL_KIND_BLOCK_POOL 0x0302u
#define BENTO_IMPL_KIND_PAGED_SET 0x0402u
#define BENTO_IMPL_KIND_INDEX 0x0502u
#define BENTO_IMPL_KIND_INDEX32 0x0602u
#define BENTO_IMPL_KIND_MULTI_INDEX 0x0704u
#define BENTO_IMPL_KIND_SPATIAL_HASH 0x0804u
#define BENTO_IMPL_KIND_GRID 0x0901u

#if BENTO_POWER_SAFE
#define BENTO_IMPL_JOURNALED 0x0080u
#else
#define BENTO_IMPL_JOURNALED 0u
#endif

/* Word offsets in the header, and the words before the parameter record. */
#define BENTO_IMPL_HEAD_MAGIC 0u
#define BENTO_IMPL_HEAD_KIND 1u
#define BENTO_IMPL_HEAD_SIZE 2u
#define BENTO_IMPL_HEAD_ZERO 3u
#define BENTO_IMPL_HEAD_WORDS 4u

/* For helpers shared by several functions: one copy in flash, not one per caller. */
#if defined(__GNUC__) || defined(__clang__)
#define BENTO_IMPL_NOINLINE __attribute__((noinline))
#else
#define BENTO_IMPL_NOINLINE
#endif

/* True in a build that asks for the least code (gcc's and clang's -Os and -Oz), or when the
 * build defines it to 1: where the kit keeps a path twice for speed (the hash index's insert
 * and remove, once per key width), it then keeps one copy, which reads from the container
 * what the copies had as a constant (less code, a few more instructions and stack words). The
 * boards' benchmarks are built at -O2, the footprint, `make size` and `make stack` at -Os.
 * Tested in both forms: the small one by the AVR suites (-Os), a host configuration and a cut
 * test of its own (-DBENTO_IMPL_SMALL=1). */
#ifndef BENTO_IMPL_SMALL
#if defined(__OPTIMIZE_SIZE__)
#define BENTO_IMPL_SMALL 1
#else
#define BENTO_IMPL_SMALL 0
#endif
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

/* Zero n bytes of a container struct (p 4-aligned) word by word; where the ABI aligns nothing
 * to 4 (AVR) a struct's size need not be a multiple of 4, and the bytes past its last whole
 * word are zeroed too (elsewhere they do not exist, and the loop is left out: a second loop
 * changes how gcc inlines this one). */
static inline void bento_impl_zero(void *p, size_t n)
{
    uint32_t *w = (uint32_t *)p;
#if defined(__BIGGEST_ALIGNMENT__) && __BIGGEST_ALIGNMENT__ < 4
    unsigned char *b = (unsigned char *)p + (n & ~(size_t)3u);
    size_t k;
    for (k = n & 3u; k != 0u; k--) {
        *b++ = 0u;
    }
#endif
    for (n >>= 2; n != 0u; n--) {
        *w++ = 0u;
    }
}

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
 * The most bytes a buffer may use: what its header records (a uint32_t) and size_t holds. That
 * is UINT32_MAX, or SIZE_MAX where size_t is narrower (BENTO_IMPL_NARROW_SIZE: 16 bits on AVR
 * and MSP430). Element
 * sizes, strides and buffer sizes the containers keep in uint32_t fields were checked against
 * it at init and open, so converting them to size_t loses nothing.
 */
/* Where int is 16 bits (BENTO_IMPL_INT16), size_t is narrower than 32 bits too (AVR, MSP430);
 * the code under this is right for any size_t of at most 32 bits. */
#define BENTO_IMPL_NARROW_SIZE BENTO_IMPL_INT16
#if BENTO_IMPL_NARROW_SIZE
#define BENTO_IMPL_BYTES_MAX ((size_t)SIZE_MAX)
#else
#define BENTO_IMPL_BYTES_MAX ((size_t)UINT32_MAX)
#endif

/* A byte count read from a buffer's header (a uint32_t) as a size_t, before configure checks
 * it: exact where it fits, SIZE_MAX where it does not (16-bit size_t), which no layout holds,
 * so configure refuses it instead of working with a size cut to 16 bits. */
static inline size_t bento_impl_size_of(uint32_t n)
{
#if BENTO_IMPL_NARROW_SIZE
    return n > SIZE_MAX ? SIZE_MAX : (size_t)n;
#else
    return n;
#endif
}

/* True when `head` + `count` * `each` bytes (each >= 1) fit in size_t, for the byte counts the
 * headers' macros compute in size_t (BENTO_INDEX_BYTES, a sort's scratch): they could wrap
 * only where size_t is narrower than the uint32_t count (16-bit cores); where it is 32 bits or
 * more, the containers' limits on count keep them in range, and this is true. */
static inline bool bento_impl_fits(uint32_t count, size_t each, size_t head)
{
#if BENTO_IMPL_NARROW_SIZE
    return count <= (SIZE_MAX - head) / each;
#else
    (void)count;
    (void)each;
    (void)head;
    return true;
#endif
}

/*
 * Overflow-safe byte counts for a buffer layout: arrays are placed one after the other, each
 * aligned; any overflow of size_t (only possible where it is 32 or 16 bits wide) turns the
 * layout invalid instead of wrapping. Init and open only (it divides).
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
size_t bento_impl_layout_add(bento_impl_layout *l, uint32_t count, size_t each, size_t align);

/* The end of every configure(): the layout fits in 4 GiB and in size_t (BENTO_E_ARGUMENT
 * otherwise), the buffer is aligned to `align` (BENTO_E_ALIGN) and holds the layout
 * (BENTO_E_SIZE). */
static inline bento_status bento_impl_layout_fits(const bento_impl_layout *l, const void *memory,
                                                  size_t align, size_t bytes)
{
    if (!l->ok || l->bytes > BENTO_IMPL_BYTES_MAX) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, align)) {
        return BENTO_E_ALIGN;
    }
    return bytes < l->bytes ? BENTO_E_SIZE : BENTO_OK;
}

/* Where the counters' copy of a buffer at `memory` sits: after the four words and the
 * parameter record (`params_bytes` long). */
static inline void *bento_impl_saved_at(void *memory, size_t params_bytes)
{
    return (uint32_t *)memory + BENTO_IMPL_HEAD_WORDS + params_bytes / 4u;
}

/* The buffer whose counters' copy is `saved`: the inverse of bento_impl_saved_at. */
static inline void *bento_impl_head_of(void *saved, size_t params_bytes)
{
    return (uint32_t *)saved - BENTO_IMPL_HEAD_WORDS - params_bytes / 4u;
}

/*
 * Open: read a header back. BENTO_E_ARGUMENT for NULL memory, BENTO_E_ALIGN when it is not
 * 4-aligned, BENTO_E_SIZE when it is shorter than a header of `head_bytes`, BENTO_E_CORRUPT
 * when the header does not name `kind` in this layout, BENTO_E_SIZE when it says it uses more
 * bytes than there are. On BENTO_OK *used holds those bytes, and the parameter record is
 * read where it is (bento_impl_params_at): open configures from it.
 */
bento_status bento_impl_head_read(const void *memory, size_t bytes, uint32_t kind,
                                  size_t head_bytes, size_t *used);

/* The parameter record of the buffer at `memory` (its header read by bento_impl_head_read). */
static inline const void *bento_impl_params_at(const void *memory)
{
    return (const uint32_t *)memory + BENTO_IMPL_HEAD_WORDS;
}

/* True when no operation is in flight in the buffer whose counters' copy is `saved` (`bytes`
 * long): what check verifies of the journal (open has recovered it before). */
static inline bool bento_impl_journal_idle(const void *saved, size_t bytes)
{
#if BENTO_POWER_SAFE
    return ((const uint32_t *)saved)[bytes / 4u] == 0u;
#else
    (void)saved;
    (void)bytes;
    return true;
#endif
}

/* ---------------------------------------------------------------- journal
 *
 * With BENTO_POWER_SAFE, a buffer's header holds a journal after the counters' copy:
 *     word 0      the journal word: 0 (idle), n (n entries in force) or BENTO_IMPL_REDO
 *     words 1, 2  the pending action and its argument (meaningful under BENTO_IMPL_REDO)
 *     then        the entries: two words each, a word's offset (in words from the counters'
 *                 copy) and the value it held before the operation
 * An operation changes its buffer through one primitive, bento_impl_put (below): it writes
 * the word's entry (its offset and its value now), then the journal word that counts it, then
 * the new value. So at every store a reset finds each word the operation changed either
 * unchanged or named by an entry in force, and open writes the entries back, newest first:
 * the state before. Once its last store is made, the operation sets the journal idle
 * (bento_impl_done): the state after. An operation that ends with work no entry can hold (a
 * value moved into the hole a removal left, state bytes cleared, cells relaid out) makes its
 * entries' stores first, then names that work as its pending action (bento_impl_redo: the
 * journal word BENTO_IMPL_REDO, the entries dropped), then does it: a reset from there on
 * leaves an action that open does again (work whose every store gives the same bytes done
 * twice, or that keeps its progress in the journal's room): the state after. Stores into
 * memory that is no part of the state before the operation (the slot an insert fills, past
 * the count) need no entry, only to come before the journal is idle again.
 *
 * Without BENTO_POWER_SAFE the journal has no words and every call below compiles to nothing.
 */
#define BENTO_IMPL_REDO 0x80000000u
/* A journal word of n | BENTO_IMPL_UNDOING: n entries in force and a pending action that undoes
 * the rest of the operation (a paged set's page taken from its pool: given back). */
#define BENTO_IMPL_UNDOING 0x40000000u
/* An entry's offset with this bit counts words from the second region its container names
 * (a paged set's pages, in its pool's buffer) instead of from the counters' copy. */
#define BENTO_IMPL_OTHER 0x80000000u

typedef struct bento_impl_journal {
    uint32_t *base;   /* the counters' copy: offsets count words from here */
#if BENTO_POWER_SAFE  /* without, no more: the journal lives on the stack of every operation */
    uint32_t *log;    /* the journal word; the action, its argument and the entries follow */
    uint32_t n;       /* entries logged */
    uint32_t undoing; /* BENTO_IMPL_UNDOING once an undoing action is named, else 0 */
#endif
} bento_impl_journal;

/* Start an operation's journal: that of the buffer whose counters' copy is `saved` (`bytes`
 * long), which its counters are stored through (BENTO_IMPL_SET). Only on a container that is
 * not inert: an inert one's copy is its own counters. */
static inline void bento_impl_begin(bento_impl_journal *j, void *saved, size_t bytes)
{
    j->base = (uint32_t *)saved;
#if BENTO_POWER_SAFE
    j->log = j->base + bytes / 4u;
    j->n = 0u;
    j->undoing = 0u;
#else
    (void)bytes;
#endif
}
#define BENTO_IMPL_BEGIN(j, x) bento_impl_begin((j), (x)->saved, sizeof (x)->state)

#if BENTO_POWER_SAFE
/* A word of a buffer as the journal reads it: through a type that may alias any other, since
 * the word may hold halfwords (sparse entries) or bytes (block states). */
#if defined(__GNUC__) || defined(__clang__)
typedef uint32_t __attribute__((__may_alias__)) bento_impl_word;
#else
typedef uint32_t bento_impl_word;
#endif
/* The stores to `before` are made before any later store to `after`: with the compiler's own
 * barrier, an empty asm that reads the one and may change the other, which orders those two
 * objects and leaves every other value where the compiler keeps it; with a barrier the port
 * defined (one that also cleans a cache, say), that barrier. */
#if defined(BENTO_IMPL_COMPILER_BARRIER)
#define BENTO_IMPL_ORDER(before, after) __asm__ __volatile__("" : "+m"(after) : "m"(before))
#define BENTO_IMPL_ORDER2(before, also, after)                                                    \
    __asm__ __volatile__("" : "+m"(after) : "m"(before), "m"(also))
#else
#define BENTO_IMPL_ORDER(before, after) BENTO_BARRIER()
#define BENTO_IMPL_ORDER2(before, also, after) BENTO_BARRIER()
#endif

/* Log a word, `offset` words from the journal's base (or, with BENTO_IMPL_OTHER, from the
 * second region), with `old`, the value it holds, and put the entry in force: the entry
 * first, then the journal word that counts it. The caller's store comes after that (ordered
 * by BENTO_IMPL_ORDER): a reset before the count finds the word unchanged; after it, open
 * writes the old value back. */
static inline void bento_impl_log_word(bento_impl_journal *j, uint32_t offset, uint32_t old)
{
    uint32_t *const entry = j->log + 3u + 2u * j->n;
    entry[0] = offset;
    entry[1] = old;
    BENTO_IMPL_ORDER2(entry[0], entry[1], j->log[0]);
    j->log[0] = ++j->n | j->undoing;
}

/* Log the word that holds byte p of the buffer (past the journal's base, which is 4-aligned):
 * its offset from the base, and its value, read from the base by that offset (so an analyser
 * sees the word inside the buffer, which it cannot through an address rounded as an
 * integer). */
static inline void bento_impl_log_around(bento_impl_journal *j, const void *p)
{
    const uint32_t offset =
        (uint32_t)((const unsigned char *)p - (const unsigned char *)j->base) >> 2;
    bento_impl_log_word(j, offset, ((const bento_impl_word *)j->base)[offset]);
}
#endif

/*
 * The one way an operation changes its buffer: bento_impl_put(j, &word, value) stores value
 * into the word (put16 into a halfword, put8 into a byte, BENTO_IMPL_SET into a counter);
 * with BENTO_POWER_SAFE it logs the word first (bento_impl_log_word). So an operation's own
 * code is the list of the words it changes, and a reset at any instant finds each of them
 * unchanged or logged. Without BENTO_POWER_SAFE each is a plain store.
 */
static inline void bento_impl_put(bento_impl_journal *j, uint32_t *word, uint32_t value)
{
#if BENTO_POWER_SAFE
    bento_impl_log_word(j, (uint32_t)(word - j->base), *word);
    BENTO_IMPL_ORDER(j->log[0], *word);
#else
    (void)j;
#endif
    *word = value;
}

static inline void bento_impl_put16(bento_impl_journal *j, uint16_t *half, uint16_t value)
{
#if BENTO_POWER_SAFE
    bento_impl_log_around(j, half);
    BENTO_IMPL_ORDER(j->log[0], *half);
#else
    (void)j;
#endif
    *half = value;
}

static inline void bento_impl_put8(bento_impl_journal *j, uint8_t *byte, uint8_t value)
{
#if BENTO_POWER_SAFE
    bento_impl_log_around(j, byte);
    BENTO_IMPL_ORDER(j->log[0], *byte);
#else
    (void)j;
#endif
    *byte = value;
}

/* bento_impl_put for a word of the second region, which starts at `other` (a paged set's
 * pages, in its pool's buffer). */
static inline void bento_impl_put_other(bento_impl_journal *j, const uint32_t *other,
                                        uint32_t *word, uint32_t value)
{
#if BENTO_POWER_SAFE
    bento_impl_log_word(j, BENTO_IMPL_OTHER | (uint32_t)(word - other), *word);
    BENTO_IMPL_ORDER(j->log[0], *word);
#else
    (void)j;
    (void)other;
#endif
    *word = value;
}

/* The journal's room: the words of its entries, which a pending action that has no entry in
 * force (its stores made, or none yet) may use for what it must keep across a reset (a
 * window of bytes it holds, its progress). Without BENTO_POWER_SAFE there is no room (NULL),
 * and no reset to keep anything across: the action keeps it in its own locals. */
static inline uint32_t *bento_impl_room(const bento_impl_journal *j)
{
#if BENTO_POWER_SAFE
    return j->log + 3u;
#else
    (void)j;
    return BENTO_IMPL_NULL;
#endif
}

/* True when the journal keeps what a pending action needs across a reset (it has a room):
 * an action a reset can cut must then work so that open can resume it (keep its progress,
 * hold what it moves in the room); without, nothing cuts it, and it may work in place. The
 * few actions whose two forms differ (a sort's rows, a grid's relayout) ask this; a constant,
 * so each build keeps one form. */
static inline bool bento_impl_durable(const bento_impl_journal *j)
{
    return bento_impl_room(j) != BENTO_IMPL_NULL;
}

/* The stores before it made before the stores after it, when the journal keeps them across a
 * reset (BENTO_BARRIER); nothing otherwise. */
static inline void bento_impl_fence(void)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
#endif
}

/* Word `at` of the room set to `value`, in order with the stores around it (nothing without
 * BENTO_POWER_SAFE). */
static inline void bento_impl_note(uint32_t *room, uint32_t at, uint32_t value)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    room[at] = value;
    BENTO_BARRIER();
#else
    (void)room;
    (void)at;
    (void)value;
#endif
}

/* Keep n words of a pending action's progress in the room, from word `at`: the word that
 * says which of the two records after it is in force, then those records, n words each. The
 * one not in force is written, then one store puts it in force: a reset finds the one before
 * or the one after, whole. Without BENTO_POWER_SAFE, nothing. */
static inline void bento_impl_keep(uint32_t *room, uint32_t at, const uint32_t *words, uint32_t n)
{
#if BENTO_POWER_SAFE
    const uint32_t slot = (room[at] & 1u) ^ 1u;
    uint32_t *const rec = room + at + 1u + n * slot;
    uint32_t i;
    for (i = 0u; i < n; i++) {
        rec[i] = words[i];
    }
    BENTO_BARRIER();
    room[at] = slot;
    BENTO_BARRIER();
#else
    (void)room;
    (void)at;
    (void)words;
    (void)n;
#endif
}

/* The record in force that bento_impl_keep left from word `at` (n words), or NULL when the
 * word that says which is damaged: what open resumes an action from. */
static inline const uint32_t *bento_impl_kept(const uint32_t *room, uint32_t at, uint32_t n)
{
    return room[at] > 1u ? BENTO_IMPL_NULL : room + at + 1u + n * room[at];
}

/* Set counter `field` of container x to `value`: the struct's, and its copy in the buffer,
 * found from the journal's base (x's copy: j began on x), a constant offset away, which the
 * compiler keeps in a register; a counter of a container nested in another's buffer, whose
 * operations run in the outer journal (core/src/nested.h), is set with BENTO_IMPL_SET_NESTED,
 * which finds the copy through x. */
#define BENTO_IMPL_SET(j, x, field, value)                                                        \
    ((x)->state.field = (value),                                                              \
     bento_impl_put((j),                                                                      \
                    (j)->base + (size_t)((const unsigned char *)&(x)->state.field -           \
                                         (const unsigned char *)&(x)->state) / 4u,            \
                    (x)->state.field))
#define BENTO_IMPL_SET_NESTED(j, x, field, value)                                                 \
    ((x)->state.field = (value), bento_impl_put((j), &(x)->saved->field, (x)->state.field))

/* Name `action` (with `arg`), the rest of the operation that no entry can undo and that the
 * container does next: after a reset, open writes the entries back and the container undoes
 * the action (gives a page it took back). Before the first bento_impl_put: the entries that
 * follow keep it named. */
static inline void bento_impl_undoing(bento_impl_journal *j, uint32_t action, uint32_t arg)
{
#if BENTO_POWER_SAFE
    j->undoing = BENTO_IMPL_UNDOING;
    j->log[1] = action;
    j->log[2] = arg;
    BENTO_BARRIER();
    j->log[0] = j->n | BENTO_IMPL_UNDOING;
    BENTO_BARRIER();
#else
    (void)j;
    (void)action;
    (void)arg;
#endif
}

/* Every word of the operation is stored: what remains is `action` (with `arg`), which the
 * container does next, and which its open does again after a reset. */
static inline void bento_impl_redo(bento_impl_journal *j, uint32_t action, uint32_t arg)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    j->log[1] = action;
    j->log[2] = arg;
    BENTO_BARRIER();
    j->log[0] = BENTO_IMPL_REDO;
    BENTO_BARRIER();
#else
    (void)j;
    (void)action;
    (void)arg;
#endif
}

/* The pending action, done in steps that each leave the buffer resumable, has advanced: its
 * argument is now `arg` (one word: a reset before it resumes from the old one, after it from
 * this one). */
static inline void bento_impl_progress(bento_impl_journal *j, uint32_t arg)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    j->log[2] = arg;
    BENTO_BARRIER();
#else
    (void)j;
    (void)arg;
#endif
}

/* The journal of the buffer whose counters' copy is `saved` (`bytes` long) made idle: at init,
 * and at open once the pending action of a cut operation is done. */
static inline void bento_impl_settle(void *saved, size_t bytes)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    ((uint32_t *)saved)[bytes / 4u] = 0u;
#else
    (void)saved;
    (void)bytes;
#endif
}

/* The operation is complete: the journal is idle again. */
static inline void bento_impl_done(bento_impl_journal *j)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    j->log[0] = 0u;
#else
    (void)j;
#endif
}

/* The end of an operation that stores nothing unless it answers BENTO_OK: the journal idle
 * again once it stored. Answers `status`. */
static inline bento_status bento_impl_end(bento_impl_journal *j, bento_status status)
{
    if (status == BENTO_OK) {
        bento_impl_done(j);
    }
    return status;
}

/* ---------------------------------------------------------------- lifecycle
 *
 * One lifecycle for every container (core/src/buffer.c): init, open, check and the inert
 * state, written once. A container says what it is once, in a bento_impl_kind constant in its
 * source file: its kind in the header, where its counters and their copy sit in its struct,
 * its parameter record and journal, and the few functions only it can supply:
 *     configure   check a parameter record (and `with`: a sparse set's columns, a paged set's
 *                 page pool) against a buffer of `bytes` and point the struct's arrays into
 *                 it; *used: the bytes its layout takes. It answers BENTO_E_ARGUMENT,
 *                 BENTO_E_ALIGN or BENTO_E_SIZE as init does; open answers BENTO_E_CORRUPT for
 *                 all but an alignment (the record is the buffer's) and a BENTO_E_SIZE with
 *                 *used 0, which says that `with` is too small (a sparse set's columns)
 *     record      the parameter record of a configured container (what init writes, check
 *                 compares); it answers the bytes of the buffer
 *     empty       lay out its part of the empty container in the buffer and set its
 *                 counters; the container nested in it is laid out before (bento_impl_lay_out).
 *                 NULL: nothing of its own (a spatial hash: its cells are its multi-value
 *                 index's)
 *     redo        a reset left `action` pending: do it again (a redo), or undo it (an undoing
 *                 action, once the entries were written back); BENTO_E_CORRUPT for an action
 *                 it never names
 *     inner       the kind of the container nested in its buffer right after its header, whose
 *                 struct is the first member of its struct (configure configures it from the
 *                 record, the lifecycle lays it out and opens it). NULL: none
 *     invariants  check its invariants, once the header is sound
 *     other       the second region its entries may name (a paged set's pages): where it
 *                 starts, *words its length. NULL: none
 */
typedef struct bento_impl_kind {
    uint32_t kind;         /* BENTO_IMPL_KIND_X: its kind and layout version */
    uint16_t size;         /* of the container struct */
    uint16_t state_at;     /* where its counters are in it */
    uint16_t saved_at;     /* where the pointer to their copy is */
    uint16_t state_bytes;  /* of its counters */
    uint16_t record_bytes; /* of its parameter record: at most BENTO_IMPL_RECORD_WORDS words */
    uint16_t head_bytes;   /* the least a header of its kind takes */
    uint32_t entries;      /* its journal's room */
    bento_status (*configure)(void *x, void *memory, size_t bytes, const void *record,
                              const void *with, size_t *used);
    size_t (*record)(const void *x, void *record);
    void (*empty)(void *x);
    bento_status (*redo)(void *x, uint32_t action, uint32_t arg);
    const struct bento_impl_kind *inner;
    bento_status (*invariants)(const void *x);
    const uint32_t *(*other)(const void *x, size_t *words);
} bento_impl_kind;
#define BENTO_IMPL_RECORD_WORDS 8u

/* A kind's redo, as its kind names it: without BENTO_POWER_SAFE no journal names an action,
 * and the function is left out (with what only it calls, which the operations may then keep
 * inlined). */
#define BENTO_IMPL_REDO_OF(redo) (BENTO_POWER_SAFE ? (redo) : BENTO_IMPL_NULL)

/* The kind of container X: its struct type X, its counters' type, its record type, its
 * header's bytes and its journal's entries. */
#define BENTO_IMPL_KIND(kind, X, state_type, record_type, head, entries)                          \
    (kind), (uint16_t)sizeof(X), (uint16_t)offsetof(X, state), (uint16_t)offsetof(X, saved),      \
        (uint16_t)sizeof(state_type), (uint16_t)sizeof(record_type), (uint16_t)(head), (entries)

/* The kind of container X with no counters of its own (a spatial hash): its journal follows
 * its record, and its `saved` points to it (when inert, to itself: the struct). */
#define BENTO_IMPL_KIND_STATELESS(kind, X, record_type, head, entries)                            \
    (kind), (uint16_t)sizeof(X), (uint16_t)offsetof(X, saved), (uint16_t)offsetof(X, saved), 0u,  \
        (uint16_t)sizeof(record_type), (uint16_t)(head), (entries)

/* A parameter given to init as a record word: a size_t that does not fit in 32 bits becomes
 * UINT32_MAX, which no container takes, instead of a smaller size. */
static inline uint32_t bento_impl_record_size(size_t n)
{
    return n > (size_t)UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* A small parameter packed into 8 bits of a record word: 255 when it does not fit (no
 * container takes 255 for any of them). */
static inline uint32_t bento_impl_record_small(unsigned n)
{
    return n > 0xffu ? 0xffu : (uint32_t)n;
}

/* Leave x inert (bento/common.h): its struct zeroed, its counters' copy its own counters. */
void bento_impl_inert(const bento_impl_kind *k, void *x);

/* Init: configure from `record` (and `with`), write the header, lay out the empty container,
 * save its counters and settle its journal; inert on any failure. */
bento_status bento_impl_init(const bento_impl_kind *k, void *x, void *memory, size_t bytes,
                             const void *record, const void *with);

/* Lay out x empty, its headers aside: the part of each container nested in its buffer,
 * innermost first, its counters saved and its journal idle; then x's own part (k->empty),
 * whose counters its caller saves (init) or its journal does (a clear, and a clear's redo).
 * Init writes every header before (a nested one's as its own init would), a clear leaves them
 * as they are. */
void bento_impl_lay_out(const bento_impl_kind *k, void *x);

/* Open: read the header, configure from its record (and `with`), recover the journal, load
 * the counters, then the same for each container nested in the buffer (as it was configured:
 * BENTO_E_CORRUPT for any failure there), check; inert on any failure. With `expect` (a typed
 * open: the record init would write for the type), a header whose record is another is
 * refused with BENTO_E_CORRUPT before anything is stored. */
bento_status bento_impl_open(const bento_impl_kind *k, void *x, void *memory, size_t bytes,
                             const void *with, const void *expect);

/* Check: BENTO_OK for an inert container; else, for each container nested in its buffer,
 * innermost first, and then for it: the header as init wrote it and the operations keep it,
 * then the container's invariants. */
bento_status bento_impl_check(const bento_impl_kind *k, const void *x);

#endif /* BENTO_INTERNAL_H */
