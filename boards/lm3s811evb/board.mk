# SPDX-License-Identifier: MIT
# lm3s811evb: TI (Luminary Micro) Stellaris LM3S811 evaluation board, LM3S811 (Cortex-M3,
# ARMv7-M; 64 KiB flash, 8 KiB SRAM).
# QEMU 7.2: hw/arm/stellaris.c (stellaris_boards[0], "LM3S811EVB": the memory map from DC0, see
# memory.ld; the SysTick's processor clock is the system controller's SYSCLK, 200 MHz / (SYSDIV
# + 1) with SYSDIV 15 from the reset value of RCC, 0x078e3ac0: 12.5 MHz. The chip itself runs
# at up to 50 MHz; 12.5 MHz is QEMU's clock at reset, which no image here changes).
# QEMU ignores bad memory accesses on this machine (ignore_memory_transaction_failures): the
# fault image faults on an undefined instruction, which it still takes.
# At start QEMU prints "Timer with period zero, disabling" on standard error (a timer of the
# machine that no image here uses); it is not the image's output.
BOARD_CPU_FLAGS := -mcpu=cortex-m3 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := lm3s811evb
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (80 here; measured: 25,000 ticks for 2,000,000
# instructions).
BOARD_CPU_HZ := 12500000
