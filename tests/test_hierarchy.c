/* SPDX-License-Identifier: MIT */
/*
 * The ordering invariant of a transform hierarchy kept in a sparse set: sorted by depth, a
 * parent precedes its children, so one forward pass computes every world transform. Random
 * edits (add, reparent, remove with the children promoted) against a naive computation that
 * walks up each node's parents.
 */
#include <bento/sparse_set.h>

#include "bento_test.h"

#define NONE UINT32_MAX

enum { IDS = 64, NODES = 16 };

typedef struct link {
    uint32_t parent;
    uint32_t depth;
} link;

typedef struct xform {
    int32_t x, y, wx, wy;
    uint32_t turns, wturns;
} xform;

static bento_align_unit memory[BENTO_ALIGN_UNITS(BENTO_SPARSE_SET_BYTES(IDS, NODES))];
static link links[NODES];
static xform xforms[NODES];

static void rotate(int32_t *x, int32_t *y, uint32_t turns)
{
    int32_t t;
    for (turns &= 3u; turns != 0u; turns--) {
        t = *x;
        *x = -*y;
        *y = t;
    }
}

static int by_depth(const void *a, const void *b, void *context)
{
    const uint32_t da = ((const link *)a)->depth;
    const uint32_t db = ((const link *)b)->depth;
    (*(uint32_t *)context)++;
    return (da > db) - (da < db);
}

static link *link_of(const bento_sparse_set *set, uint32_t id)
{
    return (link *)bento_sparse_set_get(set, id, 0u);
}

/* True when `ancestor` is `id` or one of its ancestors. */
static bool descends(const bento_sparse_set *set, uint32_t id, uint32_t ancestor)
{
    uint32_t steps;
    for (steps = 0; id != NONE && steps <= NODES; steps++) {
        if (id == ancestor) {
            return true;
        }
        id = link_of(set, id)->parent;
    }
    return false;
}

/* The naive answer: compose the local transforms from the node up to its root. */
static void naive_world(const bento_sparse_set *set, uint32_t id, int32_t *x, int32_t *y, uint32_t *turns)
{
    const xform *t = (const xform *)bento_sparse_set_get(set, id, 1u);
    uint32_t parent = link_of(set, id)->parent;
    *x = t->x;
    *y = t->y;
    *turns = t->turns;
    while (parent != NONE) {
        const xform *p = (const xform *)bento_sparse_set_get(set, parent, 1u);
        rotate(x, y, p->turns);
        *x += p->x;
        *y += p->y;
        *turns = (*turns + p->turns) & 3u;
        parent = link_of(set, parent)->parent;
    }
}

/* Restore the order after edits: depths, then a sort by depth. True when parents lead. */
static bool reorder(bento_sparse_set *set, bento_sort_mode mode)
{
    uint32_t i, calls = 0u;
    for (i = 0; i < set->count; i++) {
        uint32_t depth = 0u, parent = links[i].parent;
        while (parent != NONE) {
            parent = link_of(set, parent)->parent;
            depth++;
        }
        links[i].depth = depth;
    }
    if (bento_sparse_set_sort(set, set->count, 0u, by_depth, &calls, mode) != BENTO_OK) {
        return false;
    }
    for (i = 0; i < set->count; i++) {
        if (links[i].parent != NONE && bento_sparse_set_index_of(set, links[i].parent) >= i) {
            return false;
        }
    }
    return true;
}

/* One forward pass. */
static void forward_pass(const bento_sparse_set *set)
{
    uint32_t i;
    for (i = 0; i < set->count; i++) {
        xform *t = &xforms[i];
        if (links[i].parent == NONE) {
            t->wx = t->x;
            t->wy = t->y;
            t->wturns = t->turns & 3u;
        } else {
            const xform *p = &xforms[bento_sparse_set_index_of(set, links[i].parent)];
            int32_t x = t->x, y = t->y;
            rotate(&x, &y, p->wturns);
            t->wx = p->wx + x;
            t->wy = p->wy + y;
            t->wturns = (p->wturns + t->turns) & 3u;
        }
    }
}

static uint32_t random_node(const bento_sparse_set *set)
{
    return set->dense[bento_test_rand_below(set->count)];
}

void test_hierarchy(void)
{
    bento_sparse_set set;
    bento_sparse_column cols[2];
    uint32_t step, steps = 300u * bento_test_scale(), mismatches = 0u, i;
    cols[0].data = links;
    cols[0].bytes = sizeof links;
    cols[0].size = sizeof(link);
    cols[1].data = xforms;
    cols[1].bytes = sizeof xforms;
    cols[1].size = sizeof(xform);
    CHECK_STATUS(bento_sparse_set_init(&set, memory, sizeof memory, IDS, NODES, 32u, cols, 2u), BENTO_OK);
    for (step = 0; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(10u);
        if (op < 5u || set.count < 2u) {
            /* a new node under a random parent (or a new root), appended: order still holds
               until a reparent or remove breaks it */
            const uint32_t id = bento_test_rand_below(IDS);
            const uint32_t parent = set.count != 0u && bento_test_rand_below(4u) != 0u ? random_node(&set) : NONE;
            uint32_t at;
            if (bento_sparse_set_insert(&set, id, &at) == BENTO_OK) {
                links[at].parent = parent;
                xforms[at].x = (int32_t)bento_test_rand_below(21u) - 10;
                xforms[at].y = (int32_t)bento_test_rand_below(21u) - 10;
                xforms[at].turns = bento_test_rand_below(4u);
            }
        } else if (op < 8u) {
            /* reparent a node under anything that is not in its own subtree */
            const uint32_t id = random_node(&set);
            const uint32_t parent = random_node(&set);
            if (!descends(&set, parent, id)) {
                link_of(&set, id)->parent = bento_test_rand_below(8u) == 0u ? NONE : parent;
            }
        } else {
            /* remove a node; its children move up to its parent */
            const uint32_t id = random_node(&set);
            const uint32_t up = link_of(&set, id)->parent;
            for (i = 0; i < set.count; i++) {
                if (links[i].parent == id) {
                    links[i].parent = up;
                }
            }
            mismatches += bento_sparse_set_remove(&set, id) != BENTO_OK;
        }
        /* parents first again, by either mode; then the pass against the naive answer */
        mismatches += !reorder(&set, bento_test_rand_below(2u) ? BENTO_SORT_HEAP : BENTO_SORT_INSERTION);
        forward_pass(&set);
        for (i = 0; i < set.count; i++) {
            int32_t x, y;
            uint32_t turns;
            naive_world(&set, set.dense[i], &x, &y, &turns);
            mismatches += x != xforms[i].wx || y != xforms[i].wy || turns != xforms[i].wturns;
        }
        mismatches += bento_sparse_set_check(&set) != BENTO_OK;
        if (mismatches != 0u) {
            bento_test_print("hierarchy: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(set.count > 1u);
}
