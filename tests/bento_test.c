/* SPDX-License-Identifier: MIT */
/* bento_test.c - check reporting, the random source and the runner's main(). */
#include "bento_test.h"

static uint32_t passed;
static uint32_t failed;
static uint32_t rng_state;
static uint32_t run_seed;

void bento_test_print(const char *text)
{
    bento_port_write(text);
}

void bento_test_print_u64(uint64_t value)
{
    bento_port_write_u64(value);
}

static void fail_prefix(const char *file, int line, const char *expr)
{
    failed++;
    bento_port_write(file);
    bento_port_write(":");
    bento_port_write_i64(line);
    bento_port_write(": ");
    bento_port_write(expr);
    bento_port_write(" failed");
}

void bento_test_check(bool ok, const char *file, int line, const char *expr)
{
    if (ok) {
        passed++;
        return;
    }
    fail_prefix(file, line, expr);
    bento_port_write("\n");
}

void bento_test_check_eq(int64_t a, int64_t b, const char *file, int line, const char *expr)
{
    if (a == b) {
        passed++;
        return;
    }
    fail_prefix(file, line, expr);
    bento_port_write(": ");
    bento_port_write_i64(a);
    bento_port_write(" != ");
    bento_port_write_i64(b);
    bento_port_write("\n");
}

void bento_test_check_status(bento_status got, bento_status want, const char *file, int line,
                             const char *expr)
{
    if (got == want) {
        passed++;
        return;
    }
    fail_prefix(file, line, expr);
    bento_port_write(": got ");
    bento_port_write(bento_status_name(got));
    bento_port_write(", want ");
    bento_port_write(bento_status_name(want));
    bento_port_write("\n");
}

uint32_t bento_test_rand(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng_state = x;
    return x;
}

uint32_t bento_test_rand_below(uint32_t bound)
{
    return (uint32_t)(((uint64_t)bento_test_rand() * bound) >> 32);
}

uint32_t bento_test_seed(void)
{
    return run_seed;
}

uint32_t bento_test_scale(void)
{
    return bento_port_scale();
}

/* The suites: tests/test_NAME.c defines test_NAME(); the build generates the list, all of them
 * in suites.inc, or one per image where a board's RAM cannot hold every suite at once. */
#ifndef BENTO_SUITES_FILE
#define BENTO_SUITES_FILE "suites.inc"
#endif
#define BENTO_SUITE(fn) void fn(void);
#include BENTO_SUITES_FILE
#undef BENTO_SUITE

int main(void)
{
    run_seed = bento_port_seed();
    if (run_seed == 0u) {
        run_seed = 0x9e3779b9u; /* xorshift must not start at zero */
    }
    bento_port_write("bento tests, seed ");
    bento_port_write_u64(run_seed);
    bento_port_write(" (set BENTO_SEED to replay on the host)\n");
#define BENTO_SUITE(fn)              \
    rng_state = run_seed;            \
    fn();
#include BENTO_SUITES_FILE
#undef BENTO_SUITE
    bento_port_write_u64(passed);
    bento_port_write(" passed, ");
    bento_port_write_u64(failed);
    bento_port_write(" failed\n");
    bento_port_exit(failed == 0u ? 0 : 1);
    return 0;
}
