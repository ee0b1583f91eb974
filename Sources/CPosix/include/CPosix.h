/*
 * Linux system calls the Wayland backend needs but Swift cannot reach
 * directly: they sit behind _GNU_SOURCE, in a header the Glibc module
 * leaves out (malloc.h), or their result is a macro such as MAP_FAILED
 * that Swift does not import; and a signal handler, which must be C (Swift
 * code is not async-signal-safe).
 *
 * Every function returns -1 (or NULL) and leaves errno set on failure, so
 * callers can report strerror(errno).
 */
#ifndef CPOSIX_H
#define CPOSIX_H

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* Current CLOCK_MONOTONIC time in seconds: the clock of the timer below. */
double cposix_monotonic_seconds(void);

/*
 * An anonymous, close-on-exec file for wl_shm, sized to `size` bytes and
 * sealed against shrinking: the compositor maps it too and would fault
 * (SIGBUS) if the file ever got smaller under it. Returns the fd or -1.
 */
int cposix_shm_file_create(const char *name, size_t size);

/* Maps `size` bytes of `fd` read/write and shared; NULL on failure. */
void *cposix_mmap_shared(int fd, size_t size);

/*
 * Starts a thread that makes the kernel back `size` bytes at `addr` (a
 * shared, writable mapping) with memory ready to write
 * (MADV_POPULATE_WRITE), without changing what they hold, so that this
 * thread's first writes there take no page faults. It works from the
 * range's end toward its start, about a quarter of a megabyte at a
 * time: a caller writing from the start meets it wherever the two have
 * got to, and each side faults in only the part it reached first.
 * `addr` starts a page; `size` need not be whole pages. Stores the
 * thread in `thread`, to be joined before the range is unmapped.
 * Returns 0, or -1 if no thread could be made (the memory is then
 * faulted in as it is written).
 */
int cposix_populate_in_background(void *addr, size_t size, pthread_t *thread);

/*
 * Waits up to `seconds` for `thread` to end and joins it (returns 1);
 * detaches it if it has not ended by then (returns 0).
 */
int cposix_thread_join_within(pthread_t thread, double seconds);

/*
 * Looks for a regular file named `name` in the folder `root` and in the
 * folders below it, at most `depth` levels down (links to folders are not
 * followed), and writes the first folder holding one into `folder`
 * (`size` bytes, NUL included). Returns 0 when found, else -1: errno
 * ENAMETOOLONG when `root` does not fit in `folder`, ENOENT otherwise (a
 * root that cannot be read included). Deeper paths that do not fit are
 * skipped.
 */
int cposix_find_folder_holding(const char *root, const char *name, int depth, char *folder, size_t size);

/*
 * Sets `count` 32-bit pixels from `pixels` on to `value`: wmemset (which
 * the Glibc module leaves out; its wchar_t is 32 bits here), in the widest
 * stores the processor has (the C library picks them as it loads), where
 * a loop compiled for any x86-64 stores 16 bytes at a time.
 */
static inline void cposix_fill32(uint32_t *pixels, uint32_t value, size_t count) {
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is 32 bits");
    wmemset((wchar_t *)pixels, (wchar_t)value, count);
}

/*
 * A non-blocking, close-on-exec timerfd on CLOCK_MONOTONIC. Returns the fd
 * or -1.
 */
int cposix_timer_create(void);

/*
 * Arms the timer to expire once at the absolute CLOCK_MONOTONIC time
 * `deadline` (seconds; finite and >= 0, else EINVAL). A deadline in the
 * past expires immediately. The deadline is rounded up to the next
 * nanosecond so that, when the timer fires, cposix_monotonic_seconds() is
 * never still below it (which would re-arm the same deadline in a spin).
 */
int cposix_timer_arm_at(int fd, double deadline);

/*
 * poll(2) that returns by the absolute CLOCK_MONOTONIC time `deadline`
 * (seconds) at the latest, to the nanosecond (poll's own timeout is in
 * milliseconds). INFINITY waits for an event however long it takes; a
 * deadline already past (or NaN) polls without waiting. Returns what
 * ppoll returns.
 */
int cposix_poll_until(struct pollfd *fds, nfds_t count, double deadline);

/* Disarms the timer; a disarmed timer never becomes readable. */
int cposix_timer_disarm(int fd);

/*
 * Consumes the timer's expiration count so it stops polling readable.
 * Returns 0, also when nothing had expired yet (EAGAIN), or -1.
 */
int cposix_timer_drain(int fd);

/*
 * The termination signals (SIGTERM, SIGINT, SIGHUP) as a file descriptor
 * for a poll loop, so that they are handled as events of the loop rather
 * than in signal context. Blocks them in the calling thread (threads it
 * starts later inherit the mask; libdispatch's workers block every
 * signal), so that a signal sent to the process stays pending instead of
 * killing it, and returns a non-blocking, close-on-exec signalfd that
 * polls readable while one is pending; -1 on failure, with the mask
 * unchanged. The mask before is stored in `previous`. A signal the
 * process ignores (SIGHUP under nohup) is left alone: it stays ignored.
 */
int cposix_termination_signals_open(sigset_t *previous);

/*
 * Takes one pending termination signal: its number, 0 when none is
 * pending, -1 on error.
 */
int cposix_termination_signals_take(int fd);

/*
 * Closes the descriptor, drops termination signals still pending (the
 * app is already ending) and restores the mask `previous`.
 */
void cposix_termination_signals_close(int fd, const sigset_t *previous);

/*
 * The termination signals (SIGTERM, SIGINT, SIGHUP) as a flag, for a loop
 * with no poll to wait in (a headless run's player, which looks between
 * steps). From install until remove, the first such signal is only noted,
 * for cposix_termination_flag_get; a second one ends the process as the
 * signal would have without the handler, so a run that never looks (one
 * step that takes long) still stops. A signal the process ignores (SIGHUP
 * under nohup) stays ignored; one it started with blocked is unblocked in
 * the calling thread until remove. Install returns 0, or -1 with every
 * action as it was; one flag at a time.
 */
int cposix_termination_flag_install(void);

/* The signal noted since install (its number), 0 while none has come. */
int cposix_termination_flag_get(void);

/* Restores the actions and the mask install found, and clears the flag. */
void cposix_termination_flag_remove(void);

/*
 * Returns the heap's free pages to the system (glibc's malloc_trim), after
 * a burst of temporary allocations that later ones would not reuse soon:
 * freed memory in the middle of the heap otherwise stays resident.
 */
void cposix_release_free_memory(void);

/*
 * The C library's abbreviation of a signal's name without "SIG" ("TERM"
 * for SIGTERM), or NULL for a number it does not know.
 */
const char *cposix_signal_abbreviation(int signal);

/*
 * Creates, for writing, the temporary file a write of `path` goes through:
 * beside it, named PATH.PID-RANDOM.partial, made new (O_EXCL) without
 * following a link (O_NOFOLLOW), so it is never a file that was there nor
 * a link's target, and two writes of one path never share it. A name
 * already taken is passed over, as mkstemp does. Writes the name into
 * `name` (`size` bytes, the path's length and 40 more suffice) and
 * returns the descriptor; -1 with errno set otherwise (ENAMETOOLONG when
 * the name does not fit).
 */
int cposix_create_partial(const char *path, char *name, size_t size);

#endif
