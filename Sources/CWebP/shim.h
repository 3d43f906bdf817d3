// libwebp's lossless encoder and its mux library, which assembles the frames of an animated WebP;
// its demux library's animation decoder, which a review plays a WebP back with.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
