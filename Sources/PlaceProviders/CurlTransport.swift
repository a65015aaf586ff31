import CCurl
import Foundation

/// `HTTPTransport` over libcurl: http and https only, TLS verified against the system's
/// certificates, `HTTPLimits` enforced (a body over the cap is cut off while it streams).
public final class CurlTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: its fields never change, and each request makes and frees a curl handle of its own.
    public let limits: HTTPLimits
    public let userAgent: String

    public init(userAgent: String, limits: HTTPLimits = HTTPLimits()) {
        self.userAgent = userAgent
        self.limits = limits
    }

    public func get(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPFailure> {
        // libcurl is loaded and set up on the first request, so commands that never search
        // online pay nothing for it.
        if let failure = LibCurl.require() { return .failure(.libraryMissing(failure.message)) }
        guard let handle = curl_easy_init() else { return .failure(.other("libcurl could not start")) }
        defer { curl_easy_cleanup(handle) }
        let sink = BodySink(limit: limits.maxBodyBytes)
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        defer { curl_slist_free_all(headerList) }

        _ = tern_curl_set_string(handle, CURLOPT_URL, request.url)
        _ = tern_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = tern_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = tern_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = tern_curl_set_long(handle, CURLOPT_MAXREDIRS, limits.maxRedirects)
        _ = tern_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        _ = tern_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        _ = tern_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = tern_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeout * 1000))
        _ = tern_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(limits.totalTimeout * 1000))
        _ = tern_curl_set_long(handle, CURLOPT_MAXFILESIZE, limits.maxBodyBytes)
        _ = tern_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = tern_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
        _ = tern_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        _ = tern_curl_set_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
            return sink.append(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        let unmanagedSink = Unmanaged.passRetained(sink)
        defer { unmanagedSink.release() }
        _ = tern_curl_set_pointer(handle, CURLOPT_WRITEDATA, unmanagedSink.toOpaque())

        let code = curl_easy_perform(handle)
        if code == CURLE_OK {
            return .success(HTTPResponse(status: tern_curl_response_code(handle), body: sink.body))
        }
        return .failure(Self.failure(code, overflowed: sink.overflowed))
    }

    static func failure(_ code: CURLcode, overflowed: Bool) -> HTTPFailure {
        switch code {
        case _ where overflowed, CURLE_FILESIZE_EXCEEDED: return .tooLarge
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SEND_ERROR,
            CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return .unreachable
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE:
            return .tlsVerification
        default: return .other(String(cString: curl_easy_strerror(code)))
        }
    }
}

/// Collects a body up to its cap; past it, refuses the bytes so libcurl stops the transfer.
private final class BodySink {
    let limit: Int
    var body = Data()
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
