/// A point on the Earth in degrees (WGS 84).
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle (haversine) distance in metres, on a sphere of radius 6,371,008.8 m.
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = other.latitude * radians
        let dPhi = (other.latitude - latitude) * radians
        let dLambda = (other.longitude - longitude) * radians
        let s1 = sin(dPhi / 2)
        let s2 = sin(dLambda / 2)
        let a = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }
}

/// One place of the catalog: a GeoNames city or an imported row.
public struct Place: Sendable, Hashable {
    /// The GeoNames id (`1835848`) or, for CSV imports, `csv-` and a content hash.
    public var placeID: String
    /// The displayed name (GeoNames' name).
    public var name: String
    /// The Hangul name where GeoNames has one (서울).
    public var koreanName: String?
    /// Every other name the place is searched by.
    public var alternateNames: [String]
    public var countryName: String
    /// The first-level administrative region (admin1), when known.
    public var regionName: String?
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    /// The IANA time zone (`Asia/Seoul`), empty when unknown.
    public var timeZone: String
    /// For CSV imports: the address column as given; otherwise `nil` (see `address`).
    public var explicitAddress: String?
    /// The category's code (`CE7`, Kakao's codes, as `PlaceCategory` names them) for places
    /// imported from OpenStreetMap; `nil` for cities and rows without one.
    public var category: String?

    public init(
        placeID: String, name: String, koreanName: String? = nil, alternateNames: [String] = [],
        countryName: String = "", regionName: String? = nil, latitude: Double, longitude: Double,
        population: Int = 0, timeZone: String = "", explicitAddress: String? = nil, category: String? = nil
    ) {
        self.placeID = placeID
        self.name = name
        self.koreanName = koreanName
        self.alternateNames = alternateNames
        self.countryName = countryName
        self.regionName = regionName
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timeZone = timeZone
        self.explicitAddress = explicitAddress
        self.category = category
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    /// `Gyeonggi-do, South Korea`: region and country, just the country without a region (the
    /// CSV address column when one was imported).
    public var address: String {
        if let explicitAddress, !explicitAddress.isEmpty { return explicitAddress }
        // Not `joined(separator:)`: its first call in a process costs a scan of every protocol
        // conformance in the binary, and a search's every row shows an address.
        guard let regionName, !regionName.isEmpty else { return countryName }
        return countryName.isEmpty ? regionName : regionName + ", " + countryName
    }

    /// Name, Korean name, then alternates: the order `PlaceHit.matchedNameIndex` counts in.
    public var allNames: [String] { [name] + (koreanName.map { [$0] } ?? []) + alternateNames }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
