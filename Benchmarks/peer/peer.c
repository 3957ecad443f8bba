// The peer benchmark: draws frames that `render-frames-benchmark --peer` describes (the layer tree of
// each frame flattened to device pixels) with cairo, and writes each with libpng at its default
// settings (zlib level 6, adaptive filters), as RGB like ours. Never linked into render-frames;
// built by Benchmarks/peer/build.sh.
//
//   render-frames-peer SCENE-FILE... [--out DIR]
//
// A scene file, one operation a line, coordinates in device pixels:
//   canvas W H R G B A            the frame's size and the color it starts filled with (straight, 0-255)
//   image ID W H FILE             a picture: W*H cairo ARGB32 pixels (premultiplied), loaded once
//   font ID FILE INDEX            a font file (FreeType face INDEX), loaded once
//   save | restore
//   clip PATH                     intersect the clip with PATH (nonzero)
//   fill R G B A OPACITY EVENODD PATH
//   img ID X Y W H OPACITY        picture ID scaled into the rectangle (edges repeat, clipped to it)
//   glyphs FONT PX R G B A OPACITY N  X Y GLYPH ...   N glyphs of font FONT at PX pixels per em
//   group | ungroup OPACITY       draw offscreen, then composite at OPACITY
//   line X1 Y1 X2 Y2 WIDTH R G B A OPACITY          a segment stroked with round caps
//   arc X Y RADIUS WIDTH FROM TO R G B A OPACITY    a band of a ring, angles clockwise from up (radians)
// PATH is a list of M x y | L x y | C x1 y1 x2 y2 x y | Z, ended by the line's end.
// Prints one line a frame: "frame FILE render_ms encode_ms write_ms bytes", the thread's CPU time
// of the drawing (from filling the surface to the last operation), of the PNG encoding (to memory),
// and of writing the file (when --out is given, which must come before the scene files).
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_IDS 64

static cairo_surface_t *images[MAX_IDS];
static char *image_files[MAX_IDS];
static cairo_font_face_t *fonts[MAX_IDS];
static char *font_files[MAX_IDS];
static FT_Library library;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what, const char *detail) {
    fprintf(stderr, "render-frames-peer: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

// The whole file in memory, NUL-terminated.
static char *slurp(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) die("cannot read", path);
    data[n] = 0;
    fclose(f);
    if (size) *size = (size_t)n;
    return data;
}

static int check_id(int id, const char *line) {
    if (id < 0 || id >= MAX_IDS) die("id out of range in", line);
    return id;
}

// Loads what a scene file names (pictures and fonts), once per id and file.
static void load_resources(char *text) {
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int id, w, h, index;
        char file[4096];
        if (sscanf(line, "image %d %d %d %4095s", &id, &w, &h, file) == 4) {
            check_id(id, line);
            if (image_files[id] && strcmp(image_files[id], file) == 0) continue;
            size_t size;
            char *pixels = slurp(file, &size);
            if (size != (size_t)w * h * 4) die("picture size does not match", file);
            cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
            cairo_surface_flush(s);
            unsigned char *dst = cairo_image_surface_get_data(s);
            int stride = cairo_image_surface_get_stride(s);
            for (int y = 0; y < h; y++) memcpy(dst + (size_t)y * stride, pixels + (size_t)y * w * 4, (size_t)w * 4);
            cairo_surface_mark_dirty(s);
            free(pixels);
            images[id] = s;
            image_files[id] = strdup(file);
        } else if (sscanf(line, "font %d %4095s %d", &id, file, &index) == 3) {
            check_id(id, line);
            if (font_files[id] && strcmp(font_files[id], file) == 0) continue;
            FT_Face face;
            if (FT_New_Face(library, file, index, &face)) die("FreeType cannot open", file);
            fonts[id] = cairo_ft_font_face_create_for_ft_face(face, 0);
            font_files[id] = strdup(file);
        }
    }
}

// Reads PATH tokens from `p` into the current path.
static void read_path(cairo_t *cr, const char *p) {
    cairo_new_path(cr);
    char op;
    int n;
    double v[6];
    while (sscanf(p, " %c%n", &op, &n) == 1) {
        p += n;
        int count = op == 'M' || op == 'L' ? 2 : op == 'C' ? 6 : 0;
        for (int i = 0; i < count; i++) {
            if (sscanf(p, "%lf%n", &v[i], &n) != 1) die("bad path", p);
            p += n;
        }
        switch (op) {
        case 'M': cairo_move_to(cr, v[0], v[1]); break;
        case 'L': cairo_line_to(cr, v[0], v[1]); break;
        case 'C': cairo_curve_to(cr, v[0], v[1], v[2], v[3], v[4], v[5]); break;
        case 'Z': cairo_close_path(cr); break;
        default: die("bad path operation", p);
        }
    }
}

// Draws one frame's operations onto `surface`.
static void draw(cairo_surface_t *surface, char *text) {
    cairo_t *cr = cairo_create(surface);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_set_font_options(cr, options);
    cairo_glyph_t *glyphs = NULL;
    size_t glyph_room = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int id, n, w, h, even_odd, count;
        double r, g, b, a, opacity, x, y, px, v[3];
        if (sscanf(line, "canvas %d %d %lf %lf %lf %lf", &w, &h, &r, &g, &b, &a) == 6) {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
            cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a / 255);
            cairo_paint(cr);
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        } else if (strcmp(line, "save") == 0) {
            cairo_save(cr);
        } else if (strcmp(line, "restore") == 0) {
            cairo_restore(cr);
        } else if (strncmp(line, "clip ", 5) == 0) {
            read_path(cr, line + 5);
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
            cairo_clip(cr);
        } else if (sscanf(line, "fill %lf %lf %lf %lf %lf %d%n", &r, &g, &b, &a, &opacity, &even_odd, &n) == 6) {
            read_path(cr, line + n);
            cairo_set_fill_rule(cr, even_odd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
            cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a / 255 * opacity);
            cairo_fill(cr);
        } else if (sscanf(line, "img %d %lf %lf %lf %lf %lf", &id, &x, &y, &r, &g, &opacity) == 6) {
            // r, g: the rectangle's width and height.
            cairo_surface_t *image = images[check_id(id, line)];
            if (!image) die("picture not loaded", line);
            cairo_save(cr);
            cairo_rectangle(cr, x, y, r, g);
            cairo_clip(cr);
            cairo_translate(cr, x, y);
            cairo_scale(cr, r / cairo_image_surface_get_width(image), g / cairo_image_surface_get_height(image));
            cairo_set_source_surface(cr, image, 0, 0);
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
            cairo_paint_with_alpha(cr, opacity);
            cairo_restore(cr);
        } else if (sscanf(line, "glyphs %d %lf %lf %lf %lf %lf %lf %d%n", &id, &px, &r, &g, &b, &a, &opacity, &count, &n) == 8) {
            if (!fonts[check_id(id, line)]) die("font not loaded", line);
            if ((size_t)count > glyph_room) {
                glyph_room = (size_t)count * 2;
                glyphs = realloc(glyphs, glyph_room * sizeof *glyphs);
            }
            const char *p = line + n;
            for (int i = 0; i < count; i++) {
                unsigned long index;
                if (sscanf(p, "%lf %lf %lu%n", &glyphs[i].x, &glyphs[i].y, &index, &n) != 3) die("bad glyphs", line);
                glyphs[i].index = index;
                p += n;
            }
            cairo_set_font_face(cr, fonts[id]);
            cairo_set_font_size(cr, px);
            cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a / 255 * opacity);
            cairo_show_glyphs(cr, glyphs, count);
        } else if (sscanf(line, "line %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &x, &y, &px, &v[0], &v[1], &r, &g, &b, &a, &opacity) == 10) {
            cairo_new_path(cr);
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, px, v[0]);
            cairo_set_line_width(cr, v[1]);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
            cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a / 255 * opacity);
            cairo_stroke(cr);
        } else if (sscanf(line, "arc %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &x, &y, &px, &v[0], &v[1], &v[2], &r, &g, &b, &a, &opacity) == 11) {
            cairo_new_path(cr);
            cairo_arc(cr, x, y, px, v[1] - 1.5707963267948966, v[2] - 1.5707963267948966);
            cairo_set_line_width(cr, v[0]);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a / 255 * opacity);
            cairo_stroke(cr);
        } else if (strcmp(line, "group") == 0) {
            cairo_push_group(cr);
        } else if (sscanf(line, "ungroup %lf", &opacity) == 1) {
            cairo_pop_group_to_source(cr);
            cairo_paint_with_alpha(cr, opacity);
        } else if (strncmp(line, "image ", 6) == 0 || strncmp(line, "font ", 5) == 0 || line[0] == '#') {
            // Loaded before drawing.
        } else {
            die("unknown operation", line);
        }
    }
    free(glyphs);
    cairo_font_options_destroy(options);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
}

struct buffer { unsigned char *data; size_t size, room; };

static void append(png_structp png, png_bytep data, png_size_t length) {
    struct buffer *b = png_get_io_ptr(png);
    if (b->size + length > b->room) {
        b->room = (b->size + length) * 2;
        b->data = realloc(b->data, b->room);
    }
    memcpy(b->data + b->size, data, length);
    b->size += length;
}

static void flush(png_structp png) { (void)png; }

// libpng's classic writer at its defaults (zlib 6, adaptive filters), RGB rows from cairo's
// premultiplied ARGB32 (the frames are opaque, so no unpremultiplying).
static void encode(cairo_surface_t *surface, struct buffer *out, unsigned char *row) {
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    out->size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png))) die("libpng failed", NULL);
    png_set_write_fn(png, out, append, flush);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < h; y++) {
        const uint32_t *src = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < w; x++) {
            uint32_t p = src[x];
            row[3 * x] = (unsigned char)(p >> 16);
            row[3 * x + 1] = (unsigned char)(p >> 8);
            row[3 * x + 2] = (unsigned char)p;
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
}

int main(int argc, char **argv) {
    const char *out_dir = NULL;
    if (FT_Init_FreeType(&library)) die("FreeType failed", NULL);
    struct buffer png = {0};
    cairo_surface_t *surface = NULL;
    unsigned char *row = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) { out_dir = argv[++i]; continue; }
        char *text = slurp(argv[i], NULL);
        char *copy = strdup(text);
        load_resources(copy);
        free(copy);
        int w, h;
        if (sscanf(text, "canvas %d %d", &w, &h) != 2) die("no canvas line first in", argv[i]);
        if (!surface || cairo_image_surface_get_width(surface) != w || cairo_image_surface_get_height(surface) != h) {
            if (surface) cairo_surface_destroy(surface);
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
            row = realloc(row, (size_t)w * 3);
        }
        double t0 = now_ms();
        draw(surface, text);
        double t1 = now_ms();
        encode(surface, &png, row);
        double t2 = now_ms();
        if (out_dir) {
            const char *base = strrchr(argv[i], '/');
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.png", out_dir, base ? base + 1 : argv[i]);
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(png.data, 1, png.size, f) != png.size || fclose(f)) die("cannot write", path);
        }
        double t3 = now_ms();
        printf("frame %s %.3f %.3f %.3f %zu\n", argv[i], t1 - t0, t2 - t1, t3 - t2, png.size);
        fflush(stdout);
        free(text);
    }
    return 0;
}
