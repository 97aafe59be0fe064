/* SPDX-License-Identifier: MIT */
/*
 * port/avr - bento_port.h on an AVR under simavr: avr-libc's startup (its crt copies .data and
 * clears .bss), output through USART0, which simavr prints line by line, and an end that
 * simavr recognises: sleep with interrupts off. simavr's own exit status says nothing of the
 * program's, so bento_port_exit prints it on a last line of its own (`bento exit N`), which
 * scripts/simavr-run turns back into its exit status.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdbool.h>

#include "bento_port.h"

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
