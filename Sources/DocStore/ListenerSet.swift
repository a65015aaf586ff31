import Foundation

/// One active snapshot listener: which writes concern it, and how to re-read its result.
final class ListenerEntry: @unchecked Sendable {
    // @unchecked: `active` is read and written under `activeLock` (removal may come from any thread).
    let id: Int
    /// True when a commit touching these documents may change the listener's result.
    let isAffected: (_ documents: Set<ResourcePath>, _ collections: Set<ResourcePath>) -> Bool
    /// Re-reads the result; returns the callback to run when it changed since last time.
    let refresh: (ListenerReadCache) throws -> (() -> Void)?
    /// Told when a re-read fails; the listener keeps its last result and re-reads on the
    /// next change (or reconnection).
    let onError: (StoreError) -> Void
    private let activeLock = NSLock()
    private var active = true

    /// False once removed: callbacks already queued for it are skipped.
    var isActive: Bool {
        get { activeLock.withLock { active } }
        set { activeLock.withLock { active = newValue } }
    }

    init(
        id: Int, isAffected: @escaping (Set<ResourcePath>, Set<ResourcePath>) -> Bool,
        refresh: @escaping (ListenerReadCache) throws -> (() -> Void)?, onError: @escaping (StoreError) -> Void
    ) {
        self.id = id
        self.isAffected = isAffected
        self.refresh = refresh
        self.onError = onError
    }
}

/// The store's listeners and the writes they have not yet been told about.
struct ListenerSet {
    private var entries: [Int: ListenerEntry] = [:]
    private var nextID = 1
    private var dirtyDocuments: Set<ResourcePath> = []
    private var dirtyCollections: Set<ResourcePath> = []
    private var allDirty = false
    /// Set while notifications are being delivered, so that a callback that writes adds to
    /// the work instead of recursing.
    var isDelivering = false

    var count: Int { entries.values.filter(\.isActive).count }

    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    mutating func add(_ entry: ListenerEntry) { entries[entry.id] = entry }

    mutating func remove(id: Int) {
        entries[id]?.isActive = false
        entries[id] = nil
    }

    mutating func removeAll() {
        for entry in entries.values { entry.isActive = false }
        entries.removeAll()
    }

    mutating func markDirty(_ documents: Set<ResourcePath>) {
        guard !entries.isEmpty else { return }
        dirtyDocuments.formUnion(documents)
        for document in documents { dirtyCollections.insert(document.parent) }
    }

    mutating func markAllDirty() { allDirty = true }

    /// The listeners concerned by the writes marked so far, in registration order, and
    /// clears the marks; nil when there is nothing left to deliver.
    mutating func takeAffected() -> [ListenerEntry]? {
        guard allDirty || !dirtyDocuments.isEmpty else { return nil }
        let (documents, collections, all) = (dirtyDocuments, dirtyCollections, allDirty)
        dirtyDocuments = []
        dirtyCollections = []
        allDirty = false
        // Listeners removed while the store was busy leave here.
        entries = entries.filter { $0.value.isActive }
        return entries.values
            .filter { all || $0.isAffected(documents, collections) }
            .sorted { $0.id < $1.id }
    }
}
