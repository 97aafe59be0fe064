// SPDX-License-Identifier: MIT
// Two pools of the very same type share a handle type; given Tags of their own (types only
// declared), they do not.
#include <bento/bento.hpp>
struct red;
struct blue;
using reds = bento::pool<int, 64, uint32_t, bento::policy::wrap, bento::embedded, red>;
using blues = bento::pool<int, 64, uint32_t, bento::policy::wrap, bento::embedded, blue>;
[[maybe_unused]] static reds red_pool;
[[maybe_unused]] static blues blue_pool;
int main()
{
    reds::handle_type h{};
#ifdef BENTO_EXPECT_OK
    return red_pool.get(h) != nullptr;
#else
    return blue_pool.get(h) != nullptr;
#endif
}
// expect: no matching|cannot convert|no viable conversion
