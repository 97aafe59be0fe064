# SPDX-License-Identifier: MIT
# port/avr/avr.mk - the kit on an 8-bit core with a 16-bit int and size_t: AVR, built with
# avr-gcc and run under simavr (port/avr/port_avr.c says how). Included by the Makefile.
#
#   make avr         the core for AVR (C99 and C11, -Os, -Werror), what must not compile there
#                    (tests/compile_fail/avr) and every suite under simavr
#   make check       runs the same
#
# AVR_MCU is the part simavr models with the most RAM (16 KiB: the ATmega1284P; the others
# with 16 KiB, the ATmega128RFA1 and 128RFR2, have as much, none more). Test images hold one
# suite each, like the Cortex-M boards', compiled at -Os (128 KiB of flash) with
# BENTO_TEST_TERSE (tests/bento_test.h): avr-gcc keeps string constants in RAM.

AVR_MCU := atmega1284p
AVR_CC := avr-gcc
AVR_CPU := -mmcu=$(AVR_MCU)
# Its RAM in bytes, from avr-libc's header for the part (RAMEND - RAMSTART + 1: 16384), which
# the suites size their data from (BENTO_TEST_RAM, tests/bento_test.h).
AVR_RAM = $(shell printf '\043include <avr/io.h>\nRAMEND - RAMSTART + 1\n' | \
            $(AVR_CC) $(AVR_CPU) -E -P - 2>/dev/null | tail -n 1 | \
            { read e; echo $$(($$e)); })
AVR_CONFIGS := avr-gcc-c99 avr-gcc-c11

# The core alone, as firmware ships it (like the Cortex-M matrix, whose results rule makes
# matrix-avr-gcc-c99 and matrix-avr-gcc-c11): libraries only.
define avr_matrix_config
cc.$1 := $(AVR_CC)
ar.$1 := avr-ar
cflags.$1 := $(AVR_CPU) -std=$(word 3,$(subst -, ,$1)) $(WARNINGS) -ffreestanding \
             -fno-tree-loop-distribute-patterns $(SECTIONS) -Os
endef
$(foreach c,$(AVR_CONFIGS),$(eval $(call avr_matrix_config,$c))$(eval $(call config_rules,$c)))

# The test images' configuration: the same core, the runner and the port.
cc.avr := $(AVR_CC)
ar.avr := avr-ar
cflags.avr := $(AVR_CPU) -std=c99 $(WARNINGS) -ffreestanding -fno-tree-loop-distribute-patterns \
              $(SECTIONS) -g -Os -DBENTO_TEST_TERSE=1 -DBENTO_TEST_RAM=$(AVR_RAM)
$(eval $(call config_rules,avr))
$(foreach c,avr $(AVR_CONFIGS),$(OBJ)/$c/flags): | avr-tools

AVR_PORT_SRCS := port/avr/port_avr.c port/print.c
AVR_PORT_OBJS := $(patsubst %.c,$(OBJ)/avr/%.o,$(AVR_PORT_SRCS))

$(OBJ)/avr/tests/runner-%.o: tests/bento_test.c $(GEN)/suite-%.inc $(OBJ)/avr/flags
	@mkdir -p $(@D)
	$(Q)$(cc.avr) $(cflags.avr) $(INCLUDES) '-DBENTO_SUITES_FILE="suite-$*.inc"' $(DEPFLAGS) \
	    -c $< -o $@

$(BUILD)/avr/tests-%.elf: $(OBJ)/avr/tests/runner-%.o $(OBJ)/avr/tests/test_%.o $(AVR_PORT_OBJS) \
                          $(call lib,avr)
	@mkdir -p $(@D)
	$(Q)$(cc.avr) $(AVR_CPU) -Wl,--gc-sections -Wl,-Map=$(basename $@).map $(filter %.o %.a,$^) \
	    -o $@

$(RESULTS)/avr-%: $(BUILD)/avr/tests-%.elf FORCE | avr-tools
	@$(CHECK_RUN) $@ 'avr $(AVR_MCU)' $* counts -- scripts/simavr-run $(AVR_MCU) $<

# What must not compile where size_t is 16 bits: tests/compile_fail/avr/*.c, as
# scripts/compile-fail checks the host's (avr-gcc's first error; the host's clang has other
# limits and is left out).
AVR_COMPILE_FAIL := $(sort $(wildcard tests/compile_fail/avr/*.c))
$(RESULTS)/compile-fail-avr-%: tests/compile_fail/avr/%.c FORCE | avr-tools
	@$(CHECK_RUN) $@ 'compile-fail avr' $* exit0 -- env BENTO_COMPILE_FAIL_CLANG=0 \
	    scripts/compile-fail $(AVR_CC) '$(AVR_CPU) -ffreestanding $(WARNINGS)' $<

AVR_RESULTS := $(foreach c,$(AVR_CONFIGS),$(RESULTS)/matrix-$c) \
               $(patsubst tests/compile_fail/avr/%.c,$(RESULTS)/compile-fail-avr-%,$(AVR_COMPILE_FAIL)) \
               $(foreach s,$(SUITES),$(RESULTS)/avr-$s)
CHECK_RESULTS += $(AVR_RESULTS)
check: $(AVR_RESULTS)

.PHONY: avr avr-tools
avr: $(AVR_RESULTS)
	$(call summary,$^)
avr-tools:
	@scripts/need avr simavr
