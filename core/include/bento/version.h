/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M1. */
/**
 * @file
 * bento/version.h - the kit's version, as numbers and as a string.
 *
 * Semantic versioning. While the major version is 0, a minor release may change or remove
 * API (every such change is listed in CHANGELOG.md); a patch release changes no API.
 * BENTO_VERSION_NUMBER compares releases in the preprocessor:
 *
 *     #if BENTO_VERSION_NUMBER >= 0x000100   (0.1.0 or later)
 */
#ifndef BENTO_VERSION_H
#define BENTO_VERSION_H

#define BENTO_VERSION_MAJOR 0 /**< incompatible API changes (while 0: see above) */
#define BENTO_VERSION_MINOR 2 /**< added (and, while the major version is 0, changed) API */
#define BENTO_VERSION_PATCH 0 /**< fixes, no API change */
/** The version as a string, "MAJOR.MINOR.PATCH". */
#define BENTO_VERSION "0.2.0"
/** MAJOR << 16 | MINOR << 8 | PATCH, for comparisons in the preprocessor. */
#define BENTO_VERSION_NUMBER \
    ((BENTO_VERSION_MAJOR << 16) | (BENTO_VERSION_MINOR << 8) | BENTO_VERSION_PATCH)

#endif /* BENTO_VERSION_H */
