import Foundation

/// A small place list searched by case- and accent-insensitive substring (exact name, then
/// prefix, then substring; ties by population). For tests, benches, and as the interface's
/// fallback when no catalog is available.
public final class InMemoryPlaces: PlaceSearching {
    public let places: [PlaceInfo]
    public var home: (latitude: Double, longitude: Double)

    public init(_ places: [PlaceInfo], home: (latitude: Double, longitude: Double) = (37.5665, 126.9780)) {
        self.places = places.sorted { $0.population > $1.population }
        self.home = home
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    public func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) {
        let needle = Self.fold(query.trimmingCharacters(in: .whitespaces))
        var ranked: [(rank: Int, match: PlaceMatch)] = []
        for place in places {
            let name = Self.range(of: needle, in: place.name)
            let korean = place.koreanName.flatMap { Self.range(of: needle, in: $0) }
            guard needle.isEmpty || name != nil || korean != nil else { continue }
            let best = [name, korean].compactMap { $0 }.map { range -> Int in
                range.lowerBound == 0 ? (range.count == (place.name.count) ? 0 : 1) : 2
            }.min() ?? 0
            var match = PlaceMatch(place: place, nameRange: needle.isEmpty ? nil : name,
                                   koreanNameRange: needle.isEmpty ? nil : korean)
            if order == .distance { match.distance = Self.distance(place, home) }
            ranked.append((needle.isEmpty ? 0 : best, match))
        }
        if order == .distance {
            ranked.sort { ($0.match.distance ?? 0) < ($1.match.distance ?? 0) }
        } else {
            ranked = ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        }
        return (ranked.count, ranked.prefix(limit).map(\.match))
    }

    public func place(id: String) -> PlaceInfo? {
        places.first { $0.placeID == id }
    }

    /// The character range of `needle` (already folded) in `text`, ignoring case and accents.
    static func range(of needle: String, in text: String) -> Range<Int>? {
        guard !needle.isEmpty else { return nil }
        let characters = Array(text)
        let folded = characters.map { fold(String($0)) }
        let target = Array(needle)
        for start in characters.indices {
            var joined = ""
            var end = start
            while end < characters.count && joined.count < target.count {
                joined += folded[end]
                end += 1
            }
            if joined.hasPrefix(needle) { return start..<end }
        }
        return nil
    }

    /// Great-circle distance in metres.
    static func distance(_ place: PlaceInfo, _ home: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let dPhi = (place.latitude - home.latitude) * radians
        let dLambda = (place.longitude - home.longitude) * radians
        let a = sin(dPhi / 2) * sin(dPhi / 2)
            + cos(home.latitude * radians) * cos(place.latitude * radians) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }
}
