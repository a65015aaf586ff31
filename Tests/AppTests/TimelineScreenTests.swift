import App
import Domain
import Foundation
import Testing

/// The Following view on screen: the title says which view, a repost says whose above the
/// post, once; the line of new posts above the selection.
@Suite struct TimelineScreenTests {
    /// A reposter who reposted one of Min-jun's posts, and a newcomer who follows the
    /// reposter and Emma: the Feed opens on Following.
    func world() throws -> AppWorld {
        let world = try AppWorld()
        try world.signUp("reposter", displayName: "Re Poster")
        let reposter = try #require(try world.services.session())
        let minjun = try world.services.follows.person(named: "@minjun_park")
        let post = try #require(
            try world.services.tweets.page(.author(uid: minjun.id), limit: 1, viewer: nil).posts.first)
        try world.services.write(.mark(.repost, postID: post.id, marked: true), session: reposter)
        try world.signUp("newcomer", displayName: "New Comer")
        let newcomer = try #require(try world.services.session())
        try world.services.write(.follow(uid: reposter.uid), session: newcomer)
        try world.services.write(
            .follow(uid: try world.services.follows.person(named: "@emma_paris").id), session: newcomer)
        return world
    }

    @Test func theFollowingViewShowsWhoRepostedOnce() throws {
        let world = try world()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        #expect(harness.text.contains("Feed · Following"))
        #expect(harness.lines.filter { $0.contains("Re Poster reposted") }.count == 1)
        expectGolden(harness, "feed-following")
        harness.press("v")
        #expect(harness.text.contains("Feed · Liked"))
    }

    @Test func newPostsAboveSayHowManyAndTheTopKeyGoesThere() throws {
        let world = try world()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("j")
        try world.services.tweets.post("a new post of my own", session: world.services.session())
        harness.settle()
        #expect(harness.line(containing: "↑ 1 new post · g") != nil, "one post is one, not posts")
        try world.services.tweets.post("and another", session: world.services.session())
        harness.settle()
        #expect(harness.line(containing: "↑ 2 new posts · g") != nil)
        harness.press("g")
        #expect(harness.line(containing: "new post ·") == nil)
        #expect(harness.app.currentFeed.state.selectedRow?.caption == "and another")
    }
}
