/* SPDX-License-Identifier: MIT */
/*
 * examples/observers - the observer pattern as a relation, not as lists inside objects.
 *
 * A small scene: a door, a lamp, a guard and a camera. Entities watch each other through
 * observation records in one pool; two multi-value indices answer "who watches X" and "what
 * does X watch". When an entity is destroyed, every observation of it and by it goes, in time
 * proportional to what is removed (see observers.h).
 */
#include "observers.h"

#include "bento_port.h"

enum { DOOR = 1, LAMP = 2, GUARD = 3, CAMERA = 4, ALARM = 5 };

static const char *const names[] = {"?", "door", "lamp", "guard", "camera", "alarm"};

static observer_system scene;

static void tell(void *context, uint64_t observer)
{
    const char *changed = (const char *)context;
    bento_port_write("  ");
    bento_port_write(observer < 6u ? names[observer] : "?");
    bento_port_write(" hears that the ");
    bento_port_write(changed);
    bento_port_write(" changed\n");
}

static void notify(uint64_t entity)
{
    const uint32_t n = observers_notify(&scene, entity, tell, (void *)(uintptr_t)names[entity]);
    bento_port_write("  observers told: ");
    bento_port_write_u64(n);
    bento_port_write("\n");
}

static void fail(const char *what)
{
    bento_port_write("observers: ");
    bento_port_write(what);
    bento_port_write(" failed\n");
    bento_port_exit(1);
}

int main(void)
{
    uint32_t removed;
    if (observers_init(&scene) != BENTO_OK) {
        fail("init");
    }
    if (observers_watch(&scene, DOOR, GUARD) != BENTO_OK ||
        observers_watch(&scene, DOOR, CAMERA) != BENTO_OK ||
        observers_watch(&scene, LAMP, GUARD) != BENTO_OK ||
        observers_watch(&scene, CAMERA, ALARM) != BENTO_OK ||
        observers_watch(&scene, GUARD, CAMERA) != BENTO_OK) {
        fail("watch");
    }
    bento_port_write("the door opens:\n");
    notify(DOOR);
    bento_port_write("the camera is destroyed:\n");
    removed = observers_destroy_entity(&scene, CAMERA);
    bento_port_write("  ");
    bento_port_write_u64(removed);
    bento_port_write(" observations removed, ");
    bento_port_write_u64(scene.work);
    bento_port_write(" visited\n");
    bento_port_write("the door opens again:\n");
    notify(DOOR);
    if (removed != 3u || scene.work != 3u || observations_count(&scene.pool) != 2u ||
        !observers_sound(&scene)) {
        fail("cascade");
    }
    bento_port_write("observers example: ok\n");
    bento_port_exit(0);
    return 0;
}
