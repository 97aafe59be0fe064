/* SPDX-License-Identifier: MIT */
/*
 * examples/observers/observers.h - the observer relation: entities watching entities.
 *
 * Every "B observes A" is one record, an observation, in a handle pool: one big array, no
 * list per entity. Two multi-value indices find observations without scanning them:
 *     by_observed   A -> every observation of A   (notify A's observers)
 *     by_observer   B -> every observation B makes (forget B when it dies)
 * Their values are the observations' pool handles, whose slot index is their id, so each list
 * is threaded through arrays indexed by observation and nothing is allocated per entity; the
 * indices keep each listed observation's whole handle and give it back.
 *
 * Destroying entity E removes every observation where observed == E or observer == E: it
 * walks exactly those two lists, so it costs time proportional to what it removes, whatever
 * the number of observations in the system. `work` counts the observations visited, so a
 * test can hold the system to that.
 *
 * Entities are 64-bit ids (a handle, a pointer value, a name hash): the indices hash them.
 * Used by examples/observers/main.c and tests/test_relations.c.
 */
#ifndef OBSERVERS_H
#define OBSERVERS_H

#include <bento/multi_index.h>
#include <bento/pool.h>

#ifndef OBSERVERS_CAPACITY
#define OBSERVERS_CAPACITY 32  /* observations */
#endif
#ifndef OBSERVERS_ENTITY_SLOTS
#define OBSERVERS_ENTITY_SLOTS 32 /* hash slots per index: up to 7/8 as many entities */
#endif

typedef struct observation {
    uint64_t observed;
    uint64_t observer;
} observation;

/* 32-bit handles: the fewest index bits for the capacity, the rest generation bits. */
BENTO_POOL_TYPE(observations, observation, OBSERVERS_CAPACITY, uint32_t, BENTO_POOL_RETIRE);
BENTO_MULTI_INDEX_TYPE_OF(entity_index, OBSERVERS_ENTITY_SLOTS, uint64_t, OBSERVERS_CAPACITY,
                          observations_handle);

typedef struct observer_system {
    observations pool;
    entity_index by_observed;
    entity_index by_observer;
    uint32_t work; /* observations visited by destroy_entity, for the tests */
} observer_system;

BENTO_WRAPPER bento_status observers_init(observer_system *s)
{
    bento_status status = observations_init(&s->pool);
    if (status == BENTO_OK) {
        status = entity_index_init(&s->by_observed);
    }
    if (status == BENTO_OK) {
        status = entity_index_init(&s->by_observer);
    }
    s->work = 0u;
    return status;
}

/* Record that `observer` watches `observed`. BENTO_E_FULL when no record or index room is
 * left (nothing is recorded then). Watching twice records twice. */
BENTO_WRAPPER bento_status observers_watch(observer_system *s, uint64_t observed, uint64_t observer)
{
    observations_handle h;
    observation *o;
    bento_status status = observations_create(&s->pool, &h, &o);
    if (status != BENTO_OK) {
        return status;
    }
    o->observed = observed;
    o->observer = observer;
    status = entity_index_insert(&s->by_observed, observed, h);
    if (status == BENTO_OK) {
        status = entity_index_insert(&s->by_observer, observer, h);
        if (status != BENTO_OK) {
            (void)entity_index_remove_value(&s->by_observed, h);
        }
    }
    if (status != BENTO_OK) {
        (void)observations_destroy(&s->pool, h);
    }
    return status;
}

/* Call `notify(context, observer)` for every observer of `observed`; returns how many. */
BENTO_WRAPPER uint32_t observers_notify(const observer_system *s, uint64_t observed,
                                        void (*notify)(void *context, uint64_t observer),
                                        void *context)
{
    entity_index_iter it;
    uint32_t n = 0u;
    entity_index_iter_init(&it, &s->by_observed, observed);
    while (entity_index_iter_next(&it)) {
        const observation *o = observations_get(&s->pool, it.value);
        if (o != NULL) {
            notify(context, o->observer);
            n++;
        }
    }
    return n;
}

/* Forget every observation on the list of `e` in `index`: off that list (the iterator lets
 * its current value go), off the other index, out of the pool. Returns how many. */
BENTO_WRAPPER uint32_t forget_all(observer_system *s, entity_index *index, entity_index *other,
                                  uint64_t e)
{
    entity_index_iter it;
    uint32_t removed = 0u;
    entity_index_iter_init(&it, index, e);
    while (entity_index_iter_next(&it)) {
        (void)entity_index_remove_value(index, it.value);
        (void)entity_index_remove_value(other, it.value);
        (void)observations_destroy(&s->pool, it.value);
        s->work++;
        removed++;
    }
    return removed;
}

/* Entity `e` is gone: remove every observation of it and by it. Returns how many. */
BENTO_WRAPPER uint32_t observers_destroy_entity(observer_system *s, uint64_t e)
{
    const uint32_t a = forget_all(s, &s->by_observed, &s->by_observer, e);
    /* an entity watching itself was already taken off its by_observer list above */
    return a + forget_all(s, &s->by_observer, &s->by_observed, e);
}

/* Every container of the system passes its check. */
BENTO_WRAPPER bool observers_sound(const observer_system *s)
{
    return observations_check(&s->pool) == BENTO_OK &&
           entity_index_check(&s->by_observed) == BENTO_OK &&
           entity_index_check(&s->by_observer) == BENTO_OK;
}

#endif /* OBSERVERS_H */
