# SPDX-License-Identifier: MIT
# bento: build, test and measure.
#
#   make check       everything CI runs (README.md, "Tests"), then a summary table; V=1 shows
#                    every command, -j runs steps in parallel
#   make demo        the demo firmware on the default board, under QEMU
#   make run         EXAMPLE=name BOARD=board: any example on any board
#   make test        host unit tests (gcc strict, gcc ASan+UBSan, clang when installed)
#   make qemu-test   the same tests on every board under QEMU
#   make reset-test  containers in retained RAM under thousands of system resets, on the M0 and M4
#   make examples    every example on every board under QEMU
#   make single      the single header (build/single/bento.h) and the host tests against it
#   make cxx         strict users: every public header in C++ (g++, clang++, clang++
#                    -Weverything) and every container in C (gcc -Wcast-qual, clang -Weverything)
#   make cmake       CMakeLists.txt: build and CTest for the host and two boards
#   make consumers   projects that use the kit as README.md says (Makefile, CMake, pkg-config)
#   make docs        the API reference (Doxygen) in build/docs; check runs it
#   make lint        static analysis of core/ against docs/deviations.md; check runs it
#   make defects     each fixed defect taken out again: its regression test must fail; check runs it
#   make fuzz        every fuzz target for FUZZ_SECONDS (default 180) each; check runs 10 s each
#   make fuzz-corpus regenerate the fuzz targets' seed corpora (tests/fuzz/corpus/)
#   make bench       host benchmarks against baselines, boards' instruction counts -> docs/
#   make size        .text/.data/.bss of each core object at -Os per core -> docs/size.md
#   make stack       worst-case stack of each public function per core -> docs/stack.md
#
# The core is compiled once per configuration (a host compiler and standard, or a board) into
# build/lib/CONFIG/libbento.a; every test, example and benchmark image links against it.
# New containers, tests, examples and boards are found by name: core/src/*.c, tests/test_*.c,
# examples/*/main.c, bench/host/*.cpp, bench/qemu/bench_*.c, boards/*/board.mk.

.DEFAULT_GOAL := check
SHELL := /bin/sh
MAKEFLAGS += --no-builtin-rules --no-print-directory
.SUFFIXES:

BUILD := build
GEN := $(BUILD)/gen
OBJ := $(BUILD)/obj
LIB := $(BUILD)/lib
RESULTS := $(BUILD)/results
DEFAULT_BOARD := mps2-an385
QEMU_RUN := scripts/qemu-run
CHECK_RUN := scripts/check-run
# Progress: each step's line ends with [n/N, m:ss] (scripts/check-run): the steps done, the
# steps of make check (BENTO_STEPS, set at the end of this file) and the time since make
# started. A sub-make keeps its parent's count and clock.
ifeq ($(MAKELEVEL),0)
export BENTO_START := $(shell date +%s)
export BENTO_PROGRESS := $(abspath $(BUILD))/progress
$(shell mkdir -p $(BUILD) && rm -f $(BUILD)/progress)
endif

CORE_SRCS := $(sort $(wildcard core/src/*.c))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
SUITES := $(patsubst tests/test_%.c,%,$(TEST_SRCS))
EXAMPLES := $(sort $(notdir $(patsubst %/main.c,%,$(wildcard examples/*/main.c)))) readme

WARNINGS := -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wcast-align -Wundef \
            -Wshadow -Werror
INCLUDES := -Icore/include -Iport -Itests -I$(GEN)
DEPFLAGS = -MMD -MP

# One line per library and per run (images are linked silently: their run says how they did),
# a summary table at the end; V=1 shows every command.
ifeq ($(V),1)
Q :=
else
Q := @
endif
step = @printf '  %-6s %-28s %s\n' '$1' '$2' '$3'

# ---------------------------------------------------------------- tools

# `make check` on a fresh machine: every Debian package it needs is installed once, before
# anything else runs (scripts/need: quiet when all are present; as root it runs apt-get, else
# it prints the apt-get line and make stops here). Parallel recipes that each installed what
# they needed would race for dpkg's lock. The per-rule `| arm-tools` and the like remain for
# the targets run on their own.
CHECK_TOOLS := arm-none-eabi-gcc qemu-system-arm g++ clang python3 pkg-config cmake doxygen \
               libfuzzer gcc-multilib cppcheck clang-tidy gcovr riscv qemu-system-riscv32 gdb \
               gdb-multiarch powerpc qemu-user meson zephyr-tools avr simavr
ifneq ($(filter check,$(or $(MAKECMDGOALS),check)),)
ifneq ($(shell scripts/need $(CHECK_TOOLS) >&2 && echo ok),ok)
$(error scripts/need: the tools `make check` needs are missing (see above))
endif
endif

# ---------------------------------------------------------------- boards

# Each board's facts are written once, in boards/NAME/board.mk; read here into CPU.NAME,
# QEMU.NAME, HZ.NAME (the SysTick clock: 1e9 / HZ instructions per tick under -icount shift=0;
# 1e9 where the count is of instructions themselves, as minstret on RISC-V), ARCH.NAME
# (BOARD_ARCH, cortex-m when the board names none) and CLANG.NAME (BOARD_CLANG: no when clang
# cannot build for the board). RAM.NAME, the bytes of RAM, is the RAM region of
# boards/NAME/memory.ld; the tests size their data from it (BENTO_TEST_RAM).
BOARDS := $(sort $(patsubst boards/%/board.mk,%,$(wildcard boards/*/board.mk)))
define read_board
BOARD_ARCH := cortex-m
BOARD_CLANG := yes
include boards/$1/board.mk
CPU.$1 := $$(BOARD_CPU_FLAGS)
QEMU.$1 := $$(BOARD_QEMU_MACHINE)
HZ.$1 := $$(BOARD_CPU_HZ)
RAM.$1 := $$(shell scripts/board-ram boards/$1/memory.ld)
ARCH.$1 := $$(BOARD_ARCH)
CLANG.$1 := $$(BOARD_CLANG)
endef
$(foreach b,$(BOARDS),$(eval $(call read_board,$b)))

# What an architecture brings: its tools (the prefix of gcc, ar and size), clang's target, the
# flags clang does not take, the make target that installs the tools, and its port and linker
# script (port/ARCH/, linker/ARCH.ld). scripts/qemu-run picks the QEMU binary the same way.
TOOLS.cortex-m := arm-none-eabi-
TOOLS.riscv := riscv64-unknown-elf-
CLANG_TARGET.cortex-m := arm-none-eabi
CLANG_TARGET.riscv := riscv32-unknown-elf
CLANG_DROP.cortex-m := -mfloat-abi=soft
CLANG_DROP.riscv := -misa-spec=%
NEED.cortex-m := arm-tools
NEED.riscv := riscv-tools
board_tool = $(TOOLS.$(ARCH.$1))$2
board_ld = linker/$(ARCH.$1).ld boards/$1/memory.ld
# the tools of every board's architecture, for the steps that build for them all
BOARD_TOOLS := $(sort $(foreach b,$(BOARDS),$(NEED.$(ARCH.$b))))

# ---------------------------------------------------------------- configurations

# A configuration is a compiler and its flags: cc.CONFIG, ar.CONFIG, cflags.CONFIG,
# ldflags.CONFIG. Every source is compiled once per configuration into build/obj/CONFIG/.

HAVE_CLANG := $(shell command -v clang >/dev/null 2>&1 && echo yes)
# gcc-c11-asserts reads tests/asserts/config.h through BENTO_CONFIG_HEADER (every configurable
# macro set to a hook that leaves a trace).
# gcc-c99-m32-sanitize is the i386 ABI: 32-bit size_t, uint64_t and double 4-aligned in structs.
# gcc-c11-powersafe-small-sanitize builds the kit with its journal (-DBENTO_POWER_SAFE=1), in
# its form for the least code (-DBENTO_IMPL_SMALL=1, what -Os builds; core/src/internal.h).
HOST_CONFIGS := gcc-c99 gcc-c11-sanitize gcc-c11-asserts gcc-c99-m32-sanitize \
                gcc-c11-powersafe-small-sanitize $(if $(HAVE_CLANG),clang-c99 clang-c11-sanitize)
SANITIZE := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SECTIONS := -ffunction-sections -fdata-sections
# --gc-sections where the host linker has it (GNU ld, lld, gold)
HOST_GC := $(shell printf 'int main(void){return 0;}' | cc -x c - -Wl,--gc-sections \
             -o /dev/null >/dev/null 2>&1 && echo -Wl,--gc-sections)

define host_config
cc.$1 := $(word 1,$(subst -, ,$1))
ar.$1 := ar
cflags.$1 := -std=$(word 2,$(subst -, ,$1)) $(WARNINGS) $(SECTIONS) \
             $(if $(findstring sanitize,$1),$(SANITIZE),-O2) \
             $(if $(filter gcc,$(word 1,$(subst -, ,$1))),-fno-tree-loop-distribute-patterns) \
             $(if $(findstring asserts,$1),-DBENTO_CONFIG_HEADER=\"asserts/config.h\" -Itests) \
             $(if $(findstring m32,$1),-m32) \
             $(if $(findstring powersafe,$1),-DBENTO_POWER_SAFE=1) \
             $(if $(findstring small,$1),-DBENTO_IMPL_SMALL=1)
ldflags.$1 := $(HOST_GC) $(if $(findstring m32,$1),-m32)
ldlibs.$1 :=
run.$1 := $(if $(findstring m32,$1),scripts/run-i386)
endef
$(foreach c,$(HOST_CONFIGS),$(eval $(call host_config,$c)))

# Boards: the images of the tests, the examples and the benchmarks (-O2, as measured).
# POWER_SAFE=1 builds them with the kit's journal (BENTO_POWER_SAFE); give it its own BUILD:
#     make bench-qemu POWER_SAFE=1 BUILD=build/power-safe
POWER_SAFE :=
ARM_CC := arm-none-eabi-gcc
define board_config
cc.$1 := $(call board_tool,$1,gcc)
ar.$1 := $(call board_tool,$1,ar)
cflags.$1 := $(CPU.$1) -std=c99 $(WARNINGS) -ffreestanding -fno-tree-loop-distribute-patterns \
             $(SECTIONS) -g -O2 $(if $(POWER_SAFE),-DBENTO_POWER_SAFE=$(POWER_SAFE)) \
             -DBENTO_TEST_RAM=$(RAM.$1)
ldflags.$1 := $(CPU.$1) -nostdlib -Lboards/$1 -Tlinker/$(ARCH.$1).ld -Wl,--gc-sections
ldlibs.$1 := -lgcc
endef
$(foreach b,$(BOARDS),$(eval $(call board_config,$b)))

# The core alone for every board with gcc and clang, C99 and C11, at -Os (as firmware ships):
# BOARD-gcc-c99, BOARD-gcc-c11, BOARD-clang-c99, BOARD-clang-c11. Libraries only.
clang_cpu = $(filter-out $(CLANG_DROP.$(ARCH.$1)),$(CPU.$1))
define matrix_config
cc.$1-gcc-c99 := $(call board_tool,$1,gcc)
ar.$1-gcc-c99 := $(call board_tool,$1,ar)
cflags.$1-gcc-c99 := $(CPU.$1) -std=c99 $(WARNINGS) -ffreestanding \
                     -fno-tree-loop-distribute-patterns $(SECTIONS) -Os
cc.$1-gcc-c11 := $(call board_tool,$1,gcc)
ar.$1-gcc-c11 := $(call board_tool,$1,ar)
cflags.$1-gcc-c11 := $(CPU.$1) -std=c11 $(WARNINGS) -ffreestanding \
                     -fno-tree-loop-distribute-patterns $(SECTIONS) -Os
cc.$1-clang-c99 := clang --target=$(CLANG_TARGET.$(ARCH.$1))
ar.$1-clang-c99 := $(call board_tool,$1,ar)
cflags.$1-clang-c99 := $(call clang_cpu,$1) -std=c99 $(WARNINGS) -ffreestanding $(SECTIONS) -Os
cc.$1-clang-c11 := clang --target=$(CLANG_TARGET.$(ARCH.$1))
ar.$1-clang-c11 := $(call board_tool,$1,ar)
cflags.$1-clang-c11 := $(call clang_cpu,$1) -std=c11 $(WARNINGS) -ffreestanding $(SECTIONS) -Os
endef
$(foreach b,$(BOARDS),$(eval $(call matrix_config,$b)))
MATRIX_CONFIGS := $(foreach b,$(BOARDS),$b-gcc-c99 $b-gcc-c11 \
                    $(if $(HAVE_CLANG),$(if $(filter yes,$(CLANG.$b)),$b-clang-c99 $b-clang-c11)))

CONFIGS := $(HOST_CONFIGS) $(BOARDS) $(MATRIX_CONFIGS)

core_objs = $(patsubst %.c,$(OBJ)/$1/%.o,$(CORE_SRCS))
lib = $(LIB)/$1/libbento.a

# Per configuration: objects (the core sees only its own headers), the library, and a record
# of the flags so that changing them rebuilds what they built.
define config_rules
$(OBJ)/$1/core/%.o: core/%.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$$(cc.$1) $$(cflags.$1) -Icore/include $(DEPFLAGS) -c $$< -o $$@

$(OBJ)/$1/%.o: %.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$$(cc.$1) $$(cflags.$1) $(INCLUDES) $$(extra_cflags) $(DEPFLAGS) -c $$< -o $$@

$(OBJ)/$1/flags: FORCE
	@mkdir -p $$(@D)
	@echo '$$(cc.$1) $$(cflags.$1) $(INCLUDES)' > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@

$(call lib,$1): $(call core_objs,$1)
	@mkdir -p $$(@D)
	$$(call step,LIB,$1,$$@)
	$(Q)rm -f $$@ && $$(ar.$1) rcs $$@ $$^
endef
$(foreach c,$(CONFIGS),$(eval $(call config_rules,$c)))

# Dependencies recorded by the compiler (-MMD -MP); they are never remade by a rule.
-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
%.d: ;

# ---------------------------------------------------------------- generated inputs

# The suite list: one BENTO_SUITE(test_NAME) per tests/test_NAME.c, rewritten only on change.
$(GEN)/suites.inc: FORCE
	@mkdir -p $(@D)
	@for s in $(SUITES); do echo "BENTO_SUITE(test_$$s)"; done > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

# One suite per file, for the board images that run one suite each.
$(GEN)/suite-%.inc:
	@mkdir -p $(@D)
	@echo "BENTO_SUITE(test_$*)" > $@

# The README's usage example, compiled exactly as the README shows it.
$(GEN)/readme_example.c: README.md
	@mkdir -p $(@D)
	@awk '/<!-- readme-example -->/{on=1; next} on && /^```c/{inside=1; next} \
	     inside && /^```/{exit} inside{print}' README.md > $@
	@test -s $@ || { echo "README.md: no readme-example block" >&2; exit 1; }

example_objs = $(patsubst %.c,$(OBJ)/$1/%.o,$(if $(filter readme,$2),$(GEN)/readme_example.c,\
               $(wildcard examples/$2/*.c)))

# ---------------------------------------------------------------- host

HOST_PORT_SRCS := port/host/port_host.c port/print.c
host_port_objs = $(patsubst %.c,$(OBJ)/$1/%.o,$(HOST_PORT_SRCS))
host_test_objs = $(patsubst %.c,$(OBJ)/$1/%.o,tests/bento_test.c $(TEST_SRCS))
# what a program needs besides the kit in configuration $1: the hooks its config header names
host_hook_objs = $(if $(findstring asserts,$1),$(OBJ)/$1/tests/asserts/hooks.o)

# cflags at link time too: the sanitizers need their runtime.
define host_rules
$(OBJ)/$1/tests/bento_test.o: $(GEN)/suites.inc

$(BUILD)/host/$1/tests: $(call host_test_objs,$1) $(call host_port_objs,$1) $(call host_hook_objs,$1) \
                       $(call lib,$1)
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(ldflags.$1) $$^ -o $$@

$(RESULTS)/host-$1-tests: $(BUILD)/host/$1/tests FORCE
	@$(CHECK_RUN) $$@ 'host $1' tests counts -- $(run.$1) $$<
endef
# Every example, the README's included, built and run in every host configuration.
define host_example_rules
$(BUILD)/host/$1/example-$2: $(call example_objs,$1,$2) $(call host_port_objs,$1) \
                             $(call host_hook_objs,$1) $(call lib,$1)
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(ldflags.$1) $$^ -o $$@

$(RESULTS)/host-$1-example-$2: $(BUILD)/host/$1/example-$2 FORCE
	@$(CHECK_RUN) $$@ 'host $1' $2 exit0 -- $(run.$1) $$<
endef
$(foreach c,$(HOST_CONFIGS),$(eval $(call host_rules,$c)))
$(foreach c,$(HOST_CONFIGS),$(foreach e,$(EXAMPLES),$(eval $(call host_example_rules,$c,$e))))

HOST_RESULTS := $(foreach c,$(HOST_CONFIGS),$(RESULTS)/host-$c-tests \
                  $(foreach e,$(EXAMPLES),$(RESULTS)/host-$c-example-$e))

# BENTO_ASSERT at every public entry point: every generic one and every typed one called with a
# NULL container in the gcc-c11-asserts configuration (the calls generated from the headers'
# prototypes and their typed declarations, each held to its macro), and every function a typed
# macro generates declared in its header (scripts/check-asserts typed).
ASSERTS_CONFIG := gcc-c11-asserts
$(GEN)/assert_calls.c: scripts/check-asserts $(wildcard core/include/bento/*.h)
	@mkdir -p $(@D)
	$(Q)scripts/check-asserts calls > $@
$(BUILD)/host/$(ASSERTS_CONFIG)/asserts: $(OBJ)/$(ASSERTS_CONFIG)/tests/asserts/main.o \
        $(OBJ)/$(ASSERTS_CONFIG)/$(GEN)/assert_calls.o $(call host_hook_objs,$(ASSERTS_CONFIG)) \
        $(call lib,$(ASSERTS_CONFIG))
	@mkdir -p $(@D)
	$(Q)$(cc.$(ASSERTS_CONFIG)) $(cflags.$(ASSERTS_CONFIG)) $(ldflags.$(ASSERTS_CONFIG)) $^ -o $@
$(RESULTS)/asserts-generic: $(BUILD)/host/$(ASSERTS_CONFIG)/asserts FORCE
	@$(CHECK_RUN) $@ 'asserts' 'entry points' exit0 -- $<
$(RESULTS)/asserts-typed: FORCE
	@$(CHECK_RUN) $@ 'asserts' 'typed wrappers' exit0 -- scripts/check-asserts typed
HOST_RESULTS += $(RESULTS)/asserts-generic $(RESULTS)/asserts-typed

# Misuse that must not compile: each tests/compile_fail/*.c compiles with -DBENTO_EXPECT_OK,
# fails without it, and (C11) fails with the message on its `expect:` line.
COMPILE_FAIL := $(sort $(wildcard tests/compile_fail/*.c))
$(RESULTS)/compile-fail-%: tests/compile_fail/%.c FORCE
	@$(CHECK_RUN) $@ compile-fail $* exit0 -- scripts/compile-fail gcc '$(WARNINGS)' $<

COMPILE_FAIL_RESULTS := $(patsubst tests/compile_fail/%.c,$(RESULTS)/compile-fail-%,$(COMPILE_FAIL))

# ---------------------------------------------------------------- single header

# build/single/bento.h from core/ (scripts/amalgamate), and build/single/include/bento/*.h,
# each including it: the host test suite builds against the single header, with one
# translation unit defining BENTO_IMPLEMENTATION. The implementation also compiles with clang
# (C11) and for the Cortex-M0.
SINGLE := $(BUILD)/single
SINGLE_FLAGS = $(cflags.gcc-c99) -I$(SINGLE)/include -I$(SINGLE) -Iport -Itests -I$(GEN)
SINGLE_OBJS := $(patsubst %.c,$(OBJ)/single/%.o,$(GEN)/single_impl.c tests/bento_test.c $(TEST_SRCS) \
                                                $(HOST_PORT_SRCS))

$(SINGLE)/bento.h: scripts/amalgamate LICENSE $(CORE_SRCS) \
                  $(wildcard core/src/*.h core/include/bento/*.h core/include/bento/*.hpp)
	$(call step,GEN,single header,$@)
	$(Q)scripts/amalgamate $(SINGLE)

# The implementation's translation unit, as README.md shows it.
$(GEN)/single_impl.c: README.md
	@mkdir -p $(@D)
	@scripts/readme-block single-header-implementation > $@

$(OBJ)/single/%.o: %.c $(SINGLE)/bento.h $(GEN)/suites.inc $(OBJ)/gcc-c99/flags
	@mkdir -p $(@D)
	$(Q)gcc $(SINGLE_FLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/host/single/tests: $(SINGLE_OBJS)
	@mkdir -p $(@D)
	$(Q)gcc $(SINGLE_FLAGS) $(HOST_GC) $^ -o $@

$(RESULTS)/single-tests: $(BUILD)/host/single/tests FORCE
	@$(CHECK_RUN) $@ 'single header' 'host tests' counts -- $<

$(RESULTS)/single-clang-c11: $(GEN)/single_impl.c $(SINGLE)/bento.h FORCE
	@$(CHECK_RUN) $@ 'single header' 'clang C11' exit0 -- \
	    clang -std=c11 $(WARNINGS) -O2 -I$(SINGLE) -c $< -o $(OBJ)/single/impl-clang.o

$(RESULTS)/single-cortex-m0: $(GEN)/single_impl.c $(SINGLE)/bento.h FORCE | arm-tools
	@$(CHECK_RUN) $@ 'single header' 'Cortex-M0' exit0 -- \
	    $(ARM_CC) $(cflags.microbit) -I$(SINGLE) -c $< -o $(OBJ)/single/impl-m0.o

# The C++ face over the single header (build/single/bento.hpp): tests/cxx/face.cpp with the
# single header's folders only (not the kit's), linked with the implementation compiled as C.
SINGLE_IMPL_OBJ := $(OBJ)/single/$(GEN)/single_impl.o
$(RESULTS)/single-cxx: tests/cxx/face.cpp $(SINGLE)/bento.h $(SINGLE_IMPL_OBJ) FORCE
	@STRICT_KIT_INCLUDES=no $(CHECK_RUN) $@ 'single header' 'C++ face (bento.hpp)' last -- \
	    scripts/strict-check g++ '-I$(SINGLE)/include -I$(SINGLE) $(CXX_FACE_FLAGS)' $< \
	    $(BUILD)/cxx/face-single $(SINGLE_IMPL_OBJ)

SINGLE_RESULTS := $(RESULTS)/single-tests $(if $(HAVE_CLANG),$(RESULTS)/single-clang-c11) \
                  $(RESULTS)/single-cortex-m0 $(RESULTS)/single-cxx

# ---------------------------------------------------------------- licence

$(RESULTS)/spdx: FORCE
	@$(CHECK_RUN) $@ licence SPDX last -- scripts/check-spdx
$(RESULTS)/version: FORCE
	@$(CHECK_RUN) $@ version 'version.h' last -- scripts/check-version

# ---------------------------------------------------------------- strict users

# Programs of users with the strictest warnings, at -Werror, each linked with the kit (built as
# C) and run. tests/cxx/all_headers.cpp: every public header in a C++17 program calling typed
# wrappers, with g++ and clang++, and with clang++ -Weverything. tests/consumers/app/main.c (the
# consumers' program, every container typed): C99 and C11 with gcc and clang, and with clang
# -Weverything. -Weverything leaves out only what concerns the test file itself: -Wc++98-compat
# and -Wc++98-compat-pedantic (the C++ file is C++17 on purpose).
CXX_STRICT := -std=c++17 -Wall -Wextra -Wpedantic -Wconversion -Wold-style-cast -Wcast-qual -Werror
CXX_EVERYTHING := -std=c++17 -Weverything -Wno-c++98-compat -Wno-c++98-compat-pedantic -Werror
C_STRICT = $(WARNINGS) -Wcast-qual
CXX_SOURCE := tests/cxx/all_headers.cpp
STRICT_C_SOURCE := tests/consumers/app/main.c
CXX_RESULTS := $(RESULTS)/cxx-g++ $(if $(HAVE_CLANG),$(RESULTS)/cxx-clang++ $(RESULTS)/cxx-clang++-everything)
STRICT_C_RESULTS := $(foreach s,c99 c11,$(RESULTS)/strict-gcc-$s \
                      $(if $(HAVE_CLANG),$(RESULTS)/strict-clang-$s $(RESULTS)/strict-clang-$s-everything))

$(RESULTS)/cxx-g++: $(CXX_SOURCE) $(call lib,gcc-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ headers' 'g++ strict' last -- \
	    scripts/strict-check g++ '$(CXX_STRICT)' $< $(BUILD)/strict/g++ $(call lib,gcc-c99)
$(RESULTS)/cxx-clang++: $(CXX_SOURCE) $(call lib,clang-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ headers' 'clang++ strict' last -- \
	    scripts/strict-check clang++ '$(CXX_STRICT)' $< $(BUILD)/strict/clang++ $(call lib,clang-c99)
$(RESULTS)/cxx-clang++-everything: $(CXX_SOURCE) $(call lib,clang-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ headers' 'clang++ -Weverything' last -- \
	    scripts/strict-check clang++ '$(CXX_EVERYTHING)' $< $(BUILD)/strict/clang++-everything \
	    $(call lib,clang-c99)
# $1 compiler, $2 standard, $3 flags, $4 step name
define strict_c_rule
$(RESULTS)/strict-$1-$2$(if $(findstring Weverything,$3),-everything): $(STRICT_C_SOURCE) \
        $(call lib,$1-c99) $(call host_port_objs,$1-c99) FORCE
	@$$(CHECK_RUN) $$@ 'strict c' '$4' last -- scripts/strict-check $1 '-std=$2 $3' $$< \
	    $(BUILD)/strict/$1-$2$(if $(findstring Weverything,$3),-everything) \
	    $(call host_port_objs,$1-c99) $(call lib,$1-c99)
endef
$(foreach s,c99 c11,$(eval $(call strict_c_rule,gcc,$s,$$(C_STRICT),gcc $s -Wcast-qual)))
$(if $(HAVE_CLANG),$(foreach s,c99 c11,$(eval $(call strict_c_rule,clang,$s,$$(C_STRICT),clang $s -Wcast-qual)) \
    $(eval $(call strict_c_rule,clang,$s,-Weverything -Werror,clang $s -Weverything))))

# ---------------------------------------------------------------- board images

# A board's port: port/ARCH/*.c and the number printing every port shares.
board_port_objs = $(patsubst %.c,$(OBJ)/$1/%.o,$(sort $(wildcard port/$(ARCH.$1)/*.c)) port/print.c)
define board_link
$(Q)$(cc.$1) $(ldflags.$1) -Wl,-Map=$(basename $@).map $(filter %.o %.a,$^) $(ldlibs.$1) -o $@
endef

define board_rules
# Board test images hold one suite each: suites run one after another, but their static
# buffers would add up, and the smallest board has 16 KiB of RAM. Same sources as the host;
# the runner is compiled once per suite (it names the suite it runs).
$(OBJ)/$1/tests/runner-%.o: tests/bento_test.c $(GEN)/suite-%.inc $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(INCLUDES) '-DBENTO_SUITES_FILE="suite-$$*.inc"' $(DEPFLAGS) \
	    -c $$< -o $$@

$(BUILD)/boards/$1/tests-%.elf: $(OBJ)/$1/tests/runner-%.o $(OBJ)/$1/tests/test_%.o \
                                $(call board_port_objs,$1) $(call lib,$1) \
                                $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)

$(BUILD)/boards/$1/fault.elf: $(OBJ)/$1/tests/fault/main.o $(call board_port_objs,$1) \
                              $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)

$(RESULTS)/board-$1-%: $(BUILD)/boards/$1/tests-%.elf FORCE | qemu-tools
	@$(CHECK_RUN) $$@ 'board $1' $$* counts -- $(QEMU_RUN) $1 $$<

$(RESULTS)/board-$1-fault: $(BUILD)/boards/$1/fault.elf FORCE | qemu-tools
	@$(CHECK_RUN) $$@ 'board $1' fault fault -- $(QEMU_RUN) $1 $$<

$(RESULTS)/examples-$1-%: $(BUILD)/boards/$1/example-%.elf FORCE | qemu-tools
	@$(CHECK_RUN) $$@ 'examples $1' $$* exit0 -- $(QEMU_RUN) $1 $$<
endef
$(foreach b,$(BOARDS),$(eval $(call board_rules,$b)))

define example_rule
$(BUILD)/boards/$1/example-$2.elf: $(call example_objs,$1,$2) $(call board_port_objs,$1) \
                                   $(call lib,$1) $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)
endef
$(foreach b,$(BOARDS),$(foreach e,$(EXAMPLES),$(eval $(call example_rule,$b,$e))))

# tests/interrupts: a block pool shared by the main loop and the SysTick interrupt, built with
# the port's critical-section hooks (tests/interrupts/critical.h), which must come out clean,
# and without them, which must show the races (exit status 1): the test can fail. Its block
# pool is compiled into the image with the image's flags, the hooks being compile-time. Runs are
# repeatable: -icount sleep=off keeps virtual time off the host's clock, so the RISC-V machine
# timer, counting since power-on, starts at the same phase every time (SysTick is unaffected).
INTERRUPT_SRCS := tests/interrupts/main.c core/src/block_pool.c core/src/buffer.c
interrupt_flags.hooked := -DBENTO_CONFIG_HEADER=\"interrupts/critical.h\" -Itests
interrupt_flags.unhooked :=
define interrupt_rules
$(OBJ)/$1/interrupts-$2/%.o: %.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(INCLUDES) $(interrupt_flags.$2) $(DEPFLAGS) -c $$< -o $$@
$(BUILD)/boards/$1/interrupts-$2.elf: $(patsubst %.c,$(OBJ)/$1/interrupts-$2/%.o,$(INTERRUPT_SRCS)) \
        $(call board_port_objs,$1) $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)
endef
$(foreach b,$(BOARDS),$(foreach v,hooked unhooked,$(eval $(call interrupt_rules,$b,$v))))
$(RESULTS)/board-%-interrupts: $(BUILD)/boards/%/interrupts-hooked.elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'board $*' interrupts last -- $(QEMU_RUN) $* $< -icount shift=0,sleep=off
$(RESULTS)/board-%-interrupts-unhooked: $(BUILD)/boards/%/interrupts-unhooked.elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'board $*' 'interrupts without hooks (must fail)' last -- \
	    scripts/expect-status 1 $(QEMU_RUN) $* $< -icount shift=0,sleep=off

BOARD_RESULTS := $(foreach b,$(BOARDS),$(foreach s,$(SUITES),$(RESULTS)/board-$b-$s) \
                                       $(RESULTS)/board-$b-fault $(RESULTS)/board-$b-interrupts \
                                       $(RESULTS)/board-$b-interrupts-unhooked)
EXAMPLE_RESULTS := $(foreach b,$(BOARDS),$(foreach e,$(EXAMPLES),$(RESULTS)/examples-$b-$e))

# ---------------------------------------------------------------- CMake and consumers

# The kit's own CMake build (CMakeLists.txt): configure, build, and run CTest, for the host and
# for two boards.
CMAKE_TARGETS := host microbit mps2-an386
CMAKE_RESULTS := $(foreach t,$(CMAKE_TARGETS),$(RESULTS)/cmake-$t)
$(RESULTS)/cmake-%: FORCE | cmake-tools
	+@$(CHECK_RUN) $@ cmake $* ctest -- scripts/cmake-check $(BUILD)/cmake/$* $(filter-out host,$*)

# Projects that use the kit as a user would, outside its build, following README.md to the
# letter (tests/consumers/run): each built and run for the host, a Cortex-M0 and a Cortex-M4;
# the plain Makefile also for a RISC-V board and the AVR.
CONSUMER_TARGETS := host microbit mps2-an386
CONSUMERS := make make-readme cmake-subdir cmake-find
MAKE_CONSUMERS := make make-readme
MAKE_CONSUMER_TARGETS := hifive1 avr
HOST_CONSUMERS := cmake-fetch pkg-config
consumer_tools = $(if $(filter host,$1),,$(if $(filter avr,$1),avr-tools,$(NEED.$(ARCH.$1)) qemu-tools))
define consumer_rule
$(RESULTS)/consumer-$1.$2: FORCE | cmake-tools $(call consumer_tools,$2)
	+@$(CHECK_RUN) $$@ 'consumer $1' $2 $(if $(filter make-readme,$1),exit0,counts) -- \
	    tests/consumers/run $1 $2 $(abspath $(BUILD))/consumers/$1-$2
endef
$(foreach c,$(CONSUMERS),$(foreach t,$(CONSUMER_TARGETS),$(eval $(call consumer_rule,$c,$t))))
$(foreach c,$(MAKE_CONSUMERS),$(foreach t,$(MAKE_CONSUMER_TARGETS),$(eval $(call consumer_rule,$c,$t))))
$(foreach c,$(HOST_CONSUMERS),$(eval $(call consumer_rule,$c,host)))
$(RESULTS)/readme-files: FORCE
	@$(CHECK_RUN) $@ 'consumer files' README.md exit0 -- scripts/readme-files
# A program built in the other BENTO_POWER_SAFE mode than its kit must fail to link, in each route.
$(RESULTS)/consumer-mode: FORCE | cmake-tools meson-tools
	@$(CHECK_RUN) $@ 'consumer mode' 'mismatched BENTO_POWER_SAFE' last -- \
	    tests/consumers/mode $(abspath $(BUILD))/consumers/mode
CONSUMER_RESULTS := $(RESULTS)/readme-files $(RESULTS)/consumer-mode \
                    $(foreach c,$(CONSUMERS),$(foreach t,$(CONSUMER_TARGETS),$(RESULTS)/consumer-$c.$t)) \
                    $(foreach c,$(MAKE_CONSUMERS),$(foreach t,$(MAKE_CONSUMER_TARGETS),$(RESULTS)/consumer-$c.$t)) \
                    $(foreach c,$(HOST_CONSUMERS),$(RESULTS)/consumer-$c.host)

# The core alone, for every core with gcc and clang, C99 and C11, -Werror: one library each.
MATRIX_RESULTS := $(foreach c,$(MATRIX_CONFIGS),$(RESULTS)/matrix-$c)
$(RESULTS)/matrix-%: $(LIB)/%/libbento.a FORCE
	@$(CHECK_RUN) $@ 'core matrix' $* last -- echo built

CHECK_RESULTS = $(RESULTS)/spdx $(RESULTS)/version $(COMPILE_FAIL_RESULTS) $(HOST_RESULTS) $(BOARD_RESULTS) $(EXAMPLE_RESULTS) \
                $(SINGLE_RESULTS) $(CXX_RESULTS) $(STRICT_C_RESULTS) $(MATRIX_RESULTS) $(CMAKE_RESULTS) $(CONSUMER_RESULTS) \
                $(RESULTS)/docs

# Every C block of the docs pages, compiled as the page shows it (gcc C11 with the sanitizers);
# those with a main() linked with the kit and run.
DOC_PAGES := $(patsubst docs/%.md,%,$(shell grep -l '^```c$$' docs/*.md))
SNIPPET_CONFIG := gcc-c11-sanitize
$(RESULTS)/docs-%: docs/%.md $(call host_port_objs,$(SNIPPET_CONFIG)) $(call lib,$(SNIPPET_CONFIG)) FORCE
	@$(CHECK_RUN) $@ 'docs' $*.md last -- scripts/doc-snippets $(BUILD)/snippets $< \
	    '$(cc.$(SNIPPET_CONFIG)) $(cflags.$(SNIPPET_CONFIG)) $(INCLUDES)' \
	    '$(call host_port_objs,$(SNIPPET_CONFIG)) $(call lib,$(SNIPPET_CONFIG))'
CHECK_RESULTS += $(foreach p,$(DOC_PAGES),$(RESULTS)/docs-$p)

# Size and stack budgets (bench/bench.mk): every core object's code size and every public
# function's worst-case stack against docs/budgets/, and the Cortex-M0 stack limit.
$(RESULTS)/budget-%: FORCE | $(BOARD_TOOLS)
	@$(CHECK_RUN) $@ 'budgets' $* last -- $(MAKE) --no-print-directory $*-budget
CHECK_RESULTS += $(RESULTS)/budget-size $(RESULTS)/budget-stack

# Static analysis of core/ (scripts/lint): gcc -fanalyzer, clang-tidy, cppcheck with MISRA C:2012;
# any finding outside docs/deviations.md fails.
.PHONY: lint lint-tools
lint: | lint-tools
	@scripts/lint
lint-tools:
	@scripts/need cppcheck clang-tidy
$(RESULTS)/lint: FORCE | lint-tools
	@$(CHECK_RUN) $@ 'lint' 'core/' last -- scripts/lint
CHECK_RESULTS += $(RESULTS)/lint

# Every fixed defect's regression test still catches it (scripts/defects): in a copy of the
# tree, each fix is taken out again and its test must fail, then put back and it must pass.
.PHONY: defects
defects: | m32-tools prove-tools
	@scripts/defects $(BUILD)/defects
$(RESULTS)/defects: FORCE | m32-tools prove-tools
	@$(CHECK_RUN) $@ 'defects' 'regression tests' last -- scripts/defects $(BUILD)/defects
CHECK_RESULTS += $(RESULTS)/defects

# The API reference: make docs, whose last line counts the documented public symbols.
$(RESULTS)/docs: FORCE | docs-tools
	@$(CHECK_RUN) $@ 'docs' 'doxygen' last -- $(MAKE) --no-print-directory docs

summary = @scripts/check-summary 'make $@' $1

.PHONY: compile-fail test qemu-test examples core-matrix cmake consumers single cxx check
compile-fail: $(COMPILE_FAIL_RESULTS)
	$(call summary,$^)
test: $(COMPILE_FAIL_RESULTS) $(HOST_RESULTS)
	$(call summary,$^)
qemu-test: $(BOARD_RESULTS)
	$(call summary,$^)
examples: $(EXAMPLE_RESULTS)
	$(call summary,$^)
core-matrix: $(MATRIX_RESULTS)
	$(call summary,$^)
cmake: $(CMAKE_RESULTS)
	$(call summary,$^)
consumers: $(CONSUMER_RESULTS)
	$(call summary,$^)
single: $(SINGLE_RESULTS)
	$(call summary,$^)
cxx: $(CXX_RESULTS) $(STRICT_C_RESULTS)
	$(call summary,$^)
# ---------------------------------------------------------------- demo

# make run EXAMPLE=chunks BOARD=microbit: any example on any board.
EXAMPLE := demo
BOARD := $(DEFAULT_BOARD)
.PHONY: demo run
demo: run
run: $(BUILD)/boards/$(BOARD)/example-$(EXAMPLE).elf | qemu-$(ARCH.$(BOARD))-tools
	@$(QEMU_RUN) $(BOARD) $<

# ---------------------------------------------------------------- API reference

# make docs: Doxygen over the public headers (Doxyfile), output in build/docs/html; fails on
# any warning, after listing them all, and says how many public symbols are documented.
BENTO_VERSION := $(shell sed -n 's/^\#define BENTO_VERSION "\(.*\)"/\1/p' core/include/bento/version.h)
.PHONY: docs docs-tools
docs: | docs-tools
	@rm -rf $(BUILD)/docs && mkdir -p $(BUILD)/docs
	$(call step,DOCS,doxygen,$(BUILD)/docs/html/index.html)
	$(Q)BENTO_VERSION=$(BENTO_VERSION) doxygen Doxyfile; status=$$?; \
	    cat $(BUILD)/docs/warnings.txt; \
	    echo "make docs: $$(grep -c ': \(warning\|error\):' $(BUILD)/docs/warnings.txt) warnings"; \
	    scripts/doc-count $(BUILD)/docs/xml; exit $$status
docs-tools:
	@scripts/need doxygen python3

# ---------------------------------------------------------------- fuzzing

# Fuzz targets: tests/fuzz/fuzz_NAME.c, found by name (a new file is a new target), each built
# with libFuzzer, AddressSanitizer and UBSan (clang) against the core built the same way
# (configuration `fuzz`). scripts/fuzz-run runs one for a time budget, from its committed seed
# corpus (tests/fuzz/corpus/NAME, only read) and a working corpus (build/fuzz/NAME/corpus), and
# says how it went: executions per second, coverage (cov, ft), findings. A finding (crash,
# sanitizer report, hang, leak) fails the step; its reproducer is left in build/fuzz/NAME/ and
# `build/fuzz/bin/NAME REPRODUCER` replays it. make check runs every target for
# FUZZ_CHECK_SECONDS, make fuzz for FUZZ_SECONDS; make fuzz-corpus regenerates the seed
# corpora (a run of FUZZ_CORPUS_SECONDS per target from nothing, minimised by libFuzzer's merge).
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(FUZZ_SRCS))
FUZZ_SECONDS := 180
FUZZ_CHECK_SECONDS := 10
FUZZ_CORPUS_SECONDS := 60
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
cc.fuzz := clang
ar.fuzz := ar
cflags.fuzz := -std=c11 $(WARNINGS) -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE)
$(eval $(call config_rules,fuzz))
$(OBJ)/fuzz/flags: | fuzz-tools

$(BUILD)/fuzz/bin/%: $(OBJ)/fuzz/tests/fuzz/fuzz_%.o $(call lib,fuzz)
	@mkdir -p $(@D)
	$(Q)$(cc.fuzz) -fsanitize=fuzzer $(FUZZ_SANITIZE) $^ -o $@

FUZZ_CHECK_RESULTS := $(foreach t,$(FUZZ_TARGETS),$(RESULTS)/fuzz/check-$t)
FUZZ_RESULTS := $(foreach t,$(FUZZ_TARGETS),$(RESULTS)/fuzz/long-$t)
$(RESULTS)/fuzz/check-%: $(BUILD)/fuzz/bin/% FORCE
	@$(CHECK_RUN) $@ fuzz $* last -- scripts/fuzz-run $< tests/fuzz/corpus/$* $(BUILD)/fuzz/$* \
	    $(FUZZ_CHECK_SECONDS)
$(RESULTS)/fuzz/long-%: $(BUILD)/fuzz/bin/% FORCE
	@$(CHECK_RUN) $@ fuzz $* last -- scripts/fuzz-run $< tests/fuzz/corpus/$* $(BUILD)/fuzz/$* \
	    $(FUZZ_SECONDS)

# The committed corpora replayed without libFuzzer (tests/fuzz/replay.c), built by gcc with the
# sanitizers: the seeds stay meaningful to a second compiler, and a reproducer replays there.
REPLAY_CONFIG := gcc-c11-sanitize
$(BUILD)/fuzz/replay/%: $(OBJ)/$(REPLAY_CONFIG)/tests/fuzz/fuzz_%.o \
                        $(OBJ)/$(REPLAY_CONFIG)/tests/fuzz/replay.o $(call lib,$(REPLAY_CONFIG))
	@mkdir -p $(@D)
	$(Q)$(cc.$(REPLAY_CONFIG)) $(cflags.$(REPLAY_CONFIG)) $^ -o $@
$(OBJ)/$(REPLAY_CONFIG)/tests/fuzz/%.o: extra_cflags := -D_DEFAULT_SOURCE
FUZZ_REPLAY_RESULTS := $(foreach t,$(FUZZ_TARGETS),$(RESULTS)/fuzz/replay-$t)
$(RESULTS)/fuzz/replay-%: $(BUILD)/fuzz/replay/% FORCE
	@$(CHECK_RUN) $@ fuzz '$* corpus (gcc)' last -- $< tests/fuzz/corpus/$*

CHECK_RESULTS += $(FUZZ_CHECK_RESULTS) $(FUZZ_REPLAY_RESULTS)

# Coverage of core/: the host suite built for x86-64 (cov), i386 (cov32, where size_t is
# 32 bits and the layouts' overflow paths are reachable) and with BENTO_POWER_SAFE
# (cov-powersafe: the journal and its recovery), and every fuzz target replaying its
# committed corpus, gcc --coverage at -O0; scripts/coverage merges them (gcovr) and gates each
# file at COVERAGE_LINES % of its lines and COVERAGE_BRANCHES % of its branches.
COVERAGE_LINES := 100
COVERAGE_BRANCHES := 95
COVERAGE_CONFIGS := cov cov32 cov-powersafe
cc.cov := gcc
ar.cov := ar
cflags.cov := -std=c99 $(WARNINGS) -O0 --coverage -fno-tree-loop-distribute-patterns
ldflags.cov := --coverage
cc.cov32 := gcc
ar.cov32 := ar
cflags.cov32 := $(cflags.cov) -m32
ldflags.cov32 := --coverage -m32
run.cov32 := scripts/run-i386
cc.cov-powersafe := gcc
ar.cov-powersafe := ar
cflags.cov-powersafe := $(cflags.cov) -DBENTO_POWER_SAFE=1
ldflags.cov-powersafe := --coverage
$(foreach c,$(COVERAGE_CONFIGS),$(eval $(call config_rules,$c))$(eval $(call host_rules,$c)))
$(OBJ)/cov/flags: | coverage-tools
$(OBJ)/cov32/flags: | coverage-tools m32-tools
$(OBJ)/cov-powersafe/flags: | coverage-tools
$(OBJ)/cov/tests/fuzz/%.o: extra_cflags := -D_DEFAULT_SOURCE
$(BUILD)/coverage/replay-%: $(OBJ)/cov/tests/fuzz/fuzz_%.o $(OBJ)/cov/tests/fuzz/replay.o $(call lib,cov)
	@mkdir -p $(@D)
	$(Q)$(cc.cov) $(cflags.cov) $(ldflags.cov) $^ -o $@
.PHONY: coverage coverage-data coverage-tools
coverage-data: $(foreach c,$(COVERAGE_CONFIGS),$(BUILD)/host/$c/tests) \
               $(foreach t,$(FUZZ_TARGETS),$(BUILD)/coverage/replay-$t) | coverage-tools
	@find $(foreach c,$(COVERAGE_CONFIGS),$(OBJ)/$c) -name '*.gcda' -delete
	@$(foreach c,$(COVERAGE_CONFIGS),BENTO_SEED=1 $(run.$c) $(BUILD)/host/$c/tests > /dev/null || exit 1;)
	@for t in $(FUZZ_TARGETS); do \
	    $(BUILD)/coverage/replay-$$t tests/fuzz/corpus/$$t > /dev/null || exit 1; done
	@scripts/coverage $(BUILD)/coverage/coverage.md $(COVERAGE_LINES) $(COVERAGE_BRANCHES) \
	    $(foreach c,$(COVERAGE_CONFIGS),$(OBJ)/$c)
coverage: coverage-data
	@cp $(BUILD)/coverage/coverage.md docs/coverage.md && echo "wrote docs/coverage.md"
coverage-tools:
	@scripts/need gcovr
$(RESULTS)/coverage: FORCE | coverage-tools
	@$(CHECK_RUN) $@ 'coverage' 'core/' last -- $(MAKE) --no-print-directory coverage-data
CHECK_RESULTS += $(RESULTS)/coverage

.PHONY: fuzz fuzz-corpus fuzz-tools
fuzz: $(FUZZ_RESULTS)
	@printf '\n'; awk -F'\t' '{ printf "  %-18s %-4s %s\n", $$2, $$3, $$6 }' $^
	$(call summary,$^)
fuzz-corpus: $(foreach t,$(FUZZ_TARGETS),$(BUILD)/fuzz/bin/$t)
	$(Q)for t in $(FUZZ_TARGETS); do \
	    scripts/fuzz-corpus $(BUILD)/fuzz/bin/$$t tests/fuzz/corpus/$$t $(BUILD)/fuzz/$$t \
	        $(FUZZ_CORPUS_SECONDS) || exit 1; \
	done
fuzz-tools:
	@scripts/need clang libfuzzer
# ---------------------------------------------------------------- measurements

include bench/bench.mk
include tests/cut/cut.mk
include tests/reset/reset.mk
include tests/gdb/gdb.mk
include tests/endian/endian.mk
include tests/consumers/consumers.mk
include tests/cxx/cxx.mk
include tests/prove/prove.mk
include port/avr/avr.mk

# ---------------------------------------------------------------- tools

# Building for a board needs its cross compiler first.
$(foreach b,$(BOARDS),$(eval $(foreach c,$b $b-gcc-c99 $b-gcc-c11 $b-clang-c99 $b-clang-c11,\
    $(OBJ)/$c/flags): | $(NEED.$(ARCH.$b))))

# The i386 configuration needs gcc's multilib (and the 32-bit sanitizer runtimes it brings).
$(OBJ)/gcc-c99-m32-sanitize/flags: | m32-tools

.SECONDARY:
.PHONY: arm-tools riscv-tools qemu-tools qemu-cortex-m-tools qemu-riscv-tools cmake-tools m32-tools FORCE
m32-tools:
	@scripts/need gcc-multilib qemu-user
arm-tools:
	@scripts/need arm-none-eabi-gcc
riscv-tools:
	@scripts/need riscv
qemu-tools:
	@scripts/need qemu-system-arm qemu-system-riscv32
# one architecture's emulator only, for a run on one board (make demo)
qemu-cortex-m-tools:
	@scripts/need qemu-system-arm
qemu-riscv-tools:
	@scripts/need qemu-system-riscv32
cmake-tools:
	@scripts/need cmake
FORCE:

.PHONY: clean
clean:
	rm -rf $(BUILD)

# make check: every result in CHECK_RESULTS, which the files included above add to; its
# progress (above) counts them.
check: $(CHECK_RESULTS)
	$(call summary,$^)
ifeq ($(or $(MAKECMDGOALS),check),check)
export BENTO_STEPS := $(words $(sort $(CHECK_RESULTS)))
endif
