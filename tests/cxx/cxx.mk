# SPDX-License-Identifier: MIT
# tests/cxx/cxx.mk - the C++ face (core/include/bento/bento.hpp): its test, its misuse that must
# not compile, the C++ engine example on the host and on a board, and the C++ blocks of
# docs/cpp.md. Included by the Makefile; every result is in CXX_FACE_RESULTS, which make check
# runs.
#
#   make cxx-face    all of it
#
# Flags: the face is held to CXX_STRICT (the Makefile's, with g++ and clang++) plus
# -fno-exceptions -fno-rtti, and to clang++ -Weverything less -Wpadded: the padding of a class
# template depends on the user's types (a 16-bit handle beside a reference in a row), which the
# header cannot choose; it is a note on layout, not a defect.

CXX_FACE_FLAGS := $(CXX_STRICT) -fno-exceptions -fno-rtti -O2
CXX_FACE_EVERYTHING := $(CXX_EVERYTHING) -Wno-padded -fno-exceptions -fno-rtti -O2

$(RESULTS)/cxx-face-g++: tests/cxx/face.cpp core/include/bento/bento.hpp $(call lib,gcc-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ face' 'g++ strict' last -- \
	    scripts/strict-check g++ '$(CXX_FACE_FLAGS)' $< $(BUILD)/cxx/face-g++ $(call lib,gcc-c99)
$(RESULTS)/cxx-face-clang++: tests/cxx/face.cpp core/include/bento/bento.hpp $(call lib,clang-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ face' 'clang++ strict' last -- \
	    scripts/strict-check clang++ '$(CXX_FACE_FLAGS)' $< $(BUILD)/cxx/face-clang++ $(call lib,clang-c99)
$(RESULTS)/cxx-face-clang++-everything: tests/cxx/face.cpp core/include/bento/bento.hpp $(call lib,clang-c99) FORCE
	@$(CHECK_RUN) $@ 'c++ face' 'clang++ -Weverything' last -- \
	    scripts/strict-check clang++ '$(CXX_FACE_EVERYTHING)' $< $(BUILD)/cxx/face-clang++-everything \
	    $(call lib,clang-c99)

$(RESULTS)/cxx-face-g++-sanitize: tests/cxx/face.cpp core/include/bento/bento.hpp $(call lib,gcc-c11-sanitize) FORCE
	@$(CHECK_RUN) $@ 'c++ face' 'g++ ASan+UBSan' last -- \
	    scripts/strict-check 'g++ -fsanitize=address,undefined -fno-sanitize-recover=all' '$(CXX_FACE_FLAGS)' \
	    $< $(BUILD)/cxx/face-g++-sanitize $(call lib,gcc-c11-sanitize)
# With the journal: the face over a kit built with BENTO_POWER_SAFE (its insert with values is
# then insert_from, atomic with its row), under the sanitizers.
$(RESULTS)/cxx-face-g++-power-safe: tests/cxx/face.cpp core/include/bento/bento.hpp \
                                    $(call lib,gcc-c11-powersafe-small-sanitize) FORCE
	@$(CHECK_RUN) $@ 'c++ face' 'g++ ASan+UBSan, BENTO_POWER_SAFE' last -- \
	    scripts/strict-check 'g++ -fsanitize=address,undefined -fno-sanitize-recover=all' \
	    '$(CXX_FACE_FLAGS) -DBENTO_POWER_SAFE=1' $< $(BUILD)/cxx/face-g++-power-safe \
	    $(call lib,gcc-c11-powersafe-small-sanitize)

# Misuse that must not compile (tests/cxx/compile_fail/*.cpp), with each compiler.
CXX_COMPILE_FAIL := $(sort $(wildcard tests/cxx/compile_fail/*.cpp))
CXX_COMPILERS := g++ $(if $(HAVE_CLANG),clang++)
define cxx_compile_fail_rule
$(RESULTS)/cxx-compile-fail-$1-%: tests/cxx/compile_fail/%.cpp core/include/bento/bento.hpp FORCE
	@$$(CHECK_RUN) $$@ 'c++ compile-fail $1' $$* last -- \
	    scripts/compile-fail-cxx $1 '-std=c++17 -Wall -Wextra -Werror -fno-exceptions -fno-rtti' $$<
endef
$(foreach c,$(CXX_COMPILERS),$(eval $(call cxx_compile_fail_rule,$c)))

# The engine example: on the host (g++, the face's strict flags) and on mps2-an386
# (arm-none-eabi-g++, -nostdlib like the C images: the same startup, semihosting and shims,
# and no C++ runtime at all, since the face needs none: no exceptions, no RTTI, no virtual
# functions, no static constructors, no allocation). The program verifies itself (exit 0).
ENGINE_BOARD := mps2-an386
ARM_CXX := arm-none-eabi-g++
ENGINE_BOARD_FLAGS := $(CPU.$(ENGINE_BOARD)) -std=c++17 -Wall -Wextra -Wpedantic -Wconversion \
                      -Wold-style-cast -Werror -ffreestanding -fno-exceptions -fno-rtti \
                      -fno-threadsafe-statics -fno-tree-loop-distribute-patterns $(SECTIONS) -g -O2

$(BUILD)/host/cxx/example-engine: examples/engine/main.cpp core/include/bento/bento.hpp \
                                  $(call host_port_objs,gcc-c99) $(call lib,gcc-c99)
	@mkdir -p $(@D)
	$(Q)g++ $(CXX_FACE_FLAGS) -Icore/include -Iport $< $(call host_port_objs,gcc-c99) \
	    $(call lib,gcc-c99) -o $@
$(RESULTS)/host-cxx-example-engine: $(BUILD)/host/cxx/example-engine FORCE
	@$(CHECK_RUN) $@ 'host g++' engine exit0 -- $<

$(OBJ)/$(ENGINE_BOARD)/examples/engine/main.o: examples/engine/main.cpp core/include/bento/bento.hpp \
                                               $(OBJ)/$(ENGINE_BOARD)/flags | arm-tools
	@mkdir -p $(@D)
	$(Q)$(ARM_CXX) $(ENGINE_BOARD_FLAGS) -Icore/include -Iport -c $< -o $@
$(BUILD)/boards/$(ENGINE_BOARD)/example-engine.elf: $(OBJ)/$(ENGINE_BOARD)/examples/engine/main.o \
        $(call board_port_objs,$(ENGINE_BOARD)) $(call lib,$(ENGINE_BOARD)) linker/cortex-m.ld \
        boards/$(ENGINE_BOARD)/memory.ld
	@mkdir -p $(@D)
	$(call board_link,$(ENGINE_BOARD))
$(RESULTS)/examples-$(ENGINE_BOARD)-engine: $(BUILD)/boards/$(ENGINE_BOARD)/example-engine.elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'examples $(ENGINE_BOARD)' engine exit0 -- $(QEMU_RUN) $(ENGINE_BOARD) $<

# The C++ blocks of docs/cpp.md, compiled as the page shows them and run (g++, the face's flags
# and the sanitizers).
$(RESULTS)/docs-cpp: docs/cpp.md core/include/bento/bento.hpp $(call host_port_objs,$(SNIPPET_CONFIG)) \
                     $(call lib,$(SNIPPET_CONFIG)) FORCE
	@$(CHECK_RUN) $@ 'docs' cpp.md last -- scripts/doc-snippets $(BUILD)/snippets-cpp $< \
	    'g++ $(CXX_FACE_FLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all $(INCLUDES)' \
	    '$(call host_port_objs,$(SNIPPET_CONFIG)) $(call lib,$(SNIPPET_CONFIG))' cpp

CXX_FACE_RESULTS := $(RESULTS)/cxx-face-g++ $(RESULTS)/cxx-face-g++-sanitize $(RESULTS)/cxx-face-g++-power-safe \
                    $(if $(HAVE_CLANG),$(RESULTS)/cxx-face-clang++ $(RESULTS)/cxx-face-clang++-everything) \
                    $(foreach c,$(CXX_COMPILERS),$(patsubst tests/cxx/compile_fail/%.cpp,$(RESULTS)/cxx-compile-fail-$c-%,$(CXX_COMPILE_FAIL))) \
                    $(RESULTS)/host-cxx-example-engine $(RESULTS)/examples-$(ENGINE_BOARD)-engine \
                    $(RESULTS)/docs-cpp

.PHONY: cxx-face
cxx-face: $(CXX_FACE_RESULTS)
	$(call summary,$^)
CHECK_RESULTS += $(CXX_FACE_RESULTS)

# Instruction counts of the C++ face beside the C typed wrappers on the M4 (make bench-qemu-cxx;
# not part of make check, like make bench-qemu): bench/qemu/cxx/bench_cxx.cpp, built by
# arm-none-eabi-g++ into a qbench image of mps2-an386.
BENCH_CXX_BOARD := mps2-an386
$(OBJ)/$(BENCH_CXX_BOARD)/bench/qemu/bench_cxx.o: bench/qemu/cxx/bench_cxx.cpp core/include/bento/bento.hpp \
                                                  $(OBJ)/$(BENCH_CXX_BOARD)/flags | arm-tools
	@mkdir -p $(@D)
	$(Q)$(ARM_CXX) $(ENGINE_BOARD_FLAGS) -Icore/include -Iport -Ibench/qemu -c $< -o $@

# In make check: the same image, each C++ count held to the C typed one's (exact under
# -icount, so a test and not a timing).
$(RESULTS)/cxx-zero-cost-$(BENCH_CXX_BOARD): $(BUILD)/boards/$(BENCH_CXX_BOARD)/bench-cxx.elf FORCE | qemu-tools
	@$(CHECK_RUN) $@ 'c++ face' 'zero cost $(BENCH_CXX_BOARD)' last -- \
	    scripts/cxx-zero-cost $(BENCH_CXX_BOARD) $<
CHECK_RESULTS += $(RESULTS)/cxx-zero-cost-$(BENCH_CXX_BOARD)
cxx-face: $(RESULTS)/cxx-zero-cost-$(BENCH_CXX_BOARD)

.PHONY: bench-qemu-cxx
bench-qemu-cxx: $(BUILD)/boards/$(BENCH_CXX_BOARD)/bench-cxx.elf | qemu-tools
	@mkdir -p $(BENCH_DIR)
	$(QEMU_RUN) $(BENCH_CXX_BOARD) $< -icount shift=0 | tee $(BENCH_DIR)/qemu-$(BENCH_CXX_BOARD)-cxx.txt

# the host benchmark's C++ rows include the face
$(BENCH_DIR)/bench_host: core/include/bento/bento.hpp
