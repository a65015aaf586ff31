import Localization

extension PlaceInfo {
    /// The name a person reads first: the Korean name in a Korean interface, when known.
    public var shownName: String {
        if Language.current == .ko, let koreanName, !koreanName.isEmpty { return koreanName }
        return name
    }

    /// The address with its country in the current language and its region too (`서울, 대한민국`).
    public var shownAddress: String {
        CountryNames.localizedAddress(address, country: country, region: region, city: (name, koreanName))
    }
}
