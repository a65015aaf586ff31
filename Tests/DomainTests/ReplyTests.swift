import DocStore
import Foundation
import Testing

@testable import Domain

/// Replies on the embedded store, through the one writer (`AppServices.write`): the parent's
/// `replies` equals the posts answering it, a reply sent twice is one reply, bad input and
/// a missing or deleted parent write nothing, and a deleted parent stays in the thread as
/// `isDeleted`.
@Suite struct ReplyTests {
    func world() throws -> (fixture: ServiceFixture, ann: AppServices, annS: Session, bob: AppServices, bobS: Session) {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let bob = try fixture.open(session: "bob")
        return (fixture, ann, try ann.poster("ann@example.com"), bob, try bob.poster("bob@example.com"))
    }

    func replies(_ services: AppServices, _ id: String) throws -> Int {
        try #require(try services.tweets.post(id: id, viewer: nil)).replies
    }

    func answering(_ services: AppServices, _ id: String) throws -> Int {
        try services.store.collection("tweets").whereField("replyTo", isEqualTo: .string(id)).getDocuments().count
    }

    @Test func theCountIsExactAndAReplySentTwiceIsOne() throws {
        let w = try world()
        let parent = try w.ann.tweets.post("a question", session: w.annS)
        let intent = WriteIntent.reply(postID: "reply-1", text: "an answer", replyTo: parent.id)
        for _ in 0..<2 { try w.bob.write(intent, session: w.bobS) }
        try w.ann.write(.reply(postID: "reply-2", text: "mine too", replyTo: parent.id), session: w.annS)
        #expect(try replies(w.ann, parent.id) == 2)
        #expect(try answering(w.ann, parent.id) == 2)
        let reply = try #require(try w.ann.tweets.post(id: "reply-1", viewer: w.annS))
        #expect(reply.replyTo == parent.id && reply.replyToUsername == "ann_poster" && reply.uid == w.bobS.uid)

        try w.bob.write(.deletePost(postID: "reply-1"), session: w.bobS)
        #expect(try replies(w.ann, parent.id) == 1)
        #expect(try answering(w.ann, parent.id) == 1)
        #expect(try w.ann.tweets.post(id: parent.id, viewer: nil)?.likes == 0)
    }

    @Test func badInputAndAMissingParentWriteNothing() throws {
        let w = try world()
        let parent = try w.ann.tweets.post("a question", session: w.annS)
        let before = try w.ann.store.collection("tweets").count()
        #expect(throws: ValidationError.self) {
            let long = String(repeating: "x", count: 281)
            try w.bob.write(.reply(postID: "r1", text: long, replyTo: parent.id), session: w.bobS)
        }
        #expect(throws: ValidationError.self) {
            try w.bob.write(.reply(postID: "r1", text: "   ", replyTo: parent.id), session: w.bobS)
        }
        #expect(throws: ServiceError.replyToMissing("nothing")) {
            try w.bob.write(.reply(postID: "r1", text: "hello", replyTo: "nothing"), session: w.bobS)
        }
        #expect(throws: SignInRequired(.post)) { try w.bob.tweets.writeReply("hello", to: parent.id, session: nil) }
        #expect(try w.ann.store.collection("tweets").count() == before)
        #expect(try replies(w.ann, parent.id) == 0)
        #expect(ServiceError.replyToMissing("x").description.contains("deleted"))
    }

    @Test func aDeletedParentKeepsItsRepliesAndTheThreadShowsIt() throws {
        let w = try world()
        let root = try w.ann.tweets.post("the first post", session: w.annS)
        let middle = try w.bob.tweets.reply("an answer", to: root.id, session: w.bobS)
        let leaf = try w.ann.tweets.reply("an answer to the answer", to: middle.id, session: w.annS)
        let other = try w.ann.tweets.reply("a second answer", to: root.id, session: w.annS)

        let full = try w.ann.tweets.thread(of: middle.id, viewer: w.annS)
        #expect(full.parents.map(\.id) == [root.id])
        #expect(full.post.id == middle.id && full.post.replies == 1)
        #expect(full.replies.map(\.id) == [leaf.id])
        #expect(try w.ann.tweets.thread(of: root.id, viewer: nil).replies.map(\.id) == [middle.id, other.id])

        try w.bob.write(.deletePost(postID: middle.id), session: w.bobS)
        #expect(try replies(w.ann, root.id) == 1)
        let cut = try w.ann.tweets.thread(of: leaf.id, viewer: w.annS)
        #expect(cut.parents.count == 1 && cut.parents[0].isDeleted && cut.parents[0].id == middle.id)
        #expect(cut.post.replyTo == middle.id)
        #expect(throws: ServiceError.replyToMissing(middle.id)) {
            try w.ann.write(.reply(postID: "late", text: "too late", replyTo: middle.id), session: w.annS)
        }
        #expect(throws: ServiceError.postNotFound(middle.id)) { try w.ann.tweets.thread(of: middle.id, viewer: nil) }
    }

    @Test func aQueuedReplyNamesItsPostAndItsParent() throws {
        let intent = WriteIntent.reply(postID: "r", text: "hi", replyTo: "p")
        #expect(intent.changedDocuments(uid: "u") == ["tweets/r", "tweets/p"])
        #expect(intent.pendingPath(uid: "u") == "posts/r")
        #expect(intent.signInAction == .post)
        let data = try JSONEncoder().encode(intent)
        #expect(try JSONDecoder().decode(WriteIntent.self, from: data) == intent)
    }
}
