/* SPDX-License-Identifier: MIT */
/*
 * port/cortex-m/libc_shims.c - memcpy, memmove and memset for images linked without a libc.
 * The compiler may emit calls to them for structure copies; the bento core itself never
 * calls them. Build with -fno-tree-loop-distribute-patterns so these loops are not turned
 * back into calls to themselves. A user's firmware normally brings its own.
 */
#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int value, size_t n);

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    while (n-- != 0u) {
        *d++ = *s++;
    }
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (d <= s) {
        while (n-- != 0u) {
            *d++ = *s++;
        }
    } else {
        while (n-- != 0u) {
            d[n] = s[n];
        }
    }
    return dst;
}

void *memset(void *dst, int value, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    while (n-- != 0u) {
        *d++ = (unsigned char)value;
    }
    return dst;
}
