/* SPDX-License-Identifier: MIT */
/* Tests of bento/sparse_set.h: every status, columns, sorting, sort_as, joins, a model. */
#include <bento/handle.h>
#include <bento/sparse_set.h>

#include "bento_test.h"

#define IDX_BITS 6u
#define U 64u   /* universe: every 6-bit index */
#define CAP 24u /* dense capacity, well below the universe */

static uint32_t key_of(uint32_t index, uint32_t generation)
{
    return bento_handle_make(index, generation, IDX_BITS);
}

/* ---------------------------------------------------------------- init */

static bento_align_unit mem[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(U, CAP)) + 1u];
static bento_align_unit col_a[BENTO_ALIGN_UNITS(CAP * 4u) + 1u];
static bento_align_unit col_b[BENTO_ALIGN_UNITS(CAP * 3u)];
static bento_align_unit col_c[BENTO_ALIGN_UNITS(CAP * 40u)];
/* scratch for the radix sort; the join test carves its two sets out of it too */
static bento_align_unit scratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(CAP))];
BENTO_STATIC_ASSERT(sizeof scratch >= 2u * BENTO_SPARSE_SET_BYTES(U, U), join_sets_fit_in_scratch);
/* a second set over the whole universe, shared by the tests that need one */
static bento_align_unit spare[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(U, U))];

static void test_init_statuses(void)
{
    bento_sparse_set set;
    bento_sparse_column cols[2];
    const size_t bytes = BENTO_SPARSE_SET_BYTES(U, CAP);
    uint32_t position = 7u;
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(65535u), 2);
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(65536u), 4);
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(4096u, 256u), 256u * 4u + 4096u * 2u);
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(3u, 1u), 4u + 8u); /* sparse rounded up to whole words */
    cols[0].data = col_a;
    cols[0].bytes = CAP * 4u;
    cols[0].size = 4u;
    cols[1].data = col_b;
    cols[1].bytes = CAP * 3u;
    cols[1].size = 3u;
    CHECK_STATUS(bento_sparse_set_init(&set, NULL, bytes, U, CAP, IDX_BITS, NULL, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 0u, NULL, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 33u, NULL, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 0u, CAP, IDX_BITS, NULL, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U + 1u, CAP, IDX_BITS, NULL, 0u),
                 BENTO_E_ARGUMENT); /* universe does not fit in 6 index bits */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, 0u, IDX_BITS, NULL, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 8u, 9u, IDX_BITS, NULL, 0u),
                 BENTO_E_ARGUMENT); /* capacity beyond the universe */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, NULL, 2u), BENTO_E_ARGUMENT);
    cols[1].size = 0u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_E_ARGUMENT);
    cols[1].size = 3u;
    cols[1].data = NULL;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_E_ARGUMENT);
    cols[1].data = col_b;
    CHECK_STATUS(bento_sparse_set_init(&set, (unsigned char *)mem + 2, bytes, U, CAP, IDX_BITS, cols, 2u),
                 BENTO_E_ALIGN);
    cols[0].data = (unsigned char *)col_a + 2; /* the set asks no alignment of columns */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_OK);
    cols[0].data = col_a;
    cols[1].data = (unsigned char *)col_b + 1;
    cols[1].bytes = CAP * 3u - 1u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_E_SIZE);
    cols[1].data = col_b;
    cols[1].bytes = CAP * 3u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes - 1u, U, CAP, IDX_BITS, cols, 2u), BENTO_E_SIZE);
    cols[0].bytes = CAP * 4u - 1u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_E_SIZE);
    /* a failed init leaves a set that refuses everything */
    CHECK_EQ(bento_sparse_set_capacity(&set), 0);
    CHECK_STATUS(bento_sparse_set_insert(&set, 0u, &position), BENTO_E_ARGUMENT);
    CHECK_EQ(position, 7);
    CHECK(!bento_sparse_set_contains(&set, 0u));
    CHECK(bento_sparse_set_get(&set, 0u, 0u) == NULL);
    CHECK(bento_sparse_set_column(&set, 0u) == NULL);
    CHECK_STATUS(bento_sparse_set_remove(&set, 0u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the exact size; 32 index bits (plain ids); an odd placement for 3-byte elements */
    cols[0].bytes = CAP * 4u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, cols, 2u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 32u, NULL, 0u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, U - 1u, 32u, NULL, 0u), BENTO_E_SIZE);
    /* a set whose init failed finds nothing and refuses every change */
    CHECK(!bento_sparse_set_contains(&set, 5u));
    CHECK_EQ(bento_sparse_set_index_of(&set, 0u), BENTO_SPARSE_SET_NONE);
    CHECK(bento_sparse_set_get(&set, 5u, 0u) == NULL);
    CHECK_STATUS(bento_sparse_set_remove(&set, 5u), BENTO_E_NOT_FOUND);
    CHECK(bento_sparse_set_insert(&set, 5u, NULL) != BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    cols[1].data = (unsigned char *)col_b + 1;
    cols[1].bytes = CAP * 3u - 1u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP - 1u, IDX_BITS, cols, 2u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&set, (unsigned char *)mem + 4, bytes, U, CAP, 32u, NULL, 0u),
                 BENTO_OK);
}

/* ---------------------------------------------------------------- basic operations */

typedef struct vec3 {
    int32_t x, y, z;
} vec3;

static void test_basic(void)
{
    bento_sparse_set set;
    bento_sparse_column cols[2];
    const uint32_t a = key_of(5u, 1u), b = key_of(9u, 2u), c = key_of(63u, 7u);
    uint32_t position = 99u;
    uint32_t i;
    vec3 *v;
    cols[0].data = col_a;
    cols[0].bytes = sizeof col_a;
    cols[0].size = 4u;
    cols[1].data = col_c;
    cols[1].bytes = sizeof col_c;
    cols[1].size = sizeof(vec3);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 3u, IDX_BITS, cols, 2u), BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    CHECK(!bento_sparse_set_contains(&set, 0u)); /* a zeroed sparse entry is not a key */
    CHECK_STATUS(bento_sparse_set_insert(&set, a, &position), BENTO_OK);
    CHECK_EQ(position, 0);
    CHECK_STATUS(bento_sparse_set_insert(&set, b, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, c, &position), BENTO_OK);
    CHECK_EQ(position, 2);
    for (i = 0; i < 3u; i++) {
        const uint32_t key = bento_sparse_set_keys(&set)[i];
        *(uint32_t *)bento_sparse_set_get(&set, key, 0u) = key;
        v = (vec3 *)bento_sparse_set_get(&set, key, 1u);
        v->x = (int32_t)key;
        v->y = -(int32_t)key;
        v->z = (int32_t)i;
    }
    /* every failure of insert, and the set unchanged after each */
    position = 99u;
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(1u, 1u), &position), BENTO_E_FULL);
    CHECK_STATUS(bento_sparse_set_insert(&set, a, &position), BENTO_E_EXISTS);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(5u, 2u), &position), BENTO_E_EXISTS);
    CHECK_EQ(position, 99);
    CHECK_EQ(bento_sparse_set_count(&set), 3);
    /* a stale generation is absent */
    CHECK(bento_sparse_set_contains(&set, a));
    CHECK(!bento_sparse_set_contains(&set, key_of(5u, 2u)));
    CHECK_EQ(bento_sparse_set_index_of(&set, key_of(9u, 1u)), BENTO_SPARSE_SET_NONE);
    CHECK(bento_sparse_set_get(&set, key_of(9u, 1u), 0u) == NULL);
    CHECK(bento_sparse_set_get(&set, b, 2u) == NULL); /* column out of range */
    CHECK(bento_sparse_set_column(&set, 1u) == col_c);
    CHECK(bento_sparse_set_column(&set, 2u) == NULL);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(9u, 3u)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(10u, 1u)), BENTO_E_NOT_FOUND);
    /* swap-and-pop: c moves into a's place with both of its elements */
    CHECK_STATUS(bento_sparse_set_remove(&set, a), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&set, a), BENTO_E_NOT_FOUND);
    CHECK_EQ(bento_sparse_set_count(&set), 2);
    CHECK_EQ(bento_sparse_set_keys(&set)[0], c);
    CHECK_EQ(bento_sparse_set_index_of(&set, c), 0);
    CHECK_EQ(*(uint32_t *)bento_sparse_set_get(&set, c, 0u), c);
    v = (vec3 *)bento_sparse_set_get(&set, c, 1u);
    CHECK(v != NULL && v->x == (int32_t)c && v->y == -(int32_t)c && v->z == 2);
    CHECK_EQ(*(uint32_t *)bento_sparse_set_get(&set, b, 0u), b);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the index is free again, for any generation; outside the universe is an argument error */
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(5u, 2u), NULL), BENTO_OK);
    CHECK(!bento_sparse_set_contains(&set, a));
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(5u, 2u)), BENTO_OK); /* the last: no move */
    CHECK_EQ(bento_sparse_set_keys(&set)[1], b);
    bento_sparse_set_clear(&set);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    CHECK(!bento_sparse_set_contains(&set, b));
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 40u, 3u, IDX_BITS, NULL, 0u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(40u, 1u), NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(39u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(40u, 1u)), BENTO_E_NOT_FOUND);
}

static void test_check_detects_corruption(void)
{
    bento_sparse_set set;
    uint16_t *sparse;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, CAP, IDX_BITS, NULL, 0u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(3u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(4u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    sparse = (uint16_t *)set.sparse;
    sparse[4] = 0u; /* points at the other key's position */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    sparse[4] = 1u;
    set.dense[1] = key_of(3u, 2u); /* the same index twice */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.dense[1] = key_of(4u, 1u);
    set.count = CAP + 1u;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.count = 2u;
    set.universe = 4u; /* a key outside the universe */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.universe = U;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
}

/* ---------------------------------------------------------------- typed sets */

BENTO_SPARSE_SET_TYPE(tags, 64, 16, 6);

typedef struct velocity {
    int16_t dx, dy;
} velocity;

BENTO_COMPONENT_SET_TYPE(velocities, velocity, 64, 16, 6);

static void test_typed(void)
{
    static tags t;
    static velocities vel;
    velocity *v = NULL;
    uint32_t i;
    CHECK_EQ(sizeof t.storage >= 16u * 4u + 64u * 2u, 1);
    CHECK_STATUS(tags_init(&t), BENTO_OK);
    CHECK_STATUS(velocities_init(&vel), BENTO_OK);
    for (i = 0; i < 16u; i++) {
        const uint32_t key = bento_handle_make(i * 4u, 1u + (i & 3u), 6u);
        CHECK_STATUS(tags_insert(&t, key), BENTO_OK);
        CHECK_STATUS(velocities_insert(&vel, key, &v), BENTO_OK);
        v->dx = (int16_t)i;
        v->dy = (int16_t)-(int16_t)i;
    }
    CHECK_STATUS(tags_insert(&t, 1u), BENTO_E_FULL);
    CHECK_STATUS(velocities_insert(&vel, 1u, &v), BENTO_E_FULL);
    CHECK(v == NULL);
    CHECK_EQ(tags_count(&t), 16);
    CHECK_EQ(velocities_count(&vel), 16);
    CHECK(tags_contains(&t, bento_handle_make(8u, 3u, 6u)));
    CHECK(!tags_contains(&t, bento_handle_make(8u, 1u, 6u)));
    CHECK_EQ(tags_index_of(&t, bento_handle_make(8u, 3u, 6u)), 2);
    CHECK_EQ(velocities_get(&vel, bento_handle_make(12u, 4u, 6u))->dx, 3);
    CHECK(velocities_get(&vel, bento_handle_make(12u, 1u, 6u)) == NULL);
    CHECK_STATUS(velocities_remove(&vel, bento_handle_make(0u, 1u, 6u)), BENTO_OK);
    CHECK_EQ(velocities_values(&vel)[0].dx, 15);
    CHECK_EQ(velocities_keys(&vel)[0], bento_handle_make(15u * 4u, 4u, 6u));
    CHECK(!velocities_contains(&vel, bento_handle_make(0u, 1u, 6u)));
    CHECK_STATUS(tags_remove(&t, bento_handle_make(0u, 2u, 6u)), BENTO_E_NOT_FOUND);
    CHECK_EQ(tags_keys(&t)[15], bento_handle_make(15u * 4u, 4u, 6u));
    tags_clear(&t);
    velocities_clear(&vel);
    CHECK_EQ(tags_count(&t) + velocities_count(&vel), 0);
}

/* ---------------------------------------------------------------- sorting */

/* Column values derived from a tag, so that any element can be checked against its key. */
static void fill(bento_sparse_set *set, uint32_t position, uint32_t tag)
{
    uint32_t j;
    unsigned char *b = (unsigned char *)set->columns[1].data + position * 3u;
    uint32_t *c = (uint32_t *)set->columns[2].data + position * 10u;
    ((uint32_t *)set->columns[0].data)[position] = tag;
    b[0] = (unsigned char)tag;
    b[1] = (unsigned char)(tag >> 8);
    b[2] = (unsigned char)(tag ^ 0x5au);
    for (j = 0; j < 10u; j++) {
        c[j] = tag * 31u + j;
    }
}

static bool holds(const bento_sparse_set *set, uint32_t position, uint32_t tag)
{
    uint32_t j;
    const unsigned char *b = (const unsigned char *)set->columns[1].data + position * 3u;
    const uint32_t *c = (const uint32_t *)set->columns[2].data + position * 10u;
    if (((const uint32_t *)set->columns[0].data)[position] != tag || b[0] != (unsigned char)tag ||
        b[1] != (unsigned char)(tag >> 8) || b[2] != (unsigned char)(tag ^ 0x5au)) {
        return false;
    }
    for (j = 0; j < 10u; j++) {
        if (c[j] != tag * 31u + j) {
            return false;
        }
    }
    return true;
}

static void init3(bento_sparse_set *set, bento_sparse_column cols[3], uint32_t capacity)
{
    cols[0].data = col_a;
    cols[0].bytes = sizeof col_a;
    cols[0].size = 4u;
    cols[1].data = col_b;
    cols[1].bytes = sizeof col_b;
    cols[1].size = 3u;
    cols[2].data = col_c;
    cols[2].bytes = sizeof col_c;
    cols[2].size = 40u; /* more than one 32-byte chunk */
    CHECK_STATUS(bento_sparse_set_init(set, mem, sizeof mem, U, capacity, IDX_BITS, cols, 3u), BENTO_OK);
}

static int descending_u32(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a;
    const uint32_t y = *(const uint32_t *)b;
    (void)context;
    return (x < y) - (x > y);
}

/* Orders keys by index only, counting its calls through the context. */
static int by_index(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a & ((1u << IDX_BITS) - 1u);
    const uint32_t y = *(const uint32_t *)b & ((1u << IDX_BITS) - 1u);
    (*(uint32_t *)context)++;
    return (x > y) - (x < y);
}

/* Orders keys by parity only (even first): many ties, to see stability. */
static int by_parity(const void *a, const void *b, void *context)
{
    const uint32_t x = *(const uint32_t *)a & 1u;
    const uint32_t y = *(const uint32_t *)b & 1u;
    (void)context;
    return (x > y) - (x < y);
}

/* Orders elements of the 3-byte column by their first two bytes. */
static int by_bytes(const void *a, const void *b, void *context)
{
    const unsigned char *x = (const unsigned char *)a;
    const unsigned char *y = (const unsigned char *)b;
    const uint32_t vx = (uint32_t)x[1] << 8 | x[0];
    const uint32_t vy = (uint32_t)y[1] << 8 | y[0];
    (void)context;
    return (vx > vy) - (vx < vy);
}

/* Every key still finds the elements of its own tag (tag = key * 7 + 1 in these tests). */
static bool consistent(const bento_sparse_set *set)
{
    uint32_t p;
    for (p = 0; p < set->count; p++) {
        const uint32_t key = set->dense[p];
        if (bento_sparse_set_index_of(set, key) != p || !holds(set, p, key * 7u + 1u)) {
            return false;
        }
    }
    return bento_sparse_set_check(set) == BENTO_OK;
}

static void test_sort(void)
{
    bento_sparse_set set, other;
    bento_sparse_column cols[3];
    uint32_t i, calls = 0u;
    bool ordered = true;
    init3(&set, cols, CAP);
    for (i = 0; i < CAP; i++) {
        /* a scrambled order of indices: 37 is odd, so i * 37 & 63 hits CAP distinct ones */
        const uint32_t key = key_of((i * 37u) & 63u, 1u + (i % 3u));
        uint32_t position;
        CHECK_STATUS(bento_sparse_set_insert(&set, key, &position), BENTO_OK);
        fill(&set, position, key * 7u + 1u);
    }
    /* statuses first: each leaves the set as it was */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP + 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SORT_HEAP), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 3u, descending_u32, NULL, BENTO_SORT_HEAP),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, NULL, NULL, BENTO_SORT_HEAP), BENTO_E_ARGUMENT);
    CHECK(consistent(&set));
    CHECK_EQ(set.dense[1], key_of(37u, 2u));
    /* ascending keys, no comparator */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, BENTO_SORT_HEAP),
                 BENTO_OK);
    for (i = 1; i < CAP; i++) {
        ordered = ordered && set.dense[i - 1u] < set.dense[i];
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    /* the radix sort: statuses, then ascending keys from a descending start */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL, BENTO_SORT_HEAP), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP + 1u, scratch, sizeof scratch), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, NULL, sizeof scratch), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, (unsigned char *)scratch + 2, sizeof scratch - 2u),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, scratch, BENTO_SPARSE_SET_RADIX_BYTES(CAP) - 1u),
                 BENTO_E_SIZE);
    CHECK_EQ(set.dense[0] > set.dense[1], 1); /* unchanged by the failures */
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, scratch, BENTO_SPARSE_SET_RADIX_BYTES(CAP)), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && set.dense[i - 1u] < set.dense[i];
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    /* keys that differ in their low and top bytes: two passes run, two are skipped (the keys
       above are below 256: one pass, an odd count, leaves them in scratch) */
    {
        bento_sparse_set top;
        static const uint32_t keys[4] = {0x03000005u, 0x01000005u, 0x04000005u, 0x02000005u};
        CHECK_STATUS(bento_sparse_set_init(&top, spare, sizeof spare, U, 4u, IDX_BITS, NULL, 0u), BENTO_OK);
        for (i = 0; i < 4u; i++) {
            /* same index 5 would collide: give each its own index in the low bits */
            CHECK_STATUS(bento_sparse_set_insert(&top, keys[i] + i, NULL), BENTO_OK);
        }
        CHECK_STATUS(bento_sparse_set_sort_radix(&top, 4u, scratch, sizeof scratch), BENTO_OK);
        CHECK_EQ(top.dense[0], 0x01000006u);
        CHECK_EQ(top.dense[1], 0x02000008u);
        CHECK_EQ(top.dense[2], 0x03000005u);
        CHECK_EQ(top.dense[3], 0x04000007u);
        CHECK_STATUS(bento_sparse_set_check(&top), BENTO_OK);
        CHECK_STATUS(bento_sparse_set_sort_radix(&top, 0u, scratch, 0u), BENTO_E_SIZE);
        CHECK_STATUS(bento_sparse_set_sort_radix(&top, 0u, scratch, BENTO_SPARSE_SET_RADIX_BYTES(0)), BENTO_OK);
    }
    /* the merge sort: statuses, then by a column, then stability */
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP + 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, scratch,
                                             sizeof scratch), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, NULL, NULL, scratch, sizeof scratch),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 3u, descending_u32, NULL, scratch, sizeof scratch),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, descending_u32, NULL, NULL, sizeof scratch),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, descending_u32, NULL, (unsigned char *)scratch + 1,
                                             sizeof scratch - 1u), BENTO_E_ALIGN);
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, descending_u32, NULL, scratch,
                                             BENTO_SPARSE_SET_MERGE_BYTES(CAP) - 1u), BENTO_E_SIZE);
    CHECK_EQ(set.dense[0] < set.dense[1], 1); /* still ascending: unchanged by the failures */
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, descending_u32, NULL, scratch,
                                             BENTO_SPARSE_SET_MERGE_BYTES(CAP)), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && set.dense[i - 1u] > set.dense[i];
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_parity, NULL, scratch,
                                             sizeof scratch), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        const uint32_t x = set.dense[i - 1u], y = set.dense[i];
        /* even keys first, and within a parity still descending, as before */
        ordered = ordered && ((x & 1u) < (y & 1u) || ((x & 1u) == (y & 1u) && x > y));
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, scratch, 12u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, BENTO_SORT_HEAP),
                 BENTO_OK);
    /* descending by the 4-byte column (tag = key * 7 + 1 grows with the key) */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL, BENTO_SORT_HEAP), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && set.dense[i - 1u] > set.dense[i];
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    /* the heap's comparison count on sorted and reversed input stays within
       n ceil(log2 n) + 2 n = 168 for n = 24 (the bottom-up sift makes about 114); a quadratic
       sort would make up to 276 */
    {
        uint32_t round;
        for (round = 0; round < 3u; round++) {
            calls = 0u;
            CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_index, &calls,
                                               BENTO_SORT_HEAP), BENTO_OK);
            CHECK(calls <= CAP * 5u + 2u * CAP);
            CHECK(calls >= CAP); /* and it did compare */
            if (round == 0u) {
                CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL, BENTO_SORT_HEAP),
                             BENTO_OK);
            }
        }
        calls = 0u;
    }
    /* by index with the insertion mode; the comparator sees the context */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_index, &calls,
                                       BENTO_SORT_INSERTION), BENTO_OK);
    CHECK(calls >= CAP - 1u);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && (set.dense[i - 1u] & 63u) < (set.dense[i] & 63u);
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    /* nearly sorted input: one element out of place costs the insertion mode few calls */
    {
        const uint32_t k = set.dense[3];
        CHECK_STATUS(bento_sparse_set_remove(&set, k), BENTO_OK); /* the last moves to 3 */
        CHECK_STATUS(bento_sparse_set_insert(&set, k, &i), BENTO_OK);
        fill(&set, i, k * 7u + 1u);
        calls = 0u;
        CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_index, &calls,
                                           BENTO_SORT_INSERTION), BENTO_OK);
        CHECK(calls <= 3u * CAP);
        CHECK_EQ(set.dense[3], k);
        CHECK(consistent(&set));
    }
    /* only the first n: the rest stays where it is */
    {
        const uint32_t tail0 = set.dense[10], tail1 = set.dense[CAP - 1u];
        CHECK_STATUS(bento_sparse_set_sort(&set, 10u, BENTO_SPARSE_SET_BY_KEY, descending_u32, NULL,
                                           BENTO_SORT_HEAP), BENTO_OK);
        for (i = 1, ordered = true; i < 10u; i++) {
            ordered = ordered && set.dense[i - 1u] > set.dense[i];
        }
        CHECK(ordered);
        CHECK_EQ(set.dense[10], tail0);
        CHECK_EQ(set.dense[CAP - 1u], tail1);
        CHECK(consistent(&set));
        CHECK_STATUS(bento_sparse_set_sort(&set, 0u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                           BENTO_SORT_INSERTION), BENTO_OK);
        CHECK_STATUS(bento_sparse_set_sort(&set, 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                           BENTO_SORT_HEAP), BENTO_OK);
        CHECK(consistent(&set));
    }
    /* by an odd-sized column with the heap */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 1u, by_bytes, NULL, BENTO_SORT_HEAP), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && ((set.dense[i - 1u] * 7u + 1u) & 0xffffu) <= ((set.dense[i] * 7u + 1u) & 0xffffu);
    }
    CHECK(ordered);
    CHECK(consistent(&set));
    /* sort_as: shared keys first in the other's order, then the rest */
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, CAP, IDX_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(60u, 3u), NULL), BENTO_OK); /* set has generation 1 */
    for (i = 0; i < CAP; i += 3u) {
        CHECK_STATUS(bento_sparse_set_insert(&other, set.dense[CAP - 1u - i], NULL), BENTO_OK);
    }
    CHECK_STATUS(bento_sparse_set_insert(&other, set.dense[CAP - 1u] + (1u << IDX_BITS), NULL),
                 BENTO_E_EXISTS); /* index taken */
    {
        uint32_t shared = other.count - 1u;
        uint32_t stale = key_of(set.dense[0] & 63u, (set.dense[0] >> IDX_BITS) + 1u);
        CHECK_STATUS(bento_sparse_set_remove(&other, other.dense[3]), BENTO_OK);
        shared--;
        /* a stale generation of one of set's keys does not match it */
        if (!bento_sparse_set_contains(&other, set.dense[0]) &&
            bento_sparse_set_insert(&other, stale, NULL) == BENTO_OK) {
            CHECK(!bento_sparse_set_contains(&set, stale));
        }
        CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
        CHECK(consistent(&set));
        {
            const uint32_t first = set.dense[0], last = set.dense[CAP - 1u];
            CHECK_STATUS(bento_sparse_set_sort_as(&set, &set), BENTO_OK); /* itself: no change */
            CHECK_EQ(set.dense[0], first);
            CHECK_EQ(set.dense[CAP - 1u], last);
        }
        for (i = 0; i < other.count; i++) {
            const uint32_t p = bento_sparse_set_index_of(&set, other.dense[i]);
            if (p != BENTO_SPARSE_SET_NONE) {
                CHECK(p < shared);
            }
        }
        for (i = 1; i < shared; i++) {
            CHECK(bento_sparse_set_index_of(&other, set.dense[i - 1u]) <
                  bento_sparse_set_index_of(&other, set.dense[i]));
        }
        for (i = shared; i < CAP; i++) {
            CHECK(!bento_sparse_set_contains(&other, set.dense[i]));
        }
    }
}

/* ---------------------------------------------------------------- joins */

static void test_join(void)
{
    unsigned char *m0 = (unsigned char *)scratch;
    unsigned char *m1 = m0 + BENTO_SPARSE_SET_BYTES(U, U);
    static uint16_t v0[U], v1[U];
    bento_sparse_set s0, s1, s2;
    bento_sparse_column c0, c1;
    const bento_sparse_set *sets[3];
    const bento_sparse_set *bad[2];
    uint32_t at[3], key, i, seen = 0u, expected = 0u;
    bento_sparse_join join;
    c0.data = v0;
    c0.bytes = sizeof v0;
    c0.size = 2u;
    c1.data = v1;
    c1.bytes = sizeof v1;
    c1.size = 2u;
    CHECK_STATUS(bento_sparse_set_init(&s0, m0, BENTO_SPARSE_SET_BYTES(U, U), U, U, IDX_BITS, &c0, 1u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&s1, m1, BENTO_SPARSE_SET_BYTES(U, U), U, U, IDX_BITS, &c1, 1u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&s2, spare, sizeof spare, U, U, IDX_BITS, NULL, 0u), BENTO_OK);
    for (i = 0; i < U; i++) {
        uint32_t p;
        if (i % 2u == 0u) { /* s0: even indices, generation 1 */
            CHECK_STATUS(bento_sparse_set_insert(&s0, key_of(i, 1u), &p), BENTO_OK);
            v0[p] = (uint16_t)(i + 1000u);
        }
        if (i % 3u == 0u) { /* s1: multiples of 3, generation 2 for multiples of 12 */
            CHECK_STATUS(bento_sparse_set_insert(&s1, key_of(i, i % 12u == 0u ? 2u : 1u), &p), BENTO_OK);
            v1[p] = (uint16_t)(i + 2000u);
        }
        if (i % 5u != 0u) { /* s2: the rest of 5 */
            CHECK_STATUS(bento_sparse_set_insert(&s2, key_of(i, 1u), NULL), BENTO_OK);
        }
        expected += i % 6u == 0u && i % 12u != 0u && i % 5u != 0u;
    }
    sets[0] = &s2;
    sets[1] = &s0;
    sets[2] = &s1;
    CHECK_STATUS(bento_sparse_join_init(&join, sets, 3u, at), BENTO_OK);
    CHECK_EQ(join.driver, 2); /* s1 is the smallest */
    while (bento_sparse_join_next(&join, &key)) {
        const uint32_t idx = key & 63u;
        CHECK(idx % 6u == 0u && idx % 12u != 0u && idx % 5u != 0u);
        CHECK_EQ(*(uint16_t *)bento_sparse_join_get(&join, 1u, 0u), idx + 1000u);
        CHECK_EQ(*(uint16_t *)bento_sparse_join_get(&join, 2u, 0u), idx + 2000u);
        CHECK(bento_sparse_join_get(&join, 0u, 0u) == NULL); /* s2 has no column */
        CHECK(bento_sparse_join_get(&join, 3u, 0u) == NULL);
        CHECK_EQ(at[0], bento_sparse_set_index_of(&s2, key));
        seen++;
    }
    CHECK_EQ(seen, expected);
    CHECK(!bento_sparse_join_next(&join, &key)); /* stays exhausted */
    /* two sets, the pair's own path, with the driver first and second */
    {
        uint32_t order;
        for (order = 0; order < 2u; order++) {
            uint32_t pair_expected = 0u;
            sets[0] = order == 0u ? &s0 : &s1;
            sets[1] = order == 0u ? &s1 : &s0;
            CHECK_STATUS(bento_sparse_join_init(&join, sets, 2u, at), BENTO_OK);
            CHECK_EQ(join.driver, order == 0u ? 1 : 0); /* s1 is the smaller */
            for (seen = 0u; bento_sparse_join_next(&join, &key); seen++) {
                const uint32_t idx = key & 63u;
                const uint16_t *a0 = (const uint16_t *)bento_sparse_join_get(&join, order, 0u);
                const uint16_t *a1 = (const uint16_t *)bento_sparse_join_get(&join, order ^ 1u, 0u);
                CHECK(idx % 6u == 0u && idx % 12u != 0u);
                CHECK(a0 != NULL && *a0 == idx + 1000u);
                CHECK(a1 != NULL && *a1 == idx + 2000u);
                CHECK_EQ(at[order], bento_sparse_set_index_of(&s0, key));
            }
            for (i = 0; i < U; i++) {
                pair_expected += i % 6u == 0u && i % 12u != 0u;
            }
            CHECK_EQ(seen, pair_expected);
            CHECK(!bento_sparse_join_next(&join, &key));
        }
        sets[0] = &s2;
        sets[1] = &s0;
        sets[2] = &s1;
    }
    /* one set: every key; an empty set ends the join at once */
    CHECK_STATUS(bento_sparse_join_init(&join, sets, 1u, at), BENTO_OK);
    for (seen = 0u; bento_sparse_join_next(&join, &key); seen++) {
    }
    CHECK_EQ(seen, s2.count);
    bento_sparse_set_clear(&s0);
    CHECK_STATUS(bento_sparse_join_init(&join, sets, 3u, at), BENTO_OK);
    CHECK(!bento_sparse_join_next(&join, &key));
    /* argument errors leave a join that yields nothing */
    bad[0] = &s1;
    bad[1] = NULL;
    CHECK_STATUS(bento_sparse_join_init(&join, bad, 2u, at), BENTO_E_ARGUMENT);
    CHECK(!bento_sparse_join_next(&join, &key));
    CHECK_STATUS(bento_sparse_join_init(&join, sets, 0u, at), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_join_init(&join, NULL, 1u, at), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_join_init(&join, sets, 1u, NULL), BENTO_E_ARGUMENT);
    CHECK(!bento_sparse_join_next(&join, &key));
}

/* ---------------------------------------------------------------- model */

/* Random operations against a naive model: per index, the key present (0 = none). */
static void test_against_model(void)
{
    static uint32_t model[U];
    static uint32_t dead[32];
    bento_sparse_set set, other;
    bento_sparse_column cols[3];
    uint32_t step, steps = 2000u * bento_test_scale(), mismatches = 0u, count = 0u, dead_count = 0u;
    uint32_t i;
    init3(&set, cols, CAP);
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, U, IDX_BITS, NULL, 0u),
                 BENTO_OK);
    for (i = 0; i < U; i++) {
        model[i] = 0u;
    }
    for (step = 0; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(100u);
        if (op < 45u) {
            const uint32_t idx = bento_test_rand_below(U);
            const uint32_t key = key_of(idx, 1u + bento_test_rand_below(3u));
            uint32_t position = 0u;
            const bento_status want = model[idx] != 0u ? BENTO_E_EXISTS
                                      : count == CAP   ? BENTO_E_FULL
                                                       : BENTO_OK;
            const bento_status got = bento_sparse_set_insert(&set, key, &position);
            mismatches += got != want;
            if (got == BENTO_OK) {
                fill(&set, position, key * 7u + 1u);
                model[idx] = key;
                count++;
            }
        } else if (op < 80u) {
            const uint32_t idx = bento_test_rand_below(U);
            const uint32_t key = model[idx] != 0u ? model[idx] : key_of(idx, 1u);
            const bento_status got = bento_sparse_set_remove(&set, key);
            mismatches += got != (model[idx] != 0u ? BENTO_OK : BENTO_E_NOT_FOUND);
            if (model[idx] != 0u) {
                dead[dead_count++ & 31u] = key;
                model[idx] = 0u;
                count--;
            }
        } else if (op < 85u && dead_count != 0u) {
            /* a removed key, perhaps with its index live again under another generation */
            const uint32_t key = dead[bento_test_rand_below(dead_count < 32u ? dead_count : 32u)];
            const bool live = model[key & 63u] == key;
            mismatches += bento_sparse_set_contains(&set, key) != live;
        } else if (op < 95u) {
            /* a sort of a random prefix in a random way */
            const uint32_t n = bento_test_rand_below(count + 1u);
            const uint32_t how = bento_test_rand_below(7u);
            const bento_sort_mode mode = bento_test_rand_below(2u) ? BENTO_SORT_HEAP : BENTO_SORT_INSERTION;
            uint32_t calls = 0u;
            bento_status got;
            bool ordered = true;
            if (how == 0u) {
                got = bento_sparse_set_sort(&set, n, BENTO_SPARSE_SET_BY_KEY, NULL, NULL, mode);
            } else if (how == 1u) {
                got = bento_sparse_set_sort(&set, n, 0u, descending_u32, NULL, mode);
            } else if (how == 2u) {
                got = bento_sparse_set_sort(&set, n, BENTO_SPARSE_SET_BY_KEY, by_index, &calls, mode);
            } else if (how == 3u) {
                got = bento_sparse_set_sort(&set, n, 1u, by_bytes, NULL, mode);
            } else if (how == 4u) {
                got = bento_sparse_set_sort_radix(&set, n, scratch, sizeof scratch);
            } else if (how == 5u) {
                got = bento_sparse_set_sort_merge(&set, n, 0u, descending_u32, NULL, scratch, sizeof scratch);
            } else {
                got = bento_sparse_set_sort_merge(&set, n, 1u, by_bytes, NULL, scratch, sizeof scratch);
            }
            mismatches += got != BENTO_OK;
            for (i = 1; i < n; i++) {
                const uint32_t x = set.dense[i - 1u], y = set.dense[i];
                ordered = ordered && (how == 0u || how == 4u   ? x < y
                                      : how == 1u || how == 5u ? x > y
                                      : how == 2u              ? (x & 63u) < (y & 63u)
                                                               : ((x * 7u + 1u) & 0xffffu) <= ((y * 7u + 1u) & 0xffffu));
            }
            mismatches += !ordered;
        } else if (op < 99u) {
            /* sort_as a random set over the same universe */
            const uint32_t m = bento_test_rand_below(U);
            uint32_t shared = 0u;
            bento_sparse_set_clear(&other);
            for (i = 0; i < m; i++) {
                const uint32_t idx = bento_test_rand_below(U);
                const uint32_t key = bento_test_rand_below(4u) != 0u && model[idx] != 0u
                                         ? model[idx]
                                         : key_of(idx, 1u + bento_test_rand_below(3u));
                if (bento_sparse_set_insert(&other, key, NULL) == BENTO_OK && model[idx] == key) {
                    shared++;
                }
            }
            mismatches += bento_sparse_set_sort_as(&set, &other) != BENTO_OK;
            for (i = 0; i < count; i++) {
                const uint32_t r = bento_sparse_set_index_of(&other, set.dense[i]);
                mismatches += (i < shared) != (r != BENTO_SPARSE_SET_NONE);
                if (i > 0u && i < shared) {
                    mismatches += bento_sparse_set_index_of(&other, set.dense[i - 1u]) >= r;
                }
            }
        } else {
            bento_sparse_set_clear(&set);
            for (i = 0; i < U; i++) {
                if (model[i] != 0u) {
                    dead[dead_count++ & 31u] = model[i];
                }
                model[i] = 0u;
            }
            count = 0u;
        }
        /* after every operation: same count, same keys, each with its own elements */
        mismatches += bento_sparse_set_count(&set) != count;
        for (i = 0; i < U; i++) {
            const uint32_t p = model[i] != 0u ? bento_sparse_set_index_of(&set, model[i]) : 0u;
            if (model[i] != 0u && (p == BENTO_SPARSE_SET_NONE || !holds(&set, p, model[i] * 7u + 1u))) {
                mismatches++;
            }
        }
        mismatches += bento_sparse_set_check(&set) != BENTO_OK;
        if (mismatches != 0u) {
            bento_test_print("sparse set model: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
}

/* ---------------------------------------------------------------- 32-bit sparse entries */

#if UINTPTR_MAX > 0xffffffffu
/* More than 65535 elements only fit in a host's memory. */
static void test_wide(void)
{
    enum { WU = 1u << 17, WCAP = 70000u };
    static bento_align_unit wmem[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(WU, WCAP))];
    static uint32_t values[WCAP];
    bento_sparse_set set;
    bento_sparse_column col;
    uint32_t i, mismatches = 0u;
    col.data = values;
    col.bytes = sizeof values;
    col.size = 4u;
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(WU, WCAP), (size_t)WCAP * 4u + (size_t)WU * 4u);
    CHECK_STATUS(bento_sparse_set_init(&set, wmem, sizeof wmem, WU, WCAP, 17u, &col, 1u), BENTO_OK);
    CHECK_EQ(set.wide, 1);
    for (i = 0; i < WCAP; i++) {
        const uint32_t key = bento_handle_make((i * 40503u) & (WU - 1u), 1u + (i & 7u), 17u);
        uint32_t p;
        mismatches += bento_sparse_set_insert(&set, key, &p) != BENTO_OK || p != i;
        values[p] = key ^ 0xabcdu;
    }
    CHECK_EQ(mismatches, 0);
    for (i = 0; bento_sparse_set_insert(&set, i, NULL) == BENTO_E_EXISTS; i++) {
    }
    CHECK_STATUS(bento_sparse_set_insert(&set, i, NULL), BENTO_E_FULL);
    CHECK_EQ(bento_sparse_set_index_of(&set, set.dense[69999]), 69999);
    CHECK_STATUS(bento_sparse_set_remove(&set, set.dense[5]), BENTO_OK);
    CHECK_EQ(bento_sparse_set_index_of(&set, set.dense[5]), 5);
    CHECK_STATUS(bento_sparse_set_sort(&set, set.count, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SORT_HEAP), BENTO_OK);
    for (i = 0; i < set.count; i++) {
        mismatches += values[i] != (set.dense[i] ^ 0xabcdu) ||
                      (i > 0u && set.dense[i - 1u] >= set.dense[i]);
    }
    CHECK_EQ(mismatches, 0);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the scratch sorts with 32-bit entries: descending by the column, then ascending keys */
    {
        static bento_align_unit wscratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(WCAP))];
        CHECK_STATUS(bento_sparse_set_sort_merge(&set, set.count, 0u, descending_u32, NULL, wscratch,
                                                 sizeof wscratch), BENTO_OK);
        for (i = 1; i < set.count; i++) {
            mismatches += values[i - 1u] < values[i];
        }
        CHECK_STATUS(bento_sparse_set_sort_radix(&set, set.count, wscratch, sizeof wscratch), BENTO_OK);
        for (i = 0; i < set.count; i++) {
            mismatches += values[i] != (set.dense[i] ^ 0xabcdu) ||
                          (i > 0u && set.dense[i - 1u] >= set.dense[i]);
        }
        CHECK_EQ(mismatches, 0);
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    }
}
#endif

/* Rows longer than the 32-byte window, with a column starting past it: each walk moves only
 * the part of the row inside its window (the rest waits for a later window). */
static void test_sort_long_rows(void)
{
    static unsigned char a[2][12], b[2][12], c[2][12], d[2][12];
    static uint32_t keys[BENTO_SPARSE_SET_BYTES(4, 2) / 4u];
    bento_sparse_column cols[4] = {{a, sizeof a, 12u}, {b, sizeof b, 12u}, {c, sizeof c, 12u},
                                   {d, sizeof d, 12u}};
    bento_sparse_set set;
    uint32_t i;
    CHECK_STATUS(bento_sparse_set_init(&set, keys, sizeof keys, 4u, 2u, 32u, cols, 4u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 3u, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 1u, NULL), BENTO_OK);
    for (i = 0; i < 12u; i++) { /* every byte names its key and its column */
        a[0][i] = 0x30u; b[0][i] = 0x31u; c[0][i] = 0x32u; d[0][i] = 0x33u;
        a[1][i] = 0x10u; b[1][i] = 0x11u; c[1][i] = 0x12u; d[1][i] = 0x13u;
    }
    CHECK_STATUS(bento_sparse_set_sort(&set, 2u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SORT_HEAP),
                 BENTO_OK);
    CHECK_EQ(bento_sparse_set_keys(&set)[0], 1);
    for (i = 0; i < 12u; i++) {
        CHECK(a[0][i] == 0x10u && b[0][i] == 0x11u && c[0][i] == 0x12u && d[0][i] == 0x13u);
        CHECK(a[1][i] == 0x30u && b[1][i] == 0x31u && c[1][i] == 0x32u && d[1][i] == 0x33u);
    }
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
}

void test_sparse_set(void)
{
    test_init_statuses();
    test_basic();
    test_check_detects_corruption();
    test_typed();
    test_sort();
    test_sort_long_rows();
    test_join();
    test_against_model();
#if UINTPTR_MAX > 0xffffffffu
    test_wide();
#endif
}
