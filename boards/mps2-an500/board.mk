# SPDX-License-Identifier: MIT
# mps2-an500: Arm MPS2 AN500 (Cortex-M7, 25 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m7 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an500
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (40 here, measured).
BOARD_CPU_HZ := 25000000
