import DocStore
import Foundation

/// Brings a replica up to date with the server: the newest posts, the account's likes and
/// the newest reposts of the people it follows, with the posts they point to, its newest
/// notifications, the profiles of every author, reposter and actor shown and the account's
/// own, its favorites and folders. These replace what the
/// replica held of those collections, in one local commit (listeners on the replica re-read
/// once).
public enum ReplicaRefresh {
    /// How many of the newest posts, and of the newest likes, the replica keeps.
    public static let keptPosts = 200

    /// Copies from `server`; does nothing (returns false) when writes wait in the outbox,
    /// whose local effects a copy of the server would hide until they are sent.
    @discardableResult
    public static func refresh(_ replica: LocalReplica, from server: DocumentStore) throws -> Bool {
        let uid = replica.uid
        let posts = try server.collection("tweets").order(by: "timestamp", descending: true).limit(to: keptPosts)
            .getDocuments().documents
        let likes = try server.collection("users/\(uid)/user-likes").order(by: "likedAt", descending: true).limit(
            to: keptPosts
        )
        .getDocuments().documents
        let following = try server.collection("users/\(uid)/following").getDocuments().documents
        // The Following view's reposts: the newest of the followed people's, in one query.
        let followed = Array(following.map(\.documentID).filter { $0 != uid }.prefix(TweetService.followedLimit))
        let followedReposts =
            try followed.first.map { first in
                try server.collection("users/\(first)/user-reposts")
                    .including(collections: followed.dropFirst().map { "users/\($0)/user-reposts" })
                    .order(by: PostMark.repost.stampField, descending: true).limit(to: keptPosts)
                    .getDocuments().documents
            } ?? []
        let shown = Set(posts.map(\.documentID))
        let pointed = Set((likes + followedReposts).map(\.documentID)).subtracting(shown)
        let pointedPosts = try byID(server.collection("tweets"), pointed.sorted())
        let reposters = followedReposts.compactMap { $0.reference.path.split(separator: "/").dropFirst().first }
        let authors = Set(
            (posts + pointedPosts).compactMap { $0.get("uid")?.stringValue } + reposters.map(String.init) + [uid])
        let users = try byID(server.collection("users"), Array(authors))
        let favorites = try server.collection("favorites/\(uid)/favorites").getDocuments().documents
        let folders = try server.collection("favorites/\(uid)/folders").getDocuments().documents
        let marks = try PostMark.allCases.flatMap { mark in
            try server.collection("users/\(uid)/\(mark.collection)").order(by: mark.stampField, descending: true)
                .limit(to: keptPosts).getDocuments().documents
        }
        let collections =
            [
                "tweets", "users", "users/\(uid)/user-likes", "favorites/\(uid)/favorites", "favorites/\(uid)/folders",
                "users/\(uid)/following", "users/\(uid)/bookmarks", "users/\(uid)/user-reposts",
            ] + followed.map { "users/\($0)/user-reposts" }
        return try replace(
            collections, in: replica,
            with: posts + likes + pointedPosts + users + favorites + folders + following + marks + followedReposts)
    }

    /// After `sent` writes reached the server: copies back only the documents they changed
    /// (`WriteIntent.changedDocuments`), one query per collection, in one local commit; a
    /// document the server no longer has leaves the replica. Does nothing (returns false)
    /// when writes wait in the outbox.
    @discardableResult
    public static func refresh(_ replica: LocalReplica, after sent: [WriteIntent], from server: DocumentStore) throws
        -> Bool
    {
        let paths = Set(sent.flatMap { $0.changedDocuments(uid: replica.uid) })
        guard !paths.isEmpty else { return true }
        let byCollection = Dictionary(grouping: paths) { path in
            String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        }
        var fetched: [String: [String: FieldValue]] = [:]
        for (collection, paths) in byCollection {
            let ids = paths.map { String($0[$0.index(after: $0.lastIndex(of: "/")!)...]) }
            for document in try byID(server.collection(collection), ids) {
                if let data = document.data { fetched[document.reference.path] = data }
            }
        }
        let local = replica.store
        return try local.runTransaction { transaction in
            guard try replica.outbox.count() == 0 else { return false }
            for path in paths {
                let reference = local.document(path)
                if let data = fetched[path] {
                    if try transaction.get(reference).data != data {
                        try transaction.setData(data.asWrite, forDocument: reference)
                    }
                } else if try transaction.get(reference).exists {
                    try transaction.deleteDocument(reference)
                }
            }
            return true
        }
    }

    /// Copies the public feed (the newest posts and their authors' profiles) from `server`,
    /// read as the guest, into the server's guest copy (`LocalReplica.openGuestCopy`).
    public static func refreshGuestCopy(_ copy: LocalReplica, from server: DocumentStore) throws {
        let posts = try server.collection("tweets").order(by: "timestamp", descending: true).limit(to: keptPosts)
            .getDocuments().documents
        let users = try byID(server.collection("users"), Array(Set(posts.compactMap { $0.get("uid")?.stringValue })))
        _ = try replace(["tweets", "users"], in: copy, with: posts + users)
    }

    /// Keeps `profile`, the account's own user document as the server has it (read when it
    /// signs in), in its replica: the interface can then open on the replica at the next
    /// start. Not while writes wait in the outbox (a profile edit among them shows there).
    public static func copyProfile(_ profile: DocumentSnapshot, into replica: LocalReplica) throws {
        guard let data = profile.data else { return }
        try replica.store.runTransaction { transaction in
            guard try replica.outbox.count() == 0 else { return }
            try transaction.setData(data.asWrite, forDocument: replica.store.document(profile.reference.path))
        }
    }

    /// Replaces what `replica` holds of `collections` by `documents`, in one local commit;
    /// does nothing (returns false) when writes wait in the outbox.
    static func replace(_ collections: [String], in replica: LocalReplica, with documents: [DocumentSnapshot]) throws
        -> Bool
    {
        let local = replica.store
        let fetched = Dictionary(
            documents.compactMap { document in
                document.data.map { (document.reference.path, $0) }
            }, uniquingKeysWith: { first, _ in first })
        return try local.runTransaction { transaction in
            guard try replica.outbox.count() == 0 else { return false }
            // Only what differs is written, so an unchanged server wakes no listener.
            var kept: [String: [String: FieldValue]] = [:]
            for collection in collections {
                for document in try local.collection(collection).getDocuments().documents {
                    if fetched[document.reference.path] == nil {
                        try transaction.deleteDocument(document.reference)
                    } else {
                        kept[document.reference.path] = document.data
                    }
                }
            }
            for (path, data) in fetched where kept[path] != data {
                try transaction.setData(data.asWrite, forDocument: local.document(path))
            }
            return true
        }
    }

    /// The documents of `collection` with these ids, 1000 to a query.
    static func byID(_ collection: CollectionReference, _ ids: [String]) throws -> [DocumentSnapshot] {
        var documents: [DocumentSnapshot] = []
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = ids[start..<min(start + 1000, ids.count)].map { FieldValue.string($0) }
            documents += try collection.whereField(FieldPath.documentID, in: chunk).getDocuments().documents
        }
        return documents
    }
}
