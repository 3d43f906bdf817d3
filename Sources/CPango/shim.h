// Pango over Cairo, with the fontconfig font map scenec gives its own private FcConfig.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <cairo-ft.h>

// PangoCairoFcFontMap is a PangoFcFontMap; the cast macro is not importable into Swift.
static inline PangoFcFontMap *scenec_fc_font_map(PangoFontMap *map) {
    return PANGO_IS_FC_FONT_MAP(map) ? PANGO_FC_FONT_MAP(map) : NULL;
}
