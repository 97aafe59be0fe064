# SPDX-License-Identifier: MIT
# netduinoplus2: Netduino Plus 2, STM32F405RG (Cortex-M4F, ARMv7E-M, 168 MHz). The kit uses no
# floating point: soft-float calls, as on mps2-an386, and no FPU to enable at reset.
# QEMU 7.2: hw/arm/netduinoplus2.c (SYSCLK_FRQ 168000000, the SysTick's processor clock) and
# hw/arm/stm32f405_soc.c with include/hw/arm/stm32f405_soc.h (the memory map, memory.ld).
# A system reset (AIRCR SYSRESETREQ) keeps RAM: tests/reset passed 300 resets here
# (make RESET_BOARDS=netduinoplus2 build/results/board-netduinoplus2-reset; not part of make check).
BOARD_CPU_FLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := netduinoplus2
# The SysTick (processor) clock. Under -icount shift=0 an instruction takes one virtual ns: a
# tick is 1e9 / BOARD_CPU_HZ instructions (5.95 here; measured: 336,000 ticks for 2,000,000
# instructions).
BOARD_CPU_HZ := 168000000
