import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// Deleting a folder and importing a file read the favorites `scanBatch` at a time, never
/// all at once: their results stay whole across the batches' edges.
@Suite struct FavoritesBatchTests {
    let fixture = ServiceFixture()
    /// More than two batches.
    static let count = FavoritesService.scanBatch * 2 + 203

    /// `Place i` (`p0` … ), a second apart, the first the newest, `0.01°` of longitude
    /// apart; in `folderIDs(i)`.
    func save(_ services: AppServices, _ session: Session, folderIDs: (Int) -> [String]) throws {
        let batch = services.store.batch()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        for index in 0..<Self.count {
            let place = FavoriteCandidate(
                placeID: "p\(index)", placeName: "Place \(index)", address: "",
                coordinate: Coordinate(latitude: 37, longitude: 127 + Double(index) / 100))
            batch.setData(
                FavoritesService.newFields(
                    place, folders: folderIDs(index), memo: "",
                    savedAt: base.addingTimeInterval(-Double(index))),
                forDocument: services.store.document("favorites/\(session.uid)/favorites/p\(index)"))
        }
        try batch.commit()
    }

    func counts(_ services: AppServices, _ session: Session) throws -> [String: Int] {
        FavoritesService.folderCounts(try services.favorites.favorites(of: session.uid).counts(by: "folders"))
    }

    @Test(arguments: [FolderDeletion.movePlacesToDefault, .deletePlaces])
    func deletingABigFolderReachesEveryPlaceInIt(_ deletion: FolderDeletion) throws {
        let services = try fixture.open()
        let session = try services.registered("batches@example.com")
        let big = try services.favorites.createFolder(name: "Big", session: session)
        // Every third place is in the default folder too: it only leaves Big.
        try save(services, session) { $0 % 3 == 0 ? [FavoriteFolder.defaultID, big.id] : [big.id] }
        let alsoInDefault = (Self.count + 2) / 3
        let affected = try services.favorites.deleteFolder(id: big.id, deletion: deletion, session: session)
        #expect(affected == Self.count - alsoInDefault)
        let counts = try counts(services, session)
        #expect(counts[big.id] == nil)
        #expect(counts[FavoriteFolder.defaultID] == (deletion == .movePlacesToDefault ? Self.count : alsoInDefault))
        #expect(try services.favorites.folders(of: session.uid).document(big.id).getDocument().exists == false)
    }

    @Test func anImportMatchesSavedPlacesInAnyBatch() throws {
        let services = try fixture.open()
        let session = try services.registered("batches@example.com")
        try save(services, session) { _ in [FavoriteFolder.defaultID] }
        // The oldest place (in the last batch of the pass) and the newest, by name ignoring
        // case; a third row is new.
        let oldest = Self.count - 1
        let csv = """
            Name,Address,Latitude,Longitude,Description,URL
            PLACE \(oldest),,37,\(127 + Double(oldest) / 100),oldest,
            place 0,,37,127,newest,
            Elsewhere,,10,10,,

            """
        let report = try services.favorites.importFavorites(
            try FavoritesImportFile.read(csv), into: "Walks", session: session)
        #expect(report.matched == 2 && report.added == 1 && report.skipped == 0)
        let walks = try #require(try services.favorites.snapshot(session: session).folder(named: "Walks"))
        let counts = try counts(services, session)
        #expect(counts[walks.id] == 3)
        #expect(counts[FavoriteFolder.defaultID] == Self.count)
        let memos = try services.favorites.favorites(of: session.uid).whereField(
            "folders", arrayContains: .string(walks.id)
        )
        .getDocuments().documents.compactMap { $0.get("memo")?.stringValue }
        #expect(Set(memos) == ["oldest", "newest", ""])
    }
}
