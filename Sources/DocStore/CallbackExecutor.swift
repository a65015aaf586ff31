/// Where listener callbacks run: at once on the writer's thread (tests), or on a queue
/// the app drains from its UI loop.
public struct CallbackExecutor: Sendable {
    let run: @Sendable (@escaping () -> Void) -> Void
    /// True when callbacks go to an event loop that draws a screen (the interface): work a
    /// listener can do elsewhere (`Query.addComputedListener`) then stays off the writer's
    /// thread, which is that loop's.
    public let deliversToEventLoop: Bool

    /// Runs each callback at once, before the write that caused it returns.
    public static let immediate = CallbackExecutor { $0() }

    /// Hands each callback to an event loop with `post`, which must wake it.
    public static func eventLoop(_ post: @escaping @Sendable (@escaping () -> Void) -> Void) -> CallbackExecutor {
        CallbackExecutor(post, deliversToEventLoop: true)
    }

    /// Collects callbacks in `queue` until its owner calls `drain()`.
    public static func queue(_ queue: CallbackQueue) -> CallbackExecutor {
        CallbackExecutor { queue.enqueue($0) }
    }

    /// Hands `callback` to this executor (a sync worker's reports go the same way as listeners').
    public func execute(_ callback: @escaping () -> Void) { run(callback) }

    /// An executor with a custom way of running callbacks.
    public init(_ run: @escaping @Sendable (@escaping () -> Void) -> Void) {
        self.init(run, deliversToEventLoop: false)
    }

    private init(_ run: @escaping @Sendable (@escaping () -> Void) -> Void, deliversToEventLoop: Bool) {
        self.run = run
        self.deliversToEventLoop = deliversToEventLoop
    }
}
