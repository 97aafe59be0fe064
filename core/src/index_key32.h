/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M29. */
/* core/src/index_key32.h - internal: how index_template.h stores 32-bit keys. Included by the
 * index's operations and by its checker, so both read slots the same way. */
#define IX bento_index32
#define IX_ITER bento_index32_iter
#define IX_KEY uint32_t
#define IX_KIND BENTO_IMPL_KIND_INDEX32
#define IX_W 3u
#define IX_NAME(n) bento_index32_##n
#define IX_INNER(n) bento_impl_index32_##n
#define IX_HASH(k) bento_index32_hash(k)
#define IX_BYTES(c) BENTO_INDEX32_BYTES(c)
/* w is 3 * slot: multiplying by the inverse of 3 modulo 2^32 divides it exactly (Cortex-M0
 * has no divide instruction and no 64-bit multiply to divide by a constant with) */
#define IX_SLOT_OF(w) ((w) * 0xaaaaaaabu)
#define IX_KEY_PUT(d, k) ((d)[2] = (k))
#define IX_KEY_GET(s) ((s)[2])
#define IX_KEY_COPY(d, s) ((d)[2] = (s)[2])
#define IX_KEY_LO(k) (k)
#define IX_KEY_HI(k) 0u
