/* SPDX-License-Identifier: MIT */
/* bento/index.c - the hash index, 64-bit keys. The contract is in bento/index.h. */
/* Insert and remove go on to walk the key's run after their lookup, so its branches are the
 * cheaper start here on every core (see bento/index.h). */
#define BENTO_INDEX_BRANCHLESS 0
#include <bento/index.h>

#include "internal.h"

#include "index_key64.h"
#define BENTO__INDEX_OPS
#include "index_template.h"
