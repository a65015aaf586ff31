import DocStore
import Foundation
import Testing

@testable import Domain

/// Notifications on the embedded store: each written in the same commit as the like,
/// reply, repost or follow that causes it; a like taken back before it was read leaves
/// none; nobody is notified of their own doing; the list groups as a person would.
@Suite struct NotificationTests {
    /// Ann and Bob, finished accounts on one database (`ConversationTests`' world).
    func world() throws -> (fixture: ServiceFixture, ann: AppServices, annS: Session, bob: AppServices, bobS: Session) {
        try ConversationTests().world()
    }

    @Test func eachKindIsRecordedInTheCommitOfItsWrite() throws {
        let w = try world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        let writes: [WriteIntent] = [
            .like(postID: post.id), .mark(.repost, postID: post.id, marked: true), .follow(uid: w.annS.uid),
            .reply(postID: "bobs-reply", text: "an answer", replyTo: post.id),
        ]
        for intent in writes {
            let before = w.bob.store.counts
            try w.bob.write(intent, session: w.bobS)
            #expect(w.bob.store.counts.since(before).commits == 1, "\(intent)")
        }
        let seen = try w.ann.notifications.notifications(session: w.annS)
        #expect(Set(seen.map(\.kind)) == [.like, .repost, .follow, .reply])
        #expect(seen.allSatisfy { $0.actor.uid == w.bobS.uid && $0.actor.username == "bob_poster" && !$0.read })
        #expect(seen.first { $0.kind == .reply }?.postID == "bobs-reply")
        #expect(seen.first { $0.kind == .like }?.postID == post.id)
        #expect(seen.first { $0.kind == .follow }?.postID == nil)
        #expect(try w.bob.notifications.notifications(session: w.bobS).isEmpty, "only the recipient is told")
    }

    @Test func aLikeTakenBackBeforeItWasReadLeavesNoNotificationAndAReadOneStays() throws {
        let w = try world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        try w.bob.write(.like(postID: post.id), session: w.bobS)
        try w.bob.write(.unlike(postID: post.id), session: w.bobS)
        try w.bob.write(.follow(uid: w.annS.uid), session: w.bobS)
        try w.bob.write(.unfollow(uid: w.annS.uid), session: w.bobS)
        #expect(try w.ann.notifications.notifications(session: w.annS).isEmpty)

        try w.bob.write(.like(postID: post.id), session: w.bobS)
        try w.ann.write(.readNotifications, session: w.annS)
        try w.bob.write(.unlike(postID: post.id), session: w.bobS)
        let kept = try w.ann.notifications.notifications(session: w.annS)
        #expect(kept.map(\.kind) == [.like] && kept[0].read, "a notification already seen stays")
        #expect(try w.ann.notifications.notifications(session: w.annS, unreadOnly: true).isEmpty)
    }

    /// A deleted post takes the notifications about it in its own commit, as the server's
    /// trigger does: its author's likes and reposts of it; a deleted reply, its unread reply.
    @Test func aDeletedPostOrReplyTakesItsNotificationsInTheSameCommit() throws {
        let w = try world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        let other = try w.ann.tweets.post("ann's other post", session: w.annS)
        try w.bob.write(.like(postID: post.id), session: w.bobS)
        try w.bob.write(.mark(.repost, postID: post.id, marked: true), session: w.bobS)
        try w.bob.write(.like(postID: other.id), session: w.bobS)
        try w.bob.write(.reply(postID: "bobs-reply", text: "an answer", replyTo: post.id), session: w.bobS)
        try w.bob.write(.follow(uid: w.annS.uid), session: w.bobS)
        #expect(try w.ann.notifications.notifications(session: w.annS).count == 5)

        let before = w.ann.store.counts
        try w.ann.write(.deletePost(postID: post.id), session: w.annS)
        #expect(w.ann.store.counts.since(before).commits == 1)
        let left = try w.ann.notifications.notifications(session: w.annS)
        #expect(Set(left.map(\.kind)) == [.like, .reply, .follow], "\(left)")
        #expect(left.first { $0.kind == .like }?.postID == other.id)

        try w.bob.write(.deletePost(postID: "bobs-reply"), session: w.bobS)
        #expect(Set(try w.ann.notifications.notifications(session: w.annS).map(\.kind)) == [.like, .follow])
    }

    @Test func nobodyIsNotifiedOfTheirOwnDoing() throws {
        let w = try world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        try w.ann.write(.like(postID: post.id), session: w.annS)
        try w.ann.write(.mark(.repost, postID: post.id, marked: true), session: w.annS)
        try w.ann.write(.reply(postID: "own-reply", text: "and another thing", replyTo: post.id), session: w.annS)
        #expect(try w.ann.store.collection("users/\(w.annS.uid)/notifications").count() == 0)
    }

    @Test func readingMarksAllReadAndSignedOutIsRefused() throws {
        let w = try world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        try w.bob.write(.like(postID: post.id), session: w.bobS)
        try w.bob.write(.follow(uid: w.annS.uid), session: w.bobS)
        #expect(try w.ann.notifications.notifications(session: w.annS, unreadOnly: true).count == 2)
        try w.ann.write(.readNotifications, session: w.annS)
        #expect(try w.ann.notifications.notifications(session: w.annS).allSatisfy(\.read))
        #expect(throws: SignInRequired(.notifications)) { try w.ann.notifications.notifications(session: nil) }
        #expect(throws: SignInRequired(.notifications)) { try w.ann.notifications.writeRead(session: nil) }
        #expect(SignInRequired(.notifications).description.contains("Sign in"))
    }

    @Test func likesRepostsAndFollowsOfOnePostGroupNewestFirstRepliesStandAlone() {
        func note(
            _ id: String, _ kind: NotificationKind, _ actor: String, _ post: String?, _ at: TimeInterval,
            read: Bool = true
        ) -> ActivityNotification {
            ActivityNotification(
                id: id, kind: kind, actor: NotificationActor(uid: actor, username: actor, displayName: actor),
                postID: post, createdAt: Date(timeIntervalSince1970: at), read: read)
        }
        let groups = NotificationGroup.grouped([
            note("1", .like, "mina", "p1", 50, read: false), note("2", .like, "joon", "p1", 40),
            note("3", .like, "sora", "p1", 30), note("4", .like, "hana", "p1", 20), note("5", .like, "mina", "p2", 45),
            note("6", .reply, "joon", "r1", 44), note("7", .reply, "sora", "r2", 43),
            note("8", .follow, "hana", nil, 10),
        ])
        #expect(groups.map(\.ids) == [["1", "2", "3", "4"], ["5"], ["6"], ["7"], ["8"]])
        #expect(NotificationText.line(groups[0]) == "@mina and 3 others liked your post")
        #expect(!groups[0].read && groups[1].read)
        #expect(NotificationText.line(groups[2]) == "@joon replied to your post")
        #expect(NotificationText.line(groups[4]) == "@hana followed you")
    }

    @Test func theQueuedIntentOfReadingSaysWhatItIs() throws {
        let intent = WriteIntent.readNotifications
        #expect(intent.signInAction == .notifications)
        #expect(intent.changedDocuments(uid: "a").isEmpty)
        #expect(try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(intent)) == intent)
    }
}
