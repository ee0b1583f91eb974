#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/*
 * Writes an image as an 8-bit PNG file to `fd`, a file opened for writing,
 * and closes it (also when the writing fails). The pixels are laid out
 * as cairo keeps them: rows `stride` bytes apart, each pixel a native-endian
 * 32-bit word of premultiplied ARGB; with `has_alpha` 0 the alpha byte is
 * ignored and every pixel is opaque.
 *
 * An image whose pixels are all opaque is written as RGB, any other as RGBA
 * with its colours unpremultiplied: the colour types and the rounding
 * cairo's own PNG writer uses, so that reading the file back with cairo
 * gives the same pixels. Rows are stored unfiltered: the pictures a
 * window draws (flat fills, text, antialiased edges) compress about as
 * well that way, and choosing a filter for each row cost libpng more than
 * compressing did. They are compressed at zlib's level 3, which takes half
 * the time of its default for files about a quarter larger.
 *
 * Returns 0, setting `*stored_alpha` to 1 for RGBA and 0 for RGB (an RGB
 * file reads back to exactly these pixels; unpremultiplied colours may
 * round). Returns -1 with why in `error` (NUL-terminated, cut to
 * `error_size`); a file left half-written is the caller's to remove.
 */
int cpng_write(int fd, const uint32_t *pixels, int width, int height, size_t stride,
               int has_alpha, int *stored_alpha, char *error, size_t error_size);

#endif
