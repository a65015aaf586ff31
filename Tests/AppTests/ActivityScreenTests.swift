import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// The Activity tab (`5`) through the real keymap on an in-memory terminal: other people's
/// likes, reposts, replies and follows of the newcomer arrive live from another connection
/// on the same data directory, grouped (`@mina and 2 others liked your post`); the tab's
/// label counts the unread, and opening the tab marks them read.
@Suite struct ActivityScreenTests {
    /// Another account on the same data directory (its own session file and connection,
    /// as another process would have), registered and onboarded.
    func other(_ world: AppWorld, _ username: String) throws -> (AppServices, Session) {
        let paths = AppPaths(
            dataDirectory: world.directory, sessionFile: world.directory + "/state-\(username)/session",
            configFile: world.directory + "/config", resourcesDirectory: AppWorld.resources)
        let services = try AppServices.open(
            paths: paths, seedSample: false, hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        try services.auth.register(email: "\(username)@example.com", password: "password123")
        try services.users.updateProfile(
            ProfileEdit(displayName: username.capitalized, username: username), session: try services.session())
        return (services, try #require(try services.session()))
    }

    /// The newcomer's post, liked by three others, reposted by one, answered, and followed.
    func world() throws -> (AppWorld, [AppServices]) {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let post = try world.services.tweets.post("my first post", id: "mine", session: try world.services.session())
        var kept: [AppServices] = []
        for name in ["hana", "joon", "mina"] {
            let (services, session) = try other(world, name)
            try services.write(.like(postID: post.id), session: session)
            kept.append(services)
        }
        let (mina, minaS) = (kept[2], try #require(try kept[2].session()))
        try mina.write(.mark(.repost, postID: post.id, marked: true), session: minaS)
        try mina.write(.follow(uid: try #require(try world.services.session()).uid), session: minaS)
        try mina.write(.reply(postID: "answer", text: "welcome!", replyTo: post.id), session: minaS)
        return (world, kept)
    }

    @Test(arguments: [(80, 24), (120, 40)]) func theTabGroupsCountsAndMarksRead(width: Int, height: Int) throws {
        let (world, others) = try world()
        _ = others
        let harness = world.harness(width: width, height: height)
        harness.settle()
        #expect(harness.lines[0].contains("5 Activity 6"), "six unread on the label: \(harness.lines[0])")
        harness.press("5")
        harness.settle()
        #expect(harness.app.state.tab == .activity)
        #expect(harness.line(containing: "@mina and 2 others liked your post") != nil)
        #expect(harness.line(containing: "@mina reposted your post") != nil)
        #expect(harness.line(containing: "@mina replied to your post") != nil)
        #expect(harness.line(containing: "@mina followed you") != nil)
        #expect(harness.app.activity.state.unread == 0, "opening the tab marked them read")
        #expect(!harness.lines[0].contains("Activity 6"))
        let session = try world.services.session()
        #expect(try world.services.notifications.notifications(session: session, unreadOnly: true).isEmpty)
        expectGolden(harness, "activity")
    }

    @Test func enterOpensTheThreadOfTheReply() throws {
        let (world, others) = try world()
        _ = others
        let harness = world.harness(width: 80, height: 24)
        harness.press("5")
        harness.settle()
        #expect(harness.app.activity.state.selectedGroup?.kind == .reply)
        #expect(harness.lines[23].contains("Enter open the post"), "\(harness.lines[23])")
        harness.press("enter")
        #expect(harness.app.state.tab == .feed)
        #expect(harness.app.thread?.state.rows.map(\.id) == ["mine", "answer"])
        #expect(harness.line(containing: "welcome!") != nil)
    }

    @Test func aLikeFromAnotherProcessArrivesLiveAndOneTakenBackLeaves() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        _ = try world.services.tweets.post("my first post", id: "mine", session: try world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.settle()
        #expect(harness.app.activity.state.unread == 0)
        let (sora, soraS) = try other(world, "sora")
        try sora.write(.like(postID: "mine"), session: soraS)
        _ = try world.services.store.pollExternalChanges()
        harness.settle()
        #expect(harness.lines[0].contains("Activity 1"), "\(harness.lines[0])")
        try sora.write(.unlike(postID: "mine"), session: soraS)
        _ = try world.services.store.pollExternalChanges()
        harness.settle()
        #expect(harness.app.activity.state.groups.isEmpty, "a like taken back before it was seen leaves nothing")
        #expect(!harness.lines[0].contains("Activity 1"))
    }

    @Test func signedOutTheTabSaysHowToSignIn() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("5")
        #expect(harness.line(containing: "Sign in to see your notifications") != nil)
        harness.press("tab")
        #expect(harness.app.state.tab == .places, "tab goes round all five")
    }

    @Test(arguments: [(80, 24), (120, 40)]) func theTabReadsKorean(width: Int, height: Int) throws {
        let (world, others) = try world()
        _ = others
        try Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: width, height: height)
            harness.settle()
            #expect(harness.lines[0].contains("5 알림 6"), "\(harness.lines[0])")
            harness.press("5")
            harness.settle()
            #expect(harness.line(containing: "@mina 님 외 2명이 회원님의 게시물을 좋아합니다") != nil)
            expectGolden(harness, "ko-activity")
            _ = try #require(harness.lines.first)
        }
    }
}
