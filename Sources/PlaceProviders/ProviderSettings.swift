/// Which providers are on and where they are, from the config and the environment
/// (`KAKAO_REST_API_KEY`, `TERN_KAKAO_URL`, `TERN_NOMINATIM_URL` win over the config).
public struct ProviderSettings: Equatable, Sendable, CustomStringConvertible {
    public var kakaoKey: String?
    public var kakaoURL: String
    public var nominatim: Bool
    public var nominatimURL: String

    public init(
        kakaoKey: String? = nil, kakaoURL: String? = nil, nominatim: Bool = false, nominatimURL: String? = nil,
        environment: [String: String] = [:]
    ) {
        let environmentKey = environment["KAKAO_REST_API_KEY"]?.trimmingCharacters(in: .whitespaces)
        self.kakaoKey = (environmentKey?.isEmpty == false ? environmentKey : nil) ?? kakaoKey
        self.kakaoURL = Self.nonEmpty(environment["TERN_KAKAO_URL"]) ?? kakaoURL ?? KakaoLocalClient.defaultURL
        self.nominatim = nominatim
        self.nominatimURL =
            Self.nonEmpty(environment["TERN_NOMINATIM_URL"]) ?? nominatimURL ?? NominatimClient.defaultURL
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }

    public var isAnyConfigured: Bool { kakaoKey != nil || nominatim }

    /// Never shows the key.
    public var description: String {
        "kakao: \(kakaoKey == nil ? "off" : "on at \(kakaoURL)"), nominatim: "
            + "\(nominatim ? "on at \(nominatimURL)" : "off")"
    }
}
