import Domain
import Foundation
import Testing

@testable import ViewModels

/// The Activity tab's view model on a real store: it counts the unread for the tab's label,
/// groups likes of one post, follows what other accounts do live, and marks everything read
/// when the tab is opened (and what arrives while it is open).
@Suite struct ActivityViewModelTests {
    func model(_ world: World) -> ActivityViewModel {
        let writes = StoreWrites.immediate()
        return ActivityViewModel(activity: world.adapters, feed: world.adapters, events: world.events, writes: writes)
    }

    @Test func theLabelCountsTheUnreadAndOpeningTheTabMarksThemRead() throws {
        let world = try World()
        let me = try world.signUp("newcomer")
        let post = try world.services.tweets.post("mine", session: try world.services.session())
        let activity = model(world)
        activity.setUser(me.id)
        world.settle()
        #expect(activity.tabTitle == "Activity" && activity.state.hasLoaded)
        for name in ["hana", "mina"] {
            try world.services.tweets.writeLike(true, tweetID: post.id, session: try world.otherUser(name))
        }
        world.settle()
        #expect(activity.state.unread == 2 && activity.tabTitle == "Activity 2")
        #expect(activity.state.groups.count == 1 && activity.state.groups[0].actors.count == 2)

        activity.setShown(true)
        world.settle()
        #expect(activity.state.unread == 0 && activity.tabTitle == "Activity")
        try world.services.follows.writeFollow(true, uid: me.id, session: try world.otherUser("joon"))
        world.settle()
        #expect(activity.state.unread == 0, "what arrives while the tab is open is read as it comes")
        #expect(activity.state.groups.map(\.kind) == [.follow, .like])

        activity.setShown(false)
        try world.services.tweets.writeLike(true, tweetID: post.id, session: try world.otherUser("sora"))
        world.settle()
        #expect(activity.tabTitle == "Activity 1")
    }

    @Test func aMuteTakesTheMutedPersonsNotificationsAwayAtOnce() throws {
        let world = try World()
        let me = try world.signUp("newcomer")
        let post = try world.services.tweets.post("mine", session: try world.services.session())
        let activity = model(world)
        activity.setUser(me.id)
        activity.setShown(true)
        let (hana, mina) = (try world.otherUser("hana"), try world.otherUser("mina"))
        try world.services.tweets.writeLike(true, tweetID: post.id, session: hana)
        try world.services.follows.writeFollow(true, uid: me.id, session: mina)
        world.settle()
        #expect(activity.state.groups.map(\.kind) == [.follow, .like])

        // Nothing else changes in the list: the mute alone takes hana's like away.
        try world.services.mutes.writeMute(true, uid: hana.uid, session: try world.services.session())
        world.settle()
        #expect(activity.state.groups.map(\.kind) == [.follow], "\(activity.state.groups)")
        try world.services.mutes.writeMute(false, uid: hana.uid, session: try world.services.session())
        world.settle()
        #expect(activity.state.groups.map(\.kind) == [.follow, .like], "unmuted, the like is back")
    }

    @Test func signedOutItListsNothing() throws {
        let world = try World()
        let activity = model(world)
        activity.setUser(nil)
        #expect(!activity.state.isSignedIn && activity.state.groups.isEmpty && activity.tabTitle == "Activity")
    }

    /// 450 notifications: the tab holds the newest 200 live and reads 200 more as the
    /// selection nears the end. The likes of one post lie on both sides of the first page's
    /// border: before the next page they are `@mina` alone, after it one group of four.
    @Test func olderPagesAreReadAsTheSelectionNearsTheEndAndGroupsJoinAcrossTheBorder() throws {
        let world = try World()
        let me = try world.signUp("newcomer")
        let names = ["mina", "hana", "joon", "sora"]
        let actors = try names.map { try world.otherUser($0).uid }
        let batch = world.services.store.batch()
        let box = world.services.store.collection("users").document(me.id).collection("notifications")
        // Newest first: 199 replies (one group each), mina's like of `p1` as the 200th, the
        // likes of `p1` by hana, joon and sora among the next, then 247 more replies.
        var order: [(id: String, kind: String, actor: String, post: String)] = (0..<199).map {
            ("reply-r\($0)", "reply", actors[1], "r\($0)")
        }
        order.append(("like-p1-\(actors[0])", "like", actors[0], "p1"))
        for (index, actor) in actors.dropFirst().enumerated() {
            order.append(("reply-q\(index)", "reply", actors[1], "q\(index)"))
            order.append(("like-p1-\(actor)", "like", actor, "p1"))
        }
        order += (0..<(450 - order.count)).map { ("reply-s\($0)", "reply", actors[1], "s\($0)") }
        for (index, note) in order.enumerated() {
            batch.setData(
                [
                    "kind": .string(note.kind), "actorUid": .string(note.actor), "postID": .string(note.post),
                    "read": .bool(true),
                    "createdAt": .timestamp(Date(timeIntervalSince1970: 1_800_000_000 - Double(index))),
                ], forDocument: box.document(note.id))
        }
        try batch.commit()

        let activity = model(world)
        activity.rowsInView = 20
        activity.setUser(me.id)
        world.settle()
        func likes() -> NotificationGroup? { activity.state.groups.first { $0.kind == .like } }
        #expect(activity.state.groups.count == 200, "the live list holds the newest 200")
        #expect(likes()?.actors.map(\.username) == ["mina"])

        // Moving down to within a screen of the end reads the next 200 after the border.
        activity.select(185)
        world.settle()
        #expect(likes()?.actors.map(\.username) == names, "one group across the border: \(String(describing: likes()))")
        #expect(likes()?.ids.count == 4 && activity.state.groups.count == 397)
        #expect(activity.state.list.selected == 185, "the selection stays where it was")

        activity.select(390)
        world.settle()
        #expect(activity.state.groups.count == 447, "every one of the 450, the four likes in one group")
        activity.select(446)
        world.settle()
        #expect(activity.state.groups.count == 447, "nothing is older")
    }
}
