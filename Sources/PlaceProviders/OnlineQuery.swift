import PlaceCatalog

/// What to ask the providers: words, a category, or both, optionally around a point.
public struct OnlineQuery: Hashable, Sendable {
    public var text: String
    public var category: PlaceCategory?
    /// Sent to Kakao as `x`/`y` with `sort=distance`; needed by a category search.
    public var near: Coordinate?
    /// Places wanted from each provider (Kakao pages through 15 at a time).
    public var limit: Int
    /// Metres around `near` for a category search (Kakao allows 0 to 20,000).
    public var radius: Int

    public init(
        text: String, category: PlaceCategory? = nil, near: Coordinate? = nil, limit: Int = 15, radius: Int = 2000
    ) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.category = category
        self.near = near
        self.limit = limit
        self.radius = radius
    }

    /// Whether there is anything to ask: words, or a category around a point.
    public var isSearchable: Bool { !text.isEmpty || (category != nil && near != nil) }
}

/// One provider's page of places.
public struct ProviderAnswer: Codable, Equatable, Sendable {
    public var source: PlaceSource
    public var places: [OnlinePlace]
    /// How many the provider says it has (Kakao's `total_count`), at least `places.count`.
    public var totalCount: Int
    public var isEnd: Bool

    public init(source: PlaceSource, places: [OnlinePlace], totalCount: Int, isEnd: Bool) {
        self.source = source
        self.places = places
        self.totalCount = totalCount
        self.isEnd = isEnd
    }

    /// The answer's first `limit` places (an answer saved for a larger limit).
    func first(_ limit: Int) -> ProviderAnswer {
        guard places.count > limit else { return self }
        return ProviderAnswer(source: source, places: Array(places.prefix(limit)), totalCount: totalCount, isEnd: false)
    }
}

/// A place search source the app can ask: Kakao Local or Nominatim.
public protocol PlaceProvider: Sendable {
    var source: PlaceSource { get }
    /// Whether this provider answers a category search (Nominatim does not).
    var searchesCategories: Bool { get }
    /// Blocks until the answer or the error; run it off the interface's thread.
    func search(_ query: OnlineQuery) -> Result<ProviderAnswer, ProviderError>
}
