/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/replay.c - run a fuzz target's LLVMFuzzerTestOneInput on saved inputs, without
 * libFuzzer: each argument is a file, or a directory whose files are all fed in name order.
 * Linked with one target, built with any compiler: `make coverage` builds it with gcc
 * --coverage to replay the committed corpora; it also replays a reproducer that `make fuzz`
 * saved (build/fuzz/TARGET/crash-...) under a debugger.
 */
#include "fuzz.h"

#include <dirent.h>

static unsigned long replayed;

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data;
    long n;
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        exit(2);
    }
    data = fuzz_alloc((size_t)n);
    if (fread(data, 1u, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        exit(2);
    }
    fclose(f);
    (void)LLVMFuzzerTestOneInput(data, (size_t)n);
    free(data);
    replayed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay_dir(const char *path, DIR *dir)
{
    struct dirent *e;
    char **names = NULL;
    size_t count = 0u, room = 0u, i;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        if (count == room) {
            room = room != 0u ? 2u * room : 64u;
            names = (char **)realloc(names, room * sizeof *names);
            FUZZ_CHECK(names != NULL);
        }
        names[count] = (char *)malloc(strlen(path) + strlen(e->d_name) + 2u);
        FUZZ_CHECK(names[count] != NULL);
        sprintf(names[count], "%s/%s", path, e->d_name);
        count++;
    }
    closedir(dir);
    qsort(names, count, sizeof *names, by_name);
    for (i = 0u; i < count; i++) {
        replay_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        DIR *dir = opendir(argv[i]);
        if (dir != NULL) {
            replay_dir(argv[i], dir);
        } else {
            replay_file(argv[i]);
        }
    }
    printf("%lu inputs replayed\n", replayed);
    return 0;
}
