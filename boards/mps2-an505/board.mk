# SPDX-License-Identifier: MIT
# mps2-an505: Arm MPS2+ AN505 (Cortex-M33, boots secure, 20 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m33 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an505
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (50 here, measured).
BOARD_CPU_HZ := 20000000
