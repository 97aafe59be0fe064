// SPDX-License-Identifier: MIT
// A join of sets keyed by different handle types.
#include <bento/bento.hpp>
struct ship { int x; };
struct crew { int y; };
using ships = bento::pool<ship, 8>;
using crews = bento::pool<crew, 8>;
static bento::sparse_set<ships::handle_type, 8, float> speeds;
#ifdef BENTO_EXPECT_OK
static bento::sparse_set<ships::handle_type, 8, int> names;
#else
static bento::sparse_set<crews::handle_type, 8, int> names;
#endif
int main()
{
    int n = 0;
    for (auto [h, s, name] : bento::join(speeds, names)) {
        n += name + static_cast<int>(s) + static_cast<int>(h.index());
    }
    return n;
}
// expect: a join takes sets of one key type
