/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M9 M12 M15 M17 M19 M22 M23 M26 M30 T1. */
/* bento/multi_index.c - the multi-value index. The contract is in bento/multi_index.h. */
#include <bento/multi_index.h>

#include "internal.h"
#include "nested.h"

#define NONE BENTO_NONE

/* Pending actions (bento_impl_redo): the clear; the unlisting of the values of a key that
 * remove_key took out of the hash index (argument: its first value, whose key_of names it). */
#define CLEAR_ALL 1u
#define UNLIST 2u

size_t bento_impl_multi_index_bytes(uint32_t key_capacity, uint32_t value_capacity,
                                    uint32_t id_bits)
{
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_MULTI_INDEX_HEAD);
    if (key_capacity < BENTO_INDEX_MIN_CAPACITY || key_capacity > BENTO_INDEX_MAX_CAPACITY ||
        !bento_impl_is_pow2(key_capacity) || value_capacity == 0u ||
        value_capacity >= BENTO_MULTI_INDEX_MAX_VALUES || id_bits == 0u || id_bits > 32u ||
        (id_bits < 32u && value_capacity > (uint32_t)1 << id_bits) ||
        !bento_impl_fits(key_capacity, BENTO_INDEX_BYTES(1u) - BENTO_INDEX_BYTES(0u),
                         BENTO_INDEX_BYTES(0u))) {
        return 0u;
    }
    (void)bento_impl_layout_add(&layout, 1u, BENTO_INDEX_BYTES(key_capacity), 4u);
    /* next, prev, key_of, and the stamps */
    (void)bento_impl_layout_add(&layout, value_capacity, id_bits < 32u ? 20u : 16u, 4u);
    return layout.ok && layout.bytes <= BENTO_IMPL_BYTES_MAX ? layout.bytes : 0u;
}

/*
 * Check a parameter record and the buffer and point the lists into `memory`, and the hash
 * index inside at BENTO_IMPL_MULTI_INDEX_HEAD (configured, not read: the lifecycle lays it out
 * and opens it, its kind this kind's inner).
 */
static bento_status multi_index_configure(void *x, void *memory, size_t bytes, const void *record,
                                          const void *with, size_t *used)
{
    bento_multi_index *const mi = (bento_multi_index *)x;
    const bento_impl_multi_index_params *const p = (const bento_impl_multi_index_params *)record;
    const size_t total =
        bento_impl_multi_index_bytes(p->key_capacity, p->value_capacity, p->id_bits);
    bento_impl_index_params keys;
    size_t keys_bytes;
    bento_status status;
    (void)with;
    if (memory == NULL || total == 0u) {
        return BENTO_E_ARGUMENT;
    }
    *used = total;
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < total) {
        return BENTO_E_SIZE;
    }
    /* cannot fail, the capacity and the buffer checked above; its answer is this one's all
       the same, as an analyser does not see that the alignment of the buffer inside follows
       from this one's (tests/prove) */
    keys.capacity = p->key_capacity;
    status = bento_impl_index_kind.configure(
        &mi->keys, (unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD,
        BENTO_INDEX_BYTES(p->key_capacity), &keys, NULL, &keys_bytes);
    mi->next = (uint32_t *)(void *)((unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD +
                                    BENTO_INDEX_BYTES(p->key_capacity));
    mi->prev = mi->next + p->value_capacity;
    mi->key_of = mi->prev + p->value_capacity;
    mi->stamps = p->id_bits < 32u ? mi->key_of + 2u * (size_t)p->value_capacity : NULL;
    mi->id_mask = p->id_bits < 32u ? ((uint32_t)1 << p->id_bits) - 1u : 0xffffffffu;
    mi->saved = (bento_multi_index_state *)bento_impl_saved_at(
        memory, sizeof(bento_impl_multi_index_params));
    mi->value_capacity = p->value_capacity;
    return status;
}

/* The parameter record of a configured index, and its buffer's bytes. */
static size_t multi_index_record(const void *x, void *record)
{
    const bento_multi_index *const mi = (const bento_multi_index *)x;
    bento_impl_multi_index_params *const p = (bento_impl_multi_index_params *)record;
    p->key_capacity = mi->keys.capacity;
    p->value_capacity = mi->value_capacity;
    p->id_bits = bento_impl_multi_index_id_bits(mi);
    return BENTO_MULTI_INDEX_BYTES(p->key_capacity, p->value_capacity, p->id_bits);
}

/* Empty, once the hash index inside is laid out empty (bento_impl_lay_out: the same stores
 * each time): every value unlisted, the count 0 and its copy. Init, clear and the redo of a
 * cut clear make these stores, none through this index's journal: a reset among them finds it
 * as it was (idle at init, naming the clear otherwise). */
static void multi_index_empty(void *x)
{
    bento_multi_index *const mi = (bento_multi_index *)x;
    uint32_t v;
    for (v = 0u; v < mi->value_capacity; v++) {
        mi->next[v] = NONE;
        mi->prev[v] = NONE;
    }
    mi->state.count = 0u;
    mi->saved->count = 0u;
}

static uint64_t key_of(const bento_multi_index *mi, uint32_t value)
{
    return (uint64_t)mi->key_of[2u * (size_t)value + 1u] << 32 | mi->key_of[2u * (size_t)value];
}

/* A pending action cut by a reset, done again under the journal that still names it: a
 * clear makes its stores again; the unlisting of remove_key clears the links of every value
 * still listed under the key it took out (only the key's own values record it, and what it
 * already unlinked is skipped). */
static bento_status multi_index_redo(void *x, uint32_t action, uint32_t arg)
{
    bento_multi_index *const mi = (bento_multi_index *)x;
    uint32_t v;
    if (action == CLEAR_ALL) {
        bento_impl_lay_out(&bento_impl_multi_index_kind, mi);
        return BENTO_OK;
    }
    if (action != UNLIST || arg >= mi->value_capacity) {
        return BENTO_E_CORRUPT;
    }
    for (v = 0u; v < mi->value_capacity; v++) {
        if (mi->prev[v] != NONE && key_of(mi, v) == key_of(mi, arg)) {
            mi->next[v] = NONE;
            mi->prev[v] = NONE;
        }
    }
    return BENTO_OK;
}

static bento_status multi_index_invariants(const void *x);

const bento_impl_kind bento_impl_multi_index_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_MULTI_INDEX, bento_multi_index, bento_multi_index_state,
                    bento_impl_multi_index_params, BENTO_IMPL_MULTI_INDEX_HEAD,
                    BENTO_IMPL_MULTI_INDEX_ENTRIES),
    multi_index_configure, multi_index_record, multi_index_empty,
    BENTO_IMPL_REDO_OF(multi_index_redo), &bento_impl_index_kind, multi_index_invariants, NULL,
};

/* The parameter record of an index of these parameters (init's, and a typed open's). */
static bento_impl_multi_index_params multi_index_params(uint32_t key_capacity,
                                                        uint32_t value_capacity, uint32_t id_bits)
{
    bento_impl_multi_index_params p;
    p.key_capacity = key_capacity;
    p.value_capacity = value_capacity;
    p.id_bits = id_bits;
    return p;
}

bento_status bento_multi_index_init(bento_multi_index *mi, void *memory, size_t bytes,
                                    uint32_t key_capacity, uint32_t value_capacity,
                                    uint32_t id_bits)
{
    const bento_impl_multi_index_params p =
        multi_index_params(key_capacity, value_capacity, id_bits);
    BENTO_ASSERT(mi != NULL);
    return bento_impl_init(&bento_impl_multi_index_kind, mi, memory, bytes, &p, NULL);
}

bento_status bento_multi_index_open(bento_multi_index *mi, void *memory, size_t bytes)
{
    BENTO_ASSERT(mi != NULL);
    return bento_impl_open(&bento_impl_multi_index_kind, mi, memory, bytes, NULL, NULL);
}

bento_status bento_impl_multi_index_open_as(bento_multi_index *mi, void *memory, size_t bytes,
                                            uint32_t key_capacity, uint32_t value_capacity,
                                            uint32_t id_bits)
{
    const bento_impl_multi_index_params p =
        multi_index_params(key_capacity, value_capacity, id_bits);
    BENTO_ASSERT(mi != NULL);
    return bento_impl_open(&bento_impl_multi_index_kind, mi, memory, bytes, NULL, &p);
}

bento_status bento_multi_index_check(const bento_multi_index *mi)
{
    BENTO_ASSERT(mi != NULL);
    return bento_impl_check(&bento_impl_multi_index_kind, mi);
}

void bento_multi_index_clear(bento_multi_index *mi)
{
    bento_impl_journal j;
    BENTO_ASSERT(mi != NULL);
    if (mi->value_capacity == 0u) {
        return; /* inert: empty, and its journal would be its own struct */
    }
    /* one action, named before its first store, which open does again after a reset */
    BENTO_IMPL_BEGIN(&j, mi);
    bento_impl_redo(&j, CLEAR_ALL, 0u);
    bento_impl_lay_out(&bento_impl_multi_index_kind, mi);
    bento_impl_done(&j);
}

/* Record `value` (in range, in no list) as the last of the list of `key`, after `last` (itself
 * when it is alone: the first value's prev names the last). A value in no list links nowhere
 * already, and its key is no part of the state (a listed value's caller stored it first). */
static void list_value(bento_multi_index *mi, bento_impl_journal *j, uint64_t key,
                       uint32_t value, uint32_t last)
{
    bento_impl_put(j, &mi->prev[value], last);
    mi->next[value] = NONE;
    mi->key_of[2u * (size_t)value] = (uint32_t)key;
    mi->key_of[2u * (size_t)value + 1u] = (uint32_t)(key >> 32);
    BENTO_IMPL_SET_NESTED(j, mi, count, mi->state.count + 1u);
}

/* Append `value` (in range, in no list) to the list whose first value `first` points to. */
static bento_status append(bento_multi_index *mi, bento_impl_journal *j, const uint32_t *first,
                           uint64_t key, uint32_t value)
{
    const uint32_t head = *first;
    uint32_t last;
    if (head >= mi->value_capacity || (last = mi->prev[head]) >= mi->value_capacity) {
        return BENTO_E_CORRUPT;
    }
    bento_impl_put(j, &mi->next[last], value);
    bento_impl_put(j, &mi->prev[head], value);
    list_value(mi, j, key, value, last);
    return BENTO_OK;
}

/* insert of `value` (its id `id` in range), inlined into move too: one call less deep under
 * the hash index's insert, whose stack is the deepest of the kit on the Cortex-M0 (a spatial
 * hash's move on top of it). The stamp of an id on no list is no part of the state: stored
 * with no entry, once the id is listed (the operation's end orders it before its commit). */
BENTO_IMPL_ALWAYS_INLINE static inline bento_status insert_value(bento_multi_index *mi,
                                                                 bento_impl_journal *j,
                                                                 uint64_t key, uint32_t id,
                                                                 uint32_t value)
{
    const uint32_t *first;
    bento_status status;
    if (mi->prev[id] != NONE) {
        return BENTO_E_EXISTS;
    }
    first = bento_index_get(&mi->keys, key);
    if (first != NULL) {
        status = append(mi, j, first, key, id);
    } else {
        status = bento_impl_index_put(&mi->keys, j, key, id, false);
        if (status == BENTO_OK) {
            list_value(mi, j, key, id, id); /* alone */
        }
    }
    if (status == BENTO_OK && mi->stamps != NULL) {
        mi->stamps[id] = value;
    }
    return status;
}

bento_status bento_impl_multi_index_find(const bento_multi_index *mi, uint32_t value,
                                         uint32_t *id)
{
    const uint32_t i = bento_impl_multi_index_id(mi, value);
    *id = i;
    if (i >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    return mi->prev[i] != NONE && (mi->stamps == NULL || mi->stamps[i] == value)
               ? BENTO_OK
               : BENTO_E_NOT_FOUND;
}

bento_status bento_impl_multi_index_insert(bento_multi_index *mi, bento_impl_journal *j,
                                           uint64_t key, uint32_t value)
{
    uint32_t id;
    if (bento_impl_multi_index_find(mi, value, &id) == BENTO_E_ARGUMENT) {
        return BENTO_E_ARGUMENT;
    }
    return insert_value(mi, j, key, id, value);
}

/*
 * Take `value` (in range, listed) off the list of `key`, the key it records. Every link it
 * follows is checked first: BENTO_E_CORRUPT, and nothing changed, when one is out of range,
 * when the key has no list, or when the count is already 0.
 */
static bento_status unlink_value(bento_multi_index *mi, bento_impl_journal *j, uint64_t key,
                                 uint32_t value)
{
    const uint32_t capacity = mi->value_capacity;
    uint32_t *first = bento_index_get(&mi->keys, key);
    const uint32_t before = mi->prev[value];
    const uint32_t after = mi->next[value];
    if (first == NULL || *first >= capacity || before >= capacity ||
        (after != NONE && after >= capacity) || mi->state.count == 0u) {
        return BENTO_E_CORRUPT;
    }
    if (value != *first) {
        bento_impl_put(j, &mi->next[before], after);
        bento_impl_put(j, &mi->prev[after == NONE ? *first : after], before);
    } else if (after != NONE) {
        bento_impl_put(j, &mi->prev[after], before); /* the last value */
        bento_impl_put(j, first, after);
    } else {
        (void)bento_impl_index_take(&mi->keys, j, key, NULL); /* found just above */
    }
    bento_impl_put(j, &mi->prev[value], NONE);
    bento_impl_put(j, &mi->next[value], NONE);
    BENTO_IMPL_SET_NESTED(j, mi, count, mi->state.count - 1u);
    return BENTO_OK;
}

bento_status bento_impl_multi_index_remove_value(bento_multi_index *mi, bento_impl_journal *j,
                                                 uint32_t value)
{
    uint32_t id;
    const bento_status status = bento_impl_multi_index_find(mi, value, &id);
    return status != BENTO_OK ? status : unlink_value(mi, j, key_of(mi, id), id);
}

/* A listed value's key words set to `key`: part of the state, so through the journal. */
static void set_key(bento_multi_index *mi, bento_impl_journal *j, uint64_t key, uint32_t value)
{
    bento_impl_put(j, &mi->key_of[2u * (size_t)value], (uint32_t)key);
    bento_impl_put(j, &mi->key_of[2u * (size_t)value + 1u], (uint32_t)(key >> 32));
}

bento_status bento_impl_multi_index_move(bento_multi_index *mi, bento_impl_journal *j,
                                         uint64_t key, uint32_t value)
{
    const uint32_t *first;
    uint32_t id;
    uint64_t old;
    bento_status status = bento_impl_multi_index_find(mi, value, &id);
    if (status == BENTO_E_ARGUMENT) {
        return status;
    }
    if (mi->prev[id] == NONE) {
        return insert_value(mi, j, key, id, value);
    }
    if (status != BENTO_OK) {
        return status; /* listed with another stamp */
    }
    old = key_of(mi, id);
    if (old == key) {
        return BENTO_OK;
    }
    first = bento_index_get(&mi->keys, key);
    if (first != NULL) {
        /* the key has a list: off the old one, onto its end (unlinking moves no entry of the
         * hash index: `first` stays where it is) */
        status = unlink_value(mi, j, old, id);
        if (status == BENTO_OK) {
            set_key(mi, j, key, id);
            status = append(mi, j, first, key, id);
        }
        return status;
    }
    /* a new key: entered first, so that a full hash index refuses before anything moves */
    status = bento_impl_index_put(&mi->keys, j, key, id, false);
    if (status != BENTO_OK) {
        return status;
    }
    status = unlink_value(mi, j, old, id);
    if (status != BENTO_OK) {
        (void)bento_impl_index_take(&mi->keys, j, key, NULL);
        return status;
    }
    set_key(mi, j, key, id);
    list_value(mi, j, key, id, id); /* alone */
    return BENTO_OK;
}

bento_status bento_multi_index_remove_key(bento_multi_index *mi, uint64_t key, uint32_t *removed)
{
    const uint32_t *first;
    uint32_t capacity, v, head, n = 0u, k;
    bento_impl_journal j;
    BENTO_ASSERT(mi != NULL);
    capacity = mi->value_capacity;
    if (removed != NULL) {
        *removed = 0u;
    }
    first = bento_index_get(&mi->keys, key);
    if (first == NULL) {
        return BENTO_E_NOT_FOUND;
    }
    /* the walk first, changing nothing: it must end within the values the count holds */
    head = *first;
    for (v = head; v != NONE; v = mi->next[v]) {
        if (v >= capacity || n >= capacity || n >= mi->state.count) {
            return BENTO_E_CORRUPT;
        }
        n++;
    }
    /* the key out of the hash index and the count; then the same n values again, unlinked,
     * as one action: from there on a reset leaves it for open to do again. Each value's next
     * link before its prev, so that one whose prev says unlisted links nowhere; each in range
     * (the walk tested it: tested again where an analyser sees it, tests/prove) */
    BENTO_IMPL_BEGIN(&j, mi);
    (void)bento_impl_index_take(&mi->keys, &j, key, NULL); /* found just above */
    BENTO_IMPL_SET(&j, mi, count, mi->state.count - n);
    bento_impl_redo(&j, UNLIST, head);
    for (v = head, k = 0u; k < n && v < capacity; k++) {
        const uint32_t after = mi->next[v];
        mi->next[v] = NONE;
        mi->prev[v] = NONE;
        v = after;
    }
    bento_impl_done(&j);
    if (removed != NULL) {
        *removed = n;
    }
    return BENTO_OK;
}

/* The public operations: each one operation in the multi-value index's own journal, idle
 * again once it stored (an inert index stores nothing, and its journal, its own struct then,
 * is never written). */
bento_status bento_multi_index_insert(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    return bento_impl_end(&j, bento_impl_multi_index_insert(mi, &j, key, value));
}

bento_status bento_multi_index_remove(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    uint32_t id;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    status = bento_impl_multi_index_find(mi, value, &id);
    if (status == BENTO_OK && key_of(mi, id) != key) {
        status = BENTO_E_NOT_FOUND;
    }
    if (status != BENTO_OK) {
        return status;
    }
    BENTO_IMPL_BEGIN(&j, mi);
    return bento_impl_end(&j, unlink_value(mi, &j, key, id));
}

bento_status bento_multi_index_remove_value(bento_multi_index *mi, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    return bento_impl_end(&j, bento_impl_multi_index_remove_value(mi, &j, value));
}

bento_status bento_multi_index_move(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    status = bento_impl_multi_index_move(mi, &j, key, value);
    if (status == BENTO_OK || status == BENTO_E_CORRUPT) {
        bento_impl_done(&j);
    }
    return status;
}

bool bento_multi_index_key_of(const bento_multi_index *mi, uint32_t value, uint64_t *key)
{
    uint32_t id;
    BENTO_ASSERT(mi != NULL);
    if (key != NULL) {
        *key = 0u;
    }
    if (bento_impl_multi_index_find(mi, value, &id) != BENTO_OK) {
        return false;
    }
    if (key != NULL) {
        *key = key_of(mi, id);
    }
    return true;
}

uint32_t bento_multi_index_length(const bento_multi_index *mi, uint64_t key)
{
    bento_multi_index_iter it;
    uint32_t n = 0u;
    BENTO_ASSERT(mi != NULL);
    bento_multi_index_iter_init(&it, mi, key);
    while (bento_multi_index_iter_next(&it)) {
        n++;
    }
    return n;
}

/*
 * The lists: a listed id's stamp names it; a value in no list links nowhere; each key's list
 * runs from its first value through values in range that record that key, each naming the
 * one before, to BENTO_NONE within value_capacity values, and its first value names its
 * last; the lists hold every listed value once (their lengths add up to the values listed,
 * and to the count).
 */
static bento_status lists_sound(const bento_multi_index *mi)
{
    const uint32_t capacity = mi->value_capacity;
    bento_index_iter keys;
    uint32_t v, listed = 0u, walked = 0u;
    for (v = 0u; v < capacity; v++) {
        if (mi->prev[v] != NONE) {
            /* a listed id's stamp: that id, and a generation */
            if (mi->stamps != NULL && ((mi->stamps[v] & mi->id_mask) != v || mi->stamps[v] == v)) {
                return BENTO_E_CORRUPT;
            }
            listed++;
        } else if (mi->next[v] != NONE) {
            return BENTO_E_CORRUPT;
        }
    }
    bento_index_iter_init(&keys, &mi->keys);
    /* (an entry's value is there: the walk says so, and again where an analyser sees it) */
    while (bento_index_iter_next(&keys) && keys.value != NULL) {
        const uint32_t first = *keys.value;
        uint32_t at = first, before, n = 0u;
        if (first >= capacity) {
            return BENTO_E_CORRUPT;
        }
        before = mi->prev[first]; /* the last value */
        do {
            if (at >= capacity || n == capacity || key_of(mi, at) != keys.key ||
                (at != first && mi->prev[at] != before)) {
                return BENTO_E_CORRUPT;
            }
            n++;
            before = at;
            at = mi->next[at];
        } while (at != NONE);
        if (mi->prev[first] != before) {
            return BENTO_E_CORRUPT; /* the first value must name the last */
        }
        walked += n;
    }
    return walked == listed && listed == mi->state.count ? BENTO_OK : BENTO_E_CORRUPT;
}

/* The lists (the hash index inside is checked first, by the lifecycle). */
static bento_status multi_index_invariants(const void *x)
{
    const bento_multi_index *const mi = (const bento_multi_index *)x;
    return lists_sound(mi);
}
