import Foundation
import Workers

/// The one path every store write a screen makes takes (a like, a save, a post, a profile
/// or favorites edit): the view model shows the intent at once with a pending mark, sends
/// the write here, and confirms or rolls back in `then`, on the loop's thread.
///
/// On a team server the write runs on a worker in the `.storeWrites` lane (in order, every
/// answer applied), so the loop never waits on the network. On the embedded store a commit
/// is well under a frame, so it runs at once on the loop's thread and `then` is called
/// before `send` returns: the same view-model path, without a thread per keypress.
public final class StoreWrites {
    /// Where writes run off the loop's thread; nil when they run at once on it.
    private let work: BackgroundWork?

    /// The screens' reads, off the loop's thread exactly when the writes are.
    public let reads: StoreReads
    /// Reads that pass a whole list (a folder in an order the store cannot sort by): off the
    /// loop's thread on every store, since on the embedded store too such a pass over a
    /// folder of 20,000 places takes most of a second.
    public let passReads: StoreReads

    /// `offLoop`: writes (and reads) run on `work`'s workers (a team server), else at once.
    /// Passes run on `work`'s workers either way.
    public convenience init(work: BackgroundWork, offLoop: Bool) {
        self.init(work: offLoop ? work : nil, passWork: work)
    }

    /// Writes at once on the caller's thread (the embedded store, and view models built alone in tests).
    public static func immediate() -> StoreWrites {
        StoreWrites(work: nil, passWork: nil)
    }

    private init(work: BackgroundWork?, passWork: BackgroundWork?) {
        self.work = work
        reads = StoreReads(work: work)
        passReads = StoreReads(work: passWork, behindTheScreen: true)
    }

    /// Whether writes run off the loop's thread (a team server).
    public var isOffLoop: Bool { work != nil }

    /// Runs `write`, then `then` with its result on the loop's thread. `write` must use only
    /// what it captured (never view-model state): it may run on another thread.
    public func send<Value>(_ write: @escaping () throws -> Value, then: @escaping (Result<Value, Error>) -> Void) {
        if let work {
            work.run(.storeWrites, { _ in try write() }, then: then)
        } else {
            then(Result { try write() })
        }
    }

    /// Whether a write is on its way (sent and not yet answered).
    public var isBusy: Bool { work?.isBusy(.storeWrites) ?? false }
}

extension WorkLane {
    /// The store writes of the screens: a server must see them in the order they were made.
    public static let storeWrites = WorkLane("store.writes", policy: .inOrder, on: .writes)
    /// Looking for other processes' changes on a team server: one poll at a time, the newest wins.
    public static let storePoll = WorkLane("store.poll", policy: .latestOnly)
}
