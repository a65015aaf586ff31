import Foundation

/// GPX waypoints and KML placemarks, with what a round trip needs (id, folders, colour,
/// saved time, an online place's details) in GPX `extensions` and KML `ExtendedData`.
extension FavoritesExport {
    static let ternNamespace = "https://github.com/tern-app/tern/gpx"

    static func gpx(_ places: [FavoritePlace], folders: (FavoritePlace) -> [String]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<gpx version=\"1.1\" creator=\"Tern\" xmlns=\"http://www.topografix.com/GPX/1/1\""
        text += " xmlns:tern=\"\(ternNamespace)\">\n"
        for favorite in places {
            text +=
                "  <wpt lat=\"\(number(favorite.coordinate.latitude))\" "
                + "lon=\"\(number(favorite.coordinate.longitude))\">\n"
            text += "    <name>\(escaped(favorite.placeName))</name>\n"
            if !favorite.memo.isEmpty { text += "    <desc>\(escaped(favorite.memo))</desc>\n" }
            if let url = favorite.url { text += "    <link href=\"\(escaped(url))\"/>\n" }
            if let first = folders(favorite).first { text += "    <type>\(escaped(first))</type>\n" }
            text += "    <extensions>\n"
            for (name, value) in details(of: favorite) + folders(favorite).map({ ("folder", $0) }) {
                text += "      <tern:\(name)>\(escaped(value))</tern:\(name)>\n"
            }
            text += "    </extensions>\n  </wpt>\n"
        }
        return text + "</gpx>\n"
    }

    static func kml(_ places: [FavoritePlace], folders: (FavoritePlace) -> [String]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>\n  <name>Tern</name>\n"
        for favorite in places {
            text += "  <Placemark>\n    <name>\(escaped(favorite.placeName))</name>\n"
            if !favorite.memo.isEmpty { text += "    <description>\(escaped(favorite.memo))</description>\n" }
            text += "    <ExtendedData>\n"
            var data = details(of: favorite)
            if let url = favorite.url { data.append(("url", url)) }
            data.append(("folders", folders(favorite).joined(separator: "\n")))
            for (name, value) in data {
                text += "      <Data name=\"\(name)\"><value>\(escaped(value))</value></Data>\n"
            }
            text += "    </ExtendedData>\n"
            text += "    <Point><coordinates>\(number(favorite.coordinate.longitude)),"
            text += "\(number(favorite.coordinate.latitude))</coordinates></Point>\n  </Placemark>\n"
        }
        return text + "</Document>\n</kml>\n"
    }

    /// The fields beside the name, memo and point, as name and text.
    static func details(of favorite: FavoritePlace) -> [(String, String)] {
        var fields: [(String, String)] = [
            ("placeID", favorite.placeID), ("address", favorite.address),
            ("savedAt", TernTime.iso8601(favorite.savedAt)),
        ]
        if let color = favorite.color { fields.append(("color", color.rawValue)) }
        for (name, value) in [
            ("category", favorite.category), ("roadAddress", favorite.roadAddress), ("phone", favorite.phone),
        ] {
            if let value { fields.append((name, value)) }
        }
        return fields
    }

    /// Text for an XML element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: out.append(character)
            }
        }
        return out
    }
}
