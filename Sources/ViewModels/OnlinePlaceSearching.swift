import Domain
import PlaceCatalog

/// An online place provider as the Places screen knows it.
public struct OnlineProvider: Hashable, Sendable {
    /// `kakao`, `osm`: names its work lane and debounce timer.
    public var id: String
    /// `Kakao`, `OpenStreetMap`, for the indicator and the legend.
    public var name: String
    /// The short mark its rows carry: `K`, `OSM`.
    public var mark: String
    /// Asked as the person types (Kakao); otherwise only when the query is kept with Enter
    /// (Nominatim's usage policy forbids a request per keystroke).
    public var searchesAsYouType: Bool
    /// Whether it answers a category search around a point (Nominatim does not).
    public var searchesCategories: Bool

    public init(id: String, name: String, mark: String, searchesAsYouType: Bool, searchesCategories: Bool) {
        self.id = id
        self.name = name
        self.mark = mark
        self.searchesAsYouType = searchesAsYouType
        self.searchesCategories = searchesCategories
    }
}

/// A kind of place the category key searches for around a point (Kakao's category groups).
public struct OnlineCategory: Hashable, Sendable {
    /// `CE7`.
    public var code: String
    /// `카페` or `cafe`, in the interface's language.
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// What the Places screen asks a provider: the query's words, a category, or both, around a
/// point for a category search.
public struct OnlineSearch: Hashable, Sendable {
    public var text: String
    public var category: OnlineCategory?
    public var near: Coordinate?

    public init(text: String, category: OnlineCategory? = nil, near: Coordinate? = nil) {
        self.text = text
        self.category = category
        self.near = near
    }

    /// Whether there is anything to ask: words, or a category around a point.
    public var isSearchable: Bool {
        !text.trimmingCharacters(in: .whitespaces).isEmpty || (category != nil && near != nil)
    }
}

/// One provider's places, with a notice when they are an older saved answer standing in
/// for a failed request.
public struct OnlineAnswer: Sendable {
    public var matches: [PlaceMatch]
    public var notice: String?

    public init(matches: [PlaceMatch], notice: String? = nil) {
        self.matches = matches
        self.notice = notice
    }
}

/// The online place providers the config turns on, as the Places screen searches them.
public protocol OnlinePlaceSearching: AnyObject {
    /// In the order their rows are shown; empty when none is configured.
    var providers: [OnlineProvider] { get }
    /// What the category key offers, most wanted first.
    var categories: [OnlineCategory] { get }
    /// The config file the "how to add a provider" line names.
    var configFile: String { get }
    /// Blocks until the provider answers; runs on a worker, never the loop's thread. Throws
    /// an error whose description is one line naming the provider and the fix.
    func search(_ search: OnlineSearch, with provider: OnlineProvider) throws -> OnlineAnswer
}
