// libcurl, for the online place providers. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, so each argument type gets a fixed-signature wrapper.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode tern_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tern_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tern_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*tern_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tern_curl_set_write_function(CURL *handle, tern_curl_write_function function) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline long tern_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
