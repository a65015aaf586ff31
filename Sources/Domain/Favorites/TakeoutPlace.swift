import Foundation

/// A feature of Google Takeout's "Saved Places.json": its name and address sit under
/// `properties.location`, its link in `google_maps_url` and its saved time in `date`; a
/// place Google kept no location for has none (and coordinates 0, 0).
struct TakeoutPlace {
    let feature: LinedJSON
    let location: LinedJSON

    /// The Takeout place `feature` is, nil for any other feature.
    init?(_ feature: LinedJSON) throws {
        guard let location = feature["properties"]?["location"], location["name"] != nil || location["address"] != nil
        else { return nil }
        self.feature = feature
        self.location = location
    }

    /// Whether `feature` is a Takeout entry without a location.
    static func hasNoLocation(_ feature: LinedJSON) -> Bool {
        guard let properties = feature["properties"], properties["google_maps_url"] != nil else { return false }
        let point = feature["geometry"]?["coordinates"]?.array?.compactMap(\.number) ?? []
        return properties["location"] == nil || point.count < 2 || (point[0] == 0 && point[1] == 0)
    }

    func row() throws -> FavoritesImportFile.Row {
        let point = feature["geometry"]?["coordinates"]?.array ?? []
        let properties = feature["properties"]
        let address = try FavoritesImportFile.text(location, "address")
        let name = try FavoritesImportFile.text(location, "name")
        var row = try FavoritesImportFile.row(
            line: feature.line, placeID: nil, name: name.isEmpty ? address : name, address: address,
            latitude: point.count >= 2 ? point[1].number : nil, longitude: point.first?.number,
            memo: try properties.map { try FavoritesImportFile.text($0, "Comment") } ?? "", folders: [], color: nil,
            savedAt: try? FavoritesImportFile.date(properties?["date"]))
        row.details = try FavoritesImportFile.details(
            line: feature.line, category: "", roadAddress: "", phone: "",
            url: try properties.map { try FavoritesImportFile.text($0, "google_maps_url") } ?? "")
        return row
    }
}
