/* bento/bento.h - every bento container in one include. */
#ifndef BENTO_BENTO_H
#define BENTO_BENTO_H

#include <bento/common.h>
#include <bento/handle.h>
#include <bento/pool.h>
#include <bento/spatial_hash.h> /* and bento/multi_index.h, bento/index.h */

#endif /* BENTO_BENTO_H */
