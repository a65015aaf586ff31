import DocStore
import Foundation
import Testing

@testable import Domain

/// Follows on the embedded store, through the one writer (`AppServices.write`): counters
/// equal the documents, every write is idempotent, nobody follows themselves or anyone
/// missing, and signed out nothing is written.
@Suite struct ConversationTests {
    /// Two finished accounts on one database, each with its own session file.
    func world() throws -> (fixture: ServiceFixture, ann: AppServices, annS: Session, bob: AppServices, bobS: Session) {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let bob = try fixture.open(session: "bob")
        let annS = try ann.poster("ann@example.com")
        let bobS = try bob.poster("bob@example.com")
        return (fixture, ann, annS, bob, bobS)
    }

    func counts(_ services: AppServices, _ uid: String) throws -> (followers: Int, following: Int) {
        let user = try #require(try services.users.user(id: uid))
        return (user.followersCount, user.followingCount)
    }

    @Test func followingIsIdempotentAndBothCountersMatchTheDocuments() throws {
        let w = try world()
        for _ in 0..<2 { try w.ann.write(.follow(uid: w.bobS.uid), session: w.annS) }
        #expect(try counts(w.ann, w.bobS.uid) == (1, 0))
        #expect(try counts(w.ann, w.annS.uid) == (0, 1))
        #expect(try w.ann.follows.isFollowing(w.bobS.uid, by: w.annS.uid))
        #expect(try w.ann.follows.people(.following, of: w.annS.uid).map(\.uid) == [w.bobS.uid])
        #expect(try w.bob.follows.people(.followers, of: w.bobS.uid).map(\.username) == ["ann_poster"])

        try w.bob.write(.follow(uid: w.annS.uid), session: w.bobS)
        #expect(try counts(w.ann, w.annS.uid) == (1, 1))

        for _ in 0..<2 { try w.ann.write(.unfollow(uid: w.bobS.uid), session: w.annS) }
        #expect(try counts(w.ann, w.bobS.uid) == (0, 1))
        #expect(try counts(w.ann, w.annS.uid) == (1, 0))
        #expect(try w.ann.follows.people(.following, of: w.annS.uid).isEmpty)
        #expect(try w.ann.store.collection("users/\(w.bobS.uid)/followers").count() == 0)
    }

    @Test func nobodyFollowsThemselvesOrSomeoneMissingAndSignedOutNothingIsWritten() throws {
        let w = try world()
        #expect(throws: ServiceError.cannotFollowSelf) { try w.ann.write(.follow(uid: w.annS.uid), session: w.annS) }
        #expect(throws: ServiceError.userNotFound("nobody")) {
            try w.ann.write(.follow(uid: "nobody"), session: w.annS)
        }
        #expect(throws: ServiceError.userNotFound("@nobody")) { try w.ann.follows.person(named: "@nobody") }
        #expect(try w.ann.follows.person(named: "@BOB_POSTER").id == w.bobS.uid)
        #expect(throws: SignInRequired(.follow)) { try w.ann.follows.writeFollow(true, uid: w.bobS.uid, session: nil) }
        #expect(try counts(w.ann, w.annS.uid) == (0, 0))
        #expect(try counts(w.ann, w.bobS.uid) == (0, 0))
        #expect(try w.ann.store.collection("users/\(w.annS.uid)/following").count() == 0)
        #expect(SignInRequired(.follow).description.contains("Sign in"))
    }

    @Test func aFollowIsQueuedAndSentAsOneIntentWithItsDocuments() throws {
        let intent = WriteIntent.follow(uid: "b")
        #expect(intent.pendingPath(uid: "a") == "users/a/following/b")
        #expect(
            Set(intent.changedDocuments(uid: "a")) == [
                "users/a", "users/b", "users/a/following/b", "users/b/followers/a",
            ])
        let decoded = try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(intent))
        #expect(decoded == intent)
    }
}

/// Bookmarks and reposts on the embedded store: idempotent, a repost counted exactly as a
/// like is, a bookmark private and listed in the Bookmarks view, refused signed out and
/// for a post that does not exist.
@Suite struct PostMarkTests {
    @Test func bookmarksAndRepostsAreIdempotentAndRepostsAreCounted() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let bob = try fixture.open(session: "bob")
        let annS = try ann.poster("ann@example.com")
        let bobS = try bob.poster("bob@example.com")
        let first = try ann.tweets.post("first", session: annS)
        let second = try ann.tweets.post("second", session: annS)
        for _ in 0..<2 {
            try bob.write(.mark(.repost, postID: first.id, marked: true), session: bobS)
            try ann.write(.mark(.repost, postID: first.id, marked: true), session: annS)
            try bob.write(.mark(.bookmark, postID: first.id, marked: true), session: bobS)
        }
        try bob.write(.mark(.bookmark, postID: second.id, marked: true), session: bobS)
        let seenByBob = try #require(try bob.tweets.post(id: first.id, viewer: bobS))
        #expect(seenByBob.reposts == 2 && seenByBob.didRepost && seenByBob.didBookmark)
        let seenByAnn = try #require(try ann.tweets.post(id: first.id, viewer: annS))
        #expect(seenByAnn.reposts == 2 && seenByAnn.didRepost && !seenByAnn.didBookmark, "bookmarks are private")
        #expect(Set(try bob.tweets.page(.bookmarks, viewer: bobS).posts.map(\.id)) == [second.id, first.id])
        #expect(try ann.tweets.page(.bookmarks, viewer: annS).posts.isEmpty)

        for _ in 0..<2 {
            try bob.write(.mark(.repost, postID: first.id, marked: false), session: bobS)
            try bob.write(.mark(.bookmark, postID: first.id, marked: false), session: bobS)
        }
        let after = try #require(try bob.tweets.post(id: first.id, viewer: bobS))
        #expect(after.reposts == 1 && !after.didRepost && !after.didBookmark)
        #expect(try bob.tweets.page(.bookmarks, viewer: bobS).posts.map(\.id) == [second.id])
        #expect(try bob.store.collection("users/\(bobS.uid)/user-reposts").count() == 0)
        #expect(try ann.store.collection("users/\(annS.uid)/user-reposts").count() == 1)
    }

    @Test func marksOfMissingPostsAndSignedOutAreRefusedAndWriteNothing() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open()
        let annS = try ann.poster("ann@example.com")
        let post = try ann.tweets.post("mine", session: annS)
        #expect(throws: ServiceError.postNotFound("nope")) {
            try ann.write(.mark(.repost, postID: "nope", marked: true), session: annS)
        }
        #expect(throws: ServiceError.postNotFound("nope")) {
            try ann.write(.mark(.bookmark, postID: "nope", marked: true), session: annS)
        }
        #expect(throws: SignInRequired(.repost)) {
            try ann.tweets.writeMark(.repost, true, tweetID: post.id, session: nil)
        }
        #expect(throws: SignInRequired(.viewBookmarks)) { try ann.tweets.page(.bookmarks, viewer: nil) }
        #expect(try ann.tweets.post(id: post.id, viewer: annS)?.reposts == 0)
        #expect(try ann.store.collection("users/\(annS.uid)/bookmarks").count() == 0)
        let intent = WriteIntent.mark(.bookmark, postID: "p", marked: true)
        #expect(Set(intent.changedDocuments(uid: "a")) == ["tweets/p", "users/a/bookmarks/p"])
        #expect(try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(intent)) == intent)
    }
}
