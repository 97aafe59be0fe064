/* SPDX-License-Identifier: MIT */
/* bento/index32.c - the hash index, 32-bit keys: init, insert, upsert, remove, clear. The contract
 * is in bento/index.h. */
#include <bento/index.h>

#include "internal.h"

#include "index_key32.h"
#define BENTO_IMPL_INDEX_OPS
#include "index_template.h"
