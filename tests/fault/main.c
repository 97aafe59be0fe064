/* SPDX-License-Identifier: MIT */
/*
 * tests/fault - proves the fault path: executing an undefined instruction must land in the
 * port's fault handler (HardFault on the Cortex-M boards, the trap handler's exception report
 * on RISC-V), which reports through semihosting and exits with status 3.
 * `make qemu-test` runs it on every board and expects exactly that.
 */
#include "bento_port.h"

int main(void)
{
    bento_port_write("about to execute an undefined instruction\n");
#if defined(__riscv)
    __asm__ volatile("unimp"); /* an encoding the ISA defines to be illegal */
#else
    __asm__ volatile("udf #0");
#endif
    bento_port_write("still running: the fault was not taken\n");
    return 0;
}
