import DocStore
import Foundation
import Localization
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

    /// Rows an import writes per transaction: enough that a commit's cost is spread thin,
    /// few enough that what one holds stays small whatever the file's size.
    public static let importBatch = 1_000

    /// Imports a checked file (see `importFavorites(_:into:session:)` of a source).
    public func importFavorites(_ file: FavoritesImportFile, into folderName: String?, session: Session?) throws
        -> ImportReport
    {
        try importFavorites(FavoritesImportSource(file), into: folderName, session: session)
    }

    /// Imports the rows of `source` into `folderName` when given (created when missing),
    /// else into the folders each row names (JSON, GeoJSON) or the default folder. Every row
    /// is read and checked first, so a bad row imports nothing; then the rows are read again
    /// and written `importBatch` to a transaction, so memory stays bounded whatever the file's
    /// size (a CSV file is read a chunk at a time) and an import stopped half way is finished
    /// by running it again (a row already saved matches itself). A row matching a saved place
    /// (same id, or same name ignoring case within 50 m) adds that place to the folder instead
    /// of duplicating it: rows are matched by id against every saved place, by name against
    /// the places saved before the import and the rows of the same transaction.
    public func importFavorites(_ source: FavoritesImportSource, into folderName: String?, session: Session?) throws
        -> ImportReport
    {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        let folderName = try folderName.map(FavoriteText.folderName)
        try source.eachRow { _ in }
        let names = try SavedNames(scanning: self, uid: session.uid)
        let now = Date()
        var report = ImportReport()
        var index = 0
        var batch: [FavoritesImportFile.Row] = []
        var first = true
        func write() throws {
            let rows = batch
            batch.removeAll(keepingCapacity: true)
            try mutate(session, reading: .none) { transaction, snapshot in
                var folders = snapshot.folders
                if first {
                    try adoptDefaultFolder(
                        source.folders, folders: &folders, transaction: transaction, uid: session.uid)
                }
                first = false
                var saved = SavedPlaces(try savedPlaces(matching: rows, names: names, uid: session.uid))
                let saving = favorites(of: session.uid)
                func folderID(named name: String) throws -> String {
                    let key = FavoriteText.nameKey(name)
                    if let folder = folders.first(where: { FavoriteText.nameKey($0.name) == key }) { return folder.id }
                    let described = source.folders.first { FavoriteText.nameKey($0.name) == key }
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
                for row in rows {
                    defer { index += 1 }
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
                        try transaction.updateData(fields, forDocument: saving.document(favorite.placeID))
                        favorite.folders = joined
                        saved.places[position] = favorite
                        report.matched += 1
                        continue
                    }
                    let placeID = Self.importedID(row)
                    // Rows without a saved time keep the file's order: the first is the newest.
                    let savedAt = row.savedAt ?? now.addingTimeInterval(-Double(index) / 1000)
                    let candidate = FavoriteCandidate(
                        placeID: placeID, placeName: row.name, address: row.address, coordinate: row.coordinate,
                        category: row.details.category, phone: row.details.phone,
                        roadAddress: row.details.roadAddress, url: row.details.url)
                    try transaction.setData(
                        Self.newFields(candidate, folders: targets, memo: row.memo, color: row.color, savedAt: savedAt),
                        forDocument: saving.document(placeID))
                    saved.add(
                        FavoritePlace(
                            placeName: row.name, placeID: placeID, address: row.address, coordinate: row.coordinate,
                            savedAt: savedAt, folders: targets, memo: row.memo, color: row.color,
                            category: row.details.category, phone: row.details.phone,
                            roadAddress: row.details.roadAddress, url: row.details.url))
                    report.added += 1
                }
            }
        }
        try source.eachRow { row in
            batch.append(row)
            if batch.count == Self.importBatch { try write() }
        }
        if !batch.isEmpty || first { try write() }
        return report
    }

    /// The id a row is saved under: its place's, else one made of its name and point, so the
    /// same row imported again is the same place.
    static func importedID(_ row: FavoritesImportFile.Row) -> String {
        row.placeID
            ?? "csv-"
            + PlaceImporter.stableHash("\(row.name)\u{1F}\(row.coordinate.latitude)\u{1F}\(row.coordinate.longitude)")
    }

    /// A backup's default folder becomes the account's own while that one is as first made
    /// (its name, colour, visibility, order and kept order), so a restore into a new account
    /// gives back the same folders.
    func adoptDefaultFolder(
        _ described: [FavoritesImportFile.Folder], folders: inout [FavoriteFolder], transaction: Transaction,
        uid: String
    ) throws {
        guard let described = described.first(where: \.isDefault),
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

    /// The saved places a batch of rows may match: those with a row's id, and those saved
    /// before the import under a row's name (ignoring case), read by id in chunks.
    func savedPlaces(matching rows: [FavoritesImportFile.Row], names: SavedNames, uid: String) throws
        -> [FavoritePlace]
    {
        var ids = Set(rows.map(Self.importedID))
        for row in rows { ids.formUnion(names.ids(named: row.name)) }
        let all = Array(ids)
        var found: [FavoritePlace] = []
        for start in stride(from: 0, to: all.count, by: 1000) {
            let chunk = all[start..<min(start + 1000, all.count)].map { FieldValue.string($0) }
            let documents = try favorites(of: uid).whereField(FieldPath.documentID, in: chunk).getDocuments().documents
            found += DecodedDocuments(documents) { try $0.data(as: FavoritePlace.self) }.values
        }
        return found.sorted { ($0.savedAt, $0.placeID) > ($1.savedAt, $1.placeID) }
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

/// The ids of the places saved before an import, by name ignoring case: what matching a row
/// by name needs of them, a name and an id each, read in one pass.
struct SavedNames {
    private var byName: [String: [String]] = [:]

    init(scanning service: FavoritesService, uid: String) throws {
        try service.scan(service.newestFirst(uid)) { passed in
            byName[passed.key.placeName.lowercased(), default: []].append(passed.key.placeID)
        }
    }

    func ids(named name: String) -> [String] { byName[name.lowercased()] ?? [] }
}

/// Where an import's rows come from: a file read and checked whole (JSON, GeoJSON, GPX, KML,
/// a CSV text), or a CSV file read a chunk at a time, as often as the import reads it.
public struct FavoritesImportSource {
    /// The folders a backup describes (JSON); none for the others.
    public var folders: [FavoritesImportFile.Folder]
    /// Calls its argument with every row in the file's order; a bad row throws with its line.
    let eachRow: ((FavoritesImportFile.Row) throws -> Void) throws -> Void

    public init(_ file: FavoritesImportFile) {
        folders = file.folders
        eachRow = { body in try file.rows.forEach(body) }
    }

    /// The CSV file at `path`, read again each time its rows are; nil when it cannot be read.
    public static func csv(path: String) -> FavoritesImportSource? {
        guard CSVRecordReader(path: path) != nil else { return nil }
        return FavoritesImportSource(folders: []) { body in
            guard var reader = CSVRecordReader(path: path) else {
                throw FavoritesError.badImportRow(line: 1, reason: tr(.importEmptyFile))
            }
            guard let header = try reader.next() else {
                throw FavoritesError.badImportRow(line: 1, reason: tr(.importEmptyFile))
            }
            let columns = try FavoritesImportFile.CSVColumns(header)
            while let record = try reader.next() { try body(try columns.row(record)) }
        }
    }

    init(
        folders: [FavoritesImportFile.Folder],
        eachRow: @escaping ((FavoritesImportFile.Row) throws -> Void) throws -> Void
    ) {
        self.folders = folders
        self.eachRow = eachRow
    }
}
