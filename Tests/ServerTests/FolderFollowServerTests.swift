import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

/// Follows of folders on a team server (issue 29, point 4): through Tern's services the
/// count stays exact; with plain `psql` as another account, following a private folder,
/// one's own, or forging a follow or the count is refused, and a followed folder made
/// private is no longer readable.
@Suite(.serialized)
struct FolderFollowServerTests {
    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    func followers(_ server: RulesServer, _ owner: String, _ folder: String) throws -> String {
        try server.psql(
            "SELECT data ->> 'followers' FROM documents WHERE parent = 'favorites/\(owner)/folders'"
                + " AND id = '\(folder)'",
            as: nil
        ).output
    }

    @Test(.requiresPostgres)
    func followsAreExactAndEveryForgeryOrPrivateFolderIsRefusedAgainstPlainPsql() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (owner, reader, attacker) = (server.accounts[0], server.accounts[1], server.accounts[2])
        let folders = "favorites/\(owner)/folders"
        try server.write(
            as: owner,
            [
                "\(folders)/open": ["name": "카페", "visibility": "shared"],
                "\(folders)/closed": ["name": "Home", "visibility": "private"],
                "favorites/\(owner)/favorites/p1": RulesServer.favorite("Jeju").merging(["folders": .array(["open"])]) {
                    $1
                },
            ])
        let store = try server.store(as: reader)
        defer { store.close() }
        let follows = FolderFollowService(store: store, onServer: true)
        for _ in 0..<2 { try follows.writeFollow(true, ownerUID: owner, folderID: "open", session: session(reader)) }
        #expect(try followers(server, owner, "open") == "1")
        let followed = try follows.followedFolders(of: reader, home: Coordinate(latitude: 37.5, longitude: 127))
        #expect(followed.folders.map(\.folder.name) == ["카페"])
        #expect(followed.folders.first?.places.map(\.placeName) == ["Jeju"])
        #expect(throws: FavoritesError.folderNotShared("closed")) {
            try follows.writeFollow(true, ownerUID: owner, folderID: "closed", session: session(reader))
        }
        #expect(throws: FavoritesError.folderNotFound("gone")) {
            try follows.writeFollow(true, ownerUID: owner, folderID: "gone", session: session(reader))
        }

        // The attacker, by hand: a private folder, their own, forged follows and counts.
        try server.write(
            as: attacker, ["favorites/\(attacker)/folders/mine": ["name": "Mine", "visibility": "shared"]])
        for sql in [
            "SELECT tern_follow_folder('\(owner)', 'closed', true)",
            "SELECT tern_follow_folder('\(attacker)', 'mine', true)",
            "SELECT tern_write('users/\(attacker)/folder-follows', '\(owner):closed', "
                + "'{\"ownerUid\":\"\(owner)\",\"folderID\":\"closed\"}')",
            "INSERT INTO documents (parent, id, doc) VALUES ('users/\(attacker)/folder-follows', '\(owner):open', "
                + "'{}')",
            "UPDATE documents SET doc = '{\"followers\": 99}' WHERE parent = '\(folders)' AND id = 'open'",
            "SELECT tern_write('\(folders)', 'open', '{\"name\":\"x\",\"visibility\":\"shared\",\"followers\":99}')",
        ] {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql) → \(result)")
        }
        let guest = try server.psqlAt(server.guestURL, "SELECT tern_follow_folder('\(owner)', 'open', true)")
        #expect(!guest.ok, "the guest follows no folder: \(guest)")
        #expect(try followers(server, owner, "open") == "1")

        // Only the owner writes the folder, and the owner's own edit cannot set the count.
        let own = try server.psql(
            "SELECT tern_write('\(folders)', 'open', "
                + "'{\"name\":\"카페 모음\",\"visibility\":\"shared\",\"followers\":99}')",
            as: owner)
        #expect(own.ok, "\(own)")
        #expect(try followers(server, owner, "open") == "1", "the owner's edit keeps the count")
        let real = try server.psql("SELECT tern_follow_folder('\(owner)', 'open', true)", as: attacker)
        #expect(real.ok && real.output == "1", "\(real)")
        #expect(try followers(server, owner, "open") == "2")

        // Made private: the follower reads nothing of it any more, the follow left behind.
        let hide = try server.psql(
            "SELECT tern_write('\(folders)', 'open', '{\"name\":\"카페 모음\",\"visibility\":\"private\"}')", as: owner)
        #expect(hide.ok, "\(hide)")
        let read = try server.psql(
            "SELECT count(*) FROM documents WHERE parent IN ('\(folders)', 'favorites/\(owner)/favorites')", as: reader)
        #expect(read.output == "0", "nothing of a private folder is readable: \(read)")
        let after = try follows.followedFolders(of: reader, home: Coordinate(latitude: 37.5, longitude: 127))
        #expect(after.folders.isEmpty && after.left == ["\(owner):open"])
        try follows.writeFollow(false, ownerUID: owner, folderID: "open", session: session(reader))
        #expect(try followers(server, owner, "open") == "1")
    }

    /// The owner's notification of a follow, written by `tern_follow_folder` in the follow's
    /// transaction: read by the owner alone, forged or removed by nobody by hand, taken back
    /// by an unfollow while unread and kept once read.
    @Test(.requiresPostgres)
    func aFollowNotifiesTheOwnerAloneAndAnUnfollowTakesBackTheUnreadOneAgainstPlainPsql() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (owner, reader, attacker) = (server.accounts[0], server.accounts[1], server.accounts[2])
        let box = "users/\(owner)/notifications"
        let note = "folder-follow-\(reader)-open"
        try server.write(as: owner, ["favorites/\(owner)/folders/open": ["name": "카페", "visibility": "shared"]])
        let shown =
            "SELECT data ->> 'kind', data ->> 'actorUid', data ->> 'folderID', data ->> 'folderName', "
            + "data ->> 'read' FROM documents WHERE parent = '\(box)' AND id = '\(note)'"

        let follow = try server.psql("SELECT tern_follow_folder('\(owner)', 'open', true)", as: reader)
        #expect(follow.ok, "\(follow)")
        #expect(try server.psql(shown, as: owner).output == "follow|\(reader)|open|카페|false")
        #expect(try server.psql(shown, as: reader).output == "", "only the owner reads it")
        // Another account's hand: its delete and update reach no row of the owner's (their
        // rows are not its to see), its insert and write are refused.
        for sql in [
            "DELETE FROM documents WHERE parent = '\(box)' AND id = '\(note)'",
            "UPDATE documents SET doc = '{\"kind\":\"follow\",\"read\":true}' WHERE parent = '\(box)'",
        ] {
            _ = try server.psql(sql, as: attacker)
        }
        for sql in [
            "INSERT INTO documents (parent, id, doc) VALUES ('\(box)', 'folder-follow-\(attacker)-open', "
                + "'{\"kind\":\"follow\",\"actorUid\":\"\(attacker)\",\"folderID\":\"open\"}')",
            "SELECT tern_write('\(box)', 'folder-follow-\(attacker)-open', '{\"kind\":\"follow\"}')",
        ] {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql) → \(result)")
        }
        #expect(try server.psql(shown, as: owner).output == "follow|\(reader)|open|카페|false")

        // Taken back unread; followed again and read, an unfollow leaves it.
        #expect(try server.psql("SELECT tern_follow_folder('\(owner)', 'open', false)", as: reader).ok)
        #expect(try server.psql(shown, as: owner).output == "")
        #expect(try server.psql("SELECT tern_follow_folder('\(owner)', 'open', true)", as: reader).ok)
        #expect(try server.psql("SELECT tern_read_notifications()", as: owner).ok)
        #expect(try server.psql("SELECT tern_follow_folder('\(owner)', 'open', false)", as: reader).ok)
        #expect(try server.psql(shown, as: owner).output == "follow|\(reader)|open|카페|true")

        // Through Tern's services the owner reads it as a folder's follow.
        let store = try server.store(as: owner)
        defer { store.close() }
        let notes = try NotificationService(store: store, onServer: true).notifications(session: session(owner))
        #expect(notes.map(\.folder) == [NotifiedFolder(id: "open", name: "카페")])
    }

    /// A follower's live followed folders on a team server: the owner's new place arrives
    /// through the announcement on the follower's own channel (`tern_announce_to_followers`),
    /// and the folder made private leaves, named among those that left.
    @Test(.requiresPostgres)
    func aFollowersListenerHearsTheOwnersNewPlaceAndTheFolderMadePrivate() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (owner, reader) = (server.accounts[0], server.accounts[1])
        let folders = "favorites/\(owner)/folders"
        try server.write(
            as: owner,
            [
                "\(folders)/open": ["name": "카페", "visibility": "shared"],
                "favorites/\(owner)/favorites/p1": RulesServer.favorite("Jeju").merging(["folders": .array(["open"])]) {
                    $1
                },
            ])
        #expect(try server.psql("SELECT tern_follow_folder('\(owner)', 'open', true)", as: reader).ok)
        let store = try server.store(as: reader)
        defer { store.close() }
        let lock = NSLock()
        var last = FollowedFolders()
        let listener = try FolderFollowService(store: store, onServer: true).observeFollowedFolders(
            of: reader, home: Coordinate(latitude: 37.5, longitude: 127),
            onChange: { value in lock.withLock { last = value } },
            onError: { _ in })
        defer { listener.remove() }
        func waitFor(_ what: String, _ check: (FollowedFolders) -> Bool) throws {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                _ = try store.pollExternalChanges()
                if check(lock.withLock { last }) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("\(what) never arrived: \(lock.withLock { last })")
        }
        try waitFor("the followed folder") { $0.folders.first?.places.count == 1 }

        try server.write(
            as: owner,
            [
                "favorites/\(owner)/favorites/p2": RulesServer.favorite("Seoul").merging(["folders": .array(["open"])])
                { $1 }
            ])
        try waitFor("the owner's new place") {
            Set($0.folders.first?.places.map(\.placeName) ?? []) == ["Jeju", "Seoul"]
        }

        try server.write(as: owner, ["\(folders)/open": ["name": "카페", "visibility": "private"]])
        try waitFor("the folder made private") { $0.folders.isEmpty && $0.left == ["\(owner):open"] }
    }
}
