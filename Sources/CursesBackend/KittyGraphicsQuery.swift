import Glibc
import TerminalUI

/// Asks the terminal whether it draws kitty graphics, before curses takes it: the query
/// (`KittyGraphics.query`) goes out, and the answers are read for at most a bound. A
/// terminal that knows the protocol answers it before the device attributes every terminal
/// answers, so the wait ends as soon as the attributes come; only a terminal that answers
/// nothing waits the whole bound, and is taken as one without pictures.
public enum KittyGraphicsQuery {
    public static func ask(waitingAtMost milliseconds: Int) -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var quiet = saved
        // The answers are read as they come and never echoed.
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return false }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let query = Array(KittyGraphics.query.utf8)
        guard query.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == query.count else {
            return false
        }
        var probe = KittyGraphicsProbe()
        let deadline = now() + milliseconds
        var bytes = [UInt8](repeating: 0, count: 512)
        while true {
            let remaining = deadline - now()
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            if let answer = probe.feed(bytes[0..<count]) { return answer == .supported }
        }
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
