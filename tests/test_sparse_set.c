/* SPDX-License-Identifier: MIT */
/* Tests of bento/sparse_set.h: every status, exact entries, columns, sorting, sort_as, joins,
 * open from a buffer, damage and confinement, and models (plain keys; handles of a real pool
 * whose slots are destroyed and reused). The typed sets: test_sparse_set_typed.c. */
#include "sparse_set_tests.h"

/* ---------------------------------------------------------------- shared memory
 * Every buffer is shared by the tests, one after another: a board image holds this suite's data
 * beside the stack in as little as 8 KiB of RAM (bento_test.h). */

static bento_align_unit mem[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(U, CAP, IDX_BITS, 26, 3)) + 1u];
static bento_align_unit col_a[BENTO_ALIGN_UNITS(CAP * 4u) + 1u];
static bento_align_unit col_b[BENTO_ALIGN_UNITS(CAP * 3u)];
static bento_align_unit col_c[BENTO_ALIGN_UNITS(CAP * 40u)];
/* scratch for the sorts; the join and open tests carve buffers out of it too */
static bento_align_unit scratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(CAP))];
BENTO_STATIC_ASSERT(sizeof scratch >= 2u * BENTO_SPARSE_SET_BYTES(U, U, IDX_BITS, GEN_BITS, 1) &&
                        sizeof scratch >= BENTO_SPARSE_SET_BYTES(U, U, 6, 26, 0),
                    join_sets_fit_in_scratch);
/* a second set over the whole universe */
static bento_align_unit spare[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(U, U, IDX_BITS, 26, 2))];

/* A set whose init or open failed is inert: it answers every call as an empty full set. */
static void check_inert(bento_sparse_set *set)
{
    uint32_t position = 7u;
    bento_sparse_set_join join;
    const bento_sparse_set *sets[1];
    CHECK_EQ(bento_sparse_set_capacity(set), 0);
    CHECK_EQ(bento_sparse_set_count(set), 0);
    CHECK_STATUS(bento_sparse_set_insert(set, 0u, &position), BENTO_E_FULL);
    CHECK_EQ(position, BENTO_NONE);
    CHECK_STATUS(bento_sparse_set_insert(set, 0xffffffffu, NULL), BENTO_E_FULL);
    CHECK(!bento_sparse_set_contains(set, 0u));
    CHECK(!bento_sparse_set_contains(set, 5u));
    CHECK_EQ(bento_sparse_set_index_of(set, 0u), BENTO_NONE);
    CHECK(bento_sparse_set_get(set, 0u, 0u) == NULL);
    CHECK(bento_sparse_set_values(set, 0u) == NULL);
    CHECK_STATUS(bento_sparse_set_remove(set, 0u), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_sparse_set_sort(set, 0u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort(set, 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_radix(set, 0u, scratch, sizeof scratch), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort_as(set, set), BENTO_OK);
    sets[0] = set;
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 1u), BENTO_OK);
    CHECK(!bento_sparse_set_join_next(&join));
    bento_sparse_set_clear(set);
    CHECK_STATUS(bento_sparse_set_check(set), BENTO_OK);
}

/* ---------------------------------------------------------------- init */

static void test_init_statuses(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[2];
    const size_t bytes = BENTO_SPARSE_SET_BYTES(U, CAP, IDX_BITS, GEN_BITS, 2);
    /* widths: positions need the fewest bits with capacity <= 2^bits - 1 */
    CHECK_EQ(BENTO_SPARSE_SET_POS_BITS(1u), 1);
    CHECK_EQ(BENTO_SPARSE_SET_POS_BITS(255u), 8);
    CHECK_EQ(BENTO_SPARSE_SET_POS_BITS(256u), 9);
    CHECK_EQ(BENTO_SPARSE_SET_POS_BITS(0x7fffffffu), 31);
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(65535u, 32u, 0u), 2); /* plain ids */
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(65536u, 32u, 0u), 4);
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(63u, 6u, 10u), 2);    /* a 16-bit handle of 6 index bits */
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(64u, 6u, 10u), 4);    /* capacity 2^6: one bit more */
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(256u, 12u, 4u), 2);   /* 4096 entities, 256 with the set */
    CHECK_EQ(BENTO_SPARSE_SET_WIDTH(100u, 7u, 25u), 4);   /* 32-bit handles */
    /* 4 + 4 parameters + 1 count words of header (and the journal's, 15 under
       BENTO_POWER_SAFE) to 8 bytes, then a size per column, then keys and entries */
    CHECK_EQ(BENTO_IMPL_SPARSE_SET_HEAD(1u), BENTO_POWER_SAFE ? 132u : 44u);
    CHECK_EQ(BENTO_IMPL_SPARSE_SET_HEAD(0u), BENTO_POWER_SAFE ? 128u : 40u);
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(4096u, 256u, 32u, 0u, 1u),
             BENTO_IMPL_SPARSE_SET_HEAD(1u) + 256u * 4u + 4096u * 2u);
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(3u, 1u, 32u, 0u, 0u), BENTO_IMPL_SPARSE_SET_HEAD(0u) + 4u + 8u); /* entries: whole words */
    cols[0] = column(col_a, CAP * 4u, 4u);
    cols[1] = column(col_b, CAP * 3u, 3u);
    /* every parameter out of range */
    CHECK_STATUS(bento_sparse_set_init(&set, NULL, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT);
    CHECK(is_inert(&set));
    check_inert(&set);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 0u, 0u, cols, 2u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 33u, 0u, cols, 2u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, 27u, cols, 2u),
                 BENTO_E_ARGUMENT); /* 33 key bits */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, 32u, 1u, cols, 2u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 0u, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U + 1u, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT); /* the universe does not fit in 6 index bits */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, 0u, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 8u, 9u, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT); /* capacity beyond the universe */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 0xffffffffu, 0x80000000u, 32u, 0u, NULL, 0u),
                 BENTO_E_ARGUMENT); /* capacity of 2^31 */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, NULL, 2u),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 0x10000u),
                 BENTO_E_ARGUMENT); /* more columns than the header takes */
    cols[1].size = 0u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT);
    cols[1].size = 3u;
    cols[1].data = NULL;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_ARGUMENT);
    cols[1].data = col_b;
    /* a buffer over 4 GiB (only where size_t can say so) */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, 0xffffffffu, 0x7fffffffu, 32u, 0u, NULL, 0u),
                 BENTO_E_ARGUMENT);
    CHECK(is_inert(&set));
    /* alignment, then sizes */
    CHECK_STATUS(bento_sparse_set_init(&set, (unsigned char *)mem + 2, bytes, U, CAP, IDX_BITS,
                                       GEN_BITS, cols, 2u),
                 BENTO_E_ALIGN);
    check_inert(&set);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes - 1u, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_SIZE);
    cols[0].bytes = CAP * 4u - 1u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_E_SIZE);
    CHECK(is_inert(&set));
    check_inert(&set);
    cols[0].bytes = CAP * 4u;
    /* the exact size; the set asks no alignment of columns; 32 index bits (plain ids) */
    cols[0].data = (unsigned char *)col_a + 2;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_OK);
    CHECK_EQ(bento_sparse_set_capacity(&set), CAP);
    CHECK_EQ(set.wide, 0);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    cols[0].data = col_a;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, BENTO_SPARSE_SET_BYTES(U, CAP, 32, 0, 0), U, CAP,
                                       32u, 0u, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&set, (unsigned char *)mem + 4, BENTO_SPARSE_SET_BYTES(U, CAP, 32, 0, 0),
                                       U, CAP, 32u, 0u, NULL, 0u),
                 BENTO_OK); /* 4-byte alignment is enough */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
}

/* BENTO_SPARSE_SET_BYTES, a constant expression, is exactly the layout init computes, for
 * every kind of key and entry width: init takes that many bytes and refuses one fewer. */
static void test_bytes_agree(void)
{
    static const uint32_t shapes[][4] = {
        /* universe, capacity, index_bits, generation_bits */
        {64u, 1u, 32u, 0u},  {64u, 63u, 32u, 0u}, {64u, 64u, 6u, 0u},  {64u, 63u, 6u, 10u},
        {64u, 64u, 6u, 10u}, {64u, 24u, 6u, 26u}, {64u, 64u, 6u, 26u}, {3u, 2u, 2u, 14u},
        {48u, 33u, 6u, 9u},  {16u, 16u, 4u, 12u}, {16u, 15u, 4u, 12u}, {5u, 5u, 3u, 0u}};
    bento_sparse_set set;
    bento_sparse_set_column cols[2];
    uint32_t i, columns;
    cols[0] = column(col_c, 64u, 1u);
    cols[1] = column(col_c, 128u, 2u);
    for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        for (columns = 0; columns < 3u; columns++) {
            const size_t bytes = BENTO_SPARSE_SET_BYTES(shapes[i][0], shapes[i][1], shapes[i][2],
                                                        shapes[i][3], columns);
            CHECK(bytes <= sizeof spare);
            CHECK_STATUS(bento_sparse_set_init(&set, spare, bytes, shapes[i][0], shapes[i][1],
                                               (unsigned)shapes[i][2], (unsigned)shapes[i][3],
                                               cols, columns),
                         BENTO_OK);
            CHECK_EQ(set.wide + 1u, BENTO_SPARSE_SET_WIDTH(shapes[i][1], shapes[i][2], shapes[i][3]) / 2u);
            CHECK_EQ(set.bytes, bytes);
            CHECK_STATUS(bento_sparse_set_init(&set, spare, bytes - 1u, shapes[i][0], shapes[i][1],
                                               (unsigned)shapes[i][2], (unsigned)shapes[i][3],
                                               cols, columns),
                         BENTO_E_SIZE);
        }
    }
}

/* A failed init leaves nothing of what the struct held before: every field is the inert
 * state's (before: the index mask was never set and kept whatever was there). */
static void test_failed_init_is_inert(void)
{
    bento_sparse_set set;
    unsigned char *raw = (unsigned char *)&set;
    size_t i;
    for (i = 0; i < sizeof set; i++) {
        raw[i] = 0xa5u;
    }
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 0u, CAP, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_E_ARGUMENT);
    CHECK(is_inert(&set));
    CHECK_EQ(set.index_mask, 0);
    check_inert(&set);
}

/* The bytes a column claims, n or as many as size_t counts (16 bits on AVR). */
#define CLAIMED(n) ((size_t)(SIZE_MAX < (n) ? SIZE_MAX : (n)))

/* Rows of 4 GiB or more are refused: the sorts carry a row's bytes in 32 bits, and a wrapped
 * sum used to move only part of each row (init accepted such columns). */
static void test_row_limit(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[3];
    /* the columns claim more bytes than they have: init only reads the descriptors */
    cols[0] = column(col_a, CLAIMED(0x80000000u), 0x80000000u);
    cols[1] = column(col_b, CLAIMED(0x80000000u), 0x80000000u);
    cols[2] = column(col_c, 16u, 16u);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 1u, 32u, 0u, cols, 3u),
                 BENTO_E_ARGUMENT); /* 4 GiB + 16 bytes per row */
    CHECK(is_inert(&set));
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 1u, 32u, 0u, cols, 2u),
                 BENTO_E_ARGUMENT); /* exactly 4 GiB */
    cols[0] = column(col_a, CLAIMED(0x7fffffffu), 0x7fffffffu);
    /* a 16-bit size_t cannot claim the bytes of such a column: refused for them */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 1u, 32u, 0u, cols, 1u),
                 SIZE_MAX > 0xffffu ? BENTO_OK : BENTO_E_SIZE);
    cols[2] = column(col_c, 1u, 1u);
    cols[1] = cols[2];
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 1u, 32u, 0u, cols, 2u),
                 BENTO_E_ARGUMENT); /* 2^31 bytes */
}

/* ---------------------------------------------------------------- basic operations */

static void test_basic(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[2];
    const uint32_t a = key_of(5u, 1u), b = key_of(9u, 2u), c = key_of(63u, 7u);
    uint32_t position = 99u;
    uint32_t i;
    vec3 *v;
    cols[0] = column(col_a, sizeof col_a, 4u);
    cols[1] = column(col_c, sizeof col_c, sizeof(vec3));
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 3u, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    CHECK(!bento_sparse_set_contains(&set, 0u)); /* an ABSENT entry matches no key */
    CHECK(!bento_sparse_set_contains(&set, key_of(0u, 0x3ffu))); /* nor the all-ones generation */
    CHECK_STATUS(bento_sparse_set_insert(&set, a, &position), BENTO_OK);
    CHECK_EQ(position, 0);
    CHECK_STATUS(bento_sparse_set_insert(&set, b, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, c, &position), BENTO_OK);
    CHECK_EQ(position, 2);
    for (i = 0; i < 3u; i++) {
        const uint32_t key = bento_sparse_set_keys(&set)[i];
        ((uint32_t *)bento_sparse_set_values(&set, 0u))[i] = key;
        v = (vec3 *)bento_sparse_set_values(&set, 1u) + i;
        v->x = (int32_t)key;
        v->y = -(int32_t)key;
        v->z = (int32_t)i;
        CHECK(bento_sparse_set_get(&set, key, 1u) == v);
    }
    /* every failure of insert, in its order, and the set unchanged after each */
    position = 99u;
    CHECK_STATUS(bento_sparse_set_insert(&set, a, &position), BENTO_E_EXISTS);
    CHECK_EQ(position, BENTO_NONE);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(5u, 2u), NULL), BENTO_E_EXISTS);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(1u, 1u), NULL), BENTO_E_FULL);
    CHECK_EQ(bento_sparse_set_count(&set), 3);
    /* a stale or forged generation is absent */
    CHECK(bento_sparse_set_contains(&set, a));
    CHECK(!bento_sparse_set_contains(&set, key_of(5u, 2u)));
    CHECK(!bento_sparse_set_contains(&set, key_of(5u, 0u)));
    CHECK(!bento_sparse_set_contains(&set, a | 0x10000u)); /* a bit above the generation */
    CHECK_EQ(bento_sparse_set_index_of(&set, key_of(9u, 1u)), BENTO_NONE);
    CHECK_EQ(bento_sparse_set_index_of(&set, b), 1);
    CHECK(bento_sparse_set_get(&set, key_of(9u, 1u), 0u) == NULL);
    CHECK(bento_sparse_set_get(&set, b, 2u) == NULL); /* column out of range */
    CHECK(bento_sparse_set_values(&set, 1u) == col_c);
    CHECK(bento_sparse_set_values(&set, 2u) == NULL);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(9u, 3u)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(10u, 1u)), BENTO_E_NOT_FOUND);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(9u, 2u) | 0x80000000u), BENTO_E_ARGUMENT);
    /* swap-and-pop: c moves into a's place with both of its elements */
    CHECK_STATUS(bento_sparse_set_remove(&set, a), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&set, a), BENTO_E_NOT_FOUND);
    CHECK_EQ(bento_sparse_set_count(&set), 2);
    CHECK_EQ(bento_sparse_set_keys(&set)[0], c);
    CHECK_EQ(bento_sparse_set_index_of(&set, c), 0);
    CHECK_EQ(at_u32(bento_sparse_set_get(&set, c, 0u), -1), c);
    v = (vec3 *)bento_sparse_set_get(&set, c, 1u);
    CHECK(v != NULL && v->x == (int32_t)c && v->y == -(int32_t)c && v->z == 2);
    CHECK_EQ(at_u32(bento_sparse_set_get(&set, b, 0u), -1), b);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the index is free again, for any generation */
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(5u, 2u), NULL), BENTO_OK);
    CHECK(!bento_sparse_set_contains(&set, a));
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(5u, 2u)), BENTO_OK); /* the last: no move */
    CHECK_EQ(bento_sparse_set_keys(&set)[1], b);
    /* clear makes every entry ABSENT again (check verifies each one) */
    bento_sparse_set_clear(&set);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    CHECK(!bento_sparse_set_contains(&set, b));
    CHECK(!bento_sparse_set_contains(&set, c));
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(9u, 3u), NULL), BENTO_OK);
    /* a key outside the universe or with bits above its generation */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 40u, 3u, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(40u, 1u), NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(39u, 1u) | 0x10000u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(39u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(40u, 1u)), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(39u, 1u) | 0x10000u), BENTO_E_ARGUMENT);
    /* plain ids: the whole key is the index */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 40u, 3u, 32u, 0u, NULL, 0u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 39u, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 40u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_insert(&set, 0xffffffffu, NULL), BENTO_E_ARGUMENT);
    CHECK(bento_sparse_set_contains(&set, 39u));
    CHECK(!bento_sparse_set_contains(&set, 39u + 64u));
    CHECK(!bento_sparse_set_contains(&set, 0xffffffffu));
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
}

/* Entries at their exact values: ABSENT, or generation << pos_bits | position. */
static void test_entries(void)
{
    bento_sparse_set set;
    const uint16_t *e16;
    const uint32_t *e32;
    uint32_t i;
    /* 16-bit handles of 6 index bits, capacity 24: 5 position bits, 10 generation bits */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, CAP, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_EQ(set.pos_bits, 5);
    CHECK_EQ(set.wide, 0);
    e16 = (const uint16_t *)set.sparse;
    for (i = 0; i < U; i++) {
        CHECK_EQ(e16[i], 0xffff); /* init: every entry ABSENT */
    }
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(7u, 0x3ffu), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(8u, 3u), NULL), BENTO_OK);
    CHECK_EQ(e16[7], (uint32_t)0x3ffu << 6 | 0u); /* the key with the position in place of its index */
    CHECK_EQ(e16[8], 3u << 6 | 1u);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(7u, 0x3ffu)), BENTO_OK);
    CHECK_EQ(e16[7], 0xffff);
    CHECK_EQ(e16[8], 3u << 6 | 0u); /* moved to position 0 */
    bento_sparse_set_clear(&set);
    CHECK_EQ(e16[8], 0xffff);
    /* capacity 2^6 with the same handles: 7 position bits, the generation one bit higher,
       32-bit entries */
    CHECK_STATUS(bento_sparse_set_init(&set, spare, sizeof spare, U, U, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_EQ(set.pos_bits, 7);
    CHECK_EQ(set.wide, 1);
    e32 = (const uint32_t *)set.sparse;
    CHECK_EQ(e32[63], 0xffffffffu);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(63u, 0x3ffu), NULL), BENTO_OK);
    CHECK_EQ(e32[63], (uint32_t)0x3ffu << 7);
    CHECK(bento_sparse_set_contains(&set, key_of(63u, 0x3ffu)));
    CHECK(!bento_sparse_set_contains(&set, key_of(63u, 0x1ffu)));
    CHECK(!bento_sparse_set_contains(&set, key_of(63u, 0x3feu)));
    /* 32-bit handles of 6 index bits and 26 generation bits, capacity 2^6: the entry keeps all
       but the highest generation bit (a stated limit: the generations must differ below it) */
    CHECK_STATUS(bento_sparse_set_init(&set, spare, sizeof spare, U, U, IDX_BITS, 26u, NULL, 0u),
                 BENTO_OK);
    e32 = (const uint32_t *)set.sparse;
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(3u, 5u), NULL), BENTO_OK);
    CHECK_EQ(e32[3], 5u << 7);
    CHECK(bento_sparse_set_contains(&set, key_of(3u, 5u)));
    CHECK(!bento_sparse_set_contains(&set, key_of(3u, 7u)));
    CHECK(!bento_sparse_set_contains(&set, key_of(3u, 5u | (uint32_t)1u << 24)));
    CHECK(bento_sparse_set_contains(&set, key_of(3u, 5u | (uint32_t)1u << 25))); /* the bit not kept */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* a capacity below 2^6 keeps every bit */
    CHECK_STATUS(bento_sparse_set_init(&set, spare, sizeof spare, U, U - 1u, IDX_BITS, 26u, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(3u, 5u), NULL), BENTO_OK);
    CHECK(!bento_sparse_set_contains(&set, key_of(3u, 5u | (uint32_t)1u << 25)));
}

/* ---------------------------------------------------------------- damage */

/* A set of two keys over `mem` for the damage tests. */
static void start_damaged(bento_sparse_set *set, bento_sparse_set_column *cols)
{
    cols[0] = column(col_a, sizeof col_a, 4u);
    CHECK_STATUS(bento_sparse_set_init(set, mem, sizeof mem, U, CAP, IDX_BITS, GEN_BITS, cols, 1u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(set, key_of(3u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(set, key_of(4u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_check(set), BENTO_OK);
}

static void test_check_detects_corruption(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[1];
    uint16_t *sparse;
    uint32_t *head = (uint32_t *)(void *)mem;
    uint32_t i;
    start_damaged(&set, cols);
    sparse = (uint16_t *)set.sparse;
    CHECK_EQ(sparse[4], 1u << 6 | 1u);
    sparse[4] = (uint16_t)(1u << 6 | 0u); /* points at the other key's position */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    sparse[4] = (uint16_t)(2u << 6 | 1u); /* another generation */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    sparse[4] = (uint16_t)(1u << 6 | 1u);
    sparse[9] = (uint16_t)(1u << 6 | 1u); /* an entry for a key that is not there */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    sparse[9] = 0xffffu;
    set.dense[1] = key_of(3u, 2u); /* the same index twice */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.dense[1] = key_of(4u, 1u) | 0x10000u; /* a bit above the generation */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.dense[1] = key_of(4u, 1u);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* every header word, the counters' copy (and the journal's word), and the column's size
       after the header */
    for (i = 0; i < 10u + (BENTO_POWER_SAFE ? 1u : 0u); i++) {
        const uint32_t at = i < 9u + (BENTO_POWER_SAFE ? 1u : 0u) ? i : BENTO_IMPL_SPARSE_SET_HEADER / 4u;
        head[at] ^= 0x100u;
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
        head[at] ^= 0x100u;
    }
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* counters out of range (the struct's are trusted: damaged here by hand) */
    set.state.count = CAP + 1u;
    set.saved->count = CAP + 1u;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.state.count = 2u;
    set.saved->count = 2u;
    set.universe = 4u; /* a key outside the universe */
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    set.universe = U;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
}

/* Whatever the buffer holds, every operation stays inside it and the columns, and answers;
 * where an operation notices damage it says BENTO_E_CORRUPT. */

static void test_confinement(void)
{
    bento_sparse_set set, other;
    bento_sparse_set_column cols[1];
    bento_sparse_set_join join;
    const bento_sparse_set *sets[2];
    uint16_t *sparse;
    uint32_t i, round;
    start_damaged(&set, cols);
    sparse = (uint16_t *)set.sparse;
    /* entries the operations notice */
    sparse[4] = (uint16_t)(1u << 6 | 20u); /* key 4 found at 20: inside the capacity, past the count */
    CHECK_EQ(bento_sparse_set_index_of(&set, key_of(4u, 1u)), 20);
    CHECK(bento_sparse_set_get(&set, key_of(4u, 1u), 0u) == (uint32_t *)(void *)col_a + 20);
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(4u, 1u)), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_sparse_set_sort(&set, 2u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_E_CORRUPT);
    CHECK_STATUS(bento_sparse_set_sort(&set, 2u, 0u, ascending_u32, NULL,
                                       BENTO_SPARSE_SET_SORT_INSERTION),
                 BENTO_E_CORRUPT);
    CHECK_EQ(set.dense[0], key_of(3u, 1u)); /* nothing moved */
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, U, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(4u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_E_CORRUPT);
    sparse[9] = (uint16_t)(1u << 6 | 23u); /* an entry whose key is not there */
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(9u, 1u), NULL), BENTO_E_CORRUPT);
    sparse[4] = (uint16_t)(1u << 6 | 1u);
    sparse[9] = 0xffffu;
    set.dense[1] = key_of(60u, 1u) | 0x3fu; /* the last key's index is outside a universe of ... */
    set.universe = 50u;                     /* ... 50 (the struct's own field damaged by hand) */
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(3u, 1u)), BENTO_E_CORRUPT);
    CHECK_EQ(set.dense[0], key_of(3u, 1u));
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(3u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&other, key_of(4u, 1u)), BENTO_OK); /* other: key 3 only */
    set.dense[1] = key_of(3u, 1u); /* key 3 at position 1, to be swapped with position 0 ... */
    set.dense[0] = key_of(60u, 1u) | 0x3fu; /* ... whose key is outside the universe */
    sparse[3] = (uint16_t)(1u << 6 | 1u);
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_E_CORRUPT);
    set.universe = U;
    /* then anything at all, many times over: every operation must return */
    for (round = 0; round < 8u * bento_test_scale(); round++) {
        uint32_t position;
        for (i = 0; i < U; i++) {
            sparse[i] = (uint16_t)bento_test_rand();
        }
        for (i = 0; i < CAP; i++) {
            set.dense[i] = bento_test_rand() & (round & 1u ? 0xffffffffu : 0xffffu);
        }
        set.state.count = bento_test_rand_below(CAP + 1u);
        for (i = 0; i < U; i++) {
            (void)bento_sparse_set_contains(&set, key_of(i, bento_test_rand_below(8u)));
            (void)bento_sparse_set_get(&set, key_of(i, 1u), 0u);
        }
        (void)bento_sparse_set_insert(&set, key_of(bento_test_rand_below(U), 1u), &position);
        (void)bento_sparse_set_remove(&set, set.dense[0]);
        (void)bento_sparse_set_remove(&set, key_of(bento_test_rand_below(U), 1u));
        (void)bento_sparse_set_sort(&set, set.state.count, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                    BENTO_SPARSE_SET_SORT_HEAP);
        (void)bento_sparse_set_sort(&set, set.state.count, 0u, ascending_u32, NULL,
                                    BENTO_SPARSE_SET_SORT_INSERTION);
        (void)bento_sparse_set_sort_radix(&set, set.state.count, scratch, sizeof scratch);
        (void)bento_sparse_set_sort_merge(&set, set.state.count, 0u, ascending_u32, NULL, scratch,
                                          sizeof scratch);
        (void)bento_sparse_set_sort_as(&set, &other);
        (void)bento_sparse_set_sort_as(&other, &set);
        sets[0] = &set;
        sets[1] = &other;
        CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 2u), BENTO_OK);
        while (bento_sparse_set_join_next(&join)) {
            CHECK(join.position[0] < CAP && join.position[1] < U);
        }
        (void)bento_sparse_set_check(&set);
        bento_sparse_set_clear(&set);
    }
    CHECK_STATUS(bento_sparse_set_check(&other), BENTO_OK);
}

/* ---------------------------------------------------------------- open */

static void test_open(void)
{
    bento_sparse_set set, copy;
    bento_sparse_set_column cols[2], other_cols[2];
    uint32_t *const a = (uint32_t *)(void *)col_a;
    const size_t bytes = BENTO_SPARSE_SET_BYTES(U, CAP, IDX_BITS, GEN_BITS, 2);
    uint32_t *const words = (uint32_t *)(void *)scratch; /* the copy of the buffer */
    const uint32_t *const from = (const uint32_t *)(void *)mem;
    const uint32_t keys_at = (uint32_t)BENTO_IMPL_SPARSE_SET_HEAD(2u) / 4u; /* 9 header words
                                      (and the journal's) to 8 bytes, then the 2 sizes */
    const uint32_t sizes_at = (uint32_t)BENTO_IMPL_SPARSE_SET_HEADER / 4u;
    uint32_t i, position;
    cols[0] = column(col_a, CAP * 4u, 4u);
    cols[1] = column(col_b, CAP * 3u, 3u);
    CHECK_STATUS(bento_sparse_set_init(&set, mem, bytes, U, CAP, IDX_BITS, GEN_BITS, cols, 2u), BENTO_OK);
    for (i = 0; i < 10u; i++) {
        CHECK_STATUS(bento_sparse_set_insert(&set, key_of(i * 5u, i + 1u), &position), BENTO_OK);
        a[position] = i * 100u;
    }
    CHECK_STATUS(bento_sparse_set_remove(&set, key_of(10u, 3u)), BENTO_OK);
    /* a copy of the buffer, as retained RAM or a file would hold it, with the same columns */
    for (i = 0; i < bytes / 4u; i++) {
        words[i] = from[i];
    }
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&copy), 9);
    CHECK_EQ(bento_sparse_set_capacity(&copy), CAP);
    CHECK(!bento_sparse_set_contains(&copy, key_of(10u, 3u)));
    CHECK(!bento_sparse_set_contains(&copy, key_of(5u, 1u)));
    for (i = 0; i < 10u; i++) {
        const uint32_t *v = (const uint32_t *)bento_sparse_set_get(&copy, key_of(i * 5u, i + 1u), 0u);
        CHECK(i == 2u ? v == NULL : v != NULL && *v == i * 100u);
    }
    CHECK_STATUS(bento_sparse_set_insert(&copy, key_of(10u, 4u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_check(&copy), BENTO_OK);
    CHECK(!bento_sparse_set_contains(&set, key_of(10u, 4u))); /* the original has its own */
    for (i = 0; i < bytes / 4u; i++) {
        words[i] = from[i];
    }
    /* every status, inert after each */
    CHECK_STATUS(bento_sparse_set_open(&copy, NULL, bytes, cols, 2u), BENTO_E_ARGUMENT);
    check_inert(&copy);
    CHECK_STATUS(bento_sparse_set_open(&copy, (unsigned char *)words + 2, bytes, cols, 2u), BENTO_E_ALIGN);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, 16u, cols, 2u), BENTO_E_SIZE); /* no header */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes - 4u, cols, 2u), BENTO_E_SIZE);
    check_inert(&copy);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, NULL, 2u), BENTO_E_ARGUMENT);
    other_cols[0] = cols[0];
    other_cols[1] = column(NULL, CAP * 3u, 3u);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, other_cols, 2u), BENTO_E_ARGUMENT);
    other_cols[1] = column(col_b, CAP * 3u - 1u, 3u);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, other_cols, 2u), BENTO_E_SIZE);
    check_inert(&copy);
    other_cols[1] = column(col_b, CAP * 4u, 4u); /* another element size */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, other_cols, 2u), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 1u), BENTO_E_CORRUPT); /* fewer */
    check_inert(&copy);
    /* every header word damaged, one at a time: magic, kind and version, size, zero, universe,
       capacity, bits, column count, the count (and the journal's word), then the two sizes
       after the header */
    for (i = 0; i < 11u + (BENTO_POWER_SAFE ? 1u : 0u); i++) {
        const uint32_t head_words = 9u + (BENTO_POWER_SAFE ? 1u : 0u);
        const uint32_t at = i < head_words ? i : sizes_at + i - head_words;
        const uint32_t saved = words[at];
        words[at] = at == 6u ? (IDX_BITS | 27u << 8) : saved + (at == sizes_at + 1u ? 1u : 0x100u);
        CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u),
                     at == 2u ? BENTO_E_SIZE : BENTO_E_CORRUPT); /* size: more than there is */
        CHECK(is_inert(&copy));
        words[at] = saved;
    }
    words[2] -= 4u; /* a size smaller than the set's */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_E_CORRUPT);
    words[2] += 4u;
    words[6] |= (uint32_t)1u << 16; /* bits beyond the two fields */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_E_CORRUPT);
    words[6] &= 0xffffu;
    words[7] = 0x3fffffffu; /* a column count past the header's end */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_E_CORRUPT);
    words[7] = 2u;
    /* the keys and the entries are validated too */
    CHECK_EQ(BENTO_IMPL_SPARSE_SET_HEAD(2u), keys_at * 4u);
    words[keys_at + 1u] ^= 1u; /* the second key */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_E_CORRUPT);
    words[keys_at + 1u] ^= 1u;
    ((uint16_t *)(void *)(words + keys_at + CAP))[63] = 0u; /* an entry with no key */
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_E_CORRUPT);
    ((uint16_t *)(void *)(words + keys_at + CAP))[63] = 0xffffu;
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes, cols, 2u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_open(&copy, words, bytes + 64u, cols, 2u), BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&copy), 9);
}

#if BENTO_POWER_SAFE
/* The journal's recovery, on journals written by hand as a reset leaves them (the cut-point
 * test, tests/cut/, makes them by cutting every operation before each of its stores): entries
 * undone, a pending row move or clear done again, and journals no operation writes refused. */
static void test_journal_recovery(void)
{
    bento_sparse_set set, reopened;
    bento_sparse_set_column cols[2];
    const uint32_t k[3] = {key_of(5u, 1u), key_of(9u, 2u), key_of(63u, 7u)};
    uint32_t *log, *rows;
    uint32_t i;
    cols[0] = column(col_a, sizeof col_a, 4u);
    cols[1] = column(col_c, sizeof col_c, sizeof(vec3));
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_OK);
    log = (uint32_t *)(void *)set.saved + sizeof set.state / 4u;
    rows = (uint32_t *)(void *)col_a;
    for (i = 0; i < 3u; i++) {
        const vec3 v = {(int32_t)i, 0, 0};
        const uint32_t u = 100u + i;
        const void *elements[2];
        elements[0] = &u;
        elements[1] = &v;
        CHECK_STATUS(bento_sparse_set_insert_from(&set, k[i], elements, NULL), BENTO_OK);
    }
    CHECK_EQ(log[0], 0);
    /* an insert cut after its count was stored: one entry in force, undone */
    log[3] = 0u; /* the count's offset: the first word of the counters' copy */
    log[4] = 3u;
    log[0] = 1u;
    set.saved->count = 4u;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT); /* an operation in flight */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&reopened), 3);
    CHECK_EQ(log[0], 0);
    /* a remove of the first key cut in its row move: done again, from the last row */
    CHECK_STATUS(bento_sparse_set_remove(&reopened, k[0]), BENTO_OK);
    CHECK_EQ(bento_sparse_set_index_of(&reopened, k[2]), 0);
    rows[0] = 0xdeadu; /* torn */
    log[1] = 1u;       /* the row move... */
    log[2] = 0u;       /* ...into position 0 */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    CHECK_EQ(at_u32(bento_sparse_set_get(&reopened, k[2], 0u), 0), 102);
    CHECK_EQ(first_of(bento_sparse_set_get(&reopened, k[2], 1u)), 2);
    CHECK_EQ(log[0], 0);
    /* journals no operation writes: refused, and the buffer left as it is */
    log[0] = BENTO_IMPL_SPARSE_SET_ENTRIES + 1u; /* more entries than room */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    log[0] = 0x80000000u;
    log[1] = 0x77u; /* no such action */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    log[1] = 1u;
    log[2] = 2u; /* a move into a position not below the count */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    log[2] = 0u;
    set.saved->count = CAP; /* a move from past the capacity */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    set.saved->count = 2u;
    log[1] = 2u;
    log[2] = CAP + 1u; /* a clear of more keys than the capacity */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    CHECK_EQ(log[0], 0x80000000u);
    /* a clear cut before it stored anything but its pending action: done again */
    log[2] = 2u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&reopened), 0);
    CHECK(!bento_sparse_set_contains(&reopened, k[1]));
    CHECK(!bento_sparse_set_contains(&reopened, k[2]));
    CHECK_EQ(log[0], 0);
    CHECK_STATUS(bento_sparse_set_check(&reopened), BENTO_OK);
}

/* A set of 3 keys of universe 40 with rows of 16 bytes (two 8-byte windows), as a sort leaves
 * it once it has ordered its keys (k2 k0 k1; the entries and rows where they were) and is about
 * to move the rows: the pending action SORT_ROWS, its record between walks at position 0. */
static uint32_t *sort_cut(bento_sparse_set *set, bento_sparse_set_column *cols, const uint32_t *k)
{
    uint32_t *log, *room;
    uint32_t i;
    cols[0] = column(col_a, sizeof col_a, 4u);
    cols[1] = column(col_c, sizeof col_c, sizeof(vec3));
    CHECK_STATUS(bento_sparse_set_init(set, mem, sizeof mem, 40u, CAP, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_OK);
    for (i = 0; i < 3u; i++) {
        const vec3 v = {(int32_t)i, 0, 0};
        const uint32_t u = 100u + i;
        const void *elements[2];
        elements[0] = &u;
        elements[1] = &v;
        CHECK_STATUS(bento_sparse_set_insert_from(set, k[i], elements, NULL), BENTO_OK);
    }
    log = (uint32_t *)(void *)set->saved + sizeof set->state / 4u;
    room = log + 3u;
    set->dense[0] = k[2];
    set->dense[1] = k[0];
    set->dense[2] = k[1];
    room[0] = 0u; /* record 0 in force: */
    room[1] = 0u; /* start */
    room[2] = 0u; /* window */
    room[3] = BENTO_NONE; /* between walks */
    room[4] = 0u;
    log[1] = 4u; /* SORT_ROWS */
    log[2] = 0u;
    log[0] = 0x80000000u;
    return log;
}

/* Recovery of the sorts and of sort_as: keys rebuilt, rows moved on, a swap completed; records
 * no sort writes refused. */
static void test_sort_recovery(void)
{
    bento_sparse_set set, reopened;
    bento_sparse_set_column cols[2];
    const uint32_t k[3] = {key_of(5u, 1u), key_of(9u, 2u), key_of(33u, 7u)};
    uint32_t *log, *room;
    uint32_t i;
    /* a sort cut while it ordered the keys: rebuilt from their entries, the state before */
    log = sort_cut(&set, cols, k);
    log[1] = 3u; /* SORT_KEYS */
    set.dense[1] = set.dense[0]; /* mid-sift: a key twice, one missing */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    for (i = 0; i < 3u; i++) {
        CHECK_EQ(bento_sparse_set_keys(&reopened)[i], k[i]);
    }
    log = sort_cut(&set, cols, k);
    log[1] = 3u;
    set.saved->count = 2u; /* an entry past the count */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    /* cut between walks, and in the middle of one (the first window held, position 0 filled
       from position 2): the rows moved on, the state after */
    for (i = 0; i < 2u; i++) {
        uint32_t j;
        log = sort_cut(&set, cols, k);
        room = log + 3u;
        if (i == 1u) {
            room[11] = 100u; /* held: the window of position 0 (its u32 and its vec3) */
            room[12] = 0u;
            room[13] = 0u;
            room[14] = 0u;
            room[0] = 1u;     /* record 1: */
            room[5] = 0u;     /* start 0 */
            room[6] = 0u;     /* window 0 */
            room[7] = 2u;     /* at 2... */
            room[8] = 1u;     /* ...from 1 */
            /* position 0 has 2's window (its last: its key's entry points at it), and 2 is
               torn */
            ((uint32_t *)bento_sparse_set_values(&set, 0u))[0] = 102u;
            ((vec3 *)bento_sparse_set_values(&set, 1u))[0].x = 2;
            ((uint16_t *)set.sparse)[33] = (uint16_t)(k[2] & ~63u);
            ((uint32_t *)bento_sparse_set_values(&set, 0u))[2] = 0u;
        }
        CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
        CHECK_EQ(log[0], 0);
        for (j = 0; j < 3u; j++) {
            CHECK_EQ(bento_sparse_set_index_of(&reopened, k[j]), (j + 1u) % 3u);
            CHECK_EQ(at_u32(bento_sparse_set_get(&reopened, k[j], 0u), 0), 100u + j);
            CHECK_EQ(first_of(bento_sparse_set_get(&reopened, k[j], 1u)), j);
        }
    }
    /* records no sort writes */
    for (i = 0; i < 11u; i++) {
        log = sort_cut(&set, cols, k);
        room = log + 3u;
        if (i >= 5u) { /* walking: start 0, window 0, at 0, from 2 */
            room[3] = 0u;
            room[4] = 2u;
        }
        switch (i) {
        case 0: room[0] = 2u; break;                  /* no such record */
        case 1: room[2] = 17u; break;                 /* a window past the row */
        case 2: room[2] = 16u; break;                 /* a walk of the window at the row's end */
        case 3: set.dense[0] = key_of(50u, 1u); break; /* a key outside the universe */
        case 4: set.dense[0] = key_of(5u, 2u); break;  /* a key whose entry is not its own */
        case 5: room[1] = 3u; break;                  /* a start past the count */
        case 6: room[3] = 3u; break;                  /* a position past the count */
        case 7: room[4] = 3u; break;                  /* a source past the count */
        case 8: set.dense[0] = key_of(50u, 1u); break; /* a key outside the universe */
        case 9: set.dense[2] = key_of(50u, 1u); break; /* the next key outside it */
        default:                                       /* a cycle that does not come back */
            set.dense[0] = k[0];
            set.dense[1] = k[2];
            set.dense[2] = k[1];
            room[3] = 1u;
            break;
        }
        CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    }
    /* a swap of sort_as cut in its rows (the keys k1 k0 swapped, with their entries; the first
       window held, copied from 1 to 0): completed */
    log = sort_cut(&set, cols, k);
    room = log + 3u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_remove(&reopened, k[2]), BENTO_OK); /* k1 k0 */
    set.dense[0] = k[0];
    set.dense[1] = k[1];
    ((uint16_t *)set.sparse)[5] = (uint16_t)(k[0] & ~63u);
    ((uint16_t *)set.sparse)[9] = (uint16_t)((k[1] & ~63u) | 1u);
    room[9] = 1u;        /* the other position */
    room[10] = 1u;       /* window 0, step 1: held */
    room[11] = 101u;     /* the window of position 0 */
    room[12] = 1u;
    room[13] = 0u;
    room[14] = 0u;
    ((uint32_t *)bento_sparse_set_values(&set, 0u))[0] = 100u; /* torn: half of 1's window */
    log[1] = 5u;         /* SWAP_ROWS ... */
    log[2] = 0u;         /* ... at 0 */
    log[0] = 0x80000000u;
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_OK);
    for (i = 0; i < 2u; i++) {
        CHECK_EQ(at_u32(bento_sparse_set_get(&reopened, k[i], 0u), 0), 100u + i);
        CHECK_EQ(first_of(bento_sparse_set_get(&reopened, k[i], 1u)), i);
    }
    log[0] = 0x80000000u; /* refused: a step no swap takes, positions past the count */
    room[10] = 3u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    room[10] = 0u;
    room[9] = 2u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    room[9] = 1u;
    log[2] = 2u;
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
    log[2] = 0u;
    set.saved->count = CAP + 1u; /* a count past the capacity */
    CHECK_STATUS(bento_sparse_set_open(&reopened, mem, sizeof mem, cols, 2u), BENTO_E_CORRUPT);
}
#endif

/* ---------------------------------------------------------------- sorting */

/* Column values derived from a tag, so that any element can be checked against its key. */
static void fill(bento_sparse_set *set, uint32_t position, uint32_t tag)
{
    uint32_t j;
    unsigned char *b = (unsigned char *)bento_sparse_set_values(set, 1u) + position * 3u;
    uint32_t *c = (uint32_t *)bento_sparse_set_values(set, 2u) + position * 10u;
    ((uint32_t *)bento_sparse_set_values(set, 0u))[position] = tag;
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
    const unsigned char *b = (const unsigned char *)bento_sparse_set_values(set, 1u) + position * 3u;
    const uint32_t *c = (const uint32_t *)bento_sparse_set_values(set, 2u) + position * 10u;
    if (((const uint32_t *)bento_sparse_set_values(set, 0u))[position] != tag ||
        b[0] != (unsigned char)tag || b[1] != (unsigned char)(tag >> 8) ||
        b[2] != (unsigned char)(tag ^ 0x5au)) {
        return false;
    }
    for (j = 0; j < 10u; j++) {
        if (c[j] != tag * 31u + j) {
            return false;
        }
    }
    return true;
}

static void init3(bento_sparse_set *set, bento_sparse_set_column cols[3], uint32_t capacity)
{
    cols[0] = column(col_a, sizeof col_a, 4u);
    cols[1] = column(col_b, sizeof col_b, 3u);
    cols[2] = column(col_c, sizeof col_c, 40u); /* more than one 32-byte window */
    CHECK_STATUS(bento_sparse_set_init(set, mem, sizeof mem, U, capacity, IDX_BITS, 26u, cols, 3u),
                 BENTO_OK);
}

/* A full set of three columns: CAP keys in a scrambled order of indices (37 is odd, so
 * i * 37 & 63 hits CAP distinct ones), generations 1 to 3, each row filled from its key. */
static void init_scrambled(bento_sparse_set *set, bento_sparse_set_column cols[3])
{
    uint32_t i;
    init3(set, cols, CAP);
    for (i = 0; i < CAP; i++) {
        const uint32_t key = key_of((i * 37u) & 63u, 1u + (i % 3u));
        uint32_t position;
        CHECK_STATUS(bento_sparse_set_insert(set, key, &position), BENTO_OK);
        fill(set, position, key * 7u + 1u);
    }
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
    const uint32_t x = *(const uint32_t *)a & (((uint32_t)1u << IDX_BITS) - 1u);
    const uint32_t y = *(const uint32_t *)b & (((uint32_t)1u << IDX_BITS) - 1u);
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
    for (p = 0; p < bento_sparse_set_count(set); p++) {
        const uint32_t key = bento_sparse_set_keys(set)[p];
        if (bento_sparse_set_index_of(set, key) != p || !holds(set, p, key * 7u + 1u)) {
            return false;
        }
    }
    return bento_sparse_set_check(set) == BENTO_OK;
}

static bool ordered_by(const bento_sparse_set *set, uint32_t n, int order)
{
    uint32_t i;
    for (i = 1; i < n; i++) {
        const uint32_t x = set->dense[i - 1u], y = set->dense[i];
        if (order > 0 ? x >= y : x <= y) {
            return false;
        }
    }
    return true;
}

static void test_sort(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[3];
    uint32_t i, calls = 0u;
    bool ordered = true;
    init_scrambled(&set, cols);
    /* statuses first: each leaves the set as it was */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP + 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 3u, descending_u32, NULL, BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, NULL, NULL, BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_E_ARGUMENT);
    CHECK(consistent(&set));
    CHECK_EQ(set.dense[1], key_of(37u, 2u));
    /* ascending keys, no comparator */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
    CHECK(ordered_by(&set, CAP, 1));
    CHECK(consistent(&set));
    /* the radix sort: statuses, then ascending keys from a descending start */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL, BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP + 1u, scratch, sizeof scratch), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, NULL, sizeof scratch), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, (unsigned char *)scratch + 2, sizeof scratch - 2u),
                 BENTO_E_ALIGN);
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, scratch, BENTO_SPARSE_SET_RADIX_BYTES(CAP) - 1u),
                 BENTO_E_SIZE);
    CHECK(ordered_by(&set, CAP, -1)); /* unchanged by the failures */
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, scratch, BENTO_SPARSE_SET_RADIX_BYTES(CAP)), BENTO_OK);
    CHECK(ordered_by(&set, CAP, 1));
    CHECK(consistent(&set));
    /* keys that differ in their low and top bytes: two passes run, two are skipped */
    {
        bento_sparse_set top;
        static const uint32_t keys[4] = {0x03000005u, 0x01000005u, 0x04000005u, 0x02000005u};
        CHECK_STATUS(bento_sparse_set_init(&top, spare, sizeof spare, U, 4u, IDX_BITS, 26u, NULL, 0u),
                     BENTO_OK);
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
    CHECK(ordered_by(&set, CAP, 1)); /* unchanged by the failures */
    CHECK_STATUS(bento_sparse_set_sort_merge(&set, CAP, 0u, descending_u32, NULL, scratch,
                                             BENTO_SPARSE_SET_MERGE_BYTES(CAP)), BENTO_OK);
    CHECK(ordered_by(&set, CAP, -1));
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
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
    /* descending by the 4-byte column (tag = key * 7 + 1 grows with the key) */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL, BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    CHECK(ordered_by(&set, CAP, -1));
    CHECK(consistent(&set));
    /* the heap's comparison count on sorted and reversed input stays within
       n ceil(log2 n) + 2 n = 168 for n = 24 (the bottom-up sift makes about 114); a quadratic
       sort would make up to 276 */
    {
        uint32_t round;
        for (round = 0; round < 3u; round++) {
            calls = 0u;
            CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_index, &calls,
                                               BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
            CHECK(calls <= CAP * 5u + 2u * CAP);
            CHECK(calls >= CAP); /* and it did compare */
            if (round == 0u) {
                CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 0u, descending_u32, NULL,
                                                   BENTO_SPARSE_SET_SORT_HEAP),
                             BENTO_OK);
            }
        }
        calls = 0u;
    }
    /* by index with the insertion mode; the comparator sees the context */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, BENTO_SPARSE_SET_BY_KEY, by_index, &calls,
                                       BENTO_SPARSE_SET_SORT_INSERTION), BENTO_OK);
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
                                           BENTO_SPARSE_SET_SORT_INSERTION), BENTO_OK);
        CHECK(calls <= 3u * CAP);
        CHECK_EQ(set.dense[3], k);
        CHECK(consistent(&set));
    }
    /* only the first n: the rest stays where it is */
    {
        const uint32_t tail0 = set.dense[10], tail1 = set.dense[CAP - 1u];
        CHECK_STATUS(bento_sparse_set_sort(&set, 10u, BENTO_SPARSE_SET_BY_KEY, descending_u32, NULL,
                                           BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
        CHECK(ordered_by(&set, 10u, -1));
        CHECK_EQ(set.dense[10], tail0);
        CHECK_EQ(set.dense[CAP - 1u], tail1);
        CHECK(consistent(&set));
        CHECK_STATUS(bento_sparse_set_sort(&set, 0u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                           BENTO_SPARSE_SET_SORT_INSERTION), BENTO_OK);
        CHECK_STATUS(bento_sparse_set_sort(&set, 1u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                           BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
        CHECK(consistent(&set));
    }
    /* by an odd-sized column with the heap */
    CHECK_STATUS(bento_sparse_set_sort(&set, CAP, 1u, by_bytes, NULL, BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
    for (i = 1, ordered = true; i < CAP; i++) {
        ordered = ordered && ((set.dense[i - 1u] * 7u + 1u) & 0xffffu) <= ((set.dense[i] * 7u + 1u) & 0xffffu);
    }
    CHECK(ordered);
    CHECK(consistent(&set));
}

/* sort_as: shared keys first in the other's order, then the rest; one walk, no comparator. */
static void test_sort_as(void)
{
    bento_sparse_set set, other;
    bento_sparse_set_column cols[3];
    uint32_t i, shared = 0u;
    init_scrambled(&set, cols);
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, U, IDX_BITS, 26u, NULL, 0u),
                 BENTO_OK);
    /* other: every third key of set, backwards, keys set lacks, and a stale generation */
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(60u, 3u), NULL), BENTO_OK);
    for (i = 0; i < CAP; i += 3u) {
        CHECK_STATUS(bento_sparse_set_insert(&other, set.dense[CAP - 1u - i], NULL), BENTO_OK);
        shared++;
    }
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(set.dense[1] & 63u, (set.dense[1] >> IDX_BITS) + 1u),
                                         NULL),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
    CHECK(consistent(&set));
    for (i = 0; i < CAP; i++) {
        const uint32_t r = bento_sparse_set_index_of(&other, set.dense[i]);
        CHECK((i < shared) == (r != BENTO_NONE));
        if (i > 0u && i < shared) {
            CHECK(bento_sparse_set_index_of(&other, set.dense[i - 1u]) < r);
        }
    }
    {
        const uint32_t first = set.dense[0], last = set.dense[CAP - 1u];
        CHECK_STATUS(bento_sparse_set_sort_as(&set, &set), BENTO_OK); /* itself: no change */
        CHECK_EQ(set.dense[0], first);
        CHECK_EQ(set.dense[CAP - 1u], last);
        CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK); /* already in order */
        CHECK_EQ(set.dense[0], first);
        CHECK(consistent(&set));
    }
    /* other holds every key of set, in the reverse of an ascending sort */
    CHECK_STATUS(bento_sparse_set_sort_radix(&set, CAP, scratch, sizeof scratch), BENTO_OK);
    bento_sparse_set_clear(&other);
    for (i = 0; i < CAP; i++) {
        CHECK_STATUS(bento_sparse_set_insert(&other, set.dense[CAP - 1u - i], NULL), BENTO_OK);
    }
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
    CHECK(ordered_by(&set, CAP, -1));
    CHECK(consistent(&set));
    /* an empty other changes nothing */
    bento_sparse_set_clear(&other);
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
    CHECK(ordered_by(&set, CAP, -1));
}

/* A set whose capacity is 2^index_bits shifts each entry's tag up by one, losing key bit 31.
 * Where bit 31 is above the generation (4 index + 12 generation bits here), a key carrying it
 * is malformed: insert refuses it, so every lookup must miss it and remove refuse it (before:
 * contains, get and index_of took it for the key with the same low 31 bits, and remove
 * answered BENTO_OK and removed that other key and its row). */
static void test_stray_bit_31(void)
{
    /* generation bits: 32-bit entries, 16-bit entries, plain ids, and a generation whose top
       bit the shifted tag moves into bit 31 */
    static const unsigned generations[4] = {12u, 8u, 0u, 27u};
    bento_sparse_set set, other;
    bento_sparse_set_column cols[1];
    const bento_sparse_set *sets[2];
    bento_sparse_set_join join;
    uint32_t i, g;
    cols[0] = column(col_a, 16u * 4u, 4u);
    for (g = 0; g < 4u; g++) {
        const uint32_t well = 3u | (generations[g] != 0u ? (5u | (uint32_t)1u << (generations[g] - 1u)) << 4 : 0u);
        const uint32_t forged = well | 0x80000000u;
        CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 16u, 16u, 4u, generations[g], cols, 1u),
                     BENTO_OK);
        CHECK_EQ(set.tag_shift, 1);
        for (i = 0; i < 4u; i++) {
            CHECK_STATUS(bento_sparse_set_insert(&set, well - 3u + i, NULL), BENTO_OK);
            ((uint32_t *)bento_sparse_set_values(&set, 0u))[i] = i;
        }
        CHECK_STATUS(bento_sparse_set_insert(&set, forged, NULL), BENTO_E_ARGUMENT);
        CHECK(bento_sparse_set_contains(&set, well));
        CHECK(!bento_sparse_set_contains(&set, forged));
        CHECK_EQ(bento_sparse_set_index_of(&set, forged), BENTO_NONE);
        CHECK(bento_sparse_set_get(&set, forged, 0u) == NULL);
        CHECK_STATUS(bento_sparse_set_remove(&set, forged), BENTO_E_ARGUMENT);
        CHECK_EQ(bento_sparse_set_count(&set), 4);
        CHECK_EQ(at_u32(bento_sparse_set_get(&set, well, 0u), -1), 3);
        /* the join's pair walk looks keys up in the other set the same way (the smaller set,
           where the forged key is well formed, drives) */
        CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, CAP, IDX_BITS, 26u, NULL,
                                           0u),
                     BENTO_OK);
        CHECK_STATUS(bento_sparse_set_insert(&other, forged, NULL), BENTO_OK);
        sets[0] = &other;
        sets[1] = &set;
        CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 2u), BENTO_OK);
        CHECK(!bento_sparse_set_join_next(&join));
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    }
}

/* A set with capacity 2^index_bits and 32-bit keys loses the top generation bit: it finds a
 * key of another set that differs from its own only there. sort_as must still move this set's
 * own keys only (before: the swap stored other's spelling, a key never inserted here). */
static void test_sort_as_keeps_own_keys(void)
{
    bento_sparse_set set, other;
    const uint32_t first = 1u | 1u << 4, mine = 2u | 1u << 4, theirs = mine | 0x80000000u;
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 16u, 16u, 4u, 28u, NULL, 0u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, 16u, 15u, 4u, 28u, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, first, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, mine, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&other, theirs, NULL), BENTO_OK);
    CHECK(bento_sparse_set_contains(&set, theirs)); /* the documented loss */
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
    CHECK_EQ(bento_sparse_set_keys(&set)[0], mine);
    CHECK_EQ(bento_sparse_set_keys(&set)[1], first);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the key sort_as moves is read from this set's keys: a damaged one (here outside the
       universe, where its entry would be written) is refused, not placed */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, 40u, 3u, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(1u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, key_of(2u, 1u), NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, 40u, 3u, IDX_BITS, GEN_BITS, NULL,
                                       0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&other, key_of(2u, 1u), NULL), BENTO_OK);
    set.dense[1] = key_of(50u, 1u);
    CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_E_CORRUPT);
}

/* Rows longer than the 32-byte window, with a column starting past it: each walk moves only
 * the part of the row inside its window (the rest waits for a later window). */
static void test_sort_long_rows(void)
{
    static unsigned char a[2][12], b[2][12], c[2][12], d[2][12];
    static uint32_t keys[BENTO_SPARSE_SET_BYTES(4, 2, 32, 0, 4) / 4u];
    bento_sparse_set_column cols[4];
    bento_sparse_set set;
    uint32_t i;
    cols[0] = column(a, sizeof a, 12u);
    cols[1] = column(b, sizeof b, 12u);
    cols[2] = column(c, sizeof c, 12u);
    cols[3] = column(d, sizeof d, 12u);
    CHECK_STATUS(bento_sparse_set_init(&set, keys, sizeof keys, 4u, 2u, 32u, 0u, cols, 4u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 3u, NULL), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert(&set, 1u, NULL), BENTO_OK);
    for (i = 0; i < 12u; i++) { /* every byte names its key and its column */
        a[0][i] = 0x30u; b[0][i] = 0x31u; c[0][i] = 0x32u; d[0][i] = 0x33u;
        a[1][i] = 0x10u; b[1][i] = 0x11u; c[1][i] = 0x12u; d[1][i] = 0x13u;
    }
    CHECK_STATUS(bento_sparse_set_sort(&set, 2u, BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                                       BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    CHECK_EQ(bento_sparse_set_keys(&set)[0], 1);
    for (i = 0; i < 12u; i++) {
        CHECK(a[0][i] == 0x10u && b[0][i] == 0x11u && c[0][i] == 0x12u && d[0][i] == 0x13u);
        CHECK(a[1][i] == 0x30u && b[1][i] == 0x31u && c[1][i] == 0x32u && d[1][i] == 0x33u);
    }
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* sort_as swaps whole rows the same way */
    {
        bento_sparse_set other;
        CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, 4u, 2u, 32u, 0u, NULL, 0u),
                     BENTO_OK);
        CHECK_STATUS(bento_sparse_set_insert(&other, 3u, NULL), BENTO_OK);
        CHECK_STATUS(bento_sparse_set_sort_as(&set, &other), BENTO_OK);
        CHECK_EQ(bento_sparse_set_keys(&set)[0], 3);
        for (i = 0; i < 12u; i++) {
            CHECK(a[0][i] == 0x30u && b[0][i] == 0x31u && c[0][i] == 0x32u && d[0][i] == 0x33u);
            CHECK(a[1][i] == 0x10u && b[1][i] == 0x11u && c[1][i] == 0x12u && d[1][i] == 0x13u);
        }
    }
}

/* ---------------------------------------------------------------- joins */

static void test_join(void)
{
    const size_t bytes = BENTO_SPARSE_SET_BYTES(U, U, IDX_BITS, GEN_BITS, 1);
    unsigned char *m0 = (unsigned char *)scratch;
    unsigned char *m1 = m0 + BENTO_ALIGN_UP(bytes, 8u);
    static uint16_t v0[U], v1[U];
    bento_sparse_set s0, s1, s2;
    bento_sparse_set_column c0, c1;
    const bento_sparse_set *sets[BENTO_SPARSE_SET_JOIN_MAX + 1u];
    uint32_t i, seen = 0u, expected = 0u;
    bento_sparse_set_join join;
    c0 = column(v0, sizeof v0, 2u);
    c1 = column(v1, sizeof v1, 2u);
    CHECK_STATUS(bento_sparse_set_init(&s0, m0, bytes, U, U - 1u, IDX_BITS, GEN_BITS, &c0, 1u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&s1, m1, bytes, U, U - 1u, IDX_BITS, GEN_BITS, &c1, 1u), BENTO_OK);
    CHECK_STATUS(bento_sparse_set_init(&s2, spare, sizeof spare, U, U, IDX_BITS, 26u, NULL, 0u), BENTO_OK);
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
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 3u), BENTO_OK);
    CHECK_EQ(join.slot_[0], 2); /* s1 is the smallest: it drives */
    while (bento_sparse_set_join_next(&join)) {
        const uint32_t idx = join.key & 63u;
        CHECK(idx % 6u == 0u && idx % 12u != 0u && idx % 5u != 0u);
        CHECK_EQ(at_u16(bento_sparse_set_join_get(&join, 1u, 0u), -1), idx + 1000u);
        CHECK_EQ(at_u16(bento_sparse_set_join_get(&join, 2u, 0u), -1), idx + 2000u);
        CHECK_EQ(v1[join.position[2]], idx + 2000u);
        CHECK(bento_sparse_set_join_get(&join, 0u, 0u) == NULL); /* s2 has no column */
        CHECK(bento_sparse_set_join_get(&join, 1u, 1u) == NULL);
        CHECK(bento_sparse_set_join_get(&join, 3u, 0u) == NULL);
        CHECK_EQ(join.position[0], bento_sparse_set_index_of(&s2, join.key));
        seen++;
    }
    CHECK_EQ(seen, expected);
    CHECK(!bento_sparse_set_join_next(&join)); /* stays exhausted */
    /* two sets, with the driver first and second */
    {
        uint32_t order;
        for (order = 0; order < 2u; order++) {
            uint32_t pair_expected = 0u;
            sets[0] = order == 0u ? &s0 : &s1;
            sets[1] = order == 0u ? &s1 : &s0;
            CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 2u), BENTO_OK);
            CHECK_EQ(join.slot_[0], order == 0u ? 1 : 0); /* s1 is the smaller */
            for (seen = 0u; bento_sparse_set_join_next(&join); seen++) {
                const uint32_t idx = join.key & 63u;
                const uint16_t *a0 = (const uint16_t *)bento_sparse_set_join_get(&join, order, 0u);
                const uint16_t *a1 = (const uint16_t *)bento_sparse_set_join_get(&join, order ^ 1u, 0u);
                CHECK(idx % 6u == 0u && idx % 12u != 0u);
                CHECK(a0 != NULL && *a0 == idx + 1000u);
                CHECK(a1 != NULL && *a1 == idx + 2000u);
                CHECK_EQ(join.position[order], bento_sparse_set_index_of(&s0, join.key));
            }
            for (i = 0; i < U; i++) {
                pair_expected += i % 6u == 0u && i % 12u != 0u;
            }
            CHECK_EQ(seen, pair_expected);
            CHECK(!bento_sparse_set_join_next(&join));
        }
        sets[0] = &s2;
        sets[1] = &s0;
        sets[2] = &s1;
    }
    /* one set: every key; an empty set ends the join at once */
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 1u), BENTO_OK);
    for (seen = 0u; bento_sparse_set_join_next(&join); seen++) {
    }
    CHECK_EQ(seen, bento_sparse_set_count(&s2));
    bento_sparse_set_clear(&s0);
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 3u), BENTO_OK);
    CHECK(!bento_sparse_set_join_next(&join));
    /* argument errors leave a join that yields nothing */
    sets[1] = NULL;
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 2u), BENTO_E_ARGUMENT);
    CHECK(!bento_sparse_set_join_next(&join));
    CHECK(bento_sparse_set_join_get(&join, 0u, 0u) == NULL);
    sets[1] = &s0;
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 0u), BENTO_E_ARGUMENT);
    CHECK_STATUS(bento_sparse_set_join_init(&join, NULL, 1u), BENTO_E_ARGUMENT);
    for (i = 0; i <= BENTO_SPARSE_SET_JOIN_MAX; i++) {
        sets[i] = &s2;
    }
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, BENTO_SPARSE_SET_JOIN_MAX + 1u),
                 BENTO_E_ARGUMENT);
    CHECK(!bento_sparse_set_join_next(&join));
    CHECK_STATUS(bento_sparse_set_join_init(&join, sets, BENTO_SPARSE_SET_JOIN_MAX), BENTO_OK);
    for (seen = 0u; bento_sparse_set_join_next(&join); seen++) {
        CHECK_EQ(join.position[BENTO_SPARSE_SET_JOIN_MAX - 1u], join.position[0]);
    }
    CHECK_EQ(seen, bento_sparse_set_count(&s2));
}

/* Joins of two sets against the driver's keys looked up one by one: the other set in every
 * shape the pair walk tells apart (ids; handles with 16- and 32-bit entries, a shifted tag,
 * stray bits), either set first, the smaller driving, with driver keys the other set lacks or
 * holds under another generation or with bit 31 flipped. */
static void test_join_pairs(void)
{
    /* the other set's index bits, generation bits and capacity */
    static const uint32_t shapes[6][3] = {
        {32u, 0u, CAP}, /* ids, 16-bit entries */
        {6u, 0u, U},    /* ids: bits above the index are stray; a position one bit wider */
        {6u, 8u, CAP},  /* handles in 16-bit entries, stray bits above */
        {6u, 9u, U},    /* a shifted tag, 16 bits */
        {6u, 26u, CAP}, /* 32-bit entries, no stray bit */
        {6u, 25u, U},   /* 32-bit entries, a shifted tag losing bit 31, which is stray */
    };
    bento_sparse_set driver, other;
    const bento_sparse_set *sets[2];
    bento_sparse_set_join join;
    uint32_t shape, round, order, i, found = 0u;
    for (shape = 0; shape < 6u; shape++) {
        for (round = 0; round < 4u * bento_test_scale(); round++) {
            const uint32_t keep = 1u + bento_test_rand_below(4u); /* of 5, into the driver set */
            CHECK_STATUS(bento_sparse_set_init(&driver, spare, sizeof spare, U, U, 6u, 26u, NULL, 0u),
                         BENTO_OK);
            CHECK_STATUS(bento_sparse_set_init(&other, scratch, sizeof scratch, U, shapes[shape][2],
                                               (unsigned)shapes[shape][0],
                                               (unsigned)shapes[shape][1], NULL, 0u),
                         BENTO_OK);
            for (i = 0; i < U; i++) {
                const uint32_t high = /* a generation, never 0 */
                    bento_test_rand_below(2u) == 0u ? 64u : (bento_test_rand() & ~63u) | 64u;
                const uint32_t key = i | high;
                static const uint32_t flips[4] = {0u, 0u, 1u << 6, 0x80000000u};
                const uint32_t choice = bento_test_rand_below(5u);
                if (bento_test_rand_below(5u) < keep) {
                    CHECK_STATUS(bento_sparse_set_insert(&driver, key, NULL), BENTO_OK);
                }
                if (choice < 4u) { /* one not well formed there, or past its capacity, fails */
                    (void)bento_sparse_set_insert(&other, key ^ flips[choice], NULL);
                }
            }
            for (order = 0; order < 2u; order++) {
                const uint32_t d = bento_sparse_set_count(order == 0u ? &other : &driver) <
                                           bento_sparse_set_count(order == 0u ? &driver : &other)
                                       ? 1u
                                       : 0u; /* the index of the driving set */
                uint32_t at = 0u;
                sets[order] = &driver;
                sets[order ^ 1u] = &other;
                CHECK_STATUS(bento_sparse_set_join_init(&join, sets, 2u), BENTO_OK);
                while (bento_sparse_set_join_next(&join)) {
                    const uint32_t *keys = bento_sparse_set_keys(sets[d]);
                    while (at < bento_sparse_set_count(sets[d]) &&
                           bento_sparse_set_index_of(sets[d ^ 1u], keys[at]) == BENTO_NONE) {
                        at++;
                    }
                    CHECK(at < bento_sparse_set_count(sets[d]));
                    CHECK_EQ(join.key, keys[at]);
                    CHECK_EQ(join.position[d], at);
                    CHECK_EQ(join.position[d ^ 1u], bento_sparse_set_index_of(sets[d ^ 1u], keys[at]));
                    at++;
                    found++;
                }
                while (at < bento_sparse_set_count(sets[d])) { /* none left */
                    CHECK_EQ(bento_sparse_set_index_of(sets[d ^ 1u], bento_sparse_set_keys(sets[d])[at]),
                             BENTO_NONE);
                    at++;
                }
                CHECK(!bento_sparse_set_join_next(&join));
            }
        }
    }
    CHECK(found > 0u);
}

/* ---------------------------------------------------------------- models */

/* Random operations against a naive model: per index, the key present (0 = none). */
static void test_against_model(void)
{
    static uint32_t model[U];
    static uint32_t dead[32];
    bento_sparse_set set, other;
    bento_sparse_set_column cols[3];
    uint32_t step, steps = 2000u * bento_test_scale(), mismatches = 0u, count = 0u, dead_count = 0u;
    uint32_t i;
    init3(&set, cols, CAP);
    CHECK_STATUS(bento_sparse_set_init(&other, spare, sizeof spare, U, U, IDX_BITS, 26u, NULL, 0u),
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
            mismatches += (bento_sparse_set_get(&set, key, 2u) != NULL) != live;
        } else if (op < 95u) {
            /* a sort of a random prefix in a random way */
            const uint32_t n = bento_test_rand_below(count + 1u);
            const uint32_t how = bento_test_rand_below(7u);
            const bento_sparse_set_sort_mode mode = bento_test_rand_below(2u) != 0u
                                                        ? BENTO_SPARSE_SET_SORT_HEAP
                                                        : BENTO_SPARSE_SET_SORT_INSERTION;
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
                mismatches += (i < shared) != (r != BENTO_NONE);
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
            if (model[i] != 0u && (p == BENTO_NONE || !holds(&set, p, model[i] * 7u + 1u))) {
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

/*
 * A set keyed by the handles of a real pool, against a model, while the pool destroys objects
 * and reuses their slots and the set keeps stale handles: the set holds whatever handle was
 * inserted for an index until it is removed, and answers for exactly that handle. Pools of 8
 * slots with 8-bit handles (3 index bits, 5 generation bits: 16 objects per slot), under
 * both policies: a retiring slot's stale handles never come back, a wrapping slot's do after
 * 16 more objects, and the set must agree with the model in both cases.
 */
BENTO_POOL_TYPE_BITS(retiring, item, 8, uint8_t, BENTO_POOL_RETIRE, 3);
BENTO_POOL_TYPE_BITS(wrapping, item, 8, uint8_t, BENTO_POOL_WRAP, 3);
#define RETIRING_TAGS_COLUMNS(X) X(uint32_t, value)
BENTO_SPARSE_SET_TYPE(retiring_tags, retiring_handle, 8, RETIRING_TAGS_COLUMNS); /* capacity 2^3 */
#define WRAPPING_TAGS_COLUMNS(X) X(uint32_t, value)
BENTO_SPARSE_SET_TYPE(wrapping_tags, wrapping_handle, 6, WRAPPING_TAGS_COLUMNS);

/* The null handle, and any key of generation 0, is no key of a set of handles: insert and
 * remove refuse it as malformed, lookups miss it, the real first handle of slot 0 still goes
 * in, and check and open refuse a buffer that holds one; in both entry layouts (a capacity of
 * 2^index_bits keeps the generation one bit higher). The typed form: test_sparse_set_typed.c. */
static void test_null_key_refused(void)
{
    static const uint32_t capacities[2] = {CAP, U};
    const uint32_t first = 1u << IDX_BITS; /* index 0, generation 1: a pool's first handle */
    uint32_t i, position = 0u;
    bento_sparse_set set, again;
    for (i = 0u; i < 2u; i++) {
        CHECK_STATUS(bento_sparse_set_init(&set, spare, sizeof spare, U, capacities[i], IDX_BITS,
                                           GEN_BITS, NULL, 0u),
                     BENTO_OK);
        CHECK_STATUS(bento_sparse_set_insert(&set, 0u, &position), BENTO_E_ARGUMENT);
        CHECK_EQ(position, BENTO_NONE);
        CHECK_STATUS(bento_sparse_set_insert(&set, 5u, NULL), BENTO_E_ARGUMENT); /* generation 0 */
        CHECK(!bento_sparse_set_contains(&set, 0u));
        CHECK_STATUS(bento_sparse_set_remove(&set, 0u), BENTO_E_ARGUMENT);
        CHECK_STATUS(bento_sparse_set_insert(&set, first, NULL), BENTO_OK);
        CHECK_STATUS(bento_sparse_set_insert(&set, 0u, NULL), BENTO_E_ARGUMENT); /* not EXISTS */
        CHECK(bento_sparse_set_contains(&set, first) && !bento_sparse_set_contains(&set, 0u));
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
        /* a buffer holding a key of generation 0, its entry made to agree */
        set.dense[0] = 0u;
        if (set.wide != 0u) {
            ((uint32_t *)(void *)set.sparse)[0] = 0u; /* tag 0, position 0 */
        } else {
            ((uint16_t *)(void *)set.sparse)[0] = 0u;
        }
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_E_CORRUPT);
        CHECK_STATUS(bento_sparse_set_open(&again, spare, sizeof spare, NULL, 0u), BENTO_E_CORRUPT);
    }
}

#define HANDLE_MODEL(pool_t, set_t, policy_name)                                                  \
    static void model_##set_t(void)                                                               \
    {                                                                                             \
        static pool_t pool;                                                                       \
        static set_t set;                                                                         \
        static uint32_t held[8];   /* raw handle the set holds per slot index, 0: none */         \
        static uint32_t live[8];   /* live handle of the pool per slot index, 0: none */          \
        static uint32_t seen[32];  /* handles handed out, for stale lookups */                    \
        uint32_t step, steps = 3000u * bento_test_scale(), mismatches = 0u, count = 0u;           \
        uint32_t seen_count = 0u, stale_checked = 0u, retired_or_wrapped = 0u, i;                 \
        CHECK_STATUS(pool_t##_init(&pool), BENTO_OK);                                             \
        CHECK_STATUS(set_t##_init(&set), BENTO_OK);                                               \
        for (i = 0; i < 8u; i++) {                                                                \
            held[i] = 0u;                                                                         \
            live[i] = 0u;                                                                         \
        }                                                                                         \
        for (step = 0; step < steps && mismatches == 0u; step++) {                                \
            const uint32_t op = bento_test_rand_below(100u);                                      \
            if (op < 30u) { /* a new object */                                                    \
                pool_t##_handle h;                                                                \
                if (pool_t##_create(&pool, &h, NULL) == BENTO_OK) {                               \
                    const uint32_t index = pool_t##_handle_index(h);                              \
                    retired_or_wrapped += held[index] == h.raw;                                   \
                    live[index] = h.raw;                                                          \
                    seen[seen_count++ & 31u] = h.raw;                                             \
                }                                                                                 \
            } else if (op < 55u) { /* a live object gets a component */                           \
                const uint32_t index = bento_test_rand_below(8u);                                 \
                if (live[index] != 0u) {                                                          \
                    const pool_t##_handle h = pool_t##_handle_from_raw(live[index]);              \
                    set_t##_row row;                                                              \
                    const bento_status want = held[index] != 0u ? BENTO_E_EXISTS                  \
                                              : count == set_t##_capacity(&set) ? BENTO_E_FULL    \
                                                                                : BENTO_OK;       \
                    const bento_status got = set_t##_insert(&set, h, &row);                       \
                    mismatches += got != want;                                                    \
                    if (got == BENTO_OK) {                                                        \
                        *row.value = h.raw * 3u;                                                  \
                        held[index] = h.raw;                                                      \
                        count++;                                                                  \
                    }                                                                             \
                }                                                                                 \
            } else if (op < 75u) { /* destroy an object; its component stays half the time */     \
                const uint32_t index = bento_test_rand_below(8u);                                 \
                if (live[index] != 0u) {                                                          \
                    const pool_t##_handle h = pool_t##_handle_from_raw(live[index]);              \
                    mismatches += pool_t##_destroy(&pool, h) != BENTO_OK;                         \
                    live[index] = 0u;                                                             \
                    if (held[index] == h.raw && bento_test_rand_below(2u) == 0u) {                \
                        mismatches += set_t##_remove(&set, h) != BENTO_OK;                        \
                        held[index] = 0u;                                                         \
                        count--;                                                                  \
                    }                                                                             \
                }                                                                                 \
            } else if (op < 85u) { /* remove whatever the set holds for a slot */                 \
                const uint32_t index = bento_test_rand_below(8u);                                 \
                if (held[index] != 0u) {                                                          \
                    mismatches += set_t##_remove(&set, pool_t##_handle_from_raw(held[index])) !=  \
                                  BENTO_OK;                                                       \
                    held[index] = 0u;                                                             \
                    count--;                                                                      \
                }                                                                                 \
            } else { /* a handle seen before: live, stale, or held stale */                       \
                if (seen_count != 0u) {                                                           \
                    const uint32_t raw = seen[bento_test_rand_below(seen_count < 32u ? seen_count : 32u)]; \
                    const pool_t##_handle h = pool_t##_handle_from_raw(raw);                      \
                    const uint32_t index = pool_t##_handle_index(h);                              \
                    const bool has = held[index] == raw;                                          \
                    const uint32_t *v = set_t##_get(&set, h).value;                               \
                    stale_checked += !has && held[index] != 0u;                                   \
                    mismatches += set_t##_contains(&set, h) != has;                               \
                    mismatches += has ? v == NULL || *v != raw * 3u : v != NULL;                  \
                    mismatches += (set_t##_index_of(&set, h) != BENTO_NONE) != has;               \
                    if (!has) {                                                                   \
                        mismatches += set_t##_remove(&set, h) != BENTO_E_NOT_FOUND;               \
                        mismatches += set_t##_insert(&set, h, NULL) !=                            \
                                      (held[index] != 0u ? BENTO_E_EXISTS                         \
                                       : count == set_t##_capacity(&set) ? BENTO_E_FULL           \
                                                                         : BENTO_OK);             \
                        if (held[index] == 0u && count < set_t##_capacity(&set)) {                \
                            *set_t##_get(&set, h).value = raw * 3u;                               \
                            held[index] = raw;                                                    \
                            count++;                                                              \
                        }                                                                         \
                    }                                                                             \
                }                                                                                 \
            }                                                                                     \
            mismatches += set_t##_count(&set) != count;                                           \
            for (i = 0; i < 8u; i++) {                                                            \
                if (held[i] != 0u) {                                                              \
                    const uint32_t *v = set_t##_get(&set, pool_t##_handle_from_raw(held[i])).value; \
                    mismatches += v == NULL || *v != held[i] * 3u;                                \
                }                                                                                 \
            }                                                                                     \
            if ((step & 31u) == 0u) {                                                             \
                mismatches += set_t##_check(&set) != BENTO_OK;                                    \
            }                                                                                     \
            if (mismatches != 0u) {                                                               \
                bento_test_print("handle-keyed set model (" policy_name "): first mismatch at step "); \
                bento_test_print_u64(step);                                                       \
                bento_test_print(", seed ");                                                      \
                bento_test_print_u64(bento_test_seed());                                          \
                bento_test_print("\n");                                                           \
            }                                                                                     \
        }                                                                                         \
        CHECK_EQ(mismatches, 0);                                                                  \
        CHECK(stale_checked > 0u); /* stale handles were looked up while a newer one was held */  \
        CHECK_STATUS(set_t##_check(&set), BENTO_OK);                                              \
        (void)retired_or_wrapped;                                                                 \
    }
HANDLE_MODEL(retiring, retiring_tags, "retire")
HANDLE_MODEL(wrapping, wrapping_tags, "wrap")

static void test_handle_model(void)
{
    model_retiring_tags();
    model_wrapping_tags();
}

/* ---------------------------------------------------------------- 32-bit entries at scale */

#if UINTPTR_MAX > 0xffffffffu
/* More than 65535 elements only fit in a host's memory. */
static void test_wide(void)
{
    enum { WU = (uint32_t)1u << 17, WCAP = 70000u };
    static bento_align_unit wmem[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(WU, WCAP, 17, 15, 1))];
    static uint32_t values[WCAP];
    bento_sparse_set set;
    bento_sparse_set_column col;
    uint32_t i, mismatches = 0u;
    col = column(values, sizeof values, 4u);
    CHECK_EQ(BENTO_SPARSE_SET_BYTES(WU, WCAP, 17, 15, 1),
             BENTO_IMPL_SPARSE_SET_HEAD(1u) + (size_t)WCAP * 4u + (size_t)WU * 4u);
    CHECK_STATUS(bento_sparse_set_init(&set, wmem, sizeof wmem, WU, WCAP, 17u, 15u, &col, 1u), BENTO_OK);
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
    CHECK_STATUS(bento_sparse_set_sort(&set, bento_sparse_set_count(&set), BENTO_SPARSE_SET_BY_KEY,
                                       NULL, NULL, BENTO_SPARSE_SET_SORT_HEAP), BENTO_OK);
    for (i = 0; i < bento_sparse_set_count(&set); i++) {
        mismatches += values[i] != (set.dense[i] ^ 0xabcdu) ||
                      (i > 0u && set.dense[i - 1u] >= set.dense[i]);
    }
    CHECK_EQ(mismatches, 0);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* the scratch sorts with 32-bit entries: descending by the column, then ascending keys */
    {
        static bento_align_unit wscratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(WCAP))];
        CHECK_STATUS(bento_sparse_set_sort_merge(&set, bento_sparse_set_count(&set), 0u, descending_u32,
                                                 NULL, wscratch, sizeof wscratch), BENTO_OK);
        for (i = 1; i < bento_sparse_set_count(&set); i++) {
            mismatches += values[i - 1u] < values[i];
        }
        CHECK_STATUS(bento_sparse_set_sort_radix(&set, bento_sparse_set_count(&set), wscratch,
                                                 sizeof wscratch), BENTO_OK);
        for (i = 0; i < bento_sparse_set_count(&set); i++) {
            mismatches += values[i] != (set.dense[i] ^ 0xabcdu) ||
                          (i > 0u && set.dense[i - 1u] >= set.dense[i]);
        }
        CHECK_EQ(mismatches, 0);
        CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    }
}
#endif

void test_sparse_set(void)
{
    test_null_key_refused();
    test_init_statuses();
    test_bytes_agree();
    test_failed_init_is_inert();
    test_row_limit();
    test_basic();
    test_entries();
    test_check_detects_corruption();
    test_confinement();
    test_open();
#if BENTO_POWER_SAFE
    test_journal_recovery();
    test_sort_recovery();
#endif
    test_sort();
    test_sort_as();
    test_stray_bit_31();
    test_sort_as_keeps_own_keys();
    test_sort_long_rows();
    test_join();
    test_join_pairs();
    test_against_model();
    test_handle_model();
#if UINTPTR_MAX > 0xffffffffu
    test_wide();
#endif
}
