// libcurl, for the online place providers. The module links nothing: PlaceProviders' LibCurl
// opens libcurl.so.4 with dlopen on the first online search. curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift can neither call nor type, so LibCurl hands
// their addresses to these fixed-signature wrappers, which call them with the real prototype.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef CURLcode (*tern_curl_setopt_prototype)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*tern_curl_getinfo_prototype)(CURL *handle, CURLINFO info, ...);

static inline CURLcode tern_curl_setopt_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((tern_curl_setopt_prototype)setopt)(handle, option, value);
}

static inline CURLcode tern_curl_setopt_string(void *setopt, CURL *handle, CURLoption option, const char *value) {
    return ((tern_curl_setopt_prototype)setopt)(handle, option, value);
}

static inline CURLcode tern_curl_setopt_pointer(void *setopt, CURL *handle, CURLoption option, void *value) {
    return ((tern_curl_setopt_prototype)setopt)(handle, option, value);
}

typedef size_t (*tern_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tern_curl_setopt_write_function(void *setopt, CURL *handle, tern_curl_write_function function) {
    return ((tern_curl_setopt_prototype)setopt)(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline long tern_curl_getinfo_response_code(void *getinfo, CURL *handle) {
    long code = 0;
    ((tern_curl_getinfo_prototype)getinfo)(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
