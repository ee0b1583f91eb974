#define _GNU_SOURCE
#include "CPosix.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

double cposix_monotonic_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

int cposix_shm_file_create(const char *name, size_t size)
{
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0)
        return -1;
    if (ftruncate(fd, (off_t)size) < 0 ||
        fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

void *cposix_mmap_shared(int fd, size_t size)
{
    void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return data == MAP_FAILED ? NULL : data;
}

struct populate_range {
    void *addr;
    size_t size;
};

static void *populate_range(void *arg)
{
    struct populate_range range = *(struct populate_range *)arg;
    free(arg);
#ifdef MADV_POPULATE_WRITE
    /* A kernel before 5.14 answers EINVAL: the writes fault as before.
     * Pages the caller has written already cost only a look-up. Each step
     * starts on a page (madvise refuses any other start; a length is
     * rounded up to whole pages), the range's end need not end one. */
    long page = sysconf(_SC_PAGESIZE);
    size_t mask = page > 0 ? (size_t)page - 1 : 4095;
    const size_t chunk = 256 * 1024;
    size_t end = range.size;
    while (end > 0) {
        size_t start = end > chunk ? (end - chunk) & ~mask : 0;
        if (madvise((char *)range.addr + start, end - start, MADV_POPULATE_WRITE) != 0)
            break;
        end = start;
    }
#endif
    return NULL;
}

int cposix_populate_in_background(void *addr, size_t size, pthread_t *thread)
{
    struct populate_range *range = malloc(sizeof *range);
    if (!range)
        return -1;
    range->addr = addr;
    range->size = size;
    int error = pthread_create(thread, NULL, populate_range, range);
    if (error) {
        free(range);
        errno = error;
        return -1;
    }
    return 0;
}

int cposix_thread_join_within(pthread_t thread, double seconds)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    double whole = floor(seconds);
    deadline.tv_sec += (time_t)whole;
    deadline.tv_nsec += (long)((seconds - whole) * 1e9);
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    if (pthread_clockjoin_np(thread, NULL, CLOCK_MONOTONIC, &deadline) == 0)
        return 1;
    pthread_detach(thread);
    return 0;
}

/* `path` (`length` bytes used of `size`) holds `name`, or a folder below
 * it within `depth` levels does: then `path` names that folder. */
static int find_folder_holding(char *path, size_t length, size_t size, const char *name, int depth)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstatat(fd, name, &st, 0) == 0 && S_ISREG(st.st_mode)) {
        close(fd);
        return 0;
    }
    DIR *dir = depth > 0 ? fdopendir(fd) : NULL;
    if (!dir) {
        close(fd);
        return -1;
    }
    int found = -1;
    struct dirent *entry;
    while (found != 0 && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        int folder = entry->d_type == DT_DIR;
        if (entry->d_type == DT_UNKNOWN)
            folder = fstatat(dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
        size_t n = strlen(entry->d_name);
        if (!folder || length + 1 + n >= size)
            continue;
        path[length] = '/';
        memcpy(path + length + 1, entry->d_name, n + 1);
        found = find_folder_holding(path, length + 1 + n, size, name, depth - 1);
        if (found != 0)
            path[length] = '\0';
    }
    closedir(dir);
    return found;
}

int cposix_find_folder_holding(const char *root, const char *name, int depth, char *folder, size_t size)
{
    size_t length = strlen(root);
    if (length >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(folder, root, length + 1);
    if (find_folder_holding(folder, length, size, name, depth) == 0)
        return 0;
    folder[0] = '\0';
    errno = ENOENT;
    return -1;
}

int cposix_timer_create(void)
{
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

/*
 * A non-negative, finite number of seconds as a timespec, rounded up to
 * the next nanosecond.
 */
static struct timespec timespec_from_seconds(double value)
{
    double seconds = floor(value);
    struct timespec time = { .tv_sec = (time_t)seconds, .tv_nsec = (long)ceil((value - seconds) * 1e9) };
    if (time.tv_nsec >= 1000000000L) {
        time.tv_sec += 1;
        time.tv_nsec -= 1000000000L;
    }
    return time;
}

int cposix_timer_arm_at(int fd, double deadline)
{
    struct itimerspec spec = { 0 };
    if (!(deadline >= 0.0 && deadline < 1e15)) {
        errno = EINVAL;
        return -1;
    }
    spec.it_value = timespec_from_seconds(deadline);
    /* An all-zero it_value would disarm instead of firing "long ago". */
    if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0)
        spec.it_value.tv_nsec = 1;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int cposix_poll_until(struct pollfd *fds, nfds_t count, double deadline)
{
    if (deadline == INFINITY)
        return ppoll(fds, count, NULL, NULL);
    struct timespec wait = { 0 };
    double left = deadline - cposix_monotonic_seconds();
    if (left > 0.0)
        wait = timespec_from_seconds(left < 1e9 ? left : 1e9);
    return ppoll(fds, count, &wait, NULL);
}

int cposix_timer_disarm(int fd)
{
    struct itimerspec spec = { 0 };
    return timerfd_settime(fd, 0, &spec, NULL);
}

int cposix_timer_drain(int fd)
{
    uint64_t expirations;
    if (read(fd, &expirations, sizeof expirations) < 0 && errno != EAGAIN)
        return -1;
    return 0;
}

/*
 * The termination signals the process does not ignore. Linux queues a
 * blocked signal even when its action is SIG_IGN, so an ignored one (SIGHUP
 * under nohup, SIGINT for a background job of a non-interactive shell) must
 * stay out of the set, or the signalfd would report it.
 */
/* The termination signals, for the signalfd and for the flag below. */
static const int termination_signals[] = { SIGTERM, SIGINT, SIGHUP };
enum { TERMINATION_SIGNAL_COUNT = sizeof termination_signals / sizeof termination_signals[0] };

static void termination_signal_set(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < TERMINATION_SIGNAL_COUNT; i++) {
        struct sigaction action;
        if (sigaction(termination_signals[i], NULL, &action) == 0 && action.sa_handler == SIG_IGN)
            continue;
        sigaddset(set, termination_signals[i]);
    }
}

int cposix_termination_signals_open(sigset_t *previous)
{
    sigset_t set;
    termination_signal_set(&set);
    int error = pthread_sigmask(SIG_BLOCK, &set, previous);
    if (error != 0) {
        errno = error;
        return -1;
    }
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) {
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, previous, NULL);
        errno = saved;
        return -1;
    }
    return fd;
}

int cposix_termination_signals_take(int fd)
{
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n < 0)
        return errno == EAGAIN ? 0 : -1;
    if (n != (ssize_t)sizeof info) {
        errno = EIO;
        return -1;
    }
    return (int)info.ssi_signo;
}

void cposix_termination_signals_close(int fd, const sigset_t *previous)
{
    while (cposix_termination_signals_take(fd) > 0)
        ;
    close(fd);
    pthread_sigmask(SIG_SETMASK, previous, NULL);
}

/* The signal cposix_termination_flag noted (0 while none has come). */
static volatile sig_atomic_t termination_flag_signal;
static struct sigaction termination_flag_previous[TERMINATION_SIGNAL_COUNT];
static int termination_flag_installed[TERMINATION_SIGNAL_COUNT];
static sigset_t termination_flag_previous_mask;
static int termination_flag_unblocked;

static void note_termination_signal(int signal)
{
    if (termination_flag_signal != 0) {
        /* A second one: the run did not stop at the first. The default
         * action, raised again, ends the process as the signal would have
         * without the handler (it is delivered once the handler returns). */
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(signal, &fallback, NULL);
        raise(signal);
        return;
    }
    termination_flag_signal = signal;
}

int cposix_termination_flag_install(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_termination_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    termination_flag_signal = 0;
    for (size_t i = 0; i < TERMINATION_SIGNAL_COUNT; i++) {
        termination_flag_installed[i] = 0;
        if (sigaction(termination_signals[i], NULL, &termination_flag_previous[i]) != 0)
            goto failed;
        if (termination_flag_previous[i].sa_handler == SIG_IGN)
            continue;
        if (sigaction(termination_signals[i], &action, NULL) != 0)
            goto failed;
        termination_flag_installed[i] = 1;
    }
    /* A process may start with them blocked (its parent's thread blocked
     * them, as libdispatch's workers block every signal): the handler
     * would never run, and the signals would never end the run. */
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < TERMINATION_SIGNAL_COUNT; i++) {
        if (termination_flag_installed[i])
            sigaddset(&set, termination_signals[i]);
    }
    int error = pthread_sigmask(SIG_UNBLOCK, &set, &termination_flag_previous_mask);
    if (error != 0) {
        errno = error;
        goto failed;
    }
    termination_flag_unblocked = 1;
    return 0;
failed: {
    int saved = errno;
    cposix_termination_flag_remove();
    errno = saved;
    return -1;
}
}

int cposix_termination_flag_get(void)
{
    return termination_flag_signal;
}

void cposix_termination_flag_remove(void)
{
    if (termination_flag_unblocked)
        pthread_sigmask(SIG_SETMASK, &termination_flag_previous_mask, NULL);
    termination_flag_unblocked = 0;
    for (size_t i = 0; i < TERMINATION_SIGNAL_COUNT; i++) {
        if (termination_flag_installed[i])
            sigaction(termination_signals[i], &termination_flag_previous[i], NULL);
        termination_flag_installed[i] = 0;
    }
    termination_flag_signal = 0;
}

void cposix_release_free_memory(void)
{
    malloc_trim(0);
}

const char *cposix_signal_abbreviation(int signal)
{
    return sigabbrev_np(signal);
}

int cposix_create_partial(const char *path, char *name, size_t size)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    for (int attempt = 0; attempt < 100; attempt++) {
        uint32_t value = arc4random();
        char random[8];
        int length = 0;
        do {
            random[length++] = digits[value % 36];
            value /= 36;
        } while (value != 0);
        char text[8];
        for (int i = 0; i < length; i++)
            text[i] = random[length - 1 - i];
        text[length] = '\0';
        int needed = snprintf(name, size, "%s.%d-%s.partial", path, (int)getpid(), text);
        if (needed < 0 || (size_t)needed >= size) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}
