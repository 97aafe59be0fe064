/* SPDX-License-Identifier: MIT */
/* bento/index.c - the hash index, 64-bit keys: init, open, check and every operation.
 * The contract is in bento/index.h. */
#include <bento/index.h>

#include "internal.h"
#include "nested.h"

#include "index_key64.h"
#include "index_template.h"
