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
# the typed wrappers it calls are in its debug information; the kit is the configuration's
# library as every other program links it.

GDB_BOARDS := mps2-an386 microbit
GDB_HOST_CONFIG := gcc-c99
gdb_cflags = $(filter-out -O%,$(cflags.$1)) -O0 -g

$(OBJ)/gdb-$(GDB_HOST_CONFIG)/tests/gdb/main.o: tests/gdb/main.c $(OBJ)/$(GDB_HOST_CONFIG)/flags
	@mkdir -p $(@D)
	$(Q)$(cc.$(GDB_HOST_CONFIG)) $(call gdb_cflags,$(GDB_HOST_CONFIG)) $(INCLUDES) $(DEPFLAGS) -c $< -o $@
$(BUILD)/host/$(GDB_HOST_CONFIG)/gdb-views: $(OBJ)/gdb-$(GDB_HOST_CONFIG)/tests/gdb/main.o \
        $(call host_port_objs,$(GDB_HOST_CONFIG)) $(call lib,$(GDB_HOST_CONFIG))
	@mkdir -p $(@D)
	$(Q)$(cc.$(GDB_HOST_CONFIG)) $(ldflags.$(GDB_HOST_CONFIG)) $^ -o $@
$(RESULTS)/gdb-host: $(BUILD)/host/$(GDB_HOST_CONFIG)/gdb-views FORCE | gdb-tools
	@$(CHECK_RUN) $@ gdb 'printers, host' last -- tests/gdb/run host $< $(BUILD)/gdb/host

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

# The natvis file is untested here (no Visual Studio): its XML is checked against the natvis
# schema's structure, and it must name every container the GDB printers know.
$(RESULTS)/gdb-natvis: FORCE
	@$(CHECK_RUN) $@ gdb 'natvis structure' last -- \
	    tests/gdb/natvis-check scripts/natvis/bento.natvis scripts/gdb/bento.py

GDB_RESULTS := $(RESULTS)/gdb-host $(foreach b,$(GDB_BOARDS),$(RESULTS)/gdb-board-$b) \
               $(RESULTS)/gdb-natvis

.PHONY: gdb-test gdb-tools gdb-multiarch-tools
gdb-test: $(GDB_RESULTS)
	$(call summary,$^)
gdb-tools:
	@scripts/need gdb
gdb-multiarch-tools:
	@scripts/need gdb-multiarch
CHECK_RESULTS += $(GDB_RESULTS)
check: $(GDB_RESULTS)
