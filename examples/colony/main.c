/* SPDX-License-Identifier: MIT */
/*
 * examples/colony - all eight containers in one small simulation, through their typed
 * wrappers only: no pointer cast, no container member named.
 *
 * Colonists live in a handle pool. Their bodies (position, velocity) and vitals (health) are
 * sparse sets keyed by the pool's handles, walked together by a typed join. A hash index
 * finds a colonist by name, a multi-value index lists the members of each squad, and a
 * spatial hash answers "who is near the base"; the three are typed by the pool's handles, so
 * they store handles and give them back. Each colonist's cargo lives in a paged set keyed by
 * the same handles, whose pages come from a block pool, so a cargo record never moves. A
 * growing grid counts the visits to each 16x16 patch of ground, and a second block pool holds
 * the reports written when a colonist dies. A colonist who dies is replaced by a new one; a
 * handle kept from a dead colonist is refused by every container, also once its slot serves
 * somebody else.
 *
 * Every answer is compared with a plain scan of the pool, and every container's check runs
 * at the end; the exit status is 0 only when all of it agrees.
 */
#include <bento/bento.h>

#include "bento_port.h"

/* The colony's size follows the board's RAM (BENTO_TEST_RAM, in bytes, which the build passes
 * for each board from its memory map; the host has plenty): 24 colonists in 32 slots, or 12 in
 * 16 where the RAM is under 12 KiB (8 KiB parts). */
#if defined(BENTO_TEST_RAM) && BENTO_TEST_RAM < 12288
#define SLOTS 16u /* pool capacity */
#else
#define SLOTS 32u
#endif
#define COLONISTS (SLOTS * 3u / 4u) /* alive at any time: a quarter of the slots always free */
#define SQUADS 4u
#define TICKS 600u
#define WORLD 100 /* colonists walk in [-WORLD, WORLD] on both axes */
#define BASE_RADIUS 40

struct colonist {
    uint32_t name;
    uint32_t squad;
};
struct vec {
    int32_t x, y;
};
struct cargo {
    uint32_t ore;
    uint32_t trips;
};
struct report {
    uint32_t name;
    uint32_t tick;
    struct vec where;
};

BENTO_POOL_TYPE(colonists, struct colonist, SLOTS, uint32_t, BENTO_POOL_WRAP);
#define BODIES_COLUMNS(X) X(struct vec, pos) X(struct vec, vel)
BENTO_SPARSE_SET_TYPE(bodies, colonists_handle, SLOTS, BODIES_COLUMNS);
#define VITALS_COLUMNS(X) X(int32_t, health)
BENTO_SPARSE_SET_TYPE(vitals, colonists_handle, SLOTS, VITALS_COLUMNS);
BENTO_SPARSE_SET_JOIN_TYPE(walkers, bodies, vitals);
BENTO_INDEX32_TYPE_OF(by_name, 2u * SLOTS, uint32_t, colonists_handle);            /* name -> colonist */
BENTO_MULTI_INDEX_TYPE_OF(by_squad, 8, uint32_t, SLOTS, colonists_handle); /* squad -> colonists */
BENTO_SPATIAL_HASH_TYPE_OF(space, 64, SLOTS, colonists_handle, 2, 4);      /* 16-unit cells */
BENTO_PAGED_SET_TYPE_OF(cargo_holds, struct cargo, SLOTS, colonists_handle, 8); /* its cargo */
BENTO_BLOCK_POOL_TYPE(cargo_pages, cargo_holds_page, SLOTS / 8u);
BENTO_BLOCK_POOL_TYPE(reports, struct report, 16);
BENTO_GRID_TYPE(visits, uint16_t, 2, 512); /* visits per 16x16 patch */

static colonists people;
static bodies body;
static vitals vital;
static by_name names;
static by_squad squads;
static space near;
static cargo_holds holds;
static cargo_pages pages;
static reports mail;
static visits ground;

static struct report *inbox[16];
static uint32_t inbox_count;
static uint32_t rng = 0x2545f491u;
static uint32_t next_name = 1000u;
static uint32_t failures;
static uint32_t deaths;

static uint32_t random_below(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint32_t)(((uint64_t)rng * n) >> 32);
}

static int32_t random_between(int32_t low, int32_t high)
{
    return low + (int32_t)random_below((uint32_t)(high - low + 1));
}

static void expect(bool ok, const char *what)
{
    if (!ok) {
        bento_port_write("colony: ");
        bento_port_write(what);
        bento_port_write(" failed\n");
        failures++;
    }
}

/* The 16x16 patch under a position. */
static bento_point patch_of(struct vec p) { return bento_xy(p.x >> 4, p.y >> 4); }

static void spawn(void)
{
    colonists_handle h;
    struct colonist *c;
    bodies_row row;
    int32_t *health;
    struct cargo *cargo;

    expect(colonists_create(&people, &h, &c) == BENTO_OK, "create");
    if (colonists_handle_is_null(h)) {
        return;
    }
    c->name = next_name++;
    c->squad = random_below(SQUADS);

    expect(bodies_insert(&body, h, &row) == BENTO_OK, "body insert");
    row.pos->x = random_between(-WORLD, WORLD);
    row.pos->y = random_between(-WORLD, WORLD);
    row.vel->x = random_between(-3, 3);
    row.vel->y = random_between(-3, 3);
    expect(vitals_insert(&vital, h, NULL) == BENTO_OK, "vitals insert");
    health = vitals_get(&vital, h).health;
    if (health != NULL) {
        *health = random_between(60, 400);
    }
    expect(by_name_insert(&names, c->name, h) == BENTO_OK, "name insert");
    expect(by_squad_insert(&squads, c->squad, h) == BENTO_OK, "squad insert");
    expect(space_insert_at(&near, h, bento_xy(row.pos->x, row.pos->y)) == BENTO_OK,
           "space insert");
    expect(cargo_holds_insert(&holds, h, &cargo) == BENTO_OK, "cargo insert");
    if (cargo != NULL) {
        cargo->ore = 0u;
        cargo->trips = 0u;
    }
}

static void die(colonists_handle h, uint32_t tick)
{
    const struct colonist *c = colonists_get(&people, h);
    const struct vec *pos = bodies_get(&body, h).pos;
    struct report *r = NULL;

    if (c == NULL || pos == NULL) {
        expect(false, "die: lookup");
        return;
    }
    deaths++;
    if (reports_alloc(&mail, &r) == BENTO_OK) {
        r->name = c->name;
        r->tick = tick;
        r->where = *pos;
        inbox[inbox_count++] = r;
    }
    expect(by_name_remove(&names, c->name, NULL) == BENTO_OK, "name remove");
    expect(by_squad_remove(&squads, c->squad, h) == BENTO_OK, "squad remove");
    expect(space_remove(&near, h) == BENTO_OK, "space remove");
    expect(cargo_holds_remove(&holds, h) == BENTO_OK, "cargo remove");
    expect(bodies_remove(&body, h) == BENTO_OK, "body remove");
    expect(vitals_remove(&vital, h) == BENTO_OK, "vitals remove");
    expect(colonists_destroy(&people, h) == BENTO_OK, "destroy");
}

/* One step: every colonist walks (bouncing off the world's edge), loses health and is
 * counted on the ground under it; the dead are collected and die after the walk. */
static void step(uint32_t tick)
{
    colonists_handle dead[COLONISTS];
    uint32_t dead_count = 0u, i;
    walkers w;

    walkers_init(&w, &body, &vital);
    while (walkers_next(&w)) {
        struct vec *p = w.bodies.pos, *v = w.bodies.vel;
        uint16_t *seen;
        bento_status s;

        p->x += v->x;
        p->y += v->y;
        if (p->x < -WORLD || p->x > WORLD) {
            v->x = -v->x;
            p->x += 2 * v->x;
        }
        if (p->y < -WORLD || p->y > WORLD) {
            v->y = -v->y;
            p->y += 2 * v->y;
        }
        expect(space_move_at(&near, w.key, bento_xy(p->x, p->y)) == BENTO_OK, "space move");
        s = visits_insert_at(&ground, patch_of(*p), &seen);
        if (s == BENTO_OK) {
            *seen = 1u;
        } else if (s == BENTO_E_EXISTS) {
            seen = visits_get_at(&ground, patch_of(*p));
            if (seen != NULL) {
                (*seen)++;
            }
        } else {
            expect(false, "visit");
        }
        *w.vitals.health -= 1;
        if (*w.vitals.health <= 0 && dead_count < COLONISTS) {
            dead[dead_count++] = w.key;
        }
    }
    for (i = 0u; i < dead_count; i++) {
        die(dead[i], tick);
        spawn();
    }
}

/* Colonists near the base, by the spatial hash, which hands back their handles. */
struct near_base {
    uint32_t count;
    uint32_t ore;
};

static bool count_near(void *context, colonists_handle h, const int32_t *position)
{
    struct near_base *n = context;
    const struct cargo *cargo = cargo_holds_get(&holds, h);
    (void)position;
    expect(colonists_contains(&people, h), "live handle");
    n->count++;
    if (cargo != NULL) {
        n->ore += cargo->ore;
    }
    return true;
}

/* Colonists near the base deliver ore; the spatial hash is compared with a scan. */
static void deliver(void)
{
    struct near_base n = {0u, 0u};
    uint32_t i, scanned = 0u;
    cargo_holds_iter it;

    cargo_holds_iter_init(&it, &holds);
    while (cargo_holds_iter_next(&it)) {
        it.value->ore += 1u;
    }
    expect(space_query_radius_at(&near, bento_xy(0, 0), BASE_RADIUS, count_near, &n, NULL) ==
               BENTO_OK,
           "radius query");
    for (i = 0u; i < bodies_count(&body); i++) {
        const struct vec *p = bodies_row_at(&body, i).pos;
        if (p->x * p->x + p->y * p->y <= BASE_RADIUS * BASE_RADIUS) {
            struct cargo *cargo = cargo_holds_get(&holds, bodies_key_at(&body, i));
            scanned++;
            if (cargo != NULL) {
                cargo->trips++;
            }
        }
    }
    expect(n.count == scanned, "radius query against a scan");
}

/* Every squad's list against a scan of the pool; every name leads back to its colonist. */
static void audit(void)
{
    uint32_t squad, i, listed = 0u;
    for (squad = 0u; squad < SQUADS; squad++) {
        by_squad_iter it;
        uint32_t members = 0u;
        by_squad_iter_init(&it, &squads, squad);
        while (by_squad_iter_next(&it)) {
            const struct colonist *c = colonists_get(&people, it.value);
            expect(c != NULL && c->squad == squad, "squad member");
            members++;
        }
        expect(members == by_squad_length(&squads, squad), "squad length");
        listed += members;
    }
    expect(listed == colonists_count(&people), "squads cover the colony");
    for (i = 0u; i < colonists_count(&people); i++) {
        const struct colonist *c = &colonists_values(&people)[i];
        const colonists_handle h = colonists_handle_at(&people, i);
        expect(colonists_handle_eq(by_name_value(&names, c->name, colonists_handle_null()), h),
               "name lookup");
        expect(bodies_contains(&body, h) && vitals_contains(&vital, h), "components");
    }
}

static void write_count(const char *label, uint64_t value)
{
    bento_port_write(label);
    bento_port_write_u64(value);
}

int main(void)
{
    colonists_handle first;
    uint32_t i, tick, patches = 0u, visits_total = 0u, delivered = 0u;
    visits_iter vi;

    expect(colonists_init(&people) == BENTO_OK && bodies_init(&body) == BENTO_OK &&
               vitals_init(&vital) == BENTO_OK && by_name_init(&names) == BENTO_OK &&
               by_squad_init(&squads) == BENTO_OK && space_init(&near) == BENTO_OK &&
               cargo_pages_init(&pages) == BENTO_OK &&
               cargo_holds_init(&holds, cargo_pages_generic(&pages)) == BENTO_OK &&
               reports_init(&mail) == BENTO_OK && visits_init(&ground) == BENTO_OK,
           "init");
    for (i = 0u; i < COLONISTS; i++) {
        spawn();
    }
    first = colonists_handle_at(&people, 0u);

    for (tick = 1u; tick <= TICKS && failures == 0u; tick++) {
        step(tick);
        if (tick % 10u == 0u) {
            deliver();
            audit();
            /* Read the reports, then hand their blocks back. */
            for (i = 0u; i < inbox_count; i++) {
                expect(reports_free(&mail, inbox[i]) == BENTO_OK, "report free");
            }
            inbox_count = 0u;
        }
    }

    /* The first colonist died long ago and its slot serves somebody else now. */
    expect(deaths > 0u && !colonists_contains(&people, first), "first colonist died");
    expect(bodies_get(&body, first).pos == NULL && !vitals_contains(&vital, first) &&
               bodies_remove(&body, first) == BENTO_E_NOT_FOUND,
           "a dead colonist's handle is refused");
    expect(colonists_contains(&people, colonists_handle_of_index(&people,
                                                                 colonists_handle_index(first))),
           "its slot serves a newer colonist");
    expect(!space_contains(&near, first) && space_remove(&near, first) == BENTO_E_NOT_FOUND &&
               !by_squad_key_of(&squads, first, NULL) &&
               by_squad_remove_value(&squads, first) == BENTO_E_NOT_FOUND &&
               cargo_holds_get(&holds, first) == NULL,
           "the other typed containers refuse it too");

    visits_iter_init(&vi, &ground, NULL, NULL);
    while (visits_iter_next(&vi)) {
        patches++;
        visits_total += *vi.cell;
    }
    for (i = 0u; i < bodies_count(&body); i++) {
        const struct cargo *c = cargo_holds_get(&holds, bodies_key_at(&body, i));
        delivered += c != NULL ? c->trips : 0u;
    }
    /* Every living colonist walked once per tick, and each step was counted once. */
    expect(patches == visits_count(&ground) && visits_total == TICKS * COLONISTS, "visits");
    expect(colonists_check(&people) == BENTO_OK && bodies_check(&body) == BENTO_OK &&
               vitals_check(&vital) == BENTO_OK && by_name_check(&names) == BENTO_OK &&
               by_squad_check(&squads) == BENTO_OK && space_check(&near) == BENTO_OK &&
               cargo_pages_check(&pages) == BENTO_OK && cargo_holds_check(&holds) == BENTO_OK &&
               reports_check(&mail) == BENTO_OK && visits_check(&ground) == BENTO_OK,
           "check");

    write_count("colony: ", TICKS);
    write_count(" ticks, ", deaths);
    write_count(" deaths, ", colonists_count(&people));
    write_count(" alive, ", patches);
    write_count(" patches visited ", visits_total);
    write_count(" times, ", delivered);
    bento_port_write(" base visits by the living\n");
    bento_port_write(failures == 0u ? "colony: ok\n" : "colony: FAILED\n");
    bento_port_exit(failures == 0u ? 0 : 1);
    return 0;
}
