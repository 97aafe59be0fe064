/* SPDX-License-Identifier: MIT */
/*
 * tests/cut/hooks.c - the hooks -fsanitize=thread code calls, in place of the sanitizer's
 * runtime (this file itself is not instrumented). Reads do nothing; stores that overlap a
 * registered region are counted, and the one chosen by cut_arm is not made.
 *
 * The hooks defined here are the only ones the instrumented objects may use: cut.mk checks
 * their undefined symbols against this file's (and the link fails on any other), so a kind of
 * store the compiler starts to emit can never be missed in silence.
 */
#include "cut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REGIONS 8u
#define MAX_TEAR 65536u

static struct {
    uintptr_t lo, hi;
} regions[MAX_REGIONS];
static unsigned region_count;

static bool armed;
static uint64_t stores;
static uint64_t cut_at = CUT_NONE;
static jmp_buf *cut_target;
static uint64_t calls;

/* A wide store cut between its words: the compiler makes the whole store after its hook
 * returns, so the words from the cut on are put back as they were at the next hook, which
 * then cuts. */
static bool tear_pending;
static unsigned char *tear_at;
static size_t tear_len;
static unsigned char tear_saved[MAX_TEAR];

void cut_regions_clear(void)
{
    region_count = 0u;
}

void cut_region_add(void *memory, size_t bytes)
{
    if (region_count == MAX_REGIONS) {
        fprintf(stderr, "cut: more than %u regions\n", MAX_REGIONS);
        exit(3);
    }
    regions[region_count].lo = (uintptr_t)memory;
    regions[region_count].hi = (uintptr_t)memory + bytes;
    region_count++;
}

unsigned cut_region_count(void)
{
    return region_count;
}

void *cut_region(unsigned i, size_t *bytes)
{
    *bytes = (size_t)(regions[i].hi - regions[i].lo);
    return (void *)regions[i].lo;
}

void cut_arm(uint64_t at, jmp_buf *target)
{
    stores = 0u;
    cut_at = at;
    cut_target = target;
    tear_pending = false;
    armed = true;
}

uint64_t cut_disarm(void)
{
    armed = false;
    return stores;
}

uint64_t cut_hook_calls(void)
{
    return calls;
}

static bool in_regions(uintptr_t a, size_t n)
{
    unsigned i;
    for (i = 0u; i < region_count; i++) {
        if (a < regions[i].hi && a + n > regions[i].lo) {
            return true;
        }
    }
    return false;
}

static void cut_now(void)
{
    armed = false;
    longjmp(*cut_target, 1);
}

/* Every hook but the reads starts here: a torn wide store is finished (its tail put back) and
 * cut. Not the reads: the compiler calls the read hook of a copy's source after the write hook
 * of its destination, before the copy itself; the next store or the function's exit comes
 * after the copy, and nothing the code computes in between reaches memory before that hook. */
static void settle(void)
{
    calls++;
    if (tear_pending) {
        tear_pending = false;
        memcpy(tear_at, tear_saved, tear_len);
        cut_now();
    }
}

/* A store of at most 4 bytes: one store. */
static void store(void *addr, size_t n)
{
    settle();
    if (armed && in_regions((uintptr_t)addr, n)) {
        if (stores == cut_at) {
            cut_now();
        }
        stores++;
    }
}

/* A store of n bytes made at once (a 64-bit store, a block copy, memcpy...): one store per
 * 4-byte word it touches, in ascending order. Returns how many of the n bytes come before the
 * cut: n when the cut is not in this range. */
static size_t range_store(void *addr, size_t n)
{
    uintptr_t a = (uintptr_t)addr;
    uintptr_t end = a + n;
    uintptr_t w;
    settle();
    if (!armed || n == 0u) {
        return n;
    }
    for (w = a; w < end;) {
        uintptr_t next = (w & ~(uintptr_t)(CUT_WORD - 1u)) + CUT_WORD;
        if (next > end) {
            next = end;
        }
        if (in_regions(w, (size_t)(next - w))) {
            if (stores == cut_at) {
                return (size_t)(w - a); /* bytes made before the cut */
            }
            stores++;
        }
        w = next;
    }
    return n;
}

/* The hook of a wide store the compiler makes itself after the hook returns: when the cut is
 * inside, keep what lies past it, to put back at the next hook and cut there. */
static void range_hook(void *addr, size_t n)
{
    size_t made = range_store(addr, n);
    if (made == n) {
        return;
    }
    if (made == 0u) {
        cut_now();
    }
    if (n - made > MAX_TEAR) {
        fprintf(stderr, "cut: a range store of %zu bytes\n", n);
        exit(3);
    }
    tear_at = (unsigned char *)addr + made;
    tear_len = n - made;
    memcpy(tear_saved, tear_at, tear_len);
    tear_pending = true;
}

/* ------------------------------------------------------------------ the sanitizer's interface */

/* The declarations the sanitizer's runtime would provide (the instrumented objects call them). */
void __tsan_init(void);
void __tsan_func_entry(void *pc);
void __tsan_func_exit(void);
void __tsan_read1(void *a);
void __tsan_read2(void *a);
void __tsan_read4(void *a);
void __tsan_read8(void *a);
void __tsan_read16(void *a);
void __tsan_write1(void *a);
void __tsan_write2(void *a);
void __tsan_write4(void *a);
void __tsan_write8(void *a);
void __tsan_write16(void *a);
void __tsan_unaligned_read2(void *a);
void __tsan_unaligned_read4(void *a);
void __tsan_unaligned_read8(void *a);
void __tsan_unaligned_read16(void *a);
void __tsan_unaligned_write2(void *a);
void __tsan_unaligned_write4(void *a);
void __tsan_unaligned_write8(void *a);
void __tsan_unaligned_write16(void *a);
void __tsan_read_range(void *a, unsigned long size);
void __tsan_write_range(void *a, unsigned long size);
void *__tsan_memcpy(void *dst, const void *src, unsigned long size);
void *__tsan_memmove(void *dst, const void *src, unsigned long size);
void *__tsan_memset(void *dst, int c, unsigned long size);

void __tsan_init(void) {}
void __tsan_func_entry(void *pc) { (void)pc; settle(); }
void __tsan_func_exit(void) { settle(); }

void __tsan_read1(void *a) { (void)a; calls++; }
void __tsan_read2(void *a) { (void)a; calls++; }
void __tsan_read4(void *a) { (void)a; calls++; }
void __tsan_read8(void *a) { (void)a; calls++; }
void __tsan_read16(void *a) { (void)a; calls++; }
void __tsan_unaligned_read2(void *a) { (void)a; calls++; }
void __tsan_unaligned_read4(void *a) { (void)a; calls++; }
void __tsan_unaligned_read8(void *a) { (void)a; calls++; }
void __tsan_unaligned_read16(void *a) { (void)a; calls++; }
void __tsan_read_range(void *a, unsigned long size) { (void)a; (void)size; calls++; }

/* A store of up to 4 bytes is one store; a wider one (a 64-bit key, a block copy) is one per
 * word, as on the 32-bit cores the kit runs on, where it takes several instructions and a
 * reset can land between them. */
void __tsan_write1(void *a) { store(a, 1u); }
void __tsan_write2(void *a) { store(a, 2u); }
void __tsan_write4(void *a) { store(a, 4u); }
void __tsan_write8(void *a) { range_hook(a, 8u); }
void __tsan_write16(void *a) { range_hook(a, 16u); }
void __tsan_unaligned_write2(void *a) { range_hook(a, 2u); }
void __tsan_unaligned_write4(void *a) { range_hook(a, 4u); }
void __tsan_unaligned_write8(void *a) { range_hook(a, 8u); }
void __tsan_unaligned_write16(void *a) { range_hook(a, 16u); }
void __tsan_write_range(void *a, unsigned long size) { range_hook(a, (size_t)size); }

/* Emitted by some compilers for copies they leave as calls: made here, up to the cut, so a cut
 * needs nothing put back. */
void *__tsan_memcpy(void *dst, const void *src, unsigned long size)
{
    size_t made = range_store(dst, (size_t)size);
    memcpy(dst, src, made);
    if (made != size) {
        cut_now();
    }
    return dst;
}

void *__tsan_memmove(void *dst, const void *src, unsigned long size)
{
    unsigned char *copy = malloc(size != 0u ? size : 1u);
    size_t made;
    if (copy == NULL) {
        abort();
    }
    memcpy(copy, src, size);
    made = range_store(dst, (size_t)size);
    memcpy(dst, copy, made);
    free(copy);
    if (made != size) {
        cut_now();
    }
    return dst;
}

void *__tsan_memset(void *dst, int c, unsigned long size)
{
    size_t made = range_store(dst, (size_t)size);
    memset(dst, c, made);
    if (made != size) {
        cut_now();
    }
    return dst;
}
