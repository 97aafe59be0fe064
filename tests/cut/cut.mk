# SPDX-License-Identifier: MIT
# tests/cut/cut.mk - the cut-point test (tests/cut/main.c says what it does). Included by the
# Makefile.
#
#   make cut        CUT_SEEDS seeds x CUT_OPS random operations per container, the open of
#                   every CUT_SECOND-th first cut of each kind cut again (1: every one): the
#                   tables on stdout and in build/cut/power-safe-1/table.md
#   make check      runs $(RESULTS)/cut: one seed x CUT_CHECK_OPS operations per container,
#                   the open of every CUT_CHECK_SECOND-th first cut of each kind cut again;
#                   and $(RESULTS)/cut-small, the same on the core for the least code
#
# The core is compiled again with -fsanitize=thread, which calls a hook before every store it
# makes; the program links tests/cut/hooks.c in place of the sanitizer's runtime.
# tests/cut/hooks-check first makes sure the instrumented objects call no hook that file does
# not define, and no function (memcpy...) that could store without one.

# The kit as the test cuts it: with its journal (1), or without (0: the buffers as they are
# without BENTO_POWER_SAFE, for comparison: make cut CUT_POWER_SAFE=0); in the core's form for
# speed (CUT_SMALL=0) or for the least code (1: BENTO_IMPL_SMALL, as -Os builds it).
CUT_POWER_SAFE := 1
CUT_SMALL := 0
CUT_OPS := 1000
CUT_SEEDS := 8
CUT_CHECK_OPS := 1000
CUT_SECOND := 1
CUT_CHECK_SECOND := 8
cut_dir = $(BUILD)/cut/power-safe-$1$(if $(filter 1,$2),-small)
CUT_DIR := $(call cut_dir,$(CUT_POWER_SAFE),$(CUT_SMALL))
# not instrumented: the hooks and the harness (the caller of the kit)
CUT_SRCS := $(filter-out tests/cut/probe.c,$(sort $(wildcard tests/cut/*.c)))

# cut_rules POWER_SAFE SMALL: the program, in $(call cut_dir,POWER_SAFE,SMALL)/cut
define cut_rules
cut_flags.$1.$2 := -std=c11 $(WARNINGS) -O1 -g -fno-tree-loop-distribute-patterns \
                   -DBENTO_POWER_SAFE=$1 -DBENTO_IMPL_SMALL=$2
# instrumented: the core and the self-test's target
cut_tsan_objs.$1.$2 := $(patsubst %.c,$(OBJ)/cut-tsan-$1-$2/%.o,$(CORE_SRCS) tests/cut/probe.c)
cut_objs.$1.$2 := $(patsubst %.c,$(OBJ)/cut-$1-$2/%.o,$(CUT_SRCS))
$(OBJ)/cut-tsan-$1-$2/%.o: %.c tests/cut/cut.mk
	@mkdir -p $$(@D)
	$(Q)gcc $$(cut_flags.$1.$2) -fsanitize=thread -Icore/include -Itests/cut $(DEPFLAGS) -c $$< -o $$@
$(OBJ)/cut-$1-$2/%.o: %.c tests/cut/cut.mk
	@mkdir -p $$(@D)
	$(Q)gcc $$(cut_flags.$1.$2) -D_DEFAULT_SOURCE -Icore/include -Itests/cut $(DEPFLAGS) -c $$< -o $$@
$(call cut_dir,$1,$2)/hooks.txt: $$(cut_tsan_objs.$1.$2) $(OBJ)/cut-$1-$2/tests/cut/hooks.o tests/cut/hooks-check
	@mkdir -p $$(@D)
	$(Q)tests/cut/hooks-check $(OBJ)/cut-$1-$2/tests/cut/hooks.o $$(cut_tsan_objs.$1.$2) > $$@.tmp && mv $$@.tmp $$@
$(call cut_dir,$1,$2)/cut: $$(cut_objs.$1.$2) $$(cut_tsan_objs.$1.$2) $(call cut_dir,$1,$2)/hooks.txt
	@mkdir -p $$(@D)
	$$(call step,LINK,cut points,$$@)
	$(Q)gcc $$(cut_flags.$1.$2) $$(cut_objs.$1.$2) $$(cut_tsan_objs.$1.$2) -o $$@
endef
# make check's two, and the one make cut was asked for
$(foreach v,$(sort 1.0 1.1 $(CUT_POWER_SAFE).$(CUT_SMALL)),\
    $(eval $(call cut_rules,$(basename $v),$(subst .,,$(suffix $v)))))

.PHONY: cut
cut: $(CUT_DIR)/cut
	@printf 'hooks the instrumented core calls: %s\n' "$$(cat $(CUT_DIR)/hooks.txt)"
	$(CUT_DIR)/cut -s $(CUT_SEEDS) -n $(CUT_OPS) -r $(CUT_SECOND) -m $(CUT_DIR)/table.md
	@echo "wrote $(CUT_DIR)/table.md"

# make check: the journal, in both forms of the core
$(RESULTS)/cut: $(call cut_dir,1,0)/cut FORCE
	@$(CHECK_RUN) $@ 'cut points' '$(CUT_CHECK_OPS) operations each, 1/$(CUT_CHECK_SECOND) opens cut' last -- \
	    $< -n $(CUT_CHECK_OPS) -r $(CUT_CHECK_SECOND)
$(RESULTS)/cut-small: $(call cut_dir,1,1)/cut FORCE
	@$(CHECK_RUN) $@ 'cut points' 'the core for the least code (BENTO_IMPL_SMALL)' last -- \
	    $< -n $(CUT_CHECK_OPS) -r $(CUT_CHECK_SECOND)
CHECK_RESULTS += $(RESULTS)/cut $(RESULTS)/cut-small
