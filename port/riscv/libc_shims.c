/* SPDX-License-Identifier: MIT */
/* port/riscv/libc_shims.c - memcpy, memmove and memset for images linked without a libc:
 * the same portable C as the Cortex-M port's (port/cortex-m/libc_shims.c says why). */
#include "../cortex-m/libc_shims.c"
