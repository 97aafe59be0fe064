# SPDX-License-Identifier: MIT
# bento: build, test and measure.
#
#   make check      everything CI runs: test + qemu-test + every example on every board
#   make demo       the demo firmware on the default board, under QEMU
#   make run        EXAMPLE=name BOARD=board: any example on any board
#   make test       host unit tests (gcc strict, gcc ASan+UBSan, clang when installed)
#   make qemu-test  the same tests on every board under qemu-system-arm
#   make bench      host benchmarks against baselines, Cortex-M instruction counts -> docs/
#   make size       .text/.data/.bss of each core object at -Os per core -> docs/size.md
#   make stack      worst-case stack of each public function per core -> docs/stack.md
#
# New containers, tests and examples are found by name: core/src/*.c, tests/test_*.c,
# examples/*/main.c, bench/host/*.cpp, bench/qemu/*.c.

.DEFAULT_GOAL := check
SHELL := /bin/sh

BUILD := build
BOARDS := microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505
DEFAULT_BOARD := mps2-an385
QEMU_TIMEOUT := 600

CORE_SRCS := $(sort $(wildcard core/src/*.c))
CORE_HDRS := $(wildcard core/include/bento/*.h core/src/*.h)
TEST_SRCS := tests/bento_test.c $(sort $(wildcard tests/test_*.c))
TEST_HDRS := $(wildcard tests/*.h) port/bento_port.h
EXAMPLES := $(sort $(notdir $(patsubst %/main.c,%,$(wildcard examples/*/main.c)))) readme
GEN := $(BUILD)/gen

WARNINGS := -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wcast-align -Wundef \
            -Wshadow -Werror
INCLUDES := -Icore/include -Iport -Itests -I$(GEN)

# ---------------------------------------------------------------- generated inputs

# The suite list: one BENTO_SUITE(test_NAME) per tests/test_NAME.c, rewritten only on change.
$(GEN)/suites.inc: FORCE
	@mkdir -p $(@D)
	@for f in $(sort $(wildcard tests/test_*.c)); do \
	    echo "BENTO_SUITE($$(basename $$f .c))"; done > $@.tmp
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

example_srcs = $(if $(filter readme,$1),$(GEN)/readme_example.c,$(wildcard examples/$1/*.c))

# ---------------------------------------------------------------- host tests

HAVE_CLANG := $(shell command -v clang >/dev/null 2>&1 && echo yes)
HOST_CONFIGS := gcc-c99 gcc-c11-sanitize $(if $(HAVE_CLANG),clang-c99 clang-c11-sanitize)
SANITIZE := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
host_cc = $(word 1,$(subst -, ,$1))
host_flags = -std=$(word 2,$(subst -, ,$1)) $(WARNINGS) \
             $(if $(findstring sanitize,$1),$(SANITIZE),-O2) \
             $(if $(filter gcc,$(call host_cc,$1)),-fno-tree-loop-distribute-patterns)

$(BUILD)/host/%/tests: $(CORE_SRCS) $(CORE_HDRS) $(TEST_SRCS) $(TEST_HDRS) port/host/port_host.c port/print.c \
                       $(GEN)/suites.inc
	@mkdir -p $(@D)
	$(call host_cc,$*) $(call host_flags,$*) $(INCLUDES) $(CORE_SRCS) $(TEST_SRCS) \
	    port/host/port_host.c port/print.c -o $@

$(BUILD)/host/%/readme: $(CORE_SRCS) $(CORE_HDRS) $(GEN)/readme_example.c port/host/port_host.c port/print.c
	@mkdir -p $(@D)
	$(call host_cc,$*) $(call host_flags,$*) $(INCLUDES) $(CORE_SRCS) $(GEN)/readme_example.c \
	    port/host/port_host.c port/print.c -o $@

# Misuse that must not compile: each tests/compile_fail/*.c compiles with -DBENTO_EXPECT_OK,
# fails without it, and (C11) fails with the message on its `expect:` line.
.PHONY: compile-fail
compile-fail:
	@mkdir -p $(BUILD)/compile_fail
	@for f in $(wildcard tests/compile_fail/*.c); do \
	    want=$$(sed -n 's/.*expect: \(.*\) \*\/$$/\1/p' $$f); [ -n "$$want" ] || { echo "$$f: no expect: line"; exit 1; }; \
	    gcc -std=c11 $(WARNINGS) -Icore/include -DBENTO_EXPECT_OK -c $$f -o $(BUILD)/compile_fail/ok.o \
	        || { echo "$$f: the valid variant does not compile"; exit 1; }; \
	    for std in c99 c11; do \
	        if gcc -std=$$std $(WARNINGS) -Icore/include -c $$f -o $(BUILD)/compile_fail/bad.o \
	            2> $(BUILD)/compile_fail/err.txt; then \
	            echo "$$f: compiled with -std=$$std but must not"; exit 1; fi; \
	    done; \
	    grep -q "$$want" $(BUILD)/compile_fail/err.txt \
	        || { echo "$$f: the error does not say '$$want'"; exit 1; }; \
	done; echo "compile-fail: $(words $(wildcard tests/compile_fail/*.c)) misuses rejected at compile time"

.PHONY: test
test: compile-fail $(foreach c,$(HOST_CONFIGS),$(BUILD)/host/$c/tests $(BUILD)/host/$c/readme)
	@failed=""; for c in $(HOST_CONFIGS); do \
	    echo "== host $$c"; \
	    $(BUILD)/host/$$c/tests || failed="$$failed $$c"; \
	    $(BUILD)/host/$$c/readme > $(BUILD)/host/$$c/readme.out || failed="$$failed $$c(readme)"; \
	done; \
	if [ -n "$$failed" ]; then echo "host tests FAILED:$$failed"; exit 1; fi; \
	echo "host tests passed: $(HOST_CONFIGS)"

# ---------------------------------------------------------------- Cortex-M images

ARM_CC := arm-none-eabi-gcc
ARM_FLAGS := -std=c99 $(WARNINGS) -ffreestanding -nostdlib -fno-tree-loop-distribute-patterns \
             -ffunction-sections -fdata-sections -g
PORT_CM_SRCS := $(wildcard port/cortex-m/*.c) port/print.c
board_var = $(shell sed -n 's/^$2 := //p' boards/$1/board.mk)
board_cpu = $(call board_var,$1,BOARD_CPU_FLAGS)
arm_link = -Lboards/$1 -Tlinker/cortex-m.ld -Wl,--gc-sections -Wl,-Map=$(basename $@).map -lgcc

# build/boards/BOARD/NAME.elf for the tests, every example and the benchmarks
board_of = $(word 3,$(subst /, ,$1))

# Board test images hold one suite each: suites run one after another, but their static
# buffers would add up, and the smallest board has 16 KiB of RAM. Same sources as the host.
SUITES := $(patsubst tests/test_%.c,%,$(sort $(wildcard tests/test_*.c)))
BOARD_TEST_SRCS := tests/bento_test.c $(TEST_HDRS) $(CORE_SRCS) $(CORE_HDRS) $(PORT_CM_SRCS) \
                   linker/cortex-m.ld

define board_suite_rule
$(BUILD)/boards/%/tests-$1.elf: $(BOARD_TEST_SRCS) tests/test_$1.c $(GEN)/suite-$1.inc \
                                boards/%/memory.ld | arm-tools
	@mkdir -p $$(@D)
	$(ARM_CC) $$(call board_cpu,$$*) $(ARM_FLAGS) -O2 $(INCLUDES) '-DBENTO_SUITES_FILE="suite-$1.inc"' \
	    $(CORE_SRCS) tests/bento_test.c tests/test_$1.c $(PORT_CM_SRCS) $$(call arm_link,$$*) -o $$@
endef
$(foreach s,$(SUITES),$(eval $(call board_suite_rule,$s)))

$(BUILD)/boards/%/fault.elf: tests/fault/main.c $(PORT_CM_SRCS) linker/cortex-m.ld boards/%/memory.ld | arm-tools
	@mkdir -p $(@D)
	$(ARM_CC) $(call board_cpu,$*) $(ARM_FLAGS) -O2 -Iport tests/fault/main.c $(PORT_CM_SRCS) \
	    $(call arm_link,$*) -o $@

define example_rule
$(BUILD)/boards/%/example-$1.elf: $(CORE_SRCS) $(CORE_HDRS) $(call example_srcs,$1) $(PORT_CM_SRCS) \
                                  linker/cortex-m.ld boards/%/memory.ld | arm-tools
	@mkdir -p $$(@D)
	$(ARM_CC) $$(call board_cpu,$$*) $(ARM_FLAGS) -Os $(INCLUDES) $(CORE_SRCS) \
	    $(call example_srcs,$1) $(PORT_CM_SRCS) $$(call arm_link,$$*) -o $$@
endef
$(foreach e,$(EXAMPLES),$(eval $(call example_rule,$e)))

qemu_run = timeout $(QEMU_TIMEOUT) qemu-system-arm -M $(call board_var,$1,BOARD_QEMU_MACHINE) \
           -nographic -monitor none -serial none -semihosting-config enable=on,target=native \
           $2 -kernel $3

.PHONY: qemu-test
qemu-test: $(foreach b,$(BOARDS),$(foreach s,$(SUITES),$(BUILD)/boards/$b/tests-$s.elf) \
                                 $(BUILD)/boards/$b/fault.elf) | qemu-tools
	@failed=""; for b in $(BOARDS); do \
	    echo "== $$b"; \
	    m=$$(sed -n 's/^BOARD_QEMU_MACHINE := //p' boards/$$b/board.mk); \
	    passed_sum=0; failed_sum=0; \
	    for s in $(SUITES); do \
	        out=$(BUILD)/boards/$$b/tests-$$s.out; \
	        timeout $(QEMU_TIMEOUT) qemu-system-arm -M $$m -nographic -monitor none -serial none \
	            -semihosting-config enable=on,target=native -kernel $(BUILD)/boards/$$b/tests-$$s.elf \
	            > $$out 2>&1; status=$$?; \
	        last=$$(tail -n 1 $$out); \
	        if echo "$$last" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$$'; then \
	            set -- $$last; passed_sum=$$((passed_sum + $$1)); failed_sum=$$((failed_sum + $$3)); \
	        else \
	            failed_sum=$$((failed_sum + 1)); \
	        fi; \
	        if [ $$status -ne 0 ] || ! echo "$$last" | grep -Eq '^[0-9]+ passed, 0 failed$$'; then \
	            cat $$out; \
	            echo "$$b $$s: FAILED (exit status $$status$$( [ $$status = 124 ] && echo ', timed out'))"; \
	            failed="$$failed $$b:$$s"; \
	        else \
	            echo "$$s: $$last"; \
	        fi; \
	    done; \
	    timeout $(QEMU_TIMEOUT) qemu-system-arm -M $$m -nographic -monitor none -serial none \
	        -semihosting-config enable=on,target=native -kernel $(BUILD)/boards/$$b/fault.elf \
	        > $(BUILD)/boards/$$b/fault.out 2>&1; status=$$?; \
	    if [ $$status -ne 3 ] || ! grep -q '^HardFault' $(BUILD)/boards/$$b/fault.out; then \
	        cat $(BUILD)/boards/$$b/fault.out; \
	        echo "$$b: FAILED (a fault must report HardFault and exit 3, got $$status)"; \
	        failed="$$failed $$b:fault"; \
	    else echo "fault path: HardFault reported, exit status 3"; fi; \
	    echo "$$b, all suites:"; \
	    echo "$$passed_sum passed, $$failed_sum failed"; \
	done; \
	if [ -n "$$failed" ]; then echo "qemu tests FAILED on:$$failed"; exit 1; fi; \
	echo "qemu tests passed on: $(BOARDS)"

.PHONY: examples
examples: $(foreach b,$(BOARDS),$(foreach e,$(EXAMPLES),$(BUILD)/boards/$b/example-$e.elf))
	@echo "examples built for every board: $(EXAMPLES)"

# The core alone, compiled for every core with gcc and clang, C99 and C11, -Werror.
CLANG_ARM_TARGET = $(if $(findstring cortex-m0,$1),armv6m-none-eabi,$(if $(findstring cortex-m33,$1),armv8m.main-none-eabi,armv7m-none-eabi))
.PHONY: core-matrix
core-matrix: | arm-tools
	@mkdir -p $(BUILD)/matrix
	@for b in $(BOARDS); do cpu="$$(sed -n 's/^BOARD_CPU_FLAGS := //p' boards/$$b/board.mk)"; \
	    for std in c99 c11; do \
	        for f in $(CORE_SRCS); do \
	            $(ARM_CC) $$cpu -std=$$std $(WARNINGS) -ffreestanding -fno-tree-loop-distribute-patterns \
	                -Os -Icore/include -c $$f -o $(BUILD)/matrix/x.o || exit 1; \
	            if [ -n "$(HAVE_CLANG)" ]; then \
	                clang --target=arm-none-eabi $$(echo $$cpu | sed 's/-mfloat-abi=soft//') -std=$$std \
	                    $(WARNINGS) -ffreestanding -Os -Icore/include -c $$f -o $(BUILD)/matrix/x.o || exit 1; \
	            fi; \
	        done; \
	    done; \
	done; echo "core builds warning-free: gcc$(if $(HAVE_CLANG), and clang), C99 and C11, every core"

.PHONY: check
check: test qemu-test examples core-matrix
	@echo "make check: all passed"

# ---------------------------------------------------------------- demo

# make run EXAMPLE=chunks BOARD=microbit: any example on any board.
EXAMPLE := demo
BOARD := $(DEFAULT_BOARD)
.PHONY: demo run
demo: run
run: $(BUILD)/boards/$(BOARD)/example-$(EXAMPLE).elf | qemu-tools
	@$(call qemu_run,$(BOARD),,$<)

# ---------------------------------------------------------------- measurements

include bench/bench.mk

# ---------------------------------------------------------------- tools

.SECONDARY: $(foreach s,$(SUITES),$(GEN)/suite-$s.inc)
.PHONY: arm-tools qemu-tools FORCE
arm-tools:
	@scripts/need arm-none-eabi-gcc
qemu-tools:
	@scripts/need qemu-system-arm
FORCE:

.PHONY: clean
clean:
	rm -rf $(BUILD)
