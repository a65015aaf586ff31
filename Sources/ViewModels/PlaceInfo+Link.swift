import PlaceCatalog

extension PlaceInfo {
    /// Where the place can be seen elsewhere (`PlaceLink`).
    public var link: String { PlaceLink.url(page: url, latitude: latitude, longitude: longitude) }
}
