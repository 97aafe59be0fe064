/* SPDX-License-Identifier: MIT */
/* port/print.c - number output on top of bento_port_write(), for every port. */
#include "bento_port.h"

void bento_port_write_u64(uint64_t value)
{
    char buffer[24];
    char *p = buffer + sizeof buffer - 1;
    *p = '\0';
    do {
        *--p = (char)('0' + (int)(value % 10u));
        value /= 10u;
    } while (value != 0u);
    bento_port_write(p);
}

void bento_port_write_i64(int64_t value)
{
    if (value < 0) {
        bento_port_write("-");
        bento_port_write_u64(0u - (uint64_t)value);
    } else {
        bento_port_write_u64((uint64_t)value);
    }
}
