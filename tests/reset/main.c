/* SPDX-License-Identifier: MIT */
/*
 * tests/reset - containers in retained RAM under real system resets at random instants.
 *
 * Every container of drivers[] and a record live in the .noinit section, which neither startup
 * nor QEMU's loader writes, so they survive a system reset. Operations run in epochs of
 * EPOCH_OPS: operation k of an epoch is drawn from a PRNG seeded by (seed, epoch, k) and from the
 * plain model of the containers after operations 0..k-1 (an insert, a remove of a random
 * element, or rarely a clear, on a random container). Around each operation the record's
 * mark is one word, so a reset never tears it:
 *     k << 2 | STAGE_KIT      before the kit is called
 *     k << 2 | STAGE_CALLER   after it returned: the caller's own writes (a block's contents)
 *     (k + 1) << 2            the operation is complete
 * SysTick, armed with a random reload (from a PRNG kept in the record; its range widens while
 * an operation longer than it keeps being lost) and started at a random offset into the
 * operations, requests a system reset through AIRCR: resets land on any instruction, inside
 * kit operations or not.
 *
 * After each reset: every container is opened, the one whose operation was in flight first,
 * and after a reset inside a kit call with SysTick armed again at a short random reload, so
 * that a second reset may land inside open, while it recovers that operation (a brown-out resets a part again while it starts
 * up). The record's `opening` word says which container was being opened; the boot after such
 * a reset counts it and opens them all again, with at most OPEN_STREAK resets in a row there.
 * Then every container is checked, the model is replayed to the
 * mark's k from the epoch's seed, and every element ever inserted in the epoch is looked up.
 * A container must hold exactly the model after k operations, or, when the mark says an
 * operation was in flight, after k + 1 (in the kit: either; after it returned: k + 1); a
 * resumable clear may leave any subset, and is then run again. An operation found undone is
 * run again (it is lost, not harmful); one found done is completed (the caller's writes
 * redone). Anything else is a loss: counted, reported, and the containers are initialised
 * again. After RESET_COUNT resets the image prints what it saw, in all and per container, and
 * exits 0, or 1 on any loss.
 *
 * The record also proves that the RAM was kept: a magic word at each end, and the boots that
 * found it equal to the resets requested. A fresh record is announced; if QEMU did not keep
 * the RAM, every boot would announce one and the run would never end.
 */
#include <bento/common.h>

#include "bento_port.h"
#include "reset.h"

#ifndef RESET_COUNT
#define RESET_COUNT 300u
#endif

/* The containers under test: a driver each (reset.h). */
static const reset_driver *const drivers[] = {
    &reset_pool_driver,
    &reset_block_pool_driver,
    &reset_sparse_set_driver,
    &reset_index_driver,
    &reset_grid_driver,
#if !RESET_SMALL_RAM
    &reset_multi_index_driver,
    &reset_spatial_hash_driver,
#endif
    &reset_paged_set_driver,
};
#define DRIVERS (sizeof drivers / sizeof drivers[0])

/* Operations per epoch: bounds the replay after a reset and the record's ref table. */
#define EPOCH_OPS RESET_EPOCH_OPS
/* Distinct interrupted instructions remembered (open addressing, 0 is empty; 4 KiB, the
 * first thing to shrink when the micro:bit's 16 KiB run short). */
#define PC_SLOTS 1024u
#define RECORD_MAGIC 0x52535431u
#define RECORD_MAGIC_END 0x454e4431u
#define MARK_INIT 0xffffffffu

enum { STAGE_IDLE = 0, STAGE_KIT = 1, STAGE_CALLER = 2 };
enum { OP_INSERT, OP_REMOVE, OP_CLEAR };
static const char *const op_names[] = {"insert", "remove", "clear"};

/* SysTick reload range, in ticks (40 instructions on mps2, 62.5 on micro:bit under
 * -icount shift=0): a few operations' worth, so that a boot runs a few operations. */
#define TICKS_MIN 4u
#define TICKS_SPAN 60u
/* Delay loop iterations between starting SysTick and the first operation: moves the reset
 * instant by less than a tick. */
#define PHASE_SPAN 64u
/* The reload while the containers are reopened, in ticks: the in-flight container's open,
 * with its recovery, comes first and takes a few hundred instructions to a few thousand (a
 * clear's redo). At most OPEN_STREAK resets in a row land there, so that the test goes on. */
#define OPEN_TICKS_SPAN 16u
#define OPEN_STREAK 2u
/* An operation longer than the longest reload (a grid's growth walks its whole box) would be
 * lost at every boot, and the run would go no further: after WIDEN_AFTER boots in a row that
 * lost the operation they started with, the reload range doubles, and again every
 * WIDEN_AFTER boots (at most 2^WIDEN_MAX times), until the operation completes. Resets still
 * land anywhere inside it. */
#define WIDEN_AFTER 4u
#define WIDEN_MAX 10u

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

/* What the resets did to one container's operations (the summary prints one line each). */
typedef struct tally {
    uint32_t in_kit;    /* resets inside its kit calls */
    uint32_t in_open;   /* resets inside its open while its operation was in flight */
    uint32_t lost;      /* of those, the operation found undone */
    uint32_t completed; /* found done */
    uint32_t resumed;   /* a resumable clear found part way, then completed */
    uint32_t losses;    /* boots that found it wrong */
} tally;

typedef struct record {
    uint32_t magic;
    uint32_t layout;    /* this image's record and containers: another image's starts afresh */
    uint32_t seed;      /* of the operations (bento_port_seed, printed at a fresh start) */
    uint32_t boots;     /* boots that found the record */
    uint32_t requested; /* resets the SysTick handler requested */
    uint32_t epoch;
    uint32_t mark;      /* see the top of this file; MARK_INIT while containers are initialised */
    uint32_t last_pc;   /* the instruction the last reset interrupted */
    uint32_t timer;     /* PRNG state of the reset instants */
    uint32_t last_epoch, last_k; /* where the operations started at the last boot */
    uint32_t stuck;     /* boots in a row that lost the operation they started with */
    uint32_t widened;   /* boots that armed a wider reload range (WIDEN_AFTER) */
    uint32_t opening;   /* 1 + the container being opened after a reset, 0 otherwise */
    uint32_t open_streak; /* resets in a row inside the opens */
    uint32_t in_open, in_open_flight; /* resets inside the opens; of them, inside the open of
                                         the container whose operation was in flight */
    uint32_t ops, in_init, between, in_kit, in_caller, lost, completed, resumed, losses, pcs;
    uint32_t pc[PC_SLOTS];
    tally per[DRIVERS];
    uint32_t ref[EPOCH_OPS]; /* per inserting operation, what names its element */
    uint32_t magic_end;
} record;

static record rec RESET_RETAINED;

/* The record's words the operations write, one store each, in program order. */
static void put(uint32_t *word, uint32_t value)
{
    __asm__ volatile("" : : : "memory");
    *(volatile uint32_t *)word = value;
    __asm__ volatile("" : : : "memory");
}

typedef struct op {
    uint32_t driver;
    uint32_t kind;
    uint32_t id; /* insert: the new element (the operation's index); remove: the victim */
} op;

typedef struct model {
    uint32_t n;
    uint16_t ids[RESET_MODEL_CAP];
} model;

static model models[DRIVERS];
/* 1 + the driver an operation of this epoch inserted into, 0 for other operations */
static uint8_t inserted_by[EPOCH_OPS];

static uint32_t below(uint32_t *state, uint32_t n)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return (uint32_t)(((uint64_t)x * n) >> 32);
}

/* Operation k of the epoch, from the model after operations 0..k-1. */
static op generate(uint32_t k)
{
    uint32_t s = reset_mix(rec.seed ^ reset_mix(rec.epoch * 0x10001u ^ k)) | 1u;
    op o;
    const model *m;
    uint32_t cap;
    o.driver = below(&s, DRIVERS);
    m = &models[o.driver];
    cap = drivers[o.driver]->capacity;
    o.id = k;
    if (below(&s, 100u) < 5u) {
        o.kind = OP_CLEAR;
    } else if (m->n == 0u || (m->n < cap && below(&s, 100u) < (m->n < cap / 2u ? 70u : 40u))) {
        o.kind = OP_INSERT;
    } else {
        o.kind = OP_REMOVE;
        o.id = m->ids[below(&s, m->n)];
    }
    return o;
}

static void apply_to(model *m, const op *o)
{
    uint32_t i;
    if (o->kind == OP_INSERT) {
        m->ids[m->n++] = (uint16_t)o->id;
    } else if (o->kind == OP_REMOVE) {
        for (i = 0u; m->ids[i] != o->id; i++) {
        }
        m->ids[i] = m->ids[--m->n];
    } else {
        m->n = 0u;
    }
}

static void apply(const op *o)
{
    apply_to(&models[o->driver], o);
    if (o->kind == OP_INSERT) {
        inserted_by[o->id] = (uint8_t)(o->driver + 1u);
    }
}

static void replay(uint32_t k)
{
    uint32_t i;
    for (i = 0u; i < DRIVERS; i++) {
        models[i].n = 0u;
    }
    for (i = 0u; i < EPOCH_OPS; i++) {
        inserted_by[i] = 0u;
    }
    for (i = 0u; i < k; i++) {
        op o = generate(i);
        apply(&o);
    }
}

static void write_u(const char *text, uint32_t value)
{
    bento_port_write(text);
    bento_port_write_u64(value);
}

/* Initialise every container for a new epoch; a reset in here starts it again. */
static void new_epoch(void)
{
    uint32_t i;
    put(&rec.mark, MARK_INIT);
    put(&rec.epoch, rec.epoch + 1u);
    for (i = 0u; i < DRIVERS; i++) {
        bento_status status = drivers[i]->init();
        if (status != BENTO_OK) {
            bento_port_write("reset test: ");
            bento_port_write(drivers[i]->name);
            bento_port_write(": init ");
            bento_port_write(bento_status_name(status));
            bento_port_write("\n");
            bento_port_exit(2);
        }
    }
    replay(0u);
    put(&rec.mark, 0u);
}

/* ---------------------------------------------------------------- after a reset */

static bool in_model(const model *m, uint32_t id)
{
    uint32_t i;
    for (i = 0u; i < m->n; i++) {
        if (m->ids[i] == id) {
            return true;
        }
    }
    return false;
}


/* How container d compares with model m over the elements inserted before operation k. */
typedef struct comparison {
    uint32_t present; /* elements found, whole */
    uint32_t extra;   /* found, though not in m */
    uint32_t missing; /* in m, not found */
    uint32_t count;   /* the container's count */
} comparison;

static comparison compare(uint32_t d, const model *m, uint32_t k)
{
    comparison c = {0u, 0u, 0u, 0u};
    uint32_t i;
    for (i = 0u; i < k; i++) {
        bool want, has;
        if (inserted_by[i] != d + 1u) {
            continue;
        }
        want = in_model(m, i);
        has = drivers[d]->has(rec.epoch, i, rec.ref[i]);
        c.present += has ? 1u : 0u;
        c.extra += has && !want ? 1u : 0u;
        c.missing += want && !has ? 1u : 0u;
    }
    c.count = drivers[d]->count();
    return c;
}

static bool exact(comparison c, const model *m)
{
    return c.extra == 0u && c.missing == 0u && c.count == m->n;
}

enum { SETTLED_LOST, SETTLED_DONE, SETTLED_RESUMED, SETTLED_WRONG };

/* The container that operation k, `o`, was in flight on (at `stage`): before it, after it,
 * or (a resumable clear) part way, then completed by running it again. */
static int settle(const op *o, uint32_t k, uint32_t stage)
{
    const reset_driver *drv = drivers[o->driver];
    const model *before = &models[o->driver];
    model after = *before;
    comparison c;
    if (o->kind == OP_INSERT) {
        /* done: its ref may not be recorded yet, nor (caller_fills) its value written; a new
         * block may still hold a removed element's value, so write it before comparing */
        uint32_t taken[RESET_MODEL_CAP];
        uint32_t i, ref = RESET_NO_REF;
        if (drv->count() == before->n + 1u) {
            for (i = 0u; i < before->n; i++) {
                taken[i] = rec.ref[before->ids[i]];
            }
            ref = drv->find != NULL ? drv->find(rec.epoch, k, taken, before->n)
                  : drv->has(rec.epoch, k, k) ? k
                                             : RESET_NO_REF;
            if (ref == RESET_NO_REF) {
                return SETTLED_WRONG;
            }
            if (drv->caller_fills) {
                reset_value value;
                reset_value_of(&value, rec.epoch, k);
                drv->fill(ref, &value);
            }
            put(&rec.ref[k], ref);
        }
        /* the elements inserted before are as they were; the new one is there or not */
        c = compare(o->driver, before, k);
        if (c.extra != 0u || c.missing != 0u) {
            return SETTLED_WRONG;
        }
        if (c.count == before->n) {
            return stage == STAGE_KIT ? SETTLED_LOST : SETTLED_WRONG;
        }
        return c.count == before->n + 1u && drv->has(rec.epoch, k, ref) ? SETTLED_DONE
                                                                       : SETTLED_WRONG;
    }
    c = compare(o->driver, before, k);
    apply_to(&after, o);
    if (exact(compare(o->driver, &after, k), &after)) {
        return SETTLED_DONE;
    }
    if (stage != STAGE_KIT) {
        return SETTLED_WRONG;
    }
    if (exact(c, before)) {
        return SETTLED_LOST;
    }
    if (o->kind == OP_CLEAR && drv->clear_resumable && c.extra == 0u && c.count == c.present) {
        drv->clear();
        return drv->check() == BENTO_OK && exact(compare(o->driver, &after, k), &after)
                   ? SETTLED_RESUMED
                   : SETTLED_WRONG;
    }
    return SETTLED_WRONG;
}

static void loss(const char *container, const char *what, const char *detail, uint32_t k,
                 uint32_t stage)
{
    /* the first few, in full */
    if (++rec.losses <= 5u) {
        write_u("reset test: LOST after reset ", rec.requested);
        bento_port_write(": ");
        bento_port_write(container);
        bento_port_write(": ");
        bento_port_write(what);
        bento_port_write(detail);
        write_u(" (epoch ", rec.epoch);
        write_u(", operation ", k);
        write_u(", stage ", stage);
        bento_port_write(")\n");
    }
}

static void remember_pc(uint32_t pc)
{
    uint32_t h = reset_mix(pc) & (PC_SLOTS - 1u);
    while (rec.pc[h] != 0u && rec.pc[h] != pc) {
        h = (h + 1u) & (PC_SLOTS - 1u);
    }
    if (rec.pc[h] == 0u && rec.pcs < PC_SLOTS * 3u / 4u) {
        rec.pc[h] = pc;
        rec.pcs++;
    }
}

static void arm_reset(uint32_t span, bool widen);

/* Open every container, `first` (the one whose operation was in flight, DRIVERS for none)
 * first, into opened[]; with `arm`, with a reset armed at a short random instant: it may land
 * inside an open, while it recovers. The boot after it finds `opening` set and comes back. */
static void open_all(uint32_t first, bool arm, bento_status *opened)
{
    uint32_t i;
    if (arm && rec.open_streak < OPEN_STREAK) {
        arm_reset(OPEN_TICKS_SPAN, false);
    }
    for (i = 0u; i < DRIVERS; i++) {
        const uint32_t d = first >= DRIVERS ? i : i == 0u ? first : i - 1u < first ? i - 1u : i;
        put(&rec.opening, 1u + d);
        opened[d] = drivers[d]->open();
    }
    SYST_CSR = 0u;
    put(&rec.opening, 0u);
    put(&rec.open_streak, 0u);
}

/* After a reset: the containers opened (a reset may land there), then SysTick is off and
 * nothing else here is interrupted. */
static void after_reset(void)
{
    const uint32_t k = rec.mark >> 2;
    const uint32_t stage = rec.mark & 3u;
    const bool flight = stage != STAGE_IDLE;
    const uint32_t opening = rec.opening;
    int settled = SETTLED_LOST;
    bool lost = false;
    uint32_t d, stuck;
    bento_status opened[DRIVERS];
    op o = {DRIVERS, 0u, 0u};
    if (rec.mark == MARK_INIT) {
        rec.in_init++;
        new_epoch(); /* a reset while initialising: start it again */
        return;
    }
    if (k > EPOCH_OPS || stage > STAGE_CALLER || (flight && k == EPOCH_OPS)) {
        loss("record", "mark out of range", "", k, stage);
        new_epoch();
        return;
    }
    replay(k);
    if (flight) {
        o = generate(k);
    }
    if (opening != 0u) { /* the last reset landed inside an open: count it, open again */
        rec.in_open++;
        rec.open_streak++;
        if (flight && opening - 1u == o.driver) {
            rec.in_open_flight++;
            rec.per[o.driver].in_open++;
        }
    }
    open_all(o.driver, stage == STAGE_KIT, opened); /* a reset in the kit: a journal to recover */
    /* from here on, once per reset inside an operation, however many landed in the opens */
    stuck = rec.stuck;
    rec.stuck = 0u;
    if (stage == STAGE_IDLE) {
        rec.between++;
    } else if (stage == STAGE_KIT) {
        rec.in_kit++;
        remember_pc(rec.last_pc);
    } else {
        rec.in_caller++;
    }
    if (flight) {
        rec.per[o.driver].in_kit += stage == STAGE_KIT ? 1u : 0u;
    }
    for (d = 0u; d < DRIVERS; d++) {
        const reset_driver *drv = drivers[d];
        bento_status status = opened[d];
        if (status == BENTO_OK) {
            status = drv->check();
            if (status != BENTO_OK) {
                loss(drv->name, "check ", bento_status_name(status), k, stage);
                rec.per[d].losses++;
                lost = true;
                continue;
            }
        } else {
            loss(drv->name, "open ", bento_status_name(status), k, stage);
            rec.per[d].losses++;
            lost = true;
            continue;
        }
        if (flight && o.driver == d) {
            settled = settle(&o, k, stage);
            if (settled == SETTLED_WRONG) {
                loss(drv->name, "wrong contents after ", op_names[o.kind], k, stage);
                rec.per[d].losses++;
                lost = true;
            }
        } else if (!exact(compare(d, &models[d], k), &models[d])) {
            loss(drv->name, "wrong contents", "", k, stage);
            rec.per[d].losses++;
            lost = true;
        }
    }
    if (lost) {
        new_epoch();
        return;
    }
    if (flight && settled != SETTLED_LOST) {
        rec.completed += stage == STAGE_KIT && settled == SETTLED_DONE ? 1u : 0u;
        rec.resumed += settled == SETTLED_RESUMED ? 1u : 0u;
        rec.per[o.driver].completed += stage == STAGE_KIT && settled == SETTLED_DONE ? 1u : 0u;
        rec.per[o.driver].resumed += settled == SETTLED_RESUMED ? 1u : 0u;
        rec.ops++;
        apply(&o);
        put(&rec.mark, (k + 1u) << 2);
    } else {
        if (flight) {
            rec.lost++;
            rec.per[o.driver].lost++;
        }
        /* no further than the last boot started */
        rec.stuck = flight && rec.epoch == rec.last_epoch && k == rec.last_k ? stuck + 1u : 0u;
        put(&rec.mark, k << 2); /* run it again: the same operation, drawn from the same model */
    }
}

#define LAYOUT ((uint32_t)sizeof(record) ^ (uint32_t)DRIVERS << 24 ^ (uint32_t)BENTO_POWER_SAFE << 28)

/* The record: kept (a boot after a reset this program requested), or absent (power-on). */
static void boot(void)
{
    uint32_t i;
    if (rec.magic == RECORD_MAGIC && rec.layout == LAYOUT && rec.magic_end == RECORD_MAGIC_END) {
        rec.boots++;
        if (rec.boots != rec.requested) {
            write_u("reset test: FAIL: the record was found by ", rec.boots);
            write_u(" boots after ", rec.requested);
            bento_port_write(" resets requested\n");
            bento_port_exit(1);
        }
        /* operations completed since the last boot started them (an epoch is initialised
         * again only after its last operation); none when the reset landed in the opens of
         * a boot that counted them already */
        i = rec.mark >> 2;
        if (rec.opening != 0u) {
        } else if (rec.mark == MARK_INIT) {
            rec.ops += EPOCH_OPS - rec.last_k;
        } else {
            rec.ops += rec.epoch == rec.last_epoch ? i - rec.last_k : EPOCH_OPS - rec.last_k + i;
        }
        after_reset();
    } else if (rec.magic == RECORD_MAGIC && rec.layout == LAYOUT) {
        bento_port_write("reset test: FAIL: the retained record is damaged: RAM not kept whole\n");
        bento_port_exit(1);
    } else {
        for (i = 0u; i < sizeof rec / 4u; i++) {
            ((uint32_t *)&rec)[i] = 0u;
        }
        rec.seed = bento_port_seed();
        write_u("reset test: no record in retained RAM: a fresh start, seed ", rec.seed);
        bento_port_write("\n");
        rec.magic = RECORD_MAGIC;
        rec.layout = LAYOUT;
        rec.magic_end = RECORD_MAGIC_END;
        rec.timer = rec.seed | 1u;
        new_epoch();
    }
    rec.last_epoch = rec.epoch;
    rec.last_k = rec.mark >> 2;
}

static void summary(void)
{
    uint32_t d;
    write_u("reset test: ", rec.requested);
    write_u(" resets, RAM kept across each; ", rec.in_init);
    write_u(" while initialising, ", rec.between);
    write_u(" between operations, ", rec.in_caller);
    write_u(" after the kit returned, ", rec.in_kit);
    write_u(" inside kit calls (", rec.pcs);
    bento_port_write(rec.pcs >= PC_SLOTS * 3u / 4u ? "+" : "");
    write_u(" distinct instructions): ", rec.lost);
    write_u(" lost their operation, ", rec.completed);
    write_u(" completed it, ", rec.resumed);
    write_u(" resumed a clear; ", rec.ops);
    write_u(" operations; ", rec.widened);
    bento_port_write(" boots widened the reset window\n");
    write_u("reset test: ", rec.in_open);
    write_u(" resets inside the opens after a reset, ", rec.in_open_flight);
    bento_port_write(" of them inside the open of the container whose operation was in flight\n");
    for (d = 0u; d < DRIVERS; d++) {
        const tally *t = &rec.per[d];
        bento_port_write("reset test:   ");
        bento_port_write(drivers[d]->name);
        write_u(": ", t->in_kit);
        write_u(" resets inside its operations: ", t->lost);
        write_u(" lost, ", t->completed);
        write_u(" completed, ", t->resumed);
        write_u(" resumed a clear; ", t->in_open);
        write_u(" resets inside its open after one of those; ", t->losses);
        bento_port_write(" losses\n");
    }
    write_u("reset test: ", rec.requested);
    write_u(" resets, ", rec.in_kit);
    write_u(" inside kit operations, ", rec.in_open_flight);
    write_u(" inside the open that recovers one, ", rec.lost);
    write_u(" operations in flight lost, ", rec.losses);
    bento_port_write(" other losses\n");
}

/* ---------------------------------------------------------------- resets */

/* SysTick: a system reset at whatever instruction the program was on (its stacked PC is
 * recorded). Naked, to hand the exception frame to reset_now as it is. */
void SysTick_Handler(void) __attribute__((naked));
void reset_now(const uint32_t *frame) __attribute__((noreturn, used));

void SysTick_Handler(void)
{
    __asm__ volatile("mrs r0, msp\n"
                     "ldr r1, =reset_now\n"
                     "bx r1\n");
}

void reset_now(const uint32_t *frame)
{
    if (rec.opening == 0u) { /* the instruction of a reset in the opens is not counted */
        put(&rec.last_pc, frame[6]);
    }
    put(&rec.requested, rec.requested + 1u);
    bento_port_reset();
}

/* A random reload of 1 to `span` ticks (with `widen`, from TICKS_MIN up, its range widened
 * while an operation keeps being lost), and a random delay before what it interrupts. */
static void arm_reset(uint32_t span, bool widen)
{
    uint32_t t = rec.timer;
    uint32_t wider = widen ? rec.stuck / WIDEN_AFTER : 0u;
    uint32_t ticks = (widen ? TICKS_MIN : 1u) + below(&t, span);
    uint32_t phase = below(&t, PHASE_SPAN);
    uint32_t i;
    wider = wider < WIDEN_MAX ? wider : WIDEN_MAX;
    ticks <<= wider;
    rec.widened += wider != 0u ? 1u : 0u;
    put(&rec.timer, t);
    SYST_RVR = ticks;
    SYST_CVR = 0u;
    SYST_CSR = 7u; /* enable, interrupt, processor clock */
    for (i = 0u; i < phase; i++) {
        __asm__ volatile("");
    }
}

static void stop(const char *container, const char *what, bento_status status)
{
    SYST_CSR = 0u;
    bento_port_write("reset test: FAIL: ");
    bento_port_write(container);
    bento_port_write(": ");
    bento_port_write(what);
    bento_port_write(" answered ");
    bento_port_write(bento_status_name(status));
    bento_port_write("\n");
    bento_port_exit(1);
}

/* Operations until SysTick resets the machine. */
static void run(void) __attribute__((noreturn));
static void run(void)
{
    for (;;) {
        const uint32_t k = rec.mark >> 2;
        const reset_driver *drv;
        bento_status status = BENTO_OK;
        uint32_t ref = RESET_NO_REF;
        reset_value value;
        op o;
        if (k == EPOCH_OPS) {
            new_epoch();
            continue;
        }
        o = generate(k);
        drv = drivers[o.driver];
        if (o.kind == OP_INSERT) {
            reset_value_of(&value, rec.epoch, o.id);
        }
        put(&rec.mark, k << 2 | STAGE_KIT);
        if (o.kind == OP_INSERT) {
            status = drv->insert(o.id, &value, &ref);
        } else if (o.kind == OP_REMOVE) {
            status = drv->remove(o.id, rec.ref[o.id]);
        } else {
            drv->clear();
        }
        put(&rec.mark, k << 2 | STAGE_CALLER);
        if (status != BENTO_OK) {
            stop(drv->name, op_names[o.kind], status);
        }
        if (o.kind == OP_INSERT) {
            put(&rec.ref[o.id], ref);
            if (drv->caller_fills) {
                drv->fill(ref, &value);
            }
        }
        apply(&o);
        put(&rec.mark, (k + 1u) << 2);
    }
}

int main(void)
{
    boot();
    if (rec.requested >= RESET_COUNT) {
        summary();
        return rec.losses == 0u ? 0 : 1;
    }
    arm_reset(TICKS_SPAN, true);
    run();
}
