import DocStore
import Foundation
import Testing

@testable import Domain

/// What one heart costs the embedded store, counted by the store itself (`StoreCounts`):
/// a like or an unlike through the one writer is one commit of at most four statements,
/// and reads nothing it throws away.
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

    @Test func aLikeIsOneCommitOfAtMostFourStatements() throws {
        let (services, session, id, fixture) = try world()
        _ = fixture
        let before = services.store.counts
        #expect(try services.write(.like(postID: id), session: session) == .applied)
        let cost = services.store.counts.since(before)
        #expect(cost.commits == 1, "\(cost)")
        #expect(cost.statements <= 4, "\(cost)")
        #expect(cost.roundTrips == 0)
        #expect(try services.tweets.post(id: id, viewer: session)?.didLike == true)
    }

    @Test func anUnlikeIsOneCommitOfAtMostFourStatements() throws {
        let (services, session, id, fixture) = try world()
        _ = fixture
        try services.write(.like(postID: id), session: session)
        let before = services.store.counts
        try services.write(.unlike(postID: id), session: session)
        let cost = services.store.counts.since(before)
        #expect(cost.commits == 1, "\(cost)")
        #expect(cost.statements <= 4, "\(cost)")
        let row = try services.tweets.post(id: id, viewer: session)
        #expect(row?.didLike == false && row?.likes == 0)
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
