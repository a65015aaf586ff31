import App
import Assembly
import Domain
import Foundation
import PlaceCatalog
import ViewModels

/// The `lists` section's Favorites rows: a folder of 20,000 places against one of 50.
extension ListsBench {
    static let favoriteCount = 20_000

    /// Takes a place out and puts it back: each a write the folder's listeners hear.
    static let removeKeys: [String] = Array(repeating: ["x", "u", "j"], count: 20).flatMap { $0 }

    /// Down a folder, to its end and back.
    static let folderWalkKeys: [String] =
        Array(repeating: "j", count: 300) + ["G"] + Array(repeating: "k", count: 100) + ["g"]

    /// The next order (`o`: newest first, then name, then distance), then the walk.
    static let nextOrderKeys: [String] = ["o"] + folderWalkKeys

    /// `make bench SECTION=favorites`: only these rows (the `lists` section runs them too).
    static func runFavorites() throws {
        let root = NSTemporaryDirectory() + "tern-favoritesbench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let hasher = PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1))
        let setup = try feedServices(root + "/setup", hasher: hasher, posts: 0)
        try favoritesRows(root: root, hasher: hasher, places: try UIBench.benchPlaces(paths: setup.paths))
    }

    static func favoritesRows(root: String, hasher: PasswordHasher, places: PlaceSearching) throws {
        let big = try favoriteServices(root + "/favorites-big", hasher: hasher, count: favoriteCount)
        let small = try favoriteServices(root + "/favorites-small", hasher: hasher, count: 50)
        // The favorites are written whole, without name keys, as an older Tern saved them:
        // the first start's folder listing gives them theirs (once), the next only counts.
        let fillStart = measure {
            AppHarness(width: width, height: height, services: ScreenServices(services: big, places: places)).app.stop()
        }
        let nextStart = measure {
            AppHarness(width: width, height: height, services: ScreenServices(services: big, places: places)).app.stop()
        }
        print(
            "lists: the interface's start on \(favoriteCount) favorites without name keys (giving them theirs, "
                + "once) \(ms(fillStart));"
                + " the next start \(ms(nextStart))")
        let scrollBig = try scroll(ScreenServices(services: big, places: places), tab: "2")
        let scrollSmall = try scroll(ScreenServices(services: small, places: places), tab: "2")
        report("Favorites, a folder of \(favoriteCount) places", scrollBig, "a folder of 50", scrollSmall)
        let removeBig = try scroll(ScreenServices(services: big, places: places), tab: "2", keys: removeKeys)
        let removeSmall = try scroll(ScreenServices(services: small, places: places), tab: "2", keys: removeKeys)
        report(
            "`x` and `u` in the folder of \(favoriteCount) with Places running (its window's stars, the map's newest)",
            removeBig,
            "a folder of 50", removeSmall)
        // What Places costs beside it: Favorites alone (Places' listeners left out), and Places
        // as it was before it followed only its window's saved state and the map's newest few
        // (one listener on every favorite).
        let removeAlone = try scroll(services(big, places: places, .none), tab: "2", keys: removeKeys)
        report(
            "`x` and `u` in the folder of \(favoriteCount), Favorites alone (no Places listeners)", removeAlone,
            "a folder of 50", removeSmall)
        let removeBefore = try scroll(services(big, places: places, .everyFavorite), tab: "2", keys: removeKeys)
        report(
            "`x` and `u` in the folder of \(favoriteCount), Places following every favorite (before)", removeBefore,
            "a folder of 50", removeSmall)
        // By name (`o`), by the store's cursor on the name keys, which the first Favorites
        // screen of this store gave the 20,000 favorites (written whole, without one, as an
        // older Tern saved them) as its folder listing started; the walk again without the
        // `o`; then by distance (a pass per page read).
        let nameBig = try scroll(ScreenServices(services: big, places: places), tab: "2", keys: nextOrderKeys)
        let nameSmall = try scroll(ScreenServices(services: small, places: places), tab: "2", keys: nextOrderKeys)
        report("the folder of \(favoriteCount) by name (`o`, then the walk)", nameBig, "a folder of 50", nameSmall)
        let keyedBig = try scroll(ScreenServices(services: big, places: places), tab: "2", keys: folderWalkKeys)
        let keyedSmall = try scroll(ScreenServices(services: small, places: places), tab: "2", keys: folderWalkKeys)
        report("the folder of \(favoriteCount) by name again (the walk alone)", keyedBig, "a folder of 50", keyedSmall)
        let distanceBig = try scroll(ScreenServices(services: big, places: places), tab: "2", keys: nextOrderKeys)
        let distanceSmall = try scroll(ScreenServices(services: small, places: places), tab: "2", keys: nextOrderKeys)
        report(
            "the folder of \(favoriteCount) by distance (a bounded pass of the folder per page read, on the loop's "
                + "thread: before)",
            distanceBig,
            "a folder of 50", distanceSmall)
        // The same order as the interface runs it: passes on workers, the loop answering keys.
        let offLoopBig = try distanceRun(paths: big.paths, hasher: hasher, places: places)
        let offLoopSmall = try distanceRun(paths: small.paths, hasher: hasher, places: places)
        reportPasses("the folder of \(favoriteCount) by distance, passes off the loop's thread (now)", offLoopBig)
        reportPasses("  baseline: a folder of 50 the same way", offLoopSmall)
    }

    /// The interface's services on `store` with Places' favorites listeners as `listeners` says.
    static func services(_ store: AppServices, places: PlaceSearching, _ listeners: BenchFavorites.PlacesListeners)
        -> ScreenServices
    {
        var services = ScreenServices(services: store, places: places)
        services.favorites = BenchFavorites(StoreAdapters(services: store), places: listeners)
        return services
    }

    /// A signed-in user whose default folder holds `count` places saved a second apart.
    static func favoriteServices(_ directory: String, hasher: PasswordHasher, count: Int) throws -> AppServices {
        let (services, _) = try feedServices(directory, hasher: hasher, posts: 0)
        let uid = try services.session()?.uid ?? ""
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var batch = services.store.batch()
        for index in 0..<count {
            let favorite = FavoritePlace(
                placeName: "Place \(index)", placeID: "bench\(index)", address: "Street \(index)",
                coordinate: Coordinate(
                    latitude: 37 + Double(index % 100) / 100,
                    longitude: 127 + Double(index / 100) / 1000),
                savedAt: base.addingTimeInterval(-Double(index)))
            try batch.setData(
                from: favorite, forDocument: services.store.document("favorites/\(uid)/favorites/bench\(index)"))
            if index % 5_000 == 4_999 {
                try batch.commit()
                batch = services.store.batch()
            }
        }
        try batch.commit()
        return services
    }
}
