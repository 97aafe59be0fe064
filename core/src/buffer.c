/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M12 M15 M22 T1. */
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

void bento_impl_head_write(void *memory, uint32_t kind, size_t bytes, const void *params,
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

#if BENTO_POWER_SAFE

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

bento_status bento_impl_recover_with(void *memory, size_t used, void *saved, size_t state_bytes,
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
    /* newest first: a word logged twice gets back its value from before the first store */
    for (i = n; i-- != 0u;) {
        *entry_word(base, words, journal, end, (uint32_t *)other, other_words, log[3u + 2u * i]) =
            log[4u + 2u * i];
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

#endif
