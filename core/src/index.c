/* SPDX-License-Identifier: MIT */
/* bento/index.c - the hash index, 64-bit keys: init, insert, upsert, remove, clear. The contract
 * is in bento/index.h. */
#include <bento/index.h>

#include "internal.h"
#include "nested.h"

#include "index_key64.h"
#define BENTO_IMPL_INDEX_OPS
#include "index_template.h"
