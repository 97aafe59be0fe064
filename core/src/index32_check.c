/* SPDX-License-Identifier: MIT */
/*
 * bento/index32_check.c - the 32-bit-key index's checker, open and iteration, apart from it
 * (see index_check.c). The contract is in bento/index.h.
 */
#include <bento/index.h>

#include "internal.h"

#include "index_key32.h"
#define BENTO_IMPL_INDEX_CHECKS
#include "index_template.h"
