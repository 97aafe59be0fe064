/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M3 M6 M9 M12 M14 M15 M17 M19 M21 M22 M23 M26 M30 T1. */
/*
 * bento/index.c - the hash index, both key widths in one implementation: a bucket holds 4 keys
 * of `key_words` words (2: bento_index, 1: bento_index32, which is a bento_index underneath).
 * The scheme and the contract are in bento/index.h; the bucket words are BENTO_IMPL_INDEX_FPS
 * and its kin there.
 */
#include <bento/index.h>

#include "internal.h"
#include "nested.h"

#define FPS BENTO_IMPL_INDEX_FPS
#define SPILLS BENTO_IMPL_INDEX_SPILLS
#define VALUES BENTO_IMPL_INDEX_VALUES
#define KEYS BENTO_IMPL_INDEX_KEYS

/* The pending action of a clear: every bucket emptied, the count 0. */
#define CLEAR_ALL 1u

/* Words per bucket: 6, then 4 keys of key_words words, the 64-bit keys' padded to 16 words
 * (a cache line): 10 or 16. */
static inline uint32_t bucket_words(uint32_t key_words)
{
    return 4u + 6u * key_words;
}

/*
 * Every routine below takes the key width `kw` (words per key, 1 or 2) as an argument rather
 * than reading it from the index. The insert and remove paths are made once for each width
 * with kw a constant (find_slot64 and find_slot32, make_room64 and make_room32,
 * bento_impl_index_put and put32, and take_key inlined into each remove), as
 * the inline lookup in bento/index.h is: a width read at run time measured a fifth more
 * instructions per insert and remove on the Cortex-M4, and a tenth more per full insert on the
 * Cortex-M0. In a build for the least code (BENTO_IMPL_SMALL) the 64-bit copies read the
 * width from the index (WIDTH) and serve both, and the 32-bit ones are left out. The rest (the
 * checker, the walk) serve both widths with ix->key_words.
 */
#define WIDTH(ix, kw) (BENTO_IMPL_SMALL ? (ix)->key_words : (kw))
#define ONE_COPY(kw) (BENTO_IMPL_SMALL || (kw) == 2u)

/* Bucket b's words. */
static inline uint32_t *bucket_of(const bento_index *ix, uint32_t kw, uint32_t b)
{
    return ix->buckets + (size_t)bucket_words(kw) * b;
}

/* The key words of slot s of bucket bk. */
static inline uint32_t *key_words_of(uint32_t *bk, uint32_t kw, uint32_t s)
{
    return bk + KEYS + (size_t)kw * s;
}

/* The key in slot s of bucket bk. */
static inline uint64_t key_in(uint32_t *bk, uint32_t kw, uint32_t s)
{
    const uint32_t *k = key_words_of(bk, kw, s);
    return kw == 1u ? k[0] : (uint64_t)k[1] << 32 | k[0];
}

/* The hash of a key: bento_index32_hash of a one-word key (the same value, one multiply
 * fewer). */
static inline uint32_t hash_of(uint32_t kw, uint64_t key)
{
    return kw == 1u ? bento_index32_hash((uint32_t)key) : bento_index_hash(key);
}

/* The fingerprint byte of slot s (0: empty). */
static inline uint32_t fp_at(const uint32_t *bk, uint32_t s)
{
    return bk[FPS] >> (8u * s) & 0xffu;
}

/* The slot of `key` (fingerprint fp) in bucket bk, or 4: bento_impl_index_in by slot rather
 * than lane (built on it, a remove measured 3% more instructions on the Cortex-M0). */
BENTO_IMPL_ALWAYS_INLINE static inline uint32_t slot_in(uint32_t *bk, uint32_t kw, uint32_t fp,
                                                        uint64_t key)
{
    uint32_t m;
    for (m = bento_impl_index_candidates(bk[FPS], fp); m != 0u; m = bento_impl_index_rest(m)) {
        const uint32_t s = bento_impl_index_slot(m);
        if (key_in(bk, kw, s) == key) {
            return s;
        }
    }
    return 4u;
}

/* A free slot of a bucket (the one a match of fingerprint 0 names first), or 4 when full. */
static inline uint32_t free_slot(const uint32_t *bk)
{
    const uint32_t m = bento_impl_index_candidates(bk[FPS], 0u);
    return m != 0u ? bento_impl_index_slot(m) : 4u;
}

/* Set the fingerprint byte of slot s (0 empties the slot). */
BENTO_IMPL_ALWAYS_INLINE static inline void set_fp(bento_impl_journal *j, uint32_t *bk, uint32_t s,
                                                  uint32_t fp)
{
    bento_impl_put(j, bk + FPS, (bk[FPS] & ~((uint32_t)0xffu << (8u * s))) | fp << (8u * s));
}

/* Add d (1 or 0xff: -1) to the spill count of bucket bk for fingerprint fp. */
static inline void add_spill(bento_impl_journal *j, uint32_t *bk, uint32_t fp, uint32_t d)
{
    unsigned char *const spill = bento_impl_index_spill(bk, fp);
    bento_impl_put8(j, spill, (uint8_t)(*spill + d));
}

/* Write an entry into slot s of bucket bk: its value and key, then its fingerprint. */
BENTO_IMPL_ALWAYS_INLINE static inline void fill_slot(bento_impl_journal *j, uint32_t *bk,
                                                     uint32_t kw, uint32_t s, uint32_t fp,
                                                     uint64_t key, uint32_t value)
{
    uint32_t *const k = key_words_of(bk, kw, s);
    bento_impl_put(j, bk + VALUES + s, value);
    bento_impl_put(j, k, (uint32_t)key);
    if (kw == 2u) {
        bento_impl_put(j, k + 1, (uint32_t)(key >> 32));
    }
    set_fp(j, bk, s, fp);
}

/* Where `key` (hash h) is: its bucket times 8 plus its slot, the slot 4 when absent. The
 * lookup of bento_impl_index_find, answering where rather than a pointer (remove needs the
 * bucket); written twice because find built on this measured 6 instructions more per lookup
 * on the Cortex-M4. One word back and apart from its callers, so that few registers are on
 * the stack while they add or remove. */
BENTO_IMPL_ALWAYS_INLINE static inline uint32_t find_slot(const bento_index *ix, uint32_t kw,
                                                          uint64_t key, uint32_t h)
{
    const uint32_t fp = bento_impl_index_fp(h);
    uint32_t b = h >> ix->shift;
    uint32_t s = slot_in(bucket_of(ix, kw, b), kw, fp, key);
    if (s == 4u && bento_impl_index_spilled(bucket_of(ix, kw, b), fp)) {
        b = bento_impl_index_other(b, fp, ix->shift);
        s = slot_in(bucket_of(ix, kw, b), kw, fp, key);
    }
    return b << 3 | s;
}

BENTO_IMPL_NOINLINE static uint32_t find_slot64(const bento_index *ix, uint64_t key, uint32_t h)
{
    return find_slot(ix, WIDTH(ix, 2u), key, h);
}

BENTO_IMPL_NOINLINE static uint32_t find_slot32(const bento_index *ix, uint32_t key, uint32_t h)
{
    return find_slot(ix, 1u, key, h);
}

/*
 * Move the entry in slot s of bucket `from` to a free slot of its other bucket `to`, keeping
 * the spill count of its first bucket: it leaves its first bucket (one more spilled) or comes
 * back to it (one fewer).
 */
BENTO_IMPL_ALWAYS_INLINE static inline void move_entry(const bento_index *ix,
                                                      bento_impl_journal *j, uint32_t kw,
                                                      uint32_t from, uint32_t s, uint32_t to)
{
    uint32_t *const f = bucket_of(ix, kw, from), *const d = bucket_of(ix, kw, to);
    const uint32_t fp = fp_at(f, s);
    const uint64_t key = key_in(f, kw, s);
    if (hash_of(kw, key) >> ix->shift == from) {
        add_spill(j, f, fp, 1u);
    } else {
        add_spill(j, d, fp, 0xffu);
    }
    /* `to` has a free slot (the search found it so): & 3 only says so to the analyzers */
    fill_slot(j, d, kw, free_slot(d) & 3u, fp, key, f[VALUES + s]);
    set_fp(j, f, s, 0u);
}

/*
 * The search of insert: from bucket `root`, the paths of exactly `limit` moves (each entry to
 * its other bucket), depth first, through buckets not already on the path; the first that
 * ends at a bucket with a free slot is written to path[0..limit] (buckets) and slot[0..limit-1]
 * (the entry of path[k] that moves to path[k + 1]). Only the path is kept: a few words of
 * stack. Reads at most 4 + 16 + 64 buckets for limit 3.
 */
BENTO_IMPL_ALWAYS_INLINE static inline bool search(const bento_index *ix, uint32_t kw,
                                                   uint32_t root, uint32_t limit, uint32_t *path,
                                                   unsigned char *slot)
{
    uint32_t at = 0u;
    path[0] = root;
    slot[0] = 0u;
    for (;;) {
        if (slot[at] == 4u) { /* every entry of this bucket tried: back up */
            if (at == 0u) {
                return false;
            }
            at--;
            slot[at]++;
        } else {
            const uint32_t fp = fp_at(bucket_of(ix, kw, path[at]), slot[at]);
            const uint32_t next = bento_impl_index_other(path[at], fp, ix->shift);
            uint32_t k = 0u;
            while (k < at && path[k] != next) { /* path[at] is never next */
                k++;
            }
            if (k == at && at + 1u < limit) {
                path[++at] = next;
                slot[at] = 0u;
            } else if (k == at && free_slot(bucket_of(ix, kw, next)) != 4u) {
                path[limit] = next;
                return true;
            } else {
                slot[at]++; /* on the path already, or full */
            }
        }
    }
}

/*
 * Both buckets of a key full (root[0] and root[1]): free a slot of one of them by moving
 * entries along the shortest path the search finds (iterative deepening, so the first path
 * found is a shortest one). Sets *r to the bucket (0 or 1) and answers the slot freed, or 4
 * when no path is BENTO_INDEX_MAX_MOVES moves long or less (nothing moved). Made apart from
 * add (make_room64, make_room32), so that its path stays off the stack of the common insert;
 * the search and the moves inlined into it, where the Cortex-M0 keeps the path in registers.
 */
BENTO_IMPL_ALWAYS_INLINE static inline uint32_t make_room(const bento_index *ix,
                                                          bento_impl_journal *j, uint32_t kw,
                                                          const uint32_t *root, uint32_t *r)
{
    uint32_t path[BENTO_INDEX_MAX_MOVES + 1u], limit, k;
    unsigned char slot[BENTO_INDEX_MAX_MOVES];
    for (limit = 1u; limit <= BENTO_INDEX_MAX_MOVES; limit++) {
        for (*r = 0u; *r < 2u; ++*r) {
            if (search(ix, kw, root[*r], limit, path, slot)) {
                /* the deepest move first, each into the slot the one after it freed; the
                 * buckets of a path are distinct, so each has its free slot */
                for (k = limit; k-- != 0u;) {
                    move_entry(ix, j, kw, path[k], slot[k], path[k + 1u]);
                }
                return slot[0];
            }
        }
    }
    return 4u;
}

BENTO_IMPL_NOINLINE static uint32_t make_room64(const bento_index *ix, bento_impl_journal *j,
                                                const uint32_t *root, uint32_t *r)
{
    return make_room(ix, j, WIDTH(ix, 2u), root, r);
}

BENTO_IMPL_NOINLINE static uint32_t make_room32(const bento_index *ix, bento_impl_journal *j,
                                                const uint32_t *root, uint32_t *r)
{
    return make_room(ix, j, 1u, root, r);
}

/* Add `key`, known to be absent: a free slot of its first bucket, else of its second, else
 * one make_room frees. */
BENTO_IMPL_ALWAYS_INLINE static inline bento_status add(bento_index *ix, bento_impl_journal *j,
                                                        uint32_t kw, uint64_t key, uint32_t h,
                                                        uint32_t value)
{
    const uint32_t fp = bento_impl_index_fp(h);
    uint32_t root[2], r = 0u, s;
    if (ix->state.count >= ix->max_count) {
        return BENTO_E_FULL;
    }
    root[0] = h >> ix->shift;
    root[1] = bento_impl_index_other(root[0], fp, ix->shift);
    s = free_slot(bucket_of(ix, kw, root[0]));
    if (s == 4u) {
        r = 1u;
        s = free_slot(bucket_of(ix, kw, root[1]));
    }
    if (s == 4u) {
        s = ONE_COPY(kw) ? make_room64(ix, j, root, &r) : make_room32(ix, j, root, &r);
        if (s == 4u) {
            return BENTO_E_FULL;
        }
    }
    fill_slot(j, bucket_of(ix, kw, root[r]), kw, s, fp, key, value);
    if (r != 0u) {
        add_spill(j, bucket_of(ix, kw, root[0]), fp, 1u);
    }
    BENTO_IMPL_SET_NESTED(j, ix, count, ix->state.count + 1u);
    return BENTO_OK;
}

/* Insert, or (replace) set the value of a key already there. */
BENTO_IMPL_ALWAYS_INLINE static inline bento_status put_key(bento_index *ix,
                                                            bento_impl_journal *j, uint32_t kw,
                                                            uint64_t key, uint32_t value,
                                                            bool replace)
{
    const uint32_t h = hash_of(kw, key);
    uint32_t at, s;
    if (ix->buckets == NULL) {
        return BENTO_E_FULL; /* inert */
    }
    at = ONE_COPY(kw) ? find_slot64(ix, key, h) : find_slot32(ix, (uint32_t)key, h);
    s = at & 7u; /* apart, so that the test bounds it where it is used (tests/prove) */
    if (s == 4u) {
        return add(ix, j, kw, key, h, value);
    }
    if (!replace) {
        return BENTO_E_EXISTS;
    }
    bento_impl_put(j, bucket_of(ix, kw, at >> 3) + VALUES + s, value);
    return BENTO_OK;
}

/* Remove; *value (optional) its value, BENTO_NONE when there is none. */
BENTO_IMPL_ALWAYS_INLINE static inline bento_status take_key(bento_index *ix,
                                                             bento_impl_journal *j, uint32_t kw,
                                                             uint64_t key, uint32_t *value)
{
    uint32_t h, at, s, *bk;
    if (value != NULL) {
        *value = BENTO_NONE;
    }
    if (ix->buckets == NULL) {
        return BENTO_E_NOT_FOUND; /* inert */
    }
    h = hash_of(kw, key);
    at = ONE_COPY(kw) ? find_slot64(ix, key, h) : find_slot32(ix, (uint32_t)key, h);
    s = at & 7u;
    if (s == 4u) {
        return BENTO_E_NOT_FOUND;
    }
    if (ix->state.count == 0u) {
        return BENTO_E_CORRUPT; /* an entry the count does not know of */
    }
    bk = bucket_of(ix, kw, at >> 3);
    if (value != NULL) {
        *value = bk[VALUES + s];
    }
    set_fp(j, bk, s, 0u);
    if (at >> 3 != h >> ix->shift) {
        add_spill(j, bucket_of(ix, kw, h >> ix->shift), bento_impl_index_fp(h), 0xffu);
    }
    BENTO_IMPL_SET_NESTED(j, ix, count, ix->state.count - 1u);
    return BENTO_OK;
}

/* The paths of each width (the 64-bit ones also the hash index's of a multi-value index, in
 * the journal of its buffer: core/src/nested.h). */
bento_status bento_impl_index_put(bento_index *ix, bento_impl_journal *j, uint64_t key,
                                  uint32_t value, bool replace)
{
    return put_key(ix, j, WIDTH(ix, 2u), key, value, replace);
}

bento_status bento_impl_index_take(bento_index *ix, bento_impl_journal *j, uint64_t key,
                                   uint32_t *value)
{
    return take_key(ix, j, WIDTH(ix, 2u), key, value);
}

BENTO_IMPL_NOINLINE static bento_status put32(bento_index *ix, bento_impl_journal *j,
                                              uint32_t key, uint32_t value, bool replace)
{
    return put_key(ix, j, 1u, key, value, replace);
}

/* ---------------------------------------------------------------- lifecycle */

/* The stores of a clear: every bucket empty, the count 0 and its copy. Init, clear and the
 * redo of a cut clear make them, none through the journal: a reset among them finds it as it
 * was (idle at init, naming the clear otherwise). */
static void index_empty(void *x)
{
    bento_index *const ix = (bento_index *)x;
    uint32_t b;
    for (b = 0u; b < ix->capacity >> 2; b++) {
        uint32_t *bk = bucket_of(ix, ix->key_words, b);
        bk[FPS] = 0u;
        bk[SPILLS] = 0u;
    }
    ix->state.count = 0u;
    ix->saved->count = 0u;
}

/* Check a parameter record and the buffer and fill the index's fixed fields for keys of
 * `key_words` words, pointing its buckets into `memory` (the lifecycle's configure). */
static bento_status configure(bento_index *ix, void *memory, size_t bytes, uint32_t capacity,
                              uint32_t key_words, size_t *used)
{
    const size_t slot = (size_t)bucket_words(key_words); /* bytes: 4 slots, a bucket's words */
    if (memory == NULL || capacity < BENTO_INDEX_MIN_CAPACITY ||
        capacity > BENTO_INDEX_MAX_CAPACITY || !bento_impl_is_pow2(capacity) ||
        !bento_impl_fits(capacity, slot, BENTO_IMPL_INDEX_HEAD)) {
        return BENTO_E_ARGUMENT;
    }
    *used = BENTO_IMPL_INDEX_HEAD + (size_t)capacity * slot;
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < *used) {
        return BENTO_E_SIZE;
    }
    ix->buckets = (uint32_t *)(void *)((unsigned char *)memory + BENTO_IMPL_INDEX_HEAD);
    ix->saved = (bento_index_state *)bento_impl_saved_at(memory, sizeof(bento_impl_index_params));
    ix->capacity = capacity;
    ix->shift = 34u - bento_impl_log2(capacity);
    ix->max_count = BENTO_INDEX_MAX_COUNT(capacity);
    ix->key_words = key_words;
    return BENTO_OK;
}

static bento_status index64_configure(void *x, void *memory, size_t bytes, const void *record,
                                      const void *with, size_t *used)
{
    (void)with;
    return configure((bento_index *)x, memory, bytes,
                     ((const bento_impl_index_params *)record)->capacity, 2u, used);
}

static bento_status index32_configure(void *x, void *memory, size_t bytes, const void *record,
                                      const void *with, size_t *used)
{
    (void)with;
    return configure((bento_index *)x, memory, bytes,
                     ((const bento_impl_index_params *)record)->capacity, 1u, used);
}

/* The parameter record of a configured index, and its buffer's bytes. */
static size_t index_record(const void *x, void *record)
{
    const bento_index *const ix = (const bento_index *)x;
    ((bento_impl_index_params *)record)->capacity = ix->capacity;
    return BENTO_IMPL_INDEX_HEAD + (size_t)ix->capacity * (size_t)bucket_words(ix->key_words);
}

/* A clear cut by a reset, made again: the same stores, under the journal that still names it. */
static bento_status index_redo(void *x, uint32_t action, uint32_t arg)
{
    (void)arg;
    if (action != CLEAR_ALL) {
        return BENTO_E_CORRUPT;
    }
    index_empty(x);
    return BENTO_OK;
}

static bento_status index_invariants(const void *x);

const bento_impl_kind bento_impl_index_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_INDEX, bento_index, bento_index_state, bento_impl_index_params,
                    BENTO_IMPL_INDEX_HEAD, BENTO_IMPL_INDEX_ENTRIES),
    index64_configure, index_record, index_empty, BENTO_IMPL_REDO_OF(index_redo), NULL,
    index_invariants, NULL,
};

static const bento_impl_kind index32_kind = {
    BENTO_IMPL_KIND(BENTO_IMPL_KIND_INDEX32, bento_index, bento_index_state,
                    bento_impl_index_params, BENTO_IMPL_INDEX_HEAD, BENTO_IMPL_INDEX_ENTRIES),
    index32_configure, index_record, index_empty, BENTO_IMPL_REDO_OF(index_redo), NULL,
    index_invariants, NULL,
};

/* How many entries of bucket a (not b) have fingerprint fp and b as their first bucket. */
static uint32_t spilled_from(const bento_index *ix, uint32_t b, uint32_t a, uint32_t fp)
{
    const uint32_t kw = ix->key_words;
    uint32_t *const bk = bucket_of(ix, kw, a);
    uint32_t m, n = 0u;
    for (m = bento_impl_index_match(bk[FPS], fp); m != 0u; m = bento_impl_index_rest(m)) {
        const uint64_t key = key_in(bk, kw, bento_impl_index_slot(m));
        n += (uint32_t)(hash_of(kw, key) >> ix->shift == b);
    }
    return n;
}

/* Whether the entry in slot s of bucket b is sound: its fingerprint, its bucket, and its key
 * held once in its two buckets (the entry itself is one of them). */
static bool entry_sound(const bento_index *ix, uint32_t b, uint32_t s)
{
    const uint32_t kw = ix->key_words;
    uint32_t *bk = bucket_of(ix, kw, b);
    const uint32_t fp = fp_at(bk, s);
    const uint64_t key = key_in(bk, kw, s);
    const uint32_t h = hash_of(kw, key);
    const uint32_t other = bento_impl_index_other(b, fp, ix->shift);
    uint32_t m, k, copies = 0u;
    if (fp != bento_impl_index_fp(h) || (h >> ix->shift != b && h >> ix->shift != other)) {
        return false;
    }
    for (k = 0u; k < 2u; k++, bk = bucket_of(ix, kw, other)) {
        for (m = bento_impl_index_match(bk[FPS], fp); m != 0u; m = bento_impl_index_rest(m)) {
            copies += (uint32_t)(key_in(bk, kw, bento_impl_index_slot(m)) == key);
        }
    }
    return copies == 1u;
}

/* Every entry sound, every spill count exact, the count the entries'. */
static bento_status index_invariants(const void *x)
{
    const bento_index *const ix = (const bento_index *)x;
    uint32_t b, s, fp, live = 0u;
    for (b = 0u; b < ix->capacity >> 2; b++) {
        const uint32_t *bk = bucket_of(ix, ix->key_words, b);
        const unsigned char *spills = (const unsigned char *)(const void *)(bk + SPILLS);
        uint32_t counted[4];
        for (s = 0u; s < 4u; s++) {
            counted[s] = 0u; /* by assignment: an initializer calls memset at -Os */
            if (fp_at(bk, s) != 0u) {
                live++;
                if (!entry_sound(ix, b, s)) {
                    return BENTO_E_CORRUPT;
                }
            }
        }
        /* each spill count: the entries of its class living in their other bucket, found
         * through every fingerprint of the class (each names one other bucket) */
        for (fp = 0x80u; fp <= 0xffu; fp++) {
            const uint32_t a = bento_impl_index_other(b, fp, ix->shift);
            counted[(fp >> 3) & 3u] += spilled_from(ix, b, a, fp);
        }
        for (s = 0u; s < 4u; s++) {
            if (counted[s] != spills[s]) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    return live == ix->state.count && live <= ix->max_count ? BENTO_OK : BENTO_E_CORRUPT;
}

/* ---------------------------------------------------------------- the operations, both widths */

static bento_status init(const bento_impl_kind *k, bento_index *ix, void *memory, size_t bytes,
                         uint32_t capacity)
{
    bento_impl_index_params p;
    p.capacity = capacity;
    return bento_impl_init(k, ix, memory, bytes, &p, NULL);
}

/* Open, as an index of `capacity` (a typed open) or of any capacity (expect false). */
static bento_status index_open(const bento_impl_kind *k, bento_index *ix, void *memory,
                               size_t bytes, bool expect, uint32_t capacity)
{
    bento_impl_index_params p;
    p.capacity = capacity;
    return bento_impl_open(k, ix, memory, bytes, NULL, expect ? &p : NULL);
}

static void clear(bento_index *ix)
{
    bento_impl_journal j;
    if (ix->buckets == NULL) {
        return; /* inert: empty, and its journal would be its own struct */
    }
    /* one action, named before its first store: from there on a reset leaves it for open to
     * do again (the same stores, whatever part of them was made) */
    BENTO_IMPL_BEGIN(&j, ix);
    bento_impl_redo(&j, CLEAR_ALL, 0u);
    index_empty(ix);
    bento_impl_done(&j);
}

/* The next entry from slot *at on: its value's word, and *key; NULL past the last. */
static uint32_t *next_entry(const bento_index *ix, uint32_t *at, uint64_t *key)
{
    while (*at < ix->capacity) {
        uint32_t *bk = bucket_of(ix, ix->key_words, *at >> 2);
        const uint32_t s = (*at)++ & 3u;
        if (fp_at(bk, s) != 0u) {
            *key = key_in(bk, ix->key_words, s);
            return bk + VALUES + s;
        }
    }
    return NULL;
}

bento_status bento_index_init(bento_index *ix, void *memory, size_t bytes, uint32_t capacity)
{
    BENTO_ASSERT(ix != NULL);
    return init(&bento_impl_index_kind, ix, memory, bytes, capacity);
}

bento_status bento_index_open(bento_index *ix, void *memory, size_t bytes)
{
    BENTO_ASSERT(ix != NULL);
    return index_open(&bento_impl_index_kind, ix, memory, bytes, false, 0u);
}

bento_status bento_impl_index_open_as(bento_index *ix, void *memory, size_t bytes,
                                      uint32_t capacity)
{
    BENTO_ASSERT(ix != NULL);
    return index_open(&bento_impl_index_kind, ix, memory, bytes, true, capacity);
}

bento_status bento_index_check(const bento_index *ix)
{
    BENTO_ASSERT(ix != NULL);
    return bento_impl_check(&bento_impl_index_kind, ix);
}

/* Each its own operation: the index's own journal, idle again once it stored (an inert index
 * stores nothing, and its journal, its own struct then, is never written). */
bento_status bento_index_insert(bento_index *ix, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    return bento_impl_end(&j, bento_impl_index_put(ix, &j, key, value, false));
}

bento_status bento_index_upsert(bento_index *ix, uint64_t key, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    return bento_impl_end(&j, bento_impl_index_put(ix, &j, key, value, true));
}

bento_status bento_index_remove(bento_index *ix, uint64_t key, uint32_t *value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    /* take_key inlined (not a call of bento_impl_index_take): one call fewer per remove, but
       in a build for the least code, where one copy serves both widths */
    return bento_impl_end(&j, BENTO_IMPL_SMALL ? bento_impl_index_take(ix, &j, key, value)
                                               : take_key(ix, &j, 2u, key, value));
}

void bento_index_clear(bento_index *ix)
{
    BENTO_ASSERT(ix != NULL);
    clear(ix);
}

void bento_index_iter_init(bento_index_iter *it, const bento_index *ix)
{
    BENTO_ASSERT(it != NULL && ix != NULL);
    it->key = 0u;
    it->value = NULL;
    it->index_ = ix;
    it->slot_ = 0u;
}

bool bento_index_iter_next(bento_index_iter *it)
{
    BENTO_ASSERT(it != NULL);
    it->value = next_entry(it->index_, &it->slot_, &it->key);
    return it->value != NULL;
}

/* 32-bit keys: the same index, keys of one word. */

bento_status bento_index32_init(bento_index32 *ix, void *memory, size_t bytes, uint32_t capacity)
{
    BENTO_ASSERT(ix != NULL);
    return init(&index32_kind, &ix->generic_, memory, bytes, capacity);
}

bento_status bento_index32_open(bento_index32 *ix, void *memory, size_t bytes)
{
    BENTO_ASSERT(ix != NULL);
    return index_open(&index32_kind, &ix->generic_, memory, bytes, false, 0u);
}

bento_status bento_impl_index32_open_as(bento_index32 *ix, void *memory, size_t bytes,
                                        uint32_t capacity)
{
    BENTO_ASSERT(ix != NULL);
    return index_open(&index32_kind, &ix->generic_, memory, bytes, true, capacity);
}

bento_status bento_index32_check(const bento_index32 *ix)
{
    BENTO_ASSERT(ix != NULL);
    return bento_impl_check(&index32_kind, &ix->generic_);
}

bento_status bento_index32_insert(bento_index32 *ix, uint32_t key, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, &ix->generic_);
    return bento_impl_end(&j, BENTO_IMPL_SMALL
                                  ? bento_impl_index_put(&ix->generic_, &j, key, value, false)
                                  : put32(&ix->generic_, &j, key, value, false));
}

bento_status bento_index32_upsert(bento_index32 *ix, uint32_t key, uint32_t value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, &ix->generic_);
    return bento_impl_end(&j, BENTO_IMPL_SMALL
                                  ? bento_impl_index_put(&ix->generic_, &j, key, value, true)
                                  : put32(&ix->generic_, &j, key, value, true));
}

bento_status bento_index32_remove(bento_index32 *ix, uint32_t key, uint32_t *value)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, &ix->generic_);
    return bento_impl_end(&j, BENTO_IMPL_SMALL
                                  ? bento_impl_index_take(&ix->generic_, &j, key, value)
                                  : take_key(&ix->generic_, &j, 1u, key, value));
}

void bento_index32_clear(bento_index32 *ix)
{
    BENTO_ASSERT(ix != NULL);
    clear(&ix->generic_);
}

void bento_index32_iter_init(bento_index32_iter *it, const bento_index32 *ix)
{
    BENTO_ASSERT(it != NULL && ix != NULL);
    it->key = 0u;
    it->value = NULL;
    it->index_ = ix;
    it->slot_ = 0u;
}

bool bento_index32_iter_next(bento_index32_iter *it)
{
    uint64_t key = 0u;
    BENTO_ASSERT(it != NULL);
    it->value = next_entry(&it->index_->generic_, &it->slot_, &key);
    it->key = (uint32_t)key;
    return it->value != NULL;
}
