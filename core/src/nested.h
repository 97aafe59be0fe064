/* SPDX-License-Identifier: MIT */
/*
 * core/src/nested.h - internal: the operations of a container that lives inside another
 * container's buffer (the hash index inside a multi-value index, that one inside a spatial
 * hash). One operation of the outer container is one transaction in one journal, the outer
 * buffer's: these variants log the words they change into the journal `j` the caller began
 * (core/src/internal.h, "journal"), commit, store, and leave it to the caller to end it. The
 * inner buffer's own journal stays idle. Without BENTO_POWER_SAFE there is no journal and
 * the outer containers call the public functions.
 */
#ifndef BENTO_NESTED_H
#define BENTO_NESTED_H

#include <bento/multi_index.h>

#include "internal.h"

#if BENTO_POWER_SAFE
/* bento_index_insert and bento_index_remove (no value out): BENTO_OK once they stored (their
 * words committed in j), any other status with nothing logged. */
bento_status bento_impl_index_insert_logged(bento_index *ix, uint64_t key, uint32_t value,
                                            bento_impl_journal *j);
bento_status bento_impl_index_remove_logged(bento_index *ix, uint64_t key, bento_impl_journal *j);
#define BENTO_IMPL_INDEX_INSERT(ix, key, value, j) bento_impl_index_insert_logged(ix, key, value, j)
#define BENTO_IMPL_INDEX_REMOVE(ix, key, j) bento_impl_index_remove_logged(ix, key, j)

/* bento_multi_index_insert, _move and _remove_value: BENTO_OK once they stored (move also
 * BENTO_E_CORRUPT), any other status with nothing stored. */
bento_status bento_impl_multi_index_insert_logged(bento_multi_index *mi, uint64_t key,
                                                  uint32_t value, bento_impl_journal *j);
bento_status bento_impl_multi_index_move_logged(bento_multi_index *mi, uint64_t key,
                                                uint32_t value, bento_impl_journal *j);
bento_status bento_impl_multi_index_remove_value_logged(bento_multi_index *mi, uint32_t value,
                                                        bento_impl_journal *j);
#else
#define BENTO_IMPL_INDEX_INSERT(ix, key, value, j) bento_index_insert(ix, key, value)
#define BENTO_IMPL_INDEX_REMOVE(ix, key, j) bento_index_remove(ix, key, BENTO_IMPL_NULL)
#endif

#endif /* BENTO_NESTED_H */
