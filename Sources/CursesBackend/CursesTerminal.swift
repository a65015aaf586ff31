import CNCursesW
import Glibc
import Localization
import TerminalUI

/// Whether curses currently owns the terminal; read by the exit and signal handlers.
/// `nonisolated(unsafe)`: set on the loop's thread only, and a signal handler cannot take a lock.
nonisolated(unsafe) private var cursesActive = false

/// Restores the terminal if curses owns it. Safe to call more than once.
private func restoreTerminal() {
    if cursesActive {
        cursesActive = false
        setBracketedPaste(on: false)
        endwin()
    }
}

/// Asks the terminal to mark pasted text (`\e[200~` … `\e[201~`), as fzf and bubbletea do;
/// a plain `write`, so that the signal handlers may turn it off too.
private func setBracketedPaste(on: Bool) {
    let sequence: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
}

/// The terminal through ncursesw: raw keys (Ctrl-C arrives as `.ctrl("c")`), instant Esc,
/// default colours (none when `NO_COLOR` is set), mouse clicks and wheel, resize events,
/// and drawing of changed cells only with one `doupdate` per frame.
///
/// The terminal is restored by `close()`, on normal exit (`atexit`) and on SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT. `nextEvent(timeout:)` sleeps in `poll()` on stdin and the optional
/// `wakeDescriptor`, so an idle app uses no CPU.
public final class CursesTerminal: TerminalBackend {
    public enum Failure: Error, CustomStringConvertible {
        case noTerminal(String)
        /// A terminal that cannot move the cursor (`TERM=dumb`): the screen cannot be drawn.
        case cannotAddressCursor(String)
        public var description: String {
            switch self {
            case .noTerminal(let term): return tr(.errorNoTerminal, ["term": term])
            case .cannotAddressCursor(let term): return tr(.errorTerminalCannotAddress, ["term": term])
            }
        }
    }

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let usesColor: Bool
    private var colorPairs: [Pair: Int16] = [:]
    private var cursor: Position?
    private var cursorShown = false
    private var closed = false
    /// A descriptor whose readability wakes `nextEvent` (it returns nil); the owner drains it.
    public var wakeDescriptor: Int32?
    /// The faces placed with kitty graphics, and the escapes the next flush sends after
    /// curses has drawn its cells.
    private var images = KittyImageLayer()
    private var imageEscapes = ""
    private var sentImages = false
    public let isUTF8: Bool

    private struct Pair: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Sets the locale from the environment and says whether it is UTF-8 (`nl_langinfo(nl_item(CODESET))`).
    /// A UTF-8 locale the machine does not have (`LANG=ko_KR.UTF-8` on a fresh system) still
    /// gets UTF-8 characters, through `C.UTF-8`, rather than ASCII.
    public static var isUTF8: Bool {
        if setlocale(LC_ALL, "") == nil, Markers.isUTF8Locale(environment: processEnvironment) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased().filter { $0 != "-" }
        return name == "UTF8"
    }

    /// Takes over the terminal. With `mouse`, clicks and the wheel are reported (terminal
    /// text selection then needs Shift).
    public init(mouse: Bool = true, environment: [String: String] = CursesTerminal.processEnvironment) throws {
        isUTF8 = CursesTerminal.isUTF8
        guard let screen = newterm(nil, tern_stdout(), tern_stdin()) else {
            throw Failure.noTerminal(environment["TERM"] ?? "")
        }
        self.screen = screen
        set_term(screen)
        let moveCursor = tigetstr("cup")
        guard let moveCursor, Int(bitPattern: moveCursor) != -1 else {
            endwin()
            delscreen(screen)
            throw Failure.cannotAddressCursor(environment["TERM"] ?? "")
        }
        window = tern_stdscr()
        cursesActive = true
        CursesTerminal.installHandlers()

        raw()
        noecho()
        nonl()
        keypad(window, true)
        CursesTerminal.defineMissingKeys()
        set_escdelay(25)
        curs_set(0)
        leaveok(window, false)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            usesColor = true
        } else {
            usesColor = false
        }
        if mouse {
            mouseinterval(0)
            mousemask(tern_button1_pressed() | tern_button4_pressed() | tern_button5_pressed(), nil)
        }
        wclear(window)
        wnoutrefresh(window)
        doupdate()
        setBracketedPaste(on: true)
    }

    /// The codes curses reports for the start and end of a bracketed paste.
    static let pasteStart = KEY_MAX + 1
    static let pasteEnd = KEY_MAX + 2

    /// The sequences terminals and tmux send for Home, End, PgUp and PgDn whatever TERM says
    /// (tmux sends `\e[1~` and `\e[4~` under TERM=xterm-256color, whose terminfo has only
    /// `\eOH` and `\eOF`); without them those keys would arrive as loose characters.
    static let extraKeySequences: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
    ]

    /// Teaches curses each of `extraKeySequences` that the terminfo entry does not define
    /// (a sequence it defines keeps its meaning).
    private static func defineMissingKeys() {
        for (sequence, code) in extraKeySequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
        define_key("\u{1B}[200~", pasteStart)
        define_key("\u{1B}[201~", pasteEnd)
    }

    /// The process environment as a dictionary.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    deinit {
        close()
    }

    /// Ctrl-Z in raw mode is a key, not a signal: leave curses, stop with the default SIGTSTP
    /// action, and on SIGCONT take the terminal back (the app then redraws every cell).
    public func suspend() {
        guard !closed else { return }
        if sentImages { writeOut(images.update(to: [], afresh: false)) }
        imageEscapes = ""
        setBracketedPaste(on: false)
        endwin()
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
        wclear(window)
        wnoutrefresh(window)
        doupdate()
        setBracketedPaste(on: true)
    }

    /// Gives the terminal back (`endwin`). Later draws are ignored.
    public func close() {
        guard !closed else { return }
        closed = true
        if sentImages { writeOut(KittyGraphics.deleteAll) }
        restoreTerminal()
        delscreen(screen)
    }

    /// `nonisolated(unsafe)`: read and set on the loop's thread only, when a terminal is opened.
    nonisolated(unsafe) private static var handlersInstalled = false

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { restoreTerminal() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(signalNumber) { received in
                restoreTerminal()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    public var size: Size {
        Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    // MARK: Drawing

    public func draw(_ changes: [CellChange]) {
        guard !closed else { return }
        for change in changes {
            put(change.cell, row: change.row, column: change.column)
        }
    }

    /// What a locale that is not UTF-8 shows instead of a character it cannot: the ASCII
    /// look-alike of a separator or line, else `?` (one per column, so nothing shifts).
    static func asciiStandIn(_ symbol: String) -> String {
        if symbol.unicodeScalars.allSatisfy({ $0.value < 0x7F }) { return symbol }
        switch symbol {
        case "·", "─", "━", "–", "—": return "-"
        case "│", "┃": return "|"
        case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼": return "+"
        case "…": return "~"
        case "↑": return "^"
        case "↓": return "v"
        case "•", "★": return "*"
        case "●": return "o"
        case "◆": return "#"
        case "◇": return "%"
        case "⇄": return "="
        case "⠀": return " "
        default:
            // The map's braille dots read as dots; anything else is a visible placeholder.
            if let first = symbol.unicodeScalars.first, (0x2800...0x28FF).contains(first.value) { return "." }
            return "?"
        }
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        var cell = cell
        // The width as laid out: a wide character's stand-in still covers both its columns.
        let ourWidth = TextWidth.of(cell.symbol)
        if !isUTF8 { cell.symbol = Self.asciiStandIn(cell.symbol) }
        // Curses holds a spacing character and the zero-width ones that follow it; of a
        // sequence of several pictures (ZWJ emoji, flags) only the first is drawn.
        var scalars: [Unicode.Scalar] = []
        for scalar in cell.symbol.unicodeScalars {
            if scalars.isEmpty {
                scalars.append(scalar)
            } else if scalar.value != 0x200D && tern_wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
                scalars.append(scalar)
            } else {
                break
            }
            if scalars.count == Int(CCHARW_MAX) { break }
        }
        if scalars.isEmpty { scalars = [" "] }
        var attributes: attr_t = 0
        var pair: Int16 = 0
        attributesAndPair(cell.style, attributes: &attributes, pair: &pair)
        var character = cchar_t()
        var wide = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
        if setcchar(&character, &wide, attributes, pair, nil) == ERR {
            wide = [wchar_t(bitPattern: scalars[0].value), 0]
            setcchar(&character, &wide, attributes, pair, nil)
        }
        mvwadd_wch(window, Int32(row), Int32(column), &character)
        if ourWidth == 2 && tern_wcwidth(wide[0]) != 2 {
            // The terminal takes it as narrow: blank the second column ourselves.
            var blank = cchar_t()
            var space: [wchar_t] = [32, 0]
            setcchar(&blank, &space, attributes, pair, nil)
            mvwadd_wch(window, Int32(row), Int32(column + 1), &blank)
        }
    }

    private func attributesAndPair(_ style: Style, attributes: inout attr_t, pair: inout Int16) {
        if style.bold { attributes |= tern_attr_bold() }
        if style.dim { attributes |= tern_attr_dim() }
        if style.underline { attributes |= tern_attr_underline() }
        if style.reverse { attributes |= tern_attr_reverse() }
        guard usesColor, style.foreground != .default || style.background != .default else { return }
        let colors = tern_colors()
        var brightOnFewColors = false
        // True colour when terminfo has direct colour (COLORS is 2^24, e.g. TERM=xterm-direct),
        // else the nearest of the 256 or 16 colours the terminal has.
        func number(_ color: Color) -> Int32 {
            if colors >= 0x100_0000, case .rgb = color, let (red, green, blue) = color.components {
                return Int32(red << 16 | green << 8 | blue)
            }
            guard let index = color.nearestIndex(among: colors >= 256 ? 256 : 16) else { return -1 }
            if index >= 8 && colors < 16 {
                brightOnFewColors = true
                return Int32(index - 8)
            }
            return Int32(index)
        }
        let key = Pair(foreground: number(style.foreground), background: number(style.background))
        if brightOnFewColors { attributes |= tern_attr_bold() }
        if let existing = colorPairs[key] {
            pair = existing
            return
        }
        let next = Int16(colorPairs.count + 1)
        guard Int(next) < tern_color_pairs() else { return }
        init_extended_pair(Int32(next), key.foreground, key.background)
        colorPairs[key] = next
        pair = next
    }

    public func setCursor(_ position: Position?) {
        cursor = position
    }

    public func flush() {
        guard !closed else { return }
        if let cursor {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorShown {
                curs_set(1)
                cursorShown = true
            }
        } else if cursorShown {
            curs_set(0)
            cursorShown = false
        }
        wnoutrefresh(window)
        doupdate()
        if !imageEscapes.isEmpty {
            // Saved and restored around the pictures, so curses' idea of the cursor stays true.
            writeOut("\u{1B}7" + imageEscapes + "\u{1B}8")
            imageEscapes = ""
            sentImages = true
        }
    }

    public func placeImages(_ placements: [ImagePlacement], afresh: Bool) {
        guard !closed else { return }
        imageEscapes += images.update(to: placements, afresh: afresh)
    }

    private func writeOut(_ text: String) {
        var bytes = Array(text.utf8)
        var at = 0
        while at < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + at, $0.count - at) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            at += written
        }
        bytes.removeAll()
    }

    /// Makes the next flush repaint the whole screen (after something else wrote to it).
    public func repaintAll() {
        clearok(tern_curscr(), true)
    }

    // MARK: Input

    public func nextEvent(timeout: Int?) -> InputEvent? {
        guard !closed else { return nil }
        if let event = readAvailable() { return event }
        let deadline = timeout.map { monotonicMilliseconds() + $0 }
        while true {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if let wakeDescriptor {
                descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let wait = deadline.map { Int32(max(0, $0 - monotonicMilliseconds())) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 {
                guard errno == EINTR else { return nil }
                // A signal such as SIGWINCH: curses may now have a KEY_RESIZE queued.
                if let event = readAvailable() { return event }
                continue
            }
            if ready == 0 { return nil }
            if descriptors[0].revents != 0, let event = readAvailable() { return event }
            if descriptors.count > 1, descriptors[1].revents != 0 { return nil }
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
            if let deadline, monotonicMilliseconds() >= deadline { return nil }
        }
    }

    private func monotonicMilliseconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec * 1000 + spec.tv_nsec / 1_000_000
    }

    /// Reads input curses already has or stdin holds, without waiting; skips keys that
    /// mean nothing to the app.
    private func readAvailable() -> InputEvent? {
        nodelay(window, true)
        while true {
            var value: wint_t = 0
            let result = wget_wch(window, &value)
            if result == ERR { return nil }
            if result != KEY_CODE_YES && value == 27, let alt = altKey() { return alt }
            if result == KEY_CODE_YES && Int32(value) == Self.pasteStart { return pastedText() }
            let event = result == KEY_CODE_YES ? functionKey(Int32(value)) : character(UInt32(value))
            if let event { return event }
        }
    }

    /// The text up to the end of a bracketed paste (or until the terminal stops sending it):
    /// line ends become line breaks, other control characters and keys are left out.
    private func pastedText() -> InputEvent {
        var text = String.UnicodeScalarView()
        var afterReturn = false
        wtimeout(window, 500)
        defer { nodelay(window, true) }
        while true {
            var value: wint_t = 0
            let result = wget_wch(window, &value)
            if result == ERR || (result == KEY_CODE_YES && Int32(value) == Self.pasteEnd) { break }
            guard result != KEY_CODE_YES, let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            defer { afterReturn = scalar.value == 13 }
            switch scalar.value {
            case 10 where afterReturn: continue
            case 10, 13: text.append("\n")
            case 9: text.append(" ")
            case 0..<32, 127: continue
            default: text.append(scalar)
            }
        }
        return .paste(String(text))
    }

    /// Esc followed at once by Enter is Alt-Enter (terminals send Alt as an Esc prefix);
    /// anything else after the Esc is put back to be read as its own key.
    private func altKey() -> InputEvent? {
        var next: wint_t = 0
        let result = wget_wch(window, &next)
        if result == ERR { return nil }
        if result != KEY_CODE_YES && (next == 13 || next == 10) { return .key(.altEnter) }
        if result == KEY_CODE_YES { ungetch(Int32(next)) } else { unget_wch(wchar_t(bitPattern: UInt32(next))) }
        return nil
    }

    private func character(_ value: UInt32) -> InputEvent? {
        switch value {
        case 3: return .key(.ctrl("c"))
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        // Enter sends CR (13, with `nonl`); LF (10) is Ctrl-J, a line break in a post.
        case 13: return .key(.enter)
        case 10: return .key(.ctrl("j"))
        case 27: return .key(.escape)
        case 1...26: return .key(.ctrl(Character(Unicode.Scalar(value + 96)!)))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    private func functionKey(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME, KEY_A1: return .key(.home)
        case KEY_END, KEY_C1: return .key(.end)
        case KEY_PPAGE, KEY_A3: return .key(.pageUp)
        case KEY_NPAGE, KEY_C3: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case KEY_RESIZE:
            clearok(tern_curscr(), true)
            return .resize(size)
        case KEY_MOUSE: return mouseEvent()
        default:
            let f0 = tern_key_f0()
            if code > f0 && code <= f0 + 24 { return .key(.function(Int(code - f0))) }
            return nil
        }
    }

    private func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let position = Position(row: Int(event.y), column: Int(event.x))
        if event.bstate & tern_button4_pressed() != 0 { return .mouse(.wheelUp(position)) }
        if event.bstate & tern_button5_pressed() != 0 { return .mouse(.wheelDown(position)) }
        if event.bstate & (tern_button1_pressed() | tern_button1_clicked()) != 0 { return .mouse(.click(position)) }
        return nil
    }
}
