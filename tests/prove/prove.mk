# SPDX-License-Identifier: MIT
# tests/prove/prove.mk - confinement shown by a sound analyser: Eva (Frama-C) on a harness per
# container (tests/prove/NAME.c) that makes every byte of the buffer unknown, opens it and
# runs any one operation with any arguments; a run passes with no alarm at all
# (tests/prove/run). Included by the Makefile.
#
#   make prove      every harness, in both machines and both modes, over its full list of
#                   shapes; make check runs the short list (PROVE_SHAPES.NAME), and with
#                   the journal in the Cortex-M machine only (PROVE_CHECK_MACHDEPS.1)
#
# PROVE_SHAPES.NAME.MODE, where set, is make check's list for that BENTO_POWER_SAFE mode: the
# pool and the two sets with the journal take a minute and a half or two at capacity 2, so
# make check runs them at 1 and make prove at every size; make check runs each width of hash
# index keys in one mode (a minute or two and a half each), make prove both in both. The
# analyses with the journal are most of make check's time (a minute and a half to two and a
# half each, where those without take seconds to a minute): make check runs them in the
# machine of the boards that keep a buffer in retained RAM, make prove in both.
#
# A shape (capacity:value size) is a separate analysis: the analyser keeps the paths of each
# loop over the buffer apart (tests/prove/run), so its time grows fast with the capacity
# (the pool: up to a minute and a half at capacity 2 with the journal; at 3 without it a
# minute, with it ten, and 3 alarms: docs/prove.md). PROVE_OPTIONS.NAME:
# a harness's own options for Eva. The block pool's check walks its free list through links
# it reads from the buffer: kept apart, their paths multiply (minutes at capacity 2), and
# merged within that one function (its loop's every read is bounded on its own) they cost
# nothing the operations after open need. The paged set opens a block pool of pages first,
# and merges its states into one before the set's open (the harness says why).
# The sparse set's operations test an index where they use it, and pass on that index, not
# the key (its callee would compute it again, unbounded to the analyser); where they compute
# it again at a call (insert's entry), the equality domain sees it is the index tested.
# The grid's operations are analysed box by box: its check takes each axis's size apart (a
# split annotation in core/src/grid.c), and the parts are kept apart through the calls that
# return them (-eva-interprocedural-splits); an iteration's walk, each of its steps and a
# focus's evictions are merged within their functions, as the steps of a walk are bounded
# one by one.
#
# The hash index's shape is its capacity (slots) and its keys' width in bytes (8: a
# bento_index; 4: a bento_index32). Its hash multiplies a term made of a key and a shift of
# itself (h ^ h >> 16): -eva-precision 11 has the analyser cut such a term's operand into 220
# pieces, which took 4 s per spill count of a 32-bit-key index (an open: 8 minutes) and
# bounds nothing the operations need; one piece here. The walks over a bucket's flagged
# slots (a lookup's, an insert's, check's) and check's count of every spill merge their
# paths within their functions: each read of a walk is bounded on its own, and in the
# Cortex-M machine, where a walk takes its next flag by counting leading zeros, their paths
# otherwise ran to the analyser's limit of 5000.
#
# The multi-value index's shape is its value capacity and its id bits (32: values that are
# their ids; fewer: handles, their stamps kept), its hash index inside at the least capacity.
# It takes the hash index's options, and its check's walk of the lists merges its paths
# within that function. Its analyses take about 2 minutes each: make prove runs them
# (PROVE_CHECK_HARNESSES leaves it out of make check, whose time is spent).
#
# PROVE_MODES.NAME: the BENTO_POWER_SAFE modes analysed, where not both (docs/prove.md says
# why the grid's journal and the multi-value index's are not yet).

PROVE_HARNESSES := pool block_pool paged_set sparse_set grid index multi_index
PROVE_CHECK_HARNESSES := $(filter-out multi_index,$(PROVE_HARNESSES))
PROVE_MACHDEPS := x86_64 cortex_m
PROVE_CHECK_MACHDEPS.1 := cortex_m
PROVE_SOURCES.pool := pool buffer status
PROVE_SHAPES.pool := 1:1 2:6
PROVE_SHAPES.pool.1 := 1:1
PROVE_FULL_SHAPES.pool := $(PROVE_SHAPES.pool) 2:8
PROVE_SOURCES.block_pool := block_pool buffer status
PROVE_SHAPES.block_pool := 1:1 2:6 3:5 4:8
PROVE_FULL_SHAPES.block_pool := $(PROVE_SHAPES.block_pool) 5:4 8:12
PROVE_OPTIONS.block_pool := -eva-slevel-function block_pool_invariants:20
PROVE_SOURCES.paged_set := paged_set block_pool buffer status
PROVE_SHAPES.paged_set := 1:1 2:6
PROVE_SHAPES.paged_set.1 := 1:1
PROVE_FULL_SHAPES.paged_set := $(PROVE_SHAPES.paged_set) 3:5 4:8
PROVE_OPTIONS.paged_set := $(PROVE_OPTIONS.block_pool)
PROVE_SOURCES.sparse_set := sparse_set buffer status
PROVE_SHAPES.sparse_set := 1:1 2:6
PROVE_SHAPES.sparse_set.1 := 1:1
PROVE_FULL_SHAPES.sparse_set := $(PROVE_SHAPES.sparse_set) 3:5 4:8
PROVE_OPTIONS.sparse_set := -eva-domains equality
PROVE_SOURCES.grid := grid buffer status
PROVE_SHAPES.grid := 1:1
PROVE_FULL_SHAPES.grid := $(PROVE_SHAPES.grid) 2:6
PROVE_OPTIONS.grid := -eva-interprocedural-splits -eva-slevel-function walk:10 \
    -eva-slevel-function bento_grid_iter_next:10 -eva-slevel-function bento_grid_focus:10
PROVE_MODES.grid := 0
PROVE_SOURCES.index := index buffer status
PROVE_SHAPES.index := 8:8
PROVE_SHAPES.index.1 := 8:4
PROVE_FULL_SHAPES.index := 8:8 8:4
PROVE_OPTIONS.index := -eva-subdivide-non-linear 1 -eva-slevel-function index_invariants:0 \
    -eva-slevel-function entry_sound:10 -eva-slevel-function spilled_from:10 \
    -eva-slevel-function slot_in:10 -eva-slevel-function bento_impl_index_in:10

PROVE_SOURCES.multi_index := multi_index index buffer status
PROVE_FULL_SHAPES.multi_index := 2:32 2:8
PROVE_MODES.multi_index := 0
PROVE_OPTIONS.multi_index := $(PROVE_OPTIONS.index) -eva-slevel-function lists_sound:10

PROVE_INPUTS := tests/prove/prove.h tests/prove/run tests/prove/cortex_m.ml $(CORE_SRCS) \
                $(wildcard core/src/*.h) $(wildcard core/include/bento/*.h)

define prove_rules
$(RESULTS)/prove-$1-$2-$3: tests/prove/$1.c $(PROVE_INPUTS) FORCE | prove-tools
	@PROVE_LOGS=$(BUILD)/prove PROVE_OPTIONS='$(PROVE_OPTIONS.$1)' \
	    $(CHECK_RUN) $$@ prove '$1 $2 power-safe=$3' counts -- \
	    tests/prove/run tests/prove/$1.c '$(PROVE_SOURCES.$1)' $2 $3 \
	    $(or $(PROVE_SHAPES.$1.$3),$(PROVE_SHAPES.$1))
CHECK_RESULTS += $(RESULTS)/prove-$1-$2-$3
endef
$(foreach h,$(PROVE_CHECK_HARNESSES),$(foreach j,$(or $(PROVE_MODES.$h),0 1),\
    $(foreach m,$(or $(PROVE_CHECK_MACHDEPS.$j),$(PROVE_MACHDEPS)),\
    $(eval $(call prove_rules,$h,$m,$j)))))

# each run's lines as it goes; the first run with a failed shape stops it
.PHONY: prove prove-tools
prove: | prove-tools
	@mkdir -p $(BUILD)/prove
	@$(foreach h,$(PROVE_HARNESSES),$(foreach m,$(PROVE_MACHDEPS),$(foreach j,$(or $(PROVE_MODES.$h),0 1),\
	    PROVE_LOGS=$(BUILD)/prove PROVE_OPTIONS='$(PROVE_OPTIONS.$h)' \
	        tests/prove/run tests/prove/$h.c '$(PROVE_SOURCES.$h)' $m $j \
	        $(PROVE_FULL_SHAPES.$h) &&))) true
prove-tools:
	@scripts/need frama-c
