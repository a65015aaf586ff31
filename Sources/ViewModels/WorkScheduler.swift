/// Runs slow work (password hashing) after the next frame is drawn, so that a `Signing in…`
/// state shows first. Tests run the work at once.
public final class WorkScheduler {
    private var pending: [() -> Void] = []
    /// When true, `schedule` runs the work at once.
    public var runsImmediately: Bool

    public init(runsImmediately: Bool = false) {
        self.runsImmediately = runsImmediately
    }

    public func schedule(_ work: @escaping () -> Void) {
        if runsImmediately { work() } else { pending.append(work) }
    }

    public var hasWork: Bool { !pending.isEmpty }

    /// Runs the waiting work in order; returns whether any ran.
    @discardableResult
    public func runPending() -> Bool {
        guard !pending.isEmpty else { return false }
        let work = pending
        pending = []
        for item in work { item() }
        return true
    }
}
