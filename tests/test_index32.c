/* SPDX-License-Identifier: MIT */
/* Tests of bento/index.h, 32-bit keys (bento_index32_*): the same tests as the 64-bit index's,
 * from index_tests.h, since both widths are one implementation. */
#include <bento/index.h>
#include <bento/pool.h>

#define IXT bento_index32
#define IXT_ITER bento_index32_iter
#define IXT_KEY uint32_t
#define F(n) bento_index32_##n
#define IXT_TYPE BENTO_INDEX32_TYPE
#define IXT_BYTES(c) BENTO_INDEX32_BYTES(c)
#define IXT_BW 10u
#define IXT_KW 1u
#define IXT_HASH(k) bento_index32_hash(k)
#define IXT_KEY_PUT(w, k) ((w)[0] = (k))
#define IXT_KEY_GET(w) ((w)[0])
#define IXT_HIGH_KEY 0x80000000u
#define OTHER_INIT(m, bytes, c) bento_index_init(&other_width, (m), (bytes), (c))
#define IXT_RAW(x) (&(x)->generic_)
#define SUITE "index32"

static bento_index other_width;

#include "index_tests.h"

/* Typed keys and values of a 32-bit-key index: handles of 16 and 32 bits, integers. */
BENTO_POOL_TYPE(ships, uint32_t, 8, uint16_t, BENTO_POOL_WRAP);
BENTO_HANDLE_TYPE(fleet_handle, uint32_t, 20);
BENTO_INDEX32_TYPE_OF(flagship_of, 16, fleet_handle, ships_handle); /* entity -> entity */
BENTO_INDEX32_TYPE_OF(ship_id, 8, ships_handle, uint32_t);           /* entity -> integer */

static ships hangar;
static flagship_of flagships, flagships_copy;

static void test_typed_handles(void)
{
    static ship_id ids;
    ships_handle a, stale, got;
    const fleet_handle fleet = fleet_handle_from_raw(0x300005u);
    flagship_of_iter it;
    uint32_t id = 1u;
    CHECK_STATUS(ships_init(&hangar), BENTO_OK);
    CHECK_STATUS(flagship_of_init(&flagships), BENTO_OK);
    CHECK_STATUS(ship_id_init(&ids), BENTO_OK);
    CHECK_STATUS(ships_create(&hangar, &a, NULL), BENTO_OK);
    stale = ships_handle_from_raw(bento_handle_make(ships_handle_index(a), ships_handle_generation(a) + 2u,
                                                    ships_handle_INDEX_BITS));
    CHECK_STATUS(flagship_of_insert(&flagships, fleet, a), BENTO_OK);
    CHECK(ships_handle_eq(flagship_of_value(&flagships, fleet, ships_handle_null()), a));
    CHECK(!flagship_of_contains(&flagships, fleet_handle_from_raw(0x400005u)));
    flagship_of_iter_init(&it, &flagships);
    CHECK(flagship_of_iter_next(&it) && fleet_handle_eq(it.key, fleet) &&
          ships_handle_eq(it.value, a));
    CHECK(!flagship_of_iter_next(&it) && fleet_handle_is_null(it.key) &&
          ships_handle_is_null(it.value));
    flagships_copy = flagships;
    CHECK_STATUS(flagship_of_open(&flagships_copy), BENTO_OK);
    CHECK(flagship_of_find(&flagships_copy, fleet, &got) && ships_handle_eq(got, a));
    CHECK_STATUS(flagship_of_remove(&flagships, fleet, &got), BENTO_OK);
    CHECK(ships_handle_eq(got, a));
    /* entity -> integer: a stale handle misses */
    CHECK_STATUS(ship_id_insert(&ids, a, 77u), BENTO_OK);
    CHECK_EQ(ship_id_value(&ids, a, BENTO_NONE), 77);
    CHECK_EQ(ship_id_value(&ids, stale, BENTO_NONE), BENTO_NONE);
    CHECK(!ship_id_find(&ids, stale, &id) && id == 0u);
    CHECK_STATUS(ship_id_remove(&ids, stale, &id), BENTO_E_NOT_FOUND);
    CHECK_STATUS(ship_id_upsert(&ids, a, 78u), BENTO_OK);
    CHECK_STATUS(ship_id_remove(&ids, a, &id), BENTO_OK);
    CHECK_EQ(id, 78);
    CHECK_STATUS(ship_id_check(&ids), BENTO_OK);
    CHECK_STATUS(flagship_of_check(&flagships), BENTO_OK);
}

void test_index32(void)
{
    test_typed_handles();
    CHECK_EQ(bento_index32_hash(12345u), bento_index_hash(12345u)); /* one hash for both */
    CHECK_EQ(bento_index32_hash(0xfedcba98u), bento_index_hash(0xfedcba98u));
    run_index_tests();
}
