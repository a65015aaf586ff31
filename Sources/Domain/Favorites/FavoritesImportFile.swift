import Foundation
import Localization
import PlaceCatalog

/// A favorites file read and checked whole before anything is written: its rows and,
/// for JSON exports, its folders. Any bad row stops the reading with its line.
public struct FavoritesImportFile: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var line: Int
        public var placeID: String?
        public var name: String
        public var address: String
        public var coordinate: Coordinate
        public var memo: String
        /// Folder names the row names (JSON and GeoJSON); empty for CSV.
        public var folders: [String]
        public var color: FavoriteColor?
        public var savedAt: Date?
        /// What an online place brought, kept so a backup restores it.
        public var details = PlaceDetails()
    }

    /// A saved online place's category, road address, phone and web page.
    public struct PlaceDetails: Equatable, Sendable {
        public var category: String?
        public var roadAddress: String?
        public var phone: String?
        public var url: String?
    }

    public struct Folder: Equatable, Sendable {
        public var name: String
        public var color: FavoriteColor
        public var visibility: FolderVisibility
        public var sort: FavoriteSort = .newest
        public var manualOrder: [String] = []
        /// The file's default folder, which becomes the account's own.
        public var isDefault = false
    }

    public var format: FavoritesFormat
    public var folders: [Folder]
    public var rows: [Row]
    /// The lines of entries without coordinates (a Takeout place with no location, a GPX
    /// waypoint without lat and lon, a KML placemark that is not a point): reported, not imported.
    public var withoutCoordinates: [Int] = []

    public static func read(_ text: String) throws -> FavoritesImportFile {
        let format = FavoritesFormat.detect(text)
        switch format {
        case .csv: return FavoritesImportFile(format: format, folders: [], rows: try csvRows(text))
        case .json, .geojson: return try json(LinedJSON.parse(text), format: format)
        case .gpx: return try gpx(XMLTree.parse(text))
        case .kml: return try kml(XMLTree.parse(text))
        }
    }

    // MARK: CSV

    static func csvRows(_ text: String) throws -> [Row] {
        let records = try CSVText.records(text)
        guard let header = records.first else {
            throw FavoritesError.badImportRow(line: 1, reason: tr(.importEmptyFile))
        }
        let columns = try CSVColumns(header)
        return try records.dropFirst().map(columns.row)
    }

    /// The columns a CSV file's header names, and each later record as a row.
    public struct CSVColumns: Sendable {
        let count: Int
        let name: Int, latitude: Int, longitude: Int
        let address: Int?, description: Int?, url: Int?, category: Int?, roadAddress: Int?, phone: Int?

        public init(_ header: CSVText.Record) throws {
            let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            func column(_ name: String) -> Int? { columns.firstIndex(of: name.lowercased()) }
            guard let name = column("Name"), let latitude = column("Latitude"), let longitude = column("Longitude")
            else {
                throw FavoritesError.badImportRow(
                    line: header.line,
                    reason: tr(.importHeaderColumns, ["columns": FavoritesFormat.csvHeader.joined(separator: ",")]))
            }
            count = columns.count
            (self.name, self.latitude, self.longitude) = (name, latitude, longitude)
            address = column("Address")
            description = column("Description")
            url = column("URL")
            category = column("Category")
            roadAddress = column("Road Address")
            phone = column("Phone")
        }

        public func row(_ record: CSVText.Record) throws -> Row {
            guard record.fields.count == count else {
                throw FavoritesError.badImportRow(
                    line: record.line,
                    reason: tr(.importColumnCount, ["count": String(record.fields.count), "header": String(count)]))
            }
            func field(_ index: Int?) -> String { CSVText.unguarded(index.map { record.fields[$0] } ?? "") }
            let placeID = PlaceLink.placeID(fromURL: field(url))
            let link = field(url).trimmed(.whitespaces)
            var parsed = try FavoritesImportFile.row(
                line: record.line, placeID: placeID, name: field(name),
                address: field(address), latitude: Double(field(latitude).trimmed(.whitespaces)),
                longitude: Double(field(longitude).trimmed(.whitespaces)),
                memo: field(description), folders: [], color: nil, savedAt: nil)
            parsed.details = try FavoritesImportFile.details(
                line: record.line, category: field(category), roadAddress: field(roadAddress), phone: field(phone),
                url: link == PlaceLink.url(forPlaceID: placeID ?? "") ? "" : link)
            return parsed
        }
    }

    // MARK: JSON and GeoJSON

    static func json(_ root: LinedJSON, format: FavoritesFormat) throws -> FavoritesImportFile {
        if format == .geojson {
            guard let features = root["features"]?.array else {
                throw FavoritesError.badImportRow(line: root.line, reason: tr(.importNeedsFeatures))
            }
            var file = FavoritesImportFile(format: format, folders: [], rows: [])
            for feature in features {
                if TakeoutPlace.hasNoLocation(feature) {
                    file.withoutCoordinates.append(feature.line)
                } else {
                    file.rows.append(try featureRow(feature))
                }
            }
            return file
        }
        guard let items = root.array ?? root["favorites"]?.array else {
            throw FavoritesError.badImportRow(line: root.line, reason: tr(.importNeedsFavorites))
        }
        let folders = try (root["folders"]?.array ?? []).map(folder)
        return FavoritesImportFile(format: format, folders: folders, rows: try items.map(favoriteRow))
    }

    static func favoriteRow(_ item: LinedJSON) throws -> Row {
        try located(at: item.line) { try favoriteFields(item) }
    }

    static func favoriteFields(_ item: LinedJSON) throws -> Row {
        let coordinate = item["coordinate"]
        var parsed = try row(
            line: item.line, placeID: item["placeID"]?.string,
            name: try text(item, "placeName", required: true), address: try text(item, "address"),
            latitude: coordinate?["latitude"]?.number, longitude: coordinate?["longitude"]?.number,
            memo: try text(item, "memo"), folders: try names(item["folders"]),
            color: try item["color"]?.string.map(FavoriteColor.named), savedAt: try date(item["savedAt"]))
        parsed.details = try details(
            line: item.line, category: try text(item, "category"), roadAddress: try text(item, "roadAddress"),
            phone: try text(item, "phone"), url: try text(item, "url"))
        return parsed
    }

    static func featureRow(_ feature: LinedJSON) throws -> Row {
        try located(at: feature.line) { try featureFields(feature) }
    }

    static func featureFields(_ feature: LinedJSON) throws -> Row {
        if let place = try TakeoutPlace(feature) { return try place.row() }
        guard let properties = feature["properties"], let geometry = feature["geometry"],
            geometry["type"]?.string == "Point", let point = geometry["coordinates"]?.array, point.count >= 2
        else {
            throw FavoritesError.badImportRow(line: feature.line, reason: tr(.importNeedsPoint))
        }
        var parsed = try row(
            line: feature.line,
            placeID: properties["placeID"]?.string ?? properties["URL"]?.string.flatMap(PlaceLink.placeID),
            name: try text(properties, "Name", required: true, at: feature.line),
            address: try text(properties, "Address"), latitude: point[1].number, longitude: point[0].number,
            memo: try text(properties, "Description"), folders: try names(properties["folders"]),
            color: try properties["color"]?.string.map(FavoriteColor.named), savedAt: try date(properties["savedAt"]))
        parsed.details = try details(
            line: feature.line, category: try text(properties, "category"),
            roadAddress: try text(properties, "roadAddress"), phone: try text(properties, "phone"),
            url: try text(properties, "url"))
        return parsed
    }

    static func folder(_ item: LinedJSON) throws -> Folder {
        try located(at: item.line) {
            Folder(
                name: try FavoriteText.folderName(try text(item, "name", required: true)),
                color: try item["color"]?.string.map(FavoriteColor.named) ?? .blue,
                visibility: try item["visibility"]?.string.map(FolderVisibility.named) ?? .private,
                sort: try item["sort"]?.string.map(FavoriteSort.named) ?? .newest,
                manualOrder: try (item["manualOrder"]?.array ?? []).map { id in
                    guard let id = id.string, FavoritesService.isUsableID(id) else {
                        throw FavoritesError.badImportRow(line: id.line, reason: tr(.importFoldersList))
                    }
                    return id
                },
                isDefault: item["isDefault"]?.bool == true)
        }
    }

    static func text(_ item: LinedJSON, _ key: String, required: Bool = false, at line: Int? = nil) throws -> String {
        guard let value = item[key], !value.isNull else {
            if required {
                throw FavoritesError.badImportRow(line: line ?? item.line, reason: tr(.importKeyMissing, ["key": key]))
            }
            return ""
        }
        guard let text = value.string else {
            throw FavoritesError.badImportRow(line: value.line, reason: tr(.importKeyNotText, ["key": key]))
        }
        return text
    }

    static func names(_ value: LinedJSON?) throws -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.array else {
            throw FavoritesError.badImportRow(line: value.line, reason: tr(.importFoldersList))
        }
        return try items.map { item in
            guard let name = item.string else {
                throw FavoritesError.badImportRow(line: item.line, reason: tr(.importFoldersList))
            }
            return try located(at: item.line) { try FavoriteText.folderName(name) }
        }
    }

    static func date(_ value: LinedJSON?) throws -> Date? {
        guard let value, !value.isNull else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let text = value.string,
            let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
        else {
            throw FavoritesError.badImportRow(line: value.line, reason: tr(.importSavedAt))
        }
        return date
    }

    // MARK: Checks shared by every format

    static func row(
        line: Int, placeID: String?, name: String, address: String, latitude: Double?, longitude: Double?,
        memo: String, folders: [String], color: FavoriteColor?, savedAt: Date?
    ) throws -> Row {
        try located(at: line) {
            let name = name.trimmed(.whitespacesAndNewlines)
            guard !name.isEmpty else { throw FavoritesError.badImportRow(line: line, reason: tr(.importNameEmpty)) }
            try FavoriteText.rejectControls(name, field: .placeName, allowNewline: false)
            try within(name, FavoriteText.placeNameMaxLength, field: .placeName, line: line)
            let address = address.trimmed(.whitespacesAndNewlines)
            try FavoriteText.rejectControls(address, field: .address, allowNewline: false)
            try within(address, FavoriteText.addressMaxLength, field: .address, line: line)
            guard let latitude, let longitude else {
                throw FavoritesError.badImportRow(line: line, reason: tr(.importCoordinateNumbers))
            }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else {
                throw FavoritesError.badImportRow(line: line, reason: tr(.importCoordinateRange))
            }
            let id = placeID.flatMap { FavoritesService.isUsableID($0) ? $0 : nil }
            return Row(
                line: line, placeID: id, name: name, address: address, coordinate: coordinate,
                memo: try FavoriteText.memo(Self.lineBreaks(memo)), folders: folders,
                color: color, savedAt: savedAt)
        }
    }

    /// An online place's details, each one line within the address's limit; a web page
    /// other than http or https is left out.
    static func details(line: Int, category: String, roadAddress: String, phone: String, url: String) throws
        -> PlaceDetails
    {
        try located(at: line) {
            func checked(_ text: String, _ field: FavoriteField) throws -> String? {
                let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { return nil }
                try FavoriteText.rejectControls(text, field: field, allowNewline: false)
                try within(text, FavoriteText.addressMaxLength, field: field, line: line)
                return text
            }
            let url = try checked(url, .address)
            return PlaceDetails(
                category: try checked(category, .address), roadAddress: try checked(roadAddress, .address),
                phone: try checked(phone, .address), url: url.flatMap { PlaceLink.isWebLink($0) ? $0 : nil })
        }
    }

    /// A memo's CRLF and CR line breaks (what Python's `csv` and Windows write) as LF.
    static func lineBreaks(_ memo: String) -> String {
        memo.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Refuses a name or address longer than every other write allows.
    static func within(_ text: String, _ max: Int, field: FavoriteField, line: Int) throws {
        guard text.count > max else { return }
        throw FavoritesError.badImportRow(
            line: line, reason: tr(.importTextTooLong, ["field": field.title, "max": String(max)]))
    }

    /// Runs `body`, turning a refusal into the import error of `line` (kept when it
    /// already names a line).
    static func located<T>(at line: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FavoritesError {
            if case .badImportRow = error { throw error }
            throw FavoritesError.badImportRow(line: line, reason: error.description)
        } catch let error as ValidationError {
            throw FavoritesError.badImportRow(line: line, reason: error.description)
        }
    }
}
