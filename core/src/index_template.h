/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M2 M3 M6 M9 M12 M14 M15 M17 M19 M21 M22 M23 M26. */
/*
 * core/src/index_template.h - the hash index's routines, written once for both key widths.
 * Included by index.c (64-bit keys, buckets of 16 words) and by index32.c (32-bit keys,
 * buckets of 10 words), each defining (index_key64.h, index_key32.h):
 *     IX            the index type              IX_KEY        the key type
 *     IX_ITER       its iterator type           IX_KIND       its kind in the buffer header
 *     IX_BW         words per bucket            IX_KW         words per key
 *     IX_NAME(n)    public name                 IX_INNER(n)   internal name
 *     IX_HASH(k)    the hash                    IX_BYTES(c)   bytes for c slots
 *     IX_KEY_GET(k), IX_KEY_PUT(k, key)         read or write the key words at k
 * The scheme and the contract are in bento/index.h; the bucket words are BENTO_IMPL_INDEX_FPS
 * and its kin there.
 */

#define FPS BENTO_IMPL_INDEX_FPS
#define SPILLS BENTO_IMPL_INDEX_SPILLS
#define VALUES BENTO_IMPL_INDEX_VALUES
#define KEYS BENTO_IMPL_INDEX_KEYS

/* The pending action of a clear (bento_impl_redo): every bucket emptied, the count 0. */
#define CLEAR_ALL 1u


/* Bucket b's words. */
static inline uint32_t *bucket_of(const IX *ix, uint32_t b)
{
    return ix->buckets + IX_BW * b;
}

/* The fingerprint byte of slot j (0: empty). */
static inline uint32_t fp_at(const uint32_t *bk, uint32_t j)
{
    return bk[FPS] >> (8u * j) & 0xffu;
}

/* The slot of one flagged byte of a match (m != 0). */
static inline uint32_t slot_of(uint32_t m)
{
    return bento_impl_index_lane(m) >> 3;
}

/* The slot of `key` (fingerprint fp) in bucket bk, or 4. */
static inline uint32_t slot_in(uint32_t *bk, uint32_t fp, IX_KEY key)
{
    return bento_impl_index_in(bk, fp, IX_KW, key) >> 3;
}

/* The stores of a clear: every bucket empty, the count 0 and its copy. Init, clear and the
 * redo of a cut clear make them; none touches the journal, so a reset among them finds it
 * as it was (idle at init, naming the clear otherwise). */
static void empty_buckets(IX *ix)
{
    uint32_t b;
    for (b = 0u; b < ix->capacity >> 2; b++) {
        uint32_t *bk = bucket_of(ix, b);
        bk[FPS] = 0u;
        bk[SPILLS] = 0u;
    }
    ix->state.count = 0u;
    BENTO_IMPL_SAVE(ix);
}

/*
 * Check the capacity and the buffer and fill the index's fixed fields, pointing its buckets
 * into `memory`; the index is left inert on failure.
 */
static bento_status configure(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    BENTO_IMPL_INERT(ix);
    if (memory == NULL || capacity < BENTO_INDEX_MIN_CAPACITY ||
        capacity > BENTO_INDEX_MAX_CAPACITY || !bento_impl_is_pow2(capacity) ||
        !bento_impl_fits(capacity, IX_BYTES(1u) - IX_BYTES(0u), IX_BYTES(0u))) {
        return BENTO_E_ARGUMENT;
    }
    if (!bento_impl_is_aligned(memory, 4u)) {
        return BENTO_E_ALIGN;
    }
    if (bytes < IX_BYTES(capacity)) {
        return BENTO_E_SIZE;
    }
    ix->buckets = (uint32_t *)(void *)((unsigned char *)memory + BENTO_IMPL_INDEX_HEAD);
    ix->saved = (bento_index_state *)bento_impl_saved_at(memory, sizeof(bento_impl_index_params));
    ix->capacity = capacity;
    ix->shift = 34u - bento_impl_log2(capacity);
    ix->max_count = BENTO_INDEX_MAX_COUNT(capacity);
    return BENTO_OK;
}

/* The parameter record of a configured index: what init writes to the header, check compares. */
static bento_impl_index_params params_of(const IX *ix)
{
    bento_impl_index_params p;
    p.capacity = ix->capacity;
    return p;
}

bento_status IX_NAME(init)(IX *ix, void *memory, size_t bytes, uint32_t capacity)
{
    bento_impl_index_params params;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    status = configure(ix, memory, bytes, capacity);
    if (status != BENTO_OK) {
        return status;
    }
    params = params_of(ix);
    bento_impl_head_write(memory, IX_KIND, IX_BYTES(capacity), &params, sizeof params);
    empty_buckets(ix);
    BENTO_IMPL_SETTLE(ix);
    return BENTO_OK;
}

void IX_NAME(clear)(IX *ix)
{
    bento_impl_journal j;
    BENTO_ASSERT(ix != NULL);
#if BENTO_POWER_SAFE
    if (ix->buckets == NULL) {
        return; /* inert: empty, and its journal would be its own struct */
    }
#endif
    /* one action, named before its first store: from there on a reset leaves it for open to
     * do again (the same stores, whatever part of them was made) */
    BENTO_IMPL_BEGIN(&j, ix);
    bento_impl_redo(&j, CLEAR_ALL, 0u);
    empty_buckets(ix);
    bento_impl_done(&j);
}

/* A free slot of a bucket (the one a match of fingerprint 0 names first), or 4 when full. */
static inline uint32_t free_slot(const uint32_t *bk)
{
    const uint32_t m = bento_impl_index_candidates(bk[FPS], 0u);
    return m != 0u ? slot_of(m) : 4u;
}

/* Set the fingerprint byte of slot j (0 empties the slot). */
static inline void set_fp(uint32_t *bk, uint32_t j, uint32_t fp)
{
    bk[FPS] = (bk[FPS] & ~((uint32_t)0xffu << (8u * j))) | fp << (8u * j);
}

/* Write an entry into slot j of bucket bk. */
static inline void put_entry(uint32_t *bk, uint32_t j, uint32_t fp, IX_KEY key, uint32_t value)
{
    bk[VALUES + j] = value;
    IX_KEY_PUT(bk + KEYS + IX_KW * j, key);
    set_fp(bk, j, fp);
}

/* Where `key` (hash h) is: its bucket times 8 plus its slot, the slot 4 when absent. The
 * lookup of bento_impl_index_find, answering where rather than a pointer (remove needs the
 * bucket); written twice because find built on this measured 6 instructions more per lookup
 * on the Cortex-M4. One word back and apart from its callers, so that few registers are on
 * the stack while they add or remove. */
BENTO_IMPL_NOINLINE static uint32_t locate(const IX *ix, IX_KEY key, uint32_t h)
{
    const uint32_t fp = bento_impl_index_fp(h);
    uint32_t b = h >> ix->shift;
    uint32_t *bk = bucket_of(ix, b);
    uint32_t j = slot_in(bk, fp, key);
    if (j == 4u && bento_impl_index_spilled(bk, fp)) {
        b = bento_impl_index_other(b, fp, ix->shift);
        j = slot_in(bucket_of(ix, b), fp, key);
    }
    return b << 3 | j;
}

/* The journal an operation logs into, an argument only with BENTO_POWER_SAFE: without it
 * there is none, and an argument nothing reads still changes the code gcc makes. */
#if BENTO_POWER_SAFE
#define J_PARAM , bento_impl_journal *jr
#define J_ARG(j) , j

/* Log the value and key words of slot j of bucket bk, which the caller fills. */
static inline void log_slot(bento_impl_journal *jr, uint32_t *bk, uint32_t j)
{
    uint32_t k;
    bento_impl_log(jr, bk + VALUES + j);
    for (k = 0u; k < IX_KW; k++) {
        bento_impl_log(jr, bk + KEYS + IX_KW * j + k);
    }
}

/* Log what add changes once its slot is free: slot j of bucket root[r] (its fingerprint word,
 * value and key), the spill word of the first bucket when the key lives in its second, the
 * count; then commit every word logged so far. */
static inline void log_add(const IX *ix, bento_impl_journal *jr, const uint32_t *root, uint32_t r,
                           uint32_t j)
{
    uint32_t *bk = bucket_of(ix, root[r]);
    bento_impl_log(jr, bk + FPS);
    log_slot(jr, bk, j);
    if (r != 0u) {
        bento_impl_log(jr, bucket_of(ix, root[0]) + SPILLS);
    }
    bento_impl_log(jr, &ix->saved->count);
    bento_impl_commit(jr);
}

#else
#define J_PARAM
#define J_ARG(j)
#endif

/*
 * Move the entry in slot j of bucket `from` to a free slot of its other bucket `to`, keeping
 * the spill count of its first bucket: it leaves its first bucket (one more spilled) or comes
 * back to it (one fewer).
 */
static void move_entry(const IX *ix, uint32_t from, uint32_t j, uint32_t to)
{
    uint32_t *s = bucket_of(ix, from), *d = bucket_of(ix, to);
    const uint32_t fp = fp_at(s, j);
    const IX_KEY key = IX_KEY_GET(s + KEYS + IX_KW * j);
    if (IX_HASH(key) >> ix->shift == from) {
        ++*bento_impl_index_spill(s, fp);
    } else {
        --*bento_impl_index_spill(d, fp);
    }
    put_entry(d, free_slot(d), fp, key, s[VALUES + j]);
    set_fp(s, j, 0u);
}

/*
 * The search of insert: from bucket `root`, the paths of exactly `limit` moves (each entry to
 * its other bucket), depth first, through buckets not already on the path; the first that
 * ends at a bucket with a free slot is written to path[0..limit] (buckets) and slot[0..limit-1]
 * (the entry of path[k] that moves to path[k + 1]). Only the path is kept: a few words of
 * stack. Reads at most 4 + 16 + 64 buckets for limit 3.
 */
static bool search(const IX *ix, uint32_t root, uint32_t limit, uint32_t *path, unsigned char *slot)
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
            const uint32_t fp = fp_at(bucket_of(ix, path[at]), slot[at]);
            const uint32_t next = bento_impl_index_other(path[at], fp, ix->shift);
            uint32_t k = 0u;
            while (k < at && path[k] != next) { /* path[at] is never next */
                k++;
            }
            if (k == at && at + 1u < limit) {
                path[++at] = next;
                slot[at] = 0u;
            } else if (k == at && free_slot(bucket_of(ix, next)) != 4u) {
                path[limit] = next;
                return true;
            } else {
                slot[at]++; /* on the path already, or full */
            }
        }
    }
}

#if BENTO_POWER_SAFE
/*
 * Log every word the moves along a path of `limit` moves change (path and slot as search
 * leaves them): the fingerprint and spill words of its buckets, and the value and key words
 * of each slot a move fills. The last move fills a free slot of path[limit]; every other
 * bucket of the path is full (a shorter path would have been found through a free slot of
 * it), so the move into path[k + 1] fills the slot the move out of it freed, slot[k + 1].
 */
static void log_path(const IX *ix, bento_impl_journal *jr, const uint32_t *path,
                     const unsigned char *slot, uint32_t limit)
{
    uint32_t k;
    for (k = 0u; k <= limit; k++) {
        uint32_t *bk = bucket_of(ix, path[k]);
        bento_impl_log(jr, bk + FPS);
        bento_impl_log(jr, bk + SPILLS);
        if (k != 0u) {
            log_slot(jr, bk, k == limit ? free_slot(bk) : slot[k]);
        }
    }
}
#endif

/*
 * Both buckets of a key full (root[0] and root[1]): free a slot of one of them by moving
 * entries along the shortest path the search finds (iterative deepening, so the first path
 * found is a shortest one). Sets *r to the bucket (0 or 1) and answers the slot freed, or 4
 * when no path is BENTO_INDEX_MAX_MOVES moves long or less (nothing moved). Every word the
 * moves and add then change is logged and committed before the first move. Apart from add,
 * so that its path stays off the stack of the common insert.
 */
BENTO_IMPL_NOINLINE static uint32_t make_room(const IX *ix, const uint32_t *root,
                                              uint32_t *r J_PARAM)
{
    uint32_t path[BENTO_INDEX_MAX_MOVES + 1u], limit, k;
    unsigned char slot[BENTO_INDEX_MAX_MOVES];
    for (limit = 1u; limit <= BENTO_INDEX_MAX_MOVES; limit++) {
        for (*r = 0u; *r < 2u; ++*r) {
            if (search(ix, root[*r], limit, path, slot)) {
#if BENTO_POWER_SAFE
                log_path(ix, jr, path, slot, limit);
                log_add(ix, jr, root, *r, slot[0]);
#endif
                /* the deepest move first, each into the slot the one after it freed; the
                 * buckets of a path are distinct, so each has its free slot */
                for (k = limit; k-- != 0u;) {
                    move_entry(ix, path[k], slot[k], path[k + 1u]);
                }
                return slot[0];
            }
        }
    }
    return 4u;
}

/* Add `key`, known to be absent: a free slot of its first bucket, else of its second, else
 * one make_room frees. Logs and commits every word it changes before the first store. */
static bento_status add(IX *ix, IX_KEY key, uint32_t h, uint32_t value J_PARAM)
{
    const uint32_t fp = bento_impl_index_fp(h);
    uint32_t root[2], r = 0u, j;
    if (ix->state.count >= ix->max_count) {
        return BENTO_E_FULL;
    }
    root[0] = h >> ix->shift;
    root[1] = bento_impl_index_other(root[0], fp, ix->shift);
    j = free_slot(bucket_of(ix, root[0]));
    if (j == 4u) {
        r = 1u;
        j = free_slot(bucket_of(ix, root[1]));
    }
    if (j == 4u) {
        j = make_room(ix, root, &r J_ARG(jr));
        if (j == 4u) {
            return BENTO_E_FULL;
        }
#if BENTO_POWER_SAFE
    } else {
        log_add(ix, jr, root, r, j);
#endif
    }
    put_entry(bucket_of(ix, root[r]), j, fp, key, value);
    if (r != 0u) {
        ++*bento_impl_index_spill(bucket_of(ix, root[0]), fp);
    }
    ix->saved->count = ++ix->state.count;
    return BENTO_OK;
}

/* Insert, or (replace) overwrite the value of a key already there, logging into `jr` and
 * committing before any store (BENTO_OK: it stored; any other status: nothing logged). */
static bento_status put(IX *ix, IX_KEY key, uint32_t value, bool replace J_PARAM)
{
    const uint32_t h = IX_HASH(key);
    uint32_t at;
    if (ix->buckets == NULL) {
        return BENTO_E_FULL; /* inert */
    }
    at = locate(ix, key, h);
    if ((at & 7u) == 4u) {
        return add(ix, key, h, value J_ARG(jr));
    }
    if (!replace) {
        return BENTO_E_EXISTS;
    }
#if BENTO_POWER_SAFE
    bento_impl_log(jr, bucket_of(ix, at >> 3) + VALUES + (at & 7u));
    bento_impl_commit(jr);
#endif
    bucket_of(ix, at >> 3)[VALUES + (at & 7u)] = value;
    return BENTO_OK;
}

/* The journal of an index's own operation: begun before put or take (which store nothing on
 * an inert index, so its journal, its own struct then, is never written), idle again once
 * they stored. */
bento_status IX_NAME(insert)(IX *ix, IX_KEY key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    status = put(ix, key, value, false J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

bento_status IX_NAME(upsert)(IX *ix, IX_KEY key, uint32_t value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    status = put(ix, key, value, true J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

/* Remove, logging into `jr` and committing before any store (BENTO_OK: it stored; any other
 * status: nothing logged). */
static bento_status take(IX *ix, IX_KEY key, uint32_t *value J_PARAM)
{
    uint32_t h, at, j, *bk;
    if (value != NULL) {
        *value = BENTO_NONE;
    }
    if (ix->buckets == NULL) {
        return BENTO_E_NOT_FOUND; /* inert */
    }
    h = IX_HASH(key);
    at = locate(ix, key, h);
    j = at & 7u;
    if (j == 4u) {
        return BENTO_E_NOT_FOUND;
    }
    if (ix->state.count == 0u) {
        return BENTO_E_CORRUPT; /* an entry the count does not know of */
    }
    bk = bucket_of(ix, at >> 3);
    if (value != NULL) {
        *value = bk[VALUES + j];
    }
#if BENTO_POWER_SAFE
    bento_impl_log(jr, bk + FPS);
    if (at >> 3 != h >> ix->shift) {
        bento_impl_log(jr, bucket_of(ix, h >> ix->shift) + SPILLS);
    }
    bento_impl_log(jr, &ix->saved->count);
    bento_impl_commit(jr);
#endif
    set_fp(bk, j, 0u);
    if (at >> 3 != h >> ix->shift) {
        --*bento_impl_index_spill(bucket_of(ix, h >> ix->shift), bento_impl_index_fp(h));
    }
    ix->saved->count = --ix->state.count;
    return BENTO_OK;
}

bento_status IX_NAME(remove)(IX *ix, IX_KEY key, uint32_t *value)
{
    bento_impl_journal j;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_BEGIN(&j, ix);
    status = take(ix, key, value J_ARG(&j));
    if (status == BENTO_OK) {
        bento_impl_done(&j);
    }
    return status;
}

#if BENTO_POWER_SAFE && IX_KW == 2u
/* An index inside another container's buffer (core/src/nested.h): its insert and remove
 * logged into that container's journal. */
bento_status IX_INNER(insert_logged)(IX *ix, IX_KEY key, uint32_t value, bento_impl_journal *j)
{
    return put(ix, key, value, false, j);
}

bento_status IX_INNER(remove_logged)(IX *ix, IX_KEY key, bento_impl_journal *j)
{
    return take(ix, key, NULL, j);
}
#endif



/* An operation cut by a reset: undone, or its clear done again: the same stores, under the
 * journal that still names the clear, which is set idle only after the last of them. */
static bento_status recover(IX *ix, void *memory, size_t used)
{
    uint32_t action, arg;
    bento_status status = bento_impl_recover(memory, used, ix->saved, sizeof ix->state,
                                             BENTO_IMPL_INDEX_ENTRIES, &action, &arg);
    if (status == BENTO_OK && action != 0u) {
        if (action != CLEAR_ALL) {
            return BENTO_E_CORRUPT;
        }
        empty_buckets(ix); /* configured just before */
        BENTO_IMPL_SETTLE(ix);
    }
    return status;
}

bento_status IX_NAME(open)(IX *ix, void *memory, size_t bytes)
{
    const bento_impl_index_params *p;
    size_t used;
    bento_status status;
    BENTO_ASSERT(ix != NULL);
    BENTO_IMPL_INERT(ix);
    status = bento_impl_head_read(memory, bytes, IX_KIND, BENTO_IMPL_INDEX_HEAD, &used);
    if (status != BENTO_OK) {
        return status;
    }
    p = (const bento_impl_index_params *)bento_impl_params_at(memory);
    status = configure(ix, memory, used, p->capacity);
    if (status == BENTO_OK && used != IX_BYTES(ix->capacity)) {
        status = BENTO_E_CORRUPT;
    }
    if (status == BENTO_OK) {
        status = recover(ix, memory, used);
    }
    if (status != BENTO_OK) {
        BENTO_IMPL_INERT(ix);
        return BENTO_E_CORRUPT; /* the alignment was checked with the header */
    }
    bento_impl_save(&ix->state, ix->saved, sizeof ix->state);
    /* the count is trusted from here on: it must describe the buckets exactly */
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
        uint32_t *bk = bucket_of(ix, it->slot_ >> 2);
        const uint32_t j = it->slot_++ & 3u;
        if (fp_at(bk, j) != 0u) {
            it->key = IX_KEY_GET(bk + KEYS + IX_KW * j);
            it->value = bk + VALUES + j;
            return true;
        }
    }
    it->value = NULL;
    return false;
}

/* The header as init wrote it and the operations keep it. */
static bool header_sound(const IX *ix)
{
    const bento_impl_index_params p = params_of(ix);
    return BENTO_IMPL_HEAD_SOUND(ix, IX_KIND, IX_BYTES(ix->capacity), &p);
}

/* How many entries of bucket a (not b) have fingerprint fp and b as their first bucket. */
static uint32_t spilled_from(const IX *ix, uint32_t b, uint32_t a, uint32_t fp)
{
    const uint32_t *bk = bucket_of(ix, a);
    uint32_t m, n = 0u;
    for (m = bento_impl_index_match(bk[FPS], fp); m != 0u; m = bento_impl_index_rest(m)) {
        const uint32_t j = slot_of(m);
        n += (uint32_t)(IX_HASH(IX_KEY_GET(bk + KEYS + IX_KW * j)) >> ix->shift == b);
    }
    return n;
}

/* Whether the entry in slot j of bucket b is sound: its fingerprint, its bucket, and its key
 * held once in its two buckets (the entry itself is one of them). */
static bool entry_sound(const IX *ix, uint32_t b, uint32_t j)
{
    const uint32_t *bk = bucket_of(ix, b);
    const uint32_t fp = fp_at(bk, j);
    const IX_KEY key = IX_KEY_GET(bk + KEYS + IX_KW * j);
    const uint32_t h = IX_HASH(key);
    const uint32_t other = bento_impl_index_other(b, fp, ix->shift);
    uint32_t m, k, copies = 0u;
    if (fp != bento_impl_index_fp(h) || (h >> ix->shift != b && h >> ix->shift != other)) {
        return false;
    }
    for (k = 0u; k < 2u; k++, bk = bucket_of(ix, other)) {
        for (m = bento_impl_index_match(bk[FPS], fp); m != 0u; m = bento_impl_index_rest(m)) {
            copies += (uint32_t)(IX_KEY_GET(bk + KEYS + IX_KW * slot_of(m)) == key);
        }
    }
    return copies == 1u;
}

bento_status IX_NAME(check)(const IX *ix)
{
    uint32_t b, j, fp, live = 0u;
    BENTO_ASSERT(ix != NULL);
    if (ix->capacity == 0u) {
        return BENTO_OK; /* inert: an empty index of capacity 0 */
    }
    if (!header_sound(ix)) {
        return BENTO_E_CORRUPT;
    }
    for (b = 0u; b < ix->capacity >> 2; b++) {
        const uint32_t *bk = bucket_of(ix, b);
        const unsigned char *spills = (const unsigned char *)(const void *)(bk + SPILLS);
        uint32_t counted[4];
        for (j = 0u; j < 4u; j++) {
            counted[j] = 0u; /* by assignment: an initializer calls memset at -Os */
            if (fp_at(bk, j) != 0u) {
                live++;
                if (!entry_sound(ix, b, j)) {
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
        for (j = 0u; j < 4u; j++) {
            if (counted[j] != spills[j]) {
                return BENTO_E_CORRUPT;
            }
        }
    }
    return live == ix->state.count && live <= ix->max_count ? BENTO_OK : BENTO_E_CORRUPT;
}

