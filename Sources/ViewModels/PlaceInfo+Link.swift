import Domain

extension PlaceInfo {
    /// Where the place can be seen elsewhere (`PlaceLink.openURL`).
    public var link: String { PlaceLink.openURL(placeID: placeID, url: url, latitude: latitude, longitude: longitude) }
}
