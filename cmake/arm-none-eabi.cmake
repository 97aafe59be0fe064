# SPDX-License-Identifier: MIT
# cmake/arm-none-eabi.cmake - cross-compile for Cortex-M with arm-none-eabi-gcc.
#
#     cmake -B build -DCMAKE_TOOLCHAIN_FILE=<bento>/cmake/arm-none-eabi.cmake -DBENTO_BOARD=microbit
#
# BENTO_BOARD names a folder of boards/ (microbit, mps2-an385, ..., stm32vldiscovery); its
# board.mk gives the CPU flags, which go to every target of the build (objects
# built for different CPUs must not be mixed). BENTO_BOARD_DIR may name a board folder
# elsewhere instead. Without either, no CPU is chosen: give your own -mcpu flags.
# Programs are linked without a C library (-nostdlib): bento::port supplies the startup code,
# the linker script and the console for QEMU.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# Compiler checks build a static library: there is nothing to link a test program with yet.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES BENTO_BOARD BENTO_BOARD_DIR)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)

include("${CMAKE_CURRENT_LIST_DIR}/bento-board.cmake")
if(BENTO_BOARD OR BENTO_BOARD_DIR)
    bento_board_dir(_bento_board_dir "${BENTO_BOARD}")
    bento_read_board("${_bento_board_dir}")
    if(BENTO_BOARD_ARCH AND NOT BENTO_BOARD_ARCH STREQUAL "cortex-m")
        message(FATAL_ERROR "bento: ${_bento_board_dir} is a ${BENTO_BOARD_ARCH} board, not an Arm "
                "one; the CMake build knows the Cortex-M boards only (build it with the Makefile)")
    endif()
    # The CPU flags, and the sections that let the link drop what is unused, go to every
    # compile and link as options of their own, not through CMAKE_C_FLAGS_INIT: a user's
    # -DCMAKE_C_FLAGS=... replaces the _INIT value and would drop them (the objects then built
    # for another instruction set, or an image twice its size). Options given here are kept.
    separate_arguments(_bento_cpu_flags UNIX_COMMAND "${BENTO_BOARD_CPU_FLAGS}")
    add_compile_options(${_bento_cpu_flags} -ffunction-sections -fdata-sections)
    add_link_options(${_bento_cpu_flags} -Wl,--gc-sections)
endif()
