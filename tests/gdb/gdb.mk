# SPDX-License-Identifier: MIT
# tests/gdb/gdb.mk - the debugger views (scripts/gdb/bento.py, scripts/natvis/bento.natvis;
# docs/debugging.md). Included by the Makefile.
#
#   make gdb-test    the GDB pretty-printers on the host (gdb) and on GDB_BOARDS under QEMU's
#                    gdbstub (gdb-multiarch), and the natvis file's structure
#   make check       runs the same steps
#
# tests/gdb/main.c fills one container of each kind and prints what each holds; gdb stops it
# at a known point and prints every container through the printers (tests/gdb/run), and the
# two are compared line for line (tests/gdb/compare). The program is built at -O0 -g, so that
# the typed wrappers it calls are in its debug information; on the boards the kit is the
# board's library as every other image links it.

GDB_BOARDS := mps2-an386 microbit
gdb_cflags = $(filter-out -O%,$(cflags.$1)) -O0 -g

# The host program in two configurations of its own, the kit included, at -O0 -g: x86-64, and
# i386 (4-byte pointers; and where gdb can call into the program to compare with check).
# The i386 one builds the kit with its journal (BENTO_POWER_SAFE=1): headers with a journal.
GDB_HOST_CONFIGS := gdb-host gdb-m32
cc.gdb-host := gcc
ar.gdb-host := ar
cflags.gdb-host := -std=c99 $(WARNINGS) -O0 -g -fno-tree-loop-distribute-patterns
ldflags.gdb-host :=
cc.gdb-m32 := gcc
ar.gdb-m32 := ar
cflags.gdb-m32 := $(cflags.gdb-host) -m32 -DBENTO_POWER_SAFE=1
ldflags.gdb-m32 := -m32
$(foreach c,$(GDB_HOST_CONFIGS),$(eval $(call config_rules,$c)))
$(OBJ)/gdb-m32/flags: | m32-tools
gdb_name.gdb-host := host x86-64
gdb_name.gdb-m32 := host i386 power-safe
gdb_name.gdb-cxx := host C++

# The same program compiled as C++17 (g++), as an engine's code is, with the x86-64 kit: the
# printers read C++ debug information too.
$(OBJ)/gdb-cxx/tests/gdb/main.o: tests/gdb/main.c $(OBJ)/gdb-host/flags
	@mkdir -p $(@D)
	$(Q)g++ -x c++ -std=c++17 -Wall -Wextra -Wpedantic -Wconversion -Werror -O0 -g $(INCLUDES) \
	    $(DEPFLAGS) -c $< -o $@
$(BUILD)/host/gdb-cxx/gdb-views: $(OBJ)/gdb-cxx/tests/gdb/main.o $(call host_port_objs,gdb-host) \
        $(call lib,gdb-host)
	@mkdir -p $(@D)
	$(Q)g++ $^ -o $@

define gdb_host_rules
$(BUILD)/host/$1/gdb-views: $(OBJ)/$1/tests/gdb/main.o $(call host_port_objs,$1) $(call lib,$1)
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(ldflags.$1) $$^ -o $$@
$(RESULTS)/$1: $(BUILD)/host/$1/gdb-views FORCE | gdb-tools
	@$(CHECK_RUN) $$@ gdb 'printers, $(gdb_name.$1)' last -- \
	    tests/gdb/run host $$< $(BUILD)/gdb/$1
endef
$(foreach c,$(GDB_HOST_CONFIGS),$(eval $(call gdb_host_rules,$c)))
$(RESULTS)/gdb-cxx: $(BUILD)/host/gdb-cxx/gdb-views FORCE | gdb-tools
	@$(CHECK_RUN) $@ gdb 'printers, $(gdb_name.gdb-cxx)' last -- \
	    tests/gdb/run host $< $(BUILD)/gdb/gdb-cxx

define gdb_board_rules
$(OBJ)/gdb-$1/tests/gdb/main.o: tests/gdb/main.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(call gdb_cflags,$1) $(INCLUDES) $(DEPFLAGS) -c $$< -o $$@
$(BUILD)/boards/$1/gdb-views.elf: $(OBJ)/gdb-$1/tests/gdb/main.o $(call board_port_objs,$1) \
        $(call lib,$1) linker/cortex-m.ld boards/$1/memory.ld
	@mkdir -p $$(@D)
	$$(call board_link,$1)
$(RESULTS)/gdb-board-$1: $(BUILD)/boards/$1/gdb-views.elf FORCE | qemu-tools gdb-multiarch-tools
	@$(CHECK_RUN) $$@ gdb 'printers, $1' last -- tests/gdb/run board $1 $$< $(BUILD)/gdb/$1
endef
$(foreach b,$(GDB_BOARDS),$(eval $(call gdb_board_rules,$b)))

# bento.hpp's classes (tests/gdb/cxx.cpp, as an engine declares them): on the host with g++
# and the x86-64 kit, and on GDB_CXX_BOARD with arm-none-eabi-g++ (tests/cxx/cxx.mk's flags for
# the engine example, at -O0).
GDB_CXX_BOARD := mps2-an386
$(BUILD)/host/gdb-classes/gdb-views: tests/gdb/cxx.cpp tests/gdb/print.h core/include/bento/bento.hpp \
        $(call host_port_objs,gdb-host) $(call lib,gdb-host)
	@mkdir -p $(@D)
	$(Q)g++ $(CXX_FACE_FLAGS:-O2=-O0) -g -Icore/include -Iport $< \
	    $(call host_port_objs,gdb-host) $(call lib,gdb-host) -o $@
$(RESULTS)/gdb-classes: $(BUILD)/host/gdb-classes/gdb-views FORCE | gdb-tools
	@$(CHECK_RUN) $@ gdb 'printers, C++ classes, host' last -- \
	    tests/gdb/run host $< $(BUILD)/gdb/gdb-classes
$(OBJ)/gdb-$(GDB_CXX_BOARD)/tests/gdb/cxx.o: tests/gdb/cxx.cpp tests/gdb/print.h core/include/bento/bento.hpp \
        $(OBJ)/$(GDB_CXX_BOARD)/flags | arm-tools
	@mkdir -p $(@D)
	$(Q)$(ARM_CXX) $(filter-out -O%,$(ENGINE_BOARD_FLAGS)) -O0 -Icore/include -Iport -c $< -o $@
$(BUILD)/boards/$(GDB_CXX_BOARD)/gdb-classes.elf: $(OBJ)/gdb-$(GDB_CXX_BOARD)/tests/gdb/cxx.o \
        $(call board_port_objs,$(GDB_CXX_BOARD)) $(call lib,$(GDB_CXX_BOARD)) linker/cortex-m.ld \
        boards/$(GDB_CXX_BOARD)/memory.ld
	@mkdir -p $(@D)
	$(call board_link,$(GDB_CXX_BOARD))
$(RESULTS)/gdb-classes-board: $(BUILD)/boards/$(GDB_CXX_BOARD)/gdb-classes.elf FORCE | qemu-tools gdb-multiarch-tools
	@$(CHECK_RUN) $@ gdb 'printers, C++ classes, $(GDB_CXX_BOARD)' last -- \
	    tests/gdb/run board $(GDB_CXX_BOARD) $< $(BUILD)/gdb/gdb-classes-board

# The natvis file is untested here (no Visual Studio): its XML is checked against the natvis
# schema's structure, and it must name every container the GDB printers know.
$(RESULTS)/gdb-natvis: FORCE
	@$(CHECK_RUN) $@ gdb 'natvis structure' last -- \
	    tests/gdb/natvis-check scripts/natvis/bento.natvis scripts/gdb/bento.py

GDB_RESULTS := $(foreach c,$(GDB_HOST_CONFIGS),$(RESULTS)/$c) $(RESULTS)/gdb-cxx \
               $(RESULTS)/gdb-classes $(RESULTS)/gdb-classes-board \
               $(foreach b,$(GDB_BOARDS),$(RESULTS)/gdb-board-$b) \
               $(RESULTS)/gdb-natvis

.PHONY: gdb-test gdb-tools gdb-multiarch-tools
gdb-test: $(GDB_RESULTS)
	$(call summary,$^)
gdb-tools:
	@scripts/need gdb
gdb-multiarch-tools:
	@scripts/need gdb-multiarch
CHECK_RESULTS += $(GDB_RESULTS)
