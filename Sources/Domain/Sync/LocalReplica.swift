import DocStore
import Foundation
import PlaceCatalog
import Localization

/// The local side of a team server for one account: an embedded store in the data
/// directory (`sync/SERVER-UID.db`, private like every Tern file) holding a copy of the
/// documents this account last read from the server (the feed, its likes, its favorites
/// and folders, the profiles of the authors shown) and the outbox, the writes made here
/// that the server has not confirmed yet, in the order they were made.
///
/// The copy lives under the documents' own paths, so the services read it exactly as they
/// read the server (that is how the screens and `tern feed` work offline); the outbox is
/// the `outbox` collection, one document per write with its sequence number.
public final class LocalReplica: @unchecked Sendable {
    // @unchecked: its fields never change after init; `store` serialises every call.
    public let store: DocumentStore
    /// The server (without password) this replica copies.
    public let server: String
    public let uid: String
    /// The replica's file.
    public let file: String

    /// The protected record that marks a store as a replica (see `SessionProof.verify`).
    static let marker = "meta/replica"
    static let outboxCollection = "outbox"

    /// True while a queued write is made on the replica (`AppServices.queue`), the only
    /// writes the replica takes.
    @TaskLocal static var isApplyingQueuedWrite = false

    init(store: DocumentStore, server: String, uid: String, file: String) {
        self.store = store
        self.server = server
        self.uid = uid
        self.file = file
    }

    /// The replica's file for `uid` on `server`: one per server and account.
    public static func file(paths: AppPaths, server: String, uid: String) -> String {
        paths.dataDirectory + "/sync/" + SessionProof.digest(server).prefix(16) + "-" + uid + ".db"
    }

    /// Opens (creating when missing) the replica of `uid`'s view of `server`.
    public static func open(
        paths: AppPaths, server: String, uid: String,
        executor: CallbackExecutor = .immediate
    ) throws -> LocalReplica {
        let file = file(paths: paths, server: server, uid: uid)
        let store = try DocumentStore.open(path: file, executor: executor)
        if try store.protectedRecord(marker) == nil {
            try store.setProtectedRecord(marker, Data(server.utf8))
        }
        return LocalReplica(store: store, server: server, uid: uid, file: file)
    }

    /// The uid in the file name of a server's guest copy (`openGuestCopy`); no account's
    /// uid has an underscore.
    static let guestCopyName = "tern_guest"

    /// Opens (creating when missing) the guest's copy of `server`: the public feed and its
    /// authors' profiles as a signed-out run last read them (`ReplicaRefresh.refreshGuestCopy`),
    /// what a signed-out interface shows before it reaches the server. It has no outbox
    /// (a guest writes nothing), and like a replica it trusts no session for a write.
    public static func openGuestCopy(
        paths: AppPaths, server: String,
        executor: CallbackExecutor = .immediate
    ) throws -> LocalReplica {
        try open(paths: paths, server: server, uid: guestCopyName, executor: executor)
    }

    /// Whether an earlier run copied `uid`'s profile here (`ReplicaRefresh`): then the
    /// interface can open on the replica and show the account before reaching the server.
    public func holdsProfile(of uid: String) throws -> Bool {
        try store.document("users/" + uid).getDocument().exists
    }

    /// True when `store` is a replica: the services trust the session there, since the
    /// server checks every write again when the outbox sends it.
    static func isReplica(_ store: DocumentStore) throws -> Bool {
        try store.protectedRecord(marker) != nil
    }

    // MARK: The outbox

    /// One unconfirmed write and its place in the order.
    public struct Entry: Equatable, Sendable {
        public var sequence: Int64
        public var write: WriteIntent
    }

    var outbox: CollectionReference { store.collection(Self.outboxCollection) }

    /// Adds `write` after every other, durably (one local commit) before it returns.
    @discardableResult
    public func enqueue(_ write: WriteIntent) throws -> Entry {
        let text = String(decoding: try JSONEncoder().encode(write), as: UTF8.self)
        return try store.runTransaction { transaction in
            let last = try outbox.order(by: "sequence", descending: true).limit(to: 1).getDocuments().documents.first
            let sequence = (last?.get("sequence")?.intValue ?? 0) + 1
            try transaction.setData(
                ["sequence": .int(sequence), "write": .string(text), "queuedAt": .serverTimestamp],
                forDocument: outbox.document(String(format: "%012lld", sequence)))
            return Entry(sequence: sequence, write: write)
        }
    }

    /// The unconfirmed writes, oldest first. An entry this build cannot read (written by a
    /// newer Tern) stops the list there, so nothing after it is sent out of order.
    public func entries(limit: Int? = nil) throws -> [Entry] {
        var query = outbox.order(by: "sequence")
        if let limit { query = query.limit(to: limit) }
        var entries: [Entry] = []
        for document in try query.getDocuments().documents {
            guard let sequence = document.get("sequence")?.intValue, case .string(let text)? = document.get("write"),
                let write = try? JSONDecoder().decode(WriteIntent.self, from: Data(text.utf8))
            else { break }
            entries.append(Entry(sequence: sequence, write: write))
        }
        return entries
    }

    /// Takes the oldest entry out when this build cannot read it (damaged, or written by a
    /// newer Tern), returning its sequence and why; nil when the oldest entry reads (or
    /// there is none). Left in, it would stop every later write from being sent.
    public func dropFirstUnreadable() throws -> (sequence: Int, reason: String)? {
        guard let document = try outbox.order(by: "sequence").limit(to: 1).getDocuments().documents.first else {
            return nil
        }
        let sequence = Int(document.data?["sequence"]?.intValue ?? Int64(document.documentID) ?? 0)
        let detail: String
        if case .string(let text)? = document.get("write") {
            do {
                _ = try JSONDecoder().decode(WriteIntent.self, from: Data(text.utf8))
                return nil
            } catch {
                detail = String(describing: error).prefix(200).description
            }
        } else {
            detail = "no write"
        }
        try document.reference.delete()
        return (sequence, tr(.outboxUnreadable, ["detail": detail]))
    }

    /// How many writes wait.
    public func pendingCount() throws -> Int {
        try outbox.count()
    }

    /// Takes a write out of the outbox once the server confirmed (or refused) it.
    public func remove(_ entry: Entry) throws {
        try outbox.document(String(format: "%012lld", entry.sequence)).delete()
    }

    /// The rows with unconfirmed writes, in the sync port's naming (`WriteIntent.pendingPath`).
    public func pendingPaths() throws -> Set<String> {
        Set(try entries().map { $0.write.pendingPath(uid: uid) })
    }

    /// Runs `body` holding the replica's send lock, so two processes (the interface's sync
    /// worker and `tern sync`) never send the same outbox at once.
    public func whileSending<T>(_ body: () throws -> T) rethrows -> T {
        try FileLock.withLock(file + ".lock", body)
    }
}
