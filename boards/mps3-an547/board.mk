# SPDX-License-Identifier: MIT
# mps3-an547: Arm MPS3 AN547, Corstone SSE-300 with a Cortex-M55 (ARMv8.1-M, boots secure,
# 32 MHz). The kit uses no floating point or MVE: soft-float calls.
# QEMU 7.2: hw/arm/mps2-tz.c (mps3tz_an547_class_init: SSE-300, init_svtor 0x00000000,
# sysclk 32 MHz) and hw/arm/armsse.c (the SSE-300's ITCM and DTCM, memory.ld).
# A system reset (AIRCR SYSRESETREQ) keeps RAM: tests/reset passed 300 resets here
# (make RESET_BOARDS=mps3-an547 build/results/board-mps3-an547-reset; not part of make check).
BOARD_CPU_FLAGS := -mcpu=cortex-m55 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps3-an547
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (31.25 here; measured: 64,000 ticks for 2,000,000
# instructions).
BOARD_CPU_HZ := 32000000
