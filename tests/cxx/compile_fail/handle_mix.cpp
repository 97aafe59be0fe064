// SPDX-License-Identifier: MIT
// A handle of one pool passed to another pool: each pool's handle is its own type.
#include <bento/bento.hpp>
struct ship { int x; };
struct crew { int y; };
[[maybe_unused]] static bento::pool<ship, 8> ships;
[[maybe_unused]] static bento::pool<crew, 8> crews;
int main()
{
    bento::pool<ship, 8>::handle_type h{};
#ifdef BENTO_EXPECT_OK
    return ships.get(h) != nullptr;
#else
    return crews.get(h) != nullptr;
#endif
}
// expect: no matching|cannot convert|no viable conversion
