import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

@Suite struct PlaceSearchViewModelTests {
    @Test func emptyQueryListsTheMostPopulousFirst() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        #expect(model.state.rows.first?.place.name == "Seoul")
        #expect(model.state.totalCount == World.catalog.places.count)
    }

    @Test func typingFiltersAtEveryKeystrokeAndEmphasisesTheMatch() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        let changes = Recorder<PlaceSearchState>()
        model.onChange = changes.record
        model.focusSearch()
        for character in "bus" { model.editQuery(.insert(String(character))) }
        #expect(changes.values.map(\.query.text) == ["", "b", "bu", "bus"])
        #expect(model.state.rows.map(\.place.name) == ["Busan"])
        #expect(model.state.rows[0].match.nameRange == 0..<3)
        #expect(model.state.isSearchFocused)
    }

    @Test func enterKeepsTheQueryAndEscClearsIt() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.focusSearch()
        model.editQuery(.insert("par"))
        model.submitSearch()
        #expect(model.state.query.text == "par")
        #expect(!model.state.isSearchFocused)
        model.focusSearch()
        model.cancelSearch()
        #expect(model.state.query.text == "")
        #expect(!model.state.isSearchFocused)
        #expect(model.state.rows.count == World.catalog.places.count)
    }

    @Test func theSelectionStaysOnTheSamePlaceWhenResultsChange() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.focusSearch()
        model.editQuery(.insert("s"))
        let names = model.state.rows.map(\.place.name)
        let suwon = try #require(names.firstIndex(of: "Suwon"))
        model.select(suwon)
        model.editQuery(.insert("u"))
        #expect(model.state.selectedRow?.place.name == "Suwon")
        model.toggleOrder()
        #expect(model.state.selectedRow?.place.name == "Suwon")
    }

    @Test(arguments: [(1, 1), (-1, 0), (100, 6), (-100, 0), (3, 3)])
    func movingTheSelectionIsClamped(delta: Int, expected: Int) throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.moveSelection(by: delta)
        #expect(model.state.selected == expected)
    }

    @Test func firstLastAndPages() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.listShown(offset: 0, rows: 2)
        model.pageDown()
        #expect(model.state.selected == 2)
        model.selectLast()
        #expect(model.state.selected == 6)
        model.pageUp()
        #expect(model.state.selected == 4)
        model.selectFirst()
        #expect(model.state.selected == 0)
    }

    @Test func savingSignedOutIsRefusedWithASignInToastAndWritesNothing() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.toggleSave()
        #expect(toasts.last?.message == "Sign in to save favorites")
        #expect(model.state.rows[0].isSaved == false)
        try world.signUp("saver")
        #expect(try world.services.favorites.list(session: world.services.session()).isEmpty)
    }

    @Test func savingFlipsTheMarkerAndTheStoreKeepsIt() throws {
        let world = try World()
        let user = try world.signUp("saver")
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.setUser(user.id)
        model.toggleSave()
        #expect(model.state.rows[0].isSaved)
        let saved = try world.services.favorites.list(session: world.services.session())
        #expect(saved.map(\.placeID) == ["1835848"])
        #expect(saved[0].coordinate.latitude == 37.566)
        model.toggleSave()
        #expect(!model.state.rows[0].isSaved)
        #expect(try world.services.favorites.list(session: world.services.session()).isEmpty)
    }

    @Test func unsavingCanBeUndoneWithTheSavedTimeAndMemoKept() throws {
        let world = try World()
        let user = try world.signUp("saver")
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(user.id)
        model.toggleSave()
        try world.adapters.edit(.setMemo(placeID: "1835848", memo: "river walk"), uid: user.id)
        let before = try #require(try world.services.favorites.list(session: world.services.session()).first)
        model.toggleSave()
        #expect(toasts.last?.message == "Unsaved Seoul · u undo")
        #expect(model.state.undoable?.placeID == "1835848")
        model.moveSelection(by: 1)
        model.undoUnsave()
        #expect(model.state.selectedRow?.place.placeID == "1835848", "selected again")
        #expect(model.state.rows[0].isSaved)
        #expect(model.state.undoable == nil)
        let after = try world.services.favorites.list(session: world.services.session())
        #expect(after.map(\.savedAt) == [before.savedAt])
        #expect(after.map(\.memo) == ["river walk"])
    }

    @Test func aFailedSaveFlipsTheMarkerBackAndSaysWhy() throws {
        let world = try World()
        let failing = FailingFavorites()
        let model = PlaceSearchViewModel(places: world.places, favorites: failing)
        let toasts = Recorder<Toast>()
        let changes = Recorder<PlaceSearchState>()
        model.onToast = toasts.record
        model.setUser("someone")
        model.onChange = changes.record
        model.toggleSave()
        #expect(changes.values.map { $0.rows[0].isSaved } == [true, false])
        #expect(toasts.last?.message.contains("disk full") == true)
        #expect(toasts.last?.kind == .error)
    }

    @Test func aSaveFromElsewhereShowsTheStar() throws {
        let world = try World()
        let user = try world.signUp("saver")
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.setUser(user.id)
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: "1838524", placeName: "Busan", address: "",
                coordinate: Coordinate(latitude: 35, longitude: 129)),
            session: world.services.session())
        #expect(model.state.rows.first { $0.place.placeID == "1838524" }?.isSaved == true)
        #expect(model.state.newestFavorites.map(\.placeID) == ["1838524"])
        model.stop()
    }

    @Test func orderTogglesBetweenRelevanceAndDistanceFromHome() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.toggleOrder()
        #expect(model.state.order == .distance)
        // Incheon (26 km from City Hall) comes before Suwon (31 km), Busan (325 km) after.
        #expect(model.state.rows.map(\.place.name).prefix(3) == ["Seoul", "Incheon", "Suwon"])
        #expect(model.state.rows[0].match.distance != nil)
        model.toggleOrder()
        #expect(model.state.order == .relevance)
    }

    @Test func showingAPlaceSelectsIt() throws {
        let world = try World()
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters)
        model.show(placeID: "2988507")
        #expect(model.state.selectedRow?.place.name == "Paris")
        #expect(model.state.query.text == "Paris")
    }
}

/// Favorites whose writes always fail.
final class FailingFavorites: FavoritesPort, InMemoryFolders {
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
    func observeFavorites(
        _ selection: FavoritesSelection, uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange([])
        return AnyCancellable {}
    }
    func write(_ intent: WriteIntent, uid: String) throws { throw DiskFull() }
    let home = Coordinate(latitude: 37.5665, longitude: 126.9780)
    func observeFolders(
        uid: String, _ onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange(.empty)
        return AnyCancellable {}
    }
    let folderPlaces: [FavoritePlace] = []
    func edit(_ edit: FavoritesEdit, uid: String) throws { throw DiskFull() }
}
