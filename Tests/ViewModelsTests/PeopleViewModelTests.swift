import Domain
import Foundation
import Testing

@testable import ViewModels

/// Authors' profiles, editing and deleting one's own posts, live author names and the
/// session followed across processes, at the view-model level on a real store.
@Suite struct PeopleViewModelTests {
    /// An author with two posts, and a signed-in reader with one post the author liked.
    func world() throws -> (
        world: World, reader: User, authorSession: Session, authorPosts: [FeedPost], readerPost: FeedPost
    ) {
        let world = try World()
        let author = try world.otherUser("author")
        var posts: [FeedPost] = []
        for caption in ["author one", "author two"] {
            posts.append(try world.services.tweets.post(caption, session: author))
            Thread.sleep(forTimeInterval: 0.002)
        }
        let reader = try world.signUp("reader", displayName: "Reader")
        let readerPost = try world.services.tweets.post("reader's words", session: try world.services.session())
        try world.services.tweets.like(tweetID: readerPost.id, session: author)
        return (world, reader, author, posts, readerPost)
    }

    /// A second connection to the same database and session file: what another terminal's
    /// `tern` does.
    func otherProcess(_ world: World) throws -> AppServices {
        let paths = AppPaths(
            dataDirectory: world.directory, sessionFile: world.directory + "/state/session",
            configFile: world.directory + "/config", resourcesDirectory: World.resources)
        return try AppServices.open(
            paths: paths, seedSample: false,
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
    }

    @Test func editingOwnPostKeepsItsLikesAndPlace() throws {
        let w = try world()
        let model = FeedViewModel(feed: w.world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(w.reader.id)
        #expect(model.state.selectedRow?.id == w.readerPost.id)
        model.startEditSelected()
        #expect(model.state.compose?.text == "reader's words" && model.state.editingPostID == w.readerPost.id)
        model.editCompose(.insert(", edited"))
        model.submitCompose()
        #expect(model.state.compose == nil && model.state.editingPostID == nil)
        #expect(toasts.last?.message == "Post saved")
        let row = try #require(model.state.rows.first { $0.id == w.readerPost.id })
        #expect(row.caption == "reader's words, edited" && row.likes == 1)
        #expect(model.state.rows.count == 3, "an edit is not a new post")
    }

    @Test func anotherAuthorsPostCannotBeEditedOrDeleted() throws {
        let w = try world()
        let model = FeedViewModel(feed: w.world.adapters)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(w.reader.id)
        model.moveSelection(by: 1)
        #expect(model.state.selectedRow?.uid == w.authorSession.uid)
        model.startEditSelected()
        #expect(model.state.compose == nil)
        #expect(toasts.last?.message.contains("you can only edit your own posts") == true)
        model.askDeleteSelected()
        #expect(model.state.deleting == nil)
        #expect(try w.world.services.tweets.post(id: w.authorPosts[1].id, viewer: nil)?.caption == "author two")
    }

    @Test func deletingAsksFirstThenTakesThePostAndItsLikes() throws {
        let w = try world()
        let model = FeedViewModel(feed: w.world.adapters)
        model.setUser(w.reader.id)
        model.askDeleteSelected()
        #expect(model.state.deleting?.id == w.readerPost.id)
        model.keepPost()
        #expect(model.state.deleting == nil && model.state.rows.count == 3, "n keeps the post")
        model.askDeleteSelected()
        model.confirmDelete()
        #expect(model.state.rows.map(\.id) == w.authorPosts.reversed().map(\.id))
        #expect(
            try w.world.services.store.collection("users/\(w.authorSession.uid)/user-likes").count() == 0,
            "the author's like went with the post")
    }

    @Test func anUnfinishedProfileIsToldHowToFinishBeforeComposing() throws {
        let world = try World()
        try world.services.auth.register(email: "new@example.com", password: "password123")
        let app = AppViewModel(services: world.screenServices, events: world.events, now: world.clock.read)
        app.start()
        world.settle()
        app.feed.startCompose()
        #expect(app.feed.state.compose == nil)
        #expect(app.state.toast?.message.contains("display name and username") == true)
        #expect(app.state.toast?.message.contains("tern profile set") == true)
    }

    @Test func anAuthorsProfileShowsTheirNamesAndPostsAndFollowsARename() throws {
        let w = try world()
        let app = AppViewModel(services: w.world.screenServices, events: w.world.events, now: w.world.clock.read)
        app.start()
        app.select(.feed)
        app.feed.moveSelection(by: 1)
        app.openAuthor()
        let author = try #require(app.author)
        #expect(author.state.user?.username == "author")
        #expect(author.posts.state.rows.map(\.caption) == ["author two", "author one"])
        #expect(app.screen === author.posts, "the list keys act on the author's posts")
        // A like here is a like everywhere.
        app.currentFeed.toggleLike()
        #expect(author.posts.state.rows[0].didLike)
        // A rename in another process: the profile and every row follow without a re-read of posts.
        let other = try otherProcess(w.world)
        try other.users.updateProfile(
            ProfileEdit(displayName: "Renamed", username: "renamed"), session: w.authorSession)
        _ = try w.world.services.store.pollExternalChanges()
        #expect(author.state.user?.displayName == "Renamed")
        #expect(author.posts.state.rows.allSatisfy { $0.username == "renamed" && $0.displayName == "Renamed" })
        #expect(app.feed.state.rows.filter { $0.uid == w.authorSession.uid }.allSatisfy { $0.username == "renamed" })
        app.closeAuthor()
        #expect(app.author == nil && app.feed.state.selected == 1, "Esc goes back to the same row")
        other.store.close()
    }

    @Test func aSignOutAndASignInByAnotherProcessAreFollowed() throws {
        let w = try world()
        let app = AppViewModel(services: w.world.screenServices, events: w.world.events, now: w.world.clock.read)
        app.start()
        #expect(app.state.user?.id == w.reader.id)
        app.profile.checkSession()
        #expect(app.state.user?.id == w.reader.id, "nothing changed: nothing happens")
        let other = try otherProcess(w.world)
        try other.auth.signOut()
        app.profile.checkSession()
        #expect(app.state.user == nil && !app.feed.state.isSignedIn)
        #expect(app.state.toast?.message == "Signed out in another terminal")
        try other.auth.signIn(email: "author@example.com", password: "password123")
        app.profile.checkSession()
        #expect(app.state.user?.username == "author" && app.feed.state.isSignedIn)
        #expect(app.state.toast?.message == "Signed in as @author in another terminal")
        other.store.close()
    }
}
