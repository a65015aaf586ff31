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
}
