import Foundation

/// A GET request: the URL and its extra header lines.
public struct HTTPRequest: Equatable, Sendable {
    public var url: String
    public var headers: [String: String]

    public init(url: String, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// An answer that arrived whole, whatever its status.
public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why no answer arrived; the providers turn it into a `ProviderError` naming themselves.
public enum HTTPFailure: Error, Equatable, Sendable {
    case unreachable
    case timedOut
    case tooLarge
    case tooManyRedirects
    case tlsVerification
    /// The HTTP library itself could not be loaded: its one-line reason.
    case libraryMissing(String)
    case other(String)
}

/// The limits every request runs under, so one slow or hostile server cannot hold Tern.
public struct HTTPLimits: Equatable, Sendable {
    public var connectTimeout: TimeInterval = 3
    public var totalTimeout: TimeInterval = 8
    public var maxBodyBytes = 2 << 20
    public var maxRedirects = 3

    public init() {}
}

/// Sends one GET and waits for it; called off the interface's thread.
public protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPFailure>
}
