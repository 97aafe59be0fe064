/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M12 M13 M15 M19 M22 M25. */
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
 * One protocol for every container, all of it in the container's one source file:
 *     init    configure from the parameters (check them, point the arrays into the buffer),
 *             write the header (bento_impl_head_write), lay out the empty container, save the
 *             counters, settle the journal
 *     open    read the header back (bento_impl_head_read: its record), configure from the
 *             record, recover the journal, load the counters, check; inert on any failure
 *     check   the header as init wrote it and the operations keep it (bento_impl_head_sound),
 *             then the container's invariants
 * Each container writes its record from its struct in one function (params_of), which init
 * and check share, and reads it back in open only.
 */
#define BENTO_IMPL_MAGIC 0x6f746e62u

/* Kinds, and the layout version of each: a layout change bumps it, so open refuses buffers
 * written by a build with another layout instead of misreading them. The header functions
 * below add BENTO_IMPL_JOURNALED to the kind word of a buffer with a journal. */
#define BENTO_IMPL_KIND_POOL 0x0101u
#define BENTO_IMPL_KIND_SPARSE_SET 0x0202u
#define BENTO_IMPL_KIND_BLOCK_POOL 0x0302u
#define BENTO_IMPL_KIND_PAGED_SET 0x0402u
#define BENTO_IMPL_KIND_INDEX 0x0502u
#define BENTO_IMPL_KIND_INDEX32 0x0602u
#define BENTO_IMPL_KIND_MULTI_INDEX 0x0702u
#define BENTO_IMPL_KIND_SPATIAL_HASH 0x0802u
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
static inline size_t bento_impl_layout_add(bento_impl_layout *l, uint32_t count, size_t each,
                                           size_t align)
{
    const size_t at = BENTO_ALIGN_UP(l->bytes, align);
    if (at < l->bytes || (each != 0u && count > (SIZE_MAX - at) / each)) {
        l->ok = false;
        return 0u;
    }
    /* count fits in size_t here unless each is 0 (then the product is 0 either way) */
    l->bytes = at + (size_t)count * each;
    return at;
}

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

/* Init: write the header's four words for a buffer of `kind`, `bytes` long, and the parameter
 * record `params` (`params_bytes` long, a struct of uint32_t). */
void bento_impl_head_write(void *memory, uint32_t kind, size_t bytes, const void *params,
                           size_t params_bytes);

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

/* True when the n words at a and b are equal. */
static inline bool bento_impl_same_words(const uint32_t *a, const uint32_t *b, size_t n)
{
    size_t i;
    for (i = 0u; i < n; i++) {
        if (a[i] != b[i]) {
            return false;
        }
    }
    return true;
}

/* Check: the header as init wrote it (`kind`, `bytes`, the record `params`) and as the
 * operations keep it (the counters' copy `saved` equal to the counters `state`, `state_bytes`
 * long; the journal idle). The first thing every checker verifies. Inline: the sizes are
 * constants, the record a few words the compiler keeps in registers, and the checkers run
 * nested inside open (a spatial hash's opens a multi-value index and a hash index). */
static inline bool bento_impl_head_sound(const void *saved, const void *state, size_t state_bytes,
                                         uint32_t kind, size_t bytes, const void *params,
                                         size_t params_bytes)
{
    const uint32_t *copy = (const uint32_t *)saved;
    const uint32_t *head = copy - BENTO_IMPL_HEAD_WORDS - params_bytes / 4u;
    return head[BENTO_IMPL_HEAD_MAGIC] == BENTO_IMPL_MAGIC &&
           head[BENTO_IMPL_HEAD_KIND] == (kind | BENTO_IMPL_JOURNALED) &&
           head[BENTO_IMPL_HEAD_SIZE] == bytes && head[BENTO_IMPL_HEAD_ZERO] == 0u &&
           bento_impl_same_words(head + BENTO_IMPL_HEAD_WORDS, (const uint32_t *)params,
                                 params_bytes / 4u) &&
           bento_impl_same_words(copy, (const uint32_t *)state, state_bytes / 4u) &&
           bento_impl_journal_idle(saved, state_bytes);
}
#define BENTO_IMPL_HEAD_SOUND(x, kind, bytes, params)                                             \
    bento_impl_head_sound((x)->saved, &(x)->state, sizeof (x)->state, (kind), (bytes), (params), \
                          sizeof *(params))

/* ---------------------------------------------------------------- journal
 *
 * With BENTO_POWER_SAFE, a buffer's header holds a journal after the counters' copy:
 *     word 0      the journal word: 0 (idle), n (n entries in force) or BENTO_IMPL_REDO
 *     words 1, 2  the pending action and its argument (meaningful under BENTO_IMPL_REDO)
 *     then        the entries: two words each, a word's offset (in words from the counters'
 *                 copy) and the value it held before the operation
 * An operation that changes the buffer first logs every word it will change (an entry with
 * the word's value now), then commits them (the journal word counts them), then stores the
 * new values, then sets the journal idle: a reset before the commit finds the buffer
 * untouched, one after it finds entries in force that open writes back, newest first: the
 * state before. An operation that ends with a copy no entry can hold (a value moved into the
 * hole a removal left, state bytes cleared) stores every word first, then names the copy as
 * its pending action (journal word BENTO_IMPL_REDO), then copies: a reset from there on
 * leaves an action that open does again (a copy from memory the operation does not write
 * gives the same bytes done twice): the state after. BENTO_BARRIER() keeps each step's
 * stores before the next one's. Stores into memory that is no part of the state before the
 * operation (the slot an insert fills, past the count) need no entry, only to come before
 * the journal is idle again (bento_impl_done).
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
    uint32_t *base; /* the counters' copy: offsets count words from here */
    uint32_t *log;  /* the journal word; the action, its argument and the entries follow */
    uint32_t n;     /* entries logged */
} bento_impl_journal;

/* Start an operation's journal: that of the buffer whose counters' copy is `saved` (`bytes`
 * long). Only on a container that is not inert: an inert one's copy is its own counters. */
static inline void bento_impl_begin(bento_impl_journal *j, void *saved, size_t bytes)
{
#if BENTO_POWER_SAFE
    j->base = (uint32_t *)saved;
    j->log = j->base + bytes / 4u;
    j->n = 0u;
#else
    (void)j;
    (void)saved;
    (void)bytes;
#endif
}
#if BENTO_POWER_SAFE
#define BENTO_IMPL_BEGIN(j, x) bento_impl_begin((j), (x)->saved, sizeof (x)->state)
#else
/* nothing read: even a dead load of the counters' copy here changes how gcc schedules the
   operation (measured: 8 more bytes of create on the Cortex-M0) */
#define BENTO_IMPL_BEGIN(j, x) bento_impl_begin((j), BENTO_IMPL_NULL, 0u)
#endif

#if BENTO_POWER_SAFE
/* Log an entry: the offset that names a word, and the value the word holds. */
static inline void bento_impl_log_entry(bento_impl_journal *j, uint32_t offset, uint32_t value)
{
    uint32_t *entry = j->log + 3u + 2u * j->n++;
    entry[0] = offset;
    entry[1] = value;
}
#endif

/* Log the word `offset` words from the counters' copy, with the value it holds. */
static inline void bento_impl_log_at(bento_impl_journal *j, uint32_t offset)
{
#if BENTO_POWER_SAFE
    bento_impl_log_entry(j, offset, j->base[offset]);
#else
    (void)j;
    (void)offset;
#endif
}

/* Log the word that holds byte p of the buffer (a word, or a part of one: the entry holds
 * the whole word around it). */
static inline void bento_impl_log(bento_impl_journal *j, const void *p)
{
#if BENTO_POWER_SAFE
    bento_impl_log_at(j, (uint32_t)((uintptr_t)((const unsigned char *)p -
                                                (const unsigned char *)j->base) >> 2));
#else
    (void)j;
    (void)p;
#endif
}

/* Log `word`, a word of the second region, which starts at `other`. */
static inline void bento_impl_log_other(bento_impl_journal *j, const uint32_t *other,
                                        const uint32_t *word)
{
#if BENTO_POWER_SAFE
    bento_impl_log_entry(j, BENTO_IMPL_OTHER | (uint32_t)(word - other), *word);
#else
    (void)j;
    (void)other;
    (void)word;
#endif
}

/* Log the counter `bytes` from the start of the counters' copy. */
static inline void bento_impl_log_counter(bento_impl_journal *j, size_t bytes)
{
    bento_impl_log_at(j, (uint32_t)(bytes / sizeof(uint32_t)));
}
/* Log counter `field` of the counters' copy (a member of `type`, the container's state). */
#define BENTO_IMPL_LOG_COUNTER(j, type, field) bento_impl_log_counter((j), offsetof(type, field))

/* Every word the operation changes is logged: from here on a reset undoes it. */
static inline void bento_impl_commit(bento_impl_journal *j)
{
#if BENTO_POWER_SAFE
    BENTO_BARRIER();
    j->log[0] = j->n;
    BENTO_BARRIER();
#else
    (void)j;
#endif
}

#if BENTO_POWER_SAFE
/* Name the pending action `action` (with `arg`), then make `word` the journal word. */
static inline void bento_impl_pending(bento_impl_journal *j, uint32_t word, uint32_t action,
                                      uint32_t arg)
{
    j->log[1] = action;
    j->log[2] = arg;
    BENTO_BARRIER();
    j->log[0] = word;
    BENTO_BARRIER();
}
#endif

/* As bento_impl_commit, with `action` (and `arg`) the step of the operation that no entry
 * can undo and that the container does next (taking a page from the pool): after a reset,
 * open writes the entries back and the container undoes the action (gives the page back). */
static inline void bento_impl_commit_undoing(bento_impl_journal *j, uint32_t action, uint32_t arg)
{
#if BENTO_POWER_SAFE
    bento_impl_pending(j, j->n | BENTO_IMPL_UNDOING, action, arg);
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
    bento_impl_pending(j, BENTO_IMPL_REDO, action, arg);
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
#define BENTO_IMPL_SETTLE(x) bento_impl_settle((x)->saved, sizeof (x)->state)


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

/*
 * The first step of every open after configure: a buffer whose journal is not idle was cut
 * in the middle of an operation. Its entries are written back, newest first (the state before
 * it), and the journal left idle; or it has a pending action, answered in *action and *arg
 * (*action is 0 otherwise): a redo action after its entries were all stored (the container
 * does it again: the state after), or an undoing one after its entries were written back (the
 * container undoes it: the state before); the container then sets the journal idle
 * (bento_impl_done), so that a reset during all this finds the same journal again. `memory`
 * and `used` are the buffer and the bytes its header says it uses, `saved` the counters' copy
 * (`state_bytes` long), `entries` the journal's room, `other` and `other_words` the second
 * region entries may name (NULL and 0 for none). BENTO_E_CORRUPT for a journal no operation
 * writes (more entries than room, an offset outside the buffer or the region, or into the
 * journal), the buffer untouched then. Without BENTO_POWER_SAFE: BENTO_OK and nothing to do.
 */
#if BENTO_POWER_SAFE
bento_status bento_impl_recover_with(void *memory, size_t used, void *saved, size_t state_bytes,
                                     uint32_t entries, void *other, size_t other_words,
                                     uint32_t *action, uint32_t *arg);
#else
static inline bento_status bento_impl_recover_with(void *memory, size_t used, void *saved,
                                                   size_t state_bytes, uint32_t entries,
                                                   void *other, size_t other_words,
                                                   uint32_t *action, uint32_t *arg)
{
    (void)memory;
    (void)used;
    (void)saved;
    (void)state_bytes;
    (void)entries;
    (void)other;
    (void)other_words;
    *action = 0u;
    *arg = 0u;
    return BENTO_OK;
}
#endif
static inline bento_status bento_impl_recover(void *memory, size_t used, void *saved,
                                              size_t state_bytes, uint32_t entries,
                                              uint32_t *action, uint32_t *arg)
{
    return bento_impl_recover_with(memory, used, saved, state_bytes, entries, NULL, 0u, action,
                                   arg);
}

#endif /* BENTO_INTERNAL_H */
