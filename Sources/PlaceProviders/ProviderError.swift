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

    public var message: String {
        let name = provider.displayName
        let keySetting = "kakao_key in the config or KAKAO_REST_API_KEY"
        switch code {
        case .keyRefused:
            return "\(name) refused the REST API key: check \(keySetting) (Kakao Developers → your app → App Keys)"
        case .serviceDisabled:
            return "\(name) Local is off for this key's app: turn on Kakao Map in Kakao Developers → your app → Product settings"
        case .quotaExceeded:
            return "\(name): the request quota is used up; try again later (the offline catalog still answers)"
        case .blocked:
            return "\(name) refused Tern's requests (usage policy); set nominatim = off or another nominatim_url"
        case .unreachable:
            return "\(name) could not be reached at \(host) (offline?); the offline catalog still answers"
        case .timedOut:
            return "\(name) did not answer in time from \(host); try again (the offline catalog still answers)"
        case .tooLarge:
            return "\(name) sent an answer over the size limit from \(host); it was dropped"
        case .tlsVerification:
            return "\(name): the TLS certificate of \(host) could not be verified; check the system's certificates or the URL"
        case .malformedAnswer:
            return "\(name) sent an answer Tern cannot read from \(host); check \(provider == .kakao ? "kakao_url" : "nominatim_url")"
        case .libraryMissing(let reason):
            return "\(name): \(reason)"
        case .refused(let status, let message):
            return "\(name) refused the search (HTTP \(status)\(message.isEmpty ? "" : ": " + message)); try again later"
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
