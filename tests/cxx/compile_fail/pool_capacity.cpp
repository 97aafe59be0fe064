// SPDX-License-Identifier: MIT
// A pool of capacity 0.
#include <bento/bento.hpp>
#ifdef BENTO_EXPECT_OK
static bento::pool<int, 1> items;
#else
static bento::pool<int, 0> items;
#endif
int main() { return items.init() == bento::status::ok; }
// expect: a pool's capacity must be at least 1
