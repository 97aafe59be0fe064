/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M9 M12 M15 M17 M19 M22 M23 M26 T1. */
/* bento/multi_index.c - the multi-value index. The contract is in bento/multi_index.h. */
#include <bento/multi_index.h>

#include "internal.h"
#include "nested.h"

#define NONE BENTO_NONE

/* Pending actions (bento_impl_redo): the clear; the unlisting of the values of a key that
 * remove_key took out of the hash index (argument: its first value, whose key_of names it). */
#define CLEAR_ALL 1u
#define UNLIST 2u

size_t bento_impl_multi_index_bytes(uint32_t key_capacity, uint32_t value_capacity)
{
    bento_impl_layout layout = bento_impl_layout_start(BENTO_IMPL_MULTI_INDEX_HEAD);
    if (key_capacity < BENTO_INDEX_MIN_CAPACITY || key_capacity > BENTO_INDEX_MAX_CAPACITY ||
        !bento_impl_is_pow2(key_capacity) || value_capacity == 0u ||
        value_capacity >= BENTO_MULTI_INDEX_MAX_VALUES ||
        !bento_impl_fits(key_capacity, BENTO_INDEX_BYTES(1u) - BENTO_INDEX_BYTES(0u),
                         BENTO_INDEX_BYTES(0u))) {
        return 0u;
    }
    (void)bento_impl_layout_add(&layout, 1u, BENTO_INDEX_BYTES(key_capacity), 4u);
    (void)bento_impl_layout_add(&layout, value_capacity, 16u, 4u); /* next, prev, key_of */
    return layout.ok && layout.bytes <= BENTO_IMPL_BYTES_MAX ? layout.bytes : 0u;
}

/* Inert: the struct zeroed, the hash index inside it inert too. */
static void inert(bento_multi_index *mi)
{
    BENTO_IMPL_INERT(mi);
    BENTO_IMPL_INERT(&mi->keys);
}

/*
 * Check the capacities and the buffer and point the lists into `memory`; shared by init and
 * open (which set up the hash index themselves, at BENTO_IMPL_MULTI_INDEX_HEAD). Inert on failure.
 */
static bento_status configure(bento_multi_index *mi, void *memory, size_t bytes,
                              uint32_t key_capacity, uint32_t value_capacity)
{
    const size_t total = bento_impl_multi_index_bytes(key_capacity, value_capacity);
    inert(mi);
    if (memory == NULL || total == 0u) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < total) {
        return BENTO_E_SIZE;
    }
    mi->next = (uint32_t *)(void *)((unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD +
                                    BENTO_INDEX_BYTES(key_capacity));
    mi->prev = mi->next + value_capacity;
    mi->key_of = mi->prev + value_capacity;
    mi->saved = (bento_multi_index_state *)bento_impl_saved_at(
        memory, sizeof(bento_impl_multi_index_params));
    mi->value_capacity = value_capacity;
    return BENTO_OK;
}

/* The stores of a clear, once the hash index inside is empty: every value unlisted, the count
 * 0 and its copy. Init, clear and the redo of a cut clear make them; none touches this index's
 * journal, so a reset among them finds it as it was (idle at init, naming the clear
 * otherwise). */
static void unlist_all(bento_multi_index *mi)
{
    uint32_t v;
    for (v = 0u; v < mi->value_capacity; v++) {
        mi->next[v] = NONE;
        mi->prev[v] = NONE;
    }
    mi->state.count = 0u;
    BENTO_IMPL_SAVE(mi);
}

/* The parameter record of a configured index: what init writes to the header, check compares. */
static bento_impl_multi_index_params params_of(const bento_multi_index *mi)
{
    bento_impl_multi_index_params p;
    p.key_capacity = mi->keys.capacity;
    p.value_capacity = mi->value_capacity;
    return p;
}

bento_status bento_multi_index_init(bento_multi_index *mi, void *memory, size_t bytes,
                                    uint32_t key_capacity, uint32_t value_capacity)
{
    bento_impl_multi_index_params params;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    status = configure(mi, memory, bytes, key_capacity, value_capacity);
    if (status != BENTO_OK) {
        return status;
    }
    /* cannot fail: the capacities and the buffer were checked above */
    (void)bento_index_init(&mi->keys, (unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD,
                           BENTO_INDEX_BYTES(key_capacity), key_capacity);
    unlist_all(mi);
    params = params_of(mi);
    bento_impl_head_write(memory, BENTO_IMPL_KIND_MULTI_INDEX,
                          BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity), &params,
                          sizeof params);
    BENTO_IMPL_SETTLE(mi);
    return BENTO_OK;
}

static uint64_t key_of(const bento_multi_index *mi, uint32_t value)
{
    return (uint64_t)mi->key_of[2u * (size_t)value + 1u] << 32 | mi->key_of[2u * (size_t)value];
}

/* An operation cut by a reset: undone, or its pending action done again, under the journal
 * that still names it, which is set idle only after its last store. A clear makes its stores
 * again; the unlisting of remove_key clears the links of every value still listed under the
 * key it took out: only the key's own values record it, and what it already unlinked is
 * skipped. */
static bento_status recover(bento_multi_index *mi, void *memory, size_t used,
                            uint32_t key_capacity)
{
    uint32_t action, arg, v;
    bento_status status = bento_impl_recover(memory, used, mi->saved, sizeof mi->state,
                                             BENTO_IMPL_MULTI_INDEX_ENTRIES, &action, &arg);
    if (status == BENTO_OK && action != 0u) {
        if (action == CLEAR_ALL) {
            /* the hash index inside is not configured yet: emptied as its init empties it */
            (void)bento_index_init(&mi->keys, (unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD,
                                   BENTO_INDEX_BYTES(key_capacity), key_capacity);
            unlist_all(mi);
        } else if (action != UNLIST || arg >= mi->value_capacity) {
            return BENTO_E_CORRUPT;
        } else {
            for (v = 0u; v < mi->value_capacity; v++) {
                if (mi->prev[v] != NONE && key_of(mi, v) == key_of(mi, arg)) {
                    mi->next[v] = NONE;
                    mi->prev[v] = NONE;
                }
            }
        }
        BENTO_IMPL_SETTLE(mi);
    }
    return status;
}

bento_status bento_multi_index_open(bento_multi_index *mi, void *memory, size_t bytes)
{
    const bento_impl_multi_index_params *p;
    uint32_t key_capacity;
    size_t used;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    inert(mi);
    status = bento_impl_head_read(memory, bytes, BENTO_IMPL_KIND_MULTI_INDEX,
                                  BENTO_IMPL_MULTI_INDEX_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    p = (const bento_impl_multi_index_params *)bento_impl_params_at(memory);
    key_capacity = p->key_capacity;
    status = configure(mi, memory, used, key_capacity, p->value_capacity);
    if (status == BENTO_OK && used == BENTO_MULTI_INDEX_BYTES(key_capacity, mi->value_capacity)) {
        status = recover(mi, memory, used, key_capacity);
    }
    status = BENTO_IMPL_OPENED(mi, status,
                               used == BENTO_MULTI_INDEX_BYTES(key_capacity, mi->value_capacity));
    /* the hash index inside: its own header, of the capacity this header names */
    if (status == BENTO_OK &&
        (bento_index_open(&mi->keys, (unsigned char *)memory + BENTO_IMPL_MULTI_INDEX_HEAD,
                          BENTO_INDEX_BYTES(key_capacity)) != BENTO_OK ||
         mi->keys.capacity != key_capacity)) {
        status = BENTO_E_CORRUPT;
    }
    /* the count is trusted from here on: it must describe the lists exactly */
    if (status == BENTO_OK &&
        (mi->state.count > mi->value_capacity || bento_multi_index_check(mi) != BENTO_OK)) {
        status = BENTO_E_CORRUPT;
    }
    if (status != BENTO_OK) {
        inert(mi);
    }
    return status;
}

void bento_multi_index_clear(bento_multi_index *mi)
{
    bento_impl_journal j;
    BENTO_ASSERT(mi != NULL);
    if (mi->value_capacity == 0u) {
        return; /* inert: empty, and its journal would be its own struct */
    }
    /* one action, named before its first store, which open does again after a reset (the hash
     * index's own clear names itself in its own journal, which that redo sets idle again) */
    BENTO_IMPL_BEGIN(&j, mi);
    bento_impl_redo(&j, CLEAR_ALL, 0u);
    bento_index_clear(&mi->keys);
    unlist_all(mi);
    bento_impl_done(&j);
}

/* The journal of an operation: the multi-value index's own (its public functions), or that
 * of the buffer it lives in (core/src/nested.h); an argument only with BENTO_POWER_SAFE, as
 * in the hash index. Each step logs the words it changes, commits, then stores. */
#if BENTO_POWER_SAFE
#define J_PARAM , bento_impl_journal *j
#define J_ARG(x) , x
#define LOG(p) bento_impl_log(j, (p))
#define COMMIT() bento_impl_commit(j)
#else
#define J_PARAM
#define J_ARG(x)
#define LOG(p) ((void)0)
#define COMMIT() ((void)0)
#endif

/* Record `value` (in range, in no list) as the last of the list of `key`, after `last` (itself
 * when it is alone: the first value's prev names the last). */
static void list_value(bento_multi_index *mi, uint64_t key, uint32_t value, uint32_t last)
{
    mi->prev[value] = last;
    mi->next[value] = NONE;
    mi->key_of[2u * (size_t)value] = (uint32_t)key;
    mi->key_of[2u * (size_t)value + 1u] = (uint32_t)(key >> 32);
    mi->saved->count = ++mi->state.count;
}

/* Append `value` (in range, in no list) to the list whose first value `first` points to. */
static bento_status append(bento_multi_index *mi, const uint32_t *first, uint64_t key,
                           uint32_t value J_PARAM)
{
    const uint32_t head = *first;
    uint32_t last;
    if (head >= mi->value_capacity || (last = mi->prev[head]) >= mi->value_capacity) {
        return BENTO_E_CORRUPT;
    }
    LOG(&mi->next[last]);
    LOG(&mi->prev[head]);
    LOG(&mi->prev[value]);
    LOG(&mi->saved->count);
    COMMIT();
    mi->next[last] = value;
    mi->prev[head] = value;
    list_value(mi, key, value, last);
    return BENTO_OK;
}

/* insert (BENTO_OK: it stored; any other status: nothing stored). A value in no list has
 * no key in the state: its key words need no entry. Without the journal its one caller is the
 * public function, which gcc at -Os would leave a call apart from it. */
#if !BENTO_POWER_SAFE && (defined(__GNUC__) || defined(__clang__))
static inline bento_status insert(bento_multi_index *mi, uint64_t key, uint32_t value)
    __attribute__((always_inline));
#endif
static bento_status insert(bento_multi_index *mi, uint64_t key, uint32_t value J_PARAM)
{
    const uint32_t *first;
    bento_status status;
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] != NONE) {
        return BENTO_E_EXISTS;
    }
    first = bento_index_get(&mi->keys, key);
    if (first != NULL) {
        return append(mi, first, key, value J_ARG(j));
    }
    /* committed with the hash index's words, by its insert */
    LOG(&mi->prev[value]);
    LOG(&mi->saved->count);
    status = BENTO_IMPL_INDEX_INSERT(&mi->keys, key, value, j);
    if (status == BENTO_OK) {
        list_value(mi, key, value, value); /* alone */
    }
    return status;
}

/*
 * Take `value` (in range, listed) off the list of `key`, the key it records. Every link it
 * follows is checked first: BENTO_E_CORRUPT, and nothing changed, when one is out of range,
 * when the key has no list, or when the count is already 0.
 */
static bento_status unlink_value(bento_multi_index *mi, uint64_t key, uint32_t value J_PARAM)
{
    const uint32_t capacity = mi->value_capacity;
    uint32_t *first = bento_index_get(&mi->keys, key);
    const uint32_t before = mi->prev[value];
    const uint32_t after = mi->next[value];
    if (first == NULL || *first >= capacity || before >= capacity ||
        (after != NONE && after >= capacity) || mi->state.count == 0u) {
        return BENTO_E_CORRUPT;
    }
    LOG(&mi->prev[value]);
    LOG(&mi->next[value]);
    LOG(&mi->saved->count);
    if (value == *first) {
        if (after == NONE) {
            COMMIT(); /* the hash index's remove commits again, with its own words */
            (void)BENTO_IMPL_INDEX_REMOVE(&mi->keys, key, j); /* found just above */
        } else {
            LOG(&mi->prev[after]);
            LOG(first);
            COMMIT();
            mi->prev[after] = before; /* the last value */
            *first = after;
        }
    } else {
        LOG(&mi->next[before]);
        LOG(&mi->prev[after == NONE ? *first : after]);
        COMMIT();
        mi->next[before] = after;
        mi->prev[after == NONE ? *first : after] = before;
    }
    mi->prev[value] = NONE;
    mi->next[value] = NONE;
    mi->saved->count = --mi->state.count;
    return BENTO_OK;
}

static bento_status remove_value(bento_multi_index *mi, uint32_t value J_PARAM)
{
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE) {
        return BENTO_E_NOT_FOUND;
    }
    return unlink_value(mi, key_of(mi, value), value J_ARG(j));
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
    /* the key out of the hash index and the count, logged; then the same n values again,
     * unlinked, as one action: from there on a reset leaves it for open to do again. Each
     * value's next link before its prev, so that one whose prev says unlisted links nowhere */
    BENTO_IMPL_BEGIN(&j, mi);
    bento_impl_log(&j, &mi->saved->count);
    bento_impl_commit(&j);
    (void)BENTO_IMPL_INDEX_REMOVE(&mi->keys, key, &j); /* found just above */
    mi->state.count -= n;
    mi->saved->count = mi->state.count;
    bento_impl_redo(&j, UNLIST, head);
    for (v = head, k = 0u; k < n; k++) {
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

/* insert within move: without the journal the public function, whose one call of insert
 * gcc folds into it (two calls would keep a copy apart, a call more per insert). */
#if BENTO_POWER_SAFE
#define INSERT(mi, key, value, j) insert(mi, key, value, j)
#else
#define INSERT(mi, key, value, j) bento_multi_index_insert(mi, key, value)
#endif

/* move (BENTO_OK or BENTO_E_CORRUPT: it may have stored; any other status: nothing stored). */
static bento_status move(bento_multi_index *mi, uint64_t key, uint32_t value J_PARAM)
{
    uint64_t old;
    bento_status status;
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE) {
        return INSERT(mi, key, value, j);
    }
    old = key_of(mi, value);
    if (old == key) {
        return BENTO_OK;
    }
    /* a listed value's key words are in the state: logged before they change */
    LOG(&mi->key_of[2u * (size_t)value]);
    LOG(&mi->key_of[2u * (size_t)value + 1u]);
    if (bento_index_contains(&mi->keys, key)) {
        /* the key has a list: off the old one, onto its end */
        status = unlink_value(mi, old, value J_ARG(j));
        return status != BENTO_OK ? status : INSERT(mi, key, value, j);
    }
    /* a new key: entered first, so that a full hash index refuses before anything moves */
    status = BENTO_IMPL_INDEX_INSERT(&mi->keys, key, value, j);
    if (status != BENTO_OK) {
        return status;
    }
    status = unlink_value(mi, old, value J_ARG(j));
    if (status != BENTO_OK) {
        (void)BENTO_IMPL_INDEX_REMOVE(&mi->keys, key, j);
        return status;
    }
    list_value(mi, key, value, value); /* alone */
    return BENTO_OK;
}

/* The public operations: each its own transaction in the multi-value index's journal, idle
 * again once the operation stored (an inert one stores nothing and its journal, its own
 * struct then, is never written). */
bento_status bento_multi_index_insert(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    status = insert(mi, key, value J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

bento_status bento_multi_index_remove(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE || key_of(mi, value) != key) {
        return BENTO_E_NOT_FOUND;
    }
    BENTO_IMPL_BEGIN(&j, mi);
    status = unlink_value(mi, key, value J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

bento_status bento_multi_index_remove_value(bento_multi_index *mi, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    status = remove_value(mi, value J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

bento_status bento_multi_index_move(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(mi != NULL);
    BENTO_IMPL_BEGIN(&j, mi);
    status = move(mi, key, value J_ARG(&j));
    if (status == BENTO_OK || status == BENTO_E_CORRUPT) {
        bento_impl_done(&j);
    }
    return status;
}

#if BENTO_POWER_SAFE
/* A multi-value index inside a spatial hash (core/src/nested.h). */
bento_status bento_impl_multi_index_insert_logged(bento_multi_index *mi, uint64_t key,
                                                  uint32_t value, bento_impl_journal *j)
{
    return insert(mi, key, value, j);
}

bento_status bento_impl_multi_index_move_logged(bento_multi_index *mi, uint64_t key,
                                                uint32_t value, bento_impl_journal *j)
{
    return move(mi, key, value, j);
}

bento_status bento_impl_multi_index_remove_value_logged(bento_multi_index *mi, uint32_t value,
                                                        bento_impl_journal *j)
{
    return remove_value(mi, value, j);
}
#endif

bool bento_multi_index_key_of(const bento_multi_index *mi, uint32_t value, uint64_t *key)
{
    BENTO_ASSERT(mi != NULL);
    if (key != NULL) {
        *key = 0u;
    }
    if (value >= mi->value_capacity || mi->prev[value] == NONE) {
        return false;
    }
    if (key != NULL) {
        *key = key_of(mi, value);
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

/* The header as init wrote it and the operations keep it. */
static bool header_sound(const bento_multi_index *mi)
{
    const bento_impl_multi_index_params p = params_of(mi);
    return BENTO_IMPL_HEAD_SOUND(mi, BENTO_IMPL_KIND_MULTI_INDEX,
                                 BENTO_MULTI_INDEX_BYTES(p.key_capacity, p.value_capacity), &p);
}

/*
 * The lists: a value in no list links nowhere; each key's list runs from its first value
 * through values in range that record that key, each naming the one before, to BENTO_NONE
 * within value_capacity values, and its first value names its last; the lists hold every
 * listed value once (their lengths add up to the values listed, and to the count).
 */
static bento_status lists_sound(const bento_multi_index *mi)
{
    const uint32_t capacity = mi->value_capacity;
    bento_index_iter keys;
    uint32_t v, listed = 0u, walked = 0u;
    for (v = 0u; v < capacity; v++) {
        if (mi->prev[v] != NONE) {
            listed++;
        } else if (mi->next[v] != NONE) {
            return BENTO_E_CORRUPT;
        }
    }
    bento_index_iter_init(&keys, &mi->keys);
    while (bento_index_iter_next(&keys)) {
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

bento_status bento_multi_index_check(const bento_multi_index *mi)
{
    BENTO_ASSERT(mi != NULL);
    if (mi->value_capacity == 0u) {
        return BENTO_OK; /* inert */
    }
    if (!header_sound(mi) || bento_index_check(&mi->keys) != BENTO_OK) {
        return BENTO_E_CORRUPT;
    }
    return lists_sound(mi);
}
