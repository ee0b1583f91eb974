/*
 * weston-inject input: touch, pointer and keyboard events enter through
 * libweston's notify_* entry points, the ones libinput backends use, and
 * the seat's capabilities change through weston's own device init and
 * release.
 */

#define _GNU_SOURCE

#include <limits.h>
#include <string.h>
#include <time.h>

#include "inject.h"


/*
 * Real input devices (libinput/evdev) stamp events with CLOCK_MONOTONIC,
 * while weston_compositor_get_time() in weston 10 reads CLOCK_REALTIME.
 * Clients are entitled to assume the former.
 */
void
inject_now(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
}


/* ---- touch ------------------------------------------------------------ */

static const char *
touch_point(struct inject *inject, char **argv, int touch_type)
{
	bool with_position = touch_type != WL_TOUCH_UP;
	struct wl_client *focus_before;
	struct timespec ts;
	long id;
	double x = 0.0, y = 0.0;

	if (!parse_long(argv[1], INT32_MIN, INT32_MAX, &id))
		return "touch id must be a 32-bit integer";
	if (with_position &&
	    (!parse_double(argv[2], &x) || !parse_double(argv[3], &y)))
		return "coordinates must be finite numbers";

	focus_before = timing_touch_focus(inject);
	inject_now(&ts);
	/* norm must be NULL for a device without calibration ops. */
	notify_touch_normalized(inject->touch_device, &ts, (int)id, x, y,
				NULL, touch_type);
	timing_note_touch(inject, &ts, (int32_t)id, touch_type, focus_before);
	return NULL;
}

const char *
cmd_touch_down(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_DOWN);
}

const char *
cmd_touch_motion(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_MOTION);
}

const char *
cmd_touch_up(struct inject_client *client, char **argv)
{
	return touch_point(client->inject, argv, WL_TOUCH_UP);
}

const char *
cmd_touch_frame(struct inject_client *client, char **argv)
{
	(void)argv;
	notify_touch_frame(client->inject->touch_device);
	return NULL;
}

/*
 * Weston 10's default touch grab ignores cancel: notify_touch_cancel alone
 * sends clients nothing and leaves the points counted as down, so the
 * next touch-down would not even pick a surface. What a compositor that
 * takes touches over (say, for a system gesture) does instead: tell the
 * focused client its touches are cancelled, end any grab, and forget the
 * points, as if all had been lifted.
 */
const char *
cmd_touch_cancel(struct inject_client *client, char **argv)
{
	struct weston_touch_device *device = client->inject->touch_device;
	struct weston_touch *touch = device->aggregate;
	struct weston_compositor *compositor = client->inject->compositor;
	struct wl_resource *resource;

	(void)argv;
	wl_resource_for_each(resource, &touch->focus_resource_list)
		wl_touch_send_cancel(resource);

	/* A grab other than the default one (a shell's touch move) ends
	 * itself here; the default grab does nothing. */
	notify_touch_cancel(device);

	/* Each point down holds an idle inhibit that its up would release. */
	while (touch->num_tp > 0) {
		touch->num_tp--;
		compositor->idle_inhibit--;
	}
	weston_compositor_wake(compositor);
	weston_touch_set_focus(touch, NULL);
	return NULL;
}

/* ---- pointer ---------------------------------------------------------- */

const char *
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

const char *
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

const char *
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

const char *
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

const char *
cmd_pointer_frame(struct inject_client *client, char **argv)
{
	(void)argv;
	notify_pointer_frame(&client->inject->seat);
	return NULL;
}

/* ---- keyboard --------------------------------------------------------- */

const char *
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

/*
 * Replaces the keymap of the seat's keyboard with the stock keymap of an
 * XKB layout (e.g. "fr", "de", "us"), as a user switching layouts would.
 * Weston sends clients the new wl_keyboard.keymap at once, or after the
 * last held key is released.
 */
const char *
cmd_keymap(struct inject_client *client, char **argv)
{
	struct weston_compositor *compositor = client->inject->compositor;
	struct xkb_rule_names names = { .layout = argv[1] };
	struct xkb_keymap *keymap;

	if (!compositor->xkb_context)
		return "compositor has no xkb context";
	keymap = xkb_keymap_new_from_names(compositor->xkb_context, &names, 0);
	if (!keymap)
		return "no such XKB layout";
	weston_seat_update_keymap(&client->inject->seat, keymap);
	xkb_keymap_unref(keymap);
	return NULL;
}

/*
 * Sets the key repeat rate (keys per second; 0 turns repeat off) and delay
 * (ms) weston announces in wl_keyboard.repeat_info: what weston.ini's
 * [keyboard] repeat-rate and repeat-delay set, which a --no-config run
 * cannot. Keyboards bound later get it on binding; those bound already
 * get it now, as from a compositor whose settings changed.
 */
const char *
cmd_key_repeat(struct inject_client *client, char **argv)
{
	struct weston_compositor *compositor = client->inject->compositor;
	struct weston_keyboard *keyboard =
		weston_seat_get_keyboard(&client->inject->seat);
	struct wl_list *lists[] = {
		&keyboard->resource_list, &keyboard->focus_resource_list,
	};
	struct wl_resource *resource;
	long rate, delay;
	size_t i;

	if (!parse_long(argv[1], 0, 1000, &rate))
		return "repeat rate must be an integer from 0 to 1000";
	if (!parse_long(argv[2], 0, 60000, &delay))
		return "repeat delay must be an integer from 0 to 60000";
	compositor->kb_repeat_rate = (int32_t)rate;
	compositor->kb_repeat_delay = (int32_t)delay;
	for (i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		wl_resource_for_each(resource, lists[i]) {
			if (wl_resource_get_version(resource) >=
			    WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION)
				wl_keyboard_send_repeat_info(resource,
							     (int32_t)rate,
							     (int32_t)delay);
		}
	}
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
bool
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

const char *
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
