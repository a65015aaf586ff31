import DocStore
import Domain
import Foundation

/// The values a shell completes from the local store: the signed-in account's folder names
/// and the usernames the store knows. Only an embedded database that exists already is read,
/// and nothing is written to it: a keypress in a shell must neither create a data directory
/// nor wait for a team server (whose replica is not read either, for the same reason: its
/// file is made when opened).
enum CompletionValues {
    /// At most this many usernames are offered.
    static let usernameLimit = 500

    static func read(_ completion: ValueCompletion, paths: AppPaths) -> [String] {
        guard let store = openExisting(paths: paths) else { return [] }
        switch completion {
        case .folders: return folders(in: store, paths: paths)
        case .usernames: return usernames(in: store)
        default: return []
        }
    }

    private static func openExisting(paths: AppPaths) -> DocumentStore? {
        guard let location = try? AppServices.defaultStoreLocation(paths: paths),
            !ServerConnection.isServerURL(location), FileManager.default.fileExists(atPath: location)
        else { return nil }
        return try? DocumentStore.open(location: location, executor: .immediate)
    }

    private static func folders(in store: DocumentStore, paths: AppPaths) -> [String] {
        guard let session = try? SessionFile(paths: paths).read() else { return [] }
        let documents = try? store.collection("favorites").document(session.uid).collection("folders").getDocuments()
        var named = (documents?.documents ?? []).compactMap { document in
            document.get("name")?.stringValue.map { (id: document.documentID, name: $0) }
        }
        // The default folder first, as `favorites folders` lists it; it exists before it is stored.
        if !named.contains(where: { $0.id == FavoriteFolder.defaultID }) {
            named.append((id: FavoriteFolder.defaultID, name: FavoriteFolder.defaultName))
        }
        let isDefault = { (folder: (id: String, name: String)) in folder.id == FavoriteFolder.defaultID }
        return (named.filter(isDefault) + named.filter { !isDefault($0) }).map(\.name)
    }

    private static func usernames(in store: DocumentStore) -> [String] {
        let documents = try? store.collection("users").limit(to: usernameLimit).getDocuments()
        return (documents?.documents ?? []).compactMap { $0.get("username")?.stringValue }.filter { !$0.isEmpty }
            .map { "@" + $0 }
    }
}
