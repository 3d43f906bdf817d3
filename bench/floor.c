/* The floor scenec's frame sequences are measured against (make bench): the same 512×512
 * transparent progress ring as bench/frames.py's scene, drawn with Cairo as scenec's ring drawer
 * draws it, each frame written with cairo_surface_write_to_png (libpng's defaults: zlib level 6,
 * adaptive row filters). What a C program calling Cairo directly would do.
 *   floor FRAMES OUT_DIR     writes OUT_DIR/0000.png … */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void draw_ring(cairo_t *cr, double progress) {
    /* frame {x: 16, y: 16, width: 480, height: 480}, lineWidth 24, default colours */
    const double line_width = 24, radius = 240 - line_width / 2;
    cairo_save(cr);
    cairo_translate(cr, 16, 16);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_new_path(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 240, 240, radius, 0, 2 * M_PI);
    cairo_close_path(cr);
    cairo_set_source_rgba(cr, 235 / 255.0, 237 / 255.0, 236 / 255.0, 1);
    cairo_set_line_width(cr, line_width);
    cairo_stroke(cr);
    if (progress > 0) {
        double start = -90 * M_PI / 180, end = (-90 + progress * 360) * M_PI / 180;
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_new_path(cr);
        cairo_arc(cr, 240, 240, radius, start, end);
        cairo_set_source_rgba(cr, 1 / 255.0, 111 / 255.0, 37 / 255.0, 1);
        cairo_set_line_width(cr, line_width);
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: floor FRAMES OUT_DIR\n");
        return 2;
    }
    int frames = atoi(argv[1]);
    char path[4096];
    for (int i = 0; i < frames; i++) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 512, 512);
        cairo_t *cr = cairo_create(surface);
        draw_ring(cr, (double)i / frames); /* linear, 0 → 1 over the sequence, as the scene */
        cairo_destroy(cr);
        snprintf(path, sizeof path, "%s/%04d.png", argv[2], i);
        if (cairo_surface_write_to_png(surface, path) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "floor: cannot write %s\n", path);
            return 1;
        }
        cairo_surface_destroy(surface);
    }
    return 0;
}
