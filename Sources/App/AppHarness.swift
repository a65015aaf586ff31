import Foundation
import TerminalUI
import ViewModels

/// The whole app against an in-memory terminal, for tests: keys go through the real keymap,
/// controller and view models, and every frame is drawn as the terminal would show it.
public final class AppHarness {
    public let backend: InMemoryBackend
    public let app: AppViewModel
    public let loop: EventLoop
    /// What the harness's services need alive for as long as it is used (a test's store and
    /// clock), since Swift may release a test's local right after its last use.
    public var keepsAlive: AnyObject?

    /// Starts the app on `services` in a `width` × `height` terminal. Events (store
    /// callbacks a store posts to `events`, answers of background work, timers on `now`)
    /// are applied after each key, as the real loop does; background work runs on `work`:
    /// at once by default, or held until a test releases it (`HeldWorkExecutor`).
    public init(
        width: Int, height: Int, services: ScreenServices, isUTF8: Bool = true,
        now: @escaping () -> Date = Date.init, events: EventQueue? = nil,
        work: WorkExecutor = InlineWorkExecutor()
    ) {
        backend = InMemoryBackend(width: width, height: height, isUTF8: isUTF8)
        let events = events ?? EventQueue(now: now)
        app = AppViewModel(
            services: services, events: events, work: BackgroundWork(queue: events, executor: work), now: now)
        loop = EventLoop(app: app, backend: backend, now: now)
        loop.start()
    }

    /// Presses one key: a name such as `"enter"`, `"shift-tab"`, `"ctrl-c"`, or one character.
    public func press(_ name: String) {
        press(Key(stringLiteral: name))
    }

    public func press(_ key: Key) {
        loop.process(.key(key))
    }

    /// Types each character of `text` as a key press.
    public func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Pastes `text` as a terminal with bracketed paste delivers it: one event.
    public func paste(_ text: String) {
        loop.process(.paste(text))
    }

    public func click(row: Int, column: Int) {
        loop.process(.mouse(.click(Position(row: row, column: column))))
    }

    public func wheel(down: Bool, row: Int, column: Int) {
        let position = Position(row: row, column: column)
        loop.process(.mouse(down ? .wheelDown(position) : .wheelUp(position)))
    }

    public func resize(width: Int, height: Int) {
        backend.resize(width: width, height: height)
        if let event = backend.nextEvent(timeout: 0) { loop.process(event) }
    }

    /// Applies what arrived without a key press (store changes, finished work, timers due
    /// on the clock) and draws what changed, as the loop does when it wakes.
    public func settle() {
        loop.settle()
    }

    /// Redraws after changes made outside key presses (another process, time passing).
    public func refresh() {
        loop.settle()
        loop.draw()
    }

    /// The screen as text lines (trailing spaces kept).
    public var lines: [String] { backend.screen.lines }

    /// The screen as one string, lines joined by newlines, trailing spaces trimmed.
    public var text: String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    public var screen: Buffer { backend.screen }

    /// The first screen line containing `text`, if any.
    public func line(containing text: String) -> String? {
        lines.first { $0.contains(text) }
    }
}
