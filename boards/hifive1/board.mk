# SPDX-License-Identifier: MIT
# hifive1: SiFive HiFive1, FE310-G000 (E31 core, RV32IMAC, machine mode), under
# qemu-system-riscv32 -M sifive_e. boards/hifive1/memory.ld has the memory map and its sources.
BOARD_ARCH := riscv
# -misa-spec=2.2: gcc 12 follows the 20191213 ISA spec, where the CSR instructions the port
# uses are the Zicsr extension; naming it (-march=rv32imac_zicsr) makes gcc 12 link its rv64
# default libgcc instead of the rv32imac/ilp32 multilib. Under 2.2, the base ISA has them.
BOARD_CPU_FLAGS := -march=rv32imac -mabi=ilp32 -misa-spec=2.2
BOARD_QEMU_MACHINE := sifive_e
# The benchmarks count with minstret, which under -icount shift=0 is QEMU's instruction
# counter itself (bench/qemu/qbench.c): one instruction per count, as a 1 GHz clock would give.
BOARD_CPU_HZ := 1000000000
