import DocStore
import Foundation
import Testing

@testable import Domain

/// The Following view (the home timeline) on the embedded store: the posts of the people
/// one follows and one's own, newest first, a repost lifting a post once however many of
/// them reposted it, nothing of the people one does not follow, paged by cursor.
@Suite struct TimelineTests {
    /// Waits a moment so that commit times differ (the order under test, not a timing).
    func tick() { Thread.sleep(forTimeInterval: 0.005) }

    @Test func followingListsOwnAndFollowedPostsWithARepostShownOnce() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open(session: "ann")
        let ann = try services.poster("ann@example.com")
        let bob = try services.poster("bob@example.com")
        let cat = try services.poster("cat@example.com")
        let dee = try services.poster("dee@example.com")
        try services.write(.follow(uid: bob.uid), session: ann)
        try services.write(.follow(uid: dee.uid), session: ann)

        let bobs = try services.tweets.post("bob's post", session: bob)
        tick()
        let cats = try services.tweets.post("cat's post", session: cat)
        tick()
        let lonely = try services.tweets.post("cat, unreposted", session: cat)
        tick()
        let anns = try services.tweets.post("ann's own", session: ann)
        tick()
        try services.write(.mark(.repost, postID: cats.id, marked: true), session: bob)
        tick()
        try services.write(.mark(.repost, postID: cats.id, marked: true), session: dee)

        let page = try services.tweets.page(.following, limit: 10, viewer: ann)
        #expect(page.posts.map(\.id) == [cats.id, anns.id, bobs.id])
        #expect(page.posts[0].repostedBy?.username == "dee_poster")
        #expect(page.posts[1].repostedBy == nil)
        #expect(!page.posts.map(\.id).contains(lonely.id))
        #expect(page.isEnd)
        #expect(try services.tweets.page(.all, limit: 10, viewer: ann).posts.allSatisfy { $0.repostedBy == nil })

        // Paged by cursor, a page at a time: the same rows, each once.
        let first = try services.tweets.rows(.following, before: nil, limit: 2, viewer: ann)
        #expect(first.map(\.id) == [bobs.id, anns.id])
        var seen: [String] = []
        var position: FeedPosition?
        for _ in 0..<4 {
            var rows: [FeedPost] = []
            let registration = try services.tweets.observeWindow(
                .following, after: position, limit: 1, viewer: ann, onChange: { rows = $0.posts })
            registration.remove()
            guard let last = rows.last else { break }
            seen += rows.map(\.id)
            position = last.position(in: .following)
        }
        #expect(seen == [cats.id, anns.id, bobs.id])
    }

    @Test func signedOutTheFollowingViewIsRefusedWithSignIn() throws {
        let services = try ServiceFixture().open()
        #expect(throws: SignInRequired(.viewFollowing)) { try services.tweets.page(.following, viewer: nil) }
        #expect(SignInRequired(.viewFollowing).description.contains("Sign in"))
    }
}
