import DocStore
import Domain
import Foundation

/// The `server` section of `make bench`: like/unlike toggles through a PostgreSQL server
/// over loopback (as a signed-in account, so each goes through `tern_like` and row-level
/// security) against the embedded store in the same run, the time from a commit to the
/// callback in 10 listening processes, sign-in times, keystroke to frame and the outbox's
/// drain through the delay proxy, and start to first frame through it.
///
/// It uses the server at `TERN_BENCH_POSTGRES` (a superuser URL over TCP); without one it
/// runs itself again under `scripts/with-postgres.sh`, which starts a throwaway cluster
/// that fsyncs its commits, as the embedded store does.
enum ServerBench {
    static func run() throws {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--listen"), flag + 2 < arguments.count {
            try listen(url: arguments[flag + 1], path: arguments[flag + 2])
        }
        let environment = ProcessInfo.processInfo.environment
        guard let admin = environment["TERN_BENCH_POSTGRES"] ?? environment["TERN_TEST_POSTGRES_TCP"] else {
            try runUnderThrowawayServer()
            return
        }
        let schema = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        try psql(admin, "CREATE SCHEMA \(schema)")
        defer { try? psql(admin, "DROP SCHEMA \(schema) CASCADE") }
        let adminURL = admin + (admin.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        let resources = AppPaths.resolve(dataDirectory: nil, sessionFile: nil).resourcesDirectory
        let roles = try TernServer.initialise(adminURL: adminURL, resourcesDirectory: resources).roles
        let uid = "bench" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        defer { dropRoles(admin, roles) }
        let role = try TernServer.register(
            guestURL: url(adminURL, user: TernServer.guestRole, password: TernServer.guestPassword),
            invitation: try TernServer.invite(adminURL: adminURL), uid: uid, password: "bench-password",
            email: "\(uid.lowercased())@example.com")
        let accountURL = url(adminURL, user: role, password: "bench-password")
        // `TERN_BENCH_SERVER=start` (or another part's name) runs that part alone.
        let parts = environment["TERN_BENCH_SERVER"].map { Set($0.split(separator: ",").map(String.init)) }
        func wanted(_ part: String) -> Bool { parts?.contains(part) ?? true }
        if wanted("likes") { try likeToggles(serverURL: accountURL, uid: uid) }
        if wanted("callbacks") {
            try commitToCallback(
                serverURL: accountURL,
                listenURL: url(adminURL, user: TernServer.guestRole, password: TernServer.guestPassword),
                path: "users/\(uid)")
        }
        if wanted("signin") { try signInTimes(adminURL: adminURL) }
        if wanted("keys") { try keystrokesWhileWriting(adminURL: adminURL) }
        if wanted("outbox") { try outboxDrain(adminURL: adminURL) }
        if wanted("start") { try startToFirstFrame(adminURL: adminURL) }
        if wanted("notifications") {
            try notificationsPage(adminURL: adminURL, accountURL: accountURL, uid: uid, owner: roles.owner)
        }
        if wanted("following") {
            try followingPage(adminURL: adminURL, accountURL: accountURL, uid: uid, owner: roles.owner)
        }
    }

    /// Drops the bench database's roles (its accounts, then its groups).
    static func dropRoles(_ admin: String, _ roles: ServerRoles) {
        try? psql(
            admin,
            """
            DO $$ DECLARE r text; BEGIN
                FOR r IN SELECT rolname FROM pg_roles WHERE rolname LIKE 'tern\\_\(roles.namespace)\\_%'
                         ORDER BY rolname LIKE '%\\_owner', rolname LIKE '%\\_user' LOOP
                    EXECUTE format('DROP OWNED BY %I', r); EXECUTE format('DROP ROLE %I', r);
                END LOOP;
            END $$
            """)
    }

    /// `base` signed in as `user`.
    static func url(_ base: String, user: String, password: String) -> String {
        guard let scheme = base.range(of: "://"), let at = base[scheme.upperBound...].firstIndex(of: "@") else {
            return base
        }
        return String(base[..<scheme.upperBound]) + "\(user):\(password)" + String(base[at...])
    }

    static func psql(_ url: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PGOPTIONS": "-c client_min_messages=warning"
        ]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StoreError.invalidArgument("psql failed: \(sql)") }
    }

    private static func runUnderThrowawayServer() throws {
        guard FileManager.default.isExecutableFile(atPath: "scripts/with-postgres.sh") else {
            print(
                "  skipped: set TERN_BENCH_POSTGRES to a superuser URL, or run from the repository "
                    + "(scripts/with-postgres.sh)"
            )
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "scripts/with-postgres.sh")
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.arguments = [me, "server"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TERN_PG_DURABLE": "1"]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StoreError.invalidArgument("the server bench failed") }
    }

    /// Like-toggle latency and throughput, server over loopback and embedded store, in
    /// alternating runs so that noise hits both alike.
    static func likeToggles(serverURL: String, uid: String) throws {
        let directory = NSTemporaryDirectory() + "tern-server-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try DocumentStore.open(location: serverURL, executor: .immediate)
        let embedded = try DocumentStore.open(location: directory + "/tern.db", executor: .immediate)
        defer {
            server.close()
            embedded.close()
        }
        // The server takes posts only from a finished profile (a display name and a username).
        let username = "b" + uid.suffix(14).lowercased()
        try server.document("users/\(uid)").updateData([
            "displayName": "Bench", "username": .string(username), "isUserOnboarded": true,
        ])
        for store in [server, embedded] {
            try store.document("tweets/t1").setData([
                "uid": .string(uid), "caption": "bench", "likes": 0, "timestamp": .serverTimestamp,
            ])
        }
        let rounds = 1000
        var serverTimes: [Double] = []
        var embeddedTimes: [Double] = []
        // Each store's likes are written as the services write them there.
        let (onServer, onFile) = (ServerLikeWriter(), TransactionLikeWriter())
        for _ in 0..<rounds {
            serverTimes.append(try measure { try onServer.setLiked(nil, tweetID: "t1", uid: uid, in: server) })
            embeddedTimes.append(try measure { try onFile.setLiked(nil, tweetID: "t1", uid: uid, in: embedded) })
        }
        let (s, e) = (Timings(serverTimes), Timings(embeddedTimes))
        print(
            "like toggle (embedded: one transaction reading the like, writing it and the counter; server: "
                + "tern_like), \(rounds) each"
        )
        row("server over loopback, via tern_like", s)
        row("embedded store (SQLite, synchronous=FULL)", e)
        print(String(format: "  throughput, one client: server %.0f/s, embedded %.0f/s", 1 / s.mean, 1 / e.mean))
        print(String(format: "  ratio (median) %.2f×   ratio (p99) %.2f×", s.p50 / e.p50, s.p99 / e.p99))
        let likes = try server.document("tweets/t1").getDocument().get("likes")?.intValue ?? -1
        guard likes == 0 else { throw StoreError.invalidArgument("after an even number of toggles likes is \(likes)") }
    }

    /// 10 processes listen (as the guest) to one profile; its account commits 100 changes
    /// of the bio a short gap apart (through the server's write function, announced by its
    /// trigger) and each listener prints when its callback ran.
    static func commitToCallback(serverURL: String, listenURL: String, path: String) throws {
        let store = try DocumentStore.open(location: serverURL, executor: .immediate)
        defer { store.close() }
        let document = store.document(path)
        try document.setData(["bio": "-1"], merge: true)
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var listeners: [(Process, Pipe)] = []
        for _ in 0..<10 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: me)
            process.arguments = ["server", "--listen", listenURL, path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            listeners.append((process, out))
        }
        defer {
            for (process, _) in listeners where process.isRunning { process.terminate() }
        }
        // Each listener prints "ready" once its first snapshot has arrived.
        for (_, out) in listeners {
            while let byte = out.fileHandleForReading.readData(ofLength: 1).first, byte != 0x0A {}
        }

        let commits = 100
        var commitStart: [Int: Double] = [:]
        var commitEnd: [Int: Double] = [:]
        var commitTimes: [Double] = []
        for n in 0..<commits {
            let start = wallClock()
            commitStart[n] = start
            try document.setData(["bio": .string(String(n))], merge: true)
            let end = wallClock()
            commitEnd[n] = end
            commitTimes.append(end - start)
            usleep(20_000)
        }
        usleep(200_000)
        for (process, _) in listeners { process.terminate() }
        var delays: [Double] = []
        var afterReturn: [Double] = []
        var missing = 0
        for (process, out) in listeners {
            process.waitUntilExit()
            var seen = Set<Int>()
            for line in String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
                separator: "\n")
            {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let at = Double(parts[0]), let n = Int(parts[1]), let start = commitStart[n]
                else { continue }
                seen.insert(n)
                delays.append(at - start)
                afterReturn.append(at - (commitEnd[n] ?? start))
            }
            missing += commits - seen.count
        }
        print(
            "commit to callback: 10 listening processes, \(commits) commits 20 ms apart (listeners poll every 0.5 ms)")
        row("commit (setData) alone", Timings(commitTimes))
        row("commit start to callback, all listeners", Timings(delays))
        row("commit returned to callback (may be < 0)", Timings(afterReturn))
        print("  callbacks \(delays.count) of \(commits * 10); changes never seen by some listener \(missing)")
    }

    /// The child's side: listen to the profile at `path` and print "<wall time> <bio>" per callback.
    private static func listen(url: String, path: String) throws -> Never {
        let store = try DocumentStore.open(location: url, executor: .immediate)
        var ready = false
        let registration = try store.document(path).addSnapshotListener { snapshot in
            guard ready else { return }
            say(String(format: "%.6f", wallClock()) + " " + (snapshot.get("bio")?.stringValue ?? "-1"))
        }
        ready = true
        say("ready")
        try withExtendedLifetime(registration) {
            while true {
                try store.pollExternalChanges()
                usleep(500)
            }
        }
        exit(0)
    }

    static func wallClock() -> Double { Date().timeIntervalSince1970 }

    static func row(_ name: String, _ timings: Timings) {
        print(
            "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) median \(ms(timings.p50))  p99 "
                + "\(ms(timings.p99))"
        )
    }
}
