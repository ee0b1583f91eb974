/*
 * weston-inject: the module's shared state and the contracts between its
 * parts. One file per concern:
 *
 *   inject.c            module lifetime: the seat, the socket, the global
 *   control.c           control socket, command parser and dispatch table
 *   input.c             touch, pointer and keyboard input; seat capabilities
 *   pointer-gestures.c  the zwp_pointer_gestures_v1 server weston 10 lacks
 *   screenshot.c        output capture to PNG
 *   replay.c            input steps run on the compositor's own clock
 *   timing.c            event -> commit -> repaint times for benchmarks
 *   output.c            what clients are told about the output
 *
 * Everything but wet_module_init is built with hidden visibility, so these
 * names cannot clash with weston's or another module's.
 */

#ifndef WESTON_INJECT_H
#define WESTON_INJECT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <wayland-server.h>
#include <libweston/libweston.h>

/*
 * libweston-10 exports these for backends but declares them only in its
 * private headers (libweston/backend.h, libweston/libweston-internal.h),
 * which are not installed. The signatures were checked against the
 * calling convention of the 10.0.1 shared object; weston 12 changed
 * several of them (weston_coord), so this module is tied to weston 10.
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
void weston_seat_update_keymap(struct weston_seat *seat,
			       struct xkb_keymap *keymap);

void weston_output_damage(struct weston_output *output);

/* Longer than any sane command (paths included); bounds memory per client. */
#define INJECT_LINE_MAX 4096

enum inject_cap {
	INJECT_CAP_POINTER = 1 << 0,
	INJECT_CAP_KEYBOARD = 1 << 1,
	INJECT_CAP_TOUCH = 1 << 2,
};

/* The module: one per compositor, freed when the compositor is destroyed. */
struct inject {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	bool seat_initialized;
	/* Kept across touch capability removal: weston keeps the weston_touch
	 * aggregate too, and re-adding touch reuses both. */
	struct weston_touch_device *touch_device;
	uint32_t caps;	/* enum inject_cap bits the seat has now */

	char *socket_path;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list clients;	/* struct inject_client::link */

	/* zwp_pointer_gestures_v1, which weston 10 lacks: touchpad gestures
	 * are injected straight into the clients' gesture objects. */
	struct wl_global *gestures_global;
	struct wl_list gestures;	/* struct inject_gesture::link */

	/* Benchmark timing (timing.c); NULL until the first timing-start. */
	struct timing *timing;

	struct wl_listener compositor_destroy;
};

/* A pending capture; owned by screenshot.c. */
struct inject_shot;
/* A queue of input steps and its run; owned by replay.c. */
struct inject_replay;

/* One connection to the control socket. */
struct inject_client {
	struct inject *inject;
	struct wl_list link;
	int fd;
	struct wl_event_source *source;

	/* While a capture is pending, later lines stay buffered so replies
	 * keep the order of the commands. */
	struct inject_shot *shot;
	struct wl_event_source *resume_source;
	/* Input steps queued to run on the compositor's clock (replay.c);
	 * NULL until the first replay-add. */
	struct inject_replay *replay;
	/* A replay-wait's reply is pending. */
	bool waiting;

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

/* ---- control.c -------------------------------------------------------- */

/*
 * Command handlers get a NULL-terminated argv (argv[0] is the command
 * name, the argument count already checked against the dispatch table)
 * and return NULL on success, a static reason string on failure, or
 * INJECT_PENDING when they will queue the reply themselves later (with
 * client_queue_reply, then client_schedule_resume).
 */
typedef const char *(*inject_command_func)(struct inject_client *client,
					   char **argv);

extern const char INJECT_PENDING[];

/* Argument parsers: false unless the whole word is a valid value. */
bool parse_double(const char *s, double *out);	/* finite */
bool parse_long(const char *s, long min, long max, long *out);
bool parse_pressed(const char *s, bool *pressed);	/* pressed|released */

/* Runs one command line as if it came over the socket, without a reply:
 * NULL, a reason, or INJECT_PENDING. The line is split in place. */
const char *inject_run_line(struct inject_client *client, char *line);
/* Whether the name (len bytes) is an input command (needs a capability). */
bool inject_command_is_input(const char *name, size_t len);

/* Queues "ok" (reason NULL) or "error: reason"; false if it cannot. */
bool client_queue_reply(struct inject_client *client, const char *reason);
/* Goes on with the client's buffered lines from an idle callback. */
void client_schedule_resume(struct inject_client *client);

/* Listens on path (a stale socket there is replaced); -1 on failure. */
int inject_listen(struct inject *inject, const char *path);
/* Closes every connection and the listening socket, and removes it. */
void inject_control_destroy(struct inject *inject);

/* ---- input.c ---------------------------------------------------------- */

/* The time stamp of injected events: CLOCK_MONOTONIC, as libinput's. */
void inject_now(struct timespec *ts);
/* Adds and removes seat devices until the seat has exactly want. */
bool inject_set_caps(struct inject *inject, uint32_t want);

const char *cmd_touch_down(struct inject_client *client, char **argv);
const char *cmd_touch_motion(struct inject_client *client, char **argv);
const char *cmd_touch_up(struct inject_client *client, char **argv);
const char *cmd_touch_frame(struct inject_client *client, char **argv);
const char *cmd_touch_cancel(struct inject_client *client, char **argv);
const char *cmd_pointer_motion(struct inject_client *client, char **argv);
const char *cmd_button(struct inject_client *client, char **argv);
const char *cmd_axis(struct inject_client *client, char **argv);
const char *cmd_axis_source(struct inject_client *client, char **argv);
const char *cmd_pointer_frame(struct inject_client *client, char **argv);
const char *cmd_key(struct inject_client *client, char **argv);
const char *cmd_keymap(struct inject_client *client, char **argv);
const char *cmd_key_repeat(struct inject_client *client, char **argv);
const char *cmd_capabilities(struct inject_client *client, char **argv);

/* ---- pointer-gestures.c ----------------------------------------------- */

/* Creates the zwp_pointer_gestures_v1 global; -1 on failure. */
int inject_gestures_init(struct inject *inject);
/* Removes the global and detaches the gesture objects clients still hold,
 * which outlive the module at shutdown. */
void inject_gestures_destroy(struct inject *inject);

const char *cmd_swipe_begin(struct inject_client *client, char **argv);
const char *cmd_swipe_update(struct inject_client *client, char **argv);
const char *cmd_swipe_end(struct inject_client *client, char **argv);
const char *cmd_pinch_begin(struct inject_client *client, char **argv);
const char *cmd_pinch_update(struct inject_client *client, char **argv);
const char *cmd_pinch_end(struct inject_client *client, char **argv);
const char *cmd_hold_begin(struct inject_client *client, char **argv);
const char *cmd_hold_end(struct inject_client *client, char **argv);

/* ---- output.c --------------------------------------------------------- */

/* The first enabled output (headless runs have exactly one), or NULL. */
struct weston_output *inject_first_output(struct inject *inject);

const char *cmd_output_physical_size(struct inject_client *client, char **argv);

/* ---- screenshot.c ----------------------------------------------------- */

/* Abandons a pending capture (its client is going away). */
void shot_destroy(struct inject_shot *shot);

const char *cmd_screenshot(struct inject_client *client, char **argv);

/* ---- replay.c --------------------------------------------------------- */

/* Ends a run and frees the queue (its connection is going away). */
void replay_destroy(struct inject_replay *replay);

const char *cmd_replay_add(struct inject_client *client, char **argv);
const char *cmd_replay_start(struct inject_client *client, char **argv);
const char *cmd_replay_wait(struct inject_client *client, char **argv);

/* ---- timing.c --------------------------------------------------------- */

/* The client whose surface has touch focus, or NULL. */
struct wl_client *timing_touch_focus(struct inject *inject);
/* Records an injected touch event (touch_type: WL_TOUCH_DOWN, _MOTION or
 * _UP) notified with time stamp ts, while timing records. focus_before is
 * the touch focus before the notify: an up that lifts the last finger
 * clears the focus the event went to. */
void timing_note_touch(struct inject *inject, const struct timespec *ts,
		       int32_t touch_id, int touch_type,
		       struct wl_client *focus_before);
/* Stops recording and frees what was recorded. */
void timing_destroy(struct inject *inject);

const char *cmd_timing_start(struct inject_client *client, char **argv);
const char *cmd_timing_stop(struct inject_client *client, char **argv);
const char *cmd_timing_dump(struct inject_client *client, char **argv);

#endif
