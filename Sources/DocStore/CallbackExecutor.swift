/// Where listener callbacks run: at once on the writer's thread (tests), or on a queue
/// the app drains from its UI loop.
public struct CallbackExecutor: Sendable {
    let run: @Sendable (@escaping () -> Void) -> Void

    /// Runs each callback at once, before the write that caused it returns.
    public static let immediate = CallbackExecutor { $0() }

    /// Collects callbacks in `queue` until its owner calls `drain()`.
    public static func queue(_ queue: CallbackQueue) -> CallbackExecutor {
        CallbackExecutor { queue.enqueue($0) }
    }

    /// Hands `callback` to this executor (a sync worker's reports go the same way as listeners').
    public func execute(_ callback: @escaping () -> Void) { run(callback) }

    /// An executor with a custom way of running callbacks.
    public init(_ run: @escaping @Sendable (@escaping () -> Void) -> Void) { self.run = run }
}
