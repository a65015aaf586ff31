import Workers

/// A line of background work that shares one rule about overlapping requests. Features
/// name their own lanes: one per online place provider, one for a form's submission, one
/// for the writes a server must receive in order. Each runs on one of the process's
/// worker lanes (`worker`).
public struct WorkLane: Hashable, Sendable {
    /// What happens to a request made while another of the lane is in flight.
    public enum Policy: Hashable, Sendable {
        /// Only the newest request matters (a search as you type): at most one runs, the
        /// newest waits behind it, older waiting ones are dropped unrun, and an answer that
        /// arrives after a newer request was made is dropped unapplied.
        case latestOnly
        /// Every request runs and is applied, one at a time, in the order made (writes).
        case inOrder
    }

    public var name: String
    public var policy: Policy
    /// True when the lane's work runs below the screen's priority (`BehindTheScreen`): a
    /// pass the screen can wait for, so its keystrokes do not wait for the pass.
    public var isBehindTheScreen = false
    /// The worker lane whose thread runs this lane's work (the passes' lane when behind the screen).
    public var worker: Lane { isBehindTheScreen ? .passes : placedOn }
    private var placedOn: Lane

    public init(_ name: String, policy: Policy, on worker: Lane = .reads) {
        self.name = name
        self.policy = policy
        self.placedOn = worker
    }

    /// The same lane, its work run below the screen's priority.
    public var behindTheScreen: WorkLane {
        var lane = self
        lane.isBehindTheScreen = true
        return lane
    }

    /// Submitting a profile form: password hashing and the account calls.
    public static let accounts = WorkLane("accounts", policy: .latestOnly, on: .compute)
}
