/* SPDX-License-Identifier: MIT */
/*
 * tests/reset/nested.c - the containers built on others, as tests/reset drives them: the
 * multi-value index (a hash index inside), the spatial hash (a multi-value index inside) and
 * the paged set (its pages from a block pool of its own). The paged set names an element by
 * its id, so a ref is only the id again; the multi-value index and the spatial hash are typed
 * by a handle type, and name element `id` by a handle of index `id` whose generation comes
 * from the element's value (so from the epoch): the ref is that handle's raw value, and their
 * typed layers keep each id's handle, written just before the insert that adds the id, which
 * the test checks under resets like the rest. The values go in with their keys (the handle
 * itself, a position, insert_from), so no driver has caller writes (caller_fills 0). The
 * multi-value index's and the spatial hash's clears are atomic, the paged set's is resumable.
 *
 * The micro:bit's 16 KiB hold only the paged set (RESET_SMALL_RAM, reset.h): the multi-value
 * index and the spatial hash take their values and items as indices below their capacity, so
 * naming 128 ids takes 2.7 and 3.8 KiB (and 0.5 KiB more each for the ids' handles), and even
 * at the smallest capacities their journaled headers and nested hash indices take 0.7 and
 * 1.1 KiB, past the 1.2 KiB the image leaves.
 */
#include <bento/handle.h>
#include <bento/multi_index.h>
#include <bento/paged_set.h>
#include <bento/spatial_hash.h>

#include "reset.h"

/* Ids are operation indexes of an epoch: the keys below are laid out for ids below 128. */
BENTO_STATIC_ASSERT(RESET_EPOCH_OPS <= 128u, nested_ids_below_128);

#if !RESET_SMALL_RAM

/* The handles of the multi-value index's values and the spatial hash's items: index `id`
 * (below 128), a generation of 24 bits from the first word of the element's value, never 0
 * (so never the null handle, nor RESET_NO_REF). */
BENTO_HANDLE_TYPE(reset_item, uint32_t, 7);

static uint32_t item_raw(uint32_t w0, uint32_t id)
{
    return bento_handle_make(id, (w0 & 0xffffffu) | 1u, reset_item_INDEX_BITS);
}

static reset_item item_of(uint32_t epoch, uint32_t id)
{
    return reset_item_from_raw(item_raw(reset_word(epoch, id, 0u), id));
}

/* ---------------------------------------------------------------- multi-value index */

/* The value is the id (values are indices below the value capacity: all 128 ids), listed under
 * one of MULTI_GROUPS keys, so that most keys have several values and inserts and removes
 * link and unlink in the middle of lists. 16 slots for 5 keys: far under the load limit. */
#define MULTI_KEYS 16u
#define MULTI_VALUES 128u
#define MULTI_CAP 24u
#define MULTI_GROUPS 5u

BENTO_STATIC_ASSERT(MULTI_GROUPS <= BENTO_INDEX_MAX_COUNT(MULTI_KEYS), multi_groups_within_limit);
BENTO_STATIC_ASSERT(RESET_EPOCH_OPS <= MULTI_VALUES, multi_values_name_every_id);

BENTO_MULTI_INDEX_TYPE_OF(reset_multi, MULTI_KEYS, uint64_t, MULTI_VALUES, reset_item);
static reset_multi multi RESET_RETAINED;

/* Element id's key: its group, in both halves (the high one mixed). */
static uint64_t multi_key(uint32_t id)
{
    uint32_t group = id % MULTI_GROUPS;
    return (uint64_t)reset_mix(group ^ 0x27d4eb2fu) << 32 | group;
}

static bento_status multi_init(void)
{
    return reset_multi_init(&multi);
}

static bento_status multi_open(void)
{
    return reset_multi_open(&multi);
}

static bento_status multi_check(void)
{
    return reset_multi_check(&multi);
}

static uint32_t multi_count(void)
{
    return reset_multi_count(&multi);
}

/* The value is the element's handle, listed under its key in one atomic step. */
static bento_status multi_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    *ref = item_raw(value->w[0], id);
    return reset_multi_insert(&multi, multi_key(id), reset_item_from_raw(*ref));
}

/* Both removes: by key and value for even ids, by value alone for odd ones. */
static bento_status multi_remove(uint32_t id, uint32_t ref)
{
    return id % 2u == 0u ? reset_multi_remove(&multi, multi_key(id), reset_item_from_raw(ref))
                         : reset_multi_remove_value(&multi, reset_item_from_raw(ref));
}

static void multi_clear(void)
{
    reset_multi_clear(&multi);
}

/* Listed with its handle, under its own key. */
static bool multi_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    uint64_t key;
    (void)ref;
    return reset_multi_key_of(&multi, item_of(epoch, id), &key) && key == multi_key(id);
}

static uint32_t multi_find(uint32_t epoch, uint32_t id, const uint32_t *taken, uint32_t n)
{
    (void)taken;
    (void)n;
    return multi_has(epoch, id, 0u) ? item_raw(reset_word(epoch, id, 0u), id) : RESET_NO_REF;
}

const reset_driver reset_multi_index_driver = {
    "multi index", MULTI_CAP, false, false, multi_init, multi_open, multi_check, multi_count,
    multi_insert, NULL, multi_remove, multi_clear, multi_has, multi_find,
};

/* ---------------------------------------------------------------- spatial hash */

/* The item is the id; its position, from the first word of its value (so from the id and the
 * epoch), is in [-16, 15] on each axis, cells of 8 units: 16 cells, most holding several
 * items. 64 cell slots for at most 16 cells, under a third of the load limit. */
#define SPACE_CELLS 64u
#define SPACE_ITEMS 128u
#define SPACE_CAP 24u
#define SPACE_SHIFT 3

BENTO_STATIC_ASSERT(RESET_EPOCH_OPS <= SPACE_ITEMS, space_items_name_every_id);

BENTO_SPATIAL_HASH_TYPE_OF(reset_space, SPACE_CELLS, SPACE_ITEMS, reset_item, 2, SPACE_SHIFT);
static reset_space space RESET_RETAINED;

/* The position of the element whose value's first word is w0. */
static void space_position(uint32_t w0, int32_t *p)
{
    p[0] = (int32_t)(w0 & 31u) - 16;
    p[1] = (int32_t)((w0 >> 5) & 31u) - 16;
}

static bento_status space_init(void)
{
    return reset_space_init(&space);
}

static bento_status space_open(void)
{
    return reset_space_open(&space);
}

static bento_status space_check(void)
{
    return reset_space_check(&space);
}

static uint32_t space_count(void)
{
    return reset_space_count(&space);
}

/* The position goes in with the item, in one atomic step. */
static bento_status space_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    int32_t p[2];
    space_position(value->w[0], p);
    *ref = item_raw(value->w[0], id);
    return reset_space_insert(&space, reset_item_from_raw(*ref), p);
}

static bento_status space_remove(uint32_t id, uint32_t ref)
{
    (void)id;
    return reset_space_remove(&space, reset_item_from_raw(ref));
}

static void space_clear(void)
{
    reset_space_clear(&space);
}

/* In with its handle, at its exact position (check verified that it sits in that position's
 * cell). */
static bool space_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    const int32_t *at = reset_space_get(&space, item_of(epoch, id));
    int32_t p[2];
    (void)ref;
    space_position(reset_word(epoch, id, 0u), p);
    return at != NULL && at[0] == p[0] && at[1] == p[1];
}

static uint32_t space_find(uint32_t epoch, uint32_t id, const uint32_t *taken, uint32_t n)
{
    (void)taken;
    (void)n;
    return space_has(epoch, id, 0u) ? item_raw(reset_word(epoch, id, 0u), id) : RESET_NO_REF;
}

const reset_driver reset_spatial_hash_driver = {
    "spatial hash", SPACE_CAP, false, false, space_init, space_open, space_check, space_count,
    space_insert, NULL, space_remove, space_clear, space_has, space_find,
};

#endif /* !RESET_SMALL_RAM */

/* ---------------------------------------------------------------- paged set */

/* Pages of PAGED_PAGE ids; the pool holds a page for every element, the most an epoch's
 * elements can spread over. On the micro:bit, 8 elements (1.1 KiB, set and pages: the
 * image then leaves 40 bytes of RAM above the 4 KiB stack reserve). */
#if RESET_SMALL_RAM
#define PAGED_CAP 8u
#define PAGED_PAGE 4u
#else
#define PAGED_CAP 24u
#define PAGED_PAGE 4u
#endif
#define PAGED_WORDS 3u

typedef struct paged_value {
    uint32_t w[PAGED_WORDS];
} paged_value;

BENTO_STATIC_ASSERT(PAGED_WORDS <= RESET_VALUE_WORDS, paged_value_within_reset_value);

/* keys of 7 index bits (ids below RESET_EPOCH_OPS) and a generation above them */
BENTO_PAGED_SET_TYPE_BITS(reset_paged, paged_value, PAGED_CAP, RESET_EPOCH_OPS, PAGED_PAGE, 7u, 25u);
BENTO_BLOCK_POOL_TYPE(reset_pages, reset_paged_page, PAGED_CAP);
static reset_pages pages RESET_RETAINED;
static reset_paged paged RESET_RETAINED;

/* Element id's key: its index, and above it a fixed generation, which every dense key keeps
 * (a key with another generation misses). */
#define PAGED_GENERATION 0x2a5u

static uint32_t paged_key(uint32_t id)
{
    return PAGED_GENERATION << 7 | id;
}

/* The pool first, then the set on it. */
static bento_status paged_init(void)
{
    bento_status status = reset_pages_init(&pages);
    return status == BENTO_OK ? reset_paged_init(&paged, reset_pages_generic(&pages)) : status;
}

/* The pool first (bento/paged_set.h): the set's open may give back a page its cut operation
 * took or gave back. */
static bento_status paged_open(void)
{
    bento_status status = reset_pages_open(&pages);
    return status == BENTO_OK ? reset_paged_open(&paged, reset_pages_generic(&pages)) : status;
}

/* Both, and every page the pool has out held by the set: no page leaked. */
static bento_status paged_check(void)
{
    bento_status status = reset_pages_check(&pages);
    if (status == BENTO_OK) {
        status = reset_paged_check(&paged);
    }
    if (status == BENTO_OK && reset_pages_count(&pages) != reset_paged_pages_held(&paged)) {
        status = BENTO_E_CORRUPT;
    }
    return status;
}

static uint32_t paged_count(void)
{
    return reset_paged_count(&paged);
}

/* insert_from: the value goes in with the key (and a page, when it needs one), atomically. */
static bento_status paged_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    *ref = id;
    return reset_paged_insert_from(&paged, paged_key(id),
                                   (const paged_value *)(const void *)value);
}

static bento_status paged_remove(uint32_t id, uint32_t ref)
{
    (void)ref;
    return reset_paged_remove(&paged, paged_key(id));
}

static void paged_clear(void)
{
    reset_paged_clear(&paged);
}

static bool paged_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    const paged_value *v = reset_paged_get(&paged, paged_key(id));
    (void)ref;
    return v != NULL && reset_words_are(v->w, PAGED_WORDS, epoch, id);
}

/* Clear removes one key at a time: resumable. */
const reset_driver reset_paged_set_driver = {
    "paged set", PAGED_CAP, true, false, paged_init, paged_open, paged_check, paged_count,
    paged_insert, NULL, paged_remove, paged_clear, paged_has, NULL,
};
