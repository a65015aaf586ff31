import DocStore
import Domain
import Foundation

extension FeedBench {
    static let notificationCount = 10_000

    /// A notifications page (the newest 50, their actors' profiles read) against the All
    /// page of 50 posts, for the same viewer in the same run: `notificationCount` likes and
    /// follows of the viewer by the 100 authors, as the writes record them.
    static func runNotifications(_ services: AppServices, session: Session) throws {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let box = services.store.collection("users").document(session.uid).collection("notifications")
        let batch = services.store.batch()
        for index in 0..<notificationCount {
            let actor = "author\(index % authorCount)"
            let kind: NotificationKind = index % 10 == 0 ? .follow : .like
            let post = kind == .like ? String(format: "post%06d", index) : nil
            var fields: [String: WriteValue] = [
                "kind": .string(kind.rawValue), "actorUid": .string(actor),
                "createdAt": .timestamp(base.addingTimeInterval(Double(index))), "read": .bool(index < 9_000),
            ]
            if let post { fields["postID"] = .string(post) }
            batch.setData(fields, forDocument: box.document(NotificationRecord.id(kind, actor: actor, postID: post)))
        }
        try batch.commit()
        var notifications: [Double] = []
        var all: [Double] = []
        var grouped = 0
        for _ in 0..<pages {
            notifications.append(
                try measure {
                    let page = try services.notifications.notifications(session: session, limit: pageSize)
                    grouped = NotificationGroup.grouped(page).count
                })
            all.append(try measure { _ = try services.tweets.page(.all, limit: pageSize, viewer: session) })
        }
        let (mine, feed) = (Timings(notifications), Timings(all))
        print("feed: notifications, \(notificationCount) of the viewer's; \(pages) newest pages of \(pageSize)")
        print("  notifications page (\(grouped) groups)  median \(ms(mine.p50))  p99 \(ms(mine.p99))")
        print("  All page                         median \(ms(feed.p50))  p99 \(ms(feed.p99))")
        print(
            "  ratio (notifications / All)      median \(ratio(mine.p50, feed.p50))  p99 \(ratio(mine.p99, feed.p99))")
    }
}
