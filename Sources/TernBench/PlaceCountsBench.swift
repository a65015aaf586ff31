import CSQLite
import DocStore
import Domain
import Foundation
import PlaceCatalog

/// The `placecounts` section of `make bench` (issue 29): a place with 10,000 posts (among
/// 20,000) and 1,000 savers in shared folders among the 1,200 people the viewer follows
/// (200 more keep it in a private folder), on the embedded store: how long the detail's
/// counts take (`FavoritesService.placeCounts`, what the lane computes off the interface's
/// thread) against plain SQL COUNTs of the same posts and favorites through SQLite directly,
/// on the same file in the same run.
enum PlaceCountsBench {
    static let place = "1835848"
    static let posts = 10_000
    static let otherPosts = 10_000
    static let savers = 1_000
    static let privateSavers = 200
    static let runs = 30

    static func run() throws {
        let root = NSTemporaryDirectory() + "tern-placecounts-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = AppPaths(
            dataDirectory: root + "/data", sessionFile: root + "/state/session",
            configFile: root + "/config", resourcesDirectory: root + "/none")
        let services = try AppServices.open(paths: paths, seedSample: false)
        let session = try services.auth.register(email: "viewer@example.com", password: "correct horse battery")
        let buildTime = try measure { try build(services.store, viewer: session.uid) }
        say(
            "placecounts: \(posts) posts of the place among \(posts + otherPosts), \(savers) savers among the "
                + "\(savers + privateSavers) people followed; built in \(String(format: "%.1f s", buildTime))")
        var counts = try services.favorites.placeCounts(placeID: place, session: session)
        guard counts.posts == posts, counts.savedByFollowing == savers else {
            throw BenchError("counted \(counts.posts) posts, \(counts.savedByFollowing) savers")
        }
        let raw = try RawCounts(file: paths.databaseFile)
        defer { raw.close() }
        var ours: [Double] = []
        var plain: [Double] = []
        var postsOnly: [Double] = []
        for _ in 0..<runs {
            ours.append(try measure { counts = try services.favorites.placeCounts(placeID: place, session: session) })
            postsOnly.append(try measure { _ = try services.favorites.placeCounts(placeID: place, session: nil) })
            plain.append(try measure { try raw.count(place) })
        }
        let (o, p) = (Timings(ours), Timings(plain))
        say(
            "  " + "counts (posts + savers among the followed)".padding(toLength: 46, withPad: " ", startingAt: 0)
                + "median \(ms(o.p50))  p99 \(ms(o.p99))  (target: within 100 ms)")
        say(
            "  " + "the posts alone (signed out)".padding(toLength: 46, withPad: " ", startingAt: 0)
                + "median \(ms(Timings(postsOnly).p50))")
        say(
            "  " + "plain SQL COUNTs through SQLite (baseline)".padding(toLength: 46, withPad: " ", startingAt: 0)
                + "median \(ms(p.p50))  p99 \(ms(p.p99))")
        say(String(format: "  ratio (median) %.1f×", o.p50 / max(p.p50, 1e-9)))
        say("  " + PlaceCountsText.line(counts))
    }

    /// The viewer follows every saver; each saver keeps the place in one folder, shared
    /// for the first `savers`, private for the rest; half the posts are the place's.
    static func build(_ store: DocumentStore, viewer: String) throws {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var batch = store.batch()
        for index in 0..<(savers + privateSavers) {
            let uid = String(format: "saver%05d", index)
            let user = User(
                id: uid, email: "\(uid)@example.com", displayName: "Saver \(index)", username: uid,
                createdOn: base, isUserOnboarded: true)
            try batch.setData(from: user, forDocument: store.collection("users").document(uid))
            batch.setData(
                ["followedAt": .timestamp(base)], forDocument: store.document("users/\(viewer)/following/\(uid)"))
            let visibility = index < savers ? FolderVisibility.shared : .private
            try batch.setData(
                from: FavoriteFolder(id: "trip", name: "Trip", visibility: visibility, createdAt: base),
                forDocument: store.document("favorites/\(uid)/folders/trip"))
            try batch.setData(
                from: FavoritePlace(
                    placeName: "Seoul", placeID: place, address: "Seoul, South Korea",
                    coordinate: Coordinate(latitude: 37.566, longitude: 126.9784),
                    savedAt: base.addingTimeInterval(Double(index)), folders: ["trip"]),
                forDocument: store.document("favorites/\(uid)/favorites/\(place)"))
        }
        for index in 0..<(posts + otherPosts) {
            batch.setData(
                [
                    "caption": .string("Post \(index)"),
                    "timestamp": .timestamp(base.addingTimeInterval(-Double(index))),
                    "uid": .string(String(format: "saver%05d", index % savers)), "likes": 0,
                    "placeID": .string(index % 2 == 0 ? place : "1838524"),
                ], forDocument: store.collection("tweets").document(String(format: "post%06d", index)))
            if index % 5_000 == 4_999 {
                try batch.commit()
                batch = store.batch()
            }
        }
        try batch.commit()
    }
}

/// The baseline: the place's posts and its favorites counted with plain SQL on the same file.
private final class RawCounts {
    private var db: OpaquePointer?
    private var statement: OpaquePointer?

    init(file: String) throws {
        guard sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw BenchError("cannot open \(file)")
        }
        let sql =
            "SELECT (SELECT count(*) FROM documents WHERE parent = 'tweets' AND json_extract(data, '$.placeID') = ?1),"
            + " (SELECT count(*) FROM documents WHERE id = ?1 AND parent GLOB 'favorites/*/favorites')"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
    }

    func count(_ place: String) throws {
        sqlite3_reset(statement)
        sqlite3_bind_text(statement, 1, place, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
    }

    func close() {
        sqlite3_finalize(statement)
        sqlite3_close(db)
    }
}
