import Domain
import Foundation
import Localization
import PlaceCatalog
import Testing

@testable import ViewModels

/// Favorites' followed folders (issue 29, point 4): another person's shared folder followed
/// here joins the folder column after one's own, live (a place its owner adds shows without
/// a key), read-only (every edit key says whose it is in one line and writes nothing), and
/// leaves with a one-line notice when its owner makes it private; `F` on the folder opened
/// from the owner's profile follows and unfollows it.
@Suite struct FollowedFoldersViewModelTests {
    func candidate(_ id: String, _ name: String) -> FavoriteCandidate {
        FavoriteCandidate(
            placeID: id, placeName: name, address: "\(name) address",
            coordinate: Coordinate(latitude: 37, longitude: 127))
    }

    /// Mina shares 카페 (Busan) and keeps Secret; the viewer, signed in, follows nothing yet.
    func world() throws -> (World, mina: Session, cafe: FavoriteFolder, viewer: User) {
        let world = try World()
        let mina = try world.otherUser("mina_k")
        let cafe = try world.services.favorites.createFolder(name: "카페", visibility: .shared, session: mina)
        _ = try world.services.favorites.createFolder(name: "Secret", session: mina)
        try world.services.favorites.add(candidate("1838524", "Busan"), folderID: cafe.id, session: mina)
        let viewer = try world.signUp("viewer")
        return (world, mina, cafe, viewer)
    }

    @Test func aFollowedFolderJoinsTheColumnLiveReadOnlyAndLeavesWithANotice() throws {
        let (world, mina, cafe, viewer) = try world()
        let model = FavoritesViewModel(favorites: world.adapters, events: world.events)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(viewer.id)
        world.settle()
        #expect(model.state.folders.map(\.shownName) == ["Favorites"])

        try world.adapters.write(.followFolder(ownerUID: mina.uid, folderID: cafe.id), uid: viewer.id)
        world.settle()
        #expect(model.state.folders.map(\.shownName) == ["Favorites", "@mina_k/카페"])
        #expect(model.state.folders.last?.owner?.username == "mina_k")
        #expect(model.state.folders.last?.count == 1)
        #expect(model.state.ownFolders.count == 1, "places move, copy and save to one's own folders only")
        model.selectFolder(by: 1)
        world.settle()
        #expect(model.state.selectedOwner?.uid == mina.uid)
        #expect(model.state.items.map(\.placeName) == ["Busan"])

        // The owner adds a place: it shows without a key.
        try world.services.favorites.add(candidate("1835848", "Seoul"), folderID: cafe.id, session: mina)
        world.settle()
        #expect(Set(model.state.items.map(\.placeName)) == ["Busan", "Seoul"])
        #expect(model.state.folders.last?.count == 2)

        // Every edit key: one line saying whose it is; nothing written.
        let before = try world.services.favorites.snapshot(session: mina)
        let edits: [(String, () -> Void)] = [
            ("remove", model.removeSelected), ("memo", model.beginMemo), ("order", model.cycleOrder),
            ("move", { model.beginMoveOrCopy(copying: false) }), ("copy", { model.beginMoveOrCopy(copying: true) }),
            ("move up", { model.moveSelectedItem(by: 1) }), ("rename", model.beginRenameFolder),
            ("delete", model.beginDeleteFolder),
        ]
        for (name, edit) in edits {
            let count = toasts.values.count
            edit()
            world.settle()
            #expect(toasts.values.count == count + 1, "\(name) says why")
            #expect(
                toasts.last?.message
                    == "The folder @mina_k/카페 is someone else's: followed folders are read-only", "\(name)")
            #expect(model.state.prompt == nil, "\(name) opens no form")
        }
        #expect(Set(model.state.items.map(\.placeName)) == ["Busan", "Seoul"])
        #expect(try world.services.favorites.snapshot(session: mina) == before)

        // Made private: gone from the column, with a one-line notice; one's own folder selected.
        _ = try world.services.favorites.updateFolder(id: cafe.id, visibility: .private, session: mina)
        world.settle()
        #expect(model.state.folders.map(\.shownName) == ["Favorites"])
        #expect(model.state.selectedOwner == nil)
        #expect(model.state.items.isEmpty)
        #expect(toasts.last?.message == "@mina_k/카페 left your Favorites: its owner no longer shares it")
    }

    @Test func aDeletedFolderLeavesTooAndAPendingFollowIsMarked() throws {
        let (world, mina, cafe, viewer) = try world()
        let model = FavoritesViewModel(favorites: world.adapters, events: world.events)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(viewer.id)
        try world.adapters.write(.followFolder(ownerUID: mina.uid, folderID: cafe.id), uid: viewer.id)
        world.settle()
        let followID = FolderFollowService.followID(ownerUID: mina.uid, folderID: cafe.id)
        model.setPendingPaths(["users/\(viewer.id)/folder-follows/\(followID)"])
        #expect(model.state.pendingFollowIDs == [followID])
        #expect(model.state.folders.last?.followID == followID)

        _ = try world.services.favorites.deleteFolder(id: cafe.id, deletion: .movePlacesToDefault, session: mina)
        world.settle()
        #expect(model.state.folders.map(\.shownName) == ["Favorites"])
        #expect(toasts.last?.message == "@mina_k/카페 left your Favorites: its owner no longer shares it")
    }

    @Test func fOnTheOpenFolderFollowsAndUnfollowsShownAtOnce() throws {
        let (world, mina, cafe, viewer) = try world()
        let favorites = FavoritesViewModel(favorites: world.adapters, events: world.events)
        favorites.setUser(viewer.id)
        let folders = OthersFoldersViewModel(
            owner: mina.uid, port: world.adapters, events: world.events, reads: .immediate())
        folders.isFollowing = { favorites.state.follows(ownerUID: mina.uid, folderID: $0) }
        let toasts = Recorder<Toast>()
        folders.onToast = toasts.record
        folders.start(viewer: viewer.id)
        world.settle()
        #expect(folders.state.folders?.map(\.folder.name) == ["카페"], "the private folder is not listed")
        folders.openSelected()
        #expect(folders.state.openFollowed == false)

        folders.toggleFollowOpen()
        world.settle()
        folders.followingChanged()
        #expect(folders.state.openFollowed == true)
        #expect(folders.state.followPending == false, "the embedded store confirms at once")
        #expect(toasts.last?.message == "Following 카페: it shows in your Favorites")
        #expect(favorites.state.folders.map(\.shownName) == ["Favorites", "@mina_k/카페"])
        #expect(
            try world.services.folderFollows.followedFolders(of: viewer.id, home: world.services.home)
                .folders.map(\.folder.id) == [cafe.id])

        folders.toggleFollowOpen()
        world.settle()
        folders.followingChanged()
        #expect(folders.state.openFollowed == false)
        #expect(toasts.last?.message == "No longer following 카페")
        #expect(favorites.state.folders.map(\.shownName) == ["Favorites"])
        folders.stop()
    }
}
