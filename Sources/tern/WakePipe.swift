import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe whose read end wakes the curses poll: `signal()` from any thread makes it
/// readable, and the loop `drain()`s it before taking events. Both ends are non-blocking,
/// so a full pipe (many wake-ups before the loop runs) never stalls a poster.
final class WakePipe: @unchecked Sendable {
    // @unchecked: the descriptors are set once in init; write(2) and read(2) are thread-safe.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandFailure(tr(.cliCannotCreatePipe, ["reason": SystemErrorText.describe(errno)]))
        }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }
}
