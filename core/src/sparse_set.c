/* SPDX-License-Identifier: MIT */
/* bento/sparse_set.c - the sparse set. The contract is in bento/sparse_set.h. */
#include <bento/sparse_set.h>

#include "internal.h"

/* A universe whose sizes could wrap size_t; only possible where size_t is 32 bits wide. */
#if SIZE_MAX / 16u < UINT32_MAX
#define TOO_BIG(universe) ((universe) > SIZE_MAX / 16u)
#else
#define TOO_BIG(universe) false
#endif

static uint32_t entry(const bento_sparse_set *set, uint32_t i)
{
    return bento__sparse_set_entry(set, i, set->wide != 0u);
}

static void set_entry(bento_sparse_set *set, uint32_t i, uint32_t position)
{
    if (set->wide != 0u) {
        ((uint32_t *)set->sparse)[i] = position;
    } else {
        ((uint16_t *)set->sparse)[i] = (uint16_t)position;
    }
}

/* Address of the element at `position` in column c. */
static unsigned char *element(const bento_sparse_set *set, uint32_t c, uint32_t position)
{
    return (unsigned char *)set->columns[c].data + (size_t)position * set->columns[c].size;
}

/* Copy one element: one out-of-line copy routine serves remove and sort. */
static void copy(void *dst, const void *src, size_t n)
{
    bento__copy(dst, src, n);
}

bento_status bento_sparse_set_init(bento_sparse_set *set, void *memory, size_t bytes,
                                   uint32_t universe, uint32_t capacity, unsigned index_bits,
                                   const bento_sparse_column *columns, uint32_t column_count)
{
    /* the index bits' mask; the masked shift keeps it defined for an index_bits refused below */
    const uint32_t mask = UINT32_MAX >> ((32u - index_bits) & 31u);
    const size_t need = BENTO_SPARSE_SET_BYTES(universe, capacity);
    uint32_t c;
    uint32_t *word;
    BENTO_ASSERT(set != NULL);
    /* until every check passes: universe, capacity and count 0 refuse every key */
    set->universe = 0u;
    set->capacity = 0u;
    set->count = 0u;
    set->column_count = 0u;
    set->no_entries[0] = 0u;
    set->no_keys[0] = 0u;
    set->sparse = set->no_entries;
    set->dense = set->no_keys;
    set->wide = 0u;
    /* capacity - 1 >= universe: capacity 0, or above the universe (which covers universe 0);
       universe - 1 > mask: more indices than index_bits can name */
    if (memory == NULL || index_bits - 1u > 31u || capacity - 1u >= universe ||
        universe - 1u > mask || TOO_BIG(universe) || (column_count != 0u && columns == NULL)) {
        return BENTO_E_ARGUMENT;
    }
    for (c = 0u; c < column_count; c++) {
        const uint32_t size = columns[c].size;
        if (columns[c].data == NULL || size == 0u) {
            return BENTO_E_ARGUMENT;
        }
        if ((uint64_t)columns[c].bytes < (uint64_t)capacity * size) {
            return BENTO_E_SIZE;
        }
    }
    if (!bento__is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < need) {
        return BENTO_E_SIZE;
    }
    set->dense = (uint32_t *)memory;
    set->sparse = set->dense + capacity;
    set->columns = columns;
    set->column_count = column_count;
    set->universe = universe;
    set->capacity = capacity;
    set->index_mask = mask;
    set->wide = capacity > BENTO_SPARSE_SET_NARROW_MAX ? 1u : 0u;
    /* zero the sparse array (whole words: its length is rounded up to one) */
    for (word = set->dense + capacity; word != set->dense + need / 4u; word++) {
        *word = 0u;
    }
    return BENTO_OK;
}

bento_status bento_sparse_set_insert(bento_sparse_set *set, uint32_t key, uint32_t *position)
{
    const uint32_t i = key & set->index_mask;
    const uint32_t at = set->count;
    uint32_t p;
    if (i >= set->universe) {
        return BENTO_E_ARGUMENT;
    }
    p = entry(set, i);
    if (p < at && (set->dense[p] & set->index_mask) == i) {
        return BENTO_E_EXISTS;
    }
    if (at == set->capacity) {
        return BENTO_E_FULL;
    }
    set->dense[at] = key;
    set_entry(set, i, at);
    set->count = at + 1u;
    if (position != NULL) {
        *position = at;
    }
    return BENTO_OK;
}

bento_status bento_sparse_set_remove(bento_sparse_set *set, uint32_t key)
{
    const uint32_t p = bento_sparse_set_index_of(set, key);
    uint32_t last;
    uint32_t c;
    if (p == BENTO_SPARSE_SET_NONE) {
        return BENTO_E_NOT_FOUND;
    }
    last = set->count - 1u;
    if (p != last) {
        const uint32_t moved = set->dense[last];
        set->dense[p] = moved;
        set_entry(set, moved & set->index_mask, p);
        for (c = 0u; c < set->column_count; c++) {
            copy(element(set, c, p), element(set, c, last), set->columns[c].size);
        }
    }
    set->count = last;
    return BENTO_OK;
}

void bento_sparse_set_clear(bento_sparse_set *set)
{
    set->count = 0u;
}

bento_status bento_sparse_set_check(const bento_sparse_set *set)
{
    uint32_t p;
    if (set->count > set->capacity) {
        return BENTO_E_CORRUPT;
    }
    /* each entry points back at one position, so no index can appear twice */
    for (p = 0u; p < set->count; p++) {
        const uint32_t i = set->dense[p] & set->index_mask;
        if (i >= set->universe || entry(set, i) != p) {
            return BENTO_E_CORRUPT;
        }
    }
    return BENTO_OK;
}

/* ---------------------------------------------------------------- sorting */

typedef struct sorter {
    const bento_sparse_set *set;
    bento_compare_fn compare;
    void *context;
    uint32_t by;
} sorter;

/*
 * Where key's elements were before the sort began. While the keys are being sorted the
 * sparse array is left alone, so it still answers this.
 */
static uint32_t origin(const bento_sparse_set *set, uint32_t key)
{
    return entry(set, key & set->index_mask);
}

/*
 * What the comparator sees for a key: the key itself, or its element of the sort column,
 * found at *src when the caller tracks where elements are, else through the sparse array.
 */
static const void *item(const sorter *s, const uint32_t *key, const uint32_t *src)
{
    if (s->by == BENTO_SPARSE_SET_BY_KEY) {
        return key;
    }
    return element(s->set, s->by, src != NULL ? *src : origin(s->set, *key));
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
                    bento_compare_fn compare, void *context)
{
    s->set = set;
    s->compare = compare;
    s->context = context;
    s->by = by;
    return n <= set->count &&
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

/*
 * Where the element wanted at position `at` was before the keys were sorted: from the
 * caller's array when there is one, else from the key's sparse entry, which the key sort
 * left alone.
 */
static uint32_t source(const bento_sparse_set *set, const uint32_t *from, uint32_t at)
{
    return from != NULL ? from[at] : origin(set, set->dense[at]);
}

/*
 * The columns' elements at one position, laid end to end, form a row of `row` bytes. A walk
 * moves one 32-byte window of rows, [window, window + 32), so that small columns share a walk
 * and a large one takes one walk per 32 bytes.
 *
 * move_window copies the window from position `src` to position `dst`; BENTO_SPARSE_SET_NONE
 * for either stands for `held`, a 32-byte buffer.
 */
static void move_window(bento_sparse_set *set, uint32_t window, uint32_t dst, uint32_t src,
                        unsigned char *held)
{
    uint32_t c;
    uint32_t begin = 0u; /* where column c starts in the row */
    /* columns that start past the window, and all after them, have nothing in it */
    for (c = 0u; c < set->column_count && begin < window + 32u; c++) {
        const uint32_t size = set->columns[c].size;
        const uint32_t from = window > begin ? window - begin : 0u;       /* within the element */
        const uint32_t to = window + 32u - begin < size ? window + 32u - begin : size;
        if (from < to) {
            const uint32_t at = begin + from - window; /* within the window */
            copy(dst == BENTO_SPARSE_SET_NONE ? held + at : element(set, c, dst) + from,
                 src == BENTO_SPARSE_SET_NONE ? held + at : element(set, c, src) + from, to - from);
        }
        begin += size;
    }
}

/*
 * Walk the cycle through `start` once, giving each of its positions the window of its
 * source's row. With `fix`, the walk also points each key's sparse entry at its new position
 * (and marks the scratch array), once that entry has been read for the last time: a position
 * whose source is itself is in place, so the cycle is then done.
 */
static void walk(bento_sparse_set *set, uint32_t *from, uint32_t start, uint32_t window, bool fix)
{
    uint32_t held[8]; /* the window that leaves `start` first */
    uint32_t at = start;
    uint32_t next;
    move_window(set, window, BENTO_SPARSE_SET_NONE, start, (unsigned char *)held);
    for (;;) {
        next = source(set, from, at);
        if (fix) {
            set_entry(set, set->dense[at] & set->index_mask, at);
            if (from != NULL) {
                from[at] = at;
            }
        }
        if (next == start) {
            break;
        }
        move_window(set, window, at, next, (unsigned char *)held);
        at = next;
    }
    move_window(set, window, at, BENTO_SPARSE_SET_NONE, (unsigned char *)held);
}

/*
 * The keys [0, n) are in their new order; move every column to match, cycle by cycle, one
 * walk per 32 bytes of row (the last also rewrites the sparse entries). Each element moves
 * once per column.
 */
static void apply(bento_sparse_set *set, uint32_t n, uint32_t *from)
{
    uint32_t row = 0u;
    uint32_t i;
    for (i = 0u; i < set->column_count; i++) {
        row += set->columns[i].size;
    }
    for (i = 0u; i < n; i++) {
        uint32_t window = 0u;
        if (source(set, from, i) == i) {
            continue;
        }
        while (window + 32u < row) {
            walk(set, from, i, window, false);
            window += 32u;
        }
        walk(set, from, i, window, true);
    }
}

bento_status bento_sparse_set_sort(bento_sparse_set *set, uint32_t n, uint32_t by,
                                   bento_compare_fn compare, void *context, bento_sort_mode mode)
{
    uint32_t *a = set->dense;
    uint32_t i;
    sorter s;
    if (!prepare(&s, set, n, by, compare, context)) {
        return BENTO_E_ARGUMENT;
    }
    /* order the keys; sparse entries still give each key's original position */
    if (mode == BENTO_SORT_INSERTION) {
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
    apply(set, n, NULL);
    return BENTO_OK;
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
    if (!bento__is_aligned(scratch, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < need) {
        return BENTO_E_SIZE;
    }
    for (i = 0u; i < n; i++) {
        ((uint32_t *)scratch)[i] = i;
    }
    return BENTO_OK;
}

/* End a scratch sort: the sorted keys back into the dense array, then the columns. */
static void finish(bento_sparse_set *set, uint32_t n, const uint32_t *keys, uint32_t *from)
{
    uint32_t i;
    if (keys != set->dense) {
        for (i = 0u; i < n; i++) {
            set->dense[i] = keys[i];
        }
    }
    apply(set, n, from);
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
    uint32_t *src_key = set->dense;
    uint32_t *src_from = (uint32_t *)scratch;
    uint32_t *dst_key;
    uint32_t *dst_from;
    uint32_t *count;
    uint32_t shift;
    uint32_t i;
    bento_status status = n > set->count ? BENTO_E_ARGUMENT
                                         : take_scratch(scratch, bytes, BENTO_SPARSE_SET_RADIX_BYTES(n), n);
    if (status != BENTO_OK) {
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
    finish(set, n, src_key, src_from);
    return BENTO_OK;
}

bento_status bento_sparse_set_sort_merge(bento_sparse_set *set, uint32_t n, uint32_t by,
                                         bento_compare_fn compare, void *context, void *scratch,
                                         size_t bytes)
{
    /* scratch: sources, then keys and sources of the other side */
    uint32_t *src_key = set->dense;
    uint32_t *src_from = (uint32_t *)scratch;
    uint32_t *dst_key;
    uint32_t *dst_from;
    uint32_t width;
    uint32_t i;
    sorter s;
    bento_status status = !prepare(&s, set, n, by, compare, context)
                              ? BENTO_E_ARGUMENT
                              : take_scratch(scratch, bytes, BENTO_SPARSE_SET_MERGE_BYTES(n), n);
    if (status != BENTO_OK) {
        return status;
    }
    dst_key = src_from + n;
    dst_from = dst_key + n;
    /* bottom-up: merge runs of width 1, 2, 4, ... from src into dst, then swap; taking from
       the left run unless the right one is strictly less keeps it stable */
    for (width = 1u; width < n; width <<= 1) {
        uint32_t low;
        for (low = 0u; low < n;) {
            const uint32_t mid = n - low > width ? low + width : n;
            const uint32_t high = n - mid > width ? mid + width : n;
            uint32_t left = low;
            uint32_t right = mid;
            for (i = low; i < high; i++) {
                const uint32_t take = right < high &&
                                              (left == mid || less(&s, &src_key[right], &src_from[right],
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
    finish(set, n, src_key, src_from);
    return BENTO_OK;
}

/* Rank of a key in the other set; absent keys rank last, after every present one. */
static int rank_compare(const void *a, const void *b, void *other)
{
    const uint32_t ra = bento_sparse_set_index_of((const bento_sparse_set *)other, *(const uint32_t *)a);
    const uint32_t rb = bento_sparse_set_index_of((const bento_sparse_set *)other, *(const uint32_t *)b);
    return (ra > rb) - (ra < rb);
}

bento_status bento_sparse_set_sort_as(bento_sparse_set *set, const bento_sparse_set *other)
{
    if (set == other) {
        return BENTO_OK; /* already in its own order; ranking it while it moves would not be */
    }
    /* the comparator only reads `other`; the cast drops const for the context pointer */
    return bento_sparse_set_sort(set, set->count, BENTO_SPARSE_SET_BY_KEY, rank_compare,
                                 (void *)(uintptr_t)other, BENTO_SORT_HEAP);
}

bento_status bento_sparse_join_init(bento_sparse_join *join, const bento_sparse_set *const *sets,
                                    uint32_t set_count, uint32_t *positions)
{
    uint32_t s;
    join->sets = sets;
    join->positions = positions;
    join->set_count = 0u;
    join->driver = 0u;
    join->next = 0u;
    if (sets == NULL || positions == NULL || set_count == 0u) {
        return BENTO_E_ARGUMENT;
    }
    for (s = 0u; s < set_count; s++) {
        if (sets[s] == NULL) {
            return BENTO_E_ARGUMENT;
        }
        if (sets[s]->count < sets[join->driver]->count) {
            join->driver = s;
        }
    }
    join->set_count = set_count;
    return BENTO_OK;
}
