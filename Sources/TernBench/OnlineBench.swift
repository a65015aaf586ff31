import App
import Assembly
import Domain
import Foundation
import PlaceCatalog
import TerminalUI
import ViewModels

/// `make bench SECTION=online`: the Places screen while an online provider takes
/// `providerDelay` to answer, against the same keys with no provider in the same run. Never touches the
/// network: the provider is in-process.
enum OnlineBench {
    static let width = 120, height = 40
    static let providerDelay: TimeInterval = 0.5
    /// The pause between keys: shorter than the debounce, as a person types.
    static let keyGap: TimeInterval = 0.06
    /// Ten-syllable Hangul queries.
    static let queries = [
        "강남역스타벅스커피전문", "을지로노가리골목맥주집", "서울특별시중구명동거리", "부산광역시해운대해수욕",
        "홍대입구역근처조용한카", "광화문광장세종대왕동상", "잠실롯데월드타워전망대", "인천국제공항제일터미널",
    ]
    .map { String($0.prefix(10)) }

    /// A provider that answers after `providerDelay` with fifteen places, counting requests
    /// and noting when each answer was ready.
    final class SlowProvider: OnlinePlaceSearching, @unchecked Sendable {
        // @unchecked: `requests` and `answeredAt` are read and written under `lock`.
        let providers = [
            OnlineProvider(id: "kakao", name: "Kakao", mark: "K", searchesAsYouType: true, searchesCategories: true)
        ]
        let categories: [OnlineCategory] = []
        let configFile = "bench"
        private let lock = NSLock()
        private var requestCount = 0
        private var answered: Double = 0

        var requests: Int { lock.withLock { requestCount } }
        var answeredAt: Double { lock.withLock { answered } }

        func search(_ search: OnlineSearch, with provider: OnlineProvider) throws -> OnlineAnswer {
            lock.withLock { requestCount += 1 }
            Thread.sleep(forTimeInterval: OnlineBench.providerDelay)
            let matches = (0..<15).map { index in
                PlaceMatch(
                    place: PlaceInfo(
                        placeID: "kakao:\(index)", name: "\(search.text) \(index)", address: "서울 중구 을지로동 \(index)",
                        latitude: 37.56 + Double(index) / 1000, longitude: 126.99, sourceMark: "K",
                        category: "음식점 > 카페", phone: "02-000-0000", roadAddress: "서울 중구 을지로 \(index)",
                        url: "http://place.map.kakao.com/\(index)"))
            }
            lock.withLock { answered = now() }
            return OnlineAnswer(matches: matches)
        }
    }

    static func run() throws {
        let directory = NSTemporaryDirectory() + "tern-onlinebench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let services = try AppServices.open(
            paths: paths, seedSample: true, executor: .immediate,
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        let places = try UIBench.benchPlaces(paths: paths)

        let baseline = try typeQueries(ScreenServices(services: services, places: places), provider: nil)
        let provider = SlowProvider()
        var online = ScreenServices(services: services, places: places)
        online.online = provider
        let measured = try typeQueries(online, provider: provider)

        let base = Timings(baseline.keystrokes)
        let slow = Timings(measured.keystrokes)
        print(
            "online: keystroke to frame, no provider (baseline)  p50 \(ms(base.p50))  p99 \(ms(base.p99))  max "
                + "\(ms(base.max))"
        )
        print(
            "online: keystroke to frame, provider answering in 500 ms  p50 \(ms(slow.p50))  p99 \(ms(slow.p99))  "
                + "max \(ms(slow.max))  (target p99 ≤ 16 ms)  ratio p99 "
                + "\(String(format: "%.2f", slow.p99 / max(base.p99, 1e-9)))×"
        )
        print(
            "online: requests sent while typing a 10-syllable Hangul query  "
                + "\(String(format: "%.2f", Double(provider.requests) / Double(queries.count))) per query "
                + "(\(provider.requests) for \(queries.count) queries, \(measured.keystrokes.count) keys)")
        let shown = Timings(measured.answerToFrame)
        print(
            "online: answer to the frame that shows it  p50 \(ms(shown.p50))  p99 \(ms(shown.p99))  max "
                + "\(ms(shown.max))"
                + "  (\(measured.answerToFrame.count) answers)")
    }

    /// Types every query a key at a time on a fresh 120×40 app, moves the selection while
    /// the request is out, and (with a provider) waits for each answer's frame.
    static func typeQueries(_ services: ScreenServices, provider: SlowProvider?) throws
        -> (keystrokes: [Double], answerToFrame: [Double])
    {
        let posted = DispatchSemaphore(value: 0)
        let events = EventQueue()
        events.onPost = { posted.signal() }
        let harness = AppHarness(
            width: width, height: height, services: services, events: events, work: LaneWorkExecutor())
        var lastFrame: Double = 0
        harness.loop.onFrame = { lastFrame = now() }
        var keystrokes: [Double] = []
        var answerToFrame: [Double] = []
        harness.press("1")
        for query in queries {
            harness.press("/")
            for character in query {
                keystrokes.append(measure { harness.press(.character(character)) })
                Thread.sleep(forTimeInterval: keyGap)
                harness.settle()
            }
            // Typing paused: the debounce fires and the request goes out.
            Thread.sleep(forTimeInterval: OnlinePlaceResults.debounce + 0.02)
            harness.settle()
            // Keys while the request is out.
            for key in ["down", "up", "down", "up"] {
                keystrokes.append(measure { harness.press(Key(stringLiteral: key)) })
                Thread.sleep(forTimeInterval: keyGap)
                harness.settle()
            }
            if let provider {
                let deadline = Date().addingTimeInterval(5)
                while harness.app.places.state.online.matches.first?.place.name.hasPrefix(query) != true,
                    Date() < deadline
                {
                    _ = posted.wait(timeout: .now() + 0.5)
                    harness.settle()
                }
                answerToFrame.append(lastFrame - provider.answeredAt)
            }
            harness.press("esc")
        }
        return (keystrokes, answerToFrame)
    }
}
