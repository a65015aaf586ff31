import App
import Foundation
import TerminalUI
import Testing
import ViewModels

/// The catalog, counting the searches the Places screen ranks.
final class CountingPlaces: PlaceSearching {
    private let places: PlaceSearching
    private(set) var rankings: [String] = []

    init(_ places: PlaceSearching) { self.places = places }

    func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) {
        places.search(query, order: order, limit: limit)
    }
    func ranking(_ query: String, order: PlaceOrder) -> RankedPlaces {
        rankings.append(query)
        return places.ranking(query, order: order)
    }
    func place(id: String) -> PlaceInfo? { places.place(id: id) }
}

/// Keys typed while the loop was busy (a slow search, or a paste from a terminal without
/// bracketed paste, which arrives key by key) are waiting together when it reads again:
/// they are one edit, searched once, and the keys after them come after them (issue 27,
/// point 3).
@Suite struct TypingBehindASearchTests {
    @Test func waitingTypedKeysAreOneEditAndTheKeysAfterThemFollowInOrder() throws {
        let world = try AppWorld()
        let counting = CountingPlaces(world.places)
        let harness = world.harness(width: 80, height: 24, places: counting)
        harness.press("/")
        let before = counting.rankings.count
        harness.backend.events =
            "Seoul".map { InputEvent.key(.character($0)) } + [.key(.escape), .key(.character("2"))]
        harness.loop.step()
        #expect(harness.app.places.state.query.text == "Seoul")
        #expect(Array(counting.rankings.dropFirst(before)) == ["Seoul"], "one search, not one per key")
        #expect(harness.app.state.tab == .places, "Esc and 2 wait for their turn")
        harness.loop.step()
        #expect(harness.app.places.state.query.text.isEmpty, "Esc came after the typed keys")
        harness.loop.step()
        #expect(harness.app.state.tab == .favorites, "and 2 after Esc")
        #expect(harness.backend.events.isEmpty)
    }

    @Test func aKeyABindingTakesIsNeverTyped() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.backend.events = [.key(.character("2")), .key(.character("3"))]
        harness.loop.step()
        #expect(harness.app.state.tab == .favorites, "no field has focus: 2 is a key")
        harness.loop.step()
        #expect(harness.app.state.tab == .feed)
    }
}
