/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M29. */
/* core/src/index_key64.h - internal: how index_template.h stores 64-bit keys. Included by the
 * index's operations and by its checker, so both read buckets the same way. */
#define IX bento_index
#define IX_ITER bento_index_iter
#define IX_KEY uint64_t
#define IX_KIND BENTO_IMPL_KIND_INDEX
#define IX_BW 16u
#define IX_KW 2u
#define IX_NAME(n) bento_index_##n
#define IX_INNER(n) bento_impl_index_##n
#define IX_HASH(k) bento_index_hash(k)
#define IX_BYTES(c) BENTO_INDEX_BYTES(c)
#define IX_KEY_GET(k) ((uint64_t)(k)[1] << 32 | (k)[0])
#define IX_KEY_PUT(k, key) ((k)[0] = (uint32_t)(key), (k)[1] = (uint32_t)((key) >> 32))
