// Hot loops of the drawing and encoding, in C so that they can use SSE2's 16-bit multiply-add
// (baseline x86-64) and, chosen at run time when the processor has it, AVX2. Every kernel is
// exact integer arithmetic: it returns the same bytes as the Swift code it stands in for, on
// every machine and whichever path runs.
#ifndef RENDER_FRAMES_PIXEL_KERNELS_H
#define RENDER_FRAMES_PIXEL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The horizontal pass of `Resampler.resample`: for `rows` source rows starting at `src` (each
/// `srcStride` bytes of premultiplied RGBA; `srcEnd` is the end of the readable buffer), each of
/// the `outW` destination pixels is the sum over its `counts[o]` taps of source pixel
/// `start[o] + k` times `weights[o * taps + k]`, plus 32, shifted right by 6, four Int32 channels
/// into `mid` (rows x outW x 4). Returns 0 (and writes nothing) when a weight does not fit in 16
/// bits or `outW` is too large for its scratch space; the caller then does it itself.
int rf_resample_horizontal(const uint8_t *src, size_t srcStride, const uint8_t *srcEnd, int rows,
                           int32_t *mid, int outW, const int32_t *start, const int32_t *counts,
                           const int32_t *weights, int taps);

/// The vertical pass: destination row o is the sum over its `counts[o]` taps of `mid` row
/// `start[o] - rowLo + k` times `weights[o * taps + k]`, rounded (+2^21, >> 22), clamped to
/// 0...255, color channels no more than alpha, stored as RGBA bytes at `dst` (outH x outW).
/// Returns 0 (and writes nothing) when this processor lacks AVX2; the caller then does it itself.
int rf_resample_vertical(const int32_t *mid, int outW, int outH, const int32_t *start, const int32_t *counts,
                         const int32_t *weights, int taps, int rowLo, uint8_t *dst);

/// PNG's Paeth filter of one row of `count` bytes (`bpp` bytes a pixel; `prev` is the row above)
/// into `out`, as `PNGEncoder.paethOnly`. Returns 0 (and writes nothing) without AVX2.
int rf_paeth_row(const uint8_t *row, const uint8_t *prev, int count, int bpp, uint8_t *out);

/// RGBA to RGB: `count` pixels from `src` into `dst` (3 x count bytes), as `PNGEncoder.packRGB`.
/// Returns 1 when every alpha is 255, 0 when one is not, -1 (and writes nothing) without AVX2.
int rf_pack_rgb(const uint8_t *src, int count, uint8_t *dst);

/// `PNGEncoder.isFlat`: 1 when over 7/8 of the row's bytes (from `bpp` on) equal the byte one
/// pixel to the left, else 0; -1 (nothing decided) without AVX2.
int rf_is_flat(const uint8_t *row, int count, int bpp);

/// `RowDeflater.matchRuns`: runs of one byte (distance 1) and literals from `from` to at least
/// `end` (of `count` bytes at `data`), tokens from `tokens[n]` on, counted in `literalCounts`
/// (four tables of 256, by position modulo 4), `litFreq` and `distFreq` as the Swift loop counts
/// them. Returns the new token count and stores the position reached in `position`; -1 (nothing
/// done) without AVX2.
int64_t rf_match_runs(const uint8_t *data, int64_t from, int64_t end, int64_t count, uint32_t *tokens, int64_t n,
                      uint32_t *literalCounts, uint32_t *litFreq, uint32_t *distFreq, const uint16_t *lengthSymbol,
                      int64_t *position);

/// The token writing of `RowDeflater.writeBlock`: `tokens[0..<n]` (a literal byte, or 0x80000000 |
/// length - 3 | (distance - 1) << 8) as the block's codes, `litCodes` (286) and `distCodes` (30)
/// each `code | length << 16` (codes bit reversed), with RFC 1951's length and distance tables
/// (`lengthSymbol` of length - 3; `distanceNear` of distance - 1 below 512, `distanceFar` of
/// (distance - 1) >> 7 above). Appends to the bit writer's state: `*out` (the next byte; 8 bytes
/// of slack are written past it), `*bits` and `*bitCount` (under 8 bits pending). Plain C: every
/// processor.
void rf_write_tokens(const uint32_t *tokens, int64_t n, const uint32_t *litCodes, const uint32_t *distCodes,
                     const uint16_t *lengthSymbol, const uint8_t *lengthExtra, const uint16_t *lengthBase,
                     const uint8_t *distanceNear, const uint8_t *distanceFar, const uint8_t *distanceExtra,
                     const uint16_t *distanceBase, uint8_t **out, uint64_t *bits, int64_t *bitCount);

/// `PNGEncoder.fewColors`: 1 when an RGB row of `count` bytes (a multiple of 3) has under 128
/// colors by the Swift loop's count (its 4096-bit hash of each pixel that differs from the one to
/// its left), else 0; -1 (nothing decided) without AVX2.
int rf_few_colors(const uint8_t *row, int count);

/// `Spans.fill` through coverage: each of `count` premultiplied RGBA pixels at `dst` becomes the
/// color (premultiplied, R in the low byte of `color`) scaled by `coverage[i]`, source-over the
/// pixel (coverage 0 leaves it as it was). SSE2, every x86-64 processor; returns 0 (nothing done)
/// on others.
int rf_fill_coverage(uint8_t *dst, int count, uint32_t color, const uint8_t *coverage);

/// `Spans.composite`: each of `count` premultiplied RGBA source pixels at `src`, scaled by
/// `coverage[i]` (NULL: all 255), source-over the pixel at `dst`; coverage 0, or full coverage of a
/// source pixel of alpha 0, leaves it as it was, and an opaque, fully covered source pixel is
/// copied. SSE2, every x86-64 processor; returns 0 (nothing done) on others.
int rf_composite(uint8_t *dst, const uint8_t *src, int count, const uint8_t *coverage);

#endif
