/// A terminal for tests: keeps the screen in a `Buffer`, records what was drawn and serves
/// a scripted queue of events.
public final class InMemoryBackend: TerminalBackend {
    public private(set) var size: Size
    public var isUTF8: Bool
    /// The screen as the terminal would show it after the last flush.
    public private(set) var screen: Buffer
    /// The screen including draws not flushed yet.
    public private(set) var pending: Buffer
    public private(set) var cursor: Position?
    /// The changes of each flushed frame, oldest first.
    public private(set) var frames: [[CellChange]] = []
    private var unflushed: [CellChange] = []
    /// How many times the app suspended itself (Ctrl-Z).
    public private(set) var suspensions = 0
    /// Events `nextEvent` returns, front first.
    public var events: [InputEvent]
    /// The pictures over the screen (kitty graphics) as last placed.
    public private(set) var images: [ImagePlacement] = []
    /// The escapes a kitty terminal would have been sent for them, oldest first.
    public private(set) var graphicsOutput = ""
    private var imageLayer = KittyImageLayer()

    public init(width: Int, height: Int, isUTF8: Bool = true, events: [InputEvent] = []) {
        self.size = Size(width: width, height: height)
        self.isUTF8 = isUTF8
        self.screen = Buffer(width: width, height: height)
        self.pending = screen
        self.events = events
    }

    public func draw(_ changes: [CellChange]) {
        for change in changes {
            pending[change.row, change.column] = change.cell
            if TextWidth.of(change.cell.symbol) == 2 {
                pending[change.row, change.column + 1] = Cell("", style: change.cell.style)
            }
        }
        unflushed += changes
    }

    public func setCursor(_ position: Position?) {
        cursor = position
    }

    public func placeImages(_ placements: [ImagePlacement], afresh: Bool) {
        images = placements
        graphicsOutput += imageLayer.update(to: placements, afresh: afresh)
    }

    public func flush() {
        screen = pending
        frames.append(unflushed)
        unflushed = []
    }

    public func nextEvent(timeout: Int?) -> InputEvent? {
        events.isEmpty ? nil : events.removeFirst()
    }

    /// Changes the size, queues the resize event and blanks the screen, as a terminal does.
    public func resize(width: Int, height: Int) {
        size = Size(width: width, height: height)
        screen = Buffer(width: width, height: height)
        pending = screen
        events.append(.resize(size))
    }

    /// Stands for a stop and a continue: the terminal comes back blank, as after `fg`.
    public func suspend() {
        suspensions += 1
        screen = Buffer(size: size)
        pending = screen
    }
}
