import DocStore
import Domain
import Foundation
import Testing

/// Follows on a team server: through Tern's services the counters stay exact and a follow
/// is idempotent; with plain `psql` as another member, a forged follower, a follow of
/// oneself and counters set by hand are all refused or harmless.
@Suite(.serialized)
struct ConversationServerTests {
    func services(_ server: RulesServer, as uid: String) throws -> (FollowService, DocumentStore) {
        let store = try server.store(as: uid)
        return (FollowService(store: store, onServer: true), store)
    }

    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    /// `uid`'s two counters as the server stores them, and its two lists' sizes.
    func counted(_ server: RulesServer, _ uid: String) throws -> [String] {
        try [
            server.psql(
                "SELECT data ->> 'followersCount' FROM documents WHERE parent = 'users' AND id = '\(uid)'", as: nil
            )
            .output,
            server.psql("SELECT count(*) FROM documents WHERE parent = 'users/\(uid)/followers'", as: nil).output,
            server.psql(
                "SELECT data ->> 'followingCount' FROM documents WHERE parent = 'users' AND id = '\(uid)'", as: nil
            )
            .output,
            server.psql("SELECT count(*) FROM documents WHERE parent = 'users/\(uid)/following'", as: nil).output,
        ]
    }

    @Test(.requiresPostgres)
    func followsThroughTheServicesAreIdempotentAndCountedExactly() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (ann, bob, cat) = (server.accounts[0], server.accounts[1], server.accounts[2])
        let (annFollows, annStore) = try services(server, as: ann)
        defer { annStore.close() }
        let (catFollows, catStore) = try services(server, as: cat)
        defer { catStore.close() }
        for _ in 0..<2 { try annFollows.writeFollow(true, uid: bob, session: session(ann)) }
        try catFollows.writeFollow(true, uid: bob, session: session(cat))
        #expect(try counted(server, bob) == ["2", "2", "0", "0"])
        #expect(try counted(server, ann) == ["0", "0", "1", "1"])
        #expect(try annFollows.isFollowing(bob, by: ann))
        #expect(Set(try catFollows.people(.followers, of: bob).map(\.uid)) == [ann, cat], "follows are public")
        for _ in 0..<2 { try annFollows.writeFollow(false, uid: bob, session: session(ann)) }
        #expect(try counted(server, bob) == ["1", "1", "0", "0"])
        #expect(try counted(server, ann) == ["0", "0", "0", "0"])
        #expect(throws: ServiceError.cannotFollowSelf) {
            try annFollows.writeFollow(true, uid: ann, session: session(ann))
        }
        #expect(throws: ServiceError.userNotFound("nobody")) {
            try annFollows.writeFollow(true, uid: "nobody", session: session(ann))
        }
    }

    @Test(.requiresPostgres)
    func aForgedFollowerASelfFollowAndHandSetCountersAreRefused() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (victim, attacker, other) = (server.accounts[0], server.accounts[1], server.accounts[2])
        let forged = [
            // Writing the follow documents directly, as oneself or as someone else.
            "SELECT tern_write('users/\(victim)/followers', '\(other)', '{\"followedAt\":1}')",
            "SELECT tern_write('users/\(attacker)/following', '\(victim)', '{\"followedAt\":1}')",
            "SELECT tern_write('users/\(other)/following', '\(victim)', '{\"followedAt\":1}')",
            "INSERT INTO documents (parent, id, doc) VALUES ('users/\(victim)/followers', '\(other)', '{}')",
            "UPDATE documents SET doc = '{}' WHERE parent = 'users' AND id = '\(victim)'",
            // Following as another account, or oneself.
            "SELECT tern_follow('\(other)', '\(victim)', true)",
            "SELECT tern_follow('\(attacker)', true)",
        ]
        for sql in forged {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql) → \(result)")
        }
        let guest = try server.psqlAt(server.guestURL, "SELECT tern_follow('\(victim)', true)")
        #expect(!guest.ok, "the guest follows nobody: \(guest)")

        // Counters set by hand through the profile's own write are not taken.
        let byHand = try server.psql(
            "SELECT tern_write('users', tern_me(), json_build_object('displayName', 'Mallory', 'username', "
                + "'mallory', 'isUserOnboarded', true, 'followersCount', 1000000, 'followingCount', 5)::text)",
            as: attacker)
        #expect(byHand.ok, "\(byHand)")
        #expect(try counted(server, attacker) == ["0", "0", "0", "0"])

        // Even the superuser cannot move a counter or add a follow behind the function.
        let admin = try server.psql(
            "UPDATE documents SET doc = tern_text((data - 'createdOn') || '{\"followersCount\": 7}', "
                + "jsonb_build_object('createdOn', data -> 'createdOn')) WHERE parent = 'users' AND id = '\(victim)'",
            as: nil)
        #expect(!admin.ok && admin.errors.contains("follow"), "\(admin)")

        // The real follow works, and counters stay exact after all of it.
        let follow = try server.psql("SELECT tern_follow('\(victim)', true)", as: attacker)
        #expect(follow.ok && follow.output == "1", "\(follow)")
        let twice = try server.psql("SELECT tern_follow('\(victim)', true)", as: attacker)
        #expect(twice.ok && twice.output == "0", "\(twice)")
        #expect(try counted(server, victim) == ["1", "1", "0", "0"])
        #expect(try counted(server, attacker) == ["0", "0", "1", "1"])
        let stored = try server.psql(
            "SELECT data ->> 'displayName' FROM documents WHERE parent = 'users' AND id = '\(attacker)'", as: nil)
        #expect(stored.output == "Mallory", "a follow keeps the rest of the profile: \(stored)")
    }

    @Test(.requiresPostgres)
    func bookmarksArePrivateAndRepostsAreExactAgainstPlainPsql() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (author, owner, attacker) = (server.accounts[0], server.accounts[1], server.accounts[2])
        try server.post(as: author, id: "p1", caption: "mine")
        let store = try server.store(as: owner)
        defer { store.close() }
        let tweets = TweetService(store: store, onServer: true)
        for _ in 0..<2 {
            try tweets.writeMark(.bookmark, true, tweetID: "p1", session: session(owner))
            try tweets.writeMark(.repost, true, tweetID: "p1", session: session(owner))
        }
        let seen = try #require(try tweets.post(id: "p1", viewer: session(owner)))
        #expect(seen.reposts == 1 && seen.didRepost && seen.didBookmark)
        #expect(try tweets.page(.bookmarks, viewer: session(owner)).posts.map(\.id) == ["p1"])
        #expect(throws: ServiceError.postNotFound("nope")) {
            try tweets.writeMark(.bookmark, true, tweetID: "nope", session: session(owner))
        }

        // Nobody else reads the bookmark, not even knowing its path; the repost is public.
        let bookmarks = "SELECT count(*) FROM documents WHERE parent = 'users/\(owner)/bookmarks'"
        #expect(try server.psql(bookmarks, as: owner).output == "1")
        #expect(try server.psql(bookmarks, as: attacker).output == "0", "another account reads no bookmark")
        #expect(try server.psqlAt(server.guestURL, bookmarks).output == "0", "the guest reads no bookmark")
        let reposts = "SELECT count(*) FROM documents WHERE parent = 'users/\(owner)/user-reposts'"
        #expect(try server.psql(reposts, as: attacker).output == "1", "reposts are public")

        let refused = [
            "SELECT tern_write('users/\(owner)/bookmarks', 'p1', '{\"bookmarkedAt\":1}')",
            "SELECT tern_write('users/\(attacker)/bookmarks', 'p1', '{\"bookmarkedAt\":1}')",
            "SELECT tern_write('users/\(attacker)/user-reposts', 'p1', '{\"repostedAt\":1}')",
            "INSERT INTO documents (parent, id, doc) VALUES ('users/\(attacker)/user-reposts', 'p1', '{}')",
            "SELECT tern_repost('\(owner)', 'p1', true)",
            "SELECT tern_mark_post('p1', true, 'user-reposts', 'repostedAt', 'reposts')",
            "DELETE FROM documents WHERE parent = 'users/\(owner)/bookmarks'",
        ]
        for sql in refused {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql) → \(result)")
        }
        #expect(try server.psql(bookmarks, as: owner).output == "1", "the owner's bookmark is still there")
        // A counter set by hand in the author's own edit is not taken.
        let edit = try server.psql(
            "SELECT tern_write('tweets', 'p1', json_build_object('uid', tern_me(), 'caption', 'edited', "
                + "'reposts', 1000, 'likes', 5)::text)",
            as: author)
        #expect(edit.ok, "\(edit)")
        let admin = try server.psql(
            "UPDATE documents SET doc = tern_text((data - 'timestamp') || '{\"reposts\": 9}', "
                + "jsonb_build_object('timestamp', data -> 'timestamp')) WHERE parent = 'tweets' AND id = 'p1'",
            as: nil)
        #expect(!admin.ok && admin.errors.contains("reposts"), "\(admin)")
        let repost = try server.psql("SELECT tern_repost('p1', true)", as: attacker)
        #expect(repost.ok && repost.output == "1", "\(repost)")
        let like = try server.psql("SELECT tern_like('p1', true)", as: attacker)
        #expect(like.ok, "\(like)")
        let stored = try server.psql(
            "SELECT (data ->> 'reposts') || ' ' || (data ->> 'likes') || ' ' || (data ->> 'caption') FROM documents "
                + "WHERE parent = 'tweets' AND id = 'p1'",
            as: nil)
        #expect(stored.output == "2 1 edited", "counters equal the records, a like keeps the reposts: \(stored)")
    }
}
