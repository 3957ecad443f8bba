#include "CImageIO.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <jpeglib.h>
#include <jerror.h>
#include <png.h>
#include <zlib.h>
#include <libdeflate.h>

/* ---- libjpeg ----------------------------------------------------------------------------- */

struct rf_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void rf_jpeg_error_exit(j_common_ptr cinfo) {
    struct rf_jpeg_error *err = (struct rf_jpeg_error *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(err->message, err->message_size, "%s", buffer);
    longjmp(err->jump, 1);
}

/* Warnings are not printed. Those that lose pixels (the data ends before the image does, or a
   marker cuts a data segment short: libjpeg then fills the rest with grey) make the decode fail,
   since our frames are evidence in CI; those that lose none (extraneous bytes before a marker)
   are accepted, as every viewer accepts them. */
static void rf_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* libjpeg's error manager with ours: errors longjmp to jerr->jump with the message in `error`,
   and warnings are not printed. */
static struct jpeg_error_mgr *rf_jpeg_errors(struct rf_jpeg_error *jerr, char *error, size_t error_size) {
    struct jpeg_error_mgr *base = jpeg_std_error(&jerr->base);
    jerr->base.error_exit = rf_jpeg_error_exit;
    jerr->base.output_message = rf_jpeg_output_message;
    jerr->message = error;
    jerr->message_size = error_size;
    return base;
}

struct rf_jpeg_loss {
    int lost;
    int code;
};

static void rf_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level == -1) {
        int code = cinfo->err->msg_code;
        if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER) {
            struct rf_jpeg_loss *loss = (struct rf_jpeg_loss *)cinfo->client_data;
            if (loss && !loss->lost) { loss->lost = 1; loss->code = code; }
        }
        cinfo->err->num_warnings++;
    }
}

int rf_jpeg_info(const uint8_t *data, size_t size, int *width, int *height, int *components,
                 char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct rf_jpeg_error jerr;
    cinfo.err = rf_jpeg_errors(&jerr, error, error_size);
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    *components = cinfo.num_components;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int rf_jpeg_decode_rgba(const uint8_t *data, size_t size, uint8_t *rgba, int width, int height,
                        char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct rf_jpeg_error jerr;
    cinfo.err = rf_jpeg_errors(&jerr, error, error_size);
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if ((int)cinfo.image_width != width || (int)cinfo.image_height != height) {
        snprintf(error, error_size, "size changed between header and decode");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        snprintf(error, error_size, "CMYK JPEG images are not supported; save it as RGB");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    struct rf_jpeg_loss loss = {0, 0};
    cinfo.client_data = &loss;
    jerr.base.emit_message = rf_jpeg_emit_message;
    cinfo.out_color_space = JCS_EXT_RGBA; /* libjpeg-turbo extension: 4 bytes, alpha 255 */
    cinfo.dct_method = JDCT_ISLOW;        /* exact and the same on every machine */
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)cinfo.output_scanline * (size_t)width * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    if (!loss.lost) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (loss.lost) return loss.code == JWRN_JPEG_EOF ? RF_JPEG_DATA_ENDS : RF_JPEG_MARKER_INTERRUPTS;
    return 0;
}

/* ---- libpng classic write ------------------------------------------------------------------ */

struct rf_png_buffer {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
};

struct rf_png_error {
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void rf_png_write(png_structp png, png_bytep bytes, png_size_t length) {
    struct rf_png_buffer *buffer = (struct rf_png_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void rf_png_flush(png_structp png) { (void)png; }

static void rf_png_error_fn(png_structp png, png_const_charp message) {
    struct rf_png_error *err = (struct rf_png_error *)png_get_error_ptr(png);
    snprintf(err->message, err->message_size, "%s", message);
    longjmp(err->jump, 1);
}

static void rf_png_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int rf_libpng_encode(const uint8_t *pixels, int width, int height, int channels, int level,
                     uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    struct rf_png_error err = {.message = error, .message_size = error_size};
    struct rf_png_buffer buffer = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &err, rf_png_error_fn,
                                              rf_png_warning_fn);
    if (!png) {
        snprintf(error, error_size, "png_create_write_struct failed");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        snprintf(error, error_size, "out of memory");
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    /* setjmp stands alone in its condition: C allows it in no larger expression. */
    if (setjmp(err.jump)) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
        return 1;
    }
    png_set_write_fn(png, &buffer, rf_png_write, rf_png_flush);
    if (level >= 0) png_set_compression_level(png, level);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)width * (size_t)channels));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = buffer.data;
    *out_size = buffer.size;
    return 0;
}

/* Our own destination: the buffer it grows is always ours to free (jpeg_mem_dest frees its first
   buffer when it grows and tells the caller of the new one only at the end, so after an error
   the caller's pointer is stale). */
struct rf_jpeg_destination {
    struct jpeg_destination_mgr base;
    uint8_t *data;
    size_t capacity;
};

static void rf_jpeg_init_destination(j_compress_ptr cinfo) {
    struct rf_jpeg_destination *d = (struct rf_jpeg_destination *)cinfo->dest;
    d->base.next_output_byte = d->data;
    d->base.free_in_buffer = d->capacity;
}

static boolean rf_jpeg_empty_output_buffer(j_compress_ptr cinfo) {
    struct rf_jpeg_destination *d = (struct rf_jpeg_destination *)cinfo->dest;
    size_t grown = d->capacity * 2;
    uint8_t *data = realloc(d->data, grown);
    if (!data) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    d->data = data;
    /* The library asks only when the buffer is full: the new room starts at the old end. */
    d->base.next_output_byte = data + d->capacity;
    d->base.free_in_buffer = grown - d->capacity;
    d->capacity = grown;
    return TRUE;
}

static void rf_jpeg_term_destination(j_compress_ptr cinfo) { (void)cinfo; }

int rf_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                       uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    struct jpeg_compress_struct cinfo;
    struct rf_jpeg_error jerr;
    /* On the heap, and the pointer set before setjmp and never changed: after a longjmp it and
       what it points to (changed only by the callbacks) are as the error left them. */
    struct rf_jpeg_destination *dest = calloc(1, sizeof *dest);
    if (!dest || !(dest->data = malloc(65536))) {
        free(dest);
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    dest->capacity = 65536;
    dest->base.init_destination = rf_jpeg_init_destination;
    dest->base.empty_output_buffer = rf_jpeg_empty_output_buffer;
    dest->base.term_destination = rf_jpeg_term_destination;
    cinfo.err = rf_jpeg_errors(&jerr, error, error_size);
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest->data);
        free(dest);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &dest->base;
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    *out_size = dest->capacity - dest->base.free_in_buffer;
    *out = dest->data;
    jpeg_destroy_compress(&cinfo);
    free(dest);
    return 0;
}

/* ---- libpng classic read, 16-bit files ------------------------------------------------------ */

struct rf_png_source {
    const uint8_t *data;
    size_t size;
    size_t at;
};

static void rf_png_read(png_structp png, png_bytep bytes, png_size_t length) {
    struct rf_png_source *source = (struct rf_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->at) png_error(png, "the file is cut short");
    memcpy(bytes, source->data + source->at, length);
    source->at += length;
}

int rf_png_decode16(const uint8_t *data, size_t size, uint16_t *rgba, int width, int height,
                    int *gamma, int *srgb, char *error, size_t error_size) {
    struct rf_png_error err = {.message = error, .message_size = error_size};
    struct rf_png_source source = {.data = data, .size = size, .at = 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &err, rf_png_error_fn,
                                             rf_png_warning_fn);
    if (!png) {
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        snprintf(error, error_size, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    if (setjmp(err.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &source, rf_png_read);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != (png_uint_32)width ||
        png_get_image_height(png, info) != (png_uint_32)height ||
        png_get_bit_depth(png, info) != 16) {
        snprintf(error, error_size, "IHDR changed between reads");
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    /* The samples as stored, big-endian swapped to the machine's order, every color type made
       RGBA: no gamma transform (that is the caller's), so nothing of libpng's 16-to-8 conversion. */
    int color = png_get_color_type(png, info);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    png_set_swap(png); /* PNG stores samples big-endian */
#endif
    /* libpng refuses widths and heights over 1,000,000 by default; the caller's pixel limit rules. */
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 8) {
        snprintf(error, error_size, "unexpected row size after conversion to RGBA");
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_fixed_point file_gamma = 0;
    *gamma = png_get_gAMA_fixed(png, info, &file_gamma) ? (int)file_gamma : 0;
    *srgb = png_get_valid(png, info, PNG_INFO_sRGB) || png_get_valid(png, info, PNG_INFO_iCCP);
    png_bytep *rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (!rows) {
        snprintf(error, error_size, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    for (int y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * (size_t)width * 4);
    if (setjmp(err.jump)) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int rf_zlib_uncompress(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size) {
    uLongf produced = (uLongf)*out_size;
    int status = uncompress(out, &produced, data, (uLong)size);
    *out_size = (size_t)produced;
    return status == Z_OK ? 0 : 1;
}

int rf_can_allocate(size_t bytes) {
    /* The volatile store keeps the compiler from removing the malloc and free as unused. */
    volatile uint8_t *probe = malloc(bytes ? bytes : 1);
    if (!probe) return 0;
    probe[0] = 1;
    free((void *)probe);
    return 1;
}

void rf_keep_large_buffers(void) {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

void rf_free(void *pointer) { free(pointer); }

/* ---- Decode and reduce in one pass ------------------------------------------------------- */

/* Area reduction of RGBA8 rows as they come: output column x covers source columns
   [x * sx, (x + 1) * sx), each weighted by the part of it inside, over sx (at most ceil(sx) + 1
   columns); output row y likewise over source rows. One row of accumulators is held. */
struct rf_reducer {
    int src_w, src_h, dst_w, dst_h, taps, alpha, oy;
    double sy, row_end;
    float *weights, *hrow, *acc;
    int *first, *count;
    uint8_t *out;
    void *memory;
};

static int rf_reducer_init(struct rf_reducer *r, int src_w, int src_h, int dst_w, int dst_h, int alpha, uint8_t *out) {
    double sx = (double)src_w / dst_w;
    r->src_w = src_w; r->src_h = src_h; r->dst_w = dst_w; r->dst_h = dst_h; r->alpha = alpha; r->out = out;
    r->taps = (int)sx + 2;
    r->sy = (double)src_h / dst_h;
    r->row_end = r->sy; /* where output row oy ends, in source rows */
    r->oy = 0;
    size_t floats = (size_t)dst_w * r->taps + (size_t)dst_w * 4 * 2;
    r->memory = malloc(floats * sizeof(float) + (size_t)dst_w * 2 * sizeof(int));
    if (!r->memory) return 0;
    r->weights = r->memory;
    r->hrow = r->weights + (size_t)dst_w * r->taps;
    r->acc = r->hrow + (size_t)dst_w * 4;
    r->first = (int *)(r->acc + (size_t)dst_w * 4);
    r->count = r->first + dst_w;
    for (int x = 0; x < dst_w; x++) {
        double start = x * sx, end = (x + 1) * sx;
        int i0 = (int)start, n = 0;
        for (int i = i0; i < src_w && i < end && n < r->taps; i++, n++) {
            double lo = start > i ? start : i, hi = end < i + 1 ? end : i + 1;
            r->weights[(size_t)x * r->taps + n] = (float)((hi - lo) / sx);
        }
        r->first[x] = i0;
        r->count[x] = n;
    }
    memset(r->acc, 0, (size_t)dst_w * 4 * sizeof(float));
    return 1;
}

/* Source row y (RGB8 when `channels` is 3, else RGBA8 with straight alpha) into the
   accumulators, writing output rows as they end. An RGB pixel counts as alpha 255, with the
   same arithmetic as an opaque RGBA one. */
static void rf_reducer_row(struct rf_reducer *r, int y, const uint8_t *row, int channels) {
    const int dst_w = r->dst_w, taps = r->taps;
    /* Premultiplied, then each output column's weighted mean of this row. */
    if (r->alpha) {
        for (int x = 0; x < dst_w; x++) {
            const uint8_t *p = row + (size_t)r->first[x] * 4;
            const float *w = r->weights + (size_t)x * taps;
            float cr = 0, cg = 0, cb = 0, ca = 0;
            for (int k = 0, n = r->count[x]; k < n; k++, p += 4) {
                float pa = p[3], wk = w[k];
                float m = wk * pa * (1.0f / 255);
                cr += p[0] * m; cg += p[1] * m; cb += p[2] * m;
                ca += pa * wk;
            }
            float *h = r->hrow + (size_t)x * 4;
            h[0] = cr; h[1] = cg; h[2] = cb; h[3] = ca;
        }
    } else {
        for (int x = 0; x < dst_w; x++) {
            const uint8_t *p = row + (size_t)r->first[x] * channels;
            const float *w = r->weights + (size_t)x * taps;
            float cr = 0, cg = 0, cb = 0, ca = 0;
            for (int k = 0, n = r->count[x]; k < n; k++, p += channels) {
                float wk = w[k];
                cr += p[0] * wk; cg += p[1] * wk; cb += p[2] * wk;
                ca += 255.0f * wk;
            }
            float *h = r->hrow + (size_t)x * 4;
            h[0] = cr; h[1] = cg; h[2] = cb; h[3] = ca;
        }
    }
    /* This source row [y, y + 1) adds to output row oy up to its end, and the rest to the next. */
    double top = y, bottom = y + 1.0;
    while (top < bottom && r->oy < r->dst_h) {
        double part = (bottom < r->row_end ? bottom : r->row_end) - top;
        float wy = (float)(part / r->sy);
        for (size_t i = 0; i < (size_t)dst_w * 4; i++) r->acc[i] += r->hrow[i] * wy;
        top += part;
        if (bottom >= r->row_end - 1e-9) {
            uint8_t *o = r->out + (size_t)r->oy * dst_w * 4;
            for (int x = 0; x < dst_w; x++) {
                float *c = r->acc + (size_t)x * 4;
                int av = (int)(c[3] + 0.5f);
                av = av < 0 ? 0 : av > 255 ? 255 : av;
                for (int k = 0; k < 3; k++) {
                    int v = (int)(c[k] + 0.5f);
                    v = v < 0 ? 0 : v > av ? av : v;
                    o[x * 4 + k] = (uint8_t)v;
                }
                o[x * 4 + 3] = (uint8_t)av;
            }
            memset(r->acc, 0, (size_t)dst_w * 4 * sizeof(float));
            r->oy += 1;
            r->row_end = (r->oy + 1) * r->sy;
            if (r->oy == r->dst_h - 1) r->row_end = r->src_h; /* the last row ends with the image, whatever the rounding */
        }
    }
}

static uint32_t rf_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The plain files render-frames writes (8-bit RGB or RGBA, not interlaced, no palette,
   transparency, gamma or colour chunks), inflated whole by libdeflate (several times faster than
   zlib) and unfiltered row by row into the reducer. Every chunk's CRC is checked. Returns 0, or
   -1 for anything else or anything wrong: the libpng path then reads the file and says what. */
static int rf_png_reduced_deflate(const uint8_t *data, size_t size, int src_w, int src_h, struct rf_reducer *r, int dst_w,
                                  int dst_h, uint8_t *out) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (size < 8 || memcmp(data, signature, 8) != 0) return -1;
    size_t at = 8, idat_size = 0, idat_chunks = 0;
    int channels = 0, idat_ended = 0, ended = 0;
    /* First pass: check the chunks and measure the image data. */
    while (!ended) {
        if (size - at < 12) return -1;
        uint32_t length = rf_be32(data + at);
        if (length > 0x7fffffffU || size - at - 12 < length) return -1;
        const uint8_t *type = data + at + 4, *body = data + at + 8;
        if (libdeflate_crc32(0, type, (size_t)length + 4) != rf_be32(body + length)) return -1;
        if (memcmp(type, "IHDR", 4) == 0) {
            if (at != 8 || length != 13) return -1;
            if (rf_be32(body) != (uint32_t)src_w || rf_be32(body + 4) != (uint32_t)src_h) return -1;
            if (body[8] != 8 || (body[9] != 2 && body[9] != 6) || body[10] != 0 || body[11] != 0 || body[12] != 0) return -1;
            channels = body[9] == 2 ? 3 : 4;
        } else if (channels == 0) {
            return -1; /* IHDR comes first */
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_ended) return -1;
            idat_size += length;
            idat_chunks += 1;
        } else {
            if (idat_chunks) idat_ended = 1;
            if (memcmp(type, "IEND", 4) == 0) ended = 1;
            else if (!memcmp(type, "PLTE", 4) || !memcmp(type, "tRNS", 4) || !memcmp(type, "gAMA", 4) || !memcmp(type, "sRGB", 4) ||
                     !memcmp(type, "iCCP", 4) || !memcmp(type, "cHRM", 4))
                return -1;
            else if (!(type[0] & 0x20)) return -1; /* an unknown critical chunk */
        }
        at += (size_t)length + 12;
    }
    if (!idat_chunks) return -1;
    size_t stride = (size_t)src_w * channels, raw_size = (stride + 1) * (size_t)src_h;
    uint8_t *idat = NULL;
    const uint8_t *compressed;
    if (idat_chunks == 1) {
        /* One IDAT: inflate it where it lies. */
        for (at = 8; memcmp(data + at + 4, "IDAT", 4) != 0; at += (size_t)rf_be32(data + at) + 12) {}
        compressed = data + at + 8;
    } else {
        idat = malloc(idat_size);
        if (!idat) return -1;
        size_t filled = 0;
        for (at = 8; filled < idat_size; at += (size_t)rf_be32(data + at) + 12) {
            if (memcmp(data + at + 4, "IDAT", 4) == 0) {
                memcpy(idat + filled, data + at + 8, rf_be32(data + at));
                filled += rf_be32(data + at);
            }
        }
        compressed = idat;
    }
    uint8_t *raw = malloc(raw_size);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    int status = -1;
    size_t produced = 0;
    if (raw && inflater &&
        libdeflate_zlib_decompress(inflater, compressed, idat_size, raw, raw_size, &produced) == LIBDEFLATE_SUCCESS &&
        produced == raw_size && rf_reducer_init(r, src_w, src_h, dst_w, dst_h, channels == 4, out)) {
        status = 0;
        const size_t bpp = (size_t)channels;
        for (int y = 0; y < src_h && status == 0; y++) {
            uint8_t *row = raw + (size_t)y * (stride + 1) + 1;
            const uint8_t *prior = y > 0 ? row - (stride + 1) : NULL;
            switch (row[-1]) {
            case 0: break;
            case 1:
                for (size_t i = bpp; i < stride; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
                break;
            case 2:
                if (prior) for (size_t i = 0; i < stride; i++) row[i] = (uint8_t)(row[i] + prior[i]);
                break;
            case 3:
                for (size_t i = 0; i < stride; i++) {
                    int left = i >= bpp ? row[i - bpp] : 0, up = prior ? prior[i] : 0;
                    row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
                }
                break;
            case 4:
                if (!prior) { /* no row above: Paeth is the left byte */
                    for (size_t i = bpp; i < stride; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
                    break;
                }
                for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + prior[i]);
                /* libpng's form: the nearest of left, up and corner to left + up - corner, ties in that order. */
                for (size_t i = bpp; i < stride; i++) {
                    int a = row[i - bpp], b = prior[i], c = prior[i - bpp];
                    int p = b - c, q = a - c;
                    int pa = abs(p), pb = abs(q), pc = abs(p + q);
                    if (pb < pa) { pa = pb; a = b; }
                    if (pc < pa) a = c;
                    row[i] = (uint8_t)(row[i] + a);
                }
                break;
            default: status = -1; /* not a filter: libpng says so */
            }
            if (status != 0) break;
            rf_reducer_row(r, y, row, channels);
        }
        if (status == 0 && r->oy != dst_h) status = -1;
    }
    if (inflater) libdeflate_free_decompressor(inflater);
    free(raw);
    free(idat);
    return status;
}

int rf_png_decode_reduced(const uint8_t *data, size_t size, int src_w, int src_h, int dst_w, int dst_h, int libpng_only,
                          uint8_t *out, char *error, size_t error_size) {
    if (src_w <= 0 || src_h <= 0 || dst_w <= 0 || dst_h <= 0 || dst_w > src_w || dst_h > src_h) return 2;
    struct rf_reducer fast = {.memory = NULL};
    int status = libpng_only ? -1 : rf_png_reduced_deflate(data, size, src_w, src_h, &fast, dst_w, dst_h, out);
    free(fast.memory);
    if (status == 0) return 0;
    struct rf_png_error err = {.message = error, .message_size = error_size};
    struct rf_png_source source = {.data = data, .size = size, .at = 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &err, rf_png_error_fn, rf_png_warning_fn);
    if (!png) return 2;
    png_infop info = png_create_info_struct(png);
    /* Released on every exit, also after a longjmp (volatile: set after setjmp). */
    void *volatile buffers = NULL;
    uint8_t *volatile row = NULL;
    if (!info || setjmp(err.jump)) {
        free(buffers);
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return 1;
    }
    png_set_read_fn(png, &source, rf_png_read);
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU);
    png_read_info(png, info);
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    /* What the full decoder treats specially (16 bits, interlacing, gamma and colour chunks) is
       left to it: this path reads the plain 8-bit files render-frames writes, and their kin. */
    if (png_get_image_width(png, info) != (png_uint_32)src_w || png_get_image_height(png, info) != (png_uint_32)src_h ||
        depth == 16 || png_get_interlace_type(png, info) != PNG_INTERLACE_NONE ||
        png_get_valid(png, info, PNG_INFO_gAMA | PNG_INFO_sRGB | PNG_INFO_iCCP | PNG_INFO_cHRM)) {
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    int alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    if (!alpha) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)src_w * 4) {
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    struct rf_reducer reducer;
    row = malloc((size_t)src_w * 4);
    int made = row ? rf_reducer_init(&reducer, src_w, src_h, dst_w, dst_h, alpha, out) : 0;
    if (made) buffers = reducer.memory;
    if (!made) png_error(png, "out of memory");
    for (int y = 0; y < src_h; y++) {
        png_read_row(png, row, NULL);
        rf_reducer_row(&reducer, y, row, 4);
    }
    png_read_end(png, NULL);
    free(buffers);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return reducer.oy == dst_h ? 0 : 1;
}
