# SPDX-License-Identifier: MIT
# hifive1-rv32e: the HiFive1's machine and memory map with an RV32EC core (16 registers, the
# ilp32e ABI, where uint64_t is 4-aligned; no multiply instructions, libgcc does them), the
# ISA of the smallest RISC-V parts (WCH's CH32V003, for one). No such HiFive1 exists: QEMU
# 7.2's sifive_e runs its generic rv32 CPU with E on and I off instead of the E31. That CPU
# does not trap on x16-x31 (verified: an image using t3-t6 runs): the compiler's output is
# what holds the image to 16 registers.
BOARD_ARCH := riscv
BOARD_CPU_FLAGS := -march=rv32ec -mabi=ilp32e -misa-spec=2.2
BOARD_QEMU_MACHINE := sifive_e
BOARD_QEMU_CPU := rv32,e=on,i=off,h=off
# clang 14 has no ilp32e ABI: this board is built by gcc only
BOARD_CLANG := no
# minstret counts instructions, one per count (as boards/hifive1/board.mk says)
BOARD_CPU_HZ := 1000000000
