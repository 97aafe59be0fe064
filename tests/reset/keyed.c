/* SPDX-License-Identifier: MIT */
/*
 * tests/reset/keyed.c - the keyed containers as tests/reset drives them: the sparse set, the
 * hash index and the growing grid. Each names an element by its id (the key is a function of
 * it), so a ref is only the id again; the values go in with their keys (insert_from, or the
 * index's own value word), so no driver has caller writes (caller_fills 0), and every clear
 * here is atomic (clear_resumable 0).
 */
#include <bento/grid.h>
#include <bento/index.h>
#include <bento/sparse_set.h>

#include "reset.h"

/* Ids are operation indexes of an epoch: the keys below are laid out for ids below 128. */
BENTO_STATIC_ASSERT(RESET_EPOCH_OPS <= 128u, keyed_ids_below_128);

/* ---------------------------------------------------------------- sparse set */

#define SET_CAP 24u
#define SET_WORDS 3u

typedef struct set_value {
    uint32_t w[SET_WORDS];
} set_value;

BENTO_STATIC_ASSERT(SET_WORDS <= RESET_VALUE_WORDS, set_value_within_reset_value);

/* 16-bit handles of 7 index bits: the universe is the 128 ids, and 9 generation bits, so that
 * entries are 16 bits wide and carry a generation. */
BENTO_HANDLE_TYPE(reset_entity, uint16_t, 7);
#define RESET_SET_COLUMNS(X) X(set_value, v)
BENTO_SPARSE_SET_TYPE(reset_set, reset_entity, SET_CAP, RESET_SET_COLUMNS);
static reset_set set RESET_RETAINED;

/* The row insert_from copies is the value's first words, in place (no copy between the
 * marks): the elements struct is one set_value. */
BENTO_STATIC_ASSERT(sizeof(reset_set_elements) == sizeof(set_value), set_elements_are_one_value);

/* Element id's key: a fixed generation, with bits on and off, which every sparse entry keeps
 * beside its position (a key with another generation misses). */
#define SET_GENERATION 0x155u

static reset_entity set_key(uint32_t id)
{
    return reset_entity_from_raw(bento_handle_make(id, SET_GENERATION, reset_entity_INDEX_BITS));
}

static bento_status set_init(void)
{
    return reset_set_init(&set);
}

static bento_status set_open(void)
{
    return reset_set_open(&set);
}

static bento_status set_check(void)
{
    return reset_set_check(&set);
}

static uint32_t set_count(void)
{
    return reset_set_count(&set);
}

/* insert_from: the row goes in with the key, in one atomic step. */
static bento_status set_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    *ref = id;
    return reset_set_insert_from(&set, set_key(id),
                                 (const reset_set_elements *)(const void *)value);
}

static bento_status set_remove(uint32_t id, uint32_t ref)
{
    (void)ref;
    return reset_set_remove(&set, set_key(id));
}

static void set_clear(void)
{
    reset_set_clear(&set);
}

/* Present, with its whole row (of this epoch: a value names its element). */
static bool set_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    const set_value *v = reset_set_get(&set, set_key(id)).v;
    (void)ref;
    return v != NULL && reset_words_are(v->w, SET_WORDS, epoch, id);
}

const reset_driver reset_sparse_set_driver = {
    "sparse set", SET_CAP, false, false, set_init, set_open, set_check, set_count, set_insert,
    NULL, set_remove, set_clear, set_has, NULL,
};

/* ---------------------------------------------------------------- hash index */

/* 64 slots for 24 entries, under half the load limit (55): an insert that answered
 * BENTO_E_FULL (its buckets full, no free slot 3 moves away) would stop the test, and none
 * of 15 million inserts of these keys did at up to 24 entries (a host run of epochs like
 * these). At 32 slots, 44 did. */
#define INDEX_SLOTS 64u
#define INDEX_CAP 24u

BENTO_STATIC_ASSERT(INDEX_CAP <= BENTO_INDEX_MAX_COUNT(INDEX_SLOTS), index_cap_within_limit);

BENTO_INDEX_TYPE(reset_index, INDEX_SLOTS);
static reset_index ix RESET_RETAINED;

/* Element id's key: both halves used, the low one the id itself (so keys are distinct). */
static uint64_t index_key(uint32_t id)
{
    return (uint64_t)reset_mix(id ^ 0x5bd1e995u) << 32 | id;
}

static bento_status index_init(void)
{
    return reset_index_init(&ix);
}

static bento_status index_open(void)
{
    return reset_index_open(&ix);
}

static bento_status index_check(void)
{
    return reset_index_check(&ix);
}

static uint32_t index_count(void)
{
    return reset_index_count(&ix);
}

/* The value is the entry's one word, stored with its key in the insert (moves included). */
static bento_status index_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    *ref = id;
    return reset_index_insert(&ix, index_key(id), value->w[0]);
}

static bento_status index_remove(uint32_t id, uint32_t ref)
{
    (void)ref;
    return reset_index_remove(&ix, index_key(id), NULL);
}

static void index_clear(void)
{
    reset_index_clear(&ix);
}

static bool index_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    uint32_t v = 0u;
    (void)ref;
    return reset_index_find(&ix, index_key(id), &v) && reset_words_are(&v, 1u, epoch, id);
}

const reset_driver reset_index_driver = {
    "index", INDEX_CAP, false, false, index_init, index_open, index_check, index_count,
    index_insert, NULL, index_remove, index_clear, index_has, NULL,
};

/* ---------------------------------------------------------------- grid */

/* Element id's cell: x = id % 8 - 4 in [-4, 3], y = id / 8 - 8 in [-8, 7], one cell per id.
 * The box starts as the first cell inserted and doubles toward the others, relayouts in
 * place included; an unlucky order overshoots by a doubling along each axis, so the largest
 * box these cells can make is 16 x 32 (worked out over every order: an axis of n values
 * reaches at most twice the power of two that holds them). Cells further apart, or wider
 * ones, would grow the worst box past what the micro:bit's RAM holds; a one-word cell still
 * tears, as the kit copies cells bytewise. */
#define GRID_CELLS 512u
#define GRID_CAP 24u
#define GRID_WORDS 1u

typedef struct grid_value {
    uint32_t w[GRID_WORDS];
} grid_value;

BENTO_STATIC_ASSERT(GRID_WORDS <= RESET_VALUE_WORDS, grid_value_within_reset_value);

BENTO_GRID_TYPE(reset_grid, grid_value, 2, GRID_CELLS);
static reset_grid grid RESET_RETAINED;

static void grid_cell(uint32_t id, int32_t *c)
{
    c[0] = (int32_t)(id % 8u) - 4;
    c[1] = (int32_t)(id / 8u) - 8;
}

static bento_status grid_init(void)
{
    return reset_grid_init(&grid);
}

static bento_status grid_open(void)
{
    return reset_grid_open(&grid);
}

static bento_status grid_check(void)
{
    return reset_grid_check(&grid);
}

static uint32_t grid_count(void)
{
    return reset_grid_count(&grid);
}

/* insert_from: the value goes in with the cell's bit (after a growth, itself atomic). */
static bento_status grid_insert(uint32_t id, const reset_value *value, uint32_t *ref)
{
    int32_t c[2];
    grid_cell(id, c);
    *ref = id;
    return reset_grid_insert_from(&grid, c, (const grid_value *)(const void *)value);
}

static bento_status grid_remove(uint32_t id, uint32_t ref)
{
    int32_t c[2];
    (void)ref;
    grid_cell(id, c);
    return reset_grid_remove(&grid, c);
}

static void grid_clear(void)
{
    reset_grid_clear(&grid);
}

/* Occupied, and its whole value there (a relayout moves it bytewise). */
static bool grid_has(uint32_t epoch, uint32_t id, uint32_t ref)
{
    int32_t c[2];
    const grid_value *v;
    (void)ref;
    grid_cell(id, c);
    v = reset_grid_get(&grid, c);
    return v != NULL && reset_words_are(v->w, GRID_WORDS, epoch, id);
}

const reset_driver reset_grid_driver = {
    "grid", GRID_CAP, false, false, grid_init, grid_open, grid_check, grid_count, grid_insert,
    NULL, grid_remove, grid_clear, grid_has, NULL,
};
