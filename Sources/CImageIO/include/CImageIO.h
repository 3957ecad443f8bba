// C helpers for the two libraries whose error handling needs setjmp/longjmp, which Swift cannot
// call: libjpeg (decoding), libpng's classic read API (16-bit PNGs) and its classic write API
// (the benchmark's baseline encoder).
// Every function returns 0 on success, or non-zero with a message in `error` (NUL-terminated).
#ifndef CIMAGEIO_H
#define CIMAGEIO_H
#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG's size and component count without decoding it.
int rf_jpeg_info(const uint8_t *data, size_t size, int *width, int *height, int *components,
                 char *error, size_t error_size);

/// Decodes a JPEG (baseline, progressive, greyscale, CMYK is refused) into RGBA8, 4*width*height
/// bytes at `rgba`, which the caller allocates after rf_jpeg_info. Returns 0, 1 (an error, in
/// `error`), or one of these when pixels would be lost (libjpeg would paint them grey):
enum { RF_JPEG_DATA_ENDS = 2, RF_JPEG_MARKER_INTERRUPTS = 3 };
int rf_jpeg_decode_rgba(const uint8_t *data, size_t size, uint8_t *rgba, int width, int height,
                        char *error, size_t error_size);

/// Encodes RGB8 rows as a baseline JPEG at `quality` (1-100) with optimised Huffman tables (the
/// HTML report's thumbnails). *out is malloc'd; free with rf_free.
int rf_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                       uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// Encodes RGB8 (channels 3) or RGBA8 (channels 4, straight alpha) rows with libpng's classic API
/// at zlib `level` (-1 for libpng's default) and its default adaptive filters. The PNG bytes are
/// returned in *out (malloc'd; free with rf_free) and *out_size.
int rf_libpng_encode(const uint8_t *pixels, int width, int height, int channels, int level,
                     uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// Decodes a 16-bit PNG (any color type, interlaced or not, tRNS as alpha) into RGBA16 in the
/// machine's byte order, 4*width*height samples at `rgba`, as stored: no gamma transform. Sets
/// *gamma to the gAMA chunk's value times 100000 (0 when there is none) and *srgb to 1 when an
/// sRGB or iCCP chunk says the samples are already for display.
int rf_png_decode16(const uint8_t *data, size_t size, uint16_t *rgba, int width, int height,
                    int *gamma, int *srgb, char *error, size_t error_size);

/// Inflates a zlib stream with zlib itself (the tests' decoder independent of libdeflate and
/// libpng). *out_size is the room at `out` on entry and the bytes produced on return.
int rf_zlib_uncompress(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size);

/// 1 when the system gives `bytes` of memory now (they are given back at once), 0 when it refuses
/// them (a memory limit such as ulimit -v): asked before decoding, as Swift stops on a failed allocation.
int rf_can_allocate(size_t bytes);

/// Has glibc keep freed buffers up to 256 MB for reuse instead of returning them to the kernel.
void rf_keep_large_buffers(void);

/// Decodes an 8-bit, non-interlaced PNG without gamma or colour chunks and reduces it to
/// dst_w x dst_h by area averaging on premultiplied pixels as the rows come (one row of
/// accumulators is held). The plain RGB and RGBA files render-frames writes are inflated whole by
/// libdeflate and unfiltered row by row; any other kind, or a file that path finds wrong, is read
/// row by row by libpng (always, with `libpng_only`), which reports what is wrong. Writes
/// premultiplied RGBA8 at `out` (4*dst_w*dst_h bytes). Returns 0, 1 on an error (in `error`), or
/// 2 when the file is another kind (16-bit, interlaced, gamma or colour chunks, not src_w x src_h)
/// or the sizes do not reduce: the full decoder's job.
int rf_png_decode_reduced(const uint8_t *data, size_t size, int src_w, int src_h, int dst_w, int dst_h, int libpng_only,
                          uint8_t *out, char *error, size_t error_size);

void rf_free(void *pointer);

#endif
