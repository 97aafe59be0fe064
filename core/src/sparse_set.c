/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1 M2 M3 M7 M9 M12 M13 M15 M17 M19 M21 M22 M23 M25 M26 M30 T1. */
/* bento/sparse_set.c - the sparse set. The contract is in bento/sparse_set.h. */
#include <bento/sparse_set.h>

#include "internal.h"

/* The most columns a set takes: the buffer holds a word per column. */
#define MAX_COLUMNS 0xffffu
/* The largest row (the elements of every column at one position, end to end): the sorts
 * carry rows in 32-bit offsets. */
#define MAX_ROW 0x7fffffffu
/* The largest capacity: positions take at most 31 bits of an entry. */
#define MAX_CAPACITY 0x7fffffffu

/* The entry of an index no key has. */
static uint32_t absent(const bento_sparse_set *set)
{
    return set->wide != 0u ? 0xffffffffu : 0xffffu;
}

/* Set the entry of index i, through the operation's journal. Inlined, as every function that
 * takes a journal: one passed to a call lives in memory, and its every entry costs more. */
BENTO_IMPL_ALWAYS_INLINE static inline void put_entry(bento_sparse_set *set,
                                                     bento_impl_journal *j, uint32_t i,
                                                     uint32_t entry)
{
    if (set->wide != 0u) {
        bento_impl_put(j, (uint32_t *)set->sparse + i, entry);
    } else {
        bento_impl_put16(j, (uint16_t *)set->sparse + i, (uint16_t)entry);
    }
}

/* Point the entry of `key`, at `index` (its index, below the universe), at `position`. */
BENTO_IMPL_ALWAYS_INLINE static inline void place(bento_sparse_set *set, bento_impl_journal *j,
                                                  uint32_t index, uint32_t key,
                                                  uint32_t position)
{
    put_entry(set, j, index, bento_impl_sparse_set_tag(set, key) | position);
}

/* The same, a store of a pending action that open does again (a sort's rows): no entry. */
static void point(bento_sparse_set *set, uint32_t i, uint32_t key, uint32_t position)
{
    const uint32_t entry = bento_impl_sparse_set_tag(set, key) | position;
    if (set->wide != 0u) {
        ((uint32_t *)set->sparse)[i] = entry;
    } else {
        ((uint16_t *)set->sparse)[i] = (uint16_t)entry;
    }
}

/* A key is well formed, and insert takes it, when its index is inside the universe and this
 * is true: no bits above its generation, and, in a set of handles, a generation other than 0
 * (bento/handle.h: generations start at 1; 0 is the null handle's, or a forged one's, and it
 * would take the entry of its index). The callers test the index themselves, where they then
 * use it as a bound. */
static bool generation_sound(const bento_sparse_set *set, uint32_t key)
{
    const uint32_t generation = ~(set->index_mask | set->stray); /* 0 for plain ids */
    return (key & set->stray) == 0u && (generation == 0u || (key & generation) != 0u);
}

/* Address of the element at `position` in column c. */
static unsigned char *element(const bento_sparse_set *set, uint32_t c, uint32_t position)
{
    return (unsigned char *)set->columns[c].data + (size_t)position * set->columns[c].size;
}

/* Copy one element: one out-of-line copy routine serves remove and sort. */
static void copy(void *dst, const void *src, size_t n)
{
    bento_impl_copy(dst, src, n);
}

/* The pending actions of the journal (core/src/internal.h, "journal"), done again by open. */
#define MOVE_ROW 1u /* remove: the last row (at the count) into the hole `arg` */
#define CLEAR 2u    /* clear: the count 0, the entries of the first `arg` keys ABSENT */
#define SORT_KEYS 3u /* a sort ordering the keys: open rebuilds them from the entries */
#define SORT_ROWS 4u /* a sort moving the rows: open completes it from the journal's record */
#define SWAP_ROWS 5u /* sort_as: the rows at `arg` and at the journal's other position swapped */

/* The sorts' and sort_as's pending actions done again (after MOVE_ROW and CLEAR). */
static bento_status sparse_set_resume(bento_sparse_set *set, uint32_t action, uint32_t arg);

/* Copy the row at `from` over the row at `to`, column by column. */
static void move_row(const bento_sparse_set *set, uint32_t to, uint32_t from)
{
    uint32_t c;
    for (c = 0u; c < set->column_count; c++) {
        copy(element(set, c, to), element(set, c, from), (size_t)set->columns[c].size);
    }
}

/* The count 0 and the entries of the first n keys ABSENT: what clear stores, and what open
 * does again (the keys are not written, so twice is once). */
static void clear_entries(bento_sparse_set *set, uint32_t n)
{
    uint32_t p;
    for (p = 0u; p < n; p++) {
        const uint32_t index = set->dense[p] & set->index_mask;
        /* a damaged key is skipped: check reports it */
        if (index < set->universe) {
            if (set->wide != 0u) {
                ((uint32_t *)set->sparse)[index] = absent(set);
            } else {
                ((uint16_t *)set->sparse)[index] = (uint16_t)absent(set);
            }
        }
    }
    set->saved->count = 0u;
}

/* True when the column descriptors are ones init takes: no more than the header holds, each
 * with data and a size, the sizes adding up to at most MAX_ROW. */
static bool columns_sound(const bento_sparse_set_column *columns, uint32_t column_count)
{
    uint32_t row = 0u;
    uint32_t c;
    if (column_count > MAX_COLUMNS || (column_count != 0u && columns == NULL)) {
        return false;
    }
    for (c = 0u; c < column_count; c++) {
        if (columns[c].data == NULL || columns[c].size == 0u || columns[c].size > MAX_ROW - row) {
            return false;
        }
        row += columns[c].size;
    }
    return true;
}

/* True when every column holds `capacity` elements. */
static bool columns_fit(const bento_sparse_set_column *columns, uint32_t column_count,
                        uint32_t capacity)
{
    uint32_t c;
    for (c = 0u; c < column_count; c++) {
        if ((uint64_t)columns[c].bytes < (uint64_t)capacity * columns[c].size) {
            return false;
        }
    }
    return true;
}

/* The columns a set is given at init and open (the lifecycle's `with`). */
typedef struct columns_given {
    const bento_sparse_set_column *columns;
    uint32_t count;
} columns_given;

/*
 * Check a parameter record, the columns (`with`) and the buffer and fill the set's fixed
 * fields, pointing its arrays into `memory` (the lifecycle's configure, core/src/internal.h).
 * Statuses in this order: ARGUMENT (parameters, columns, a layout over 4 GiB), ALIGN, SIZE
 * (the buffer, then the columns).
 */
static bento_status sparse_set_configure(void *x, void *memory, size_t bytes, const void *record,
                                         const void *with, size_t *used)
{
    bento_sparse_set *const set = (bento_sparse_set *)x;
    const bento_impl_sparse_set_params *const p = (const bento_impl_sparse_set_params *)record;
    const columns_given *const given = (const columns_given *)with;
    const bento_sparse_set_column *const columns = given->columns;
    const uint32_t column_count = given->count;
    const uint32_t universe = p->universe, capacity = p->capacity;
    const unsigned index_bits = (unsigned)(p->bits & 0xffu),
                   generation_bits = (unsigned)(p->bits >> 8);
    const uint32_t mask = UINT32_MAX >> ((32u - index_bits) & 31u);
    bento_impl_layout layout;
    size_t dense, sparse;
    unsigned pos_bits;
    unsigned tag_shift;
    bool wide;
    bento_status status;
    /* index_bits - 1 > 31: 0 or above 32; universe - 1 > mask: more indices than index_bits
       name (universe 0 wraps too); capacity - 1 >= universe: 0 or above the universe; the
       buffer's columns: as many as given */
    if (memory == NULL || index_bits - 1u > 31u || generation_bits > 32u - index_bits ||
        universe - 1u > mask || capacity - 1u >= universe || capacity > MAX_CAPACITY ||
        p->column_count != column_count || !columns_sound(columns, column_count) ||
        !bento_impl_fits(column_count, 4u, BENTO_IMPL_SPARSE_SET_HEADER)) {
        return BENTO_E_ARGUMENT;
    }
    pos_bits = bento_impl_log2(capacity) + 1u; /* capacity <= 2^pos_bits - 1 */
    tag_shift = pos_bits > index_bits ? 1u : 0u; /* capacity == 2^index_bits */
    wide = (generation_bits == 0u ? pos_bits : index_bits + generation_bits + tag_shift) > 16u;
    layout = bento_impl_layout_start(BENTO_IMPL_SPARSE_SET_HEAD(column_count));
    dense = bento_impl_layout_add(&layout, capacity, 4u, 4u);
    sparse = bento_impl_layout_add(&layout, universe, wide ? 4u : 2u, 4u);
    (void)bento_impl_layout_add(&layout, 0u, 1u, 4u); /* whole words */
    *used = layout.bytes;
    status = bento_impl_layout_fits(&layout, memory, 4u, bytes);
    if (status != BENTO_OK) {
        return status;
    }
    if (!columns_fit(columns, column_count, capacity)) {
        *used = 0u; /* the caller's columns, not the buffer */
        return BENTO_E_SIZE;
    }
    set->dense = (uint32_t *)(void *)((unsigned char *)memory + dense);
    set->sparse = (unsigned char *)memory + sparse;
    set->columns = columns;
    set->saved =
        (bento_sparse_set_state *)bento_impl_saved_at(memory, sizeof(bento_impl_sparse_set_params));
    set->universe = universe;
    set->capacity = capacity;
    set->column_count = column_count;
    set->bytes = (uint32_t)layout.bytes;
    set->index_mask = mask;
    set->stray = index_bits + generation_bits < 32u
                     ? ~(UINT32_MAX >> ((32u - index_bits - generation_bits) & 31u))
                     : 0u;
    set->index_bits = (uint8_t)index_bits;
    set->generation_bits = (uint8_t)generation_bits;
    set->pos_bits = (uint8_t)pos_bits;
    set->tag_shift = (uint8_t)tag_shift;
    set->wide = wide ? 1u : 0u;
    return BENTO_OK;
}

/* The parameter record of a configured set, and its buffer's bytes. */
static size_t sparse_set_record(const void *x, void *record)
{
    const bento_sparse_set *const set = (const bento_sparse_set *)x;
    bento_impl_sparse_set_params *const p = (bento_impl_sparse_set_params *)record;
    p->universe = set->universe;
    p->capacity = set->capacity;
    p->bits = set->index_bits | (uint32_t)set->generation_bits << 8;
    p->column_count = set->column_count;
    return (size_t)set->bytes;
}

/* The element size of each column, a word each, right after the header of the buffer at
 * `memory` (init writes them there). */
static const uint32_t *sizes_in(const void *memory)
{
    return (const uint32_t *)(const void *)((const unsigned char *)memory +
                                            BENTO_IMPL_SPARSE_SET_HEADER);
}

/* The columns' element sizes after the header, and every entry ABSENT (all ones, whole words:
 * the array's length is rounded up to one). */
static void sparse_set_empty(void *x)
{
    bento_sparse_set *const set = (bento_sparse_set *)x;
    uint32_t *const sizes = set->dense - set->column_count; /* right before the keys */
    uint32_t *word = (uint32_t *)set->sparse;
    uint32_t *const end = (uint32_t *)(void *)((unsigned char *)bento_impl_head_of(
                              set->saved, sizeof(bento_impl_sparse_set_params)) + set->bytes);
    uint32_t c;
    for (c = 0u; c < set->column_count; c++) {
        sizes[c] = set->columns[c].size;
    }
    for (; word != end; word++) {
        *word = 0xffffffffu;
    }
}

static bento_status sparse_set_redo(void *x, uint32_t action, uint32_t arg);
static bento_status sparse_set_invariants(const void *x);

static const bento_impl_kind sparse_set_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_SPARSE_SET, bento_sparse_set, bento_sparse_set_state,
                    bento_impl_sparse_set_params, BENTO_IMPL_SPARSE_SET_HEAD(0u),
                    BENTO_IMPL_SPARSE_SET_ENTRIES),
    sparse_set_configure, sparse_set_record, sparse_set_empty,
    BENTO_IMPL_REDO_OF(sparse_set_redo), NULL,
    sparse_set_invariants, NULL,
};

/* The parameter record of a set of these parameters (init's, and a typed open's). */
static bento_impl_sparse_set_params sparse_set_params(uint32_t universe, uint32_t capacity,
                                                      unsigned index_bits,
                                                      unsigned generation_bits,
                                                      uint32_t column_count)
{
    bento_impl_sparse_set_params p;
    p.universe = universe;
    p.capacity = capacity;
    p.bits = bento_impl_record_small(index_bits) | bento_impl_record_small(generation_bits) << 8;
    p.column_count = column_count;
    return p;
}

bento_status bento_sparse_set_init(bento_sparse_set *set, void *memory, size_t bytes,
                                   uint32_t universe, uint32_t capacity, unsigned index_bits,
                                   unsigned generation_bits, const bento_sparse_set_column *columns,
                                   uint32_t column_count)
{
    const bento_impl_sparse_set_params p =
        sparse_set_params(universe, capacity, index_bits, generation_bits, column_count);
    columns_given given;
    BENTO_ASSERT(set != NULL);
    given.columns = columns;
    given.count = column_count;
    return bento_impl_init(&sparse_set_kind, set, memory, bytes, &p, &given);
}

/* An operation cut by a reset: its pending action done again (the count in the header is
 * already the one after it). */
static bento_status sparse_set_redo(void *x, uint32_t action, uint32_t arg)
{
    bento_sparse_set *const set = (bento_sparse_set *)x;
    const uint32_t count = set->saved->count;
    /* the count tested first: the analyser then bounds arg by the count it has bounded */
    if (action == MOVE_ROW && count < set->capacity && arg < count) {
        move_row(set, arg, count);
        return BENTO_OK;
    }
    if (action == CLEAR && arg <= set->capacity) {
        clear_entries(set, arg);
        return BENTO_OK;
    }
    return count > set->capacity ? BENTO_E_CORRUPT : sparse_set_resume(set, action, arg);
}

/* Open, as a set of the record `expect` (a typed open) or of any (NULL). */
static bento_status sparse_set_open(bento_sparse_set *set, void *memory, size_t bytes,
                                    const bento_sparse_set_column *columns,
                                    uint32_t column_count,
                                    const bento_impl_sparse_set_params *expect)
{
    columns_given given;
    size_t used;
    uint32_t c;
    bento_status status;
    /* the caller's part first: descriptors init would refuse, and element sizes other than
       the buffer's (recovery writes the columns, so before it) */
    bento_impl_inert(&sparse_set_kind, set);
    if (!columns_sound(columns, column_count)) {
        return BENTO_E_ARGUMENT;
    }
    status = bento_impl_head_read(memory, bytes, BENTO_IMPL_KIND_SPARSE_SET,
                                  BENTO_IMPL_SPARSE_SET_HEAD(0u), &used);
    if (status == BENTO_OK) {
        const bento_impl_sparse_set_params *const p =
            (const bento_impl_sparse_set_params *)bento_impl_params_at(memory);
        if (p->column_count != column_count || BENTO_IMPL_SPARSE_SET_HEAD(column_count) > used) {
            return BENTO_E_CORRUPT;
        }
        for (c = 0u; c < column_count; c++) {
            if (sizes_in(memory)[c] != columns[c].size) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    given.columns = columns;
    given.count = column_count;
    return bento_impl_open(&sparse_set_kind, set, memory, bytes, &given, expect);
}

bento_status bento_sparse_set_open(bento_sparse_set *set, void *memory, size_t bytes,
                                   const bento_sparse_set_column *columns, uint32_t column_count)
{
    BENTO_ASSERT(set != NULL);
    return sparse_set_open(set, memory, bytes, columns, column_count, NULL);
}

bento_status bento_impl_sparse_set_open_as(bento_sparse_set *set, void *memory, size_t bytes,
                                           uint32_t universe, uint32_t capacity,
                                           unsigned index_bits, unsigned generation_bits,
                                           const bento_sparse_set_column *columns,
                                           uint32_t column_count)
{
    const bento_impl_sparse_set_params p =
        sparse_set_params(universe, capacity, index_bits, generation_bits, column_count);
    BENTO_ASSERT(set != NULL);
    return sparse_set_open(set, memory, bytes, columns, column_count, &p);
}

/*
 * Insert `key`, with its row copied from `elements` (one pointer per column) unless NULL;
 * insert and insert_from in one body, inlined into each, so that insert carries no copy.
 */
static inline bento_status insert(bento_sparse_set *set, uint32_t key, const void *const *elements,
                                  uint32_t *position)
{
    uint32_t index;
    uint32_t at;
    uint32_t c;
    bool fits;
    bento_impl_journal j;
    index = key & set->index_mask;
    at = set->state.count;
    fits = index < set->universe && generation_sound(set, key);
    if (position != NULL) {
        *position = BENTO_NONE;
    }
    if (fits) {
        const uint32_t entry = bento_impl_sparse_set_entry(set, index);
        if (entry != absent(set)) {
            /* a present key's entry points inside the count */
            return (entry & (UINT32_MAX >> (32u - set->pos_bits))) < at ? BENTO_E_EXISTS
                                                                         : BENTO_E_CORRUPT;
        }
    }
    if (at == set->capacity) {
        return BENTO_E_FULL;
    }
    if (!fits) {
        return BENTO_E_ARGUMENT;
    }
    /* the row, like the key, past the count: no part of the state before, so no entry (and
       a refusal halfway leaves the set as it was) */
    for (c = 0u; elements != NULL && c < set->column_count; c++) {
        if (elements[c] == NULL) {
            return BENTO_E_ARGUMENT;
        }
        copy((unsigned char *)set->columns[c].data + (size_t)at * set->columns[c].size, elements[c],
             (size_t)set->columns[c].size);
    }
    BENTO_IMPL_BEGIN(&j, set);
    set->dense[at] = key;
    place(set, &j, key & set->index_mask, key, at);
    BENTO_IMPL_SET(&j, set, count, at + 1u);
    bento_impl_done(&j);
    if (position != NULL) {
        *position = at;
    }
    return BENTO_OK;
}

bento_status bento_sparse_set_insert(bento_sparse_set *set, uint32_t key, uint32_t *position)
{
    BENTO_ASSERT(set != NULL);
    return insert(set, key, NULL, position);
}

bento_status bento_sparse_set_insert_from(bento_sparse_set *set, uint32_t key,
                                         const void *const *elements, uint32_t *position)
{
    BENTO_ASSERT(set != NULL && elements != NULL);
    return insert(set, key, elements, position);
}

bento_status bento_sparse_set_remove(bento_sparse_set *set, uint32_t key)
{
    uint32_t p;
    uint32_t last;
    uint32_t moved;
    uint32_t moved_index;
    uint32_t index;
    bento_impl_journal j;
    BENTO_ASSERT(set != NULL);
    /* bento_sparse_set_index_of, with its test on the index made here, where the index is
       then used (docs/prove.md) */
    index = key & set->index_mask;
    p = index < set->universe
            ? bento_impl_sparse_set_position(bento_impl_sparse_set_entry(set, index), key,
                                             set->index_mask, set->tag_shift, set->stray,
                                             set->capacity)
            : BENTO_NONE;
    if (p == BENTO_NONE) {
        /* an inert set (universe 0) misses every key, as its insert is full for every key */
        return set->universe == 0u ||
                       (index < set->universe && generation_sound(set, key))
                   ? BENTO_E_NOT_FOUND
                   : BENTO_E_ARGUMENT;
    }
    /* a found entry points below the capacity; a sound one also below the count, and the
       last key's index is inside the universe */
    last = set->state.count - 1u;
    moved = p < set->state.count ? set->dense[last] : 0u;
    moved_index = moved & set->index_mask;
    if (p >= set->state.count || (p != last && moved_index >= set->universe)) {
        return BENTO_E_CORRUPT;
    }
    BENTO_IMPL_BEGIN(&j, set);
    put_entry(set, &j, index, absent(set));
    BENTO_IMPL_SET(&j, set, count, last);
    if (p != last) {
        /* swap-and-pop: the last key takes the hole; its row last, once every word (the count
           included) says where it goes: a reset from there on moves it again (the last row is
           not written) */
        bento_impl_put(&j, &set->dense[p], moved);
        place(set, &j, moved_index, moved, p);
        bento_impl_redo(&j, MOVE_ROW, p);
        move_row(set, p, last);
    }
    bento_impl_done(&j);
    return BENTO_OK;
}

void bento_sparse_set_clear(bento_sparse_set *set)
{
    uint32_t count;
    bento_impl_journal j;
    BENTO_ASSERT(set != NULL);
    count = set->state.count;
    /* nothing to do when empty, and an inert set (empty) has no journal: its counters' copy
       is its own struct */
    if (count == 0u) {
        return;
    }
    /* the whole clear is the pending action from the start: a reset anywhere in it is
       followed by all of it again */
    BENTO_IMPL_BEGIN(&j, set);
    bento_impl_redo(&j, CLEAR, count);
    clear_entries(set, count);
    set->state.count = 0u;
    bento_impl_done(&j);
}

/* ---------------------------------------------------------------- sorting */

typedef struct sorter {
    const bento_sparse_set *set;
    bento_sparse_set_compare compare;
    void *context;
    uint32_t by;
} sorter;

/*
 * Where key's elements were before the sort began: its entry's position (`index`: its index,
 * below the universe). While the keys are being sorted the entries are left alone, so they
 * still answer this; the in-place sorts check first that every entry they will read points
 * back at its key.
 */
static uint32_t origin(const bento_sparse_set *set, uint32_t index, uint32_t key)
{
    return bento_impl_sparse_set_entry(set, index) ^ bento_impl_sparse_set_tag(set, key);
}

/* True when the first n keys are inside the universe and their entries point back at them. */
static bool entries_sound(const bento_sparse_set *set, uint32_t n)
{
    uint32_t p;
    for (p = 0u; p < n; p++) {
        const uint32_t key = set->dense[p];
        const uint32_t index = key & set->index_mask;
        if (index >= set->universe || origin(set, index, key) != p) {
            return false;
        }
    }
    return true;
}

/*
 * What the comparator sees for a key: the key itself, or its element of the sort column,
 * found at *src when the caller tracks where elements are, else through its entry.
 */
BENTO_IMPL_FAST_INLINE static inline const void *item(const sorter *s, const uint32_t *key,
                                                      const uint32_t *src)
{
    if (s->by == BENTO_SPARSE_SET_BY_KEY) {
        return key;
    }
    return element(s->set, s->by,
                   src != NULL ? *src : origin(s->set, *key & s->set->index_mask, *key));
}

/* True when key a sorts strictly before key b (sa and sb: their elements' places, or NULL). */
static bool less(const sorter *s, const uint32_t *a, const uint32_t *sa, const uint32_t *b,
                 const uint32_t *sb)
{
    if (s->compare == NULL) {
        return *a < *b;
    }
    return s->compare(item(s, a, sa), item(s, b, sb), s->context) < 0;
}

/* Check the arguments every comparison sort takes and fill the sorter. */
static bool prepare(sorter *s, const bento_sparse_set *set, uint32_t n, uint32_t by,
                    bento_sparse_set_compare compare, void *context)
{
    s->set = set;
    s->compare = compare;
    s->context = context;
    s->by = by;
    return n <= set->state.count &&
           (by == BENTO_SPARSE_SET_BY_KEY || (by < set->column_count && compare != NULL));
}

/*
 * Bottom-up sift: the hole at `root` sinks to a leaf along the larger children (one
 * comparison per level), then `key` climbs back to its place (usually a level or two).
 * About half the comparisons of the textbook sift-down, which matters with a comparator
 * called through a pointer.
 */
static void sift(const sorter *s, uint32_t *a, uint32_t root, uint32_t end, uint32_t key)
{
    uint32_t hole = root;
    uint32_t child;
    while ((child = 2u * hole + 1u) < end) {
        if (child + 1u < end) {
            /* arithmetic rather than a branch: the outcome is a coin toss on random data */
            child += (uint32_t)less(s, &a[child], NULL, &a[child + 1u], NULL);
        }
        a[hole] = a[child];
        hole = child;
    }
    while (hole > root) {
        const uint32_t parent = (hole - 1u) >> 1;
        if (!less(s, &a[parent], NULL, &key, NULL)) {
            break;
        }
        a[hole] = a[parent];
        hole = parent;
    }
    a[hole] = key;
}

/* The bytes of a row one walk moves. */
#define WINDOW 32u

/*
 * The columns' elements at one position, laid end to end, form a row of `row` bytes (less
 * than 2^31). A walk moves one 32-byte window of rows, [window, window + 32), so that small
 * columns share a walk and a large one takes one walk per 32 bytes.
 *
 * move_window copies the window from position `src` to position `dst`; BENTO_NONE for either
 * stands for `held`, a 32-byte buffer.
 */
static void move_window(bento_sparse_set *set, uint32_t window, uint32_t dst, uint32_t src,
                        unsigned char *held)
{
    uint32_t c;
    uint32_t begin = 0u; /* where column c starts in the row */
    /* columns that start past the window, and all after them, have nothing in it */
    for (c = 0u; c < set->column_count && begin < window + WINDOW; c++) {
        const uint32_t size = set->columns[c].size;
        const uint32_t from = window > begin ? window - begin : 0u;       /* within the element */
        const uint32_t to = window + WINDOW - begin < size ? window + WINDOW - begin : size;
        if (from < to) {
            const uint32_t at = begin + from - window; /* within the window */
            copy(dst == BENTO_NONE ? held + at : element(set, c, dst) + from,
                 src == BENTO_NONE ? held + at : element(set, c, src) + from, (size_t)(to - from));
        }
        begin += size;
    }
}

/*
 * A sort first orders the keys while their entries still say where each key's row is
 * (pending action SORT_KEYS: the dense keys are scratch, and open rebuilds them from the
 * entries, the state before), then moves the rows cycle by cycle (SORT_ROWS: open completes
 * the walks, the state after). A walk holds the window that leaves its first position, and
 * keeps where it is after each position it fills: the copy into a position reads one the walk
 * has not written yet, so done twice it is done once. What it holds and keeps is in the
 * journal's room (core/src/internal.h, bento_impl_room), words:
 */
#define R_PROGRESS 0u /* a sort's progress: start, window, at (BENTO_NONE between walks), next */
#define R_OTHER 9u    /* sort_as: the second position of the swap under way */
#define R_STEP 10u    /* sort_as: window index << 2 | step (0 hold, 1 copy, 2 put back) */
#define R_HELD 11u    /* the window held, WINDOW bytes */
#if 2u * BENTO_IMPL_SPARSE_SET_ENTRIES < R_HELD + WINDOW / 4u
#error "the sparse set's journal room must hold a window"
#endif

/* Where a walk holds its window: in the room, or (no room) the caller's `local`. */
static unsigned char *held_in(uint32_t *room, uint32_t *local)
{
    return (unsigned char *)(room != NULL ? room + R_HELD : local);
}

static uint32_t row_bytes(const bento_sparse_set *set)
{
    uint32_t row = 0u;
    uint32_t c;
    for (c = 0u; c < set->column_count; c++) {
        row += set->columns[c].size;
    }
    return row;
}

/* Where the row wanted at `at` is: `sources[at]` when the sort keeps them (a scratch sort's,
 * without a room: what no reset interrupts), else its key's entry, not yet rewritten; or
 * BENTO_NONE when the key is outside the universe or its entry points at or past n. */
BENTO_IMPL_FAST_INLINE static inline uint32_t source_in(const bento_sparse_set *set,
                                                       const uint32_t *sources, uint32_t at,
                                                       uint32_t n)
{
    const uint32_t key = set->dense[at];
    const uint32_t index = key & set->index_mask;
    uint32_t from;
    if (sources != NULL) {
        return sources[at];
    }
    if (index >= set->universe) {
        return BENTO_NONE;
    }
    from = origin(set, index, key);
    return from < n ? from : BENTO_NONE;
}

/*
 * Move the rows of the first n positions to their keys, from the walk `w` on (start, window,
 * at, next): a sort from its beginning, open from where a reset left it. Each step is kept in
 * `room` (nothing is, without a room). BENTO_E_CORRUPT for a walk or an entry no sort writes
 * (open's journal is bytes like any other); every walk ends, at most n positions long.
 */
static bento_status rows(bento_sparse_set *set, uint32_t n, uint32_t *room, unsigned char *held,
                         const uint32_t *from, uint32_t *sources)
{
    const uint32_t row = row_bytes(set);
    uint32_t start = from[0], window = from[1], at = from[2], next = from[3];
    uint32_t w[4]; /* what is kept: start, window, at, next */
    w[0] = start;
    w[1] = window;
    for (;;) {
        uint32_t steps;
        bool last;
        /* a window starts on a multiple of WINDOW within the row (a kept one too: the
           journal is bytes like any other) */
        if (window > row || (window & (WINDOW - 1u)) != 0u) {
            return BENTO_E_CORRUPT;
        }
        last = row - window <= WINDOW;
        if (at == BENTO_NONE) {
            /* between walks: positions in place are skipped (an entry is rewritten in the
               last window of its walk only, so a cycle with windows left is not in place) */
            while (start < n && window == 0u && source_in(set, sources, start, n) == start) {
                start++;
            }
            if (start >= n) {
                return BENTO_OK;
            }
            next = source_in(set, sources, start, n);
            if (next == BENTO_NONE || (window == row && row != 0u)) {
                return BENTO_E_CORRUPT;
            }
            move_window(set, window, BENTO_NONE, start, held);
            at = start;
            w[0] = start;
            w[1] = window;
            w[2] = at;
            w[3] = next;
            bento_impl_keep(room, R_PROGRESS, w, 4u);
        }
        /* the walk: each position filled from the next one, the held window last */
        for (steps = 0u;; steps++) {
            const uint32_t key = at < n ? set->dense[at] : BENTO_NONE;
            const uint32_t index = key & set->index_mask;
            if (start >= n || at >= n || next >= n || steps >= n || index >= set->universe) {
                return BENTO_E_CORRUPT;
            }
            move_window(set, window, at, next == start ? BENTO_NONE : next, held);
            if (last) {
                /* in place from now on: its entry (and source) say so */
                point(set, index, key, at);
                if (sources != NULL) {
                    sources[at] = at;
                }
            }
            if (next == start) {
                break;
            }
            at = next;
            next = source_in(set, sources, at, n);
            if (next == BENTO_NONE) {
                return BENTO_E_CORRUPT;
            }
            w[2] = at;
            w[3] = next;
            bento_impl_keep(room, R_PROGRESS, w, 4u);
        }
        start += last ? 1u : 0u;
        window = last ? 0u : window + WINDOW;
        at = BENTO_NONE;
        w[0] = start;
        w[1] = window;
        w[2] = at;
        w[3] = 0u;
        bento_impl_keep(room, R_PROGRESS, w, 4u);
    }
}

/* The keys are in order: the rows follow (SORT_ROWS from the first position), and the sort is
 * complete. `sources` (optional): where each position's row is, which a scratch sort keeps;
 * it is scratch, which a reset loses, so with a room the entries say it instead. */
static bento_status sorted(bento_sparse_set *set, uint32_t n, uint32_t *sources)
{
    static const uint32_t first[4] = {0u, 0u, BENTO_NONE, 0u};
    uint32_t local[WINDOW / 4u];
    uint32_t *room;
    bento_impl_journal j;
    bento_status status;
    BENTO_IMPL_BEGIN(&j, set); /* the sort's journal, under way */
    room = bento_impl_room(&j);
    bento_impl_keep(room, R_PROGRESS, first, 4u);
    bento_impl_redo(&j, SORT_ROWS, 0u);
    status = rows(set, n, room, held_in(room, local), first, room == NULL ? sources : NULL);
    bento_impl_done(&j);
    return status;
}

/* Exchange n bytes between two elements: word-wise when both are word-aligned and n is a
 * multiple of 4, bytewise otherwise. */
static void exchange(void *a, void *b, size_t n)
{
    if ((((uintptr_t)a | (uintptr_t)b | n) & 3u) == 0u) {
        uint32_t *x = (uint32_t *)a;
        uint32_t *y = (uint32_t *)b;
        for (n >>= 2; n != 0u; n--) {
            const uint32_t t = *x;
            *x++ = *y;
            *y++ = t;
        }
    } else {
        unsigned char *x = (unsigned char *)a;
        unsigned char *y = (unsigned char *)b;
        for (; n != 0u; n--) {
            const unsigned char t = *x;
            *x++ = *y;
            *y++ = t;
        }
    }
}

/* Swap the rows at a and b (a swap of sort_as), from `step` on: each step copies from a place
 * no later step writes before it is done, and is kept in the room. Without a room (no reset
 * to resume from) each element is exchanged in place. */
static bento_status swap_rows(bento_sparse_set *set, uint32_t a, uint32_t b, uint32_t *room,
                              unsigned char *held, uint32_t step)
{
    const uint32_t windows = (row_bytes(set) + WINDOW - 1u) >> 5; /* WINDOW is 32 */
    uint32_t c;
    if (room == NULL) {
        for (c = 0u; c < set->column_count; c++) {
            exchange(element(set, c, a), element(set, c, b), (size_t)set->columns[c].size);
        }
        return BENTO_OK;
    }
    while (step >> 2 < windows) {
        const uint32_t window = (step >> 2) * WINDOW;
        if ((step & 3u) == 0u) {
            move_window(set, window, BENTO_NONE, a, held);
        } else if ((step & 3u) == 1u) {
            move_window(set, window, a, b, held);
        } else if ((step & 3u) == 2u) {
            move_window(set, window, b, BENTO_NONE, held);
        } else {
            return BENTO_E_CORRUPT;
        }
        step = (step & 3u) == 2u ? step + 2u : step + 1u;
        bento_impl_note(room, R_STEP, step);
    }
    return BENTO_OK;
}

/* A sort begins: its keys are scratch until sorted() (nothing to do for fewer than 2 keys,
 * and an inert set has no journal). */
static bool sort_begins(bento_sparse_set *set, uint32_t n)
{
    bento_impl_journal j;
    if (n < 2u) {
        return false;
    }
    BENTO_IMPL_BEGIN(&j, set);
    bento_impl_redo(&j, SORT_KEYS, 0u);
    return true;
}

/* One swap of sort_as, atomic: the keys at next and p trade places, `mine` (the key at p) and
 * `there` (the key at next), whose indices, inside the universe, come with them; the keys and
 * their entries through the journal, then the rows (SWAP_ROWS). */
static void swap(bento_sparse_set *set, uint32_t next, uint32_t p, uint32_t mine,
                 uint32_t mine_index, uint32_t there, uint32_t there_index)
{
    uint32_t local[WINDOW / 4u];
    uint32_t *room;
    bento_impl_journal j;
    BENTO_IMPL_BEGIN(&j, set);
    room = bento_impl_room(&j);
    bento_impl_note(room, R_OTHER, p);
    bento_impl_note(room, R_STEP, 0u);
    bento_impl_put(&j, &set->dense[next], mine);
    bento_impl_put(&j, &set->dense[p], there);
    place(set, &j, mine_index, mine, next);
    place(set, &j, there_index, there, p);
    bento_impl_redo(&j, SWAP_ROWS, next);
    (void)swap_rows(set, next, p, room, held_in(room, local), 0u);
    bento_impl_done(&j);
}

/* Open's part: the keys rebuilt from their entries (a sort cut while it ordered the keys: the
 * rows have not moved), the rows of a sort moved on, or a swap of sort_as completed. */
static bento_status sparse_set_resume(bento_sparse_set *set, uint32_t action, uint32_t arg)
{
    const uint32_t count = set->saved->count;
    bento_impl_journal j;
    uint32_t *room;
    BENTO_IMPL_BEGIN(&j, set);
    room = bento_impl_room(&j);
    if (action == SORT_KEYS) {
        const uint32_t positions = UINT32_MAX >> (32u - set->pos_bits);
        uint32_t i;
        for (i = 0u; i < set->universe; i++) {
            const uint32_t entry = bento_impl_sparse_set_entry(set, i);
            if (entry != absent(set)) {
                if ((entry & positions) >= count) {
                    return BENTO_E_CORRUPT;
                }
                set->dense[entry & positions] = ((entry >> set->tag_shift) & ~set->index_mask) | i;
            }
        }
        return BENTO_OK;
    }
    if (action == SORT_ROWS) {
        const uint32_t *const walk = bento_impl_kept(room, R_PROGRESS, 4u);
        return walk != NULL
                   ? rows(set, count, room, (unsigned char *)(room + R_HELD), walk, NULL)
                   : BENTO_E_CORRUPT;
    }
    if (action == SWAP_ROWS && arg < count && room[R_OTHER] < count) {
        return swap_rows(set, arg, room[R_OTHER], room, (unsigned char *)(room + R_HELD),
                         room[R_STEP]);
    }
    return BENTO_E_CORRUPT;
}

bento_status bento_sparse_set_sort(bento_sparse_set *set, uint32_t n, uint32_t by,
                                   bento_sparse_set_compare compare, void *context,
                                   bento_sparse_set_sort_mode mode)
{
    uint32_t *a;
    uint32_t i;
    sorter s;
    BENTO_ASSERT(set != NULL);
    a = set->dense;
    if (!prepare(&s, set, n, by, compare, context)) {
        return BENTO_E_ARGUMENT;
    }
    if (!entries_sound(set, n)) {
        return BENTO_E_CORRUPT;
    }
    if (!sort_begins(set, n)) {
        return BENTO_OK;
    }
    /* order the keys; the entries still give each key's original position */
    if (mode == BENTO_SPARSE_SET_SORT_INSERTION) {
        for (i = 1u; i < n; i++) {
            const uint32_t key = a[i];
            uint32_t j = i;
            while (j > 0u && less(&s, &key, NULL, &a[j - 1u], NULL)) {
                a[j] = a[j - 1u];
                j--;
            }
            a[j] = key;
        }
    } else if (n > 1u) {
        for (i = n >> 1; i-- > 0u;) {
            sift(&s, a, i, n, a[i]);
        }
        for (i = n - 1u; i > 0u; i--) {
            const uint32_t key = a[i];
            a[i] = a[0];
            sift(&s, a, 0u, i, key);
        }
    }
    return sorted(set, n, NULL);
}

/*
 * Check caller scratch for a sort of n keys that needs `need` bytes, and start its first
 * array (n words) as the identity: each key's elements are where they are.
 */
static bento_status take_scratch(void *scratch, size_t bytes, size_t need, uint32_t n)
{
    uint32_t i;
    if (scratch == NULL) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(scratch, 4u)) {
        return BENTO_E_ALIGN;
    }
    /* need is 12 bytes a key and at most 1 KiB more (the macros), wrapped if n is too many */
    if (!bento_impl_fits(n, 12u, 1024u) || bytes < need) {
        return BENTO_E_SIZE;
    }
    for (i = 0u; i < n; i++) {
        ((uint32_t *)scratch)[i] = i;
    }
    return BENTO_OK;
}

/* End a scratch sort: the sorted keys back into the dense array, then the columns, from the
 * sources (with a room, from the entries, as open would: they agree). */
static BENTO_IMPL_NOINLINE bento_status finish(bento_sparse_set *set, uint32_t n,
                                               const uint32_t *keys, uint32_t *from)
{
    uint32_t i;
    if (keys != set->dense) {
        for (i = 0u; i < n; i++) {
            set->dense[i] = keys[i];
        }
    }
    return sorted(set, n, from);
}

/* A scratch sort writes the dense keys (one side of its passes); with a room (a reset to
 * resume from), their entries are the record of where each key was: they must be sound
 * (BENTO_E_CORRUPT otherwise, before anything moves). The sort begins; false when there is
 * nothing to do. */
static bool scratch_begins(bento_sparse_set *set, uint32_t n, bento_status *status)
{
    bento_impl_journal j;
    BENTO_IMPL_BEGIN(&j, set);
    if (*status == BENTO_OK && bento_impl_durable(&j) && !entries_sound(set, n)) {
        *status = BENTO_E_CORRUPT;
    }
    return *status == BENTO_OK && sort_begins(set, n);
}

/* A scratch sort pass writes keys and sources from one side to the other: the written side
 * is read by the next pass. */
static void swap_sides(uint32_t **src_key, uint32_t **dst_key, uint32_t **src_from,
                       uint32_t **dst_from)
{
    uint32_t *const key = *src_key;
    uint32_t *const from = *src_from;
    *src_key = *dst_key;
    *dst_key = key;
    *src_from = *dst_from;
    *dst_from = from;
}

bento_status bento_sparse_set_sort_radix(bento_sparse_set *set, uint32_t n, void *scratch,
                                         size_t bytes)
{
    /* scratch: sources, keys and sources of the other side, then 256 digit counts */
    uint32_t *src_key;
    uint32_t *src_from = (uint32_t *)scratch;
    uint32_t *dst_key;
    uint32_t *dst_from;
    uint32_t *count;
    uint32_t shift;
    uint32_t i;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    src_key = set->dense;
    status = n > set->state.count ? BENTO_E_ARGUMENT
                                  : take_scratch(scratch, bytes, BENTO_SPARSE_SET_RADIX_BYTES(n), n);
    if (!scratch_begins(set, n, &status)) {
        return status;
    }
    dst_key = src_from + n;
    dst_from = dst_key + n;
    count = dst_from + n;
    /* least significant byte first; each pass is stable, so the order of the earlier bytes
       survives among equal later ones */
    for (shift = 0u; shift < 32u && n != 0u; shift += 8u) {
        uint32_t sum = 0u;
        for (i = 0u; i < 256u; i++) {
            count[i] = 0u;
        }
        for (i = 0u; i < n; i++) {
            count[(src_key[i] >> shift) & 255u]++;
        }
        if (count[(src_key[0] >> shift) & 255u] == n) {
            continue; /* every key has the same byte here: the pass would change nothing */
        }
        for (i = 0u; i < 256u; i++) {
            const uint32_t c = count[i];
            count[i] = sum;
            sum += c;
        }
        for (i = 0u; i < n; i++) {
            const uint32_t at = count[(src_key[i] >> shift) & 255u]++;
            dst_key[at] = src_key[i];
            dst_from[at] = src_from[i];
        }
        swap_sides(&src_key, &dst_key, &src_from, &dst_from);
    }
    return finish(set, n, src_key, src_from);
}

/*
 * The merge passes of sort_merge: runs of width 1, 2, 4, ... merged from one side into the
 * other, which then becomes the side read. On return *key and *from hold the sorted side. Its
 * own function, so that its frame is gone before the cycle walks go deep (worst-case stack).
 */
static BENTO_IMPL_NOINLINE void merge_runs(const sorter *s, uint32_t n, uint32_t **key, uint32_t **from,
                                           uint32_t *other_key, uint32_t *other_from)
{
    uint32_t *src_key = *key, *src_from = *from, *dst_key = other_key, *dst_from = other_from;
    uint32_t width;
    uint32_t i;
    /* taking from the left run unless the right one is strictly less keeps it stable */
    for (width = 1u; width < n; width <<= 1) {
        uint32_t low;
        for (low = 0u; low < n;) {
            const uint32_t mid = n - low > width ? low + width : n;
            const uint32_t high = n - mid > width ? mid + width : n;
            uint32_t left = low;
            uint32_t right = mid;
            for (i = low; i < high; i++) {
                const uint32_t take = right < high &&
                                              (left == mid || less(s, &src_key[right], &src_from[right],
                                                                   &src_key[left], &src_from[left]))
                                          ? right++
                                          : left++;
                dst_key[i] = src_key[take];
                dst_from[i] = src_from[take];
            }
            low = high;
        }
        swap_sides(&src_key, &dst_key, &src_from, &dst_from);
        if (width > (n >> 1)) {
            break; /* one run covers everything; doubling could wrap */
        }
    }
    *key = src_key;
    *from = src_from;
}

bento_status bento_sparse_set_sort_merge(bento_sparse_set *set, uint32_t n, uint32_t by,
                                         bento_sparse_set_compare compare, void *context,
                                         void *scratch, size_t bytes)
{
    /* scratch: sources, then keys and sources of the other side */
    uint32_t *key;
    uint32_t *from = (uint32_t *)scratch;
    sorter s;
    bento_status status;
    BENTO_ASSERT(set != NULL);
    key = set->dense;
    status = !prepare(&s, set, n, by, compare, context)
                 ? BENTO_E_ARGUMENT
                 : take_scratch(scratch, bytes, BENTO_SPARSE_SET_MERGE_BYTES(n), n);
    if (!scratch_begins(set, n, &status)) {
        return status;
    }
    merge_runs(&s, n, &key, &from, from + n, from + 2u * (size_t)n);
    return finish(set, n, key, from);
}

bento_status bento_sparse_set_sort_as(bento_sparse_set *set, const bento_sparse_set *other)
{
    const uint32_t *keys;
    uint32_t *dense;
    uint32_t end, count;
    uint32_t q;
    uint32_t next = 0u; /* positions below are in other's order */
    BENTO_ASSERT(set != NULL && other != NULL);
    if (set == other) {
        return BENTO_OK;
    }
    /* locals: the stores to the keys below could alias the struct's fields and force reloads */
    keys = other->dense;
    end = other->state.count;
    dense = set->dense;
    count = set->state.count;
    for (q = 0u; q < end && next < count; q++) {
        /* bento_sparse_set_index_of, with its test on the index made here, where the index is
           then used (docs/prove.md) */
        const uint32_t key = keys[q];
        const uint32_t index = key & set->index_mask;
        const uint32_t p =
            index < set->universe
                ? bento_impl_sparse_set_position(bento_impl_sparse_set_entry(set, index), key,
                                                 set->index_mask, set->tag_shift, set->stray,
                                                 set->capacity)
                : BENTO_NONE;
        if (p == BENTO_NONE || p < next) {
            continue; /* absent here, or already placed (other holds it twice) */
        }
        if (p != next) {
            /* the key, spelt as this set holds it (a set that loses the top generation bit
               finds other's spelling too), takes the next place; the key there takes its */
            const uint32_t mine = p < count ? dense[p] : key;
            const uint32_t there = dense[next];
            const uint32_t there_index = there & set->index_mask;
            if (p >= count || (mine & set->index_mask) != index || there_index >= set->universe) {
                return BENTO_E_CORRUPT;
            }
            swap(set, next, p, mine, index, there, there_index);
        }
        next++;
    }
    return BENTO_OK;
}

bento_status bento_sparse_set_check(const bento_sparse_set *set)
{
    BENTO_ASSERT(set != NULL);
    return bento_impl_check(&sparse_set_kind, set);
}

/* The columns' sizes after the header, the count, and the keys against their entries, once
 * the header is sound. */
static bento_status sparse_set_invariants(const void *x)
{
    const bento_sparse_set *const set = (const bento_sparse_set *)x;
    const uint32_t *const sizes = set->dense - set->column_count; /* right before the keys */
    const uint32_t absent = set->wide != 0u ? 0xffffffffu : 0xffffu;
    uint32_t p;
    uint32_t c;
    uint32_t index;
    uint32_t taken = 0u;
    for (c = 0u; c < set->column_count; c++) {
        if (sizes[c] != set->columns[c].size) {
            return BENTO_E_CORRUPT;
        }
    }
    if (set->state.count > set->capacity) {
        return BENTO_E_CORRUPT;
    }
    /* every present key: well formed (as insert takes it), its entry pointing back at it;
       two keys of one index cannot both be pointed at */
    for (p = 0u; p < set->state.count; p++) {
        const uint32_t key = set->dense[p];
        index = key & set->index_mask;
        if (index >= set->universe || !generation_sound(set, key) ||
            bento_impl_sparse_set_entry(set, index) != (bento_impl_sparse_set_tag(set, key) | p)) {
            return BENTO_E_CORRUPT;
        }
    }
    /* and every other entry ABSENT: as many entries in use as keys present */
    for (index = 0u; index < set->universe; index++) {
        taken += bento_impl_sparse_set_entry(set, index) != absent ? 1u : 0u;
    }
    return taken == set->state.count ? BENTO_OK : BENTO_E_CORRUPT;
}
