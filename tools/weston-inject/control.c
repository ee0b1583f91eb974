/*
 * weston-inject control socket: accepts connections, reads command lines,
 * runs each through the dispatch table and queues one reply per line.
 * Replies go out only after the compositor has flushed the Wayland events
 * the command produced, which is what keeps a test in lockstep with it.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "inject.h"

/* A client that never reads its replies is dropped past this much backlog. */
#define INJECT_OUT_MAX (64 * 1024)
#define INJECT_MAX_WORDS 8

const char INJECT_PENDING[] = "pending";

struct inject_command {
	const char *name;
	int min_args;
	int max_args;
	uint32_t needs_cap;
	/* The one argument is the rest of the line, so paths may hold blanks. */
	bool rest_of_line;
	inject_command_func handle;
};

bool
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !isfinite(v))
		return false;
	*out = v;
	return true;
}

bool
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool
parse_pressed(const char *s, bool *pressed)
{
	if (strcmp(s, "pressed") == 0)
		*pressed = true;
	else if (strcmp(s, "released") == 0)
		*pressed = false;
	else
		return false;
	return true;
}
/* ---- dispatch --------------------------------------------------------- */

static const char *
cmd_ping(struct inject_client *client, char **argv)
{
	(void)client;
	(void)argv;
	return NULL;
}

static const struct inject_command inject_commands[] = {
	{ "touch-down", 3, 3, INJECT_CAP_TOUCH, false, cmd_touch_down },
	{ "touch-motion", 3, 3, INJECT_CAP_TOUCH, false, cmd_touch_motion },
	{ "touch-up", 1, 1, INJECT_CAP_TOUCH, false, cmd_touch_up },
	{ "touch-frame", 0, 0, INJECT_CAP_TOUCH, false, cmd_touch_frame },
	{ "touch-cancel", 0, 0, INJECT_CAP_TOUCH, false, cmd_touch_cancel },
	{ "pointer-motion", 2, 2, INJECT_CAP_POINTER, false, cmd_pointer_motion },
	{ "button", 2, 2, INJECT_CAP_POINTER, false, cmd_button },
	{ "axis", 2, 2, INJECT_CAP_POINTER, false, cmd_axis },
	{ "axis-source", 1, 1, INJECT_CAP_POINTER, false, cmd_axis_source },
	{ "pointer-frame", 0, 0, INJECT_CAP_POINTER, false, cmd_pointer_frame },
	{ "swipe-begin", 1, 1, INJECT_CAP_POINTER, false, cmd_swipe_begin },
	{ "swipe-update", 2, 2, INJECT_CAP_POINTER, false, cmd_swipe_update },
	{ "swipe-end", 0, 1, INJECT_CAP_POINTER, false, cmd_swipe_end },
	{ "pinch-begin", 1, 1, INJECT_CAP_POINTER, false, cmd_pinch_begin },
	{ "pinch-update", 4, 4, INJECT_CAP_POINTER, false, cmd_pinch_update },
	{ "pinch-end", 0, 1, INJECT_CAP_POINTER, false, cmd_pinch_end },
	{ "hold-begin", 1, 1, INJECT_CAP_POINTER, false, cmd_hold_begin },
	{ "hold-end", 0, 1, INJECT_CAP_POINTER, false, cmd_hold_end },
	{ "key", 2, 2, INJECT_CAP_KEYBOARD, false, cmd_key },
	{ "keymap", 1, 1, INJECT_CAP_KEYBOARD, false, cmd_keymap },
	{ "key-repeat", 2, 2, INJECT_CAP_KEYBOARD, false, cmd_key_repeat },
	{ "capabilities", 1, 1, 0, false, cmd_capabilities },
	{ "screenshot", 1, 1, 0, true, cmd_screenshot },
	{ "timing-start", 0, 0, 0, false, cmd_timing_start },
	{ "timing-stop", 0, 0, 0, false, cmd_timing_stop },
	{ "timing-dump", 1, 1, 0, true, cmd_timing_dump },
	{ "output-physical-size", 2, 2, 0, false, cmd_output_physical_size },
	{ "replay-add", 1, 1, 0, true, cmd_replay_add },
	{ "replay-start", 2, 2, 0, false, cmd_replay_start },
	{ "replay-wait", 0, 0, 0, false, cmd_replay_wait },
	{ "ping", 0, 0, 0, false, cmd_ping },
};

static const char *
cap_missing_reason(uint32_t cap)
{
	switch (cap) {
	case INJECT_CAP_TOUCH:
		return "seat has no touch capability";
	case INJECT_CAP_POINTER:
		return "seat has no pointer capability";
	case INJECT_CAP_KEYBOARD:
		return "seat has no keyboard capability";
	}
	return "seat lacks a capability";
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Splits on blanks in place into a NULL-terminated argv; -1 if too many. */
static int
split_words(char *line, char **argv, int max)
{
	int argc = 0;
	char *p = line;

	for (;;) {
		while (is_blank(*p))
			*p++ = '\0';
		if (*p == '\0')
			break;
		if (argc == max)
			return -1;
		argv[argc++] = p;
		while (*p && !is_blank(*p))
			p++;
	}
	argv[argc] = NULL;
	return argc;
}

static const struct inject_command *
find_command(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof inject_commands / sizeof inject_commands[0]; i++)
		if (strlen(inject_commands[i].name) == len &&
		    strncmp(inject_commands[i].name, name, len) == 0)
			return &inject_commands[i];
	return NULL;
}

bool
inject_command_is_input(const char *name, size_t len)
{
	const struct inject_command *cmd = find_command(name, len);

	return cmd && cmd->needs_cap != 0;
}

const char *
inject_run_line(struct inject_client *client, char *line)
{
	const struct inject_command *cmd;
	char *argv[INJECT_MAX_WORDS + 1];
	char *name = line;
	size_t name_len;
	int argc;

	while (is_blank(*name))
		name++;
	if (*name == '\0')
		return "empty command";
	name_len = strcspn(name, " \t");
	cmd = find_command(name, name_len);
	if (!cmd)
		return "unknown command";

	if (cmd->rest_of_line) {
		char *rest = name + name_len;
		char *end;

		while (is_blank(*rest))
			rest++;
		end = rest + strlen(rest);
		while (end > rest && is_blank(end[-1]))
			*--end = '\0';
		name[name_len] = '\0';
		argv[0] = name;
		argv[1] = *rest ? rest : NULL;
		argv[2] = NULL;
		argc = *rest ? 2 : 1;
	} else {
		argc = split_words(name, argv, INJECT_MAX_WORDS);
		if (argc < 0)
			return "too many arguments";
	}

	if (argc - 1 < cmd->min_args || argc - 1 > cmd->max_args)
		return "wrong number of arguments";
	/* Refused rather than forwarded: a removed device cannot produce
	 * events, and weston would still deliver them to wl_touch objects
	 * the client has not released yet. */
	if (cmd->needs_cap && !(client->inject->caps & cmd->needs_cap))
		return cap_missing_reason(cmd->needs_cap);
	return cmd->handle(client, argv);
}

/* ---- control connections ---------------------------------------------- */

/* A command's reply is still to come: later lines wait for it. */
static bool
client_is_waiting(const struct inject_client *client)
{
	return client->shot || client->waiting;
}

static void
client_destroy(struct inject_client *client)
{
	if (client->shot)
		shot_destroy(client->shot);
	replay_destroy(client->replay);
	if (client->resume_source)
		wl_event_source_remove(client->resume_source);
	wl_list_remove(&client->link);
	wl_event_source_remove(client->source);
	close(client->fd);
	free(client->out);
	free(client);
}

bool
client_queue_reply(struct inject_client *client, const char *reason)
{
	char line[256];
	size_t len;
	int n;

	if (reason)
		n = snprintf(line, sizeof line, "error: %s\n", reason);
	else
		n = snprintf(line, sizeof line, "ok\n");
	if (n < 0 || (size_t)n >= sizeof line)
		return false;
	len = n;

	if (client->out_len + len > INJECT_OUT_MAX)
		return false;
	if (client->out_len + len > client->out_cap) {
		size_t cap = client->out_cap ? client->out_cap : 256;
		char *out;

		while (cap < client->out_len + len)
			cap *= 2;
		out = realloc(client->out, cap);
		if (!out)
			return false;
		client->out = out;
		client->out_cap = cap;
	}
	memcpy(client->out + client->out_len, line, len);
	client->out_len += len;
	return true;
}

/* Returns false when the client must be dropped. */
static bool
client_flush(struct inject_client *client)
{
	if (client->out_len > 0) {
		/* Push the events the commands produced to the Wayland
		 * clients first, so "ok" means they are on the wire. */
		wl_display_flush_clients(client->inject->compositor->wl_display);
	}
	while (client->out_len > 0) {
		ssize_t n = send(client->fd, client->out, client->out_len,
				 MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				break;
			return false;
		}
		memmove(client->out, client->out + n, client->out_len - n);
		client->out_len -= n;
	}
	/* Not reading while a reply is pending keeps a level-triggered
	 * readable socket from spinning the compositor's loop. */
	wl_event_source_fd_update(client->source,
				  (client_is_waiting(client) ? 0 : WL_EVENT_READABLE) |
				  (client->out_len ? WL_EVENT_WRITABLE : 0));
	return true;
}

/* Runs the complete buffered lines, one reply each, until a command goes
 * pending. Returns false when the client must be dropped. */
static bool
client_process_input(struct inject_client *client)
{
	size_t start = 0;
	char *nl;

	while (!client_is_waiting(client) &&
	       (nl = memchr(client->in + start, '\n',
			    client->in_len - start)) != NULL) {
		char *line = client->in + start;
		size_t len = nl - line;
		const char *reason;

		*nl = '\0';
		start += len + 1;
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';

		if (client->discarding) {
			client->discarding = false;
			reason = "line too long";
		} else if (strlen(line) != len) {
			/* Would silently truncate the command otherwise. */
			reason = "embedded NUL byte";
		} else {
			reason = inject_run_line(client, line);
		}
		if (reason == INJECT_PENDING)
			continue;
		if (!client_queue_reply(client, reason))
			return false;
	}

	memmove(client->in, client->in + start, client->in_len - start);
	client->in_len -= start;

	/* No newline within the limit: drop what we have and skip up to the
	 * next newline, so there is still one reply per line. */
	if (client->in_len == INJECT_LINE_MAX && !client_is_waiting(client)) {
		client->discarding = true;
		client->in_len = 0;
	}
	return true;
}

static void
client_handle_resume(void *data)
{
	struct inject_client *client = data;

	/* libwayland removes a fired idle source itself. */
	client->resume_source = NULL;
	if (client->broken || !client_process_input(client) ||
	    !client_flush(client))
		client_destroy(client);
}

void
client_schedule_resume(struct inject_client *client)
{
	struct wl_event_loop *loop =
		wl_display_get_event_loop(client->inject->compositor->wl_display);

	if (!client->resume_source)
		client->resume_source =
			wl_event_loop_add_idle(loop, client_handle_resume, client);
}

static int
client_handle_event(int fd, uint32_t mask, void *data)
{
	struct inject_client *client = data;

	/* Readable is only armed with room in the buffer; checked anyway,
	 * since a zero-length recv would read as end of stream. */
	if ((mask & WL_EVENT_READABLE) && client->in_len < INJECT_LINE_MAX) {
		ssize_t n;

		do {
			n = recv(fd, client->in + client->in_len,
				 INJECT_LINE_MAX - client->in_len, 0);
		} while (n < 0 && errno == EINTR);

		if (n == 0 ||
		    (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
			client_destroy(client);
			return 0;
		}
		if (n > 0) {
			client->in_len += n;
			if (!client_process_input(client)) {
				client_destroy(client);
				return 0;
			}
		}
	} else if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) {
		client_destroy(client);
		return 0;
	}

	if (!client_flush(client))
		client_destroy(client);
	return 0;
}

static int
listen_handle_event(int fd, uint32_t mask, void *data)
{
	struct inject *inject = data;
	struct wl_event_loop *loop =
		wl_display_get_event_loop(inject->compositor->wl_display);
	struct inject_client *client;
	int cfd;

	(void)mask;
	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (cfd < 0) {
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			weston_log("weston-inject: accept failed: %s\n",
				   strerror(errno));
		return 0;
	}

	client = calloc(1, sizeof *client);
	if (!client) {
		close(cfd);
		return 0;
	}
	client->inject = inject;
	client->fd = cfd;
	client->source = wl_event_loop_add_fd(loop, cfd, WL_EVENT_READABLE,
					      client_handle_event, client);
	if (!client->source) {
		close(cfd);
		free(client);
		return 0;
	}
	wl_list_insert(&inject->clients, &client->link);
	return 0;
}

int
inject_listen(struct inject *inject, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct wl_event_loop *loop =
		wl_display_get_event_loop(inject->compositor->wl_display);
	struct stat st;

	if (strlen(path) >= sizeof addr.sun_path) {
		weston_log("weston-inject: socket path too long (max %zu): %s\n",
			   sizeof addr.sun_path - 1, path);
		return -1;
	}
	memcpy(addr.sun_path, path, strlen(path) + 1);

	/* A socket left behind by a crashed run would make bind fail. Only
	 * sockets are removed, so a wrong path cannot delete a file. */
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode))
		unlink(path);

	inject->listen_fd = socket(AF_UNIX,
				   SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (inject->listen_fd < 0) {
		weston_log("weston-inject: socket: %s\n", strerror(errno));
		return -1;
	}
	if (bind(inject->listen_fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
	    listen(inject->listen_fd, 8) < 0) {
		weston_log("weston-inject: cannot listen on %s: %s\n",
			   path, strerror(errno));
		return -1;
	}
	inject->socket_path = strdup(path);
	if (!inject->socket_path)
		return -1;

	inject->listen_source = wl_event_loop_add_fd(loop, inject->listen_fd,
						     WL_EVENT_READABLE,
						     listen_handle_event, inject);
	return inject->listen_source ? 0 : -1;
}

void
inject_control_destroy(struct inject *inject)
{
	struct inject_client *client, *tmp;

	wl_list_for_each_safe(client, tmp, &inject->clients, link)
		client_destroy(client);

	if (inject->listen_source)
		wl_event_source_remove(inject->listen_source);
	if (inject->listen_fd >= 0)
		close(inject->listen_fd);
	if (inject->socket_path) {
		unlink(inject->socket_path);
		free(inject->socket_path);
	}
}
