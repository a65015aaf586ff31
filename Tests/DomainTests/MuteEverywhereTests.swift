import DocStore
import Foundation
import Testing

@testable import Domain

/// A mute reaches every view of what people did: a muted person's posts and reposts leave
/// the Following view, and their likes and follows leave the muter's notifications, until
/// the mute ends. The muted person is not told.
@Suite struct MuteEverywhereTests {
    @Test func aMutedPersonsLikesAndFollowsLeaveTheNotificationsUntilTheMuteEnds() throws {
        let w = try ConversationTests().world()
        let post = try w.ann.tweets.post("ann's post", session: w.annS)
        try w.bob.write(.like(postID: post.id), session: w.bobS)
        try w.bob.write(.follow(uid: w.annS.uid), session: w.bobS)
        #expect(Set(try w.ann.notifications.notifications(session: w.annS).map(\.kind)) == [.like, .follow])

        try w.ann.write(.mute(uid: w.bobS.uid), session: w.annS)
        #expect(try w.ann.notifications.notifications(session: w.annS).isEmpty)
        #expect(try w.bob.mutes.muted(by: w.bobS.uid).isEmpty, "the muted person is not told")

        try w.ann.write(.unmute(uid: w.bobS.uid), session: w.annS)
        #expect(Set(try w.ann.notifications.notifications(session: w.annS).map(\.kind)) == [.like, .follow])
    }

    @Test func aMutedPersonsPostsAndRepostsLeaveTheFollowingView() throws {
        let w = try ConversationTests().world()
        let own = try w.ann.tweets.post("ann's own", session: w.annS)
        let bobs = try w.bob.tweets.post("bob's post", session: w.bobS)
        try w.bob.write(.mark(.repost, postID: own.id, marked: true), session: w.bobS)
        try w.ann.write(.follow(uid: w.bobS.uid), session: w.annS)
        func shown() throws -> [String] {
            try w.ann.tweets.followingRows(viewer: w.annS, after: nil, limit: 50, newestFirst: true).rows
                .map { "\($0.id) \($0.repostedBy?.uid == w.bobS.uid ? "reposted" : "")" }
        }
        #expect(try shown() == ["\(own.id) reposted", "\(bobs.id) "])

        try w.ann.write(.mute(uid: w.bobS.uid), session: w.annS)
        #expect(try shown() == ["\(own.id) "], "ann's own post stays, without bob's repost over it")
    }
}
