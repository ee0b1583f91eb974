#include "CPNG.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where the callbacks leave why the writing failed, for the caller. */
struct failure {
    char *text;
    size_t size;
};

static void record(struct failure *failure, const char *what) {
    if (failure->size == 0) return;
    snprintf(failure->text, failure->size, "%s", what);
}

static void on_error(png_structp png, png_const_charp message) {
    record(png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Where the encoder's bytes go, and where a failed write says why. */
struct output {
    FILE *file;
    struct failure *failure;
};

static void write_bytes(png_structp png, png_bytep data, size_t length) {
    struct output *output = png_get_io_ptr(png);
    if (fwrite(data, 1, length, output->file) != length) {
        record(output->failure, strerror(errno));
        png_longjmp(png, 1);
    }
}

static void flush_bytes(png_structp png) {
    (void)png;
}

static int all_opaque(const uint32_t *pixels, int width, int height, size_t stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xff) return 0;
        }
    }
    return 1;
}

/* zlib's level 3 instead of its default 6 (CPNG.h says why): compressing
 * is most of a snapshot's cost. */
enum { DEFLATE_LEVEL = 3 };

/* One colour channel out of premultiplied `c` under `alpha` (not 0),
 * rounded to nearest as cairo's writer rounds it. */
static uint8_t unpremultiplied(uint32_t c, uint32_t alpha) {
    return (uint8_t)((c * 255 + alpha / 2) / alpha);
}

static void convert_row(const uint32_t *source, uint8_t *out, int width, int with_alpha) {
    for (int x = 0; x < width; x++) {
        uint32_t p = source[x];
        uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
        if (!with_alpha) {
            out[0] = (uint8_t)r;
            out[1] = (uint8_t)g;
            out[2] = (uint8_t)b;
            out += 3;
            continue;
        }
        uint32_t alpha = p >> 24;
        if (alpha == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else if (alpha == 0xff) {
            out[0] = (uint8_t)r;
            out[1] = (uint8_t)g;
            out[2] = (uint8_t)b;
            out[3] = 0xff;
        } else {
            out[0] = unpremultiplied(r, alpha);
            out[1] = unpremultiplied(g, alpha);
            out[2] = unpremultiplied(b, alpha);
            out[3] = (uint8_t)alpha;
        }
        out += 4;
    }
}

/* The part that libpng may leave by a long jump: nothing it changes is
 * read after one. */
static int encode(struct output *output, const uint32_t *pixels, int width, int height, size_t stride,
                  int with_alpha, uint8_t *row) {
    struct failure *failure = output->failure;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, on_error, on_warning);
    if (png == NULL) {
        record(failure, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        record(failure, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, output, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, DEFLATE_LEVEL);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        convert_row((const uint32_t *)((const uint8_t *)pixels + (size_t)y * stride), row, width, with_alpha);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int cpng_write(int fd, const uint32_t *pixels, int width, int height, size_t stride,
               int has_alpha, int *stored_alpha, char *error, size_t error_size) {
    struct failure failure = {error, error_size};
    record(&failure, "");
    if (pixels == NULL || width <= 0 || height <= 0 || stride < (size_t)width * 4) {
        record(&failure, "no image to write");
        close(fd);
        return -1;
    }
    int with_alpha = has_alpha && !all_opaque(pixels, width, height, stride);
    *stored_alpha = with_alpha;
    uint8_t *row = malloc((size_t)width * 4);
    if (row == NULL) {
        record(&failure, "out of memory");
        close(fd);
        return -1;
    }
    FILE *file = fdopen(fd, "wb");
    if (file == NULL) {
        record(&failure, strerror(errno));
        close(fd);
        free(row);
        return -1;
    }
    struct output output = {file, &failure};
    int result = encode(&output, pixels, width, height, stride, with_alpha, row);
    free(row);
    /* The last bytes may only be written, and fail, as the file closes. */
    if (fclose(file) != 0 && result == 0) {
        record(&failure, strerror(errno));
        result = -1;
    }
    return result;
}
