/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M29. */
/* core/src/index_key32.h - internal: how index_template.h stores 32-bit keys. Included by the
 * index's operations and by its checker, so both read buckets the same way. */
#define IX bento_index32
#define IX_ITER bento_index32_iter
#define IX_KEY uint32_t
#define IX_KIND BENTO_IMPL_KIND_INDEX32
#define IX_BW 10u
#define IX_KW 1u
#define IX_NAME(n) bento_index32_##n
#define IX_INNER(n) bento_impl_index32_##n
#define IX_HASH(k) bento_index32_hash(k)
#define IX_BYTES(c) BENTO_INDEX32_BYTES(c)
#define IX_KEY_GET(k) ((k)[0])
#define IX_KEY_PUT(k, key) ((k)[0] = (key))
