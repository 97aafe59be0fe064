# SPDX-License-Identifier: MIT
# mps2-an500: Arm MPS2 AN500 (Cortex-M7, 25 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m7 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an500
# instructions per SysTick tick under -icount shift=0 (one instruction per virtual ns), times ten
BOARD_INSTRUCTIONS_PER_TICK_X10 := 400
