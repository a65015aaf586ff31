import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

@Suite struct FavoritesViewModelTests {
    func save(_ world: World, _ id: String, _ name: String) throws {
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: id, placeName: name, address: "\(name) address",
                coordinate: Coordinate(latitude: 1, longitude: 2)),
            session: world.services.session())
        Thread.sleep(forTimeInterval: 0.002)
    }

    @Test func favoritesAreNewestFirstAndLive() throws {
        let world = try World()
        let user = try world.signUp("keeper")
        try save(world, "1", "One")
        try save(world, "2", "Two")
        let model = FavoritesViewModel(favorites: world.adapters)
        model.setUser(user.id)
        #expect(model.state.items.map(\.placeName) == ["Two", "One"])
        try save(world, "3", "Three")
        #expect(model.state.items.map(\.placeName) == ["Three", "Two", "One"])
        model.stop()
        try save(world, "4", "Four")
        #expect(model.state.items.count == 3)
    }

    @Test func signedOutThereIsNothing() throws {
        let world = try World()
        let model = FavoritesViewModel(favorites: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(nil)
        #expect(!model.state.isSignedIn)
        model.removeSelected()
        #expect(toasts.last?.message.contains("Sign in") == true)
    }

    @Test func removeThenUndoBringsItBack() throws {
        let world = try World()
        let user = try world.signUp("keeper")
        try save(world, "1", "One")
        try save(world, "2", "Two")
        let model = FavoritesViewModel(favorites: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(user.id)
        model.removeSelected()
        #expect(model.state.items.map(\.placeName) == ["One"])
        #expect(toasts.last?.message.contains("u undo") == true)
        #expect(try world.services.favorites.list(session: world.services.session()).count == 1)
        model.undo()
        #expect(model.state.items.map(\.placeName).sorted() == ["One", "Two"])
        #expect(model.state.undoable == nil)
        model.undo()
        #expect(model.state.items.count == 2)
    }

    @Test func undoPutsThePlaceBackWhereItWasSelectedWithItsSavedTime() throws {
        let world = try World()
        let user = try world.signUp("keeper")
        for id in ["1", "2", "3"] { try save(world, id, "P\(id)") }
        let model = FavoritesViewModel(favorites: world.adapters)
        model.setUser(user.id)
        model.moveSelection(by: 1)
        let removed = try #require(model.state.selectedItem)
        #expect(removed.placeName == "P2")
        model.removeSelected()
        #expect(model.state.items.map(\.placeName) == ["P3", "P1"])
        model.moveSelection(by: 1)
        model.undo()
        #expect(model.state.items.map(\.placeName) == ["P3", "P2", "P1"], "back in its place")
        #expect(model.state.selectedItem?.placeID == "2", "and selected")
        #expect(model.state.selectedItem?.savedAt == removed.savedAt)
    }

    @Test func undoStaysOfferedUntilUsedOrReplaced() throws {
        let world = try World()
        let user = try world.signUp("keeper")
        try save(world, "1", "One")
        try save(world, "2", "Two")
        let model = FavoritesViewModel(favorites: world.adapters)
        model.setUser(user.id)
        model.removeSelected()
        model.removeSelected()
        #expect(model.state.undoable?.placeName == "One", "the latest removal is the one undone")
        model.undo()
        #expect(model.state.items.map(\.placeName) == ["One"])
        #expect(model.state.undoable == nil)
    }

    @Test(arguments: [(1, 1), (5, 2), (-3, 0)])
    func selectionIsClamped(delta: Int, expected: Int) throws {
        let world = try World()
        let user = try world.signUp("keeper")
        for id in ["1", "2", "3"] { try save(world, id, "P\(id)") }
        let model = FavoritesViewModel(favorites: world.adapters)
        model.setUser(user.id)
        model.moveSelection(by: delta)
        #expect(model.state.selected == expected)
    }
}
