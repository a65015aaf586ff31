/// The web page of a place, from its id and back: GeoNames ids (`1835848`) and Kakao
/// ids (`kakao:8170157`); other places have none.
public enum PlaceLink {
    static let geoNames = "https://www.geonames.org/"
    static let kakao = "https://place.map.kakao.com/"

    public static func url(forPlaceID id: String) -> String {
        if !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) { return geoNames + id }
        if id.hasPrefix("kakao:") { return kakao + id.dropFirst("kakao:".count) }
        return ""
    }

    /// The place id a URL made by `url(forPlaceID:)` names, nil for any other text.
    public static func placeID(fromURL url: String) -> String? {
        let url = url.trimmingCharacters(in: .whitespaces)
        for (prefix, idPrefix) in [(geoNames, ""), (kakao, "kakao:")] where url.hasPrefix(prefix) {
            let rest = url.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }) { return idPrefix + rest }
        }
        return nil
    }
}
