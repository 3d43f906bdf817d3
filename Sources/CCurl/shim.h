#include <stddef.h>
#include <stdint.h>
#include <curl/curl.h>

/* curl_easy_setopt is variadic, which Swift does not import: this wrapper makes one request
   with the options the remote cache uses, so every setopt call stays here. TLS peers and host
   names are verified (libcurl's default, set again so no build of libcurl can turn it off);
   redirects are not followed (a cache answers where it was asked); only HTTP and HTTPS. */
static inline CURLcode scenec_curl_request(CURL *curl, const char *url, int put,
                                           const unsigned char *body, size_t body_length,
                                           struct curl_slist *headers,
                                           size_t (*write)(char *, size_t, size_t, void *), void *context,
                                           long connect_timeout_ms, long timeout_ms,
                                           char *error_buffer, long *status) {
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_buffer);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, context);
    if (put) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body_length > 0 ? (const char *)body : "");
    } else {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    }
    CURLcode code = curl_easy_perform(curl);
    *status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    return code;
}
