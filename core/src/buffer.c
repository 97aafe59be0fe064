/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M9 M11 M12 M15 M17 M21 M22 M23 M25 M26 T1. */
/*
 * bento/buffer.c - what every container's buffer shares and is too long to inline: writing
 * its header at init, reading it back at open, and the recovery of its journal
 * after a reset (core/src/internal.h, "buffer header" and "journal"). One copy in flash for
 * every container.
 */
#include "internal.h"

/* The magic differs from its byte-swapped self: that is what refuses a buffer written on a
 * core of the other byte order (internal.h, "buffer header"). */
#define BENTO_IMPL_SWAPPED_MAGIC                                                                  \
    ((BENTO_IMPL_MAGIC >> 24) | ((BENTO_IMPL_MAGIC >> 8) & 0xff00u) |                             \
     ((BENTO_IMPL_MAGIC << 8) & 0xff0000u) | ((BENTO_IMPL_MAGIC << 24) & 0xff000000u))
#if BENTO_IMPL_SWAPPED_MAGIC == BENTO_IMPL_MAGIC
#error "BENTO_IMPL_MAGIC reads the same in both byte orders: it would not tell them apart"
#endif

/* Init: write the header's four words for a buffer of `kind`, `bytes` long, and the parameter
 * record `params` (`params_bytes` long, a struct of uint32_t). */
static void head_write(void *memory, uint32_t kind, size_t bytes, const void *params,
                       size_t params_bytes)
{
    uint32_t *head = (uint32_t *)memory;
    const uint32_t *p = (const uint32_t *)params;
    size_t i;
    head[BENTO_IMPL_HEAD_MAGIC] = BENTO_IMPL_MAGIC;
    head[BENTO_IMPL_HEAD_KIND] = kind | BENTO_IMPL_JOURNALED;
    head[BENTO_IMPL_HEAD_SIZE] = (uint32_t)bytes;
    head[BENTO_IMPL_HEAD_ZERO] = 0u;
    for (i = 0u; i < params_bytes / 4u; i++) {
        head[BENTO_IMPL_HEAD_WORDS + i] = p[i];
    }
}

bento_status bento_impl_head_read(const void *memory, size_t bytes, uint32_t kind,
                                  size_t head_bytes, size_t *used)
{
    const uint32_t *head = (const uint32_t *)memory;
    *used = 0u;
    if (memory == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < head_bytes) {
        return BENTO_E_SIZE;
    }
    if (head[BENTO_IMPL_HEAD_MAGIC] != BENTO_IMPL_MAGIC ||
        head[BENTO_IMPL_HEAD_KIND] != (kind | BENTO_IMPL_JOURNALED) ||
        head[BENTO_IMPL_HEAD_ZERO] != 0u || head[BENTO_IMPL_HEAD_SIZE] < head_bytes) {
        return BENTO_E_CORRUPT;
    }
    if (head[BENTO_IMPL_HEAD_SIZE] > bytes) {
        return BENTO_E_SIZE;
    }
    *used = (size_t)head[BENTO_IMPL_HEAD_SIZE]; /* at most bytes: it fits */
    return BENTO_OK;
}

/* The word an entry's offset names, or NULL when no operation could have logged it. */
static uint32_t *entry_word(uint32_t *base, size_t words, uint32_t journal, uint32_t end,
                           uint32_t *other, size_t other_words, uint32_t offset)
{
    if ((offset & BENTO_IMPL_OTHER) != 0u) {
        offset &= ~BENTO_IMPL_OTHER;
        return offset < other_words ? other + offset : NULL;
    }
    return offset < words && (offset < journal || offset >= end) ? base + offset : NULL;
}

/*
 * The journal of a buffer cut in the middle of an operation, taken back: its entries are
 * written back, newest first (the state before it), and the journal set idle; or it names a
 * pending action, answered in *action and *arg (0 and 0 otherwise): a redo once its entries
 * were stored (the container does it again: the state after), or an undoing one once its
 * entries were written back (the container undoes it: the state before). The journal keeps
 * naming the action until the container has done it, so that a reset during all this finds
 * the same journal again. `memory` and `used` are the buffer and the bytes its header says it
 * uses, `saved` the counters' copy (`state_bytes` long), `entries` the journal's room, `other`
 * and `other_words` the second region entries may name (NULL and 0 for none).
 * BENTO_E_CORRUPT for a journal no operation writes (more entries than room, an offset
 * outside the buffer or the region, or into the journal), the buffer untouched then.
 */
static bento_status take_back(void *memory, size_t used, void *saved, size_t state_bytes,
                              uint32_t entries, void *other, size_t other_words,
                              uint32_t *action, uint32_t *arg)
{
    uint32_t *const base = (uint32_t *)saved;
    const uint32_t journal = (uint32_t)(state_bytes / 4u);
    const uint32_t end = journal + BENTO_IMPL_JOURNAL_WORDS(entries);
    const size_t words = (used - (size_t)((unsigned char *)saved - (unsigned char *)memory)) / 4u;
    uint32_t *const log = base + journal;
    const uint32_t word = log[0];
    const uint32_t n = word & ~BENTO_IMPL_UNDOING;
    uint32_t i;
    *action = 0u;
    *arg = 0u;
    if (word == BENTO_IMPL_REDO) {
        *action = log[1];
        *arg = log[2];
        return BENTO_OK;
    }
    if (n > entries) {
        return BENTO_E_CORRUPT;
    }
    for (i = 0u; i < n; i++) {
        if (entry_word(base, words, journal, end, (uint32_t *)other, other_words,
                       log[3u + 2u * i]) == NULL) {
            return BENTO_E_CORRUPT;
        }
    }
    /* newest first: a word logged twice gets back its value from before the first store
     * (each names a word: tested above, and again where an analyser sees it, tests/prove) */
    for (i = n; i != 0u; i--) {
        const uint32_t *const entry = &log[3u + 2u * (i - 1u)]; /* its offset, its old value */
        uint32_t *const target = entry_word(base, words, journal, end, (uint32_t *)other,
                                            other_words, entry[0]);
        if (target != NULL) {
            *target = entry[1];
        }
    }
    if ((word & BENTO_IMPL_UNDOING) != 0u) {
        *action = log[1];
        *arg = log[2];
        return BENTO_OK; /* the container undoes its action, then sets the journal idle */
    }
    BENTO_BARRIER();
    log[0] = 0u;
    return BENTO_OK;
}

size_t bento_impl_layout_add(bento_impl_layout *l, uint32_t count, size_t each, size_t align)
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

/* ---------------------------------------------------------------- lifecycle */

/* True when the n words at a and b are equal. */
static bool same_words(const uint32_t *a, const uint32_t *b, size_t n)
{
    size_t i;
    for (i = 0u; i < n; i++) {
        if (a[i] != b[i]) {
            return false;
        }
    }
    return true;
}

/* The container's counters, and the pointer to their copy in the buffer: the lifecycle knows
 * that pointer's place, not its type (a pointer to the container's counters struct, or to
 * uint32_t), and reads and writes it as a void *, which every compiler the kit supports gives
 * the same representation; whole, since an analyser follows a pointer copied as a pointer,
 * not one copied as words (tests/prove). */
static void *counters_of(const bento_impl_kind *k, const void *x)
{
    return (unsigned char *)(uintptr_t)x + k->state_at;
}

static void **saved_field(const bento_impl_kind *k, const void *x)
{
    return (void **)(void *)((unsigned char *)(uintptr_t)x + k->saved_at);
}

static void *saved_of(const bento_impl_kind *k, const void *x)
{
    return *saved_field(k, x);
}

void bento_impl_inert(const bento_impl_kind *k, void *x)
{
    bento_impl_zero(x, k->size);
    *saved_field(k, x) = counters_of(k, x);
}

/* A level below x's own (nested structs are each the first member of the one that holds it,
 * so that one pointer is the struct of every level, seen through that level's kind): the
 * d-th kind down from k. */
static const bento_impl_kind *level(const bento_impl_kind *k, size_t d)
{
    while (d != 0u && k != NULL) {
        k = k->inner;
        d--;
    }
    return k;
}

/* The levels of a container: 1, and 1 for each container nested in it. */
static size_t levels(const bento_impl_kind *k)
{
    size_t n = 0u;
    while (k != NULL) {
        n++;
        k = k->inner;
    }
    return n;
}

/* Where a configured level's buffer starts: its header, before its record and counters. */
static void *memory_of(const bento_impl_kind *k, const void *x)
{
    return bento_impl_head_of(saved_of(k, x), k->record_bytes);
}

bento_status bento_impl_init(const bento_impl_kind *k, void *x, void *memory, size_t bytes,
                             const void *record, const void *with)
{
    uint32_t canonical[BENTO_IMPL_RECORD_WORDS];
    const bento_impl_kind *in;
    size_t used = 0u;
    bento_status status;
    bento_impl_inert(k, x);
    status = k->configure(x, memory, bytes, record, with, &used);
    if (status != BENTO_OK) {
        bento_impl_inert(k, x);
        return status;
    }
    /* the record as the container keeps it, which check compares; then the nested ones', each
       as its own init writes it, from what this configure configured */
    (void)k->record(x, canonical);
    head_write(memory, k->kind, used, canonical, k->record_bytes);
    for (in = k->inner; in != NULL; in = in->inner) {
        used = in->record(x, canonical);
        head_write(memory_of(in, x), in->kind, used, canonical, in->record_bytes);
    }
    bento_impl_lay_out(k, x);
    bento_impl_save(saved_of(k, x), counters_of(k, x), k->state_bytes);
    bento_impl_settle(saved_of(k, x), k->state_bytes);
    return BENTO_OK;
}

void bento_impl_lay_out(const bento_impl_kind *k, void *x)
{
    size_t d;
    for (d = levels(k); d != 0u; d--) {
        const bento_impl_kind *const at = level(k, d - 1u);
        if (at->empty != NULL) {
            at->empty(x);
        }
        if (at != k) {
            bento_impl_save(saved_of(at, x), counters_of(at, x), at->state_bytes);
            bento_impl_settle(saved_of(at, x), at->state_bytes);
        }
    }
}

/* The first step of an open once configured: an operation a reset cut is undone, or its
 * pending action done again (or undone) by the container, under the journal that still names
 * it, which is set idle only after that (internal.h, "journal"). */
static bento_status recover(const bento_impl_kind *k, void *x, void *memory, size_t used)
{
    void *saved;
    const uint32_t *other = NULL;
    size_t other_words = 0u;
    uint32_t action, arg;
    bento_status status;
    if (BENTO_IMPL_JOURNAL_WORDS(k->entries) == 0u) {
        return BENTO_OK; /* no journal (no BENTO_POWER_SAFE): no reset to recover from */
    }
    saved = saved_of(k, x);
    if (k->other != NULL) {
        other = k->other(x, &other_words);
    }
    status = take_back(memory, used, saved, k->state_bytes, k->entries,
                       (void *)(uintptr_t)other, other_words, &action, &arg);
    if (status == BENTO_OK && action != 0u) {
        status = k->redo != NULL ? k->redo(x, action, arg) : BENTO_E_CORRUPT;
        if (status == BENTO_OK) {
            bento_impl_settle(saved, k->state_bytes);
        }
    }
    return status;
}

/* One level of an open (bento_impl_open): its header read, its record as expected, it
 * configured, its journal recovered and its counters loaded; what it refuses it answers, the
 * container left as it is. */
static bento_status open_level(const bento_impl_kind *k, void *x, void *memory, size_t bytes,
                               const void *with, const void *expect)
{
    size_t used = 0u, layout = SIZE_MAX; /* a configure that says nothing: the buffer's fault */
    bento_status status = bento_impl_head_read(memory, bytes, k->kind, k->head_bytes, &used);
    if (status == BENTO_OK && expect != NULL &&
        !same_words((const uint32_t *)bento_impl_params_at(memory), (const uint32_t *)expect,
                    k->record_bytes / 4u)) {
        status = BENTO_E_CORRUPT; /* another type's buffer */
    }
    if (status == BENTO_OK) {
        status = k->configure(x, memory, used, bento_impl_params_at(memory), with, &layout);
        /* the record is the buffer's: what it refuses is damage, but for an alignment (the
           buffer's place, not its bytes) and a `with` too small (layout 0) */
        if (status == BENTO_OK) {
            status = layout == used ? BENTO_OK : BENTO_E_CORRUPT;
        } else if (status != BENTO_E_ALIGN && (status != BENTO_E_SIZE || layout != 0u)) {
            status = BENTO_E_CORRUPT;
        }
    }
    if (status == BENTO_OK) {
        status = recover(k, x, memory, used);
    }
    if (status == BENTO_OK) {
        /* the counters are trusted from here on: check verifies they describe the buffer */
        bento_impl_save(counters_of(k, x), saved_of(k, x), k->state_bytes);
    }
    return status;
}

bento_status bento_impl_open(const bento_impl_kind *k, void *x, void *memory, size_t bytes,
                             const void *with, const void *expect)
{
    const bento_impl_kind *in;
    bento_status status;
    bento_impl_inert(k, x);
    status = open_level(k, x, memory, bytes, with, expect);
    /* each nested level once the one that holds it is recovered, as that one configured it:
       any failure there is the buffer's damage */
    for (in = k->inner; in != NULL && status == BENTO_OK; in = in->inner) {
        uint32_t record[BENTO_IMPL_RECORD_WORDS];
        const size_t inner_bytes = in->record(x, record);
        if (open_level(in, x, memory_of(in, x), inner_bytes, NULL, record) != BENTO_OK) {
            status = BENTO_E_CORRUPT;
        }
    }
    if (status == BENTO_OK && bento_impl_check(k, x) != BENTO_OK) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        bento_impl_inert(k, x);
    }
    return status;
}

/* One level of a check, its header's and its invariants (bento_impl_check). */
static bento_status check_level(const bento_impl_kind *k, const void *x)
{
    const uint32_t *const saved = (const uint32_t *)saved_of(k, x);
    const uint32_t *const counters = (const uint32_t *)counters_of(k, x);
    const uint32_t *const head = saved - BENTO_IMPL_HEAD_WORDS - k->record_bytes / 4u;
    uint32_t record[BENTO_IMPL_RECORD_WORDS];
    const size_t bytes = k->record(x, record);
    /* the header as init wrote it, the counters' copy equal to the counters, an idle journal */
    if (head[BENTO_IMPL_HEAD_MAGIC] != BENTO_IMPL_MAGIC ||
        head[BENTO_IMPL_HEAD_KIND] != (k->kind | BENTO_IMPL_JOURNALED) ||
        head[BENTO_IMPL_HEAD_SIZE] != bytes || head[BENTO_IMPL_HEAD_ZERO] != 0u ||
        !same_words(head + BENTO_IMPL_HEAD_WORDS, record, k->record_bytes / 4u) ||
        !same_words(saved, counters, k->state_bytes / 4u) ||
        !bento_impl_journal_idle(saved, k->state_bytes)) {
        return BENTO_E_CORRUPT;
    }
    return k->invariants(x);
}

bento_status bento_impl_check(const bento_impl_kind *k, const void *x)
{
    size_t d;
    if (saved_of(k, x) == counters_of(k, x)) {
        return BENTO_OK; /* inert */
    }
    for (d = levels(k) - 1u; d != 0u; d--) {
        if (check_level(level(k, d), x) != BENTO_OK) {
            return BENTO_E_CORRUPT;
        }
    }
    return check_level(k, x);
}
