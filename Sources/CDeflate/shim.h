// libdeflate (Debian's libdeflate-dev): whole-buffer zlib compression and fast CRC-32 for the
// PNG encoder in SceneRender/Output.
#include <libdeflate.h>
