import DocStore
import Domain
import Foundation

extension ServerBench {
    /// The outbox: 1,000 writes (likes and unlikes of one post, posts, saved places) queued
    /// while signed in on the server (each one local commit, the latency shown per write),
    /// then the time from reconnecting (opening the store again) to an empty outbox, with
    /// the same 1,000 writes made directly on the embedded store in the same run as the
    /// baseline.
    static func outboxDrain(adminURL: String) throws {
        let count = 1000
        let server = try BenchMachine(adminURL: adminURL)
        defer { server.remove() }
        let registering = try server.open(environment: ["TERN_INVITE": try TernServer.invite(adminURL: adminURL)])
        let session = try registering.auth.register(
            email: "outbox-\(UUID().uuidString.prefix(8).lowercased())@example.com",
            password: "the outbox bench password")
        try registering.users.updateProfile(
            ProfileEdit(displayName: "Bench", username: "outbox_bench"), session: session)
        registering.store.close()

        let queuing = try server.open()
        let target = try queuing.tweets.post("the post the bench likes", session: session).id
        var queueTimes: [Double] = []
        for index in 0..<count {
            let write = Self.write(index, target: target)
            queueTimes.append(try measure { try queuing.queue(write, session: session) })
        }
        queuing.store.close()

        let start = now()
        let reconnected = try server.open()
        let summary = try reconnected.sendOutbox(session: session)
        let drained = now() - start
        reconnected.store.close()
        guard summary.sent == count, summary.pending == 0 else {
            throw StoreError.invalidArgument("the outbox sent \(summary.sent) of \(count), \(summary.pending) pending")
        }

        let local = try BenchMachine(adminURL: nil)
        defer { local.remove() }
        let embedded = try local.open()
        defer { embedded.store.close() }
        let localSession = try embedded.auth.register(
            email: "outbox@example.com", password: "the outbox bench password")
        try embedded.users.updateProfile(
            ProfileEdit(displayName: "Bench", username: "outbox_bench"), session: localSession)
        let localTarget = try embedded.tweets.post("the post the bench likes", session: localSession).id
        let direct = try measure {
            for index in 0..<count {
                try Self.write(index, target: localTarget).apply(to: embedded, session: localSession)
            }
        }
        print("outbox: \(count) writes (likes and unlikes of one post, posts, saved places)")
        row("queue one write (outbox + local copy)", Timings(queueTimes))
        print(
            String(
                format: "  reconnect to an empty outbox, server over loopback: %.2f s (%.1f ms a write)", drained,
                drained * 1000 / Double(count)))
        print(
            String(
                format: "  the same writes on the embedded store: %.2f s (%.1f ms a write)", direct,
                direct * 1000 / Double(count)))
        print(String(format: "  ratio %.2f×", drained / direct))
    }

    /// The `index`th write of the bench's mix.
    static func write(_ index: Int, target: String) -> WriteIntent {
        switch index % 4 {
        case 0: .like(postID: target)
        case 1: .unlike(postID: target)
        case 2: .post(postID: "benchpost\(index)", text: "queued post \(index)", placeID: nil)
        default:
            .saveFavorite(
                FavoriteCandidate(
                    placeID: "place\(index)", placeName: "Place \(index)", address: "",
                    coordinate: .init(latitude: 37.5, longitude: 127)))
        }
    }
}

/// A throwaway data directory whose store is the server at `adminURL` (nil: the embedded store).
struct BenchMachine {
    let paths: AppPaths
    let location: String?

    init(adminURL: String?) throws {
        let directory = NSTemporaryDirectory() + "tern-outbox-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory + "/state", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        paths = AppPaths(
            dataDirectory: directory, sessionFile: directory + "/state/session",
            configFile: directory + "/config", resourcesDirectory: directory + "/resources")
        location = adminURL
    }

    func open(environment: [String: String] = [:]) throws -> AppServices {
        try AppServices.open(
            paths: paths, storeLocation: location ?? paths.databaseFile, seedSample: false, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: paths.dataDirectory)
    }
}
