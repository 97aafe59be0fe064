// SPDX-License-Identifier: MIT
// A handle of one pool passed to another of the same value type and index bits but another
// capacity: a pool's handle type is tagged with the pool's own type, so they do not share one.
#include <bento/bento.hpp>
[[maybe_unused]] static bento::pool<int, 64> sixty_four;
[[maybe_unused]] static bento::pool<int, 60> sixty;
int main()
{
    bento::pool<int, 64>::handle_type h{};
#ifdef BENTO_EXPECT_OK
    return sixty_four.get(h) != nullptr;
#else
    return sixty.get(h) != nullptr;
#endif
}
// expect: no matching|cannot convert|no viable conversion
