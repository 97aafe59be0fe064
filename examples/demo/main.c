/* SPDX-License-Identifier: MIT */
/*
 * examples/demo - a tiny space shooter's entity table on a Cortex-M board.
 *
 * Ships live in a handle pool: spawned, moved every frame by a plain loop over the dense
 * array, killed when they leave the arena or run out of shields. The player's homing missile
 * holds a handle to its target; when the target dies the handle goes stale, and the pool
 * says so instead of handing back whatever ship took the old slot.
 */
#include <bento/pool.h>

#include "bento_port.h"

struct ship {
    int32_t x, y;   /* position, arena is [-100, 100] on both axes */
    int32_t vx, vy; /* velocity per frame */
    int32_t shield; /* the ship dies when this reaches 0 */
    uint32_t serial;
};

/* 48 ships at most, 16-bit handles: 6 index bits (the fewest for 48), 10 generation bits. A
 * slot that reaches its last generation retires, so a stale handle never reaches a newer ship. */
BENTO_POOL_TYPE(ships, struct ship, 48, uint16_t, BENTO_POOL_RETIRE);

static ships fleet;
static uint32_t rng = 12345u;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int32_t random_between(int32_t low, int32_t high)
{
    return low + (int32_t)(next_random() % (uint32_t)(high - low + 1));
}

static void say(const char *text) { bento_port_write(text); }
static void say_number(int64_t value) { bento_port_write_i64(value); }

static uint32_t spawned, killed, serial;

static ships_handle spawn(void)
{
    ships_handle h;
    struct ship *s;
    if (ships_create(&fleet, &h, &s) != BENTO_OK) {
        return ships_handle_null(); /* full: this frame spawns no more */
    }
    s->x = random_between(-60, 60);
    s->y = random_between(-60, 60);
    s->vx = random_between(-4, 4);
    s->vy = random_between(-4, 4);
    s->shield = random_between(20, 120);
    s->serial = ++serial;
    spawned++;
    return h;
}

/* Move every ship and wear its shield down; kill those that leave or break. */
static uint32_t update(void)
{
    ships_handle doomed[48];
    uint32_t doomed_count = 0u, i;
    struct ship *all = ships_values(&fleet);
    for (i = 0; i < ships_count(&fleet); i++) {
        struct ship *s = &all[i];
        s->x += s->vx;
        s->y += s->vy;
        s->shield -= 3;
        if (s->shield <= 0 || s->x < -100 || s->x > 100 || s->y < -100 || s->y > 100) {
            doomed[doomed_count++] = ships_handle_at(&fleet, i);
        }
    }
    /* destroy after the loop: destroying moves the last ship into the hole */
    for (i = 0; i < doomed_count; i++) {
        if (ships_destroy(&fleet, doomed[i]) == BENTO_OK) {
            killed++;
        }
    }
    return doomed_count;
}

int main(void)
{
    ships_handle target;
    uint32_t frame, i, target_serial = 0u;
    bool target_lost_reported = false;
    bento_status status;

    say("bento demo: a fleet of ships in a handle pool (capacity 48, 16-bit handles)\n");
    if (ships_init(&fleet) != BENTO_OK) {
        say("pool init failed\n");
        bento_port_exit(1);
    }
    for (i = 0; i < 32u; i++) {
        (void)spawn();
    }
    target = ships_handle_at(&fleet, 7);
    target_serial = ships_get(&fleet, target)->serial;
    say("missile locked on ship #");
    say_number(target_serial);
    say(" (handle index ");
    say_number(ships_handle_index(target));
    say(", generation ");
    say_number(ships_handle_generation(target));
    say(")\n\n");

    for (frame = 1; frame <= 40u; frame++) {
        const uint32_t died = update();
        uint32_t born = 0u;
        for (i = 0; i < 3u; i++) {
            born += ships_handle_is_null(spawn()) ? 0u : 1u;
        }
        if (!target_lost_reported) {
            const struct ship *t = ships_get(&fleet, target);
            if (t == NULL) {
                say("frame ");
                say_number(frame);
                say(": target destroyed; the missile's handle is stale now, lookups say NULL\n");
                target_lost_reported = true;
            }
        }
        if (frame % 10u == 0u) {
            say("frame ");
            say_number(frame);
            say(": ");
            say_number(ships_count(&fleet));
            say(" ships alive, ");
            say_number(died);
            say(" died and ");
            say_number(born);
            say(" spawned this frame\n");
        }
    }

    /* The old target's slot may hold another ship by now (slots are reused oldest first); the
     * stale handle must not reach it. */
    status = ships_destroy(&fleet, target);
    say("\ndestroying the old target again: ");
    say(bento_status_name(status));
    say("\n");
    for (i = 0; i < ships_count(&fleet); i++) {
        const ships_handle h = ships_handle_at(&fleet, i);
        if (ships_handle_eq(h, ships_handle_of_index(&fleet, ships_handle_index(target)))) {
            say("its slot now holds ship #");
            say_number(ships_get(&fleet, h)->serial);
            say(" (generation ");
            say_number(ships_handle_generation(h));
            say("), still alive and untouched\n");
        }
    }
    say("spawned ");
    say_number(spawned);
    say(", killed ");
    say_number(killed);
    say(", alive ");
    say_number(ships_count(&fleet));
    say(", invariants: ");
    say(bento_status_name(ships_check(&fleet)));
    say("\n");
    bento_port_exit(status == BENTO_E_STALE && target_lost_reported &&
                            ships_check(&fleet) == BENTO_OK &&
                            spawned - killed == ships_count(&fleet)
                        ? 0
                        : 1);
    return 0;
}
