/* SPDX-License-Identifier: MIT */
/*
 * tests/cut/main.c - the cut-point test (cut.h says how stores are found).
 *
 *     cut [-n OPS] [-s SEEDS] [-m TABLE.md] [-c CONTAINER] [-r EVERY]
 *
 * For each container, SEEDS runs of OPS random operations (the first seed from BENTO_SEED,
 * or from the clock; run i uses seed + i). Each operation is run once whole, which counts its
 * stores n and gives the state after it; then for k = 0 .. n-1 the memory is put back as it
 * was before, the operation run again and cut before its store k, and the cut image opened
 * as after a reset (a fresh struct, bento_X_open in place, bento_X_check) and classified:
 *
 *   atomic     it opens, checks and equals the state before or the state after;
 *   resumable  (O(n) operations only) it opens and checks, every element in it is whole, as
 *              it was before or as it is after (a sort's: the same elements; a clear's or a
 *              window slide's: some of them), and running the operation again on it
 *              completes it: the state after;
 *   lost       open or check refuses it (BENTO_E_CORRUPT): the whole container is gone;
 *   silent     it opens and checks but is neither: wrong without a word;
 *   crash      a signal (a fault, or a hang caught by a timer) in the cut run, open, check or
 *              the run again.
 *
 * Then the second cut: a part that a brown-out reset tends to reset again while it starts
 * up, inside open. For every EVERY-th first cut (default 1: each; 0: none), the open of its
 * image is cut before each store that open makes (its recovery), in turn, and the image that
 * leaves is opened again and classified the same way. A recovery that stores anything before
 * the journal says what is being redone shows here as lost or silent.
 *
 * A table per container and operation, first cuts and second cuts, goes to stdout, and with
 * -m to a markdown file. The
 * program fails (exit status 1) on a crash, on anything it cannot explain (an operation that
 * stores differently when run again, a whole operation that leaves a container check
 * refuses, an open of an intact buffer that reads other contents), on a failed self-test, or
 * when an operation the gate list below declares atomic or resumable has a cut, first or
 * second, that is not.
 */
#include "cut.h"
#include "probe.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---------------------------------------------------------------- the gate */

enum { DECLARED_ATOMIC = 1, DECLARED_RESUMABLE = 2 };

/* Operations the kit declares failure-atomic or resumable, by container and operation kind
 * as the table names them: any cut of theirs that is not atomic (not atomic nor resumable)
 * fails the program (built with BENTO_POWER_SAFE: without it, the table only reports). */
static const struct {
    const char *container;
    const char *kind;
    int level;
} declared[] = {
    {"pool (wrap)", "create", DECLARED_ATOMIC},
    {"pool (wrap)", "create_from", DECLARED_ATOMIC},
    {"pool (wrap)", "destroy", DECLARED_ATOMIC},
    {"pool (wrap)", "clear", DECLARED_RESUMABLE},
    {"pool (retire)", "create", DECLARED_ATOMIC},
    {"pool (retire)", "create_from", DECLARED_ATOMIC},
    {"pool (retire)", "destroy", DECLARED_ATOMIC},
    {"pool (retire)", "destroy (retires)", DECLARED_ATOMIC},
    {"pool (retire)", "clear", DECLARED_RESUMABLE},
    {"block pool", "alloc", DECLARED_ATOMIC},
    {"block pool", "free", DECLARED_ATOMIC},
    {"block pool", "clear", DECLARED_ATOMIC},
    {"paged set", "insert", DECLARED_ATOMIC},
    {"paged set", "insert (takes a page)", DECLARED_ATOMIC},
    {"paged set", "insert_from", DECLARED_ATOMIC},
    {"paged set", "remove", DECLARED_ATOMIC},
    {"paged set", "remove (frees a page)", DECLARED_ATOMIC},
    {"paged set", "clear", DECLARED_RESUMABLE},
    {"grid", "insert", DECLARED_ATOMIC},
    {"grid", "insert (grows)", DECLARED_RESUMABLE},
    {"grid", "insert_from", DECLARED_ATOMIC},
    {"grid", "insert_from (grows)", DECLARED_RESUMABLE},
    {"grid", "ensure (inside)", DECLARED_ATOMIC},
    {"grid", "ensure (grows)", DECLARED_ATOMIC},
    {"grid", "remove", DECLARED_ATOMIC},
    {"grid", "clear", DECLARED_ATOMIC},
    {"window", "insert", DECLARED_ATOMIC},
    {"window", "insert_from", DECLARED_ATOMIC},
    {"window", "remove", DECLARED_ATOMIC},
    {"window", "clear", DECLARED_ATOMIC},
    {"window", "focus (slides)", DECLARED_RESUMABLE},
    {"index", "insert", DECLARED_ATOMIC},
    {"index", "upsert", DECLARED_ATOMIC},
    {"index", "remove", DECLARED_ATOMIC},
    {"index", "clear", DECLARED_ATOMIC},
    {"index32", "insert", DECLARED_ATOMIC},
    {"index32", "upsert", DECLARED_ATOMIC},
    {"index32", "remove", DECLARED_ATOMIC},
    {"index32", "clear", DECLARED_ATOMIC},
    {"multi-index", "insert", DECLARED_ATOMIC},
    {"multi-index", "remove", DECLARED_ATOMIC},
    {"multi-index", "remove_value", DECLARED_ATOMIC},
    {"multi-index", "remove_key", DECLARED_ATOMIC},
    {"multi-index", "move", DECLARED_ATOMIC},
    {"multi-index", "clear", DECLARED_ATOMIC},
    {"spatial hash", "insert", DECLARED_ATOMIC},
    {"spatial hash", "move", DECLARED_ATOMIC},
    {"spatial hash", "move (same cell)", DECLARED_ATOMIC},
    {"spatial hash", "remove", DECLARED_ATOMIC},
    {"spatial hash", "clear", DECLARED_ATOMIC},
    {"sparse set", "insert", DECLARED_ATOMIC},
    {"sparse set", "insert_from", DECLARED_ATOMIC},
    {"sparse set", "remove", DECLARED_ATOMIC},
    {"sparse set", "clear", DECLARED_ATOMIC},
    {"sparse set", "sort heap", DECLARED_ATOMIC},
    {"sparse set", "sort insertion", DECLARED_ATOMIC},
    {"sparse set", "sort radix", DECLARED_ATOMIC},
    {"sparse set", "sort merge", DECLARED_ATOMIC},
    {"sparse set", "sort_as", DECLARED_RESUMABLE},
    {NULL, NULL, 0}, /* the end */
};

/* ---------------------------------------------------------------- containers */

static const cut_driver *const drivers[] = {
    &cut_pool_wrap,  &cut_pool_retire, &cut_block_pool,  &cut_sparse_set,
    &cut_paged_set,  &cut_index,       &cut_index32,     &cut_multi_index,
    &cut_spatial_hash, &cut_grid,      &cut_window,
};
#define DRIVERS CUT_COUNT_OF(drivers)
#define MAX_KINDS 16u

typedef struct row {
    uint64_t ops, cuts, atomic, resumable, lost, silent, crash;
    uint64_t first; /* cuts before an operation's first store: atomic whatever the code does */
} row;

static row rows[DRIVERS][MAX_KINDS];
/* The second cuts, inside the open of a first cut's image; `ops` counts the first cuts whose
 * open was cut. */
static row rows2[DRIVERS][MAX_KINDS];
/* The open of every second_every-th first cut of each kind is cut (0: none). */
static uint64_t second_every = 1u;
static uint64_t errors;
static uint64_t crashes;

/* ---------------------------------------------------------------- random numbers */

uint32_t cut_rand(cut_rng *r)
{
    /* xorshift64* */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32);
}

uint32_t cut_below(cut_rng *r, uint32_t bound)
{
    return (uint32_t)(((uint64_t)cut_rand(r) * bound) >> 32);
}

int32_t cut_range(cut_rng *r, int32_t lo, int32_t hi)
{
    return (int32_t)((int64_t)lo + (int64_t)cut_below(r, (uint32_t)((int64_t)hi - lo + 1)));
}

bool cut_chance(cut_rng *r, uint32_t percent)
{
    return cut_below(r, 100u) < percent;
}

void cut_fill(cut_rng *r, void *bytes, size_t n)
{
    unsigned char *p = bytes;
    size_t i;
    for (i = 0u; i < n; i++) {
        p[i] = (unsigned char)cut_rand(r);
    }
}

/* ---------------------------------------------------------------- dumps */

static void *xmalloc(size_t n)
{
    void *p = calloc(1u, n != 0u ? n : 1u);
    if (p == NULL) {
        fprintf(stderr, "cut: out of memory\n");
        exit(3);
    }
    return p;
}

void cut_dump_reset(cut_dump *d, size_t rec_size)
{
    d->head_len = 0u;
    d->count = 0u;
    if (d->rec_size != rec_size) {
        free(d->rec);
        d->rec = NULL;
        d->cap = 0u;
        d->rec_size = rec_size;
    }
}

void cut_dump_free(cut_dump *d)
{
    free(d->rec);
    memset(d, 0, sizeof *d);
}

void cut_dump_head(cut_dump *d, const void *bytes, size_t n)
{
    if (d->head_len + n > sizeof d->head) {
        fprintf(stderr, "cut: dump head too long\n");
        exit(3);
    }
    memcpy(d->head + d->head_len, bytes, n);
    d->head_len += n;
}

void cut_dump_u32(cut_dump *d, uint32_t v)
{
    cut_dump_head(d, &v, sizeof v);
}

void *cut_dump_rec(cut_dump *d)
{
    unsigned char *r;
    if (d->count == d->cap) {
        size_t cap = d->cap != 0u ? d->cap * 2u : 64u;
        unsigned char *grown = realloc(d->rec, cap * d->rec_size);
        if (grown == NULL) {
            fprintf(stderr, "cut: out of memory\n");
            exit(3);
        }
        d->rec = grown;
        d->cap = cap;
    }
    r = d->rec + d->count * d->rec_size;
    memset(r, 0, d->rec_size);
    d->count++;
    return r;
}

static size_t sort_size;
static int compare_records(const void *a, const void *b)
{
    return memcmp(a, b, sort_size);
}

void cut_dump_sort(cut_dump *d)
{
    sort_size = d->rec_size;
    if (d->count > 1u) {
        qsort(d->rec, d->count, d->rec_size, compare_records);
    }
}

bool cut_dump_equal(const cut_dump *a, const cut_dump *b)
{
    return a->head_len == b->head_len && memcmp(a->head, b->head, a->head_len) == 0 &&
           a->rec_size == b->rec_size && a->count == b->count &&
           (a->count == 0u || memcmp(a->rec, b->rec, a->count * a->rec_size) == 0);
}

void cut_dump_copy(cut_dump *dst, const cut_dump *src)
{
    size_t i;
    cut_dump_reset(dst, src->rec_size);
    cut_dump_head(dst, src->head, src->head_len);
    for (i = 0u; i < src->count; i++) {
        memcpy(cut_dump_rec(dst), src->rec + i * src->rec_size, src->rec_size);
    }
}

/* small <= big as multisets of sorted records */
static bool sub_multiset(const cut_dump *small, const cut_dump *big)
{
    size_t i = 0u, j = 0u;
    size_t n = small->rec_size;
    while (i < small->count) {
        int c;
        if (j == big->count) {
            return false;
        }
        c = memcmp(small->rec + i * n, big->rec + j * n, n);
        if (c == 0) {
            i++;
            j++;
        } else if (c > 0) {
            j++;
        } else {
            return false;
        }
    }
    return true;
}

/* The multiset intersection (union: false) of two sorted record lists. */
static void merge(cut_dump *out, const cut_dump *a, const cut_dump *b, bool intersection)
{
    size_t i = 0u, j = 0u;
    size_t n = a->rec_size;
    cut_dump_reset(out, n);
    while (i < a->count || j < b->count) {
        int c = i == a->count ? 1 : j == b->count ? -1 : memcmp(a->rec + i * n, b->rec + j * n, n);
        if (c == 0) {
            memcpy(cut_dump_rec(out), a->rec + i * n, n);
            i++;
            j++;
        } else if (c < 0) {
            if (!intersection) {
                memcpy(cut_dump_rec(out), a->rec + i * n, n);
            }
            i++;
        } else {
            if (!intersection) {
                memcpy(cut_dump_rec(out), b->rec + j * n, n);
            }
            j++;
        }
    }
}

bool cut_dump_between(const cut_dump *after, const cut_dump *cut, const cut_dump *before)
{
    static cut_dump a, c, b, both, either;
    if (after->rec_size != cut->rec_size || cut->rec_size != before->rec_size) {
        return false;
    }
    cut_dump_copy(&a, after);
    cut_dump_copy(&c, cut);
    cut_dump_copy(&b, before);
    cut_dump_sort(&a);
    cut_dump_sort(&c);
    cut_dump_sort(&b);
    merge(&both, &a, &b, true);
    merge(&either, &a, &b, false);
    return sub_multiset(&both, &c) && sub_multiset(&c, &either);
}

/* ---------------------------------------------------------------- crashes */

/* What is being tried, for the report of a crash. */
static struct {
    const char *container;
    const char *kind;
    uint32_t seed;
    uint32_t op;
    uint64_t k;
    uint64_t first_k; /* the first cut a second cut's image came from */
    bool second;
    const char *phase;
} now;

static sigjmp_buf crash_env;
static volatile sig_atomic_t in_trial;
static const unsigned hang_seconds = 20u;

static void on_signal(int sig)
{
    if (in_trial) {
        in_trial = 0;
        siglongjmp(crash_env, sig);
    }
    {
        static const char msg[] = "cut: signal outside a trial\n";
        ssize_t w = write(2, msg, sizeof msg - 1u);
        (void)w;
    }
    _exit(4);
}

static void catch_signals(void)
{
    static char alt[1u << 16];
    stack_t ss;
    struct sigaction sa;
    const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
    size_t i;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alt;
    ss.ss_size = sizeof alt;
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (i = 0u; i < CUT_COUNT_OF(sigs); i++) {
        sigaction(sigs[i], &sa, NULL);
    }
}

/* ---------------------------------------------------------------- one container */

static unsigned char *bytes_before, *bytes_after;
static size_t bytes_total;

static void save_regions(unsigned char *to)
{
    unsigned i, n = cut_region_count();
    for (i = 0u; i < n; i++) {
        size_t len;
        void *p = cut_region(i, &len);
        memcpy(to, p, len);
        to += len;
    }
}

static void restore_regions(const unsigned char *from)
{
    unsigned i, n = cut_region_count();
    for (i = 0u; i < n; i++) {
        size_t len;
        void *p = cut_region(i, &len);
        memcpy(p, from, len);
        from += len;
    }
}

static void error(const char *what)
{
    errors++;
    if (errors <= 20u) {
        printf("ERROR %s: %s, seed %u, operation %u (%s), cut %llu\n", now.container, what,
               (unsigned)now.seed, (unsigned)now.op, now.kind, (unsigned long long)now.k);
    }
}

enum outcome { ATOMIC, RESUMABLE, LOST, SILENT, CRASH, UNEXPLAINED };

/* The state of one container's run, static: a cut and a crash jump into the middle of a trial. */
static const cut_driver *drv;
static void *live, *probe, *obj_before, *obj_after;
static cut_dump before, after, got, again;
static cut_op op, op_again;
static jmp_buf cut_env;
/* The image a first cut left, which the second cuts start from, and the stores its open made. */
static unsigned char *bytes_cut;
static uint64_t open_stores;

/* Open the image in the regions as after a reset (a fresh struct, open in place, check) and
 * say what it holds: the state before or after the operation, or (resumable kinds) a part way
 * that running the operation again completes. The stores open makes are counted into
 * open_stores: those are the points of the second cut. */
static enum outcome judge(void)
{
    bento_status st;
    now.phase = "open";
    memset(probe, 0, drv->obj_size);
    cut_arm(CUT_NONE, NULL);
    st = drv->open(probe);
    open_stores = cut_disarm();
    if (st == BENTO_OK) {
        now.phase = "check";
        st = drv->check(probe);
    }
    if (st != BENTO_OK) {
        if (getenv("CUT_SHOW") != NULL) { /* CUT_SHOW=1: say where each lost cut was refused */
            printf("lost: %s %s, seed %u, operation %u, cut %llu", now.container, now.kind,
                   (unsigned)now.seed, (unsigned)now.op, (unsigned long long)now.k);
            if (now.second) {
                printf(" (second cut, inside the open of first cut %llu)",
                       (unsigned long long)now.first_k);
            }
            printf(": %s answers %s\n", now.phase, bento_status_name(st));
        }
        return LOST;
    }
    drv->dump(probe, &got);
    if (cut_dump_equal(&got, &before) || cut_dump_equal(&got, &after)) {
        return ATOMIC;
    }
    if ((drv->resumable_kinds >> op.kind & 1u) != 0u && cut_dump_between(&after, &got, &before)) {
        now.phase = "run again";
        op_again = op;
        (void)drv->run(probe, &op_again);
        now.phase = "check after the run again";
        if (drv->check(probe) == BENTO_OK) {
            drv->dump(probe, &again);
            if (cut_dump_equal(&again, &after)) {
                return RESUMABLE;
            }
        }
    }
    return SILENT;
}

/*
 * One trial. The first cut: the operation run from the state before and cut before its store
 * k; the image it leaves is kept in bytes_cut. The second cut (second true): that image's open
 * cut before its store k, as by a second reset while the part starts up. Either way the image
 * left is then opened and judged.
 */
static enum outcome trial(bool second, uint64_t k)
{
    int sig;
    enum outcome result;
    now.k = k;
    now.second = second;
    now.phase = second ? "cut open" : "cut run";
    if (second) {
        restore_regions(bytes_cut);
    } else {
        restore_regions(bytes_before);
        memcpy(live, obj_before, drv->obj_size);
        op_again = op;
    }
    in_trial = 1;
    alarm(hang_seconds);
    sig = sigsetjmp(crash_env, 1);
    if (sig != 0) {
        cut_disarm();
        alarm(0u);
        crashes++;
        if (crashes <= 20u) {
            printf("CRASH %s %s: signal %d (%s) in the %s, seed %u, operation %u, cut %llu%s\n",
                   now.container, now.kind, sig, sig == SIGALRM ? "hang" : "fault", now.phase,
                   (unsigned)now.seed, (unsigned)now.op, (unsigned long long)now.k,
                   second ? " (second cut)" : "");
        }
        return CRASH;
    }
    if (setjmp(cut_env) == 0) {
        cut_arm(k, &cut_env);
        if (second) {
            memset(probe, 0, drv->obj_size);
            (void)drv->open(probe);
        } else {
            (void)drv->run(live, &op_again);
        }
        cut_disarm();
        in_trial = 0;
        alarm(0u);
        error(second ? "open run again made fewer stores" : "the operation run again made fewer stores");
        return UNEXPLAINED;
    }
    if (!second) {
        save_regions(bytes_cut);
        now.first_k = k;
    }
    result = judge();
    in_trial = 0;
    alarm(0u);
    return result;
}

/* Count an outcome in a row. */
static void tally(row *rw, enum outcome o)
{
    switch (o) {
    case ATOMIC: rw->atomic++; break;
    case RESUMABLE: rw->resumable++; break;
    case LOST: rw->lost++; break;
    case SILENT: rw->silent++; break;
    case CRASH: rw->crash++; break;
    case UNEXPLAINED: break;
    }
}

static void run_container(unsigned di, uint32_t seed, uint32_t ops)
{
    cut_rng rng;
    uint32_t i;
    unsigned r;
    drv = drivers[di];
    if (drv->kind_count > MAX_KINDS || drv->kind_count > 64u) {
        fprintf(stderr, "cut: %s has too many operation kinds\n", drv->name);
        exit(3);
    }
    live = xmalloc(drv->obj_size);
    probe = xmalloc(drv->obj_size);
    obj_before = xmalloc(drv->obj_size);
    obj_after = xmalloc(drv->obj_size);
    rng.s = ((uint64_t)seed << 32 | (di + 1u)) * 0x9e3779b97f4a7c15ull;
    if (rng.s == 0u) {
        rng.s = 1u;
    }
    now.container = drv->name;
    now.seed = seed;
    now.kind = "setup";
    cut_regions_clear();
    drv->setup(live, &rng);
    bytes_total = 0u;
    for (r = 0u; r < cut_region_count(); r++) {
        size_t len;
        (void)cut_region(r, &len);
        bytes_total += len;
    }
    bytes_before = xmalloc(bytes_total);
    bytes_after = xmalloc(bytes_total);
    bytes_cut = xmalloc(bytes_total);
    drv->dump(live, &before);
    for (i = 0u; i < ops; i++) {
        uint64_t n, k;
        bento_status st;
        row *rw, *rw2;
        memset(&op, 0, sizeof op);
        drv->pick(live, &rng, &op);
        op.kind = op.base;
        now.op = i;
        now.k = CUT_NONE;
        now.kind = drv->kinds[op.base];
        save_regions(bytes_before);
        memcpy(obj_before, live, drv->obj_size);
        cut_arm(CUT_NONE, NULL);
        st = drv->run(live, &op);
        n = cut_disarm();
        now.kind = drv->kinds[op.kind];
        if (drv->check(live) != BENTO_OK) {
            error("the whole operation leaves a container check refuses");
        }
        drv->dump(live, &after);
        save_regions(bytes_after);
        memcpy(obj_after, live, drv->obj_size);
        /* the intact buffer must open to the same contents */
        memset(probe, 0, drv->obj_size);
        if (drv->open(probe) != BENTO_OK || drv->check(probe) != BENTO_OK) {
            error("open refuses the buffer of a whole operation");
        } else {
            drv->dump(probe, &got);
            if (!cut_dump_equal(&got, &after)) {
                error("open of the buffer of a whole operation reads other contents");
            }
        }
        restore_regions(bytes_after);
        rw = &rows[di][op.kind];
        rw2 = &rows2[di][op.kind];
        rw->ops++;
        rw->cuts += n;
        rw->first += n != 0u ? 1u : 0u;
        for (k = 0u; k < n; k++) {
            tally(rw, trial(false, k));
            /* the first cut of each kind, then every second_every-th (counted per kind, so
             * that a sample covers every kind): its open cut before each of its stores */
            if (second_every != 0u && (rw->cuts - n + k) % second_every == 0u) {
                const uint64_t m_end = open_stores;
                uint64_t m;
                rw2->ops++;
                rw2->cuts += m_end;
                for (m = 0u; m < m_end; m++) {
                    tally(rw2, trial(true, m));
                }
            }
        }
        restore_regions(bytes_after);
        memcpy(live, obj_after, drv->obj_size);
        if (st == BENTO_OK && drv->finish != NULL) {
            drv->finish(live, &op);
        }
        drv->dump(live, &before);
    }
    free(bytes_before);
    free(bytes_after);
    free(bytes_cut);
    free(live);
    free(probe);
    free(obj_before);
    free(obj_after);
}

/* ---------------------------------------------------------------- self-test */

static unsigned selftest_failures;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        selftest_failures++;
        printf("SELF-TEST FAILED: %s\n", what);
    }
}

static struct {
    struct cut_probe_fields fields;
    unsigned char bytes[10];
    uint64_t u64;
    struct cut_probe_block block;
} region_area;
static struct cut_probe_fields outside;
static struct cut_probe_block block_src;

static uint64_t count_stores(int which)
{
    cut_arm(CUT_NONE, NULL);
    switch (which) {
    case 0: cut_probe_fields(&region_area.fields); break;
    case 1: cut_probe_bytes(region_area.bytes, sizeof region_area.bytes); break;
    case 2: cut_probe_u64(&region_area.u64, 0x0102030405060708u); break;
    case 3: cut_probe_block(&region_area.block, &block_src); break;
    default: cut_probe_fields(&outside); break;
    }
    return cut_disarm();
}

/* Cut `which` before store k; true when the cut happened. */
static jmp_buf self_env;
static bool cut_probe(int which, uint64_t k)
{
    memset(&region_area, 0, sizeof region_area);
    if (setjmp(self_env) == 0) {
        cut_arm(k, &self_env);
        switch (which) {
        case 0: cut_probe_fields(&region_area.fields); break;
        case 1: cut_probe_bytes(region_area.bytes, sizeof region_area.bytes); break;
        case 2: cut_probe_u64(&region_area.u64, 0x0102030405060708u); break;
        default: cut_probe_block(&region_area.block, &block_src); break;
        }
        cut_disarm();
        return false;
    }
    return true;
}

static void selftest(void)
{
    uint64_t calls = cut_hook_calls();
    unsigned i;
    uint64_t k;
    for (i = 0u; i < 16u; i++) {
        block_src.w[i] = 0xa0a0a000u + i;
    }
    cut_regions_clear();
    cut_region_add(&region_area, sizeof region_area);
    expect(count_stores(0) == 5u, "field stores of 4, 2, 1 and 8 bytes counted as 5 (2 words)");
    expect(count_stores(1) == 10u, "a loop of 10 byte stores counted as 10");
    expect(count_stores(2) == 2u, "a 64-bit store counted as 2 word stores");
    expect(count_stores(3) == 16u, "a 64-byte block copy counted as 16 word stores");
    expect(count_stores(4) == 0u, "stores outside the region not counted");
    expect(cut_hook_calls() > calls, "the hooks are called");
    for (k = 0u; k < 5u; k++) {
        unsigned made;
        expect(cut_probe(0, k), "a cut among the field stores");
        made = (region_area.fields.a != 0u ? 1u : 0u) + (region_area.fields.b != 0u ? 1u : 0u) +
               (region_area.fields.c != 0u ? 1u : 0u) +
               ((uint32_t)region_area.fields.d != 0u ? 1u : 0u) +
               ((uint32_t)(region_area.fields.d >> 32) != 0u ? 1u : 0u);
        expect(made == k, "a cut before field store k leaves k of them made");
    }
    expect(!cut_probe(0, 5u), "no cut past the last field store");
    for (k = 0u; k < 10u; k++) {
        unsigned j;
        bool ok = cut_probe(1, k);
        for (j = 0u; j < 10u; j++) {
            ok = ok && region_area.bytes[j] == (j < k ? j + 1u : 0u);
        }
        expect(ok, "a cut before byte store k leaves exactly bytes 0 .. k-1 made");
    }
    expect(cut_probe(2, 0u) && region_area.u64 == 0u, "a cut before the 64-bit store");
    {
        const unsigned char *u = (const unsigned char *)&region_area.u64;
        const uint64_t v = 0x0102030405060708u;
        const unsigned char *w = (const unsigned char *)&v;
        expect(cut_probe(2, 1u) && memcmp(u, w, 4u) == 0 && u[4] == 0u && u[5] == 0u &&
                   u[6] == 0u && u[7] == 0u,
               "a cut inside the 64-bit store leaves its first word made");
    }
    for (k = 0u; k < 16u; k++) {
        unsigned j;
        bool ok = cut_probe(3, k);
        for (j = 0u; j < 16u; j++) {
            ok = ok && region_area.block.w[j] == (j < k ? block_src.w[j] : 0u);
        }
        expect(ok, "a cut inside the block copy leaves exactly its first k words made");
    }
    cut_regions_clear();
    printf("self-test: %s\n", selftest_failures == 0u ? "the hooks see every store" : "FAILED");
}

/* ---------------------------------------------------------------- the table */

static const char *const columns[] = {"cuts", "atomic", "resumable", "lost", "silent", "crash"};

static void row_add(row *sum, const row *r)
{
    sum->ops += r->ops;
    sum->cuts += r->cuts;
    sum->atomic += r->atomic;
    sum->resumable += r->resumable;
    sum->lost += r->lost;
    sum->silent += r->silent;
    sum->crash += r->crash;
    sum->first += r->first;
}

static double share(uint64_t part, uint64_t whole)
{
    return whole != 0u ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print_row(FILE *f, bool md, const char *container, const char *kind, const row *r)
{
    if (md) {
        fprintf(f, "| %s | %s | %llu | %llu | %llu | %llu | %llu | %llu | %llu |\n", container, kind,
                (unsigned long long)r->ops, (unsigned long long)r->cuts,
                (unsigned long long)r->atomic, (unsigned long long)r->resumable,
                (unsigned long long)r->lost, (unsigned long long)r->silent,
                (unsigned long long)r->crash);
    } else {
        fprintf(f, "  %-14s %-22s %6llu %8llu %8llu %9llu %8llu %8llu %6llu\n", container, kind,
                (unsigned long long)r->ops, (unsigned long long)r->cuts,
                (unsigned long long)r->atomic, (unsigned long long)r->resumable,
                (unsigned long long)r->lost, (unsigned long long)r->silent,
                (unsigned long long)r->crash);
    }
}

static void print_table(FILE *f, bool md, row (*table)[MAX_KINDS], row *total)
{
    unsigned d, k;
    memset(total, 0, sizeof *total);
    if (md) {
        fprintf(f, "| container | operation | ops | %s | %s | %s | %s | %s | %s |\n", columns[0],
                columns[1], columns[2], columns[3], columns[4], columns[5]);
        fprintf(f, "|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
    } else {
        fprintf(f, "  %-14s %-22s %6s %8s %8s %9s %8s %8s %6s\n", "container", "operation", "ops",
                columns[0], columns[1], columns[2], columns[3], columns[4], columns[5]);
    }
    for (d = 0u; d < DRIVERS; d++) {
        for (k = 0u; k < drivers[d]->kind_count; k++) {
            if (table[d][k].ops != 0u) {
                print_row(f, md, drivers[d]->name, drivers[d]->kinds[k], &table[d][k]);
                row_add(total, &table[d][k]);
            }
        }
    }
    print_row(f, md, md ? "**total**" : "total", "", total);
}

/* ---------------------------------------------------------------- the gate */

/* The gate over one table (`which`: "first cut" or "second cut"). */
static unsigned gate(row (*table)[MAX_KINDS], const char *which)
{
    unsigned failures = 0u;
    unsigned i, d, k;
    if (!BENTO_POWER_SAFE) {
        return 0u; /* without the journal nothing is declared */
    }
    for (i = 0u; declared[i].container != NULL; i++) {
        bool found = false;
        for (d = 0u; d < DRIVERS; d++) {
            for (k = 0u; k < drivers[d]->kind_count; k++) {
                const row *r = &table[d][k];
                uint64_t bad;
                if (strcmp(drivers[d]->name, declared[i].container) != 0 ||
                    strcmp(drivers[d]->kinds[k], declared[i].kind) != 0) {
                    continue;
                }
                found = true;
                bad = r->lost + r->silent + r->crash +
                      (declared[i].level == DECLARED_ATOMIC ? r->resumable : 0u);
                if (bad != 0u) {
                    failures++;
                    printf("GATE %s %s is declared %s: %llu of its %llu %s points are not\n",
                           declared[i].container, declared[i].kind,
                           declared[i].level == DECLARED_ATOMIC ? "atomic" : "resumable",
                           (unsigned long long)bad, (unsigned long long)r->cuts, which);
                }
            }
        }
        if (!found) {
            failures++;
            printf("GATE %s %s: no such container and operation\n", declared[i].container,
                   declared[i].kind);
        }
    }
    return failures;
}

/* The summary line of a table. */
static void print_summary(FILE *f, const char *which, const row *t)
{
    fprintf(f, "%s: %llu points: %.1f%% atomic, %.1f%% resumable, %.1f%% lost, %.1f%% silent, "
               "%llu crash%s\n",
            which, (unsigned long long)t->cuts, share(t->atomic, t->cuts),
            share(t->resumable, t->cuts), share(t->lost, t->cuts), share(t->silent, t->cuts),
            (unsigned long long)t->crash, t->crash == 1u ? "" : "es");
}

/* ---------------------------------------------------------------- main */

static void usage(void)
{
    fprintf(stderr, "usage: cut [-n OPS] [-s SEEDS] [-m TABLE.md] [-c CONTAINER] [-r EVERY]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    uint32_t ops = 1000u, seeds = 1u, seed, s;
    const char *md = NULL, *only = NULL, *env;
    unsigned d, gate_failures;
    int i;
    row total, total2;
    clock_t start = clock();
    for (i = 1; i < argc; i++) {
        if (i + 1 >= argc) {
            usage();
        }
        if (strcmp(argv[i], "-n") == 0) {
            ops = (uint32_t)strtoul(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "-s") == 0) {
            seeds = (uint32_t)strtoul(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "-m") == 0) {
            md = argv[++i];
        } else if (strcmp(argv[i], "-c") == 0) {
            only = argv[++i];
        } else if (strcmp(argv[i], "-r") == 0) {
            second_every = strtoull(argv[++i], NULL, 0);
        } else {
            usage();
        }
    }
    env = getenv("BENTO_SEED");
    if (env != NULL && *env != '\0') {
        seed = (uint32_t)strtoul(env, NULL, 0);
    } else {
        seed = (uint32_t)time(NULL) ^ (uint32_t)clock();
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    catch_signals();
    selftest();
    printf("bento cut-point test, seed %u (set BENTO_SEED to replay), %u seed%s x %u operations "
           "per container; the open of every %llu%s first cut cut again\n",
           (unsigned)seed, (unsigned)seeds, seeds == 1u ? "" : "s", (unsigned)ops,
           (unsigned long long)second_every, second_every == 1u ? "st" : "th");
    for (s = 0u; s < seeds; s++) {
        for (d = 0u; d < DRIVERS; d++) {
            if (only == NULL || strcmp(only, drivers[d]->name) == 0) {
                run_container(d, seed + s, ops);
            }
        }
    }
    printf("first cut: before each store of each operation\n");
    print_table(stdout, false, rows, &total);
    printf("second cut: before each store of open, on the image of a first cut (ops: first "
           "cuts whose open was cut)\n");
    print_table(stdout, false, rows2, &total2);
    gate_failures = gate(rows, "first cut") + gate(rows2, "second cut");
    if (md != NULL) {
        FILE *f = fopen(md, "w");
        row t;
        if (f == NULL) {
            perror(md);
            return 3;
        }
        fprintf(f, "Cut points of every mutating operation (`make cut`): %u seed%s from %u, "
                   "%u operations per container and seed.\n\n",
                (unsigned)seeds, seeds == 1u ? "" : "s", (unsigned)seed, (unsigned)ops);
        fprintf(f, "First cut, before each store of each operation:\n\n");
        print_table(f, true, rows, &t);
        fprintf(f, "\nOf %llu cut points: %.1f%% atomic, %.1f%% resumable, %.1f%% lost, "
                   "%.1f%% silent, %llu crashes. %llu of them are cuts before an operation's "
                   "first store, atomic whatever the operation does; without them: %.1f%% "
                   "atomic.\n",
                (unsigned long long)t.cuts, share(t.atomic, t.cuts), share(t.resumable, t.cuts),
                share(t.lost, t.cuts), share(t.silent, t.cuts), (unsigned long long)t.crash,
                (unsigned long long)t.first, share(t.atomic - t.first, t.cuts - t.first));
        fprintf(f, "\nSecond cut, before each store of open (its recovery) on the image a first "
                   "cut left, for every %llu%s first cut; ops counts the first cuts whose open "
                   "was cut:\n\n",
                (unsigned long long)second_every, second_every == 1u ? "st" : "th");
        print_table(f, true, rows2, &t);
        fprintf(f, "\n");
        print_summary(f, "Second cut", &t);
        fclose(f);
    }
    printf("%.1f s of processor time; %llu cuts before an operation's first store (atomic "
           "whatever it does), without them %.1f%% atomic\n",
           (double)(clock() - start) / CLOCKS_PER_SEC, (unsigned long long)total.first,
           share(total.atomic - total.first, total.cuts - total.first));
    print_summary(stdout, "first cut", &total);
    print_summary(stdout, "second cut", &total2);
    printf("%llu + %llu cut points (first, second): %llu lost, %llu silent, %llu crash%s, %llu "
           "error%s, gate %s\n",
           (unsigned long long)total.cuts, (unsigned long long)total2.cuts,
           (unsigned long long)(total.lost + total2.lost),
           (unsigned long long)(total.silent + total2.silent),
           (unsigned long long)(total.crash + total2.crash),
           total.crash + total2.crash == 1u ? "" : "es", (unsigned long long)errors,
           errors == 1u ? "" : "s", gate_failures == 0u ? "ok" : "FAILED");
    return (selftest_failures != 0u || total.crash + total2.crash != 0u || errors != 0u ||
            gate_failures != 0u)
               ? 1
               : 0;
}
