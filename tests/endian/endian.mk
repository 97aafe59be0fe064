# SPDX-License-Identifier: MIT
# tests/endian/endian.mk - big-endian: the host suites and examples on 32-bit PowerPC, and
# buffers carried between byte orders (tests/endian/main.c). Included by the Makefile.
#
#   make endian      all of it; make check runs it
#
# The PowerPC configurations are host configurations (hosted programs, the host port) built
# with Debian's powerpc-linux-gnu-gcc, linked statically and run under qemu-user (qemu-ppc):
#     ppc-c99              the suites and every example, -O2
#     ppc-c11-powersafe    the suites with the journal (-DBENTO_POWER_SAFE=1)
# Byte orders: tests/endian writes a buffer of every container kind on x86-64 (little-endian,
# gcc-c11-sanitize) and on PowerPC (big-endian), and each reads both directories: its own
# opens as written, the other's is refused (BENTO_E_CORRUPT).

PPC_CONFIGS := ppc-c99 ppc-c11-powersafe
QEMU_PPC := timeout 600 qemu-ppc
define ppc_config
cc.$1 := powerpc-linux-gnu-gcc
ar.$1 := powerpc-linux-gnu-ar
cflags.$1 := -std=$(word 2,$(subst -, ,$1)) $(WARNINGS) $(SECTIONS) -O2 \
             -fno-tree-loop-distribute-patterns $(if $(findstring powersafe,$1),-DBENTO_POWER_SAFE=1)
ldflags.$1 := -static -Wl,--gc-sections
endef
$(foreach c,$(PPC_CONFIGS),$(eval $(call ppc_config,$c))$(eval $(call config_rules,$c)))
$(foreach c,$(PPC_CONFIGS),$(OBJ)/$c/flags): | powerpc-tools

define ppc_rules
$(OBJ)/$1/tests/bento_test.o: $(GEN)/suites.inc
$(BUILD)/ppc/$1/tests: $(call host_test_objs,$1) $(call host_port_objs,$1) $(call lib,$1)
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(ldflags.$1) $$^ -o $$@
$(RESULTS)/$1-tests: $(BUILD)/ppc/$1/tests FORCE | powerpc-tools
	@$(CHECK_RUN) $$@ 'big-endian $1' tests counts -- $(QEMU_PPC) $$<
endef
define ppc_example_rules
$(BUILD)/ppc/$1/example-$2: $(call example_objs,$1,$2) $(call host_port_objs,$1) $(call lib,$1)
	@mkdir -p $$(@D)
	$(Q)$(cc.$1) $(cflags.$1) $(ldflags.$1) $$^ -o $$@
$(RESULTS)/$1-example-$2: $(BUILD)/ppc/$1/example-$2 FORCE | powerpc-tools
	@$(CHECK_RUN) $$@ 'big-endian $1' $2 exit0 -- $(QEMU_PPC) $$<
endef
$(foreach c,$(PPC_CONFIGS),$(eval $(call ppc_rules,$c)))
$(foreach e,$(EXAMPLES),$(eval $(call ppc_example_rules,ppc-c99,$e)))

PPC_RESULTS := $(foreach c,$(PPC_CONFIGS),$(RESULTS)/$c-tests) \
               $(foreach e,$(EXAMPLES),$(RESULTS)/ppc-c99-example-$e)

# Byte orders: le and be, each a configuration and the command that runs its programs.
ENDIAN_CONFIG.le := gcc-c11-sanitize
ENDIAN_CONFIG.be := ppc-c99
ENDIAN_RUN.le :=
ENDIAN_RUN.be := $(QEMU_PPC)
endian_program = $(BUILD)/endian/endian-$1
define endian_rules
$(call endian_program,$1): $(OBJ)/$(ENDIAN_CONFIG.$1)/tests/endian/main.o $(call lib,$(ENDIAN_CONFIG.$1))
	@mkdir -p $$(@D)
	$(Q)$(cc.$(ENDIAN_CONFIG.$1)) $(cflags.$(ENDIAN_CONFIG.$1)) $(ldflags.$(ENDIAN_CONFIG.$1)) $$^ -o $$@
$(RESULTS)/endian-write-$1: $(call endian_program,$1) FORCE | powerpc-tools
	@rm -rf $(BUILD)/endian/$1 && mkdir -p $(BUILD)/endian/$1
	@$(CHECK_RUN) $$@ 'byte order' 'write on $1' counts -- \
	    $(ENDIAN_RUN.$1) $(call endian_program,$1) write $(BUILD)/endian/$1
endef
# $1 reads what $2 wrote
define endian_read_rule
$(RESULTS)/endian-read-$1-from-$2: $(call endian_program,$1) $(RESULTS)/endian-write-$2 FORCE | powerpc-tools
	@$(CHECK_RUN) $$@ 'byte order' '$1 opens $2$(if $(filter $1,$2),, (refused))' counts -- \
	    $(ENDIAN_RUN.$1) $(call endian_program,$1) read $(BUILD)/endian/$2 \
	    $(if $(filter $1,$2),same,other)
endef
$(foreach o,le be,$(eval $(call endian_rules,$o)))
$(foreach r,le be,$(foreach w,le be,$(eval $(call endian_read_rule,$r,$w))))

ENDIAN_RESULTS := $(PPC_RESULTS) $(foreach o,le be,$(RESULTS)/endian-write-$o) \
                  $(foreach r,le be,$(foreach w,le be,$(RESULTS)/endian-read-$r-from-$w))
CHECK_RESULTS += $(ENDIAN_RESULTS)

.PHONY: endian powerpc-tools
endian: $(ENDIAN_RESULTS)
	$(call summary,$^)
powerpc-tools:
	@scripts/need powerpc qemu-user
