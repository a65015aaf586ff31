import DocStore
import Foundation

@testable import Domain

/// A throwaway data directory with the repository's resources, opened with cheap scrypt
/// parameters (the production ones cost ~0.6 s per hash).
final class ServiceFixture {
    let root: String
    let paths: AppPaths
    static let cheap = PasswordHasher(parameters: ScryptParameters(n: 1 << 4, r: 1, p: 1))

    init() {
        root = NSTemporaryDirectory() + "tern-services-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        paths = AppPaths(
            dataDirectory: root + "/data", sessionFile: root + "/state/session",
            configFile: root + "/config", resourcesDirectory: Self.resources)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A new connection to the same database (what a relaunch does).
    func open(sample: Bool = false, session file: String? = nil) throws -> AppServices {
        let paths =
            file.map {
                AppPaths(
                    dataDirectory: self.paths.dataDirectory, sessionFile: root + "/state-" + $0 + "/session",
                    configFile: self.paths.configFile, resourcesDirectory: self.paths.resourcesDirectory)
            } ?? self.paths
        return try AppServices.open(paths: paths, seedSample: sample, hasher: Self.cheap)
    }

    /// The repository's `Resources/`, found from this file.
    static let resources: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Resources/sample/community.json")
            if FileManager.default.fileExists(atPath: candidate.path) {
                return url.appendingPathComponent("Resources").path
            }
        }
        return "Resources"
    }()
}

extension AppServices {
    /// Registers `email` with a fixed password through this connection's session file.
    func registered(_ email: String) throws -> Session {
        try auth.register(email: email, password: "correct horse battery")
    }

    /// Registers `email` and finishes its profile (named after the email's local part), as
    /// posting needs.
    func poster(_ email: String) throws -> Session {
        let session = try registered(email)
        let name = String(email.prefix { $0 != "@" })
        try users.updateProfile(
            ProfileEdit(displayName: name.capitalized, username: String((name + "_poster").prefix(15))),
            session: session)
        return session
    }

    /// How many `user-likes` documents, over every user, name `tweetID`.
    func likeDocuments(for tweetID: String) throws -> Int {
        let uids = try store.collection("users").getDocuments().documents.map(\.documentID)
        return try uids.reduce(0) { total, uid in
            total
                + (try store.collection("users/\(uid)/user-likes")
                    .whereField(FieldPath.documentID, isEqualTo: .string(tweetID)).count())
        }
    }

    /// Every document under the paths the services write, with its fields: a picture of
    /// the store to compare before and after refused writes.
    func fingerprint(uids: [String]) throws -> [String: [String: FieldValue]] {
        var result: [String: [String: FieldValue]] = [:]
        var collections = ["users", "tweets"]
        for uid in uids { collections += ["users/\(uid)/user-likes", "favorites/\(uid)/favorites"] }
        for path in collections {
            for document in try store.collection(path).getDocuments().documents {
                result[document.reference.path] = document.data
            }
        }
        return result
    }
}
