/* SPDX-License-Identifier: MIT */
/*
 * tests/index_room.h - the models' answer to "may this insert into a hash index refuse?", for
 * the tests and fuzz targets whose containers hold one (index_tests.h, test_multi_index.c,
 * fuzz/fuzz_index.c, fuzz/fuzz_spatial_hash.c). Freestanding.
 *
 * A bento hash index refuses a new key below its load limit when no free slot is
 * BENTO_INDEX_MAX_MOVES moves or fewer from the key's two buckets (bento/index.h). The model
 * finds out its own way: breadth first over the buckets, each entry leading to the other of
 * its key's two buckets, computed from its key's hash (not from the fingerprint stored beside
 * it). The bucket layout is bento/index.h's internal section; the hash of a 32-bit key is the
 * hash of the same value as a 64-bit key.
 */
#ifndef BENTO_TESTS_INDEX_ROOM_H
#define BENTO_TESTS_INDEX_ROOM_H

#include <bento/index.h>

/* The most buckets index_room searches (indices of up to 256 slots). */
#define INDEX_ROOM_MAX_BUCKETS 64u

/* The key in slot j of a bucket whose keys are kw words (1 or 2). */
static inline uint64_t index_room_key(const uint32_t *bk, uint32_t kw, uint32_t j)
{
    const uint32_t *k = bk + BENTO_IMPL_INDEX_KEYS + kw * j;
    return kw == 1u ? k[0] : (uint64_t)k[1] << 32 | k[0];
}

/* True when a free slot is at most BENTO_INDEX_MAX_MOVES moves from `key`'s two buckets, in an
 * index of n buckets of bw words, keys of kw words, whose first bucket is hash >> shift (true
 * too when n is more than INDEX_ROOM_MAX_BUCKETS: the model does not know then). */
static inline bool index_room(const uint32_t *buckets, uint32_t n, uint32_t shift, uint32_t bw,
                              uint32_t kw, uint64_t key)
{
    uint32_t dist[INDEX_ROOM_MAX_BUCKETS], b, j, d;
    const uint32_t h = bento_index_hash(key);
    if (n > INDEX_ROOM_MAX_BUCKETS) {
        return true;
    }
    for (b = 0u; b < n; b++) {
        dist[b] = BENTO_INDEX_MAX_MOVES + 1u;
    }
    dist[h >> shift] = 0u;
    dist[bento_impl_index_other(h >> shift, bento_impl_index_fp(h), shift)] = 0u;
    for (d = 0u; d <= BENTO_INDEX_MAX_MOVES; d++) {
        for (b = 0u; b < n; b++) {
            const uint32_t *bk = buckets + bw * b;
            if (dist[b] != d) {
                continue;
            }
            for (j = 0u; j < 4u; j++) {
                if ((bk[BENTO_IMPL_INDEX_FPS] >> (8u * j) & 0xffu) == 0u) {
                    return true;
                }
            }
            for (j = 0u; j < 4u; j++) {
                const uint32_t kh = bento_index_hash(index_room_key(bk, kw, j));
                const uint32_t first = kh >> shift;
                const uint32_t to =
                    first == b ? bento_impl_index_other(first, bento_impl_index_fp(kh), shift)
                               : first;
                if (dist[to] > d + 1u) {
                    dist[to] = d + 1u;
                }
            }
        }
    }
    return false;
}

/* index_room for the two index types. */
static inline bool index_room64(const bento_index *ix, uint64_t key)
{
    return index_room(ix->buckets, ix->capacity / 4u, ix->shift, 16u, 2u, key);
}

static inline bool index_room32(const bento_index32 *ix, uint32_t key)
{
    return index_room(ix->generic_.buckets, ix->generic_.capacity / 4u, ix->generic_.shift, 10u,
                      1u, key);
}

#endif /* BENTO_TESTS_INDEX_ROOM_H */
