import Foundation
import TerminalUI
import ViewModels

/// The app's loop: sleeps until a key, a posted event or the next timer (never
/// busy-polls), hands keys to the controller and every other event (store callbacks,
/// catalog readiness, finished background work, timers) to the app through the one
/// `EventQueue`, then draws only what changed.
public final class EventLoop {
    public let app: AppViewModel
    public let controller: AppController
    public let renderer: AppRenderer
    public let frames: FrameRenderer
    public let backend: TerminalBackend
    /// Looks for other processes' commits; runs on the `.storePoll` timer every `pollInterval` ms.
    public var pollExternalChanges: () -> Void = {}
    public var pollInterval = 250
    /// How often (ms) the session file is looked at for another process's sign-in or sign-out.
    public var sessionCheckInterval = 500
    /// Empties the wake-up channel that posting to the queue fills (the curses wake-up pipe).
    public var drainWakeUps: () -> Void = {}
    /// Called after each frame is flushed (for measurements).
    public var onFrame: () -> Void = {}
    private var dirty = true
    /// The event that ended a run of typed keys (`gatheringTyped`): handled next.
    private var heldEvent: InputEvent?

    public var events: EventQueue { app.events }

    public init(app: AppViewModel, backend: TerminalBackend, now: @escaping () -> Date = Date.init) {
        self.app = app
        self.backend = backend
        self.controller = AppController(app: app)
        self.renderer = AppRenderer(app: app, markers: Markers.forLocale(isUTF8: backend.isUTF8), now: now)
        self.frames = FrameRenderer(backend: backend)
        app.onChange = { [weak self] in self?.dirty = true }
    }

    /// Starts the view models and the loop's timers, and draws the first frame.
    public func start() {
        app.start()
        schedulePoll()
        scheduleSessionCheck()
        scheduleClock()
        settle()
        if dirty { draw() }
    }

    /// Runs until the app quits.
    public func run() {
        start()
        while !app.state.isQuitting {
            step()
        }
        app.stop()
    }

    /// One turn: wait for a key, a posted event or the next timer (at most `timeout` ms
    /// when given), then bring the screen up to date.
    public func step(timeout: Int? = nil) {
        if let held = heldEvent {
            heldEvent = nil
            handle(gatheringTyped(held))
        } else {
            let wait = [timeout, events.millisecondsUntilNextTimer()].compactMap { $0 }.min()
            if let event = backend.nextEvent(timeout: wait) {
                handle(gatheringTyped(event))
            }
        }
        settle()
    }

    /// Keys typed into a field that are already waiting when the first is read are taken
    /// with it as one edit, as a paste is: the search runs once for them, not once per key,
    /// so typing (or a paste from a terminal without bracketed paste) never waits behind
    /// the searches its own later keys make stale. The first other event ends the run and
    /// is handled next, in order.
    func gatheringTyped(_ first: InputEvent) -> InputEvent {
        guard var text = controller.typedText(first) else { return first }
        var gathered = 1
        while let next = backend.nextEvent(timeout: 0) {
            guard let typed = controller.typedText(next) else {
                heldEvent = next
                break
            }
            text += typed
            gathered += 1
        }
        return gathered == 1 ? first : .paste(text)
    }

    /// Handles one terminal event and brings the screen up to date, without waiting.
    public func process(_ event: InputEvent) {
        handle(event)
        settle()
    }

    /// Applies the waiting events and due timers, then draws if anything changed.
    public func settle() {
        drainWakeUps()
        app.handlePendingEvents()
        if dirty { draw() }
    }

    public func handle(_ event: InputEvent) {
        if case .resize = event {
            frames.invalidate()
            dirty = true
        }
        if case .key(.ctrl("z")) = event {
            backend.suspend()
            frames.invalidate()
            dirty = true
            return
        }
        controller.handle(event)
    }

    /// Draws a frame of the backend's size (only changed cells are sent).
    public func draw() {
        let frame = renderer.frame(size: backend.size)
        controller.layout = frame.layout
        frames.render(frame.buffer, cursor: frame.cursor, images: frame.images)
        if let area = frame.layout.listArea, let offset = frame.layout.listOffset {
            app.screen.listShown(offset: offset, rows: area.height)
        }
        dirty = false
        if app.state.tab == .places { app.places.detailShown(frame.layout.showsDetailPane) }
        onFrame()
    }

    private func schedulePoll() {
        events.schedule(.storePoll, after: Double(pollInterval) / 1000) { [weak self] in
            self?.pollExternalChanges()
            self?.schedulePoll()
        }
    }

    /// A sign-in or sign-out in another process changes the session file, and an import of
    /// places the catalog's imports file: one `stat` of each a tick.
    private func scheduleSessionCheck() {
        events.schedule(.named("session.check"), after: Double(sessionCheckInterval) / 1000) { [weak self] in
            self?.app.profile.checkSession()
            self?.app.places.followCatalog()
            self?.scheduleSessionCheck()
        }
    }

    /// Relative times age: redraw now and then even when nothing changed.
    private func scheduleClock() {
        events.schedule(.clock, after: 20) { [weak self] in
            self?.dirty = true
            self?.scheduleClock()
        }
    }
}
