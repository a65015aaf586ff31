/// Kakao's category group codes with their Korean and English names; `--category` and the
/// interface's category key accept any of them.
public struct PlaceCategory: Hashable, Sendable {
    public let code: String
    public let korean: String
    public let english: String
    /// Other names people type for it (lower case).
    let aliases: [String]

    public static let all: [PlaceCategory] = [
        .init(code: "MT1", korean: "대형마트", english: "supermarket", aliases: ["mart", "마트", "large mart"]),
        .init(code: "CS2", korean: "편의점", english: "convenience store", aliases: ["convenience"]),
        .init(code: "PS3", korean: "어린이집, 유치원", english: "kindergarten", aliases: ["어린이집", "유치원", "preschool"]),
        .init(code: "SC4", korean: "학교", english: "school", aliases: []),
        .init(code: "AC5", korean: "학원", english: "academy", aliases: ["cram school"]),
        .init(code: "PK6", korean: "주차장", english: "parking", aliases: ["parking lot"]),
        .init(
            code: "OL7", korean: "주유소, 충전소", english: "gas station",
            aliases: ["주유소", "충전소", "gas", "fuel", "charging station"]),
        .init(code: "SW8", korean: "지하철역", english: "subway", aliases: ["subway station", "metro", "station", "역"]),
        .init(code: "BK9", korean: "은행", english: "bank", aliases: []),
        .init(code: "CT1", korean: "문화시설", english: "culture", aliases: ["cultural facility", "museum", "theater"]),
        .init(code: "AG2", korean: "중개업소", english: "real estate agency", aliases: ["real estate", "부동산"]),
        .init(code: "PO3", korean: "공공기관", english: "public office", aliases: ["public institution", "government"]),
        .init(code: "AT4", korean: "관광명소", english: "tourist attraction", aliases: ["attraction", "sights", "관광"]),
        .init(code: "AD5", korean: "숙박", english: "lodging", aliases: ["hotel", "accommodation", "호텔"]),
        .init(code: "FD6", korean: "음식점", english: "restaurant", aliases: ["food", "식당", "맛집"]),
        .init(code: "CE7", korean: "카페", english: "cafe", aliases: ["café", "coffee", "커피"]),
        .init(code: "HP8", korean: "병원", english: "hospital", aliases: ["clinic"]),
        .init(code: "PM9", korean: "약국", english: "pharmacy", aliases: ["drugstore"]),
    ]

    /// The category for a code (`CE7`, any case) or a name (`카페`, `cafe`, `Café`); nil when unknown.
    public static func named(_ text: String) -> PlaceCategory? {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return nil }
        return all.first { category in
            category.code.lowercased() == key || category.korean == key || category.english == key
                || category.aliases.contains(key)
        }
    }

    /// The category a catalog place's code names (`CE7`), for showing it.
    public static func coded(_ code: String?) -> PlaceCategory? {
        guard let code else { return nil }
        return all.first { $0.code == code }
    }

    /// `카페 (cafe, CE7)`, as lists and help show it.
    public var label: String { "\(korean) (\(english), \(code))" }
}
