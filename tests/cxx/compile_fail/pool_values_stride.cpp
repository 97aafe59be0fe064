// SPDX-License-Identifier: MIT
// values() as a T array of a pool whose values are not a multiple of 4 bytes (they are 4
// apart): walk the pool instead.
#include <bento/bento.hpp>
#ifdef BENTO_EXPECT_OK
static bento::pool<uint32_t, 8> items;
#else
static bento::pool<uint16_t, 8> items;
#endif
int main() { return static_cast<int>(items.values().size()); }
// expect: values\(\) is a T array only when sizeof\(T\) is a multiple of 4
