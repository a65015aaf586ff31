import Foundation
import Localization
import PlaceCatalog
import Workers

/// What the Places screen shows of the online providers.
public struct OnlineSearchState: Equatable, Sendable {
    /// False when no provider is configured: the screen says how to add one.
    public var isConfigured = false
    /// The config file that line names.
    public var configFile = ""
    /// The providers' marks and names, for the legend.
    public var providers: [OnlineProvider] = []
    /// Names of the providers with a request out (the in-progress indicator).
    public var searching: [String] = []
    /// The last failure, one line; cleared by the provider's next answer.
    public var notice: String?
    /// The category searched around `center`, while one is chosen.
    public var category: OnlineCategory?
    /// What the category search is around: a place's name, or nil for the home point.
    public var centerName: String?
    /// The category picker's list and selection while it is open.
    public var categories: [OnlineCategory] = []
    public var pickerSelection: Int?
    /// The online places shown at the top of the list, providers in order.
    public var matches: [PlaceMatch] = []

    public var isPicking: Bool { pickerSelection != nil }
}

/// The online half of the Places search: debounced as-you-type requests (Kakao), requests
/// on Enter only (Nominatim), a category around a point; one latest-only `BackgroundWork`
/// lane per provider, so at most one request per provider is out and a stale answer is
/// dropped. Answers and failures change `state` and call `onChange` on the loop's thread.
public final class OnlinePlaceResults {
    /// How long typing must pause before an as-you-type provider is asked.
    public static let debounce: TimeInterval = 0.3
    /// Places kept from each provider's answer.
    public static let limit = 15

    public private(set) var state = OnlineSearchState()
    public var onChange: () -> Void = {}

    private let port: OnlinePlaceSearching
    private let work: BackgroundWork
    private let events: EventQueue
    /// The search each provider's shown places (or failure) answer.
    private var answered: [String: OnlineSearch] = [:]
    private var answers: [String: [PlaceMatch]] = [:]
    /// Each provider's last failure, shown until its next answer.
    private var notices: [String: String] = [:]
    /// The search each provider has out or waiting.
    private var asked: [String: OnlineSearch] = [:]
    private var text = ""
    private var near: Coordinate?
    /// What its lanes and timers are named after (`online.kakao`): another search of the
    /// providers (the place picker's) has its own, so neither drops the other's answers.
    private let name: String

    public init(port: OnlinePlaceSearching, work: BackgroundWork, events: EventQueue, name: String = "online") {
        self.port = port
        self.work = work
        self.events = events
        self.name = name
        state.isConfigured = !port.providers.isEmpty
        state.configFile = port.configFile
        state.providers = port.providers
    }

    private var current: OnlineSearch { OnlineSearch(text: text, category: state.category, near: near) }

    /// The query changed while typing: as-you-type providers are asked once typing pauses;
    /// the others' places, answering an older query, go.
    public func queryChanged(_ text: String) {
        self.text = text
        guard current.isSearchable else {
            clearAnswers()
            rebuild()
            return
        }
        for provider in port.providers {
            if provider.searchesAsYouType {
                events.schedule(timer(provider), after: Self.debounce) { [weak self] in self?.ask(provider) }
            } else if answered[provider.id] != current {
                answers[provider.id] = nil
                answered[provider.id] = nil
            }
        }
        rebuild()
    }

    /// Enter kept the query: every provider is asked now (Nominatim only ever here).
    public func queryKept(_ text: String) {
        self.text = text
        askAll()
    }

    /// Esc cleared the query: the category goes too and no answer is awaited.
    public func clear() {
        text = ""
        state.category = nil
        state.centerName = nil
        near = nil
        for provider in port.providers { events.cancelTimer(timer(provider)) }
        clearAnswers()
        rebuild()
    }

    // MARK: Category picker

    public func beginPick() {
        guard state.isConfigured else { return }
        state.categories = port.categories
        state.pickerSelection = state.category.flatMap { state.categories.firstIndex(of: $0) } ?? 0
        onChange()
    }

    public func movePick(by delta: Int) {
        guard let selection = state.pickerSelection, !state.categories.isEmpty else { return }
        state.pickerSelection = min(max(0, selection + delta), state.categories.count - 1)
        onChange()
    }

    public func cancelPick() {
        state.pickerSelection = nil
        onChange()
    }

    /// Searches the picked category around `center` (a place's name and point, or the home point).
    /// The query's words are left out until the person types again (then they narrow the
    /// category by name).
    public func pick(around center: Coordinate, named centerName: String?) {
        guard let selection = state.pickerSelection, state.categories.indices.contains(selection) else { return }
        state.pickerSelection = nil
        state.category = state.categories[selection]
        state.centerName = centerName
        near = center
        text = ""
        askAll()
    }

    // MARK: Requests

    private func askAll() {
        for provider in port.providers {
            events.cancelTimer(timer(provider))
            ask(provider)
        }
        rebuild()
    }

    private func ask(_ provider: OnlineProvider) {
        let search = current
        guard search.isSearchable, search.category == nil || provider.searchesCategories else {
            answers[provider.id] = nil
            answered[provider.id] = nil
            rebuild()
            return
        }
        guard asked[provider.id] != search, answered[provider.id] != search else { return }
        asked[provider.id] = search
        let port = self.port
        work.run(
            lane(provider),
            { token -> OnlineAnswer in
                if token.isCancelled { return OnlineAnswer(matches: []) }
                return try port.search(search, with: provider)
            }, then: { [weak self] result in self?.finished(provider, search, result) })
        rebuild()
    }

    private func finished(_ provider: OnlineProvider, _ search: OnlineSearch, _ result: Result<OnlineAnswer, Error>) {
        if asked[provider.id] == search { asked[provider.id] = nil }
        // The lane drops answers overtaken by a newer request; this drops one whose query the
        // person changed since (its successor waits for typing to pause).
        guard search == current else {
            rebuild()
            return
        }
        answered[provider.id] = search
        switch result {
        case .success(let answer):
            answers[provider.id] = Array(answer.matches.prefix(Self.limit))
            notices[provider.id] = answer.notice
        case .failure(let error):
            answers[provider.id] = nil
            notices[provider.id] = ErrorText.describe(error)
        }
        rebuild()
    }

    private func clearAnswers() {
        answers = [:]
        notices = [:]
        answered = [:]
        asked = [:]
        for provider in port.providers { work.cancel(lane(provider)) }
    }

    /// The shown places and the indicator from the providers' answers, then `onChange`.
    private func rebuild() {
        var seen = Set<String>()
        state.matches = port.providers.flatMap { answers[$0.id] ?? [] }.filter {
            seen.insert($0.place.placeID).inserted
        }
        state.notice = port.providers.lazy.compactMap { self.notices[$0.id] }.first
        state.searching = port.providers.filter { asked[$0.id] != nil || events.isScheduled(timer($0)) }.map(
            \.name)
        onChange()
    }

    func lane(_ provider: OnlineProvider) -> WorkLane {
        WorkLane(name + "." + provider.id, policy: .latestOnly, on: .network)
    }

    func timer(_ provider: OnlineProvider) -> TimerID {
        .named(name + "." + provider.id)
    }
}
