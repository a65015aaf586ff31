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
}
