import Foundation
import TerminalUI
import ViewModels

/// The app's loop: waits for a key or the ~250 ms timer (never busy-polls), hands events to
/// the controller, delivers store callbacks, polls for other processes' commits, expires
/// toasts, runs slow work after the frame that announces it, and draws only what changed.
public final class EventLoop {
    public let app: AppViewModel
    public let controller: AppController
    public let renderer: AppRenderer
    public let frames: FrameRenderer
    public let backend: TerminalBackend
    /// Runs the store callbacks waiting for the loop; called after every event.
    public var deliverCallbacks: () -> Void = {}
    /// Looks for other processes' commits; called about every `pollInterval` ms.
    public var pollExternalChanges: () -> Void = {}
    public var pollInterval = 250
    /// Called after each frame is flushed (for measurements).
    public var onFrame: () -> Void = {}
    private var dirty = true
    private var lastDraw = Date.distantPast
    private var lastPoll = Date.distantPast

    public init(app: AppViewModel, backend: TerminalBackend, now: @escaping () -> Date = Date.init) {
        self.app = app
        self.backend = backend
        self.controller = AppController(app: app)
        self.renderer = AppRenderer(app: app, markers: Markers.forLocale(isUTF8: backend.isUTF8), now: now)
        self.frames = FrameRenderer(backend: backend)
        app.onChange = { [weak self] in self?.dirty = true }
    }

    /// Starts the view models and draws the first frame.
    public func start() {
        app.start()
        deliverCallbacks()
        draw()
    }

    /// Runs until the app quits.
    public func run() {
        start()
        while !app.state.isQuitting {
            step(timeout: pollInterval)
        }
        app.stop()
    }

    /// One turn: wait up to `timeout` ms for an event, then bring the screen up to date.
    public func step(timeout: Int?) {
        if let event = backend.nextEvent(timeout: timeout) {
            handle(event)
        }
        deliverCallbacks()
        let now = Date()
        if now.timeIntervalSince(lastPoll) * 1000 >= Double(pollInterval) {
            lastPoll = now
            pollExternalChanges()
            deliverCallbacks()
        }
        app.tick()
        // Relative times age: redraw now and then even when nothing changed.
        if dirty || now.timeIntervalSince(lastDraw) > 20 { draw() }
        if app.scheduler.runPending() {
            deliverCallbacks()
            draw()
        }
    }

    /// Handles one event and brings the screen up to date, without waiting or polling.
    public func process(_ event: InputEvent) {
        handle(event)
        settle()
    }

    /// Delivers callbacks, expires toasts, draws, runs slow work and draws again.
    public func settle() {
        deliverCallbacks()
        app.tick()
        if dirty { draw() }
        if app.scheduler.runPending() {
            deliverCallbacks()
            draw()
        }
    }

    public func handle(_ event: InputEvent) {
        if case .resize = event {
            frames.invalidate()
            dirty = true
        }
        controller.handle(event)
    }

    /// Draws a frame of the backend's size (only changed cells are sent).
    public func draw() {
        let frame = renderer.frame(size: backend.size)
        controller.layout = frame.layout
        frames.render(frame.buffer, cursor: frame.cursor)
        dirty = false
        lastDraw = Date()
        onFrame()
    }
}
