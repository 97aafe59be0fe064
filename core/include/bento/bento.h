/* SPDX-License-Identifier: MIT */
/* bento/bento.h - every bento container in one include. */
#ifndef BENTO_BENTO_H
#define BENTO_BENTO_H

#include <bento/version.h>
#include <bento/common.h>
#include <bento/handle.h>
#include <bento/point.h>
#include <bento/pool.h>
#include <bento/block_pool.h>
#include <bento/paged_set.h>
#include <bento/grid.h>
#include <bento/index.h>
#include <bento/multi_index.h>
#include <bento/spatial_hash.h>
#include <bento/sparse_set.h>

#endif /* BENTO_BENTO_H */
