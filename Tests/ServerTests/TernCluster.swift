import DocStore
import Domain
import Foundation
import Testing

/// The throwaway cluster `scripts/with-postgres.sh` starts (`TERN_TEST_POSTGRES`, a superuser).
enum TernCluster {
    static var adminURL: String? {
        ProcessInfo.processInfo.environment["TERN_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static let missing =
        "needs PostgreSQL: TERN_TEST_POSTGRES is not set (run under scripts/with-postgres.sh, as make test does)"

    /// Runs statements as the superuser on one connection; the last one's rows.
    @discardableResult
    static func admin(_ statements: String..., parameters: [String?] = []) throws -> [[String?]] {
        let connection = try ServerConnection(url: try #require(adminURL))
        defer { connection.close() }
        var rows: [[String?]] = []
        for sql in statements { rows = try connection.query(sql, parameters) }
        return rows
    }

    /// The source tree's resources, whose `server/*.sql` `tern server init` applies.
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path

    /// One set-up at a time: suites set up their schemas in one database in parallel, and two
    /// set-ups granting on its shared rows (the database, the guest) at once collide.
    static let setUpLock = NSLock()

    /// Sets up (or migrates) the Tern server at `url` from the source tree's SQL files.
    @discardableResult
    static func initialise(_ url: String) throws -> TernServer.Report {
        try setUpLock.withLock { try TernServer.initialise(adminURL: url, resourcesDirectory: resources) }
    }

    /// A random name of `length` lowercase letters and digits.
    static func randomName(_ prefix: String, length: Int = 16) -> String {
        prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(length)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only with the throwaway cluster, and otherwise reports it skipped with the reason.
    static var requiresPostgres: Self {
        .enabled(if: TernCluster.adminURL != nil, Comment(rawValue: TernCluster.missing))
    }
}

/// A Tern server in a fresh schema of the cluster, set up by `TernServer.initialise`, with
/// accounts registered with invitations, each reachable by URL as its own role.
struct RulesServer {
    let schema: String
    /// The superuser's URL with this schema on its search path.
    let location: String
    let directory: String
    /// The uids of the accounts, and the role each signs in as.
    let accounts: [String]
    let roles: ServerRoles
    private(set) var accountRoles: [String: String] = [:]
    static let password = "correct horse battery"

    init(accounts count: Int) throws {
        schema = TernCluster.randomName("t_")
        try TernCluster.admin("CREATE SCHEMA \(schema)")
        let base = try #require(TernCluster.adminURL)
        location = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        directory = NSTemporaryDirectory() + "tern-server-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        roles = try TernCluster.initialise(location).roles
        accounts = (0..<count).map { i in
            "acct\(i)" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        }
        for uid in accounts {
            accountRoles[uid] = try register(uid: uid)
        }
    }

    /// Registers account `uid` (email `uid@example.com`) with a new invitation, and finishes
    /// its profile (a display name, and a username from its uid) so that it may post; its role.
    func register(uid: String, password: String = RulesServer.password) throws -> String {
        let role = try TernServer.register(
            guestURL: guestURL, invitation: try TernServer.invite(adminURL: location), uid: uid,
            password: password, email: "\(uid.lowercased())@example.com")
        let account = try ServerConnection(
            url: Self.replacingUser(of: location, with: role, password: password))
        defer { account.close() }
        try account.query(
            "SELECT tern_write('users', $1, json_build_object('displayName', $2::text, 'username', $3::text, "
                + "'isUserOnboarded', true)::text)",
            [uid, "Account " + uid.prefix(8), "u" + uid.lowercased().suffix(14)])
        return role
    }

    /// The place's URL, signed in as `user` (an account's uid, or any role's name).
    func url(user: String, password: String = RulesServer.password) -> String {
        Self.replacingUser(of: location, with: accountRoles[user] ?? user, password: password)
    }

    /// The role account `uid` signs in as.
    func role(_ uid: String) -> String { accountRoles[uid] ?? uid }

    /// The place's URL as the read-only guest.
    var guestURL: String { url(user: TernServer.guestRole, password: TernServer.guestPassword) }

    /// A store signed in as `uid`.
    func store(as uid: String) throws -> DocumentStore {
        try DocumentStore.open(url: url(user: uid), executor: .immediate)
    }

    /// Writes `documents` (path → fields) through Tern, signed in as `uid`.
    func write(as uid: String, _ documents: [String: [String: WriteValue]]) throws {
        let store = try store(as: uid)
        defer { store.close() }
        for (path, fields) in documents.sorted(by: { $0.key < $1.key }) { try store.document(path).setData(fields) }
    }

    /// Posts as `uid` through Tern (the fields the services write).
    func post(as uid: String, id: String, caption: String = "hello") throws {
        try write(
            as: uid,
            [
                "tweets/\(id)": [
                    "uid": .string(uid), "caption": .string(caption), "likes": 0, "timestamp": .serverTimestamp,
                ]
            ])
    }

    /// A favorite's fields as the services write them.
    static func favorite(_ name: String) -> [String: WriteValue] {
        [
            "placeName": .string(name), "placeID": .string(name.lowercased()), "address": "",
            "coordinate": .fields(["latitude": .double(37.5), "longitude": .double(127.0)]),
            "savedAt": .serverTimestamp,
        ]
    }

    /// Toggles `uid`'s like of `tweet` as the services do on a server.
    func toggleLike(as uid: String, tweet: String) throws {
        let store = try store(as: uid)
        defer { store.close() }
        try ServerLikeWriter().setLiked(nil, tweetID: tweet, uid: uid, in: store)
    }

    /// `location` signed in as `user` with `password`.
    static func replacingUser(of location: String, with user: String, password: String) -> String {
        guard let scheme = location.range(of: "://"), let at = location[scheme.upperBound...].firstIndex(of: "@") else {
            return location
        }
        return String(location[..<scheme.upperBound]) + "\(user):\(password.replacingOccurrences(of: " ", with: "%20"))"
            + String(location[at...])
    }

    /// Runs one statement with psql as `user` (nil: the superuser); returns (succeeded, output, errors).
    func psql(_ sql: String, as user: String?) throws -> (ok: Bool, output: String, errors: String) {
        try psqlAt(user.map { url(user: $0) } ?? location, sql)
    }

    /// psql on any URL, as a member or the guest would use it by hand.
    func psqlAt(_ url: String, _ sql: String, timeout: TimeInterval = 30) throws -> (
        ok: Bool, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-c", sql]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PGOPTIONS": "-c client_min_messages=warning"
        ]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output.trimmingCharacters(in: .whitespacesAndNewlines), errors)
    }

    func cleanup() {
        try? FileManager.default.removeItem(atPath: directory)
        _ = try? TernCluster.admin("DROP SCHEMA \(schema) CASCADE")
        Self.dropRoles(roles)
    }

    /// Drops a database's roles: its accounts (whatever registered them), then its groups.
    static func dropRoles(_ roles: ServerRoles) {
        let members =
            (try? TernCluster.admin("SELECT rolname FROM pg_roles WHERE rolname LIKE 'tern\\_\(roles.namespace)\\_%'"))
            ?? []
        for name in members.compactMap({ $0.first ?? nil }) {
            _ = try? TernCluster.admin("DROP OWNED BY \"\(name)\"", "DROP ROLE IF EXISTS \"\(name)\"")
        }
    }
}

/// Collects what callbacks and threads report, so a test can assert on it in order.
final class EventLog<Event>: @unchecked Sendable {
    // @unchecked: `events` is read and written only under `lock`.
    private let lock = NSLock()
    private var events: [Event] = []

    func record(_ event: Event) { lock.withLock { events.append(event) } }

    /// Everything recorded since the last call.
    func take() -> [Event] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }
}
