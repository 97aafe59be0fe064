# SPDX-License-Identifier: MIT
# tests/consumers/consumers.mk - the build systems firmware teams use, besides Make and CMake.
# Included by the Makefile.
#
#   make build-systems  all of it; make check and make consumers run it
#   make arduino        the Arduino library, built from the single header: build/arduino/bento
#
# Meson: the kit as a subproject of a project outside its build (tests/consumers/run meson,
#     the README's commands), for the host and, cross-built, for MESON_BOARD under QEMU.
# PlatformIO (library.json) and Arduino (library.properties): the manifest checked against its
#     specification, and the files it names compiled for MANIFEST_BOARD with its flags, linked
#     into an image that runs under QEMU (scripts/check-manifest). PlatformIO is not run here;
#     Arduino's builder is: the library's example sketch built by arduino-builder for the Uno
#     and run under simavr (tests/consumers/arduino-sketch, below).
# Zephyr (zephyr/): module.yml validated against Zephyr's module schema, the Kconfig parsed
#     (tests/zephyr/check); untested in a Zephyr build.

MESON_BOARD := microbit
MANIFEST_BOARD := microbit
$(foreach t,host $(MESON_BOARD),$(eval $(call consumer_rule,meson,$t)))
$(RESULTS)/consumer-meson.%: | meson-tools

# The Arduino library: arduino/library.properties over the single header.
ARDUINO_LIBRARY := $(BUILD)/arduino/bento
$(ARDUINO_LIBRARY)/library.properties: arduino/library.properties $(SINGLE)/bento.h \
                                       scripts/arduino-library LICENSE $(wildcard core/include/bento/*.h) \
                                       $(wildcard arduino/examples/*/*)
	$(call step,GEN,arduino library,$(ARDUINO_LIBRARY))
	$(Q)scripts/arduino-library $(SINGLE) $(ARDUINO_LIBRARY) > /dev/null

# Arduino compiles C as gnu11; PlatformIO's flags come from library.json. The kit's warnings
# and -Werror on top of both.
$(RESULTS)/manifest-platformio: library.json FORCE | arm-tools qemu-tools
	@$(CHECK_RUN) $@ 'manifest' 'library.json (PlatformIO)' last -- \
	    scripts/check-manifest platformio . $(MANIFEST_BOARD) $(BUILD)/manifest/platformio \
	    $(WARNINGS)
$(RESULTS)/manifest-arduino: $(ARDUINO_LIBRARY)/library.properties FORCE | arm-tools qemu-tools
	@$(CHECK_RUN) $@ 'manifest' 'library.properties (Arduino)' last -- \
	    scripts/check-manifest arduino $(ARDUINO_LIBRARY) $(MANIFEST_BOARD) \
	    $(BUILD)/manifest/arduino -std=gnu11 $(WARNINGS)
# The library's example sketch built by arduino-builder, as the Arduino IDE builds it, for the
# Uno, and run under simavr (tests/consumers/arduino-sketch).
$(RESULTS)/arduino-sketch: $(ARDUINO_LIBRARY)/library.properties FORCE | arduino-tools avr-tools
	@$(CHECK_RUN) $@ 'arduino sketch' 'examples/particles on the Uno' last -- \
	    tests/consumers/arduino-sketch $(ARDUINO_LIBRARY) $(abspath $(BUILD))/arduino/sketch
$(RESULTS)/zephyr-module: FORCE | zephyr-tools
	@$(CHECK_RUN) $@ 'zephyr module' 'module.yml, Kconfig' last -- tests/zephyr/check

BUILD_SYSTEM_RESULTS := $(foreach t,host $(MESON_BOARD),$(RESULTS)/consumer-meson.$t) \
                        $(RESULTS)/manifest-platformio $(RESULTS)/manifest-arduino \
                        $(RESULTS)/arduino-sketch \
                        $(RESULTS)/zephyr-module
CHECK_RESULTS += $(BUILD_SYSTEM_RESULTS)
consumers: $(BUILD_SYSTEM_RESULTS)

.PHONY: build-systems arduino meson-tools zephyr-tools arduino-tools
build-systems: $(BUILD_SYSTEM_RESULTS)
	$(call summary,$^)
arduino: $(ARDUINO_LIBRARY)/library.properties
meson-tools:
	@scripts/need meson
zephyr-tools:
	@scripts/need zephyr-tools
arduino-tools:
	@scripts/need arduino
