// SPDX-License-Identifier: MIT
// init() without memory on a container over caller memory.
#include <bento/bento.hpp>
static bento::pool<int, 8, uint32_t, bento::policy::retire, bento::caller_memory> items;
alignas(8) static unsigned char memory[decltype(items)::bytes];
int main()
{
#ifdef BENTO_EXPECT_OK
    return items.init(memory, sizeof memory) == bento::status::ok;
#else
    return items.init() == bento::status::ok;
#endif
}
// expect: init\(\) without memory needs bento::embedded storage
