/* How scenec's PNG encoder was chosen (make bench-encoders; bench/README.md quotes it): the
 * pictures given (PNG files, decoded by Cairo to its premultiplied ARGB32, un-premultiplied as
 * Cairo's writer does) encoded with each row-filter strategy at libdeflate level 6, and with the
 * chosen strategy through each compressor and level. Prints total bytes and the fastest of
 * ROUNDS compressions per picture (a shared machine only ever slows a run down).
 *   encoders PNG...        */
#include <cairo.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

enum { ROUNDS = 5 };

typedef struct {
    int width, height, bpp; /* bpp 3 when every pixel is opaque, else 4 */
    unsigned char *rows;    /* straight RGB(A), height rows of width * bpp bytes */
} picture;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int load(const char *path, picture *p) {
    cairo_surface_t *png = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(png) != CAIRO_STATUS_SUCCESS) return 0;
    p->width = cairo_image_surface_get_width(png);
    p->height = cairo_image_surface_get_height(png);
    cairo_surface_t *argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, p->width, p->height);
    cairo_t *cr = cairo_create(argb);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, png, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(argb);
    const unsigned char *d = cairo_image_surface_get_data(argb);
    int stride = cairo_image_surface_get_stride(argb), opaque = 1;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) opaque &= d[y * stride + 4 * x + 3] == 255;
    p->bpp = opaque ? 3 : 4;
    p->rows = malloc((size_t)p->width * p->height * p->bpp);
    unsigned char *o = p->rows;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            const unsigned char *px = d + y * stride + 4 * x; /* little-endian B, G, R, A */
            unsigned a = px[3];
            for (int c = 2; c >= 0; c--) *o++ = opaque ? px[c] : a ? (px[c] * 255 + a / 2) / a : 0;
            if (!opaque) *o++ = a;
        }
    cairo_surface_destroy(argb);
    cairo_surface_destroy(png);
    return 1;
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Row `y` through PNG filter `f` (0 none, 1 sub, 2 up, 3 average, 4 paeth) into `out`. */
static void filter_row(const picture *p, int y, int f, unsigned char *out) {
    size_t n = (size_t)p->width * p->bpp;
    const unsigned char *row = p->rows + y * n, *up = y ? row - n : NULL;
    for (size_t i = 0; i < n; i++) {
        int a = i >= (size_t)p->bpp ? row[i - p->bpp] : 0, b = up ? up[i] : 0;
        int c = up && i >= (size_t)p->bpp ? up[i - p->bpp] : 0;
        int predicted[] = {0, a, b, (a + b) / 2, paeth(a, b, c)};
        out[i] = (unsigned char)(row[i] - predicted[f]);
    }
}

static long magnitude(const unsigned char *r, size_t n) {
    long s = 0;
    for (size_t i = 0; i < n; i++) s += (signed char)r[i] < 0 ? -(signed char)r[i] : r[i];
    return s;
}

enum strategy { NONE, UP, PAETH, ADAPTIVE, NONE_UP_ON_REPEAT, STRATEGIES };
static const char *strategy_names[] = {"none", "up", "paeth", "adaptive (libpng's heuristic)",
                                       "none, up on a repeated row (scenec)"};

/* The scanlines of `p` with strategy `s`; returns their length. */
static size_t scanlines(const picture *p, enum strategy s, unsigned char *out) {
    size_t n = (size_t)p->width * p->bpp, o = 0;
    unsigned char *try = malloc(n);
    for (int y = 0; y < p->height; y++) {
        int f = s == UP ? 2 : s == PAETH ? 4 : 0;
        if (s == NONE_UP_ON_REPEAT && y && !memcmp(p->rows + y * n, p->rows + (y - 1) * n, n)) f = 2;
        if (s == ADAPTIVE) { /* smallest sum of absolute values, as libpng's default picks */
            long best = -1;
            for (int k = 0; k < 5; k++) {
                filter_row(p, y, k, try);
                long m = magnitude(try, n);
                if (best < 0 || m < best) best = m, f = k;
            }
        }
        out[o++] = (unsigned char)f;
        filter_row(p, y, f, out + o);
        o += n;
    }
    free(try);
    return o;
}

typedef struct { const char *name; int zlib, level; } compressor;

static size_t compress_once(compressor c, struct libdeflate_compressor *d, const unsigned char *in, size_t n,
                            unsigned char *out, size_t cap) {
    if (!c.zlib) return libdeflate_zlib_compress(d, in, n, out, cap);
    uLongf len = cap;
    return compress2(out, &len, in, n, c.level) == Z_OK ? len : 0;
}

int main(int argc, char **argv) {
    int count = argc - 1;
    picture *pictures = calloc(count, sizeof *pictures);
    size_t most = 0;
    for (int i = 0; i < count; i++) {
        if (!load(argv[i + 1], &pictures[i])) return fprintf(stderr, "cannot read %s\n", argv[i + 1]), 1;
        size_t n = (size_t)(pictures[i].width * pictures[i].bpp + 1) * pictures[i].height;
        if (n > most) most = n;
    }
    unsigned char *rows = malloc(most), *out = malloc(2 * most + 1024);
    printf("%d pictures\n\nrow filter, libdeflate level 6        total bytes\n", count);
    struct libdeflate_compressor *six = libdeflate_alloc_compressor(6);
    for (int s = 0; s < STRATEGIES; s++) {
        size_t total = 0;
        for (int i = 0; i < count; i++)
            total += libdeflate_zlib_compress(six, rows, scanlines(&pictures[i], s, rows), out, 2 * most + 1024);
        printf("%-38s %11zu\n", strategy_names[s], total);
    }
    compressor compressors[] = {{"zlib 1", 1, 1},       {"zlib 6", 1, 6},       {"zlib 9", 1, 9},
                                {"libdeflate 1", 0, 1}, {"libdeflate 2", 0, 2}, {"libdeflate 4", 0, 4},
                                {"libdeflate 6", 0, 6}, {"libdeflate 7", 0, 7}, {"libdeflate 9", 0, 9},
                                {"libdeflate 12", 0, 12}};
    printf("\ncompressor, scenec's rows      total bytes   ms per picture (fastest of %d)\n", ROUNDS);
    for (size_t k = 0; k < sizeof compressors / sizeof *compressors; k++) {
        compressor c = compressors[k];
        struct libdeflate_compressor *d = c.zlib ? NULL : libdeflate_alloc_compressor(c.level);
        size_t total = 0;
        double seconds = 0;
        for (int i = 0; i < count; i++) {
            size_t n = scanlines(&pictures[i], NONE_UP_ON_REPEAT, rows);
            double fastest = 1e9;
            for (int r = 0; r < (c.level >= 10 ? 1 : ROUNDS); r++) {
                double t = now();
                size_t len = compress_once(c, d, rows, n, out, 2 * most + 1024);
                t = now() - t;
                if (t < fastest) fastest = t;
                if (r == 0) total += len;
            }
            seconds += fastest;
        }
        printf("%-30s %12zu %10.2f\n", c.name, total, seconds / count * 1000);
        if (d) libdeflate_free_compressor(d);
    }
    return 0;
}
