# SPDX-License-Identifier: MIT
# mps2-an386: Arm MPS2 AN386 (Cortex-M4, 25 MHz)
BOARD_CPU_FLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an386
# instructions per SysTick tick under -icount shift=0 (one instruction per virtual ns), times ten
BOARD_INSTRUCTIONS_PER_TICK_X10 := 400
