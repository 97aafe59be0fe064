/* SPDX-License-Identifier: MIT */
/*
 * tests/interrupts - a block pool shared by the main loop and a timer interrupt, for real.
 *
 * SysTick fires every few hundred instructions; its handler allocates blocks, stamps them with
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
#define PERIOD 150u /* SysTick reload, in ticks: 6,000 instructions on mps2, 9,375 on micro:bit */
#define HELD 8u     /* blocks the main loop holds at once */

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

typedef struct stamped {
    uint32_t mark; /* who holds it: MAIN_MARK ^ slot, or the handler's mark */
    uint32_t serial;
} stamped;

#define MAIN_MARK 0x4d41494eu
#define IRQ_MARK 0x49525121u

BENTO_BLOCK_POOL_TYPE(blocks, stamped, BLOCKS);

static blocks pool;
static volatile uint32_t interrupts, irq_ops, irq_full, irq_doubled, irq_failed;

void SysTick_Handler(void);
void SysTick_Handler(void)
{
    stamped *b[2] = {NULL, NULL};
    uint32_t i;
    interrupts++;
    if (interrupts >= INTERRUPTS) {
        SYST_CSR = 0u; /* enough: stop the timer */
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
    SYST_RVR = PERIOD;
    SYST_CVR = 0u;
    SYST_CSR = 7u; /* enable, interrupt, processor clock */
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
    SYST_CSR = 0u;
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
