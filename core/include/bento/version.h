/* SPDX-License-Identifier: MIT */
/*
 * bento/version.h - the kit's version, as numbers and as a string.
 *
 * Semantic versioning. While the major version is 0, a minor release may change or remove
 * API (every such change is listed in CHANGELOG.md); a patch release changes no API.
 * BENTO_VERSION_NUMBER compares releases in the preprocessor:
 *     #if BENTO_VERSION_NUMBER >= 0x000100   (0.1.0 or later)
 */
#ifndef BENTO_VERSION_H
#define BENTO_VERSION_H

#define BENTO_VERSION_MAJOR 0
#define BENTO_VERSION_MINOR 1
#define BENTO_VERSION_PATCH 0
#define BENTO_VERSION "0.1.0"
#define BENTO_VERSION_NUMBER \
    ((BENTO_VERSION_MAJOR << 16) | (BENTO_VERSION_MINOR << 8) | BENTO_VERSION_PATCH)

#endif /* BENTO_VERSION_H */
