#!/usr/bin/env python3
"""Writes the image decoder corpus into Fixtures/images/corpus (checked in; run again only to
change it). Standard library only, except the JPEGs, which ImageMagick's `convert` writes.

Every PNG flavour the format has (grey 1/2/4/8/16, palette 1/2/4/8 with and without tRNS, RGB
8/16 with and without a tRNS color key, grey+alpha 8/16, RGBA 8/16), each plain and Adam7
interlaced, plus gAMA files, is written by hand from one 19x13 test pattern, beside the exact
straight-alpha RGBA8 pixels a decoder must produce (`expected/NAME.rgba`). JPEGs (baseline,
progressive, greyscale) come with the PNG they were made from, to compare within a tolerance.
Broken files (truncated at several points, bad CRCs, bad chunk lengths, zero and huge sizes,
garbage after IEND, a decompression bomb) come with the words the refusal must contain.
`manifest.json` lists every file with what the test expects of it.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

W, H = 19, 13
JPEG_FILES = ("baseline.jpg", "progressive.jpg", "greyscale.jpg", "jpeg-source-grey.png")
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "images", "corpus")


def pattern():
    """Straight RGBA8 rows: gradients, a transparent corner, half-transparent stripes."""
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            r = (x * 255) // (W - 1)
            g = (y * 255) // (H - 1)
            b = ((x + y) * 37) % 256
            a = 255
            if x < 3 and y < 3:
                a = 0
            elif (x + y) % 5 == 0:
                a = 128
            elif x == W - 1:
                a = 64
            row.append((r, g, b, a))
        rows.append(row)
    return rows


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Adam7: (x start, y start, x step, y step)
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def pack_row(samples, depth):
    """Packs one row of integer samples (already in the file's depth) into bytes."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out = bytearray()
    per_byte = 8 // depth
    for i in range(0, len(samples), per_byte):
        byte = 0
        group = samples[i:i + per_byte]
        for j, s in enumerate(group):
            byte |= s << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


def png(pixels, color_type, depth, interlaced=False, extra_chunks=(), palette=None, trns=None):
    """pixels: rows of tuples of samples in the file's depth (one tuple per pixel)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]

    def scanlines(rows):
        raw = bytearray()
        for row in rows:
            samples = [s for px in row for s in px]
            raw.append(0)  # filter: none (the decoder's filters are tested elsewhere)
            raw += pack_row(samples, depth)
        return bytes(raw)

    if interlaced:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            sub = [[pixels[y][x] for x in range(x0, W, dx)] for y in range(y0, H, dy)]
            if sub and sub[0]:
                raw += scanlines(sub)
    else:
        raw = scanlines(pixels)
    assert channels
    ihdr = struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, 1 if interlaced else 0)
    out = SIGNATURE + chunk(b"IHDR", ihdr)
    for c in extra_chunks:
        out += c
    if palette is not None:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(raw, 9))
    out += chunk(b"IEND", b"")
    return out


def scale_down(v, depth):
    """An 8-bit value to `depth` bits, rounded."""
    top = (1 << depth) - 1
    return (v * top + 127) // 255


def scale_up(s, depth):
    """A `depth`-bit sample to 8 bits, as PNG decoders do (exact replication for <= 8 bits)."""
    top = (1 << depth) - 1
    if depth == 16:
        return (s * 255 + 32767) // 65535
    return (s * 255) // top


def grey_of(r, g, b):
    return (r * 299 + g * 587 + b * 114 + 500) // 1000


def write(name, data, expected_rows, manifest, tolerance=0, note=""):
    with open(os.path.join(ROOT, name), "wb") as f:
        f.write(data)
    with open(os.path.join(ROOT, "expected", name.rsplit(".", 1)[0] + ".rgba"), "wb") as f:
        for row in expected_rows:
            for px in row:
                f.write(bytes(px))
    manifest["good"].append({"file": name, "width": W, "height": H, "tolerance": tolerance, "what": note})


def main():
    # The JPEGs need ImageMagick; without it the checked-in ones are kept (their source PNG is
    # written the same way every time, so they still match it).
    kept = {}
    for name in JPEG_FILES:
        path = os.path.join(ROOT, name)
        if os.path.exists(path):
            kept[name] = open(path, "rb").read()
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    os.makedirs(os.path.join(ROOT, "expected"))
    base = pattern()
    manifest = {"good": [], "jpeg": [], "broken": []}

    for interlaced in (False, True):
        suffix = "-interlaced" if interlaced else ""
        # Grey, every depth, opaque.
        for depth in (1, 2, 4, 8, 16):
            samples = [[(scale_down(grey_of(*px[:3]), depth) if depth <= 8 else grey_of(*px[:3]) * 257,) for px in row] for row in base]
            expected = [[(scale_up(s[0], depth),) * 3 + (255,) for s in row] for row in samples]
            write(f"grey{depth}{suffix}.png", png(samples, 0, depth, interlaced), expected, manifest,
                  note=f"greyscale, {depth}-bit")
        # Grey 8 with a tRNS key: one grey level becomes transparent.
        samples = [[(grey_of(*px[:3]),) for px in row] for row in base]
        key = samples[5][7][0]
        expected = [[(s[0],) * 3 + ((0,) if s[0] == key else (255,)) for s in row] for row in samples]
        write(f"grey8-trns{suffix}.png", png(samples, 0, 8, interlaced, trns=struct.pack(">H", key)), expected, manifest,
              note="greyscale 8-bit with a tRNS key")
        # Palette, every depth, with and without tRNS.
        for depth in (1, 2, 4, 8):
            n = 1 << depth
            palette = [((i * 97) % 256, (i * 53 + 40) % 256, (255 - i * 29) % 256) for i in range(n)]
            alphas = [255 if i % 3 else (i * 40) % 256 for i in range(n)]
            idx = [[((x * 7 + y * 3) % n,) for x in range(W)] for y in range(H)]
            for with_trns in (False, True):
                expected = [[palette[i[0]] + ((alphas[i[0]],) if with_trns else (255,)) for i in row] for row in idx]
                name = f"palette{depth}{'-trns' if with_trns else ''}{suffix}.png"
                write(name, png(idx, 3, depth, interlaced, palette=palette, trns=bytes(alphas) if with_trns else None),
                      expected, manifest, note=f"palette {depth}-bit{' with tRNS' if with_trns else ''}")
        # RGB 8 and 16; RGB 8 with a tRNS color key.
        rgb8 = [[px[:3] for px in row] for row in base]
        write(f"rgb8{suffix}.png", png(rgb8, 2, 8, interlaced), [[px + (255,) for px in row] for row in rgb8], manifest,
              note="RGB 8-bit")
        rgb16 = [[tuple(min(65535, c * 257 + (x % 3) * 40) for c in px[:3]) for x, px in enumerate(row)] for row in base]
        write(f"rgb16{suffix}.png", png(rgb16, 2, 16, interlaced),
              [[tuple(scale_up(c, 16) for c in px) + (255,) for px in row] for row in rgb16], manifest, tolerance=1,
              note="RGB 16-bit")
        keyed = rgb8[4][4]
        write(f"rgb8-trns{suffix}.png", png(rgb8, 2, 8, interlaced, trns=struct.pack(">HHH", *keyed)),
              [[px + ((0,) if px == keyed else (255,)) for px in row] for row in rgb8], manifest,
              note="RGB 8-bit with a tRNS color key")
        # Grey + alpha 8 and 16.
        ga8 = [[(grey_of(*px[:3]), px[3]) for px in row] for row in base]
        write(f"grey-alpha8{suffix}.png", png(ga8, 4, 8, interlaced), [[(g, g, g, a) for g, a in row] for row in ga8],
              manifest, note="grey + alpha 8-bit")
        ga16 = [[(g * 257, a * 257) for g, a in row] for row in ga8]
        write(f"grey-alpha16{suffix}.png", png(ga16, 4, 16, interlaced), [[(g, g, g, a) for g, a in row] for row in ga8],
              manifest, tolerance=1, note="grey + alpha 16-bit")
        # RGBA 8 and 16.
        write(f"rgba8{suffix}.png", png(base, 6, 8, interlaced), base, manifest, note="RGBA 8-bit")
        rgba16 = [[tuple(c * 257 for c in px) for px in row] for row in base]
        write(f"rgba16{suffix}.png", png(rgba16, 6, 16, interlaced), base, manifest, tolerance=1, note="RGBA 16-bit")

    # Gamma: the common 1/2.2 (sRGB-like, stored values are what is shown) and a sRGB chunk.
    gama = chunk(b"gAMA", struct.pack(">I", 45455))
    write("rgb8-gama45455.png", png(rgb8, 2, 8, extra_chunks=[gama]), [[px + (255,) for px in row] for row in rgb8],
          manifest, tolerance=1, note="RGB 8-bit, gAMA 1/2.2")
    srgb = chunk(b"sRGB", b"\x00")
    write("rgba8-srgb.png", png(base, 6, 8, extra_chunks=[srgb, gama]), base, manifest, tolerance=1,
          note="RGBA 8-bit with sRGB and gAMA")
    # gAMA 1.0: stored values are linear light; shown in sRGB they are brighter.
    linear = chunk(b"gAMA", struct.pack(">I", 100000))
    expected = [[tuple(round(255 * (c / 255) ** (1 / 2.2)) for c in px) + (255,) for px in row] for row in rgb8]
    write("rgb8-gama100000.png", png(rgb8, 2, 8, extra_chunks=[linear]), expected, manifest, tolerance=3,
          note="RGB 8-bit, gAMA 1.0 (linear): converted for display")
    # 16-bit with gAMA, plain and interlaced: Debian's libpng 1.6.39 simplified API turned every
    # other row of the interlaced ones to garbage (up to 251 levels off) on the way to 8 bits.
    # Samples are c * 257 plus a per-column offset, so the low byte matters to the rounding.
    grey16 = [[(grey_of(*px[:3]) * 257 + (x % 4) * 50,) for x, px in enumerate(row)] for row in base]
    ga16 = [[(grey_of(*px[:3]) * 257 + (x % 4) * 50, px[3] * 257) for x, px in enumerate(row)] for row in base]
    rgba16 = [[tuple(min(65535, c * 257 + (x % 3) * 40) for c in px[:3]) + (px[3] * 257,) for x, px in enumerate(row)]
              for row in base]
    for interlaced in (False, True):
        suffix = "-interlaced" if interlaced else ""
        for name, pixels, color, what in [("grey16", grey16, 0, "grey"), ("rgb16", rgb16, 2, "RGB"),
                                           ("grey-alpha16", ga16, 4, "grey + alpha"), ("rgba16", rgba16, 6, "RGBA")]:
            def expand(px):
                s = [scale_up(v, 16) for v in px]
                return (s[0],) * 3 + (255,) if color == 0 else (s[0],) * 3 + (s[1],) if color == 4 \
                    else tuple(s) + (255,) if color == 2 else tuple(s)
            write(f"{name}-gama45455{suffix}.png", png(pixels, color, 16, interlaced, extra_chunks=[gama]),
                  [[expand(px) for px in row] for row in pixels], manifest, tolerance=1,
                  note=f"{what} 16-bit, gAMA 1/2.2{', interlaced' if interlaced else ''}")
        # gAMA 1.0 at 16 bits: linear light, shown brighter (the same curve as the 8-bit file).
        write(f"rgb16-gama100000{suffix}.png", png(rgb16, 2, 16, interlaced, extra_chunks=[linear]),
              [[tuple(round(255 * (c / 65535) ** (1 / 2.2)) for c in px) + (255,) for px in row] for row in rgb16],
              manifest, tolerance=3, note=f"RGB 16-bit, gAMA 1.0 (linear){', interlaced' if interlaced else ''}")

    # JPEGs from an opaque photo-like PNG (smooth gradients compress well enough to compare).
    opaque = [[(px[0], px[1], (px[0] + px[1]) // 2, 255) for px in row] for row in base]
    source = png([[px[:3] for px in row] for row in opaque], 2, 8)
    source_path = os.path.join(ROOT, "jpeg-source.png")
    with open(source_path, "wb") as f:
        f.write(source)
    convert = shutil.which("convert")
    magick = convert and subprocess.run([convert, "-version"], capture_output=True).stdout.startswith(b"Version: ImageMagick")
    if not magick and len(kept) < len(JPEG_FILES):
        sys.exit("make-image-corpus: ImageMagick's convert is needed for the JPEGs (apt-get install imagemagick)")
    if magick:
        # The greyscale JPEG's reference is ImageMagick's own grey conversion of the source, lossless.
        subprocess.run([convert, source_path, "-colorspace", "Gray", "-strip", os.path.join(ROOT, "jpeg-source-grey.png")], check=True)
    else:
        print("make-image-corpus: no ImageMagick; the checked-in JPEGs are kept")
        for name, data in kept.items():
            with open(os.path.join(ROOT, name), "wb") as f:
                f.write(data)
    for name, args, grey in [("baseline.jpg", ["-quality", "95"], False),
                             ("progressive.jpg", ["-quality", "95", "-interlace", "JPEG"], False),
                             ("greyscale.jpg", ["-quality", "95", "-colorspace", "Gray"], True)]:
        if magick:
            subprocess.run([convert, source_path, *args, "-strip", "-sampling-factor", "1x1", os.path.join(ROOT, name)], check=True)
        manifest["jpeg"].append({"file": name, "source": "jpeg-source-grey.png" if grey else "jpeg-source.png",
                                 "grey": grey, "tolerance": 24})

    # Broken files, from rgba8.png.
    good = open(os.path.join(ROOT, "rgba8.png"), "rb").read()
    ihdr_end = 8 + 25
    idat_at = good.index(b"IDAT") - 4
    iend_at = good.index(b"IEND") - 4

    def broken(name, data, expect, what):
        with open(os.path.join(ROOT, name), "wb") as f:
            f.write(data)
        manifest["broken"].append({"file": name, "expect": expect, "what": what})

    broken("truncated-signature.png", good[:8], "cut short", "only the signature")
    broken("truncated-in-ihdr.png", good[:20], "cut short", "cut inside IHDR")
    broken("truncated-after-ihdr.png", good[:ihdr_end], "cut short", "no image data")
    broken("truncated-in-idat.png", good[:idat_at + 8 + 20], "cut short", "cut inside IDAT")
    broken("truncated-before-iend.png", good[:iend_at], "cut short", "no IEND")
    bad = bytearray(good)
    bad[ihdr_end - 1] ^= 0xFF
    broken("bad-crc-ihdr.png", bytes(bad), "CRC", "IHDR CRC wrong")
    bad = bytearray(good)
    bad[iend_at - 1] ^= 0xFF
    broken("bad-crc-idat.png", bytes(bad), "CRC", "IDAT CRC wrong")
    bad = bytearray(good)
    bad[idat_at:idat_at + 4] = struct.pack(">I", 0x7FFFFFF0)
    broken("bad-length-huge.png", bytes(bad), "length is corrupt", "IDAT length beyond the file")
    bad = bytearray(good)
    bad[idat_at:idat_at + 4] = struct.pack(">I", 3)
    broken("bad-length-short.png", bytes(bad), "corrupt length", "IDAT length too short")
    body = b"IHDR" + struct.pack(">IIBBBBB", 0, H, 8, 6, 0, 0, 0)
    zero = SIGNATURE + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body)) + good[ihdr_end:]
    broken("zero-width.png", zero, "0x13", "width 0")
    body = b"IHDR" + struct.pack(">IIBBBBB", 0x7FFFFFFF, 0x7FFFFFFF, 8, 6, 0, 0, 0)
    huge = SIGNATURE + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body)) + good[ihdr_end:]
    broken("huge-dimensions.png", huge, "over the limit", "2^31-1 x 2^31-1")
    body = b"IHDR" + struct.pack(">IIBBBBB", W, H, 7, 6, 0, 0, 0)
    depth = SIGNATURE + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body)) + good[ihdr_end:]
    broken("bad-bit-depth.png", depth, "IHDR", "bit depth 7")
    # A decompression bomb: 40000 x 40000 1-bit grey (1.6 gigapixels) from 200 KB of zlib.
    bw = bh = 40000
    body = b"IHDR" + struct.pack(">IIBBBBB", bw, bh, 1, 0, 0, 0, 0)
    comp = zlib.compressobj(9)
    row = b"\x00" * (1 + bw // 8)
    parts = [comp.compress(row * 1000) for _ in range(bh // 1000)]
    parts.append(comp.flush())
    bomb = SIGNATURE + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body)) + chunk(b"IDAT", b"".join(parts)) \
        + chunk(b"IEND", b"")
    broken("decompression-bomb.png", bomb, "pixels, over the limit", "1.6 gigapixels in a small file")
    # Found by scripts/fuzz.sh: a second IHDR claiming 2^32-1 x 2^32-1 overflowed a size product.
    def fixed_crcs(data):
        """Recomputes every chunk's CRC, as the image fuzz harness does before decoding."""
        out = bytearray(data)
        at = 8
        while at + 12 <= len(out):
            length = struct.unpack(">I", out[at:at + 4])[0]
            if length > len(out) - at - 12:
                break
            out[at + 8 + length:at + 12 + length] = struct.pack(">I", zlib.crc32(bytes(out[at + 4:at + 8 + length])))
            at += 12 + length
        return bytes(out)

    broken("fuzz-second-ihdr.png", fixed_crcs(bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000130000000d08060000004b8c55270000000150524642470d0a1a0a0000000049504e47"
        "0d0a1a0a0000000d49484452ffffffffffffffff08060000004b8c55270000000150524642470d0a1a0a0000000049454e44b1614e2f"
        "6d0ff0")), "PNG", "a second IHDR of 2^32-1 x 2^32-1 (CRCs fixed)")
    broken("not-a-png.png", b"GIF89a this is not what the name says", "not a PNG or JPEG", "wrong signature")
    # Bytes after IEND: every decoder ignores them; so do we (the image is whole).
    write("garbage-after-iend.png", good + b"garbage after the end" * 10, base, manifest,
          note="RGBA 8-bit followed by bytes after IEND (ignored, as every decoder does)")
    jpeg = open(os.path.join(ROOT, "baseline.jpg"), "rb").read()
    broken("truncated.jpg", jpeg[:len(jpeg) // 2], "JPEG", "JPEG cut in half")
    broken("truncated-header.jpg", jpeg[:40], "JPEG", "JPEG cut inside its headers")

    with open(os.path.join(ROOT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print(f"make-image-corpus: {len(manifest['good'])} PNGs, {len(manifest['jpeg'])} JPEGs, "
          f"{len(manifest['broken'])} broken files in {os.path.relpath(ROOT)}")


if __name__ == "__main__":
    main()
