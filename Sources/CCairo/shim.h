#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
// pixman rasterises every Cairo image surface (antialiasing, compositing): only its run-time
// version is read here (BuildInfo), which is why scenec links it by name.
#include <pixman.h>
