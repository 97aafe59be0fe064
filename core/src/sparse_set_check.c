/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M12 M15 M22 M26. */
/*
 * bento/sparse_set_check.c - the sparse set's invariant checker, apart from the set so that
 * firmware that never calls it (nor open) does not carry it. The contract is in
 * bento/sparse_set.h.
 */
#include <bento/sparse_set.h>

#include "internal.h"

/* The header's words and the counters' copy, as init wrote them and the operations keep them. */
static bool header_sound(const bento_sparse_set *set)
{
    const uint32_t *saved = (const uint32_t *)(const void *)set->saved;
    const uint32_t *head =
        saved - BENTO_IMPL_HEAD_PARAMS - BENTO_IMPL_SPARSE_SET_PARAMS - set->column_count;
    const uint32_t *params = head + BENTO_IMPL_HEAD_PARAMS;
    uint32_t c;
    if (set->saved->count != set->state.count ||
        !bento_impl_head_is(head, BENTO_IMPL_KIND_SPARSE_SET, set->bytes) ||
        params[0] != set->universe || params[1] != set->capacity ||
        params[2] != (set->index_bits | (uint32_t)set->generation_bits << 8) ||
        params[3] != set->column_count) {
        return false;
    }
    for (c = 0u; c < set->column_count; c++) {
        if (params[BENTO_IMPL_SPARSE_SET_PARAMS + c] != set->columns[c].size) {
            return false;
        }
    }
    return true;
}

bento_status bento_sparse_set_check(const bento_sparse_set *set)
{
    uint32_t absent;
    uint32_t p;
    uint32_t index;
    uint32_t taken = 0u;
    BENTO_ASSERT(set != NULL);
    absent = set->wide != 0u ? 0xffffffffu : 0xffffu;
    if (set->capacity == 0u) {
        return BENTO_OK; /* inert: an empty set of capacity 0 */
    }
    if (!header_sound(set) || set->state.count > set->capacity) {
        return BENTO_E_CORRUPT;
    }
    /* every present key: no stray bits, inside the universe, its entry pointing back at it;
       two keys of one index cannot both be pointed at */
    for (p = 0u; p < set->state.count; p++) {
        const uint32_t key = set->dense[p];
        index = key & set->index_mask;
        if ((key & set->stray) != 0u || index >= set->universe ||
            bento_impl_sparse_set_entry(set, index) != (bento_impl_sparse_set_tag(set, key) | p)) {
            return BENTO_E_CORRUPT;
        }
    }
    /* and every other entry ABSENT: as many entries in use as keys present */
    for (index = 0u; index < set->universe; index++) {
        taken += bento_impl_sparse_set_entry(set, index) != absent ? 1u : 0u;
    }
    return taken == set->state.count ? BENTO_OK : BENTO_E_CORRUPT;
}
