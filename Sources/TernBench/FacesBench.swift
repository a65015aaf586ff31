import App
import Assembly
import Domain
import Faces
import Foundation
import TerminalUI
import ViewModels

/// The `faces` section of `make bench`: the Feed with twenty posts and their authors'
/// faces (half blocks, and kitty pictures through the in-memory terminal's placements),
/// key to frame and the idle redraw, against the same screen without faces in the same
/// run; and the cost of making a face from a picture once.
enum FacesBench {
    static let width = 120

    /// The height at which the Feed shows exactly twenty whole posts of the sample community.
    static func twentyPostsHigh(_ services: ScreenServices) -> Int {
        let harness = AppHarness(width: width, height: 120, services: services)
        harness.loop.renderer.faces = FaceCache(decodesInline: true)
        harness.press("3")
        let nameRows = harness.lines.indices.filter {
            harness.lines[$0].contains(" · ") && harness.lines[$0].contains("@")
        }
        // The footer takes the row where the twenty-first post would start.
        return nameRows.count > 20 ? nameRows[20] + 1 : 120
    }

    static func run() throws {
        let directory = NSTemporaryDirectory() + "tern-facesbench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let services = try AppServices.open(paths: paths, seedSample: true, executor: .immediate)
        // Every sample author gets a picture of their own, written as the profile stores it.
        let users = try services.store.collection("users").getDocuments().documents
        for (index, user) in users.enumerated() {
            let face = FacePixels(
                side: 32, rgb: (0..<32 * 32 * 3).map { UInt8(truncatingIfNeeded: $0 * (index + 3) / 7) })
            try user.reference.updateData(["avatar": .string(AvatarDataURL.encode(face))])
        }
        let places = try UIBench.benchPlaces(paths: paths)
        let screenServices = ScreenServices(services: services, places: places)

        let height = twentyPostsHigh(screenServices)
        var idle: [Timings] = []
        var keys: [Timings] = []
        let runs: [(name: String, faces: Bool, kitty: Bool)] = [
            ("without faces", false, false), ("with half-block faces", true, false),
            ("with kitty pictures", true, true),
        ]
        var harnesses: [(harness: AppHarness, shown: Int)] = []
        for run in runs {
            let harness = AppHarness(width: width, height: height, services: screenServices)
            harness.loop.renderer.faces = FaceCache(decodesInline: true)
            harness.loop.renderer.showsFaces = run.faces
            harness.loop.renderer.kittyGraphics = run.kitty
            harness.loop.renderer.trueColor = true
            harness.press("3")
            harnesses.append((harness, harness.lines.filter { $0.contains(" · ") && $0.contains("@") }.count))
        }
        // The runs take turns, four rounds each, so the machine's load falls on all of them alike.
        var redrawSamples = Array(repeating: [Double](), count: runs.count)
        var keySamples = Array(repeating: [Double](), count: runs.count)
        for _ in 0..<4 {
            for (index, (harness, shown)) in harnesses.enumerated() {
                redrawSamples[index] += frameTimings(harness).samples
                // Key to frame: the selection down the twenty posts and back, each key drawn.
                for _ in 0..<2 {
                    for key in Array(repeating: "j", count: shown - 1) + Array(repeating: "k", count: shown - 1) {
                        keySamples[index].append(measure { harness.press(key) })
                    }
                }
            }
        }
        for (index, run) in runs.enumerated() {
            let redraws = Timings(redrawSamples[index])
            let pressed = Timings(keySamples[index])
            idle.append(redraws)
            keys.append(pressed)
            say(
                "faces: Feed \(width)×\(height), \(harnesses[index].shown) posts \(run.name): key to frame "
                    + "p50 \(ms(pressed.p50))  p99 \(ms(pressed.p99))  max \(ms(pressed.max)); "
                    + "idle redraw (nothing changed, render + diff) p50 \(ms(redraws.p50))  p99 \(ms(redraws.p99))")
        }
        for index in 1..<runs.count {
            say(
                "faces: \(runs[index].name) / without, p99: key to frame "
                    + String(format: "%.2f", keys[index].p99 / max(keys[0].p99, 1e-9)) + "×, idle redraw "
                    + String(format: "%.2f", idle[index].p99 / max(idle[0].p99, 1e-9)) + "×  (target p99 < 16 ms)")
        }

        let picture = FacePixels(side: 32, rgb: (0..<32 * 32 * 3).map { UInt8(truncatingIfNeeded: $0) })
        let url = AvatarDataURL.encode(picture)
        let decodes = Timings((0..<200).map { _ in measure { _ = AvatarDataURL.decode(url) } })
        say("faces: decoding one stored avatar (once per person, on a worker)  p50 \(ms(decodes.p50))")
    }
}
