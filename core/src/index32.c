/* bento/index32.c - the hash index, 32-bit keys. The contract is in bento/index.h. */
/* Insert and remove go on to walk the key's run after their lookup, so its branches are the
 * cheaper start here on every core (see bento/index.h). */
#define BENTO_INDEX_BRANCHLESS 0
#include <bento/index.h>

#define IX bento_index32
#define IX_KEY uint32_t
#define IX_W 3u
#define IX_NAME(n) bento_index32_##n
#define IX_INNER(n) bento__index32_##n
#define IX_HASH(k) bento_index32_hash(k)
#define IX_BYTES(c) BENTO_INDEX32_BYTES(c)
#define IX_WORD_MASK(c) ((c) - 1u)
/* w is 3 * slot: multiplying by the inverse of 3 modulo 2^32 divides it exactly */
#define IX_SLOT_OF(w) ((w) * 0xaaaaaaabu)
#define IX_KEY_PUT(d, k) ((d)[2] = (k))
#define IX_KEY_GET(s) ((s)[2])
#define IX_KEY_COPY(d, s) ((d)[2] = (s)[2])
#define BENTO__INDEX_OPS
#include "index_template.h"
