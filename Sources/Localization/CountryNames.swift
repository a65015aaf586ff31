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
}
