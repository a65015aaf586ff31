/// Something that happened away from the keyboard and changes state on the event loop's
/// thread. Every such thing reaches the loop as one of these, through one `EventQueue`, in
/// the order it happened (keys come from the terminal; these come from everything else).
public enum AppEvent {
    /// A store listener has a new snapshot: the store's executor posts the listener's
    /// callback instead of running it inside the write or on the store's thread.
    case storeChanged(() -> Void)
    /// The place catalog finished loading in the background, or could not be loaded.
    case catalogLoaded(Result<Void, Error>)
    /// A piece of `BackgroundWork` finished on its worker thread; delivering it applies the
    /// answer, unless a newer request or a cancel made it stale.
    case workFinished(WorkCompletion)
    /// A timer came due; its action runs on the loop's thread.
    case timerFired(TimerID, () -> Void)

    /// What kind of event this is, for tests and traces.
    public var kind: Kind {
        switch self {
        case .storeChanged: return .storeChanged
        case .catalogLoaded: return .catalogLoaded
        case .workFinished(let completion): return .workFinished(completion.lane)
        case .timerFired(let id, _): return .timerFired(id)
        }
    }

    public enum Kind: Hashable, Sendable {
        case storeChanged, catalogLoaded
        case workFinished(WorkLane)
        case timerFired(TimerID)
    }
}

/// Names a timer. Scheduling a timer with the name of one still waiting replaces it, which
/// is a debounce: only the last of a burst fires.
public enum TimerID: Hashable, Sendable {
    /// The toast's time is up.
    case toastExpiry
    /// Look for other processes' commits (every `EventLoop.pollInterval`).
    case storePoll
    /// Relative times ("2m") age: redraw now and then even when nothing changed.
    case clock
    /// A timer a feature names itself (a debounced search per provider, a retry).
    case named(String)
}
