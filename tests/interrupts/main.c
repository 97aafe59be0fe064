/* SPDX-License-Identifier: MIT */
/*
 * tests/interrupts - a block pool shared by the main loop and a timer interrupt, for real.
 *
 * A timer (SysTick on the Cortex-M boards, the machine timer on RISC-V) interrupts every few
 * thousand instructions; its handler allocates blocks, stamps them with
 * its own mark, checks the marks and frees them again, while the main loop does the same with
 * blocks it holds longer. Both go through the pool's critical-section hooks. A block handed out
 * twice shows as a mark overwritten by the other side; a block lost shows in the totals at the
 * end (every block freed, the count 0, bento_block_pool_check clean). The image is built twice:
 * with the hooks (tests/interrupts/critical.h), where it must report no problem and exit 0,
 * and without them, where the races must show and it exits 1: the test can fail.
 */
#include <bento/block_pool.h>

#include "bento_port.h"

#define BLOCKS 24u
#define INTERRUPTS 20000u
#define HELD 8u /* blocks the main loop holds at once */

/* The timer: timer_start() arms a periodic interrupt that enters TIMER_HANDLER, which calls
 * timer_next() to ask for the next one, or timer_stop(). */
#if defined(__riscv)
/* The machine timer: mtime and mtimecmp in the CLINT, at the addresses of SiFive's CLINT (the
 * FE310 manual's, and QEMU's sifive_e, virt and spike machines'). mtime counts at 10 MHz in
 * QEMU 7.2, 100 instructions per tick under -icount shift=0. Its interrupt stays pending while
 * mtime >= mtimecmp: the handler moves the compare a period ahead. */
#define PERIOD 60u /* ticks: 6,000 instructions, as on mps2 */
#define MTIMECMP_LO (*(volatile uint32_t *)0x02004000u)
#define MTIMECMP_HI (*(volatile uint32_t *)0x02004004u)
#define MTIME_LO (*(volatile uint32_t *)0x0200bff8u)
#define MTIME_HI (*(volatile uint32_t *)0x0200bffcu)
#define MIE_MTIE 0x80u
#define MSTATUS_MIE 0x8u
#define TIMER_HANDLER MachineTimer_Handler

static void timer_next(void)
{
    uint32_t hi, lo;
    uint64_t at;
    do {
        hi = MTIME_HI;
        lo = MTIME_LO;
    } while (hi != MTIME_HI);
    at = ((uint64_t)hi << 32 | lo) + PERIOD;
    MTIMECMP_LO = 0xffffffffu; /* no early interrupt while the halves change */
    MTIMECMP_HI = (uint32_t)(at >> 32);
    MTIMECMP_LO = (uint32_t)at;
}

static void timer_start(void)
{
    timer_next();
    __asm__ volatile("csrs mie, %0" : : "r"(MIE_MTIE) : "memory");
    __asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE) : "memory");
}

static void timer_stop(void)
{
    __asm__ volatile("csrc mie, %0" : : "r"(MIE_MTIE) : "memory");
}
#else
#define PERIOD 150u /* SysTick reload, in ticks: 6,000 instructions on mps2, 9,375 on micro:bit */
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define TIMER_HANDLER SysTick_Handler

static void timer_next(void)
{
    /* SysTick reloads itself */
}

static void timer_start(void)
{
    SYST_RVR = PERIOD;
    SYST_CVR = 0u;
    SYST_CSR = 7u; /* enable, interrupt, processor clock */
}

static void timer_stop(void)
{
    SYST_CSR = 0u;
}
#endif

typedef struct stamped {
    uint32_t mark; /* who holds it: MAIN_MARK ^ slot, or the handler's mark */
    uint32_t serial;
} stamped;

#define MAIN_MARK 0x4d41494eu
#define IRQ_MARK 0x49525121u

BENTO_BLOCK_POOL_TYPE(blocks, stamped, BLOCKS);

static blocks pool;
static volatile uint32_t interrupts, irq_ops, irq_full, irq_doubled, irq_failed;

void TIMER_HANDLER(void);
void TIMER_HANDLER(void)
{
    stamped *b[2] = {NULL, NULL};
    uint32_t i;
    interrupts++;
    if (interrupts >= INTERRUPTS) {
        timer_stop(); /* enough */
    } else {
        timer_next();
    }
    for (i = 0u; i < 2u; i++) {
        if (blocks_alloc(&pool, &b[i]) != BENTO_OK) {
            irq_full++;
            continue;
        }
        b[i]->mark = IRQ_MARK;
        b[i]->serial = interrupts;
        irq_ops++;
    }
    for (i = 0u; i < 2u; i++) {
        if (b[i] == NULL) {
            continue;
        }
        if (b[i]->mark != IRQ_MARK || b[i]->serial != interrupts) {
            irq_doubled++; /* the main loop was handed the same block */
        }
        b[i]->mark = 0u;
        if (blocks_free(&pool, b[i]) != BENTO_OK) {
            irq_failed++;
        }
        irq_ops++;
    }
}

static void write_count(const char *label, uint32_t value)
{
    bento_port_write(label);
    bento_port_write_u64(value);
}

int main(void)
{
    stamped *held[HELD] = {NULL};
    uint32_t ops = 0u, full = 0u, doubled = 0u, failed = 0u, serial = 0u, slot = 0u, i;
    bool sound;

    if (blocks_init(&pool) != BENTO_OK) {
        bento_port_write("interrupts: init failed\n");
        bento_port_exit(2);
    }
    timer_start();
    while (interrupts < INTERRUPTS) {
        stamped *b = held[slot];
        if (b != NULL) {
            /* a block held across interrupts still carries our mark */
            if (b->mark != (MAIN_MARK ^ slot) || b->serial == 0u) {
                doubled++;
            }
            b->mark = 0u;
            if (blocks_free(&pool, b) != BENTO_OK) {
                failed++;
            }
            held[slot] = NULL;
            ops++;
        } else if (blocks_alloc(&pool, &b) == BENTO_OK) {
            b->mark = MAIN_MARK ^ slot;
            b->serial = ++serial;
            held[slot] = b;
            ops++;
        } else {
            full++;
        }
        slot = slot + 1u == HELD ? 0u : slot + 1u;
    }
    timer_stop();
    for (i = 0u; i < HELD; i++) {
        if (held[i] != NULL && blocks_free(&pool, held[i]) != BENTO_OK) {
            failed++;
        }
    }
    sound = blocks_check(&pool) == BENTO_OK;
    doubled += irq_doubled;
    failed += irq_failed;
    write_count("interrupts: ", interrupts);
    write_count(" interrupts taken, ", ops);
    write_count(" main-loop and ", irq_ops);
    write_count(" handler allocs and frees (", full + irq_full);
    write_count(" refused full); ", doubled);
    write_count(" blocks handed out twice, ", failed);
    write_count(" frees refused, ", blocks_count(&pool));
    bento_port_write(" blocks still counted live at the end, check ");
    bento_port_write(sound ? "ok\n" : "CORRUPT\n");
    bento_port_exit(doubled == 0u && failed == 0u && blocks_count(&pool) == 0u && sound ? 0 : 1);
    return 0;
}
