/* SPDX-License-Identifier: MIT */
/*
 * tests/gdb/print.h - what tests/gdb/main.c (the C containers) and tests/gdb/cxx.cpp (bento.hpp's
 * classes) share: the canonical form they print what each container holds in, which
 * tests/gdb/run compares with what the debugger's printers show, and the function the debugger
 * stops in. For C and C++.
 */
#ifndef BENTO_GDB_PRINT_H
#define BENTO_GDB_PRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "bento_port.h"

static int failures;

static inline void say(const char *text) { bento_port_write(text); }
static inline void num(int64_t n) { bento_port_write_i64(n); }

static inline void need(bool ok, const char *what)
{
    if (!ok) {
        say("failed: ");
        say(what);
        say("\n");
        failures++;
    }
}

/* A container's first line: its name, count and capacity. */
static inline void head(const char *name, uint32_t count, uint32_t capacity)
{
    say(name);
    say(" count ");
    num(count);
    say(" capacity ");
    num(capacity);
    say("\n");
}

/* A handle as a key: its raw word (of 32 bits or fewer). */
static inline void raw_key(int64_t raw)
{
    say("{raw=");
    num(raw);
    say("}");
}

static inline void pair(int64_t a, int64_t b)
{
    say("[");
    num(a);
    say(",");
    num(b);
    say("]");
}

/* The debugger stops here: everything before it is filled and printed. */
#ifdef __cplusplus
extern "C" {
#endif
void bento_gdb_here(void);
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void bento_gdb_here(void)
{
    say("here\n");
}
#ifdef __cplusplus
}
#endif

#endif /* BENTO_GDB_PRINT_H */
