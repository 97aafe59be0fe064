/* SPDX-License-Identifier: MIT */
/*
 * examples/retained - the retained-RAM recipe, whole: a sensor gateway whose state lives in RAM
 * that a reset keeps, built with BENTO_POWER_SAFE=1, on a Cortex-M board under real resets.
 *
 * - The containers and a small record live in .noinit, which neither startup nor the loader
 *   writes (linker/cortex-m.ld), so they survive a reset. After power-on their contents are
 *   anything: the record's magic word says whether they were ever set up.
 * - At boot: open each container, or init it when open refuses (first boot, damaged memory).
 *   Open finishes or undoes the operation a reset interrupted, inside that one container.
 * - Atomicity is per container. Adding a sensor is two operations, a create in the pool and an
 *   insert in the index by id; a reset can land between them. So at boot the program repairs
 *   what spans containers: a sensor not in the index is indexed, an index entry whose sensor
 *   is gone is removed. Each step is written so that this repair completes it (add: pool,
 *   then index; remove: pool, then index), and running a step again after a reset does nothing
 *   more (it looks first).
 * - The resets are real (bento_port_reset: SYSRESETREQ). This program requests one between the
 *   two containers' operations of some steps, once each, and checks at the end that every sensor
 *   is indexed and every index entry names a sensor.
 */
#include <bento/index.h>
#include <bento/pool.h>

#include "bento_port.h"

#if !BENTO_POWER_SAFE
#error "examples/retained is built with BENTO_POWER_SAFE=1"
#endif

struct sensor {
    uint32_t id;
    int32_t reading;
};

BENTO_POOL_TYPE(sensors, struct sensor, 8, uint16_t, BENTO_POOL_RETIRE);
BENTO_INDEX32_TYPE_OF(by_id, 8, uint32_t, sensors_handle);

#define RETAINED __attribute__((section(".noinit")))
#define MAGIC 0x5e4502e7u

static RETAINED sensors pool;
static RETAINED by_id index_of;
/* One word each, so that a reset never tears one. */
static RETAINED struct record {
    uint32_t magic;
    uint32_t boots;
    uint32_t step;   /* the steps done */
    uint32_t resets; /* the resets requested, one bit per step */
    uint32_t repairs;
} rec;

/* The gateway's work: add sensor id (id > 0) or remove it (id < 0). A reset is requested
 * between the two containers' operations of the steps marked. */
static const struct {
    int32_t id;
    bool reset;
} steps[] = {
    {101, false}, {102, true}, {103, false}, {-101, true}, {104, false}, {-103, false},
    {105, true},  {-105, true}, {106, false},
};
#define STEPS (sizeof steps / sizeof steps[0])

static void fail(const char *what)
{
    bento_port_write("retained: ");
    bento_port_write(what);
    bento_port_write("\n");
    bento_port_exit(1);
}

/* Between the two operations of step k: the first time, reset. */
static void maybe_reset(uint32_t k)
{
    if (steps[k].reset && (rec.resets & (1u << k)) == 0u) {
        rec.resets |= 1u << k;
        bento_port_write("  reset between the pool and the index\n");
        bento_port_reset();
    }
}

static void add(uint32_t k, uint32_t id)
{
    sensors_handle h;
    if (by_id_contains(&index_of, id)) {
        return; /* done before a reset, or completed by the repair */
    }
    if (sensors_create_from(&pool, &h, &(struct sensor){id, 0}) != BENTO_OK) {
        fail("create refused");
    }
    maybe_reset(k);
    if (by_id_insert(&index_of, id, h) != BENTO_OK) {
        fail("index insert refused");
    }
}

static void remove_sensor(uint32_t k, uint32_t id)
{
    sensors_handle h;
    if (!by_id_find(&index_of, id, &h)) {
        return;
    }
    if (sensors_destroy(&pool, h) != BENTO_OK) {
        fail("destroy refused");
    }
    maybe_reset(k);
    if (by_id_remove(&index_of, id, NULL) != BENTO_OK) {
        fail("index remove refused");
    }
}

/* What spans the two containers, made whole again: returns the fixes made. */
static uint32_t repair(void)
{
    uint32_t fixes = 0u;
    uint32_t i;
    by_id_iter it;
    /* a sensor the index does not name: its add was cut after the pool */
    for (i = 0u; i < sensors_count(&pool); i++) {
        sensors_handle h = sensors_handle_at(&pool, i);
        const struct sensor *s = sensors_get(&pool, h);
        if (s != NULL && !by_id_contains(&index_of, s->id)) {
            if (by_id_insert(&index_of, s->id, h) != BENTO_OK) {
                fail("repair: index insert refused");
            }
            fixes++;
        }
    }
    /* an entry whose sensor is gone: its remove was cut after the pool. Removing an entry
     * while iterating is not allowed, so one at a time, from the start. */
    for (;;) {
        bool stale = false;
        uint32_t id = 0u;
        by_id_iter_init(&it, &index_of);
        while (by_id_iter_next(&it)) {
            if (sensors_get(&pool, it.value) == NULL) {
                stale = true;
                id = it.key;
                break;
            }
        }
        if (!stale) {
            return fixes;
        }
        if (by_id_remove(&index_of, id, NULL) != BENTO_OK) {
            fail("repair: index remove refused");
        }
        fixes++;
    }
}

int main(void)
{
    uint32_t fixes;
    by_id_iter it;
    uint32_t entries = 0u;
    if (rec.magic != MAGIC) { /* power-on: RAM holds anything */
        if (sensors_init(&pool) != BENTO_OK || by_id_init(&index_of) != BENTO_OK) {
            fail("init refused");
        }
        rec.boots = 0u;
        rec.step = 0u;
        rec.resets = 0u;
        rec.repairs = 0u;
        rec.magic = MAGIC;
        bento_port_write("power-on: containers initialised\n");
    } else {
        /* A product inits a container whose open refuses (damaged memory) and logs it; this
         * example fails instead, so that make check sees it. */
        if (sensors_open(&pool) != BENTO_OK || by_id_open(&index_of) != BENTO_OK) {
            fail("open refused after a reset");
        }
    }
    rec.boots++;
    fixes = repair();
    rec.repairs += fixes;
    bento_port_write("boot ");
    bento_port_write_u64(rec.boots);
    bento_port_write(": at step ");
    bento_port_write_u64(rec.step);
    bento_port_write(", ");
    bento_port_write_u64(fixes);
    bento_port_write(" repaired across the containers\n");

    while (rec.step < STEPS) {
        uint32_t k = rec.step;
        if (steps[k].id > 0) {
            add(k, (uint32_t)steps[k].id);
        } else {
            remove_sensor(k, (uint32_t)-steps[k].id);
        }
        rec.step = k + 1u;
    }

    /* every sensor indexed under its id, every entry a sensor: 102, 104 and 106 */
    if (sensors_check(&pool) != BENTO_OK || by_id_check(&index_of) != BENTO_OK) {
        fail("check refused");
    }
    by_id_iter_init(&it, &index_of);
    while (by_id_iter_next(&it)) {
        const struct sensor *s = sensors_get(&pool, it.value);
        if (s == NULL || s->id != it.key) {
            fail("an index entry does not name its sensor");
        }
        entries++;
    }
    if (sensors_count(&pool) != 3u || entries != 3u || !by_id_contains(&index_of, 102u) ||
        !by_id_contains(&index_of, 104u) || !by_id_contains(&index_of, 106u)) {
        fail("not the sensors the steps leave");
    }
    bento_port_write_u64(STEPS);
    bento_port_write(" steps in ");
    bento_port_write_u64(rec.boots);
    bento_port_write(" boots, ");
    bento_port_write_u64(rec.repairs);
    bento_port_write(" repairs across the containers: 3 sensors, each indexed\n");
    rec.magic = 0u; /* the next run starts afresh */
    bento_port_exit(0);
}
