import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// Online providers the tests script: each request is recorded and answered by `answer`.
final class FakeOnlinePlaces: OnlinePlaceSearching, @unchecked Sendable {
    // @unchecked: the tests run every job on their own thread (`HeldWorkExecutor`).
    static let kakao = OnlineProvider(
        id: "kakao", name: "Kakao", mark: "K", searchesAsYouType: true, searchesCategories: true)
    static let osm = OnlineProvider(
        id: "osm", name: "OpenStreetMap", mark: "OSM", searchesAsYouType: false, searchesCategories: false)

    let providers: [OnlineProvider]
    let configFile = "/home/someone/.config/tern/config"
    var categories = [OnlineCategory(code: "CE7", name: "cafe"), OnlineCategory(code: "FD6", name: "restaurant")]
    private(set) var requests: [(search: OnlineSearch, provider: String)] = []
    var failure: String?

    init(_ providers: [OnlineProvider]) {
        self.providers = providers
    }

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    func search(_ search: OnlineSearch, with provider: OnlineProvider) throws -> OnlineAnswer {
        requests.append((search, provider.id))
        if let failure { throw Refused(description: failure) }
        let name = search.category.map { "\($0.name) \(search.text)" } ?? search.text
        let place = PlaceInfo(
            placeID: "\(provider.id):\(requests.count)", name: "\(name) \(provider.mark)", address: "서울 강남구 역삼동 858",
            latitude: 37.4979, longitude: 127.0276, sourceMark: provider.mark, category: "음식점 > 카페 > 커피전문점",
            phone: "02-123-4567", roadAddress: "서울 강남구 강남대로 390", url: "http://place.map.kakao.com/1")
        return OnlineAnswer(matches: [PlaceMatch(place: place, distance: search.near == nil ? nil : 120)])
    }
}

@Suite struct OnlinePlaceResultsTests {
    /// A Places model over the fixture catalog and `online`, its requests held until the test runs them.
    static func model(_ world: World, _ online: FakeOnlinePlaces, held: HeldWorkExecutor) -> PlaceSearchViewModel {
        PlaceSearchViewModel(
            places: world.places, favorites: world.adapters, events: world.events, online: online,
            work: BackgroundWork(queue: world.events, executor: held), now: world.clock.read)
    }

    /// Types `text` a key every 80 ms, applying what comes due between keys as the loop does.
    static func type(_ text: String, into model: PlaceSearchViewModel, _ world: World) {
        for character in text {
            model.editQuery(.insert(String(character)))
            world.clock.advance(by: 0.08)
            world.settle()
        }
    }

    /// Lets the debounce pass, then answers every request and applies the answers.
    static func answer(_ world: World, _ held: HeldWorkExecutor) {
        world.clock.advance(by: OnlinePlaceResults.debounce)
        world.settle()
        while held.runNext() { world.settle() }
    }

    @Test func typingTenHangulSyllablesQuicklySendsOneRequestAndItsPlacesComeFirst() throws {
        let world = try World()
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.focusSearch()
        Self.type("강남역스타벅스커피점", into: model, world)
        #expect(online.requests.isEmpty)
        #expect(model.state.online.searching == ["Kakao"])
        Self.answer(world, held)
        #expect(online.requests.map(\.search.text) == ["강남역스타벅스커피점"])
        #expect(model.state.online.searching.isEmpty)
        let first = try #require(model.state.rows.first)
        #expect(first.place.name == "강남역스타벅스커피점 K")
        #expect(first.place.sourceMark == "K")
        #expect(model.state.selected == 0)
    }

    @Test func anAnswerOvertakenByTypingIsDroppedAndOnlyOneRequestIsOut() throws {
        let world = try World()
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.focusSearch()
        Self.type("카페", into: model, world)
        world.clock.advance(by: OnlinePlaceResults.debounce)
        world.settle()
        #expect(held.waiting == 1)
        // The request reaches the provider; its answer arrives after the person typed on.
        held.runNext()
        model.editQuery(.insert("거"))
        world.clock.advance(by: OnlinePlaceResults.debounce)
        world.settle()
        #expect(!model.state.rows.contains { $0.place.name == "카페 K" })
        #expect(held.waiting == 1)
        // A third request made while the second is out waits behind it.
        model.editQuery(.insert("리"))
        world.clock.advance(by: OnlinePlaceResults.debounce)
        world.settle()
        #expect(held.waiting == 1)
        // The second's answer is stale by then (and its worker sees so before asking).
        held.runNext()
        world.settle()
        #expect(held.waiting == 1)
        held.runNext()
        world.settle()
        #expect(online.requests.map(\.search.text) == ["카페", "카페거리"])
        #expect(model.state.rows.first?.place.name == "카페거리 K")
    }

    @Test func aFailureIsOneLineAndTheCatalogStillAnswers() throws {
        let world = try World()
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao])
        online.failure = "Kakao refused the REST API key: check kakao_key in the config or KAKAO_REST_API_KEY"
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.focusSearch()
        Self.type("bus", into: model, world)
        Self.answer(world, held)
        #expect(model.state.online.notice == online.failure)
        #expect(model.state.rows.map(\.place.name) == ["Busan"])
        online.failure = nil
        Self.type("a", into: model, world)
        Self.answer(world, held)
        #expect(model.state.online.notice == nil)
    }

    @Test func withoutAProviderTheScreenSaysHowToAddOneAndNothingIsAsked() throws {
        let world = try World()
        let online = FakeOnlinePlaces([])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.focusSearch()
        Self.type("서울", into: model, world)
        Self.answer(world, held)
        #expect(!model.state.online.isConfigured)
        #expect(model.state.online.configFile == online.configFile)
        #expect(online.requests.isEmpty)
        model.submitSearch()
        model.beginCategoryPick()
        #expect(!model.isPickingCategory)
        #expect(toasts.last?.message.contains("kakao_key = KEY or nominatim = on") == true)
    }

    @Test func nominatimIsAskedOnlyWhenTheQueryIsKeptWithEnter() throws {
        let world = try World()
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao, FakeOnlinePlaces.osm])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.focusSearch()
        Self.type("Seoul Tower", into: model, world)
        Self.answer(world, held)
        #expect(online.requests.map(\.provider) == ["kakao"])
        model.submitSearch()
        Self.answer(world, held)
        #expect(online.requests.map(\.provider) == ["kakao", "osm"])
        // Kakao's answer to the same query is not asked again; both blocks are shown, Kakao's first.
        #expect(model.state.rows.prefix(2).map { $0.place.sourceMark } == ["K", "OSM"])
        // Typing again drops OpenStreetMap's places, which answer the old query.
        model.focusSearch()
        Self.type("s", into: model, world)
        #expect(!model.state.rows.contains { $0.place.sourceMark == "OSM" })
    }

    @Test func theCategoryKeySearchesAroundTheHomePointThenEscClearsIt() throws {
        let world = try World()
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao, FakeOnlinePlaces.osm])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.beginCategoryPick()
        #expect(model.isPickingCategory)
        model.moveCategoryPick(by: 1)
        model.submit()
        #expect(!model.isPickingCategory)
        Self.answer(world, held)
        // Nominatim has no category search.
        #expect(online.requests.map(\.provider) == ["kakao"])
        let request = try #require(online.requests.first?.search)
        #expect(request.category?.code == "FD6")
        #expect(request.near == world.adapters.home)
        #expect(model.state.online.category?.name == "restaurant")
        #expect(model.state.rows.first?.match.distance == 120)
        model.cancel()
        #expect(model.state.online.category == nil)
        #expect(!model.state.rows.contains { $0.place.sourceMark != nil })
    }

    @Test func savingAnOnlinePlaceCopiesWhatItNeedsOffline() throws {
        let world = try World()
        let user = try world.signUp("saver")
        let online = FakeOnlinePlaces([FakeOnlinePlaces.kakao])
        let held = HeldWorkExecutor()
        let model = Self.model(world, online, held: held)
        model.setUser(user.id)
        model.focusSearch()
        Self.type("스타벅스", into: model, world)
        Self.answer(world, held)
        model.submitSearch()
        model.toggleSave()
        let saved = try world.services.favorites.list(session: world.services.session())
        let favorite = try #require(saved.first)
        #expect(favorite.placeID == "kakao:1")
        #expect(favorite.phone == "02-123-4567")
        #expect(favorite.roadAddress == "서울 강남구 강남대로 390")
        #expect(favorite.category == "음식점 > 카페 > 커피전문점")
        #expect(favorite.url == "http://place.map.kakao.com/1")
        #expect(model.state.rows[0].isSaved)
    }
}
