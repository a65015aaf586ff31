/// What Tern reads from one OpenStreetMap object's tags: whether it is a point of interest,
/// its names, its address and its category (as a Kakao category code, so `--category 카페`
/// finds imported cafés the way it finds Kakao's).
struct OSMTags {
    let tags: [String: String]

    /// The keys that make a named object a place people look for (not a road or a river).
    static let pointOfInterestKeys: Set<String> = [
        "amenity", "shop", "tourism", "leisure", "historic", "office", "craft", "healthcare", "aeroway",
    ]
    /// Values of `railway` and `public_transport` that are stops, not tracks or platforms.
    static let stationValues: Set<String> = ["station", "halt", "tram_stop", "stop_area"]

    var isPointOfInterest: Bool {
        if Self.pointOfInterestKeys.contains(where: { tags[$0] != nil }) { return true }
        if let railway = tags["railway"], Self.stationValues.contains(railway) { return true }
        if let transport = tags["public_transport"], transport == "station" { return true }
        return false
    }

    var name: String? { tags["name"].flatMap { $0.isEmpty ? nil : $0 } }
    var koreanName: String? { tags["name:ko"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `name:en` first, then every other `name:*` (and `alt_name`), each once, without the
    /// main and Korean names.
    var alternateNames: [String] {
        var names: [String] = []
        if let english = tags["name:en"] { names.append(english) }
        for key in tags.keys.sorted() where key.hasPrefix("name:") && key != "name:en" && key != "name:ko" {
            names.append(tags[key]!)
        }
        if let alternates = tags["alt_name"] { names += alternates.split(separator: ";").map(String.init) }
        var seen: Set<String> = [name ?? "", koreanName ?? ""]
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// `addr:full`, or the parts of the address from the largest to the smallest (as Korean
    /// addresses are written), joined by spaces.
    var address: String? {
        if let full = tags["addr:full"], !full.isEmpty { return full }
        let parts = [
            "addr:province", "addr:state", "addr:city", "addr:district", "addr:subdistrict", "addr:suburb",
            "addr:quarter", "addr:street", "addr:place", "addr:housenumber",
        ]
        .compactMap { tags[$0] }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The category code for these tags, or `nil` when none of Tern's categories fits.
    var category: String? {
        if let railway = tags["railway"], Self.stationValues.contains(railway) || tags["public_transport"] == "station"
        {
            let station = tags["station"]
            if station == "subway" || station == "light_rail" || tags["subway"] == "yes" { return "SW8" }
        }
        for (key, table) in Self.categories {
            if let value = tags[key], let code = table[value] { return code }
        }
        if tags["historic"] != nil { return "AT4" }
        return nil
    }

    /// `key` → value → code, tried in this order.
    static let categories: [(String, [String: String])] = [
        (
            "amenity",
            [
                "cafe": "CE7", "restaurant": "FD6", "fast_food": "FD6", "food_court": "FD6", "bar": "FD6",
                "pub": "FD6", "biergarten": "FD6", "bank": "BK9", "pharmacy": "PM9", "hospital": "HP8",
                "clinic": "HP8", "doctors": "HP8", "dentist": "HP8", "school": "SC4", "university": "SC4",
                "college": "SC4", "kindergarten": "PS3", "childcare": "PS3", "prep_school": "AC5",
                "language_school": "AC5", "music_school": "AC5", "driving_school": "AC5", "parking": "PK6",
                "fuel": "OL7", "charging_station": "OL7", "townhall": "PO3", "police": "PO3", "post_office": "PO3",
                "courthouse": "PO3", "fire_station": "PO3", "community_centre": "PO3", "theatre": "CT1",
                "cinema": "CT1", "arts_centre": "CT1", "library": "CT1",
            ]
        ),
        (
            "shop",
            [
                "coffee": "CE7", "convenience": "CS2", "supermarket": "MT1", "department_store": "MT1",
                "mall": "MT1", "wholesale": "MT1", "estate_agent": "AG2", "chemist": "PM9",
            ]
        ),
        (
            "tourism",
            [
                "hotel": "AD5", "motel": "AD5", "hostel": "AD5", "guest_house": "AD5", "apartment": "AD5",
                "chalet": "AD5", "museum": "CT1", "gallery": "CT1", "attraction": "AT4", "viewpoint": "AT4",
                "theme_park": "AT4", "zoo": "AT4", "aquarium": "AT4",
            ]
        ),
        ("office", ["estate_agent": "AG2", "government": "PO3"]),
        ("healthcare", ["hospital": "HP8", "clinic": "HP8", "doctor": "HP8", "pharmacy": "PM9"]),
        ("leisure", ["park": "AT4", "water_park": "AT4"]),
    ]
}
