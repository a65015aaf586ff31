import Foundation

/// Where a screen's reads of the store run: starting a live subscription (`LiveQuery`),
/// reading a page past a list's window and counting rows (`PagedList`).
///
/// On a team server each read runs on a worker in the lane its caller names and `then` gets
/// the answer on the loop's thread, so the loop never waits on the network (the store's
/// first snapshot of a subscription arrives through the event queue like any change). On
/// the embedded store a read is well under a frame, so it runs at once and `then` is called
/// before `read` returns: the same view-model path, synchronous in tests on a real SQLite store.
public final class StoreReads {
    /// Where reads run off the loop's thread; nil when they run at once on it.
    private let work: BackgroundWork?
    /// Whether its reads run below the screen's priority (passes the screen can wait for).
    private let isBehindTheScreen: Bool

    init(work: BackgroundWork?, behindTheScreen: Bool = false) {
        self.work = work
        isBehindTheScreen = behindTheScreen
    }

    private func placed(_ lane: WorkLane) -> WorkLane { isBehindTheScreen ? lane.behindTheScreen : lane }

    /// Reads at once on the caller's thread (the embedded store, and view models built alone in tests).
    public static func immediate() -> StoreReads {
        StoreReads(work: nil)
    }

    /// Whether reads run off the loop's thread (a team server).
    public var isOffLoop: Bool { work != nil }

    /// Runs `read` in `lane`, then `then` with its result on the loop's thread (unless the
    /// lane's policy drops it, or `cancel(lane)` was called). `read` must use only what it
    /// captured (never view-model state): it may run on another thread.
    public func read<Value>(
        _ lane: WorkLane, _ read: @escaping () throws -> Value,
        then: @escaping (Result<Value, Error>) -> Void
    ) {
        if let work {
            work.run(placed(lane), { _ in try read() }, then: then)
        } else {
            then(Result { try read() })
        }
    }

    /// Drops the answers of `lane`'s reads made so far.
    public func cancel(_ lane: WorkLane) {
        work?.cancel(placed(lane))
    }
}

extension WorkLane {
    /// Following a sign-in or sign-out made in another process: the newest look wins.
    public static let sessionCheck = WorkLane("session.check", policy: .latestOnly)
}

extension WorkLane {
    /// The saved online places a Places query names: the newest query wins.
    public static let savedOnlinePlaces = WorkLane("places.saved-online", policy: .latestOnly)
}
