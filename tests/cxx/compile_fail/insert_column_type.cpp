// SPDX-License-Identifier: MIT
// A row inserted with an element of another type than its column's.
#include <bento/bento.hpp>
static bento::sparse_set<bento::ids<16>, 8, float, uint32_t> set;
int main()
{
#ifdef BENTO_EXPECT_OK
    return set.insert(3u, 1.0f, uint32_t{2}) == bento::status::ok;
#else
    return set.insert(3u, 1.0f, 2.0) == bento::status::ok;
#endif
}
// expect: insert's elements are the columns' types
