/* bento/index.c - the hash index. The contract and the scheme are in bento/index.h. */
#include <bento/index.h>

/* Slot words. */
#define TAG 0u
#define VALUE 1u
#define KEY_LO 2u
#define KEY_HI 3u
/* Tag word fields (see the header). */
#define DIST_ONE 0x01000000u  /* probe distance 1 */
#define DIST_LAST 0xff000000u /* the largest distance: an entry there cannot move further */
#define ENTRY 0xffff0000u     /* distance and fingerprint of the entry in this slot */
#define GROUP 0x000000ffu     /* distance of the first entry whose home is this slot */

/* What an index that failed init looks at: the tag words of its two possible home slots (0
 * and 1 with shift 31), both empty; never written, since such an index is always full. */
static const uint32_t unusable_slots[5] = {0u, 0u, 0u, 0u, 0u};

bento_status bento__index_setup(bento_index *ix, void *memory, size_t bytes, uint32_t capacity)
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
    } else if (!bento_is_aligned(memory, 4u)) {
        status = BENTO_E_ALIGN;
    } else if (bytes < BENTO_INDEX_BYTES(capacity)) {
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
    ix->word_mask = 4u * (capacity - 1u);
    ix->count = 0u;
    ix->max_count = capacity != 0u ? BENTO_INDEX_MAX_COUNT(capacity) : 0u;
    return status;
}

bento_status bento_index_init(bento_index *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_status status = bento__index_setup(ix, memory, bytes, capacity);
    if (status == BENTO_OK) {
        bento_index_clear(ix);
    }
    return status;
}

void bento_index_clear(bento_index *ix)
{
    uint32_t i;
    for (i = 0u; i < ix->capacity; i++) {
        ix->slots[4u * i + TAG] = 0u;
    }
    ix->count = 0u;
}

/*
 * Move the entry of slot `from` one slot up or down (to `to`), its distance changed by `delta`
 * (+DIST_ONE or -DIST_ONE). When it is the first entry of its home, the home's group byte
 * follows it. Group bytes stay in their slots.
 */
static void move_entry(uint32_t *slots, uint32_t mask, uint32_t to, uint32_t from, uint32_t delta)
{
    const uint32_t *s = slots + 4u * from;
    uint32_t *d = slots + 4u * to;
    const uint32_t t = s[TAG];
    const uint32_t dist = t >> 24;
    uint32_t *group_of = slots + 4u * ((from - dist + 1u) & mask) + TAG;
    if ((*group_of & GROUP) == dist) {
        *group_of = (*group_of & ~GROUP) | (t + delta) >> 24;
    }
    d[TAG] = (d[TAG] & GROUP) | ((t & ENTRY) + delta);
    d[VALUE] = s[VALUE];
    d[KEY_LO] = s[KEY_LO];
    d[KEY_HI] = s[KEY_HI];
}

/* Add `key`, known to be absent. */
static bento_status add(bento_index *ix, uint64_t key, uint32_t value)
{
    const uint32_t h = bento_index_hash(key);
    const uint32_t mask = ix->capacity - 1u;
    uint32_t *const slots = ix->slots;
    const uint32_t home = h >> ix->shift;
    uint32_t want = DIST_ONE | (h & 0xffu) << 16;
    uint32_t at = home;
    uint32_t end, group;
    if (ix->count >= ix->max_count) {
        return BENTO_E_FULL;
    }
    /* where the key belongs: the first slot whose entry tag is smaller (empty is 0) */
    while ((slots[4u * at + TAG] & ENTRY) >= want) {
        if (want >= DIST_LAST) {
            return BENTO_E_FULL;
        }
        want += DIST_ONE;
        at = (at + 1u) & mask;
    }
    /* the end of the run: every entry in it must be able to move one slot further */
    for (end = at; (slots[4u * end + TAG] & ENTRY) != 0u;) {
        if (slots[4u * end + TAG] >= DIST_LAST) {
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
        uint32_t *d = slots + 4u * at;
        d[TAG] = (d[TAG] & GROUP) | want;
        d[VALUE] = value;
        d[KEY_LO] = (uint32_t)key;
        d[KEY_HI] = (uint32_t)(key >> 32);
    }
    /* the new entry starts its group when the group was empty or it went in front */
    group = slots[4u * home + TAG] & GROUP;
    if (group == 0u || group > want >> 24) {
        slots[4u * home + TAG] = (slots[4u * home + TAG] & ~GROUP) | want >> 24;
    }
    ix->count++;
    return BENTO_OK;
}

/* Insert, or (replace) overwrite the value of a key already there. */
static bento_status put(bento_index *ix, uint64_t key, uint32_t value, bool replace)
{
    uint32_t *found = bento_index_find(ix, key);
    if (found != NULL) {
        if (!replace) {
            return BENTO_E_EXISTS;
        }
        *found = value;
        return BENTO_OK;
    }
    return add(ix, key, value);
}

bento_status bento_index_insert(bento_index *ix, uint64_t key, uint32_t value)
{
    return put(ix, key, value, false);
}

bento_status bento_index_upsert(bento_index *ix, uint64_t key, uint32_t value)
{
    return put(ix, key, value, true);
}

bento_status bento_index_remove(bento_index *ix, uint64_t key, uint32_t *value)
{
    const uint32_t mask = ix->capacity - 1u;
    uint32_t *const slots = ix->slots;
    const uint32_t *found = bento_index_find(ix, key);
    uint32_t at, next, dist, n;
    uint32_t *group_of;
    if (found == NULL) {
        return BENTO_E_NOT_FOUND;
    }
    at = (uint32_t)(found - slots) >> 2;
    if (value != NULL) {
        *value = slots[4u * at + VALUE];
    }
    next = (at + 1u) & mask;
    /* the removed entry was the whole group of its home: the home has none left */
    dist = slots[4u * at + TAG] >> 24;
    group_of = slots + 4u * ((at - dist + 1u) & mask) + TAG;
    if ((*group_of & GROUP) == dist && slots[4u * next + TAG] >> 24 != dist + 1u) {
        *group_of &= ~GROUP;
    }
    /* backward shift: every following entry away from its home moves one slot closer */
    for (n = ix->capacity; n != 0u && slots[4u * next + TAG] >= 2u * DIST_ONE; n--) {
        move_entry(slots, mask, at, next, 0u - DIST_ONE);
        at = next;
        next = (next + 1u) & mask;
    }
    slots[4u * at + TAG] &= GROUP;
    ix->count--;
    return BENTO_OK;
}
