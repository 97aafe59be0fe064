# SPDX-License-Identifier: MIT
# tests/cut/cut.mk - the cut-point test (tests/cut/main.c says what it does). Included by the
# Makefile.
#
#   make cut        CUT_SEEDS seeds x CUT_OPS random operations per container, the open of
#                   every CUT_SECOND-th first cut of each kind cut again (1: every one): the
#                   tables on stdout and in build/cut/power-safe-1/table.md
#   make check      runs $(RESULTS)/cut: one seed x CUT_CHECK_OPS operations per container,
#                   the open of every CUT_CHECK_SECOND-th first cut of each kind cut again
#
# The core is compiled again with -fsanitize=thread, which calls a hook before every store it
# makes; the program links tests/cut/hooks.c in place of the sanitizer's runtime.
# tests/cut/hooks-check first makes sure the instrumented objects call no hook that file does
# not define, and no function (memcpy...) that could store without one.

# The kit as the test cuts it: with its journal (1), or without (0: the buffers as they are
# without BENTO_POWER_SAFE, for comparison: make cut CUT_POWER_SAFE=0).
CUT_POWER_SAFE := 1
CUT_DIR := $(BUILD)/cut/power-safe-$(CUT_POWER_SAFE)
CUT_OPS := 1000
CUT_SEEDS := 8
CUT_CHECK_OPS := 1000
CUT_SECOND := 1
CUT_CHECK_SECOND := 8
CUT_FLAGS := -std=c11 $(WARNINGS) -O1 -g -fno-tree-loop-distribute-patterns -DBENTO_POWER_SAFE=$(CUT_POWER_SAFE)
# instrumented: the core and the self-test's target
CUT_TSAN_SRCS := $(CORE_SRCS) tests/cut/probe.c
CUT_TSAN_OBJS := $(patsubst %.c,$(OBJ)/cut-tsan-$(CUT_POWER_SAFE)/%.o,$(CUT_TSAN_SRCS))
# not instrumented: the hooks and the harness (the caller of the kit)
CUT_SRCS := $(filter-out tests/cut/probe.c,$(sort $(wildcard tests/cut/*.c)))
CUT_OBJS := $(patsubst %.c,$(OBJ)/cut-$(CUT_POWER_SAFE)/%.o,$(CUT_SRCS))

$(OBJ)/cut-tsan-$(CUT_POWER_SAFE)/%.o: %.c tests/cut/cut.mk
	@mkdir -p $(@D)
	$(Q)gcc $(CUT_FLAGS) -fsanitize=thread -Icore/include -Itests/cut $(DEPFLAGS) -c $< -o $@

$(OBJ)/cut-$(CUT_POWER_SAFE)/%.o: %.c tests/cut/cut.mk
	@mkdir -p $(@D)
	$(Q)gcc $(CUT_FLAGS) -D_DEFAULT_SOURCE -Icore/include -Itests/cut $(DEPFLAGS) -c $< -o $@

$(CUT_DIR)/hooks.txt: $(CUT_TSAN_OBJS) $(OBJ)/cut-$(CUT_POWER_SAFE)/tests/cut/hooks.o tests/cut/hooks-check
	@mkdir -p $(@D)
	$(Q)tests/cut/hooks-check $(OBJ)/cut-$(CUT_POWER_SAFE)/tests/cut/hooks.o $(CUT_TSAN_OBJS) > $@.tmp && mv $@.tmp $@

$(CUT_DIR)/cut: $(CUT_OBJS) $(CUT_TSAN_OBJS) $(CUT_DIR)/hooks.txt
	@mkdir -p $(@D)
	$(call step,LINK,cut points,$@)
	$(Q)gcc $(CUT_FLAGS) $(CUT_OBJS) $(CUT_TSAN_OBJS) -o $@

.PHONY: cut
cut: $(CUT_DIR)/cut
	@printf 'hooks the instrumented core calls: %s\n' "$$(cat $(CUT_DIR)/hooks.txt)"
	$(CUT_DIR)/cut -s $(CUT_SEEDS) -n $(CUT_OPS) -r $(CUT_SECOND) -m $(CUT_DIR)/table.md
	@echo "wrote $(CUT_DIR)/table.md"

$(RESULTS)/cut: $(CUT_DIR)/cut FORCE
	@$(CHECK_RUN) $@ 'cut points' '$(CUT_CHECK_OPS) operations each, 1/$(CUT_CHECK_SECOND) opens cut' last -- \
	    $(CUT_DIR)/cut -n $(CUT_CHECK_OPS) -r $(CUT_CHECK_SECOND)
CHECK_RESULTS += $(RESULTS)/cut
