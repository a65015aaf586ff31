import Domain
import Foundation
import Testing

@testable import ViewModels

/// The Feed's views and the home timeline as the view model shows them: `v` moves through
/// All, Following, Liked and Bookmarks; the Following view holds one's own posts and the
/// followed people's, a repost once with whose it is; an account that follows nobody opens
/// on All with the line saying how to follow; posts arriving above keep the selection.
@Suite struct TimelineViewModelTests {
    @Test func vMovesThroughTheFourViews() throws {
        let world = try World()
        let reader = try world.signUp("reader")
        let model = FeedViewModel(feed: world.adapters)
        model.author = reader
        model.setUser(reader.id)
        var seen: [FeedMode] = [model.state.mode]
        for _ in 0..<4 {
            model.toggleMode()
            seen.append(model.state.mode)
        }
        #expect(seen == [.all, .following, .liked, .bookmarks, .all])
        #expect(FeedMode.allCases.map(\.title) == ["All", "Following", "Liked", "Bookmarks"])
    }

    @Test func anAccountFollowingNobodyOpensOnAllWithTheHintAndOneFollowingOpensOnFollowing() throws {
        let world = try World()
        let bob = try world.otherUser("bob")
        let reader = try world.signUp("reader")
        let newcomer = FeedViewModel(feed: world.adapters)
        newcomer.author = reader
        newcomer.setUser(reader.id)
        #expect(newcomer.state.mode == .all)
        #expect(newcomer.state.followsNobody)

        let session = try #require(try world.services.session())
        try world.services.write(.follow(uid: bob.uid), session: session)
        let follower = FeedViewModel(feed: world.adapters)
        follower.author = try world.services.users.user(id: reader.id)
        follower.setUser(reader.id)
        #expect(follower.state.mode == .following)
        #expect(!follower.state.followsNobody)
    }

    @Test func followingShowsOwnAndFollowedPostsWithARepostOnce() throws {
        let world = try World()
        let bob = try world.otherUser("bob")
        let cat = try world.otherUser("cat")
        let dee = try world.otherUser("dee")
        let reader = try world.signUp("reader")
        let session = try #require(try world.services.session())
        try world.services.write(.follow(uid: bob.uid), session: session)
        try world.services.write(.follow(uid: dee.uid), session: session)
        try world.services.tweets.post("by bob", session: bob)
        Thread.sleep(forTimeInterval: 0.003)
        let cats = try world.services.tweets.post("by cat", session: cat)
        Thread.sleep(forTimeInterval: 0.003)
        try world.services.tweets.post("not followed", session: cat)
        Thread.sleep(forTimeInterval: 0.003)
        try world.services.tweets.post("by me", session: session)
        Thread.sleep(forTimeInterval: 0.003)
        try world.services.write(.mark(.repost, postID: cats.id, marked: true), session: bob)
        Thread.sleep(forTimeInterval: 0.003)
        try world.services.write(.mark(.repost, postID: cats.id, marked: true), session: dee)

        let model = FeedViewModel(feed: world.adapters)
        model.author = try world.services.users.user(id: reader.id)
        model.setUser(reader.id)
        #expect(model.state.mode == .following)
        #expect(model.state.rows.map(\.caption) == ["by cat", "by me", "by bob"])
        #expect(model.state.rows[0].repostedBy?.username == "dee")
        #expect(model.state.rows.dropFirst().allSatisfy { $0.repostedBy == nil })
        model.stop()
    }

    @Test func postsArrivingAboveKeepTheSelectionAndTheTopClearsTheCount() throws {
        let world = try World()
        let author = try world.otherUser("author")
        for caption in ["first", "second", "third"] {
            try world.services.tweets.post(caption, session: author)
            Thread.sleep(forTimeInterval: 0.002)
        }
        let reader = try world.signUp("reader")
        let model = FeedViewModel(feed: world.adapters)
        model.author = reader
        model.setUser(reader.id)
        model.select(1)
        let reading = try #require(model.state.selectedRow)
        try world.services.tweets.post("fourth", session: author)
        Thread.sleep(forTimeInterval: 0.002)
        try world.services.tweets.post("fifth", session: author)
        #expect(model.state.selectedRow?.id == reading.id)
        #expect(model.state.newAbove == 2)
        model.selectFirst()
        #expect(model.state.selectedRow?.caption == "fifth")
        #expect(model.state.newAbove == 0)
        model.stop()
    }
}
