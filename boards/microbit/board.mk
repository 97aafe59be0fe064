# SPDX-License-Identifier: MIT
# microbit: BBC micro:bit, nRF51822 (Cortex-M0, ARMv6-M, 16 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m0 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := microbit
# instructions per SysTick tick under -icount shift=0 (one instruction per virtual ns), times ten
BOARD_INSTRUCTIONS_PER_TICK_X10 := 625
