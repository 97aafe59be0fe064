/*
 * bento/index_check.c - the hash index's invariant checker, reopening of a copied buffer and
 * iteration, apart from the index so that firmware that never calls them does not carry them.
 * The contract is in bento/index.h.
 */
#include <bento/index.h>

/* Tag word fields (see the header). */
#define DIST_ONE 0x01000000u
#define ENTRY 0xffff0000u
#define GROUP 0x000000ffu

bento_status bento_index_attach(bento_index *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_status status = bento__index_setup(ix, memory, bytes, capacity);
    uint32_t i;
    if (status != BENTO_OK) {
        return status;
    }
    for (i = 0u; i < capacity; i++) {
        ix->count += (ix->slots[4u * i] & ENTRY) != 0u ? 1u : 0u;
    }
    status = bento_index_check(ix);
    if (status != BENTO_OK) {
        (void)bento__index_setup(ix, NULL, 0u, 0u); /* unusable */
    }
    return status;
}

bool bento_index_next(const bento_index *ix, uint32_t *cursor, uint64_t *key, uint32_t *value)
{
    uint32_t i;
    for (i = *cursor; i < ix->capacity; i++) {
        const uint32_t *s = ix->slots + 4u * i;
        if ((s[0] & ENTRY) != 0u) {
            *key = (uint64_t)s[3] << 32 | s[2];
            *value = s[1];
            *cursor = i + 1u;
            return true;
        }
    }
    *cursor = ix->capacity;
    return false;
}

bento_status bento_index_check(const bento_index *ix)
{
    const uint32_t mask = ix->capacity - 1u;
    uint32_t i, live = 0u, empty = 0u, groups = 0u, group_bytes = 0u;
    if (ix->capacity < 2u || ix->capacity > BENTO_INDEX_MAX_CAPACITY || (ix->capacity & mask) != 0u ||
        ix->slots == NULL || ix->max_count != BENTO_INDEX_MAX_COUNT(ix->capacity) ||
        ix->count > ix->max_count || (1ul << (32u - (ix->shift & 31u))) != ix->capacity ||
        ix->word_mask != 4u * mask) {
        return BENTO_E_CORRUPT;
    }
    for (i = 0u; i < ix->capacity; i++) {
        const uint32_t *s = ix->slots + 4u * i;
        const uint32_t t = s[0];
        const uint32_t dist = t >> 24;
        const uint32_t before = ix->slots[4u * ((i - 1u) & mask)] & ENTRY;
        uint32_t h, j, home;
        group_bytes += (t & GROUP) != 0u ? 1u : 0u;
        if ((t & 0xff00u) != 0u) {
            return BENTO_E_CORRUPT;
        }
        if ((t & ENTRY) == 0u) {
            empty++;
            continue;
        }
        live++;
        h = bento_index_hash((uint64_t)s[3] << 32 | s[2]);
        home = (i - dist + 1u) & mask;
        /* the tag names the key's home slot and fingerprint */
        if (dist == 0u || ((t >> 16) & 0xffu) != (h & 0xffu) || (h >> ix->shift) != home) {
            return BENTO_E_CORRUPT;
        }
        /* Robin Hood order: away from home only behind an entry with a tag at least one less */
        if (dist >= 2u && before < (t & ENTRY) - DIST_ONE) {
            return BENTO_E_CORRUPT;
        }
        /* the first entry of each home is named by the home's group byte */
        if (dist == 1u || before >> 24 != dist - 1u) {
            groups++;
            if ((ix->slots[4u * home] & GROUP) != dist) {
                return BENTO_E_CORRUPT;
            }
        }
        /* entries of one home and fingerprint sit together: none may repeat this key */
        for (j = (i + 1u) & mask; j != i; j = (j + 1u) & mask) {
            const uint32_t *o = ix->slots + 4u * j;
            if ((o[0] & ENTRY) != (t & ENTRY) + ((j - i) & mask) * DIST_ONE) {
                break;
            }
            if (o[2] == s[2] && o[3] == s[3]) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    return live == ix->count && empty != 0u && groups == group_bytes ? BENTO_OK
                                                                     : BENTO_E_CORRUPT;
}
