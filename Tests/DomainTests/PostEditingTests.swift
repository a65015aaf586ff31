import DocStore
import Foundation
import Testing

@testable import Domain

/// Editing and deleting one's own posts on the embedded store, and the onboarding rule for
/// posting.
@Suite struct PostEditingTests {
    /// Two accounts on one database, each with its own session file; ann has a post bob liked.
    func world() throws -> (
        fixture: ServiceFixture, ann: AppServices, annSession: Session, bob: AppServices, bobSession: Session,
        post: FeedPost
    ) {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let bob = try fixture.open(session: "bob")
        let annSession = try ann.poster("ann@example.com")
        let bobSession = try bob.poster("bob@example.com")
        let post = try ann.tweets.post("first words", placeID: "1835848", session: annSession)
        try bob.tweets.like(tweetID: post.id, session: bobSession)
        try ann.tweets.like(tweetID: post.id, session: annSession)
        return (fixture, ann, annSession, bob, bobSession, post)
    }

    @Test func editingChangesTheCaptionAndKeepsLikesTimeAndPlace() throws {
        let w = try world()
        let edited = try w.ann.tweets.edit(tweetID: w.post.id, text: "  better words ", session: w.annSession)
        #expect(edited.caption == "better words")
        #expect(edited.likes == 2 && edited.didLike)
        #expect(edited.timestamp == w.post.timestamp && edited.placeID == "1835848")
        #expect(try w.bob.tweets.post(id: w.post.id, viewer: w.bobSession)?.didLike == true)
        #expect(try w.ann.likeDocuments(for: w.post.id) == 2)
        #expect(throws: ValidationError.postEmpty) {
            try w.ann.tweets.edit(tweetID: w.post.id, text: " ", session: w.annSession)
        }
    }

    @Test func deletingTakesEveryLikeWithItAndLeavesOtherCountersExact() throws {
        let w = try world()
        let other = try w.bob.tweets.post("bob's", session: w.bobSession)
        try w.ann.tweets.like(tweetID: other.id, session: w.annSession)
        var liked: [[String]] = []
        let registration = try w.bob.tweets.observe(.liked, viewer: w.bobSession) { liked.append($0.posts.map(\.id)) }
        defer { registration.remove() }
        #expect(liked.last == [w.post.id])

        let deleted = try w.ann.tweets.delete(tweetID: w.post.id, session: w.annSession)
        #expect(deleted.id == w.post.id && deleted.caption == "first words")
        #expect(try w.ann.tweets.post(id: w.post.id, viewer: nil) == nil)
        #expect(try w.ann.likeDocuments(for: w.post.id) == 0, "no like names the deleted post")
        #expect(try w.bob.tweets.page(.liked, viewer: w.bobSession).posts.isEmpty)
        #expect(try w.bob.tweets.post(id: other.id, viewer: w.bobSession)?.likes == 1)
        #expect(try w.ann.likeDocuments(for: other.id) == 1)
        _ = try w.bob.store.pollExternalChanges()
        #expect(liked.last == [], "bob's Liked view lost the post")
        // A post made again under the same id starts at zero: no stale like can count it down.
        try w.ann.store.document("tweets/\(w.post.id)").setData(
            ["caption": "again", "uid": .string(w.annSession.uid), "likes": 0, "timestamp": .serverTimestamp])
        #expect(try w.bob.tweets.unlike(tweetID: w.post.id, session: w.bobSession).likes == 0)
        #expect(throws: ServiceError.postNotFound("missing")) {
            try w.ann.tweets.delete(tweetID: "missing", session: w.annSession)
        }
    }

    @Test func anotherAccountsPostIsRefusedAndUnchanged() throws {
        let w = try world()
        let uids = [w.annSession.uid, w.bobSession.uid]
        let before = try w.ann.fingerprint(uids: uids)
        #expect(throws: ServiceError.notYourPost(w.post.id)) {
            try w.bob.tweets.edit(tweetID: w.post.id, text: "mine now", session: w.bobSession)
        }
        #expect(throws: ServiceError.notYourPost(w.post.id)) {
            try w.bob.tweets.delete(tweetID: w.post.id, session: w.bobSession)
        }
        #expect(ServiceError.notYourPost(w.post.id).description.contains("you can only edit your own posts"))
        #expect(throws: SignInRequired(.editPosts)) { try w.bob.tweets.delete(tweetID: w.post.id, session: nil) }
        #expect(try w.ann.fingerprint(uids: uids) == before)
    }

    /// Issue 25, point 1: an edit and a deletion are intents for the one writer, made at once
    /// on the embedded store; a deletion sent again finds the post gone and is done, and
    /// another's post is refused unchanged.
    @Test func anEditAndADeletionGoThroughTheOneWriter() throws {
        let w = try world()
        #expect(
            try w.ann.write(.editPost(postID: w.post.id, text: " through the writer "), session: w.annSession)
                == .applied)
        let edited = try #require(try w.ann.tweets.post(id: w.post.id, viewer: w.annSession))
        #expect(edited.caption == "through the writer" && edited.likes == 2)
        let uids = [w.annSession.uid, w.bobSession.uid]
        let before = try w.ann.fingerprint(uids: uids)
        #expect(throws: ServiceError.notYourPost(w.post.id)) {
            try w.bob.write(.editPost(postID: w.post.id, text: "mine now"), session: w.bobSession)
        }
        #expect(throws: ServiceError.notYourPost(w.post.id)) {
            try w.bob.write(.deletePost(postID: w.post.id), session: w.bobSession)
        }
        #expect(try w.ann.fingerprint(uids: uids) == before)
        #expect(throws: ValidationError.postEmpty) {
            try w.ann.write(.editPost(postID: w.post.id, text: " "), session: w.annSession)
        }

        try w.ann.write(.deletePost(postID: w.post.id), session: w.annSession)
        #expect(try w.ann.tweets.post(id: w.post.id, viewer: nil) == nil)
        #expect(try w.ann.likeDocuments(for: w.post.id) == 0, "no like names the deleted post")
        try w.ann.write(.deletePost(postID: w.post.id), session: w.annSession)
        #expect(WriteIntent.deletePost(postID: w.post.id).description == "delete \(w.post.id)")
        #expect(WriteIntent.editPost(postID: "p1", text: "x").pendingPath(uid: "u") == "posts/p1")
    }

    @Test func anUnfinishedProfileCannotPost() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.registered("new@example.com")
        #expect(throws: ServiceError.profileNotFinished) { try services.tweets.post("hello", session: session) }
        try services.users.updateProfile(ProfileEdit(displayName: "New"), session: session)
        #expect(throws: ServiceError.profileNotFinished) { try services.tweets.post("hello", session: session) }
        #expect(ServiceError.profileNotFinished.description.contains("display name and username"))
        #expect(try services.tweets.page(.all, viewer: nil).posts.isEmpty)
        try services.users.updateProfile(ProfileEdit(username: "newcomer"), session: session)
        #expect(try services.tweets.post("hello", session: session).username == "newcomer")
    }
}
