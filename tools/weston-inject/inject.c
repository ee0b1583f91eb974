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
 * compositor. The command list is in inject_commands[] (control.c) and in
 * tools/weston-inject/README.md; inject.h says which file owns what.
 *
 * This file: the module's lifetime (seat, control socket, gestures global).
 */

#define _GNU_SOURCE

#include <stdlib.h>

#include "inject.h"

#define INJECT_SOCKET_ENV "WESTON_INJECT_SOCKET"
#define INJECT_SEAT_NAME "inject"

int wet_module_init(struct weston_compositor *compositor,
		    int *argc, char *argv[]);

static void
inject_destroy(struct inject *inject)
{
	timing_destroy(inject);
	inject_gestures_destroy(inject);
	inject_control_destroy(inject);

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
	wl_list_init(&inject->gestures);

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

	if (inject_gestures_init(inject) < 0) {
		weston_log("weston-inject: cannot create zwp_pointer_gestures_v1\n");
		inject_destroy(inject);
		return -1;
	}

	inject->compositor_destroy.notify = inject_handle_compositor_destroy;
	wl_signal_add(&compositor->destroy_signal, &inject->compositor_destroy);

	weston_log("weston-inject: seat '%s' ready, listening on %s\n",
		   INJECT_SEAT_NAME, path);
	return 0;
}
