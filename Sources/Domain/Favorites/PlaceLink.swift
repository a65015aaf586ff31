import Foundation

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

    /// Where a place opens elsewhere: its Kakao page when it has one (its own http(s) link,
    /// or the page its `kakao:` id names), else an OpenStreetMap map at its coordinates.
    public static func openURL(placeID: String, url: String?, latitude: Double, longitude: Double) -> String {
        if placeID.hasPrefix("kakao:") {
            if let url, isWebLink(url) { return url }
            return self.url(forPlaceID: placeID)
        }
        let lat = coordinateText(latitude)
        let lon = coordinateText(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)"
    }

    /// A coordinate in a link: at most 6 decimals (about 10 cm), no exponent.
    static func coordinateText(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Whether `text` is an http or https link, the only kind Tern shows or opens (a
    /// provider's `javascript:` or `file:` link is not).
    public static func isWebLink(_ text: String) -> Bool {
        let lower = text.lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://"))
            && !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
    }

    /// The place id a URL made by `url(forPlaceID:)` names, nil for any other text.
    public static func placeID(fromURL url: String) -> String? {
        let url = url.trimmed(.whitespaces)
        let prefixes = [(geoNames, ""), (kakao, "kakao:"), ("http://place.map.kakao.com/", "kakao:")]
        for (prefix, idPrefix) in prefixes where url.hasPrefix(prefix) {
            let rest = url.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }) { return idPrefix + rest }
        }
        return nil
    }
}
