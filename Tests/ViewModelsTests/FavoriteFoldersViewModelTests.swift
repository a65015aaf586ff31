import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

@Suite struct FavoriteFoldersViewModelTests {
    func save(_ world: World, _ id: String, _ name: String, folderID: String? = nil) throws {
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: id, placeName: name, address: "\(name) address",
                coordinate: Coordinate(latitude: 37, longitude: 127)),
            folderID: folderID, session: world.services.session())
        Thread.sleep(forTimeInterval: 0.002)
    }

    func signedInModel(_ world: World) throws -> (FavoritesViewModel, Recorder<Toast>) {
        let user = try world.signUp("keeper")
        let model = FavoritesViewModel(favorites: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(user.id)
        return (model, toasts)
    }

    func type(_ model: FavoritesViewModel, _ text: String) {
        model.editPrompt(.clear)
        model.editPrompt(.insert(text))
    }

    @Test func foldersShowWithCountsAndTheSelectedFoldersPlaces() throws {
        let world = try World()
        let (model, _) = try signedInModel(world)
        try save(world, "1", "One")
        model.beginCreateFolder()
        type(model, "제주 여행")
        model.submitPrompt()
        #expect(model.state.prompt == nil)
        #expect(model.state.folders.map(\.folder.name) == ["Favorites", "제주 여행"])
        #expect(model.state.selectedFolder?.name == "제주 여행", "a new folder is selected")
        #expect(model.state.items.isEmpty)
        let trip = try #require(model.state.selectedFolder)
        try save(world, "2", "Two", folderID: trip.id)
        try save(world, "3", "Three", folderID: trip.id)
        #expect(model.state.folders.map(\.count) == [1, 2])
        #expect(model.state.items.map(\.placeName) == ["Three", "Two"])
        model.selectFolder(by: 1)
        #expect(model.state.selectedFolder?.name == "Favorites")
        #expect(model.state.items.map(\.placeName) == ["One"])
    }

    @Test func aRefusedFolderNameKeepsTheFormOpenWithTheReason() throws {
        let world = try World()
        let (model, _) = try signedInModel(world)
        model.beginCreateFolder()
        type(model, "FAVORITES")
        model.submitPrompt()
        guard case .folderName(let form) = model.state.prompt else {
            Issue.record("form closed")
            return
        }
        #expect(form.error == "A folder named Favorites already exists")
        type(model, "Food")
        model.submitPrompt()
        model.beginRenameFolder()
        type(model, "맛집")
        model.submitPrompt()
        #expect(model.state.folders.map(\.folder.name) == ["Favorites", "맛집"])
        model.beginCreateFolder()
        model.cancelPrompt()
        #expect(model.state.prompt == nil && model.state.folders.count == 2)
    }

    @Test func memosEditWithoutReorderingAndKeepTheirLines() throws {
        let world = try World()
        let (model, _) = try signedInModel(world)
        try save(world, "1", "One")
        try save(world, "2", "Two")
        try world.services.favorites.setMemo(placeID: "1", memo: "first\nsecond", session: world.services.session())
        model.select(1)
        model.beginMemo()
        guard case .memo(let form) = model.state.prompt else {
            Issue.record("no memo form")
            return
        }
        #expect(form.input.text == "first⏎second")
        model.editPrompt(.insert(" 일출"))
        model.submitPrompt()
        #expect(model.state.items.map(\.placeName) == ["Two", "One"])
        #expect(model.state.items[1].memo == "first\nsecond 일출")
        #expect(model.state.selectedItem?.placeID == "1")
    }

    @Test func moveCopyOrderAndDeleteAFolder() throws {
        let world = try World()
        let (model, toasts) = try signedInModel(world)
        let food = try world.services.favorites.createFolder(name: "Food", session: world.services.session())
        try save(world, "b", "Bravo")
        try save(world, "a", "Alpha")
        try save(world, "c", "Charlie")
        #expect(model.state.selectedFolder?.name == "Favorites")
        model.cycleOrder()
        #expect(model.state.selectedFolder?.sort == .name)
        #expect(model.state.items.map(\.placeName) == ["Alpha", "Bravo", "Charlie"])
        model.select(2)
        model.moveSelectedItem(by: -1)
        #expect(model.state.selectedFolder?.sort == .manual)
        #expect(model.state.items.map(\.placeName) == ["Alpha", "Charlie", "Bravo"])
        #expect(model.state.selectedItem?.placeName == "Charlie")

        model.beginMoveOrCopy(copying: true)
        guard case .pickFolder(let pick) = model.state.prompt else {
            Issue.record("no picker")
            return
        }
        #expect(pick.folders.map(\.folder.name) == ["Food"])
        model.submitPrompt()
        #expect(toasts.last?.message == "Copied Charlie to Food")
        model.select(0)
        model.beginMoveOrCopy(copying: false)
        model.submitPrompt()
        #expect(model.state.items.map(\.placeName) == ["Charlie", "Bravo"])
        #expect(model.state.folders.map(\.count) == [2, 2])

        model.selectFolder(by: 1)
        #expect(model.state.selectedFolder?.id == food.id)
        model.beginDeleteFolder()
        #expect(
            model.state.prompt
                == .confirmDelete(folder: try #require(model.state.selectedFolder), count: 2, deletesPlaces: false))
        model.submitPrompt()
        #expect(model.state.folders.map(\.folder.name) == ["Favorites"])
        #expect(Set(model.state.items.map(\.placeName)) == ["Alpha", "Bravo", "Charlie"])
        model.beginDeleteFolder()
        #expect(toasts.last?.message == FavoritesError.defaultFolderKept.description)
    }

    @Test func removingFromAFolderUndoesToTheSameFoldersAndMemo() throws {
        let world = try World()
        let (model, _) = try signedInModel(world)
        let session = try world.services.session()
        let trip = try world.services.favorites.createFolder(name: "Trip", session: session)
        try save(world, "1", "One", folderID: trip.id)
        try world.services.favorites.setMemo(placeID: "1", memo: "memo", session: session)
        model.selectFolder(by: 1)
        let before = try #require(model.state.selectedItem)
        model.removeSelected()
        #expect(model.state.items.isEmpty)
        #expect(!(try world.services.favorites.isFavorite(placeID: "1", session: session)))
        model.undo()
        #expect(model.state.items == [before])
    }

    @Test func savingFromPlacesIntoAChosenFolder() throws {
        let world = try World()
        let (model, _) = try signedInModel(world)
        let session = try world.services.session()
        let trip = try world.services.favorites.createFolder(name: "Trip", session: session)
        model.beginSave(
            FavoriteCandidate(
                placeID: "1835848", placeName: "Seoul", address: "Seoul",
                coordinate: Coordinate(latitude: 37.566, longitude: 126.9784)))
        model.movePick(by: 1)
        model.submitPrompt()
        #expect(
            try world.services.favorites.snapshot(session: session).favorite(placeID: "1835848")?.folders == [trip.id])
    }
}
