import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// A favorites folder read a window at a time: every place reachable in the folder's
/// order, the rows held bounded whatever the folder's size, the position counted in the
/// whole folder, removal and undo working deep in it.
@Suite struct PagedFavoritesTests {
    /// `count` places `Place 0` (newest) … saved a second apart into the default folder of
    /// a signed-in user, written in batches as an import would.
    func world(count: Int) throws -> (World, User) {
        let world = try World()
        let user = try world.signUp("keeper")
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var batch = world.services.store.batch()
        for index in 0..<count {
            let favorite = FavoritePlace(
                placeName: "Place \(index)", placeID: "p\(index)", address: "Street \(index)",
                coordinate: Coordinate(
                    latitude: 37 + Double(index % 100) / 100,
                    longitude: 127 + Double(index / 100) / 1000),
                savedAt: base.addingTimeInterval(-Double(index)))
            try batch.setData(
                from: favorite, forDocument: world.services.store.document("favorites/\(user.id)/favorites/p\(index)"))
            if index % 5_000 == 4_999 {
                try batch.commit()
                batch = world.services.store.batch()
            }
        }
        try batch.commit()
        return (world, user)
    }

    @Test func aFolderOfTwentyThousandHoldsAWindowAndReachesItsLastPlace() throws {
        let (world, user) = try world(count: 20_000)
        let model = FavoritesViewModel(favorites: world.adapters, events: world.events)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(user.id)
        #expect(model.state.position == ListPosition(index: 0, total: 20_000))
        #expect(model.state.folders.first?.count == 20_000)
        var most = model.state.items.count
        for step in 1...1_000 {
            model.moveSelection(by: 1)
            most = max(most, model.state.items.count)
            if step % 250 == 0 { #expect(model.state.selectedItem?.placeName == "Place \(step)") }
        }
        #expect(model.state.position.index == 1_000)
        model.selectLast()
        most = max(most, model.state.items.count)
        #expect(model.state.selectedItem?.placeName == "Place 19999")
        #expect(model.state.position.text == "20,000 / 20,000")
        #expect(most <= FavoritesViewModel.maxRows, "at most \(FavoritesViewModel.maxRows) of 20,000 rows held")

        // Removing the last place and bringing it back, at the bottom of the folder.
        model.removeSelected()
        #expect(model.state.selectedItem?.placeName == "Place 19998")
        #expect(model.state.position.text == "19,999 / 19,999")
        model.undo()
        #expect(model.state.selectedItem?.placeName == "Place 19999")
        #expect(model.state.position.text == "20,000 / 20,000")
        model.moveSelection(by: -3)
        #expect(model.state.selectedItem?.placeName == "Place 19996")
        model.selectFirst()
        #expect(model.state.selectedItem?.placeName == "Place 0")
        #expect(model.state.items.count <= FavoritesViewModel.maxRows)
        #expect(toasts.values.allSatisfy { $0.kind != .error }, "\(toasts.values)")
    }

    @Test func aDistanceOrderReadsPastItsWindowOffTheLoopEvenOnTheEmbeddedStore() throws {
        let (world, user) = try world(count: 700)
        let held = HeldWorkExecutor()
        let writes = StoreWrites(work: BackgroundWork(queue: world.events, executor: held), offLoop: false)
        let model = FavoritesViewModel(favorites: world.adapters, events: world.events, writes: writes)
        model.setUser(user.id)
        #expect(model.state.folders.isEmpty, "the folder listing starts where passes run, off the loop")
        held.runAll()
        world.settle()
        #expect(model.state.folders.first?.count == 700)
        // Newest first is the store's own order: `G` reads at once.
        model.selectLast()
        #expect(held.waiting == 0)
        #expect(model.state.selectedItem?.placeName == "Place 699")
        model.selectFirst()
        model.cycleOrder()
        model.cycleOrder()
        held.runAll()
        world.settle()
        #expect(model.state.selectedFolder?.sort == .distance)
        #expect(model.state.selectedItem?.placeName == "Place 0", "the order changed, the selection did not")
        model.selectFirst()
        held.runAll()
        world.settle()
        #expect(model.state.position.index == 0)

        // By distance `G` is a pass: it waits for a worker while keys move within the window.
        model.selectLast()
        #expect(held.waiting > 0)
        #expect(model.state.isLoadingPage == true)
        model.moveSelection(by: 1)
        #expect(model.state.position.index == 1)
        held.runAll()
        world.settle()
        #expect(!model.state.isLoadingPage)
        #expect(model.state.position.index == 699)
        // The same last place as the pass on the loop finds.
        let onLoop = FavoritesViewModel(favorites: world.adapters, events: world.events)
        onLoop.setUser(user.id)
        onLoop.selectLast()
        #expect(onLoop.state.selectedFolder?.sort == .distance)
        #expect(model.state.selectedItem == onLoop.state.selectedItem)
    }

    @Test func ordersTheStoreCannotSortArePagedInTheirOrderWithTheSelectionKept() throws {
        // More places than a pass reads at once and than a window holds.
        let (world, user) = try world(count: 1_234)
        let model = FavoritesViewModel(favorites: world.adapters, events: world.events)
        model.setUser(user.id)
        model.moveSelection(by: 5)
        #expect(model.state.selectedItem?.placeName == "Place 5")
        model.cycleOrder()
        #expect(model.state.selectedFolder?.sort == .name)
        #expect(model.state.selectedItem?.placeName == "Place 5", "the order changed, the selection did not")
        let all = try world.services.favorites.list(session: world.services.session())
        let byName = FavoriteOrder.sorted(all, by: .name, home: world.adapters.home).map(\.placeName)
        #expect(model.state.position.index == byName.firstIndex(of: "Place 5"))

        model.selectFirst()
        var seen: [String] = []
        var most = 0
        for _ in 0..<byName.count {
            seen.append(model.state.selectedItem?.placeName ?? "")
            most = max(most, model.state.items.count)
            model.moveSelection(by: 1)
        }
        #expect(seen == byName, "every place once, in name order")
        #expect(most <= FavoritesViewModel.maxRows)

        model.cycleOrder()
        #expect(model.state.selectedFolder?.sort == .distance)
        let nearest = FavoriteOrder.sorted(all, by: .distance, home: world.adapters.home)
        model.selectLast()
        #expect(model.state.selectedItem?.placeID == nearest.last?.placeID)
        #expect(model.state.position.text == "1,234 / 1,234")
        model.selectFirst()
        #expect(model.state.selectedItem?.placeID == nearest.first?.placeID)
    }
}
