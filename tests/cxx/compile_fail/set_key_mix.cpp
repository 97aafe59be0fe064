// SPDX-License-Identifier: MIT
// A set keyed by one pool's handles asked about another pool's handle.
#include <bento/bento.hpp>
struct ship { int x; };
struct crew { int y; };
using ships = bento::pool<ship, 8>;
using crews = bento::pool<crew, 8>;
static bento::sparse_set<ships::handle_type, 8, float> speeds;
int main()
{
#ifdef BENTO_EXPECT_OK
    return speeds.contains(ships::handle_type{});
#else
    return speeds.contains(crews::handle_type{});
#endif
}
// expect: no matching|cannot convert|no viable conversion
