# SPDX-License-Identifier: MIT
# cmake/bento-board.cmake - read a board's facts from its board.mk, the one place they are
# written (the Makefile includes the same file). board.mk holds `KEY := value` lines:
#     BOARD_CPU_FLAGS, BOARD_QEMU_MACHINE, BOARD_CPU_HZ
# bento_read_board(<board folder>) sets BENTO_<KEY> for each, in the caller's scope.
set(_BENTO_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(bento_read_board dir)
    if(NOT EXISTS "${dir}/board.mk")
        message(FATAL_ERROR "bento: no board.mk in ${dir}")
    endif()
    file(STRINGS "${dir}/board.mk" lines REGEX "^[A-Z0-9_]+ *:= *")
    foreach(line IN LISTS lines)
        if(line MATCHES "^([A-Z0-9_]+) *:= *(.*)$")
            string(STRIP "${CMAKE_MATCH_2}" value)
            set(BENTO_${CMAKE_MATCH_1} "${value}" PARENT_SCOPE)
        endif()
    endforeach()
endfunction()

# The folder of board NAME: boards/NAME next to this file's folder (the kit's tree, or
# share/bento in an installed prefix), unless BENTO_BOARD_DIR names one elsewhere.
function(bento_board_dir out name)
    if(BENTO_BOARD_DIR)
        set(${out} "${BENTO_BOARD_DIR}" PARENT_SCOPE)
    else()
        get_filename_component(root "${_BENTO_CMAKE_DIR}/.." ABSOLUTE)
        set(${out} "${root}/boards/${name}" PARENT_SCOPE)
    endif()
endfunction()
