import Domain
import Foundation
import Testing

@testable import ViewModels

@Suite struct FeedViewModelTests {
    /// A world with an author, three posts, and a signed-in reader.
    func world() throws -> (World, User, [FeedPost]) {
        let world = try World()
        let author = try world.otherUser("author")
        var posts: [FeedPost] = []
        for caption in ["first", "second", "third"] {
            posts.append(try world.services.tweets.post(caption, session: author))
            Thread.sleep(forTimeInterval: 0.002)
        }
        let reader = try world.signUp("reader", displayName: "Reader")
        return (world, reader, posts)
    }

    @Test func rowsAreNewestFirstWithAuthors() throws {
        let (world, _, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(nil)
        #expect(model.state.rows.map(\.caption) == ["third", "second", "first"])
        #expect(model.state.rows[0].username == "author")
        #expect(model.state.rows[0].displayName == "Author")
        #expect(model.state.isLoaded)
    }

    @Test func likingSignedOutIsRefused() throws {
        let (world, _, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(nil)
        model.toggleLike()
        #expect(toasts.last?.message == "Sign in to like posts")
        #expect(model.state.rows[0].likes == 0)
    }

    @Test func aSignOutByAnotherProcessStopsWritesAsThatUser() throws {
        let (world, reader, posts) = try world()
        let model = FeedViewModel(feed: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(reader.id)
        // `tern logout` in another terminal: the screen still shows the reader for a moment.
        try world.services.auth.signOut()
        model.toggleLike()
        #expect(toasts.last?.message.contains("Sign in to like posts") == true)
        #expect(try world.services.tweets.post(id: posts[2].id, viewer: nil)?.likes == 0)
        #expect(!model.state.rows[0].didLike)
    }

    @Test func likeAndUnlikeMoveTheHeartAndTheCount() throws {
        let (world, reader, posts) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        model.toggleLike()
        #expect(model.state.rows[0].didLike)
        #expect(model.state.rows[0].likes == 1)
        #expect(try world.services.tweets.post(id: posts[2].id, viewer: world.services.session())?.likes == 1)
        model.toggleLike()
        #expect(!model.state.rows[0].didLike)
        #expect(model.state.rows[0].likes == 0)
    }

    @Test func anotherUsersLikeShowsLive() throws {
        let (world, reader, posts) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        let other = try world.otherUser("other")
        try world.services.tweets.like(tweetID: posts[0].id, session: other)
        let row = try #require(model.state.rows.first { $0.id == posts[0].id })
        #expect(row.likes == 1)
        #expect(!row.didLike)
    }

    @Test func theLikedViewListsLikedPostsMostRecentFirst() throws {
        let (world, reader, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        model.select(2)
        model.toggleLike()
        Thread.sleep(forTimeInterval: 0.002)
        model.select(0)
        model.toggleLike()
        model.toggleMode()
        model.toggleMode()
        #expect(model.state.mode == .liked)
        #expect(model.state.rows.map(\.caption) == ["third", "first"])
        model.toggleMode()
        model.toggleMode()
        #expect(model.state.mode == .all)
        #expect(model.state.rows.count == 3)
    }

    @Test func theLikedViewSignedOutSaysToSignIn() throws {
        let (world, _, _) = try world()
        try world.services.auth.signOut()
        let model = FeedViewModel(feed: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(nil)
        model.toggleMode()
        #expect(model.state.rows.isEmpty)
        #expect(toasts.last?.message.contains("Sign in") == true)
    }

    @Test func composeCountsDownPostsAndCancels() throws {
        let (world, reader, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        model.startCompose()
        #expect(model.state.charactersLeft == 280)
        for character in "hello 🌸" { model.editCompose(.insert(String(character))) }
        #expect(model.state.charactersLeft == 273)
        model.submitCompose()
        #expect(model.state.compose == nil)
        #expect(model.state.rows[0].caption == "hello 🌸")
        #expect(model.state.rows[0].username == "reader")
        model.startCompose()
        model.editCompose(.insert("draft"))
        model.cancelCompose()
        #expect(model.state.isConfirmingDiscard, "text is not thrown away without asking")
        model.cancelCompose()
        #expect(model.state.compose?.text == "draft", "no keeps writing")
        model.cancelCompose()
        model.submitCompose()
        #expect(model.state.compose == nil)
        #expect(model.state.rows.count == 4)
    }

    @Test func anEmptyPostIsRefusedAndTheFieldKept() throws {
        let (world, reader, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        model.startCompose()
        model.editCompose(.insert("   "))
        model.submitCompose()
        #expect(model.state.compose?.text == "   ")
        #expect(model.state.composeError == "Post must not be empty")
    }

    @Test func composingSignedOutIsRefused() throws {
        let (world, _, _) = try world()
        let model = FeedViewModel(feed: world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(nil)
        model.startCompose()
        #expect(model.state.compose == nil)
        #expect(toasts.last?.message == "Sign in to post")
    }

    @Test func theSelectionFollowsItsPostWhenANewOneArrives() throws {
        let (world, reader, posts) = try world()
        let model = FeedViewModel(feed: world.adapters)
        model.setUser(reader.id)
        model.select(1)
        try world.services.tweets.post("fourth", session: world.services.session())
        #expect(model.state.selectedRow?.id == posts[1].id)
        model.moveSelection(by: 99)
        #expect(model.state.selected == 3)
        model.selectFirst()
        #expect(model.state.selected == 0)
        model.stop()
    }
}

@Suite struct RelativeTimeTests {
    @Test(arguments: [(10.0, "now"), (300.0, "5m"), (7200.0, "2h"), (3 * 86400.0, "3d")])
    func recentTimes(seconds: Double, expected: String) {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(RelativeTime.describe(now.addingTimeInterval(-seconds), now: now) == expected)
    }

    @Test func olderTimesAreDates() {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RelativeTime.describe(old, now: now) == "Nov 14, 2023")
        #expect(RelativeTime.describe(now.addingTimeInterval(-10 * 86400), now: now).hasPrefix("May"))
    }
}
