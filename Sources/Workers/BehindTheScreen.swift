import Glibc

/// Lowers the calling thread's scheduling priority, for a thread that only does work the
/// screen can wait for (a pass over a folder of 20,000 places): on a loaded two-core
/// machine, the event loop's thread then gets the processor first, and a keystroke's frame
/// does not wait for the pass. Affects this thread only (Linux's nice is per thread); call
/// it only on a thread of the work's own, since an unprivileged process cannot raise a
/// thread's priority again.
public enum BehindTheScreen {
    /// The nice value such a thread runs at.
    public static let niceness: Int32 = 10

    public static func lowerThisThread() {
        // On Linux, 0 names the calling thread, not the whole process.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }
}
