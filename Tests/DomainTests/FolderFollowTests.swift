import DocStore
import Foundation
import Localization
import PlaceCatalog
import Testing

@testable import Domain

/// Follows of folders on the embedded store (issue 29, point 4): only another person's
/// shared folder is followed, through the one write path; the folder's `followers` stays
/// exact and survives the owner's edits; every refusal is one error and writes nothing.
@Suite struct FolderFollowTests {
    let fixture = ServiceFixture()

    /// Every document of the accounts that a follow could touch, folders and follows included.
    func written(_ services: AppServices, _ uids: [String]) throws -> [String: [String: FieldValue]] {
        var result = try services.fingerprint(uids: uids)
        for uid in uids {
            for path in ["favorites/\(uid)/folders", "users/\(uid)/folder-follows"] {
                for document in try services.store.collection(path).getDocuments().documents {
                    result[document.reference.path] = document.data
                }
            }
        }
        return result
    }

    @Test func aSharedFolderIsFollowedCountedAndReadAndEveryRefusalWritesNothing() throws {
        let services = try fixture.open()
        let mina = try services.poster("mina@example.com")
        let jun = try services.poster("jun@example.com")
        let cafe = try services.favorites.createFolder(name: "카페", visibility: .shared, session: mina)
        let secret = try services.favorites.createFolder(name: "Secret", session: mina)
        try services.favorites.add(placeID: "1835848", from: FolderTestDirectory(), folderID: cafe.id, session: mina)
        let follows = services.folderFollows

        let intent = try follows.intent(true, owner: "@mina_poster", folder: "카페", session: jun)
        #expect(intent == .followFolder(ownerUID: mina.uid, folderID: cafe.id))
        try services.write(intent, session: jun)
        try services.write(intent, session: jun)  // sent again from an outbox: nothing more
        var followed = try follows.followedFolders(of: jun.uid, home: seoulCityHall)
        #expect(followed.folders.map(\.qualifiedName) == ["@mina_poster/카페"])
        #expect(followed.folders[0].folder.followers == 1)
        #expect(followed.folders[0].places.map(\.placeName) == ["Seoul"])
        #expect(followed.folder(named: "카페")?.folder.id == cafe.id)

        // The owner's edit keeps the count; the owner adds a place, the follower reads it.
        _ = try services.favorites.updateFolder(id: cafe.id, name: "카페 모음", session: mina)
        try services.favorites.add(placeID: "1838524", from: FolderTestDirectory(), folderID: cafe.id, session: mina)
        followed = try follows.followedFolders(of: jun.uid, home: seoulCityHall)
        #expect(followed.folders[0].folder.followers == 1)
        #expect(Set(followed.folders[0].places.map(\.placeName)) == ["Seoul", "Busan"])

        // Refused, one clear error each, and nothing written.
        let before = try written(services, [mina.uid, jun.uid])
        #expect(throws: FavoritesError.alreadyFollowingFolder("카페 모음")) {
            try follows.intent(true, owner: "mina_poster", folder: "카페 모음", session: jun)
        }
        #expect(throws: FavoritesError.folderNotShared("Secret")) {
            try follows.intent(true, owner: "mina_poster", folder: "secret", session: jun)
        }
        #expect(throws: FavoritesError.folderNotFound("없는 폴더")) {
            try follows.intent(true, owner: "mina_poster", folder: "없는 폴더", session: jun)
        }
        #expect(throws: FavoritesError.ownFolder("카페 모음")) {
            try follows.intent(true, owner: "mina_poster", folder: "카페 모음", session: mina)
        }
        #expect(throws: FavoritesError.unknownUser("nobody")) {
            try follows.intent(true, owner: "@nobody", folder: "카페", session: jun)
        }
        #expect(throws: FavoritesError.notFollowingFolder("Secret")) {
            try follows.intent(false, owner: "mina_poster", folder: "Secret", session: jun)
        }
        #expect(throws: FavoritesError.folderNotShared("Secret")) {
            try services.write(.followFolder(ownerUID: mina.uid, folderID: secret.id), session: jun)
        }
        #expect(throws: FavoritesError.ownFolder(cafe.id)) {
            try services.write(.followFolder(ownerUID: mina.uid, folderID: cafe.id), session: mina)
        }
        #expect(try written(services, [mina.uid, jun.uid]) == before)

        // Made private: it leaves the follower's folders, named among those that left.
        _ = try services.favorites.updateFolder(id: cafe.id, visibility: .private, session: mina)
        followed = try follows.followedFolders(of: jun.uid, home: seoulCityHall)
        #expect(followed.folders.isEmpty)
        #expect(followed.left == [FolderFollowService.followID(ownerUID: mina.uid, folderID: cafe.id)])

        // Unfollowed (still possible while private), the count goes back to zero.
        let unfollow = try follows.intent(false, owner: "mina_poster", folder: "카페 모음", session: jun)
        try services.write(unfollow, session: jun)
        let folder = try #require(try services.favorites.snapshot(session: mina).folder(id: cafe.id))
        #expect(folder.followers == 0)
        #expect(try follows.followedFolders(of: jun.uid, home: seoulCityHall) == FollowedFolders())
    }

    /// The owner hears of a follow of their folder (`folder-follow-{uid}-{folderID}`, kind
    /// `follow`, the folder named), once per follower and folder; an unfollow before it was
    /// read takes it back, as a like taken back does; a read one stays.
    @Test func aFollowNotifiesTheOwnerAndAnUnreadOneIsTakenBackByTheUnfollow() throws {
        let services = try fixture.open()
        let mina = try services.poster("mina@example.com")
        let jun = try services.poster("jun@example.com")
        let ann = try services.poster("ann@example.com")
        let cafe = try services.favorites.createFolder(name: "카페", visibility: .shared, session: mina)
        let follow = WriteIntent.followFolder(ownerUID: mina.uid, folderID: cafe.id)
        let unfollow = WriteIntent.unfollowFolder(ownerUID: mina.uid, folderID: cafe.id)
        try services.write(follow, session: jun)
        try services.write(follow, session: jun)  // sent again: still one notification

        var notes = try services.notifications.notifications(session: mina)
        #expect(notes.map(\.id) == ["folder-follow-\(jun.uid)-\(cafe.id)"])
        #expect(notes.first?.kind == .follow && notes.first?.postID == nil)
        #expect(notes.first?.folder == NotifiedFolder(id: cafe.id, name: "카페"))
        #expect(notes.first?.actor.uid == jun.uid && notes.first?.read == false)
        #expect(try services.notifications.notifications(session: jun).isEmpty, "nobody else hears of it")
        #expect(
            Language.$scoped.withValue(.en) { NotificationText.line(NotificationGroup.grouped(notes)[0]) }
                == "@jun_poster followed your folder 카페")
        #expect(
            Language.$scoped.withValue(.ko) { NotificationText.line(NotificationGroup.grouped(notes)[0]) }
                == "@jun_poster 님이 회원님의 카페 폴더를 팔로우합니다")

        // A second follower folds into the folder's line; a follow of Mina herself stays apart.
        try services.write(follow, session: ann)
        try services.write(.follow(uid: mina.uid), session: ann)
        notes = try services.notifications.notifications(session: mina)
        let groups = NotificationGroup.grouped(notes)
        #expect(groups.count == 2)
        let folderLine = try #require(groups.first { $0.folder != nil })
        #expect(folderLine.actors.count == 2)
        #expect(
            Language.$scoped.withValue(.en) { NotificationText.line(folderLine) }
                == "@ann_poster and 1 others followed your folder 카페")

        // Taken back unread; once read, an unfollow leaves it.
        try services.write(unfollow, session: ann)
        notes = try services.notifications.notifications(session: mina)
        #expect(!notes.contains { $0.id == "folder-follow-\(ann.uid)-\(cafe.id)" })
        #expect(notes.contains { $0.id == "folder-follow-\(jun.uid)-\(cafe.id)" })
        try services.write(.readNotifications, session: mina)
        try services.write(unfollow, session: jun)
        notes = try services.notifications.notifications(session: mina)
        #expect(notes.contains { $0.id == "folder-follow-\(jun.uid)-\(cafe.id)" && $0.read })
    }
}
