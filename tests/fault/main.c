/* SPDX-License-Identifier: MIT */
/*
 * tests/fault - proves the Cortex-M fault path: executing an undefined instruction must land
 * in the HardFault handler, which reports through semihosting and exits with status 3.
 * `make qemu-test` runs it on every board and expects exactly that.
 */
#include "bento_port.h"

int main(void)
{
    bento_port_write("about to execute an undefined instruction\n");
    __asm__ volatile("udf #0");
    bento_port_write("still running: the fault was not taken\n");
    return 0;
}
