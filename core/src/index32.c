/* SPDX-License-Identifier: MIT */
/* bento/index32.c - the hash index, 32-bit keys: init, open, check and every operation.
 * The contract is in bento/index.h. */
#include <bento/index.h>

#include "internal.h"

#include "index_key32.h"
#include "index_template.h"
