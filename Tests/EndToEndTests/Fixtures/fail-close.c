/* Preloaded into the app by an end-to-end test: close() closes as usual,
 * then fails with EIO for the file named by FAIL_CLOSE_PATH, as NFS, FUSE
 * or a full quota do when data written could not be stored after all. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int close(int fd)
{
    static int (*next_close)(int);
    if (!next_close)
        next_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    const char *target = getenv("FAIL_CLOSE_PATH");
    int fails = 0;
    if (target) {
        char link[64], path[PATH_MAX];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t length = readlink(link, path, sizeof path - 1);
        if (length > 0) {
            path[length] = '\0';
            fails = strcmp(path, target) == 0;
        }
    }
    int result = next_close(fd);
    if (fails && result == 0) {
        errno = EIO;
        return -1;
    }
    return result;
}
