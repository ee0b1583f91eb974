/*
 * weston-inject screenshots: "screenshot PATH" waits for the output's next
 * repaint, reads its pixels back from the renderer and writes them as an
 * RGB PNG, then lets the control connection go on with its next command.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "inject.h"

/* A capture waits for the next repaint so it shows everything committed
 * before the command, not whatever the renderer last happened to draw. */
struct inject_shot {
	struct inject_client *client;
	struct weston_output *output;
	struct wl_listener frame_listener;
	char *path;
};

void
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

const char *
cmd_screenshot(struct inject_client *client, char **argv)
{
	struct inject_shot *shot;
	struct weston_output *output = inject_first_output(client->inject);

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
