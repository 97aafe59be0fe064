# SPDX-License-Identifier: MIT
# tests/reset/reset.mk - the reset test (tests/reset/main.c says what it does). Included by the
# Makefile.
#
#   make reset-test  RESET_TEST_RESETS (default 3000; or RESETS=N) resets on each board of
#                    RESET_BOARDS
#   make check       runs $(RESULTS)/board-BOARD-reset: RESETS resets per board, and the same
#                    image without the journal, which must report losses (exit status 1)
#
# The image compiles the kit's sources itself, with -DBENTO_POWER_SAFE=1 (safe) or 0
# (unsafe), whatever the board's configuration says, and runs under -icount shift=0 so that
# SysTick counts instructions and every run resets at the same instants.

RESET_BOARDS := microbit mps2-an386
RESETS := 300
RESET_TEST_RESETS := $(if $(filter command line,$(origin RESETS)),$(RESETS),3000)
# the kit and the test, compiled once per board and variant; main.c once per reset count
RESET_SRCS := $(filter-out tests/reset/main.c,$(sort $(wildcard tests/reset/*.c))) $(CORE_SRCS)
reset_flags.safe := -DBENTO_POWER_SAFE=1
reset_flags.unsafe := -DBENTO_POWER_SAFE=0
reset_cflags = $(filter-out -DBENTO_POWER_SAFE=%,$(cflags.$1)) $(reset_flags.$2)

# $1 board, $2 variant
define reset_rules
$(OBJ)/$1/reset-$2/%.o: %.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(call reset_cflags,$1,$2) $(INCLUDES) $(DEPFLAGS) -c $$< -o $$@
$(OBJ)/$1/reset-$2/n%/main.o: tests/reset/main.c $(OBJ)/$1/flags
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(call reset_cflags,$1,$2) $(INCLUDES) -DRESET_COUNT=$$*u $(DEPFLAGS) -c $$< -o $$@
$(BUILD)/boards/$1/reset-$2-%.elf: $(OBJ)/$1/reset-$2/n%/main.o \
        $(patsubst %.c,$(OBJ)/$1/reset-$2/%.o,$(RESET_SRCS)) $(call board_port_objs,$1) \
        $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)
endef
$(foreach b,$(RESET_BOARDS),$(foreach v,safe unsafe,$(eval $(call reset_rules,$b,$v))))

# Bounded: a board that did not keep its RAM would start afresh at every reset, forever.
reset_run = env BENTO_QEMU_TIMEOUT=$2 $(QEMU_RUN) $1

$(RESULTS)/board-%-reset: $(BUILD)/boards/%/reset-safe-$(RESETS).elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'board $*' 'reset $(RESETS)' last -- \
	    $(call reset_run,$*,120) $< -icount shift=0
$(RESULTS)/board-%-reset-unsafe: $(BUILD)/boards/%/reset-unsafe-$(RESETS).elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'board $*' 'reset without journal (must fail)' last -- \
	    scripts/expect-status 1 $(call reset_run,$*,120) $< -icount shift=0
# examples/retained (the README's retained-RAM recipe, whole), with the journal: its resets are
# its own, between two containers' operations, and it must end with every sensor indexed.
define retained_rules
$(BUILD)/boards/$1/retained.elf: $(OBJ)/$1/reset-safe/examples/retained/gateway.o \
        $(patsubst %.c,$(OBJ)/$1/reset-safe/%.o,$(CORE_SRCS)) $(call board_port_objs,$1) \
        $(call board_ld,$1)
	@mkdir -p $$(@D)
	$$(call board_link,$1)
endef
$(foreach b,$(RESET_BOARDS),$(eval $(call retained_rules,$b)))
$(RESULTS)/board-%-retained: $(BUILD)/boards/%/retained.elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'board $*' 'retained RAM example' last -- $(call reset_run,$*,120) $<
RESET_RESULTS := $(foreach b,$(RESET_BOARDS),$(RESULTS)/board-$b-reset $(RESULTS)/board-$b-reset-unsafe \
                                             $(RESULTS)/board-$b-retained)
CHECK_RESULTS += $(RESET_RESULTS)
qemu-test: $(RESET_RESULTS)

.PHONY: reset-test
reset-test: $(foreach b,$(RESET_BOARDS),$(BUILD)/boards/$b/reset-safe-$(RESET_TEST_RESETS).elf) | qemu-tools
	$(Q)for b in $(RESET_BOARDS); do \
	    echo "$$b:"; \
	    $(call reset_run,$$b,3600) $(BUILD)/boards/$$b/reset-safe-$(RESET_TEST_RESETS).elf \
	        -icount shift=0 || exit 1; \
	done
