/*
 * weston-inject timing: what the live benchmark (tools/bench) measures
 * inside the compositor, on CLOCK_MONOTONIC, the same for every client.
 *
 * For each injected touch event (down, motion, up):
 *   event    when notify_touch_* was called for it (the time stamp the
 *            client gets in the event);
 *   commit   the first wl_surface.commit that applies a newly attached
 *            buffer, from the client that had touch focus for the event,
 *            dispatched after the event was notified;
 *   repaint  the end of the first output repaint after that commit (the
 *            renderer's frame signal: the pixels are in the output's
 *            buffer), which is the first repaint that can show it.
 * The events of one touch frame reach the client together, when the
 * control reply is flushed, a few microseconds after they are notified.
 * A commit is "after" an event only in dispatch order: a client that
 * commits on its own schedule may answer with a frame it started before
 * it read the event, so event -> commit is a lower bound for such clients.
 *
 * Per client (by pid): its first buffer commit and the repaint after it,
 * i.e. when its first frame was submitted and when it was on the output.
 * The raw commits (time, pid) and repaints are kept too.
 *
 * Commits are seen through libwayland's protocol logger, which runs before
 * each request is dispatched: at a wl_surface.commit the surface's pending
 * state still says whether a buffer was attached since the last commit.
 * weston's commit_signal fires after that state is consumed. Clients that
 * draw into synchronized subsurfaces are not measured exactly (their
 * commit is cached until the parent's); the benchmarked clients have none.
 */

#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "inject.h"

/* Bounds memory if a timing session is left running: about 2 hours of
 * events at 8 ms, far more than any benchmark injects. */
#define TIMING_EVENTS_MAX (1u << 20)
#define TIMING_MARKS_MAX (1u << 20)
#define TIMING_CLIENTS_MAX 64

enum timing_kind {
	TIMING_DOWN,
	TIMING_MOTION,
	TIMING_UP,
};

struct timing_event {
	uint64_t event_ns;
	uint64_t commit_ns;	/* 0: none yet */
	uint64_t repaint_ns;	/* 0: none yet */
	int32_t touch_id;
	pid_t pid;		/* of the client with touch focus; 0: none */
	enum timing_kind kind;
};

struct timing_client {
	pid_t pid;
	uint64_t first_commit_ns;
	uint64_t first_repaint_ns;	/* 0: none yet */
	uint64_t commits;
};

struct timing_commit {
	uint64_t ns;
	pid_t pid;
};

struct timing_output {
	struct timing *timing;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener destroy_listener;
	struct wl_list link;	/* struct timing::outputs */
};

struct timing {
	struct inject *inject;
	bool recording;
	bool overflow;
	struct wl_protocol_logger *logger;
	struct wl_list outputs;	/* struct timing_output::link */
	struct wl_listener output_created_listener;

	struct timing_event *events;
	size_t n_events, cap_events;
	/* Every event before these has its commit (or repaint), or no
	 * client: where the scans start. */
	size_t first_uncommitted;
	size_t first_unrepainted;

	struct timing_client clients[TIMING_CLIENTS_MAX];
	size_t n_clients;

	struct timing_commit *commits;
	size_t n_commits, cap_commits;
	uint64_t *repaints;
	size_t n_repaints, cap_repaints;
};

static uint64_t
timespec_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

static uint64_t
now_ns(void)
{
	struct timespec ts;

	inject_now(&ts);
	return timespec_ns(&ts);
}

/* The array items (n of size bytes, room for *cap) with room for one more:
 * the same array, a larger copy, or NULL when max is reached or memory
 * runs out (items is then left as it was). */
static void *
reserve(void *items, size_t size, size_t n, size_t *cap, size_t max)
{
	size_t want;
	void *more;

	if (n < *cap)
		return items;
	if (n >= max)
		return NULL;
	want = *cap ? *cap * 2 : 1024;
	if (want > max)
		want = max;
	more = realloc(items, want * size);
	if (more)
		*cap = want;
	return more;
}

static pid_t
client_pid(struct wl_client *client)
{
	pid_t pid = 0;

	if (client)
		wl_client_get_credentials(client, &pid, NULL, NULL);
	return pid;
}

struct wl_client *
timing_touch_focus(struct inject *inject)
{
	struct weston_touch *touch;

	if (!inject->touch_device)
		return NULL;
	touch = inject->touch_device->aggregate;
	if (!touch || !touch->focus || !touch->focus->surface->resource)
		return NULL;
	return wl_resource_get_client(touch->focus->surface->resource);
}

static struct timing_client *
timing_find_client(struct timing *timing, pid_t pid)
{
	size_t i;

	for (i = 0; i < timing->n_clients; i++)
		if (timing->clients[i].pid == pid)
			return &timing->clients[i];
	return NULL;
}

/* ---- recording -------------------------------------------------------- */

void
timing_note_touch(struct inject *inject, const struct timespec *ts,
		  int32_t touch_id, int touch_type,
		  struct wl_client *focus_before)
{
	struct timing *timing = inject->timing;
	struct wl_client *focus;
	struct timing_event *events, *event;

	if (!timing || !timing->recording)
		return;
	events = reserve(timing->events, sizeof *events, timing->n_events,
			 &timing->cap_events, TIMING_EVENTS_MAX);
	if (!events) {
		timing->overflow = true;
		return;
	}
	timing->events = events;
	/* A down picks its focus inside notify; the last up clears it. */
	focus = timing_touch_focus(inject);
	if (!focus)
		focus = focus_before;

	event = &timing->events[timing->n_events++];
	*event = (struct timing_event) {
		.event_ns = timespec_ns(ts),
		.touch_id = touch_id,
		.pid = client_pid(focus),
		.kind = touch_type == WL_TOUCH_DOWN ? TIMING_DOWN :
			touch_type == WL_TOUCH_UP ? TIMING_UP : TIMING_MOTION,
	};
}

static void
timing_note_commit(struct timing *timing, pid_t pid, uint64_t ns)
{
	struct timing_client *client = timing_find_client(timing, pid);
	struct timing_commit *commits;
	size_t i;

	if (!client && timing->n_clients < TIMING_CLIENTS_MAX) {
		client = &timing->clients[timing->n_clients++];
		*client = (struct timing_client) {
			.pid = pid,
			.first_commit_ns = ns,
		};
	}
	if (client)
		client->commits++;

	commits = reserve(timing->commits, sizeof *commits, timing->n_commits,
			  &timing->cap_commits, TIMING_MARKS_MAX);
	if (commits) {
		timing->commits = commits;
		commits[timing->n_commits++] =
			(struct timing_commit) { .ns = ns, .pid = pid };
	} else {
		timing->overflow = true;
	}

	for (i = timing->first_uncommitted; i < timing->n_events; i++) {
		struct timing_event *event = &timing->events[i];

		if (event->pid == pid && event->commit_ns == 0)
			event->commit_ns = ns;
	}
	while (timing->first_uncommitted < timing->n_events &&
	       (timing->events[timing->first_uncommitted].commit_ns != 0 ||
		timing->events[timing->first_uncommitted].pid == 0))
		timing->first_uncommitted++;
}

static void
timing_note_repaint(struct timing *timing, uint64_t ns)
{
	uint64_t *repaints;
	size_t i;

	for (i = 0; i < timing->n_clients; i++)
		if (timing->clients[i].first_repaint_ns == 0)
			timing->clients[i].first_repaint_ns = ns;

	repaints = reserve(timing->repaints, sizeof *repaints,
			   timing->n_repaints, &timing->cap_repaints,
			   TIMING_MARKS_MAX);
	if (repaints) {
		timing->repaints = repaints;
		repaints[timing->n_repaints++] = ns;
	} else {
		timing->overflow = true;
	}

	for (i = timing->first_unrepainted; i < timing->n_events; i++) {
		struct timing_event *event = &timing->events[i];

		if (event->commit_ns != 0 && event->repaint_ns == 0)
			event->repaint_ns = ns;
	}
	while (timing->first_unrepainted < timing->n_events &&
	       (timing->events[timing->first_unrepainted].repaint_ns != 0 ||
		timing->events[timing->first_unrepainted].pid == 0))
		timing->first_unrepainted++;
}

static void
timing_handle_protocol(void *data, enum wl_protocol_logger_type direction,
		       const struct wl_protocol_logger_message *message)
{
	struct timing *timing = data;
	struct weston_surface *surface;

	if (direction != WL_PROTOCOL_LOGGER_REQUEST ||
	    strcmp(message->message->name, "commit") != 0 ||
	    strcmp(wl_resource_get_class(message->resource), "wl_surface") != 0)
		return;
	/* weston's wl_surface user data is its weston_surface; the commit
	 * has not been applied yet, so pending still holds the attach. */
	surface = wl_resource_get_user_data(message->resource);
	if (!surface || !surface->pending.newly_attached ||
	    !surface->pending.buffer)
		return;
	timing_note_commit(timing,
			   client_pid(wl_resource_get_client(message->resource)),
			   now_ns());
}

static void
timing_output_destroy(struct timing_output *to)
{
	wl_list_remove(&to->frame_listener.link);
	wl_list_remove(&to->destroy_listener.link);
	wl_list_remove(&to->link);
	free(to);
}

static void
timing_handle_frame(struct wl_listener *listener, void *data)
{
	struct timing_output *to =
		wl_container_of(listener, to, frame_listener);

	(void)data;
	timing_note_repaint(to->timing, now_ns());
}

static void
timing_handle_output_destroy(struct wl_listener *listener, void *data)
{
	struct timing_output *to =
		wl_container_of(listener, to, destroy_listener);

	(void)data;
	timing_output_destroy(to);
}

static bool
timing_watch_output(struct timing *timing, struct weston_output *output)
{
	struct timing_output *to = calloc(1, sizeof *to);

	if (!to)
		return false;
	to->timing = timing;
	to->output = output;
	to->frame_listener.notify = timing_handle_frame;
	wl_signal_add(&output->frame_signal, &to->frame_listener);
	to->destroy_listener.notify = timing_handle_output_destroy;
	wl_signal_add(&output->destroy_signal, &to->destroy_listener);
	wl_list_insert(&timing->outputs, &to->link);
	return true;
}

static void
timing_handle_output_created(struct wl_listener *listener, void *data)
{
	struct timing *timing =
		wl_container_of(listener, timing, output_created_listener);

	if (!timing_watch_output(timing, data))
		timing->overflow = true;
}

/* Stops listening; what was recorded stays for timing-dump. */
static void
timing_stop(struct timing *timing)
{
	struct timing_output *to, *tmp;

	if (!timing->recording)
		return;
	wl_list_for_each_safe(to, tmp, &timing->outputs, link)
		timing_output_destroy(to);
	wl_list_remove(&timing->output_created_listener.link);
	wl_protocol_logger_destroy(timing->logger);
	timing->logger = NULL;
	timing->recording = false;
}

static bool
timing_start(struct timing *timing)
{
	struct weston_compositor *compositor = timing->inject->compositor;
	struct weston_output *output;

	timing_stop(timing);
	timing->n_events = 0;
	timing->first_uncommitted = 0;
	timing->first_unrepainted = 0;
	timing->n_clients = 0;
	timing->n_commits = 0;
	timing->n_repaints = 0;
	timing->overflow = false;

	timing->logger = wl_display_add_protocol_logger(
		compositor->wl_display, timing_handle_protocol, timing);
	if (!timing->logger)
		return false;
	wl_list_init(&timing->outputs);
	timing->output_created_listener.notify = timing_handle_output_created;
	wl_signal_add(&compositor->output_created_signal,
		      &timing->output_created_listener);
	timing->recording = true;
	wl_list_for_each(output, &compositor->output_list, link)
		if (!timing_watch_output(timing, output)) {
			timing_stop(timing);
			return false;
		}
	return true;
}

void
timing_destroy(struct inject *inject)
{
	struct timing *timing = inject->timing;

	if (!timing)
		return;
	timing_stop(timing);
	free(timing->events);
	free(timing->commits);
	free(timing->repaints);
	free(timing);
	inject->timing = NULL;
}

/* ---- dump ------------------------------------------------------------- */

static void
dump_ns(FILE *file, uint64_t ns)
{
	if (ns)
		fprintf(file, "%llu", (unsigned long long)ns);
	else
		fputs("null", file);
}

static const char *const kind_names[] = {
	[TIMING_DOWN] = "down",
	[TIMING_MOTION] = "motion",
	[TIMING_UP] = "up",
};

static const char *
timing_write(struct timing *timing, const char *path)
{
	FILE *file = fopen(path, "w");
	size_t i;
	bool failed;

	if (!file)
		return "cannot create the timing file";

	fprintf(file, "{\"clock\": \"CLOCK_MONOTONIC\", \"unit\": \"ns\", "
		"\"recording\": %s, \"overflow\": %s,\n\"events\": [",
		timing->recording ? "true" : "false",
		timing->overflow ? "true" : "false");
	for (i = 0; i < timing->n_events; i++) {
		const struct timing_event *e = &timing->events[i];

		fprintf(file, "%s\n{\"type\": \"%s\", \"id\": %d, \"pid\": %d, "
			"\"event\": %llu, \"commit\": ", i ? "," : "",
			kind_names[e->kind], (int)e->touch_id, (int)e->pid,
			(unsigned long long)e->event_ns);
		dump_ns(file, e->commit_ns);
		fputs(", \"repaint\": ", file);
		dump_ns(file, e->repaint_ns);
		fputc('}', file);
	}
	fputs("],\n\"clients\": [", file);
	for (i = 0; i < timing->n_clients; i++) {
		const struct timing_client *c = &timing->clients[i];

		fprintf(file, "%s\n{\"pid\": %d, \"commits\": %llu, "
			"\"first_commit\": %llu, \"first_repaint\": ",
			i ? "," : "", (int)c->pid,
			(unsigned long long)c->commits,
			(unsigned long long)c->first_commit_ns);
		dump_ns(file, c->first_repaint_ns);
		fputc('}', file);
	}
	fputs("],\n\"commits\": [", file);
	for (i = 0; i < timing->n_commits; i++)
		fprintf(file, "%s[%llu, %d]", i ? ", " : "",
			(unsigned long long)timing->commits[i].ns,
			(int)timing->commits[i].pid);
	fputs("],\n\"repaints\": [", file);
	for (i = 0; i < timing->n_repaints; i++)
		fprintf(file, "%s%llu", i ? ", " : "",
			(unsigned long long)timing->repaints[i]);
	fputs("]}\n", file);

	failed = ferror(file) != 0;
	if (fclose(file) != 0 || failed)
		return "could not write the timing file";
	return NULL;
}

/* ---- commands --------------------------------------------------------- */

const char *
cmd_timing_start(struct inject_client *client, char **argv)
{
	struct inject *inject = client->inject;

	(void)argv;
	if (!inject->timing) {
		inject->timing = calloc(1, sizeof *inject->timing);
		if (!inject->timing)
			return "out of memory";
		inject->timing->inject = inject;
	}
	if (!timing_start(inject->timing))
		return "cannot watch commits and repaints";
	return NULL;
}

const char *
cmd_timing_stop(struct inject_client *client, char **argv)
{
	(void)argv;
	if (!client->inject->timing)
		return "no timing recorded (send timing-start first)";
	timing_stop(client->inject->timing);
	return NULL;
}

const char *
cmd_timing_dump(struct inject_client *client, char **argv)
{
	if (!client->inject->timing)
		return "no timing recorded (send timing-start first)";
	if (argv[1][0] != '/')
		return "timing path must be absolute";
	return timing_write(client->inject->timing, argv[1]);
}
