// SPDX-License-Identifier: MIT
// bento on an Arduino: a pool of particles, a sparse set of speeds keyed by their handles,
// one step of motion, printed on the serial port. The typed containers are declared in
// containers.h, not here (containers.h says why).
#include "containers.h"

static particles cloud;
static speeds speed;

// A function of the sketch that takes a handle: Arduino writes its prototype, which must come
// after containers.h.
static void move(particles_handle h, int16_t dx, int16_t dy)
{
    struct particle *p = particles_get(&cloud, h);
    if (p != NULL) {
        p->x = (int16_t)(p->x + dx);
        p->y = (int16_t)(p->y + dy);
    }
}

void setup()
{
    Serial.begin(9600);
    if (particles_init(&cloud) != BENTO_OK || speeds_init(&speed) != BENTO_OK) {
        Serial.println("init failed");
        return;
    }
    for (int16_t i = 0; i < 4; i++) {
        particles_handle h;
        struct particle *p;
        speeds_row row;
        if (particles_create(&cloud, &h, &p) == BENTO_OK) {
            p->x = i;
            p->y = 0;
            if ((i & 1) == 0 && speeds_insert(&speed, h, &row) == BENTO_OK) {
                *row.dx = 1;
                *row.dy = 2;
            }
        }
    }
}

static uint32_t steps;

void loop()
{
    for (uint32_t i = 0; i < speeds_count(&speed); i++) {
        speeds_row row = speeds_row_at(&speed, i);
        move(speeds_key_at(&speed, i), *row.dx, *row.dy);
    }
    steps++;
    const struct particle *first = particles_get(&cloud, speeds_key_at(&speed, 0));
    Serial.print("step ");
    Serial.print(steps);
    Serial.print(": ");
    Serial.print(particles_count(&cloud));
    Serial.print(" particles, ");
    Serial.print(speeds_count(&speed));
    Serial.print(" moving, the first at (");
    Serial.print(first != NULL ? first->x : -1);
    Serial.print(", ");
    Serial.print(first != NULL ? first->y : -1);
    Serial.println(")");
    delay(100);
}
