/*
 * weston-inject: what clients are told about the output.
 *
 * Weston 10's headless backend reports a physical size of one millimetre
 * per pixel (1280x800 mm for a 1280x800 output), and no weston.ini key or
 * command-line option changes it. output-physical-size sets the size the
 * first output's heads report, and sends it to every client that bound
 * them, as a compositor does when a monitor is replaced: wl_output.geometry
 * with the new size, then wl_output.done (version 2 and later).
 */

#include "inject.h"

#include <limits.h>

struct weston_output *
inject_first_output(struct inject *inject)
{
	struct weston_output *output;

	wl_list_for_each(output, &inject->compositor->output_list, link)
		if (output->current_mode)
			return output;
	return NULL;
}

static void
head_send_geometry(struct weston_head *head, struct weston_output *output)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &head->resource_list) {
		wl_output_send_geometry(resource, output->x, output->y,
					head->mm_width, head->mm_height,
					head->subpixel,
					head->make ? head->make : "",
					head->model ? head->model : "",
					output->transform);
		if (wl_resource_get_version(resource) >= WL_OUTPUT_DONE_SINCE_VERSION)
			wl_output_send_done(resource);
	}
}

const char *
cmd_output_physical_size(struct inject_client *client, char **argv)
{
	struct weston_output *output = inject_first_output(client->inject);
	struct weston_head *head;
	long width, height;

	if (!output)
		return "no enabled output";
	/* 0 is what a compositor sends when it does not know; negative sizes
	 * are refused, and anything up to INT_MAX is passed on as given so
	 * that tests can check how clients treat absurd sizes. */
	if (!parse_long(argv[1], 0, INT_MAX, &width) ||
	    !parse_long(argv[2], 0, INT_MAX, &height))
		return "expected WIDTH_MM HEIGHT_MM as whole numbers from 0";

	wl_list_for_each(head, &output->head_list, output_link) {
		head->mm_width = (int32_t)width;
		head->mm_height = (int32_t)height;
		head_send_geometry(head, output);
	}
	return NULL;
}
