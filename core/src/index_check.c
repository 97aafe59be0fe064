/* SPDX-License-Identifier: MIT */
/*
 * bento/index_check.c - the hash index's (64-bit keys) invariant checker, open and iteration,
 * apart from the index so that firmware that never calls them does not carry them. The
 * contract is in bento/index.h.
 */
#include <bento/index.h>

#include "internal.h"

#include "index_key64.h"
#define BENTO_IMPL_INDEX_CHECKS
#include "index_template.h"
