// See include/pixelkernels.h. Written for x86-64 (SSE2 always, AVX2 when the processor has it);
// on other processors the functions return 0 and the Swift code does the work.
#include "pixelkernels.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define RF_X86 1
#include <cpuid.h>
#include <immintrin.h>

// AVX2 with the operating system saving the YMM registers (CPUID leaf 7 and XGETBV).
static int rf_has_avx2_uncached(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0; // OSXSAVE, AVX
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0; // XMM and YMM state
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;
}

static int rf_has_avx2(void) {
    static int known = -1; // a benign race: every thread computes the same answer
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        k = rf_has_avx2_uncached();
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
}
#endif

int rf_resample_horizontal(const uint8_t *src, size_t srcStride, const uint8_t *srcEnd, int rows,
                           int32_t *mid, int outW, const int32_t *start, const int32_t *counts,
                           const int32_t *weights, int taps) {
#ifdef RF_X86
    // Weights as 16-bit pairs (taps 2j and 2j + 1 in one 32-bit word), padded with zeros to a
    // multiple of four taps: four pixels' channels meet their weights in two multiply-adds.
    const int groups = (taps + 3) / 4, pairs = 2 * groups;
    for (int o = 0; o < outW; o++) {
        for (int k = 0; k < counts[o]; k++) {
            int32_t w = weights[(size_t)o * taps + k];
            if (w < -32768 || w > 32767) return 0;
        }
    }
    uint32_t *wp = malloc(sizeof(uint32_t) * (size_t)outW * pairs);
    if (!wp) return 0;
    for (int o = 0; o < outW; o++) {
        int n = counts[o];
        for (int j = 0; j < pairs; j++) {
            int k0 = 2 * j, k1 = 2 * j + 1;
            uint32_t w0 = k0 < n ? (uint16_t)(int16_t)weights[(size_t)o * taps + k0] : 0;
            uint32_t w1 = k1 < n ? (uint16_t)(int16_t)weights[(size_t)o * taps + k1] : 0;
            wp[(size_t)o * pairs + j] = w0 | w1 << 16;
        }
    }
    const __m128i zero = _mm_setzero_si128(), round = _mm_set1_epi32(32);
    for (int r = 0; r < rows; r++) {
        const uint8_t *row = src + (size_t)r * srcStride;
        __m128i *out = (__m128i *)(mid + (size_t)r * outW * 4);
        for (int o = 0; o < outW; o++) {
            const uint8_t *p = row + 4 * (size_t)start[o];
            const uint32_t *w = wp + (size_t)o * pairs;
            int n = counts[o];
            __m128i acc = zero;
            for (int g = 0; g * 4 < n; g++, p += 16, w += 2) {
                __m128i v;
                if (p + 16 <= srcEnd) {
                    v = _mm_loadu_si128((const __m128i *)p);
                } else {
                    // The last pixels of the buffer: the taps past it have zero weight.
                    uint8_t tail[16] = {0};
                    memcpy(tail, p, (size_t)(srcEnd - p) < 16 ? (size_t)(srcEnd - p) : 16);
                    v = _mm_loadu_si128((const __m128i *)tail);
                }
                // Bytes r0 r1 g0 g1 b0 b1 a0 a1 (pixels 0 and 1), then the same of pixels 2 and 3.
                __m128i shifted = _mm_srli_si128(v, 4);
                __m128i p01 = _mm_unpacklo_epi8(v, shifted), p23 = _mm_unpackhi_epi8(v, shifted);
                __m128i bytes = _mm_unpacklo_epi64(p01, p23);
                __m128i lo = _mm_unpacklo_epi8(bytes, zero), hi = _mm_unpackhi_epi8(bytes, zero);
                acc = _mm_add_epi32(acc, _mm_madd_epi16(lo, _mm_set1_epi32((int)w[0])));
                acc = _mm_add_epi32(acc, _mm_madd_epi16(hi, _mm_set1_epi32((int)w[1])));
            }
            _mm_storeu_si128(out + o, _mm_srai_epi32(_mm_add_epi32(acc, round), 6));
        }
    }
    free(wp);
    return 1;
#else
    (void)src; (void)srcStride; (void)srcEnd; (void)rows; (void)mid; (void)outW; (void)start; (void)counts;
    (void)weights; (void)taps;
    return 0;
#endif
}

#ifdef RF_X86
__attribute__((target("avx2")))
static void rf_resample_vertical_avx2(const int32_t *mid, int outW, int outH, const int32_t *start,
                                      const int32_t *counts, const int32_t *weights, int taps, int rowLo,
                                      uint8_t *dst) {
    const __m256i round = _mm256_set1_epi32(1 << 21);
    // Per pixel: alpha into every byte but alpha's own, which becomes 255 (min leaves alpha as is).
    const __m256i alphaSpread = _mm256_setr_epi8(
        3, 3, 3, -1, 7, 7, 7, -1, 11, 11, 11, -1, 15, 15, 15, -1,
        3, 3, 3, -1, 7, 7, 7, -1, 11, 11, 11, -1, 15, 15, 15, -1);
    const __m256i alphaByte = _mm256_set1_epi32((int)0xFF000000u);
    for (int o = 0; o < outH; o++) {
        const int32_t *first = mid + (size_t)(start[o] - rowLo) * outW * 4;
        const int32_t *w = weights + (size_t)o * taps;
        int n = counts[o] < 1 ? 1 : counts[o];
        uint8_t *out = dst + (size_t)o * outW * 4;
        int x = 0;
        // Four pixels (16 channels) a step.
        for (; x + 4 <= outW; x += 4) {
            const int32_t *m = first + 4 * x;
            __m256i w0 = _mm256_set1_epi32(w[0]);
            __m256i a = _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)m), w0);
            __m256i b = _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(m + 8)), w0);
            for (int k = 1; k < n; k++) {
                const int32_t *mk = m + (size_t)k * outW * 4;
                __m256i wk = _mm256_set1_epi32(w[k]);
                a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)mk), wk));
                b = _mm256_add_epi32(b, _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(mk + 8)), wk));
            }
            a = _mm256_srai_epi32(_mm256_add_epi32(a, round), 22);
            b = _mm256_srai_epi32(_mm256_add_epi32(b, round), 22);
            // Saturating packs clamp to 0...255 exactly (packs to Int16, then packus to UInt8).
            // Per 128-bit lane: a's pixel, b's pixel; the lanes are put back in order below.
            __m256i words = _mm256_packs_epi32(a, b);          // lane 0: px0 px2, lane 1: px1 px3
            __m256i bytes = _mm256_packus_epi16(words, words); // lane 0: px0 px2 px0 px2, lane 1: px1 px3 ...
            __m256i ordered = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5));
            __m256i alpha = _mm256_or_si256(_mm256_shuffle_epi8(ordered, alphaSpread), alphaByte);
            ordered = _mm256_min_epu8(ordered, alpha);
            _mm_storeu_si128((__m128i *)(out + 4 * x), _mm256_castsi256_si128(ordered));
        }
        for (; x < outW; x++) {
            const int32_t *m = first + 4 * x;
            int32_t acc[4];
            for (int c = 0; c < 4; c++) acc[c] = (int32_t)((uint32_t)m[c] * (uint32_t)w[0]);
            for (int k = 1; k < n; k++) {
                const int32_t *mk = m + (size_t)k * outW * 4;
                for (int c = 0; c < 4; c++) acc[c] = (int32_t)((uint32_t)acc[c] + (uint32_t)mk[c] * (uint32_t)w[k]);
            }
            int v[4];
            for (int c = 0; c < 4; c++) {
                int32_t t = (int32_t)((uint32_t)acc[c] + (1u << 21)) >> 22;
                v[c] = t < 0 ? 0 : (t > 255 ? 255 : t);
            }
            for (int c = 0; c < 3; c++) if (v[c] > v[3]) v[c] = v[3];
            for (int c = 0; c < 4; c++) out[4 * x + c] = (uint8_t)v[c];
        }
    }
}
#endif

int rf_resample_vertical(const int32_t *mid, int outW, int outH, const int32_t *start, const int32_t *counts,
                         const int32_t *weights, int taps, int rowLo, uint8_t *dst) {
#ifdef RF_X86
    if (!rf_has_avx2()) return 0;
    rf_resample_vertical_avx2(mid, outW, outH, start, counts, weights, taps, rowLo, dst);
    return 1;
#else
    (void)mid; (void)outW; (void)outH; (void)start; (void)counts; (void)weights; (void)taps; (void)rowLo; (void)dst;
    return 0;
#endif
}

#ifdef RF_X86
static inline int rf_paeth_scalar(int a, int b, int c) {
    int pa = b > c ? b - c : c - b, pb = a > c ? a - c : c - a, t = a + b - 2 * c, pc = t < 0 ? -t : t;
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

__attribute__((target("avx2")))
static void rf_paeth_avx2(const uint8_t *row, const uint8_t *prev, int count, int bpp, uint8_t *out) {
    int i = 0;
    for (; i < bpp && i < count; i++) out[i] = (uint8_t)(row[i] - prev[i]);
    const __m256i all = _mm256_set1_epi8((char)0xFF);
    for (; i + 32 <= count; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(prev + i));
        __m256i c = _mm256_loadu_si256((const __m256i *)(prev + i - bpp));
        // pa = |b - c|, pb = |a - c| in bytes; pc = |pa - pb| when b - c and a - c differ in sign,
        // else pa + pb, which is never below either (255 stands for it): the PNG predictor's choice.
        __m256i pa = _mm256_or_si256(_mm256_subs_epu8(b, c), _mm256_subs_epu8(c, b));
        __m256i pb = _mm256_or_si256(_mm256_subs_epu8(a, c), _mm256_subs_epu8(c, a));
        __m256i bc = _mm256_cmpeq_epi8(_mm256_max_epu8(b, c), b); // b >= c
        __m256i ac = _mm256_cmpeq_epi8(_mm256_max_epu8(a, c), a); // a >= c
        __m256i differ = _mm256_xor_si256(bc, ac);
        __m256i papb = _mm256_or_si256(_mm256_subs_epu8(pa, pb), _mm256_subs_epu8(pb, pa));
        __m256i pc = _mm256_blendv_epi8(all, papb, differ);
        __m256i pbLePc = _mm256_cmpeq_epi8(_mm256_min_epu8(pb, pc), pb);
        __m256i paLePb = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pb), pa);
        __m256i paLePc = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pc), pa);
        __m256i predictor = _mm256_blendv_epi8(c, b, pbLePc);
        predictor = _mm256_blendv_epi8(predictor, a, _mm256_and_si256(paLePb, paLePc));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_sub_epi8(x, predictor));
    }
    for (; i < count; i++) out[i] = (uint8_t)(row[i] - rf_paeth_scalar(row[i - bpp], prev[i], prev[i - bpp]));
}
#endif

int rf_paeth_row(const uint8_t *row, const uint8_t *prev, int count, int bpp, uint8_t *out) {
#ifdef RF_X86
    if (!rf_has_avx2()) return 0;
    rf_paeth_avx2(row, prev, count, bpp, out);
    return 1;
#else
    (void)row; (void)prev; (void)count; (void)bpp; (void)out;
    return 0;
#endif
}

#ifdef RF_X86
__attribute__((target("avx2")))
static int rf_pack_rgb_avx2(const uint8_t *src, int count, uint8_t *dst) {
    // Per 128-bit lane: four pixels' R, G, B into the lane's first 12 bytes.
    const __m256i pack = _mm256_setr_epi8(
        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    __m256i alpha = _mm256_set1_epi8((char)0xFF);
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + 4 * i));
        alpha = _mm256_and_si256(alpha, v);
        __m256i rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, pack), join);
        _mm_storeu_si128((__m128i *)(dst + 3 * i), _mm256_castsi256_si128(rgb));
        _mm_storel_epi64((__m128i *)(dst + 3 * i + 16), _mm256_extracti128_si256(rgb, 1));
    }
    int opaque = (_mm256_movemask_epi8(_mm256_cmpeq_epi8(alpha, _mm256_set1_epi8((char)0xFF))) & (int)0x88888888) == (int)0x88888888;
    for (; i < count; i++) {
        opaque &= src[4 * i + 3] == 255;
        dst[3 * i] = src[4 * i]; dst[3 * i + 1] = src[4 * i + 1]; dst[3 * i + 2] = src[4 * i + 2];
    }
    return opaque;
}
#endif

int rf_pack_rgb(const uint8_t *src, int count, uint8_t *dst) {
#ifdef RF_X86
    if (!rf_has_avx2()) return -1;
    return rf_pack_rgb_avx2(src, count, dst);
#else
    (void)src; (void)count; (void)dst;
    return -1;
#endif
}

#ifdef RF_X86
__attribute__((target("avx2,popcnt")))
static int rf_is_flat_avx2(const uint8_t *row, int count, int bpp) {
    if (count <= bpp) return 0;
    // Flat when same * 8 > count * 7, where same counts the bytes from bpp on equal to the byte
    // one pixel to the left. The count of differing bytes only grows: stop once it is too many.
    long checked = count - bpp, differ = 0;
    int i = bpp;
    for (; i + 32 <= count; i += 32) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
        differ += 32 - __builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)));
        if (((i - bpp) & 255) == 0 && (checked - differ) * 8 <= (long)count * 7) return 0;
    }
    for (; i < count; i++) differ += row[i] != row[i - bpp];
    return (checked - differ) * 8 > (long)count * 7;
}
#endif

int rf_is_flat(const uint8_t *row, int count, int bpp) {
#ifdef RF_X86
    if (!rf_has_avx2()) return -1;
    return rf_is_flat_avx2(row, count, bpp);
#else
    (void)row; (void)count; (void)bpp;
    return -1;
#endif
}

#ifdef RF_X86
// A literal: its token, and its count in the table of its position modulo 4.
#define RF_LITERAL(position, byte) do { \
        tokens[n++] = (byte); \
        literalCounts[((position) & 3) << 8 | (byte)] += 1; \
    } while (0)

__attribute__((target("avx2,bmi")))
static int64_t rf_match_runs_avx2(const uint8_t *data, int64_t from, int64_t end, int64_t count, uint32_t *tokens,
                                  int64_t n, uint32_t *literalCounts, uint32_t *litFreq, uint32_t *distFreq,
                                  const uint16_t *lengthSymbol, int64_t *position) {
    int64_t i = from;
    if (i == 0) { tokens[n++] = data[0]; litFreq[data[0]] += 1; i = 1; }
    const int64_t safeEnd = end < count - 2 ? end : count - 2;
    while (i < safeEnd) {
        // A run starts at j when bytes j - 1 ... j + 2 are equal: three compares of 32 positions.
        if (i + 32 <= safeEnd) {
            __m256i b0 = _mm256_loadu_si256((const __m256i *)(data + i - 1));
            __m256i b1 = _mm256_loadu_si256((const __m256i *)(data + i));
            __m256i b2 = _mm256_loadu_si256((const __m256i *)(data + i + 1));
            __m256i b3 = _mm256_loadu_si256((const __m256i *)(data + i + 2));
            uint32_t runs = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b0, b1))
                & (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b1, b2))
                & (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b2, b3));
            int literals = runs ? __builtin_ctz(runs) : 32;
            if (literals == 32) {
                __m128i lo = _mm256_castsi256_si128(b1), hi = _mm256_extracti128_si256(b1, 1);
                _mm256_storeu_si256((__m256i *)(tokens + n), _mm256_cvtepu8_epi32(lo));
                _mm256_storeu_si256((__m256i *)(tokens + n + 8), _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
                _mm256_storeu_si256((__m256i *)(tokens + n + 16), _mm256_cvtepu8_epi32(hi));
                _mm256_storeu_si256((__m256i *)(tokens + n + 24), _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
                n += 32;
                const uint8_t *p = data + i;
                // Four tables by position: a photo's residuals repeat a few values, and one table
                // would make each count wait for the store of the one before.
                for (int j = 0; j < 32; j += 4) {
                    literalCounts[((i + j) & 3) << 8 | p[j]] += 1;
                    literalCounts[((i + j + 1) & 3) << 8 | p[j + 1]] += 1;
                    literalCounts[((i + j + 2) & 3) << 8 | p[j + 2]] += 1;
                    literalCounts[((i + j + 3) & 3) << 8 | p[j + 3]] += 1;
                }
                i += 32;
                continue;
            }
            for (int j = 0; j < literals; j++) RF_LITERAL(i + j, data[i + j]);
            i += literals;
        } else {
            uint32_t v;
            memcpy(&v, data + i - 1, 4);
            if ((v ^ (v >> 8)) & 0xFFFFFF) {
                RF_LITERAL(i, data[i]);
                i += 1;
                continue;
            }
        }
        // A run of data[i] at i (bytes i - 1 ... i + 2 equal): its length up to 258 and the data's end.
        const uint8_t byte = data[i];
        int64_t limit = count - i < 258 ? count - i : 258, length = 3;
        const uint64_t pattern = (uint64_t)byte * 0x0101010101010101ull;
        for (;;) {
            if (length + 8 <= limit) {
                uint64_t x;
                memcpy(&x, data + i + length, 8);
                x ^= pattern;
                if (x) { length += __builtin_ctzll(x) >> 3; break; }
                length += 8;
            } else {
                while (length < limit && data[i + length] == byte) length++;
                break;
            }
        }
        tokens[n++] = 0x80000000u | (uint32_t)(length - 3);
        litFreq[lengthSymbol[length - 3]] += 1;
        distFreq[0] += 1; // distance 1
        i += length;
    }
    while (i < end) { tokens[n++] = data[i]; litFreq[data[i]] += 1; i++; }
    *position = i;
    return n;
}
#undef RF_LITERAL
#endif

int64_t rf_match_runs(const uint8_t *data, int64_t from, int64_t end, int64_t count, uint32_t *tokens, int64_t n,
                      uint32_t *literalCounts, uint32_t *litFreq, uint32_t *distFreq, const uint16_t *lengthSymbol,
                      int64_t *position) {
#ifdef RF_X86
    if (!rf_has_avx2()) return -1;
    return rf_match_runs_avx2(data, from, end, count, tokens, n, literalCounts, litFreq, distFreq, lengthSymbol, position);
#else
    (void)data; (void)from; (void)end; (void)count; (void)tokens; (void)n; (void)literalCounts; (void)litFreq;
    (void)distFreq; (void)lengthSymbol; (void)position;
    return -1;
#endif
}

void rf_write_tokens(const uint32_t *tokens, int64_t n, const uint32_t *litCodes, const uint32_t *distCodes,
                     const uint16_t *lengthSymbol, const uint8_t *lengthExtra, const uint16_t *lengthBase,
                     const uint8_t *distanceNear, const uint8_t *distanceFar, const uint8_t *distanceExtra,
                     const uint16_t *distanceBase, uint8_t **out, uint64_t *bits, int64_t *bitCount) {
    // This block's match lengths and near distances with their extra bits, each one entry: the
    // bits (at most 15 + 5 and 15 + 7 of them) in the low 24, their count in the high 8.
    uint32_t lengthCode[256], nearCode[512];
    for (int li = 0; li < 256; li++) {
        int ls = lengthSymbol[li];
        uint32_t c = litCodes[ls], codeLength = c >> 16;
        uint32_t extra = (uint32_t)(li + 3 - lengthBase[ls - 257]);
        lengthCode[li] = ((c & 0xFFFF) | extra << codeLength) | (codeLength + lengthExtra[ls - 257]) << 24;
    }
    for (int d = 0; d < 512; d++) {
        int ds = distanceNear[d];
        uint32_t c = distCodes[ds], codeLength = c >> 16;
        uint32_t extra = (uint32_t)(d + 1 - distanceBase[ds]);
        nearCode[d] = ((c & 0xFFFF) | extra << codeLength) | (codeLength + distanceExtra[ds]) << 24;
    }
    // Four literals fit between flushes (7 pending + 4 x 14 bits) when no literal's code is longer
    // than 14 bits; else three (7 + 3 x 15).
    int four = 1;
    for (int s = 0; s < 256; s++) four &= (litCodes[s] >> 16) <= 14;
    uint64_t b = *bits, c = (uint64_t)*bitCount;
    uint8_t *p = *out;
#define RF_PUT(code) do { b |= (uint64_t)((code) & 0xFFFF) << c; c += (code) >> 16; } while (0)
#define RF_FLUSH() do { memcpy(p, &b, 8); p += c >> 3; b >>= c & ~(uint64_t)7; c &= 7; } while (0)
    int64_t k = 0;
    while (k < n) {
        uint32_t t = tokens[k];
        if (!(t & 0x80000000u)) {
            if (four && k + 4 <= n) {
                uint32_t t1 = tokens[k + 1], t2 = tokens[k + 2], t3 = tokens[k + 3];
                if (!((t1 | t2 | t3) & 0x80000000u)) {
                    uint32_t c0 = litCodes[t], c1 = litCodes[t1], c2 = litCodes[t2], c3 = litCodes[t3];
                    RF_PUT(c0); RF_PUT(c1); RF_PUT(c2); RF_PUT(c3);
                    k += 4;
                    RF_FLUSH();
                    continue;
                }
            }
            int literals = 0;
            do {
                uint32_t code = litCodes[tokens[k]];
                RF_PUT(code);
                k++; literals++;
            } while (literals < 3 && k < n && !(tokens[k] & 0x80000000u));
            RF_FLUSH();
            continue;
        }
        k++;
        uint32_t lengthIndex = t & 0xFF, distanceIndex = (t >> 8) & 0x7FFF;
        uint32_t lc = lengthCode[lengthIndex];
        b |= (uint64_t)(lc & 0xFFFFFF) << c; c += lc >> 24;
        if (distanceIndex < 512) {
            uint32_t dc = nearCode[distanceIndex];
            b |= (uint64_t)(dc & 0xFFFFFF) << c; c += dc >> 24;
        } else {
            int ds = distanceFar[distanceIndex >> 7];
            uint32_t code = distCodes[ds];
            RF_PUT(code);
            b |= (uint64_t)(distanceIndex + 1 - distanceBase[ds]) << c; c += distanceExtra[ds];
        }
        RF_FLUSH();
    }
#undef RF_PUT
#undef RF_FLUSH
    *out = p; *bits = b; *bitCount = (int64_t)c;
}

#ifdef RF_X86
// One pixel's color into the 4096-bit set; a new bit counts a color (as `PNGEncoder.fewColors`).
#define RF_COLOR(at) do { \
        const uint8_t *q = row + (at); \
        uint32_t rgb = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16; \
        uint32_t h = (rgb * 0x9E3779B1u) >> 20; \
        uint64_t mask = 1ull << (h & 63); \
        if (!(set[h >> 6] & mask)) { set[h >> 6] |= mask; if (++distinct >= 128) return 0; } \
    } while (0)

__attribute__((target("avx2")))
static int rf_few_colors_avx2(const uint8_t *row, int count) {
    uint64_t set[64] = {0};
    int distinct = 0;
    if (count < 3) return 1;
    RF_COLOR(0); // the first pixel has no left neighbour: always counted
    int i = 3;
    // Eight pixels a step: only those unlike the pixel to their left are hashed (text rows are
    // mostly runs). Byte compares of 32 bytes against the 32 three before; pixel j is alike when
    // bits 3j, 3j + 1 and 3j + 2 are all set.
    for (; i + 32 <= count; i += 24) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(row + i - 3));
        uint32_t equal = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b));
        uint32_t differ = ~(equal & equal >> 1 & equal >> 2) & 0x249249u;
        while (differ) {
            RF_COLOR(i + __builtin_ctz(differ));
            differ &= differ - 1;
        }
    }
    for (; i + 3 <= count; i += 3) {
        if (row[i] != row[i - 3] || row[i + 1] != row[i - 2] || row[i + 2] != row[i - 1]) RF_COLOR(i);
    }
    return 1;
}
#undef RF_COLOR
#endif

int rf_few_colors(const uint8_t *row, int count) {
#ifdef RF_X86
    if (!rf_has_avx2()) return -1;
    return rf_few_colors_avx2(row, count);
#else
    (void)row; (void)count;
    return -1;
#endif
}

// Spans.fill through coverage. In 16-bit lanes mul255 is exact: a * b + 128 is at most 65,153 and
// adding its high byte at most 65,407, so nothing wraps.
#ifdef RF_X86
static inline __m128i rf_mul255_epi16(__m128i a, __m128i b) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(a, b), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

// Two pixels (8 lanes): the color scaled by each pixel's coverage, over the destination.
static inline __m128i rf_over_epi16(__m128i color, __m128i k, __m128i p) {
    __m128i s = rf_mul255_epi16(color, k);
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), sa);
    return _mm_add_epi16(s, rf_mul255_epi16(p, inv));
}
#endif

static inline uint8_t rf_mul255(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* One premultiplied pixel r, g, b, a at coverage k over the pixel at p (source over), as the
   Swift loops do it: the tails of the fill and composite kernels. */
static inline void rf_over_pixel(uint8_t *p, uint32_t r, uint32_t g, uint32_t b, uint32_t a, uint32_t k) {
    uint32_t sr = rf_mul255(r, k), sg = rf_mul255(g, k), sb = rf_mul255(b, k), sa = rf_mul255(a, k);
    uint32_t inv = 255 - sa;
    p[0] = (uint8_t)(sr + rf_mul255(p[0], inv));
    p[1] = (uint8_t)(sg + rf_mul255(p[1], inv));
    p[2] = (uint8_t)(sb + rf_mul255(p[2], inv));
    p[3] = (uint8_t)(sa + rf_mul255(p[3], inv));
}

int rf_fill_coverage(uint8_t *dst, int count, uint32_t color, const uint8_t *coverage) {
#ifdef RF_X86
    const uint32_t cr = color & 255, cg = (color >> 8) & 255, cb = (color >> 16) & 255, ca = color >> 24;
    const __m128i zero = _mm_setzero_si128();
    const __m128i col = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), zero);
    const __m128i solid = _mm_set1_epi32((int)color);
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t kk;
        memcpy(&kk, coverage + i, 4);
        if (kk == 0) continue;
        if (kk == 0xFFFFFFFFu && ca == 255) {
            _mm_storeu_si128((__m128i *)(dst + 4 * i), solid);
            continue;
        }
        __m128i k8 = _mm_cvtsi32_si128((int)kk);
        k8 = _mm_unpacklo_epi8(k8, k8);
        k8 = _mm_unpacklo_epi16(k8, k8); // each pixel's coverage in its four bytes
        __m128i p = _mm_loadu_si128((const __m128i *)(dst + 4 * i));
        __m128i lo = rf_over_epi16(col, _mm_unpacklo_epi8(k8, zero), _mm_unpacklo_epi8(p, zero));
        __m128i hi = rf_over_epi16(col, _mm_unpackhi_epi8(k8, zero), _mm_unpackhi_epi8(p, zero));
        _mm_storeu_si128((__m128i *)(dst + 4 * i), _mm_packus_epi16(lo, hi));
    }
    for (; i < count; i++) {
        uint32_t k = coverage[i];
        if (k == 0) continue;
        rf_over_pixel(dst + 4 * i, cr, cg, cb, ca, k);
    }
    return 1;
#else
    (void)dst; (void)count; (void)color; (void)coverage;
    return 0;
#endif
}

int rf_composite(uint8_t *dst, const uint8_t *src, int count, const uint8_t *coverage) {
#ifdef RF_X86
    const __m128i zero = _mm_setzero_si128();
    const __m128i alphaMask = _mm_set1_epi32((int)0xFF000000u);
    const __m128i low = _mm_set1_epi32(0xFF);
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + 4 * i));
        uint32_t kk = 0xFFFFFFFFu;
        if (coverage) memcpy(&kk, coverage + i, 4);
        if (kk == 0) continue;
        __m128i opaque = _mm_cmpeq_epi32(_mm_and_si128(s, alphaMask), alphaMask);
        if (kk == 0xFFFFFFFFu && _mm_movemask_epi8(opaque) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + 4 * i), s);
            continue;
        }
        __m128i k8 = _mm_cvtsi32_si128((int)kk);
        k8 = _mm_unpacklo_epi8(k8, k8);
        k8 = _mm_unpacklo_epi16(k8, k8); // each pixel's coverage in its four bytes
        __m128i p = _mm_loadu_si128((const __m128i *)(dst + 4 * i));
        __m128i slo = rf_mul255_epi16(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(k8, zero));
        __m128i shi = rf_mul255_epi16(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(k8, zero));
        __m128i salo = _mm_shufflehi_epi16(_mm_shufflelo_epi16(slo, 0xFF), 0xFF);
        __m128i sahi = _mm_shufflehi_epi16(_mm_shufflelo_epi16(shi, 0xFF), 0xFF);
        __m128i lo = _mm_add_epi16(slo, rf_mul255_epi16(_mm_unpacklo_epi8(p, zero), _mm_sub_epi16(_mm_set1_epi16(255), salo)));
        __m128i hi = _mm_add_epi16(shi, rf_mul255_epi16(_mm_unpackhi_epi8(p, zero), _mm_sub_epi16(_mm_set1_epi16(255), sahi)));
        __m128i out = _mm_packus_epi16(lo, hi);
        // A fully covered pixel of alpha 0 leaves the pixel as it was (whatever its color bytes).
        __m128i k32 = _mm_and_si128(k8, low);
        __m128i keep = _mm_and_si128(_mm_cmpeq_epi32(k32, low), _mm_cmpeq_epi32(_mm_and_si128(s, alphaMask), zero));
        out = _mm_or_si128(_mm_and_si128(keep, p), _mm_andnot_si128(keep, out));
        _mm_storeu_si128((__m128i *)(dst + 4 * i), out);
    }
    for (; i < count; i++) {
        uint32_t k = coverage ? coverage[i] : 255;
        const uint8_t *s = src + 4 * i;
        uint8_t *p = dst + 4 * i;
        if (k == 0 || (k == 255 && s[3] == 0)) continue;
        rf_over_pixel(p, s[0], s[1], s[2], s[3], k);
    }
    return 1;
#else
    (void)dst; (void)src; (void)count; (void)coverage;
    return 0;
#endif
}
