import App
import Assembly
import DocStore
import Domain
import Foundation
import ViewModels

extension ServerBench {
    /// Start to first frame on a team server through the delay proxy at each round trip the
    /// loop below adds, signed in, with the account's replica filled by an earlier run: opening as
    /// the interface does now (`.replicaFirst`: the replica, the server reached on a worker)
    /// against connecting first (`.readReplica`, the start before), and the embedded store as
    /// the baseline. A start is what `InterfaceLauncher` does before the loop: open the
    /// services and the ports, start the app on an in-memory terminal (120×40), until the
    /// first frame holds the account's `@name`; the place catalog is loaded once beforehand
    /// (the interface loads it after the first frame).
    static func startToFirstFrame(adminURL: String) throws {
        let (proxy, farURL) = try BenchProxy.inFront(of: adminURL)
        defer { proxy.stop() }
        let embedded = try StartBenchAccount(storeLocation: nil, invitation: nil)
        let server = try StartBenchAccount(storeLocation: farURL, invitation: try TernServer.invite(adminURL: adminURL))
        defer {
            embedded.cleanup()
            server.cleanup()
        }
        let starts = 7
        print(
            "start to first frame, signed in (120×40, \(starts) starts; on the server through the delay proxy at a "
                + "round trip of 0, 50, 200 ms)"
        )
        row("embedded store", try embedded.starts(starts, offline: .readReplica).first)
        for delay in [0, 50, 200] {
            try proxy.command("delay \(delay)")
            let before = try server.starts(starts, offline: .readReplica)
            let after = try server.starts(starts, offline: .replicaFirst)
            // Labels fit `row`'s 45 columns.
            row("server \(delay) ms, connecting first (before)", before.first)
            row("server \(delay) ms, from the replica (now)", after.first)
            print(
                String(
                    format: "    from the replica: the server's connection made after %@ (median), reads moved to it",
                    ms(after.live.p50)))
        }
        try proxy.command("delay 0")
    }
}

/// A signed-in account with a profile, 20 posts and (on a server) a replica filled from it, in
/// its own data directory; `starts` opens the interface on it again and again.
private struct StartBenchAccount {
    let paths: AppPaths
    let storeLocation: String
    let directory: String
    let places: PlaceSearching
    let username: String

    init(storeLocation: String?, invitation: String?) throws {
        directory = NSTemporaryDirectory() + "tern-start-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory + "/state", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        self.storeLocation = storeLocation ?? directory + "/tern.db"
        let services = try AppServices.open(
            paths: paths, storeLocation: self.storeLocation, seedSample: false,
            hasher: StartBenchAccount.hasher,
            environment: invitation.map { ["TERN_INVITE": $0] } ?? [:])
        defer { services.store.close() }
        try services.auth.register(
            email: "start-\(UUID().uuidString.prefix(8).lowercased())@example.com", password: "bench-password")
        username = "st" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        let session = try services.session()
        try services.users.updateProfile(
            ProfileEdit(displayName: "Start", username: username, bio: ""), session: session)
        for n in 0..<20 { try services.tweets.post("post \(n)", session: session) }
        // What the interface's sync worker copies on a first run.
        if let session, let withReplica = try services.withReplica(for: session), let replica = withReplica.replica {
            try ReplicaRefresh.refresh(replica, from: services.store)
            replica.store.close()
        }
        places = try UIBench.benchPlaces(paths: paths)
    }

    static let hasher = PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1))

    /// `count` starts: each to its first frame with `@username`, and (reading the replica
    /// first) on to the server's connection made and the ports moved to it.
    func starts(_ count: Int, offline: AppServices.OfflineReads) throws -> (first: Timings, live: Timings) {
        var first: [Double] = []
        var live: [Double] = []
        for _ in 0..<count {
            let started = now()
            let events = EventQueue()
            let services = try AppServices.open(
                paths: paths, storeLocation: storeLocation, seedSample: false,
                executor: CallbackExecutor { events.post(.storeChanged($0)) },
                hasher: Self.hasher, environment: [:], offline: offline)
            let current = CurrentServices(services)
            let screenServices = ScreenServices(current: current, places: places)
            let harness = AppHarness(
                width: 120, height: 40, services: screenServices, events: events, work: LaneWorkExecutor())
            guard harness.lines.first?.contains("@" + username) == true else {
                throw StoreError.invalidArgument("the first frame has no @\(username): \(harness.lines.first ?? "")")
            }
            first.append(now() - started)
            while current.services.readsReplica {
                usleep(1_000)
                harness.settle()
                guard now() - started < 60 else {
                    let said = [harness.lines.first, harness.app.state.toast?.message].compactMap { $0 }
                    throw StoreError.invalidArgument(
                        "no connection to the server after 60 s (\(offline), start \(first.count + 1) of \(count); "
                            + "the screen said \(said))")
                }
            }
            live.append(now() - started)
            harness.app.stop()
            // As the interface's process would on quitting: the sync worker's connection
            // goes too, or seven starts hold seven of the account's eight.
            (screenServices.sync as? OutboxSync)?.stop()
            if current.services !== services { current.services.store.close() }
            services.store.close()
        }
        return (Timings(first), Timings(live))
    }

    func cleanup() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
