/* SPDX-License-Identifier: MIT */
/*
 * core/src/nested.h - internal: the containers that live inside another container's buffer
 * (the hash index inside a multi-value index, that one inside a spatial hash). One operation
 * of the outer container is one operation in one journal, the outer buffer's: these variants
 * store through the journal `j` the caller began (core/src/internal.h, "journal"), and leave
 * it to the caller to end it; the inner buffer's own journal stays idle. Each answers BENTO_OK
 * once it stored, any other status with nothing stored (the multi-value index's move:
 * BENTO_E_CORRUPT too may come after stores). The public operations are these, in their own
 * journal.
 */
#ifndef BENTO_NESTED_H
#define BENTO_NESTED_H

#include <bento/multi_index.h>

#include "internal.h"

/* The kinds of what the outer containers hold: each is the inner of the kind that holds it,
 * whose configure calls its configure. The outermost's, which its redo lays out. */
extern const bento_impl_kind bento_impl_index_kind;
extern const bento_impl_kind bento_impl_multi_index_kind;
extern const bento_impl_kind bento_impl_spatial_hash_kind;

/* bento_index_insert (replace false) or _upsert (true), and bento_index_remove. */
bento_status bento_impl_index_put(bento_index *ix, bento_impl_journal *j, uint64_t key,
                                  uint32_t value, bool replace);
bento_status bento_impl_index_take(bento_index *ix, bento_impl_journal *j, uint64_t key,
                                   uint32_t *value);

/* bento_multi_index_insert, _move and _remove_value. */
bento_status bento_impl_multi_index_insert(bento_multi_index *mi, bento_impl_journal *j,
                                           uint64_t key, uint32_t value);
bento_status bento_impl_multi_index_move(bento_multi_index *mi, bento_impl_journal *j,
                                         uint64_t key, uint32_t value);
bento_status bento_impl_multi_index_remove_value(bento_multi_index *mi, bento_impl_journal *j,
                                                 uint32_t value);

#endif /* BENTO_NESTED_H */
