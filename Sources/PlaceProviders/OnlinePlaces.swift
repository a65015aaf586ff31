import Foundation
import Synchronization
import Workers

/// What one provider gave for a query: places, an error, or both when the network failed
/// and an earlier answer from the cache stands in (`cachedAt` says when it was saved).
public struct ProviderOutcome: Sendable {
    public let source: PlaceSource
    public let answer: ProviderAnswer?
    public let error: ProviderError?
    public let cachedAt: Date?
}

/// The configured providers with their answer cache: the one entry point the command line
/// and the interface search through.
public final class OnlinePlaces: @unchecked Sendable {
    // @unchecked: its fields never change, and each provider and the cache lock their own state.
    public let providers: [PlaceProvider]
    let cache: AnswerCache?
    /// Nominatim's answers are reused this long without asking again (its usage policy asks
    /// clients to cache); Kakao is asked every time and its cache only covers failures.
    let reuseAge: [PlaceSource: TimeInterval] = [.osm: 3600]

    public init(providers: [PlaceProvider], cache: AnswerCache?) {
        self.providers = providers
        self.cache = cache
    }

    /// The providers `settings` turns on, over libcurl unless a transport is given (tests).
    public static func configured(
        _ settings: ProviderSettings, cacheFile: String?, userAgent: String,
        transport: HTTPTransport? = nil
    ) -> OnlinePlaces {
        let transport = transport ?? CurlTransport(userAgent: userAgent)
        var providers: [PlaceProvider] = []
        if let key = settings.kakaoKey {
            providers.append(KakaoLocalClient(key: key, baseURL: settings.kakaoURL, transport: transport))
        }
        if settings.nominatim {
            providers.append(NominatimClient(baseURL: settings.nominatimURL, transport: transport))
        }
        return OnlinePlaces(providers: providers, cache: cacheFile.map { AnswerCache(file: $0) })
    }

    public var isConfigured: Bool { !providers.isEmpty }

    /// The providers that can answer `query` (a category search only goes to Kakao).
    public func providers(for query: OnlineQuery) -> [PlaceProvider] {
        guard query.isSearchable else { return [] }
        return providers.filter { query.text.isEmpty ? $0.searchesCategories && query.category != nil : true }
    }

    /// Asks one provider (or reuses a recent answer), falling back to the cache when the
    /// network fails. Blocks: call it off the interface's thread.
    public func search(_ query: OnlineQuery, with provider: PlaceProvider) -> ProviderOutcome {
        let key = Self.cacheKey(query, provider.source)
        if let age = reuseAge[provider.source], let cached = cache?.answer(for: key, youngerThan: age),
            cached.answer.isEnd || cached.answer.places.count >= query.limit
        {
            return ProviderOutcome(
                source: provider.source, answer: cached.answer.first(query.limit), error: nil, cachedAt: nil)
        }
        switch provider.search(query) {
        case .success(let answer):
            cache?.save(answer, for: key)
            return ProviderOutcome(source: provider.source, answer: answer, error: nil, cachedAt: nil)
        case .failure(let error):
            if error.isConnectivity, let cached = cache?.answer(for: key) {
                return ProviderOutcome(
                    source: provider.source, answer: cached.answer.first(query.limit), error: error,
                    cachedAt: cached.savedAt)
            }
            return ProviderOutcome(source: provider.source, answer: nil, error: error, cachedAt: nil)
        }
    }

    /// Every provider that can answer, side by side: all but the last on the network lane
    /// (`Workers`, one thread however many ask), the last on the caller's thread; outcomes
    /// in the providers' order. Blocks until every provider answered, so never call it from
    /// a job of the network lane (it would wait for itself).
    public func searchAll(_ query: OnlineQuery) -> [ProviderOutcome] {
        let chosen = providers(for: query)
        guard let last = chosen.last else { return [] }
        let outcomes = Mutex([ProviderOutcome?](repeating: nil, count: chosen.count))
        let done = DispatchSemaphore(value: 0)
        for index in chosen.indices.dropLast() {
            let provider = chosen[index]
            Workers.shared.run(.network) { [self] in
                let outcome = search(query, with: provider)
                outcomes.withLock { $0[index] = outcome }
                done.signal()
            }
        }
        let outcome = search(query, with: last)
        outcomes.withLock { $0[chosen.count - 1] = outcome }
        for _ in chosen.indices.dropLast() { done.wait() }
        return outcomes.withLock { $0.compactMap { $0 } }
    }

    /// A place seen in an earlier answer, for `places show` and saving without the network.
    public func cachedPlace(id: String) -> OnlinePlace? {
        cache?.place(id: id)
    }

    /// What a saved answer is found by: the question, not how many places were wanted (the
    /// interface asks for 15, the command line for 20).
    static func cacheKey(_ query: OnlineQuery, _ source: PlaceSource) -> String {
        let near = query.near.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "-"
        return [
            source.rawValue, query.text.lowercased(), query.category?.code ?? "-", near, String(query.radius),
        ]
        .joined(separator: "|")
    }
}
