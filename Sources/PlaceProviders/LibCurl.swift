import CCurl
import LibraryLoading
import Localization

/// libcurl's functions, loaded with `dlopen` on the first online search: linking it would
/// load libcurl and its TLS, SSH and IDN chain at every start of Tern, which most runs never
/// need. The free functions below keep the names `CurlTransport` calls; they shadow the
/// declarations of the `CCurl` header, whose module map links nothing.
struct LibCurl: @unchecked Sendable {
    // @unchecked: its fields are constant addresses in a library that is never closed.
    let curl_global_init: @convention(c) (Int) -> CURLcode
    let curl_easy_init: @convention(c) () -> UnsafeMutableRawPointer?
    let curl_easy_cleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let curl_easy_perform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let curl_easy_strerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let curl_slist_append:
        @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let curl_slist_free_all: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    /// The variadic `curl_easy_setopt` and `curl_easy_getinfo`, called through the shim's wrappers.
    let setopt: UnsafeMutableRawPointer
    let getinfo: UnsafeMutableRawPointer

    private init(_ library: DynamicLibrary) throws(DynamicLibraryFailure) {
        curl_global_init = try library.function("curl_global_init", as: type(of: curl_global_init))
        curl_easy_init = try library.function("curl_easy_init", as: type(of: curl_easy_init))
        curl_easy_cleanup = try library.function("curl_easy_cleanup", as: type(of: curl_easy_cleanup))
        curl_easy_perform = try library.function("curl_easy_perform", as: type(of: curl_easy_perform))
        curl_easy_strerror = try library.function("curl_easy_strerror", as: type(of: curl_easy_strerror))
        curl_slist_append = try library.function("curl_slist_append", as: type(of: curl_slist_append))
        curl_slist_free_all = try library.function("curl_slist_free_all", as: type(of: curl_slist_free_all))
        setopt = try library.address("curl_easy_setopt")
        getinfo = try library.address("curl_easy_getinfo")
    }

    /// The library, opened and set up once (a Swift global is initialised once, thread-safely).
    private static let loaded: Result<LibCurl, DynamicLibraryFailure> = Result { () throws(DynamicLibraryFailure) in
        let curl = try LibCurl(
            DynamicLibrary.open(
                ["libcurl.so.4"],
                purpose: tr(.libraryForOnline), package: "libcurl4"))
        guard curl.curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK else {
            throw DynamicLibraryFailure(message: "libcurl could not start")
        }
        return curl
    }

    /// Loads and sets up libcurl, or says in one line why it cannot; `CurlTransport` calls
    /// this before any request, so the functions below are never reached without it.
    static func require() -> DynamicLibraryFailure? {
        if case .failure(let failure) = loaded { return failure }
        return nil
    }

    /// The loaded functions; `require()` has succeeded before any call reaches here.
    fileprivate static var api: LibCurl {
        guard case .success(let api) = loaded else { preconditionFailure("libcurl called before LibCurl.require()") }
        return api
    }
}

func curl_easy_init() -> UnsafeMutableRawPointer! { LibCurl.api.curl_easy_init() }
func curl_easy_cleanup(_ handle: UnsafeMutableRawPointer?) { LibCurl.api.curl_easy_cleanup(handle) }
func curl_easy_perform(_ handle: UnsafeMutableRawPointer?) -> CURLcode { LibCurl.api.curl_easy_perform(handle) }
func curl_easy_strerror(_ code: CURLcode) -> UnsafePointer<CChar>! { LibCurl.api.curl_easy_strerror(code) }
func curl_slist_append(_ list: UnsafeMutablePointer<curl_slist>?, _ text: UnsafePointer<CChar>?)
    -> UnsafeMutablePointer<curl_slist>!
{
    LibCurl.api.curl_slist_append(list, text)
}
func curl_slist_free_all(_ list: UnsafeMutablePointer<curl_slist>?) { LibCurl.api.curl_slist_free_all(list) }

func tern_curl_set_long(_ handle: UnsafeMutableRawPointer?, _ option: CURLoption, _ value: Int) -> CURLcode {
    tern_curl_setopt_long(LibCurl.api.setopt, handle, option, value)
}
func tern_curl_set_string(_ handle: UnsafeMutableRawPointer?, _ option: CURLoption, _ value: UnsafePointer<CChar>?)
    -> CURLcode
{
    tern_curl_setopt_string(LibCurl.api.setopt, handle, option, value)
}
func tern_curl_set_pointer(_ handle: UnsafeMutableRawPointer?, _ option: CURLoption, _ value: UnsafeMutableRawPointer?)
    -> CURLcode
{
    tern_curl_setopt_pointer(LibCurl.api.setopt, handle, option, value)
}
func tern_curl_set_write_function(_ handle: UnsafeMutableRawPointer?, _ function: tern_curl_write_function?) -> CURLcode
{
    tern_curl_setopt_write_function(LibCurl.api.setopt, handle, function)
}
func tern_curl_response_code(_ handle: UnsafeMutableRawPointer?) -> Int {
    tern_curl_getinfo_response_code(LibCurl.api.getinfo, handle)
}
