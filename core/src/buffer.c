/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M12 M15 M22 T1. */
/*
 * bento/buffer.c - what every container's buffer shares and is too long to inline: reading
 * its header at open, and the recovery of its journal after a reset (core/src/internal.h,
 * "buffer header" and "journal"). One copy in flash for every container.
 */
#include "internal.h"

bento_status bento_impl_head_read(const void *memory, size_t bytes, uint32_t kind, size_t align,
                                  size_t head_bytes, size_t *used)
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
    if (head[BENTO_IMPL_HEAD_MAGIC] != BENTO_IMPL_MAGIC ||
        head[BENTO_IMPL_HEAD_KIND] != (kind | BENTO_IMPL_JOURNALED) ||
        head[BENTO_IMPL_HEAD_ZERO] != 0u || head[BENTO_IMPL_HEAD_SIZE] < head_bytes) {
        return BENTO_E_CORRUPT;
    }
    if (head[BENTO_IMPL_HEAD_SIZE] > bytes) {
        return BENTO_E_SIZE;
    }
    *used = head[BENTO_IMPL_HEAD_SIZE];
    return BENTO_OK;
}


#if BENTO_POWER_SAFE

bento_status bento_impl_recover(void *memory, size_t used, void *saved, size_t state_bytes,
                                uint32_t entries, uint32_t *action, uint32_t *arg)
{
    uint32_t *const base = (uint32_t *)saved;
    const uint32_t journal = (uint32_t)(state_bytes / 4u);
    const uint32_t end = journal + BENTO_IMPL_JOURNAL_WORDS(entries);
    const size_t words = (used - (size_t)((unsigned char *)saved - (unsigned char *)memory)) / 4u;
    uint32_t *const log = base + journal;
    const uint32_t n = log[0];
    uint32_t i;
    *action = 0u;
    *arg = 0u;
    if (n == BENTO_IMPL_REDO) {
        *action = log[1];
        *arg = log[2];
        return BENTO_OK;
    }
    if (n > entries) {
        return BENTO_E_CORRUPT;
    }
    for (i = 0u; i < n; i++) {
        const uint32_t offset = log[3u + 2u * i];
        if (offset >= words || (offset >= journal && offset < end)) {
            return BENTO_E_CORRUPT;
        }
    }
    /* newest first: a word stored twice gets back its value from before the first store */
    for (i = n; i-- != 0u;) {
        base[log[3u + 2u * i]] = log[4u + 2u * i];
    }
    BENTO_BARRIER();
    log[0] = 0u;
    return BENTO_OK;
}

#endif
