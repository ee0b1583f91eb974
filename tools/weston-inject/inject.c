/*
 * weston-inject: a weston 10 module that feeds synthetic touch, pointer and
 * keyboard input into the compositor and captures its output, driven by a
 * line protocol on a unix socket. It exists so end-to-end tests exercise
 * the real input path (compositor picking, focus, grabs, wl_seat
 * capabilities) instead of faking events inside the client.
 *
 * Load with:
 *   WESTON_INJECT_SOCKET=/path/to.sock weston --modules=/abs/weston-inject.so
 *
 * Protocol: one command per line; every line gets exactly one reply line,
 * "ok" or "error: <reason>". The reply is sent only after the compositor
 * has processed the command and flushed the resulting Wayland events to
 * its clients, so a test that waits for it is in lockstep with the
 * compositor. The command list is in inject_commands[] below and in
 * tools/weston-inject/README.md.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <png.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

/*
 * libweston-10 exports these for backends but declares them only in its
 * private headers (libweston/backend.h, libweston/libweston-internal.h),
 * which are not installed. The signatures were checked against the
 * calling convention of the 10.0.1 shared object; weston 12 changed
 * several of them (weston_coord), so this file is tied to weston 10.
 */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat,
			      struct xkb_keymap *keymap);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_pointer(struct weston_seat *seat);
void weston_seat_release_keyboard(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);

struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch,
				 const char *syspath, void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);

void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

void notify_motion_absolute(struct weston_seat *seat,
			    const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time,
		uint32_t key, enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);

void weston_output_damage(struct weston_output *output);

int wet_module_init(struct weston_compositor *compositor,
		    int *argc, char *argv[]);

#define INJECT_SOCKET_ENV "WESTON_INJECT_SOCKET"
#define INJECT_SEAT_NAME "inject"
/* Longer than any sane command (paths included); bounds memory per client. */
#define INJECT_LINE_MAX 4096
/* A client that never reads its replies is dropped past this much backlog. */
#define INJECT_OUT_MAX (64 * 1024)
#define INJECT_MAX_WORDS 8

enum inject_cap {
	INJECT_CAP_POINTER = 1 << 0,
	INJECT_CAP_KEYBOARD = 1 << 1,
	INJECT_CAP_TOUCH = 1 << 2,
};

struct inject {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	bool seat_initialized;
	/* Kept across touch capability removal: weston keeps the weston_touch
	 * aggregate too, and re-adding touch reuses both. */
	struct weston_touch_device *touch_device;
	uint32_t caps;

	char *socket_path;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list clients;	/* struct inject_client::link */

	struct wl_listener compositor_destroy;
};

struct inject_client;

/* A capture waits for the next repaint so it shows everything committed
 * before the command, not whatever the renderer last happened to draw. */
struct inject_shot {
	struct inject_client *client;
	struct weston_output *output;
	struct wl_listener frame_listener;
	char *path;
};

struct inject_client {
	struct inject *inject;
	struct wl_list link;
	int fd;
	struct wl_event_source *source;

	/* While a capture is pending, later lines stay buffered so replies
	 * keep the order of the commands. */
	struct inject_shot *shot;
	struct wl_event_source *resume_source;

	char in[INJECT_LINE_MAX + 1];
	size_t in_len;
	/* Set while the rest of an over-long line is being skipped. */
	bool discarding;

	char *out;
	size_t out_len;
	size_t out_cap;
	/* A reply could not be queued outside a dispatch; drop on resume. */
	bool broken;
};

/*
 * Handlers get a NULL-terminated argv (argv[0] is the command name) and
 * return NULL on success, a static reason string on failure, or
 * INJECT_PENDING when they will queue the reply themselves later.
 */
typedef const char *(*inject_command_func)(struct inject_client *client,
					   char **argv);

static const char INJECT_PENDING[] = "pending";

struct inject_command {
	const char *name;
	int min_args;
	int max_args;
	uint32_t needs_cap;
	/* The one argument is the rest of the line, so paths may hold blanks. */
	bool rest_of_line;
	inject_command_func handle;
};

static bool client_queue_reply(struct inject_client *client,
			       const char *reason);
static void client_schedule_resume(struct inject_client *client);

/*
 * Real input devices (libinput/evdev) stamp events with CLOCK_MONOTONIC,
 * while weston_compositor_get_time() in weston 10 reads CLOCK_REALTIME.
 * Clients are entitled to assume the former.
 */
static void
inject_now(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
}

static bool
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

static bool
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

static bool
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

/* ---- touch ------------------------------------------------------------ */

static const char *
touch_point(struct inject *inject, char **argv, int touch_type)
{
	bool with_position = touch_type != WL_TOUCH_UP;
	struct timespec ts;
	long id;
	double x = 0.0, y = 0.0;

	if (!parse_long(argv[1], INT32_MIN, INT32_MAX, &id))
		return "touch id must be a 32-bit integer";
	if (with_position &&
	    (!parse_double(argv[2], &x) || !parse_double(argv[3], &y)))
		return "coordinates must be finite numbers";

	inject_now(&ts);
	/* norm must be NULL for a device without calibration ops. */
	notify_touch_normalized(inject->touch_device, &ts, (int)id, x, y,
				NULL, touch_type);
	return NULL;
}

static const char *
cmd_touch_down(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_DOWN);
}

static const char *
cmd_touch_motion(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_MOTION);
}

static const char *
cmd_touch_up(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_UP);
}

static const char *
cmd_touch_frame(struct inject_client *client, char **argv)
{
	(void)argv;
	notify_touch_frame(client->inject->touch_device);
	return NULL;
}

static const char *
cmd_touch_cancel(struct inject_client *client, char **argv)
{
	(void)argv;
	notify_touch_cancel(client->inject->touch_device);
	return NULL;
}

/* ---- pointer ---------------------------------------------------------- */

static const char *
cmd_pointer_motion(struct inject_client *client, char **argv)
{
	struct timespec ts;
	double x, y;

	if (!parse_double(argv[1], &x) || !parse_double(argv[2], &y))
		return "coordinates must be finite numbers";
	inject_now(&ts);
	notify_motion_absolute(&client->inject->seat, &ts, x, y);
	return NULL;
}

static const char *
cmd_button(struct inject_client *client, char **argv)
{
	struct timespec ts;
	long code;
	bool pressed;

	if (!parse_long(argv[1], 0, INT32_MAX, &code))
		return "button code must be a non-negative integer";
	if (!parse_pressed(argv[2], &pressed))
		return "button state must be 'pressed' or 'released'";
	inject_now(&ts);
	notify_button(&client->inject->seat, &ts, (int32_t)code,
		      pressed ? WL_POINTER_BUTTON_STATE_PRESSED
			      : WL_POINTER_BUTTON_STATE_RELEASED);
	return NULL;
}

static const char *
cmd_axis(struct inject_client *client, char **argv)
{
	struct weston_pointer_axis_event event = { 0 };
	struct timespec ts;

	if (strcmp(argv[1], "vertical") == 0)
		event.axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
	else if (strcmp(argv[1], "horizontal") == 0)
		event.axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
	else
		return "axis must be 'vertical' or 'horizontal'";
	if (!parse_double(argv[2], &event.value))
		return "axis value must be a finite number";
	inject_now(&ts);
	notify_axis(&client->inject->seat, &ts, &event);
	return NULL;
}

static const char *
cmd_axis_source(struct inject_client *client, char **argv)
{
	static const struct {
		const char *name;
		uint32_t source;
	} sources[] = {
		{ "wheel", WL_POINTER_AXIS_SOURCE_WHEEL },
		{ "finger", WL_POINTER_AXIS_SOURCE_FINGER },
		{ "continuous", WL_POINTER_AXIS_SOURCE_CONTINUOUS },
		{ "wheel-tilt", WL_POINTER_AXIS_SOURCE_WHEEL_TILT },
	};
	size_t i;

	for (i = 0; i < sizeof sources / sizeof sources[0]; i++) {
		if (strcmp(argv[1], sources[i].name) == 0) {
			notify_axis_source(&client->inject->seat,
					   sources[i].source);
			return NULL;
		}
	}
	return "axis source must be wheel, finger, continuous or wheel-tilt";
}

static const char *
cmd_pointer_frame(struct inject_client *client, char **argv)
{
	(void)argv;
	notify_pointer_frame(&client->inject->seat);
	return NULL;
}

/* ---- keyboard --------------------------------------------------------- */

static const char *
cmd_key(struct inject_client *client, char **argv)
{
	struct timespec ts;
	long code;
	bool pressed;

	if (!parse_long(argv[1], 0, INT32_MAX, &code))
		return "key code must be a non-negative integer";
	if (!parse_pressed(argv[2], &pressed))
		return "key state must be 'pressed' or 'released'";
	inject_now(&ts);
	/* AUTOMATIC keeps weston's xkb state, hence modifiers, in step. */
	notify_key(&client->inject->seat, &ts, (uint32_t)code,
		   pressed ? WL_KEYBOARD_KEY_STATE_PRESSED
			   : WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
	return NULL;
}

/* ---- seat capabilities ------------------------------------------------ */

static bool
parse_caps(const char *list, uint32_t *out)
{
	static const struct {
		const char *name;
		uint32_t cap;
	} names[] = {
		{ "pointer", INJECT_CAP_POINTER },
		{ "keyboard", INJECT_CAP_KEYBOARD },
		{ "touch", INJECT_CAP_TOUCH },
	};
	uint32_t caps = 0;
	const char *p = list;

	if (strcmp(list, "none") == 0) {
		*out = 0;
		return true;
	}
	for (;;) {
		size_t len = strcspn(p, ",");
		bool found = false;
		size_t i;

		for (i = 0; i < sizeof names / sizeof names[0]; i++) {
			if (strlen(names[i].name) == len &&
			    strncmp(p, names[i].name, len) == 0) {
				caps |= names[i].cap;
				found = true;
			}
		}
		if (!found)
			return false;
		p += len;
		if (*p == '\0')
			break;
		p++;	/* the comma; an empty item after it fails above */
	}
	*out = caps;
	return true;
}

/*
 * Changes go through weston's own init/release, so clients see a genuine
 * wl_seat.capabilities event and weston itself clears focus and cancels
 * the touch grab, exactly as when the last such device is unplugged.
 */
static bool
inject_set_caps(struct inject *inject, uint32_t want)
{
	struct weston_seat *seat = &inject->seat;
	uint32_t add = want & ~inject->caps;
	uint32_t remove = inject->caps & ~want;

	if (remove & INJECT_CAP_TOUCH)
		weston_seat_release_touch(seat);
	if (remove & INJECT_CAP_POINTER)
		weston_seat_release_pointer(seat);
	if (remove & INJECT_CAP_KEYBOARD)
		weston_seat_release_keyboard(seat);
	inject->caps &= ~remove;

	if (add & INJECT_CAP_POINTER) {
		if (weston_seat_init_pointer(seat) < 0)
			return false;
		inject->caps |= INJECT_CAP_POINTER;
	}
	if (add & INJECT_CAP_KEYBOARD) {
		/* NULL selects the compositor's configured keymap. */
		if (weston_seat_init_keyboard(seat, NULL) < 0)
			return false;
		inject->caps |= INJECT_CAP_KEYBOARD;
	}
	if (add & INJECT_CAP_TOUCH) {
		if (weston_seat_init_touch(seat) < 0)
			return false;
		inject->caps |= INJECT_CAP_TOUCH;
		if (!inject->touch_device)
			inject->touch_device = weston_touch_create_touch_device(
				seat->touch_state, "inject-touch", NULL, NULL);
		if (!inject->touch_device)
			return false;
	}
	return true;
}

static const char *
cmd_capabilities(struct inject_client *client, char **argv)
{
	uint32_t caps;

	if (!parse_caps(argv[1], &caps))
		return "capabilities must be 'none' or a comma-separated "
		       "subset of touch,pointer,keyboard";
	if (!inject_set_caps(client->inject, caps))
		return "weston failed to add a capability";
	return NULL;
}

/* ---- screenshot ------------------------------------------------------- */

static void
shot_destroy(struct inject_shot *shot)
{
	wl_list_remove(&shot->frame_listener.link);
	shot->client->shot = NULL;
	free(shot->path);
	free(shot);
}

/* Encodes 32-bit native-endian x8r8g8b8 rows as an 8-bit RGB PNG. Returns
 * a static error string or NULL. Kept apart from the pixel reading because
 * libpng reports errors by longjmp. */
static const char *
png_write_xrgb(const char *path, png_bytep *rows, int width, int height)
{
	png_structp png;
	png_infop info;
	FILE *file;
	/* volatile: modified between setjmp and a possible longjmp */
	const char *volatile reason = NULL;

	file = fopen(path, "wb");
	if (!file)
		return "cannot create the PNG file";

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!info) {
		png_destroy_write_struct(&png, NULL);
		fclose(file);
		return "out of memory";
	}
	if (setjmp(png_jmpbuf(png))) {
		reason = "could not write the PNG file";
	} else {
		png_init_io(png, file);
		/* Captures are read back at once and thrown away: speed
		 * matters more than size (zlib's default level costs ~10x). */
		png_set_compression_level(png, 1);
		png_set_filter(png, 0, PNG_FILTER_NONE);
		png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB,
			     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
			     PNG_FILTER_TYPE_DEFAULT);
		png_write_info(png, info);
		/* The unused alpha byte is stripped; where it sits in memory
		 * depends on byte order. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		png_set_bgr(png);
		png_set_filler(png, 0, PNG_FILLER_AFTER);
#else
		png_set_filler(png, 0, PNG_FILLER_BEFORE);
#endif
		png_write_image(png, rows);
		png_write_end(png, NULL);
	}
	png_destroy_write_struct(&png, &info);
	if (fclose(file) != 0 && !reason)
		reason = "could not write the PNG file";
	return reason;
}

static const char *
shot_write_png(struct inject_shot *shot)
{
	struct weston_output *output = shot->output;
	struct weston_compositor *compositor = output->compositor;
	int width = output->current_mode->width;
	int height = output->current_mode->height;
	size_t stride = (size_t)width * 4;
	bool yflip = compositor->capabilities & WESTON_CAP_CAPTURE_YFLIP;
	png_bytep *rows;
	unsigned char *pixels;
	const char *reason;
	int y;

	pixels = malloc(stride * height);
	rows = calloc(height, sizeof *rows);
	if (!pixels || !rows) {
		free(pixels);
		free(rows);
		return "out of memory";
	}

	/* The output has no meaningful alpha; the format only fixes the
	 * byte layout. */
	if (compositor->renderer->read_pixels(output, PIXMAN_a8r8g8b8, pixels,
					      0, 0, width, height) < 0) {
		reason = "renderer could not read pixels";
	} else {
		for (y = 0; y < height; y++)
			rows[y] = pixels + stride * (yflip ? height - 1 - y : y);
		reason = png_write_xrgb(shot->path, rows, width, height);
		if (reason)
			weston_log("weston-inject: writing %s failed "
				   "(last OS error: %s)\n",
				   shot->path, strerror(errno));
	}
	free(rows);
	free(pixels);
	return reason;
}

static void
shot_handle_frame(struct wl_listener *listener, void *data)
{
	struct inject_shot *shot =
		wl_container_of(listener, shot, frame_listener);
	struct inject_client *client = shot->client;
	const char *reason;

	(void)data;
	reason = shot_write_png(shot);
	shot_destroy(shot);

	/* Resuming inline could start a new capture, i.e. add a listener to
	 * the signal being emitted, or destroy the client mid-emission;
	 * finish from an idle callback instead. */
	if (!client_queue_reply(client, reason))
		client->broken = true;
	client_schedule_resume(client);
}

static struct weston_output *
inject_find_output(struct inject *inject)
{
	struct weston_output *output;

	/* The first enabled output; headless runs have exactly one. */
	wl_list_for_each(output, &inject->compositor->output_list, link)
		if (output->current_mode)
			return output;
	return NULL;
}

static const char *
cmd_screenshot(struct inject_client *client, char **argv)
{
	struct inject_shot *shot;
	struct weston_output *output = inject_find_output(client->inject);

	if (!output)
		return "no enabled output";
	if (argv[1][0] != '/')
		return "screenshot path must be absolute";

	shot = calloc(1, sizeof *shot);
	if (!shot)
		return "out of memory";
	shot->path = strdup(argv[1]);
	if (!shot->path) {
		free(shot);
		return "out of memory";
	}
	shot->client = client;
	shot->output = output;
	shot->frame_listener.notify = shot_handle_frame;
	wl_signal_add(&output->frame_signal, &shot->frame_listener);
	client->shot = shot;

	/* Full damage forces a repaint even when nothing changed. */
	weston_output_damage(output);
	return INJECT_PENDING;
}

/* ---- misc ------------------------------------------------------------- */

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
	{ "key", 2, 2, INJECT_CAP_KEYBOARD, false, cmd_key },
	{ "capabilities", 1, 1, 0, false, cmd_capabilities },
	{ "screenshot", 1, 1, 0, true, cmd_screenshot },
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

static const char *
client_run_line(struct inject_client *client, char *line)
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

static void
client_destroy(struct inject_client *client)
{
	if (client->shot)
		shot_destroy(client->shot);
	if (client->resume_source)
		wl_event_source_remove(client->resume_source);
	wl_list_remove(&client->link);
	wl_event_source_remove(client->source);
	close(client->fd);
	free(client->out);
	free(client);
}

static bool
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
	/* Not reading while a capture is pending keeps a level-triggered
	 * readable socket from spinning the compositor's loop. */
	wl_event_source_fd_update(client->source,
				  (client->shot ? 0 : WL_EVENT_READABLE) |
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

	while (!client->shot &&
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
			reason = client_run_line(client, line);
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
	if (client->in_len == INJECT_LINE_MAX && !client->shot) {
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

static void
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

static int
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

/* ---- module lifetime -------------------------------------------------- */

static void
inject_destroy(struct inject *inject)
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

	/* Releasing the seat destroys the weston_touch, which must have no
	 * devices left, so the device goes first. */
	if (inject->touch_device)
		weston_touch_device_destroy(inject->touch_device);
	if (inject->seat_initialized)
		weston_seat_release(&inject->seat);

	if (inject->compositor_destroy.notify)
		wl_list_remove(&inject->compositor_destroy.link);
	free(inject);
}

static void
inject_handle_compositor_destroy(struct wl_listener *listener, void *data)
{
	struct inject *inject =
		wl_container_of(listener, inject, compositor_destroy);

	(void)data;
	inject_destroy(inject);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor,
		int *argc, char *argv[])
{
	const char *path = getenv(INJECT_SOCKET_ENV);
	struct inject *inject;

	(void)argc;
	(void)argv;

	if (!path || !*path) {
		weston_log("weston-inject: %s is not set; refusing to load "
			   "(set it to the control socket path)\n",
			   INJECT_SOCKET_ENV);
		return -1;
	}

	inject = calloc(1, sizeof *inject);
	if (!inject)
		return -1;
	inject->compositor = compositor;
	inject->listen_fd = -1;
	wl_list_init(&inject->clients);

	/* Headless weston has no input devices, hence no wl_seat at all
	 * unless something creates one. */
	weston_seat_init(&inject->seat, compositor, INJECT_SEAT_NAME);
	inject->seat_initialized = true;

	if (!inject_set_caps(inject, INJECT_CAP_POINTER | INJECT_CAP_KEYBOARD |
					     INJECT_CAP_TOUCH)) {
		weston_log("weston-inject: could not set up seat devices\n");
		inject_destroy(inject);
		return -1;
	}

	if (inject_listen(inject, path) < 0) {
		inject_destroy(inject);
		return -1;
	}

	inject->compositor_destroy.notify = inject_handle_compositor_destroy;
	wl_signal_add(&compositor->destroy_signal, &inject->compositor_destroy);

	weston_log("weston-inject: seat '%s' ready, listening on %s\n",
		   INJECT_SEAT_NAME, path);
	return 0;
}
