import DocStore
import Foundation
import PlaceCatalog

/// What an import did, row by row.
public struct ImportReport: Equatable, Sendable {
    /// Rows saved as new favorites.
    public var added = 0
    /// Rows that matched a saved place (same id, or same name within 50 m) now also in the folder.
    public var matched = 0
    /// Rows whose place was already in the folder (nothing changed).
    public var skipped = 0
    /// Folders the import created, by name.
    public var createdFolders: [String] = []

    public init() {}
}

extension FavoritesService {
    /// How close two places with the same name must be to count as one, in metres.
    public static let sameplaceDistance = 50.0

    /// Imports a checked file, all in one transaction: into `folderName` when given
    /// (created when missing), else into the folders each row names (JSON, GeoJSON) or
    /// the default folder. A row matching a saved place (same id, or same name ignoring
    /// case within 50 m) adds that place to the folder instead of duplicating it. The saved
    /// places are passed `scanBatch` at a time and only those the file names are kept, so
    /// what an import holds grows with the file, not with the favorites.
    public func importFavorites(_ file: FavoritesImportFile, into folderName: String?, session: Session?) throws
        -> ImportReport
    {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        let folderName = try folderName.map(FavoriteText.folderName)
        return try mutate(session, reading: .none) { transaction, snapshot in
            var report = ImportReport()
            var folders = snapshot.folders
            var saved = SavedPlaces(try savedPlaces(namedIn: file, uid: session.uid))
            let now = Date()
            try adoptDefaultFolder(file, folders: &folders, transaction: transaction, uid: session.uid)
            func folderID(named name: String) throws -> String {
                let key = FavoriteText.nameKey(name)
                if let folder = folders.first(where: { FavoriteText.nameKey($0.name) == key }) { return folder.id }
                let described = file.folders.first { FavoriteText.nameKey($0.name) == key }
                let reference = self.folders(of: session.uid).document()
                let folder = FavoriteFolder(
                    id: reference.documentID, name: name, color: described?.color ?? .blue,
                    visibility: described?.visibility ?? .private, sort: described?.sort ?? .newest,
                    manualOrder: described?.manualOrder ?? [], createdAt: now)
                try transaction.setData(from: folder, forDocument: reference)
                folders.append(folder)
                report.createdFolders.append(name)
                return folder.id
            }
            for (index, row) in file.rows.enumerated() {
                let names = folderName.map { [$0] } ?? row.folders
                let targets = names.isEmpty ? [FavoriteFolder.defaultID] : try names.map(folderID(named:))
                if let position = saved.position(of: row) {
                    var favorite = saved.places[position]
                    let joined = targets.reduce(favorite.folders) { Self.adding($1, to: $0) }
                    guard joined != favorite.folders else {
                        report.skipped += 1
                        continue
                    }
                    var fields: [String: WriteValue] = ["folders": .array(joined.map(FieldValue.string))]
                    if favorite.memo.isEmpty, !row.memo.isEmpty { fields["memo"] = .string(row.memo) }
                    try transaction.updateData(
                        fields, forDocument: favorites(of: session.uid).document(favorite.placeID))
                    favorite.folders = joined
                    saved.places[position] = favorite
                    report.matched += 1
                    continue
                }
                let placeID =
                    row.placeID
                    ?? "csv-"
                    + PlaceImporter.stableHash(
                        "\(row.name)\u{1F}\(row.coordinate.latitude)\u{1F}\(row.coordinate.longitude)")
                // Rows without a saved time keep the file's order: the first is the newest.
                let savedAt = row.savedAt ?? now.addingTimeInterval(-Double(index) / 1000)
                let candidate = FavoriteCandidate(
                    placeID: placeID, placeName: row.name, address: row.address, coordinate: row.coordinate,
                    category: row.details.category, phone: row.details.phone,
                    roadAddress: row.details.roadAddress, url: row.details.url)
                try transaction.setData(
                    Self.newFields(candidate, folders: targets, memo: row.memo, color: row.color, savedAt: savedAt),
                    forDocument: favorites(of: session.uid).document(placeID))
                saved.add(
                    FavoritePlace(
                        placeName: row.name, placeID: placeID, address: row.address, coordinate: row.coordinate,
                        savedAt: savedAt, folders: targets, memo: row.memo, color: row.color,
                        category: row.details.category, phone: row.details.phone,
                        roadAddress: row.details.roadAddress, url: row.details.url))
                report.added += 1
            }
            return report
        }
    }

    /// A backup's default folder becomes the account's own while that one is as first made
    /// (its name, colour, visibility, order and kept order), so a restore into a new account
    /// gives back the same folders.
    func adoptDefaultFolder(
        _ file: FavoritesImportFile, folders: inout [FavoriteFolder], transaction: Transaction, uid: String
    ) throws {
        guard let described = file.folders.first(where: \.isDefault),
            let position = folders.firstIndex(where: \.isDefault)
        else { return }
        let current = folders[position]
        let fresh = FavoriteFolder.makeDefault(createdAt: current.createdAt)
        guard current == fresh, !folders.contains(where: { !$0.isDefault && $0.name == described.name }) else {
            return
        }
        var adopted = current
        adopted.name = described.name
        adopted.color = described.color
        adopted.visibility = described.visibility
        adopted.sort = described.sort
        adopted.manualOrder = described.manualOrder
        try transaction.setData(from: adopted, forDocument: self.folders(of: uid).document(adopted.id))
        folders[position] = adopted
    }

    /// The saved places `file`'s rows name by id or by name (ignoring case): the candidates
    /// `isSamePlace` decides among, found in one pass over the favorites.
    func savedPlaces(namedIn file: FavoritesImportFile, uid: String) throws -> [FavoritePlace] {
        let ids = Set(file.rows.compactMap(\.placeID))
        let names = Set(file.rows.map { $0.name.lowercased() })
        var named: [FavoritePlace] = []
        try scan(newestFirst(uid)) { passed in
            guard ids.contains(passed.key.placeID) || names.contains(passed.key.placeName.lowercased()),
                let favorite = passed.favorite
            else { return }
            named.append(favorite)
        }
        return named
    }

    /// Whether a file's row names a saved place: the same id, or the same name (ignoring
    /// case) within `sameplaceDistance`.
    static func isSamePlace(_ favorite: FavoritePlace, _ row: FavoritesImportFile.Row) -> Bool {
        if let id = row.placeID { if favorite.placeID == id { return true } }
        return favorite.placeName.lowercased() == row.name.lowercased()
            && favorite.coordinate.distance(to: row.coordinate) <= sameplaceDistance
    }
}

/// The saved places an import matches its rows against, found by id and by name in one
/// look-up each, so a file of many rows takes time in proportion to its rows.
struct SavedPlaces {
    var places: [FavoritePlace] = []
    private var byID: [String: Int] = [:]
    private var byName: [String: [Int]] = [:]

    init(_ places: [FavoritePlace]) {
        places.forEach { add($0) }
    }

    mutating func add(_ place: FavoritePlace) {
        let position = places.count
        places.append(place)
        if byID[place.placeID] == nil { byID[place.placeID] = position }
        byName[place.placeName.lowercased(), default: []].append(position)
    }

    /// The first saved place that is the row's place (`FavoritesService.isSamePlace`).
    func position(of row: FavoritesImportFile.Row) -> Int? {
        let byIDPosition = row.placeID.flatMap { byID[$0] }
        let byNamePosition = byName[row.name.lowercased()]?.first {
            FavoritesService.isSamePlace(places[$0], row)
        }
        return [byIDPosition, byNamePosition].compactMap { $0 }.min()
    }
}
