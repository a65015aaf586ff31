/// What the app needs from a terminal. The curses backend and `InMemoryBackend` implement it.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Whether the terminal's locale is UTF-8 (else use `Markers.ascii`).
    var isUTF8: Bool { get }
    /// Sends changed cells; they show after `flush()`.
    func draw(_ changes: [CellChange])
    /// Where to show the cursor (for a focused text field), or nil to hide it.
    func setCursor(_ position: Position?)
    /// Shows everything drawn since the last flush, at once.
    func flush()
    /// Waits up to `timeout` milliseconds (forever when nil) for input. Returns nil when the
    /// time ran out or the backend's wake-up descriptor became readable.
    func nextEvent(timeout: Int?) -> InputEvent?
    /// Ctrl-Z: gives the terminal back and stops the process as a shell's job; returns when
    /// the job is continued (`fg`), with the terminal taken again (the caller redraws it all).
    func suspend()
    /// The pictures to show over the next flushed frame (kitty graphics), all of them;
    /// `afresh` when the whole screen is being redrawn. A backend without pictures ignores them.
    func placeImages(_ placements: [ImagePlacement], afresh: Bool)
}

extension TerminalBackend {
    public func placeImages(_ placements: [ImagePlacement], afresh: Bool) {}
}
