import App
import Assembly
import Domain
import Foundation
import PlaceCatalog
import ViewModels

/// The `lists` section of `make bench`: keystroke to frame (key, page reads, draw and diff)
/// scrolling a feed of 100,000 posts, a favorites folder of 20,000 places and the whole
/// place catalog, each against the same keys on a 50-row list in the same run, with the
/// ratio; and the most rows a list held.
enum ListsBench {
    static let width = 120
    static let height = 40

    /// Down through the list (page reads on the way), to the end and back, and to the top.
    static let keys: [String] =
        Array(repeating: "j", count: 600) + Array(repeating: "pagedown", count: 100) + ["G"]
        + Array(repeating: "k", count: 300) + Array(repeating: "pageup", count: 100) + ["g"]
        + Array(repeating: "j", count: 200)

    /// Hearts and un-hearts posts: each is a write the window's listener and the count
    /// listener hear.
    static let likeKeys: [String] = Array(repeating: ["l", "j", "l", "k"], count: 50).flatMap { $0 }

    static func run() throws {
        let root = NSTemporaryDirectory() + "tern-listsbench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let hasher = PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1))

        // The feed: FeedBench's 100,000 posts, and a feed of 50 as the baseline.
        let big = try feedServices(root + "/big", hasher: hasher, posts: FeedBench.postCount)
        let small = try feedServices(root + "/small", hasher: hasher, posts: 50)
        let places = try UIBench.benchPlaces(paths: big.paths)
        let feedBig = try scroll(ScreenServices(services: big.services, places: places), tab: "3")
        let feedSmall = try scroll(ScreenServices(services: small.services, places: places), tab: "3")
        report("feed of \(FeedBench.postCount) posts", feedBig, "feed of 50", feedSmall)
        let likeBig = try scroll(ScreenServices(services: big.services, places: places), tab: "3", keys: likeKeys)
        let likeSmall = try scroll(ScreenServices(services: small.services, places: places), tab: "3", keys: likeKeys)
        report(
            "`l` and `j` on the feed of \(FeedBench.postCount) posts (the window and the count live)", likeBig,
            "feed of 50", likeSmall)

        try favoritesRows(root: root, hasher: hasher, places: places)

        // Places: the catalog with cities500 when it can be had offline, and 50 places.
        let (catalog, name) = try UIBench.placesWithCities500(paths: big.paths) ?? (places, "the shipped catalog")
        let shipped = (places as? CatalogPlaces)?.catalog.places ?? []
        let fifty = CatalogPlaces(
            catalog: PlaceCatalog(places: Array(shipped.prefix(50))),
            home: (Config.defaultHome.latitude, Config.defaultHome.longitude))
        let placesBig = try scroll(ScreenServices(services: big.services, places: catalog), tab: "1")
        let placesSmall = try scroll(ScreenServices(services: big.services, places: fifty), tab: "1")
        report("Places on \(name), empty query", placesBig, "50 places", placesSmall)
        let queryBig = try scroll(ScreenServices(services: big.services, places: catalog), tab: "1", query: "san")
        let querySmall = try scroll(ScreenServices(services: big.services, places: fifty), tab: "1", query: "san")
        report("Places on \(name), \"san\" (\(queryBig.total) matches)", queryBig, "50 places, \"san\"", querySmall)
    }

    struct Scroll {
        var timings: Timings
        var total: Int
        var mostRows: Int
        var reachedLast: Bool
        /// The keys that read a page (the window moved or grew).
        var reads: Timings
        var readCount: Int
        var keyCount: Int
    }

    static func feedServices(_ directory: String, hasher: PasswordHasher, posts: Int) throws -> (
        services: AppServices, paths: AppPaths
    ) {
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let services = try AppServices.open(paths: paths, seedSample: false, executor: .immediate, hasher: hasher)
        let session = try services.auth.register(email: "bench@example.com", password: "password123")
        try services.users.updateProfile(ProfileEdit(displayName: "Bench", username: "bench"), session: session)
        if posts == FeedBench.postCount {
            try FeedBench.build(services.store, liker: session.uid)
        } else {
            for index in 0..<posts { try services.tweets.post("Post number \(index)", session: session) }
        }
        return (services, paths)
    }

    /// Presses `keys` on tab `tab` (after searching `query`), timing each key to its frame.
    static func scroll(_ services: ScreenServices, tab: String, query: String? = nil, keys: [String] = keys) throws
        -> Scroll
    {
        let harness = AppHarness(width: width, height: height, services: services)
        // Each run measured alone: an earlier run's screens on the same store would go on
        // hearing (and paying for) this run's writes.
        defer { harness.app.stop() }
        harness.press(tab)
        if let query {
            harness.press("/")
            harness.type(query)
            harness.press("enter")
        }
        let screen = harness.app.screen
        var mostRows = 0
        var reachedLast = false
        var reads: [Double] = []
        let samples = keys.map { key in
            let window = (screen.listPosition.index - screen.list.selected, screen.listCount)
            let time = measure { harness.press(key) }
            mostRows = max(mostRows, screen.listCount)
            let position = screen.listPosition
            if key == "G" { reachedLast = position.total > 0 && position.index == position.total - 1 }
            // A key after which the window starts elsewhere or holds more rows read a page.
            if window != (position.index - screen.list.selected, screen.listCount) { reads.append(time) }
            return time
        }
        return Scroll(
            timings: Timings(samples), total: screen.listPosition.total, mostRows: mostRows, reachedLast: reachedLast,
            reads: Timings(reads.isEmpty ? [0] : reads), readCount: reads.count, keyCount: keys.count)
    }

    static func report(_ name: String, _ big: Scroll, _ baselineName: String, _ baseline: Scroll) {
        let ratio = { (a: Double, b: Double) in b > 0 ? String(format: "%.1f×", a / b) : "n/a" }
        print(
            "lists: \(name): \(big.keyCount) keys, keystroke to frame p50 \(ms(big.timings.p50))  p99 "
                + "\(ms(big.timings.p99))"
                + "  max \(ms(big.timings.max))  (target p99 ≤ 16 ms); G reached row \(big.total): \(big.reachedLast);"
                + " most rows held \(big.mostRows); \(big.readCount) keys read a page: p50 \(ms(big.reads.p50))  "
                + "max \(ms(big.reads.max))"
        )
        print(
            "lists:   baseline \(baselineName): p50 \(ms(baseline.timings.p50))  p99 \(ms(baseline.timings.p99))"
                + "  ratio p50 \(ratio(big.timings.p50, baseline.timings.p50))  p99 "
                + "\(ratio(big.timings.p99, baseline.timings.p99))"
        )
    }
}
