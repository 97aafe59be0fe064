/* SPDX-License-Identifier: MIT */
/* Arm semihosting (bkpt 0xab), the console and exit path under QEMU and debuggers. */
#ifndef BENTO_SEMIHOSTING_H
#define BENTO_SEMIHOSTING_H

#include <stdint.h>

/* Write a NUL-terminated string to the host console (SYS_WRITE0). */
void semihosting_write0(const char *text);

/* Exit with exactly `code` (SYS_EXIT_EXTENDED, reason ADP_Stopped_ApplicationExit). */
void semihosting_exit(int code) __attribute__((noreturn));
/* The port's exit (startup.c): semihosting_exit, after checking that the stack stayed within
 * its reserve (status 5 if it did not). */
void port_exit(int code) __attribute__((noreturn));

#endif /* BENTO_SEMIHOSTING_H */
