/// Country names in the current language (Korean from CLDR, see `CountryNames+Korean`).
public enum CountryNames {
    /// `name` in the current language, or as it is when there is no translation.
    public static func localized(_ name: String) -> String {
        guard Language.current == .ko else { return name }
        return korean[name] ?? name
    }

    /// An address ending with `country` (`Seoul, South Korea`) with the country translated;
    /// other addresses (an import's own) as they are.
    public static func localizedAddress(_ address: String, country: String) -> String {
        guard Language.current == .ko, !country.isEmpty, address.hasSuffix(country),
            let translated = korean[country]
        else { return address }
        return String(address.dropLast(country.count)) + translated
    }

    /// A catalog place's `region, country` address with both in the current language
    /// (`서울, 대한민국`; a region without a translation stays as it is).
    public static func localizedAddress(
        _ address: String, country: String, region: String?, city: (name: String, korean: String?)
    ) -> String {
        let shown = localizedAddress(address, country: country)
        guard Language.current == .ko, let region, !region.isEmpty, shown.hasPrefix(region + ", ") else { return shown }
        return RegionNames.localized(region, city: city) + shown.dropFirst(region.count)
    }
}
