/* SPDX-License-Identifier: MIT */
/*
 * tests/endian - a buffer carried to a core of the other byte order is refused, not misread.
 *
 *     endian write DIR         one container of every kind, initialised and filled the same
 *                              way every time, its raw buffer written to DIR/KIND.bin (with
 *                              the caller memory it uses besides: a sparse set's column, a
 *                              paged set's page pool)
 *     endian read DIR same     DIR was written on this byte order: every buffer opens
 *                              (BENTO_OK) with the contents this program fills it with
 *     endian read DIR other    DIR was written on the other byte order: every buffer's open
 *                              answers BENTO_E_CORRUPT and leaves the container inert
 *
 * make check writes DIR on the host (little-endian) and on 32-bit PowerPC under qemu-user
 * (big-endian) and reads each on both (tests/endian/endian.mk). A hosted program: files and
 * stdio. It ends with "N passed, N failed".
 */
#include <bento/bento.h>

#include <stdio.h>
#include <string.h>

static unsigned passed, failed;

static void check(bool ok, const char *kind, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("%s: %s\n", kind, what);
    }
}

static void check_status(bento_status got, bento_status want, const char *kind, const char *what)
{
    if (got == want) {
        passed++;
    } else {
        failed++;
        printf("%s: %s answered %s, expected %s\n", kind, what, bento_status_name(got),
               bento_status_name(want));
    }
}

/* ---------------------------------------------------------------- files */

#define MAX_BYTES 16384u

/* One buffer as written or read: aligned for every container. */
typedef struct buffer {
    bento_align_unit memory[BENTO_ALIGN_UNITS(MAX_BYTES)];
    size_t bytes;
} buffer;

static const char *dir;

static void path_of(char *path, size_t size, const char *name)
{
    (void)snprintf(path, size, "%s/%s.bin", dir, name);
}

static bool save(const char *name, const void *memory, size_t bytes)
{
    char path[512];
    FILE *f;
    bool ok;
    path_of(path, sizeof path, name);
    f = fopen(path, "wb");
    if (f == NULL) {
        printf("%s: cannot write %s\n", name, path);
        return false;
    }
    ok = fwrite(memory, 1, bytes, f) == bytes;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        printf("%s: cannot write %s\n", name, path);
    }
    return ok;
}

/* The file's bytes into b; false (and said) when it cannot be read or is too long. */
static bool load(const char *name, buffer *b)
{
    char path[512];
    FILE *f;
    path_of(path, sizeof path, name);
    f = fopen(path, "rb");
    if (f == NULL) {
        printf("%s: cannot read %s\n", name, path);
        return false;
    }
    b->bytes = fread(b->memory, 1, sizeof b->memory, f);
    if (ferror(f) || !feof(f)) {
        printf("%s: cannot read %s (or longer than %u bytes)\n", name, path, MAX_BYTES);
        (void)fclose(f);
        return false;
    }
    (void)fclose(f);
    return true;
}

/* ---------------------------------------------------------------- the containers
 *
 * Each kind: fill (init its buffer and put the same contents in it every time, false when a
 * call fails), and same (the opened container holds what the reference, filled here, holds).
 */

/* pool: 8-byte values, 16 slots, handles of 4 index and 28 generation bits */
#define POOL_BYTES BENTO_POOL_BYTES(16, 8)
static uint32_t pool_handles[14];

static bool pool_fill(bento_pool *p, void *memory)
{
    uint32_t i;
    bool ok = bento_pool_init(p, memory, POOL_BYTES, 8, 16, 4, 28, BENTO_POOL_WRAP) == BENTO_OK;
    for (i = 0; i < 14u && ok; i++) {
        uint32_t value[2] = {i * 1000003u, 0x01020304u + i};
        ok = bento_pool_create_from(p, &pool_handles[i], value) == BENTO_OK;
        if (ok && (i == 3u || i == 8u)) { /* a destroyed slot, then its next generation */
            ok = bento_pool_destroy(p, pool_handles[i]) == BENTO_OK &&
                 bento_pool_create_from(p, &pool_handles[i], value) == BENTO_OK;
        }
    }
    return ok;
}

static bool pool_same(const bento_pool *got, const bento_pool *ref)
{
    uint32_t i;
    if (bento_pool_count(got) != bento_pool_count(ref)) {
        return false;
    }
    for (i = 0; i < 14u; i++) {
        const void *g = bento_pool_get(got, pool_handles[i]);
        if (g == NULL || memcmp(g, bento_pool_get(ref, pool_handles[i]), 8) != 0) {
            return false;
        }
    }
    return true;
}

/* sparse set: ids below 64, 32 of them at most, one column of uint32_t */
#define SET_BYTES BENTO_SPARSE_SET_BYTES(64, 32, 32, 0, 1)

/* The set keeps its column descriptor: `c` outlives it. */
static bool set_fill(bento_sparse_set *s, void *memory, uint32_t *column,
                     bento_sparse_set_column *c)
{
    uint32_t i, at;
    bool ok;
    c->data = column;
    c->bytes = 32u * sizeof(uint32_t);
    c->size = sizeof(uint32_t);
    ok = bento_sparse_set_init(s, memory, SET_BYTES, 64, 32, 32, 0, c, 1) == BENTO_OK;
    for (i = 0; i < 20u && ok; i++) {
        ok = bento_sparse_set_insert(s, (i * 7u + 3u) & 63u, &at) == BENTO_OK;
        column[at] = 0xa0b0c0d0u ^ i;
    }
    return ok && bento_sparse_set_remove(s, 10u) == BENTO_OK;
}

static bool set_same(const bento_sparse_set *got, const bento_sparse_set *ref)
{
    uint32_t key;
    if (bento_sparse_set_count(got) != bento_sparse_set_count(ref)) {
        return false;
    }
    for (key = 0; key < 64u; key++) {
        const uint32_t *g = (const uint32_t *)bento_sparse_set_get(got, key, 0);
        const uint32_t *r = (const uint32_t *)bento_sparse_set_get(ref, key, 0);
        if ((g == NULL) != (r == NULL) || (g != NULL && *g != *r)) {
            return false;
        }
    }
    return true;
}

/* block pool: 16 blocks of 12 bytes */
#define BLOCKS_BYTES BENTO_BLOCK_POOL_BYTES(16, 12)

static bool blocks_fill(bento_block_pool *b, void *memory)
{
    uint32_t i;
    bool ok = bento_block_pool_init(b, memory, BLOCKS_BYTES, 12, 16) == BENTO_OK;
    for (i = 0; i < 11u && ok; i++) {
        void *block;
        ok = bento_block_pool_alloc(b, &block) == BENTO_OK;
        if (ok) {
            uint32_t words[3] = {i, i * 0x10001u, 0xdeadbeefu};
            memcpy(block, words, sizeof words);
        }
    }
    return ok && bento_block_pool_free(b, bento_block_pool_block_at(b, 4)) == BENTO_OK;
}

static bool blocks_same(const bento_block_pool *got, const bento_block_pool *ref)
{
    uint32_t i;
    if (bento_block_pool_count(got) != bento_block_pool_count(ref) ||
        bento_block_pool_high_water(got) != bento_block_pool_high_water(ref)) {
        return false;
    }
    for (i = 0; i < bento_block_pool_high_water(ref); i++) {
        if (i != 4u &&
            memcmp(bento_block_pool_block_at(got, i), bento_block_pool_block_at(ref, i), 12) != 0) {
            return false;
        }
    }
    return true;
}

/* paged set: 8-byte values in pages of 8, ids below 64, its pages from a block pool of 4 */
#define PAGE_BYTES BENTO_PAGED_SET_PAGE_BYTES(8, 8)
#define PAGES_BYTES BENTO_BLOCK_POOL_BYTES(4, PAGE_BYTES)
#define PAGED_BYTES BENTO_PAGED_SET_BYTES(32, 64, 8)

static bool paged_fill(bento_paged_set *s, void *memory, bento_block_pool *pages, void *pages_memory)
{
    uint32_t i;
    bool ok = bento_block_pool_init(pages, pages_memory, PAGES_BYTES, PAGE_BYTES, 4) == BENTO_OK &&
              bento_paged_set_init(s, memory, PAGED_BYTES, pages, 8, 32, 64, 8, 6, 0) == BENTO_OK;
    for (i = 0; i < 12u && ok; i++) {
        uint32_t value[2] = {i, 0x11223344u * i};
        ok = bento_paged_set_insert_from(s, (i * 5u) & 31u, value) == BENTO_OK;
    }
    return ok;
}

static bool paged_same(const bento_paged_set *got, const bento_paged_set *ref)
{
    uint32_t key;
    if (bento_paged_set_count(got) != bento_paged_set_count(ref) ||
        bento_paged_set_pages_held(got) != bento_paged_set_pages_held(ref)) {
        return false;
    }
    for (key = 0; key < 64u; key++) {
        const void *g = bento_paged_set_get(got, key);
        const void *r = bento_paged_set_get(ref, key);
        if ((g == NULL) != (r == NULL) || (g != NULL && memcmp(g, r, 8) != 0)) {
            return false;
        }
    }
    return true;
}

/* hash index (64-bit keys) and its 32-bit-key variant: 64 slots, 40 keys */
#define INDEX_BYTES BENTO_INDEX_BYTES(64)
#define INDEX32_BYTES BENTO_INDEX32_BYTES(64)

static uint64_t index_key(uint32_t i)
{
    return (uint64_t)i * 0x9e3779b97f4a7c15u + 0x0102030405060708u;
}

static bool index_fill(bento_index *ix, void *memory)
{
    uint32_t i;
    bool ok = bento_index_init(ix, memory, INDEX_BYTES, 64) == BENTO_OK;
    for (i = 0; i < 40u && ok; i++) {
        ok = bento_index_insert(ix, index_key(i), i ^ 0x55aa00ffu) == BENTO_OK;
    }
    return ok && bento_index_remove(ix, index_key(7), NULL) == BENTO_OK;
}

static bool index_same(const bento_index *got, const bento_index *ref)
{
    uint32_t i;
    if (bento_index_count(got) != bento_index_count(ref)) {
        return false;
    }
    for (i = 0; i < 40u; i++) {
        if (bento_index_value(got, index_key(i), 1u) != bento_index_value(ref, index_key(i), 1u)) {
            return false;
        }
    }
    return true;
}

static bool index32_fill(bento_index32 *ix, void *memory)
{
    uint32_t i;
    bool ok = bento_index32_init(ix, memory, INDEX32_BYTES, 64) == BENTO_OK;
    for (i = 0; i < 40u && ok; i++) {
        ok = bento_index32_insert(ix, (uint32_t)index_key(i), i + 0x01000000u) == BENTO_OK;
    }
    return ok;
}

static bool index32_same(const bento_index32 *got, const bento_index32 *ref)
{
    uint32_t i;
    if (bento_index32_count(got) != bento_index32_count(ref)) {
        return false;
    }
    for (i = 0; i < 40u; i++) {
        const uint32_t key = (uint32_t)index_key(i);
        if (bento_index32_value(got, key, 1u) != bento_index32_value(ref, key, 1u)) {
            return false;
        }
    }
    return true;
}

/* multi-value index: 16 key slots, values below 32, each value under key value / 4 */
#define MULTI_BYTES BENTO_MULTI_INDEX_BYTES(16, 32, 32u)

static bool multi_fill(bento_multi_index *mi, void *memory)
{
    uint32_t v;
    bool ok = bento_multi_index_init(mi, memory, MULTI_BYTES, 16, 32, 32u) == BENTO_OK;
    for (v = 0; v < 30u && ok; v++) {
        ok = bento_multi_index_insert(mi, ((uint64_t)(v >> 2) << 40) | 9u, v) == BENTO_OK;
    }
    return ok;
}

static bool multi_same(const bento_multi_index *got, const bento_multi_index *ref)
{
    uint32_t v;
    if (bento_multi_index_count(got) != bento_multi_index_count(ref) ||
        bento_multi_index_key_count(got) != bento_multi_index_key_count(ref)) {
        return false;
    }
    for (v = 0; v < 32u; v++) {
        uint64_t g = 0, r = 0;
        if (bento_multi_index_key_of(got, v, &g) != bento_multi_index_key_of(ref, v, &r) ||
            g != r || bento_multi_index_length(got, g) != bento_multi_index_length(ref, r)) {
            return false;
        }
    }
    return true;
}

/* spatial hash: 2D, 16 cells, 16 items, cells of 16 units */
#define SPATIAL_BYTES BENTO_SPATIAL_HASH_BYTES(16, 16, 2, 32u)

static bool spatial_fill(bento_spatial_hash *sh, void *memory)
{
    uint32_t i;
    bool ok = bento_spatial_hash_init(sh, memory, SPATIAL_BYTES, 16, 16, 2, 4, 32u) == BENTO_OK;
    for (i = 0; i < 12u && ok; i++) {
        const int32_t at[2] = {(int32_t)(i * 37u) - 200, 1000 - (int32_t)(i * 91u)};
        ok = bento_spatial_hash_insert(sh, i, at) == BENTO_OK;
    }
    return ok;
}

static bool spatial_same(const bento_spatial_hash *got, const bento_spatial_hash *ref)
{
    uint32_t i;
    if (bento_spatial_hash_count(got) != bento_spatial_hash_count(ref)) {
        return false;
    }
    for (i = 0; i < 16u; i++) {
        const int32_t *g = bento_spatial_hash_get(got, i);
        const int32_t *r = bento_spatial_hash_get(ref, i);
        if ((g == NULL) != (r == NULL) || (g != NULL && (g[0] != r[0] || g[1] != r[1]))) {
            return false;
        }
    }
    return true;
}

/* grid: 2D, 4-byte cells, 256 of them */
#define GRID_BYTES BENTO_GRID_BYTES(256, 4)

static bool grid_fill(bento_grid *g, void *memory)
{
    int32_t x;
    bool ok = bento_grid_init(g, memory, GRID_BYTES, 2, 4, 256) == BENTO_OK;
    for (x = -3; x < 4 && ok; x++) {
        const int32_t at[2] = {x, 2 - x};
        const uint32_t value = 0x0a0b0c00u + (uint32_t)(x + 3);
        ok = bento_grid_insert_from(g, at, &value) == BENTO_OK;
    }
    return ok;
}

static bool grid_same(const bento_grid *got, const bento_grid *ref)
{
    int32_t x, y;
    if (bento_grid_count(got) != bento_grid_count(ref)) {
        return false;
    }
    for (x = -4; x < 5; x++) {
        for (y = -4; y < 7; y++) {
            const int32_t at[2] = {x, y};
            const void *g = bento_grid_get(got, at);
            const void *r = bento_grid_get(ref, at);
            if ((g == NULL) != (r == NULL) || (g != NULL && memcmp(g, r, 4) != 0)) {
                return false;
            }
        }
    }
    return true;
}

/* ---------------------------------------------------------------- write and read */

static buffer file, mem, mem2;

static int write_all(void)
{
    bento_pool pool;
    bento_sparse_set set;
    bento_block_pool blocks, pages;
    bento_paged_set paged;
    bento_index ix;
    bento_index32 ix32;
    bento_multi_index multi;
    bento_spatial_hash spatial;
    bento_grid grid;
    static uint32_t column[32];
    static bento_sparse_set_column c;
    unsigned written = 0;
#define WRITE(name, filled, memory, bytes)                                                        \
    do {                                                                                          \
        check(filled, name, "could not be filled");                                               \
        if (save(name, memory, bytes)) {                                                          \
            written++;                                                                            \
        }                                                                                         \
    } while (0)
    WRITE("pool", pool_fill(&pool, mem.memory), mem.memory, POOL_BYTES);
    WRITE("sparse_set", set_fill(&set, mem.memory, column, &c), mem.memory, SET_BYTES);
    WRITE("sparse_set-column", true, column, sizeof column);
    WRITE("block_pool", blocks_fill(&blocks, mem.memory), mem.memory, BLOCKS_BYTES);
    WRITE("paged_set", paged_fill(&paged, mem.memory, &pages, mem2.memory), mem.memory, PAGED_BYTES);
    WRITE("paged_set-pages", true, mem2.memory, PAGES_BYTES);
    WRITE("index", index_fill(&ix, mem.memory), mem.memory, INDEX_BYTES);
    WRITE("index32", index32_fill(&ix32, mem.memory), mem.memory, INDEX32_BYTES);
    WRITE("multi_index", multi_fill(&multi, mem.memory), mem.memory, MULTI_BYTES);
    WRITE("spatial_hash", spatial_fill(&spatial, mem.memory), mem.memory, SPATIAL_BYTES);
    WRITE("grid", grid_fill(&grid, mem.memory), mem.memory, GRID_BYTES);
#undef WRITE
    printf("%u buffers written to %s\n", written, dir);
    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0u && written == 11u ? 0 : 1;
}

/* What an open of a buffer from DIR must answer: on the same byte order, BENTO_OK and the
 * reference's contents; on the other, BENTO_E_CORRUPT and an inert container (count 0). */
static bool same_order;

#define READ(name, into, open_call, count_call, same_call)                                        \
    do {                                                                                          \
        if (load(name, into)) {                                                                   \
            const bento_status status_ = (open_call);                                             \
            if (same_order) {                                                                     \
                check_status(status_, BENTO_OK, name, "open");                                    \
                check(status_ == BENTO_OK && (same_call), name,                                   \
                      "opened with other contents than written");                                 \
            } else {                                                                              \
                check_status(status_, BENTO_E_CORRUPT, name, "open of the other byte order");     \
                check((count_call) == 0u, name, "not inert after a refused open");                \
            }                                                                                     \
        } else {                                                                                  \
            check(false, name, "no file");                                                        \
        }                                                                                         \
    } while (0)

static bool pages_same(const bento_block_pool *got, const bento_block_pool *ref)
{
    return bento_block_pool_count(got) == bento_block_pool_count(ref) &&
           bento_block_pool_high_water(got) == bento_block_pool_high_water(ref);
}

static buffer pages_file, native;

static int read_all(void)
{
    bento_pool pool, pool_ref;
    bento_sparse_set set, set_ref;
    bento_block_pool blocks, blocks_ref, pages, pages_ref;
    bento_paged_set paged, paged_ref;
    bento_index ix, ix_ref;
    bento_index32 ix32, ix32_ref;
    bento_multi_index multi, multi_ref;
    bento_spatial_hash spatial, spatial_ref;
    bento_grid grid, grid_ref;
    static uint32_t column[32], column_ref[32];
    static bento_sparse_set_column c, c_ref;

    check(pool_fill(&pool_ref, mem.memory), "pool", "reference not filled");
    READ("pool", &file, bento_pool_open(&pool, file.memory, file.bytes), bento_pool_count(&pool),
         pool_same(&pool, &pool_ref));

    check(set_fill(&set_ref, mem.memory, column_ref, &c_ref), "sparse_set", "reference not filled");
    if (load("sparse_set-column", &file) && file.bytes == sizeof column) {
        memcpy(column, file.memory, sizeof column);
    } else {
        check(false, "sparse_set-column", "no file of the column's size");
    }
    c.data = column;
    c.bytes = sizeof column;
    c.size = sizeof(uint32_t);
    READ("sparse_set", &file, bento_sparse_set_open(&set, file.memory, file.bytes, &c, 1),
         bento_sparse_set_count(&set), set_same(&set, &set_ref));

    check(blocks_fill(&blocks_ref, mem.memory), "block_pool", "reference not filled");
    READ("block_pool", &file, bento_block_pool_open(&blocks, file.memory, file.bytes),
         bento_block_pool_count(&blocks), blocks_same(&blocks, &blocks_ref));

    /* The page pool (a block pool of its own), then the set: on the other byte order each is
     * refused by itself, the set over a sound page pool of this byte order. */
    check(paged_fill(&paged_ref, mem.memory, &pages_ref, mem2.memory), "paged_set",
          "reference not filled");
    READ("paged_set-pages", &pages_file, bento_block_pool_open(&pages, pages_file.memory,
                                                               pages_file.bytes),
         bento_block_pool_count(&pages), pages_same(&pages, &pages_ref));
    if (!same_order) {
        check(bento_block_pool_init(&pages, native.memory, PAGES_BYTES, PAGE_BYTES, 4) == BENTO_OK,
              "paged_set", "no page pool of this byte order");
    }
    READ("paged_set", &file, bento_paged_set_open(&paged, file.memory, file.bytes, &pages),
         bento_paged_set_count(&paged), paged_same(&paged, &paged_ref));

    check(index_fill(&ix_ref, mem.memory), "index", "reference not filled");
    READ("index", &file, bento_index_open(&ix, file.memory, file.bytes), bento_index_count(&ix),
         index_same(&ix, &ix_ref));

    check(index32_fill(&ix32_ref, mem.memory), "index32", "reference not filled");
    READ("index32", &file, bento_index32_open(&ix32, file.memory, file.bytes),
         bento_index32_count(&ix32), index32_same(&ix32, &ix32_ref));

    check(multi_fill(&multi_ref, mem.memory), "multi_index", "reference not filled");
    READ("multi_index", &file, bento_multi_index_open(&multi, file.memory, file.bytes),
         bento_multi_index_count(&multi), multi_same(&multi, &multi_ref));

    check(spatial_fill(&spatial_ref, mem.memory), "spatial_hash", "reference not filled");
    READ("spatial_hash", &file, bento_spatial_hash_open(&spatial, file.memory, file.bytes),
         bento_spatial_hash_count(&spatial), spatial_same(&spatial, &spatial_ref));

    check(grid_fill(&grid_ref, mem.memory), "grid", "reference not filled");
    READ("grid", &file, bento_grid_open(&grid, file.memory, file.bytes), bento_grid_count(&grid),
         grid_same(&grid, &grid_ref));

    printf("%s byte order, from %s: %s\n", same_order ? "same" : "other", dir,
           failed != 0u ? "FAILED"
           : same_order ? "every buffer opened as written"
                        : "every buffer refused (BENTO_E_CORRUPT)");
    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0u ? 0 : 1;
}

int main(int argc, char **argv)
{
    const uint32_t one = 1u;
    unsigned char first;
    memcpy(&first, &one, 1);
    setvbuf(stdout, NULL, _IONBF, 0); /* all of it printed, even before a crash */
    if (argc == 3 && strcmp(argv[1], "write") == 0) {
        dir = argv[2];
        printf("writing on a %s-endian core\n", first == 1u ? "little" : "big");
        return write_all();
    }
    if (argc == 4 && strcmp(argv[1], "read") == 0 &&
        (strcmp(argv[3], "same") == 0 || strcmp(argv[3], "other") == 0)) {
        dir = argv[2];
        same_order = strcmp(argv[3], "same") == 0;
        printf("reading on a %s-endian core\n", first == 1u ? "little" : "big");
        return read_all();
    }
    fprintf(stderr, "usage: endian write DIR | endian read DIR same|other\n");
    return 2;
}
