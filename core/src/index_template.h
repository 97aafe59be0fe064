/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M3 M9 M12 M14 M15 M17 M18 M19 M22 M23 M26. */
/*
 * core/src/index_template.h - the hash index's routines, written once for both key widths.
 * Included by index.c and index_check.c (64-bit keys, 4-word slots) and by index32.c and
 * index32_check.c (32-bit keys, 3-word slots), each defining (index_key64.h, index_key32.h):
 *     IX            the index type              IX_KEY        the key type
 *     IX_ITER       its iterator type           IX_KIND       its kind in the buffer header
 *     IX_W          words per slot              IX_NAME(n)    public name, IX_INNER(n) internal
 *     IX_HASH(k)    the hash                    IX_BYTES(c)   bytes for c slots
 *     IX_SLOT_OF(w) slot number of word offset w (a multiple of IX_W; no division)
 *     IX_KEY_PUT(d, k), IX_KEY_GET(s), IX_KEY_COPY(d, s)  key words of a slot
 *     IX_KEY_LO(k), IX_KEY_HI(k)                          the key words of a key
 * and BENTO_IMPL_INDEX_OPS or BENTO_IMPL_INDEX_CHECKS to choose the routines. The scheme and the
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

/* Header word after the common four. */
#define P_CAPACITY 0u

/* Shared by init (IX_NAME(init)) and open (in the checker's object). */
bento_status IX_INNER(configure)(IX *ix, void *memory, size_t bytes, uint32_t capacity);

#ifdef BENTO_IMPL_INDEX_OPS

/*
 * Check the capacity and the buffer and fill the index's fixed fields, pointing its slots
 * into `memory`; the index is left inert on failure.
 */
bento_status IX_INNER(configure)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    BENTO_IMPL_INERT(ix);
    if (memory == NULL || capacity < 2u || capacity > BENTO_INDEX_MAX_CAPACITY ||
        !bento_impl_is_pow2(capacity)) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < IX_BYTES(capacity)) {
        return BENTO_E_SIZE;
    }
    ix->slots = (uint32_t *)(void *)((unsigned char *)memory + BENTO_IMPL_INDEX_HEAD);
    ix->saved = (bento_index_state *)(void *)((uint32_t *)memory + BENTO_IMPL_HEAD_PARAMS +
                                              BENTO_IMPL_INDEX_PARAMS);
    ix->capacity = capacity;
    ix->shift = 32u - bento_impl_log2(capacity);
    ix->mask = capacity - 1u;
    ix->max_count = BENTO_INDEX_MAX_COUNT(capacity);
    return BENTO_OK;
}

bento_status IX_NAME(init)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    uint32_t *head;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    status = IX_INNER(configure)(ix, memory, bytes, capacity);
    if (status != BENTO_OK) {
        return status;
    }
    head = (uint32_t *)memory;
    bento_impl_head_write(head, IX_KIND, IX_BYTES(capacity));
    head[BENTO_IMPL_HEAD_PARAMS + P_CAPACITY] = capacity;
    IX_NAME(clear)(ix);
    return BENTO_OK;
}

void IX_NAME(clear)(IX *ix)
{
    uint32_t i;
    BENTO_ASSERT(ix != NULL);
    for (i = 0u; i < ix->capacity; i++) {
        ix->slots[IX_W * i + TAG] = 0u;
    }
    ix->state.count = 0u;
    BENTO_IMPL_SAVE(ix);
}

/* The lookup of insert, upsert and remove: they walk the key's run next, so the branching
 * start serves them best on every core (bento/index.h, BENTO_INDEX_BRANCHLESS). */
static inline uint32_t *locate(const IX *ix, IX_KEY key)
{
    return bento_impl_index_walk(ix->slots, IX_HASH(key), ix->shift, ix->mask, IX_W, IX_KEY_LO(key),
                                 IX_KEY_HI(key), false);
}

/*
 * Move the entry of slot `from` one slot up or down (to `to`), its distance changed by `delta`
 * (+DIST_ONE or -DIST_ONE). When it is the first entry of its home, the home's group byte
 * follows it (it stays the first, so the group fingerprint stays). Home fields stay in their
 * slots. Every slot number is taken modulo the capacity.
 */
static inline void move_entry(uint32_t *slots, uint32_t mask, uint32_t to, uint32_t from,
                              uint32_t delta)
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

/* Add `key`, known to be absent. Every loop is bounded: by the distance cap, or by one lap of
 * the slots. */
static bento_status add(IX *ix, IX_KEY key, uint32_t value)
{
    const uint32_t h = IX_HASH(key);
    const uint32_t mask = ix->mask;
    uint32_t *const slots = ix->slots;
    const uint32_t home = h >> ix->shift;
    const uint32_t fp = h & 0xffu;
    uint32_t want = DIST_ONE | fp << 16;
    uint32_t at = home;
    uint32_t end, group;
    if (ix->state.count >= ix->max_count) {
        return BENTO_E_FULL; /* also the inert index: max_count 0 */
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
            return BENTO_E_CORRUPT; /* no empty slot: only a damaged buffer */
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
    ix->saved->count = ++ix->state.count;
    return BENTO_OK;
}

/* Insert, or (replace) overwrite the value of a key already there. */
static bento_status put(IX *ix, IX_KEY key, uint32_t value, bool replace)
{
    uint32_t *found = locate(ix, key);
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
    BENTO_ASSERT(ix != NULL);
    return put(ix, key, value, false);
}

bento_status IX_NAME(upsert)(IX *ix, IX_KEY key, uint32_t value)
{
    BENTO_ASSERT(ix != NULL);
    return put(ix, key, value, true);
}

bento_status IX_NAME(remove)(IX *ix, IX_KEY key, uint32_t *value)
{
    uint32_t mask, at, next, dist, n;
    uint32_t *slots, *group_of;
    const uint32_t *found;
    BENTO_ASSERT(ix != NULL);
    mask = ix->mask;
    slots = ix->slots;
    found = locate(ix, key);
    if (value != NULL) {
        *value = BENTO_NONE;
    }
    if (found == NULL) {
        return BENTO_E_NOT_FOUND;
    }
    if (ix->state.count == 0u) {
        return BENTO_E_CORRUPT; /* an entry the count does not know of */
    }
    at = IX_SLOT_OF((uint32_t)(found - VALUE - slots));
    if (value != NULL) {
        *value = *found;
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
    /* backward shift: every following entry away from its home moves one slot closer; at
     * most one lap of the slots */
    for (n = ix->capacity; n != 0u && slots[IX_W * next + TAG] >= 2u * DIST_ONE; n--) {
        move_entry(slots, mask, at, next, 0u - DIST_ONE);
        at = next;
        next = (next + 1u) & mask;
    }
    slots[IX_W * at + TAG] &= HOME;
    ix->saved->count = --ix->state.count;
    return BENTO_OK;
}

#endif /* BENTO_IMPL_INDEX_OPS */

#ifdef BENTO_IMPL_INDEX_CHECKS

bento_status IX_NAME(open)(IX *ix, void *memory, size_t bytes)
{
    const uint32_t *head = (const uint32_t *)memory;
    size_t used;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_INERT(ix);
    status = bento_impl_head_read(memory, bytes, IX_KIND, 4u, BENTO_IMPL_INDEX_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    status = IX_INNER(configure)(ix, memory, used, head[BENTO_IMPL_HEAD_PARAMS + P_CAPACITY]);
    if (status == BENTO_OK && used != IX_BYTES(ix->capacity)) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        BENTO_IMPL_INERT(ix);
        return BENTO_E_CORRUPT; /* the alignment was checked with the header */
    }
    bento_impl_save(&ix->state, ix->saved, sizeof ix->state);
    /* the count is trusted from here on: it must describe the slots exactly */
    if (ix->state.count > ix->max_count || IX_NAME(check)(ix) != BENTO_OK) {
        BENTO_IMPL_INERT(ix);
        return BENTO_E_CORRUPT;
    }
    return BENTO_OK;
}

void IX_NAME(iter_init)(IX_ITER *it, const IX *ix)
{
    BENTO_ASSERT(it != NULL && ix != NULL);
    it->key = 0u;
    it->value = NULL;
    it->index_ = ix;
    it->slot_ = 0u;
}

bool IX_NAME(iter_next)(IX_ITER *it)
{
    const IX *ix;
    BENTO_ASSERT(it != NULL);
    ix = it->index_;
    while (it->slot_ < ix->capacity) {
        uint32_t *s = ix->slots + IX_W * it->slot_++;
        if ((s[TAG] & ENTRY) != 0u) {
            it->key = IX_KEY_GET(s);
            it->value = s + VALUE;
            return true;
        }
    }
    it->value = NULL;
    return false;
}

/* The header's words and the count's copy, as init wrote them and the operations keep them. */
static bool header_sound(const IX *ix)
{
    const uint32_t *head = (const uint32_t *)(const void *)ix->saved - BENTO_IMPL_HEAD_PARAMS -
                           BENTO_IMPL_INDEX_PARAMS;
    return bento_impl_saved_matches(ix->saved, &ix->state, sizeof ix->state) &&
           bento_impl_head_is(head, IX_KIND, IX_BYTES(ix->capacity)) &&
           head[BENTO_IMPL_HEAD_PARAMS + P_CAPACITY] == ix->capacity;
}

bento_status IX_NAME(check)(const IX *ix)
{
    uint32_t mask, i, live = 0u, groups = 0u, group_bytes = 0u;
    const uint32_t *slots;
    BENTO_ASSERT(ix != NULL);
    if (ix->capacity == 0u) {
        return BENTO_OK; /* inert: an empty index of capacity 0 */
    }
    if (!header_sound(ix)) {
        return BENTO_E_CORRUPT;
    }
    mask = ix->mask;
    slots = ix->slots;
    for (i = 0u; i < ix->capacity; i++) {
        const uint32_t *s = slots + IX_W * i;
        const uint32_t t = s[TAG];
        const uint32_t dist = t >> 24;
        const uint32_t before = slots[IX_W * ((i - 1u) & mask) + TAG] & ENTRY;
        uint32_t h, j, home;
        /* a home without a group has no group fingerprint either */
        if ((t & GROUP) != 0u) {
            group_bytes++;
        } else if ((t & GROUP_FP) != 0u) {
            return BENTO_E_CORRUPT;
        }
        if ((t & ENTRY) == 0u) {
            continue;
        }
        live++;
        h = IX_HASH(IX_KEY_GET(s));
        home = (i - dist + 1u) & mask;
        /* the tag names the key's home slot and fingerprint */
        if (dist == 0u || (t >> 16 & 0xffu) != (h & 0xffu) || h >> ix->shift != home) {
            return BENTO_E_CORRUPT;
        }
        /* Robin Hood order: away from home only behind an entry with a tag at least one less */
        if (dist >= 2u && before < (t & ENTRY) - DIST_ONE) {
            return BENTO_E_CORRUPT;
        }
        /* the first entry of each home is named by the home's group byte (an entry at
         * distance 1 is first; any other is first unless the entry before has its home) */
        if (dist == 1u || before >> 24 != dist - 1u) {
            groups++;
            if ((slots[IX_W * home + TAG] & HOME) != ((t >> 8 & GROUP_FP) | dist)) {
                return BENTO_E_CORRUPT;
            }
        }
        /* entries of one home and fingerprint sit together: none may repeat this key. The
         * walk comes back to slot i only where the distances wrap all the way round (a
         * damaged buffer of 256 slots or more): there the key meets itself, and is refused */
        for (j = (i + 1u) & mask;
             (slots[IX_W * j + TAG] & ENTRY) == (t & ENTRY) + ((j - i) & mask) * DIST_ONE;
             j = (j + 1u) & mask) {
            if (IX_KEY_GET(slots + IX_W * j) == IX_KEY_GET(s)) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    /* at least one empty slot: the count stays below the capacity */
    return live == ix->state.count && live <= ix->max_count && groups == group_bytes
               ? BENTO_OK
               : BENTO_E_CORRUPT;
}

#endif /* BENTO_IMPL_INDEX_CHECKS */
