/* SPDX-License-Identifier: MIT */
/*
 * core/src/index_template.h - the hash index's routines, written once for both key widths.
 * Included by index.c and index_check.c (64-bit keys, 4-word slots) and by index32.c and
 * index32_check.c (32-bit keys, 3-word slots), each defining:
 *     IX            the index type              IX_KEY        the key type
 *     IX_W          words per slot              IX_NAME(n)    public name, IX_INNER(n) internal
 *     IX_HASH(k)    the hash                    IX_BYTES(c)   bytes for c slots
 *     IX_WORD_MASK(c)  the mask the inline find uses (see the header)
 *     IX_SLOT_OF(w) slot index of word offset w (a multiple of IX_W; no division)
 *     IX_KEY_PUT(d, k), IX_KEY_GET(s), IX_KEY_COPY(d, s)  key words of a slot
 * and BENTO__INDEX_OPS or BENTO__INDEX_CHECKS to choose the routines. The scheme and the
 * contract are in bento/index.h.
 */

/* Slot words. */
#define TAG 0u
#define VALUE 1u
/* Tag word fields (see the header). */
#define DIST_ONE 0x01000000u  /* probe distance 1 */
#define DIST_LAST 0xff000000u /* the largest distance: an entry there cannot move further */
#define ENTRY 0xffff0000u     /* distance and fingerprint of the entry in this slot */
#define GROUP 0x000000ffu     /* distance of the first entry whose home is this slot */
#define GROUP_FP 0x0000ff00u  /* fingerprint of that entry (0 when the home has none) */
#define HOME 0x0000ffffu      /* the fields about this slot as a home: they never move */

#ifdef BENTO__INDEX_OPS

/* What an index that failed init looks at: the tag words of its two possible home slots (0
 * and 1 with shift 31), both empty; never written, since such an index is always full. */
static const uint32_t unusable_slots[5] = {0u, 0u, 0u, 0u, 0u};

bento_status IX_INNER(setup)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_status status = BENTO_OK;
    uint32_t bits = 1u;
    BENTO_ASSERT(ix != NULL);
    while (bits < 24u && (1ul << bits) < capacity) {
        bits++;
    }
    /* a power of two in [2, 2^24] */
    if (memory == NULL || capacity != 1ul << bits) {
        status = BENTO_E_ARGUMENT;
    } else if (!bento__is_aligned(memory, 4u)) {
        status = BENTO_E_ALIGN;
    } else if (bytes < IX_BYTES(capacity)) {
        status = BENTO_E_SIZE;
    }
    if (status != BENTO_OK) {
        /* an index that finds nothing and refuses every insert */
        memory = (void *)(uintptr_t)unusable_slots;
        capacity = 0u;
        bits = 1u;
    }
    ix->slots = (uint32_t *)memory;
    ix->capacity = capacity;
    ix->shift = 32u - bits;
    ix->word_mask = IX_WORD_MASK(capacity);
    ix->count = 0u;
    ix->max_count = capacity != 0u ? BENTO_INDEX_MAX_COUNT(capacity) : 0u;
    return status;
}

bento_status IX_NAME(init)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_status status = IX_INNER(setup)(ix, memory, bytes, capacity);
    if (status == BENTO_OK) {
        IX_NAME(clear)(ix);
    }
    return status;
}

void IX_NAME(clear)(IX *ix)
{
    uint32_t i;
    for (i = 0u; i < ix->capacity; i++) {
        ix->slots[IX_W * i + TAG] = 0u;
    }
    ix->count = 0u;
}

/*
 * Move the entry of slot `from` one slot up or down (to `to`), its distance changed by `delta`
 * (+DIST_ONE or -DIST_ONE). When it is the first entry of its home, the home's group byte
 * follows it (it stays the first, so the group fingerprint stays). Home fields stay in their
 * slots.
 */
static inline void move_entry(uint32_t *slots, uint32_t mask, uint32_t to, uint32_t from, uint32_t delta)
{
    const uint32_t *s = slots + IX_W * from;
    uint32_t *d = slots + IX_W * to;
    const uint32_t t = s[TAG];
    const uint32_t dist = t >> 24;
    uint32_t *group_of = slots + IX_W * ((from - dist + 1u) & mask) + TAG;
    if ((*group_of & GROUP) == dist) {
        *group_of = (*group_of & ~GROUP) | (t + delta) >> 24;
    }
    d[TAG] = (d[TAG] & HOME) | ((t & ENTRY) + delta);
    d[VALUE] = s[VALUE];
    IX_KEY_COPY(d, s);
}

/* Add `key`, known to be absent. */
static bento_status add(IX *ix, IX_KEY key, uint32_t value)
{
    const uint32_t h = IX_HASH(key);
    const uint32_t mask = ix->capacity - 1u;
    uint32_t *const slots = ix->slots;
    const uint32_t home = h >> ix->shift;
    const uint32_t fp = h & 0xffu;
    uint32_t want = DIST_ONE | fp << 16;
    uint32_t at = home;
    uint32_t end, group;
    if (ix->count >= ix->max_count) {
        return BENTO_E_FULL;
    }
    /* where the key belongs: the first slot whose entry tag is smaller (empty is 0) */
    while ((slots[IX_W * at + TAG] & ENTRY) >= want) {
        if (want >= DIST_LAST) {
            return BENTO_E_FULL;
        }
        want += DIST_ONE;
        at = (at + 1u) & mask;
    }
    /* the end of the run: every entry in it must be able to move one slot further */
    for (end = at; (slots[IX_W * end + TAG] & ENTRY) != 0u;) {
        if (slots[IX_W * end + TAG] >= DIST_LAST) {
            return BENTO_E_FULL;
        }
        end = (end + 1u) & mask;
        if (end == at) {
            return BENTO_E_CORRUPT; /* no empty slot: only damaged memory */
        }
    }
    /* shift [at, end) up by one, last first; a group that starts there starts one later */
    while (end != at) {
        const uint32_t from = (end - 1u) & mask;
        move_entry(slots, mask, end, from, DIST_ONE);
        end = from;
    }
    {
        uint32_t *d = slots + IX_W * at;
        d[TAG] = (d[TAG] & HOME) | want;
        d[VALUE] = value;
        IX_KEY_PUT(d, key);
    }
    /* the new entry starts its group when the group was empty or it went in front */
    group = slots[IX_W * home + TAG] & GROUP;
    if (group == 0u || group > want >> 24) {
        slots[IX_W * home + TAG] = (slots[IX_W * home + TAG] & ~HOME) | fp << 8 | want >> 24;
    }
    ix->count++;
    return BENTO_OK;
}

/* Insert, or (replace) overwrite the value of a key already there. */
static bento_status put(IX *ix, IX_KEY key, uint32_t value, bool replace)
{
    uint32_t *found = IX_NAME(find)(ix, key);
    if (found != NULL) {
        if (!replace) {
            return BENTO_E_EXISTS;
        }
        *found = value;
        return BENTO_OK;
    }
    return add(ix, key, value);
}

bento_status IX_NAME(insert)(IX *ix, IX_KEY key, uint32_t value)
{
    return put(ix, key, value, false);
}

bento_status IX_NAME(upsert)(IX *ix, IX_KEY key, uint32_t value)
{
    return put(ix, key, value, true);
}

bento_status IX_NAME(remove)(IX *ix, IX_KEY key, uint32_t *value)
{
    const uint32_t mask = ix->capacity - 1u;
    uint32_t *const slots = ix->slots;
    const uint32_t *found = IX_NAME(find)(ix, key);
    uint32_t at, next, dist, n;
    uint32_t *group_of;
    if (found == NULL) {
        return BENTO_E_NOT_FOUND;
    }
    at = IX_SLOT_OF((uint32_t)(found - slots) - VALUE);
    if (value != NULL) {
        *value = slots[IX_W * at + VALUE];
    }
    next = (at + 1u) & mask;
    /* the removed entry was the first of its home's group: the next entry, when it has the
     * same home, is the first now (and moves into this slot, at this distance); otherwise the
     * home has no group left */
    dist = slots[IX_W * at + TAG] >> 24;
    group_of = slots + IX_W * ((at - dist + 1u) & mask) + TAG;
    if ((*group_of & GROUP) == dist) {
        const uint32_t t = slots[IX_W * next + TAG];
        *group_of &= ~HOME;
        if (t >> 24 == dist + 1u) {
            *group_of |= (t >> 8 & GROUP_FP) | dist;
        }
    }
    /* backward shift: every following entry away from its home moves one slot closer */
    for (n = ix->capacity; n != 0u && slots[IX_W * next + TAG] >= 2u * DIST_ONE; n--) {
        move_entry(slots, mask, at, next, 0u - DIST_ONE);
        at = next;
        next = (next + 1u) & mask;
    }
    slots[IX_W * at + TAG] &= HOME;
    ix->count--;
    return BENTO_OK;
}

#endif /* BENTO__INDEX_OPS */

#ifdef BENTO__INDEX_CHECKS

bento_status IX_NAME(attach)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_status status = IX_INNER(setup)(ix, memory, bytes, capacity);
    uint32_t i;
    if (status != BENTO_OK) {
        return status;
    }
    for (i = 0u; i < capacity; i++) {
        ix->count += (ix->slots[IX_W * i] & ENTRY) != 0u ? 1u : 0u;
    }
    status = IX_NAME(check)(ix);
    if (status != BENTO_OK) {
        (void)IX_INNER(setup)(ix, NULL, 0u, 0u); /* unusable */
    }
    return status;
}

bool IX_NAME(next)(const IX *ix, uint32_t *cursor, IX_KEY *key, uint32_t *value)
{
    uint32_t i;
    for (i = *cursor; i < ix->capacity; i++) {
        const uint32_t *s = ix->slots + IX_W * i;
        if ((s[0] & ENTRY) != 0u) {
            *key = IX_KEY_GET(s);
            *value = s[1];
            *cursor = i + 1u;
            return true;
        }
    }
    *cursor = ix->capacity;
    return false;
}

bento_status IX_NAME(check)(const IX *ix)
{
    const uint32_t mask = ix->capacity - 1u;
    uint32_t i, live = 0u, empty = 0u, groups = 0u, group_bytes = 0u;
    if (ix->capacity < 2u || ix->capacity > BENTO_INDEX_MAX_CAPACITY || (ix->capacity & mask) != 0u ||
        ix->slots == NULL || ix->max_count != BENTO_INDEX_MAX_COUNT(ix->capacity) ||
        ix->count > ix->max_count || ((uint64_t)1 << (32u - (ix->shift & 31u))) != ix->capacity ||
        ix->word_mask != IX_WORD_MASK(ix->capacity)) {
        return BENTO_E_CORRUPT;
    }
    for (i = 0u; i < ix->capacity; i++) {
        const uint32_t *s = ix->slots + IX_W * i;
        const uint32_t t = s[0];
        const uint32_t dist = t >> 24;
        const uint32_t before = ix->slots[IX_W * ((i - 1u) & mask)] & ENTRY;
        uint32_t h, j, home;
        group_bytes += (t & GROUP) != 0u ? 1u : 0u;
        /* a home without a group has no group fingerprint either */
        if ((t & GROUP) == 0u && (t & GROUP_FP) != 0u) {
            return BENTO_E_CORRUPT;
        }
        if ((t & ENTRY) == 0u) {
            empty++;
            continue;
        }
        live++;
        h = IX_HASH(IX_KEY_GET(s));
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
            if ((ix->slots[IX_W * home] & HOME) != ((t >> 8 & GROUP_FP) | dist)) {
                return BENTO_E_CORRUPT;
            }
        }
        /* entries of one home and fingerprint sit together: none may repeat this key */
        for (j = (i + 1u) & mask; j != i; j = (j + 1u) & mask) {
            const uint32_t *o = ix->slots + IX_W * j;
            if ((o[0] & ENTRY) != (t & ENTRY) + ((j - i) & mask) * DIST_ONE) {
                break;
            }
            if (IX_KEY_GET(o) == IX_KEY_GET(s)) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    return live == ix->count && empty != 0u && groups == group_bytes ? BENTO_OK
                                                                     : BENTO_E_CORRUPT;
}

#endif /* BENTO__INDEX_CHECKS */
