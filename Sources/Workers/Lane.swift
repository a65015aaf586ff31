/// One of the few ways work leaves the event loop's thread: each lane is one thread of its
/// own, started at its first job and kept, so a process runs at most `Lane.all.count`
/// worker threads whatever it does (see `Workers`).
public struct Lane: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// True when the lane's thread runs below the screen's priority (`BehindTheScreen`):
    /// work the screen can wait for, whose keystrokes must not wait for it.
    public let isBehindTheScreen: Bool

    init(_ name: String, behindTheScreen: Bool = false) {
        self.name = name
        self.isBehindTheScreen = behindTheScreen
    }

    public var description: String { name }

    /// The screens' writes to a team server, in the order made.
    public static let writes = Lane("writes")
    /// The screens' reads of a team server, and listeners started there.
    public static let reads = Lane("reads")
    /// Online place providers and connecting to a team server.
    public static let network = Lane("network")
    /// Sending the outbox and refreshing the replica.
    public static let sync = Lane("sync")
    /// Work for the processor alone: a password's hash, loading the place catalog.
    public static let compute = Lane("compute")
    /// The half of a place index build that runs beside the other (its trigram lists), which
    /// the build waits for: the build itself runs on `compute` or a command's own thread.
    public static let indexing = Lane("indexing")
    /// Passes over whole lists (a folder of 20,000 places, a feed's rows), behind the screen.
    public static let passes = Lane("passes", behindTheScreen: true)

    /// Every lane: the bound on a process's worker threads.
    public static let all: [Lane] = [.writes, .reads, .network, .sync, .compute, .indexing, .passes]
}
