/* SPDX-License-Identifier: MIT */
/*
 * The ordering invariant of a transform hierarchy kept in a sparse set: sorted by depth, a
 * parent precedes its children, so one forward pass computes every world transform. Random
 * edits (add, reparent, remove with the children promoted) against a naive computation that
 * walks up each node's parents. The set is typed: ids, a link column and a transform column.
 */
#include <bento/sparse_set.h>

#include "bento_test.h"

#define NONE BENTO_NONE

enum { IDS = 64, NODES = 16 };

typedef struct link {
    uint32_t parent;
    uint32_t depth;
} link;

typedef struct xform {
    int32_t x, y, wx, wy;
    uint32_t turns, wturns;
} xform;

#define TREE_COLUMNS(X) X(link, links) X(xform, xforms)
BENTO_SPARSE_SET_TYPE_IDS(tree, IDS, NODES, TREE_COLUMNS);

static tree nodes;

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

/* The parent of a node in the set (NONE for a root, or a node that is missing). */
static uint32_t parent_of(const tree *set, uint32_t id)
{
    const link *l = tree_get(set, id).links;
    return l != NULL ? l->parent : NONE;
}

/* True when `ancestor` is `id` or one of its ancestors. */
static bool descends(const tree *set, uint32_t id, uint32_t ancestor)
{
    uint32_t steps;
    for (steps = 0; id != NONE && steps <= NODES; steps++) {
        if (id == ancestor) {
            return true;
        }
        id = parent_of(set, id);
    }
    return false;
}

/* The naive answer: compose the local transforms from the node up to its root. */
static bool naive_world(const tree *set, uint32_t id, int32_t *x, int32_t *y, uint32_t *turns)
{
    const xform *t = tree_get(set, id).xforms;
    uint32_t parent = parent_of(set, id);
    uint32_t steps;
    if (t == NULL) {
        return false;
    }
    *x = t->x;
    *y = t->y;
    *turns = t->turns;
    for (steps = 0; parent != NONE && steps <= NODES; steps++) {
        const xform *p = tree_get(set, parent).xforms;
        if (p == NULL) {
            return false;
        }
        rotate(x, y, p->turns);
        *x += p->x;
        *y += p->y;
        *turns = (*turns + p->turns) & 3u;
        parent = parent_of(set, parent);
    }
    return parent == NONE;
}

/* Restore the order after edits: depths, then a sort by depth. True when parents lead. */
static bool reorder(tree *set, bento_sparse_set_sort_mode mode)
{
    link *links = tree_columns(set).links;
    uint32_t i, calls = 0u;
    for (i = 0; i < tree_count(set); i++) {
        uint32_t depth = 0u, parent = links[i].parent;
        while (parent != NONE && depth <= NODES) {
            parent = parent_of(set, parent);
            depth++;
        }
        links[i].depth = depth;
    }
    if (tree_sort(set, tree_count(set), BENTO_SPARSE_SET_COLUMN(tree, links), by_depth, &calls, mode) != BENTO_OK) {
        return false;
    }
    for (i = 0; i < tree_count(set); i++) {
        if (links[i].parent != NONE && tree_index_of(set, links[i].parent) >= i) {
            return false;
        }
    }
    return true;
}

/* One forward pass over the dense columns. */
static void forward_pass(tree *set)
{
    const link *links = tree_columns(set).links;
    xform *xforms = tree_columns(set).xforms;
    uint32_t i;
    for (i = 0; i < tree_count(set); i++) {
        xform *t = &xforms[i];
        if (links[i].parent == NONE) {
            t->wx = t->x;
            t->wy = t->y;
            t->wturns = t->turns & 3u;
        } else {
            const xform *p = &xforms[tree_index_of(set, links[i].parent)];
            int32_t x = t->x, y = t->y;
            rotate(&x, &y, p->wturns);
            t->wx = p->wx + x;
            t->wy = p->wy + y;
            t->wturns = (p->wturns + t->turns) & 3u;
        }
    }
}

static uint32_t random_node(const tree *set)
{
    return tree_key_at(set, bento_test_rand_below(tree_count(set)));
}

void test_hierarchy(void)
{
    tree *const set = &nodes;
    uint32_t step, steps = 300u * bento_test_scale(), mismatches = 0u, i;
    CHECK_STATUS(tree_init(set), BENTO_OK);
    for (step = 0; step < steps && mismatches == 0u; step++) {
        const uint32_t op = bento_test_rand_below(10u);
        if (op < 5u || tree_count(set) < 2u) {
            /* a new node under a random parent (or a new root), appended: order still holds
               until a reparent or remove breaks it */
            const uint32_t id = bento_test_rand_below(IDS);
            const uint32_t parent = tree_count(set) != 0u && bento_test_rand_below(4u) != 0u
                                        ? random_node(set)
                                        : NONE;
            tree_row row;
            if (tree_insert(set, id, &row) == BENTO_OK) {
                row.links->parent = parent;
                row.xforms->x = (int32_t)bento_test_rand_below(21u) - 10;
                row.xforms->y = (int32_t)bento_test_rand_below(21u) - 10;
                row.xforms->turns = bento_test_rand_below(4u);
            }
        } else if (op < 8u) {
            /* reparent a node under anything that is not in its own subtree */
            const uint32_t id = random_node(set);
            const uint32_t parent = random_node(set);
            link *l = tree_get(set, id).links;
            if (l != NULL && !descends(set, parent, id)) {
                l->parent = bento_test_rand_below(8u) == 0u ? NONE : parent;
            }
        } else {
            /* remove a node; its children move up to its parent */
            const uint32_t id = random_node(set);
            const uint32_t up = parent_of(set, id);
            link *links = tree_columns(set).links;
            for (i = 0; i < tree_count(set); i++) {
                if (links[i].parent == id) {
                    links[i].parent = up;
                }
            }
            mismatches += tree_remove(set, id) != BENTO_OK;
        }
        /* parents first again, by either mode; then the pass against the naive answer */
        mismatches += !reorder(set, bento_test_rand_below(2u) != 0u ? BENTO_SPARSE_SET_SORT_HEAP
                                                                     : BENTO_SPARSE_SET_SORT_INSERTION);
        forward_pass(set);
        for (i = 0; i < tree_count(set); i++) {
            const xform *t = tree_row_at(set, i).xforms;
            int32_t x, y;
            uint32_t turns;
            mismatches += !naive_world(set, tree_key_at(set, i), &x, &y, &turns) || t == NULL ||
                          x != t->wx || y != t->wy || turns != t->wturns;
        }
        mismatches += tree_check(set) != BENTO_OK;
        if (mismatches != 0u) {
            bento_test_print("hierarchy: first mismatch at step ");
            bento_test_print_u64(step);
            bento_test_print(", seed ");
            bento_test_print_u64(bento_test_seed());
            bento_test_print("\n");
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(tree_count(set) > 1u);
}
