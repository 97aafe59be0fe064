/* SPDX-License-Identifier: MIT */
/*
 * port/avr - bento_port.h on an AVR under simavr: avr-libc's startup (its crt copies .data and
 * clears .bss), output through USART0, which simavr prints line by line, and an end that
 * simavr recognises: sleep with interrupts off. simavr's own exit status says nothing of the
 * program's, so bento_port_exit prints it on a last line of its own (`bento exit N`), which
 * scripts/simavr-run turns back into its exit status.
 *
 * The linker knows the part's RAM only as the avr-libc scripts' 64 KiB data region, so a
 * stack that grows into .bss would go unnoticed: startup paints the RAM between the end of
 * .bss and the stack, and the exit fails (status 3) when the stack reached the end of .bss.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdbool.h>

#include "bento_port.h"

#define PAINT 0xc5u

extern uint8_t __heap_start; /* the end of .bss (avr-libc's linker scripts) */

/* After the stack pointer is set (.init2), before .data and .bss are (.init4): every byte from
 * the end of .bss to the stack pointer. */
void bento_avr_paint(void) __attribute__((naked, used, section(".init3")));
void bento_avr_paint(void)
{
    uint8_t *p = &__heap_start;
    while (p < (uint8_t *)SP) {
        *p++ = PAINT;
    }
}

/* Bytes of RAM the stack has never reached since startup, from the end of .bss up. */
static uint16_t stack_unused(void)
{
    const uint8_t *p = &__heap_start;
    while (p < (const uint8_t *)SP && *p == PAINT) {
        p++;
    }
    return (uint16_t)(p - &__heap_start);
}

static void put(char c)
{
    static bool ready;
    if (!ready) {
        UCSR0B = (uint8_t)(1u << TXEN0);
        ready = true;
    }
    while ((UCSR0A & (1u << UDRE0)) == 0u) {
    }
    UDR0 = (uint8_t)c;
}

void bento_port_write(const char *text)
{
    while (*text != '\0') {
        put(*text++);
    }
}

void bento_port_exit(int code)
{
    if (stack_unused() == 0u) {
        bento_port_write("the stack reached the end of .bss\n");
        code = 3;
    }
    bento_port_write("bento exit ");
    bento_port_write_i64(code);
    bento_port_write("\n");
    cli();
    for (;;) {
        sleep_cpu();
    }
}

uint32_t bento_port_seed(void)
{
#ifdef BENTO_SEED
    return (uint32_t)BENTO_SEED;
#else
    return 20261121u; /* no entropy: the boards' fixed seed, overridable at build time */
#endif
}

uint32_t bento_port_scale(void)
{
    return 1u;
}
