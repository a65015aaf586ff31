import DocStore
import Foundation
import Localization
import PlaceCatalog
import Testing

@testable import Domain

/// Places by id, for saving without the catalog.
struct FolderTestDirectory: PlaceDirectory {
    static let places: [String: FavoriteCandidate] = [
        "1835848": FavoriteCandidate(
            placeID: "1835848", placeName: "Seoul", address: "Seoul, South Korea",
            coordinate: Coordinate(latitude: 37.566, longitude: 126.9784)),
        "1838524": FavoriteCandidate(
            placeID: "1838524", placeName: "Busan", address: "Busan, South Korea",
            coordinate: Coordinate(latitude: 35.1028, longitude: 129.0403)),
        "1846266": FavoriteCandidate(
            placeID: "1846266", placeName: "제주", address: "Jeju, South Korea",
            coordinate: Coordinate(latitude: 33.5097, longitude: 126.5219)),
        "1843564": FavoriteCandidate(
            placeID: "1843564", placeName: "인천", address: "Incheon, South Korea",
            coordinate: Coordinate(latitude: 37.4565, longitude: 126.7052)),
    ]

    func favoriteCandidate(placeID: String) -> FavoriteCandidate? { Self.places[placeID] }
}

let seoulCityHall = Coordinate(latitude: 37.5665, longitude: 126.9780)

@Suite struct FavoriteFoldersTests {
    let fixture = ServiceFixture()

    func signedIn() throws -> (AppServices, Session) {
        let services = try fixture.open()
        return (services, try services.registered("folders@example.com"))
    }

    /// The default folder first, then Korean names in ㄱㄴㄷ order, numbers as numbers, then Latin.
    @Test func foldersSortNumbersAsNumbersAndKoreanByItsOwnOrder() {
        let names = ["폴더 10", "Zoo", "폴더 2", "나들이", "폴더 1", "가방", "폴더 02b", "zoo 9", "zoo 10"]
        let folders = names.enumerated().map {
            FavoriteFolder(id: "f\($0.offset)", name: $0.element, createdAt: Date())
        }
        let snapshot = FavoritesSnapshot(
            folders: folders + [FavoriteFolder(id: FavoriteFolder.defaultID, name: "Favorites", createdAt: Date())],
            favorites: [])
        #expect(
            snapshot.folders.map(\.name)
                == ["Favorites", "가방", "나들이", "폴더 1", "폴더 2", "폴더 02b", "폴더 10", "Zoo", "zoo 9", "zoo 10"])
    }

    @Test func aNewUserHasTheDefaultFolderAndSavesGoThere() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        try favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        let snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.folders.map(\.name) == ["Favorites"])
        #expect(snapshot.folders[0].visibility == .private)
        #expect(snapshot.favorites.map(\.folders) == [["default"]])
        #expect(throws: FavoritesError.defaultFolderKept) {
            try favorites.deleteFolder(id: "default", deletion: .movePlacesToDefault, session: session)
        }
    }

    @Test func theDefaultFolderReadsInTheRunsLanguageAndIsFoundByEitherName() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        try favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        let snapshot = try favorites.snapshot(session: session)
        let korean = Language.$scoped.withValue(.ko) {
            (
                shown: snapshot.folders[0].shownName, byShown: snapshot.folder(named: "즐겨찾기")?.id,
                byStored: snapshot.folder(named: "favorites")?.id,
                names: snapshot.folderNames(of: snapshot.favorites[0], shown: true),
                stored: snapshot.folderNames(of: snapshot.favorites[0])
            )
        }
        #expect(korean.shown == "즐겨찾기")
        #expect(korean.byShown == "default")
        #expect(korean.byStored == "default")
        #expect(korean.names == ["즐겨찾기"])
        // What JSON and exports carry never follows the language.
        #expect(korean.stored == ["Favorites"])
        #expect(snapshot.folders[0].shownName == "Favorites")
        _ = try favorites.updateFolder(id: "default", name: "서울 맛집", session: session)
        let renamed = try favorites.snapshot(session: session)
        #expect(Language.$scoped.withValue(.ko) { renamed.folders[0].shownName } == "서울 맛집")
    }

    /// Issue 25, point 1: a folder edit is a `WriteIntent`: kept in the outbox as JSON and
    /// read back the same, its new folder's id drawn once by the writer, so the intent made
    /// twice (sent again after a crash) is one folder.
    @Test func aFolderEditIsAnIntentWhoseNewFolderIsMadeOnce() throws {
        let (services, session) = try signedIn()
        let home = Coordinate(latitude: 33.5, longitude: 126.5)
        let edits: [FavoritesEdit] = [
            .createFolder(name: "Trip"), .createFolder(name: "Jeju", id: "j", color: .orange, visibility: .shared),
            .setFolder(id: "j", color: .green, visibility: nil, sort: .name),
            .moveManually(placeID: "1835848", folderID: "default", by: 1),
            .deleteFolder(id: "f", deletion: .deletePlaces),
            .restore(
                FavoritePlace(
                    placeName: "Seoul", placeID: "1835848", address: "Seoul", coordinate: home,
                    savedAt: Date(timeIntervalSince1970: 1_000))),
        ]
        for edit in edits {
            let intent = WriteIntent.editFavorites(edit)
            #expect(try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(intent)) == intent)
        }
        // An outbox written before a new folder carried its colour still reads.
        let older = Data(#"{"editFavorites":{"_0":{"createFolder":{"name":"Trip","id":"abc"}}}}"#.utf8)
        #expect(
            try JSONDecoder().decode(WriteIntent.self, from: older)
                == .editFavorites(.createFolder(name: "Trip", id: "abc")))
        let intent = WriteIntent.editFavorites(.createFolder(name: "Trip")).resolved(in: services)
        guard case .editFavorites(.createFolder("Trip", let id?, nil, nil)) = intent else {
            Issue.record("no id drawn: \(intent)")
            return
        }
        #expect(intent.signInAction == .saveFavorites)
        #expect(
            WriteIntent.editFavorites(.deleteFolder(id: id, deletion: .movePlacesToDefault)).signInAction
                == .removeFavorites)
        try intent.apply(to: services, session: session)
        try intent.apply(to: services, session: session)
        #expect(try services.favorites.snapshot(session: session).folders.map(\.name) == ["Favorites", "Trip"])
        #expect(try services.favorites.snapshot(session: session).folder(id: id)?.name == "Trip")
        #expect(throws: FavoritesError.folderNameTaken("Trip")) {
            try services.write(.editFavorites(.createFolder(name: "trip")), session: session)
        }
        #expect(throws: FavoritesError.folderNameEmpty) {
            try WriteIntent.editFavorites(.renameFolder(id: id, name: " ")).validate()
        }
    }

    @Test func folderNamesAreOneToThirtyCharactersUniqueIgnoringCase() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        let trip = try favorites.createFolder(name: "  Jeju Trip ", color: .green, session: session)
        #expect(trip.name == "Jeju Trip")
        #expect(throws: FavoritesError.folderNameTaken("Jeju Trip")) {
            try favorites.createFolder(name: "jeju trip", session: session)
        }
        #expect(throws: FavoritesError.folderNameTaken("Favorites")) {
            try favorites.createFolder(name: "FAVORITES", session: session)
        }
        #expect(throws: FavoritesError.folderNameEmpty) { try favorites.createFolder(name: "   ", session: session) }
        #expect(throws: FavoritesError.folderNameTooLong) {
            try favorites.createFolder(name: String(repeating: "가", count: 31), session: session)
        }
        #expect(try favorites.createFolder(name: String(repeating: "가", count: 30), session: session).name.count == 30)
        #expect(throws: FavoritesError.controlCharacter(field: .folderName)) {
            try favorites.createFolder(name: "a\u{1B}[31m", session: session)
        }
        let renamed = try favorites.updateFolder(id: trip.id, name: "제주 여행", visibility: .shared, session: session)
        #expect(renamed.name == "제주 여행" && renamed.color == .green && renamed.visibility == .shared)
        #expect(throws: FavoritesError.folderNameTaken("Favorites")) {
            try favorites.updateFolder(id: trip.id, name: "favorites", session: session)
        }
        // Renaming a folder to its own name in another case is allowed.
        #expect(try favorites.updateFolder(id: trip.id, name: "제주 여행", session: session).name == "제주 여행")
        #expect(
            try favorites.snapshot(session: session).folders.map(\.name) == [
                "Favorites", String(repeating: "가", count: 30), "제주 여행",
            ])
    }

    @Test func aPlaceCanBeInSeveralFoldersAndMovesOrCopies() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        let trip = try favorites.createFolder(name: "제주 여행", session: session)
        let work = try favorites.createFolder(name: "회사 근처 맛집", session: session)
        try favorites.add(
            placeID: "1846266", from: FolderTestDirectory(), folderID: trip.id, memo: "일출 명소, 07:37", session: session)
        try favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        try favorites.copy(placeID: "1846266", to: work.id, session: session)
        var snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.count(in: trip) == 1 && snapshot.count(in: work) == 1)
        #expect(snapshot.folderNames(of: try #require(snapshot.favorite(placeID: "1846266"))) == ["제주 여행", "회사 근처 맛집"])
        try favorites.move(placeID: "1835848", from: "default", to: trip.id, session: session)
        snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.favorite(placeID: "1835848")?.folders == [trip.id])
        #expect(snapshot.count(in: try #require(snapshot.folder(id: "default"))) == 0)
        // Out of its last folder, a place is no longer saved.
        #expect(try favorites.removeFromFolder(placeID: "1846266", folderID: work.id, session: session))
        #expect(!(try favorites.removeFromFolder(placeID: "1846266", folderID: trip.id, session: session)))
        #expect(!(try favorites.isFavorite(placeID: "1846266", session: session)))
        #expect(throws: FavoritesError.notSaved(placeID: "1846266")) {
            try favorites.copy(placeID: "1846266", to: work.id, session: session)
        }
    }

    @Test func deletingAFolderMovesItsPlacesToTheDefaultOrDeletesThem() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        let trip = try favorites.createFolder(name: "Trip", session: session)
        let food = try favorites.createFolder(name: "Food", session: session)
        try favorites.add(placeID: "1846266", from: FolderTestDirectory(), folderID: trip.id, session: session)
        try favorites.add(placeID: "1838524", from: FolderTestDirectory(), folderID: trip.id, session: session)
        try favorites.copy(placeID: "1838524", to: food.id, session: session)
        #expect(try favorites.deleteFolder(id: trip.id, deletion: .movePlacesToDefault, session: session) == 1)
        var snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.folders.map(\.name) == ["Favorites", "Food"])
        #expect(snapshot.favorite(placeID: "1846266")?.folders == ["default"])
        #expect(snapshot.favorite(placeID: "1838524")?.folders == [food.id])

        let gone = try favorites.createFolder(name: "Gone", session: session)
        try favorites.copy(placeID: "1838524", to: gone.id, session: session)
        try favorites.add(placeID: "1843564", from: FolderTestDirectory(), folderID: gone.id, session: session)
        #expect(try favorites.deleteFolder(id: gone.id, deletion: .deletePlaces, session: session) == 1)
        snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.favorite(placeID: "1843564") == nil)
        #expect(snapshot.favorite(placeID: "1838524")?.folders == [food.id])
        #expect(throws: FavoritesError.folderNotFound(gone.id)) {
            try favorites.deleteFolder(id: gone.id, deletion: .deletePlaces, session: session)
        }
    }

    @Test func editingAMemoKeepsTheNewestFirstOrder() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        try favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        Thread.sleep(forTimeInterval: 0.002)
        try favorites.add(placeID: "1838524", from: FolderTestDirectory(), session: session)
        let before = try favorites.list(session: session)
        let edited = try favorites.setMemo(placeID: "1835848", memo: "  시청 앞\n광장  ", session: session)
        #expect(edited.memo == "시청 앞\n광장")
        #expect(edited.savedAt == before[1].savedAt)
        #expect(try favorites.list(session: session).map(\.placeID) == ["1838524", "1835848"])
        #expect(throws: FavoritesError.memoTooLong(count: 201)) {
            try favorites.setMemo(placeID: "1835848", memo: String(repeating: "메", count: 201), session: session)
        }
        #expect(throws: FavoritesError.controlCharacter(field: .memo)) {
            try favorites.setMemo(placeID: "1835848", memo: "a\tb", session: session)
        }
        #expect(
            try favorites.setMemo(placeID: "1835848", memo: String(repeating: "메", count: 200), session: session).memo
                .count == 200)
        // Saving again with a memo replaces the memo and nothing else.
        let again = try favorites.add(placeID: "1835848", from: FolderTestDirectory(), memo: "again", session: session)
        #expect(again.memo == "again" && again.savedAt == before[1].savedAt)
        #expect(try favorites.setColor(placeID: "1835848", color: .red, session: session).color == .red)
        #expect(try favorites.setColor(placeID: "1835848", color: nil, session: session).color == nil)
    }

    @Test func ordersByNameDistanceAndHandAreKeptPerFolder() throws {
        let (services, session) = try signedIn()
        let favorites = services.favorites
        for id in ["1835848", "1846266", "1838524", "1843564"] {
            try favorites.add(placeID: id, from: FolderTestDirectory(), session: session)
            Thread.sleep(forTimeInterval: 0.002)
        }
        let other = try favorites.createFolder(name: "Other", session: session)
        var snapshot = try favorites.snapshot(session: session)
        let folder = try #require(snapshot.folder(id: "default"))
        let names = { (sort: FavoriteSort?) in
            try favorites.snapshot(session: session).places(in: folder, sort: sort, home: seoulCityHall).map(
                \.placeName)
        }
        #expect(try names(.newest) == ["인천", "Busan", "제주", "Seoul"])
        #expect(try names(.name) == ["인천", "제주", "Busan", "Seoul"])
        #expect(try names(.distance) == ["Seoul", "인천", "Busan", "제주"])
        try favorites.updateFolder(id: "default", sort: .name, session: session)
        snapshot = try favorites.snapshot(session: session)
        #expect(snapshot.folder(id: "default")?.sort == .name)
        #expect(snapshot.folder(id: other.id)?.sort == .newest)
        #expect(
            snapshot.places(in: try #require(snapshot.folder(id: "default")), home: seoulCityHall).map(\.placeName)
                == ["인천", "제주", "Busan", "Seoul"])
        // Moving by hand starts from the order on screen and keeps the result.
        try favorites.moveManually(placeID: "1838524", in: "default", by: -1, home: seoulCityHall, session: session)
        try favorites.moveManually(placeID: "1838524", in: "default", by: -1, home: seoulCityHall, session: session)
        try favorites.moveManually(placeID: "1846266", in: "default", by: 1, home: seoulCityHall, session: session)
        snapshot = try favorites.snapshot(session: session)
        let kept = try #require(snapshot.folder(id: "default"))
        #expect(kept.sort == .manual)
        #expect(snapshot.places(in: kept, home: seoulCityHall).map(\.placeName) == ["Busan", "인천", "Seoul", "제주"])
    }

    @Test func favoritesSavedBeforeFoldersMoveIntoTheDefaultFolderUntouched() throws {
        let (services, session) = try signedIn()
        let old = services.store.document("favorites/\(session.uid)/favorites/1835848")
        let fields: [String: FieldValue] = [
            "placeName": "Seoul", "placeID": "1835848", "address": "Seoul, South Korea",
            "coordinate": .map(["latitude": .double(37.566), "longitude": .double(126.9784)]),
            "savedAt": .timestamp(Date(timeIntervalSince1970: 1_700_000_000)),
        ]
        try old.setData(fields.mapValues(WriteValue.value))
        #expect(try services.store.document("favorites/\(session.uid)/folders/default").getDocument().exists == false)
        // A relaunch of the new version: the first use migrates.
        let relaunched = try fixture.open()
        let snapshot = try relaunched.favorites.snapshot(session: session)
        #expect(snapshot.folders.map(\.id) == ["default"])
        var expected = fields
        expected["folders"] = .array(["default"])
        #expect(try old.getDocument().data == expected)
        // Once migrated, nothing is migrated again: a later field-less document stays as written.
        let later = services.store.document("favorites/\(session.uid)/favorites/1838524")
        try later.setData([
            "placeName": "Busan", "placeID": "1838524", "address": "", "savedAt": .timestamp(Date()),
            "coordinate": .map(["latitude": .double(35.1), "longitude": .double(129.0)]),
        ])
        _ = try relaunched.favorites.snapshot(session: session)
        #expect(try later.getDocument().data?["folders"] == nil)
        #expect(
            try relaunched.favorites.snapshot(session: session).favorite(placeID: "1838524")?.folders == ["default"])
    }

    @Test func sharedFoldersAreReadableByOthersPrivateOnesAreNot() throws {
        let owner = try fixture.open()
        let mina = try owner.registered("mina@example.com")
        try owner.users.updateProfile(ProfileEdit(displayName: "Mina", username: "mina_k"), session: mina)
        let trip = try owner.favorites.createFolder(name: "제주 여행", visibility: .shared, session: mina)
        try owner.favorites.add(
            placeID: "1846266", from: FolderTestDirectory(), folderID: trip.id, memo: "일출", session: mina)
        try owner.favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: mina)
        let reader = try fixture.open(session: "reader")
        let river = try reader.registered("river@example.com")
        let shared = try reader.favorites.sharedFolders(ofUsername: "@mina_k", home: seoulCityHall, session: river)
        #expect(shared.map(\.folder.name) == ["제주 여행"])
        #expect(shared[0].places.map(\.placeID) == ["1846266"])
        #expect(shared[0].places[0].memo == "일출")
        #expect(throws: FavoritesError.unknownUser("nobody")) {
            try reader.favorites.sharedFolders(ofUsername: "nobody", home: seoulCityHall, session: river)
        }
        #expect(throws: SignInRequired(.listFavorites)) {
            try reader.favorites.sharedFolders(ofUsername: "mina_k", home: seoulCityHall, session: nil)
        }
    }

    @Test func observingSeesFolderAndPlaceChangesFromAnotherConnection() throws {
        let (services, session) = try signedIn()
        var counts: [[Int]] = []
        let observation = try #require(
            try services.favorites.observeSnapshot(session: session) { snapshot in
                counts.append(snapshot.folders.map(snapshot.count(in:)))
            })
        let other = try fixture.open()
        let trip = try other.favorites.createFolder(name: "Trip", session: session)
        try other.favorites.add(placeID: "1835848", from: FolderTestDirectory(), folderID: trip.id, session: session)
        _ = try services.store.pollExternalChanges()
        #expect(counts.first == [0])
        #expect(counts.last == [0, 1])
        observation.remove()
        observation.remove()
        let seen = counts.count
        try other.favorites.remove(placeID: "1835848", session: session)
        _ = try services.store.pollExternalChanges()
        #expect(counts.count == seen)
        #expect(
            try services.favorites.observeSnapshot(session: nil) { counts.append($0.folders.map { _ in 0 }) } == nil)
        #expect(counts.last == [])
    }
}
