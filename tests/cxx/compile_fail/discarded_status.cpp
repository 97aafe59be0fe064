// SPDX-License-Identifier: MIT
// A status dropped on the floor: [[nodiscard]] makes it a warning, -Werror an error.
#include <bento/bento.hpp>
static bento::pool<int, 8> items;
int main()
{
#ifdef BENTO_EXPECT_OK
    return items.init() == bento::status::ok;
#else
    items.init();
    return 0;
#endif
}
// expect: nodiscard|unused-result|ignoring return value
