/* SPDX-License-Identifier: MIT */
/*
 * examples/paged - components that other code points at.
 *
 * Rigid bodies live in a paged set keyed by entity id (10 index bits, a generation above).
 * Springs hold plain pointers to the two bodies they join: those pointers stay valid while
 * other bodies come and go, because a value never moves until its own key is removed. The pages
 * come from one block pool shared with a second set (team tags) and go back when they empty.
 * Physics walks the bodies in memory order with the set's iterator. Radio packets come from a
 * typed block pool; a packet freed twice is answered with a status.
 */
#include <bento/block_pool.h>
#include <bento/paged_set.h>

#include "bento_port.h"

struct body {
    int32_t x, y, vx, vy;
};

struct spring {
    uint32_t a, b;             /* the two bodies' keys */
    struct body *pa, *pb;      /* and pointers straight to their values */
};

struct packet {
    uint8_t bytes[28];
    uint32_t length;
};

/* The world's size follows the board's RAM (BENTO_TEST_RAM, in bytes, which the build passes
 * for each board from its memory map; the host has plenty): ids in two clusters of 48 among
 * 1024, or of 16 among 256 where the RAM is under 12 KiB (8 KiB parts). */
#if defined(BENTO_TEST_RAM) && BENTO_TEST_RAM < 12288
enum { INDEX_BITS = 8, UNIVERSE = 256, CLUSTER = 16, BODIES = 32, PAGES = 6 };
#else
enum { INDEX_BITS = 10, UNIVERSE = 1024, CLUSTER = 48, BODIES = 96, PAGES = 14 };
#endif
enum { PAGE = 16, SPRINGS = 24, FRAMES = 300 };

/* keys of INDEX_BITS index bits and a generation above them, never 0 */
BENTO_PAGED_SET_TYPE_BITS(bodies, struct body, BODIES, UNIVERSE, PAGE, INDEX_BITS, 32 - INDEX_BITS);
BENTO_PAGED_SET_TYPE_BITS(tags, uint32_t, BODIES, UNIVERSE, PAGE, INDEX_BITS, 32 - INDEX_BITS);
/* one pool for both sets: its blocks fit the larger page */
BENTO_BLOCK_POOL_TYPE(pages, bodies_page, PAGES);
BENTO_BLOCK_POOL_TYPE(packets, struct packet, 8);

static pages page_pool;
static bodies world;
static tags teams;
static packets radio;
static struct spring springs[SPRINGS];
static uint32_t spring_count;
static uint16_t generation[UNIVERSE]; /* the id allocator: the next generation of each index,
                                          less 1 (generations start at 1) */
static uint32_t rng = 2463534242u;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void say(const char *text) { bento_port_write(text); }
static void say_number(uint64_t value) { bento_port_write_u64(value); }

static void spawn(void)
{
    /* ids cluster in two regions of the index space, as allocators with locality do */
    const uint32_t index = (next_random() & 1u) * (UNIVERSE / 2u) + next_random() % CLUSTER;
    const uint32_t key = ((uint32_t)generation[index] + 1u) << INDEX_BITS | index;
    struct body *b;
    uint32_t *team;
    if (bodies_insert(&world, key, &b) != BENTO_OK) {
        return; /* the index is taken, or no room: no spawn this time */
    }
    b->x = (int32_t)(next_random() & 255u);
    b->y = (int32_t)(next_random() & 255u);
    b->vx = (int32_t)(next_random() & 3u) - 1;
    b->vy = (int32_t)(next_random() & 3u) - 1;
    if (tags_insert(&teams, key, &team) == BENTO_OK) {
        *team = key & 1u;
    }
}

static void join_two(void)
{
    const uint32_t count = bodies_count(&world);
    struct spring *s = &springs[spring_count];
    if (spring_count == SPRINGS || count < 2u) {
        return;
    }
    s->a = bodies_keys(&world)[next_random() % count];
    s->b = bodies_keys(&world)[next_random() % count];
    if (s->a == s->b) {
        return;
    }
    s->pa = bodies_get(&world, s->a); /* kept across frames: the value will not move */
    s->pb = bodies_get(&world, s->b);
    spring_count++;
}

static void destroy_one(void)
{
    const uint32_t count = bodies_count(&world);
    uint32_t key, i;
    if (count == 0u) {
        return;
    }
    key = bodies_keys(&world)[next_random() % count];
    /* the springs on this body go first: theirs are the only pointers that would dangle */
    for (i = 0; i < spring_count;) {
        if (springs[i].a == key || springs[i].b == key) {
            springs[i] = springs[--spring_count];
        } else {
            i++;
        }
    }
    (void)tags_remove(&teams, key);
    if (bodies_remove(&world, key) == BENTO_OK) {
        generation[key & (UNIVERSE - 1u)]++; /* a stale id never finds the next body */
    }
}

int main(void)
{
    uint32_t frame, i, broken = 0u, pages_peak = 0u, double_frees = 0u, bodies_peak = 0u;
    uint32_t springs_peak = 0u;
    struct packet *p = NULL;
    bodies_iter it;
    if (pages_init(&page_pool) != BENTO_OK ||
        bodies_init(&world, pages_generic(&page_pool)) != BENTO_OK ||
        tags_init(&teams, pages_generic(&page_pool)) != BENTO_OK || packets_init(&radio) != BENTO_OK) {
        say("paged: init failed\n");
        bento_port_exit(1);
    }
    for (frame = 0; frame < FRAMES; frame++) {
        const uint32_t roll = next_random() & 7u;
        const bool growing = frame < FRAMES / 2u;
        /* the population grows for a while, then dwindles */
        if (growing ? roll < 6u : roll < 2u) {
            spawn();
        }
        if ((roll & 1u) == 0u) {
            join_two();
        }
        if (growing ? roll == 7u : roll < 6u) {
            destroy_one();
        }
        /* physics: every body, page by page in memory order */
        bodies_iter_init(&it, &world);
        while (bodies_iter_next(&it)) {
            it.value->x += it.value->vx;
            it.value->y += it.value->vy;
        }
        /* every spring's pointers still name its own two bodies */
        for (i = 0; i < spring_count; i++) {
            if (springs[i].pa != bodies_get(&world, springs[i].a) ||
                springs[i].pb != bodies_get(&world, springs[i].b)) {
                broken++;
            }
        }
        if (pages_count(&page_pool) > pages_peak) {
            pages_peak = pages_count(&page_pool);
        }
        if (bodies_count(&world) > bodies_peak) {
            bodies_peak = bodies_count(&world);
        }
        if (spring_count > springs_peak) {
            springs_peak = spring_count;
        }
        /* radio: a packet arrives and is handled; a careless handler frees it twice */
        if (packets_alloc(&radio, &p) == BENTO_OK) {
            p->length = frame;
            (void)packets_free(&radio, p);
            if (packets_free(&radio, p) == BENTO_E_STALE) {
                double_frees++;
            }
        }
    }
    say("paged: ");
    say_number(FRAMES);
    say(" frames, at most ");
    say_number(bodies_peak);
    say(" bodies in ");
    say_number(pages_peak);
    say(" pages (of ");
    say_number(PAGES);
    say(" shared by two sets), at most ");
    say_number(springs_peak);
    say(" springs; ");
    say_number(broken);
    say(" spring pointers moved, ");
    say_number(double_frees);
    say(" double frees refused\n");
    /* the last bodies go, and every page goes back to the pool */
    while (bodies_count(&world) != 0u) {
        destroy_one();
    }
    say("pages in use after the last body: ");
    say_number(pages_count(&page_pool));
    say("\n");
    bento_port_exit(broken == 0u && pages_count(&page_pool) == 0u && double_frees == FRAMES &&
                            pages_check(&page_pool) == BENTO_OK && bodies_check(&world) == BENTO_OK &&
                            tags_check(&teams) == BENTO_OK
                        ? 0
                        : 1);
    return 0;
}
