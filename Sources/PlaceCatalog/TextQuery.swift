/// The place search's own matching, for any one text rather than the catalog's names: a
/// person's display name or username (`PeopleSearch` in Domain). The same rules as a place's
/// name, through the same code (`PlaceIndex.characterRange`): case and accents ignored,
/// Hangul initials (`ㅅㅇ` matches 서윤), a half-typed last syllable (`서유` matches 서윤).
public struct TextQuery {
    let prepared: SearchQuery

    /// `query` normalised once, to match any number of texts.
    public init(_ query: String) {
        prepared = SearchQuery(query)
    }

    /// Whether the query holds nothing to match (only spaces and punctuation).
    public var isEmpty: Bool { prepared.units.isEmpty }

    /// How the query matches `text` at best, and where, nil when it does not.
    public func bestMatch(in text: String) -> TextMatch? {
        PlaceIndex.characterRange(of: prepared, in: text).map { TextMatch(kind: $0.0, range: $0.1) }
    }
}

/// Where a `TextQuery` matched one text: the kind (exact, prefix, word prefix, substring)
/// and the `Character` offsets of the matched part.
public struct TextMatch: Equatable, Sendable {
    public var kind: MatchKind
    public var range: Range<Int>

    public init(kind: MatchKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}
