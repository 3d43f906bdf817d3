// libwebp's lossless encoder and its mux library, which assembles the frames of an animated WebP.
#include <webp/encode.h>
#include <webp/mux.h>
