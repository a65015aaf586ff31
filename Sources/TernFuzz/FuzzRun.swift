import Foundation
import PlainText
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one harness in this process until `deadline`: first every seed and corpus file
/// (so an input that once failed keeps failing until it is fixed), then mutations of them.
/// A broken invariant or an input running over its time limit (a second unless the harness
/// says otherwise) is written to the corpus as
/// `failure-…` or `hang-…` and ends the process with status 1; a crash is saved by the
/// parent from `scratchFile`, where each input is written before it runs.
struct FuzzRun: Sendable {
    let harness: FuzzHarness
    let corpusDirectory: String
    let scratchFile: String
    let deadline: Date
    let seed: UInt64

    func start() -> Never {
        try? FileManager.default.createDirectory(atPath: corpusDirectory, withIntermediateDirectories: true)
        let scratch = open(scratchFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard scratch >= 0 else { fail("cannot write \(scratchFile)") }
        let watchdog = Watchdog(limit: harness.timeLimit) {
            let input = FileManager.default.contents(atPath: scratchFile).map { [UInt8]($0) } ?? []
            self.save(input, kind: "hang", reason: "an input ran over \(self.harness.timeLimit) s")
            _exit(1)
        }
        var pool = harness.seeds() + FuzzCorpus.read(corpusDirectory)
        if pool.isEmpty { pool = [[]] }
        var mutator = Mutator(random: SeededRandom(seed: seed), tokens: harness.tokens.map { Array($0.utf8) })
        var count = 0
        func check(_ input: [UInt8]) {
            ftruncate(scratch, 0)
            _ = input.withUnsafeBytes { pwrite(scratch, $0.baseAddress, $0.count, 0) }
            watchdog.begin()
            do {
                try harness.run(input)
            } catch {
                watchdog.end()
                save(input, kind: "failure", reason: "\(error)")
                exit(1)
            }
            watchdog.end()
            count += 1
        }
        for input in pool { check(input) }
        while Date() < deadline {
            let input = mutator.mutate(pool.randomElement(using: &mutator.random)!, corpus: pool)
            check(input)
            // Some inputs join the pool, so mutations build on mutations.
            if pool.count < 512, Int.random(in: 0..<32, using: &mutator.random) == 0 { pool.append(input) }
        }
        print("fuzz \(harness.name): \(count) inputs, no failure (seed \(seed))")
        exit(0)
    }

    func save(_ input: [UInt8], kind: String, reason: String) {
        let path = FuzzCorpus.save(input, kind: kind, in: corpusDirectory)
        print("fuzz \(harness.name): \(kind): \(reason); input kept in \(path) (seed \(seed))")
        fflush(nil)
    }

    func fail(_ message: String) -> Never {
        print("fuzz \(harness.name): \(message)")
        exit(1)
    }
}

/// Ends the process through `onHang` when one input runs longer than `limit` seconds.
final class Watchdog: Sendable {
    /// When the current input started (nanoseconds of the monotonic clock), 0 between inputs.
    private let started = Atomic<UInt64>(0)

    init(limit: Double, onHang: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while true {
                usleep(50_000)
                let start = self.started.load(ordering: .relaxed)
                if start != 0, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > limit { onHang() }
            }
        }
        thread.start()
    }

    func begin() { started.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }
    func end() { started.store(0, ordering: .relaxed) }
}

/// The corpus of a harness: one file per input in `Tests/Fuzz/Corpus/<harness>/`.
enum FuzzCorpus {
    static func read(_ directory: String) -> [[UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap {
            FileManager.default.contents(atPath: directory + "/" + $0).map { [UInt8]($0) }
        }
    }

    /// Writes `input` as `<kind>-<hash>` and returns the path.
    @discardableResult
    static func save(_ input: [UInt8], kind: String, in directory: String) -> String {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let path = directory + "/\(kind)-" + String(hash, radix: 16)
        _ = FileManager.default.createFile(atPath: path, contents: Data(input))
        return path
    }
}
