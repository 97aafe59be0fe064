# SPDX-License-Identifier: MIT
# microbit: BBC micro:bit, nRF51822 (Cortex-M0, ARMv6-M, 16 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m0 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := microbit
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (62.5 here, measured).
BOARD_CPU_HZ := 16000000
