/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M29. */
/* core/src/index_key64.h - internal: how index_template.h stores 64-bit keys. Included by the
 * index's operations and by its checker, so both read slots the same way. */
#define IX bento_index
#define IX_ITER bento_index_iter
#define IX_KEY uint64_t
#define IX_KIND BENTO_IMPL_KIND_INDEX
#define IX_W 4u
#define IX_NAME(n) bento_index_##n
#define IX_INNER(n) bento_impl_index_##n
#define IX_HASH(k) bento_index_hash(k)
#define IX_BYTES(c) BENTO_INDEX_BYTES(c)
#define IX_SLOT_OF(w) ((w) >> 2)
#define IX_KEY_PUT(d, k) ((d)[2] = (uint32_t)(k), (d)[3] = (uint32_t)((k) >> 32))
#define IX_KEY_GET(s) ((uint64_t)(s)[3] << 32 | (s)[2])
#define IX_KEY_COPY(d, s) ((d)[2] = (s)[2], (d)[3] = (s)[3])
#define IX_KEY_LO(k) ((uint32_t)(k))
#define IX_KEY_HI(k) ((uint32_t)((k) >> 32))
