import DocStore
import Foundation
import Testing

@testable import Domain

/// What one heart costs the embedded store, counted by the store itself (`StoreCounts`):
/// a like or an unlike through the one writer is one commit of at most five statements
/// (the like, its write, the counter's read and write, the post's author for the
/// notification), six with the notification of someone else's post, and reads nothing it
/// throws away.
@Suite struct WriteCostTests {
    /// A signed-in poster with one post, after one write (a connection's first write checks
    /// the file once, which is not the like's cost).
    private func world() throws -> (AppServices, Session, String, ServiceFixture) {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.poster("heart@example.com")
        let post = try services.tweets.post("a post to like", session: session)
        return (services, session, post.id, fixture)
    }

    @Test func aLikeIsOneCommitOfAtMostFiveStatements() throws {
        let (services, session, id, fixture) = try world()
        _ = fixture
        let before = services.store.counts
        #expect(try services.write(.like(postID: id), session: session) == .applied)
        let cost = services.store.counts.since(before)
        #expect(cost.commits == 1, "\(cost)")
        #expect(cost.statements <= 5, "\(cost)")
        #expect(cost.roundTrips == 0)
        #expect(try services.tweets.post(id: id, viewer: session)?.didLike == true)
    }

    @Test func anUnlikeIsOneCommitOfAtMostFiveStatements() throws {
        let (services, session, id, fixture) = try world()
        _ = fixture
        try services.write(.like(postID: id), session: session)
        let before = services.store.counts
        try services.write(.unlike(postID: id), session: session)
        let cost = services.store.counts.since(before)
        #expect(cost.commits == 1, "\(cost)")
        #expect(cost.statements <= 5, "\(cost)")
        let row = try services.tweets.post(id: id, viewer: session)
        #expect(row?.didLike == false && row?.likes == 0)
    }

    @Test func aLikeOfSomeoneElsesPostAndItsNotificationAreOneCommitOfAtMostSixStatements() throws {
        let (services, author, id, fixture) = try world()
        let other = try fixture.open(session: "fan")
        let fan = try other.poster("fan@example.com")
        try other.write(.like(postID: id), session: fan)
        try other.write(.unlike(postID: id), session: fan)
        let before = other.store.counts
        try other.write(.like(postID: id), session: fan)
        let cost = other.store.counts.since(before)
        #expect(cost.commits == 1, "\(cost)")
        #expect(cost.statements <= 6, "\(cost)")
        #expect(
            try services.store.collection("users/\(author.uid)/notifications").count() == 1)
    }

    @Test func aLikeOfAMissingPostSaysSoAndChangesNothing() throws {
        let (services, session, _, fixture) = try world()
        _ = fixture
        #expect(throws: ServiceError.postNotFound("nope")) {
            try services.write(.like(postID: "nope"), session: session)
        }
        #expect(try services.likeDocuments(for: "nope") == 0)
    }

    @Test func aSessionSignedOutElsewhereStopsWritingOnceTheChangeIsSeen() throws {
        let (services, session, id, fixture) = try world()
        try services.write(.like(postID: id), session: session)
        // Another process drops every session of the account (a password change elsewhere).
        let other = try fixture.open()
        let key = Credential.key(for: session.email)
        let stored = try other.store.protectedRecord(key)
        var credential = try JSONDecoder().decode(Credential.self, from: try #require(stored))
        credential.sessions = []
        try other.store.setProtectedRecord(key, try JSONEncoder().encode(credential))
        try services.store.pollExternalChanges()
        #expect(throws: ServiceError.sessionNotValid) {
            try services.write(.unlike(postID: id), session: session)
        }
    }
}
