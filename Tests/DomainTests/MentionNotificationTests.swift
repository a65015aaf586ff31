import DocStore
import Foundation
import Testing

@testable import Domain

/// Mentions notify on the embedded store: each existing account a post names as `@name` is
/// told in the post's own commit, a name nobody has and an email are not, a reply's parent
/// author hears of it once (as a reply), and deleting the post takes an unread mention back.
@Suite struct MentionNotificationTests {
    @Test func aPostNamingAnAccountNotifiesItInTheSameCommit() throws {
        let w = try ConversationTests().world()
        // The first look-up by username makes its index (a commit of its own); this one is the post's.
        _ = try w.bob.people.mentionedAccounts(in: "@ann_poster")
        let before = w.bob.store.counts
        try w.bob.write(
            .post(postID: "bob-mentions", text: "hi @ann_poster, @nobody_here and bob@example.com", placeID: nil),
            session: w.bobS)
        #expect(w.bob.store.counts.since(before).commits == 1)
        let seen = try w.ann.notifications.notifications(session: w.annS)
        #expect(seen.map(\.kind) == [.mention] && seen[0].postID == "bob-mentions", "\(seen)")
        #expect(seen[0].actor.username == "bob_poster")
        #expect(try w.bob.notifications.notifications(session: w.bobS).isEmpty)

        try w.bob.write(.deletePost(postID: "bob-mentions"), session: w.bobS)
        #expect(
            try w.ann.notifications.notifications(session: w.annS).isEmpty, "an unread mention leaves with its post")
    }

    @Test func anEditThatNamesAnAccountNotifiesItOnceAndTakesAnUnreadMentionBack() throws {
        let w = try ConversationTests().world()
        func seen() throws -> [ActivityNotification] { try w.ann.notifications.notifications(session: w.annS) }
        try w.bob.write(.post(postID: "bob-edit", text: "hello all", placeID: nil), session: w.bobS)
        #expect(try seen().isEmpty)
        try w.bob.write(.editPost(postID: "bob-edit", text: "hello @ann_poster"), session: w.bobS)
        #expect(try seen().map(\.kind) == [.mention] && seen()[0].postID == "bob-edit")
        try w.bob.write(.editPost(postID: "bob-edit", text: "hello again @ann_poster"), session: w.bobS)
        #expect(try seen().count == 1, "still named: told once")
        try w.bob.write(.editPost(postID: "bob-edit", text: "hello again"), session: w.bobS)
        #expect(try seen().isEmpty, "named no more while unread: taken back, as a deleted post's")

        try w.bob.write(.editPost(postID: "bob-edit", text: "hello @ann_poster"), session: w.bobS)
        try w.ann.notifications.writeRead(session: w.annS)
        try w.bob.write(.editPost(postID: "bob-edit", text: "bye"), session: w.bobS)
        try w.bob.write(.editPost(postID: "bob-edit", text: "bye @ann_poster"), session: w.bobS)
        let after = try seen()
        #expect(after.count == 1 && after[0].read, "a read mention stays and is not made again: \(after)")
    }

    @Test func aReplyThatNamesTheParentsAuthorIsOneReplyNotification() throws {
        let w = try ConversationTests().world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        try w.bob.write(.reply(postID: "bob-reply", text: "@ann_poster thanks!", replyTo: post.id), session: w.bobS)
        #expect(try w.ann.notifications.notifications(session: w.annS).map(\.kind) == [.reply])
        try w.ann.write(.post(postID: "self", text: "note to @ann_poster", placeID: nil), session: w.annS)
        #expect(try w.ann.notifications.notifications(session: w.annS).map(\.kind) == [.reply], "not of oneself")
    }
}
