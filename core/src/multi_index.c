/* SPDX-License-Identifier: MIT */
/* bento/multi_index.c - the multi-value index. The contract is in bento/multi_index.h. */
#include <bento/multi_index.h>

#include "internal.h"

#define NONE BENTO_MULTI_INDEX_NONE

bento_status bento_multi_index_init(bento_multi_index *mi, void *memory, size_t bytes,
                                    uint32_t key_capacity, uint32_t value_capacity)
{
    bento_status status;
    size_t index_bytes;
    BENTO_ASSERT(mi != NULL);
    mi->next = NULL;
    mi->prev = NULL;
    mi->key_of = NULL;
    mi->value_capacity = 0u;
    mi->count = 0u;
    (void)bento_index_init(&mi->keys, NULL, 0u, 0u); /* until init succeeds: finds nothing */
    if (memory == NULL || value_capacity == 0u || value_capacity >= (1ul << 28) ||
        key_capacity < 2u || key_capacity > BENTO_INDEX_MAX_CAPACITY ||
        (key_capacity & (key_capacity - 1u)) != 0u ||
        /* the byte count must not wrap where size_t is 32 bits */
        value_capacity > (SIZE_MAX - BENTO_INDEX_BYTES(key_capacity)) / 16u) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento__is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < BENTO_MULTI_INDEX_BYTES(key_capacity, value_capacity)) {
        return BENTO_E_SIZE;
    }
    index_bytes = BENTO_INDEX_BYTES(key_capacity);
    status = bento_index_init(&mi->keys, memory, index_bytes, key_capacity);
    if (status != BENTO_OK) {
        return status;
    }
    mi->next = (uint32_t *)(void *)((unsigned char *)memory + index_bytes);
    mi->prev = mi->next + value_capacity;
    mi->key_of = mi->prev + value_capacity;
    mi->value_capacity = value_capacity;
    bento_multi_index_clear(mi);
    return BENTO_OK;
}

void bento_multi_index_clear(bento_multi_index *mi)
{
    uint32_t v;
    bento_index_clear(&mi->keys);
    for (v = 0u; v < mi->value_capacity; v++) {
        mi->next[v] = NONE;
        mi->prev[v] = NONE;
    }
    mi->count = 0u;
}

bento_status bento_multi_index_add(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    uint32_t *first;
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] != NONE) {
        return BENTO_E_EXISTS;
    }
    first = bento_index_find(&mi->keys, key);
    if (first == NULL) {
        const bento_status status = bento_index_insert(&mi->keys, key, value);
        if (status != BENTO_OK) {
            return status;
        }
        mi->prev[value] = value; /* alone: it is its own last */
    } else {
        const uint32_t last = mi->prev[*first];
        mi->next[last] = value;
        mi->prev[value] = last;
        mi->prev[*first] = value;
    }
    mi->next[value] = NONE;
    mi->key_of[2u * value] = (uint32_t)key;
    mi->key_of[2u * value + 1u] = (uint32_t)(key >> 32);
    mi->count++;
    return BENTO_OK;
}

/* Unlink `value`, listed under `key` (checked by the caller). */
static void unlink_value(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    uint32_t *first = bento_index_find(&mi->keys, key);
    const uint32_t before = mi->prev[value];
    const uint32_t after = mi->next[value];
    if (first == NULL) {
        return; /* only in damaged memory: the list's key is gone */
    }
    if (value == *first) {
        if (after == NONE) {
            (void)bento_index_remove(&mi->keys, key, NULL);
        } else {
            mi->prev[after] = before; /* the last value */
            *first = after;
        }
    } else {
        mi->next[before] = after;
        mi->prev[after == NONE ? *first : after] = before;
    }
    mi->prev[value] = NONE;
    mi->next[value] = NONE;
    mi->count--;
}

static uint64_t key_of(const bento_multi_index *mi, uint32_t value)
{
    return (uint64_t)mi->key_of[2u * value + 1u] << 32 | mi->key_of[2u * value];
}

bento_status bento_multi_index_remove(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE || key_of(mi, value) != key) {
        return BENTO_E_NOT_FOUND;
    }
    unlink_value(mi, key, value);
    return BENTO_OK;
}

bento_status bento_multi_index_remove_value(bento_multi_index *mi, uint32_t value)
{
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE) {
        return BENTO_E_NOT_FOUND;
    }
    unlink_value(mi, key_of(mi, value), value);
    return BENTO_OK;
}

bento_status bento_multi_index_remove_all(bento_multi_index *mi, uint64_t key, uint32_t *removed)
{
    uint32_t value, n = 0u;
    if (removed != NULL) {
        *removed = 0u;
    }
    if (bento_index_remove(&mi->keys, key, &value) != BENTO_OK) {
        return BENTO_E_NOT_FOUND;
    }
    /* n bounds the walk should the links be damaged */
    while (value < mi->value_capacity && n < mi->value_capacity) {
        const uint32_t after = mi->next[value];
        mi->prev[value] = NONE;
        mi->next[value] = NONE;
        value = after;
        n++;
    }
    mi->count -= n <= mi->count ? n : mi->count;
    if (removed != NULL) {
        *removed = n;
    }
    return BENTO_OK;
}

bento_status bento_multi_index_move(bento_multi_index *mi, uint64_t key, uint32_t value)
{
    uint64_t old;
    bento_status status;
    if (value >= mi->value_capacity) {
        return BENTO_E_ARGUMENT;
    }
    if (mi->prev[value] == NONE) {
        return bento_multi_index_add(mi, key, value);
    }
    old = key_of(mi, value);
    if (old == key) {
        return BENTO_OK;
    }
    if (bento_index_contains(&mi->keys, key)) {
        unlink_value(mi, old, value); /* appending to an existing list cannot fail */
        return bento_multi_index_add(mi, key, value);
    }
    if (mi->next[value] == NONE && mi->prev[value] == value) {
        /* alone under its key: the old key's entry makes room for the new one; should the new
         * key be refused (only keys crafted against the hash are), the old one goes back, and
         * a one-value list has no order to lose */
        unlink_value(mi, old, value);
        status = bento_multi_index_add(mi, key, value);
        if (status != BENTO_OK) {
            (void)bento_multi_index_add(mi, old, value);
        }
        return status;
    }
    /* a new key while the old list keeps other values: enter the key first, so a refusal
     * leaves everything as it was */
    status = bento_index_insert(&mi->keys, key, value);
    if (status != BENTO_OK) {
        return status;
    }
    unlink_value(mi, old, value);
    mi->prev[value] = value;
    mi->next[value] = NONE;
    mi->key_of[2u * value] = (uint32_t)key;
    mi->key_of[2u * value + 1u] = (uint32_t)(key >> 32);
    mi->count++;
    return BENTO_OK;
}

bool bento_multi_index_key_of(const bento_multi_index *mi, uint32_t value, uint64_t *key)
{
    if (value >= mi->value_capacity || mi->prev[value] == NONE) {
        return false;
    }
    if (key != NULL) {
        *key = key_of(mi, value);
    }
    return true;
}

uint32_t bento_multi_index_count(const bento_multi_index *mi, uint64_t key)
{
    uint32_t value = bento_multi_index_first(mi, key);
    uint32_t n = 0u;
    while (value < mi->value_capacity && n < mi->value_capacity) {
        value = mi->next[value];
        n++;
    }
    return n;
}

bento_status bento_multi_index_check(const bento_multi_index *mi)
{
    uint32_t cursor = 0u, first, v, listed = 0u, walked = 0u;
    uint64_t key;
    if (bento_index_check(&mi->keys) != BENTO_OK || mi->value_capacity == 0u) {
        return BENTO_E_CORRUPT;
    }
    for (v = 0u; v < mi->value_capacity; v++) {
        if (mi->prev[v] == NONE && mi->next[v] != NONE) {
            return BENTO_E_CORRUPT; /* a value in no list links to nothing */
        }
        listed += mi->prev[v] != NONE ? 1u : 0u;
    }
    while (bento_index_next(&mi->keys, &cursor, &key, &first)) {
        uint32_t at = first, before, n = 0u;
        if (first >= mi->value_capacity) {
            return BENTO_E_CORRUPT;
        }
        before = mi->prev[first]; /* the last value */
        for (;;) {
            if (at >= mi->value_capacity || key_of(mi, at) != key || ++n > mi->value_capacity ||
                (at != first && mi->prev[at] != before)) {
                return BENTO_E_CORRUPT;
            }
            before = at;
            at = mi->next[at];
            if (at == NONE) {
                break;
            }
        }
        if (mi->prev[first] != before) {
            return BENTO_E_CORRUPT; /* the first value must name the last */
        }
        walked += n;
    }
    return walked == listed && listed == mi->count ? BENTO_OK : BENTO_E_CORRUPT;
}
