import Foundation

/// Monotonic time in seconds.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` and returns how long it took, in seconds.
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

/// Milliseconds with three decimals, for the tables.
func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

/// Resident memory of this process in megabytes (from /proc/self/statm).
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
