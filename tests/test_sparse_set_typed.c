/* SPDX-License-Identifier: MIT */
/* Tests of bento/sparse_set.h's typed sets: keyed by pool handles and by ids, their columns,
 * sorts and joins (up to nine sets), open, and insert_from. The generic set: test_sparse_set.c. */
#include "sparse_set_tests.h"

/* Buffers for the generic set under the typed ones (test_insert_from) and the sorts. */
static bento_align_unit mem[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(U, CAP, IDX_BITS, 26, 3)) + 1u];
static bento_align_unit col_a[BENTO_ALIGN_UNITS(CAP * 4u) + 1u];
static bento_align_unit col_c[BENTO_ALIGN_UNITS(CAP * sizeof(vec3))];
static bento_align_unit scratch[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_RADIX_BYTES(12))]; /* bodies */

/* ---------------------------------------------------------------- typed sets */

/* A pool of 30 (5 index bits, 11 generation bits in 16-bit handles) and sets keyed by its
 * handles: two columns; none; four; and a set of plain ids. */
BENTO_POOL_TYPE(actors, item, 30, uint16_t, BENTO_POOL_RETIRE);
#define BODIES_COLUMNS(X) X(vec2, pos) X(vec2, vel)
BENTO_SPARSE_SET_TYPE(bodies, actors_handle, 12, BODIES_COLUMNS);
BENTO_SPARSE_SET_TYPE(marks, actors_handle, 8);
#define LOOKS_COLUMNS(X) X(uint8_t, shade) X(vec3, tint) X(uint16_t, frame) X(double, weight)
BENTO_SPARSE_SET_TYPE(looks, actors_handle, 32, LOOKS_COLUMNS);
#define CELLS_COLUMNS(X) X(int32_t, heat)
BENTO_SPARSE_SET_TYPE_IDS(cells, 100, 10, CELLS_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(moving, bodies, looks);
BENTO_SPARSE_SET_JOIN_TYPE(marked, bodies, marks, looks);

/* A typed set of 18 columns of mixed sizes, and a typed join of 9 sets driven by one in the
 * middle: no small caps on either. */
#define WIDE_COLUMNS(X)                                                                            \
    X(uint8_t, c0) X(uint32_t, c1) X(uint16_t, c2) X(double, c3) X(uint8_t, c4) X(vec3, c5)       \
    X(uint64_t, c6) X(uint8_t, c7) X(uint32_t, c8) X(uint16_t, c9) X(float, c10) X(uint8_t, c11)  \
    X(vec2, c12) X(uint32_t, c13) X(uint8_t, c14) X(uint16_t, c15) X(uint32_t, c16) X(uint8_t, c17)
BENTO_SPARSE_SET_TYPE_IDS(wides, 64, 16, WIDE_COLUMNS);
#define NINE_COLUMN(X) X(uint32_t, v)
/* The nine sets' universe, sized from the RAM (bento_test.h): 64 ids where there is room. */
#define NINE_IDS BENTO_TEST_FIT(64u, 36u, BENTO_TEST_DATA_BYTES / 3u)
BENTO_SPARSE_SET_TYPE_IDS(n0, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n1, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n2, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n3, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n4, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n5, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n6, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n7, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_TYPE_IDS(n8, NINE_IDS, 16, NINE_COLUMN);
BENTO_SPARSE_SET_JOIN_TYPE(nine, n0, n1, n2, n3, n4, n5, n6, n7, n8);

/* Shared by the typed tests, one after another. */
static actors world;
static bodies body_set;
static union {
    looks look_set;
    cells cell_set;
    union { /* the wide set, then the nine (test_typed_wide) */
        wides w;
        struct {
            n0 s0;
            n1 s1;
            n2 s2;
            n3 s3;
            n4 s4;
            n5 s5;
            n6 s6;
            n7 s7;
            n8 s8;
        } nine;
    } wide_sets;
    bodies copy; /* test_typed_open */
} other_sets;
static marks mark_set;

static void test_typed(void)
{
    actors *const w = &world;
    bodies *const b = &body_set;
    marks *const m = &mark_set;
    looks *const l = &other_sets.look_set;
    actors_handle h[16];
    bodies_row row;
    looks_row look;
    uint32_t i;
    CHECK_STATUS(actors_init(w), BENTO_OK);
    CHECK_STATUS(bodies_init(b), BENTO_OK);
    CHECK_STATUS(marks_init(m), BENTO_OK);
    CHECK_STATUS(looks_init(l), BENTO_OK);
    CHECK_EQ(bodies_capacity(b), 12);
    CHECK_EQ(bodies_generic(b)->universe, 32); /* 2^5: the handles' index bits */
    CHECK_EQ(bodies_generic(b)->wide, 0);      /* 4 position bits + 11 generation bits */
    CHECK_EQ(looks_generic(l)->wide, 1);       /* capacity 2^5: 6 + 11 bits */
    CHECK_EQ(BENTO_SPARSE_SET_COLUMN(bodies, pos), 0);
    CHECK_EQ(BENTO_SPARSE_SET_COLUMN(bodies, vel), 1);
    CHECK_EQ(BENTO_SPARSE_SET_COLUMN(looks, weight), 3);
    for (i = 0; i < 16u; i++) {
        CHECK_STATUS(actors_create(w, &h[i], NULL), BENTO_OK);
    }
    /* insert hands out the row, uninitialised */
    for (i = 0; i < 12u; i++) {
        CHECK_STATUS(bodies_insert(b, h[i], &row), BENTO_OK);
        CHECK(row.pos == bodies_columns(b).pos + i && row.vel == bodies_columns(b).vel + i);
        row.pos->x = (int32_t)i;
        row.pos->y = 1;
        row.vel->x = 2;
        row.vel->y = -(int32_t)i;
    }
    CHECK_STATUS(bodies_insert(b, h[12], &row), BENTO_E_FULL);
    CHECK(row.pos == NULL && row.vel == NULL);
    CHECK_STATUS(bodies_insert(b, h[3], &row), BENTO_E_EXISTS);
    CHECK(row.pos == NULL);
    CHECK_STATUS(bodies_insert(b, h[3], NULL), BENTO_E_EXISTS);
    CHECK_EQ(bodies_count(b), 12);
    /* lookups: by key, by position, as arrays */
    CHECK(bodies_contains(b, h[5]));
    CHECK(!bodies_contains(b, h[13]));
    CHECK(!bodies_contains(b, actors_handle_null()));
    /* the null handle is no key: refused as malformed, not as taken */
    CHECK_STATUS(marks_insert(m, actors_handle_null()), BENTO_E_ARGUMENT);
    CHECK_STATUS(marks_remove(m, actors_handle_null()), BENTO_E_ARGUMENT);
    CHECK_EQ(bodies_index_of(b, h[5]), 5);
    CHECK_EQ(bodies_index_of(b, h[13]), BENTO_NONE);
    CHECK_EQ(first_of(bodies_get(b, h[7]).pos), 7);
    CHECK_EQ(second_of(bodies_get(b, h[7]).vel), -7);
    CHECK(bodies_get(b, h[14]).pos == NULL);
    CHECK(bodies_get(b, h[14]).vel == NULL);
    CHECK(bodies_row_at(b, 11).pos == bodies_columns(b).pos + 11);
    CHECK(bodies_row_at(b, 12).pos == NULL);
    CHECK(bodies_row_at(b, 0).vel == bodies_columns(b).vel);
    CHECK(bodies_row_at(b, BENTO_NONE).vel == NULL);
    CHECK(actors_handle_eq(bodies_key_at(b, 4), h[4]));
    CHECK(actors_handle_is_null(bodies_key_at(b, 12)));
    CHECK_EQ(bodies_keys(b)[4], h[4].raw);
    row = bodies_row_at(b, 2);
    CHECK(row.pos == bodies_columns(b).pos + 2 && row.vel == bodies_columns(b).vel + 2);
    row = bodies_row_at(b, 12);
    CHECK(row.pos == NULL && row.vel == NULL);
    /* a stale handle: the same slot, an older generation */
    CHECK_STATUS(bodies_remove(b, h[1]), BENTO_OK);
    CHECK_STATUS(actors_destroy(w, h[1]), BENTO_OK);
    CHECK_STATUS(bodies_remove(b, h[1]), BENTO_E_NOT_FOUND);
    CHECK_EQ(first_of(bodies_get(b, h[11]).pos), 11); /* moved into the hole */
    CHECK_EQ(bodies_index_of(b, h[11]), 1);
    CHECK_EQ(bodies_check(b), BENTO_OK);
    /* the columns by index through the generic sorts: descending pos.x */
    CHECK_STATUS(bodies_sort(b, bodies_count(b), BENTO_SPARSE_SET_BY_KEY, NULL, NULL,
                             BENTO_SPARSE_SET_SORT_INSERTION),
                 BENTO_OK);
    for (i = 1; i < bodies_count(b); i++) {
        CHECK(bodies_keys(b)[i - 1u] < bodies_keys(b)[i]);
    }
    CHECK_STATUS(bodies_sort_merge(b, bodies_count(b), BENTO_SPARSE_SET_COLUMN(bodies, pos), ascending_u32, NULL,
                                   scratch, sizeof scratch),
                 BENTO_OK);
    for (i = 0; i < bodies_count(b); i++) {
        CHECK_EQ(bodies_columns(b).pos[i].x, i < 1u ? 0 : (int32_t)i + 1);
        CHECK_EQ(bodies_columns(b).vel[i].y, -bodies_columns(b).pos[i].x);
    }
    CHECK_STATUS(bodies_sort_radix(b, bodies_count(b), scratch, sizeof scratch), BENTO_OK);
    CHECK_STATUS(bodies_sort_radix(b, 13u, scratch, sizeof scratch), BENTO_E_ARGUMENT);
    /* a keys-only set, a four-column set */
    for (i = 0; i < 8u; i++) {
        CHECK_STATUS(marks_insert(m, h[2u * i]), BENTO_OK);
    }
    CHECK_STATUS(marks_insert(m, h[1]), BENTO_E_FULL);
    CHECK_STATUS(marks_remove(m, h[15]), BENTO_E_NOT_FOUND);
    CHECK(marks_contains(m, h[14]) && !marks_contains(m, h[13]));
    CHECK_EQ(marks_check(m), BENTO_OK);
    for (i = 0; i < 16u; i++) {
        CHECK_STATUS(looks_insert(l, h[15u - i], &look), BENTO_OK);
        *look.shade = (uint8_t)i;
        look.tint->x = (int32_t)i;
        look.tint->z = 3;
        *look.frame = (uint16_t)(1000u + i);
        *look.weight = 0.5 * (double)i;
    }
    CHECK(looks_get(l, h[15]).shade == looks_columns(l).shade);
    CHECK_EQ(first_of(looks_get(l, h[14]).tint), 1);
    CHECK_EQ(*looks_row_at(l, 2).frame, 1002);
    CHECK(looks_row_at(l, 3).weight != NULL && *looks_row_at(l, 3).weight == 1.5);
    CHECK(looks_row_at(l, 16).shade == NULL);
    look = looks_row_at(l, 15);
    CHECK(look.tint == looks_columns(l).tint + 15 && look.frame == looks_columns(l).frame + 15 &&
          look.shade == looks_columns(l).shade + 15 && look.weight == looks_columns(l).weight + 15);
    /* the typed joins: two sets, three sets with a keys-only one (the looks in another order
       than the bodies, so each set's position of a key differs) */
    {
        moving j2;
        marked j3;
        uint32_t seen = 0u, differ = 0u;
        moving_init(&j2, b, l);
        while (moving_next(&j2)) {
            differ += bodies_index_of(b, j2.key) != looks_index_of(l, j2.key);
            CHECK(j2.bodies.pos == bodies_get(b, j2.key).pos);
            CHECK(j2.looks.weight == looks_get(l, j2.key).weight);
            CHECK_EQ(j2.looks.tint->x, 15 - (int32_t)actors_handle_index(j2.key));
            seen++;
        }
        CHECK_EQ(seen, bodies_count(b)); /* every body has a look */
        CHECK(differ > 0u);
        CHECK(!moving_next(&j2));
        marked_init(&j3, b, m, l);
        seen = 0u;
        while (marked_next(&j3)) {
            CHECK(marks_contains(m, j3.key) && bodies_contains(b, j3.key));
            CHECK(j3.looks.frame == looks_get(l, j3.key).frame);
            CHECK(j3.bodies.vel == bodies_get(b, j3.key).vel);
            seen++;
        }
        CHECK_EQ(seen, 6); /* the even handles 0..10: those with a body and a mark */
    }
    /* sort_as: the looks in the bodies' order, then the rest */
    CHECK_STATUS(looks_sort_as(l, bodies_generic(b)), BENTO_OK);
    for (i = 0; i < bodies_count(b); i++) {
        CHECK(actors_handle_eq(looks_key_at(l, i), bodies_key_at(b, i)));
        CHECK_EQ(first_of(looks_get(l, bodies_key_at(b, i)).tint), 15 - (int32_t)actors_handle_index(bodies_key_at(b, i)));
    }
    CHECK_EQ(looks_check(l), BENTO_OK);
    /* clear and count */
    looks_clear(l);
    CHECK_EQ(looks_count(l), 0);
    CHECK(!looks_contains(l, h[0]));
    CHECK_EQ(looks_check(l), BENTO_OK);
}

static void test_typed_ids(void)
{
    cells *const c = &other_sets.cell_set;
    cells_row row;
    uint32_t i;
    CHECK_STATUS(cells_init(c), BENTO_OK);
    CHECK_EQ(cells_generic(c)->universe, 100);
    for (i = 0; i < 10u; i++) {
        CHECK_STATUS(cells_insert(c, i * 11u, &row), BENTO_OK);
        *row.heat = (int32_t)i;
    }
    CHECK_STATUS(cells_insert(c, 5u, NULL), BENTO_E_FULL);
    CHECK_STATUS(cells_remove(c, 99u), BENTO_OK);
    CHECK_STATUS(cells_insert(c, 100u, NULL), BENTO_E_ARGUMENT);
    CHECK_STATUS(cells_insert(c, 0u, NULL), BENTO_E_EXISTS);
    CHECK_EQ(at_i32(cells_get(c, 44u).heat, -1), 4);
    CHECK(cells_get(c, 45u).heat == NULL);
    CHECK(cells_get(c, 1000u).heat == NULL);
    CHECK_EQ(cells_key_at(c, 2), 22);
    CHECK_EQ(cells_key_at(c, 9), BENTO_NONE);
    CHECK_EQ(cells_index_of(c, 88u), 8);
    CHECK(cells_row_at(c, 0).heat == cells_columns(c).heat);
    CHECK_STATUS(cells_sort(c, cells_count(c), BENTO_SPARSE_SET_COLUMN(cells, heat), ascending_u32, NULL,
                            BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    CHECK_EQ(cells_check(c), BENTO_OK);
}

/* Set i of the nine holds the multiples of 4 but those where k + i is a multiple of 11; set 4
 * only every third of them. */
static bool nine_has(uint32_t i, uint32_t k)
{
    return k % 4u == 0u && (k + i) % 11u != 0u && (i != 4u || k % 3u == 0u);
}

static void test_typed_wide(void)
{
    wides *const w = &other_sets.wide_sets.w;
    n0 *const s0 = &other_sets.wide_sets.nine.s0;
    n1 *const s1 = &other_sets.wide_sets.nine.s1;
    n2 *const s2 = &other_sets.wide_sets.nine.s2;
    n3 *const s3 = &other_sets.wide_sets.nine.s3;
    n4 *const s4 = &other_sets.wide_sets.nine.s4;
    n5 *const s5 = &other_sets.wide_sets.nine.s5;
    n6 *const s6 = &other_sets.wide_sets.nine.s6;
    n7 *const s7 = &other_sets.wide_sets.nine.s7;
    n8 *const s8 = &other_sets.wide_sets.nine.s8;
    bento_sparse_set *const g[9] = {&s0->generic_, &s1->generic_, &s2->generic_, &s3->generic_,
                                    &s4->generic_, &s5->generic_, &s6->generic_, &s7->generic_,
                                    &s8->generic_};
    static const wides_elements zero;
    wides_elements e = zero;
    nine j;
    uint32_t i, k, seen = 0u, expected = 0u;
    CHECK_STATUS(wides_init(w), BENTO_OK);
    CHECK_EQ(BENTO_SPARSE_SET_COLUMN(wides, c0), 0);
    CHECK_EQ(BENTO_SPARSE_SET_COLUMN(wides, c17), 17);
    for (k = 0; k < 16u; k++) {
        e.c0 = (uint8_t)k;
        e.c6 = 1000u + k;
        e.c12.y = (int32_t)k;
        e.c13 = 15u - k;
        e.c17 = (uint8_t)(k + 1u);
        CHECK_STATUS(wides_insert_from(w, k, &e), BENTO_OK);
    }
    CHECK_STATUS(wides_insert_from(w, 41u, &e), BENTO_E_FULL);
    CHECK_STATUS(wides_remove(w, 3u), BENTO_OK); /* key 15's row moves into the hole */
    CHECK_EQ(*wides_get(w, 15u).c17, 16);
    CHECK_EQ(wides_row_at(w, 3u).c12->y, 15);
    CHECK(wides_get(w, 3u).c6 == NULL);
    CHECK(wides_columns(w).c6 + 5 == wides_get(w, 5u).c6);
    /* the columns do not overlap: every row reads back whole after the sort by c13 */
    CHECK_STATUS(wides_sort(w, wides_count(w), BENTO_SPARSE_SET_COLUMN(wides, c13), ascending_u32,
                            NULL, BENTO_SPARSE_SET_SORT_HEAP),
                 BENTO_OK);
    for (i = 0; i < wides_count(w); i++) {
        const wides_row r = wides_row_at(w, i);
        k = wides_key_at(w, i);
        CHECK(*r.c0 == k && *r.c6 == 1000u + k && r.c12->y == (int32_t)k && *r.c17 == k + 1u);
        CHECK(i == 0u || r.c13[-1] < *r.c13);
    }
    CHECK_STATUS(wides_open(w), BENTO_OK); /* from its storage alone */
    CHECK_EQ(*wides_get(w, 15u).c6, 1015);
    CHECK_EQ(wides_check(w), BENTO_OK);

    CHECK_STATUS(n0_init(s0), BENTO_OK);
    CHECK_STATUS(n1_init(s1), BENTO_OK);
    CHECK_STATUS(n2_init(s2), BENTO_OK);
    CHECK_STATUS(n3_init(s3), BENTO_OK);
    CHECK_STATUS(n4_init(s4), BENTO_OK);
    CHECK_STATUS(n5_init(s5), BENTO_OK);
    CHECK_STATUS(n6_init(s6), BENTO_OK);
    CHECK_STATUS(n7_init(s7), BENTO_OK);
    CHECK_STATUS(n8_init(s8), BENTO_OK);
    for (k = 0; k < NINE_IDS; k++) {
        bool all = true;
        for (i = 0; i < 9u; i++) {
            if (nine_has(i, k)) {
                uint32_t at;
                CHECK_STATUS(bento_sparse_set_insert(g[i], k, &at), BENTO_OK);
                ((uint32_t *)bento_sparse_set_values(g[i], 0u))[at] = k * 100u + i;
            }
            all = all && nine_has(i, k);
        }
        expected += all;
    }
    nine_init(&j, s0, s1, s2, s3, s4, s5, s6, s7, s8);
    CHECK_EQ(j.driver_, 4);
    while (nine_next(&j)) {
        CHECK(*j.n0.v == j.key * 100u && *j.n4.v == j.key * 100u + 4u && *j.n8.v == j.key * 100u + 8u);
        for (i = 0; i < 9u; i++) {
            CHECK(nine_has(i, j.key));
        }
        seen++;
    }
    CHECK_EQ(expected, 2); /* 12 and 24 */
    CHECK_EQ(seen, expected);
}

/* A typed set reopens from its own storage alone; another type's storage is refused. */
static void test_typed_open(void)
{
    bodies *const copy_ = &other_sets.copy;
#define copy (*copy_)
    bodies *const b = &body_set;
    marks *const m = &mark_set;
    bento_sparse_set generic;
    bento_sparse_set_column cols[2];
    actors_handle h = bodies_key_at(b, 0);
    const int32_t x = bodies_columns(b).pos[0].x;
    uint32_t i;
    copy = *b; /* as a save file or retained RAM would hold it */
    CHECK_STATUS(bodies_open(&copy), BENTO_OK);
    CHECK_EQ(bodies_count(&copy), bodies_count(b));
    CHECK(bodies_get(&copy, h).pos != bodies_get(b, h).pos);
    CHECK_EQ(first_of(bodies_get(&copy, h).pos), x);
    CHECK_STATUS(bodies_remove(&copy, h), BENTO_OK);
    CHECK(bodies_contains(b, h)); /* the original has its own storage */
    CHECK_EQ(bodies_check(&copy), BENTO_OK);
    /* the generic open over the typed storage, with descriptors of the same sizes */
    cols[0] = column(bodies_columns(&copy).pos, 12u * sizeof(vec2), sizeof(vec2));
    cols[1] = column(bodies_columns(&copy).vel, 12u * sizeof(vec2), sizeof(vec2));
    CHECK_STATUS(bento_sparse_set_open(&generic, copy.storage_, sizeof copy.storage_, cols, 2u),
                 BENTO_OK);
    CHECK_EQ(bento_sparse_set_count(&generic), bodies_count(&copy));
    CHECK(bento_sparse_set_get(&generic, bodies_keys(&copy)[0], 1u) == bodies_columns(&copy).vel);
    /* a marks set's bytes in a bodies set's storage: another type */
    for (i = 0; i < sizeof m->storage_ && i < sizeof copy.storage_; i++) {
        ((unsigned char *)copy.storage_)[i] = ((const unsigned char *)m->storage_)[i];
    }
    CHECK_STATUS(bodies_open(&copy), BENTO_E_CORRUPT);
    CHECK_EQ(bodies_capacity(&copy), 0);
    CHECK(!bodies_contains(&copy, h));
    CHECK(bodies_get(&copy, h).pos == NULL);
    CHECK_STATUS(bodies_insert(&copy, h, NULL), BENTO_E_FULL);
    CHECK_STATUS(bodies_remove(&copy, h), BENTO_E_NOT_FOUND);
    CHECK_EQ(bodies_check(&copy), BENTO_OK);
    /* a sound set of the same columns but another capacity: the type's open refuses it */
    CHECK_STATUS(bento_sparse_set_init(&generic, copy.storage_, sizeof copy.storage_, 32u, 11u, 5u,
                                       11u, cols, 2u),
                 BENTO_OK);
    CHECK_STATUS(bodies_open(&copy), BENTO_E_CORRUPT);
    CHECK(is_inert((const bento_sparse_set *)(const void *)&copy));
    CHECK_STATUS(bodies_init(&copy), BENTO_OK);
    CHECK_STATUS(bodies_open(&copy), BENTO_OK);
#undef copy
}

/* insert_from: the key and its row stored together; every status insert answers, and a NULL
 * element; generic and typed. */
static void test_insert_from(void)
{
    bento_sparse_set set;
    bento_sparse_set_column cols[2];
    const uint32_t a = key_of(5u, 1u), b = key_of(9u, 2u);
    const uint32_t ua = 0x11223344u;
    const vec3 va = {1, -2, 3};
    const void *elements[2];
    const void *holes[2];
    uint32_t position = 99u;
    bodies *const typed = &body_set;
    bodies_elements e;
    actors_handle h[2];
    cols[0] = column(col_a, sizeof col_a, 4u);
    cols[1] = column(col_c, sizeof col_c, sizeof(vec3));
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 1u, IDX_BITS, GEN_BITS, cols, 2u),
                 BENTO_OK);
    elements[0] = &ua;
    elements[1] = &va;
    holes[0] = &ua;
    holes[1] = NULL;
    CHECK_STATUS(bento_sparse_set_insert_from(&set, (uint32_t)1u << 16, elements, &position),
                 BENTO_E_ARGUMENT);
    CHECK_EQ(position, BENTO_NONE);
    CHECK_STATUS(bento_sparse_set_insert_from(&set, a, holes, &position), BENTO_E_ARGUMENT);
    CHECK_EQ(position, BENTO_NONE);
    CHECK_EQ(bento_sparse_set_count(&set), 0);
    CHECK_STATUS(bento_sparse_set_insert_from(&set, a, elements, &position), BENTO_OK);
    CHECK_EQ(position, 0);
    CHECK_EQ(at_u32(bento_sparse_set_get(&set, a, 0u), 0), 0x11223344u);
    CHECK_EQ(first_of(bento_sparse_set_get(&set, a, 1u)), 1);
    CHECK_EQ(((const vec3 *)bento_sparse_set_get(&set, a, 1u))->z, 3);
    CHECK_STATUS(bento_sparse_set_insert_from(&set, key_of(5u, 3u), elements, NULL), BENTO_E_EXISTS);
    CHECK_STATUS(bento_sparse_set_insert_from(&set, b, elements, &position), BENTO_E_FULL);
    CHECK_EQ(position, BENTO_NONE);
    CHECK_STATUS(bento_sparse_set_check(&set), BENTO_OK);
    /* a set without columns reads no element */
    CHECK_STATUS(bento_sparse_set_init(&set, mem, sizeof mem, U, 2u, IDX_BITS, GEN_BITS, NULL, 0u),
                 BENTO_OK);
    CHECK_STATUS(bento_sparse_set_insert_from(&set, b, holes + 1, NULL), BENTO_OK);
    CHECK(bento_sparse_set_contains(&set, b));
    /* typed */
    CHECK_STATUS(actors_init(&world), BENTO_OK);
    CHECK_STATUS(bodies_init(typed), BENTO_OK);
    CHECK_STATUS(actors_create(&world, &h[0], NULL), BENTO_OK);
    CHECK_STATUS(actors_create(&world, &h[1], NULL), BENTO_OK);
    e.pos.x = 7;
    e.pos.y = 8;
    e.vel.x = -1;
    e.vel.y = -2;
    CHECK_STATUS(bodies_insert(typed, h[0], NULL), BENTO_OK);
    CHECK_STATUS(bodies_insert_from(typed, h[1], &e), BENTO_OK);
    CHECK_STATUS(bodies_insert_from(typed, h[1], &e), BENTO_E_EXISTS);
    CHECK_EQ(bodies_index_of(typed, h[1]), 1);
    CHECK_EQ(first_of(bodies_get(typed, h[1]).pos), 7);
    CHECK_EQ(second_of(bodies_get(typed, h[1]).vel), -2);
    CHECK_STATUS(bodies_check(typed), BENTO_OK);
}

void test_sparse_set_typed(void)
{
    test_typed();
    test_typed_ids();
    test_typed_wide();
    test_typed_open();
    test_insert_from();
}
