/// The part of the earth a mini-map shows: a fixed span of latitude and longitude around a
/// centre, so that a map that follows a selection keeps its scale as the selection moves.
public struct MapWindow: Hashable, Sendable {
    public var center: GeoPoint
    /// Degrees shown north and south of the centre.
    public var latitudeSpan: Double
    /// Degrees shown east and west of the centre.
    public var longitudeSpan: Double

    /// The window of the Feed's map and of the followed saves on a place's map: ±6° of
    /// latitude, ±9° of longitude (the Korean peninsula and its neighbours around Seoul).
    public init(center: GeoPoint, latitudeSpan: Double = 6, longitudeSpan: Double = 9) {
        self.center = center
        self.latitudeSpan = latitudeSpan
        self.longitudeSpan = longitudeSpan
    }

    public var latitudes: ClosedRange<Double> {
        (center.latitude - latitudeSpan)...(center.latitude + latitudeSpan)
    }

    public var longitudes: ClosedRange<Double> {
        (center.longitude - longitudeSpan)...(center.longitude + longitudeSpan)
    }

    /// Whether `point` lies inside the window (its edges included).
    public func contains(_ point: GeoPoint) -> Bool {
        latitudes.contains(point.latitude) && longitudes.contains(point.longitude)
    }
}
