# SPDX-License-Identifier: MIT
# mps2-an505: Arm MPS2+ AN505 (Cortex-M33, boots secure, 20 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m33 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an505
# instructions per SysTick tick under -icount shift=0 (one instruction per virtual ns), times ten
BOARD_INSTRUCTIONS_PER_TICK_X10 := 500
