# SPDX-License-Identifier: MIT
# stm32vldiscovery: ST STM32VLDISCOVERY, STM32F100RB (Cortex-M3, ARMv7-M, 24 MHz; 128 KiB
# flash, 8 KiB SRAM).
# QEMU 7.2: hw/arm/stm32vldiscovery.c (SYSCLK_FRQ 24000000, the SysTick's processor clock) and
# hw/arm/stm32f100_soc.c with include/hw/arm/stm32f100_soc.h (the memory map, memory.ld).
BOARD_CPU_FLAGS := -mcpu=cortex-m3 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := stm32vldiscovery
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (41.67 here; measured: 48,000 ticks for 2,000,000
# instructions).
BOARD_CPU_HZ := 24000000
