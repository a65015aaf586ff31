import App
import Assembly
import Domain
import Faces
import Foundation
import TerminalUI
import ViewModels

/// The `faces` section of `make bench`: a Feed frame (render + diff) with twenty posts
/// and their authors' faces against the same frame without faces, in the same run; and
/// the cost of making a face from a picture once.
enum FacesBench {
    static let width = 120
    /// Tall enough for twenty posts of the sample community.
    static let height = 100

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

        var results: [(name: String, timings: Timings)] = []
        for (name, faces) in [("without faces", false), ("with faces", true)] {
            let harness = AppHarness(width: width, height: height, services: screenServices)
            harness.loop.renderer.faces = FaceCache(decodesInline: true)
            harness.loop.renderer.showsFaces = faces
            harness.loop.renderer.trueColor = true
            harness.press("3")
            let shown = harness.lines.filter { $0.contains(" · ") && $0.contains("@") }.count
            let timings = frameTimings(harness)
            results.append((name, timings))
            print(
                "faces: Feed frame \(width)×\(height), \(shown) posts \(name) (render + diff)  "
                    + "p50 \(ms(timings.p50))  p99 \(ms(timings.p99))  max \(ms(timings.max))")
        }
        let ratio = results[1].timings.p99 / max(results[0].timings.p99, 1e-9)
        print("faces: with / without faces p99 ratio \(String(format: "%.2f", ratio))×  (target p99 < 16 ms)")

        let picture = FacePixels(side: 32, rgb: (0..<32 * 32 * 3).map { UInt8(truncatingIfNeeded: $0) })
        let url = AvatarDataURL.encode(picture)
        let decodes = Timings((0..<200).map { _ in measure { _ = AvatarDataURL.decode(url) } })
        print("faces: decoding one stored avatar (once per person, on a worker)  p50 \(ms(decodes.p50))")
    }
}
