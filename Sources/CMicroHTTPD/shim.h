#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
/* mallopt, which Glibc's Swift module leaves out: the server fixes its allocator's thresholds
   so memory stays flat under a thread per connection (see PreviewServer.keepMemoryFlat). */
#include <malloc.h>

/* MHD_start_daemon is variadic, which Swift does not import: this wrapper fixes the options
   scenec uses. A thread per connection (so a Server-Sent Events stream may wait for its next
   event), on a listening socket scenec opened itself (so it knows the port the system chose and
   binds exactly the address asked for). */
static inline struct MHD_Daemon *scenec_mhd_start(int listen_socket, unsigned int connection_limit,
                                                  unsigned int timeout_seconds,
                                                  MHD_AccessHandlerCallback handler, void *handler_context,
                                                  MHD_RequestCompletedCallback completed) {
    return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, 0,
                            NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, listen_socket,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
                            MHD_OPTION_END);
}

/* MHD_SIZE_UNKNOWN is a macro with a cast, which Swift does not import. */
static inline uint64_t scenec_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
