// Pango over Cairo, with the fontconfig font map scenec gives its own private FcConfig.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <cairo-ft.h>

// PangoCairoFcFontMap is a PangoFcFontMap; the cast macro is not importable into Swift.
static inline PangoFcFontMap *scenec_fc_font_map(PangoFontMap *map) {
    return PANGO_IS_FC_FONT_MAP(map) ? PANGO_FC_FONT_MAP(map) : NULL;
}

// Whether Pango chose a colour font (Noto Color Emoji's bitmaps) for a run: such glyphs have no
// outlines to fill, so they are drawn as glyphs (GraphicsContext.draw). The PANGO_FC_FONT cast is
// a macro, not importable into Swift.
#include <pango/pangofc-font.h>
static inline int scenec_font_is_color(PangoFont *font) {
    if (!font || !PANGO_IS_FC_FONT(font)) return 0;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcBool color = FcFalse;
    return pattern && FcPatternGetBool(pattern, FC_COLOR, 0, &color) == FcResultMatch && color;
}

// What Pango shapes and rasterises glyphs with, named here only for their run-time versions
// (BuildInfo): FreeType draws the glyphs, HarfBuzz shapes them, FriBidi orders bidirectional text.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <fribidi.h>

// fribidi_version_info is a C global variable; a function keeps Swift 6 from seeing shared state.
static inline const char *scenec_fribidi_version_info(void) {
    return fribidi_version_info;
}
