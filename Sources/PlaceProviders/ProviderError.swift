import Localization

/// Why a provider gave no places, by code; `message` is the one line a person reads. It
/// names the provider and the fix and never contains the key.
public struct ProviderError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Equatable, Sendable {
        /// The key was refused (HTTP 401, Kakao code -401).
        case keyRefused
        /// The app behind the key has Kakao Map / Local turned off.
        case serviceDisabled
        /// The provider's request quota is used up (Kakao -10, HTTP 429).
        case quotaExceeded
        /// Nominatim's usage policy blocked this client (HTTP 403).
        case blocked
        case unreachable
        case timedOut
        case tooLarge
        case tlsVerification
        /// An answer that is not the JSON the provider documents (HTML, empty, truncated).
        case malformedAnswer
        /// libcurl could not be loaded: the loader's one-line reason, naming the library.
        case libraryMissing(String)
        /// Any other refusal: the HTTP status and the provider's own message, cleaned to one line.
        case refused(status: Int, message: String)
    }

    public let provider: PlaceSource
    public let code: Code
    /// The server's host, for the messages about reaching it.
    public let host: String

    public init(provider: PlaceSource, code: Code, host: String) {
        self.provider = provider
        self.code = code
        self.host = host
    }

    public var description: String { message }

    /// In the run's language.
    public var message: String {
        let values = [
            "provider": provider.displayName, "host": host,
            "setting": provider == .kakao ? "kakao_url" : "nominatim_url",
        ]
        switch code {
        case .keyRefused: return tr(.providerKeyRefused, values)
        case .serviceDisabled: return tr(.providerServiceDisabled, values)
        case .quotaExceeded: return tr(.providerQuotaExceeded, values)
        case .blocked: return tr(.providerBlocked, values)
        case .unreachable: return tr(.providerUnreachable, values)
        case .timedOut: return tr(.providerTimedOut, values)
        case .tooLarge: return tr(.providerTooLarge, values)
        case .tlsVerification: return tr(.providerTLS, values)
        case .malformedAnswer: return tr(.providerMalformed, values)
        case .libraryMissing(let reason): return "\(provider.displayName): \(reason)"
        case .refused(let status, let message):
            var values = values
            values["status"] = String(status)
            return message.isEmpty
                ? tr(.providerRefused, values) : tr(.providerRefusedSaying, values.merging(["message": message]) { $1 })
        }
    }

    /// Maps a transport failure to this provider's error.
    public init(provider: PlaceSource, failure: HTTPFailure, host: String) {
        let code: Code
        switch failure {
        case .unreachable: code = .unreachable
        case .timedOut: code = .timedOut
        case .tooLarge: code = .tooLarge
        case .tlsVerification: code = .tlsVerification
        case .tooManyRedirects: code = .malformedAnswer
        case .libraryMissing(let reason): code = .libraryMissing(reason)
        case .other: code = .unreachable
        }
        self.init(provider: provider, code: code, host: host)
    }

    /// Whether an older cached answer may stand in (the network, not the request, failed).
    public var isConnectivity: Bool {
        [.unreachable, .timedOut, .tlsVerification].contains(code)
    }
}
