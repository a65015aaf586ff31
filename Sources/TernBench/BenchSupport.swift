import App
import DocStore
import Foundation
import TerminalUI

/// Monotonic time in seconds.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` and returns its duration in seconds.
@discardableResult
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

/// Summary statistics of a list of durations (seconds).
struct Timings {
    var samples: [Double]

    init(_ samples: [Double]) { self.samples = samples.sorted() }

    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(samples.count - 1)).rounded())
        return samples[Swift.min(Swift.max(rank, 0), samples.count - 1)]
    }

    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var max: Double { samples.last ?? 0 }
    var mean: Double { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }
}

/// 300 frames of the harness's current screen, each rendered and diffed against the one before.
func frameTimings(_ harness: AppHarness) -> Timings {
    var previous = harness.loop.renderer.frame(size: harness.backend.size).buffer
    return Timings(
        (0..<300).map { _ in
            measure {
                let next = harness.loop.renderer.frame(size: harness.backend.size).buffer
                _ = BufferDiff(from: previous, to: next)
                previous = next
            }
        })
}

/// Milliseconds with three decimals, for the tables.
/// One line to standard output at once (unbuffered, so the parent reading the pipe sees it now).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

/// Resident memory of this process in megabytes (from /proc/self/statm).
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// What `spawn` reports of a finished child process.
struct SpawnResult {
    var status: Int32
    /// Spawn to exit, in seconds.
    var wall: Double
    /// The child's peak resident memory (`ru_maxrss`), in megabytes.
    var peakMegabytes: Double
}

/// Runs a program (found on PATH) with stdout to /dev/null and waits for it: posix_spawnp, not
/// Foundation's Process, whose waitUntilExit polls and rounds short runs up to its polling
/// interval.
@discardableResult
func spawn(_ arguments: [String], environment: [String: String] = [:]) throws -> SpawnResult {
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let start = now()
    let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    guard started == 0 else { throw BenchError("cannot start \(arguments[0]): error \(started)") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    return SpawnResult(status: status, wall: now() - start, peakMegabytes: Double(usage.ru_maxrss) / 1024)
}

/// Writes a data set in batches: `added()` after each write into `batch` commits every
/// `size` writes, `finish()` the rest.
final class BatchedWrites {
    private let store: DocumentStore
    private let size: Int
    private(set) var batch: WriteBatch
    private var pending = 0

    init(_ store: DocumentStore, size: Int = 10_000) {
        self.store = store
        self.size = size
        batch = store.batch()
    }

    func added() throws {
        pending += 1
        if pending >= size { try finish() }
    }

    func finish() throws {
        try batch.commit()
        batch = store.batch()
        pending = 0
    }
}
