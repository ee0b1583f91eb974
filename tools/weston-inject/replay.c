/*
 * weston-inject replay: input steps queued ahead and run by the
 * compositor itself, one step per tick of its own clock.
 *
 * Input from real devices reaches a compositor from the kernel, with no
 * other process waking for every event. A harness that sends each touch
 * frame over the control socket as it is due wakes once per frame, and on
 * a machine of few cores its wake-ups decide where the compositor and the
 * client run: whichever of the two keeps being pulled to the other core
 * pays for cold caches on every event. Queued steps are run here, from a
 * timer on weston's own event loop, so that the harness can sleep through
 * the whole workload.
 *
 * A step is one line of commands separated by ';' (say, the touch points
 * of one touch frame and the touch-frame itself). Only input commands may
 * be queued. Steps run at START + i * INTERVAL on CLOCK_MONOTONIC; a step
 * whose time has passed runs at the next dispatch, one step per dispatch
 * (the events' own time stamps tell how late each ran). The events a step
 * produced are flushed to the Wayland clients at once, as for a command
 * sent over the socket. The queue belongs to its connection: closing it
 * ends the run.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "inject.h"

/* Bounds a queue (each step is at most a line). */
#define MAX_STEPS 100000

struct inject_replay {
	struct inject_client *owner;
	char **steps;
	size_t count;
	size_t capacity;
	size_t next;	/* the next step to run */

	bool running;
	/* The run ended and its result waits for a replay-wait. */
	bool done;
	int64_t start_ns;
	int64_t interval_ns;
	int timer_fd;
	struct wl_event_source *timer_source;

	/* The first command that failed: "step N: reason". */
	char failure[160];
};

static int64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void
replay_clear_steps(struct inject_replay *replay)
{
	size_t i;

	for (i = 0; i < replay->count; i++)
		free(replay->steps[i]);
	replay->count = 0;
	replay->next = 0;
}

static void
replay_stop_timer(struct inject_replay *replay)
{
	if (replay->timer_source) {
		wl_event_source_remove(replay->timer_source);
		replay->timer_source = NULL;
	}
	if (replay->timer_fd >= 0) {
		close(replay->timer_fd);
		replay->timer_fd = -1;
	}
	replay->running = false;
}

void
replay_destroy(struct inject_replay *replay)
{
	if (!replay)
		return;
	replay_stop_timer(replay);
	replay_clear_steps(replay);
	free(replay->steps);
	free(replay);
}

static struct inject_replay *
replay_of(struct inject_client *client)
{
	if (!client->replay) {
		client->replay = calloc(1, sizeof *client->replay);
		if (!client->replay)
			return NULL;
		client->replay->owner = client;
		client->replay->timer_fd = -1;
	}
	return client->replay;
}

/* Arms the timer for the next step's slot (absolute, so it never drifts). */
static bool
replay_arm(struct inject_replay *replay)
{
	int64_t at = replay->start_ns + (int64_t)replay->next * replay->interval_ns;
	struct itimerspec spec = { 0 };

	spec.it_value.tv_sec = at / 1000000000LL;
	spec.it_value.tv_nsec = at % 1000000000LL;
	if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0)
		spec.it_value.tv_nsec = 1;
	return timerfd_settime(replay->timer_fd, TFD_TIMER_ABSTIME, &spec, NULL) == 0;
}

/* The reply to replay-wait: ok, or the first command that failed. */
static const char *
replay_result(struct inject_replay *replay)
{
	replay->done = false;
	return replay->failure[0] ? replay->failure : NULL;
}

/* Ends the run; a pending replay-wait gets its reply now. */
static void
replay_finish(struct inject_replay *replay)
{
	struct inject_client *client = replay->owner;

	replay_stop_timer(replay);
	replay_clear_steps(replay);
	replay->done = true;
	if (client->waiting) {
		client->waiting = false;
		if (!client_queue_reply(client, replay_result(replay)))
			client->broken = true;
		client_schedule_resume(client);
	}
}

/* Runs one step: each of its ';'-separated commands in order. */
static void
replay_run_step(struct inject_replay *replay, size_t index)
{
	char *rest = replay->steps[index];
	char *command;

	while ((command = strsep(&rest, ";")) != NULL) {
		const char *reason = inject_run_line(replay->owner, command);

		if (reason && !replay->failure[0])
			snprintf(replay->failure, sizeof replay->failure,
				 "step %zu: %s", index + 1, reason);
	}
	wl_display_flush_clients(replay->owner->inject->compositor->wl_display);
}

static int
replay_handle_timer(int fd, uint32_t mask, void *data)
{
	struct inject_replay *replay = data;
	uint64_t expirations;

	(void)mask;
	if (read(fd, &expirations, sizeof expirations) < 0 && errno != EAGAIN)
		weston_log("weston-inject: replay timer: %s\n", strerror(errno));
	if (now_ns() < replay->start_ns + (int64_t)replay->next * replay->interval_ns)
		return 0;	/* woken early; the timer is still armed */

	replay_run_step(replay, replay->next++);
	if (replay->next == replay->count) {
		replay_finish(replay);
	} else if (!replay_arm(replay)) {
		if (!replay->failure[0])
			snprintf(replay->failure, sizeof replay->failure,
				 "cannot arm the replay timer: %s", strerror(errno));
		replay_finish(replay);
	}
	return 0;
}

/* Whether every ';'-separated command of step names an input command. */
static const char *
replay_check_step(const char *step)
{
	const char *p = step;

	for (;;) {
		size_t len;

		while (*p == ' ' || *p == '\t')
			p++;
		len = strcspn(p, " \t;");
		if (len == 0)
			return "empty command in step";
		if (!inject_command_is_input(p, len))
			return "only input commands can be replayed";
		p += strcspn(p, ";");
		if (*p == '\0')
			return NULL;
		p++;
	}
}

const char *
cmd_replay_add(struct inject_client *client, char **argv)
{
	struct inject_replay *replay = replay_of(client);
	const char *reason;
	char *step;

	if (!replay)
		return "out of memory";
	if (replay->running)
		return "a replay is running";
	if (!argv[1])
		return "empty step";
	reason = replay_check_step(argv[1]);
	if (reason)
		return reason;
	if (replay->count == MAX_STEPS)
		return "too many steps";
	if (replay->count == replay->capacity) {
		size_t capacity = replay->capacity ? replay->capacity * 2 : 256;
		char **steps = realloc(replay->steps, capacity * sizeof *steps);

		if (!steps)
			return "out of memory";
		replay->steps = steps;
		replay->capacity = capacity;
	}
	step = strdup(argv[1]);
	if (!step)
		return "out of memory";
	replay->steps[replay->count++] = step;
	return NULL;
}

const char *
cmd_replay_start(struct inject_client *client, char **argv)
{
	struct wl_event_loop *loop =
		wl_display_get_event_loop(client->inject->compositor->wl_display);
	struct inject_replay *replay = replay_of(client);
	long start, interval;
	int64_t now = now_ns();

	if (!replay)
		return "out of memory";
	if (replay->running)
		return "a replay is running";
	if (replay->count == 0)
		return "no steps queued (replay-add)";
	if (!parse_long(argv[1], 0, INT64_MAX, &start))
		return "start must be CLOCK_MONOTONIC nanoseconds";
	if (!parse_long(argv[2], 1000, 10000000000L, &interval))
		return "interval must be 1000 to 10000000000 ns";
	if (start < now)
		return "start is in the past";
	if (start - now > 60000000000LL)
		return "start is more than 60 s away";

	replay->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (replay->timer_fd < 0)
		return "cannot create the replay timer";
	replay->timer_source = wl_event_loop_add_fd(loop, replay->timer_fd, WL_EVENT_READABLE,
						    replay_handle_timer, replay);
	replay->start_ns = start;
	replay->interval_ns = interval;
	replay->next = 0;
	replay->failure[0] = '\0';
	replay->done = false;
	replay->running = true;
	if (!replay->timer_source || !replay_arm(replay)) {
		replay_stop_timer(replay);
		return "cannot arm the replay timer";
	}
	return NULL;
}

const char *
cmd_replay_wait(struct inject_client *client, char **argv)
{
	struct inject_replay *replay = client->replay;

	(void)argv;
	if (replay && replay->done)
		return replay_result(replay);
	if (!replay || !replay->running)
		return "no replay was started";
	/* Later lines wait for this reply, so replies keep their order. */
	client->waiting = true;
	return INJECT_PENDING;
}
