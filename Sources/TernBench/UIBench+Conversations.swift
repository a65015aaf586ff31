import App
import DocStore
import Domain
import Foundation
import Localization
import TerminalUI
import ViewModels

/// The `ui` section's part `conversations` (`TERN_BENCH_UI=conversations` runs it alone):
/// key to frame at 120×40 in the Feed's Following view and in the Activity tab, against the
/// Feed's All view (the section's baseline) in the same run, on one embedded store: the
/// timeline bench's data set (1,000 accounts each following 200, the viewer following 200,
/// 100,000 posts, 20,000 reposts; `TERN_BENCH_ACCOUNTS`, `TERN_BENCH_FOLLOWS`,
/// `TERN_BENCH_POSTS` make it smaller), every tenth post a reply to the one before it, and
/// 10,000 notifications of the viewer (likes of one post grouped by four, follows, replies,
/// mentions). Each view: `j` 300 times and `k` 300 times, every key drawn, the views taking
/// turns for two rounds so that the machine's load falls on all of them alike.
extension UIBench {
    static let notificationCount = 10_000

    static func conversations() throws {
        let directory = NSTemporaryDirectory() + "tern-uibench-conversations-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let services = try AppServices.open(
            paths: paths, seedSample: false, executor: .immediate,
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        try services.auth.register(email: "viewer@example.com", password: "password123")
        let viewer = try services.users.updateProfile(
            ProfileEdit(displayName: "Viewer", username: "viewer", bio: ""), session: services.session())
        let built = try measure {
            try TimelineBench.build(services.store, viewer: viewer.id)
            try conversationsData(services.store, viewer: viewer.id)
        }
        say(
            "ui conversations: \(TimelineBench.accounts) accounts, \(TimelineBench.posts) posts (every tenth a "
                + "reply), \(TimelineBench.accounts * TimelineBench.repostsEach) reposts, "
                + "\(notificationCount) notifications; built in \(String(format: "%.1f s", built))")
        let screenServices = ScreenServices(services: services, places: try benchPlaces(paths: paths))

        func harness(_ setUp: (AppHarness) -> Void) -> AppHarness {
            let harness = AppHarness(width: width, height: height, services: screenServices)
            setUp(harness)
            return harness
        }
        func feed(showing title: String) -> (AppHarness) -> Void {
            { harness in
                harness.press("3")
                for _ in 0..<4 where harness.line(containing: title) == nil { harness.press("v") }
            }
        }
        let views: [(name: String, harness: AppHarness)] = [
            ("Feed, All (baseline)", harness(feed(showing: tr(.feedTitleAll)))),
            ("Feed, Following (replies, reposts)", harness(feed(showing: tr(.feedTitleFollowing)))),
            ("Activity, 10,000 notifications", harness { $0.press("5") }),
        ]
        for view in views
        where view.harness.lines.filter({ !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            .count < 10
        {
            say("ui conversations: \(view.name) shows almost nothing:\n\(view.harness.text)")
        }
        var samples = Array(repeating: [Double](), count: views.count)
        for _ in 0..<2 {
            for (index, view) in views.enumerated() {
                for key in Array(repeating: "j", count: 300) + Array(repeating: "k", count: 300) {
                    samples[index].append(measure { view.harness.press(key) })
                }
            }
        }
        let timings = samples.map(Timings.init)
        for (index, view) in views.enumerated() {
            say(
                "ui conversations: \(view.name) key to frame  p50 \(ms(timings[index].p50))  "
                    + "p99 \(ms(timings[index].p99))  max \(ms(timings[index].max))")
        }
        for index in 1..<views.count {
            say(
                "ui conversations: \(views[index].name) / All, p99 "
                    + String(format: "%.2f", timings[index].p99 / max(timings[0].p99, 1e-9))
                    + "×  (target p99 < 16 ms)")
        }
    }

    /// Every tenth post answers the one before it (the parent's count kept), and the
    /// viewer's notifications, newest first: in turn four likes of one of the viewer's
    /// posts, a follow, a reply and a mention.
    static func conversationsData(_ store: DocumentStore, viewer: String) throws {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let writes = BatchedWrites(store)
        var batch: WriteBatch { writes.batch }
        let accounts = TimelineBench.accounts
        for index in stride(from: 10, to: TimelineBench.posts, by: 10) {
            let parent = String(format: "post%06d", index - 1)
            batch.updateData(
                [
                    "replyTo": .string(parent), "replyToUid": .string("account\((index - 1) % accounts)"),
                ], forDocument: store.collection("tweets").document(String(format: "post%06d", index)))
            batch.updateData(["replies": .int(1)], forDocument: store.collection("tweets").document(parent))
            try writes.added()
        }
        let box = store.collection("users").document(viewer).collection("notifications")
        for index in 0..<notificationCount {
            let actor = "account\(index % accounts)"
            let post = "mine\(index / 7)"
            let (kind, id): (NotificationKind, String) =
                switch index % 7 {
                case 0...3: (.like, "like-\(post)-\(actor)")
                case 4: (.follow, "follow-\(actor)-\(index)")
                case 5: (.reply, "reply-r\(index)")
                default: (.mention, "mention-m\(index)")
                }
            batch.setData(
                [
                    "kind": .string(kind.rawValue), "actorUid": .string(actor),
                    "postID": kind == .follow ? .null : .string(kind == .like ? post : "r\(index)"),
                    "read": .bool(index > 20), "createdAt": .timestamp(base.addingTimeInterval(-Double(index))),
                ], forDocument: box.document(id))
            try writes.added()
        }
        try writes.finish()
    }
}
